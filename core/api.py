"""What every view of the public REST API (``/api/v1/``) shares: authentication by token
or session, the per-token throttle, JSON in (nested no deeper than a limit) and out, the
one error shape (:func:`exception_handler`, and the site's error handlers for any other
error under ``/api/``) and its schema.

The views themselves live with their apps (games.api, notifications.api,
accounts.api); diplosite.api_urls puts them under one prefix.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from functools import cache
from types import UnionType
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict
from zoneinfo import available_timezones

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiResponse
from rest_framework import parsers, serializers, status
from rest_framework.exceptions import ParseError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import SAFE_METHODS, IsAuthenticatedOrReadOnly
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import ApplicationError
from core.inputs import (
    MAX_ID,
    JsonTooDeep,
    UnstorableJson,
    ascii_digits,
    check_json_depth,
    check_json_storable,
)
from core.shapes import Doc, IsoTime, doc_of

#: The status of a service's refusal, by the refusal's ``code``: a caller without a seat
#: in the game is forbidden (403), whatever the verb; a write for a phase that is over is
#: a conflict with the game's state (409: read the game again), one for a phase the game
#: does not have is not found (404); a game whose stored board cannot be read
#: (games.positions.BoardUnreadable) is in a state no request can change (409) until a
#: moderator repairs it; every other refusal is a 400.
REFUSAL_STATUS = {
    "not_seated": status.HTTP_403_FORBIDDEN,
    "phase_over": status.HTTP_409_CONFLICT,
    "no_such_phase": status.HTTP_404_NOT_FOUND,
    "board_unreadable": status.HTTP_409_CONFLICT,
}


def _too_large() -> str:
    return _("The request body is too large.")


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """One error shape for every endpoint: ``{"message": ...}``, with ``errors`` (per
    field) for invalid input and whatever else the service said (``problems``, ``field``).
    A service's refusal (:class:`ApplicationError`) is a 400, or the status its ``code``
    has in :data:`REFUSAL_STATUS`. A body over Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is
    a 413."""
    if isinstance(exc, ApplicationError):
        code = REFUSAL_STATUS.get(getattr(exc, "code", ""), status.HTTP_400_BAD_REQUEST)
        return Response({"message": exc.message, **exc.extra}, status=code)
    if isinstance(exc, RequestDataTooBig):
        # Answered here, in the API's shape; Django would log it as a security event with
        # its traceback and answer with the site's HTML page.
        return Response({"message": _too_large()}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "detail" in response.data:
        response.data = {"message": str(response.data["detail"])}
    elif response is not None:
        response.data = {"message": _("invalid input"), "errors": response.data}
    return response


def public_endpoints_only(endpoints: list[Any], **kwargs: Any) -> list[Any]:
    """drf-spectacular hook: the schema describes /api/v1/ alone."""
    return [e for e in endpoints if e[0].startswith("/api/v1/")]


#: What a text the API reads may hold: anything but NUL, which every text field refuses
#: (DRF's own check; PostgreSQL cannot store it).
WITHOUT_NUL = "^[^\\x00]*$"
#: The characters DRF trims from a text (Python's ``str.strip``), spelled out: a schema's
#: pattern is read as ECMA 262, whose ``\\s`` is another set (it lacks the separators
#: U+001C..U+001F and U+0085, which Python strips, and holds U+FEFF, which it keeps).
PYTHON_WHITE_SPACE = (
    "\\t\\n\\u000b\\u000c\\r\\u001c-\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a"
    "\\u2028\\u2029\\u202f\\u205f\\u3000"
)
#: And one that may not be blank: DRF trims a text's white space before it reads it, so
#: white space alone is blank.
NOT_BLANK_WITHOUT_NUL = f"^[^\\x00]*[^\\x00{PYTHON_WHITE_SPACE}][^\\x00]*$"


def _without_nul(schema: Any) -> None:
    if isinstance(schema, dict):
        free_text = (
            schema.get("type") == "string"
            and not {"enum", "format", "pattern"} & schema.keys()
            and not schema.get("readOnly")
        )
        if free_text:
            blank_refused = schema.get("minLength", 0) >= 1
            schema["pattern"] = NOT_BLANK_WITHOUT_NUL if blank_refused else WITHOUT_NUL
        for value in schema.values():
            _without_nul(value)
    elif isinstance(schema, list):
        for value in schema:
            _without_nul(value)


def texts_without_nul(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular hook: every text a request sends (its body's, its query's) is
    declared as what the API takes: any text without NUL (``WITHOUT_NUL``), and with
    more than white space where it may not be blank (``NOT_BLANK_WITHOUT_NUL``). The
    schema said any text at all, and a name with a NUL in it, or of spaces alone, was
    refused against it."""
    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request"):  # COMPONENT_SPLIT_REQUEST: the request's own
            _without_nul(component)
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "query":
                    _without_nul(parameter.get("schema"))
            for content in operation.get("requestBody", {}).get("content", {}).values():
                _without_nul(content.get("schema"))
    return result


