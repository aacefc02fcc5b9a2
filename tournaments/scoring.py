"""Scoring a finished game of standard Diplomacy by the systems tournaments use, and the
command line of ../shared/spec/tournament-scoring.md (``python -m tournaments.scoring``).

Pure Python: nothing from Django, so the command runs from the repository root with no
settings. Each system is written from its authors' definition (sources in
../shared/refdata/tournaments/NOTES.md, section 2); where the sources disagree or are
silent, the reading chosen here is the one in :data:`READINGS` (the tournament's rules page
shows it). Everywhere: a solo is 18 centers or more; powers that tie share the points of the
places they span, but for Haight, whose definition gives a tie the lowest place it spans.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TextIO

SOLO_CENTERS = 18
TOTAL_CENTERS = 34


class ScoringError(ValueError):
    """A game that cannot be scored as given; ``path`` says where (``powers.england``)."""

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.path = path


@dataclass(frozen=True, slots=True)
class Power:
    name: str
    centers: int
    #: The year it was eliminated (0 centers), or None for a survivor.
    eliminated: int | None = None

    @property
    def alive(self) -> bool:
        return self.eliminated is None


@dataclass(frozen=True, slots=True)
class Game:
    """A finished game: every power with its centers at the end, the soloist if any, the
    powers in the draw (None: every survivor), the last year played, and whether it was
    stopped by time with no draw agreed (``by_time``: the last year the organiser set, or
    a board he called so; its powers rank by their centers)."""

    powers: tuple[Power, ...]
    solo: str | None = None
    draw: tuple[str, ...] | None = None
    last_year: int = 1901
    by_time: bool = False

    @property
    def survivors(self) -> list[Power]:
        return [p for p in self.powers if p.alive]

    @property
    def in_draw(self) -> list[Power]:
        if self.draw is None:
            return self.survivors
        return [p for p in self.powers if p.name in self.draw]


Scores = dict[str, float]


def _number(value: Fraction) -> float:
    """A score as the output carries it (a whole number when it is one)."""
    return int(value) if value.denominator == 1 else float(value)


def shared_places(
    groups: Sequence[Sequence[str]], points: Sequence[Fraction]
) -> dict[str, Fraction]:
    """Place points shared by ties: ``groups`` are the powers in order of place, each
    group tied; a group shares the points of the places it spans equally (places past
    the table score 0).

    >>> shared_places([["a"], ["b", "c"]], [Fraction(10), Fraction(6), Fraction(2)])
    {'a': Fraction(10, 1), 'b': Fraction(4, 1), 'c': Fraction(4, 1)}
    """
    out: dict[str, Fraction] = {}
    place = 0
    for group in groups:
        spanned = points[place : place + len(group)]
        share = Fraction(sum(spanned, Fraction(0))) / len(group)
        for name in group:
            out[name] = share
        place += len(group)
    return out


def _by_centers(powers: Sequence[Power]) -> list[list[str]]:
    """Powers grouped by centers, most first (equal counts tie)."""
    counts = sorted({p.centers for p in powers}, reverse=True)
    return [[p.name for p in powers if p.centers == c] for c in counts]


def _by_survival(powers: Sequence[Power]) -> list[list[str]]:
    """Survivors by centers, then the eliminated by the year they fell (later is better;
    the same year ties)."""
    alive = _by_centers([p for p in powers if p.alive])
    fallen = [p for p in powers if not p.alive]
    years = sorted({p.eliminated for p in fallen if p.eliminated is not None}, reverse=True)
    return alive + [[p.name for p in fallen if p.eliminated == y] for y in years]


def _solo(game: Game, winner: Fraction, others: Fraction = Fraction(0)) -> dict[str, Fraction]:
    return {p.name: winner if p.name == game.solo else others for p in game.powers}


# -- the systems ------------------------------------------------------------------------------


def sum_of_squares(game: Game) -> dict[str, Fraction]:
    """100 to a soloist; else each power 100 c² / Σc²."""
    if game.solo:
        return _solo(game, Fraction(100))
    total = sum(p.centers**2 for p in game.powers)
    return {
        p.name: Fraction(100 * p.centers**2, total) if total else Fraction(0) for p in game.powers
    }


def draw_size(game: Game) -> dict[str, Fraction]:
    """100 to a soloist; else the powers in the draw share 100 (a game stopped by time,
    with no draw agreed: its survivors, as with no draw named)."""
    if game.solo:
        return _solo(game, Fraction(100))
    drawn = {p.name for p in game.in_draw}
    return {
        p.name: Fraction(100, len(drawn)) if p.name in drawn else Fraction(0) for p in game.powers
    }


def _c_diplo(game: Game, solo: int, losers: int) -> dict[str, Fraction]:
    if game.solo:
        return _solo(game, Fraction(solo), Fraction(losers))
    bonus = shared_places(_by_centers(game.powers), [Fraction(38), Fraction(14), Fraction(7)])
    return {p.name: 1 + p.centers + bonus[p.name] for p in game.powers}


def c_diplo_100(game: Game) -> dict[str, Fraction]:
    """1 for playing, 1 a center, 38/14/7 for the first three places; a solo: 100, the
    others 0."""
    return _c_diplo(game, 100, 0)


def c_diplo_73(game: Game) -> dict[str, Fraction]:
    """As C-Diplo 100, but a solo scores 73 (38 + 34 + 1) and the others 1 each (their
    point for playing: EDC 4's reading)."""
    return _c_diplo(game, 73, 1)


CARNAGE_PLACES = [Fraction(7000 - 1000 * i) for i in range(7)]


def carnage(game: Game) -> dict[str, Fraction]:
    """7000, 6000 ... 1000 by place (survivors by centers, then the eliminated by the
    year they fell, later first), plus 1 a center; a solo takes all: 28,034."""
    if game.solo:
        return _solo(game, Fraction(sum(CARNAGE_PLACES) + TOTAL_CENTERS))
    places = shared_places(_by_survival(game.powers), CARNAGE_PLACES)
    return {p.name: places[p.name] + p.centers for p in game.powers}


def tribute(game: Game) -> dict[str, Fraction]:
    """A solo: 100. Else each survivor c + 66/n; the leaders (T centers) take tribute
    t = min(66/n, T - 6) (never below 0) from every other survivor, shared among tied
    leaders; the eliminated score 0."""
    if game.solo:
        return _solo(game, Fraction(100))
    alive = game.survivors
    n = len(alive)
    share = Fraction(66, n)
    top = max(p.centers for p in alive)
    leaders = [p for p in alive if p.centers == top]
    k = len(leaders)
    paid = max(Fraction(0), min(share, Fraction(top - 6)))
    out = {p.name: Fraction(0) for p in game.powers}
    for p in alive:
        if p.centers == top:
            out[p.name] = p.centers + share + paid * (n - k) / k
        else:
            out[p.name] = p.centers + share - paid
    return out


def open_tribute(game: Game) -> dict[str, Fraction]:
    """A solo: 340. Else every survivor 34 + 3c, paying T - c to the toppers (T centers);
    an eliminated power pays T and scores 0; a lone topper takes all the tribute, k tied
    toppers each take tribute / k² (the rest is spoiled; kept as a fraction, not
    floored)."""
    if game.solo:
        return _solo(game, Fraction(340))
    alive = game.survivors
    top = max(p.centers for p in alive)
    toppers = [p for p in alive if p.centers == top]
    paid = sum((top - p.centers for p in game.powers if p.centers != top or not p.alive), 0)
    out: dict[str, Fraction] = {}
    for p in game.powers:
        if not p.alive:
            out[p.name] = Fraction(0)
        elif p.centers == top:
            out[p.name] = 34 + 3 * p.centers + Fraction(paid, len(toppers) ** 2)
        else:
            out[p.name] = Fraction(34 + 3 * p.centers - (top - p.centers))
    return out


DIXIE_PLACES = [Fraction(x) for x in (270, 70, 50, 34, 20, 10, 0)]


def dixie(game: Game) -> dict[str, Fraction]:
    """270, 70, 50, 34, 20, 10, 0 by place (survivors by centers, then the eliminated,
    the first to fall last), plus 4 a center. A draw's powers share the places the draw
    covers equally (a two-way draw: 170 each), the others follow by centers; a soloist
    takes first place; a game stopped by time has no draw, and every power takes the
    place its centers give it (ties sharing)."""
    if game.solo:
        soloist = [p.name for p in game.powers if p.name == game.solo]
        rest = [p for p in game.powers if p.name != game.solo]
        groups = [soloist, *_by_survival(rest)]
    elif game.by_time:
        groups = _by_survival(game.powers)
    else:
        drawn = game.in_draw
        names = {p.name for p in drawn}
        groups = [
            [p.name for p in drawn],
            *_by_survival([p for p in game.powers if p.name not in names]),
        ]
    places = shared_places(groups, DIXIE_PLACES)
    return {p.name: places[p.name] + 4 * p.centers for p in game.powers}


def manorcon(game: Game) -> dict[str, Fraction]:
    """A solo: 75, the other survivors as if eliminated that year. Else P = S² + 4S + 16
    for every power (16 for the eliminated), and a survivor scores 100 P / ΣP; an
    eliminated power scores 0.1 a year played, the year it fell included (1904: 0.4,
    as the ManorCon page words it)."""

    def years(last: int) -> Fraction:
        return Fraction(last - 1900, 10)

    if game.solo:
        return {
            p.name: Fraction(75)
            if p.name == game.solo
            else years(p.eliminated if p.eliminated is not None else game.last_year)
            for p in game.powers
        }
    weight = {p.name: p.centers**2 + 4 * p.centers + 16 for p in game.powers}
    total = sum(weight.values())
    return {
        p.name: Fraction(100 * weight[p.name], total) if p.alive else years(p.eliminated or 1901)
        for p in game.powers
    }


#: C-Diplo Namur's points for a power's first six centers (1: 5 ... 6: 18); each center
#: after the sixth adds 1.
NAMUR_CENTERS = (0, 5, 9, 12, 14, 16, 18)


def c_diplo_namur(game: Game) -> dict[str, Fraction]:
    """C-Diplo with small powers worth more: 1 for playing, points for centers on the
    table 5, 9, 12, 14, 16, 18 for the first six (then 1 a center), 38/14/7 for the first
    three places, ties sharing; a solo: 85, the others 0 (their point for playing too)."""
    if game.solo:
        return _solo(game, Fraction(85))
    bonus = shared_places(_by_centers(game.powers), [Fraction(38), Fraction(14), Fraction(7)])

    def centers(c: int) -> int:
        return NAMUR_CENTERS[c] if c <= 6 else NAMUR_CENTERS[6] + c - 6

    return {p.name: 1 + centers(p.centers) + bonus[p.name] for p in game.powers}


def world_classic(game: Game) -> dict[str, Fraction]:
    """A solo: 420, the others 0. Else 10 a center and 30 for surviving; the toppers share
    48 equally; an eliminated power scores 1 a year it lived through (out in 1904: 3, for
    1901 to 1903). A draw that leaves survivors out does not enter: they survived."""
    if game.solo:
        return _solo(game, Fraction(420))
    top = max(p.centers for p in game.survivors)
    toppers = sum(1 for p in game.survivors if p.centers == top)
    out: dict[str, Fraction] = {}
    for p in game.powers:
        if p.eliminated is not None:
            out[p.name] = Fraction(p.eliminated - 1901)
        else:
            out[p.name] = Fraction(10 * p.centers + 30)
            if p.centers == top:
                out[p.name] += Fraction(48, toppers)
    return out


HAIGHT_PLACES = [Fraction(66 - 11 * i) for i in range(7)]


def lower_places(
    groups: Sequence[Sequence[str]], points: Sequence[Fraction]
) -> dict[str, Fraction]:
    """Place points where a tie takes the lowest of the places it spans (Haight): two tied
    first both score second place's points.

    >>> lower_places([["a", "b"], ["c"]], [Fraction(10), Fraction(6), Fraction(2)])
    {'a': Fraction(6, 1), 'b': Fraction(6, 1), 'c': Fraction(2, 1)}
    """
    out: dict[str, Fraction] = {}
    place = 0
    for group in groups:
        last = place + len(group) - 1
        for name in group:
            out[name] = points[last] if last < len(points) else Fraction(0)
        place += len(group)
    return out


def haight(game: Game) -> dict[str, Fraction]:
    """Haight v1.0 (WDC 2025). A solo: 451; every other survivor the greater of 5 a center
    and 1 a year played (to the solo's year, included); the eliminated 1 a year played
    (the year they fell included). Else 10 a center (the eliminated: 1 a year played, the
    year they fell included), plus 66, 55, 44, 33, 22, 11, 0 by place (survivors by
    centers, then the eliminated, later out first), a tie taking the lowest place it
    spans; a lone topper adds 5 for each center he leads the next power by."""

    def played(year: int) -> Fraction:
        return Fraction(year - 1900)

    if game.solo:
        return {
            p.name: Fraction(451)
            if p.name == game.solo
            else played(p.eliminated)
            if p.eliminated is not None
            else max(Fraction(5 * p.centers), played(game.last_year))
            for p in game.powers
        }
    places = lower_places(_by_survival(game.powers), HAIGHT_PLACES)
    out = {
        p.name: (Fraction(10 * p.centers) if p.eliminated is None else played(p.eliminated))
        + places[p.name]
        for p in game.powers
    }
    counts = sorted((p.centers for p in game.powers), reverse=True)
    if len(counts) > 1 and counts[0] > counts[1]:
        topper = next(p for p in game.powers if p.centers == counts[0])
        out[topper.name] += 5 * (counts[0] - counts[1])
    return out


SYSTEMS: dict[str, Callable[[Game], dict[str, Fraction]]] = {
    "sum_of_squares": sum_of_squares,
    "draw_size": draw_size,
    "c_diplo_100": c_diplo_100,
    "c_diplo_73": c_diplo_73,
    "carnage": carnage,
    "tribute": tribute,
    "open_tribute": open_tribute,
    "dixie": dixie,
    "manorcon": manorcon,
    "c_diplo_namur": c_diplo_namur,
    "world_classic": world_classic,
    "haight": haight,
}

#: The readings chosen where the sources disagree or are silent (NOTES.md 2.3), for the
#: rules page.
READINGS = {
    "draw_size": "A draw is the powers named in it; with none named, every survivor (DIAS).",
    "c_diplo_73": "After a solo every other power keeps its 1 point for playing (EDC 4).",
    "carnage": "The eliminated rank below every survivor, later eliminations first; "
    "powers eliminated in the same year share their places.",
    "tribute": "Tribute is never negative: a leader with 6 centers or fewer takes none.",
    "open_tribute": "Tied toppers each take tribute / k², kept as a fraction.",
    "dixie": "A soloist takes first place and 4 a center; the others rank as usual.",
    "manorcon": "An eliminated power counts the year it fell: 0.1 a year from 1901 to "
    "that year, so 0.4 for 1904.",
    "c_diplo_namur": "After a solo the other powers score 0, their point for playing too; "
    "the eliminated rank together at 0 centers.",
    "world_classic": "After a solo the others score 0; an eliminated power scores the years "
    "it lived through (out in 1904: 3); a survivor left out of a draw still scores 30 for "
    "surviving.",
    "haight": "Tied powers each take the lowest place they span; the eliminated rank below "
    "every survivor, later out first, and count the year they fell (out in 1904: 4); the "
    "topper's bonus is for a lone topper, over the next power's centers.",
}


#: How the systems that read a draw score a game stopped by time, with no draw agreed (the
#: others score by centers and places alone, however the game ended): for the rules page.
TIME_READINGS = {
    "draw_size": "A game ended by time, with no draw agreed, is shared by its survivors "
    "(as a draw that names nobody).",
    "dixie": "A game ended by time has no draw: each power takes the place its centers "
    "give it, ties sharing.",
}


def score(system: str, game: Game) -> Scores:
    """Each power's score in ``game`` by ``system``.

    Raises:
        ScoringError: for a system this module does not know.
    """
    if system not in SYSTEMS:
        known = ", ".join(SYSTEMS)
        raise ScoringError(f"there is no scoring system {system!r} (known: {known})", "system")
    return {name: _number(value) for name, value in SYSTEMS[system](game).items()}


# -- reading the command line's input ---------------------------------------------------------

#: How a game ended, as the input's optional ``end`` says: a solo, a draw (of the powers in
#: ``draw``, or every survivor), or stopped by time with no draw (ranked by centers). Left
#: out, it is read from ``solo``: a solo if one is named, else a draw.
ENDS = ("solo", "draw", "time")
_END_WORDS = {"draw": "in a draw", "time": "by time"}


def game_from_json(data: Any) -> tuple[str, Game]:
    """The system and the game of one input object (see the spec).

    Raises:
        ScoringError: for anything that is not a game as the spec says, with its path.
    """
    if not isinstance(data, Mapping):
        raise ScoringError("a game is a JSON object", "")
    system = data.get("system")
    if not isinstance(system, str) or system not in SYSTEMS:
        known = ", ".join(SYSTEMS)
        raise ScoringError(f"there is no scoring system {system!r} (known: {known})", "system")
    raw = data.get("powers")
    if not isinstance(raw, Mapping) or not raw:
        raise ScoringError("powers must be an object naming every power of the game", "powers")
    powers: list[Power] = []
    for name, entry in raw.items():
        path = f"powers.{name}"
        if not isinstance(entry, Mapping):
            raise ScoringError(f"{path} must be an object with its centers", path)
        centers = entry.get("centers")
        if type(centers) is not int or not 0 <= centers <= TOTAL_CENTERS:
            raise ScoringError(
                f"centers must be a whole number from 0 to {TOTAL_CENTERS}", f"{path}.centers"
            )
        eliminated = entry.get("eliminated")
        if centers == 0:
            if type(eliminated) is not int or eliminated < 1901:
                raise ScoringError(
                    "a power with no centers was eliminated: give the year (1901 or later)",
                    f"{path}.eliminated",
                )
        elif eliminated is not None:
            raise ScoringError("a power with centers is not eliminated", f"{path}.eliminated")
        powers.append(Power(str(name), centers, eliminated))
    if sum(p.centers for p in powers) > TOTAL_CENTERS:
        raise ScoringError(f"the centers add up to more than {TOTAL_CENTERS}", "powers")
    if not any(p.alive for p in powers):
        raise ScoringError("no power survived", "powers")
    names = {p.name for p in powers}
    solo = data.get("solo")
    if solo is not None:
        if solo not in names:
            raise ScoringError(f"the soloist {solo!r} is not one of the powers", "solo")
        soloist = next(p for p in powers if p.name == solo)
        if soloist.centers < SOLO_CENTERS:
            raise ScoringError(
                f"a solo needs {SOLO_CENTERS} centers; {solo} has {soloist.centers}", "solo"
            )
    elif any(p.centers >= SOLO_CENTERS for p in powers):
        raise ScoringError(f"a power with {SOLO_CENTERS} centers or more has soloed", "solo")
    draw = data.get("draw")
    if draw is not None:
        if not isinstance(draw, list) or not draw:
            raise ScoringError("draw must be a list of the powers in it, or null", "draw")
        for n, name in enumerate(draw):
            member = next((p for p in powers if p.name == name), None)
            if member is None or not member.alive:
                raise ScoringError(f"{name!r} is not a surviving power", f"draw[{n}]")
        if solo is not None:
            raise ScoringError("a game ends in a solo or a draw, not both", "draw")
    end = data.get("end")
    if end is not None and end not in ENDS:
        raise ScoringError(f"end is one of {', '.join(ENDS)}, or left out", "end")
    if end == "solo" and solo is None:
        raise ScoringError("a game that ended in a solo names its soloist", "solo")
    if end in ("draw", "time") and solo is not None:
        raise ScoringError(f"a game that ended {_END_WORDS[end]} has no soloist", "solo")
    if end == "time" and draw is not None:
        raise ScoringError("a game stopped by time has no draw: leave draw null", "draw")
    last_year = data.get("last_year")
    if type(last_year) is not int or last_year < 1901:
        raise ScoringError("last_year must be the game's last year (1901 or later)", "last_year")
    for p in powers:
        if p.eliminated is not None and p.eliminated > last_year:
            raise ScoringError(
                "eliminated after the game's last year", f"powers.{p.name}.eliminated"
            )
    return system, Game(
        tuple(powers), solo, tuple(draw) if draw else None, last_year, by_time=end == "time"
    )


def main(argv: Sequence[str], stdin: TextIO, stdout: TextIO) -> int:
    """The command line: ``systems`` lists them; else one game or a list is read from
    standard input and scored."""
    if list(argv) == ["systems"]:
        stdout.write(json.dumps(list(SYSTEMS)) + "\n")
        return 0
    if argv:
        return _error("usage: python -m tournaments.scoring [systems] < game.json", "", stdout)
    try:
        data = json.loads(stdin.read())
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        return _error(f"the input is not JSON: {e}", "", stdout)
    try:
        if isinstance(data, list):
            answers = []
            for n, item in enumerate(data):
                try:
                    answers.append(_answer(item))
                except ScoringError as e:
                    raise ScoringError(
                        e.message, f"[{n}].{e.path}" if e.path else f"[{n}]"
                    ) from None
            stdout.write(json.dumps(answers) + "\n")
        else:
            stdout.write(json.dumps(_answer(data)) + "\n")
    except ScoringError as e:
        return _error(e.message, e.path, stdout)
    return 0


def _answer(data: Any) -> dict[str, Any]:
    system, game = game_from_json(data)
    return {"system": system, "scores": score(system, game)}


def _error(message: str, path: str, out: TextIO) -> int:
    out.write(json.dumps({"error": message, "path": path}) + "\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], sys.stdin, sys.stdout))
