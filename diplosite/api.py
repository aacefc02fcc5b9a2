"""What every view of the public REST API (``/api/v1/``) shares: authentication by token
or session, the per-token throttle, the one error shape (:func:`exception_handler`) and
its schema.

The views themselves live with their apps (games.api_v1, notifications.api,
accounts.api); diplosite.api_urls puts them under one prefix.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import SAFE_METHODS, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from accounts.authentication import ApiThrottle, TokenAuthentication
from games.services import ApplicationError

#: Database keys beyond this are not ours (and would overflow the database's integers).
MAX_ID = 2**31 - 1


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """One error shape for every endpoint: ``{"message": ...}``, with ``errors`` (per
    field) for invalid input and whatever else the service said (``problems``, ``field``).
    A service's refusal (:class:`ApplicationError`) is a 400."""
    if isinstance(exc, ApplicationError):
        return Response({"message": exc.message, **exc.extra}, status=status.HTTP_400_BAD_REQUEST)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "detail" in response.data:
        response.data = {"message": str(response.data["detail"])}
    elif response is not None:
        response.data = {"message": _("invalid input"), "errors": response.data}
    return response


def public_endpoints_only(endpoints: list[Any], **kwargs: Any) -> list[Any]:
    """drf-spectacular hook: the schema describes /api/v1/ alone."""
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


class PageQuerySerializer(serializers.Serializer):  # type: ignore[type-arg]
    """``limit`` and ``offset`` of a list, checked (a bad value is a 400, not a guess)."""

    limit = serializers.IntegerField(min_value=1, max_value=100, default=50)
    offset = serializers.IntegerField(min_value=0, max_value=MAX_ID, default=0)


class PageSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """The paging fields beside a list."""

    count = serializers.IntegerField(help_text="Items in all, over every page.")
    next = serializers.URLField(allow_null=True, help_text="The next page, if there is one.")
    previous = serializers.URLField(allow_null=True, help_text="The page before, if any.")


class _Paging(LimitOffsetPagination):
    default_limit = 50
    max_limit = 100


def page_of(
    queryset: QuerySet[Any], request: Request, view: APIView
) -> tuple[list[Any], dict[str, Any]]:
    """One page of ``queryset`` by the request's ``limit`` and ``offset`` (check them first
    with a :class:`PageQuerySerializer`), and the paging fields for the answer. The
    queryset's order must be total (end it with the key) so pages never overlap."""
    paging = _Paging()
    items = list(paging.paginate_queryset(queryset, request, view=view) or [])
    return items, {
        "count": paging.count,
        "next": paging.get_next_link(),
        "previous": paging.get_previous_link(),
    }


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
