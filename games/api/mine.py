"""The signed-in player's own games by API (``/api/v1/me/games/``): the list the home
page leads with, where his orders are needed first (games.selectors.mine)."""

from __future__ import annotations

from django.urls import path, reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.api import READ_ERRORS, ApiView
from games import selectors
from games.models import Game
from games.selectors import MyGame, Need, Result
from games.selectors.mine import ENDED_SHOWN_FOR, OPEN_KINDS, RECENTLY_ENDED


class OpponentSerializer(serializers.Serializer):  # type: ignore[type-arg]
    power = serializers.CharField()
    power_name = serializers.CharField()
    player = serializers.CharField(allow_blank=True, help_text="Empty in an anonymous game.")


class DuelSerializer(serializers.Serializer):  # type: ignore[type-arg]
    board = serializers.CharField(help_text='The board\'s label in its duel: "A" or "B".')
    opponents = OpponentSerializer(many=True)


class OccasionSerializer(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.CharField(help_text='What the game is played for: "tournament".')
    name = serializers.CharField()
    url = serializers.CharField(help_text="Its page on the site.")


class VoteOpenSerializer(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(choices=[(k, k) for k in OPEN_KINDS])
    voted = serializers.BooleanField(
        help_text="Whether you have voted on it, for or against. How the others voted is "
        "secret until the vote is decided, and never said here."
    )
    words = serializers.CharField(help_text="The same, in words.")


class MyGameSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField(source="game_id")
    name = serializers.CharField()
    url = serializers.SerializerMethodField(help_text="The game's page on the site.")
    variant = serializers.CharField()
    variant_name = serializers.CharField()
    status = serializers.ChoiceField(
        choices=Game.Status.choices,
        help_text="forming, active, or an ended game's: finished or cancelled.",
    )
    powers = serializers.ListField(
        child=serializers.CharField(),
        help_text="Your power, then any other whose orders you give now (where the "
        "variant's seats are no powers: the nations your seat controls).",
    )
    power_names = serializers.ListField(child=serializers.CharField())
    phase = serializers.CharField(allow_null=True, help_text="The open phase's code.")
    phase_name = serializers.CharField(allow_null=True)
    need = serializers.ChoiceField(
        choices=[(n.value, n.value) for n in Need],
        help_text="What the game needs of you now: orders (none saved), not_ready (saved, "
        "not marked ready), ready, nothing (no orders due from you this phase), forming "
        "(waiting for players), eliminated, finished (the game is over: finished or "
        "cancelled).",
    )
    need_name = serializers.CharField(source="need.words", help_text="The same, in words.")
    action = serializers.BooleanField(
        help_text="Whether you have something to do now: orders to give or mark ready, or "
        "a vote proposed that you have not voted on."
    )
    votes_open = VoteOpenSerializer(
        many=True,
        help_text="The votes proposed in the open phase and not yet decided (draw, cancel, "
        "pause, resume), and whether you have voted on each. Empty for an eliminated power.",
    )
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="The open phase's deadline; null while there is none."
    )
    paused = serializers.BooleanField()
    unread_press = serializers.IntegerField(help_text="Messages you may read and have not.")
    players = serializers.IntegerField(allow_null=True, help_text="A forming game: seats taken.")
    seats = serializers.IntegerField(allow_null=True, help_text="A forming game: seats in all.")
    duel = DuelSerializer(allow_null=True, help_text="A board of a twin-board duel.")
    occasion = OccasionSerializer(allow_null=True, help_text="The tournament, if any.")
    outcome = serializers.CharField(allow_blank=True)
    winner = serializers.CharField(allow_blank=True)
    finished_at = serializers.DateTimeField(
        allow_null=True, help_text="When it ended (finished or cancelled)."
    )
    result = serializers.ChoiceField(
        choices=[(r.value, r.value) for r in Result],
        allow_null=True,
        help_text="How an ended game ended: solo, draw, shared (a shared victory), duel, "
        "conceded (one of two players gave up; winner is the other), cancelled (no result), "
        "ended (otherwise); null while it has not.",
    )
    result_name = serializers.CharField(
        source="result_words",
        allow_blank=True,
        help_text='The same, for you, in words ("You won: a solo victory", "Cancelled: no '
        'result"); empty while the game has not ended.',
    )
    replay_url = serializers.SerializerMethodField(
        help_text="An ended game's history, from its first phase, to replay on its page; "
        "null while it has not ended, or if it ended before any phase was adjudicated."
    )

    def get_url(self, row: MyGame) -> str:
        return reverse("games:detail", args=[row.game_id])

    def get_replay_url(self, row: MyGame) -> str | None:
        return replay_url(row)


def replay_url(row: MyGame) -> str | None:
    """Where an ended game's replay starts: its page at its first phase, if it has a
    history to replay."""
    if not row.replayable:
        return None
    return f"{reverse('games:detail', args=[row.game_id])}?phase=0#replay"


class MyGameListSerializer(serializers.Serializer):  # type: ignore[type-arg]
    games = MyGameSerializer(many=True)


class MyGamesApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_games",
        summary="Your games: those needing your orders, your ready mark or your vote first, "
        f"then by deadline (forming and running ones), then at most {RECENTLY_ENDED} that "
        f"ended in the last {ENDED_SHOWN_FOR.days} days (finished or cancelled, with their "
        "result)",
        responses={200: MyGameListSerializer, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        rows = selectors.my_games(user=request.user)
        return Response(MyGameListSerializer({"games": rows}).data)


urlpatterns = [path("me/games/", MyGamesApi.as_view(), name="me-games")]
