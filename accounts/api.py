"""API tokens by API (``/api/v1/tokens/``): list, make and revoke your own, as the
profile page does. A token may manage its owner's tokens; the key is shown once."""

from __future__ import annotations

from django.urls import path
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts import selectors, services
from accounts.permissions import NotAHouseBot
from core.api import MAX_ID, READ_ERRORS, WRITE_ERRORS, ApiView, BodySerializer


class TokenSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField(help_text="The key's first characters, to tell tokens apart.")
    created = serializers.DateTimeField()
    last_used = serializers.DateTimeField(allow_null=True)
    revoked = serializers.DateTimeField(allow_null=True, help_text="Set once revoked.")


class TokenListSerializer(serializers.Serializer):  # type: ignore[type-arg]
    tokens = TokenSerializer(many=True)


class NewTokenSerializer(TokenSerializer):
    key = serializers.CharField(help_text="The key, shown this once: it is stored only hashed.")


class TokensApi(ApiView):
    # The site's own bots hold the one token the site derives for each (house_bot_keys).
    permission_classes = [IsAuthenticated, NotAHouseBot]

    class TokenCreateSerializer(BodySerializer):
        name = serializers.CharField(max_length=60)

    @extend_schema(
        operation_id="tokens_list",
        summary="Your API tokens, newest first, revoked ones included",
        responses={200: TokenListSerializer, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        tokens = selectors.api_tokens_of(user=request.user)
        return Response(TokenListSerializer({"tokens": tokens}).data)

    @extend_schema(
        operation_id="tokens_create",
        summary="Make a token (at most 10 live); its key is in this answer only",
        request=TokenCreateSerializer,
        responses={201: NewTokenSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = self.TokenCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token, key = services.api_token_create(user=request.user, name=data.validated_data["name"])
        answer = {**TokenSerializer(token).data, "key": key}
        return Response(NewTokenSerializer(answer).data, status=status.HTTP_201_CREATED)


class TokenApi(ApiView):
    permission_classes = [IsAuthenticated, NotAHouseBot]

    @extend_schema(
        operation_id="tokens_revoke",
        summary="Revoke one of your tokens for good (the one in use too, if you ask)",
        request=None,
        responses={200: TokenSerializer, **WRITE_ERRORS},
    )
    def delete(self, request: Request, token_id: int) -> Response:
        mine = selectors.api_tokens_of(user=request.user)
        if not 0 < token_id <= MAX_ID or not mine.filter(pk=token_id).exists():
            raise exceptions.NotFound(_("No such token."))
        token = services.api_token_revoke(user=request.user, token_id=token_id)
        return Response(TokenSerializer(token).data)


urlpatterns = [
    path("tokens/", TokensApi.as_view(), name="tokens"),
    path("tokens/<int:token_id>/", TokenApi.as_view(), name="token"),
]


class AccountDataSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """The layout of a player's download (``format`` 1); each app adds its sections."""

    format = serializers.IntegerField()
    exported_at = serializers.DateTimeField()
    profile = serializers.DictField(help_text="User name, e-mail address, dates and roles.")
    api_tokens = serializers.ListField(
        child=serializers.DictField(), help_text="Names and dates only: never a key."
    )
    games = serializers.ListField(
        child=serializers.DictField(),
        help_text="Each game you took part in: your own seats and the orders they gave.",
    )
    press = serializers.ListField(
        child=serializers.DictField(),
        help_text="The messages you sent, and those of your conversations you may read.",
    )
    vacations = serializers.ListField(child=serializers.DictField())
    tournament_entries = serializers.ListField(child=serializers.DictField())
    ratings = serializers.ListField(child=serializers.DictField())
    notifications = serializers.DictField(
        help_text="Your settings (whether a webhook is set, not its address) and your "
        "devices by their labels."
    )


class MeDataApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_data",
        summary="Everything the site holds about you that is yours to read, as JSON",
        responses={200: AccountDataSerializer, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        return Response(services.account_data(user=request.user))


class MeCloseApi(ApiView):
    permission_classes = [IsAuthenticated]

    class CloseSerializer(BodySerializer):
        password = serializers.CharField(
            max_length=4096, help_text="Your password: closing is for good."
        )

    @extend_schema(
        operation_id="me_close",
        summary="Close your account for good (your games keep it as “a former player”)",
        description="Your seats in running games are given up as if you had left, your "
        "tokens, push subscriptions and sessions end, your e-mail address is erased and "
        "your user name stays reserved. The token of this request ends too.",
        request=CloseSerializer,
        responses={204: None, **WRITE_ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = self.CloseSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.account_close(user=request.user, password=data.validated_data["password"])
        return Response(status=status.HTTP_204_NO_CONTENT)


urlpatterns += [
    path("me/data/", MeDataApi.as_view(), name="me-data"),
    path("me/close/", MeCloseApi.as_view(), name="me-close"),
]
