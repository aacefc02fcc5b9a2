"""Notification verbs: ``notify`` records an event for its users, once per (event, user,
channel); the inbox is written at once, e-mail and webhooks go to the ``deliver`` task.

Games announce what happened as events written in their own transaction
(games/events.py); :func:`game_event_heard` turns each into ``notify``, so a rolled-back
action tells nobody and a worker killed after the commit loses nothing. A delivery whose
task was never queued or got lost (the broker away) is queued again by
:func:`deliveries_requeue` (beat).

The texts carry game, phase and power names only, never a username, so an anonymous
game stays anonymous in every channel. The body of a message is added to an
e-mail or webhook only if games.visibility says its user may read it at sending time.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.selectors import recorded_name_shown
from accounts.usernames import closed_name, name_replaced
from core.errors import ApplicationError
from core.queue import after_commit, task_after_commit, task_run_here, task_send
from games import visibility, wording
from games.deadlines import zone_named
from games.models import PressMessage
from games.terms import REMINDER_HOURS_MAX
from notifications import live, push, webhooks
from notifications.models import (
    EVENT_KINDS,
    NEVER_HELD,
    PUSH_DEFAULT_KINDS,
    Channel,
    Delivery,
    Kind,
    Notification,
    NotificationSetting,
    PushSubscription,
)

log = logging.getLogger(__name__)

#: Attempts for one e-mail or webhook delivery before it is given up.
MAX_ATTEMPTS = 4
#: Seconds a webhook server has to answer.
WEBHOOK_TIMEOUT = 5
#: Discord refuses longer contents.
WEBHOOK_MAX_CHARS = 2000
#: The task that sends one e-mail or webhook delivery.
DELIVER = "notifications.tasks.deliver"
#: A delivery never tried this long after it was made lost its task: queue it again.
REQUEUE_UNTRIED_AFTER = timedelta(minutes=2)
#: A delivery tried and waiting longer than the longest retry wait lost its retry.
REQUEUE_RETRY_AFTER = timedelta(minutes=20)
#: A delivery taken to be sent this long ago whose result never came: its worker died
#: mid-send, and another may take it (far longer than any send may take).
SENDING_LEASE = timedelta(minutes=10)


def game_event_heard(event: Any) -> None:
    """The listener of games' events (games/events.py): tell the users the event concerns.
    Idempotent: each delivery is keyed by the event's key."""
    if event.kind not in Kind.values or event.kind == Kind.DIGEST:
        return
    notify(
        kind=event.kind,
        game=event.game,
        users=event.users,
        event_key=event.key,
        params=event.params,
    )


