"""The sandbox's verbs: a new sandbox at a variant's start, every power's orders read as a
game reads them, adjudication at once by the same adjudicator, branches (history is never
rewritten), and forks of a game's phase that carry only what their owner may see of it."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import find_variant
from core.errors import ApplicationError
from games import services as games_services
from games.models import Game, GamePhase, OrderSet
from games.terms import GameTerms
from sandbox import services
from sandbox.models import Sandbox, SandboxPhase
from sandbox.phases import branches_of, ordering_powers, phase_position, sandbox_variants
from sandbox.selectors import sandbox_page
from tests.conftest import POWERS
from tests.games.helpers import current

pytestmark = pytest.mark.django_db

#: Spring 1901: France attacks Burgundy with support, Germany bounces off it.
SUPPORTED_ATTACK = {
    "france": ["A par - bur", "A mar S A par - bur"],
    "germany": ["A mun - bur"],
}


def standard(owner: Any) -> Sandbox:
    return services.sandbox_create(owner=owner, variant_id="standard")


def root(sandbox: Sandbox) -> SandboxPhase:
    return sandbox.phases.get(parent=None, depth=0)


def result_of(phase: SandboxPhase, order: str) -> str:
    return next(r["result"] for r in phase.results or [] if r["order"] == order)


# -- a new sandbox ---------------------------------------------------------------------------


def test_a_new_sandbox_opens_at_the_standard_start_with_every_power_to_order(owner: Any) -> None:
    sandbox = standard(owner)
    first = root(sandbox)
    assert sandbox.head == first
    assert sandbox.title == "Standard"
    assert first.code == "S1901M"
    assert sum(len(u) for u in first.position["units"].values()) == 22
    assert ordering_powers(phase_position(first)) == list(POWERS)


@pytest.mark.parametrize("variant", [v.id for v in sandbox_variants()])
def test_every_variant_the_site_offers_starts_a_sandbox_at_its_first_phase(
    owner: Any, variant: str
) -> None:
    sandbox = services.sandbox_create(owner=owner, variant_id=variant, title=" Mine ")
    first = root(sandbox)
    assert sandbox.title == "Mine"
    assert first.code == str(find_variant(variant).initial_position().phase)
    assert ordering_powers(phase_position(first))


def test_a_variant_nobody_offers_is_refused(owner: Any) -> None:
    with pytest.raises(ApplicationError):
        services.sandbox_create(owner=owner, variant_id="atlantis")
    assert not Sandbox.objects.exists()


def test_a_new_sandbox_plays_by_the_variants_options_chosen(owner: Any) -> None:
    sandbox = services.sandbox_create(
        owner=owner, variant_id="kapitalisten", options={"players": 8, "last_year": 1915}
    )
    assert phase_position(root(sandbox)).options == {"players": 8, "last_year": 1915}
    plain = services.sandbox_create(owner=owner, variant_id="kapitalisten")
    assert phase_position(root(plain)).options == {"players": 9, "last_year": 1910}


def test_options_are_checked_as_a_new_games_are(owner: Any) -> None:
    """One rule for both: the same refusal, naming the same option, as GameTerms gives."""
    with pytest.raises(ApplicationError) as refused:
        services.sandbox_create(owner=owner, variant_id="multiple_void", options={"players": 7})
    with pytest.raises(ApplicationError) as as_a_game:
        GameTerms(variant_id="multiple_void", options={"players": 7}).checked()
    assert refused.value.message == as_a_game.value.message
    assert refused.value.extra == {"field": "options.players"} == as_a_game.value.extra
    assert not Sandbox.objects.exists()


# -- orders and adjudication -----------------------------------------------------------------


def test_a_supported_attack_moves_the_unit_and_the_unsupported_one_bounces(owner: Any) -> None:
    sandbox = standard(owner)
    first = root(sandbox)
    following = services.sandbox_adjudicate(user=owner, phase=first, orders=SUPPORTED_ATTACK)
    first.refresh_from_db()
    assert result_of(first, "A par - bur") == "ok"
    assert result_of(first, "A mun - bur") == "bounce"
    assert result_of(first, "A mar S A par - bur") == "ok"
    # Units without orders hold.
    assert result_of(first, "F lon H") == "ok"
    assert following.code == "F1901M"
    assert "A bur" in following.position["units"]["france"]
    assert "A mun" in following.position["units"]["germany"]
    assert following.parent == first
    sandbox.refresh_from_db()
    assert sandbox.head == following


def test_orders_are_kept_in_canonical_text_a_later_order_replacing_an_earlier(
    owner: Any,
) -> None:
    first = root(standard(owner))
    saved = services.sandbox_orders_save(
        user=owner,
        phase=first,
        orders={"france": ["a par-bur", "A par - gas", "  "], "england": []},
    )
    assert saved.orders == {"france": ["A par - gas"]}
    assert not saved.is_adjudicated


def test_unreadable_and_illegal_orders_are_refused_each_with_its_power(owner: Any) -> None:
    first = root(standard(owner))
    with pytest.raises(ApplicationError) as refused:
        services.sandbox_adjudicate(
            user=owner,
            phase=first,
            orders={"france": ["A par - mos"], "germany": ["A mun - bur", "F xyz - abc"]},
        )
    problems = refused.value.extra["problems"]
    assert [(p["power"], p["order"]) for p in problems] == [
        ("france", "A par - mos"),
        ("germany", "F xyz - abc"),
    ]
    assert all(p["message"] for p in problems)
    first.refresh_from_db()
    assert not first.is_adjudicated
    assert first.children.count() == 0


def test_another_powers_unit_is_not_ordered_in_its_name(owner: Any) -> None:
    first = root(standard(owner))
    with pytest.raises(ApplicationError) as refused:
        services.sandbox_orders_save(user=owner, phase=first, orders={"england": ["A par H"]})
    assert refused.value.extra["problems"][0]["power"] == "england"


def test_a_power_with_no_orders_to_give_is_refused(owner: Any) -> None:
    first = root(standard(owner))
    with pytest.raises(ApplicationError):
        services.sandbox_orders_save(user=owner, phase=first, orders={"atlantis": ["A par H"]})


def test_a_dislodged_unit_retreats_in_the_retreat_phase_that_follows(owner: Any) -> None:
    """Two moves a year: Germany takes Burgundy in spring, then dislodges France there."""
    sandbox = standard(owner)
    fall = services.sandbox_adjudicate(
        user=owner,
        phase=root(sandbox),
        orders={"france": ["A par - bur"], "germany": ["A mun - ruh", "A ber - mun"]},
    )
    retreats = services.sandbox_adjudicate(
        user=owner, phase=fall, orders={"germany": ["A ruh - bur", "A mun S A ruh - bur"]}
    )
    assert retreats.code == "F1901R"
    assert ordering_powers(phase_position(retreats)) == ["france"]
    spring = services.sandbox_adjudicate(
        user=owner, phase=retreats, orders={"france": ["A bur - gas"]}
    )
    assert spring.code == "S1902M"  # no center changed hands: no adjustments
    assert "A gas" in spring.position["units"]["france"]


def winter_with_one_build(sandbox: Sandbox) -> SandboxPhase:
    """The sandbox's start made a winter: France holds Spain, Burgundy and Brest, four
    centers and three units, with Paris and Marseilles free: one build due."""
    first = root(sandbox)
    position = dict(first.position)
    position["phase"] = "W1901A"
    position["units"] = {**position["units"], "france": ["A bur", "F bre", "A spa"]}
    position["centers"] = {**position["centers"], "france": ["bre", "mar", "par", "spa"]}
    SandboxPhase.objects.filter(pk=first.pk).update(code="W1901A", position=position)
    return root(sandbox)


def test_more_builds_than_are_due_are_refused_as_a_game_refuses_them(owner: Any) -> None:
    winter = winter_with_one_build(standard(owner))
    with pytest.raises(ApplicationError) as refused:
        services.sandbox_adjudicate(
            user=owner, phase=winter, orders={"france": ["A par B", "A mar B"]}
        )
    assert [p["power"] for p in refused.value.extra["problems"]] == ["france"]
    spring = services.sandbox_adjudicate(user=owner, phase=winter, orders={"france": ["A par B"]})
    assert sorted(spring.position["units"]["france"]) == ["A bur", "A par", "A spa", "F bre"]


def test_saving_orders_of_an_adjudicated_phase_is_refused(owner: Any) -> None:
    first = root(standard(owner))
    services.sandbox_adjudicate(user=owner, phase=first, orders=SUPPORTED_ATTACK)
    with pytest.raises(ApplicationError):
        services.sandbox_orders_save(user=owner, phase=first, orders={"france": ["A par H"]})
    first.refresh_from_db()
    assert first.orders == {
        "france": ["A par - bur", "A mar S A par - bur"],
        "germany": ["A mun - bur"],
    }


# -- branches --------------------------------------------------------------------------------


def test_other_orders_for_an_adjudicated_phase_make_a_branch_and_rewrite_nothing(
    owner: Any,
) -> None:
    sandbox = standard(owner)
    first = root(sandbox)
    fall = services.sandbox_adjudicate(user=owner, phase=first, orders=SUPPORTED_ATTACK)
    other = services.sandbox_adjudicate(
        user=owner, phase=first, orders={"germany": ["A mun - bur"]}
    )
    first.refresh_from_db()
    fall.refresh_from_db()
    # The first line is kept as it was.
    assert result_of(first, "A mun - bur") == "bounce"
    assert "A bur" in fall.position["units"]["france"]
    # The branch: the same phase, the same seed, other orders, its own next phase.
    branch = other.parent
    assert branch is not None
    assert branch != first
    assert (branch.code, branch.depth, branch.parent, branch.seed) == (
        "S1901M",
        0,
        None,
        first.seed,
    )
    assert result_of(branch, "A mun - bur") == "ok"
    assert "A bur" in other.position["units"]["germany"]
    assert branches_of(first) == [first, branch]
    sandbox.refresh_from_db()
    assert sandbox.head == other
    page = sandbox_page(sandbox=sandbox, viewer=owner, at=branch.pk)
    assert [(b["number"], b["current"]) for b in page["branches"]] == [(1, False), (2, True)]
    assert page["forward"] == other.pk


def test_the_same_orders_again_open_the_branch_that_had_them(owner: Any) -> None:
    sandbox = standard(owner)
    first = root(sandbox)
    fall = services.sandbox_adjudicate(user=owner, phase=first, orders=SUPPORTED_ATTACK)
    services.sandbox_adjudicate(user=owner, phase=first, orders={"germany": ["A mun - bur"]})
    again = services.sandbox_adjudicate(
        user=owner,
        phase=first,
        orders={"germany": ["A mun - bur"], "france": ["A mar S A par - bur", "A par - bur"]},
    )
    assert again == fall
    assert sandbox.phases.count() == 4


# -- only the owner writes -------------------------------------------------------------------


def test_nobody_but_the_owner_changes_a_sandbox(owner: Any, stranger: Any) -> None:
    from django.contrib.auth.models import AnonymousUser

    sandbox = standard(owner)
    first = root(sandbox)
    for someone in (stranger, AnonymousUser()):
        with pytest.raises(services.NotOwner):
            services.sandbox_orders_save(user=someone, phase=first, orders=SUPPORTED_ATTACK)
        with pytest.raises(services.NotOwner):
            services.sandbox_adjudicate(user=someone, phase=first, orders=SUPPORTED_ATTACK)
        with pytest.raises(services.NotOwner):
            services.sandbox_delete(user=someone, sandbox=sandbox)
    first.refresh_from_db()
    assert first.orders == {}
    assert not first.is_adjudicated
    services.sandbox_delete(user=owner, sandbox=sandbox)
    assert not Sandbox.objects.exists()
    assert not SandboxPhase.objects.exists()


# -- forks of a game's phase -----------------------------------------------------------------


def each_orders(game: Game, players: dict[str, Any]) -> None:
    """Every power of a running standard game saves an order for its first army or fleet."""
    for power, user in players.items():
        unit = game.current_phase.position["units"][power][0]  # type: ignore[union-attr]
        games_services.orders_submit(game=game, user=user, orders=[f"{unit} H"])


def test_a_fork_of_the_open_phase_carries_the_forking_players_orders_alone(
    started_game: Game, players: dict[str, Any]
) -> None:
    each_orders(started_game, players)
    phase = current(started_game)
    sandbox = services.sandbox_fork(user=players["england"], phase=phase)
    first = root(sandbox)
    assert first.orders == {"england": ["A lvp H"]}
    assert first.position["units"] == phase.position["units"]
    assert sandbox.forked_from == phase
    assert sandbox.variant == "standard"
    # An open phase's seed would tell its random events in advance: the sandbox draws its own.
    assert first.seed == sandbox.seed_at(0) != phase.seed


def test_a_fork_by_an_observer_or_a_moderator_carries_no_orders_of_an_open_phase(
    started_game: Game, players: dict[str, Any], stranger: Any, site_moderator: Any
) -> None:
    each_orders(started_game, players)
    for someone in (stranger, site_moderator):
        sandbox = services.sandbox_fork(user=someone, phase=current(started_game))
        assert root(sandbox).orders == {}


def test_a_fork_of_an_adjudicated_phase_carries_every_order_and_its_seed(
    started_game: Game, players: dict[str, Any]
) -> None:
    each_orders(started_game, players)
    phase = current(started_game)
    assert games_services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
    phase.refresh_from_db()
    sandbox = services.sandbox_fork(user=players["england"], phase=phase)
    first = root(sandbox)
    assert first.orders == phase.adjudicated_orders
    assert first.seed == phase.seed
    # Adjudicated again in the sandbox, it comes out as it did in the game.
    following = services.sandbox_adjudicate(
        user=players["england"], phase=first, orders=first.orders
    )
    first.refresh_from_db()
    assert following.position == phase.position_after
    assert first.results == phase.results


def test_a_fork_never_writes_to_the_game(started_game: Game, players: dict[str, Any]) -> None:
    each_orders(started_game, players)
    phase = current(started_game)
    before = (
        list(GamePhase.objects.values()),
        list(OrderSet.objects.values()),
        Game.objects.get(pk=started_game.pk).version,
    )
    sandbox = services.sandbox_fork(user=players["france"], phase=phase)
    services.sandbox_adjudicate(
        user=players["france"], phase=root(sandbox), orders=SUPPORTED_ATTACK
    )
    after = (
        list(GamePhase.objects.values()),
        list(OrderSet.objects.values()),
        Game.objects.get(pk=started_game.pk).version,
    )
    assert after == before


def private_game(players: dict[str, Any]) -> Game:
    """A running private standard game of ``players`` (joined by its invite link)."""
    game = games_services.game_create(
        created_by=players["austria"],
        name="Hidden",
        power="austria",
        terms=GameTerms(private=True, assignment=Game.Assignment.CHOSEN),
    )
    for power in POWERS[1:]:
        games_services.game_join(
            game=game, user=players[power], power=power, invite_code=game.invite_code
        )
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def test_a_stranger_may_not_fork_a_private_games_phase(
    players: dict[str, Any], stranger: Any, site_moderator: Any
) -> None:
    game = private_game(players)
    phase = current(game)
    with pytest.raises(ApplicationError):
        services.sandbox_fork(user=stranger, phase=phase)
    assert not Sandbox.objects.filter(owner=stranger).exists()
    # Those who may see the game may fork it: a moderator, and its players.
    assert services.sandbox_fork(user=site_moderator, phase=phase).forked_from == phase
    assert services.sandbox_fork(user=players["italy"], phase=phase).forked_from == phase


def test_a_fork_of_a_highlander_nomination_never_carries_the_other_colours_list(
    make_user: Any,
) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    game = games_services.game_create(
        created_by=alice,
        name="Highland",
        power="red",
        terms=GameTerms(variant_id="highlander", assignment=Game.Assignment.CHOSEN),
    )
    games_services.game_join(game=game, user=bob, power="blue")
    phase = current(game)
    assert phase.code == "W1900N"
    red_list = ["nominate lon", "nominate par"]
    games_services.orders_submit(game=game, user=alice, orders=red_list)
    games_services.orders_submit(game=game, user=bob, orders=["nominate mos", "nominate war"])
    forked = root(services.sandbox_fork(user=alice, phase=phase))
    assert forked.orders == {"red": red_list}
    assert "mos" not in str(forked.orders)
    assert "war" not in str(forked.orders)
    assert root(services.sandbox_fork(user=make_user("watcher"), phase=phase)).orders == {}


def test_a_fork_never_carries_another_powers_llama_herds(make_user: Any) -> None:
    """Rather Silly's herds are their power's secret, after adjudication too: a fork of
    the winter that settled them carries the other powers' public votes but not their
    herd orders, and a fork of the spring after it where the forker's own herds settled,
    not the others'."""
    users = {p: make_user(f"{p}-silly") for p in POWERS}
    game = games_services.game_create(
        created_by=users["austria"],
        name="Silly",
        power="austria",
        terms=GameTerms(variant_id="rather_silly", assignment=Game.Assignment.CHOSEN),
    )
    for power in POWERS[1:]:
        games_services.game_join(game=game, user=users[power], power=power)
    winter = current(game)
    assert winter.code == "W1900L"
    games_services.orders_submit(
        game=game, user=users["england"], orders=["herd yor", "herd wal", "vote lon - bel"]
    )
    games_services.orders_submit(game=game, user=users["france"], orders=["herd pic"])
    assert games_services.phase_adjudicate(game_id=game.pk, phase_id=winter.pk)
    winter.refresh_from_db()
    assert "england" in winter.position_after["extras"]["llamas"]
    forked = root(services.sandbox_fork(user=users["france"], phase=winter))
    assert forked.orders == {"england": ["vote lon - bel"], "france": ["herd pic"]}
    spring = current(game)
    # The forker's own herds come along (issue 41, L7: an open phase's were filtered a
    # second time, without him, and lost); nobody else's ever do.
    for someone, herds in ((users["france"], {"france": ["pic"]}), (make_user("watcher"), {})):
        sandbox = services.sandbox_fork(user=someone, phase=spring)
        first = root(sandbox)
        assert first.position["extras"]["llamas"] == herds
        # What is left of the position is adjudicated all the same.
        following = services.sandbox_adjudicate(user=someone, phase=first, orders={})
        assert following.code == "F1901M"


