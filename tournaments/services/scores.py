"""The scores of rounds of standard games as they stand: each entry's score in each
round, what each round counts for in the tournament (the tournament's way of combining
rounds), and the tournament score from them (all rounds, or the best N).

Rounds scored by different systems cannot be added up as their systems give them: a
Carnage board pays thousands of points, Sum-of-Squares at most 100, so a raw sum is the
Carnage round alone. The organiser combines such rounds by rank points (each round's
placings, as DipCon 2019 summed them) or by each round scaled to 100 for its best score;
a raw sum is refused for them when a round is started (services.rounds)."""

from __future__ import annotations

from collections.abc import Mapping

from tournaments.models import BoardSeat, Round, Tournament

RoundValues = Mapping[str, float | None]


def round_scores(tournament: Tournament) -> dict[str, list[float | None]]:
    """Each entry's score in each round of standard games so far (None: not scored, or
    not played), keyed by entry. A round sat out to make the boards whole scores the
    tournament's points for sitting out, if it gives any (not a round the player was
    away for)."""
    rounds = list(tournament.rounds.filter(kind=Round.Kind.BOARDS).order_by("number"))
    out: dict[str, list[float | None]] = {
        e.key: [None] * len(rounds) for e in tournament.entries.all()
    }
    for index, played in enumerate(rounds):
        for seat in BoardSeat.objects.filter(board__round=played):
            out.setdefault(str(seat.entry_id), [None] * len(rounds))[index] = seat.score
        if tournament.sit_out_points is not None:
            for key in set(played.sitting_out) - set(played.away):
                out.setdefault(key, [None] * len(rounds))[index] = tournament.sit_out_points
    return out


def rank_points(scores: RoundValues) -> dict[str, float | None]:
    """One round's rank points: the players who played it placed by their score, those
    level sharing the mean of the places they span; place p among n players scores
    n - p + 1 (the first of 21 scores 21, the last 1). A round not played scores None,
    which the tournament score counts as nothing: summing these orders players as the
    sum of their placings does (lower is better), and a round sat out is no advantage."""
    played = sorted((s for s in scores.values() if s is not None), reverse=True)
    n = len(played)
    place_of: dict[float, float] = {}
    for value in set(played):
        first = played.index(value) + 1
        last = first + played.count(value) - 1
        place_of[value] = (first + last) / 2
    return {key: None if s is None else _tidy(n - place_of[s] + 1) for key, s in scores.items()}


def scaled(scores: RoundValues) -> dict[str, float | None]:
    """One round's scores scaled to 100 for its best score: 100 x score / best. A round
    whose best score is 0 counts 0 for everyone who played it."""
    best = max((s for s in scores.values() if s is not None), default=0.0)
    return {
        key: None if s is None else (_tidy(100 * s / best) if best > 0 else 0)
        for key, s in scores.items()
    }


def _tidy(value: float) -> float:
    """A whole number as one; else rounded as scores are kept (4 places)."""
    return int(value) if value == int(value) else round(value, 4)


def round_points(
    tournament: Tournament, scores: Mapping[str, list[float | None]]
) -> dict[str, list[float | None]]:
    """What each round counts for in the tournament score, per entry, from ``scores`` (as
    :func:`round_scores` gives them, or as they would stand): the scores themselves, their
    rank points, or the scores scaled, by the tournament's way of combining rounds."""
    if tournament.combine == Tournament.Combine.SUM:
        return {key: list(values) for key, values in scores.items()}
    combine = rank_points if tournament.combine == Tournament.Combine.RANK else scaled
    count = max((len(v) for v in scores.values()), default=0)
    out: dict[str, list[float | None]] = {key: [None] * count for key in scores}
    for index in range(count):
        one = combine({key: v[index] if index < len(v) else None for key, v in scores.items()})
        for key, value in one.items():
            out[key][index] = value
    return out


def tournament_score(tournament: Tournament, points: list[float | None]) -> float:
    """The tournament score from what each round counts for (:func:`round_points`): all
    of them, or the best N."""
    counted = sorted((s for s in points if s is not None), reverse=True)
    if tournament.best_rounds:
        counted = counted[: tournament.best_rounds]
    return round(sum(counted), 4)
