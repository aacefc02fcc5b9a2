"""A seat is played by its variant's own seat player, which the code that plays seats
(bots/seats.py) asks for by the variant's id: it names no variant (ARCHITECTURE.md, "games/
knows no variant by name", held for the bots' shared module too). A variant made up for the
tests (tests/madeup, Comets) is played as the standard game is until its own player is
listed, and then by that player, with bots/seats.py untouched."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from adjudicator import Hold, Order, Position, UnitRef, Variant, find_variant
from adjudicator.variants import VARIANTS
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


def test_an_investor_is_played_as_one_and_a_nation_by_the_standard_strategy() -> None:
    kapitalisten = find_variant("kapitalisten")
    position = kapitalisten.initial_position()
    investor = sorted(kapitalisten.investors(position))[0]  # type: ignore[attr-defined]
    assert gives_unowed(kapitalisten, position, investor)
    assert seat_orders(kapitalisten, position, investor, random.Random(3))[investor]
