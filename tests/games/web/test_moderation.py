"""The moderator's pages and forms: who may use them, and that each form does what it
says; the pause banner, the moderation history and superseded phases as players see
them; taking over a seat from the lobby; the reliability figure on the profile."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.roles import MODERATOR, grant
from games import services
from games.models import Game, GamePhase, ModeratorAction, OrderSet, Ruling
from games.services import moderation
from games.terms import GameTerms

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page(client: Client, game: Game, phase: int | None = None) -> str:
    url = reverse("games:detail", args=[game.pk])
    if phase is not None:
        url += f"?phase={phase}"
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def adjudicate_bounce(game: Game, players: dict[str, Any]) -> GamePhase:
    """Spring 1901: Germany and France both go to Burgundy, and bounce."""
    services.orders_submit(game=game, user=players["germany"], orders=["A mun - bur"])
    services.orders_submit(game=game, user=players["france"], orders=["A par - bur"])
    phase = game.current_phase
    assert phase is not None
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    phase.refresh_from_db()
    return phase


def snapshot(game: Game) -> Any:
    game.refresh_from_db()
    phase = game.current_phase
    return (
        ModeratorAction.objects.count(),
        Ruling.objects.count(),
        game.status,
        game.outcome,
        game.paused_at,
        game.version,
        sorted(game.masters.values_list("pk", flat=True)),
        list(game.seats.values_list("power", "user_id", "civil_disorder").order_by("power")),
        list(game.phases.values_list("index", "status", "deadline").order_by("index")),
        phase and list(phase.order_sets.values_list("seat__power", "orders", "ready")),
    )


@pytest.fixture
def stranger(make_user: Any) -> Any:
    return make_user("stranger")


@pytest.fixture
def master(started_game: Game, make_user: Any) -> Any:
    """A game master of the started game (who does not play in it)."""
    user = make_user("gm")
    started_game.masters.add(user)
    return user


@pytest.fixture
def site_moderator(make_user: Any) -> Any:
    user = make_user("sitemod")
    grant(user, MODERATOR)
    return user


# -- who may ------------------------------------------------------------------------------------

FORMS = {
    "mod-pause": {"reason": "a holiday"},
    "mod-resume": {"reason": "back"},
    "mod-extend": {"hours": "24", "reason": "a holiday", "phase": "0"},
    "mod-replace": {"power": "france", "username": "stranger", "reason": "gone"},
    "mod-exclude": {"power": "france", "reason": "gone"},
    "mod-late": {
        "power": "france",
        "orders": "A par - bur",
        "reason": "mail was slow",
        "phase": "0",
    },
    "mod-end": {"outcome": "draw", "reason": "enough"},
    "mod-masters": {"username": "stranger"},
    "mod-ruling": {"phase": "0", "orders": "france: A par - bur", "reason": "a typo"},
}


@pytest.mark.parametrize("name", list(FORMS))
def test_every_moderator_url_is_refused_to_those_who_may_not(
    name: str, started_game: Game, players: dict[str, Any], stranger: Any, make_user: Any
) -> None:
    other = services.game_create(created_by=stranger, name="Another game")
    other_master = make_user("other-gm")
    other.masters.add(other_master)
    url = reverse(f"games:{name}", args=[started_game.pk])
    before = snapshot(started_game)
    askers = {
        "anonymous": Client(),
        "a player of the game": logged_in(players["france"]),
        "an unrelated user": logged_in(stranger),
        "the game master of another game": logged_in(other_master),
    }
    for who, client in askers.items():
        response = client.post(url, FORMS[name])
        assert response.status_code == 403, who
        assert snapshot(started_game) == before, who


def test_moderator_urls_take_posts_only(started_game: Game, site_moderator: Any) -> None:
    client = logged_in(site_moderator)
    response = client.get(reverse("games:mod-pause", args=[started_game.pk]))
    assert response.status_code == 405
    assert not Game.objects.get(pk=started_game.pk).is_paused


@pytest.mark.parametrize("who", ["site_moderator", "master"])
def test_a_site_moderator_and_the_game_s_master_may(
    who: str, request: pytest.FixtureRequest, started_game: Game
) -> None:
    user = request.getfixturevalue(who)
    client = logged_in(user)
    assert "Moderate this game" in page(client, started_game)
    response = client.post(
        reverse("games:mod-pause", args=[started_game.pk]), {"reason": "a holiday"}
    )
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("games:detail", args=[started_game.pk]))
    started_game.refresh_from_db()
    assert started_game.is_paused
    action = ModeratorAction.objects.get()
    assert action.actor == user
    assert action.kind == ModeratorAction.Kind.PAUSE


def test_players_are_not_shown_the_moderation_forms(
    started_game: Game, players: dict[str, Any]
) -> None:
    html = page(logged_in(players["france"]), started_game)
    assert "Moderate this game" not in html
    assert reverse("games:mod-pause", args=[started_game.pk]) not in html


# -- pause, resume, extend ------------------------------------------------------------------------


def test_pause_shows_a_banner_with_the_reason_and_resume_ends_it(
    started_game: Game, players: dict[str, Any], master: Any
) -> None:
    client = logged_in(master)
    client.post(
        reverse("games:mod-pause", args=[started_game.pk]), {"reason": "Server move tonight"}
    )
    player = logged_in(players["italy"])
    html = page(player, started_game)
    assert 'id="pause-banner"' in html
    assert "The game is paused." in html
    assert "Server move tonight" in html
    assert 'id="moderation-history"' in html  # the pause is in the history too
    assert "Paused" in html
    assert page(Client(), started_game).count("Server move tonight") >= 1  # watchers too

    response = client.post(reverse("games:mod-resume", args=[started_game.pk]), {"reason": ""})
    assert response.status_code == 302
    started_game.refresh_from_db()
    assert not started_game.is_paused
    assert 'id="pause-banner"' not in page(player, started_game)


def test_pause_needs_a_reason(started_game: Game, master: Any) -> None:
    client = logged_in(master)
    response = client.post(
        reverse("games:mod-pause", args=[started_game.pk]), {"reason": "  "}, follow=True
    )
    assert "Say why: players are shown the reason." in response.content.decode()
    started_game.refresh_from_db()
    assert not started_game.is_paused
    assert not ModeratorAction.objects.exists()


def test_extend_the_deadline(started_game: Game, master: Any) -> None:
    phase = started_game.current_phase
    assert phase is not None
    assert phase.deadline is not None
    before = phase.deadline
    client = logged_in(master)
    client.post(
        reverse("games:mod-extend", args=[started_game.pk]),
        {"hours": "12", "reason": "Easter", "phase": "0"},
    )
    phase.refresh_from_db()
    assert phase.deadline == before + timedelta(hours=12)
    response = client.post(
        reverse("games:mod-extend", args=[started_game.pk]),
        {"hours": "a while", "reason": "Easter", "phase": "0"},
        follow=True,
    )
    assert "Give the extension in hours." in response.content.decode()
    phase.refresh_from_db()
    assert phase.deadline == before + timedelta(hours=12)


# -- players --------------------------------------------------------------------------------------


def test_replace_a_player(
    started_game: Game, players: dict[str, Any], master: Any, stranger: Any
) -> None:
    client = logged_in(master)
    response = client.post(
        reverse("games:mod-replace", args=[started_game.pk]),
        {"power": "france", "username": "stranger", "reason": "left the site"},
        follow=True,
    )
    assert "The seat has a new player." in response.content.decode()
    assert started_game.seats.get(power="france").user == stranger
    html = page(logged_in(stranger), started_game)
    assert "Your orders (France)" in html
    assert "Player replaced" in html
    assert "left the site" in html

    unknown = client.post(
        reverse("games:mod-replace", args=[started_game.pk]),
        {"power": "italy", "username": "nobody-of-that-name", "reason": "x"},
        follow=True,
    )
    assert "There is no player named" in unknown.content.decode()
    assert started_game.seats.get(power="italy").user == players["italy"]


def test_exclude_a_player_and_someone_takes_the_seat_over_from_the_lobby(
    started_game: Game, players: dict[str, Any], master: Any, stranger: Any
) -> None:
    logged_in(master).post(
        reverse("games:mod-exclude", args=[started_game.pk]),
        {"power": "france", "reason": "abusive messages"},
    )
    seat = started_game.seats.get(power="france")
    assert seat.user is None
    assert seat.civil_disorder
    html = page(logged_in(players["italy"]), started_game)
    assert "civil disorder" in html
    assert "abusive messages" in html

    newcomer = logged_in(stranger)
    lobby = newcomer.get(reverse("games:lobby")).content.decode()
    assert "Seats looking for a player" in lobby
    take_over = reverse("games:take-over", args=[started_game.pk, "france"])
    assert take_over in lobby
    # A player of the game is not offered the button.
    assert take_over not in logged_in(players["italy"]).get(reverse("games:lobby")).content.decode()

    response = newcomer.post(take_over)
    assert response.status_code == 302
    assert response["Location"] == reverse("games:detail", args=[started_game.pk])
    seat.refresh_from_db()
    assert seat.user == stranger
    assert not seat.civil_disorder
    assert "Seats looking for a player" not in Client().get(reverse("games:lobby")).content.decode()

    again = logged_in(players["italy"]).post(take_over, follow=True)
    assert "That seat is not looking for a player." in again.content.decode()


def test_take_over_needs_a_login(started_game: Game) -> None:
    response = Client().post(reverse("games:take-over", args=[started_game.pk, "france"]))
    assert response.status_code == 302
    assert reverse("accounts:login") in response["Location"]


def test_accept_late_orders(started_game: Game, master: Any) -> None:
    client = logged_in(master)
    client.post(
        reverse("games:mod-late", args=[started_game.pk]),
        {
            "power": "france",
            "orders": "A par - bur\nF bre - mao\n",
            "reason": "mail was slow",
            "phase": "0",
        },
    )
    order_set = OrderSet.objects.get(phase=started_game.current_phase, seat__power="france")
    assert order_set.ready
    assert order_set.orders == ["A par - bur", "F bre - mao"]

    response = client.post(
        reverse("games:mod-late", args=[started_game.pk]),
        {"power": "germany", "orders": "A par - bur", "reason": "x", "phase": "0"},
        follow=True,
    )
    assert "Some orders were not accepted." in response.content.decode()
    assert not OrderSet.objects.filter(seat__power="germany").exists()


# -- the end and game masters ---------------------------------------------------------------------


def test_end_the_game_as_a_draw(started_game: Game, master: Any) -> None:
    logged_in(master).post(
        reverse("games:mod-end", args=[started_game.pk]), {"outcome": "draw", "reason": "agreed"}
    )
    started_game.refresh_from_db()
    assert started_game.status == Game.Status.FINISHED
    assert started_game.outcome == Game.Outcome.DRAW


def test_end_the_game_as_a_win(started_game: Game, site_moderator: Any) -> None:
    client = logged_in(site_moderator)
    response = client.post(
        reverse("games:mod-end", args=[started_game.pk]),
        {"outcome": "solo", "winner": "", "reason": "concessions"},
        follow=True,
    )
    assert "Name the power that wins." in response.content.decode()
    client.post(
        reverse("games:mod-end", args=[started_game.pk]),
        {"outcome": "solo", "winner": "turkey", "reason": "concessions"},
    )
    started_game.refresh_from_db()
    assert started_game.outcome == Game.Outcome.SOLO
    assert started_game.winner == "turkey"
    assert "Turkey wins" in page(Client(), started_game)


def test_a_creator_who_plays_names_no_game_masters_a_site_moderator_does(
    started_game: Game, players: dict[str, Any], stranger: Any, master: Any, make_user: Any
) -> None:
    """Issue 20: a player named himself (or a second account) game master. Masters of a
    running game are named by site moderators only, and never a player of it."""
    creator = logged_in(players["austria"])
    html = page(creator, started_game)
    assert 'id="game-masters"' not in html
    assert "Make a ruling" not in html
    response = creator.post(
        reverse("games:mod-masters", args=[started_game.pk]), {"username": "stranger"}
    )
    assert response.status_code == 403
    assert not started_game.masters.filter(pk=stranger.pk).exists()

    moderator = make_user("site-mod")
    grant(moderator, MODERATOR)
    site = logged_in(moderator)
    assert 'id="game-masters"' in page(site, started_game)
    site.post(reverse("games:mod-masters", args=[started_game.pk]), {"username": "stranger"})
    assert started_game.masters.filter(pk=stranger.pk).exists()
    assert "Moderate this game" in page(logged_in(stranger), started_game)
    # A player of the game is refused, in words.
    site.post(reverse("games:mod-masters", args=[started_game.pk]), {"username": "france-player"})
    assert not started_game.masters.filter(pk=players["france"].pk).exists()

    # A game master does not name others.
    response = logged_in(master).post(
        reverse("games:mod-masters", args=[started_game.pk]), {"username": "france-player"}
    )
    assert response.status_code == 403

    site.post(
        reverse("games:mod-masters", args=[started_game.pk]),
        {"username": "stranger", "remove": "1"},
    )
    assert not started_game.masters.filter(pk=stranger.pk).exists()
    assert (
        logged_in(stranger)
        .post(reverse("games:mod-pause", args=[started_game.pk]), {"reason": "x"})
        .status_code
        == 403
    )


def test_taking_over_a_private_seat_without_the_invite_answers_as_if_there_were_none(
    players: dict[str, Any], make_user: Any
) -> None:
    """Issue 20, item 4 and the form's 302 against 404."""
    moderator = make_user("site-mod")
    grant(moderator, MODERATOR)
    game = services.game_create(
        created_by=players["austria"],
        name="Back room",
        power="austria",
        terms=GameTerms(private=True, assignment=Game.Assignment.CHOSEN),
    )
    for power, user in list(players.items())[1:]:
        services.game_join(game=game, user=user, power=power, invite_code=game.invite_code)
    moderation.player_exclude(game=game, by=moderator, power="england", reason="Gone.")
    stranger = logged_in(make_user("stranger"))
    url = reverse("games:take-over", args=[game.pk, "england"])
    missing = reverse("games:take-over", args=[game.pk + 1000, "england"])
    assert stranger.post(url).status_code == stranger.post(missing).status_code == 404
    assert game.seats.get(power="england").user is None
    invited = stranger.post(url, {"invite_code": game.invite_code})
    assert invited.status_code == 302
    assert game.seats.get(power="england").user is not None


