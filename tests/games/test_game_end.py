"""How a game ends, as the site stores it (games.positions.game_end): a solo, a shared
victory (Kapitalisten's investors level on victory points), or not yet."""

from __future__ import annotations

from adjudicator import find_variant, resolve, start
from adjudicator.board import FrozenMap
from adjudicator.variants.kapitalisten.exchange import Book
from games.models import Game
from games.positions import game_end


def test_a_power_with_18_centers_ends_it_alone() -> None:
    standard = find_variant("standard")
    position = standard.initial_position()
    assert game_end(standard, position) is None
    turkish = dict.fromkeys(sorted(standard.map.supply_centers)[:18], "turkey")
    won = position.with_changes(ownership=FrozenMap(turkish))
    assert game_end(standard, won) == (Game.Outcome.SOLO, "turkey")


def test_investors_level_on_victory_points_share_the_win() -> None:
    kap = find_variant("kapitalisten")
    first = start(kap, {"players": 8, "last_year": 1902})
    # Two investors hold the same, the others nothing; the game ends after 1902.
    holdings = {
        f"investor-{n}": dict.fromkeys(kap.powers, 600 if n <= 2 else 0) for n in range(1, 9)
    }
    book = Book(holdings, dict.fromkeys(holdings, 0), dict.fromkeys(kap.powers, 100))
    state = {**kap.state(first), "book": book.to_json()}
    fall = first.with_changes(phase=first.phase.parse("F1902M"), extras={"exchange": state})
    fall, _ = kap.events_opening_phase(fall, 0)
    keep = {f"investor-{n}": ["sell 1 austria"] for n in range(1, 9)}
    after = resolve(fall, keep).position
    assert game_end(kap, after) == (Game.Outcome.SHARED, "investor-1,investor-2")


def test_a_game_with_a_last_year_ends_by_time_once_that_year_is_played() -> None:
    # Issue 35, D8: a tournament round's games end after the year the organiser set
    # (WDC: 1907), their powers ranked by centers; a solo in that year is still a solo.
    standard = find_variant("standard")
    position = standard.initial_position()
    for code, ended in (("F1907M", None), ("W1907A", None), ("S1908M", (Game.Outcome.TIME, ""))):
        at = position.with_changes(phase=position.phase.parse(code))
        assert game_end(standard, at, last_year=1907) == ended
        assert game_end(standard, at) is None
    turkish = dict.fromkeys(sorted(standard.map.supply_centers)[:18], "turkey")
    won = position.with_changes(phase=position.phase.parse("S1908M"), ownership=FrozenMap(turkish))
    assert game_end(standard, won, last_year=1907) == (Game.Outcome.SOLO, "turkey")
