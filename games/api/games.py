"""The public REST API for games (``/api/v1/``): the lobby, a game's state, joining,
leaving, filling the open seats with bots, starting, orders (with the live check), ready
and draw votes. Thin views over games.services and games.selectors, for programs that
play with an API token and for the game page (with its session and CSRF token).

Every view checks who asks, calls one service or selector and shapes the answer with a
typed serializer, so the OpenAPI schema (``/api/schema/``) is exact. Errors have the one
shape ``{"message": ...}`` (core.api.exception_handler).
"""

from __future__ import annotations

from datetime import timedelta

from django.urls import path
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.permissions import NotAHouseBot
from adjudicator import find_variant
from core.api import (
    BOARD_ERRORS,
    MAX_ID,
    PHASE_WRITE_ERRORS,
    READ_ERRORS,
    WRITE_ERRORS,
    ApiView,
    BodySerializer,
    IndexField,
    PageQuerySerializer,
    PageSerializer,
    QuerySerializer,
    TimeZoneField,
    page_of,
    serializer_for,
)
from core.shapes import as_dict
from games import selectors, services, visibility, wording
from games.api.access import game_for, phase_named
from games.models import Game, GamePhase, Seat, Vote
from games.selectors.views import Dislodged, GameView, MyView, Result
from games.terms import REMINDER_HOURS_MAX, GameTerms


class LobbyGameSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    name = serializers.CharField()
    variant = serializers.CharField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    private = serializers.BooleanField()
    anonymous = serializers.BooleanField()
    players = serializers.IntegerField(help_text="Seats taken.")
    powers = serializers.IntegerField(help_text="Seats in all.")
    created_at = serializers.DateTimeField()


class GameListSerializer(PageSerializer):
    games = LobbyGameSerializer(many=True)


class CreatedGameSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    name = serializers.CharField()
    variant = serializers.CharField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    private = serializers.BooleanField()
    invite_code = serializers.CharField(help_text="Others join a private game with this code.")


class GameStatusSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    version = serializers.IntegerField()


# The game state, as the typed views say it (games.selectors.views): each field is declared
# there once, with what the schema says of it.
StateSerializer = serializer_for(GameView)
MyOrdersSerializer = serializer_for(MyView)
#: The sandbox's board is the game's, in these shapes.
DislodgedSerializer = serializer_for(Dislodged)
ResultSerializer = serializer_for(Result)


class OrdersResultSerializer(serializers.Serializer):  # type: ignore[type-arg]
    orders = serializers.ListField(child=serializers.CharField())
    ready = serializers.BooleanField()


class OrderCheckSerializer(BodySerializer):
    order = serializers.CharField(
        max_length=200, help_text='One order as typed, such as "A vie - tri".'
    )
    power = serializers.CharField(
        required=False,
        max_length=40,
        help_text="Whose order it is: a power whose orders your seat gives now; your own "
        "power's if left out.",
    )


class OrderCheckResultSerializer(serializers.Serializer):  # type: ignore[type-arg]
    ok = serializers.BooleanField(help_text="Whether the order may be given now.")
    order = serializers.CharField(
        required=False, help_text="The order in canonical notation, if it could be read."
    )
    message = serializers.CharField(
        required=False, help_text="Why not, in the adjudicator's words (in your language)."
    )


class ReadySerializer(BodySerializer):
    ready = serializers.BooleanField()


class ReadyInputSerializer(ReadySerializer):
    phase = phase_named("you mark yourself ready (or not) in")


class DrawResultSerializer(serializers.Serializer):  # type: ignore[type-arg]
    accept = serializers.BooleanField()
    game_drawn = serializers.BooleanField()


class VoteSerializer(BodySerializer):
    kind = serializers.ChoiceField(
        choices=Vote.Kind.choices,
        help_text="draw: every survivor agrees, the game is drawn. concede: two-player games "
        "only, you give up and the other wins at once (on a duel's board, the duel). "
        "cancel: the first game year only, every survivor agrees, the game ends with no "
        "result. pause: every survivor agrees, the clock stops (two weeks at most). "
        "resume: while paused, every survivor agrees, the clock starts again.",
    )
    accept = serializers.BooleanField(
        help_text="For (true) or against (false); a concession cannot be withdrawn."
    )
    phase = phase_named("you vote in (a vote lapses when its phase ends)")


