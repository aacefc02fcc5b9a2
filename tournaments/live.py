"""Telling watchers that a tournament's page changed: its own group
(``tournament-<id>``), named here rather than in core, which knows no app. Messages carry
the version only; the page fetches itself again and shows what its viewer may see."""

from __future__ import annotations

from core.live import group_publish


def tournament_group_name(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def tournament_changed_publish(*, tournament_id: int, version: int) -> None:
    """Tell everyone watching a tournament's page that it is now at ``version`` (after
    commit); as for games, a lost message is caught up by the page's own check."""
    group_publish(
        tournament_group_name(tournament_id), {"type": "tournament.changed", "version": version}
    )