# -- rulings -------------------------------------------------------------------------------------


def rule_that_germany_had_no_orders(game: Game, players: dict[str, Any], by: Any) -> Any:
    """Spring 1901 bounced; a ruling says Germany's order was entered by mistake."""
    bounced = adjudicate_bounce(game, players)
    client = logged_in(by)
    assert "Make a ruling" in page(client, game)
    response = client.post(
        reverse("games:mod-ruling", args=[game.pk]),
        {
            "phase": str(bounced.index),
            "kind": "orders",
            # Germany gets no orders; France keeps the orders it gave.
            "orders": "Germany:\n",
            "reason": "Germany's order was entered by the wrong player",
        },
    )
    assert response.status_code == 302
    bounced.refresh_from_db()
    corrected = GamePhase.objects.get(game=game, code="S1901M", status=GamePhase.Status.RESOLVED)
    return Ruling.objects.get(), bounced, corrected


def test_a_ruling_corrects_the_phase_and_is_in_the_history(
    started_game: Game, players: dict[str, Any], master: Any
) -> None:
    ruling, bounced, corrected = rule_that_germany_had_no_orders(started_game, players, master)
    assert bounced.status == GamePhase.Status.SUPERSEDED
    assert bounced.superseded_by == ruling
    assert "A bur" in corrected.position_after["units"]["france"]
    assert "A mun" in corrected.position_after["units"]["germany"]

    player = logged_in(players["italy"])
    html = page(player, started_game)
    assert 'id="moderation-history"' in html
    assert f"#{ruling.pk}" in html
    assert "Germany&#x27;s order was entered by the wrong player" in html
    assert f'href="?phase={bounced.index}"' in html  # the phase as it was
    assert f'href="?phase={corrected.index}"' in html  # and as corrected

    new = page(player, started_game, phase=corrected.index)
    assert f"Ruling #{ruling.pk}: this phase was adjudicated anew" in new
    assert "Superseded by ruling" not in new