def test_a_set_up_phase_is_ordered_as_text_for_every_power(owner: Any) -> None:
    """Highlander's nomination: both colours' lists typed, adjudicated together; the
    placement that follows is every named center's, ordered the same way."""
    sandbox = services.sandbox_create(owner=owner, variant_id="highlander")
    nomination = root(sandbox)
    assert ordering_powers(phase_position(nomination)) == ["red", "blue"]
    red = [
        "lon",
        "edi",
        "lvp",
        "bre",
        "par",
        "mar",
        "spa",
        "por",
        "bel",
        "hol",
        "den",
        "nwy",
        "swe",
        "kie",
        "ber",
    ]
    blue = [
        "mos",
        "war",
        "sev",
        "stp",
        "ank",
        "con",
        "smy",
        "bud",
        "vie",
        "tri",
        "rum",
        "bul",
        "ser",
        "gre",
        "mun",
    ]
    placement = services.sandbox_adjudicate(
        user=owner,
        phase=nomination,
        orders={"red": [f"nominate {c}" for c in red], "blue": [f"nominate {c}" for c in blue]},
    )
    assert placement.code == "W1900P"
    assert sorted(placement.position["centers"]["red"]) == sorted(red)
    assert ordering_powers(phase_position(placement)) == ["red", "blue"]


