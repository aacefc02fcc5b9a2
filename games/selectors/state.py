"""A game as one viewer may see it: the state the game page and the API show."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from adjudicator import PhaseKind, find_variant, legal_orders, legal_orders_compact
from games import visibility, wording
from games.models import Game, GamePhase, Vote
from games.positions import (
    phase_position,
    powers_to_order,
    powers_welcome,
    seat_powers,
    whole_answer_problem,
)
from games.reading import order_faults, orders_read_strictly
from games.selectors.decisions import decision_as_seen
from games.selectors.links import link_summary
from games.selectors.moderation import moderation_summary
from games.vote_rules import vote_refusal
from variants.board import DrawnOrder, SeenPosition, layer_markup, piece_layers


def game_state(
    *,
    user: AbstractBaseUser | AnonymousUser,
    game: Game,
    index: int | None = None,
    compact_legal: bool = False,
    acting: str | None = None,
) -> dict[str, Any]:
    """Everything the game page shows ``user`` about one phase (the current by default).

    Secret parts go through games.visibility: other powers' orders of an open
    phase are never in here, nor who plays a power in an anonymous game.

    ``acting``: of the powers the viewer's seat gives orders for now (``me.gives``), the
    one whose orders, legal orders and ready mark ``me`` carries (``me.acting``); the
    first that has orders due if not given or not one of them (a seat that gives the
    orders of several powers gives them one at a time).

    Raises:
        GamePhase.DoesNotExist: the game has no phase of that index.
        games.positions.BoardUnreadable: the phase's stored position cannot be read
            (:func:`game_outline` is what can still be shown).
    """
    state, phases, phase = _outline(user=user, game=game, index=index)
    # A sitter, on the days he sits, orders for the seat he sits.
    seat = visibility.acting_seat(user=user, game=game)
    variant = find_variant(game.variant)
    ready: set[str] = set()
    if phase is not None:
        ready = set(phase.order_sets.filter(ready=True).values_list("power", flat=True))
    seats = list(game.seats.select_related("user").order_by("power"))
    bots = visibility.bot_powers(seats=seats)
    for s in seats:
        state["seats"].append(
            {
                "power": s.power,
                "player": visibility.player_label(seat=s, viewer=user),
                "bot": s.power in bots,
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
    # The board as the viewer may see it: the one answer every channel gives.
    seen = visibility.position_seen(user=user, phase=phase)
    board = seen.position
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
        # Seats that may order without owing any (the variant says which): the phase
        # ends early only once they too are ready.
        "welcome": sorted(powers_welcome(position, variant)) if not phase.is_resolved else [],
        "notes": phase.notes,
        "draw_proposed": visibility.draw_proposed(phase=phase),
        # The votes proposed and still open (never who voted, nor how).
        "votes_proposed": visibility.votes_proposed(phase=phase)
        if phase.status == GamePhase.Status.OPEN
        else [],
        "extras": board.get("extras", {}),
        # The variant's layer of the board (its creatures and links) as the one renderer
        # draws it for this viewer: the page and its replay show it, never redraw it.
        "layer": layer_markup(map_id=variant.map_id, position=seen),
        "setup": position.phase.is_setup,
        "progress": _progress(variant.setup_progress(position)),
        "superseded_by": phase.superseded_by_id,
        "derived_from": phase.derived_from_id,
        "decisions": _decisions(phase, user, game),
    }
    if phase.is_resolved:
        secrets = visibility.secrets_for(user=user, game=game)
        state["phase"]["results"] = secrets.results(phase.results or [])
        seen_after = visibility.position_seen(user=user, phase=phase, after=True)
        after = seen_after.position if seen_after is not None else {}
        state["phase"]["units_after"] = after.get("units", {})
        state["phase"]["centers_after"] = after.get("centers", {})
        # The units the phase dislodged, where they stand awaiting their retreat: the
        # replay marks them (the retreat phase's own "dislodged" comes only after).
        state["phase"]["dislodged_after"] = after.get("dislodged", {})
    orders = {o.power: o.orders for o in visibility.visible_order_sets(user=user, phase=phase)}
    state["phase"]["orders"] = orders
    if seat is not None:
        sets = {o.power: o for o in phase.order_sets.filter(seat=seat)}
        gives = seat_powers(position, variant, seat) if not phase.is_resolved else []
        if acting not in gives:
            due = [p for p in gives if p in state["phase"]["to_order"]]
            acting = due[0] if due else seat.power
        mine = sets.get(acting)
        state["me"] = {
            "power": seat.power,
            "acting": acting,
            "sitting": seat.user_id != user.pk,
            "orders": mine.orders if mine else [],
            # Whether orders were saved for it in this phase (by the seat, a sitter or a
            # game master), none perhaps: a program that plays the seat leaves them be.
            "saved": mine is not None,
            "ready": bool(mine and mine.ready),
            "must_order": acting in state["phase"]["to_order"],
            # A seat that may give orders without owing any (as the variant says): the
            # page offers it the order box all the same.
            "may_order": acting in state["phase"]["welcome"],
            "draw_vote": visibility.own_draw_vote(user=user, phase=phase),
            "votes": _votes(game, phase, user),
            "legal": {},
            "problem": None,
            "adjustment": _adjustment(variant, position, acting),
            # Every power whose orders the seat gives now, its own first (in most variants
            # only its own; the variant's orders_given_by may name more).
            "gives": [
                {
                    "power": power,
                    "orders": sets[power].orders if power in sets else [],
                    "saved": power in sets,
                    "ready": bool(power in sets and sets[power].ready),
                    "must_order": power in state["phase"]["to_order"],
                }
                for power in gives
            ],
        }
        if not phase.is_resolved and game.status == Game.Status.ACTIVE:
            if compact_legal:
                # The adjudicator's compact form: each fact once, for the client to expand.
                state["me"]["legal_compact"] = legal_orders_compact(position, acting)
            else:
                state["me"]["legal"] = {
                    where: [str(o) for o in options]
                    for where, options in legal_orders(position, acting).items()
                }
            state["me"]["problem"] = _whole_answer_problem(
                variant, position, acting, state["me"]["orders"]
            )
            if state["game"]["strict_orders"]:
                state["me"]["faults"] = order_faults(
                    game=game, position=position, power=acting, orders=state["me"]["orders"]
                )
    return state


def game_outline(
    *, user: AbstractBaseUser | AnonymousUser, game: Game, index: int | None = None
) -> dict[str, Any]:
    """What the game page shows of ``game`` whatever its board: the game, its line of
    phases, the duel and the moderation (with ``phase`` None and no seats). Shown, with
    what is wrong, when the board itself cannot be read (games.positions.BoardUnreadable).

    Raises:
        GamePhase.DoesNotExist: the game has no phase of that index.
    """
    state, _phases, _phase = _outline(user=user, game=game, index=index)
    return state


def _outline(
    *, user: AbstractBaseUser | AnonymousUser, game: Game, index: int | None
) -> tuple[dict[str, Any], list[GamePhase], GamePhase | None]:
    """The state without its phase, the line of play, and the phase asked for."""
    everything = list(game.phases.order_by("index"))
    # The line of play: phases a ruling superseded stay reachable by index, as history.
    phases = [p for p in everything if p.status != GamePhase.Status.SUPERSEDED]
    if index is None:
        phase = phases[-1] if phases else None
    else:
        phase = next((p for p in everything if p.index == index), None)
        if phase is None:
            raise GamePhase.DoesNotExist
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
            "result_awaits_confirmation": game.result_awaits_confirmation,
            "version": game.version,
            "anonymous": game.anonymous,
            "private": game.private,
            # Faulty orders are saved as written and void when adjudicated, where the
            # variant reads orders strictly (SiteVariant.strict_orders).
            "strict_orders": _strict(game),
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
    return state, phases, phase


def _strict(game: Game) -> bool:
    return orders_read_strictly(game)


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
    if position.phase.kind is not PhaseKind.ADJUSTMENTS:
        return None
    return int(variant.adjustment(position, power))


def _progress(progress: tuple[int, int] | None) -> dict[str, int] | None:
    if progress is None:
        return None
    done, total = progress
    return {"done": done, "total": total}


def _whole_answer_problem(variant: Any, position: Any, power: str, orders: list[str]) -> str | None:
    """What is still missing before the saved orders of a set-up phase are a whole answer
    (a list that is short), in the reader's language; None when nothing is."""
    if not position.phase.is_setup:
        return None
    problem = whole_answer_problem(position, variant, power, orders)
    if problem is None:
        return None
    reason, params = problem
    return wording.result_sentence(reason.value, params, variant.map_id) or reason.value


