"""A tournament's results as files: the classification and the boards as CSV, in the
shape of the World Diplomacy Database's two files (one row per player; one row per
player per board), and everything as JSON. Names are the players' site names: the site
holds no legal names, which the organiser adds before uploading to the WDD."""

from __future__ import annotations

import csv
import io
from typing import Any

from accounts.selectors import name_shown
from games.models import Game
from games.positions import boards_now
from tournaments.brackets import Decided
from tournaments.models import BoardSeat, Entry, Match, Round, Tournament
from tournaments.selectors import held_before, round_standings
from tournaments.services.stages import duel_ranking, duel_records
from tournaments.wording import decided_words, match_name

CLASSIFICATION = ("rank", "player", "played", "wins", "losses", "boards_won", "centres")
#: A seat handed over while its board ran: ``player`` held it at the end and has its
#: score (the house rule); ``replaced`` names who held it before him and
#: ``replaced_from`` the phase from which the next one played it (both "; "-separated).
BOARDS_ROUNDS = (
    "round",
    "board",
    "top",
    "game",
    "player",
    "power",
    "centres",
    "score",
    "replaced",
    "replaced_from",
)
BOARDS = (
    "round",
    "match",
    "board",
    "game",
    "player",
    "colour",
    "centres",
    "units",
    "result",
    "decided",
)


def _played(tournament: Tournament) -> list[Match]:
    return list(
        tournament.matches.filter(winner__isnull=False)
        .exclude(a__isnull=True)
        .exclude(b__isnull=True)
        .select_related("a__user", "b__user", "winner__user", "round", "tournament")
        .order_by("round__kind", "round__number", "group", "bracket_round", "index")
    )


def classification_columns(tournament: Tournament) -> tuple[str, ...]:
    if tournament.format != Tournament.Format.ROUNDS:
        return CLASSIFICATION
    count = tournament.rounds.filter(kind=Round.Kind.BOARDS).count()
    return ("rank", "player", *[f"round_{n}" for n in range(1, count + 1)], "score")


def boards_columns(tournament: Tournament) -> tuple[str, ...]:
    return BOARDS_ROUNDS if tournament.format == Tournament.Format.ROUNDS else BOARDS


def classification(tournament: Tournament) -> list[dict[str, Any]]:
    """One row per player who played, best first: knock-out places first (shared by the
    round lost in), then those out in the groups by group place, wins and centers; for
    rounds of standard games, the standings with each round's score."""
    return [row for _key, row in classification_by_entry(tournament)]


def classification_by_entry(tournament: Tournament) -> list[tuple[str, dict[str, Any]]]:
    """:func:`classification`'s rows, each with the key of its entry: two players may be
    shown under the same name ("a former player", once they closed their accounts)."""
    if tournament.format == Tournament.Format.ROUNDS:
        return [
            (
                row["key"],
                {
                    "rank": row["place"],
                    "player": row["player"],
                    **{f"round_{n}": _score(s) for n, s in enumerate(row["rounds"], start=1)},
                    "score": _score(row["total"]),
                },
            )
            for row in round_standings(tournament)
        ]
    entries = {e.key: e for e in tournament.entries.select_related("user")}
    # The record the group table counts: a replacement carries on the duels of the player
    # he replaced, who has no row of his own (the entrants of the JSON export show him
    # replaced, and by whom).
    totals = duel_records(tournament)
    return [
        (key, {"rank": rank, "player": name_shown(entries[key].user), **totals[key]})
        for rank, key in duel_ranking(tournament)
    ]


