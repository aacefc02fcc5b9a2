"""A tournament's results in the World Diplomacy Database's own upload layout (issue 35,
D9): its two CSV files, the classification (one row per player) and, for rounds of
standard boards, the boards (one row per player per board), and the check an organiser
reads before downloading them.

The layout, as the WDD's upload takes it (the column names are the WDD's):

- classification: ``FIRST NAME``, ``NAME``, ``HOMONYME`` (1: the WDD tells players of
  one name apart itself), ``RANK``, ``EXAEQUO`` (how many share the rank), ``LOCATION``,
  ``NATIONALITY`` (the WDD's country code), ``SCORE``, ``R1`` … ``R8`` (the round scores
  of a tournament of rounds).
- boards: ``FIRST NAME``, ``NAME``, ``HOMONYME``, ``ROUND``, ``BOARD``, ``COUNTRY`` (the
  power: ``0AU`` … ``0TU``), ``RANK`` and ``EXAEQUO`` (on the board, by score), ``SCORE``,
  ``NB_CENTRE``, ``YEAR_ELIMINATION`` (two digits: 1905 is 5; empty for a survivor),
  ``DRAW`` (1 for a soloist, the number in the draw for each of its members, else 0) and
  ``CT_01`` … ``CT_20`` (centres after each year's fall, 1901 first).

A player's legal name and country come from what he gave for this and agreed to share
(tournaments.visibility.identity_for_results); without them his row carries his site
name as ``NAME`` and the check says so. What the WDD's layout has no column for (a
WDD id, a round's system, rounds dropped under best-N, play-offs) is in the site's own
files (tournaments.exports)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext as _

from accounts.selectors import name_shown
from adjudicator import Phase
from adjudicator.board import PhaseKind, Season
from games.models import Game, GamePhase
from tournaments import visibility
from tournaments.exports import classification_by_entry
from tournaments.models import Board, Entry, Round, Tournament
from tournaments.selectors import round_standings
from tournaments.services.rounds import elimination_years

#: The most rounds the WDD's classification has columns for.
ROUNDS = 8
#: The most years the WDD's boards file has centre columns for.
YEARS = 20
NAME_COLUMNS = ("FIRST NAME", "NAME", "HOMONYME")
CLASSIFICATION = (
    *NAME_COLUMNS,
    "RANK",
    "EXAEQUO",
    "LOCATION",
    "NATIONALITY",
    "SCORE",
    *(f"R{n}" for n in range(1, ROUNDS + 1)),
)
BOARDS = (
    *NAME_COLUMNS,
    "ROUND",
    "BOARD",
    "COUNTRY",
    "RANK",
    "EXAEQUO",
    "SCORE",
    "NB_CENTRE",
    "YEAR_ELIMINATION",
    "DRAW",
    *(f"CT_{n:02d}" for n in range(1, YEARS + 1)),
)
#: The WDD's code of each power of the standard map.
POWER_CODES = {
    "austria": "0AU",
    "england": "0EN",
    "france": "0FR",
    "germany": "0GE",
    "italy": "0IT",
    "russia": "0RU",
    "turkey": "0TU",
}


def _names(viewer: AbstractBaseUser, entry: Entry) -> dict[str, Any]:
    identity = visibility.identity_for_results(viewer=viewer, entry=entry)
    if identity is None or not identity.last_name:
        return {"FIRST NAME": "", "NAME": name_shown(entry.user), "HOMONYME": 1}
    return {"FIRST NAME": identity.first_name, "NAME": identity.last_name, "HOMONYME": 1}


def _nationality(viewer: AbstractBaseUser, entry: Entry) -> str:
    identity = visibility.identity_for_results(viewer=viewer, entry=entry)
    return identity.country if identity is not None and identity.country else "YYY"


def _score(value: Any) -> str:
    return "" if value in (None, "") else f"{float(value):.2f}"


def wdd_classification(tournament: Tournament, viewer: AbstractBaseUser) -> list[dict[str, Any]]:
    """The WDD's classification file, as ``viewer`` (an organiser) may write it."""
    by_key = {e.key: e for e in tournament.entries.select_related("user")}
    rounds = {r["key"]: r for r in round_standings(tournament)} if _rounds(tournament) else {}
    rows = classification_by_entry(tournament)
    shared = Counter(row["rank"] for _key, row in rows)
    out = []
    for key, row in rows:
        entry = by_key[key]
        scores = rounds.get(key, {}).get("rounds", [])[:ROUNDS]
        out.append(
            {
                **_names(viewer, entry),
                "RANK": row["rank"],
                "EXAEQUO": shared[row["rank"]],
                "LOCATION": "",
                "NATIONALITY": _nationality(viewer, entry),
                "SCORE": row.get("score", ""),
                **{f"R{n}": _score(s) for n, s in enumerate(scores, start=1)},
            }
        )
    return out


