"""Rows of a tournament, row-locked under its lock, or a clear refusal."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import ApplicationError
from tournaments.models import Match, Round, Tournament


def match_locked(tournament: Tournament, match: Match) -> Match:
    found = (
        Match.objects.select_for_update(of=("self",))
        .select_related("round", "duel", "a__user", "b__user")
        .filter(pk=match.pk, tournament=tournament)
        .first()
    )
    if found is None:
        raise ApplicationError(_("No such match in this tournament."))
    return found


def round_locked(tournament: Tournament, round: Round) -> Round:
    found = Round.objects.select_for_update().filter(pk=round.pk, tournament=tournament).first()
    if found is None:
        raise ApplicationError(_("No such round in this tournament."))
    return found
