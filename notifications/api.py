"""Notifications by API (``/api/v1/notifications/``): your inbox a page at a time, marking
read, and your settings, as the inbox page has them."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import path
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.permissions import NotAHouseBot
from core.api import (
    READ_ERRORS,
    WRITE_ERRORS,
    ApiView,
    BodySerializer,
    IndexField,
    PageQuerySerializer,
    PageSerializer,
    TimeZoneField,
    page_of,
)
from games.terms import REMINDER_HOURS_MAX
from notifications import push, services, webhooks
from notifications.models import (
    EVENT_KINDS,
    Channel,
    Kind,
    Notification,
    NotificationSetting,
    PushSubscription,
)


class NotificationSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Kind.choices)
    game = serializers.IntegerField(allow_null=True, source="game_id")
    text = serializers.CharField(help_text="The notification as the inbox shows it.")
    created = serializers.DateTimeField()
    read = serializers.BooleanField()


class NotificationListSerializer(PageSerializer):
    unread = serializers.IntegerField(help_text="Your unread notifications in all.")
    notifications = NotificationSerializer(many=True)


class UnreadSerializer(serializers.Serializer):  # type: ignore[type-arg]
    marked = serializers.IntegerField(help_text="How many were marked read now.")
    unread = serializers.IntegerField()


@extend_schema_field(
    {
        "type": "object",
        "properties": {
            kind.value: {"type": "array", "items": {"enum": list(Channel.values)}}
            for kind in EVENT_KINDS
        },
        # Only the kinds of event there are: another is refused (validate_choices).
        "additionalProperties": False,
    }
)
class ChoicesField(serializers.DictField):
    """The channels of each kind of event, documented kind by kind."""


class SettingSerializer(BodySerializer):
    choices = ChoicesField(
        child=serializers.ListField(child=serializers.ChoiceField(choices=Channel.choices)),
        help_text="Per kind of event (" + ", ".join(k.value for k in EVENT_KINDS) + "), "
        "the channels it goes to. Kinds left out go nowhere.",
    )
    webhook_url = serializers.URLField(allow_blank=True, max_length=500, default="")
    digest = serializers.BooleanField(
        default=False,
        help_text="E-mails and webhooks bundled once a day (deadline reminders still at once).",
    )
    digest_hour = serializers.IntegerField(min_value=0, max_value=23, default=18)
    time_zone = TimeZoneField(default="UTC")
    language = serializers.ChoiceField(
        choices=[("", "the site's default"), *settings.LANGUAGES],
        default="",
        help_text="The language of your e-mails and webhooks.",
    )
    reminder_hours = serializers.IntegerField(
        min_value=1,
        max_value=REMINDER_HOURS_MAX,
        allow_null=True,
        default=None,
        help_text="Hours before a deadline to be reminded of missing orders; null: the game's.",
    )

    def validate_choices(self, value: dict[str, list[str]]) -> dict[str, list[str]]:
        kinds = {k.value for k in EVENT_KINDS}
        unknown = sorted(set(value) - kinds)
        if unknown:
            raise serializers.ValidationError(f"unknown kinds: {', '.join(unknown)}")
        return value

    def validate_webhook_url(self, value: str) -> str:
        problem = webhooks.address_problem(value) if value else None
        if problem is not None:
            raise serializers.ValidationError(problem)
        return value


def _setting_of(user: Any) -> NotificationSetting:
    return NotificationSetting.objects.filter(user=user).first() or NotificationSetting(user=user)


class NotificationsApi(ApiView):
    permission_classes = [IsAuthenticated]

    class InboxQuerySerializer(PageQuerySerializer):
        unread = serializers.BooleanField(default=False, help_text="Only the unread ones.")

    @extend_schema(
        operation_id="notifications_list",
        summary="Your notifications, newest first, a page at a time",
        parameters=[InboxQuerySerializer],
        responses={200: NotificationListSerializer, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        query = self.InboxQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        mine = Notification.objects.filter(user=request.user).order_by("-created", "-pk")
        if query.validated_data["unread"]:
            mine = mine.filter(read=False)
        items, paging = page_of(mine, request, self)
        shaped = [
            {
                "id": n.pk,
                "kind": n.kind,
                "game_id": n.game_id,
                "text": services.text(kind=n.kind, params=n.params),
                "created": n.created,
                "read": n.read,
            }
            for n in items
        ]
        unread = services.unread_count(user_id=request.user.pk)
        answer = {"notifications": shaped, "unread": unread, **paging}
        return Response(NotificationListSerializer(answer).data)


class NotificationsReadApi(ApiView):
    permission_classes = [IsAuthenticated]

    class MarkReadSerializer(BodySerializer):
        ids = serializers.ListField(
            child=IndexField(min_value=1),
            required=False,
            max_length=500,
            help_text="The notifications to mark read; all of them if left out.",
        )

    @extend_schema(
        operation_id="notifications_mark_read",
        summary="Mark notifications read (the given ones, or all)",
        request=MarkReadSerializer,
        responses={200: UnreadSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = self.MarkReadSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        marked = services.inbox_mark_read(user=request.user, ids=data.validated_data.get("ids"))
        unread = services.unread_count(user_id=request.user.pk)
        return Response(UnreadSerializer({"marked": marked, "unread": unread}).data)


class NotificationSettingApi(ApiView):
    permission_classes = [IsAuthenticated, NotAHouseBot]

    @extend_schema(
        operation_id="notifications_settings",
        summary="What you are told of, where, and when",
        responses={200: SettingSerializer, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        return Response(SettingSerializer(_setting_of(request.user)).data)

    @extend_schema(
        operation_id="notifications_settings_save",
        summary="Replace your notification settings",
        request=SettingSerializer,
        responses={200: SettingSerializer, **WRITE_ERRORS},
    )
    def put(self, request: Request) -> Response:
        data = SettingSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        setting = services.setting_save(user=request.user, **data.validated_data)
        return Response(SettingSerializer(setting).data)


class PushDeviceSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    label = serializers.CharField(help_text="What the device's browser says it is.")
    endpoint = serializers.CharField(help_text="Its push service's address.")
    created = serializers.DateTimeField()
    last_success = serializers.DateTimeField(
        allow_null=True, help_text="When its push service last took a push for it."
    )


class PushStateSerializer(serializers.Serializer):  # type: ignore[type-arg]
    public_key = serializers.CharField(
        help_text="The site's VAPID public key (base64url): a browser subscribes with it "
        "as its applicationServerKey."
    )
    devices = PushDeviceSerializer(many=True, help_text="Your subscribed devices.")


def _push_state(user: Any) -> dict[str, Any]:
    return {
        "public_key": push.key_pair().public_key,
        "devices": list(PushSubscription.objects.filter(user=user)),
    }


class KeysSerializer(BodySerializer):
    """A browser subscription's keys (RFC 8291), base64url as the browser gives them."""

    p256dh = serializers.CharField(max_length=200, help_text="Its P-256 public key.")
    auth = serializers.CharField(max_length=100, help_text="Its authentication secret.")


