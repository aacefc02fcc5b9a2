"""Read-only questions about games, for views, the API and tasks."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from games.models import Game, GamePhase, PhaseDuty, Seat


def phases_due(*, now: datetime | None = None) -> list[tuple[int, int]]:
    """(game, phase) pairs to adjudicate: open phases of running games that are not paused,
    whose deadline has passed or that are due now (everyone ready), except the phases
    given up to the moderators."""
    now = now or timezone.now()
    return list(
        GamePhase.objects.filter(
            Q(deadline__lte=now) | Q(due_now=True),
            status=GamePhase.Status.OPEN,
            stuck_since__isnull=True,
            game__status=Game.Status.ACTIVE,
            game__paused_at__isnull=True,
        ).values_list("game_id", "pk")
    )


def games_for_lobby(
    *, user: AbstractBaseUser | AnonymousUser, status: str, variant: str | None = None
) -> QuerySet[Game]:
    """Games to list in the lobby: public ones, and private ones the user sits in; a
    forming game that everyone has left is not offered."""
    games = Game.objects.filter(status=status)
    if variant:
        games = games.filter(variant=variant)
    if user.is_authenticated:
        # A subquery, not a join on seats: a join would multiply the counts below.
        mine = Seat.objects.filter(user=user).values("game_id")
        games = games.filter(Q(private=False) | Q(pk__in=mine))
    else:
        games = games.filter(private=False)
    games = games.annotate(
        players=Count("seats", filter=Q(seats__user__isnull=False)),
        powers=Count("seats"),
    )
    if status == Game.Status.FORMING:
        games = games.filter(players__gt=0)  # everyone left: nobody to play with
    return games.order_by("-created_at", "-pk")


def games_of_user(*, user: AbstractBaseUser) -> QuerySet[Game]:
    return Game.objects.filter(seats__user=user).distinct().order_by("-created_at")


def game_state(
    *, user: AbstractBaseUser | AnonymousUser, game: Game, index: int | None = None
) -> dict[str, Any]:
    """Everything the game page shows ``user`` about one phase (the current by default).

    Secret parts go through games.visibility: other powers' orders of an open
    phase are never in here, nor who plays a power in an anonymous game.
    """
    from adjudicator import find_variant, legal_orders
    from games import visibility, wording
    from games.positions import phase_position, powers_to_order

    everything = list(game.phases.order_by("index"))
    # The line of play: phases a ruling superseded stay reachable by index, as history.
    phases = [p for p in everything if p.status != GamePhase.Status.SUPERSEDED]
    if index is None:
        phase = phases[-1] if phases else None
    else:
        phase = next((p for p in everything if p.index == index), None)
        if phase is None:
            raise GamePhase.DoesNotExist
    # A sitter, on the days he sits, orders for the seat he sits.
    seat = visibility.acting_seat(user=user, game=game)
    variant = find_variant(game.variant)
    state: dict[str, Any] = {
        "game": {
            "id": game.pk,
            "name": game.name,
            "variant": game.variant,
            "variant_name": variant.name,
            "options": game.options,
            "status": game.status,
            "outcome": game.outcome,
            "winner": game.winner,
            "version": game.version,
            "anonymous": game.anonymous,
            "private": game.private,
        },
        "phases": [
            {"index": p.index, "code": p.code, "name": wording.phase_name(p.code, seen)}
            for p, seen in _occurrences(phases)
        ],
        "phase": None,
        "me": None,
        "seats": [],
        "duel": link_summary(game=game),
        "moderation": moderation_summary(game=game, user=user),
    }
    ready: set[str] = set()
    if phase is not None:
        ready = set(phase.order_sets.filter(ready=True).values_list("seat__power", flat=True))
    for s in game.seats.select_related("user").order_by("power"):
        state["seats"].append(
            {
                "power": s.power,
                "player": visibility.player_label(seat=s, viewer=user),
                # Public even in an anonymous game (who holds it is not): the join list
                # leaves taken powers out too.
                "taken": s.user_id is not None,
                "ready": s.power in ready,
                "eliminated": s.eliminated,
                "missed_phases": s.missed_phases,
                "civil_disorder": s.civil_disorder,
                "seeking_player_until": s.seeking_replacement_until.isoformat()
                if s.seeking_replacement_until
                else None,
            }
        )
    if phase is None:
        return state
    position = phase_position(phase)
    board = phase.position
    state["phase"] = {
        "index": phase.index,
        "code": phase.code,
        "name": wording.phase_name(
            phase.code, dict(_occurrences(phases, by_index=True)).get(phase.index, 1)
        ),
        "kind": position.phase.kind.value,
        "status": phase.status,
        "deadline": phase.deadline.isoformat()
        if phase.deadline and not phase.is_resolved
        else None,
        "is_current": phase is phases[-1] and not phase.is_resolved,
        "units": board.get("units", {}),
        "dislodged": board.get("dislodged", {}),
        "centers": board.get("centers", {}),
        "to_order": sorted(powers_to_order(position, variant)),
        "notes": phase.notes,
        "draw_proposed": visibility.draw_proposed(phase=phase),
        "extras": visibility.visible_extras(phase=phase, extras=board.get("extras", {})),
        "setup": position.phase.is_setup,
        "progress": _progress(variant.setup_progress(position)),
        "superseded_by": phase.superseded_by_id,
        "derived_from": phase.derived_from_id,
        "decisions": _decisions(phase, user, game),
    }
    if phase.is_resolved:
        state["phase"]["results"] = phase.results or []
        after = phase.position_after or {}
        state["phase"]["units_after"] = after.get("units", {})
        state["phase"]["centers_after"] = after.get("centers", {})
    orders = {o.seat.power: o.orders for o in visibility.visible_order_sets(user=user, phase=phase)}
    state["phase"]["orders"] = orders
    if seat is not None:
        mine = phase.order_sets.filter(seat=seat).first()
        state["me"] = {
            "power": seat.power,
            "sitting": seat.user_id != user.pk,
            "orders": mine.orders if mine else [],
            "ready": bool(mine and mine.ready),
            "must_order": seat.power in state["phase"]["to_order"],
            "draw_vote": visibility.own_draw_vote(user=user, phase=phase),
            "legal": {},
            "problem": None,
            "adjustment": _adjustment(variant, position, seat.power),
        }
        if not phase.is_resolved and game.status == Game.Status.ACTIVE:
            state["me"]["legal"] = {
                where: [str(o) for o in options]
                for where, options in legal_orders(position, seat.power).items()
            }
            state["me"]["problem"] = _whole_answer_problem(
                variant, position, seat.power, state["me"]["orders"]
            )
    return state


def _occurrences(phases: list[GamePhase], *, by_index: bool = False) -> list[Any]:
    """Each phase with how many times its code has come so far (1 for the first)."""
    counts: dict[str, int] = {}
    out: list[Any] = []
    for p in phases:
        counts[p.code] = counts.get(p.code, 0) + 1
        out.append((p.index if by_index else p, counts[p.code]))
    return out


def _adjustment(variant: Any, position: Any, power: str) -> int | None:
    """In an adjustment phase, the builds (positive) or disbands (negative) ``power`` owes;
    None in any other phase."""
    from adjudicator import PhaseKind

    if position.phase.kind is not PhaseKind.ADJUSTMENTS:
        return None
    return int(variant.adjustment(position, power))


def _progress(progress: tuple[int, int] | None) -> dict[str, int] | None:
    if progress is None:
        return None
    done, total = progress
    return {"done": done, "total": total}


def _whole_answer_problem(variant: Any, position: Any, power: str, orders: list[str]) -> str | None:
    """What is still missing before the saved orders are a whole answer (a nomination list
    that is short), in the reader's language; None when nothing is."""
    from games import wording
    from games.positions import whole_answer_problem

    if not position.phase.is_setup:
        return None
    problem = whole_answer_problem(position, variant, power, orders)
    if problem is None:
        return None
    reason, params = problem
    return wording.result_sentence(reason.value, params) or reason.value


