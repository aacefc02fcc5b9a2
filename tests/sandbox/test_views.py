"""The sandbox's pages: the owner's list and new sandbox, the owner's page (every power's
orders as text, adjudicate, save, back and forward, branches, the read-only link), the
read-only link (board and history, no forms, every write refused), forking a game's
phase, and every write tried as the wrong user."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.terms import GameTerms
from sandbox import services
from sandbox.models import Sandbox, SandboxPhase
from tests.conftest import POWERS
from tests.games.helpers import current

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def standard(owner: Any) -> Sandbox:
    return services.sandbox_create(owner=owner, variant_id="standard", title="Openings")


def root(sandbox: Sandbox) -> SandboxPhase:
    return sandbox.phases.get(parent=None, depth=0)


def detail(sandbox: Sandbox) -> str:
    return reverse("sandbox:detail", args=[sandbox.pk])


def shared(sandbox: Sandbox) -> str:
    return reverse("sandbox:shared", args=[sandbox.share_code])


def orders_url(sandbox: Sandbox, phase: SandboxPhase) -> str:
    return reverse("sandbox:orders", args=[sandbox.pk, phase.pk])


ATTACK = {
    "orders-france": "A par - bur\nA mar S A par - bur",
    "orders-germany": "A mun - bur",
    "action": "adjudicate",
}


# -- the list and a new sandbox --------------------------------------------------------------


def test_the_list_asks_an_anonymous_visitor_to_log_in(client: Client) -> None:
    response = client.get(reverse("sandbox:list"))
    assert response.status_code == 302
    assert reverse("accounts:login") in response["Location"]


def test_the_navigation_leads_to_the_sandbox(client: Client) -> None:
    assert (
        f'href="{reverse("sandbox:list")}"' in client.get(reverse("games:lobby")).content.decode()
    )


def test_a_new_sandbox_is_made_and_listed_for_its_owner_alone(owner: Any, stranger: Any) -> None:
    client = logged_in(owner)
    page = client.get(reverse("sandbox:list")).content.decode()
    assert 'id="no-sandboxes"' in page
    assert 'value="highlander"' in page
    response = client.post(reverse("sandbox:list"), {"variant": "standard", "title": "Lepanto"})
    sandbox = Sandbox.objects.get(owner=owner)
    assert response["Location"] == detail(sandbox)
    assert "Lepanto" in client.get(reverse("sandbox:list")).content.decode()
    assert "Lepanto" not in logged_in(stranger).get(reverse("sandbox:list")).content.decode()


def test_a_variant_not_offered_is_refused_by_the_form(owner: Any) -> None:
    response = logged_in(owner).post(reverse("sandbox:list"), {"variant": "atlantis"})
    assert response.status_code == 200
    assert not Sandbox.objects.exists()


def test_the_form_offers_each_variants_rules_and_nothing_about_a_game(owner: Any) -> None:
    page = logged_in(owner).get(reverse("sandbox:list")).content.decode()
    assert 'data-variant="multiple_void"' in page
    assert 'name="multiple_void-players"' in page
    assert 'name="kapitalisten-last_year"' in page
    assert 'name="highlander-nomination"' in page
    # A sandbox has no players and one board: no pseudonym, no duel's second board.
    assert 'name="kapitalisten-pseudonym"' not in page
    assert 'name="highlander-twin_boards"' not in page
    # Standard has no choices: no empty box for it.
    assert 'data-variant="standard"' not in page


def test_a_new_sandbox_plays_by_the_options_chosen_in_the_form(owner: Any) -> None:
    response = logged_in(owner).post(
        reverse("sandbox:list"), {"variant": "multiple_void", "multiple_void-players": "3"}
    )
    sandbox = Sandbox.objects.get(owner=owner)
    assert response["Location"] == detail(sandbox)
    assert root(sandbox).position["options"] == {"players": 3}


def test_options_refused_by_the_form_say_why_and_make_nothing(owner: Any) -> None:
    client = logged_in(owner)
    bad_choice = client.post(
        reverse("sandbox:list"), {"variant": "multiple_void", "multiple_void-players": "9"}
    )
    assert bad_choice.status_code == 200
    assert "Select a valid choice" in bad_choice.content.decode()
    half_setup = client.post(
        reverse("sandbox:list"),
        {"variant": "highlander", "highlander-nomination": "fixed", "highlander-red_setup": "vie"},
    )
    assert "Rule 3B needs a set-up for both colours." in half_setup.content.decode()
    assert not Sandbox.objects.exists()


def test_only_the_chosen_variants_options_are_read(owner: Any) -> None:
    """Another variant's box, filled in wrongly (without script every box shows), is not
    the chosen variant's business."""
    logged_in(owner).post(
        reverse("sandbox:list"), {"variant": "standard", "multiple_void-players": "99"}
    )
    assert Sandbox.objects.get(owner=owner).variant == "standard"


