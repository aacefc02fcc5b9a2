"""Deciding matches: by the duel's verdict (games announces the end of its boards, and the
listener brings it here), or by the organiser without play (a walkover, a forfeit). The
bracket or the group stage goes on from there.

Everything here runs under the tournament's row lock, so a verdict arriving while an
organiser acts waits its turn, and a verdict heard twice decides the match once."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from games.models import BoardLink
from games.services.links import AWARDED, CONCEDED, link_award
from tournaments import brackets
from tournaments.brackets import Decided
from tournaments.models import Entry, Match, OrganiserAction, Round, Tournament
from tournaments.services.bracket import bracket_keep
from tournaments.services.duels import duel_stats
from tournaments.services.kernel import (
    action_record,
    bump,
    news_announce,
    organised_locked,
    reason_required,
    tournament_locked,
)
from tournaments.services.locks import match_locked
from tournaments.services.stages import (
    group_stage_go_on,
    group_table,
    playoffs_needed,
)
from tournaments.wording import group_name, match_name


def match_decide(
    tournament: Tournament, match: Match, winner: Entry, how: Decided, now: Any
) -> None:
    """``winner`` takes ``match``; the bracket or the group stage goes on from there."""
    match.winner = winner
    match.decided = how.value
    match.decided_at = now
    match.save(update_fields=["winner", "decided", "decided_at", "stats"])
    loser = match.b if winner.pk == match.a_id else match.a
    news_announce(
        tournament,
        key=f"match:{match.pk}",
        users=[e.user_id for e in (match.a, match.b) if e is not None]
        + list(tournament.organisers.values_list("pk", flat=True)),
        what="match",
        match=match_name(match),
        winner=winner.user.get_username(),
        loser=loser.user.get_username() if loser is not None else "",
        how=how.value,
    )
    if match.round.kind == Round.Kind.KNOCKOUT:
        bracket = brackets.bracket_from_json(tournament.bracket or {})
        bracket = brackets.decide(bracket, match.bracket_round, match.index, winner.key, how)
        bracket_keep(tournament, bracket, now)
    else:
        group_stage_go_on(tournament, now)
    bump(tournament)


@transaction.atomic
def duel_verdict_take(*, link_id: int) -> bool:
    """A duel is decided: its match is, too. False if the duel plays no match, is not
    decided, or its match is decided already (a verdict heard twice, a walkover given
    first)."""
    match = Match.objects.filter(duel_id=link_id).select_related("tournament").first()
    if match is None:
        return False
    tournament = tournament_locked(match.tournament)
    match = match_locked(tournament, match)
    link = BoardLink.objects.get(pk=link_id)
    if match.winner_id is not None or link.status != BoardLink.Status.DECIDED:
        return False
    winner = match.entry_of(link.winner)
    if winner is None:
        return False
    # A site moderator may have awarded the duel himself: for the bracket, a walkover,
    # which counts no board figures (the tie-breaks count what was played). A player who
    # conceded on the boards lost a duel that was played up to his concession: it is no
    # forfeit (the organiser records those, without play), and its boards count as they
    # stood.
    how = {AWARDED: Decided.WALKOVER, CONCEDED: Decided.CONCEDED}.get(
        link.decided_by, Decided.PLAYED
    )
    match.stats = duel_stats(match) if how in (Decided.PLAYED, Decided.CONCEDED) else {}
    match_decide(tournament, match, winner, how, timezone.now())
    return True


@transaction.atomic
def match_walkover(
    *, tournament: Tournament, by: AbstractBaseUser, match: Match, winner: Entry, reason: str
) -> Match:
    """Award ``match`` to ``winner`` without play (the other player did not come): its duel,
    if it is running, ends in ``winner``'s favour.

    Raises:
        ApplicationError: ``by`` does not organise the tournament, the match is decided
            or lacks a player, ``winner`` does not play in it, or no reason is given.
    """
    return _award(tournament, by, match, winner, reason, Decided.WALKOVER)


@transaction.atomic
def match_forfeit(
    *, tournament: Tournament, by: AbstractBaseUser, match: Match, loser: Entry, reason: str
) -> Match:
    """Record that ``loser`` gives up ``match``: the other player takes it, and its duel,
    if running, ends.

    Raises:
        ApplicationError: as for :func:`match_walkover`.
    """
    tournament = organised_locked(tournament, by)
    match = match_locked(tournament, match)
    if loser.pk not in (match.a_id, match.b_id):
        raise ApplicationError(_("That player does not play in this match."))
    winner = match.b if loser.pk == match.a_id else match.a
    assert winner is not None
    return _award(tournament, by, match, winner, reason, Decided.FORFEIT)


def _award(
    tournament: Tournament,
    by: AbstractBaseUser,
    match: Match,
    winner: Entry,
    reason: str,
    how: Decided,
) -> Match:
    tournament = organised_locked(tournament, by)
    reason = reason_required(reason)
    match = match_locked(tournament, match)
    if match.winner_id is not None:
        raise ApplicationError(_("This match is decided already."))
    if match.a_id is None or match.b_id is None:
        raise ApplicationError(_("Both players of this match are not known yet."))
    if winner.pk not in (match.a_id, match.b_id):
        raise ApplicationError(_("That player does not play in this match."))
    colour = "red" if winner.pk == match.a_id else "blue"
    if match.duel is not None and match.duel.status != BoardLink.Status.DECIDED:
        # The players hear of it once, from the match's news below ("bob beat cat
        # (walkover)"): a "has ended" for each board, seconds after the draw's "has
        # started", told them twice more of a duel nobody played.
        link_award(link=match.duel, by=by, winner=colour, reason=reason, tell_players=False)
    match.stats = {}  # a match not played to its end counts no board figures
    loser = match.b if winner.pk == match.a_id else match.a
    action_record(
        tournament,
        by,
        OrganiserAction.Kind.WALKOVER if how is Decided.WALKOVER else OrganiserAction.Kind.FORFEIT,
        reason,
        match=match_name(match),
        winner=winner.user.get_username(),
        loser=loser.user.get_username() if loser else "",
    )
    match_decide(tournament, match, winner, how, timezone.now())
    return match


@transaction.atomic
def playoff_decide(
    *,
    tournament: Tournament,
    by: AbstractBaseUser,
    group: int,
    order: list[Entry],
    reason: str,
) -> None:
    """The organiser orders, best first, the players of ``group`` whose play-off ended
    level again (a circle of wins): a tie the site never settles by seed on its own.
    Kept with the group stage and logged as his action, with his reason, which players
    see; the stage goes on from there.

    Raises:
        ApplicationError: ``by`` does not organise it, there is no group stage running,
            no reason is given, or ``order`` is not exactly the players left level.
    """
    tournament = organised_locked(tournament, by)
    reason = reason_required(reason)
    stage = tournament.rounds.filter(kind=Round.Kind.GROUPS).first()
    if stage is None or stage.status == Round.Status.FINISHED:
        raise ApplicationError(_("There is no group stage under way."))
    keys = [e.key for e in order]
    level = [
        p
        for p in playoffs_needed(group_table(tournament, group), tournament.advance_per_group)
        if p.tied_again
    ]
    wanted = next((p for p in level if set(p.players) == set(keys)), None)
    if wanted is None or len(keys) != len(set(keys)):
        raise ApplicationError(
            _("Order each player the play-off left level exactly once, and nobody else.")
        )
    stage.tie_orders = {
        **stage.tie_orders,
        str(group): [*stage.tie_orders.get(str(group), []), keys],
    }
    stage.save(update_fields=["tie_orders"])
    action_record(
        tournament,
        by,
        OrganiserAction.Kind.PLAYOFF_DECIDE,
        reason,
        group=group_name(group),
        order=[e.user.get_username() for e in order],
        places=[str(p) for p in wanted.places],
    )
    group_stage_go_on(tournament, timezone.now())
    bump(tournament)