def notify(
    *,
    kind: str,
    game: Any,
    users: Iterable[int],
    event_key: str,
    params: dict[str, Any],
    queue: bool = True,
) -> int:
    """Tell ``users`` (ids) of event ``event_key`` on the channels each chose for ``kind``.

    Returns how many deliveries were created: none for an event already told. E-mail,
    webhook and push deliveries are queued to the ``deliver`` task after commit, or (``queue``
    False, for callers already in a worker) sent here through it.
    """
    assert kind in Kind.values, kind
    ids = set(users)
    chosen = {s.user_id: s for s in NotificationSetting.objects.filter(user_id__in=ids)}
    # A push goes to users with a device to push to; the others' choice waits for one.
    devices = set(
        PushSubscription.objects.filter(user_id__in=ids).values_list("user_id", flat=True)
    )
    recipients = list(get_user_model().objects.filter(pk__in=ids).order_by("pk"))
    # The deliveries (and inbox notifications) are written in one query each; another
    # dispatch of the same event racing this one makes the insert fail as a whole, and it
    # is made again without what that one delivered.
    for attempt in range(3):
        told_before = set(
            Delivery.objects.filter(event_key=event_key, user_id__in=ids).values_list(
                "user_id", "channel"
            )
        )
        new: list[Delivery] = []
        notes: list[Notification] = []
        told: set[int] = set()
        for user in recipients:
            setting = chosen.get(user.pk) or NotificationSetting(user=user)
            held = setting.digest and kind not in NEVER_HELD
            for channel in setting.channels_for(kind):
                if channel == Channel.EMAIL and not user.email:
                    continue
                if channel == Channel.PUSH and user.pk not in devices:
                    continue
                if (user.pk, channel) in told_before:
                    continue
                delivery = Delivery(
                    event_key=event_key,
                    user=user,
                    channel=channel,
                    kind=kind,
                    game=game,
                    params=params,
                )
                if channel == Channel.INBOX:
                    notes.append(Notification(user=user, kind=kind, game=game, params=params))
                    told.add(user.pk)
                    delivery.status = Delivery.Status.SENT
                    delivery.attempts = 1
                elif held and channel != Channel.PUSH:  # a push is news now or never
                    delivery.status = Delivery.Status.HELD
                new.append(delivery)
        try:
            with transaction.atomic():
                Delivery.objects.bulk_create(new)
                Notification.objects.bulk_create(notes)
            break
        except IntegrityError:
            if attempt == 2:
                raise
    count = len(new)
    created_ids = [
        d.pk for d in new if d.channel != Channel.INBOX and d.status == Delivery.Status.PENDING
    ]
    if told:
        after_commit(inboxes_changed, sorted(told))
    for pk in created_ids:
        if queue:
            task_after_commit(DELIVER, pk)
        else:
            task_run_here(DELIVER, pk)
    return count


