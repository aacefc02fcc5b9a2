"""The rules of the players' votes, read alike by the service that casts them
(games.services.votes) and by the game page that offers them (games.selectors.state): which
kinds there are, when each is open to a seat, and why not.

- **Draw**: every surviving power votes for it in the same phase (the variant must have
  draws).
- **Concede**: in a game of two powers only; one player gives up, and the other wins at
  once (a duel's board: the duel).
- **Cancel**: through the first game year only (before 1902 in the standard game); every
  survivor agrees, and the game ends with no result at all.
- **Pause**: every survivor agrees; the clock stops as for a moderator's pause
  (games.services.moderation), within the game's pauses and for two weeks at most.
- **Resume**: while paused, every survivor agrees; the clock starts again.

Every vote is secret: its voter alone sees it, the others only that a vote was proposed.
A vote lapses with its phase. Pause votes are cleared when the game pauses, and resume
votes when it resumes, so each pause starts and ends with a count of its own.

Apps above games may refuse a vote on boards they know (tournaments: a tournament board is
not cancelled by its players); they register a refusal at
``games.extension_points.vote_refusals`` in their ``AppConfig.ready()``. Linked boards ask
their :class:`games.extension_points.LinkRule`.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from adjudicator import find_variant
from games.extension_points import vote_refusals
from games.link_rules import link_rule
from games.models import Game, GamePhase, ModeratorAction, Seat, Vote
from games.notes import note

#: The votes decided by every survivor (a concession is one player's own).
UNANIMOUS = frozenset({Vote.Kind.DRAW, Vote.Kind.CANCEL, Vote.Kind.PAUSE, Vote.Kind.RESUME})


def pause_refusal(game: Game) -> str | None:
    """Why ``game`` cannot be paused now, or None: it is paused already, or has had its
    pauses (``GAME_PAUSES_MAX``, the players' and the moderators' together, so that nobody
    holds a game paused). Moderators' pauses ask this too (games.services.moderation)."""
    if game.is_paused:
        return _("The game is paused already.")
    cap = int(getattr(settings, "GAME_PAUSES_MAX", 5))
    if game.moderator_actions.filter(kind=ModeratorAction.Kind.PAUSE).count() >= cap:
        return _("This game has had its %(n)s pauses.") % {"n": cap}
    return None


def first_game_year(game: Game) -> int | None:
    """The year of the game's first turn of play: its first phase's, or the year after
    set-up phases (a variant that sets up in 1900 and plays from 1901)."""
    first = game.phases.order_by("index").only("code").first()
    if first is None:
        return None
    return first.phase.year + (1 if first.phase.is_setup else 0)


def vote_refusal(*, game: Game, seat: Seat, kind: str, phase: GamePhase) -> str | None:
    """Why ``seat`` may not cast a vote of ``kind`` in ``phase`` (the game's open phase),
    or None if it may. Against as well as for: a vote that may not be cast may not be
    withdrawn either (it lapsed, or was decided)."""
    if kind not in Vote.Kind.values:
        return _("There is no such vote.")
    if seat.eliminated:
        return _("Eliminated powers do not vote.")
    variant = find_variant(game.variant)
    if kind == Vote.Kind.DRAW and not variant.draws:
        return _("%(variant)s has no draws.") % {"variant": variant.name}
    if kind == Vote.Kind.CONCEDE and game.seats.count() != 2:
        return _("Only a game of two players can be conceded.")
    if kind == Vote.Kind.CANCEL:
        first = first_game_year(game)
        if first is None or phase.phase.year > first:
            return _("A game can be cancelled in its first year only.")
    if kind == Vote.Kind.PAUSE and (refusal := pause_refusal(game)) is not None:
        return refusal
    if kind == Vote.Kind.RESUME and not game.is_paused:
        return _("The game is not paused.")
    if game.link_id is not None:
        assert game.link is not None
        refusal = link_rule(game.link.kind).vote_refusal(kind)
        if refusal is not None:
            return refusal
    for other in vote_refusals.entries():
        refusal = other(game, kind)
        if refusal is not None:
            return refusal
    return None


def votes_lapsed(phase: GamePhase) -> list[dict[str, Any]]:
    """The notes for the proposals still open when ``phase`` ends: a draw's as it has
    always been written, the others by kind. Never who voted, nor how."""
    kinds = set(phase.votes.filter(accept=True).values_list("kind", flat=True))
    notes: list[dict[str, Any]] = []
    if Vote.Kind.DRAW in kinds:
        notes.append(note("draw_lapsed"))
    for kind in (Vote.Kind.CANCEL, Vote.Kind.PAUSE, Vote.Kind.RESUME):
        if kind in kinds:
            notes.append(note("vote_lapsed", vote=kind.value))
    return notes
