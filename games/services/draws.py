"""Draws are one of the players' votes: the rule lives in games.services.votes, and
``draw_vote`` is kept here for the callers that name this module."""

from __future__ import annotations

from games.services.votes import draw_vote

__all__ = ["draw_vote"]
