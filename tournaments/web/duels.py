"""The duel page: both boards of a Highlander twin-board duel (rule 7) side by side, with
the duel's stage, its verdict and what happened so far.

A duel is shown only to those who may watch every one of its boards
(games.visibility decides); anyone else gets the same 404 as for a duel that
does not exist.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from adjudicator import find_variant
from games import selectors, visibility, wording
from games.models import BoardLink, Game, GamePhase
from games.terms import DUEL
from tournaments import duels
from variants.board import Mode, board_svg


def _board(label: str, game: Game, map_id: str) -> dict[str, Any]:
    """One board as the page shows it: its latest position drawn, the phase, and the
    supply centers and units of each colour."""
    phase = game.phases.order_by("-index").first()
    position: dict[str, Any] = {}
    if phase is not None:
        position = phase.position_after if phase.is_resolved and phase.position_after else {}
        position = position or phase.position or {}
    counts: dict[str, dict[str, int]] = {}
    for power, texts in (position.get("units") or {}).items():
        counts.setdefault(power, {"centers": 0, "units": 0})["units"] += len(texts)
    for power, entries in (position.get("dislodged") or {}).items():
        counts.setdefault(power, {"centers": 0, "units": 0})["units"] += len(entries)
    for power, centers in (position.get("centers") or {}).items():
        counts.setdefault(power, {"centers": 0, "units": 0})["centers"] += len(centers)
    seats = list(game.seats.order_by("power"))
    colours = [
        {
            "power": s.power,
            "centers": counts.get(s.power, {}).get("centers", 0),
            "units": counts.get(s.power, {}).get("units", 0),
        }
        for s in seats
    ]
    return {
        "label": label,
        "game": game,
        "phase": phase,
        "phase_name": wording.phase_name(phase.code) if phase is not None else "",
        "deadline": phase.deadline if phase is not None and not phase.is_resolved else None,
        "waiting": bool(
            phase is not None and phase.status == GamePhase.Status.OPEN and not phase.deadline
        ),
        "svg": board_svg(map_id=map_id, position=position, mode=Mode.STILL, label=label),
        "colours": colours,
    }


def duel_detail(request: HttpRequest, duel_id: int) -> HttpResponse:
    """The duel's page, for those who may watch every one of its boards."""
    duel = get_object_or_404(BoardLink, pk=duel_id, kind=DUEL)
    games = duel.boards
    if not games or not all(visibility.can_view_game(user=request.user, game=g) for g in games):
        raise Http404(_("No such duel."))
    board_a = games[0]
    map_id = find_variant(board_a.variant).map_id
    boards = [_board(game.link_label, game, map_id) for game in games]
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
        },
    )
