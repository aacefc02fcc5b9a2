"""The public REST API for press (``/api/v1/games/<id>/press/``): the conversations a
player may read, their messages, sending, and read marks. Who reads what is decided by
games.visibility, through games.services.press."""

from __future__ import annotations

from typing import Any

from django.urls import path
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.api import (
    READ_ERRORS,
    WRITE_ERRORS,
    ApiView,
    BodySerializer,
    IndexField,
    QuerySerializer,
)
from games import visibility, wording
from games.api.access import game_for
from games.models import PressMessage
from games.services import press


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": [PressMessage.ALL]},
            {"type": "array", "items": {"type": "string"}, "maxItems": 50},
        ],
        "description": '"all" for everyone, or the powers written to.',
    }
)
class RecipientsField(serializers.JSONField):
    def to_internal_value(self, data: Any) -> Any:
        if data == PressMessage.ALL:
            return data
        if isinstance(data, list) and len(data) <= 50 and all(isinstance(p, str) for p in data):
            return data
        raise serializers.ValidationError(_('"all" or a list of powers'))


class ConversationSerializer(serializers.Serializer):  # type: ignore[type-arg]
    key = serializers.CharField(help_text='"all", or the powers taking part joined by "+".')
    powers = serializers.ListField(child=serializers.CharField())
    name = serializers.CharField()
    count = serializers.IntegerField()
    last_id = serializers.IntegerField()
    unread = serializers.IntegerField()


# "with" (the other powers taking part) is a Python keyword, so it is declared this way.
ConversationSerializer._declared_fields["with"] = serializers.ListField(
    child=serializers.CharField()
)


class PressPhaseSerializer(serializers.Serializer):  # type: ignore[type-arg]
    code = serializers.CharField(help_text='A phase code, such as "S1901M".')
    name = serializers.CharField()


class PressOverviewSerializer(serializers.Serializer):  # type: ignore[type-arg]
    press = serializers.CharField(help_text="The game's press setting.")
    me = serializers.CharField(allow_null=True, help_text="Your power; null if you have none.")
    can_send = serializers.BooleanField()
    may_write_to = serializers.ListField(
        child=serializers.CharField(), help_text="Powers you may write to privately."
    )
    conversations = ConversationSerializer(many=True)
    phases = PressPhaseSerializer(
        many=True, help_text="The phases in which you can read press, in order."
    )
    power_names = serializers.DictField(
        child=serializers.CharField(),
        help_text="The display name of each power in may_write_to and in conversations.",
    )


class PressMessageSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    conversation = serializers.CharField()
    sender = serializers.CharField(
        allow_blank=True,
        help_text="The sending power; blank for a signed message (grey press) you did not send.",
    )
    sender_name = serializers.CharField(help_text="The power's name, or the signature.")
    signed = serializers.BooleanField(
        help_text="Signed with a name of the sender's choosing (published press, where "
        "the variant has it): the signature says nothing sure about who sent it."
    )
    to = RecipientsField()
    to_names = serializers.ListField(child=serializers.CharField())
    body = serializers.CharField()
    phase = serializers.CharField(allow_blank=True)
    phase_name = serializers.CharField(allow_blank=True)
    sent_at = serializers.DateTimeField()


class PressMessagesSerializer(serializers.Serializer):  # type: ignore[type-arg]
    messages = PressMessageSerializer(many=True)


class PressReadSerializer(BodySerializer):
    conversation = serializers.CharField(max_length=400)
    last_read = serializers.IntegerField(read_only=True)
    up_to = IndexField(required=False, write_only=True)


class PressApi(ApiView):
    class PressSendSerializer(BodySerializer):
        to = RecipientsField()
        body = serializers.CharField(max_length=press.MAX_BODY, trim_whitespace=False)
        signature = serializers.CharField(
            max_length=press.MAX_SIGNATURE,
            required=False,
            allow_blank=True,
            help_text="Where players play under pseudonyms: the name to sign with (any but "
            "another player's pseudonym; your own if left out). Ignored elsewhere.",
        )

    @extend_schema(
        operation_id="press_conversations",
        summary="The conversations you may read (with unread counts) and whom you may write to",
        responses={200: PressOverviewSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        recipients = press.press_recipients(game=game, user=request.user)
        may_write_to = recipients or []
        seat = visibility.acting_seat(user=request.user, game=game)
        conversations = press.press_conversations(game=game, user=request.user)
        named = {*may_write_to, *(p for c in conversations for p in c["powers"])}
        overview = {
            "press": game.press,
            "me": seat.power if seat is not None else None,
            "can_send": recipients is not None,
            "may_write_to": may_write_to,
            "conversations": conversations,
            "phases": press.press_phases(game=game, user=request.user),
            "power_names": {p: wording.power_name(p) for p in sorted(named)},
        }
        return Response(PressOverviewSerializer(overview).data)

    @extend_schema(
        operation_id="press_send",
        summary="Send a message to everyone or to chosen powers",
        request=PressSendSerializer,
        responses={201: PressMessageSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        data = self.PressSendSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        message = press.press_send(
            game=game,
            user=request.user,
            to=data.validated_data["to"],
            body=data.validated_data["body"],
            signature=data.validated_data.get("signature") or None,
        )
        return Response(
            PressMessageSerializer(press.message_json(message, reader=message.sender)).data,
            status=status.HTTP_201_CREATED,
        )


class PressMessagesApi(ApiView):
    class PressQuerySerializer(QuerySerializer):
        conversation = serializers.CharField(max_length=400, default=PressMessage.ALL)
        phase = serializers.CharField(
            max_length=12, required=False, help_text="Only those sent in this phase (a code)."
        )

    @extend_schema(
        operation_id="press_messages",
        summary="The messages of one conversation you may read, oldest first",
        parameters=[PressQuerySerializer],
        responses={200: PressMessagesSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        query = self.PressQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        messages = press.press_messages(
            game=game,
            user=request.user,
            conversation=query.validated_data["conversation"],
            phase=query.validated_data.get("phase"),
        )
        return Response(PressMessagesSerializer({"messages": messages}).data)


class PressReadApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="press_mark_read",
        summary="Mark a conversation read (up to a message id; marks never move back)",
        request=PressReadSerializer,
        responses={200: PressReadSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        data = PressReadSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        conversation = data.validated_data["conversation"]
        last = press.press_mark_read(
            game=game,
            user=request.user,
            conversation=conversation,
            up_to=data.validated_data.get("up_to"),
        )
        return Response(PressReadSerializer({"conversation": conversation, "last_read": last}).data)


urlpatterns = [
    path("games/<int:game_id>/press/", PressApi.as_view(), name="press"),
    path("games/<int:game_id>/press/messages/", PressMessagesApi.as_view(), name="press-messages"),
    path("games/<int:game_id>/press/read/", PressReadApi.as_view(), name="press-read"),
]
