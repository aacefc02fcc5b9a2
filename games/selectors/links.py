"""The linked boards a game belongs to (a twin-board duel), as everyone may see them."""

from __future__ import annotations

from typing import Any

from games.models import Game, GamePhase


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
