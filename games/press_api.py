"""JSON endpoints for the game page's press panel: thin, one service or selector each."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import press, services, visibility, wording
from games.models import Game, PressMessage


def _game_for(request: Request, game_id: int) -> Game:
    game = get_object_or_404(Game, pk=game_id)
    if not visibility.can_view_game(user=request.user, game=game):
        # A private game does not admit it exists to outsiders.
        raise services.ApplicationError(_("No such game."))
    return game


class PressApi(APIView):
    """The conversations this viewer may read, whom they may write to, and the messages
    of one conversation (``?conversation=key``, optionally ``&phase=code``)."""

    permission_classes: list[type] = []

    def get(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        seat = visibility.seat_of(user=request.user, game=game)
        conversations = press.press_conversations(game=game, user=request.user)
        key = request.query_params.get("conversation") or PressMessage.ALL
        phase = request.query_params.get("phase") or None
        recipients = press.press_recipients(game=game, user=request.user)
        reply: dict[str, Any] = {
            "press": game.press,
            "me": seat.power if seat is not None else None,
            "can_send": recipients is not None,
            "may_write_to": [{"power": p, "name": wording.power_name(p)} for p in recipients or []],
            "conversations": conversations,
            "phases": press.press_phases(game=game, user=request.user),
            "conversation": key,
            "messages": press.press_messages(
                game=game, user=request.user, conversation=key, phase=phase
            ),
        }
        return Response(reply)


class PressSendApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):  # type: ignore[type-arg]
        #: "all", or a list of powers.
        to = serializers.JSONField()
        body = serializers.CharField(max_length=press.MAX_BODY, trim_whitespace=False)

        def validate_to(self, value: Any) -> Any:
            if value == PressMessage.ALL:
                return value
            if isinstance(value, list) and all(isinstance(p, str) for p in value):
                return value
            raise serializers.ValidationError(_('"all" or a list of powers'))

    def post(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        message = press.press_send(
            game=game,
            user=request.user,
            to=data.validated_data["to"],
            body=data.validated_data["body"],
        )
        return Response(press.message_json(message), status=201)


class PressReadApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):  # type: ignore[type-arg]
        conversation = serializers.CharField(max_length=400)
        up_to = serializers.IntegerField(required=False, min_value=0)

    def post(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        last = press.press_mark_read(
            game=game,
            user=request.user,
            conversation=data.validated_data["conversation"],
            up_to=data.validated_data.get("up_to"),
        )
        return Response({"conversation": data.validated_data["conversation"], "last_read": last})
