"""How a bot answers votes (bots/votes.py): each rule as a scenario named after it."""

from __future__ import annotations

import pytest

from adjudicator import Position
from bots import vote_answer
from bots.votes import LEAD_TO_PLAY_ON
from tests.bots.boards import STANDARD, board


def _holding(counts: dict[str, int]) -> dict[str, list[str]]:
    """Centers for each power, taken from the standard board's list in order."""
    centers = sorted(STANDARD.map.supply_centers)
    held: dict[str, list[str]] = {}
    for power, n in counts.items():
        held[power], centers = centers[:n], centers[n:]
    return held


def _position(counts: dict[str, int]) -> Position:
    return board("W1905A", {}, centers=_holding(counts))


def test_a_bot_behind_accepts_a_draw() -> None:
    position = _position({"france": 5, "germany": 9, "england": 4})
    assert vote_answer(position, "france", "draw") is True


def test_a_bot_level_or_a_little_ahead_accepts_a_draw() -> None:
    a_little = LEAD_TO_PLAY_ON - 1
    position = _position({"france": 8 + a_little, "germany": 8, "england": 4})
    assert vote_answer(position, "france", "draw") is True
    assert vote_answer(_position({"france": 8, "germany": 8}), "germany", "draw") is True


def test_a_bot_well_ahead_of_every_other_power_plays_on_for_the_win() -> None:
    position = _position({"france": 8 + LEAD_TO_PLAY_ON, "germany": 8, "england": 4})
    assert vote_answer(position, "france", "draw") is False
    # The others, behind it, take the draw.
    assert vote_answer(position, "germany", "draw") is True


def test_a_bot_with_no_centers_left_accepts_a_draw() -> None:
    assert vote_answer(_position({"germany": 12}), "france", "draw") is True


@pytest.mark.parametrize("kind", ["cancel", "pause", "resume"])
def test_a_bot_agrees_to_cancel_pause_and_resume_whatever_the_board(kind: str) -> None:
    far_ahead = _position({"france": 16, "germany": 2})
    assert vote_answer(far_ahead, "france", kind) is True
    assert vote_answer(far_ahead, "germany", kind) is True


@pytest.mark.parametrize("kind", ["concede", "surrender", ""])
def test_a_bot_never_concedes_nor_agrees_to_a_kind_it_does_not_know(kind: str) -> None:
    assert vote_answer(_position({"france": 1, "germany": 17}), "france", kind) is False


def test_the_answer_is_the_same_every_time() -> None:
    position = _position({"france": 10, "germany": 8})
    assert {vote_answer(position, "france", "draw") for _ in range(20)} == {True}
