"""Web Push (RFC 8030) with VAPID (RFC 8292): the site's key pair, what a push says, and
sending one to a device.

The key pair comes from the settings (``VAPID_PRIVATE_KEY``, docs/site.md); without them,
the site makes its own on first need and keeps it in the database (:class:`PushKey`),
never making another while that row lives. A browser subscribes with the public key, and
its push service refuses a push signed by any other: a key that changes silently would
silence every device without a word, so the page re-subscribes when the key it is given
differs from its subscription's.

A push carries the notification's own text, as the user's inbox shows it (built from the
event's parameters, which games wrote for its audience: powers, never usernames in an
anonymous game, pseudonyms where the variant has them), and the address to open. Never a
message's body or anything else read from the game at sending time.
"""

from __future__ import annotations

import base64
import json
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.templatetags.static import static
from django.urls import reverse
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from py_vapid import Vapid02
from pywebpush import WebPusher

from notifications import webhooks
from notifications.models import Kind, PushKey, PushSubscription

#: Seconds a push service has to answer.
PUSH_TIMEOUT = 10
#: How long a push service keeps a push for a device that is away (seconds): a day, the
#: longest a phase's news stays worth reading on a phone.
PUSH_TTL = 24 * 60 * 60
#: How long the VAPID token of one push is valid (RFC 8292 allows at most a day).
TOKEN_SECONDS = 12 * 60 * 60
#: Answers that say the subscription is gone for good (RFC 8030 8.2): it is removed.
GONE = frozenset({404, 410})
#: The most a push may carry: push services take 4 KB of payload, encryption adds some.
PAYLOAD_MAX_BYTES = 3000


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes:
    """Base64url, padded or not (as browsers give it); ValueError if it is not."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True, slots=True)
class KeyPair:
    """The site's VAPID keys: the signer, and the public key as browsers take it (the
    uncompressed P-256 point, base64url)."""

    vapid: Vapid02
    public_key: str
    subject: str


def _public_of(private: ec.EllipticCurvePrivateKey) -> str:
    return _b64(
        private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
    )


def _raw_private(private: ec.EllipticCurvePrivateKey) -> str:
    return _b64(private.private_numbers().private_value.to_bytes(32, "big"))


def key_pair() -> KeyPair:
    """The keys pushes are signed with: the settings', else the site's own (made once).

    Raises:
        ImproperlyConfigured: ``VAPID_PRIVATE_KEY`` cannot be read, or
            ``VAPID_PUBLIC_KEY`` is not its public key.
    """
    configured = settings.VAPID_PRIVATE_KEY
    if configured:
        try:
            if "-----BEGIN" in configured:  # PEM, as openssl writes it
                vapid = Vapid02.from_pem(configured.encode())
            else:  # base64url: the raw 32 bytes (as web-push tools print it) or DER
                vapid = Vapid02.from_string(private_key=configured)
        except Exception as e:
            raise ImproperlyConfigured(f"VAPID_PRIVATE_KEY cannot be read: {e}") from e
    else:
        new = _raw_private(ec.generate_private_key(ec.SECP256R1()))
        row, _created = PushKey.objects.get_or_create(pk=1, defaults={"private_key": new})
        vapid = Vapid02.from_raw(row.private_key.encode())
    public = _public_of(vapid.private_key)
    if settings.VAPID_PUBLIC_KEY and settings.VAPID_PUBLIC_KEY.rstrip("=") != public:
        raise ImproperlyConfigured("VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY")
    return KeyPair(vapid=vapid, public_key=public, subject=settings.VAPID_SUBJECT)


def orphaned_subscriptions() -> int:
    """How many subscriptions were made with another public key than the one pushes are
    signed with now (a deployment that changed its VAPID keys): their push services
    refuse every push until the user opens the site again (system check W-push)."""
    return int(PushSubscription.objects.exclude(server_key=key_pair().public_key).count())


# -- what a push says ---------------------------------------------------------------------


def payload(
    *,
    kind: str,
    params: dict[str, Any],
    body: str,
    game_id: int | None,
    event_key: str,
    now: datetime,
) -> dict[str, Any]:
    """What the service worker shows: a title, the inbox's text, the address it opens,
    and a tag (a newer push of the same kind and game replaces the older on the phone).

    ``body`` is the inbox's text of the notification (notifications.services.text); the
    rest is built from its parameters alone, in the active language: the deadline
    reminder says how long is left when it is sent."""
    title = str(Kind(kind).label) if kind in Kind.values else _("Diplomacy")
    if kind == Kind.DEADLINE_REMINDER:
        due = _deadline(params)
        if due is not None and due > now:
            title = _("%(game)s: your orders are due in %(left)s") % {
                "game": params.get("game", ""),
                "left": timeuntil(due, now),
            }
        else:
            title = _("%(game)s: your orders are due") % {"game": params.get("game", "")}
    elif params.get("game"):
        title = f"{params['game']}: {title}"
    if game_id is not None:
        url = reverse("games:detail", args=[game_id])
    elif params.get("tournament_id"):
        url = reverse("tournaments:detail", args=[params["tournament_id"]])
    else:
        url = reverse("notifications:inbox")
    tag = f"{kind}:{game_id or params.get('tournament_id') or event_key}"
    icon = static("icons/icon-192.png")
    out = {"title": title, "body": body, "url": url, "tag": tag, "kind": kind, "icon": icon}
    while len(json.dumps(out).encode()) > PAYLOAD_MAX_BYTES and out["body"]:
        out["body"] = out["body"][: len(out["body"]) // 2].rstrip() + "…"
    return out


def _deadline(params: dict[str, Any]) -> datetime | None:
    """The reminder's deadline (UTC, as notifications.reminders writes it)."""
    try:
        return datetime.strptime(str(params.get("deadline")), "%Y-%m-%d %H:%M").replace(tzinfo=UTC)
    except ValueError:
        return None


