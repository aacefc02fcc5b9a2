"""Web Push through the outbox, against a push service on loopback that this test runs:
it checks each request's VAPID token (ES256, signed by the site's public key, for its own
origin, not expired) and decrypts the body with the device's own keys (RFC 8291,
aes128gcm), as a browser's push service and the browser would. A 404/410 removes the
device, a 500 is retried and never pushed twice to a device that took it, a kind switched
off pushes nothing, and a push carries only what its reader may see."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games import services
from games.models import Game
from games.services import press
from games.terms import GameTerms
from notifications import push
from notifications import services as notifications
from notifications.models import (
    Channel,
    Delivery,
    Kind,
    NotificationSetting,
    PushKey,
    PushSubscription,
)
from notifications.tasks import deliver

pytestmark = pytest.mark.django_db

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """A browser's side of a subscription: its key pair and secret, as a test makes them."""

    endpoint: str
    private: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    secret: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def subscription(self) -> dict[str, Any]:
        point = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64(point), "auth": b64(self.secret)},
        }

    def read(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(
            body, private_key=self.private, auth_secret=self.secret, version="aes128gcm"
        )
        decoded: dict[str, Any] = json.loads(plain)
        return decoded


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


class PushService(BaseHTTPRequestHandler):
    """Answers each POST with the next of ``statuses`` (then 201, as push services do)."""

    statuses: list[int] = []
    received: list[Received] = []

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", 0))
        body = self.rfile.read(length)
        type(self).received.append(
            Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
        )
        status = type(self).statuses.pop(0) if type(self).statuses else 201
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def service(settings: Any) -> Iterator[tuple[str, type[PushService]]]:
    """A push service on this machine (so the private address is allowed meanwhile)."""
    settings.WEBHOOK_ALLOW_PRIVATE = True
    handler = type("APushService", (PushService,), {"statuses": [], "received": []})
    server = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", handler
    server.shutdown()
    server.server_close()


def verified_claims(request: Received, origin: str) -> dict[str, Any]:
    """The VAPID token's claims, once its signature (ES256, by the key it names, which
    must be the site's) and its audience and expiry are checked (RFC 8292)."""
    scheme, _space, rest = request.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.split("=", 1) for part in rest.split(","))
    assert fields["k"] == push.key_pair().public_key
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(fields["k"]))
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    decoded: dict[str, Any] = json.loads(unb64(claims))
    assert decoded["aud"] == origin
    assert time.time() < decoded["exp"] <= time.time() + 24 * 3600
    assert decoded["sub"].startswith(("mailto:", "https:"))
    assert request.headers["content-encoding"] == "aes128gcm"
    assert int(request.headers["ttl"]) > 0
    return decoded


