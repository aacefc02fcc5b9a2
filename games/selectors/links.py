"""The linked boards a game belongs to (a twin-board duel), as everyone may see them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games import wording
from games.link_rules import link_rule
from games.models import BoardLink, Game, GamePhase


def link_summary(*, game: Game) -> dict[str, Any] | None:
    """The linked boards a game belongs to (a twin-board duel): its boards, stage and
    verdict, all public. The stage is named by the link's rule (games.link_rules)."""
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


def link_steps(*, boards: list[Game]) -> list[dict[str, Any]]:
    """The linked boards' history in step, as the duel page's replay walks it: one step
    per phase of play, in the order played, naming each board's phase in it.

    The boards advance together, but not phase for phase: board A's set-up comes before
    the other boards exist, and a board with no retreats to play skips a retreat phase
    the other plays. A board with no phase of its own at a step shows the last one it
    had (``own`` false, said in ``words``), or nothing before it began (None). The steps
    end at the first one still open (``present``): the boards as they stand now, which
    only each board's own page shows phase by phase.

    Each step: ``step`` (its number, the duel page's ``?phase=``), ``code``, ``name``,
    ``present``, and ``boards``: by label, ``{"index", "own", "words"}`` or None.
    """
    lines: dict[str, list[tuple[tuple[Any, ...], GamePhase]]] = {}
    for board in boards:
        seen: dict[str, int] = {}
        line = []
        for phase in board.phases.exclude(status=GamePhase.Status.SUPERSEDED).order_by("index"):
            seen[phase.code] = seen.get(phase.code, 0) + 1
            # The same code again is a set-up's next round (a set-up round played again).
            line.append(((*phase.phase.sort_key, seen[phase.code]), phase))
        lines[board.link_label] = line
    keys = sorted({key for line in lines.values() for key, _phase in line})
    steps: list[dict[str, Any]] = []
    for number, key in enumerate(keys):
        owns = {label: dict(line).get(key) for label, line in lines.items()}
        first = next(p for p in owns.values() if p is not None)
        name = wording.phase_name(first.code, key[-1])
        shown: dict[str, dict[str, Any] | None] = {}
        for label, line in lines.items():
            own = owns[label]
            before = [p for k, p in line if k < key]
            if own is not None:
                shown[label] = {"index": own.index, "own": True, "words": ""}
            elif before:
                shown[label] = {
                    "index": before[-1].index,
                    "own": False,
                    "words": _("No %(phase)s on this board: it stands as after %(held)s.")
                    % {"phase": name, "held": wording.phase_name(before[-1].code)},
                }
            else:
                shown[label] = None
        present = any(p is not None and not p.is_resolved for p in owns.values())
        steps.append(
            {
                "step": number,
                "code": first.code,
                "name": name,
                "present": present,
                "boards": shown,
            }
        )
        if present:
            break
    return steps
