"""Signal receivers of notifications: thin, each calls one service."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import translation

from notifications import services


@receiver(user_logged_in, dispatch_uid="notifications.language_on_login")
def remember_language(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    language = getattr(request, "LANGUAGE_CODE", None) or translation.get_language() or ""
    services.language_remember(user=user, language=language)