def _score(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def boards(tournament: Tournament) -> list[dict[str, Any]]:
    """One row per player per board of every duel decided, walkovers noted with no
    board; for rounds of standard games, one row per player per board scored."""
    if tournament.format == Tournament.Format.ROUNDS:
        entries = {e.key: e for e in tournament.entries.select_related("user")}
        rows = []
        for seat in (
            BoardSeat.objects.filter(
                board__round__tournament=tournament, board__scored_at__isnull=False
            )
            .select_related("board__round", "entry__user")
            .order_by("board__round__number", "board__number", "power")
        ):
            before = held_before(seat, entries)
            rows.append(
                {
                    "round": seat.board.round.number,
                    "board": seat.board.number,
                    "top": "yes" if seat.board.top else "",
                    "game": seat.board.game_id or "",
                    "player": name_shown(seat.entry.user),
                    "power": seat.power,
                    "centres": seat.centres,
                    "score": _score(seat.score),
                    "replaced": "; ".join(h["player"] for h in before),
                    "replaced_from": "; ".join(h["phase"] for h in before),
                }
            )
        return rows
    rows = []
    matches = _played(tournament)
    # A match decided without play (a walkover, a forfeit) lists none of the boards its
    # duel may have started on: like the tie-breaks, it counts no board figures. A conceded
    # duel was played, up to the concession: its boards are listed.
    on_boards = (Decided.PLAYED.value, Decided.CONCEDED.value)
    played = {m.duel_id for m in matches if m.duel_id and m.decided in on_boards}
    by_duel: dict[int, list[Game]] = {}
    for game in Game.objects.filter(link_id__in=played).order_by("pk"):
        by_duel.setdefault(game.link_id or 0, []).append(game)
    positions = boards_now(g for games in by_duel.values() for g in games)
    for m in matches:
        games = by_duel.get(m.duel_id or 0, [])
        round_name = match_name(m).split(",")[0]
        for entry, colour in ((m.a, "red"), (m.b, "blue")):
            assert entry is not None
            result = "won" if m.winner_id == entry.pk else "lost"
            if not games:
                rows.append(
                    {
                        "round": round_name,
                        "match": match_name(m),
                        "board": "",
                        "game": "",
                        "player": name_shown(entry.user),
                        "colour": colour,
                        "centres": "",
                        "units": "",
                        "result": result,
                        "decided": decided_words(m.decided),
                    }
                )
            for game in games:
                position = positions.get(game.pk)
                rows.append(
                    {
                        "round": round_name,
                        "match": match_name(m),
                        "board": game.link_label,
                        "game": game.pk,
                        "player": name_shown(entry.user),
                        "colour": colour,
                        "centres": len(position.centers_of(colour)) if position else 0,
                        "units": len(position.units_of(colour)) if position else 0,
                        "result": result,
                        "decided": decided_words(m.decided),
                    }
                )
    return rows


def as_csv(rows: list[dict[str, Any]], columns: tuple[str, ...]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({c: row.get(c, "") for c in columns})
    return out.getvalue()


def as_json(tournament: Tournament) -> dict[str, Any]:
    """The whole tournament: its settings, entrants, every match, the classification."""
    entries = list(tournament.entries.select_related("user").order_by("seed", "pk"))
    dropped = _rounds_dropped(tournament)
    return {
        "name": tournament.name,
        "format": tournament.format,
        "status": tournament.status,
        "started_at": tournament.started_at.isoformat() if tournament.started_at else None,
        "finished_at": tournament.finished_at.isoformat() if tournament.finished_at else None,
        "seeding": tournament.seeding,
        "tie_breaks": list(tournament.tie_breaks or []),
        "scoring": tournament.scoring if tournament.format == Tournament.Format.ROUNDS else None,
        "entrants": [
            {
                "player": name_shown(e.user),
                "seed": e.seed,
                "status": e.status,
                "group": e.group,
                "replaced_by": _replacement(e),
                # The rounds the best-N rule leaves out of his score (the WDD asks for
                # them), on his own row: two players may be shown under the same name.
                "rounds_dropped": dropped.get(e.key, []),
            }
            for e in entries
        ],
        # Each round of boards with its own system and last year (the WDD asks for both).
        "rounds": [
            {
                "number": r.number,
                "scoring": r.scoring_system,
                "last_year": r.last_year,
            }
            for r in tournament.rounds.filter(kind=Round.Kind.BOARDS).order_by("number")
        ],
        "boards": boards(tournament) if tournament.format == Tournament.Format.ROUNDS else [],
        "matches": [
            {
                "name": match_name(m),
                "a": name_shown(m.a.user) if m.a else None,
                "b": name_shown(m.b.user) if m.b else None,
                "winner": name_shown(m.winner.user) if m.winner else None,
                "decided": m.decided or None,
                "playoff": m.playoff,
                "duel": m.duel_id,
                "stats": m.stats or {},
            }
            for m in tournament.matches.select_related(
                "a__user", "b__user", "winner__user", "round", "tournament"
            ).order_by("round__kind", "round__number", "group", "bracket_round", "index")
        ],
        "classification": classification(tournament),
    }


def _rounds_dropped(tournament: Tournament) -> dict[str, list[int]]:
    """By entry's key, the numbers of the rounds his tournament score leaves out under the
    best-N rule (the lowest; of two equal, the later): none without the rule."""
    if tournament.format != Tournament.Format.ROUNDS or not tournament.best_rounds:
        return {}
    out: dict[str, list[int]] = {}
    for row in round_standings(tournament):
        played = [(p, n) for n, p in enumerate(row["points"], start=1) if p is not None]
        kept = sorted(played, key=lambda pn: (-pn[0], pn[1]))[: tournament.best_rounds]
        out[row["key"]] = sorted(n for _p, n in set(played) - set(kept))
    return out


def _replacement(entry: Entry) -> str | None:
    return name_shown(entry.replaced_by.user) if entry.replaced_by_id else None
