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
