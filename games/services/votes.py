"""The players' votes: a draw, a concession, cancelling the game, a pause and its end.

When each kind is open to a seat is games.vote_rules' rule (the game page offers what it
allows); here a vote is cast, counted and, once decided, carried out: through the kernel's
``game_finish`` (a draw, a concession), ``game_cancel``, moderation's one pause
(``pause_start``, ``pause_end``), or a linked board's ``link_concede``.

Only the player votes: a sitter orders for a seat but agrees nothing in its name, and an
eliminated power has no say. Votes are secret until decided; a decision is noted in the
phase's history (never who voted how) and announced, and every vote bumps the game's
version so that pages follow.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from games import events
from games.models import BoardLink, Game, GamePhase, Seat, Vote
from games.services.kernel import (
    bump,
    game_cancel,
    game_finish,
    game_locked,
    phase_named_locked,
    phase_note,
    seat_acting,
    seated_users,
)
from games.services.links import link_concede
from games.services.moderation import PAUSE_MAX, pause_end, pause_start
from games.vote_rules import UNANIMOUS, vote_refusal


@transaction.atomic
def vote_cast(
    *, game: Game, user: AbstractBaseUser, kind: str, accept: bool, phase: int | None = None
) -> bool:
    """Vote for (``accept``) or against a ``kind`` of :class:`Vote` in the open phase
    ``phase`` (its index: the phase the player voted in); returns True if the vote was
    decided by it (and carried out). A vote lapses with its phase: one sent for a phase
    that is over is refused, never cast in the next.

    A concession is decided by its one vote; the other kinds need the vote of every
    surviving power in the same phase. The first yes of a phase proposes the vote, and
    the other survivors hear of it (never from whom).

    Raises:
        NotSeated: ``user`` holds no seat in ``game`` (a sitter's is not his).
        PhaseOver: ``phase`` is over (kernel.phase_named_locked).
        NoSuchPhase: the game has no phase ``phase``.
        ApplicationError: the vote is not open to the seat (games.vote_rules), the game has no
            open phase, or a concession is withdrawn (it cannot be cast against).
    """
    if game.link_id is not None:
        # A concession decides the link and ends all its boards: the link, then its boards
        # in primary-key order, are locked as a moderator's award locks them
        # (services.links.link_award), so that neither waits on the other for ever.
        BoardLink.objects.select_for_update().get(pk=game.link_id)
        list(Game.objects.select_for_update().filter(link_id=game.link_id).order_by("pk"))
    game = game_locked(game.pk)
    seat = seat_acting(game, user, sitter_ok=False)  # a sitter orders, but agrees nothing
    advice = _("Your vote was not cast: a vote lapses when its phase ends.")
    current = phase_named_locked(game, phase, advice=advice)
    refusal = vote_refusal(game=game, seat=seat, kind=kind, phase=current)
    if refusal is not None:
        raise ApplicationError(refusal)
    if kind == Vote.Kind.CONCEDE and not accept:
        raise ApplicationError(_("A concession is final: there is nothing to withdraw."))
    Vote.objects.update_or_create(phase=current, seat=seat, kind=kind, defaults={"accept": accept})
    yes = set(current.votes.filter(kind=kind, accept=True).values_list("seat_id", flat=True))
    if kind in UNANIMOUS:
        survivors = set(game.seats.filter(eliminated=False).values_list("pk", flat=True))
        decided = bool(survivors) and survivors <= yes
    else:
        decided = True
    if decided:
        _carry_out(game, current, seat, kind)
    elif accept and len(yes) == 1:
        _propose(game, current, seat, kind)
    bump(game)
    return decided


def draw_vote(
    *, game: Game, user: AbstractBaseUser, accept: bool, phase: int | None = None
) -> bool:
    """Vote for (or against) a draw in the open phase ``phase``; True if the game ended
    in a draw (:func:`vote_cast` of a draw)."""
    return vote_cast(game=game, user=user, kind=Vote.Kind.DRAW, accept=accept, phase=phase)


def _propose(game: Game, phase: GamePhase, seat: Seat, kind: str) -> None:
    """Tell the other survivors that a vote of ``kind`` was proposed in ``phase``."""
    others = game.seats.filter(eliminated=False, user__isnull=False).exclude(pk=seat.pk)
    users = list(others.values_list("user_id", flat=True))
    params = {"game": game.name, "phase": phase.code}
    if kind == Vote.Kind.DRAW:
        events.announce(
            kind="draw_proposed", game=game, users=users, key=f"draw:{phase.pk}", params=params
        )
        return
    # A pause may be proposed again in the phase once it has ended: each proposal is
    # its own event, named after the vote that opened it.
    opened = phase.votes.get(seat=seat, kind=kind)
    events.announce(
        kind="vote_proposed",
        game=game,
        users=users,
        key=f"vote:{kind}:{opened.pk}",
        params={**params, "vote": kind},
    )


def _carry_out(game: Game, phase: GamePhase, seat: Seat, kind: str) -> None:
    """Do what the players decided, and note it in the phase's history."""
    now = timezone.now()
    if kind == Vote.Kind.DRAW:
        _phase_close(phase, "draw_agreed", now)
        game_finish(game, Game.Outcome.DRAW, "", now)
    elif kind == Vote.Kind.CONCEDE:
        winner = game.seats.exclude(pk=seat.pk).values_list("power", flat=True).get()
        if game.link is not None:
            link_concede(game.link, loser=seat.power, winner=winner, now=now)
        else:
            _phase_close(phase, "conceded", now, power=seat.power, winner=winner)
            game_finish(game, Game.Outcome.SOLO, winner, now)
    elif kind == Vote.Kind.CANCEL:
        _phase_close(phase, "cancel_agreed", now)
        game_cancel(game, now)
        _decided(game, phase, kind)
    elif kind == Vote.Kind.PAUSE:
        pause_start(game, None, "", PAUSE_MAX, by_vote=True)
        phase_note(phase, "pause_agreed")
        phase.save(update_fields=["notes"])
        _decided(game, phase, kind)
    elif kind == Vote.Kind.RESUME:
        pause_end(game, None, "", by_vote=True)
        phase_note(phase, "resume_agreed")
        phase.save(update_fields=["notes"])
        _decided(game, phase, kind)


def _phase_close(phase: GamePhase, kind: str, now: object, **params: str) -> None:
    """The game ends in ``phase``: it closes unadjudicated, with a note of ``kind`` saying why."""
    phase.status = GamePhase.Status.RESOLVED
    phase.resolved_at = now
    phase_note(phase, kind, **params)
    phase.save(update_fields=["status", "resolved_at", "notes"])


def _decided(game: Game, phase: GamePhase, kind: str) -> None:
    """Tell the players what they decided (a draw and a concession end the game, which
    says so itself)."""
    # A phase may see a pause and its end more than once: the decision's note, the
    # latest of the phase's, names it.
    events.announce(
        kind="vote_passed",
        game=game,
        users=seated_users(game),
        key=f"passed:{kind}:{phase.pk}:{len(phase.notes)}",
        params={"game": game.name, "phase": phase.code, "vote": kind},
    )