def link_summary(*, game: Game) -> dict[str, Any] | None:
    """The linked boards a game belongs to (a twin-board duel): its boards, stage and
    verdict, all public. The stage is named by the link's rule (games.links)."""
    from games import wording
    from games.links import link_rule
    from games.models import BoardLink

    link = BoardLink.objects.filter(pk=game.link_id).first() if game.link_id else None
    if link is None:
        return None
    rule = link_rule(link.kind)
    boards = []
    for board in link.boards:
        current = board.phases.order_by("-index").first()
        boards.append(
            {
                "label": board.link_label,
                "game_id": board.pk,
                "name": board.name,
                "phase": current.code if current else None,
                "phase_name": wording.phase_name(current.code) if current else None,
                "waiting": bool(
                    current and current.status == GamePhase.Status.OPEN and not current.deadline
                ),
                "this": board.pk == game.pk,
            }
        )
    return {
        "id": link.pk,
        "kind": link.kind,
        "status": rule.stage_value(status=link.status, stage=link.stage),
        "status_name": rule.stage_name(status=link.status, stage=link.stage),
        "winner": link.winner,
        "decided_by": link.decided_by,
        "state": link.state,
        "log": link.log,
        "boards": boards,
    }


def reliability_of(*, user: AbstractBaseUser) -> int | None:
    """The share of phases, in percent, in which ``user`` gave orders in time when they had
    some to give; None before their first such phase."""
    from games.models import PhaseDuty

    duties = PhaseDuty.objects.filter(user=user)
    total = duties.count()
    if not total:
        return None
    kept = duties.filter(missed=False).count()
    return round(100 * kept / total)


