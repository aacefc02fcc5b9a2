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
