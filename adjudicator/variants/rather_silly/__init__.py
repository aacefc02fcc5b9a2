"""Rather Silly: the Borg, monsters, llamas, the Mont Blanc tunnel and the hyperspace vote;
the odd unit kinds; and the four roles (the Fool, the Superbrain, the Doctor, the
Fortune-teller)."""

from adjudicator.variants.rather_silly.devils import SellSoul
from adjudicator.variants.rather_silly.fool import Override
from adjudicator.variants.rather_silly.fortune_teller import Predict
from adjudicator.variants.rather_silly.hyperspace import Vote
from adjudicator.variants.rather_silly.llamas import LLAMAS, Explode, Herd
from adjudicator.variants.rather_silly.rules import (
    ADJUSTMENT_STEPS,
    MONSTER,
    RETREAT_STEPS,
    ROLES,
    SEASON_STEPS,
    RatherSilly,
)
from adjudicator.variants.rather_silly.specials import Distract, Raise, Seduce

__all__ = [
    "ADJUSTMENT_STEPS",
    "LLAMAS",
    "MONSTER",
    "RETREAT_STEPS",
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