class VoteResultSerializer(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(choices=Vote.Kind.choices)
    accept = serializers.BooleanField()
    decided = serializers.BooleanField(
        help_text="True if your vote decided it, and it was carried out (the game ended, "
        "was cancelled, paused or resumed)."
    )


# -- views ------------------------------------------------------------------------------------


class GamesApi(ApiView):
    # Anyone reads the list; the site's own bots make no games (accounts.permissions).
    permission_classes = [IsAuthenticatedOrReadOnly, NotAHouseBot]

    class GameFilterSerializer(PageQuerySerializer):
        status = serializers.ChoiceField(choices=Game.Status.choices, default=Game.Status.FORMING)
        variant = serializers.CharField(max_length=40, required=False)

    class GameCreateSerializer(BodySerializer):
        name = serializers.CharField(max_length=100)
        variant = serializers.CharField(max_length=40, default="standard")
        options = serializers.DictField(default=dict, help_text="The variant's rule choices.")
        private = serializers.BooleanField(default=False)
        anonymous = serializers.BooleanField(default=False)
        assignment = serializers.ChoiceField(
            choices=Game.Assignment.choices, default=Game.Assignment.RANDOM
        )
        power = serializers.CharField(
            max_length=40, required=False, help_text="Your power, if powers are chosen."
        )
        pseudonym = serializers.CharField(
            max_length=30,
            required=False,
            help_text="The name you play under, where the variant plays under pseudonyms "
            "(as the variant's rules say): needed there.",
        )
        start_when_full = serializers.BooleanField(default=True)
        movement_minutes = serializers.IntegerField(min_value=1, max_value=20160, default=1440)
        retreat_minutes = serializers.IntegerField(min_value=1, max_value=20160, default=720)
        adjustment_minutes = serializers.IntegerField(min_value=1, max_value=20160, default=720)
        setup_minutes = serializers.IntegerField(min_value=1, max_value=20160, default=720)
        deadline_time = serializers.TimeField(
            required=False, allow_null=True, help_text="Deadlines fall at this time of day."
        )
        time_zone = TimeZoneField(default="UTC")
        days_off = serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=6),
            default=list,
            max_length=7,
            help_text="Weekdays without deadlines (0 is Monday).",
        )
        nmr_policy = serializers.ChoiceField(
            choices=Game.NmrPolicy.choices, default=Game.NmrPolicy.IMMEDIATE
        )
        exclude_after = serializers.IntegerField(
            min_value=1, max_value=100, required=False, allow_null=True
        )
        min_reliability = serializers.IntegerField(min_value=0, max_value=100, default=0)
        duel = serializers.BooleanField(
            default=False, help_text="A twin-board duel, where the variant has one."
        )
        press = serializers.ChoiceField(choices=Game.Press.choices, default=Game.Press.FULL)
        vacation_handling = serializers.ChoiceField(
            choices=Game.VacationHandling.choices, default=Game.VacationHandling.EXTEND
        )
        reminder_hours = serializers.IntegerField(
            min_value=0,
            max_value=REMINDER_HOURS_MAX,
            default=6,
            help_text="Hours before a deadline to remind players (0: none); players may "
            "choose their own.",
        )
        extensions_per_player = serializers.IntegerField(min_value=0, max_value=30, default=1)
        extensions_per_game = serializers.IntegerField(min_value=0, max_value=30, default=3)
        bots = serializers.BooleanField(
            default=False,
            help_text="A practice game: the site's own bots take every other seat at once "
            "and the site plays them (in the variants its bots play; not a duel).",
        )
        bot_levels = serializers.DictField(
            child=serializers.ChoiceField(choices=Seat.BotLevel.choices),
            required=False,
            help_text="With bots: the level the bot of each power plays at, by power "
            "(standard, the default; or strong: it searches its moves, in the variants "
            "whose bots search). A level for the power you end up with is not used.",
        )

    @extend_schema(
        operation_id="games_list",
        summary="List games as the lobby does, newest first, a page at a time",
        parameters=[GameFilterSerializer],
        responses={200: GameListSerializer, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        query = self.GameFilterSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        games, paging = page_of(
            selectors.games_for_lobby(
                user=request.user,
                status=query.validated_data["status"],
                variant=query.validated_data.get("variant"),
            ),
            request,
            self,
        )
        return Response(GameListSerializer({"games": games, **paging}).data)

    @extend_schema(
        operation_id="games_create",
        summary="Create a game (you take a seat in it)",
        request=GameCreateSerializer,
        responses={201: CreatedGameSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request) -> Response:
        data = self.GameCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data

        game = services.game_create(
            created_by=request.user,
            name=d["name"],
            power=d.get("power"),
            pseudonym=d.get("pseudonym"),
            terms=GameTerms(
                variant_id=d["variant"],
                options=d["options"],
                private=d["private"],
                anonymous=d["anonymous"],
                assignment=d["assignment"],
                start_when_full=d["start_when_full"],
                movement_deadline=timedelta(minutes=d["movement_minutes"]),
                retreat_deadline=timedelta(minutes=d["retreat_minutes"]),
                adjustment_deadline=timedelta(minutes=d["adjustment_minutes"]),
                setup_deadline=timedelta(minutes=d["setup_minutes"]),
                deadline_time=d.get("deadline_time"),
                time_zone=d["time_zone"],
                days_off=d["days_off"],
                nmr_policy=d["nmr_policy"],
                exclude_after=d.get("exclude_after"),
                min_reliability=d["min_reliability"],
                duel=d["duel"],
                press=d["press"],
                vacation_handling=d["vacation_handling"],
                reminder_hours=d["reminder_hours"],
                extensions_per_player=d["extensions_per_player"],
                extensions_per_game=d["extensions_per_game"],
            ),
            bots=d["bots"],
            bot_levels=d.get("bot_levels"),
        )
        return Response(CreatedGameSerializer(game).data, status=status.HTTP_201_CREATED)


class GameStateApi(ApiView):
    class StateQuerySerializer(QuerySerializer):
        phase = IndexField(required=False, help_text="A phase's index.")
        legal = serializers.ChoiceField(
            choices=["full", "compact"],
            required=False,
            default="full",
            help_text="How your legal orders come: every order listed (full, in me.legal) or "
            "the adjudicator's compact form (in me.legal_compact: each unit's moves, who "
            "could hold or move into each province, what each chain of fleets could carry; "
            "expand it as adjudicator.legal.expand_legal does).",
        )
        words = serializers.BooleanField(
            required=False,
            default=False,
            help_text="Each result also in words, in your language (results[].words), as "
            "the game page's replay shows them.",
        )

    @extend_schema(
        operation_id="games_state",
        summary="The board of a phase (the current one by default), as you may see it",
        parameters=[StateQuerySerializer],
        responses={200: StateSerializer, **READ_ERRORS, **BOARD_ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        query = self.StateQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        try:
            state = selectors.game_state(
                user=request.user,
                game=game,
                index=query.validated_data.get("phase"),
                compact_legal=query.validated_data["legal"] == "compact",
            )
        except GamePhase.DoesNotExist:
            raise exceptions.NotFound(_("No such phase.")) from None
        phase = state["phase"]
        if query.validated_data["words"] and phase and phase.get("results"):
            map_id = find_variant(game.variant).map_id
            # Seats named as on the game's pages (pseudonyms, where the variant has them).
            with wording.seat_names(visibility.seat_names(game=game)):
                phase["results"] = [
                    {**r, "words": wording.result_in_words(r, map_id)} for r in phase["results"]
                ]
        return Response(StateSerializer(state).data)


class GameJoinApi(ApiView):
    # The site seats its own bots itself, in practice games only.
    permission_classes = [IsAuthenticated, NotAHouseBot]

    class JoinSerializer(BodySerializer):
        power = serializers.CharField(max_length=40, required=False)
        invite_code = serializers.CharField(
            max_length=32, required=False, help_text="Needed for a private game."
        )
        pseudonym = serializers.CharField(
            max_length=30,
            required=False,
            help_text="The name you play under, where the variant plays under pseudonyms "
            "(as the variant's rules say): needed there, unique in the game, not your user "
            "name.",
        )

    @extend_schema(
        operation_id="games_join",
        summary="Take a seat in a forming game",
        request=JoinSerializer,
        responses={200: GameStatusSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = self.JoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        code = data.validated_data.get("invite_code")
        game = Game.objects.filter(pk=game_id).first() if 0 < game_id <= MAX_ID else None
        # A private game admits it exists only to those who see it or hold its invite.
        if game is None or not (
            visibility.can_view_game(user=request.user, game=game) or code == game.invite_code
        ):
            raise exceptions.NotFound(_("No such game."))
        services.game_join(
            game=game,
            user=request.user,
            power=data.validated_data.get("power"),
            invite_code=code,
            pseudonym=data.validated_data.get("pseudonym"),
        )
        game.refresh_from_db()
        return Response(GameStatusSerializer(game).data)


class GameLeaveApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_leave",
        summary="Give up your seat before the game starts",
        request=None,
        responses={200: GameStatusSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        services.game_leave(game=game, user=request.user)
        game.refresh_from_db()
        return Response(GameStatusSerializer(game).data)


class GameStartApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_start",
        summary="Start a full game (its creator only)",
        request=None,
        responses={200: GameStatusSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        game = services.game_start(game=game, by=request.user)
        return Response(GameStatusSerializer(game).data)


class GameFillWithBotsApi(ApiView):
    # The site seats its own bots; its bots ask for none.
    permission_classes = [IsAuthenticated, NotAHouseBot]

    @extend_schema(
        operation_id="games_fill_with_bots",
        summary="Have the site's own bots take every open seat of your forming game, which "
        "then starts (its creator only)",
        description="Each open seat gets one of the site's bots at the standard level (under "
        "a pseudonym of its own where the variant plays under pseudonyms), and the game "
        "starts at once, as a full game does; its players are told as usual. Anyone but the "
        "game's creator is refused (403). Refused (400) for a game that has started or is "
        "over, has no open seat or nobody seated, is a board of a twin-board duel, or whose "
        "variant the bots do not play (as a practice game is, `bots` of games_create).",
        request=None,
        responses={200: GameStatusSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        if not visibility.can_fill_with_bots(user=request.user, game=game):
            raise exceptions.PermissionDenied(
                _("Only the game's creator can fill its open seats with bots.")
            )
        game = services.game_fill_with_bots(game=game, user=request.user)
        return Response(GameStatusSerializer(game).data)


class OrdersApi(ApiView):
    permission_classes = [IsAuthenticated]

    class OrdersInputSerializer(BodySerializer):
        orders = serializers.ListField(
            child=serializers.CharField(max_length=200, allow_blank=True), max_length=100
        )
        phase = phase_named("you order for")
        power = serializers.CharField(
            required=False,
            max_length=40,
            help_text="Whose orders these are: a power whose orders your seat gives now (see "
            "`gives`); your own power's if left out. Refused (400) for any other.",
        )

    @extend_schema(
        operation_id="orders_mine",
        summary="Your orders in the current phase, and the legal orders for your units",
        responses={200: MyOrdersSerializer, **READ_ERRORS, **BOARD_ERRORS},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        # The seat's own view alone: not the game, its seats, moderation or the board.
        me = selectors.my_view(game=game, phase=selectors.current_phase(game), viewer=request.user)
        if me is None:
            raise exceptions.PermissionDenied(_("You have no orders to give here."))
        return Response(MyOrdersSerializer(as_dict(me)).data)

    @extend_schema(
        operation_id="orders_replace",
        summary="Submit your orders, replacing those saved (clears your ready mark)",
        request=OrdersInputSerializer,
        responses={200: OrdersResultSerializer, **PHASE_WRITE_ERRORS},
    )
    def put(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        data = self.OrdersInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        order_set = services.orders_submit(
            game=game,
            user=request.user,
            orders=data.validated_data["orders"],
            phase=data.validated_data["phase"],
            power=data.validated_data.get("power") or None,
        )
        return Response(OrdersResultSerializer(order_set).data)


class OrderCheckApi(ApiView):
    """One order checked against the open phase as the adjudicator reads it, the way the
    game page checks what a player types. Nothing is saved."""

    permission_classes = [IsAuthenticated]

    @property
    def throttle_scope(self) -> str:
        # A check saves nothing: it counts against the read budget, not the write one.
        return "api_read"

    @extend_schema(
        operation_id="orders_check",
        summary="Check one order, without saving it: is it readable and legal now?",
        description="A player without a seat is refused (403). A seated player who has "
        "no open phase to order in (the game is forming, or over) is answered `ok: false` "
        "with why.",
        request=OrderCheckSerializer,
        responses={200: OrderCheckResultSerializer, **WRITE_ERRORS, **BOARD_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        data = OrderCheckSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        answer = services.order_check(
            game=game,
            user=request.user,
            text=data.validated_data["order"],
            power=data.validated_data.get("power") or None,
        )
        return Response(OrderCheckResultSerializer(answer).data)


class ReadyApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="orders_ready",
        summary="Mark yourself ready (or not); when all are ready the phase is adjudicated",
        request=ReadyInputSerializer,
        responses={200: ReadySerializer, **PHASE_WRITE_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        data = ReadyInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        order_set = services.orders_ready(
            game=game,
            user=request.user,
            ready=data.validated_data["ready"],
            phase=data.validated_data["phase"],
        )
        return Response(ReadySerializer(order_set).data)


class DrawVoteApi(ApiView):
    permission_classes = [IsAuthenticated]

    class DrawVoteSerializer(BodySerializer):
        accept = serializers.BooleanField()
        phase = phase_named("you vote in (a vote lapses when its phase ends)")

    @extend_schema(
        operation_id="draw_vote",
        summary="Vote for or against a draw in this phase (votes are secret)",
        request=DrawVoteSerializer,
        responses={200: DrawResultSerializer, **PHASE_WRITE_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        data = self.DrawVoteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        accept = data.validated_data["accept"]
        ended = services.draw_vote(
            game=game, user=request.user, accept=accept, phase=data.validated_data["phase"]
        )
        return Response(DrawResultSerializer({"accept": accept, "game_drawn": ended}).data)


class VotesApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="vote_cast",
        summary="Vote in this phase: a draw, a concession, cancelling, a pause, its end "
        "(votes are secret until decided, and lapse when the phase ends)",
        request=VoteSerializer,
        responses={200: VoteResultSerializer, **PHASE_WRITE_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = game_for(request, game_id)
        data = VoteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        kind, accept = data.validated_data["kind"], data.validated_data["accept"]
        decided = services.vote_cast(
            game=game,
            user=request.user,
            kind=kind,
            accept=accept,
            phase=data.validated_data["phase"],
        )
        return Response(
            VoteResultSerializer({"kind": kind, "accept": accept, "decided": decided}).data
        )


# -- press ----------------------------------------------------------------------------------


urlpatterns = [
    path("games/", GamesApi.as_view(), name="games"),
    path("games/<int:game_id>/", GameStateApi.as_view(), name="state"),
    path("games/<int:game_id>/join/", GameJoinApi.as_view(), name="join"),
    path("games/<int:game_id>/leave/", GameLeaveApi.as_view(), name="leave"),
    path("games/<int:game_id>/start/", GameStartApi.as_view(), name="start"),
    path(
        "games/<int:game_id>/fill-with-bots/", GameFillWithBotsApi.as_view(), name="fill-with-bots"
    ),
    path("games/<int:game_id>/orders/", OrdersApi.as_view(), name="orders"),
    path("games/<int:game_id>/orders/check/", OrderCheckApi.as_view(), name="orders-check"),
    path("games/<int:game_id>/ready/", ReadyApi.as_view(), name="ready"),
    path("games/<int:game_id>/draw/", DrawVoteApi.as_view(), name="draw"),
    path("games/<int:game_id>/votes/", VotesApi.as_view(), name="votes"),
]
