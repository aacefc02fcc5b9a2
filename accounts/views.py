"""Sign-up, a throttled login, API tokens made on the profile page (the page itself is
games.web.profiles: it shows games' records), a player's download of his own data and the
closing of his account. Password change and reset are Django's own."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import PermissionDenied
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.defaults import permission_denied

from accounts import selectors, services
from accounts.forms import SignupForm
from accounts.roles import is_moderator
from core.errors import ApplicationError


def _safe_next(request: HttpRequest) -> str:
    """Where to go afterwards, from ``next`` (form or address), if it stays on this site."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Make an account, log in, and go back to ``next`` (an invite, say) or the lobby."""
    next_url = _safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url or "games:lobby")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.user_signup(form_user=form.save(commit=False))
        except ApplicationError as e:  # the name was taken meanwhile
            form.add_error("username", e.message)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome! Find a game to join, or create one."))
            return redirect(next_url or "games:lobby")
    return render(request, "accounts/signup.html", {"form": form, "next": next_url})


def _address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", "unknown"))


class LoginView(auth_views.LoginView):
    """Django's login, refusing further tries after too many failures."""

    template_name = "accounts/login.html"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = request.POST.get("username", "")
        if services.login_blocked(username=username, address=_address(request)):
            form = self.get_form()
            form.errors.clear()
            form.add_error(
                None, _("Too many failed logins. Please wait a few minutes and try again.")
            )
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        services.login_failed(
            username=self.request.POST.get("username", ""), address=_address(self.request)
        )
        return super().form_invalid(form)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        services.login_succeeded(
            username=form.get_user().get_username(), address=_address(self.request)
        )
        return super().form_valid(form)


def _to_tokens(request: HttpRequest) -> HttpResponse:
    return redirect(reverse("games:profile", args=[request.user.get_username()]) + "#api-tokens")


@login_required
@require_POST
def api_token_create(request: HttpRequest) -> HttpResponse:
    """Make an API token and show its key this once (it is stored only as a hash)."""
    try:
        token, key = services.api_token_create(user=request.user, name=request.POST.get("name", ""))
    except ApplicationError as e:
        messages.error(request, e.message)
        return _to_tokens(request)
    # Rendered, not redirected: the key never rides in a cookie or a message store.
    response = render(request, "accounts/token_created.html", {"token": token, "key": key})
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def api_token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    try:
        token = services.api_token_revoke(user=request.user, token_id=token_id)
    except ApplicationError as e:
        messages.error(request, e.message)
    else:
        messages.success(request, _("The token “%(name)s” is revoked.") % {"name": token.name})
    return _to_tokens(request)


def data_filename(user: Any) -> str:
    """The name of a player's download: ``diplomacy-<username>-<date>.json``."""
    return f"diplomacy-{user.get_username()}-{timezone.now().date().isoformat()}.json"


@login_required
@require_http_methods(["GET", "POST"])
def data_download(request: HttpRequest) -> HttpResponse:
    """The signed-in player's own data, as a JSON file to keep (always his: there is no
    account in the address)."""
    data = services.account_data(user=request.user)
    response = HttpResponse(
        json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=2),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{data_filename(request.user)}"'
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_http_methods(["GET", "POST"])
def account_close(request: HttpRequest) -> HttpResponse:
    """Close the signed-in player's own account, once he says so with his password."""
    if request.method == "POST":
        try:
            services.account_close(user=request.user, password=request.POST.get("password", ""))
        except ApplicationError as e:
            messages.error(request, e.message)
        else:
            logout(request)
            return render(request, "accounts/closed.html")
    return render(request, "accounts/close.html")


@login_required
@require_http_methods(["GET", "POST"])
def moderator_account_close(request: HttpRequest) -> HttpResponse:
    """A site moderator finds an account by its name and closes it, with a reason; and
    reads the history of the accounts moderators closed."""
    if not is_moderator(request.user):
        # Answered, not raised: a player following an old link is no error of the site.
        return permission_denied(request, PermissionDenied())
    name = (request.POST.get("name") or request.GET.get("name") or "").strip()
    found = None
    if name:
        try:
            found = selectors.user_by_name(name=name)
        except ApplicationError as e:
            messages.error(request, e.message)
        else:
            if found is None:
                messages.error(
                    request, _("There is no open account named “%(name)s”.") % {"name": name}
                )
    if request.method == "POST" and found is not None:
        try:
            services.account_close_by_moderator(
                user=found, by=request.user, reason=request.POST.get("reason", "")
            )
        except ApplicationError as e:
            messages.error(request, e.message)
        else:
            messages.success(
                request,
                _("The account “%(name)s” is closed: it is shown as a former player now.")
                % {"name": name},
            )
            return redirect("accounts:moderate-close")
    return render(
        request,
        "accounts/moderate_close.html",
        {
            "name": name,
            "found": found,
            "found_is_moderator": found is not None and is_moderator(found),
            "reason": request.POST.get("reason", ""),
            "history": selectors.accounts_closed_by_moderators(),
        },
    )
