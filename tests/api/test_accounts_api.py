"""The public API beyond games: your notifications and settings, your API tokens, and
lists a page at a time. Each endpoint is tried anonymously and as another user."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import ApiToken
from games import services
from notifications import services as notifications
from notifications.models import Notification, NotificationSetting

pytestmark = pytest.mark.django_db


def url(name: str, *args: Any) -> str:
    return reverse(f"api:{name}", args=list(args))


@pytest.fixture
def alice(make_user: Callable[..., Any]) -> Any:
    return make_user("alice")


@pytest.fixture
def bob(make_user: Callable[..., Any]) -> Any:
    return make_user("bob")


def _tell(user: Any, n: int) -> list[int]:
    for i in range(n):
        notifications.notify(
            kind="game_ended",
            game=None,
            users=[user.pk],
            event_key=f"t:{user.pk}:{i}",
            params={"game": f"Game {i}"},
        )
    return list(Notification.objects.filter(user=user).values_list("pk", flat=True))


@pytest.mark.parametrize(
    ("method", "name", "args", "body"),
    [
        ("get", "notifications", (), None),
        ("post", "notifications-read", (), {}),
        ("get", "notifications-settings", (), None),
        ("put", "notifications-settings", (), {"choices": {}}),
        ("get", "tokens", (), None),
        ("post", "tokens", (), {"name": "bot"}),
        ("delete", "token", (1,), None),
    ],
)
def test_the_anonymous_are_asked_to_sign_in(
    api: Callable[..., APIClient], method: str, name: str, args: tuple[int], body: Any
) -> None:
    answer = getattr(api(), method)(url(name, *args), body, format="json")
    assert answer.status_code == 401
    assert "message" in answer.json()


def test_the_inbox_is_yours_alone_a_page_at_a_time(
    api: Callable[..., APIClient], alice: Any, bob: Any
) -> None:
    _tell(alice, 5)
    _tell(bob, 1)
    client = api(alice)
    first = client.get(url("notifications"), {"limit": 2}).json()
    assert (first["count"], first["unread"], len(first["notifications"])) == (5, 5, 2)
    assert first["notifications"][0]["text"] == "Game 4 has ended."  # newest first
    assert first["previous"] is None
    second = client.get(first["next"]).json()
    third = client.get(second["next"]).json()
    assert third["next"] is None
    texts = [n["text"] for page in (first, second, third) for n in page["notifications"]]
    assert texts == [f"Game {i} has ended." for i in (4, 3, 2, 1, 0)]
    assert client.get(url("notifications"), {"limit": 0}).status_code == 400
    assert client.get(url("notifications"), {"offset": -1}).status_code == 400


def test_marking_read_touches_only_your_own(
    api: Callable[..., APIClient], alice: Any, bob: Any
) -> None:
    mine = _tell(alice, 3)
    (theirs,) = _tell(bob, 1)
    client = api(alice)
    answer = client.post(url("notifications-read"), {"ids": [mine[0], theirs]}, format="json")
    assert answer.json() == {"marked": 1, "unread": 2}
    assert not Notification.objects.get(pk=theirs).read
    unread = client.get(url("notifications"), {"unread": "true"}).json()
    assert unread["count"] == 2
    assert client.post(url("notifications-read"), {}, format="json").json() == {
        "marked": 2,
        "unread": 0,
    }


def test_settings_are_read_and_replaced_with_readable_errors(
    api: Callable[..., APIClient], alice: Any
) -> None:
    client = api(alice)
    default = client.get(url("notifications-settings")).json()
    assert default["choices"]["deadline_reminder"] == ["inbox", "email"]
    assert default["digest"] is False
    wanted = {
        "choices": {"press": ["inbox", "webhook"]},
        "webhook_url": "https://example.org/hook",
        "digest": True,
        "digest_hour": 7,
        "time_zone": "Europe/Berlin",
        "reminder_hours": 24,
    }
    saved = client.put(url("notifications-settings"), wanted, format="json").json()
    assert saved["choices"]["press"] == ["inbox", "webhook"]
    assert saved["choices"]["game_started"] == []
    setting = NotificationSetting.objects.get(user=alice)
    assert (setting.digest, setting.digest_hour, setting.time_zone) == (True, 7, "Europe/Berlin")
    assert setting.reminder_hours == saved["reminder_hours"] == 24
    for bad in (
        {"choices": {}, "reminder_hours": 73},
        {"choices": {"gossip": ["inbox"]}},
        {"choices": {"press": ["pigeon"]}},
        {"choices": {}, "time_zone": "Mars/Olympus"},
        {"choices": {}, "digest_hour": 24},
        {"choices": {}, "webhook_url": "ftp://example.org/x"},
    ):
        answer = client.put(url("notifications-settings"), bad, format="json")
        assert answer.status_code == 400, bad
        assert answer.json()["message"]
    assert NotificationSetting.objects.get(user=alice).digest_hour == 7  # nothing half-saved


def test_tokens_are_made_shown_once_used_and_revoked(
    api: Callable[..., APIClient], alice: Any, bob: Any
) -> None:
    client = api(alice)
    made = client.post(url("tokens"), {"name": "my bot"}, format="json")
    assert made.status_code == 201
    key = made.json()["key"]
    assert made.json()["prefix"] == key[:8]
    listed = client.get(url("tokens")).json()["tokens"]
    assert {t["name"] for t in listed} == {"test", "my bot"}
    assert all("key" not in t for t in listed)
    bot = api(key=key)
    assert bot.get(url("tokens")).status_code == 200
    # Another user's token is not there for you.
    bobs = api(bob).get(url("tokens")).json()["tokens"][0]["id"]
    assert client.delete(url("token", bobs)).status_code == 404
    assert ApiToken.objects.get(pk=bobs).revoked is None
    revoked = client.delete(url("token", made.json()["id"]))
    assert revoked.status_code == 200
    assert revoked.json()["revoked"] is not None
    assert bot.get(url("tokens")).status_code == 401


def test_at_most_ten_live_tokens(api: Callable[..., APIClient], alice: Any) -> None:
    client = api(alice)  # the client's own token is the first
    for n in range(9):
        assert client.post(url("tokens"), {"name": f"t{n}"}, format="json").status_code == 201
    refused = client.post(url("tokens"), {"name": "one too many"}, format="json")
    assert refused.status_code == 400
    assert "revoke one first" in refused.json()["message"]


def test_the_game_list_is_paged(api: Callable[..., APIClient], alice: Any) -> None:
    for n in range(7):
        services.game_create(created_by=alice, name=f"Game {n}")
    client = api()
    first = client.get(url("games"), {"limit": 3}).json()
    assert first["count"] == 7
    names = [g["name"] for g in first["games"]]
    page = first
    while page["next"]:
        page = client.get(page["next"]).json()
        names += [g["name"] for g in page["games"]]
    assert names == [f"Game {n}" for n in reversed(range(7))]
    assert client.get(url("games"), {"offset": 50}).json()["games"] == []


def test_the_api_docs_need_nothing_from_outside_the_site(client: Any) -> None:
    page = client.get("/api/docs/").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert any("swagger-ui-bundle.js" in a for a in assets)
    for asset in assets:
        assert asset.startswith("/"), asset  # no CDN
        assert client.get(asset).status_code == 200, asset


def test_the_lobby_counts_seats_the_same_for_everyone(
    api: Callable[..., APIClient], players: dict[str, Any]
) -> None:
    game = services.game_create(created_by=players["austria"], name="Four of seven")
    for power in ("england", "france", "germany"):
        services.game_join(game=game, user=players[power])
    for client in (api(), api(players["austria"]), api(players["turkey"])):
        (row,) = client.get(url("games")).json()["games"]
        assert (row["players"], row["powers"]) == (4, 7)