# -- the owner's page ------------------------------------------------------------------------


def test_the_owners_page_has_a_text_box_for_every_power_and_the_read_only_link(
    owner: Any,
) -> None:
    sandbox = standard(owner)
    page = logged_in(owner).get(detail(sandbox)).content.decode()
    for power in POWERS:
        assert f'name="orders-{power}"' in page
    assert 'id="board"' in page
    assert "Spring 1901 movement" in page
    assert sandbox.share_code in page
    assert 'id="adjudicate"' in page


def test_adjudicating_shows_the_next_phase_with_the_unit_moved_and_the_results_one_step_back(
    owner: Any,
) -> None:
    sandbox = standard(owner)
    client = logged_in(owner)
    response = client.post(orders_url(sandbox, root(sandbox)), ATTACK)
    assert response.status_code == 302
    page = client.get(detail(sandbox)).content.decode()
    assert "Fall 1901 movement" in page
    following = SandboxPhase.objects.get(depth=1)
    assert "A bur" in following.position["units"]["france"]
    assert f'?at={root(sandbox).pk}" id="step-back"' in page
    before = client.get(f"{detail(sandbox)}?at={root(sandbox).pk}").content.decode()
    assert 'id="results"' in before
    assert "Paris → Burgundy" in before
    assert "bounced" in before.lower()
    assert f'?at={following.pk}" id="step-forward"' in before
    assert "Adjudicate as a new branch" in before


