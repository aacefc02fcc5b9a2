"""A tournament's results as files, for anyone who may see the tournament."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments import exports
from tournaments.web.tournaments import viewable


def tournament_export(
    request: HttpRequest, tournament_id: int, what: str, ext: str
) -> HttpResponse:
    tournament = viewable(request, tournament_id)
    base = slugify(tournament.name) or f"tournament-{tournament.pk}"
    if (what, ext) == ("results", "json"):
        response: HttpResponse = JsonResponse(exports.as_json(tournament))
    elif (what, ext) == ("classification", "csv"):
        response = HttpResponse(
            exports.as_csv(
                exports.classification(tournament), exports.classification_columns(tournament)
            ),
            content_type="text/csv; charset=utf-8",
        )
    elif (what, ext) == ("boards", "csv"):
        response = HttpResponse(
            exports.as_csv(exports.boards(tournament), exports.boards_columns(tournament)),
            content_type="text/csv; charset=utf-8",
        )
    else:
        raise Http404(_("No such export."))
    response["Content-Disposition"] = f'attachment; filename="{base}-{what}.{ext}"'
    return response