def text(*, kind: str, params: dict[str, Any]) -> str:
    """The one-line text of a notification, in the active language."""
    p = dict(params)
    if "phase" in p:
        p["phase"] = wording.phase_name(p["phase"])
    if "power" in p:
        p["power"] = wording.power_name(p["power"])
    if kind == Kind.PHASE_ADJUDICATED:
        return _("%(game)s: %(phase)s has been adjudicated.") % p
    if kind == Kind.DEADLINE_REMINDER:
        return (
            _(
                "The deadline of %(phase)s in %(game)s is %(deadline)s (UTC), and your "
                "orders for %(power)s are not marked ready yet."
            )
            % p
        )
    if kind == Kind.PRESS:
        return _("%(game)s: a new message from %(power)s.") % p
    if kind == Kind.GAME_STARTED:
        return _("%(game)s has started.") % p
    if kind == Kind.GAME_ENDED:
        return _("%(game)s has ended.") % p
    if kind == Kind.DRAW_PROPOSED:
        return _("%(game)s: a draw has been proposed in %(phase)s.") % p
    if kind == Kind.VOTE_PROPOSED:
        proposals = {
            "cancel": _("%(game)s: cancelling the game has been proposed in %(phase)s."),
            "pause": _("%(game)s: a pause has been proposed in %(phase)s."),
            "resume": _("%(game)s: resuming the game has been proposed in %(phase)s."),
        }
        return proposals.get(str(p.get("vote")), _("%(game)s: something happened.")) % p
    if kind == Kind.VOTE_PASSED:
        decisions = {
            "cancel": _("%(game)s was cancelled: every player agreed. It counts for nothing."),
            "pause": _("%(game)s is paused: every player agreed."),
            "resume": _("%(game)s goes on: every player agreed to resume it."),
        }
        return decisions.get(str(p.get("vote")), _("%(game)s: something happened.")) % p
    if kind == Kind.DECISION_ASKED:
        return ngettext(
            "%(game)s: the rules leave a question in %(phase)s to the game master. "
            "The phase waits for an answer until %(deadline)s (UTC).",
            "%(game)s: the rules leave %(count)s questions in %(phase)s to the game "
            "master. The phase waits for the answers until %(deadline)s (UTC).",
            int(p.get("count", 1)),
        ) % {"count": 1, **p}
    if kind == Kind.PHASE_STUCK:
        return (
            _(
                "%(game)s: %(phase)s could not be adjudicated. The game waits for a "
                "moderator, and the site's moderators have been told."
            )
            % p
        )
    if kind == Kind.TOURNAMENT:
        # The players it names, written down when it was sent: one who closed his account
        # since (or before a match of his was recorded as a forfeit) is "a former player".
        for key in ("winner", "loser", "by"):
            if isinstance(p.get(key), str):
                p[key] = recorded_name_shown(p[key])
        if isinstance(p.get("players"), list):
            p["players"] = ", ".join(recorded_name_shown(str(n)) for n in p["players"])
        elif isinstance(p.get("players"), str):
            p["players"] = ", ".join(recorded_name_shown(n) for n in p["players"].split(", "))
        hows = {
            "played": _("played"),
            "walkover": _("walkover"),
            "forfeit": _("forfeit"),
            "conceded": _("conceded"),
        }
        p["how"] = hows.get(str(p.get("how")), p.get("how", ""))
        if p.get("what") == "match":
            return _("%(tournament)s: %(winner)s beat %(loser)s (%(match)s, %(how)s).") % p
        if p.get("what") == "finished":
            return _("%(tournament)s is over: %(winner)s wins.") % p
        if p.get("what") == "playoff_tied":
            return (
                _(
                    "%(tournament)s: the play-off of %(group)s ended level again "
                    "(%(players)s). Decide their order on the organiser's page."
                )
                % p
            )
        if p.get("what") == "seated":
            return (
                _(
                    "%(tournament)s: round %(round)s has started. You play %(power)s on "
                    "board %(board)s."
                )
                % p
            )
        if p.get("what") == "sitting_out":
            if p.get("points") not in (None, ""):
                return (
                    _(
                        "%(tournament)s: round %(round)s has started, and you sit it out; "
                        "sitting out scores %(points)s."
                    )
                    % p
                )
            return _("%(tournament)s: round %(round)s has started, and you sit it out.") % p
        if p.get("what") == "away":
            return (
                _(
                    "%(tournament)s: round %(round)s has started without you, as you are "
                    "marked away; a round you are away for scores nothing."
                )
                % p
            )
        if p.get("what") in ("board_called", "board_result"):
            powers = ", ".join(wording.power_name(str(x)) for x in p.get("draw") or [])
            ends = {
                "time": _("ended by time, the powers ranked by their centers"),
                "draw": _("a draw of %(powers)s") % {"powers": powers}
                if powers
                else _("a draw of every survivor"),
                "some": _("a draw of %(powers)s") % {"powers": powers},
                "solo": _("a solo of %(power)s") % {"power": powers},
                "played": _("as its game ended"),
            }
            p["end"] = ends.get(str(p.get("end")), "")
            if p.get("what") == "board_result":
                return (
                    _(
                        "%(tournament)s: the organiser ruled the result round %(round)s, "
                        "board %(board)s is scored by: %(end)s. Why: %(reason)s"
                    )
                    % p
                )
            return (
                _(
                    "%(tournament)s: the organiser called round %(round)s, board %(board)s: "
                    "%(end)s. Why: %(reason)s"
                )
                % p
            )
        if p.get("what") == "seat_score":
            if p.get("cleared"):
                return (
                    _(
                        "%(tournament)s: the organiser gave your score for %(power)s in round "
                        "%(round)s, board %(board)s, back to the system's: %(score)s. Why: "
                        "%(reason)s"
                    )
                    % p
                )
            return (
                _(
                    "%(tournament)s: the organiser set your score for %(power)s in round "
                    "%(round)s, board %(board)s, to %(score)s. Why: %(reason)s"
                )
                % p
            )
        if p.get("what") == "announcement":
            return _("%(tournament)s: the organiser %(by)s announces: %(message)s") % p
        if p.get("what") == "missed":
            missed = {
                "grace": _(
                    "%(tournament)s: %(players)s missed the deadline of %(phase)s "
                    "(%(where)s); the grace period runs until %(until)s (UTC)."
                ),
                "search": _(
                    "%(tournament)s: %(players)s missed the deadline of %(phase)s "
                    "(%(where)s); a replacement is sought until %(until)s (UTC)."
                ),
                "missed": _(
                    "%(tournament)s: %(players)s gave no orders for %(phase)s "
                    "(%(where)s): the defaults were applied."
                ),
            }
            return missed.get(str(p.get("how")), missed["missed"]) % p
        return _("%(tournament)s: something happened.") % p
    if kind == Kind.DIGEST:
        return _("Your daily digest: %(count)s notifications.") % p
    return _("%(game)s: something happened.") % p


