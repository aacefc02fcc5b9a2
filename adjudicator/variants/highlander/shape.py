"""What Highlander keeps in a position's extras: where the secret nomination stands
(rule 3.5), in the nomination phases only (:class:`.rules.NominationState`; left out, round
1 with the first list of 15). Whether a count fits the centers left to name is the
nomination's own check (:meth:`.rules.Highlander.nomination_state`)."""

from __future__ import annotations

from adjudicator.shapes import CENTER, Id, ListOf, Whole, extras

EXTRAS = extras(
    {
        "round": Whole(1),
        "excluded": ListOf(Id(CENTER)),
        "count": Whole(1),
    },
    notes={
        "round": "the nomination round, from 1",
        "excluded": "the centers named in earlier rounds, which no list may name again",
        "count": "how many centers each list names this round",
    },
)
