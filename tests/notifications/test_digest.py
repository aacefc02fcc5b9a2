"""The daily digest: e-mails and webhooks held and sent once a day at the user's hour in
their time zone, each day's digest made once, reminders never held, nothing lost when
the digest is turned off, and a webhook digest that fits Discord's limit."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.core import mail
from django.urls import reverse

from games.models import Game
from games.services import press
from notifications import services as notifications
from notifications.models import Delivery, Notification, NotificationSetting
from notifications.tasks import deliver, send_digests
from tests.notifications.conftest import Hook

pytestmark = pytest.mark.django_db

#: A winter Monday: Berlin is UTC+1.
MORNING = datetime(2026, 1, 12, 9, 0, tzinfo=UTC)


def _digest(user: Any, *, kinds: tuple[str, ...], channels: list[str], **setting: Any) -> None:
    notifications.setting_save(
        user=user,
        choices=dict.fromkeys(kinds, channels),
        webhook_url=setting.pop("webhook_url", ""),
        digest=True,
        **setting,
    )


def _tell(game: Game, user: Any, key: str, phase: str = "S1901M") -> None:
    notifications.notify(
        kind="phase_adjudicated",
        game=game,
        users=[user.pk],
        event_key=key,
        params={"game": game.name, "phase": phase},
    )


def _send_due(capture: Any) -> int:
    with capture(execute=True):
        return int(send_digests.apply().get())


def test_held_until_the_digest_hour_then_sent_once(
    started_game: Game,
    players: dict[str, Any],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    user = players["england"]
    _digest(user, kinds=("phase_adjudicated",), channels=["inbox", "email"], digest_hour=18)
    with time_machine.travel(MORNING, tick=False) as clock:
        with django_capture_on_commit_callbacks(execute=True):
            _tell(started_game, user, "d:1", "S1901M")
            _tell(started_game, user, "d:2", "F1901M")
        assert mail.outbox == []
        assert Notification.objects.filter(user=user).count() == 2  # the inbox is never held
        assert _send_due(django_capture_on_commit_callbacks) == 0  # 09:00 UTC, hour is 18
        clock.move_to(MORNING.replace(hour=18, minute=2))
        assert _send_due(django_capture_on_commit_callbacks) == 1
        assert _send_due(django_capture_on_commit_callbacks) == 0  # one digest a day
    (message,) = mail.outbox
    assert message.to == [user.email]
    assert "Your daily digest: 2 notifications." in message.subject
    assert "Spring 1901 movement has been adjudicated" in message.body
    assert "Fall 1901 movement has been adjudicated" in message.body
    held = Delivery.objects.filter(event_key__in=["d:1", "d:2"])
    assert {d.status for d in held} == {Delivery.Status.SENT}


def test_a_notification_after_the_hour_waits_for_the_next_day(
    started_game: Game,
    players: dict[str, Any],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    user = players["england"]
    _digest(user, kinds=("phase_adjudicated",), channels=["email"], digest_hour=18)
    evening = MORNING.replace(hour=19)
    with time_machine.travel(evening, tick=False) as clock:
        _tell(started_game, user, "late:1")
        assert _send_due(django_capture_on_commit_callbacks) == 0  # made after today's 18:00
        clock.move_to(evening + timedelta(hours=22, minutes=59))  # 17:59 the next day
        assert _send_due(django_capture_on_commit_callbacks) == 0
        clock.move_to(evening + timedelta(hours=23, minutes=1))
        assert _send_due(django_capture_on_commit_callbacks) == 1
    assert len(mail.outbox) == 1
    assert Delivery.objects.get(kind="digest").event_key == "digest:2026-01-13"


def test_the_digest_hour_is_in_the_users_time_zone(
    started_game: Game,
    players: dict[str, Any],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    user = players["england"]
    _digest(
        user,
        kinds=("phase_adjudicated",),
        channels=["email"],
        digest_hour=18,
        time_zone="Europe/Berlin",
    )
    with time_machine.travel(MORNING, tick=False) as clock:
        _tell(started_game, user, "tz:1")
        clock.move_to(MORNING.replace(hour=16, minute=59))  # 17:59 in Berlin
        assert _send_due(django_capture_on_commit_callbacks) == 0
        clock.move_to(MORNING.replace(hour=17, minute=1))  # 18:01 in Berlin
        assert _send_due(django_capture_on_commit_callbacks) == 1
    assert len(mail.outbox) == 1


def test_deadline_reminders_are_never_held(
    started_game: Game,
    players: dict[str, Any],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    user = players["england"]
    _digest(user, kinds=("deadline_reminder",), channels=["email"])
    with django_capture_on_commit_callbacks(execute=True):
        notifications.notify(
            kind="deadline_reminder",
            game=started_game,
            users=[user.pk],
            event_key="r:1",
            params={"game": "G", "phase": "S1901M", "deadline": "x", "power": "england"},
        )
    assert len(mail.outbox) == 1
    assert Delivery.objects.get(event_key="r:1").status == Delivery.Status.SENT


def test_turning_the_digest_off_sends_what_it_held(
    started_game: Game,
    players: dict[str, Any],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    user = players["england"]
    _digest(user, kinds=("phase_adjudicated",), channels=["email"])
    _tell(started_game, user, "off:1")
    assert mail.outbox == []
    with django_capture_on_commit_callbacks(execute=True):
        notifications.setting_save(
            user=user, choices={"phase_adjudicated": ["email"]}, webhook_url="", digest=False
        )
    assert len(mail.outbox) == 1
    assert "has been adjudicated" in mail.outbox[0].body
    assert Delivery.objects.get(event_key="off:1").status == Delivery.Status.SENT


def test_a_webhook_digest_fits_discords_limit_and_counts_the_rest(
    started_game: Game,
    players: dict[str, Any],
    hook: tuple[str, type[Hook]],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    url, handler = hook
    user = players["england"]
    _digest(user, kinds=("phase_adjudicated",), channels=["webhook"], webhook_url=url)
    with time_machine.travel(MORNING, tick=False) as clock:
        for n in range(60):
            _tell(started_game, user, f"many:{n}", f"S{1901 + n}M")
        clock.move_to(MORNING.replace(hour=18, minute=1))
        assert _send_due(django_capture_on_commit_callbacks) == 1
    (body,) = handler.bodies
    content = body["content"]
    assert len(content) <= notifications.WEBHOOK_MAX_CHARS
    assert content.startswith("Your daily digest: 60 notifications.")
    assert content.splitlines()[-1].endswith("more in your inbox on the site.")


def test_a_failing_digest_is_retried_and_its_items_follow_it(
    started_game: Game,
    players: dict[str, Any],
    hook: tuple[str, type[Hook]],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    url, handler = hook
    handler.statuses = [500] * 20
    user = players["england"]
    _digest(user, kinds=("phase_adjudicated",), channels=["webhook"], webhook_url=url)
    with time_machine.travel(MORNING, tick=False) as clock:
        _tell(started_game, user, "fail:1")
        clock.move_to(MORNING.replace(hour=18, minute=1))
        _send_due(django_capture_on_commit_callbacks)
    digest = Delivery.objects.get(kind="digest")
    assert (digest.status, digest.attempts) == ("failed", notifications.MAX_ATTEMPTS)
    assert Delivery.objects.get(event_key="fail:1").status == Delivery.Status.FAILED
    deliver.apply(args=(digest.pk,))  # a late redelivery sends nothing
    assert len(handler.bodies) == notifications.MAX_ATTEMPTS


def test_private_press_in_a_digest_only_for_its_readers(
    started_game: Game,
    players: dict[str, Any],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    for power in ("france", "germany"):
        _digest(players[power], kinds=("press",), channels=["email"])
    with time_machine.travel(MORNING, tick=False) as clock:
        with django_capture_on_commit_callbacks(execute=True):
            press.press_send(
                game=started_game, user=players["england"], to=["france"], body="Secret plan"
            )
            press.press_send(game=started_game, user=players["england"], to="all", body="Hi all")
        clock.move_to(MORNING.replace(hour=18, minute=1))
        assert _send_due(django_capture_on_commit_callbacks) == 2
    by_reader = {m.to[0]: m.body for m in mail.outbox}
    assert "Secret plan" in by_reader[players["france"].email]
    assert "Hi all" in by_reader[players["germany"].email]
    assert "Secret plan" not in by_reader[players["germany"].email]


def test_the_settings_page_saves_the_digest_and_refuses_an_unknown_zone(
    client: Any, players: dict[str, Any]
) -> None:
    user = players["england"]
    client.force_login(user)
    url = reverse("notifications:inbox")
    page = client.get(url).content.decode()
    assert "daily digest" in page
    bad = client.post(url, {"digest": "1", "digest_hour": "7", "time_zone": "Mars/Olympus"})
    assert bad.status_code == 200
    assert not NotificationSetting.objects.filter(user=user, digest=True).exists()
    good = client.post(
        url,
        {"digest": "1", "digest_hour": "7", "time_zone": "Europe/Berlin", "press__email": "on"},
    )
    assert good.status_code == 302
    setting = NotificationSetting.objects.get(user=user)
    assert (setting.digest, setting.digest_hour, setting.time_zone) == (True, 7, "Europe/Berlin")
    with pytest.raises(ValueError, match="Unknown time zone"):
        notifications.setting_save(
            user=user, choices={}, webhook_url="", digest=True, time_zone="Nowhere/At-All"
        )


def test_mail_is_in_the_language_the_player_signs_in_with_or_chooses(
    client: Any,
    started_game: Game,
    players: dict[str, Any],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    user = players["england"]
    user.set_password("a-long-test-password")
    user.save()
    client.post(
        reverse("accounts:login"),
        {"username": user.username, "password": "a-long-test-password"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert NotificationSetting.objects.get(user=user).language == "de"
    notifications.setting_save(
        user=user,
        choices={"game_ended": ["email"]},
        webhook_url="",
        language=NotificationSetting.objects.get(user=user).language,
    )
    with django_capture_on_commit_callbacks(execute=True):
        notifications.notify(
            kind="game_ended",
            game=started_game,
            users=[user.pk],
            event_key="lang:1",
            params={"game": "Freitag"},
        )
    (message,) = mail.outbox
    assert message.body == "Freitag ist beendet."
    # A language chosen on the settings page is kept on the next sign-in.
    notifications.setting_save(user=user, choices={}, webhook_url="", language="en")
    client.post(
        reverse("accounts:login"),
        {"username": user.username, "password": "a-long-test-password"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert NotificationSetting.objects.get(user=user).language == "en"
    with pytest.raises(ValueError, match="no such language"):
        notifications.setting_save(user=user, choices={}, webhook_url="", language="xx")
