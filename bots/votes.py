"""How a bot answers the votes its fellow players propose: the same answer every time for
the same position (nothing is drawn at random), and one a player would find fair.

- **A draw** is accepted unless the bot is well on its way to winning alone: it holds at
  least :data:`LEAD_TO_PLAY_ON` more supply centers than any other power. A bot that is
  behind, level or only a little ahead takes the draw.
- **Cancelling the game** (the site allows it in the first game year only) is accepted:
  a player who wants to start again is not held to a practice game.
- **A pause, and its end**, are accepted: a bot has all the time there is.
- **Conceding** is refused: a bot never gives up (and the site decides a concession by
  the conceding player's own vote, so it never asks a bot to agree).

The kinds are the site's words for them (its votes API): ``draw``, ``cancel``, ``pause``,
``resume``, ``concede``. A kind the bot does not know is refused.
"""

from __future__ import annotations

from collections import Counter

from adjudicator import Position

#: A bot this many supply centers ahead of every other power plays on for the win.
LEAD_TO_PLAY_ON = 3

DRAW = "draw"
CANCEL = "cancel"
PAUSE = "pause"
RESUME = "resume"
CONCEDE = "concede"
#: The kinds of vote a bot agrees to whatever the position.
ALWAYS_ACCEPTED = frozenset({CANCEL, PAUSE, RESUME})


def centers_held(position: Position) -> Counter[str]:
    """Each power's supply centers in ``position``."""
    return Counter(position.ownership.values())


def vote_answer(position: Position, power: str, kind: str) -> bool:
    """The bot's vote, for ``power``, on a vote of ``kind`` proposed in ``position``:
    True to accept, False to refuse (the rules are the module's)."""
    if kind in ALWAYS_ACCEPTED:
        return True
    if kind != DRAW:
        return False
    held = centers_held(position)
    own = held.get(power, 0)
    best_other = max((n for p, n in held.items() if p != power), default=0)
    return own - best_other < LEAD_TO_PLAY_ON