def subject(*, kind: str, params: dict[str, Any]) -> str:
    if kind == Kind.DEADLINE_REMINDER:
        return _("%(game)s: your orders are due") % params
    if kind == Kind.TOURNAMENT and params.get("what") == "announcement":
        # The announcement is the body: it may run to lines, which a subject cannot hold.
        return _("%(tournament)s: an announcement from the organiser") % params
    return text(kind=kind, params=params)


def _outside_text(delivery: Delivery, user: AbstractBaseUser) -> str:
    """The text of an e-mail or webhook: with a message's body only for a reader."""
    out = text(kind=delivery.kind, params=delivery.params)
    if delivery.kind == Kind.DIGEST:
        items = [_outside_text(d, user) for d in delivery.items.order_by("created", "pk")]
        return _fit([out, *(f"- {item}" for item in items)])
    if delivery.kind == Kind.PRESS:
        message = PressMessage.objects.filter(pk=delivery.params.get("message")).first()
        if message is not None and visibility.can_read_press(user=user, message=message):
            out = f"{out}\n\n{message.body}"
    return out


def _fit(lines: list[str], limit: int = WEBHOOK_MAX_CHARS) -> str:
    """Lines joined, within ``limit`` characters: those that do not fit are counted at the
    end (a webhook refuses a longer message; the inbox has them all)."""
    kept: list[str] = []
    size = 0
    for i, line in enumerate(lines):
        rest = len(lines) - i
        more = _("… and %(count)s more in your inbox on the site.") % {"count": rest}
        # Room for this line, and for the "more" line if others still follow it.
        if size + len(line) + 1 + (len(more) + 1 if rest > 1 else 0) > limit:
            kept.append(more)
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)


#: What a webhook message may ping: nobody. Its text carries players' words (press, a
#: tournament's announcement), and Discord would otherwise turn an "@everyone" or a
#: "<@id>" in them into a ping of the whole channel or of someone the writer picked.
NO_MENTIONS: dict[str, list[str]] = {"parse": []}


def _post_webhook(url: str, content: str) -> None:
    """POST ``content`` to a webhook (Discord's shape), through the address it was
    checked at: see :func:`notifications.webhooks.post_json`."""
    payload = {"content": content[:WEBHOOK_MAX_CHARS], "allowed_mentions": NO_MENTIONS}
    webhooks.post_json(url, payload, timeout=WEBHOOK_TIMEOUT)


def _send(delivery: Delivery) -> None:
    user = delivery.user
    setting = NotificationSetting.objects.filter(user=user).first()
    with translation.override((setting.language if setting else "") or None):
        if delivery.channel == Channel.PUSH:
            _push(delivery)
            return
        body = _outside_text(delivery, user)
        if delivery.channel == Channel.EMAIL:
            send_mail(subject(kind=delivery.kind, params=delivery.params), body, None, [user.email])
        elif delivery.channel == Channel.WEBHOOK:
            if setting is None or not setting.webhook_url:
                raise ValueError("no webhook URL")
            _post_webhook(setting.webhook_url, body)
        else:
            raise ValueError(f"no sender for {delivery.channel}")


