"""A player's own time: asking for more time in a game, naming a sitter, and marking
vacations on one's profile. One form per verb of games/absences.py.

The views are thin, as the moderator's are: they read the form, call one verb for the
user who asks (never for anyone else), and go back to the page with a message. What the
rules refuse comes back as an :class:`ApplicationError` and is shown as a message.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ApplicationError
from games import visibility
from games.models import Game, Vacation
from games.services import absences
from games.web.phases import phase_posted


def _attempt(request: HttpRequest, action: Callable[[], str]) -> None:
    """Run ``action``; say what it returns, or why the rules refused it."""
    try:
        done = action()
    except ApplicationError as e:
        messages.error(request, e.message)
    else:
        messages.success(request, done)


def _game_of_player(request: HttpRequest, game_id: int) -> Game:
    game = get_object_or_404(Game, pk=game_id)
    if not visibility.can_view_game(user=request.user, game=game):
        raise Http404
    return game


def _to_game(game: Game, anchor: str = "") -> HttpResponse:
    return redirect(reverse("games:detail", args=[game.pk]) + anchor)


def _to_profile(request: HttpRequest) -> HttpResponse:
    return redirect(reverse("games:profile", args=[request.user.get_username()]) + "#vacations")


def _day(raw: str) -> date:
    try:
        return date.fromisoformat((raw or "").strip())
    except ValueError:
        raise ApplicationError(_("Give the first and the last day as dates.")) from None


# -- in a game ------------------------------------------------------------------------------


@login_required
@require_POST
def extension(request: HttpRequest, game_id: int) -> HttpResponse:
    """The player's own "more time, please": the open phase's deadline moves later."""
    game = _game_of_player(request, game_id)

    def action() -> str:
        absences.deadline_extension_request(
            game=game, user=request.user, phase=phase_posted(request)
        )
        return _("The deadline is extended.")

    _attempt(request, action)
    return _to_game(game)


@login_required
@require_POST
def sitter(request: HttpRequest, game_id: int) -> HttpResponse:
    """Name (or, with an empty name or ``clear``, no longer have) a sitter for one's seat."""
    game = _game_of_player(request, game_id)
    name = "" if request.POST.get("clear") else request.POST.get("username", "").strip()

    def action() -> str:
        seat = absences.sitter_name(game=game, user=request.user, username=name)
        if seat.sitter is None:
            return _("You have no sitter in this game now.")
        return _("%(name)s is your sitter in this game now.") % {"name": seat.sitter.get_username()}

    _attempt(request, action)
    return _to_game(game, "#my-time")


# -- on one's profile -------------------------------------------------------------------------


@login_required
@require_POST
def vacation_add(request: HttpRequest) -> HttpResponse:
    """Mark days away, for oneself."""

    def action() -> str:
        first = _day(request.POST.get("first_day", ""))
        last = _day(request.POST.get("last_day", ""))
        absences.vacation_add(user=request.user, first_day=first, last_day=last)
        return _("Your vacation is marked.")

    _attempt(request, action)
    return _to_profile(request)


@login_required
@require_POST
def vacation_cancel(request: HttpRequest, vacation_id: int) -> HttpResponse:
    """Take back one of one's own vacations that has not begun (another's is not found)."""
    if not Vacation.objects.filter(pk=vacation_id, user=request.user).exists():
        raise Http404

    def action() -> str:
        absences.vacation_cancel(user=request.user, vacation_id=vacation_id)
        return _("Your vacation is taken back.")

    _attempt(request, action)
    return _to_profile(request)