def test_a_superseded_phase_is_marked_when_viewed(
    started_game: Game, players: dict[str, Any], master: Any
) -> None:
    ruling, bounced, corrected = rule_that_germany_had_no_orders(started_game, players, master)
    old = page(logged_in(players["italy"]), started_game, phase=bounced.index)
    assert f"Superseded by ruling #{ruling.pk}" in old
    assert "Germany&#x27;s order was entered by the wrong player" in old
    assert f"?phase={corrected.index}" in old


def test_a_ruling_with_a_position(
    started_game: Game, players: dict[str, Any], site_moderator: Any
) -> None:
    bounced = adjudicate_bounce(started_game, players)
    client = logged_in(site_moderator)
    bad = client.post(
        reverse("games:mod-ruling", args=[started_game.pk]),
        {"phase": str(bounced.index), "kind": "position", "position": "{not json", "reason": "x"},
        follow=True,
    )
    assert "The position is not valid JSON" in bad.content.decode()
    assert not Ruling.objects.exists()

    after = dict(bounced.position_after)
    client.post(
        reverse("games:mod-ruling", args=[started_game.pk]),
        {
            "phase": str(bounced.index),
            "kind": "position",
            "position": json.dumps(after),
            "reason": "checking the result",
        },
    )
    assert Ruling.objects.get().kind == Ruling.Kind.POSITION