class ErrorSerializer(serializers.Serializer):  # type: ignore[type-arg]
    message = serializers.CharField(help_text="What went wrong, for a person to read.")
    errors = serializers.JSONField(required=False, help_text="Per field, for invalid input.")
    problems = serializers.ListField(
        child=serializers.DictField(child=serializers.CharField()),
        required=False,
        help_text="Orders that were not accepted: each with `order` and `message`.",
    )
    field = serializers.CharField(required=False)
    open_phase = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="With a 409: the index of the phase open now (null when the game has "
        "none): read the game again before you act in it.",
    )


#: What each error status means, said in the schema beside each endpoint's errors.
ERROR_MEANINGS = {
    400: "Refused: the input is invalid, or the rules or the game's state refuse it.",
    401: "Not authenticated: send a valid token.",
    403: "Forbidden: you may not do this. A write in a game where you have no seat "
    "(orders, ready, draw vote, press, extension, sitter, leaving) is always a 403, and "
    "so is any write through a sandbox's read-only link.",
    404: "No such game or sandbox (or none you may see), phase or address.",
    409: "The phase you named is over (another has opened, or the game has ended), or the "
    "game's stored board cannot be read (an old fault, a hand edit) until a moderator repairs "
    "it with a ruling: nothing was done. Read the game again (`open_phase` is the phase open "
    "now; the message says which).",
    413: "The request body is too large.",
    415: "Unsupported media type: send JSON (or a form).",
    429: "Too many requests: wait as Retry-After says.",
}


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """The error responses ``codes`` in the schema, each in the one error shape."""
    return {
        code: OpenApiResponse(ErrorSerializer, description=ERROR_MEANINGS[code]) for code in codes
    }


READ_ERRORS = errors(400, 401, 403, 404, 429)
#: 403 is also a player's write in a game where they have no seat.
WRITE_ERRORS = errors(400, 401, 403, 404, 413, 415, 429)
#: A write that names the phase it is for (orders, the ready mark, votes, an extension):
#: also a 409 when that phase is over.
PHASE_WRITE_ERRORS = errors(400, 401, 403, 404, 409, 413, 415, 429)
#: The endpoints that read a game's board: 409 while it cannot be read.
BOARD_ERRORS = errors(409)


def by_power() -> serializers.DictField:
    """A field of lists of words keyed by power (units, centers, orders): the board's
    shape in the game state API and the sandbox's."""
    return serializers.DictField(child=serializers.ListField(child=serializers.CharField()))


@cache
def serializer_for(cls: type) -> type[serializers.Serializer]:  # type: ignore[type-arg]
    """The serializer of a typed view (a dataclass, or a TypedDict of what one passes
    through; core.shapes), derived from its type hints: a field added to the view is in
    the answer and the schema without a second declaration. The component is named by the
    class's ``schema_name`` (its own name if it has none); what a hint cannot say comes
    from its ``Annotated`` :class:`core.shapes.Doc`. Serialize ``as_dict(view)``: a key an
    omitted None left out is then left out of the answer too."""
    hints = get_type_hints(cls, include_extras=True)
    names = [f.name for f in dataclasses.fields(cls)] if dataclasses.is_dataclass(cls) else hints
    attrs = {name: _field_of(hints[name]) for name in names}
    name = getattr(cls, "schema_name", cls.__name__)
    made: type[serializers.Serializer] = type(  # type: ignore[type-arg]
        f"{name}Serializer", (serializers.Serializer,), {**attrs, "__module__": cls.__module__}
    )
    return made


def _field_of(hint: Any) -> serializers.Field:  # type: ignore[type-arg]
    """The serializer field of one field's type hint (with its ``Doc``)."""
    kwargs: dict[str, Any] = {}
    if get_origin(hint) is NotRequired:  # a TypedDict's key that may be missing
        kwargs["required"] = False
        hint = get_args(hint)[0]
    hint, doc = doc_of(hint)
    if doc.help_text:
        kwargs["help_text"] = doc.help_text
    if doc.omitted:
        kwargs["required"] = False
    if get_origin(hint) in (Union, UnionType) and type(None) in get_args(hint):
        (hint,) = [a for a in get_args(hint) if a is not type(None)]
        if not doc.omitted:
            kwargs["allow_null"] = True
    return _typed_field(hint, doc, kwargs)