def _push(delivery: Delivery) -> None:
    """Push the delivery to each of its user's devices that has not had it yet.

    Each device that takes it is recorded on the delivery at once, so a retry (after
    another device failed, or a worker killed mid-way) pushes only to those left. A
    device its push service says is gone (404, 410), or whose address may not be
    called, is removed. Raises :class:`push.PushFailed` naming the devices that failed,
    so the delivery is retried as any other."""
    keys = push.key_pair()
    data = push.payload(
        kind=delivery.kind,
        params=delivery.params,
        body=text(kind=delivery.kind, params=delivery.params),
        game_id=delivery.game_id,
        event_key=delivery.event_key,
        now=timezone.now(),
    )
    devices = PushSubscription.objects.filter(user_id=delivery.user_id).exclude(
        pk__in=delivery.pushed_to
    )
    failures: list[str] = []
    for device in devices.order_by("pk"):
        try:
            push.push_send(subscription=device, data=data, keys=keys)
        except (push.SubscriptionGone, webhooks.WebhookRefused) as e:
            log.info("push subscription %s removed: %s", device.pk, e)
            device.delete()
            continue
        except push.PushFailed as e:
            failures.append(f"{device.label or device.pk}: {e}")
            continue
        with transaction.atomic():
            done = Delivery.objects.select_for_update().get(pk=delivery.pk)
            done.pushed_to = sorted({*done.pushed_to, device.pk})
            done.save(update_fields=["pushed_to"])
            delivery.pushed_to = done.pushed_to
        PushSubscription.objects.filter(pk=device.pk).update(last_success=timezone.now())
    if failures:
        raise push.PushFailed("; ".join(failures))


def delivery_send(*, delivery_id: int) -> str:
    """Try one delivery once; returns its status. A delivery already sent or given up does
    nothing. After ``MAX_ATTEMPTS`` failures it is given up, with the last error kept.

    The e-mail or webhook goes out with no row lock held and no transaction open: a slow
    mail server or webhook would otherwise hold the delivery's lock (and the worker's
    transaction) for as long as it takes. The delivery is taken under a short lock
    instead (``sending_since``), so two workers never both send it; one that finds it
    taken leaves it (pending, for its retry), unless the taker died mid-send
    (:data:`SENDING_LEASE`)."""
    now = timezone.now()
    with transaction.atomic():
        delivery = (
            Delivery.objects.select_for_update().select_related("user").filter(pk=delivery_id)
        ).first()
        if delivery is None or delivery.is_done:
            return Delivery.Status.SENT if delivery is None else delivery.status
        if delivery.sending_since is not None and delivery.sending_since > now - SENDING_LEASE:
            return delivery.status  # another worker is sending it right now
        delivery.attempts += 1
        delivery.sending_since = now
        delivery.save(update_fields=["attempts", "sending_since"])
    error = ""
    try:
        _send(delivery)
    except Exception as e:  # every failure is recorded, then retried
        error = f"{type(e).__name__}: {e}"[:1000]
    with transaction.atomic():
        delivery = Delivery.objects.select_for_update().get(pk=delivery_id)
        if delivery.is_done:
            return delivery.status
        delivery.sending_since = None
        delivery.last_error = error
        if not error:
            delivery.status = Delivery.Status.SENT
        elif delivery.attempts >= MAX_ATTEMPTS:
            delivery.status = Delivery.Status.FAILED
            log.warning("delivery %s given up: %s", delivery.pk, delivery.last_error)
        delivery.save(update_fields=["sending_since", "last_error", "status"])
        if delivery.kind == Kind.DIGEST and delivery.is_done:
            delivery.items.update(status=delivery.status)
        return delivery.status


@transaction.atomic
def setting_save(
    *,
    user: AbstractBaseUser,
    choices: dict[str, list[str]],
    webhook_url: str,
    digest: bool = False,
    digest_hour: int = 18,
    time_zone: str = "UTC",
    reminder_hours: int | None = None,
    language: str = "",
) -> NotificationSetting:
    """Save a user's choices. Turning the digest off sends what it held at once."""
    if language and language not in dict(settings.LANGUAGES):
        raise ValueError(f"no such language: {language!r}")

    if webhook_url:
        problem = webhooks.address_problem(webhook_url)
        if problem is not None:
            raise ValueError(problem)
    if not 0 <= digest_hour <= 23:
        raise ValueError("digest_hour is an hour of the day, 0 to 23")
    if reminder_hours is not None and not 1 <= reminder_hours <= REMINDER_HOURS_MAX:
        raise ValueError(f"reminder_hours is 1 to {REMINDER_HOURS_MAX}, or None for the game's")
    zone_named(time_zone)  # a ValueError names the unknown zone
    setting, _created = NotificationSetting.objects.select_for_update().get_or_create(user=user)
    setting.choices = {
        k.value: [c for c in choices.get(k.value, []) if c in Channel.values] for k in EVENT_KINDS
    }
    setting.webhook_url = webhook_url
    setting.digest = digest
    setting.digest_hour = digest_hour
    setting.time_zone = time_zone
    setting.reminder_hours = reminder_hours
    setting.language = language
    setting.save()
    if not digest:
        _release_held(user_id=user.pk)
    return setting