def seats_seeking_players(*, game: Game | None = None) -> QuerySet[Any]:
    """Seats of running games offered to replacement players, soonest deadline first:
    of public games for the lobby, or of ``game`` (a private game's invite page)."""
    from games.models import Seat

    now = timezone.now()
    seats = Seat.objects.filter(
        game__status=Game.Status.ACTIVE, user__isnull=True, eliminated=False
    )
    seats = seats.filter(game=game) if game is not None else seats.filter(game__private=False)
    return (
        seats.filter(Q(civil_disorder=True) | Q(seeking_replacement_until__gt=now))
        .select_related("game")
        .order_by("seeking_replacement_until")
    )


def games_to_moderate(*, user: AbstractBaseUser) -> list[dict[str, Any]]:
    """The games ``user`` runs (all running games for a site moderator) with what needs
    them: a pause, a seat looking for a player, a phase past its deadline."""
    from games import visibility
    from games.models import Seat

    if visibility.is_moderator(user):
        games = Game.objects.filter(status=Game.Status.ACTIVE)
    else:
        games = Game.objects.filter(status=Game.Status.ACTIVE, masters=user)
    now = timezone.now()
    out = []
    for game in games.order_by("created_at"):
        needs = []
        if game.is_paused:
            needs.append("paused")
        if Seat.objects.filter(game=game, user__isnull=True, eliminated=False).exists():
            needs.append("seat_open")
        phase = game.current_phase
        if phase is not None and phase.stuck_since is not None:
            needs.append("stuck")
        elif phase is not None and phase.deadline is not None and phase.deadline < now:
            needs.append("overdue")
        if phase is not None and phase.decisions.filter(answer=None).exists():
            needs.append("decision")
        out.append({"game": game, "phase": phase, "needs": needs})
    out.sort(
        key=lambda row: ("stuck" not in row["needs"], not row["needs"], row["game"].created_at)
    )
    return out


def _action_as_seen(action: Any, game: Game, moderator: bool, names: bool) -> dict[str, Any]:
    """A moderation record as a viewer may see it. A decision's question and answer stay
    with the moderators until its phase is adjudicated (the answer may rest on secret
    orders). Without ``names`` (an anonymous game, to anyone but site moderators), no
    username shows: the record names the power (a player's own extension) or the role
    (moderator, game master, creator) instead."""
    from games import visibility

    details = dict(action.details)
    role = details.pop("by_role", None)
    if role is None:  # a record from before roles were kept: the actor's role now
        role = visibility.moderator_role(user=action.actor, game=game)
    by = action.actor.get_username() if action.actor else ""
    secret_yet = action.phase is not None and not action.phase.is_resolved
    if not moderator and action.kind == "decision" and secret_yet:
        details = {}
    if not names:
        by = ""
        for key in ("previous", "replacement", "user"):
            details.pop(key, None)
    return {
        "kind": action.kind,
        "kind_name": action.get_kind_display(),
        "reason": action.reason,
        "by": by,
        "by_role": "" if details.get("by_player") else role,
        "at": action.created_at.isoformat(),
        "phase": action.phase.code if action.phase else None,
        "details": details,
    }


def _stuck(*, game: Game, moderator: bool) -> dict[str, Any] | None:
    """The open phase given up after failed adjudications, if any: when, and (to those who
    may moderate) the last error."""
    phase = (
        GamePhase.objects.filter(game=game, status=GamePhase.Status.OPEN, stuck_since__isnull=False)
        .order_by("-index")
        .first()
    )
    if phase is None:
        return None
    assert phase.stuck_since is not None
    out: dict[str, Any] = {"phase": phase.code, "since": phase.stuck_since.isoformat()}
    if moderator:
        out["failures"] = phase.failures
        out["error"] = phase.last_failure
    return out


