"""Tournaments by API (``/api/v1/tournaments/``): the list, a tournament, its entrants, the
knock-out bracket, the group tables, the rounds of boards and the standings to read; to
enter, withdraw and check in, as the tournament's page does.

Who sees what is tournaments.visibility's, as for the pages: a private tournament exists
only for its entrants, its organisers and the site's moderators (the same 404 for anyone
else as for a tournament that does not exist); entering one needs its invite code. The
figures are tournaments.selectors', the pages' own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.urls import path, reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import exceptions, serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.permissions import NotAHouseBot
from accounts.selectors import user_by_name
from core.api import (
    MAX_ID,
    READ_ERRORS,
    WRITE_ERRORS,
    ApiView,
    BodySerializer,
    IndexField,
    PageQuerySerializer,
    QuerySerializer,
)
from core.errors import ApplicationError
from tournaments import selectors, services, visibility
from tournaments.duels import fixed_setup
from tournaments.models import Board, BoardSeat, Entry, Match, Round, Tournament
from tournaments.wording import SCORING_NAMES


def tournament_for(
    request: Request, tournament_id: int, invite_code: str | None = None
) -> Tournament:
    """The tournament, if the caller may see it (``invite_code``, its invite, counts);
    otherwise the same 404 whether it exists or not."""
    found = (
        Tournament.objects.filter(pk=tournament_id).first() if 0 < tournament_id <= MAX_ID else None
    )
    if found is None or not visibility.can_view(
        user=request.user, tournament=found, invite_code=invite_code
    ):
        raise exceptions.NotFound(_("No such tournament."))
    return found


# -- what is read ----------------------------------------------------------------------------


class TournamentSummarySerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    format = serializers.ChoiceField(
        choices=Tournament.Format.choices,
        help_text="knockout (of duels), groups (then a knock-out) or rounds (of standard boards).",
    )
    status = serializers.ChoiceField(choices=Tournament.Status.choices)
    private = serializers.BooleanField()
    players = serializers.IntegerField(
        help_text="Entrants who play (neither withdrawn nor missing at the check-in)."
    )
    url = serializers.SerializerMethodField(help_text="Its page on the site.")

    def get_url(self, tournament: Tournament) -> str:
        return reverse("tournaments:detail", args=[tournament.pk])


class TournamentListSerializer(serializers.Serializer):  # type: ignore[type-arg]
    tournaments = TournamentSummarySerializer(many=True)
    count = serializers.IntegerField(help_text="How many there are in all, on every page.")


class MyEntrySerializer(serializers.Serializer):  # type: ignore[type-arg]
    status = serializers.ChoiceField(choices=Entry.Status.choices)
    seed = serializers.IntegerField(allow_null=True)


class RoundRefSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField(source="pk", help_text="As the organiser's actions name it.")
    kind = serializers.CharField(help_text="groups, knockout or boards.")
    number = serializers.IntegerField()
    status = serializers.CharField()


class TournamentSerializer(TournamentSummarySerializer):
    description = serializers.CharField(allow_blank=True)
    rules = serializers.CharField(source="rules_text", allow_blank=True)
    scoring = serializers.CharField(
        help_text="The system each board of a round is scored by (rounds of boards)."
    )
    scoring_name = serializers.SerializerMethodField()
    check_in_required = serializers.BooleanField()
    check_in_open = serializers.BooleanField()
    registration_closes = serializers.DateTimeField(allow_null=True)
    max_players = serializers.IntegerField(allow_null=True)
    rounds_planned = serializers.IntegerField()
    best_rounds = serializers.IntegerField(
        allow_null=True, help_text="The tournament score counts the best this many rounds."
    )
    last_year = serializers.IntegerField(
        allow_null=True, help_text="A round's games end by time after this year's winter."
    )
    sit_out_points = serializers.FloatField(
        allow_null=True, help_text="What a round sat out to make the boards whole scores."
    )
    players = serializers.SerializerMethodField(
        help_text="Entrants who play (neither withdrawn nor missing at the check-in)."
    )
    mine = serializers.SerializerMethodField(
        help_text="Your entry (null if you have none, or withdrew)."
    )
    may_enter = serializers.SerializerMethodField()
    may_check_in = serializers.SerializerMethodField()
    manages = serializers.SerializerMethodField(help_text="Whether you organise it.")
    rounds = serializers.SerializerMethodField(help_text="Its rounds so far.")

    def get_scoring_name(self, tournament: Tournament) -> str:
        return str(SCORING_NAMES.get(tournament.scoring, tournament.scoring))

    def _page(self) -> dict[str, Any]:
        page: dict[str, Any] = self.context["page"]
        return page

    @extend_schema_field(MyEntrySerializer(allow_null=True))
    def get_mine(self, tournament: Tournament) -> dict[str, Any] | None:
        mine = self._page()["mine"]
        return None if mine is None else {"status": mine.status, "seed": mine.seed}

    @extend_schema_field(RoundRefSerializer(many=True))
    def get_rounds(self, tournament: Tournament) -> list[dict[str, Any]]:
        return list(RoundRefSerializer(self._page()["rounds"], many=True).data)

    def get_players(self, tournament: Tournament) -> int:
        return int(self._page()["playing"])

    def get_may_enter(self, tournament: Tournament) -> bool:
        return bool(self._page()["may_enter"])

    def get_may_check_in(self, tournament: Tournament) -> bool:
        return bool(self._page()["may_check_in"])

    def get_manages(self, tournament: Tournament) -> bool:
        return bool(self._page()["manages"])


class EntrantSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField(
        source="pk", help_text="The entry, as the organiser's actions name it."
    )
    player = serializers.CharField(help_text="The player's user name.")
    status = serializers.ChoiceField(choices=Entry.Status.choices)
    status_name = serializers.CharField(help_text="The same, in words.")
    seed = serializers.IntegerField(allow_null=True, help_text="The draw's place; null before it.")
    group = serializers.CharField(allow_blank=True, help_text="A group stage's group, by name.")
    rating = serializers.IntegerField(help_text="The duel or board rating the draw seeds by.")


class EntrantListSerializer(serializers.Serializer):  # type: ignore[type-arg]
    entrants = EntrantSerializer(many=True)


class MatchSerializer(serializers.Serializer):  # type: ignore[type-arg]
    state = serializers.ChoiceField(
        choices=[(s, s) for s in ("unknown", "waiting", "playing", "decided")],
        help_text="unknown (its players are not known yet), waiting, playing (its duel is "
        "under way) or decided.",
    )
    id = serializers.IntegerField(
        source="pk", required=False, help_text="The match, as the organiser's actions name it."
    )
    name = serializers.CharField(required=False, help_text="The match, in words.")
    a = serializers.CharField(allow_blank=True, help_text="A player's user name; empty if unknown.")
    b = serializers.CharField(allow_blank=True)
    a_seed = serializers.IntegerField(required=False, allow_null=True)
    b_seed = serializers.IntegerField(required=False, allow_null=True)
    winner = serializers.CharField(allow_blank=True)
    decided = serializers.CharField(
        required=False, allow_blank=True, help_text="How it was decided, in words."
    )
    bye = serializers.BooleanField(required=False)
    playoff = serializers.BooleanField(required=False, help_text="A group's play-off duel.")
    stage = serializers.CharField(
        required=False, allow_blank=True, help_text="Where its duel stands, in words."
    )
    leader = serializers.CharField(
        required=False, allow_blank=True, help_text="Who leads its duel under way."
    )
    duel_url = serializers.CharField(
        required=False, allow_blank=True, help_text="Its duel's page on the site."
    )


class BracketColumnSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField(help_text="The round, in words (Quarter-finals, Final).")
    matches = MatchSerializer(many=True)
    third = MatchSerializer(required=False, help_text="The match for third place, if any.")


class BracketSerializer(serializers.Serializer):  # type: ignore[type-arg]
    columns = BracketColumnSerializer(
        many=True, help_text="First round first; empty before the draw."
    )
    places = serializers.ListField(
        child=serializers.DictField(),
        help_text="Once the final is decided: the places ({place, player}), best first.",
    )


class GroupRowSerializer(serializers.Serializer):  # type: ignore[type-arg]
    place = serializers.IntegerField()
    player = serializers.CharField()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    boards_won = serializers.IntegerField()
    centres = serializers.IntegerField()
    walkovers = serializers.IntegerField()
    placed_by = serializers.CharField(
        allow_blank=True, help_text="What placed the player where ties were broken, in words."
    )


class IfNowRowSerializer(serializers.Serializer):  # type: ignore[type-arg]
    place = serializers.IntegerField()
    player = serializers.CharField()
    wins = serializers.IntegerField()


class GroupSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField()
    through = serializers.IntegerField(help_text="How many of the group go through.")
    rows = GroupRowSerializer(many=True)
    if_now = IfNowRowSerializer(
        many=True, help_text="The table if every duel under way ended now, each to its leader."
    )
    matches = MatchSerializer(many=True)


class GroupListSerializer(serializers.Serializer):  # type: ignore[type-arg]
    groups = GroupSerializer(many=True)


class HeldBeforeSerializer(serializers.Serializer):  # type: ignore[type-arg]
    player = serializers.CharField()
    phase = serializers.CharField(help_text="The phase from which the next player held it.")


class BoardSeatSerializer(serializers.Serializer):  # type: ignore[type-arg]
    power = serializers.CharField()
    player = serializers.CharField()
    replaced = HeldBeforeSerializer(
        many=True, help_text="Who held the seat before, on this board, first first."
    )
    centres = serializers.IntegerField(allow_null=True)
    score = serializers.FloatField(allow_null=True, help_text="As it counts.")
    score_reason = serializers.CharField(
        allow_blank=True, help_text="Why the organiser set the score by hand (empty: he did not)."
    )
    system_score = serializers.FloatField(
        allow_null=True, help_text="What the system gave, where the organiser set the score."
    )


class BoardSerializer(serializers.Serializer):  # type: ignore[type-arg]
    number = serializers.IntegerField()
    top = serializers.BooleanField(help_text="The top board of the last round.")
    game = serializers.SerializerMethodField(help_text="Its game's id (see /api/v1/games/).")
    scored = serializers.BooleanField()
    result = serializers.CharField(
        allow_blank=True, help_text="How it ended, or the result it is scored by, in words."
    )
    ruled = serializers.CharField(
        allow_blank=True,
        help_text="Why the organiser ruled the result it is scored by (empty: as played).",
    )
    played = serializers.CharField(
        allow_blank=True, help_text="How its game ended, where the organiser ruled otherwise."
    )
    phase = serializers.CharField(allow_blank=True, help_text="Its open phase, in words.")
    seats = BoardSeatSerializer(many=True)

    def get_game(self, board: dict[str, Any]) -> int | None:
        game = board["game"]
        return None if game is None else int(game.pk)


class RoundSerializer(serializers.Serializer):  # type: ignore[type-arg]
    number = serializers.IntegerField()
    status = serializers.CharField(help_text="In words.")
    scoring = serializers.CharField(allow_blank=True, help_text="Its system, in words.")
    last_year = serializers.IntegerField(allow_null=True)
    boards = BoardSerializer(many=True)
    sitting_out = serializers.ListField(child=serializers.CharField())
    sit_out_points = serializers.FloatField(
        allow_null=True, help_text="What sitting this round out scored (null: nothing)."
    )


class RoundListSerializer(serializers.Serializer):  # type: ignore[type-arg]
    rounds = RoundSerializer(many=True)


class StandingSerializer(serializers.Serializer):  # type: ignore[type-arg]
    place = serializers.IntegerField(
        help_text="Equal totals are ordered by the best round's score, then the second "
        "best and so on; players level all the way share the place."
    )
    player = serializers.CharField()
    rounds = serializers.ListField(
        child=serializers.FloatField(allow_null=True),
        help_text="Each round's score as its system gave it; null where not played.",
    )
    points = serializers.ListField(
        child=serializers.FloatField(allow_null=True),
        help_text="What each round counts for in the total (the same as rounds when rounds "
        "are summed raw; rank points or scaled scores otherwise).",
    )
    total = serializers.FloatField()
    replaced_by = serializers.CharField(allow_blank=True)


class StandingListSerializer(serializers.Serializer):  # type: ignore[type-arg]
    standings = StandingSerializer(many=True)


# -- the views ----------------------------------------------------------------------------------


class TournamentsApi(ApiView):
    class ListQuerySerializer(PageQuerySerializer):
        status = serializers.ChoiceField(choices=Tournament.Status.choices, required=False)

    @extend_schema(
        operation_id="tournaments_list",
        summary="The tournaments you may see, newest first: every public one, and the "
        "private ones you organise or entered",
        parameters=[ListQuerySerializer],
        responses={200: TournamentListSerializer, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        query = self.ListQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        listed = selectors.tournaments_listed(user=request.user)
        if "status" in query.validated_data:
            listed = listed.filter(status=query.validated_data["status"])
        start = query.validated_data["offset"]
        page = list(listed[start : start + query.validated_data["limit"]])
        return Response(
            TournamentListSerializer({"tournaments": page, "count": listed.count()}).data
        )


class TournamentApi(ApiView):
    @extend_schema(
        operation_id="tournaments_read",
        summary="A tournament: its settings, and your entry and what you may do",
        responses={200: TournamentSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_for(request, tournament_id)
        page = selectors.tournament_page(tournament=tournament, user=request.user)
        return Response(TournamentSerializer(tournament, context={"page": page}).data)


class EntrantsApi(ApiView):
    @extend_schema(
        operation_id="tournaments_entrants",
        summary="Who entered, with status, seed, group and rating; seed order once drawn",
        responses={200: EntrantListSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_for(request, tournament_id)
        return Response(EntrantListSerializer({"entrants": selectors.entrants(tournament)}).data)


class BracketApi(ApiView):
    @extend_schema(
        operation_id="tournaments_bracket",
        summary="The knock-out bracket, first round first, and the final places once decided",
        responses={200: BracketSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_for(request, tournament_id)
        return Response(
            BracketSerializer(
                {
                    "columns": selectors.bracket_columns(tournament),
                    "places": selectors.final_places(tournament),
                }
            ).data
        )


class GroupsApi(ApiView):
    @extend_schema(
        operation_id="tournaments_groups",
        summary="The group stage's tables as they stand, and if every duel ended now",
        responses={200: GroupListSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_for(request, tournament_id)
        return Response(GroupListSerializer({"groups": selectors.group_tables(tournament)}).data)


class RoundsApi(ApiView):
    @extend_schema(
        operation_id="tournaments_rounds",
        summary="The rounds of standard boards: each board's players, powers, centres and "
        "scores, and who sat out",
        responses={200: RoundListSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_for(request, tournament_id)
        return Response(
            RoundListSerializer({"rounds": selectors.rounds_of_boards(tournament)}).data
        )


class StandingsApi(ApiView):
    class StandingsQuerySerializer(QuerySerializer):
        if_now = serializers.BooleanField(
            required=False,
            default=False,
            help_text="Each board still played scored as if it ended now (a draw of its "
            "survivors).",
        )

    @extend_schema(
        operation_id="tournaments_standings",
        summary="The standings over the rounds of boards, best first",
        parameters=[StandingsQuerySerializer],
        responses={200: StandingListSerializer, **READ_ERRORS},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_for(request, tournament_id)
        query = self.StandingsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        rows = (
            selectors.round_standings(tournament, if_now=query.validated_data["if_now"])
            if tournament.format == Tournament.Format.ROUNDS
            else []
        )
        return Response(StandingListSerializer({"standings": rows}).data)


# -- what an entrant does -------------------------------------------------------------------------


class EntryRequestSerializer(BodySerializer):
    invite_code = serializers.CharField(
        max_length=32, required=False, help_text="Needed for a private tournament."
    )


class EntryApi(ApiView):
    # The site's own bots enter nothing (accounts.permissions).
    permission_classes = [IsAuthenticated, NotAHouseBot]

    @extend_schema(
        operation_id="tournaments_enter",
        summary="Enter the tournament (while registration is open)",
        request=EntryRequestSerializer,
        responses={200: MyEntrySerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = EntryRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        code = data.validated_data.get("invite_code")
        tournament = tournament_for(request, tournament_id, invite_code=code)
        entry = services.entry_register(tournament=tournament, user=request.user, invite_code=code)
        return Response(MyEntrySerializer(entry).data)

    @extend_schema(
        operation_id="tournaments_withdraw",
        summary="Withdraw your entry",
        request=None,
        responses={200: MyEntrySerializer, **WRITE_ERRORS},
    )
    def delete(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_for(request, tournament_id)
        entry = services.entry_withdraw(tournament=tournament, user=request.user)
        return Response(MyEntrySerializer(entry).data)


class CheckInApi(ApiView):
    permission_classes = [IsAuthenticated, NotAHouseBot]

    @extend_schema(
        operation_id="tournaments_check_in",
        summary="Say you are present for the draw (while the organiser has the check-in open)",
        request=None,
        responses={200: MyEntrySerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = tournament_for(request, tournament_id)
        entry = services.entry_check_in(tournament=tournament, user=request.user)
        return Response(MyEntrySerializer(entry).data)


# -- what an organiser does ------------------------------------------------------------------------


class ReasonSerializer(BodySerializer):
    reason = serializers.CharField(
        max_length=500,
        required=False,
        default="",
        help_text="Why, in the organisers' log the players read (required where the page "
        "requires it: a refusal says so).",
    )


class EntryNamedSerializer(ReasonSerializer):
    entry = IndexField(help_text="An entry's id (entrants[].id).")


class PresenceSerializer(EntryNamedSerializer):
    present = serializers.BooleanField()


class AwaySerializer(EntryNamedSerializer):
    away = serializers.BooleanField(help_text="Sits out the rounds to come (false: back).")


class SeedsSerializer(BodySerializer):
    order = serializers.ListField(
        child=IndexField(), min_length=1, help_text="Entry ids, the first seed first."
    )


class MatchNamedSerializer(ReasonSerializer):
    match = IndexField(help_text="A match's id (the bracket's or the groups' matches[].id).")


class WalkoverSerializer(MatchNamedSerializer):
    winner = IndexField(help_text="The entry given the match.")


class ForfeitSerializer(MatchNamedSerializer):
    loser = IndexField(help_text="The entry that gives the match up.")


class ReplaceSerializer(EntryNamedSerializer):
    username = serializers.CharField(max_length=150, help_text="The member who takes the place.")


class RoundNamedSerializer(ReasonSerializer):
    round = IndexField(help_text="A round's id (rounds[].id of the tournament).")


class PauseSerializer(RoundNamedSerializer):
    hours = IndexField(
        min_value=1, max_value=336, default=72, help_text="At most this long (1 to 336)."
    )


class OrganiserSerializer(BodySerializer):
    username = serializers.CharField(max_length=150, help_text="A member with the organiser role.")


class RoundStartSerializer(BodySerializer):
    scoring = serializers.ChoiceField(
        choices=sorted(SCORING_NAMES), required=False, help_text="This round's system."
    )
    combine = serializers.ChoiceField(
        choices=Tournament.Combine.choices, required=False, help_text="How the rounds add up."
    )
    last_year = IndexField(
        min_value=1901, max_value=2100, required=False, help_text="Its games end after it."
    )
    movement_hours = serializers.FloatField(
        min_value=1 / 60, max_value=336, required=False, help_text="Its movement deadline."
    )


class RoundSetupSerializer(ReasonSerializer):
    kind = serializers.ChoiceField(
        choices=[Round.Kind.GROUPS.value, Round.Kind.KNOCKOUT.value],
        help_text="groups: the group stage's duels; knockout: a knock-out round's.",
    )
    number = IndexField(
        max_value=32, help_text="The knock-out round (1 is the first); 0 for the group stage."
    )
    red = serializers.ListField(
        child=serializers.CharField(max_length=20),
        max_length=34,
        required=False,
        default=list,
        help_text='Red\'s units, one per center ("A par", "F stp/sc"); none for either '
        "colour: the players nominate (rule 3B).",
    )
    blue = serializers.ListField(
        child=serializers.CharField(max_length=20), max_length=34, required=False, default=list
    )
    movement_hours = serializers.FloatField(
        min_value=1 / 60,
        max_value=336,
        required=False,
        help_text="The round's movement deadline; absent: the tournament's.",
    )
    third_place_hours = serializers.FloatField(
        min_value=1 / 60,
        max_value=336,
        required=False,
        help_text="The final round's match for third place's; absent: the tournament's.",
    )


def _hours(data: dict[str, Any], name: str) -> timedelta | None:
    return timedelta(hours=data[name]) if data.get(name) is not None else None


class BoardCallSerializer(ReasonSerializer):
    game = IndexField(help_text="The board's game id (rounds[].boards[].game).")
    end = serializers.ChoiceField(
        choices=[("time", "time"), ("draw", "draw"), ("some", "some")],
        help_text="time: no draw, ranked by centres; draw: every survivor; some: a draw of "
        "the powers given alone.",
    )
    powers = serializers.ListField(
        child=serializers.CharField(max_length=40), required=False, default=list
    )


class AnnounceSerializer(BodySerializer):
    message = serializers.CharField(
        max_length=1500, help_text="Sent to every entrant as tournament news, and kept."
    )


class BoardResultSerializer(ReasonSerializer):
    game = IndexField(help_text="The board's game id (rounds[].boards[].game), ended.")
    outcome = serializers.ChoiceField(
        choices=[("", "as played"), ("solo", "solo"), ("draw", "draw"), ("time", "time")],
        allow_blank=True,
        help_text="The result it is scored by: a solo of the one power given, a draw of the "
        "powers given (none: every survivor), by time; empty: as its game ended.",
    )
    powers = serializers.ListField(
        child=serializers.CharField(max_length=40), required=False, default=list
    )


class SeatScoreSerializer(ReasonSerializer):
    game = IndexField(help_text="The board's game id (rounds[].boards[].game), ended.")
    power = serializers.CharField(max_length=40, help_text="The seat's power.")
    score = serializers.FloatField(
        allow_null=True,
        help_text="As it counts (a top board's multiplier not applied "
        "again); null: the system's again.",
    )


class PlayoffDecideSerializer(ReasonSerializer):
    group = IndexField(help_text="The group (0 is A).")
    order = serializers.ListField(
        child=IndexField(), min_length=2, help_text="The tied entries' ids, the first first."
    )


def _entry(tournament: Tournament, pk: int) -> Entry:
    found = tournament.entries.filter(pk=pk).first()
    if found is None:
        raise ApplicationError(_("No such entry in this tournament."))
    return found


def _match(tournament: Tournament, pk: int) -> Match:
    found = tournament.matches.filter(pk=pk).first()
    if found is None:
        raise ApplicationError(_("No such match in this tournament."))
    return found


def _round(tournament: Tournament, pk: int) -> Round:
    found = tournament.rounds.filter(pk=pk).first()
    if found is None:
        raise ApplicationError(_("No such round in this tournament."))
    return found


def _member(name: str) -> Any:
    user = user_by_name(name=name.strip())
    if user is None:
        raise ApplicationError(_("No member is called %(name)s.") % {"name": name.strip()})
    return user


def _board(tournament: Tournament, game: int) -> Board:
    found: Board | None = Board.objects.filter(round__tournament=tournament, game_id=game).first()
    if found is None:
        raise ApplicationError(_("No board of this tournament."))
    return found


def _seat(tournament: Tournament, game: int, power: str) -> BoardSeat:
    found: BoardSeat | None = BoardSeat.objects.filter(
        board__round__tournament=tournament, board__game_id=game, power=power
    ).first()
    if found is None:
        raise ApplicationError(_("No such seat in this tournament."))
    return found


#: Each organiser's action: its address, summary, body, and the service call.
Act = Callable[[Tournament, Any, dict[str, Any]], object]
ORGANISER_ACTIONS: dict[str, tuple[str, type[BodySerializer], Act]] = {
    "check-in-open": (
        "Open the check-in",
        BodySerializer,
        lambda t, by, d: services.check_in_open(tournament=t, by=by),
    ),
    "presence": (
        "Mark an entrant present or absent for the draw",
        PresenceSerializer,
        lambda t, by, d: services.entry_presence(
            tournament=t,
            by=by,
            entry=_entry(t, d["entry"]),
            present=d["present"],
            reason=d["reason"],
        ),
    ),
    "seeds": (
        "Keep the seeds given by hand",
        SeedsSerializer,
        lambda t, by, d: services.hand_seeds_set(
            tournament=t, by=by, order=[_entry(t, pk).pk for pk in d["order"]]
        ),
    ),
    "draw": (
        "Make the draw and start the first round",
        BodySerializer,
        lambda t, by, d: services.tournament_draw(tournament=t, by=by),
    ),
    "walkover": (
        "Give a match to a player without play",
        WalkoverSerializer,
        lambda t, by, d: services.match_walkover(
            tournament=t,
            by=by,
            match=_match(t, d["match"]),
            winner=_entry(t, d["winner"]),
            reason=d["reason"],
        ),
    ),
    "forfeit": (
        "A player gives a match up",
        ForfeitSerializer,
        lambda t, by, d: services.match_forfeit(
            tournament=t,
            by=by,
            match=_match(t, d["match"]),
            loser=_entry(t, d["loser"]),
            reason=d["reason"],
        ),
    ),
    "replace": (
        "Replace a player by a member (on the boards under way too)",
        ReplaceSerializer,
        lambda t, by, d: services.entry_replace(
            tournament=t,
            by=by,
            entry=_entry(t, d["entry"]),
            user=_member(d["username"]),
            reason=d["reason"],
        ),
    ),
    "pause": (
        "Pause a round: every board's clock stops",
        PauseSerializer,
        lambda t, by, d: services.round_pause(
            tournament=t,
            by=by,
            round=_round(t, d["round"]),
            reason=d["reason"],
            duration=timedelta(hours=d["hours"]),
        ),
    ),
    "resume": (
        "Resume a paused round",
        RoundNamedSerializer,
        lambda t, by, d: services.round_resume(
            tournament=t, by=by, round=_round(t, d["round"]), reason=d["reason"]
        ),
    ),
    "organiser": (
        "Add an organiser",
        OrganiserSerializer,
        lambda t, by, d: services.organiser_add(tournament=t, by=by, user=_member(d["username"])),
    ),
    "round-start": (
        "Seat and start the next round of boards",
        RoundStartSerializer,
        lambda t, by, d: services.round_start(
            tournament=t,
            by=by,
            scoring_system=d.get("scoring", ""),
            combine=d.get("combine", ""),
            last_year=d.get("last_year"),
            movement_deadline=timedelta(hours=d["movement_hours"])
            if "movement_hours" in d
            else None,
        ),
    ),
    "round-setup": (
        "Fix the set-up a round's duels start from (rule 3B), and its deadlines",
        RoundSetupSerializer,
        lambda t, by, d: services.round_setup_fix(
            tournament=t,
            by=by,
            kind=d["kind"],
            number=d["number"],
            setup=fixed_setup({"red": d["red"], "blue": d["blue"]}),
            reason=d["reason"],
            movement_deadline=_hours(d, "movement_hours"),
            third_place_movement_deadline=_hours(d, "third_place_hours"),
        ),
    ),
    "duel-retry": (
        "Start a match's duel again after the games refused it",
        MatchNamedSerializer,
        lambda t, by, d: services.duel_retry(tournament=t, by=by, match=_match(t, d["match"])),
    ),
    "away": (
        "Mark a player away from the rounds to come, or back",
        AwaySerializer,
        lambda t, by, d: services.entry_away(
            tournament=t, by=by, entry=_entry(t, d["entry"]), away=d["away"], reason=d["reason"]
        ),
    ),
    "board-call": (
        "Call a board where it stands: by time, a draw of every survivor, or of some",
        BoardCallSerializer,
        lambda t, by, d: services.board_call(
            tournament=t,
            by=by,
            board=_board(t, d["game"]),
            end=d["end"],
            draw=d["powers"],
            reason=d["reason"],
        ),
    ),
    "announce": (
        "Send an announcement to every entrant",
        AnnounceSerializer,
        lambda t, by, d: services.tournament_announce(tournament=t, by=by, message=d["message"]),
    ),
    "board-result": (
        "Rule the result an ended board is scored by, and score it again",
        BoardResultSerializer,
        lambda t, by, d: services.board_result_rule(
            tournament=t,
            by=by,
            board=_board(t, d["game"]),
            outcome=d["outcome"],
            powers=d["powers"],
            reason=d["reason"],
        ),
    ),
    "seat-score": (
        "Set a seat's score on an ended board by hand, or give it back to the system",
        SeatScoreSerializer,
        lambda t, by, d: services.seat_score_set(
            tournament=t,
            by=by,
            seat=_seat(t, d["game"], d["power"]),
            score=d["score"],
            reason=d["reason"],
        ),
    ),
    "playoff-decide": (
        "Decide the order of players a play-off left level again",
        PlayoffDecideSerializer,
        lambda t, by, d: services.playoff_decide(
            tournament=t,
            by=by,
            group=d["group"],
            order=[_entry(t, pk) for pk in d["order"]],
            reason=d["reason"],
        ),
    ),
}


def _organiser_action(action: str) -> type[ApiView]:
    """The view of one organiser's action: the caller must organise the tournament (403
    otherwise; 404 where he may not see it at all), the body its serializer's, the answer
    the tournament as it stands after it."""
    summary, body, act = ORGANISER_ACTIONS[action]

    class OrganiserActionApi(ApiView):
        permission_classes = [IsAuthenticated, NotAHouseBot]

        @extend_schema(
            operation_id=f"tournaments_organise_{action.replace('-', '_')}",
            summary=summary + " (the tournament's organisers)",
            request=None if body is BodySerializer else body,
            responses={200: TournamentSerializer, **WRITE_ERRORS},
        )
        def post(self, request: Request, tournament_id: int) -> Response:
            tournament = tournament_for(request, tournament_id)
            if not visibility.can_manage(user=request.user, tournament=tournament):
                raise exceptions.PermissionDenied(
                    _("Only an organiser of this tournament may do that.")
                )
            data = body(data=request.data)
            data.is_valid(raise_exception=True)
            act(tournament, request.user, dict(data.validated_data))
            tournament.refresh_from_db()
            page = selectors.tournament_page(tournament=tournament, user=request.user)
            return Response(TournamentSerializer(tournament, context={"page": page}).data)

    OrganiserActionApi.__name__ = f"Organise{action.title().replace('-', '')}Api"
    return OrganiserActionApi


urlpatterns = [
    path("tournaments/", TournamentsApi.as_view(), name="tournaments"),
    path("tournaments/<int:tournament_id>/", TournamentApi.as_view(), name="tournament"),
    path(
        "tournaments/<int:tournament_id>/entrants/",
        EntrantsApi.as_view(),
        name="tournament-entrants",
    ),
    path(
        "tournaments/<int:tournament_id>/bracket/",
        BracketApi.as_view(),
        name="tournament-bracket",
    ),
    path("tournaments/<int:tournament_id>/groups/", GroupsApi.as_view(), name="tournament-groups"),
    path("tournaments/<int:tournament_id>/rounds/", RoundsApi.as_view(), name="tournament-rounds"),
    path(
        "tournaments/<int:tournament_id>/standings/",
        StandingsApi.as_view(),
        name="tournament-standings",
    ),
    path("tournaments/<int:tournament_id>/entry/", EntryApi.as_view(), name="tournament-entry"),
    path(
        "tournaments/<int:tournament_id>/check-in/",
        CheckInApi.as_view(),
        name="tournament-check-in",
    ),
    *(
        path(
            f"tournaments/<int:tournament_id>/organise/{action}/",
            _organiser_action(action).as_view(),
            name=f"tournament-organise-{action}",
        )
        for action in ORGANISER_ACTIONS
    ),
]
