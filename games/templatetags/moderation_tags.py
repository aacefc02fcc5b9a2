"""Template helpers for moderation: the header's link, the game page's moderation panel
and history, and the lobby's list of seats looking for a player; and a player's own time:
the extensions left in a game, and the vacations on one's profile.

The pages these appear on have their own views; the few facts moderation adds to them
are asked here, through games.selectors and games.visibility.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import template
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games import selectors, visibility, wording
from games.models import Game, Seat
from games.services import absences, rulings

register = template.Library()


def _viewer(context: template.Context) -> Any:
    request = context.get("request")
    return getattr(request, "user", None) or context.get("user")


@register.simple_tag(takes_context=True)
def user_moderates(context: template.Context) -> bool:
    """``{% user_moderates as moderates %}``: does the viewer run any game?"""
    user = _viewer(context)
    return user is not None and visibility.moderates_anything(user=user)


@register.simple_tag(takes_context=True)
def moderation_panel(
    context: template.Context, game: Game, state: dict[str, Any]
) -> dict[str, Any]:
    """What the moderation forms of the game page need beyond ``state`` (see
    :func:`games.selectors.moderation_panel`)."""
    return selectors.moderation_panel(
        user=_viewer(context),
        game=game,
        state=state,
        rulings_allowed=rulings.rulings_taken(game),
    )


@register.simple_tag
def ruling_lines(game: Game) -> dict[int, dict[str, Any]]:
    """For each ruling of the game: the first phase of the line it corrected and the
    phases it superseded, by index (see :func:`games.selectors.ruling_lines`)."""
    return selectors.ruling_lines(game=game)


@register.simple_tag(takes_context=True)
def seats_seeking(context: template.Context) -> list[dict[str, Any]]:
    """The seats of running public games looking for a player, and whether the viewer
    may take each (see :func:`games.selectors.seats_seeking_offered`)."""
    return selectors.seats_seeking_offered(user=_viewer(context))


@register.filter
def when(value: str | datetime | None) -> datetime | None:
    """``{{ action.at|when|date:"..." }}``: a moment given as ISO text, as a datetime."""
    if value is None or isinstance(value, datetime):
        return value
    return parse_datetime(value)


@register.filter
def phase_label(code: str | None) -> str:
    """``{{ "S1901M"|phase_label }}``: Spring 1901 movement (translated)."""
    if not code:
        return ""
    try:
        return wording.phase_name(code)
    except ValueError:
        return code


@register.simple_tag
def extension_info(game: Game, seat: Seat | None) -> dict[str, Any]:
    """``{% extension_info game seat as ext %}``: the deadline extensions the player of
    ``seat`` may still ask for, their own and the game's."""
    mine_left, game_left = absences.extensions_left(game=game, seat=seat)
    return {
        "mine_left": mine_left,
        "mine_total": game.extensions_per_player,
        "game_left": game_left,
        "game_total": game.extensions_per_game,
        "can_ask": seat is not None and mine_left > 0 and game_left > 0,
    }


@register.simple_tag
def vacation_summary(user: Any) -> dict[str, Any]:
    """``{% vacation_summary profile_user as vac %}``: one's vacations from today on
    (and whether each may still be taken back), the yearly cap and the days left this
    year."""
    today = timezone.now().date()
    cap = absences.vacation_days_per_year()
    taken = absences.vacation_days_taken(user, today.year)
    return {
        "vacations": [
            {
                "id": v.pk,
                "first_day": v.first_day,
                "last_day": v.last_day,
                "days": v.days,
                "begun": v.first_day <= today,
            }
            for v in absences.vacations_of(user=user)
        ],
        "cap": cap,
        "year": today.year,
        "taken": taken,
        "left": max(cap - taken, 0),
        "today": today.isoformat(),
    }