def _rounds(tournament: Tournament) -> bool:
    return tournament.format == Tournament.Format.ROUNDS


def _centres_by_year(game: Game) -> dict[str, list[int]]:
    """Each power's supply centres after each fall played (1901 first), from the phases
    that stand (a phase a ruling superseded is not read)."""
    out: dict[str, list[int]] = {p: [] for p in POWER_CODES}
    falls = game.phases.filter(status=GamePhase.Status.RESOLVED, superseded_by__isnull=True)
    for code, after in falls.order_by("index").values_list("code", "position_after"):
        phase = Phase.parse(code)
        if phase.season is not Season.FALL or phase.kind is not PhaseKind.MOVEMENT or not after:
            continue
        centers = after.get("centers") or {}
        for power in out:
            out[power].append(len(centers.get(power, [])))
    return out


def wdd_boards(tournament: Tournament, viewer: AbstractBaseUser) -> list[dict[str, Any]]:
    """The WDD's boards file (rounds of standard boards only: its power codes are the
    standard map's), one row per player per scored board, as ``viewer`` may write it."""
    if not _rounds(tournament):
        return []
    out = []
    boards = (
        Board.objects.filter(
            round__tournament=tournament, round__kind=Round.Kind.BOARDS, scored_at__isnull=False
        )
        .select_related("round", "game")
        .prefetch_related("seats__entry__user", "seats__entry__tournament")
        .order_by("round__number", "number")
    )
    for board in boards:
        game = board.game
        if game is None:
            continue
        seats = list(board.seats.all())
        fallen = elimination_years(game)
        years = _centres_by_year(game)
        drawn = game.winner.split(",") if game.outcome == Game.Outcome.DRAW and game.winner else []
        if game.outcome == Game.Outcome.DRAW and not drawn:
            drawn = [s.power for s in seats if (s.centres or 0) > 0]
        scores = sorted((s.score or 0.0 for s in seats), reverse=True)
        for seat in sorted(seats, key=lambda s: s.power):
            score = seat.score or 0.0
            if game.outcome == Game.Outcome.SOLO:
                draw = 1 if seat.power == game.winner else 0
            else:
                draw = len(drawn) if seat.power in drawn else 0
            year = fallen.get(seat.power)
            out.append(
                {
                    **_names(viewer, seat.entry),
                    "ROUND": board.round.number,
                    "BOARD": board.number,
                    "COUNTRY": POWER_CODES.get(seat.power, seat.power),
                    "RANK": scores.index(score) + 1,
                    "EXAEQUO": scores.count(score),
                    "SCORE": _score(seat.score),
                    "NB_CENTRE": seat.centres if seat.centres is not None else "",
                    "YEAR_ELIMINATION": year % 100 if year is not None else "",
                    "DRAW": draw,
                    **{
                        f"CT_{n:02d}": count
                        for n, count in enumerate(years.get(seat.power, [])[:YEARS], start=1)
                    },
                }
            )
    return out


def wdd_missing(tournament: Tournament, viewer: AbstractBaseUser) -> list[dict[str, str]]:
    """What the WDD's files lack, player by player, for the check before the download:
    a legal name or a country he has not given (or not agreed to share); and what the
    layout cannot carry at all."""
    rows = []
    playing = tournament.entries.exclude(
        status__in=(Entry.Status.WITHDRAWN, Entry.Status.NO_SHOW)
    ).select_related("user", "tournament")
    for entry in playing.order_by("seed", "pk"):
        identity = visibility.identity_for_results(viewer=viewer, entry=entry)
        lacks = []
        if identity is None or not identity.last_name:
            lacks.append(_("a legal name (his site name is sent instead)"))
        if identity is None or not identity.country:
            lacks.append(_("a country"))
        if lacks:
            rows.append({"player": name_shown(entry.user), "lacks": ", ".join(lacks)})
    return rows
