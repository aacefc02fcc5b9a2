"""A seat is played by its variant's own seat player, which the code that plays seats
(bots/seats.py) asks for by the variant's id: it names no variant (ARCHITECTURE.md, "games/
knows no variant by name", held for the bots' shared module too). A variant made up for the
tests (tests/madeup, Comets) is played as the standard game is until its own player is
listed, and then by that player, with bots/seats.py untouched."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from adjudicator import (
    Hold,
    Order,
    Phase,
    PhaseKind,
    Position,
    Reason,
    Season,
    UnitRef,
    Variant,
    find_variant,
)
from adjudicator.board import freeze
from adjudicator.orders import Nominate
from adjudicator.variants import VARIANTS
from adjudicator.variants.standard import Standard
from bots import registry
from bots.player import STANDARD, SeatPlayer
from bots.seats import gives_unowed, gives_unowed_in, seat_orders
from bots.strategy import bot_orders
from tests.madeup.adjudicator import Comets


@pytest.fixture
def comets(monkeypatch: pytest.MonkeyPatch) -> Comets:
    """Comets listed in the adjudicator's registry, as a shipped variant is."""
    variant = Comets()
    monkeypatch.setitem(VARIANTS, "comets", variant)
    return variant


def test_a_made_up_variant_gets_the_standard_bot(comets: Comets) -> None:
    position = comets.initial_position()
    assert registry.player_for(comets) is STANDARD
    for power in ("england", "italy"):
        given = seat_orders(comets, position, power, random.Random(7))
        assert given == {power: bot_orders(comets, position, power, random.Random(7))}
        assert not gives_unowed(comets, position, power)
    assert not gives_unowed_in("comets")


def test_a_made_up_variant_plays_by_the_player_it_declares(
    comets: Comets, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Comets' own player: every unit of a seat holds under the comet's threat, and the
    # seat looks at its games every turn. Listing it is the registry's step of adding a
    # variant; bots/seats.py is not touched.
    def hold_all(
        variant: Variant,
        position: Position,
        seat: str,
        rng: random.Random,
        *,
        legal: Mapping[str, Mapping[str, Sequence[Order]]] | None = None,
    ) -> dict[str, list[Order]]:
        return {seat: [Hold(UnitRef(u.kind, u.location)) for u in position.units_of(seat)]}

    def always(variant: Variant, position: Position, seat: str) -> bool:
        return True

    player = SeatPlayer("comets", orders=hold_all, gives_unowed=always, unowed_seats=True)
    monkeypatch.setitem(registry.PLAYERS, "comets", player)
    position = comets.initial_position()
    assert seat_orders(comets, position, "italy", random.Random(7)) == {
        "italy": [Hold(UnitRef(u.kind, u.location)) for u in position.units_of("italy")]
    }
    assert gives_unowed(comets, position, "italy")
    assert gives_unowed_in("comets")


def test_the_shipped_variants_are_played_by_their_own_players() -> None:
    listed = {v: registry.player_for(find_variant(v)).variant_id for v in VARIANTS}
    assert listed == {
        "standard": "standard",
        "highlander": "standard",
        "multiple_void": "standard",
        "kapitalisten": "kapitalisten",
        "rather_silly": "rather_silly",
    }
    assert [v for v in VARIANTS if gives_unowed_in(v)] == ["kapitalisten", "rather_silly"]
    assert gives_unowed_in("rs")
    assert not gives_unowed_in("no such variant")


def test_the_variants_the_bots_know_are_the_registrys() -> None:
    # Those with a player of their own and those played as the standard game is, both
    # listed in bots/registry.py (no longer a list in bots/strategy.py).
    assert registry.PLAYED_AS_STANDARD | set(registry.PLAYERS) == registry.KNOWN_VARIANTS
    assert set(VARIANTS) == registry.KNOWN_VARIANTS
    assert registry.knows_variant("multiple_void")
    assert not registry.knows_variant("comets")


class Shortlists(Standard):
    """The standard game set up by a nomination of its own kind: each list names three
    centers. Not Highlander, and no variant the bots know by name."""

    id = "shortlists"
    name = "Shortlists"
    aliases = ()
    setup_phases = ((Season.WINTER, PhaseKind.NOMINATION),)

    def initial_position(self, options: Mapping[str, object] | None = None) -> Position:
        start = super().initial_position(options)
        return start.with_changes(phase=Phase(Season.WINTER, 1900, PhaseKind.NOMINATION))

    def setup_legal_orders(
        self, position: Position, power: str | None
    ) -> dict[str, tuple[Order, ...]]:
        return {c: (Nominate(c),) for c in sorted(self.map.supply_centers)}

    def order_set_excess(
        self, position: Position, power: str, orders: Sequence[Order]
    ) -> tuple[Reason, dict[str, str]] | None:
        if len(orders) > 3:
            return Reason.NOMINATIONS_EXCESS, {"count": "3", "given": str(len(orders))}
        return None


def test_a_nomination_names_as_many_centers_as_the_variant_allows() -> None:
    # The list's length is asked of the variant (what it counts in excess), not read from
    # Highlander's rules: a made-up variant's nomination of three is played as well.
    shortlists = Shortlists()
    position = shortlists.initial_position()
    orders = bot_orders(shortlists, position, "italy", random.Random(5))
    assert len(orders) == 3
    assert all(isinstance(o, Nominate) for o in orders)
    assert len({o.center for o in orders if isinstance(o, Nominate)}) == 3


def test_a_later_round_of_highlanders_nomination_names_its_count() -> None:
    # Round 2 after identical lists: ten centers not named before (rule 3.5).
    highlander = find_variant("highlander")
    first = highlander.initial_position()
    excluded = sorted(highlander.map.supply_centers)[:15]
    position = first.with_changes(extras=freeze({"round": 2, "excluded": excluded, "count": 10}))
    for power in ("red", "blue"):
        orders = bot_orders(highlander, position, power, random.Random(2))
        named = {o.center for o in orders if isinstance(o, Nominate)}
        assert len(named) == len(orders) == 10
        assert not named & set(excluded)
        assert highlander.order_set_problem(position, power, orders) is None


def test_an_investor_is_played_as_one_and_a_nation_by_the_standard_strategy() -> None:
    kapitalisten = find_variant("kapitalisten")
    position = kapitalisten.initial_position()
    investor = sorted(kapitalisten.investors(position))[0]  # type: ignore[attr-defined]
    assert gives_unowed(kapitalisten, position, investor)
    assert seat_orders(kapitalisten, position, investor, random.Random(3))[investor]
