"""A tournament's results as files, for anyone who may see the tournament; the World
Diplomacy Database's files, which carry what players gave for them, for its organisers
alone."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments import exports, visibility, wdd
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
    elif (what, ext) in (("wdd-classification", "csv"), ("wdd-boards", "csv")):
        # What players gave for the WDD goes to the organisers they share it with alone.
        if not visibility.can_manage(user=request.user, tournament=tournament):
            raise Http404(_("No such export."))
        if what == "wdd-classification":
            rows, columns = wdd.wdd_classification(tournament, request.user), wdd.CLASSIFICATION
        else:
            rows, columns = wdd.wdd_boards(tournament, request.user), wdd.BOARDS
        response = HttpResponse(
            exports.as_csv(rows, columns), content_type="text/csv; charset=utf-8"
        )
    else:
        raise Http404(_("No such export."))
    response["Content-Disposition"] = f'attachment; filename="{base}-{what}.{ext}"'
    return response
