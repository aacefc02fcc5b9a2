"""Read-only questions about games, for views, the API and tasks."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from games.models import Game, GamePhase


def phases_due(*, now: datetime | None = None) -> list[tuple[int, int]]:
    """(game, phase) pairs whose deadline has passed and that are still open."""
    now = now or timezone.now()
    return list(
        GamePhase.objects.filter(
            status=GamePhase.Status.OPEN, deadline__lte=now, game__status=Game.Status.ACTIVE
        ).values_list("game_id", "pk")
    )


def games_for_lobby(
    *, user: AbstractBaseUser | AnonymousUser, status: str, variant: str | None = None
) -> QuerySet[Game]:
    """Games to list in the lobby: public ones, and private ones the user sits in."""
    games = Game.objects.filter(status=status).annotate(
        players=Count("seats", filter=Q(seats__user__isnull=False)),
        powers=Count("seats"),
    )
    if variant:
        games = games.filter(variant=variant)
    if user.is_authenticated:
        games = games.filter(Q(private=False) | Q(seats__user=user)).distinct()
    else:
        games = games.filter(private=False)
    return games.order_by("-created_at")


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
    from games.services import phase_position, powers_to_order

    phases = list(game.phases.order_by("index"))
    if index is None:
        phase = phases[-1] if phases else None
    else:
        phase = next((p for p in phases if p.index == index), None)
        if phase is None:
            raise GamePhase.DoesNotExist
    seat = visibility.seat_of(user=user, game=game)
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
        "duel": duel_summary(game=game),
    }
    ready: set[str] = set()
    if phase is not None:
        ready = set(phase.order_sets.filter(ready=True).values_list("seat__power", flat=True))
    for s in game.seats.select_related("user").order_by("power"):
        state["seats"].append(
            {
                "power": s.power,
                "player": visibility.player_label(seat=s, viewer=user),
                "ready": s.power in ready,
                "eliminated": s.eliminated,
                "missed_phases": s.missed_phases,
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
            phase.code, dict(_occurrences(phases, by_index=True))[phase.index]
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
            "orders": mine.orders if mine else [],
            "ready": bool(mine and mine.ready),
            "must_order": seat.power in state["phase"]["to_order"],
            "draw_vote": visibility.own_draw_vote(user=user, phase=phase),
            "legal": {},
            "problem": None,
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


def _progress(progress: tuple[int, int] | None) -> dict[str, int] | None:
    if progress is None:
        return None
    done, total = progress
    return {"done": done, "total": total}


def _whole_answer_problem(variant: Any, position: Any, power: str, orders: list[str]) -> str | None:
    """What is still missing before the saved orders are a whole answer (a nomination list
    that is short), in the reader's language; None when nothing is."""
    from adjudicator import ParseError, parse_order
    from games import wording

    if not position.phase.is_setup or power not in variant.orders_due(position):
        return None
    parsed = []
    for text in orders:
        try:
            parsed.append(parse_order(text, variant.map, position=position, power=power))
        except ParseError:
            continue
    problem = variant.order_set_problem(position, power, parsed)
    if problem is None:
        return None
    reason, params = problem
    return wording.result_sentence(reason.value, params) or reason.value


def duel_summary(*, game: Game) -> dict[str, Any] | None:
    """The twin-board duel a game belongs to: its boards, stage and verdict (public)."""
    from games import wording
    from games.models import Duel

    duel = (
        Duel.objects.filter(Q(board_a=game) | Q(board_b=game))
        .select_related("board_a", "board_b")
        .first()
    )
    if duel is None:
        return None
    boards = []
    for label, board in (("A", duel.board_a), ("B", duel.board_b)):
        if board is None:
            continue
        current = board.phases.order_by("-index").first()
        boards.append(
            {
                "label": label,
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
        "id": duel.pk,
        "status": duel.status,
        "status_name": duel.get_status_display(),
        "winner": duel.winner,
        "decided_by": duel.decided_by,
        "state": duel.state,
        "log": duel.log,
        "boards": boards,
    }
