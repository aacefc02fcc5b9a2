"""The refusal every service raises: a request the rules or the state refuse, in words a
player can read. The API answers it as 400 (403 for :class:`NotSeated`, 409 for
:class:`PhaseOver`, 404 for :class:`NoSuchPhase`; core.api), the pages show it as a
message."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


class ApplicationError(Exception):
    """A request the rules or the game's state refuse; ``message`` is for the player.
    ``code`` names the kind of refusal, for callers that answer kinds apart (the API's
    status, core.api.REFUSAL_STATUS)."""

    code = "refused"

    def __init__(self, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra or {}


class NotSeated(ApplicationError):
    """The caller has no seat in the game (nor sits for one), so may not play in it: one
    refusal for every verb, which the API answers with 403."""

    code = "not_seated"

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or _("You have no seat in this game."))


class PhaseOver(ApplicationError):
    """A write named a phase that is no longer open (a ready mark, orders or a vote sent
    for the phase the player saw, after the next one opened): refused, never taken for
    the phase open now. The API answers 409, with the phase open now (``open_phase``, its
    index; None when the game has none), so that a program reads the game again."""

    code = "phase_over"

    def __init__(self, message: str, open_phase: int | None) -> None:
        super().__init__(message, {"open_phase": open_phase})


class NoSuchPhase(ApplicationError):
    """A write named a phase the game does not have (yet): the API answers 404."""

    code = "no_such_phase"

    def __init__(self) -> None:
        super().__init__(_("No such phase."))
