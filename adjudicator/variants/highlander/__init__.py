"""Highlander: Diplomacy for two, with secret nomination and twin-board duels."""

from adjudicator.variants.highlander.duel import (
    DuelRule,
    DuelStage,
    DuelState,
    board_winner,
    duel_after_movement_turn,
    invert_setup,
)
from adjudicator.variants.highlander.rules import Highlander, NominationRule, NominationState

__all__ = [
    "DuelRule",
    "DuelStage",
    "DuelState",
    "Highlander",
    "NominationRule",
    "NominationState",
    "board_winner",
    "duel_after_movement_turn",
    "invert_setup",
]
