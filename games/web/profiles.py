"""A player's profile page: their record in games (as the viewer may see it), their roles,
and (to themselves) their API tokens. It lives with games, not accounts, because the
record is read from games (accounts is the layer below)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts.roles import ROLE_NAMES, ROLES
from accounts.selectors import api_tokens_of, is_closed
from games import selectors
from games.profile_sections import profile_sections


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """``username``'s profile, as ``request.user`` may see it (games.selectors decides)."""
    user = get_object_or_404(User, username=username)
    if is_closed(user):
        # A closed account has no page: one would gather the games of one "former player"
        # that his games, each showing only that neutral name, keep apart.
        raise Http404
    record = selectors.player_record(user=user, viewer=request.user)
    games = selectors.games_of_player(user=user, viewer=request.user)
    roles = [ROLE_NAMES[r] for r in ROLES if user.groups.filter(name=r).exists()]
    tokens = api_tokens_of(user=user) if request.user == user else None
    return render(
        request,
        "accounts/profile.html",
        {
            "profile_user": user,
            "record": record,
            "games": games[:50],
            "roles": roles,
            "tokens": tokens,
            "sections": profile_sections(user=user, viewer=request.user),
        },
    )