@transaction.atomic
def push_subscribe(
    *,
    user: AbstractBaseUser,
    endpoint: str,
    p256dh: str,
    auth: str,
    server_key: str,
    label: str = "",
) -> PushSubscription:
    """Push to this device from now on: the browser's subscription (its push service's
    address and keys), made with ``server_key``, the site's public key it was given.

    One subscription per address: a browser subscribed again (as this user or, signed in
    afresh, as another) replaces what it had. The user's first device turns pushing on
    for :data:`PUSH_DEFAULT_KINDS` unless he has chosen some kinds for push already.

    Raises:
        ApplicationError: the address may not be called (as for a webhook), the keys are
            no P-256 key and 16-byte secret, or ``server_key`` is not the site's key now
            (the page was opened before the keys changed: load it again).
    """
    problem = webhooks.address_problem(endpoint)
    if problem is not None:
        raise ApplicationError(problem)
    try:
        point = push.unb64(p256dh)
        secret = push.unb64(auth)
    except ValueError:
        point = secret = b""
    if len(point) != 65 or point[0] != 4 or len(secret) != 16:
        raise ApplicationError(_("The browser's push keys cannot be read."))
    if server_key.rstrip("=") != push.key_pair().public_key:
        raise ApplicationError(_("The site's push key has changed: load the page again."))
    device, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={
            "user": user,
            "p256dh": p256dh,
            "auth": auth,
            "label": label[:200],
            "server_key": server_key.rstrip("="),
        },
    )
    setting, _made = NotificationSetting.objects.select_for_update().get_or_create(user=user)
    if not any(Channel.PUSH in chosen for chosen in setting.choices.values()):
        choices = {k.value: list(setting.choices.get(k.value, [])) for k in EVENT_KINDS}
        for kind in PUSH_DEFAULT_KINDS:
            choices[kind.value].append(Channel.PUSH.value)
        setting.choices = choices
        setting.save(update_fields=["choices"])
    return device


def push_unsubscribe(*, user: AbstractBaseUser, endpoint: str = "", pk: int = 0) -> int:
    """Push no more to one of the user's devices (by address or id); others' devices are
    left alone. Returns how many were removed (0 or 1)."""
    mine = PushSubscription.objects.filter(user=user)
    if endpoint:
        mine = mine.filter(endpoint=endpoint)
    elif pk:
        mine = mine.filter(pk=pk)
    else:
        return 0
    removed, _by_model = mine.delete()
    return removed


def language_remember(*, user: AbstractBaseUser, language: str) -> None:
    """Note the language a user signs in with, for their e-mails, unless they chose one."""
    language = (language or "").split("-")[0]
    if language not in dict(settings.LANGUAGES):
        return
    setting, _created = NotificationSetting.objects.get_or_create(user=user)
    if not setting.language:
        NotificationSetting.objects.filter(pk=setting.pk, language="").update(language=language)


def _release_held(*, user_id: int) -> None:
    held = Delivery.objects.select_for_update().filter(
        user_id=user_id, status=Delivery.Status.HELD, digest__isnull=True
    )
    for pk in list(held.values_list("pk", flat=True)):
        Delivery.objects.filter(pk=pk).update(status=Delivery.Status.PENDING)
        task_after_commit(DELIVER, pk)


