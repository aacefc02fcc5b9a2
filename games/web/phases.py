"""Which phase a form of the game page refers to: every form that writes in a phase
(orders, the ready mark, votes, an extension, a moderator's late orders or extension)
carries the index of the phase shown on the page, so that a page left open while the
game moved on can never act in the next phase (games.services.kernel.phase_named_locked
refuses it, with why)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from core.inputs import whole_number


def phase_posted(request: HttpRequest) -> int:
    """The phase index the form was sent for (its hidden ``phase`` field).

    Raises:
        ApplicationError: the form names no phase (a page from before forms carried one,
            or a form made by hand): nothing is done.
    """
    index = whole_number(request.POST.get("phase"))
    if index is None:
        raise ApplicationError(
            _("This form does not say which phase it is for: reload the page and try again.")
        )
    return index
