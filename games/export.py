"""A whole game as JSON, in the adjudicator command line's shapes
(``spec/adjudicator-cli.md``), so that anyone can check every adjudication:

    jq '.phases[0].position' game.json | python -m adjudicator resolve

gives back that phase's ``results`` and ``position_after``. Each phase of the line of
play (phases a ruling superseded are history, not exported) carries:

- ``position``: the CLI's input for the phase: the position going in, every power's
  orders and the phase's ``seed`` (and the game masters' answers, under
  ``extras.decisions``, where the variant's rules read them);
- ``results``: the CLI's results, one per order;
- ``position_after``: the position coming out, itself an input for ``next_phase``.

What a viewer may see is decided by ``games.visibility``: a private game is exported
only to those who may watch it; an open phase gives its position and the viewer's own
orders, never its seed, results or others' orders; the positions are those
``visibility.position_seen`` gives the viewer (a variant's private state of an open phase
left out, and of its powers' own secrets only the viewer's); an anonymous game names no
player at all (the file is made to be passed on, so not even the viewer's own name is in
it).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from accounts.selectors import name_shown
from games import visibility
from games.models import Game, GamePhase
from games.pictures import phase_label
from games.selectors.views import game_header

User = AbstractBaseUser | AnonymousUser

#: Bumped when the shape of the file changes.
FORMAT = 1

#: The keys of a CLI result row, as the site stores them.
_RESULT_KEYS = ("power", "order", "result", "reason", "reason_code", "params")


def cli_results(rows: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Stored result rows in the CLI's shape."""
    return [{k: row[k] for k in _RESULT_KEYS if k in row} for row in rows or []]


def _phase_export(*, user: User, phase: GamePhase) -> dict[str, Any]:
    # The positions as the viewer may see them (visibility.position_seen: his own secrets
    # and nobody else's, nothing the variant keeps private), filtered once: a second
    # filter without the viewer would take his own secrets out too.
    secrets = visibility.secrets_for(user=user, game=phase.game)
    position = dict(visibility.position_seen(user=user, phase=phase).position)
    readable = visibility.visible_order_sets(user=user, phase=phase)
    orders = {o.power: list(o.orders) for o in readable if o.orders}
    out: dict[str, Any] = {
        "index": phase.index,
        "phase": phase.code,
        "name": phase_label(phase),
        "status": "resolved" if phase.is_resolved else "open",
    }
    if phase.is_resolved:
        if phase.adjudicated_orders is not None:
            # Exactly what was adjudicated (saved orders of a power put in civil disorder
            # before the deadline were not).
            orders = {p: secrets.orders(p, list(o)) for p, o in phase.adjudicated_orders.items()}
        answers = {d.key: d.answer for d in phase.decisions.exclude(answer=None)}
        if answers:
            position["extras"] = {**position.get("extras", {}), "decisions": answers}
        position["orders"] = {p: orders[p] for p in sorted(orders)}
        position["seed"] = phase.seed
        out["position"] = position
        out["results"] = cli_results(secrets.results(phase.results or []))
        after = visibility.position_seen(user=user, phase=phase, after=True)
        out["position_after"] = dict(after.position) if after is not None else None
        out["resolved_at"] = phase.resolved_at.isoformat() if phase.resolved_at else None
    else:
        # The seed of an open phase would tell its random events in advance.
        position["orders"] = {p: orders[p] for p in sorted(orders)}
        out["position"] = position
        out["deadline"] = phase.deadline.isoformat() if phase.deadline else None
    return out


def phase_export(*, user: User, phase: GamePhase) -> dict[str, Any]:
    """One phase of a game as ``user`` may see it, in the shape of :func:`game_export`'s
    phases (a sandbox forks from it: only what its owner may see of the phase).

    Raises:
        PermissionError: if ``user`` may not watch the game.
    """
    if not visibility.can_view_game(user=user, game=phase.game):
        raise PermissionError("this game is private")
    return _phase_export(user=user, phase=phase)


def game_export(*, user: User, game: Game) -> dict[str, Any]:
    """The game ``user`` may see, as one JSON object (see the module's docstring).

    Raises:
        PermissionError: if ``user`` may not watch the game.
    """
    if not visibility.can_view_game(user=user, game=game):
        raise PermissionError("this game is private")
    seats = []
    for seat in game.seats.select_related("user").order_by("power"):
        player = "" if game.anonymous else visibility.player_label(seat=seat, viewer=user)
        seats.append(
            {
                "power": seat.power,
                "player": player or None,
                "eliminated": seat.eliminated,
                "civil_disorder": seat.civil_disorder,
            }
        )
    phases = game.phases.exclude(status=GamePhase.Status.SUPERSEDED).order_by("index")
    header = game_header(game)
    return {
        "format": FORMAT,
        "game": {
            # The game as the state gives it, in the file's own convention: no result is
            # null, not empty.
            "id": header.id,
            "name": header.name,
            "variant": header.variant,
            "variant_name": header.variant_name,
            "options": header.options,
            "status": header.status,
            "outcome": header.outcome or None,
            "winner": header.winner or None,
            "anonymous": header.anonymous,
            "private": header.private,
            "created_by": None if game.anonymous else name_shown(game.created_by),
            "started_at": game.started_at.isoformat() if game.started_at else None,
            "finished_at": game.finished_at.isoformat() if game.finished_at else None,
            "seats": seats,
        },
        "phases": [_phase_export(user=user, phase=p) for p in phases],
    }
