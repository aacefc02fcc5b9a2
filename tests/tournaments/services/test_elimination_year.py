"""Issue 35, D4: the year a power is eliminated is the year of the phase in which its last
center and unit went, not the year of the first phase it no longer appears in. A power
whose last unit is removed at the winter adjustment fell that year; read from the next
phase (the spring after), it fell a year late, and Carnage, Dixie and ManorCon, which
rank or pay the eliminated by their year, scored it wrong.

The board of these tests is R3 board 1 of the director's audit, laid out as phases: Austria
goes into Winter 1906 with no center and one army, which the adjustment removes (out in
1906); Germany loses its last center and unit in Fall 1907 (out in 1907); the board is
called after Winter 1907 with England 10, France 8, Turkey 6, Russia 5 and Italy 5."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game, GamePhase
from tournaments import services
from tournaments.models import Board, BoardSeat, Round, Tournament
from tournaments.services.rounds import elimination_years

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")

#: The survivors' centers at the end (34 in all): England 10, France 8, Turkey 6, Russia 5,
#: Italy 5.
SURVIVORS = {
    "england": ["bel", "ber", "den", "edi", "hol", "kie", "lon", "lvp", "nwy", "swe"],
    "france": ["bre", "mar", "mun", "par", "por", "spa", "tri", "vie"],
    "turkey": ["ank", "bud", "bul", "con", "gre", "smy"],
    "russia": ["mos", "rum", "sev", "stp", "war"],
    "italy": ["nap", "rom", "ser", "tun", "ven"],
}
ARMIES = {
    "england": ["F lon"],
    "france": ["A par"],
    "turkey": ["A con"],
    "russia": ["A mos"],
    "italy": ["A rom"],
}


def _position(code: str, *, austria: bool, austria_center: bool, germany: bool) -> dict[str, Any]:
    """The board going into (or coming out of) ``code``: the survivors as at the end, and
    whatever Austria and Germany still hold."""
    centers = {p: list(c) for p, c in SURVIVORS.items()}
    units = {p: list(u) for p, u in ARMIES.items()}
    if austria_center:
        # Turkey took Budapest in Fall 1906: before that it was Austria's.
        centers["turkey"].remove("bud")
        centers["austria"] = ["bud"]
    if austria:
        units["austria"] = ["A gal"]
    if germany:
        centers["france"].remove("mun")
        centers["germany"] = ["mun"]
        units["germany"] = ["A boh"]
    return {
        "variant": "standard",
        "phase": code,
        "units": {p: sorted(u) for p, u in sorted(units.items())},
        "dislodged": {},
        "standoffs": [],
        "centers": {p: sorted(c) for p, c in sorted(centers.items())},
    }


#: Each phase played: its code, what Austria and Germany hold going in (Austria's army,
#: Austria's center, Germany's center and army), and the phase that follows.
HISTORY = [
    ("F1906M", (True, True, True), "W1906A"),
    # Austria goes into the adjustment with no center and one army: it is removed.
    ("W1906A", (True, False, True), "S1907M"),
    ("S1907M", (False, False, True), "F1907M"),
    # Germany loses its last center and its army in Fall 1907.
    ("F1907M", (False, False, True), "W1907A"),
    ("W1907A", (False, False, False), "S1908M"),
]


def _held(code: str, held: tuple[bool, bool, bool]) -> dict[str, Any]:
    austria, austria_center, germany = held
    return _position(code, austria=austria, austria_center=austria_center, germany=germany)


def _after(index: int, code: str) -> dict[str, Any]:
    if index + 1 < len(HISTORY):
        return _held(code, HISTORY[index + 1][1])
    return _held(code, (False, False, False))


def _board_played(organiser: Any, make_user: Any, system: str, *, top: bool = False) -> Board:
    """A round of one board scored by ``system``, whose game played the phases of
    :data:`HISTORY` and was called as a draw of the survivors after Winter 1907."""
    tournament = services.tournament_create(
        by=organiser,
        name="Audit Open",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        seeding=Tournament.Seeding.HAND,
        rounds_planned=1,
        scoring=system,
    )
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    services.tournament_draw(tournament=tournament, by=organiser)
    if top:
        Tournament.objects.filter(pk=tournament.pk).update(top_board=True, top_board_multiplier=1.5)
        Board.objects.filter(round__tournament=tournament).update(top=True)
    board = Board.objects.select_related("game").get(round__tournament=tournament)
    game = board.game
    assert game is not None
    game.phases.all().delete()
    now = timezone.now()
    for index, (code, held, after) in enumerate(HISTORY):
        GamePhase.objects.create(
            game=game,
            index=index,
            code=code,
            position=_held(code, held),
            position_after=_after(index, after),
            status=GamePhase.Status.RESOLVED,
            resolved_at=now - timedelta(hours=len(HISTORY) - index),
        )
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, outcome=Game.Outcome.DRAW, finished_at=now
    )
    game.refresh_from_db()
    return board


def _scores(board: Board) -> dict[str, float | None]:
    return {s.power: s.score for s in BoardSeat.objects.filter(board=board)}


def test_the_year_is_that_of_the_phase_in_which_the_last_center_and_unit_went(
    organiser: Any, make_user: Any
) -> None:
    board = _board_played(organiser, make_user, "carnage")
    assert board.game is not None
    assert elimination_years(board.game) == {"austria": 1906, "germany": 1907}


def test_a_power_removed_in_the_last_phase_played_fell_that_year(
    organiser: Any, make_user: Any
) -> None:
    """The board called right after Winter 1906: no phase follows the one in which
    Austria's last army went, and it fell in 1906 all the same (not "never", which the
    scoring took for 1901)."""
    board = _board_played(organiser, make_user, "carnage")
    assert board.game is not None
    board.game.phases.filter(index__gte=2).delete()
    assert elimination_years(board.game) == {"austria": 1906}


def test_a_phase_a_ruling_replaced_is_not_read(organiser: Any, make_user: Any) -> None:
    """Only the line of play that stands counts: a phase superseded by a ruling, in which
    Germany had lost everything, does not put Germany out."""
    board = _board_played(organiser, make_user, "carnage")
    assert board.game is not None
    GamePhase.objects.filter(game=board.game, code="S1907M").update(
        position_after=_held("F1907M", (False, False, False)),
        status=GamePhase.Status.SUPERSEDED,
    )
    assert elimination_years(board.game) == {"austria": 1906, "germany": 1907}


@pytest.mark.parametrize(
    ("system", "top", "expected"),
    [
        # Carnage: 7000, 6000 ... 1000 by place, plus 1 a center; the eliminated below the
        # survivors, the later first. Russia and Italy tie on 5 and share 4th and 5th
        # ((4000 + 3000) / 2 + 5 = 3505); Germany (out in 1907) is 6th, 2000, and Austria
        # (out in 1906) 7th, 1000. On the top board, all times 1.5: the audit's 3000 and
        # 1500, where a year late gave both 1907 and (2000 + 1000) / 2 x 1.5 = 2250 each.
        (
            "carnage",
            True,
            {
                "england": 7010 * 1.5,
                "france": 6008 * 1.5,
                "turkey": 5006 * 1.5,
                "russia": 3505 * 1.5,
                "italy": 3505 * 1.5,
                "germany": 3000.0,
                "austria": 1500.0,
            },
        ),
        # Dixie: the five survivors share the draw's places 1 to 5, (270 + 70 + 50 + 34 +
        # 20) / 5 = 88.8, plus 4 a center; then the eliminated, the first to fall last:
        # Germany 6th (10), Austria 7th (0). A year late, they shared (10 + 0) / 2 = 5.
        (
            "dixie",
            False,
            {
                "england": 88.8 + 40,
                "france": 88.8 + 32,
                "turkey": 88.8 + 24,
                "russia": 88.8 + 20,
                "italy": 88.8 + 20,
                "germany": 10.0,
                "austria": 0.0,
            },
        ),
        # ManorCon: P = S² + 4S + 16 (16 for the eliminated): 156, 112, 76, 61, 61, 16, 16,
        # so ΣP = 498 and a survivor scores 100 P / 498; an eliminated power 0.1 a year
        # from 1901 to the year it fell, that year included: Germany 0.7, Austria 0.6 (a
        # year late: 0.7).
        (
            "manorcon",
            False,
            {
                "england": 15600 / 498,
                "france": 11200 / 498,
                "turkey": 7600 / 498,
                "russia": 6100 / 498,
                "italy": 6100 / 498,
                "germany": 0.7,
                "austria": 0.6,
            },
        ),
    ],
)
def test_the_systems_that_read_the_year_score_the_board_as_their_definitions_say(
    organiser: Any, make_user: Any, system: str, top: bool, expected: dict[str, float]
) -> None:
    board = _board_played(organiser, make_user, system, top=top)
    assert board.game is not None
    assert services.board_score(game=board.game)
    assert Round.objects.get(pk=board.round_id).scoring_system == system
    assert _scores(board) == {p: pytest.approx(v, abs=1e-4) for p, v in expected.items()}
