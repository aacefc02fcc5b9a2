"""The scores of rounds of standard games as they stand: each entry's score in each
round, and the tournament score from them (all rounds, or the best N)."""

from __future__ import annotations

from tournaments.models import BoardSeat, Round, Tournament


def round_scores(tournament: Tournament) -> dict[str, list[float | None]]:
    """Each entry's score in each round of standard games so far (None: not scored, or
    sat out), keyed by entry."""
    rounds = list(tournament.rounds.filter(kind=Round.Kind.BOARDS).order_by("number"))
    out: dict[str, list[float | None]] = {
        e.key: [None] * len(rounds) for e in tournament.entries.all()
    }
    for index, played in enumerate(rounds):
        for seat in BoardSeat.objects.filter(board__round=played):
            out.setdefault(str(seat.entry_id), [None] * len(rounds))[index] = seat.score
    return out


def tournament_score(tournament: Tournament, scores: list[float | None]) -> float:
    """The tournament score from the round scores: all of them, or the best N."""
    counted = sorted((s for s in scores if s is not None), reverse=True)
    if tournament.best_rounds:
        counted = counted[: tournament.best_rounds]
    return round(sum(counted), 4)
