"""Draws: every surviving power votes for one in the same phase; votes are secret."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator import find_variant
from core.errors import ApplicationError
from games import events
from games.links import link_rule
from games.models import DrawVote, Game, GamePhase
from games.services.kernel import bump, game_finish, open_phase_locked, seat_acting


@transaction.atomic
def draw_vote(*, game: Game, user: AbstractBaseUser, accept: bool) -> bool:
    """Vote for (or against) a draw in this phase; returns True if the game ended in a draw.

    Votes are secret. A draw needs every surviving power's vote in the same
    phase; the proposal lapses when the phase ends.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    seat = seat_acting(game, user, sitter_ok=False)  # a sitter orders, but does not agree draws
    if seat.eliminated:
        raise ApplicationError(_("Eliminated powers do not vote."))
    if not find_variant(game.variant).draws:
        raise ApplicationError(
            _("%(variant)s has no draws.") % {"variant": find_variant(game.variant).name}
        )
    if game.link is not None:
        refusal = link_rule(game.link.kind).draw_refusal()
        if refusal is not None:
            raise ApplicationError(refusal)
    phase = open_phase_locked(game)
    DrawVote.objects.update_or_create(phase=phase, seat=seat, defaults={"accept": accept})
    survivors = set(game.seats.filter(eliminated=False).values_list("pk", flat=True))
    yes = set(phase.draw_votes.filter(accept=True).values_list("seat_id", flat=True))
    ended = bool(survivors) and survivors <= yes
    if ended:
        now = timezone.now()
        phase.status = GamePhase.Status.RESOLVED
        phase.resolved_at = now
        phase.notes = [*phase.notes, {"kind": "draw_agreed"}]
        phase.save(update_fields=["status", "resolved_at", "notes"])
        game_finish(game, Game.Outcome.DRAW, "", now)
    elif accept and len(yes) == 1:
        # The first yes of the phase proposes the draw: the other survivors hear of it.
        others = game.seats.filter(eliminated=False, user__isnull=False).exclude(pk=seat.pk)
        events.announce(
            kind="draw_proposed",
            game=game,
            users=list(others.values_list("user_id", flat=True)),
            key=f"draw:{phase.pk}",
            params={"game": game.name, "phase": phase.code},
        )
    bump(game)
    return ended
