"""The duel page: both boards of a Highlander twin-board duel (rule 7) side by side, with
the duel's stage, its verdict and what happened so far.

A duel is shown only to those who may watch every one of its boards
(games.visibility decides); anyone else gets the same 404 as for a duel that
does not exist.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from adjudicator import find_variant
from core.inputs import whole_number
from games import selectors, visibility, wording
from games.models import BoardLink, Game, GamePhase
from games.terms import DUEL
from tournaments import duels
from variants.board import Mode, SeenPosition, board_markers, board_svg
from variants.drawing import map_anchors


def _counts(game: Game, position: SeenPosition | None) -> list[dict[str, Any]]:
    """The supply centers and units of each colour in ``position``."""
    shown = position.position if position is not None else {}
    counts: dict[str, dict[str, int]] = {}
    for power, texts in (shown.get("units") or {}).items():
        counts.setdefault(power, {"centers": 0, "units": 0})["units"] += len(texts)
    for power, entries in (shown.get("dislodged") or {}).items():
        counts.setdefault(power, {"centers": 0, "units": 0})["units"] += len(entries)
    for power, centers in (shown.get("centers") or {}).items():
        counts.setdefault(power, {"centers": 0, "units": 0})["centers"] += len(centers)
    return [
        {
            "power": s.power,
            "centers": counts.get(s.power, {}).get("centers", 0),
            "units": counts.get(s.power, {}).get("units", 0),
        }
        for s in game.seats.order_by("power")
    ]


def _after(request: HttpRequest, phase: GamePhase | None) -> SeenPosition | None:
    """The position ``phase`` left (the one it opened with, until it is adjudicated), as
    the viewer may see it (games.visibility: a duel board keeps its variant's secrets as
    any game does)."""
    if phase is None:
        return None
    user = request.user
    return visibility.position_seen(user=user, phase=phase, after=True) or (
        visibility.position_seen(user=user, phase=phase)
    )


def _board(request: HttpRequest, label: str, game: Game, map_id: str) -> dict[str, Any]:
    """One board as the page shows it: its latest position drawn, the phase, and the
    supply centers and units of each colour."""
    phase = game.phases.order_by("-index").first()
    position = _after(request, phase)
    return {
        "label": label,
        "game": game,
        "phase": phase,
        "phase_name": wording.phase_name(phase.code) if phase is not None else "",
        "words": "",
        "waiting": bool(
            phase is not None and phase.status == GamePhase.Status.OPEN and not phase.deadline
        ),
        "svg": board_svg(map_id=map_id, position=position, mode=Mode.STILL, label=label),
        "colours": _counts(game, position),
    }


def _board_at(
    request: HttpRequest, label: str, game: Game, map_id: str, shown: dict[str, Any] | None
) -> dict[str, Any]:
    """One board at a step of the history (``?phase=``), as its replay rests there: its own
    phase's results as this viewer may see them (the state the game page and the API show:
    games.visibility decides), else the position it stood in (said in words), else an empty
    board (it had not begun)."""
    phase = game.phases.get(index=shown["index"]) if shown is not None else None
    counted = _after(request, phase)
    position = counted
    orders: list[Any] = []
    if shown is not None and shown["own"]:
        state = selectors.game_state(user=request.user, game=game, index=shown["index"])
        position, orders = selectors.board_shown(state, user=request.user, game=game)
    words = _("Board %(label)s had not begun: it starts once board A's set-up is done.") % {
        "label": label
    }
    return {
        "label": label,
        "game": game,
        "phase": phase,
        "phase_name": wording.phase_name(phase.code) if phase is not None else "",
        "words": shown["words"] if shown is not None else words,
        "waiting": False,
        "svg": board_svg(
            map_id=map_id, position=position, orders=orders, mode=Mode.STILL, label=label
        ),
        "colours": _counts(game, counted),
    }


def duel_detail(request: HttpRequest, duel_id: int) -> HttpResponse:
    """The duel's page, for those who may watch every one of its boards."""
    duel = get_object_or_404(BoardLink, pk=duel_id, kind=DUEL)
    games = duel.boards
    if not games or not all(visibility.can_view_game(user=request.user, game=g) for g in games):
        raise Http404(_("No such duel."))
    board_a = games[0]
    map_id = find_variant(board_a.variant).map_id
    # The history in step (the replay's), and the step the address names, if any: the
    # boards as they stood then. The open step, or none named: the boards as they stand.
    steps = selectors.link_steps(boards=games)
    raw = request.GET.get("phase")
    number = whole_number(raw) if raw else None
    if raw and number is None:
        raise BadRequest(_("A phase is given by its number, such as ?phase=3."))
    if number is not None and number >= len(steps):
        raise Http404(_("No such phase."))
    step = steps[number] if number is not None and not steps[number]["present"] else None
    if step is None:
        boards = [_board(request, game.link_label, game, map_id) for game in games]
    else:
        boards = [
            _board_at(request, game.link_label, game, map_id, step["boards"][game.link_label])
            for game in games
        ]
    totals: dict[str, dict[str, int]] = {}
    for board in boards:
        for c in board["colours"]:
            total = totals.setdefault(c["power"], {"centers": 0, "units": 0})
            total["centers"] += c["centers"]
            total["units"] += c["units"]
    players = {
        s.power: visibility.player_label(seat=s, viewer=request.user)
        for s in board_a.seats.select_related("user").order_by("power")
    }
    return render(
        request,
        "games/duel.html",
        {
            # The duel as the game page's panel shows it (its stage named by its rule).
            "duel": selectors.link_summary(game=board_a),
            "board_a": board_a,
            "boards": boards,
            "totals": [
                {"power": p, "player": players.get(p, ""), **t} for p, t in sorted(totals.items())
            ],
            "decided_by": duels.rule_words(duel.decided_by) if duel.decided_by else "",
            "log": duels.log_lines(duel.log),
            "steps": steps,
            "step": step,
            "anchors": map_anchors(map_id),
            "markers": board_markers(),
        },
    )