# -- limits ----------------------------------------------------------------------------------


def test_a_user_keeps_a_limited_number_of_sandboxes(
    owner: Any, started_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(services, "MAX_SANDBOXES_PER_OWNER", 2)
    standard(owner)
    standard(owner)
    with pytest.raises(ApplicationError):
        standard(owner)
    with pytest.raises(ApplicationError):
        services.sandbox_fork(user=owner, phase=current(started_game))
    assert Sandbox.objects.filter(owner=owner).count() == 2


def test_a_sandbox_grows_to_a_limited_number_of_phases(
    owner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(services, "MAX_PHASES_PER_SANDBOX", 4)
    first = root(standard(owner))
    fall = services.sandbox_adjudicate(user=owner, phase=first, orders={})
    winter = services.sandbox_adjudicate(user=owner, phase=fall, orders={})
    with pytest.raises(ApplicationError):
        services.sandbox_adjudicate(user=owner, phase=winter, orders={})
    assert SandboxPhase.objects.count() == 3


def test_more_orders_for_a_power_than_any_needs_are_refused(owner: Any) -> None:
    first = root(standard(owner))
    with pytest.raises(ApplicationError) as refused:
        services.sandbox_orders_save(user=owner, phase=first, orders={"france": ["A par H"] * 101})
    assert refused.value.extra["problems"][0]["power"] == "france"


def test_a_solo_is_told_where_a_game_would_end_and_play_may_go_on(owner: Any) -> None:
    """Fall 1901: France holds seventeen centers and takes Munich, the eighteenth."""
    sandbox = standard(owner)
    first = root(sandbox)
    position = dict(first.position)
    centers = {p: list(c) for p, c in position["centers"].items()}
    taken = [c for p in ("england", "italy", "austria") for c in centers.pop(p)]
    centers["france"] += [*taken, "bel", "hol", "spa", "por", "tun"][: 17 - len(centers["france"])]
    assert len(centers["france"]) == 17
    position.update(
        phase="F1901M",
        centers=centers,
        units={
            "france": ["A bur"],
            "germany": ["A ber"],
            "russia": position["units"]["russia"],
            "turkey": position["units"]["turkey"],
        },
    )
    SandboxPhase.objects.filter(pk=first.pk).update(code="F1901M", position=position)
    following = services.sandbox_adjudicate(
        user=owner, phase=root(sandbox), orders={"france": ["A bur - mun"]}
    )
    first = root(sandbox)
    assert (first.outcome, first.winner) == ("solo", "france")
    assert following.code == "W1901A"
    assert sandbox_page(sandbox=sandbox, viewer=owner, at=first.pk)["outcome"] == "solo"
    from django.test import Client

    client = Client()
    client.force_login(owner)
    page = client.get(f"/sandbox/{sandbox.pk}/?at={first.pk}").content.decode()
    assert "With this, France wins: a game would end here." in page
