"""Notifications: exactly once per (event, user, channel) even when the task runs again,
webhooks that fail, time out and give up, the inbox page and its settings, private press
never sent to someone who may not read it, and anonymous games naming nobody."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.urls import reverse

from games import services
from games.models import Game
from games.services import press
from games.terms import GameTerms
from notifications import services as notifications
from notifications.models import Delivery, Notification, NotificationSetting
from notifications.tasks import deliver
from tests.notifications.conftest import Hook

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


def _choose(user: Any, kind: str, channels: list[str], webhook_url: str = "") -> None:
    notifications.setting_save(user=user, choices={kind: channels}, webhook_url=webhook_url)


def test_an_event_is_told_once_and_a_redelivered_task_sends_nothing(
    started_game: Game, players: dict[str, Any]
) -> None:
    user = players["england"]
    _choose(user, "game_started", ["inbox", "email"])
    kw = {"kind": "game_started", "game": started_game, "users": [user.pk]}
    kw |= {"event_key": "test:1", "params": {"game": started_game.name}}
    assert notifications.notify(**kw, queue=False) == 2
    assert notifications.notify(**kw, queue=False) == 0  # the same event again: nothing
    (delivery,) = Delivery.objects.filter(event_key="test:1", channel="email")
    deliver.apply(args=(delivery.pk,))  # a redelivered task
    deliver.apply(args=(delivery.pk,))
    assert len(mail.outbox) == 1
    assert Notification.objects.filter(user=user).count() == 1
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("sent", 1)


def test_game_events_reach_the_inbox_after_commit(
    players: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(
            created_by=players["austria"],
            name="Inbox",
            power="austria",
            terms=GameTerms(assignment="chosen"),
        )
        for power in POWERS[1:]:
            services.game_join(game=game, user=players[power], power=power)
    assert Notification.objects.filter(kind="game_started").count() == 7
    with django_capture_on_commit_callbacks(execute=True):
        services.draw_vote(game=game, user=players["france"], accept=True)
        services.draw_vote(game=game, user=players["italy"], accept=True)
    told = set(Notification.objects.filter(kind="draw_proposed").values_list("user", flat=True))
    assert told == {players[p].pk for p in POWERS if p != "france"}  # never the proposer


def test_a_failing_webhook_is_retried_then_sent(
    started_game: Game, players: dict[str, Any], hook: tuple[str, type[Hook]]
) -> None:
    url, handler = hook
    handler.statuses = [500]
    user = players["england"]
    _choose(user, "game_ended", ["webhook"], webhook_url=url)
    kw = {"kind": "game_ended", "game": started_game, "users": [user.pk]}
    notifications.notify(**kw, event_key="test:2", params={"game": "G"}, queue=False)
    (delivery,) = Delivery.objects.filter(event_key="test:2")
    assert (delivery.status, delivery.attempts) == ("sent", 2)
    sent = {"content": "G has ended.", "allowed_mentions": {"parse": []}}
    assert handler.bodies == [sent] * 2


def test_a_webhook_pings_nobody_whatever_the_text_says(
    started_game: Game, players: dict[str, Any], hook: tuple[str, type[Hook]]
) -> None:
    # A game's name (and press, an announcement) is a player's text: "@everyone" in it
    # must reach the channel as words, never as a ping of the whole server.
    url, handler = hook
    user = players["england"]
    _choose(user, "game_ended", ["webhook"], webhook_url=url)
    kw = {"kind": "game_ended", "game": started_game, "users": [user.pk]}
    notifications.notify(
        **kw, event_key="test:ping", params={"game": "@everyone <@1>"}, queue=False
    )
    (body,) = handler.bodies
    assert body["content"] == "@everyone <@1> has ended."
    assert body["allowed_mentions"] == {"parse": []}


def test_a_webhook_gives_up_after_bounded_attempts(
    started_game: Game, players: dict[str, Any], hook: tuple[str, type[Hook]]
) -> None:
    url, handler = hook
    handler.statuses = [500] * 20
    user = players["england"]
    _choose(user, "game_ended", ["webhook"], webhook_url=url)
    kw = {"kind": "game_ended", "game": started_game, "users": [user.pk]}
    notifications.notify(**kw, event_key="test:3", params={"game": "G"}, queue=False)
    (delivery,) = Delivery.objects.filter(event_key="test:3")
    assert (delivery.status, delivery.attempts) == ("failed", notifications.MAX_ATTEMPTS)
    assert "500" in delivery.last_error
    assert len(handler.bodies) == notifications.MAX_ATTEMPTS
    deliver.apply(args=(delivery.pk,))  # given up: a late redelivery does nothing
    assert len(handler.bodies) == notifications.MAX_ATTEMPTS


def test_a_slow_webhook_times_out(
    started_game: Game,
    players: dict[str, Any],
    hook: tuple[str, type[Hook]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url, handler = hook
    handler.delay = 0.6
    monkeypatch.setattr(notifications, "WEBHOOK_TIMEOUT", 0.2)
    monkeypatch.setattr(notifications, "MAX_ATTEMPTS", 1)
    user = players["england"]
    _choose(user, "game_ended", ["webhook"], webhook_url=url)
    kw = {"kind": "game_ended", "game": started_game, "users": [user.pk]}
    notifications.notify(**kw, event_key="test:4", params={"game": "G"}, queue=False)
    (delivery,) = Delivery.objects.filter(event_key="test:4")
    assert delivery.status == "failed"
    assert "timed out" in delivery.last_error


def test_private_press_is_never_mailed_to_a_non_reader(
    started_game: Game,
    players: dict[str, Any],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    for user in players.values():
        _choose(user, "press", ["inbox", "email"])
    with django_capture_on_commit_callbacks(execute=True):
        message = press.press_send(
            game=started_game, user=players["england"], to=["france"], body="Secret plan"
        )
    assert [m.to for m in mail.outbox] == [[players["france"].email]]
    assert "Secret plan" in mail.outbox[0].body
    told = set(Notification.objects.values_list("user", flat=True))
    assert told == {players["france"].pk}
    # Even a delivery wrongly made for a non-reader carries no body.
    forged = Delivery.objects.create(
        event_key="forged",
        user=players["germany"],
        channel="email",
        kind="press",
        game=started_game,
        params={"game": started_game.name, "power": "england", "message": message.pk},
    )
    deliver.apply(args=(forged.pk,))
    assert "Secret plan" not in mail.outbox[-1].body


def test_an_anonymous_game_names_nobody(
    players: dict[str, Any], eager: None, django_capture_on_commit_callbacks: Any
) -> None:
    for user in players.values():
        notifications.setting_save(
            user=user,
            choices={k: ["inbox", "email"] for k in ("press", "game_started", "draw_proposed")},
            webhook_url="",
        )
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(
            created_by=players["austria"],
            name="Masks",
            power="austria",
            terms=GameTerms(anonymous=True, assignment="chosen"),
        )
        for power in POWERS[1:]:
            services.game_join(game=game, user=players[power], power=power)
    with django_capture_on_commit_callbacks(execute=True):
        press.press_send(game=game, user=players["england"], to="all", body="Hello")
        services.draw_vote(game=game, user=players["france"], accept=True)
    texts = [notifications.text(kind=n.kind, params=n.params) for n in Notification.objects.all()]
    texts += [f"{m.subject}\n{m.body}" for m in mail.outbox]
    assert len(texts) > 20
    for text in texts:
        assert not any(u.username in text for u in players.values()), text


def test_the_inbox_page_lists_and_marks_read(
    client: Any, started_game: Game, players: dict[str, Any]
) -> None:
    user = players["england"]
    kw = {"kind": "phase_adjudicated", "game": started_game, "users": [user.pk]}
    notifications.notify(**kw, event_key="t:5", params={"game": "Test game", "phase": "S1901M"})
    assert client.get(reverse("notifications:inbox")).status_code == 302  # login first
    client.force_login(user)
    page = client.get(reverse("notifications:inbox")).content.decode()
    assert "Test game: Spring 1901 movement has been adjudicated." in page
    assert "Notifications (1)" in page
    client.post(reverse("notifications:inbox"), {"action": "read_all"})
    assert not Notification.objects.filter(user=user, read=False).exists()
    assert "Notifications (1)" not in client.get(reverse("notifications:inbox")).content.decode()


def test_the_settings_form_saves_and_checks_the_webhook(
    client: Any, players: dict[str, Any]
) -> None:
    user = players["england"]
    client.force_login(user)
    url = reverse("notifications:inbox")
    bad = client.post(url, {"press__webhook": "on", "webhook_url": "ftp://example.org/x"})
    assert bad.status_code == 200
    assert bad.content.decode().count("http or https address") == 1
    typo = client.post(url, {"webhook_url": "https://exa mple"}).content.decode()
    assert typo.count("Enter a valid URL.") == 1
    assert not NotificationSetting.objects.filter(user=user).exclude(webhook_url="").exists()
    good = client.post(
        url, {"press__webhook": "on", "press__inbox": "on", "webhook_url": "https://example.org/h"}
    )
    assert good.status_code == 302
    setting = NotificationSetting.objects.get(user=user)
    assert setting.choices["press"] == ["inbox", "webhook"]
    assert setting.choices["game_started"] == []
    assert setting.webhook_url == "https://example.org/h"


def test_the_players_hear_of_a_vote_proposed_and_of_its_decision(
    started_game: Game, players: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    from games.models import Vote

    with django_capture_on_commit_callbacks(execute=True):
        services.vote_cast(game=started_game, user=players["france"], kind="cancel", accept=True)
    proposed = Notification.objects.filter(kind="vote_proposed")
    assert {n.user_id for n in proposed} == {players[p].pk for p in POWERS if p != "france"}
    assert notifications.text(kind="vote_proposed", params=proposed[0].params) == (
        "Test game: cancelling the game has been proposed in Spring 1901 movement."
    )
    with django_capture_on_commit_callbacks(execute=True):
        for power in POWERS:
            services.vote_cast(
                game=started_game, user=players[power], kind=Vote.Kind.CANCEL, accept=True
            )
    passed = Notification.objects.filter(kind="vote_passed")
    assert passed.count() == 7
    assert notifications.text(kind="vote_passed", params=passed[0].params) == (
        "Test game was cancelled: every player agreed. It counts for nothing."
    )
    assert not Notification.objects.filter(kind="game_ended").exists()


@pytest.mark.django_db(transaction=True)
def test_an_email_is_sent_with_no_row_lock_held(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The e-mail (or webhook) of a delivery went out while its row was locked, in the
    worker's transaction, for as long as a slow mail server took. It is now sent with no
    transaction open; the delivery is taken (``sending_since``) so no other worker sends
    it meanwhile, and set free with the result."""
    from django.db import connection

    user = make_user("slow-mail")
    _choose(user, "game_ended", ["email"])
    seen: list[tuple[bool, Any]] = []
    real = notifications.send_mail

    def send_mail(*args: Any, **kwargs: Any) -> Any:
        (taken,) = Delivery.objects.filter(event_key="test:lock")
        seen.append((connection.in_atomic_block, taken.sending_since))
        # Another worker, meanwhile, sends nothing.
        assert notifications.delivery_send(delivery_id=taken.pk) == "pending"
        return real(*args, **kwargs)

    monkeypatch.setattr(notifications, "send_mail", send_mail)
    kw = {"kind": "game_ended", "game": None, "users": [user.pk]}
    notifications.notify(**kw, event_key="test:lock", params={"game": "G"}, queue=False)
    ((in_transaction, taken_since),) = seen
    assert not in_transaction
    assert taken_since is not None
    (delivery,) = Delivery.objects.filter(event_key="test:lock")
    assert (delivery.status, delivery.attempts, delivery.sending_since) == ("sent", 1, None)
    assert len(mail.outbox) == 1


def test_a_delivery_whose_sender_died_mid_send_is_taken_over(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that died while sending leaves the delivery taken: once the lease is over
    another sends it (at least once, as before), and never sooner."""
    from datetime import timedelta

    from django.utils import timezone

    user = make_user("died-mid-send")
    _choose(user, "game_ended", ["email"])
    kw = {"kind": "game_ended", "game": None, "users": [user.pk]}
    notifications.notify(**kw, event_key="test:died", params={"game": "G"}, queue=True)
    (delivery,) = Delivery.objects.filter(event_key="test:died")
    Delivery.objects.filter(pk=delivery.pk).update(attempts=1, sending_since=timezone.now())
    assert notifications.delivery_send(delivery_id=delivery.pk) == "pending"
    assert len(mail.outbox) == 0
    gone = timezone.now() - notifications.SENDING_LEASE - timedelta(seconds=1)
    Delivery.objects.filter(pk=delivery.pk).update(sending_since=gone)
    assert notifications.delivery_send(delivery_id=delivery.pk) == "sent"
    assert len(mail.outbox) == 1
    delivery.refresh_from_db()
    assert (delivery.attempts, delivery.sending_since) == (2, None)
