"""What Multiple Void keeps in a position's extras: the draft's record (:mod:`.draft`),
written by each pick and kept for the rest of the game. Whether the counts agree with each
other and with the units placed is the draft's own check
(:meth:`.draft.DraftState.from_extras`)."""

from __future__ import annotations

from adjudicator.shapes import POWER, Id, ListOf, Whole, extras

#: A round's turn order: colours.
_ORDER = ListOf(Id(POWER))

EXTRAS = extras(
    {
        "round": Whole(1),
        "turn": Whole(0),
        "order": _ORDER,
        "rounds": ListOf(_ORDER, low=1),
        "picks": Whole(0),
    },
    notes={
        "round": "the draft's round, from 1",
        "turn": "the index in `order` of the colour whose pick it is (its length once the "
        "draft is over)",
        "order": "the current round's turn order (the last of `rounds`)",
        "rounds": "each round's turn order so far: round 1 in colour order, each later one "
        "drawn by lot",
        "picks": "the units placed so far",
    },
)
