"""A tournament's end: its last match or board decided, it is over; rounds planned but
never needed are dropped, and its players and organisers hear who won."""

from __future__ import annotations

from typing import Any

from tournaments import brackets
from tournaments.models import Entry, Round, Tournament
from tournaments.services.kernel import news_announce
from tournaments.services.scores import round_points, round_scores, tournament_score


def tournament_finish(tournament: Tournament, now: Any) -> None:
    """The last match is decided: the tournament is over. Rounds planned (a set-up
    fixed) that were never needed are dropped, so none waits for ever."""
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.save(update_fields=["status", "finished_at"])
    tournament.rounds.filter(status=Round.Status.PENDING, matches__isnull=True).delete()
    news_announce(
        tournament,
        key="finished",
        users=list(
            tournament.entries.exclude(
                status__in=(Entry.Status.WITHDRAWN, Entry.Status.NO_SHOW)
            ).values_list("user_id", flat=True)
        )
        + list(tournament.organisers.values_list("pk", flat=True)),
        what="finished",
        winner=champion_name(tournament),
    )


def champion_name(tournament: Tournament) -> str:
    """Who won: the bracket's champion, or the first in the standings of rounds."""
    if tournament.bracket:
        champion = brackets.bracket_from_json(tournament.bracket).champion
        entry = (
            tournament.entries.filter(pk=int(champion)).select_related("user").first()
            if champion
            else None
        )
        return entry.user.get_username() if entry is not None else ""
    scores = round_points(tournament, round_scores(tournament))
    best = max(
        tournament.entries.select_related("user").filter(status=Entry.Status.CHECKED_IN),
        key=lambda e: (tournament_score(tournament, scores.get(e.key, [])), -(e.seed or 0)),
        default=None,
    )
    return best.user.get_username() if best is not None else ""