def _typed_field(hint: Any, doc: Doc, kwargs: dict[str, Any]) -> serializers.Field:  # type: ignore[type-arg]
    origin, args = get_origin(hint), get_args(hint)
    if doc.json or hint is Any:
        return serializers.JSONField(**kwargs)
    if dataclasses.is_dataclass(hint) or is_typeddict(hint):
        return serializer_for(hint)(**kwargs)  # type: ignore[arg-type]
    if origin in (list, tuple, Sequence):
        item = args[0]
        if dataclasses.is_dataclass(item) or is_typeddict(item):
            return serializer_for(item)(many=True, **kwargs)  # type: ignore[arg-type]
        return serializers.ListField(child=_typed_field(item, _for_items(doc), {}), **kwargs)
    if origin in (dict, Mapping):
        if args[1] is Any:
            return serializers.DictField(**kwargs)
        return serializers.DictField(child=_typed_field(args[1], _for_items(doc), {}), **kwargs)
    if hint is IsoTime:
        return serializers.DateTimeField(**kwargs)
    if hint is str:
        if doc.choices is not None:
            return serializers.ChoiceField(choices=list(doc.choices), **kwargs)
        return serializers.CharField(allow_blank=doc.blank, **kwargs)
    if hint is bool:
        return serializers.BooleanField(**kwargs)
    if hint is int:
        return serializers.IntegerField(**kwargs)
    raise TypeError(f"no serializer field for {hint!r}")


def _for_items(doc: Doc) -> Doc:
    """What a collection's ``Doc`` says of each of its items: its choices, not its help."""
    return Doc(choices=doc.choices, blank=doc.blank)


class IndexField(serializers.IntegerField):
    """A key, an index or a count: from 0 to ``MAX_ID`` unless told otherwise. Text (a
    query parameter) is read in ASCII digits alone: DRF's ``int()`` would also read
    "٣" as 3, or "1_0" as 10."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 0)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, str) and not ascii_digits(data.removeprefix("-")):
            self.fail("invalid")
        value: int = super().to_internal_value(data)
        return value


def _json_type_errors(field: Any, value: Any) -> Any:
    """What in ``value`` (read from JSON) is not of the JSON type ``field`` documents, in
    DRF's error shape (a list of messages, or by key or index for what it holds); None
    if nothing. Values are checked, never converted: the field then reads them as ever."""
    if value is None:
        return None  # null is the field's own to allow or refuse
    if isinstance(field, serializers.BooleanField):
        return None if isinstance(value, bool) else [_("Expected true or false.")]
    if isinstance(field, serializers.IntegerField):
        whole = isinstance(value, int) and not isinstance(value, bool)
        return None if whole else [_("Expected a whole number.")]
    if isinstance(field, (serializers.FloatField, serializers.DecimalField)):
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        return None if number else [_("Expected a number.")]
    lists = (serializers.MultipleChoiceField, serializers.ListField, serializers.ListSerializer)
    if isinstance(field, lists):
        if not isinstance(value, list):
            return [_("Expected a list.")]
        child = getattr(field, "child", None)
        if child is None:
            return None
        found = {i: _json_type_errors(child, v) for i, v in enumerate(value)}
        return {i: e for i, e in found.items() if e} or None
    if isinstance(
        field,
        (
            serializers.CharField,
            serializers.ChoiceField,
            serializers.DateField,
            serializers.TimeField,
            serializers.DateTimeField,
        ),
    ):
        return None if isinstance(value, str) else [_("Expected text.")]
    if isinstance(field, (serializers.DictField, serializers.Serializer)):
        if not isinstance(value, dict):
            return [_("Expected an object.")]
        if isinstance(field, serializers.DictField):
            found = {k: _json_type_errors(field.child, v) for k, v in value.items()}
        else:
            found = {
                name: _json_type_errors(f, value[name])
                for name, f in field.fields.items()
                if not f.read_only and name in value
            }
        return {k: e for k, e in found.items() if e} or None
    return None  # JSONField and the like: any JSON at all


class BodySerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A request body, read as the schema documents it: in JSON each value has the type
    its field says, and ``0`` is no boolean, ``5`` no name, ``"5"`` no number. DRF's
    fields convert what they can, as a form needs (every value of a form is text, so a
    form is read as before); a JSON client that sends the wrong type has a bug it should
    hear of, and the schema's promise holds both ways."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict) and not hasattr(data, "getlist"):
            wrong = _json_type_errors(self, data)
            if wrong:
                raise serializers.ValidationError(wrong)
        return super().to_internal_value(data)


class QuerySerializer(serializers.Serializer):  # type: ignore[type-arg]
    """Query parameters, checked as the schema documents them: one given empty
    (``?variant=``, ``?legal=``) is refused like any other value its field does not take.
    DRF reads an empty optional value of a form or a query as not given at all, so
    ``?legal=`` meant the default and ``?variant=`` every variant, while the schema says
    neither may be empty; a client that sends one has a bug it should hear of."""

    def to_internal_value(self, data: Any) -> Any:
        blank = {
            name: [_("This field may not be blank.")]
            for name, field in self.fields.items()
            if not getattr(field, "allow_blank", False)
            and "" in (data.getlist(name) if hasattr(data, "getlist") else [data.get(name)])
        }
        if blank:
            raise serializers.ValidationError(blank)
        return super().to_internal_value(data)


#: The time zones the site knows (IANA's names, as zoneinfo finds them; not the two
#: files of a system's own that are no zone: games.deadlines.zone_named refuses them too).
TIME_ZONES = sorted(available_timezones() - {"localtime", "posixrules"})


class TimeZoneField(serializers.ChoiceField):
    """An IANA time zone's name, one of :data:`TIME_ZONES` (documented as their list)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault(
            "error_messages",
            {
                "invalid_choice": _(
                    "Unknown time zone {input}; use an IANA name such as Europe/Berlin."
                )
            },
        )
        super().__init__(choices=TIME_ZONES, **kwargs)


