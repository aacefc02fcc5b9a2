"""core/live.py is app-neutral: each app names its own channel groups."""

from __future__ import annotations

from pathlib import Path

import core.live


def test_core_names_no_tournament_group() -> None:
    """core/live.py named the tournaments' groups, though core serves every app and
    knows none above it (code review F9): tournaments names its own (tournaments.live)."""
    assert "tournament" not in Path(core.live.__file__).read_text().lower()