def test_refused_orders_come_back_as_typed_with_each_problem_beside_its_power(
    owner: Any,
) -> None:
    sandbox = standard(owner)
    response = logged_in(owner).post(
        orders_url(sandbox, root(sandbox)),
        {"orders-france": "A par - mos", "orders-england": "F lon - nth", "action": "adjudicate"},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="problems-france"' in page
    assert "<code>A par - mos</code>" in page
    assert 'id="problems-england"' not in page
    assert ">F lon - nth</textarea>" in page
    assert not root(sandbox).is_adjudicated


def test_saved_orders_stay_on_the_open_phase(owner: Any) -> None:
    sandbox = standard(owner)
    client = logged_in(owner)
    client.post(orders_url(sandbox, root(sandbox)), {"orders-italy": "a ven-tyr", "action": "save"})
    assert root(sandbox).orders == {"italy": ["A ven - tyr"]}
    assert ">A ven - tyr</textarea>" in client.get(detail(sandbox)).content.decode()


def test_another_set_of_orders_for_an_adjudicated_phase_shows_the_branches(owner: Any) -> None:
    sandbox = standard(owner)
    client = logged_in(owner)
    first = root(sandbox)
    client.post(orders_url(sandbox, first), ATTACK)
    client.post(orders_url(sandbox, first), {"orders-germany": "A mun - bur"})
    branch = SandboxPhase.objects.filter(depth=0).exclude(pk=first.pk).get()
    page = client.get(f"{detail(sandbox)}?at={branch.pk}").content.decode()
    assert 'id="branches"' in page
    assert (
        f'?at={first.pk}" title="France: A par - bur; France: A mar S A par - bur; '
        'Germany: A mun - bur">1</a>'
    ) in page
    assert '<strong aria-current="true" title="Germany: A mun - bur">2</strong>' in page


def test_a_phase_of_another_sandbox_or_none_is_not_found(owner: Any) -> None:
    mine, other = standard(owner), standard(owner)
    client = logged_in(owner)
    assert client.get(f"{detail(mine)}?at={root(other).pk}").status_code == 404
    assert client.get(f"{detail(mine)}?at=x").status_code == 400
    assert client.post(orders_url(mine, root(other)), ATTACK).status_code == 404


# -- the read-only link ----------------------------------------------------------------------


def test_the_read_only_link_shows_the_board_and_history_and_no_forms(
    owner: Any, stranger: Any, client: Client
) -> None:
    sandbox = standard(owner)
    logged_in(owner).post(orders_url(sandbox, root(sandbox)), ATTACK)
    for viewer in (client, logged_in(stranger), logged_in(owner)):
        page = viewer.get(shared(sandbox)).content.decode()
        assert 'id="board"' in page
        assert "Fall 1901 movement" in page
        assert "<textarea" not in page
        assert 'method="post" action="/sandbox/' not in page
        assert sandbox.share_code not in page.replace(shared(sandbox), "")
        before = viewer.get(f"{shared(sandbox)}?at={root(sandbox).pk}").content.decode()
        assert 'id="results"' in before
        assert "<textarea" not in before


def test_the_read_only_link_cannot_write(owner: Any, stranger: Any, client: Client) -> None:
    sandbox = standard(owner)
    for viewer in (client, logged_in(stranger), logged_in(owner)):
        for method in (viewer.post, viewer.put, viewer.delete):
            assert method(shared(sandbox), ATTACK).status_code == 403
    assert not root(sandbox).is_adjudicated
    assert root(sandbox).orders == {}


def test_a_wrong_code_shows_nothing(client: Client, owner: Any) -> None:
    standard(owner)
    assert client.get(reverse("sandbox:shared", args=["guess"])).status_code == 404


# -- the wrong user on every write -----------------------------------------------------------


def test_a_stranger_neither_sees_nor_changes_a_sandbox(owner: Any, stranger: Any) -> None:
    sandbox = standard(owner)
    client = logged_in(stranger)
    assert client.get(detail(sandbox)).status_code == 404
    assert client.post(orders_url(sandbox, root(sandbox)), ATTACK).status_code == 404
    save = {**ATTACK, "action": "save"}
    assert client.post(orders_url(sandbox, root(sandbox)), save).status_code == 404
    assert client.post(reverse("sandbox:delete", args=[sandbox.pk])).status_code == 404
    assert Sandbox.objects.filter(pk=sandbox.pk).exists()
    assert not root(sandbox).is_adjudicated


def test_an_anonymous_visitor_is_sent_to_log_in_and_changes_nothing(
    owner: Any, client: Client
) -> None:
    sandbox = standard(owner)
    for url in (
        detail(sandbox),
        orders_url(sandbox, root(sandbox)),
        reverse("sandbox:delete", args=[sandbox.pk]),
    ):
        response = client.post(url, ATTACK)
        assert response.status_code == 302
        assert reverse("accounts:login") in response["Location"]
    assert not root(sandbox).is_adjudicated


def test_a_moderator_has_no_say_over_someone_elses_sandbox(owner: Any, site_moderator: Any) -> None:
    sandbox = standard(owner)
    client = logged_in(site_moderator)
    assert client.get(detail(sandbox)).status_code == 404
    assert client.post(orders_url(sandbox, root(sandbox)), ATTACK).status_code == 404
    assert not root(sandbox).is_adjudicated


def test_the_owner_deletes_a_sandbox_and_its_link_stops_working(owner: Any) -> None:
    sandbox = standard(owner)
    client = logged_in(owner)
    assert client.post(reverse("sandbox:delete", args=[sandbox.pk])).status_code == 302
    assert client.get(shared(sandbox)).status_code == 404


# -- forks of a game's phase -----------------------------------------------------------------


def fork_url(game: Game, index: int = 0) -> str:
    return reverse("sandbox:fork", args=[game.pk, index])


def test_the_game_page_offers_the_fork_to_a_signed_in_viewer(
    started_game: Game, stranger: Any, client: Client
) -> None:
    page = logged_in(stranger).get(reverse("games:detail", args=[started_game.pk]))
    assert f'action="{fork_url(started_game)}"' in page.content.decode()
    anonymous = client.get(reverse("games:detail", args=[started_game.pk])).content.decode()
    assert 'id="fork-sandbox"' not in anonymous


def test_a_player_forks_the_current_phase_into_a_sandbox(
    started_game: Game, players: dict[str, Any]
) -> None:
    response = logged_in(players["russia"]).post(fork_url(started_game))
    sandbox = Sandbox.objects.get(owner=players["russia"])
    assert response["Location"] == detail(sandbox)
    assert sandbox.forked_from == current(started_game)
    page = logged_in(players["russia"]).get(detail(sandbox)).content.decode()
    assert 'id="forked-from"' in page
    assert "Test game" in page


def test_the_fork_of_a_private_game_is_refused_to_strangers_and_anonymous_visitors(
    players: dict[str, Any], stranger: Any, client: Client
) -> None:
    from tests.sandbox.test_services import private_game

    game = private_game(players)
    assert logged_in(stranger).post(fork_url(game)).status_code == 404
    response = client.post(fork_url(game))
    assert response.status_code == 302
    assert reverse("accounts:login") in response["Location"]
    assert logged_in(players["italy"]).post(fork_url(game, 7)).status_code == 404
    assert not Sandbox.objects.exists()


def test_a_read_only_link_to_a_fork_of_a_private_game_does_not_name_the_game(
    players: dict[str, Any], stranger: Any, client: Client
) -> None:
    from tests.sandbox.test_services import private_game

    game = private_game(players)
    logged_in(players["italy"]).post(fork_url(game))
    sandbox = Sandbox.objects.get(owner=players["italy"])
    sandbox.title = "Ideas"
    sandbox.save()
    for viewer in (client, logged_in(stranger)):
        page = viewer.get(shared(sandbox)).content.decode()
        assert "Forked from a game" in page
        assert "Hidden" not in page
    assert "Hidden" in logged_in(players["austria"]).get(shared(sandbox)).content.decode()


def test_a_fork_of_an_anonymous_game_names_no_player(
    players: dict[str, Any], stranger: Any
) -> None:
    from games import services as games_services

    game = games_services.game_create(
        created_by=players["austria"],
        name="Masks",
        power="austria",
        terms=GameTerms(anonymous=True, assignment=Game.Assignment.CHOSEN),
    )
    for power in POWERS[1:]:
        games_services.game_join(game=game, user=players[power], power=power)
    logged_in(stranger).post(fork_url(game))
    sandbox = Sandbox.objects.get(owner=stranger)
    page = logged_in(stranger).get(detail(sandbox)).content.decode()
    for power in POWERS:
        assert f"{power}-player" not in page


# -- the board as the owner writes orders (sandbox:board) ------------------------------------


def board_url(sandbox: Sandbox, phase: SandboxPhase) -> str:
    return reverse("sandbox:board", args=[sandbox.pk, phase.pk])


def _post_json(client: Client, url: str, body: Any) -> Any:
    return client.post(url, data=body, content_type="application/json")


def test_the_board_is_drawn_with_the_orders_being_written(owner: Any) -> None:
    sandbox = standard(owner)
    answer = _post_json(
        logged_in(owner),
        board_url(sandbox, root(sandbox)),
        {"orders": {"france": ["A par - bur"], "germany": ["A mun - bur"]}},
    )
    assert answer.status_code == 200
    drawn = answer.json()
    assert 'data-order="A par - bur" data-power="france"' in drawn["orders"]
    assert 'data-order="A mun - bur" data-power="germany"' in drawn["orders"]
    assert 'data-unit="par"' in drawn["units"]
    assert drawn["owners"]["par"] == "france"
    # Nothing is saved by drawing.
    assert root(sandbox).orders == {}


def test_only_the_owner_has_his_board_drawn(owner: Any, stranger: Any, client: Client) -> None:
    sandbox = standard(owner)
    url = board_url(sandbox, root(sandbox))
    body = {"orders": {"france": ["A par - bur"]}}
    assert _post_json(logged_in(stranger), url, body).status_code == 404
    assert _post_json(client, url, body).status_code == 302  # to sign in
    assert logged_in(owner).get(url).status_code == 405


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        {"orders": ["A par - bur"]},
        {"orders": {"france": "A par - bur"}},
        {"orders": {"france": [7]}},
        {"orders": {"france": ["A par - bur" * 50]}},
        {"orders": {"france": ["A par H"] * 501}},
    ],
)
def test_a_board_asked_with_anything_but_orders_is_refused(owner: Any, body: Any) -> None:
    sandbox = standard(owner)
    data = body if isinstance(body, str) else json.dumps(body)
    answer = logged_in(owner).post(
        board_url(sandbox, root(sandbox)), data=data, content_type="application/json"
    )
    assert answer.status_code == 400