# -- the daily digest ---------------------------------------------------------------------


def digest_moment(setting: NotificationSetting, now: datetime) -> datetime:
    """The latest time the user's digest was due, at or before ``now``: today's digest
    hour in their zone if it has passed, else yesterday's."""

    zone = zone_named(setting.time_zone)
    local = now.astimezone(zone)
    moment = datetime.combine(local.date(), time(setting.digest_hour), tzinfo=zone)
    if moment > local:
        moment = datetime.combine(
            local.date() - timedelta(days=1), time(setting.digest_hour), tzinfo=zone
        )
    return moment


def digest_make(*, user_id: int, channel: str, now: datetime) -> int | None:
    """Bundle a user's held deliveries of one channel, made before their latest digest
    moment, into that day's digest, and queue it; returns its id, or None when nothing
    is due. Each (user, channel, day) has one digest (the delivery's unique key), so a
    second run or worker makes none; items made later wait for the next day's."""
    with transaction.atomic():
        setting = NotificationSetting.objects.select_for_update().filter(user_id=user_id).first()
        if setting is None or not setting.digest:
            return None
        moment = digest_moment(setting, now)
        items = list(
            Delivery.objects.select_for_update()
            .filter(
                user_id=user_id,
                channel=channel,
                status=Delivery.Status.HELD,
                digest__isnull=True,
                created__lte=moment,
            )
            .values_list("pk", flat=True)
        )
        if not items:
            return None
        day = moment.date().isoformat()
        digest, created = Delivery.objects.get_or_create(
            event_key=f"digest:{day}",
            user_id=user_id,
            channel=channel,
            defaults={"kind": Kind.DIGEST, "params": {"count": len(items), "date": day}},
        )
        if not created:
            return None
        Delivery.objects.filter(pk__in=items).update(digest=digest)
        task_after_commit(DELIVER, digest.pk)
        return digest.pk


def digests_make_due(*, now: datetime) -> int:
    """Make every digest whose moment has come; returns how many were made."""
    waiting = (
        Delivery.objects.filter(status=Delivery.Status.HELD, digest__isnull=True)
        .values_list("user_id", "channel")
        .distinct()
        .order_by("user_id", "channel")
    )
    made = 0
    for user_id, channel in list(waiting):
        try:
            if digest_make(user_id=user_id, channel=channel, now=now) is not None:
                made += 1
        except Exception:  # one user's bad setting must not stop the others' digests
            log.warning("digest of user %s (%s) not made", user_id, channel, exc_info=True)
    return made


def inbox_changed(user_id: int) -> None:
    """Tell the user's open pages their unread count (after commit)."""
    inboxes_changed([user_id])


def inboxes_changed(user_ids: list[int]) -> None:
    """Tell each user's open pages their unread count (after commit): the counts in one
    query, as an adjudication tells all of a game's players at once."""
    counts = dict(
        Notification.objects.filter(user_id__in=user_ids, read=False)
        .values_list("user_id")
        .annotate(n=Count("pk"))
    )
    for user_id in user_ids:
        live.inbox_changed_publish(user_id=user_id, unread=counts.get(user_id, 0))


def unread_count(*, user_id: int) -> int:
    return Notification.objects.filter(user_id=user_id, read=False).count()


def inbox_mark_read(*, user: AbstractBaseUser, ids: Iterable[int] | None = None) -> int:
    """Mark the user's notifications read: those of ``ids`` (others' ids are ignored), or
    all. Returns how many changed."""
    unread = Notification.objects.filter(user=user, read=False)
    if ids is not None:
        unread = unread.filter(pk__in=list(ids))
    changed = unread.update(read=True)
    if changed:
        after_commit(inbox_changed, user.pk)
    return changed


