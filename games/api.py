"""JSON endpoints for the game page (Django REST framework): thin, one service each."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from adjudicator import ParseError, check_order, find_variant, parse_order
from games import selectors, services, visibility, wording
from games.models import Game, GamePhase


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """One error shape for every endpoint: ``{"message": ..., ...extra}``."""
    if isinstance(exc, services.ApplicationError):
        return Response({"message": exc.message, **exc.extra}, status=status.HTTP_400_BAD_REQUEST)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "detail" in response.data:
        response.data = {"message": str(response.data["detail"])}
    elif response is not None:
        response.data = {"message": _("invalid input"), "errors": response.data}
    return response


def _game_for(request: Request, game_id: int) -> Game:
    game = get_object_or_404(Game, pk=game_id)
    if not visibility.can_view_game(user=request.user, game=game):
        # A private game does not admit it exists to outsiders.
        raise services.ApplicationError(_("No such game."))
    return game


class GameStateApi(APIView):
    permission_classes: list[type] = []

    def get(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        raw = request.query_params.get("phase")
        index = int(raw) if raw is not None and raw.isdigit() else None
        try:
            state = selectors.game_state(user=request.user, game=game, index=index)
        except GamePhase.DoesNotExist:
            return Response({"message": _("No such phase.")}, status=404)
        return Response(state)


class OrdersSubmitApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):  # type: ignore[type-arg]
        orders = serializers.ListField(
            child=serializers.CharField(max_length=200, allow_blank=True), max_length=100
        )
        phase = serializers.IntegerField(required=False)

    def post(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        order_set = services.orders_submit(
            game=game,
            user=request.user,
            orders=data.validated_data["orders"],
            phase_id=data.validated_data.get("phase"),
        )
        return Response({"orders": order_set.orders, "ready": order_set.ready})


class OrderCheckApi(APIView):
    """Live validation as a player types: the adjudicator's own words."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):  # type: ignore[type-arg]
        order = serializers.CharField(max_length=200)

    def post(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seat = visibility.seat_of(user=request.user, game=game)
        phase = game.current_phase
        if seat is None or phase is None:
            return Response({"ok": False, "message": _("You have no orders to give here.")})
        position = services.phase_position(phase)
        variant = find_variant(game.variant)
        text = data.validated_data["order"]
        try:
            order = parse_order(text, variant.map, position=position, power=seat.power)
        except ParseError as e:
            return Response({"ok": False, "message": e.message})
        problem = check_order(position, seat.power, order)
        if problem is not None:
            return Response(
                {"ok": False, "order": str(order), "message": wording.explanation(problem)}
            )
        return Response({"ok": True, "order": str(order)})


class ReadyApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):  # type: ignore[type-arg]
        ready = serializers.BooleanField()

    def post(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        order_set = services.orders_ready(
            game=game, user=request.user, ready=data.validated_data["ready"]
        )
        return Response({"ready": order_set.ready})


class DrawVoteApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):  # type: ignore[type-arg]
        accept = serializers.BooleanField()

    def post(self, request: Request, game_id: int) -> Response:
        game = _game_for(request, game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        ended = services.draw_vote(
            game=game, user=request.user, accept=data.validated_data["accept"]
        )
        return Response({"accept": data.validated_data["accept"], "game_drawn": ended})