def subscribe(user: Any, device: Device, label: str = "Phone") -> dict[str, Any]:
    client = APIClient()
    client.force_authenticate(user)
    state = client.get(reverse("api:notifications-push")).json()
    answer = client.post(
        reverse("api:notifications-push"),
        {**device.subscription, "server_key": state["public_key"], "label": label},
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    result: dict[str, Any] = answer.json()
    return result


def _adjudicated(user: Any, key: str, *, queue: bool = False) -> None:
    """Tell ``user`` a phase was adjudicated; sent here (``queue`` False, as a worker
    does) or by the task queued after the commit."""
    notifications.notify(
        kind=Kind.PHASE_ADJUDICATED,
        game=None,
        users=[user.pk],
        event_key=key,
        params={"game": "Vienna Nights", "phase": "S1901M"},
        queue=queue,
    )


def _reminded(user: Any, left: timedelta, key: str) -> None:
    """England's deadline reminder to ``user`` for game "G", its deadline ``left`` away."""
    deadline = timezone.now() + left
    notifications.notify(
        kind=Kind.DEADLINE_REMINDER,
        game=None,
        users=[user.pk],
        event_key=key,
        params={
            "game": "G",
            "phase": "S1901M",
            "deadline": deadline.strftime("%Y-%m-%d %H:%M"),
            "power": "england",
        },
        queue=False,
    )


def test_a_push_reaches_the_device_signed_and_encrypted(
    make_user: Any,
    service: tuple[str, type[PushService]],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    origin, received = service
    alice = make_user("alice")
    device = Device(f"{origin}/push/alice-phone")
    state = subscribe(alice, device)
    assert [d["label"] for d in state["devices"]] == ["Phone"]
    with django_capture_on_commit_callbacks(execute=True):
        _adjudicated(alice, "test:push:1", queue=True)
        assert received.received == []  # nothing before the commit
    (request,) = received.received
    assert request.path == "/push/alice-phone"
    verified_claims(request, origin)
    shown = device.read(request.body)
    assert shown["body"] == "Vienna Nights: Spring 1901 movement has been adjudicated."
    assert shown["title"].startswith("Vienna Nights: ")
    assert shown["url"] == reverse("notifications:inbox")
    (delivery,) = Delivery.objects.filter(event_key="test:push:1", channel=Channel.PUSH)
    assert (delivery.status, delivery.attempts) == ("sent", 1)
    assert PushSubscription.objects.get().last_success is not None
    # The task again (a redelivery): nothing is pushed twice.
    deliver.apply(args=(delivery.pk,))
    assert len(received.received) == 1


def test_a_forged_token_would_fail_the_check(
    make_user: Any, service: tuple[str, type[PushService]], eager: None
) -> None:
    """The loopback service's check is real: a token whose claims were changed fails."""
    origin, received = service
    alice = make_user("alice")
    subscribe(alice, Device(f"{origin}/push/a"))
    _adjudicated(alice, "test:push:forged")
    (request,) = received.received
    auth = request.headers["authorization"]
    claims = auth.split("t=")[1].split(",")[0].split(".")[1]
    other = b64(json.dumps({**json.loads(unb64(claims)), "aud": "https://elsewhere"}).encode())
    request.headers["authorization"] = auth.replace(claims, other)
    with pytest.raises(InvalidSignature):
        verified_claims(request, origin)


def test_a_gone_subscription_is_removed(
    make_user: Any, service: tuple[str, type[PushService]], eager: None
) -> None:
    origin, received = service
    alice = make_user("alice")
    subscribe(alice, Device(f"{origin}/push/old-phone"), label="Old phone")
    subscribe(alice, Device(f"{origin}/push/new-phone"), label="New phone")
    received.statuses = [410]
    _adjudicated(alice, "test:push:gone")
    assert [r.path for r in received.received] == ["/push/old-phone", "/push/new-phone"]
    assert list(PushSubscription.objects.values_list("label", flat=True)) == ["New phone"]
    (delivery,) = Delivery.objects.filter(event_key="test:push:gone", channel=Channel.PUSH)
    assert delivery.status == "sent"
    received.statuses = [404]
    _adjudicated(alice, "test:push:gone2")
    assert not PushSubscription.objects.exists()
    # With no device left, nothing is even written for push.
    _adjudicated(alice, "test:push:none")
    assert not Delivery.objects.filter(event_key="test:push:none", channel=Channel.PUSH).exists()


def test_a_failed_push_is_retried_and_never_pushed_twice_to_a_device(
    make_user: Any, service: tuple[str, type[PushService]]
) -> None:
    origin, received = service
    alice = make_user("alice")
    phone, tablet = Device(f"{origin}/push/phone"), Device(f"{origin}/push/tablet")
    subscribe(alice, phone)
    subscribe(alice, tablet)
    _adjudicated(alice, "test:push:retry", queue=True)
    (delivery,) = Delivery.objects.filter(event_key="test:push:retry", channel=Channel.PUSH)
    received.statuses = [201, 500]  # the phone takes it, the tablet's service fails
    assert notifications.delivery_send(delivery_id=delivery.pk) == "pending"
    delivery.refresh_from_db()
    assert "500" in delivery.last_error
    assert delivery.sending_since is None
    assert notifications.delivery_send(delivery_id=delivery.pk) == "sent"
    assert [r.path for r in received.received] == ["/push/phone", "/push/tablet", "/push/tablet"]
    assert tablet.read(received.received[-1].body)["body"].startswith("Vienna Nights")
    delivery.refresh_from_db()
    assert delivery.attempts == 2
    # Failing every time, it is given up after the outbox's bound, as mail is.
    received.statuses = [503] * 10
    _adjudicated(alice, "test:push:down", queue=True)
    (down,) = Delivery.objects.filter(event_key="test:push:down", channel=Channel.PUSH)
    for _attempt in range(notifications.MAX_ATTEMPTS):
        notifications.delivery_send(delivery_id=down.pk)
    down.refresh_from_db()
    assert (down.status, down.attempts) == ("failed", notifications.MAX_ATTEMPTS)


def test_a_push_taken_by_a_worker_that_died_is_sent_once_its_lease_is_over(
    make_user: Any, service: tuple[str, type[PushService]]
) -> None:
    origin, received = service
    alice = make_user("alice")
    subscribe(alice, Device(f"{origin}/push/phone"))
    _adjudicated(alice, "test:push:killed", queue=True)
    (delivery,) = Delivery.objects.filter(event_key="test:push:killed", channel=Channel.PUSH)
    Delivery.objects.filter(pk=delivery.pk).update(attempts=1, sending_since=timezone.now())
    assert notifications.delivery_send(delivery_id=delivery.pk) == "pending"
    assert received.received == []
    gone = timezone.now() - notifications.SENDING_LEASE - timedelta(seconds=1)
    Delivery.objects.filter(pk=delivery.pk).update(sending_since=gone)
    assert notifications.delivery_send(delivery_id=delivery.pk) == "sent"
    assert len(received.received) == 1


def test_nothing_is_pushed_for_a_kind_switched_off(
    make_user: Any, service: tuple[str, type[PushService]], eager: None
) -> None:
    origin, received = service
    alice = make_user("alice")
    subscribe(alice, Device(f"{origin}/push/phone"))
    # Subscribing turned pushing on for the kinds a player wants on his phone.
    chosen = NotificationSetting.objects.get(user=alice).choices
    assert "push" in chosen["phase_adjudicated"]
    assert "push" in chosen["deadline_reminder"]
    assert "push" not in chosen["game_started"]
    choices = {k: [c for c in v if c != "push"] for k, v in chosen.items()}
    choices["press"] = ["inbox", "push"]
    notifications.setting_save(user=alice, choices=choices, webhook_url="")
    _adjudicated(alice, "test:push:off")
    assert received.received == []
    assert not Delivery.objects.filter(event_key="test:push:off", channel=Channel.PUSH).exists()
    # A second device does not switch anything back on.
    subscribe(alice, Device(f"{origin}/push/tablet"))
    assert "push" not in NotificationSetting.objects.get(user=alice).choices["phase_adjudicated"]


def test_the_deadline_reminder_says_how_long_is_left(
    make_user: Any, service: tuple[str, type[PushService]], eager: None
) -> None:
    origin, received = service
    alice = make_user("alice")
    device = Device(f"{origin}/push/phone")
    subscribe(alice, device)
    _reminded(alice, timedelta(hours=2, minutes=30), "test:push:due")
    shown = device.read(received.received[0].body)
    assert shown["title"] in (
        "G: your orders are due in 2\xa0hours, 29\xa0minutes",
        "G: your orders are due in 2\xa0hours, 30\xa0minutes",
    )
    assert "England" in shown["body"]
    assert received.received[0].headers["urgency"] == "high"


def test_private_press_pushes_no_body_and_only_to_its_readers(
    started_game: Game,
    players: dict[str, Any],
    service: tuple[str, type[PushService]],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    origin, received = service
    devices = {p: Device(f"{origin}/push/{p}") for p in POWERS}
    for power, user in players.items():
        subscribe(user, devices[power])
    with django_capture_on_commit_callbacks(execute=True):
        press.press_send(
            game=started_game, user=players["england"], to=["france"], body="Secret plan"
        )
    (request,) = received.received
    assert request.path == "/push/france"
    shown = devices["france"].read(request.body)
    assert shown["body"] == "Test game: a new message from England."
    assert shown["url"] == reverse("games:detail", args=[started_game.pk])
    assert "Secret plan" not in json.dumps(shown)
    # Germany's device cannot read France's push (its keys are not France's).
    with pytest.raises((InvalidTag, http_ece.ECEException)):
        devices["germany"].read(request.body)


def test_an_anonymous_game_pushes_no_names(
    players: dict[str, Any],
    service: tuple[str, type[PushService]],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    origin, received = service
    devices = {p: Device(f"{origin}/push/{p}") for p in POWERS}
    for power, user in players.items():
        subscribe(user, devices[power])
        setting = NotificationSetting.objects.get(user=user)
        setting.choices = {k: ["push"] for k in setting.choices}
        setting.save()
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
    shown = [devices[r.path.rsplit("/", 1)[1]].read(r.body) for r in received.received]
    assert len(shown) > 12
    for item in shown:
        for user in players.values():
            assert user.username not in json.dumps(item), item


def test_subscribing_is_checked_and_is_one_per_endpoint(
    make_user: Any, service: tuple[str, type[PushService]], settings: Any
) -> None:
    origin, _received = service
    alice, bob = make_user("alice"), make_user("bob")
    shared = Device(f"{origin}/push/shared-browser")
    subscribe(alice, shared)
    subscribe(bob, shared)  # the same browser, signed in as bob now: his
    assert list(PushSubscription.objects.values_list("user__username", flat=True)) == ["bob"]
    client = APIClient()
    client.force_authenticate(alice)
    key = push.key_pair().public_key
    bad = Device(f"{origin}/push/bad").subscription
    for body in (
        {**bad, "server_key": "another-key"},
        {**bad, "keys": {"p256dh": "not-a-key", "auth": b64(os.urandom(16))}, "server_key": key},
        {**bad, "keys": {"p256dh": bad["keys"]["p256dh"]}, "server_key": key},
    ):
        answer = client.post(reverse("api:notifications-push"), body, format="json")
        assert answer.status_code == 400, body
    settings.WEBHOOK_ALLOW_PRIVATE = False
    answer = client.post(
        reverse("api:notifications-push"), {**bad, "server_key": key}, format="json"
    )
    assert answer.status_code == 400
    assert "private or local network" in answer.json()["message"]
    assert not PushSubscription.objects.filter(user=alice).exists()
    # Alice cannot unsubscribe bob's device, by address or by id.
    device = PushSubscription.objects.get()
    for body in ({"endpoint": device.endpoint}, {"id": device.pk}):
        client.delete(reverse("api:notifications-push"), body, format="json")
    assert PushSubscription.objects.filter(user=bob).exists()
    client.force_authenticate(bob)
    answer = client.delete(
        reverse("api:notifications-push"), {"endpoint": device.endpoint}, format="json"
    )
    assert answer.json()["devices"] == []


def test_the_sites_own_key_is_made_once_and_kept(settings: Any) -> None:
    settings.VAPID_PRIVATE_KEY = ""
    first = push.key_pair().public_key
    assert PushKey.objects.count() == 1
    assert push.key_pair().public_key == first  # read, never made again
    # A key from the settings wins, and its public half is checked when given.
    made = ec.generate_private_key(ec.SECP256R1())
    raw = b64(made.private_numbers().private_value.to_bytes(32, "big"))
    public = b64(
        made.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
    )
    settings.VAPID_PRIVATE_KEY = raw
    settings.VAPID_PUBLIC_KEY = public
    assert push.key_pair().public_key == public
    settings.VAPID_PUBLIC_KEY = first
    with pytest.raises(ImproperlyConfigured):
        push.key_pair()
    settings.VAPID_PUBLIC_KEY = ""
    pem = made.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    settings.VAPID_PRIVATE_KEY = pem
    assert push.key_pair().public_key == public


def test_the_page_lists_ones_own_devices_and_removes_only_them(
    client: Any, make_user: Any, service: tuple[str, type[PushService]]
) -> None:
    origin, _received = service
    alice, bob = make_user("alice"), make_user("bob")
    subscribe(alice, Device(f"{origin}/push/alice"), label="Firefox on Android")
    subscribe(bob, Device(f"{origin}/push/bob"), label="Safari on iPhone")
    client.force_login(alice)
    page = client.get(reverse("notifications:inbox")).content.decode()
    assert "Firefox on Android" in page
    assert "Safari on iPhone" not in page
    assert "Push to this device" in page
    bobs = PushSubscription.objects.get(user=bob)
    client.post(reverse("notifications:inbox"), {"action": "push_remove", "device": bobs.pk})
    assert PushSubscription.objects.filter(user=bob).exists()
    alices = PushSubscription.objects.get(user=alice)
    client.post(reverse("notifications:inbox"), {"action": "push_remove", "device": alices.pk})
    assert not PushSubscription.objects.filter(user=alice).exists()


def test_a_push_speaks_its_readers_language(
    make_user: Any, service: tuple[str, type[PushService]]
) -> None:
    origin, received = service
    anna = make_user("anna")
    device = Device(f"{origin}/push/phone")
    subscribe(anna, device)
    setting = NotificationSetting.objects.get(user=anna)
    setting.language = "de"
    setting.save()
    _reminded(anna, timedelta(hours=5, minutes=30), "test:push:de")
    shown = device.read(received.received[0].body)
    assert shown["title"].startswith("G: Deine Befehle sind in 5\xa0Stunden")
    assert shown["title"].endswith("fällig")
    assert "England" in shown["body"]


def test_subscriptions_made_with_another_key_are_warned_of(
    make_user: Any, service: tuple[str, type[PushService]], settings: Any
) -> None:
    from django.core import checks

    origin, _received = service
    subscribe(make_user("alice"), Device(f"{origin}/push/phone"))
    assert checks.run_checks(tags=["database"], databases=["default"]) == []
    made = ec.generate_private_key(ec.SECP256R1())
    settings.VAPID_PRIVATE_KEY = b64(made.private_numbers().private_value.to_bytes(32, "big"))
    (warning,) = checks.run_checks(tags=["database"], databases=["default"])
    assert warning.id == "notifications.W001"
    assert warning.msg.startswith("1 push subscriptions")
    settings.VAPID_PRIVATE_KEY = "not a key"
    (error,) = checks.run_checks(tags=["database"], databases=["default"])
    assert error.id == "notifications.E001"


def test_kapitalisten_pushes_name_pseudonyms_never_players(
    make_user: Any,
    service: tuple[str, type[PushService]],
    eager: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    from tests.games.kapitalisten import NAMES, adjudicate_now, kapitalisten_game

    origin, received = service
    with django_capture_on_commit_callbacks(execute=True):
        game, users = kapitalisten_game(make_user)
    devices = {name: Device(f"{origin}/push/{name}") for name in NAMES}
    for name, user in users.items():
        subscribe(user, devices[name])
        setting = NotificationSetting.objects.get(user=user)
        setting.choices = {k: ["push"] for k in setting.choices}
        setting.save()
    with django_capture_on_commit_callbacks(execute=True):
        press.press_send(game=game, user=users[NAMES[0]], to="all", body="Buy low")
    with django_capture_on_commit_callbacks(execute=True):
        assert adjudicate_now(game)
    shown = [devices[r.path.rsplit("/", 1)[1]].read(r.body) for r in received.received]
    bodies = {item["kind"]: item["body"] for item in shown}
    assert bodies["press"] == "Bourse: a new message from Magnate 1."
    assert "phase_adjudicated" in bodies
    for item in shown:
        for name in NAMES:
            assert name not in json.dumps(item), item
