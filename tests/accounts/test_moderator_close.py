"""A site moderator closes a member's account (issue 39): with a reason he must give, the
same closing as the player's own (his games keep their history under "a former player",
his sessions, tokens and devices end, his address is erased), kept in the moderators'
history. Nobody else may, and no moderator's account is closed through it (his own
included): whoever gives the roles takes the role first."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from accounts import services as account_services
from accounts.models import ApiToken, ClosedAccount
from accounts.roles import MODERATOR, ORGANISER, grant
from accounts.selectors import is_closed
from accounts.usernames import CLOSED_PREFIX
from core.errors import ApplicationError
from games.models import Game, Seat
from notifications.models import PushSubscription
from tests.accounts.test_account_close import _finished, _game

pytestmark = pytest.mark.django_db

URL = "/accounts/moderate/close/"
PASSWORD = "a-long-test-password"


@pytest.fixture
def moderator(make_user: Any) -> Any:
    user = make_user("mia")
    grant(user, MODERATOR)
    return user


def _client(user: Any | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _post(user: Any | None, name: str, reason: str = "Spam in every game's press") -> Any:
    return _client(user).post(URL, {"name": name, "reason": reason})


def test_the_address_is_the_one_the_moderators_page_links_to(moderator: Any) -> None:
    assert reverse("accounts:moderate-close") == URL
    page = _client(moderator).get(reverse("games:moderate")).content.decode()
    assert URL in page


def test_anonymous_is_sent_to_log_in(players: dict[str, Any]) -> None:
    for response in (Client().get(URL), _post(None, "austria-player")):
        assert response.status_code == 302
        assert reverse("accounts:login") in response["Location"]
    assert not ClosedAccount.objects.exists()


@pytest.mark.parametrize("role", [None, ORGANISER])
def test_a_player_or_an_organiser_may_not(
    players: dict[str, Any], make_user: Any, role: str | None
) -> None:
    someone = make_user("someone")
    if role:
        grant(someone, role)
    assert _client(someone).get(URL, {"name": "austria-player"}).status_code == 403
    assert _post(someone, "austria-player").status_code == 403
    assert not ClosedAccount.objects.exists()
    assert players["austria"].__class__.objects.get(pk=players["austria"].pk).is_active
    with pytest.raises(ApplicationError, match="Only the site's moderators"):
        account_services.account_close_by_moderator(
            user=players["austria"], by=someone, reason="because"
        )


def test_a_closed_account_may_not(players: dict[str, Any], moderator: Any) -> None:
    """A moderator whose account was closed (he gave the role up, then closed it) is
    signed out everywhere: his old session no longer reaches the tool."""
    former = players["england"]
    grant(former, MODERATOR)
    kept = _client(former)
    former.groups.clear()
    account_services.account_close(user=former, password=PASSWORD)
    former.refresh_from_db()
    assert is_closed(former)
    for response in (kept.get(URL), kept.post(URL, {"name": "austria-player", "reason": "x"})):
        assert response.status_code == 302
        assert reverse("accounts:login") in response["Location"]
    # Signed in again by force, an inactive account is nobody to Django's sessions.
    assert _post(former, "austria-player").status_code == 302
    assert not ClosedAccount.objects.filter(user=players["austria"]).exists()


def test_a_moderator_closes_an_account_with_a_reason(
    players: dict[str, Any], moderator: Any
) -> None:
    game = _finished(_game(players))
    target = players["austria"]
    old_name = target.username
    _token, _key = account_services.api_token_create(user=target, name="bot")
    PushSubscription.objects.create(
        user=target, endpoint="https://push.example.org/x", p256dh="p", auth="a", server_key="k"
    )
    his_session = Client()
    assert his_session.login(username=old_name, password=PASSWORD)

    found = _client(moderator).get(URL, {"name": old_name}).content.decode()
    assert 'name="reason"' in found
    assert old_name in found

    # No reason, no closing: a clear word, the account still open.
    response = _client(moderator).post(URL, {"name": old_name, "reason": "  "}, follow=True)
    assert "Say why you close this account" in response.content.decode()
    target.refresh_from_db()
    assert target.is_active

    response = _post(moderator, old_name, reason="Spam in every game's press")
    assert response.status_code == 302
    target.refresh_from_db()
    assert is_closed(target)
    assert target.email == ""
    assert not target.has_usable_password()
    assert not ApiToken.objects.filter(user=target).exists()
    assert not PushSubscription.objects.filter(user=target).exists()
    assert not [
        s for s in Session.objects.all() if s.get_decoded().get("_auth_user_id") == str(target.pk)
    ]
    assert his_session.get(reverse("accounts:close")).status_code == 302  # signed out
    closed = ClosedAccount.objects.get(user=target)
    assert (closed.closed_by, closed.reason) == (moderator, "Spam in every game's press")
    # Nothing lost: his finished game keeps him in his seat, as "a former player".
    assert Seat.objects.get(game=game, power="austria").user == target
    assert Game.objects.filter(pk=game.pk).exists()
    page = _client(players["england"]).get(reverse("games:detail", args=[game.pk]))
    assert "a former player" in page.content.decode()

    # The moderators' history: who closed which account, when and why.
    for language, words in (("en", "a former player"), ("de", "ein ehemaliger Spieler")):
        history = _client(moderator).get(URL, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert words in history
        assert "mia" in history
        assert "Spam in every game" in history
        assert old_name not in history
        assert CLOSED_PREFIX not in history
    # Closed, he is no longer found.
    again = _client(moderator).get(URL, {"name": old_name}, follow=True).content.decode()
    assert 'name="reason"' not in again
    assert "There is no open account named" in again


def test_no_moderator_account_is_closed_here(
    players: dict[str, Any], moderator: Any, make_user: Any
) -> None:
    other = make_user("max")
    grant(other, MODERATOR)
    admin = User.objects.create_superuser("root-admin", "root@example.org", PASSWORD)
    for target, refusal in (
        (other, "is a moderator"),
        (admin, "is a moderator"),
        (moderator, "You cannot close your own account here"),
    ):
        page = _client(moderator).get(URL, {"name": target.username}).content.decode()
        assert 'name="reason"' not in page  # no form to close it
        response = _post(moderator, target.username)
        assert response.status_code == 200
        assert refusal in response.content.decode()
        target.refresh_from_db()
        assert target.is_active
        assert not ClosedAccount.objects.filter(user=target).exists()
        with pytest.raises(ApplicationError, match=refusal):
            account_services.account_close_by_moderator(user=target, by=moderator, reason="x")


def test_the_refusals_are_in_german(players: dict[str, Any], moderator: Any) -> None:
    response = _client(moderator).post(
        URL, {"name": "austria-player", "reason": ""}, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert "Sag, warum du dieses Konto schließt" in response.content.decode()
    page = _client(moderator).get(URL, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Konto schließen" in page