def _decisions(
    phase: GamePhase, user: AbstractBaseUser | AnonymousUser, game: Game
) -> list[dict[str, Any]]:
    """The questions the rules left to the game master in this phase, as ``user`` may
    read them (games.visibility.QuestionReader): to those who may moderate while the
    phase is open (an answer may rest on secret orders), to everyone once it is
    adjudicated, each without the parameters a power owns that are not his to read."""
    reader = visibility.question_reader(user=user, game=game)
    map_id = find_variant(game.variant).map_id
    return [decision_as_seen(d, reader, map_id) for d in phase.decisions.all() if reader.sees(d)]


def board_shown(
    state: dict[str, Any], *, user: AbstractBaseUser | AnonymousUser, game: Game
) -> tuple[SeenPosition | None, list[DrawnOrder]]:
    """What the game page's board shows ``user`` of ``state`` (from :func:`game_state`,
    for him): the position (as games.visibility lets him see it, as in the state) and the
    orders drawn, at first paint and in each page the page fetches live (it puts the
    server's drawing in). No position before the first phase.

    An adjudicated phase shows its results; a set-up phase no orders (its widgets mark
    the board); an open phase the orders this viewer may read, their own as saved.
    """
    phase = state.get("phase")
    if not phase:
        return None, []
    position = visibility.position_seen(user=user, phase=game.phases.get(index=phase["index"]))
    if "results" in phase:
        return position, [
            DrawnOrder(r["order"], r["result"], r.get("power")) for r in phase["results"]
        ]
    if phase["setup"]:
        return position, []
    by_power = dict(phase["orders"])
    me = state.get("me")
    if me and phase["is_current"]:
        by_power[me.get("acting", me["power"])] = me["orders"]
    return position, [
        DrawnOrder(text, None, power) for power, texts in by_power.items() for text in texts
    ]


