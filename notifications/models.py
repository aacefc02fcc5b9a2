"""Notifications: what each user wants to hear of and where, the on-site inbox, and one
delivery row per (event, user, channel), whose unique constraint is the exactly-once guard."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    PHASE_ADJUDICATED = "phase_adjudicated", _("Phase adjudicated")
    DEADLINE_REMINDER = "deadline_reminder", _("Deadline reminder")
    PRESS = "press", _("New press")
    GAME_STARTED = "game_started", _("Game started")
    GAME_ENDED = "game_ended", _("Game ended")
    DRAW_PROPOSED = "draw_proposed", _("Draw proposed")
    #: Cancelling, a pause or its end proposed by a player (never which): games' votes.
    VOTE_PROPOSED = "vote_proposed", _("Vote proposed")
    #: The players agreed to cancel, to pause or to resume (a draw or a concession ends
    #: the game, which says so).
    VOTE_PASSED = "vote_passed", _("Vote decided")
    #: A phase could not be adjudicated: its players and the site's moderators are told.
    PHASE_STUCK = "phase_stuck", _("Adjudication failed")
    #: A tournament's news, announced by tournaments through games' events: a match
    #: decided, the tournament over.
    TOURNAMENT = "tournament", _("Tournament news")
    #: A question the variant's rules leave to the game master was asked: told to those
    #: who may answer it (games.services.decisions).
    DECISION_ASKED = "decision_asked", _("Game master's decision asked")
    #: Not an event: the daily message that bundles a user's held e-mails or webhooks.
    DIGEST = "digest", _("Daily digest")


#: The kinds a user chooses channels for.
EVENT_KINDS = [k for k in Kind if k is not Kind.DIGEST]
#: Kinds that are always sent at once: a reminder in tomorrow's digest comes too late.
NEVER_HELD = frozenset({Kind.DEADLINE_REMINDER.value})


class Channel(models.TextChoices):
    INBOX = "inbox", _("On-site inbox")
    EMAIL = "email", _("E-mail")
    WEBHOOK = "webhook", _("Webhook")
    #: Web Push to each device the user subscribed (:class:`PushSubscription`).
    PUSH = "push", _("Push to my devices")


def default_choices() -> dict[str, list[str]]:
    """Without settings: everything in the inbox, the deadline reminder also by e-mail."""
    out: dict[str, list[str]] = {k.value: [Channel.INBOX.value] for k in EVENT_KINDS}
    out[Kind.DEADLINE_REMINDER.value] = [Channel.INBOX.value, Channel.EMAIL.value]
    out[Kind.PHASE_STUCK.value] = [Channel.INBOX.value, Channel.EMAIL.value]
    return out


class NotificationSetting(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_setting"
    )
    #: kind -> the channels it goes to.
    choices = models.JSONField(default=default_choices)
    webhook_url = models.URLField(blank=True, max_length=500)
    #: E-mails and webhooks held and sent once a day, bundled, instead of one by one.
    digest = models.BooleanField(default=False)
    #: The hour (in ``time_zone``) the daily digest goes out.
    digest_hour = models.PositiveSmallIntegerField(default=18)
    time_zone = models.CharField(max_length=64, default="UTC")
    #: The language of e-mails and webhooks; empty: the site's default.
    language = models.CharField(max_length=8, blank=True, choices=settings.LANGUAGES)
    #: Hours before a deadline to be reminded of missing orders; None: the game's choice.
    reminder_hours = models.PositiveSmallIntegerField(null=True, blank=True)

    def channels_for(self, kind: str) -> list[str]:
        """The channels chosen for ``kind`` (a webhook only once its URL is set)."""
        chosen = [c for c in self.choices.get(kind, []) if c in Channel.values]
        if not self.webhook_url and Channel.WEBHOOK in chosen:
            chosen.remove(Channel.WEBHOOK)
        return chosen


class Notification(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=32, choices=Kind.choices)
    game = models.ForeignKey("games.Game", null=True, on_delete=models.CASCADE, related_name="+")
    params = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)
    read = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["user", "read"])]


class Delivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        #: Waiting for the user's daily digest.
        HELD = "held", _("Held for the digest")
        SENT = "sent", _("Sent")
        FAILED = "failed", _("Failed")

    event_key = models.CharField(max_length=200)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    channel = models.CharField(max_length=16, choices=Channel.choices)
    kind = models.CharField(max_length=32, choices=Kind.choices)
    game = models.ForeignKey("games.Game", null=True, on_delete=models.CASCADE, related_name="+")
    params = models.JSONField(default=dict)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    #: Last changed: made, tried, or queued again (see services.deliveries_requeue).
    updated = models.DateTimeField(auto_now=True)
    #: When a worker took it to send (the row is not locked while the e-mail or webhook is
    #: on its way, see services.delivery_send); empty when no one is sending it.
    sending_since = models.DateTimeField(null=True, blank=True)
    #: For a push: the subscriptions (ids) it reached already, so that a retry after one
    #: device failed never pushes it twice to another.
    pushed_to = models.JSONField(default=list, blank=True)
    #: For a held delivery: the digest that carries it, once bundled.
    digest = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="items"
    )

    class Meta:
        indexes = [models.Index(fields=["status", "user", "channel"])]
        constraints = [
            models.UniqueConstraint(
                fields=["event_key", "user", "channel"], name="delivery_once_per_event"
            )
        ]

    def __str__(self) -> str:
        return f"{self.event_key} {self.user_id} {self.channel}: {self.status}"

    @property
    def is_done(self) -> bool:
        return self.status in (self.Status.SENT, self.Status.FAILED)


#: The kinds pushed once a user subscribes his first device, unless he chose some already:
#: what a player wants on his phone (the issue's list), not every kind of news.
PUSH_DEFAULT_KINDS = (
    Kind.DEADLINE_REMINDER,
    Kind.PHASE_ADJUDICATED,
    Kind.PRESS,
    Kind.DRAW_PROPOSED,
    Kind.VOTE_PROPOSED,
    Kind.TOURNAMENT,
    Kind.PHASE_STUCK,
    Kind.DECISION_ASKED,
)


class PushSubscription(models.Model):
    """One device (a browser's push subscription) a user gets pushes on: the push
    service's address for it and the keys the payload is encrypted to (RFC 8291)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    #: The push service's address for this browser: one subscription per address (a
    #: browser signed in again as someone else pushes to him, not to the one before).
    endpoint = models.URLField(max_length=1000, unique=True)
    #: The browser's P-256 public key and its authentication secret, base64url.
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    #: How the user knows the device: what its browser says it is.
    label = models.CharField(max_length=200, blank=True)
    #: The site's VAPID public key the browser subscribed with: a subscription made with
    #: another key is refused by its push service (see notifications.push.key_pair).
    server_key = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)
    #: The last time its push service took a push for it.
    last_success = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.label or self.endpoint[:60]}"


class PushKey(models.Model):
    """The site's own VAPID key pair, made on first need when the settings name none.

    A database row, not a file: it lives and is backed up with the subscriptions made
    with it (a key lost while they remain would silence every device), every web process
    and worker of a deployment reads the same one, and two processes starting at once
    cannot make two (one row, primary key 1)."""

    #: The P-256 private key, base64url of its 32 bytes.
    private_key = models.CharField(max_length=100)
    created = models.DateTimeField(auto_now_add=True)
