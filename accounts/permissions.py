"""What the site's own bots may not do through the API, whatever their token.

A house bot's token is the site's (``accounts.services.house_bot_keys`` derives it from
``SECRET_KEY``) and is for playing the bot's seats: reading, ordering, marking ready,
voting. Making tokens, games or sandboxes, joining a game, or changing where the bot is
told of things is nothing the site does with it, so a key that leaked does none of it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from accounts.roles import is_house_bot


class NotAHouseBot(BasePermission):
    """Writes are refused (403) to the site's own bots; reads are let through."""

    message = _("The site's own bots may not do this: they only play their seats.")

    def has_permission(self, request: Request, view: Any) -> bool:
        return request.method in SAFE_METHODS or not is_house_bot(request.user)
