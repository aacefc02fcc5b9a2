"""What every view of the public REST API (``/api/v1/``) shares: authentication by token
or session, the per-token throttle, the one error shape and its schema.

The views themselves live with their apps (games.api_v1, notifications.api,
accounts.api); diplosite.api_urls puts them under one prefix.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import SAFE_METHODS, IsAuthenticatedOrReadOnly
from rest_framework.views import APIView

from accounts.authentication import ApiThrottle, TokenAuthentication

#: Database keys beyond this are not ours (and would overflow the database's integers).
MAX_ID = 2**31 - 1


def public_endpoints_only(endpoints: list[Any], **kwargs: Any) -> list[Any]:
    """drf-spectacular hook: the schema describes /api/v1/ alone, not the page's own API."""
    return [e for e in endpoints if e[0].startswith("/api/v1/")]


class ErrorSerializer(serializers.Serializer):  # type: ignore[type-arg]
    message = serializers.CharField(help_text="What went wrong, for a person to read.")
    errors = serializers.JSONField(required=False, help_text="Per field, for invalid input.")
    problems = serializers.ListField(
        child=serializers.DictField(child=serializers.CharField()),
        required=False,
        help_text="Orders that were not accepted: each with `order` and `message`.",
    )
    field = serializers.CharField(required=False)


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    return {code: OpenApiResponse(ErrorSerializer) for code in codes}


READ_ERRORS = errors(400, 401, 403, 404, 429)
WRITE_ERRORS = errors(400, 401, 403, 404, 415, 429)


class ApiView(APIView):
    """A public API view: token or session, anonymous reads where the view allows them,
    and reads and writes throttled apart."""

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticatedOrReadOnly]
    throttle_classes = [ApiThrottle]

    @property
    def throttle_scope(self) -> str:
        return "api_read" if self.request.method in SAFE_METHODS else "api_write"


@csrf_exempt
def not_found(request: HttpRequest) -> JsonResponse:
    """Any other address under /api/v1/ (a game id that is not a number, say): the one
    error shape, not the site's HTML page."""
    return JsonResponse({"message": _("No such address in the API.")}, status=404)
