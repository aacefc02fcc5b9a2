"""What Rather Silly keeps in a position's extras (docs/rather_silly.md): the creatures
that are no units of the core (the Borg, the herds, the flocks, the TARDIS), the hyperspace
link, the marks on units, the Superbrain's question and shares, the twins, the fifth fleets.
Each key is there only while it has something to say."""

from __future__ import annotations

from adjudicator.shapes import (
    LOCATION,
    POWER,
    PROVINCE,
    SEASON,
    Choice,
    Id,
    IdKind,
    ListOf,
    MapOf,
    Nullable,
    Pattern,
    Record,
    Text,
    UnitKey,
    Whole,
    extras,
)
from adjudicator.variants.rather_silly.devils import DEVIL_SEASONS

#: The seats: the great powers and, with the option ``roles``, the four roles.
SEAT = IdKind(
    "seat", "a great power, or one of the roles: fool, superbrain, doctor, fortune_teller"
)
#: Whose a unit is: a seat, or the monsters.
OWNER = IdKind("owner", "whose a unit is: a seat, or the monsters (monster)")

#: The herds each great power settles in Winter 1900.
HERDS_EACH = 3

#: A hyperspace link and the season it is in force in (``null``: no link that season).
_LINK = Record(required={"season": SEASON, "link": Nullable(ListOf(Id(PROVINCE), low=2, high=2))})
#: A share of the Superbrain's, as a fraction in text (``"1/2"``, ``"1"``).
_SHARE = Pattern(r"[0-9]{1,9}(/0*[1-9][0-9]{0,8})?", 'a fraction as text ("1/2")')

EXTRAS = extras(
    {
        "borg": Nullable(Id(PROVINCE)),
        "llamas": MapOf(Id(POWER), ListOf(Id(PROVINCE), high=HERDS_EACH)),
        "hyperspace": Record(optional={"now": _LINK, "next": _LINK}),
        "space_monsters": ListOf(Whole(1901, 99999)),
        "birds": ListOf(
            Record(
                required={"power": Id(SEAT), "province": Id(PROVINCE)},
                optional={"carrying": Nullable(Id(OWNER))},
            )
        ),
        "tardis": Record(optional={"province": Nullable(Id(PROVINCE)), "points": Whole(0)}),
        "kinds": MapOf(UnitKey(OWNER), Choice(("amazon", "dirtbag", "extra", "fifth_fleet"))),
        "devils": MapOf(UnitKey(OWNER), Whole(1, DEVIL_SEASONS)),
        "shares": MapOf(Id(SEAT), _SHARE),
        "third_prediction": SEASON,
        "question": Record(required={"season": SEASON, "text": Text()}),
        "answers": MapOf(Id(SEAT), Record(required={"answer": Text()})),
        "places_due": Whole(0),
        "twins": MapOf(Id(SEAT), ListOf(Id(LOCATION), low=2, high=2)),
        "twins_built": ListOf(Id(SEAT)),
        "fleets_built": MapOf(Id(SEAT), Whole(0)),
    },
    notes={
        "borg": "the Borg's province, or null before it appears",
        "llamas": "each great power's herds, one province a herd (secret: a host shows each "
        "power its own alone)",
        "hyperspace": "the hyperspace links",
        "hyperspace.now": "the link in force in that season's phases",
        "hyperspace.next": "the one this season's votes chose, in force once that season's "
        "movement opens",
        "space_monsters": "the years after whose fall a space monster has landed",
        "birds": "the flocks: whose, where, and whose army is aboard (sorted by province, "
        "then power)",
        "tardis": "the TARDIS; no key before it has come",
        "tardis.province": "where it is (null: in hyperspace)",
        "tardis.points": "the Doctor's victory points",
        "kinds": "marked units by power and location: Amazons, rogue armies, the "
        "Superbrain's extra units, fifth fleets",
        "devils": "devil units by power and location, with the seasons of double strength left",
        "shares": "the Superbrain's shares each seat holds",
        "third_prediction": "the season in which the Fortune-teller foretells a third bounce",
        "question": "the Superbrain's question of the season, public",
        "question.season": "the season it was asked in",
        "answers": "the Superbrain's own answer to it (secret: a host shows it to him alone)",
        "places_due": "units the Superbrain may still place in Iceland or Crete",
        "twins": "each player's Siamese twins, by their locations",
        "twins_built": "the players that have built their twins (once a game)",
        "fleets_built": "the fleets each player (a role seat too) has built, for the fifth fleet",
    },
)