# -- sending ------------------------------------------------------------------------------


class PushFailed(Exception):
    """A push service did not take the push; retried (the message says why)."""


class SubscriptionGone(Exception):
    """The push service says this subscription no longer exists (404 or 410)."""


def push_send(*, subscription: PushSubscription, data: dict[str, Any], keys: KeyPair) -> None:
    """Encrypt ``data`` to the device (RFC 8291, aes128gcm), sign for its push service
    (VAPID) and POST it there, through :func:`notifications.webhooks.post` (the endpoint
    is the browser's word: it is checked like a webhook's address, so no push reaches
    the site's own network).

    Raises:
        SubscriptionGone: the push service answered 404 or 410.
        PushFailed: any other refusal, or no answer.
        webhooks.WebhookRefused: the endpoint is on a private or local network.
    """
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    try:
        body = WebPusher(info).encode(json.dumps(data).encode(), "aes128gcm")["body"]
    except Exception as e:  # keys the browser gave that are no keys: it must subscribe again
        raise SubscriptionGone(f"unusable keys: {e}") from e
    parts = urlsplit(subscription.endpoint)
    claims: dict[str, str | int] = {
        "aud": f"{parts.scheme}://{parts.netloc}",
        "exp": int(time.time()) + TOKEN_SECONDS,
        "sub": keys.subject,
    }
    headers = {
        **keys.vapid.sign(claims),
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        "TTL": str(PUSH_TTL),
        "Urgency": "high" if data.get("kind") == Kind.DEADLINE_REMINDER else "normal",
    }
    try:
        status, reason, host = webhooks.post(
            subscription.endpoint, body, headers=headers, timeout=PUSH_TIMEOUT
        )
    except webhooks.WebhookRefused:
        raise
    except webhooks.WebhookError as e:
        raise PushFailed(str(e)) from e
    if status in GONE:
        raise SubscriptionGone(f"{host} answered {status} {reason}")
    if not 200 <= status < 300:
        raise PushFailed(f"{host} answered {status} {reason}")
