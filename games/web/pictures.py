"""Downloads of a game: a phase's map as SVG or PNG, and the whole game as JSON.

Each checks the viewer through ``games.visibility`` (a private game is a 404 to
outsiders) and asks ``games.pictures`` / ``games.export`` for what that viewer may see.
Pictures of an open phase differ per viewer (their own orders are drawn), so no reply
is cached by anyone but the viewer.
"""

from __future__ import annotations

import json
import logging

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _

from core.inputs import whole_number
from games import export, pictures, visibility
from games.models import Game, GamePhase

log = logging.getLogger(__name__)

#: Widths a PNG may be asked for, in pixels.
PNG_WIDTHS = range(200, 2401)


def _phase(request: HttpRequest, game_id: int, index: int) -> GamePhase:
    game = get_object_or_404(Game, pk=game_id)
    if not visibility.can_view_game(user=request.user, game=game):
        raise Http404(_("No such game."))
    phase = game.phases.filter(index=index).first()
    if phase is None:
        raise Http404(_("No such phase."))
    return phase


def _private(response: HttpResponse) -> HttpResponse:
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ["Cookie"])
    return response


def phase_map_svg(request: HttpRequest, game_id: int, index: int) -> HttpResponse:
    phase = _phase(request, game_id, index)
    svg, seconds = pictures.timed(pictures.phase_map_svg, user=request.user, phase=phase)
    log.debug("map svg of game %s phase %s in %.3fs", game_id, index, seconds)
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="game-{game_id}-{phase.code}.svg"'
    return _private(response)


def phase_map_png(request: HttpRequest, game_id: int, index: int) -> HttpResponse:
    phase = _phase(request, game_id, index)
    # A width is a wish: one that is not a number of pixels in range gets the map's own.
    width = whole_number(request.GET.get("width"), maximum=PNG_WIDTHS.stop - 1)
    if width not in PNG_WIDTHS:
        width = None
    svg = pictures.phase_map_svg(user=request.user, phase=phase)
    png, seconds = pictures.timed(pictures.cached_png, svg, width=width)
    log.debug("map png of game %s phase %s in %.3fs", game_id, index, seconds)
    response = HttpResponse(png, content_type="image/png")
    response["Content-Disposition"] = f'inline; filename="game-{game_id}-{phase.code}.png"'
    return _private(response)


def game_export_json(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    try:
        data = export.game_export(user=request.user, game=game)
    except PermissionError:
        raise Http404(_("No such game.")) from None
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="game-{game_id}.json"'
    return _private(response)
