"""The moderator's pages and forms: the list of games a moderator runs, and one form per
verb of games/moderation.py on the game page, plus taking over a seat from the lobby.

The views are thin: they check who asks (a moderator URL answers 403 to anyone who may
not moderate the game, before anything is read from the form), read the form, call one
verb, and go back to the game page with a message. What the rules refuse comes back as
an :class:`ApplicationError` and is shown as a message too.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.defaults import permission_denied

from accounts.selectors import user_by_name
from core.errors import ApplicationError
from core.inputs import json_loads, whole_number
from games import selectors, services, visibility, wording
from games.models import Decision, Game, GamePhase
from games.services import decisions, moderation, rulings
from games.web.phases import phase_posted

# -- who may ---------------------------------------------------------------------------------


def _moderated(request: HttpRequest, game_id: int) -> Game:
    game = get_object_or_404(Game, pk=game_id)
    if not visibility.can_moderate(user=request.user, game=game):
        raise PermissionDenied
    return game


def _back(request: HttpRequest, game: Game) -> HttpResponse:
    if visibility.can_view_game(user=request.user, game=game):
        return redirect(reverse("games:detail", args=[game.pk]) + "#moderation")
    return redirect("games:moderate")


def _run(request: HttpRequest, game: Game, action: Callable[[], object], done: str) -> HttpResponse:
    try:
        action()
    except ApplicationError as e:
        messages.error(request, e.message)
        for problem in e.extra.get("problems", []):
            messages.error(request, f"{problem['order']}: {problem['message']}")
    else:
        messages.success(request, done)
    return _back(request, game)


# -- reading the forms -------------------------------------------------------------------------


def _user_named(name: str) -> Any:
    name = (name or "").strip()
    user = user_by_name(name=name)
    if user is None:
        raise ApplicationError(_("There is no player named “%(name)s”.") % {"name": name})
    return user


def _hours(raw: str) -> timedelta:
    try:
        return timedelta(hours=float((raw or "").replace(",", ".")))
    except (ValueError, OverflowError):  # not a number, NaN, or far too long
        raise ApplicationError(_("Give the extension in hours.")) from None


def _order_lines(raw: str) -> list[str]:
    return [line.strip() for line in (raw or "").splitlines() if line.strip()]


def _ruling_orders(game: Game, raw: str) -> dict[str, list[str]]:
    """The orders a ruling gives, by power: one line per order, ``power: order``
    (``power:`` alone: none). The powers not named keep theirs (the rulings service)."""
    powers = list(game.seats.values_list("power", flat=True))
    names = {p.casefold(): p for p in powers}
    names.update({wording.power_name(p).casefold(): p for p in powers})
    given: dict[str, list[str]] = {}
    for n, line in enumerate((raw or "").splitlines(), start=1):
        if not line.strip():
            continue
        head, colon, order = line.partition(":")
        power = names.get(head.strip().casefold())
        if not colon or power is None:
            raise ApplicationError(
                _("Line %(n)s: start with the power and a colon, as in “france: A par - bur”.")
                % {"n": n}
            )
        given.setdefault(power, [])
        if order.strip():
            given[power].append(order.strip())
    if not given:
        raise ApplicationError(_("Give the orders of the ruling, one per line."))
    return given


def _ruling_position(raw: str) -> dict[str, Any]:
    try:
        position = json_loads(raw or "")
    except ValueError as e:
        raise ApplicationError(
            _("The position is not valid JSON: %(problem)s") % {"problem": e}
        ) from None
    if not isinstance(position, dict):
        raise ApplicationError(_("The position is a JSON object."))
    return position


# -- the moderator's page ------------------------------------------------------------------------


@login_required
def moderate(request: HttpRequest) -> HttpResponse:
    """The games the user runs (every running game for a site moderator), with what needs
    them first."""
    if not visibility.moderates_anything(user=request.user):
        # Answered, not raised: Django logs a raised PermissionDenied with its traceback,
        # and a player following an old link to this page is no error of the site.
        return permission_denied(request, PermissionDenied())
    rows = selectors.games_to_moderate(user=request.user)
    return render(
        request,
        "games/moderate.html",
        {"rows": rows, "site_moderator": visibility.is_moderator(request.user)},
    )


# -- one form per verb -------------------------------------------------------------------------


@require_POST
def pause(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _moderated(request, game_id)
    return _run(
        request,
        game,
        lambda: moderation.game_pause(
            game=game, by=request.user, reason=request.POST.get("reason", "")
        ),
        _("The game is paused."),
    )


@require_POST
def resume(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _moderated(request, game_id)
    return _run(
        request,
        game,
        lambda: moderation.game_resume(
            game=game, by=request.user, reason=request.POST.get("reason", "")
        ),
        _("The game goes on."),
    )


@require_POST
def retry(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _moderated(request, game_id)
    return _run(
        request,
        game,
        lambda: moderation.phase_retry(
            game=game, by=request.user, reason=request.POST.get("reason", "")
        ),
        _("The phase is adjudicated again."),
    )


@require_POST
def extend(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _moderated(request, game_id)

    def action() -> None:
        moderation.deadline_extend(
            game=game,
            by=request.user,
            extension=_hours(request.POST.get("hours", "")),
            reason=request.POST.get("reason", ""),
            phase=phase_posted(request),
        )

    return _run(request, game, action, _("The deadline is extended."))


@require_POST
def replace(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _moderated(request, game_id)

    def action() -> None:
        moderation.seat_replace(
            game=game,
            by=request.user,
            power=request.POST.get("power", ""),
            user=_user_named(request.POST.get("username", "")),
            reason=request.POST.get("reason", ""),
        )

    return _run(request, game, action, _("The seat has a new player."))


@require_POST
def exclude(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _moderated(request, game_id)
    return _run(
        request,
        game,
        lambda: moderation.player_exclude(
            game=game,
            by=request.user,
            power=request.POST.get("power", ""),
            reason=request.POST.get("reason", ""),
        ),
        _("The player is excluded: the power is in civil disorder until replaced."),
    )


@require_POST
def late_orders(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _moderated(request, game_id)
    lines = _order_lines(request.POST.get("orders", ""))
    return _run(
        request,
        game,
        lambda: moderation.late_orders_accept(
            game=game,
            by=request.user,
            power=request.POST.get("power", ""),
            reason=request.POST.get("reason", ""),
            orders=lines or None,
            phase=phase_posted(request),
        ),
        _("The late orders are accepted."),
    )


@require_POST
def end(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _moderated(request, game_id)
    return _run(
        request,
        game,
        lambda: moderation.game_end(
            game=game,
            by=request.user,
            outcome=request.POST.get("outcome", ""),
            winner=request.POST.get("winner", ""),
            reason=request.POST.get("reason", ""),
        ),
        _("The game is over."),
    )


@require_POST
def confirm(request: HttpRequest, game_id: int) -> HttpResponse:
    """A site moderator confirms a result a game master decided alone, so that it counts
    for ratings. Only site moderators who stay out of the game may: anyone else (the game
    master himself, a player, the creator) is answered 403, as for every other form."""
    game = get_object_or_404(Game, pk=game_id)
    if not visibility.is_moderator(request.user) or visibility.plays_in(
        user=request.user, game=game
    ):
        raise PermissionDenied
    return _run(
        request,
        game,
        lambda: moderation.game_result_confirm(
            game=game, by=request.user, reason=request.POST.get("reason", "")
        ),
        _("The result is confirmed: it counts for ratings now."),
    )


@require_POST
def masters(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    if not visibility.can_name_masters(user=request.user, game=game):
        raise PermissionDenied
    remove = request.POST.get("remove") == "1"

    def action() -> None:
        moderation.game_master_set(
            game=game,
            by=request.user,
            user=_user_named(request.POST.get("username", "")),
            master=not remove,
        )

    done = _("The game master is removed.") if remove else _("The game has a new game master.")
    return _run(request, game, action, done)


@require_POST
def ruling(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _moderated(request, game_id)

    def action() -> None:
        index = whole_number(request.POST.get("phase"))
        phase = None if index is None else GamePhase.objects.filter(game=game, index=index).first()
        if phase is None:
            raise ApplicationError(_("Choose the phase the ruling is on."))
        if request.POST.get("kind") == "position":
            rulings.ruling_apply(
                game=game,
                by=request.user,
                phase=phase,
                reason=request.POST.get("reason", ""),
                position=_ruling_position(request.POST.get("position", "")),
            )
        else:
            rulings.ruling_apply(
                game=game,
                by=request.user,
                phase=phase,
                reason=request.POST.get("reason", ""),
                orders=_ruling_orders(game, request.POST.get("orders", "")),
                others_kept=True,
            )

    return _run(request, game, action, _("The ruling is made: the phase is adjudicated anew."))


@require_POST
def decision(request: HttpRequest, game_id: int, decision_id: int) -> HttpResponse:
    """Answer a question the variant's rules left to the game master."""
    game = _moderated(request, game_id)
    question = get_object_or_404(Decision, pk=decision_id, phase__game=game)
    return _run(
        request,
        game,
        lambda: decisions.decision_answer(
            decision=question,
            by=request.user,
            # The seats ticked (none ticked is an answer: none of them) or one answer.
            answer=(
                request.POST.getlist("answer") if question.many else request.POST.get("answer", "")
            ),
            reason=request.POST.get("reason", ""),
        ),
        _("Your answer is recorded. The phase is adjudicated once every question is answered."),
    )


# -- players ------------------------------------------------------------------------------------


@login_required
@require_POST
def take_over(request: HttpRequest, game_id: int, power: str) -> HttpResponse:
    """Take a seat looking for a player (the lobby's list, or a private game's invite
    page, which sends the invite code: without it a private game is not there)."""
    game = get_object_or_404(Game, pk=game_id)
    invite_code = request.POST.get("invite_code") or None
    if not visibility.knows_of(user=request.user, game=game, invite_code=invite_code):
        raise Http404(_("No such game."))
    try:
        services.seat_take_over(game=game, user=request.user, power=power, invite_code=invite_code)
    except ApplicationError as e:
        messages.error(request, e.message)
        if game.private:
            return redirect("games:invite", code=game.invite_code)
        return redirect("games:lobby")
    messages.success(
        request,
        _("You play %(power)s now: your orders count from this phase on.")
        % {"power": wording.power_name(power)},
    )
    return redirect("games:detail", game_id=game.pk)
