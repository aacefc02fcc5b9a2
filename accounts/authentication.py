"""``Authorization: Token <key>`` for the public API, and its per-token throttle."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.base import BaseCache
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions, throttling
from rest_framework.request import Request
from rest_framework.settings import api_settings

from accounts.counters import count_with, window_hits
from accounts.models import ApiToken, hash_key
from accounts.roles import HOUSE_BOT_TOKEN_NAME, is_house_bot
from accounts.services import api_token_used, house_bot_key


class TokenAuthentication(authentication.BaseAuthentication):
    """A player's API token: looked up by its hash; a revoked token is refused."""

    keyword = "Token"

    def authenticate(self, request: Request) -> tuple[Any, ApiToken] | None:
        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.lower().encode():
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(
                _("Send the token as “Authorization: Token <key>”.")
            )
        try:
            key = parts[1].decode()
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(_("This token is not valid.")) from None
        token = ApiToken.objects.with_user(hash_key(key))
        if token is None or token.revoked is not None:
            raise exceptions.AuthenticationFailed(_("This token is not valid or was revoked."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("This account is disabled."))

        if (
            token.name == HOUSE_BOT_TOKEN_NAME  # no query for anyone else's token
            and is_house_bot(token.user)
            and not constant_time_compare(key, house_bot_key(token.user))
        ):
            # A house bot's token of an earlier SECRET_KEY: refused from the moment the
            # key changed, not only once run_bots has made the new one (and deleted it).
            raise exceptions.AuthenticationFailed(_("This token is not valid or was revoked."))

        api_token_used(token=token)
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return self.keyword


class TokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "accounts.authentication.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "“Token <key>”: create a key on your profile page.",
        }


#: The scopes of requests from the site's own pages (session, not token).
PAGE_SCOPES = {"api_read": "page_read", "api_write": "page_write"}
#: The scopes of the site's own bots (``manage.py run_bots``, with their tokens).
HOUSE_BOT_SCOPES = {"api_read": "house_bot_read", "api_write": "house_bot_write"}


def window_allows(limit: int, duration: int, elapsed: float, before: int, hits: int) -> bool:
    """May a request count ``hits`` in this window, ``elapsed`` seconds into it, the one
    before having counted ``before``? Within ``limit`` in the sliding ``duration``."""
    return before * (duration - elapsed) / duration + hits <= limit


def window_wait(limit: int, duration: int, elapsed: float, before: int, counted: int) -> float:
    """Seconds until one more request is allowed, ``elapsed`` seconds into a window that
    counted ``counted`` after one that counted ``before`` (the Retry-After a refused
    program is told)."""
    room = limit - counted - 1  # what the last window's weight must fall to
    if room >= 0 and before > 0:
        # Later in this window: the last window's weight falls as it slides out.
        return max(0.0, (duration - elapsed) - room * duration / before)
    if room >= 0:
        return 0.0
    # In a later window: this window's count is then the one that slides out.
    later = duration * (1 - (limit - 1) / counted) if counted > 0 else 0.0
    return (duration - elapsed) + max(0.0, later)


class ApiThrottle(throttling.ScopedRateThrottle):
    """Scoped rates (``api_read``, ``api_write``; ``page_read``, ``page_write`` for the
    site's own pages, signed in without a token; ``house_bot_read``, ``house_bot_write``
    for the site's own bots' tokens) counted per token, else per user, else per address.
    Rates are read at each request, so settings may change them.

    While the cache cannot be reached the requests are still let through and counted, in
    the process's memory (accounts/counters.py), not refused with a 503: the game page and
    the players' programs submit orders through this API, a deadline does not wait for
    Redis, and the throttle guards against runaway programs, which a count per process
    still does."""

    def get_rate(self) -> str | None:
        rates = api_settings.DEFAULT_THROTTLE_RATES or {}
        return rates.get(self.scope)

    def allow_request(self, request: Request, view: Any) -> bool:
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        if request.user and request.user.is_authenticated and request.auth is None:
            # The site's own pages (a signed-in session, no token) save every click of a
            # player's orders: they get the larger allowance of a person at a page, so a
            # quick Highlander set-up never waits; programs keep the token's limits.
            self.scope = PAGE_SCOPES.get(self.scope, self.scope)
        elif (
            isinstance(request.auth, ApiToken)
            and request.auth.name == HOUSE_BOT_TOKEN_NAME  # no query for anyone else's token
            and is_house_bot(request.user)
        ):
            # The site's own bots sit in every practice game at once (house-bot-1 in each
            # of them) and save twice a phase in each: the larger allowance of the site's
            # own program. Still a limit, against a runaway loop.
            self.scope = HOUSE_BOT_SCOPES.get(self.scope, self.scope)
        self.rate = self.get_rate()
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return count_with(lambda store: self._allow_in(store, request, view))

    def _allow_in(self, store: BaseCache, request: Request, view: Any) -> bool:
        # A sliding window, counted in fixed windows of the rate's duration: the last
        # window's count, weighed by how much of it still lies in the sliding one, plus
        # this window's. One round trip to Redis per request (DRF's own throttle reads and
        # rewrites a list of every request's time: two trips and a pickle), at the price
        # of assuming the last window's requests came evenly spread.
        self.cache = store
        base = self.get_cache_key(request, view)
        window, elapsed = divmod(self.timer(), self.duration)
        key = f"{base}:{int(window)}"
        hits, before = window_hits(store, key, f"{base}:{int(window) - 1}", 2 * self.duration)
        if window_allows(self.num_requests, self.duration, elapsed, before, hits):
            return True
        store.decr(key)  # a refused request is not counted: it did nothing
        self.wait_seconds = window_wait(self.num_requests, self.duration, elapsed, before, hits - 1)
        return False

    def wait(self) -> float | None:
        return getattr(self, "wait_seconds", None)

    def get_cache_key(self, request: Request, view: Any) -> str:
        if isinstance(request.auth, ApiToken):
            ident = f"token-{request.auth.pk}"
        elif request.user and request.user.is_authenticated:
            ident = f"user-{request.user.pk}"
        else:
            ident = f"addr-{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}