@pytest.mark.parametrize("index", ["²", "٠", "9" * 5000, "-0", "0 "], ids=lambda v: repr(v)[:12])
def test_a_ruling_s_phase_is_plain_digits(
    started_game: Game, players: dict[str, Any], master: Any, index: str
) -> None:
    adjudicate_bounce(started_game, players)
    response = logged_in(master).post(
        reverse("games:mod-ruling", args=[started_game.pk]),
        {"phase": index, "kind": "orders", "orders": "Germany:", "reason": "x"},
        follow=True,
    )
    assert response.status_code == 200
    assert "Choose the phase the ruling is on." in response.content.decode()
    assert not Ruling.objects.exists()


def test_a_ruling_s_position_nested_too_deep_is_refused_in_words(
    started_game: Game, players: dict[str, Any], master: Any
) -> None:
    bounced = adjudicate_bounce(started_game, players)
    for position in ("[" * 100_000 + "]" * 100_000, '{"a":' * 40 + "1" + "}" * 40):
        response = logged_in(master).post(
            reverse("games:mod-ruling", args=[started_game.pk]),
            {"phase": str(bounced.index), "kind": "position", "position": position, "reason": "x"},
            follow=True,
        )
        assert response.status_code == 200
        assert "The position is not valid JSON" in response.content.decode()
    assert not Ruling.objects.exists()


