"""Rather Silly: the Borg, monsters, llamas, the Mont Blanc tunnel and the hyperspace vote;
the odd unit kinds; and the four roles (the Fool, the Superbrain, the Doctor, the
Fortune-teller)."""

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
