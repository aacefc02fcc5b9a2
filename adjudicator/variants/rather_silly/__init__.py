"""Rather Silly: the Borg, monsters, llamas, the Mont Blanc tunnel and the hyperspace vote;
the odd unit kinds; and the four roles (the Fool, the Superbrain, the Doctor, the
Fortune-teller)."""

from adjudicator.variants.rather_silly.devils import SellSoul
from adjudicator.variants.rather_silly.fool import Override
from adjudicator.variants.rather_silly.fortune_teller import Predict
from adjudicator.variants.rather_silly.rules import (
    LLAMAS,
    MONSTER,
    ROLES,
    SEASON_STEPS,
    Explode,
    Herd,
    RatherSilly,
    Vote,
)
from adjudicator.variants.rather_silly.specials import Distract, Raise, Seduce

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
