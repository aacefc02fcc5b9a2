"""The organiser's dashboard of a tournament and its verbs: the roll call, seeds by hand,
each round's set-up, the draw, walkovers and forfeits, replacements, pauses, more
organisers. Each verb checks its input, calls one service and comes back here; the
services refuse anyone who does not organise the tournament, and the page itself is
shown to its organisers alone."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.selectors import name_shown, user_by_name
from core.errors import ApplicationError
from core.inputs import whole_number
from tournaments import selectors, services, visibility, wdd
from tournaments.forms import SetupForm
from tournaments.models import Board, BoardSeat, Entry, Match, Round, Tournament
from tournaments.selectors import knockout_round_count
from tournaments.web.tournaments import act, viewable
from tournaments.wording import SCORING_NAMES, board_result, knockout_round_name


def _managed(request: HttpRequest, tournament_id: int) -> Tournament:
    tournament = viewable(request, tournament_id)
    if not visibility.can_manage(user=request.user, tournament=tournament):
        raise Http404(_("No such tournament."))
    return tournament


def _number(request: HttpRequest, name: str) -> int:
    value = whole_number(request.POST.get(name))
    if value is None:
        raise BadRequest(f"{name} must be a whole number")
    return value


def _entry(tournament: Tournament, request: HttpRequest, name: str = "entry") -> Entry:
    entry = tournament.entries.filter(pk=_number(request, name)).first()
    if entry is None:
        raise BadRequest("no such entry in this tournament")
    return entry


def _match(tournament: Tournament, request: HttpRequest) -> Match:
    match = tournament.matches.filter(pk=_number(request, "match")).first()
    if match is None:
        raise BadRequest("no such match in this tournament")
    return match


def _round(tournament: Tournament, request: HttpRequest) -> Round:
    round = tournament.rounds.filter(pk=_number(request, "round")).first()
    if round is None:
        raise BadRequest("no such round in this tournament")
    return round


def _user(request: HttpRequest) -> object:
    name = (request.POST.get("username") or "").strip()
    user = user_by_name(name=name)
    if user is None:
        raise ApplicationError(_("No member is called %(name)s.") % {"name": name})
    return user


@login_required
def tournament_run(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _managed(request, tournament_id)
    page = selectors.dashboard(tournament=tournament)
    # The check before the World Diplomacy Database's files are downloaded.
    page["wdd_missing"] = wdd.wdd_missing(tournament, request.user)
    setups = []
    planned = {(r.kind, r.number): r for r in tournament.rounds.all()}
    count = knockout_round_count(tournament)
    kinds = [(Round.Kind.GROUPS, 0)] if tournament.format == Tournament.Format.GROUPS else []
    if tournament.format != Tournament.Format.ROUNDS:
        kinds += [(Round.Kind.KNOCKOUT, n) for n in range(1, count + 1)]
    for kind, number in kinds:
        round = planned.get((kind, number))
        if round is not None and round.matches.filter(duel__isnull=False).exists():
            continue  # its duels have started: the set-up is theirs now
        setups.append(
            {
                "kind": kind,
                "number": number,
                "name": _("Group stage")
                if kind == Round.Kind.GROUPS
                else knockout_round_name(number, count),
                "form": SetupForm(
                    initial=SetupForm.initial_of(
                        round.setup if round else {},
                        round.movement_deadline if round else None,
                        round.third_place_movement_deadline if round else None,
                    ),
                    third_place=tournament.third_place
                    and kind == Round.Kind.KNOCKOUT
                    and number == count,
                ),
                "fixed": bool(round and round.setup),
            }
        )
    rounds_played = tournament.rounds.filter(kind=Round.Kind.BOARDS)
    scored = (
        Board.objects.filter(round__tournament=tournament, scored_at__isnull=False)
        .select_related("round", "game")
        .prefetch_related("seats__entry__user")
        .order_by("-round__number", "number")
    )
    page.update(
        {
            # Boards whose game ended and was scored: the organiser may rule their result
            # or set a seat's score by hand.
            "scored_boards": [
                {
                    "pk": b.pk,
                    "round": b.round.number,
                    "number": b.number,
                    "result": board_result(b.result_outcome, b.result_winner)
                    if b.result_outcome
                    else board_result(b.game.outcome, b.game.winner)
                    if b.game is not None
                    else "",
                    "ruled": bool(b.result_outcome),
                    "seats": [
                        {
                            "pk": s.pk,
                            "power": s.power,
                            "player": name_shown(s.entry.user),
                            "centres": s.centres or 0,
                            "score": s.score,
                            "by_hand": bool(s.score_reason),
                        }
                        for s in b.seats.all()
                    ],
                }
                for b in scored
            ],
            "next_round": rounds_played.count() + 1
            if tournament.format == Tournament.Format.ROUNDS
            and tournament.status == Tournament.Status.RUNNING
            and rounds_played.count() < tournament.rounds_planned
            and not rounds_played.exclude(status=Round.Status.FINISHED).exists()
            else None,
            "tournament": tournament,
            "scoring_names": SCORING_NAMES,
            "combine_choices": Tournament.Combine.choices,
            # Before the draw (no seeds yet) in the order of the seeds kept by hand: the
            # seeds form offers them in this order, and keeping it again changes nothing.
            "entrants": sorted(
                selectors.entrants(tournament),
                key=lambda e: (
                    e["seed"] is None,
                    e["seed"] or 0,
                    e["hand_seed"] is None,
                    e["hand_seed"] or 0,
                ),
            ),
            "setups": setups,
        }
    )
    return render(request, "tournaments/run.html", page)


def _verb(
    request: HttpRequest, tournament_id: int, call: Callable[[Tournament], object]
) -> HttpResponse:
    tournament = _managed(request, tournament_id)
    return act(request, tournament, lambda: call(tournament), to="run")


@login_required
@require_POST
def organiser_verb(request: HttpRequest, tournament_id: int, verb: str) -> HttpResponse:
    by = request.user
    reason = request.POST.get("reason", "")

    def setup(t: Tournament) -> object:
        form = SetupForm(request.POST)
        if not form.is_valid():
            raise BadRequest("not a set-up")
        kind = request.POST.get("kind", "")
        if kind not in Round.Kind.values:
            raise BadRequest("no such kind of round")
        return services.round_setup_fix(
            tournament=t,
            by=by,
            kind=kind,
            number=_number(request, "number"),
            setup=form.setup(),
            reason=reason,
            movement_deadline=form.movement_deadline(),
            third_place_movement_deadline=form.third_place_movement_deadline(),
        )

    def seeds(t: Tournament) -> object:
        names = [n.strip().lower() for n in request.POST.get("order", "").splitlines() if n.strip()]
        entries = {e.user.get_username().lower(): e.pk for e in t.entries.select_related("user")}
        unknown = [n for n in names if n not in entries]
        if unknown:
            raise ApplicationError(_("Not entered: %(names)s") % {"names": ", ".join(unknown)})
        return services.hand_seeds_set(tournament=t, by=by, order=[entries[n] for n in names])

    def pause(t: Tournament) -> object:
        hours = whole_number(request.POST.get("hours")) or 72
        return services.round_pause(
            tournament=t,
            by=by,
            round=_round(t, request),
            reason=reason,
            duration=timedelta(hours=hours),
        )

    def round_start(t: Tournament) -> object:
        hours = request.POST.get("movement_hours", "").strip()
        try:
            movement = timedelta(hours=float(hours)) if hours else None
        except (ValueError, OverflowError):
            raise BadRequest("movement_hours must be a number") from None
        year = request.POST.get("last_year", "").strip()
        last_year = whole_number(year) if year else None
        if year and last_year is None:
            raise BadRequest("last_year must be a year")
        return services.round_start(
            tournament=t,
            by=by,
            scoring_system=request.POST.get("scoring", ""),
            movement_deadline=movement,
            combine=request.POST.get("combine", ""),
            last_year=last_year,
        )

    def board_end(t: Tournament) -> object:
        board = Board.objects.filter(round__tournament=t, pk=_number(request, "board")).first()
        if board is None:
            raise BadRequest("no such board in this tournament")
        return services.board_call(
            tournament=t,
            by=by,
            board=board,
            end=request.POST.get("end", "draw"),
            draw=request.POST.getlist("powers"),
            reason=reason,
        )

    def board_result_rule(t: Tournament) -> object:
        board = Board.objects.filter(round__tournament=t, pk=_number(request, "board")).first()
        if board is None:
            raise BadRequest("no such board in this tournament")
        return services.board_result_rule(
            tournament=t,
            by=by,
            board=board,
            outcome=request.POST.get("outcome", ""),
            powers=request.POST.getlist("powers"),
            reason=reason,
        )

    def seat_score(t: Tournament) -> object:
        seat = BoardSeat.objects.filter(
            board__round__tournament=t, pk=_number(request, "seat")
        ).first()
        if seat is None:
            raise BadRequest("no such seat in this tournament")
        given = request.POST.get("score", "").strip().replace(",", ".")
        try:
            score = float(given) if given else None
        except ValueError:
            raise ApplicationError(_("A score is a number, as 12.5.")) from None
        return services.seat_score_set(tournament=t, by=by, seat=seat, score=score, reason=reason)

    def playoff_decide(t: Tournament) -> object:
        wanted = [whole_number(v) for v in request.POST.getlist("order")]
        if any(v is None for v in wanted):
            raise BadRequest("order must name entries")
        found = {e.pk: e for e in t.entries.select_related("user").filter(pk__in=wanted)}
        if len(found) != len(set(wanted)):
            raise BadRequest("no such entry in this tournament")
        return services.playoff_decide(
            tournament=t,
            by=by,
            group=_number(request, "group"),
            order=[found[v] for v in wanted if v is not None],
            reason=reason,
        )

    verbs: dict[str, Callable[[Tournament], object]] = {
        "check-in-open": lambda t: services.check_in_open(tournament=t, by=by),
        "present": lambda t: services.entry_presence(
            tournament=t, by=by, entry=_entry(t, request), present=True, reason=reason
        ),
        "absent": lambda t: services.entry_presence(
            tournament=t, by=by, entry=_entry(t, request), present=False, reason=reason
        ),
        "seeds": seeds,
        "setup": setup,
        "draw": lambda t: services.tournament_draw(tournament=t, by=by),
        "walkover": lambda t: services.match_walkover(
            tournament=t,
            by=by,
            match=_match(t, request),
            winner=_entry(t, request, "winner"),
            reason=reason,
        ),
        "forfeit": lambda t: services.match_forfeit(
            tournament=t,
            by=by,
            match=_match(t, request),
            loser=_entry(t, request, "loser"),
            reason=reason,
        ),
        "replace": lambda t: services.entry_replace(
            tournament=t, by=by, entry=_entry(t, request), user=_user(request), reason=reason
        ),
        "pause": pause,
        "resume": lambda t: services.round_resume(
            tournament=t, by=by, round=_round(t, request), reason=reason
        ),
        "organiser": lambda t: services.organiser_add(tournament=t, by=by, user=_user(request)),
        "round-start": round_start,
        "duel-retry": lambda t: services.duel_retry(tournament=t, by=by, match=_match(t, request)),
        "away": lambda t: services.entry_away(
            tournament=t, by=by, entry=_entry(t, request), away=True, reason=reason
        ),
        "back": lambda t: services.entry_away(
            tournament=t, by=by, entry=_entry(t, request), away=False, reason=reason
        ),
        "board-end": board_end,
        "board-result": board_result_rule,
        "seat-score": seat_score,
        "announce": lambda t: services.tournament_announce(
            tournament=t, by=by, message=request.POST.get("message", "")
        ),
        "playoff-decide": playoff_decide,
    }
    if verb not in verbs:
        raise Http404(_("No such action."))
    return _verb(request, tournament_id, verbs[verb])
