"""The random source of a phase's events: one per named event, from the phase's seed.

The adjudicator has no global random: every random event takes the seed its phase was
given (the site stores it with the phase, so a moderator can replay and audit it). Two
events of one phase draw from sources of their own, so adding a draw to one never
changes another.
"""

from __future__ import annotations

import random


def chance(seed: int, event: str) -> random.Random:
    """The random source of ``event`` (a name, such as ``"storm"``) in the phase seeded
    ``seed``; the same seed and name give the same draws on every machine.

    >>> chance(7, "storm").random() == chance(7, "storm").random()
    True
    >>> chance(7, "storm").random() == chance(7, "borg").random()
    False
    """
    return random.Random(f"{seed}:{event}")
