"""Requests refused before any view reads them: text that no field of the site may hold.

PostgreSQL refuses a NUL character in text (``DataError``), so a NUL in a query parameter
(the lobby's ``?variant=%00``), a form field, a cookie or the path reached the database and
answered 500; a lone surrogate cannot even be written in UTF-8. Checking in each view
misses one (the API's serializers refuse a NUL in their text fields, the lobby's page did
not look), so :class:`StorableTextOnly`, early in the chain, looks at all the text Django
hands the views (the path, the query string, the cookies, a form's fields) and answers
400: in the API's one error shape under ``/api/``, with the site's error page elsewhere.

JSON is checked where it is parsed, since only parsing shows the NUL its ``\\u0000``
stands for: ``core.inputs.json_loads`` (the site's views and sockets) and
``core.api.JSONParser`` (the API) refuse such a document as they refuse one nested too
deep.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from io import BytesIO

from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.core.files import uploadhandler
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse, QueryDict
from django.http.multipartparser import MultiPartParser, MultiPartParserError
from django.template import loader
from django.utils import translation
from django.utils.translation import gettext as _

from core.inputs import storable

FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"


def refusal_message() -> str:
    """What the refusal says, in the active language."""
    message: str = _(
        "The request holds a character that no text on this site may contain (a NUL "
        "character, U+0000, or half of a surrogate pair): remove it and try again."
    )
    return message


class StorableTextOnly:
    """Answer 400 to a request whose path, query string, cookies or form fields hold text
    :func:`core.inputs.storable` refuses; pass every other request on untouched.

    Placed before the session middleware, which looks the session cookie up in the
    database."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _storable_request(request):
            return self.get_response(request)
        return _refused(request)


def _all_storable(texts: Iterable[str]) -> bool:
    return all(storable(t) for t in texts)


def _storable_request(request: HttpRequest) -> bool:
    # A query string is still percent-encoded here: "%00" is the one way to write a NUL
    # in it (invalid UTF-8 is decoded to U+FFFD, never to a surrogate).
    query = request.META.get("QUERY_STRING", "")
    if "%00" in query or not storable(query) or not storable(request.path_info):
        return False
    if not _all_storable(text for pair in request.COOKIES.items() for text in pair):
        return False
    form = _form_copy(request)
    return form is None or _all_storable(
        text for key, values in form.lists() for text in (key, *values)
    )


def _form_copy(request: HttpRequest) -> QueryDict | None:
    """The request's form fields as Django will read them, parsed from a copy of the body
    (the view still parses the body itself, as if nothing had read it), or None: no form,
    or one Django refuses anyway when the view reads it (too large, too many fields,
    malformed), which the view then answers as it always did."""
    if request.content_type not in (FORM, MULTIPART):
        return None
    try:
        body = request.body
        if request.content_type == FORM:
            return QueryDict(body, encoding=request.encoding)
        # Fresh upload handlers: the view's own parse keeps the request's. No view of the
        # site takes a file; the file fields' names are checked all the same.
        handlers = [uploadhandler.load_handler(h, request) for h in settings.FILE_UPLOAD_HANDLERS]
        fields, files = MultiPartParser(
            request.META, BytesIO(body), handlers, request.encoding
        ).parse()
    except (SuspiciousOperation, MultiPartParserError, ValueError):
        return None
    fields = fields.copy()
    for key, uploaded in files.lists():
        fields.setlist(key, [*fields.getlist(key), *(f.name or "" for f in uploaded)])
    return fields


def _refused(request: HttpRequest) -> HttpResponse:
    # The language middleware comes later in the chain: ask for the reader's language here.
    with translation.override(translation.get_language_from_request(request)):
        message = refusal_message()
        if request.path_info.startswith("/api/"):  # as core.api's error handlers decide
            return JsonResponse({"message": message}, status=400)
        # Rendered without the request, as Django renders its own error pages: nothing of
        # the request is read (no session, no user) to show it.
        return HttpResponseBadRequest(loader.render_to_string("400.html", {"reason": message}))