def moderation_summary(*, game: Game, user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    """What players see of the moderation of a game (pause and its reason, every
    moderator action and ruling with its reason), and whether ``user`` may moderate."""
    from games import visibility
    from games.models import ModeratorAction, Ruling

    actions = ModeratorAction.objects.filter(game=game).select_related("actor", "phase")
    moderator = visibility.can_moderate(user=user, game=game)
    names = visibility.sees_moderators_names(user=user, game=game)
    return {
        "can_moderate": moderator,
        "can_name_masters": visibility.can_name_masters(user=user, game=game),
        "stuck": _stuck(game=game, moderator=moderator),
        "paused": game.is_paused,
        "pause_reason": game.pause_reason,
        "actions": [_action_as_seen(a, game, moderator, names) for a in actions],
        "rulings": [
            {
                "id": r.pk,
                "phase_index": r.phase.index,
                "phase": r.phase.code,
                "kind": r.kind,
                "reason": r.reason,
                "at": r.created_at.isoformat(),
            }
            for r in Ruling.objects.filter(game=game).select_related("phase")
        ],
    }


def _decisions(
    phase: GamePhase, user: AbstractBaseUser | AnonymousUser, game: Game
) -> list[dict[str, Any]]:
    """The questions the rules left to the game master in this phase: shown to those who
    may moderate while the phase is open (an answer may rest on secret orders), and to
    everyone once it is adjudicated."""
    from games import visibility

    if not phase.is_resolved and not visibility.can_moderate(user=user, game=game):
        return []
    return [
        {
            "id": d.pk,
            "key": d.key,
            "question": d.question,
            "choices": d.choices,
            "default": d.default,
            "default_text": d.default_text,
            "deadline": d.deadline.isoformat(),
            "answer": d.answer,
            "defaulted": d.defaulted,
        }
        for d in phase.decisions.all()
    ]


def pauses_expired(*, now: datetime | None = None) -> list[int]:
    """Games whose pause has run its time."""
    now = now or timezone.now()
    return list(
        Game.objects.filter(
            status=Game.Status.ACTIVE, paused_at__isnull=False, paused_until__lte=now
        ).values_list("pk", flat=True)
    )


# -- a player's record (the profile page) ------------------------------------------------


@dataclass(frozen=True)
class Record:
    played: int
    won: int
    drawn: int
    missed_phases: int
    running: int
    #: Percent of the phases with orders to give in which they came in time (None: none yet).
    reliability: int | None = None
    #: How many such phases the reliability is taken over.
    duty_phases: int = 0


def player_record(*, user: AbstractBaseUser, viewer: AbstractBaseUser | AnonymousUser) -> Record:
    """``user``'s figures as ``viewer`` may see them.

    Others never count an anonymous game, finished or not: games.visibility never shows
    who played one, even after the end, so a count (or a phase missed, or the
    reliability taken over its phases) would give away that ``user`` sat in one. The
    player sees their own full figures. Private games do count: they are left off the
    list, but a count of them tells nobody which games they are or who else plays."""
    seats = Seat.objects.filter(user=user).select_related("game")
    duties = PhaseDuty.objects.filter(user=user)
    if not _is_self(user=user, viewer=viewer):
        seats = seats.filter(game__anonymous=False)
        duties = duties.filter(phase__game__anonymous=False)
    started = seats.exclude(game__status__in=[Game.Status.FORMING, Game.Status.CANCELLED])
    finished = started.filter(game__status=Game.Status.FINISHED)
    won = sum(
        1 for s in finished if s.game.outcome == Game.Outcome.SOLO and s.game.winner == s.power
    )
    drawn = finished.filter(game__outcome=Game.Outcome.DRAW, eliminated=False).count()
    missed = started.aggregate(total=Sum("missed_phases"))["total"] or 0
    duty_phases = duties.count()
    # As games.selectors.reliability_of, over the duties counted here.
    reliability = (
        round(100 * duties.filter(missed=False).count() / duty_phases) if duty_phases else None
    )
    return Record(
        played=started.count(),
        won=won,
        drawn=drawn,
        missed_phases=missed,
        running=started.filter(game__status=Game.Status.ACTIVE).count(),
        reliability=reliability,
        duty_phases=duty_phases,
    )


def games_of_player(
    *, user: AbstractBaseUser, viewer: AbstractBaseUser | AnonymousUser
) -> QuerySet[Game]:
    """The games listed on ``user``'s profile for ``viewer``, newest first, with the seats
    taken (``players``) and in all (``powers``). Others see only public, not anonymous
    games; the player sees all of their own."""
    # A subquery, not a join on seats: a join would multiply the counts below.
    games = Game.objects.filter(pk__in=Seat.objects.filter(user=user).values("game_id"))
    if not _is_self(user=user, viewer=viewer):
        games = games.filter(anonymous=False, private=False)
    return games.annotate(
        players=Count("seats", filter=Q(seats__user__isnull=False)),
        powers=Count("seats"),
    ).order_by("-created_at", "-pk")


def _is_self(*, user: AbstractBaseUser, viewer: AbstractBaseUser | AnonymousUser) -> bool:
    return bool(viewer.is_authenticated and viewer.pk == user.pk)
