"""A game as one viewer may see it: the state the game page and the API show."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from adjudicator import find_variant
from core.shapes import as_dict
from games import visibility
from games.models import Game
from games.positions import phase_position
from games.selectors.views import game_outline_view, game_view
from variants.board import DrawnOrder, SeenPosition, piece_layers


def game_state(
    *,
    user: AbstractBaseUser | AnonymousUser,
    game: Game,
    index: int | None = None,
    compact_legal: bool = False,
    acting: str | None = None,
) -> dict[str, Any]:
    """Everything the game page shows ``user`` about one phase (the current by default):
    :func:`games.selectors.views.game_view` as the JSON the page (its ``#game-state``)
    and the state API send.

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
    view = game_view(
        game=game, index=index, viewer=user, compact_legal=compact_legal, acting=acting
    )
    state: dict[str, Any] = as_dict(view)
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
    state: dict[str, Any] = as_dict(game_outline_view(game=game, index=index, viewer=user))
    return state


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
