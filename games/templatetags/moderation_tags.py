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
from games.models import Game, GamePhase, Seat
from games.services import absences, rulings

register = template.Library()


@register.simple_tag(takes_context=True)
def user_moderates(context: template.Context) -> bool:
    """``{% user_moderates as moderates %}``: does the viewer run any game?"""
    request = context.get("request")
    user = getattr(request, "user", None) or context.get("user")
    return user is not None and visibility.moderates_anything(user=user)


@register.simple_tag(takes_context=True)
def moderation_panel(
    context: template.Context, game: Game, state: dict[str, Any]
) -> dict[str, Any]:
    """What the moderation forms of the game page need beyond ``state``: the phases a
    ruling may be made on, the seats, the game masters, and who may name them; and the
    questions of the open phase the rules leave to the game master, still unanswered."""
    request = context.get("request")
    user = getattr(request, "user", None) or context.get("user")
    names_masters = user is not None and visibility.can_name_masters(user=user, game=game)
    resolved = set(
        game.phases.filter(status=GamePhase.Status.RESOLVED).values_list("index", flat=True)
    )
    phase = state.get("phase")
    rulings_allowed = rulings.rulings_taken(game)
    return {
        "can_name_masters": names_masters,
        # Who runs the game is told to those who name its masters (in an anonymous game
        # the players see roles only).
        "masters": list(game.masters.order_by("username").values_list("username", flat=True))
        if names_masters
        else [],
        "seats": [
            {"power": s["power"], "played": bool(s["user_id"])}
            for s in game.seats.order_by("power").values("power", "user_id")
        ],
        "ruling_phases": [p for p in state.get("phases", []) if p["index"] in resolved]
        if rulings_allowed
        else [],
        "running": game.status == Game.Status.ACTIVE,
        "open_decisions": [d for d in phase.get("decisions", []) if d["answer"] is None]
        if phase and phase.get("status") == GamePhase.Status.OPEN
        else [],
    }


@register.simple_tag
def ruling_lines(game: Game) -> dict[int, dict[str, Any]]:
    """For each ruling of the game: the first phase of the line it corrected (which
    carries its note) and the phases it superseded, by index."""
    out: dict[int, dict[str, Any]] = {}
    for p in game.phases.filter(derived_from__isnull=False).order_by("index"):
        out.setdefault(p.derived_from_id, {"first": p.index, "superseded": []})
    for p in game.phases.filter(superseded_by__isnull=False).order_by("index"):
        out.setdefault(p.superseded_by_id, {"first": None, "superseded": []})
        out[p.superseded_by_id]["superseded"].append(p.index)
    return out


@register.simple_tag(takes_context=True)
def seats_seeking(context: template.Context) -> list[dict[str, Any]]:
    """The seats of running public games looking for a player, and whether the viewer
    may take each (not in a game they play)."""
    request = context.get("request")
    user = getattr(request, "user", None) or context.get("user")
    seats = list(selectors.seats_seeking_players()[:50])
    mine: set[int] = set()
    if user is not None and user.is_authenticated:
        mine = set(
            Game.objects.filter(seats__user=user, pk__in={s.game_id for s in seats}).values_list(
                "pk", flat=True
            )
        )
    return [
        {
            "game": s.game,
            "power": s.power,
            "until": s.seeking_replacement_until,
            "civil_disorder": s.civil_disorder,
            "plays_here": s.game_id in mine,
        }
        for s in seats
    ]


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
