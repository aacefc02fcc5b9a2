"""Time away by API (``/api/v1/``): ask for more time in a game, name a sitter, and mark
or take back vacations, as the game page and the profile do."""

from __future__ import annotations

from django.urls import path
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.api import (
    MAX_ID,
    PHASE_WRITE_ERRORS,
    READ_ERRORS,
    WRITE_ERRORS,
    ApiView,
    BodySerializer,
)
from games.api.access import game_for, phase_named
from games.models import Vacation
from games.services import absences


class ExtensionRequestSerializer(BodySerializer):
    phase = phase_named("whose deadline you want moved")


class ExtensionSerializer(BodySerializer):
    phase = serializers.CharField(help_text="The phase whose deadline moved (a code).")
    deadline = serializers.DateTimeField()


class SitterSerializer(BodySerializer):
    username = serializers.CharField(
        max_length=150,
        allow_blank=True,
        help_text="Your sitter; empty for none. A sitter neither plays in the game nor runs "
        "it. Where who plays is secret (an anonymous game, players under pseudonyms) any "
        "name of an account is taken and answered alike, whoever it is; a player or game "
        "master of the game named so never sits for you.",
    )


class VacationSerializer(BodySerializer):
    id = serializers.IntegerField(read_only=True)
    first_day = serializers.DateField()
    last_day = serializers.DateField(help_text="Included.")


class VacationListSerializer(serializers.Serializer):  # type: ignore[type-arg]
    vacations = VacationSerializer(many=True)


class ExtensionApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_extension",
        summary="Ask for more time: the open phase's deadline moves (limited per player)",
        request=ExtensionRequestSerializer,
        responses={200: ExtensionSerializer, **PHASE_WRITE_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        data = ExtensionRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        phase = absences.deadline_extension_request(
            game=game, user=request.user, phase=data.validated_data["phase"]
        )
        return Response(ExtensionSerializer({"phase": phase.code, "deadline": phase.deadline}).data)


class SitterApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_sitter",
        summary="Name who orders for your seat while you are on vacation (or no one)",
        request=SitterSerializer,
        responses={200: SitterSerializer, **WRITE_ERRORS},
    )
    def put(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        data = SitterSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seat = absences.sitter_name(
            game=game, user=request.user, username=data.validated_data["username"].strip()
        )
        name = seat.sitter.get_username() if seat.sitter is not None else ""
        return Response(SitterSerializer({"username": name}).data)


class VacationsApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="vacations_list",
        summary="Your vacations from today on, soonest first",
        responses={200: VacationListSerializer, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        vacations = absences.vacations_of(user=request.user)
        return Response(VacationListSerializer({"vacations": vacations}).data)

    @extend_schema(
        operation_id="vacations_add",
        summary="Mark days away (capped per calendar year)",
        request=VacationSerializer,
        responses={201: VacationSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = VacationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        vacation = absences.vacation_add(user=request.user, **data.validated_data)
        return Response(VacationSerializer(vacation).data, status=status.HTTP_201_CREATED)


class VacationApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="vacations_cancel",
        summary="Take back a vacation that has not begun",
        request=None,
        responses={204: None, **WRITE_ERRORS},
    )
    def delete(self, request: Request, vacation_id: int) -> Response:
        mine = Vacation.objects.filter(user=request.user)
        if not 0 < vacation_id <= MAX_ID or not mine.filter(pk=vacation_id).exists():
            raise exceptions.NotFound(_("No such vacation."))
        absences.vacation_cancel(user=request.user, vacation_id=vacation_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


urlpatterns = [
    path("games/<int:game_id>/extension/", ExtensionApi.as_view(), name="extension"),
    path("games/<int:game_id>/sitter/", SitterApi.as_view(), name="sitter"),
    path("vacations/", VacationsApi.as_view(), name="vacations"),
    path("vacations/<int:vacation_id>/", VacationApi.as_view(), name="vacation"),
]