class PageQuerySerializer(QuerySerializer):
    """``limit`` and ``offset`` of a list, checked (a bad value is a 400, not a guess)."""

    limit = IndexField(min_value=1, max_value=100, default=50)
    offset = IndexField(default=0)


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


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, with nesting bounded: text nested deeper than
    ``core.inputs.MAX_JSON_DEPTH`` is a 400, not a RecursionError (a 500) in the
    parser or in whatever reads the value next. A string holding a NUL (``\\u0000``) or a
    lone surrogate is a 400 too, wherever it is (a serializer's text field refuses it, a
    JSON field or a key would reach PostgreSQL, which refuses it with a 500)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            try:
                data = super().parse(stream, media_type, parser_context)
            except RecursionError:
                # The standard library's parser gives up this way, far past our limit.
                raise JsonTooDeep from None
            return check_json_storable(check_json_depth(data))
        except (JsonTooDeep, UnstorableJson) as e:
            raise ParseError(_("JSON parse error - %(problem)s") % {"problem": e}) from None


class ApiView(APIView):
    """A public API view: token or session, anonymous reads where the view allows them,
    and reads and writes throttled apart. It reads JSON (bounded, see
    :class:`JSONParser`) or a form, and answers JSON alone, errors included (a browser's
    ``Accept: text/html`` gets no HTML page)."""

    # Named in settings (API_AUTHENTICATION, API_THROTTLE): the classes live in accounts,
    # a layer above this one.
    authentication_classes = [import_string(c) for c in settings.API_AUTHENTICATION]
    parser_classes = [JSONParser, parsers.FormParser, parsers.MultiPartParser]
    renderer_classes = [JSONRenderer]
    permission_classes = [IsAuthenticatedOrReadOnly]
    throttle_classes = [import_string(c) for c in settings.API_THROTTLE]

    @property
    def throttle_scope(self) -> str:
        return "api_read" if self.request.method in SAFE_METHODS else "api_write"


@csrf_exempt
def not_found(request: HttpRequest) -> JsonResponse:
    """Any other address under /api/v1/ (a game id that is not a number, say): the one
    error shape, not the site's HTML page."""
    return JsonResponse({"message": _("No such address in the API.")}, status=404)


# -- the site's error handlers (diplosite.urls): JSON under /api/, the site's pages elsewhere --
# They answer what never reaches an API view's exception_handler: an address no view
# takes, and what Django itself raises around the view.


def _api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 400 (a body too large, too many fields, a suspicious request)."""
    if not _api(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return JsonResponse({"message": _too_large()}, status=413)
    return JsonResponse({"message": _("The request could not be read.")}, status=400)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 403."""
    if not _api(request):
        return defaults.permission_denied(request, exception)
    message = _(
        "You may not see or do this. If you think you should, ask the game's creator or a "
        "moderator."
    )
    return JsonResponse({"message": message}, status=403)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 404."""
    if not _api(request):
        return defaults.page_not_found(request, exception)
    return JsonResponse({"message": _("No such address in the API.")}, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's 500 (the error is logged with its traceback before this answers)."""
    if not _api(request):
        return defaults.server_error(request)
    message = _("The site ran into an error. It has been logged; please try again in a moment.")
    return JsonResponse({"message": message}, status=500)
