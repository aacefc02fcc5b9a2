"""Rather Silly: the Borg, monsters, llamas, the Mont Blanc tunnel and the hyperspace vote
(part 1; the unit kinds and the four roles are part 2)."""

from adjudicator.variants.rather_silly.rules import (
    LLAMAS,
    MONSTER,
    ROLES,
    SEASON_STEPS,
    Distract,
    Explode,
    Herd,
    Override,
    Predict,
    Raise,
    RatherSilly,
    Seduce,
    SellSoul,
    Vote,
)

__all__ = [
    "LLAMAS",
    "MONSTER",
    "ROLES",
    "SEASON_STEPS",
    "Distract",
    "Explode",
    "Herd",
    "Override",
    "Predict",
    "Raise",
    "RatherSilly",
    "Seduce",
    "SellSoul",
    "Vote",
]