class PushApi(ApiView):
    """Your devices that get pushes (Web Push): subscribe this browser, or stop."""

    permission_classes = [IsAuthenticated, NotAHouseBot]

    class SubscribeSerializer(BodySerializer):
        endpoint = serializers.URLField(
            max_length=1000, help_text="PushSubscription.endpoint, as the browser gives it."
        )
        keys = KeysSerializer(help_text="PushSubscription.toJSON().keys.")
        server_key = serializers.CharField(
            max_length=200,
            help_text="The public key the browser subscribed with (public_key of the GET).",
        )
        label = serializers.CharField(
            max_length=200, allow_blank=True, default="", help_text="How you know the device."
        )
        expirationTime = serializers.IntegerField(  # the browser's own name
            allow_null=True, required=False, help_text="Ignored: the browser's own field."
        )

    class UnsubscribeSerializer(BodySerializer):
        endpoint = serializers.CharField(
            max_length=1000, required=False, default="", help_text="This browser's address."
        )
        id = IndexField(min_value=1, required=False, default=0, help_text="Or a device's id.")

    @extend_schema(
        operation_id="notifications_push",
        summary="The site's push key and your subscribed devices",
        responses={200: PushStateSerializer, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        return Response(PushStateSerializer(_push_state(request.user)).data)

    @extend_schema(
        operation_id="notifications_push_subscribe",
        summary="Push to this device (a browser's PushSubscription)",
        description="The first device turns pushing on for the kinds a player wants on his "
        "phone, unless some kinds are set to push already (see the settings' choices).",
        request=SubscribeSerializer,
        responses={200: PushStateSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = self.SubscribeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        services.push_subscribe(
            user=request.user,
            endpoint=given["endpoint"],
            p256dh=given["keys"]["p256dh"],
            auth=given["keys"]["auth"],
            server_key=given["server_key"],
            label=given["label"],
        )
        return Response(PushStateSerializer(_push_state(request.user)).data)

    @extend_schema(
        operation_id="notifications_push_unsubscribe",
        summary="Push no more to a device of yours (by its address or id)",
        request=UnsubscribeSerializer,
        responses={200: PushStateSerializer, **WRITE_ERRORS},
    )
    def delete(self, request: Request) -> Response:
        data = self.UnsubscribeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.push_unsubscribe(
            user=request.user,
            endpoint=data.validated_data["endpoint"],
            pk=data.validated_data["id"],
        )
        return Response(PushStateSerializer(_push_state(request.user)).data)


urlpatterns = [
    path("notifications/", NotificationsApi.as_view(), name="notifications"),
    path("notifications/read/", NotificationsReadApi.as_view(), name="notifications-read"),
    path(
        "notifications/settings/", NotificationSettingApi.as_view(), name="notifications-settings"
    ),
    path("notifications/push/", PushApi.as_view(), name="notifications-push"),
]
