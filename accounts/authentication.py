"""``Authorization: Token <key>`` for the public API, and its per-token throttle."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.base import BaseCache
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions, throttling
from rest_framework.request import Request
from rest_framework.settings import api_settings

from accounts.counters import count_with
from accounts.models import ApiToken, hash_key
from accounts.roles import HOUSE_BOT_TOKEN_NAME, is_house_bot


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
        from accounts.services import api_token_used

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
        self.cache = store
        return throttling.SimpleRateThrottle.allow_request(self, request, view)

    def get_cache_key(self, request: Request, view: Any) -> str:
        if isinstance(request.auth, ApiToken):
            ident = f"token-{request.auth.pk}"
        elif request.user and request.user.is_authenticated:
            ident = f"user-{request.user.pk}"
        else:
            ident = f"addr-{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}