def deliveries_requeue(*, now: datetime) -> int:
    """Queue again the e-mails and webhooks whose task was lost: never queued (the broker
    was away at the commit), or a retry that never came. Sending twice is impossible (a
    delivery being sent is taken, see :func:`delivery_send`, and a sent one does
    nothing), so at worst a delivery is tried a little sooner than its retry wait.
    Returns how many were queued."""
    stale = Delivery.objects.filter(status=Delivery.Status.PENDING).filter(
        Q(attempts=0, updated__lte=now - REQUEUE_UNTRIED_AFTER)
        | Q(attempts__gt=0, updated__lte=now - REQUEUE_RETRY_AFTER)
    )
    queued = 0
    for pk in list(stale.order_by("pk").values_list("pk", flat=True)[:500]):
        if not task_send(DELIVER, pk):
            break  # the broker is still away: the next beat tries again
        Delivery.objects.filter(pk=pk, status=Delivery.Status.PENDING).update(updated=now)
        queued += 1
    if queued:
        log.info("queued %d lost deliveries again", queued)
    return queued


# -- a player's own data, and his account closed ---------------------------------------------


def account_forget(user: AbstractBaseUser) -> None:
    """``user`` closes his account (a closing step, ``accounts.extension_points``): push
    to none of his devices again, call his webhook no more, and drop what waits to be
    sent to him (his mail address is erased in the same transaction). His inbox goes
    too: it is news for a reader who is no more."""
    PushSubscription.objects.filter(user=user).delete()
    NotificationSetting.objects.filter(user=user).update(webhook_url="", digest=False)
    Delivery.objects.filter(
        user=user, status__in=(Delivery.Status.PENDING, Delivery.Status.HELD)
    ).delete()
    Notification.objects.filter(user=user).delete()


#: The params of tournament news that name players as text, written down when it was sent.
_NAMED_ONE = ("winner", "loser", "by")


def names_forget(user: AbstractBaseUser) -> None:
    """``user`` closes his account (a closing step): the tournament news sent to others
    that wrote his name down (a match's winner or loser, who recorded it, a play-off's
    players) names his closed account instead, in their inboxes and in what waits to be
    sent, so that it reads "a former player" (:func:`text`) as every page does."""
    old, new = user.get_username(), closed_name(user.pk)
    naming = Q(params__has_key="players")
    for key in _NAMED_ONE:
        naming |= Q(**{f"params__{key}": old})
    for model in (Notification, Delivery):
        rows = model.objects.filter(naming, kind=Kind.TOURNAMENT)
        if model is Delivery:
            rows = rows.exclude(status=Delivery.Status.SENT)
        changed = []
        for row in rows:
            params = _named_replaced(row.params, old, new)
            if params != row.params:
                row.params = params
                changed.append(row)
        model.objects.bulk_update(changed, ["params"])


def _named_replaced(params: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """``params`` with the player ``old`` named ``new``: a play-off's players are a list,
    or (as older news wrote them) one string joined by commas."""
    out = dict(params)
    for key in _NAMED_ONE:
        if out.get(key) == old:
            out[key] = new
    players = out.get("players")
    if isinstance(players, list):
        out["players"] = name_replaced(players, old, new)
    elif isinstance(players, str):
        out["players"] = ", ".join(new if n == old else n for n in players.split(", "))
    return out


def own_settings(user: AbstractBaseUser) -> dict[str, Any]:
    """The download's ``notifications``: his settings (whether a webhook is set, never
    its address: a webhook's address is a key to post to his channel) and his devices
    by their labels (never a subscription's address or keys)."""
    setting = NotificationSetting.objects.filter(user=user).first()
    devices = PushSubscription.objects.filter(user=user).order_by("created", "pk")
    return {
        "settings": None
        if setting is None
        else {
            "choices": setting.choices,
            "webhook_set": bool(setting.webhook_url),
            "digest": setting.digest,
            "digest_hour": setting.digest_hour,
            "time_zone": setting.time_zone,
            "language": setting.language,
            "reminder_hours": setting.reminder_hours,
        },
        "push_subscriptions": [
            {
                "label": d.label,
                "created": d.created.isoformat(),
                "last_success": d.last_success.isoformat() if d.last_success else None,
            }
            for d in devices
        ],
    }