#: The phase kinds whose orders a replay draws: the core's and the set-ups' (a variant's
#: own kind is told in words beside the board).
REPLAY_DRAWN_KINDS = frozenset({"M", "R", "A", "N", "P", "D"})

#: The steps of a phase's replay: going in with its orders, their results (the units the
#: phase dislodged drawn aside), and the position coming out.
REPLAY_STEPS = ("orders", "results", "after")


def board_steps(
    *, user: AbstractBaseUser | AnonymousUser, game: Game, index: int
) -> dict[str, dict[str, Any]]:
    """The board's pieces at each step of phase ``index``'s replay, as the one renderer
    draws them for ``user`` (``variants.board.piece_layers``), by :data:`REPLAY_STEPS`.
    What they show is what :func:`game_state` shows him of that phase: the positions
    through games.visibility, the results as his secrets allow, the orders he may read.

    Raises:
        GamePhase.DoesNotExist: the game has no phase of that index.
        games.positions.BoardUnreadable: the phase's stored position cannot be read.
    """
    phase = game.phases.get(index=index)
    map_id = find_variant(game.variant).map_id
    before = visibility.position_seen(user=user, phase=phase)
    after = visibility.position_seen(user=user, phase=phase, after=True)
    drawn = phase_position(phase).phase.kind.value in REPLAY_DRAWN_KINDS
    decided: list[DrawnOrder] = []
    undecided: list[DrawnOrder] = []
    if not drawn:
        pass
    elif phase.is_resolved:
        results = visibility.secrets_for(user=user, game=game).results(phase.results or [])
        decided = [DrawnOrder(r["order"], r["result"], r.get("power")) for r in results]
        undecided = [DrawnOrder(r["order"], None, r.get("power")) for r in results]
    else:
        undecided = [
            DrawnOrder(text, None, o.power)
            for o in visibility.visible_order_sets(user=user, phase=phase)
            for text in o.orders
        ]
    return {
        "orders": piece_layers(map_id=map_id, position=before, orders=undecided),
        "results": piece_layers(map_id=map_id, position=before, orders=decided, aside=after),
        "after": piece_layers(map_id=map_id, position=after or before, layer=False),
    }


def _votes(game: Game, phase: GamePhase, user: Any) -> dict[str, Any]:
    """The viewer's own votes in ``phase`` (his secret) and the kinds open to his own seat
    now, by games.vote_rules' rules (a sitter votes for nobody: none are open to him)."""
    mine = visibility.own_votes(user=user, phase=phase)
    seat = visibility.seat_of(user=user, game=game)
    open_kinds: list[str] = []
    if (
        seat is not None
        and phase.status == GamePhase.Status.OPEN
        and game.status == Game.Status.ACTIVE
    ):
        open_kinds = [
            kind
            for kind in Vote.Kind.values
            if vote_refusal(game=game, seat=seat, kind=kind, phase=phase) is None
        ]
    return {"mine": mine, "open": open_kinds}