def test_a_ruling_line_must_name_its_power(
    started_game: Game, players: dict[str, Any], master: Any
) -> None:
    bounced = adjudicate_bounce(started_game, players)
    response = logged_in(master).post(
        reverse("games:mod-ruling", args=[started_game.pk]),
        {"phase": str(bounced.index), "kind": "orders", "orders": "A par - bur", "reason": "x"},
        follow=True,
    )
    assert "Line 1: start with the power and a colon" in response.content.decode()
    assert not Ruling.objects.exists()


# -- the moderator's page ------------------------------------------------------------------------


def test_the_moderator_page_lists_the_games_a_user_runs(
    started_game: Game, players: dict[str, Any], master: Any, site_moderator: Any, stranger: Any
) -> None:
    other = services.game_create(created_by=stranger, name="Other running game", join=False)
    Game.objects.filter(pk=other.pk).update(status=Game.Status.ACTIVE)
    moderation.game_pause(game=started_game, by=master, reason="a holiday")

    mine = logged_in(master).get(reverse("games:moderate"))
    assert mine.status_code == 200
    html = mine.content.decode()
    assert "Test game" in html
    assert "Other running game" not in html
    assert "paused" in html

    everything = logged_in(site_moderator).get(reverse("games:moderate")).content.decode()
    assert "Test game" in everything
    assert "Other running game" in everything

    assert logged_in(players["france"]).get(reverse("games:moderate")).status_code == 403
    anonymous = Client().get(reverse("games:moderate"))
    assert anonymous.status_code == 302
    assert reverse("accounts:login") in anonymous["Location"]


def test_the_header_links_to_the_moderator_page_for_moderators_only(
    started_game: Game, players: dict[str, Any], master: Any, site_moderator: Any
) -> None:
    link = f'href="{reverse("games:moderate")}"'
    assert link in logged_in(master).get(reverse("games:lobby")).content.decode()
    assert link in logged_in(site_moderator).get(reverse("games:lobby")).content.decode()
    assert link not in logged_in(players["france"]).get(reverse("games:lobby")).content.decode()
    assert link not in Client().get(reverse("games:lobby")).content.decode()


# -- reliability ----------------------------------------------------------------------------------


def test_the_profile_shows_reliability(
    started_game: Game, players: dict[str, Any], stranger: Any
) -> None:
    client = Client()
    fresh = client.get(reverse("games:profile", args=["stranger"])).content.decode()
    assert "Reliability" in fresh
    assert "no phases yet" in fresh

    adjudicate_bounce(started_game, players)  # Germany and France ordered, the others missed
    kept = client.get(reverse("games:profile", args=["germany-player"])).content.decode()
    assert "100% of 1 phase" in kept
    missed = client.get(reverse("games:profile", args=["italy-player"])).content.decode()
    assert "0% of 1 phase" in missed
