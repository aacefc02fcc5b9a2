"""The knock-out bracket kept in step with its matches: rows for the matches whose players
are known, a duel for each one ready, rounds closed and the tournament finished with it."""

from __future__ import annotations

from typing import Any

from tournaments import brackets
from tournaments.brackets import Decided
from tournaments.models import Match, Round, Tournament
from tournaments.services.duels import duel_start
from tournaments.services.finish import tournament_finish


def bracket_keep(tournament: Tournament, bracket: brackets.Bracket, now: Any) -> None:
    """Keep ``bracket`` and bring the matches in line with it: a row for each match whose
    players are known (byes decided as such), a duel for each one ready to play in a round
    not paused, rounds finished when all their matches are, and the tournament finished
    with the bracket."""
    tournament.bracket = brackets.bracket_to_json(bracket)
    tournament.save(update_fields=["bracket"])
    entries = {e.key: e for e in tournament.entries.select_related("user")}
    places = [(m.round, m) for r in bracket.rounds for m in r]
    if bracket.third_place is not None:
        places.append((bracket.round_count, bracket.third_place))
    for number, m in places:
        if m.a is None and m.b is None:
            continue
        round_row, _made = Round.objects.get_or_create(
            tournament=tournament,
            kind=Round.Kind.KNOCKOUT,
            number=number,
            defaults={"status": Round.Status.PENDING},
        )
        row, _made = Match.objects.get_or_create(
            tournament=tournament,
            round=round_row,
            bracket_round=m.round,
            index=m.index,
            defaults={"decided": ""},
        )
        row.a = entries.get(m.a) if m.a else None
        row.b = entries.get(m.b) if m.b else None
        if m.winner is not None and row.winner_id is None:
            row.winner = entries[m.winner]
            row.decided = m.decided.value if m.decided else ""
            row.decided_at = row.decided_at or now
        row.save()
        if m.decided is Decided.BYE and round_row.status == Round.Status.PENDING:
            round_row.status = Round.Status.RUNNING
            round_row.started_at = now
            round_row.save(update_fields=["status", "started_at"])
        if m.ready and row.duel_id is None and round_row.status != Round.Status.PAUSED:
            duel_start(tournament, row)
    rounds_close(tournament, now)
    if bracket.finished and tournament.status == Tournament.Status.RUNNING:
        tournament_finish(tournament, now)


def rounds_close(tournament: Tournament, now: Any) -> None:
    """Finish each running round whose matches are all decided, once no match of it can
    still appear (a knock-out round is whole once the round before is decided)."""
    bracket = brackets.bracket_from_json(tournament.bracket) if tournament.bracket else None
    for round_row in tournament.rounds.filter(kind=Round.Kind.KNOCKOUT).exclude(
        status=Round.Status.FINISHED
    ):
        matches = list(round_row.matches.all())
        if bracket is None or not matches or any(m.winner_id is None for m in matches):
            continue
        whole = round_row.number <= len(bracket.rounds) and len(matches) >= sum(
            1 for m in bracket.rounds[round_row.number - 1] if m.a is not None or m.b is not None
        )
        if round_row.number == bracket.round_count and bracket.with_third_place:
            whole = whole and bracket.third_place is not None
        if whole:
            round_row.status = Round.Status.FINISHED
            round_row.finished_at = now
            round_row.started_at = round_row.started_at or now
            round_row.save(update_fields=["status", "finished_at", "started_at"])
