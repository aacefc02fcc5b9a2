"""Rather Silly Diplomacy (Jeremy Maiden and Peter Sullivan; German by Ulrich Degwitz, 2008).
The standard board with the Borg, sea and space monsters, llamas, the Mont Blanc tunnel
and the hyperspace vote; the odd unit kinds (devil units, Amazons and rogue armies here;
birds in :mod:`.birds`, Siamese twins in :mod:`.twins`, the fifth fleet, an option, in
:mod:`.fifth_fleet`); and, with the option ``roles``, the four roles: the Fool, the
Fortune-teller and the Superbrain here, the Doctor and his TARDIS in :mod:`.doctor`.

A season runs as the rules' "Spielablauf" orders it, each step named in code
(:data:`SEASON_STEPS`) and told in the results:

 1. conventional units, birds, TARDIS and monsters move at once (the core's resolver;
    the monsters' orders are the variant's, :meth:`RatherSilly.standing_orders`; Siamese
    twins support each other without an order, and die once parted: :mod:`.twins`; the
    birds fly, carry and flee first of the variant's steps, an army aboard a flock having
    held with strength 0 meanwhile: :mod:`.birds`);
 2. fortune-teller merges; 3. devil units normalise (the Doctor's exorcisms first);
 4. new soul sales;
 5. the Borg moves and eats; 6. llamas explode where ordered;
 7. retreats (the core's phase; monsters retreat by the variant's choice);
 8. monsters appear (as the next phase opens: sea monsters after the spring's retreats,
    space monsters after the fall's);
 9. after the fall: supply-center adjustments (a center under the Borg turns neutral;
    Siamese twins built, once a game);
10. Superbrain answers judged, extra units built;
11. the hyperspace link replaced: the votes given with this season's orders pick the link
    of the next season.

Winter 1900 (phase ``W1900L``) is the llamas' placement: each great power settles three
herds in provinces without a supply center, in secret; the first hyperspace vote is given
with it. Every random choice draws from the phase's seed (:func:`adjudicator.chance.chance`),
so a stored season replays exactly.

The position keeps the creatures in its extras (documented in docs/rather_silly.md): the
Borg's province (``"borg"``), the herds (``"llamas"``: power -> provinces, one entry a
herd; secret to all but their owner, which the host keeps so), the hyperspace link in force
and the one chosen for the next season (``"hyperspace"``), and the years space monsters
have landed for (``"space_monsters"``). Monsters are units of the power ``"monster"``: a
sea monster is a fleet, a space monster an army, each of strength 2. Flocks of birds share
provinces, so they are no units of the core either: ``"birds"`` keeps them (:mod:`.birds`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from adjudicator.board import (
    FrozenMap,
    Phase,
    PhaseKind,
    Position,
    Season,
    Unit,
    UnitKind,
    province_of,
)
from adjudicator.chance import chance
from adjudicator.errors import ParseError, PositionError
from adjudicator.maps import GameMap, Terrain
from adjudicator.orders import (
    Convoy,
    Hold,
    Move,
    MovementOrder,
    Order,
    Retreat,
    Support,
    UnitRef,
    VariantOrder,
    parse_order,
)
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.base import DecisionRequest, Variant
from adjudicator.variants.rather_silly import birds, fifth_fleet
from adjudicator.variants.rather_silly.creatures import (
    BorgStep,
    amphibious,
    borg_step,
    landing_site,
    link_count,
    monster_move,
    monster_retreat,
)
from adjudicator.variants.rather_silly.doctor import (
    DOCTOR,
    DOCTOR_POINTS_TO_WIN,
    TARDIS_ORDERS,
    doctor_score,
    exorcisms,
    tardis_center,
    tardis_legal_orders,
    tardis_moves,
)
from adjudicator.variants.rather_silly.twins import (
    Twins,
    twin_supports,
    twin_toughness,
    twins_after_adjustments,
    twins_after_moves,
    twins_after_retreats,
    twins_as_builds,
    twins_counted,
    twins_held,
    twins_legal_orders,
    twins_raised,
)
from adjudicator.wording import declare_problem, problem_words

LLAMAS = PhaseKind.declare("L", "llama placement")
#: The power of the monsters' units (sea monsters are fleets, space monsters armies).
MONSTER = "monster"
#: The four roles: seats of their own (with the option ``roles``) that vote for the link.
ROLES = ("fool", "superbrain", "doctor", "fortune_teller")
#: The five provinces around Switzerland: the Mont Blanc tunnel joins each to the others,
#: for armies and the Borg.
TUNNEL = ("bur", "mar", "mun", "pie", "tyr")
HERDS_EACH = 3
#: The Fool wins if the game reaches this year.
FOOL_YEAR = 1921
FORTUNE_TELLER = "fortune_teller"
#: Bounces the Fortune-teller predicts a season (three after a correct Superbrain
#: answer).
PREDICTIONS_EACH = 2
#: The seasons a devil unit keeps its double strength after the sale.
DEVIL_SEASONS = 2
#: The special armies: an Amazon and a dirtbag army per five supply centers, each.
AMAZON, DIRTBAG = "amazon", "dirtbag"
CENTERS_PER_SPECIAL = 5
#: Where an Amazon's "seduce all" pulls every other army and fleet.
COPENHAGEN = "den"
SUPERBRAIN = "superbrain"
#: The marked units that need no supply center (and sell no soul): the special armies and
#: the Superbrain's extra units.
NO_CENTER_NEEDED = ("amazon", "dirtbag", "extra")
#: The marked units no Amazon seduces: the special armies and the fifth fleet.
SEDUCTION_PROOF = ("amazon", "dirtbag", "fifth_fleet")
MONSTER_STRENGTH = 2

#: The steps of a season, in the rules' order.
SEASON_STEPS = (
    "movement",
    "fortune_teller_merges",
    "devil_units_normalise",
    "souls_sold",
    "borg",
    "llamas_explode",
    "retreats",
    "monsters_appear",
    "adjustments",
    "superbrain_answers",
    "hyperspace_link",
)

HERD_SETTLED = Reason.declare("herd_settled", "a herd of llamas settled in {province}")
HERD_ON_CENTER = Reason.declare(
    "herd_on_center", "llamas never settle in a supply center ({province})"
)
HERD_TOO_MANY = Reason.declare("herd_too_many", "a great power settles three herds, no more")
HERD_NONE = Reason.declare("herd_none", "you have no herd of llamas in {province}")
LLAMAS_EXPLODED = Reason.declare("llamas_exploded", "the llamas in {province} exploded")
BLOWN_UP = Reason.declare(
    "blown_up_by_llamas", "{unit} ({owner}) was destroyed by exploding llamas in {province}"
)
BORG_APPEARED = Reason.declare("borg_appeared", "the Borg appeared in {province}")
BORG_MOVED = Reason.declare("borg_moved", "the Borg moved to {province}")
BORG_STAYED = Reason.declare("borg_stayed", "the Borg stayed in {province}")
BORG_DRAWN = Reason.declare(
    "borg_drawn", "the Borg went to {province}: level with others, drawn by lot"
)
BORG_ATE = Reason.declare("borg_ate", "the Borg ate {unit} ({owner}) in {province}")
BORG_NEUTRAL = Reason.declare(
    "borg_neutralised", "{province} is neutral: the Borg was there at the adjustments"
)
SEA_MONSTER = Reason.declare("sea_monster_appeared", "a sea monster appeared in {location}")
SPACE_MONSTER = Reason.declare(
    "space_monster_appeared", "a space monster fell to earth in {location}"
)
LINK_CHOSEN = Reason.declare(
    "hyperspace_link",
    "the hyperspace link of {season} joins {source} and {dest} ({votes} votes)",
)
LINK_DRAWN = Reason.declare(
    "hyperspace_link_drawn",
    "the hyperspace link of {season} joins {source} and {dest} ({votes} votes, level with "
    "others: drawn by lot)",
)
NO_LINK = Reason.declare("no_hyperspace_link", "no hyperspace link in {season}: no votes")
VOTE_COUNTED = Reason.declare("vote_counted", "the vote was counted")
VOTE_REPLACED = Reason.declare("vote_replaced", "replaced by a later vote")
LINK_NOWHERE = Reason.declare(
    "link_nowhere", "no unit can pass between {source} and {dest}: the vote is void"
)
FOOL_OVERRIDE = Reason.declare(
    "fool_override", "the Fool gave {unit} ({owner}) its order this season"
)
OVERRIDDEN = Reason.declare("overridden_by_fool", "overridden by the Fool")
FOOL_ONCE = Reason.declare(
    "fool_once", "the Fool commands one unit a season (more with the Superbrain's shares)"
)
FOOL_NO_UNIT = Reason.declare("fool_no_unit", "no unit of a great power at {province}")
FOOL_OTHER_POWER = Reason.declare(
    "fool_other_power", "the Fool's further units belong to other powers than his first"
)
PREDICTION_RIGHT = Reason.declare(
    "prediction_right", "the bounce in {province} was foretold: the units there merge into {unit}"
)
PREDICTION_MISSED = Reason.declare("prediction_missed", "no bounce in {province}")
PREDICTION_LIMIT = Reason.declare(
    "prediction_limit", "the Fortune-teller foretells two bounces a season"
)
MERGED = Reason.declare(
    "merged_by_fortune_teller",
    "{unit} ({owner}) merged into the Fortune-teller's unit in {province}",
)
SOUL_SOLD = Reason.declare(
    "soul_sold", "{unit} sold its soul: double strength for the next two seasons"
)
SOUL_NOT_FOR_SALE = Reason.declare(
    "soul_not_for_sale", "only a great power's own army or fleet can sell its soul"
)
DEVIL_NORMAL = Reason.declare("devil_normal", "{unit} is itself again: its two seasons are over")
DEVIL_LOST = Reason.declare(
    "devil_lost",
    "{unit} had sold its soul and is gone: {other} is disbanded to keep the soul",
)
SPECIAL_RAISED = Reason.declare("special_raised", "{unit} raised ({kind})")
SPECIAL_NOT_DUE = Reason.declare(
    "special_not_due", "one {kind} per five supply centers: none is due now"
)
SPECIAL_NO_SITE = Reason.declare("special_no_site", "{province} is not a free home center of yours")
SPECIAL_DISBANDED = Reason.declare(
    "special_disbanded", "{unit} disbanded: one {kind} per five supply centers"
)
SEDUCED = Reason.declare("seduced", "{unit} ({owner}) is seduced and moves to her")
SEDUCED_AWAY = Reason.declare("seduced_away", "overridden: the unit was seduced")
COPENHAGEN_EFFECT = Reason.declare(
    "copenhagen", "every other army and fleet moves one step toward Denmark"
)
SEDUCE_CANCELLED = Reason.declare(
    "seduce_cancelled", "cancelled: a rogue army next to her distracts her"
)
NOT_IN_DENMARK = Reason.declare("not_in_denmark", "only an Amazon in Denmark seduces all")
NOT_SEDUCIBLE = Reason.declare(
    "not_seducible", "no army or fleet there that could move to her province"
)
NOT_AN_AMAZON = Reason.declare("not_an_amazon", "only an Amazon seduces")
NOT_A_DIRTBAG = Reason.declare("not_a_dirtbag", "only a rogue army distracts")
DISTRACTING = Reason.declare("distracting", "the Amazons next to it are distracted")
QUESTION_ASKED = Reason.declare("question_asked", "the Superbrain asks: {question}")
ANSWER_KEPT = Reason.declare("answer_kept", "the right answer is kept until the replies are judged")
REPLY_RIGHT = Reason.declare("reply_right", "right: a share of {share} of an extra unit")
REPLY_WRONG = Reason.declare("reply_wrong", "not right")
REPLY_THIRD_PREDICTION = Reason.declare(
    "reply_third_prediction", "right: the Fortune-teller foretells three bounces next season"
)
NOBODY_RIGHT = Reason.declare(
    "nobody_right", "nobody answered right: the Superbrain may place a unit in Iceland or Crete"
)
ONLY_SUPERBRAIN = Reason.declare("only_superbrain", "only the Superbrain asks the question")
SUPERBRAIN_MISSED = Reason.declare(
    "superbrain_missed", "no question this season: every other seat gets a share of {share}"
)
EXTRA_BUILT = Reason.declare(
    "extra_built", "{unit} built with the Superbrain's shares (it needs no center)"
)
EXTRA_REFUSED = Reason.declare(
    "extra_refused",
    "an extra unit needs a whole share, a free home center, and comes one a season",
)
PLACED = Reason.declare("superbrain_placed", "the Superbrain placed {unit}")
PLACE_REFUSED = Reason.declare(
    "place_refused", "the Superbrain places a unit in Iceland or Crete when nobody was right"
)
NO_QUESTION = Reason.declare("no_question", "there is no question to reply to this season")
declare_problem("herd_shape", "a llama order reads: herd boh, explode boh")
declare_problem("text_shape", "write the words after it: ask …, answer …, reply …")
declare_problem("extra_shape", "an extra unit reads: extra A par (the Superbrain's: place F ice)")
declare_problem("special_shape", "a special army is raised so: amazon par, rogue mun")
declare_problem("seduce_shape", "a seduction reads: A par seduce A bur (or A den seduce all)")
declare_problem("sell_shape", "a sale of a soul reads: sell A par")
declare_problem("override_shape", "the Fool's order reads: override A par - bur")
declare_problem("predict_shape", "a prediction reads: predict bur (or predict bur F)")
declare_problem("vote_shape", "a vote reads: vote lon - par")


def _located(token: str, text: str, game_map: GameMap, *, coast_ok: bool = True) -> str:
    """The location ``token`` names on the map (never a coast, unless ``coast_ok``).

    Raises:
        ParseError: ``unknown_province``, as the core's reader says it.
    """
    location = game_map.lookup(token)
    if location is None or (not coast_ok and "/" in location):
        raise ParseError(
            problem_words("unknown_province", {"token": token}, game_map),
            text,
            "unknown_province",
            {"token": token},
        )
    return location


def _province_word(text: str, word: str, game_map: GameMap, problem: str) -> str | None:
    """``<word> <province>`` read to a province id; None if ``text`` is another order."""
    words = text.lower().split()
    if not words or words[0] != word:
        return None
    if len(words) != 2:
        raise ParseError(problem_words(problem, {}, game_map), text, problem)
    return _located(words[1], text, game_map, coast_ok=False)


@dataclass(frozen=True, slots=True)
class ProvinceOrder(VariantOrder):
    """An order naming one province after its word (``herd boh``, ``explode boh``)."""

    word: ClassVar[str] = ""
    province: str

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> ProvinceOrder | None:
        found = _province_word(text, cls.word, game_map, "herd_shape")
        return cls(found) if found is not None else None

    def __str__(self) -> str:
        return f"{self.word} {self.province}"

    @property
    def where(self) -> str:
        return self.province


@dataclass(frozen=True, slots=True)
class Herd(ProvinceOrder):
    """Settle a herd of llamas (Winter 1900): ``herd boh``."""

    replaces: ClassVar[str] = "none"  # two herds may settle in one province

    word: ClassVar[str] = "herd"
    phase_kinds = frozenset({LLAMAS})


@dataclass(frozen=True, slots=True)
class Explode(ProvinceOrder):
    """Blow up one of your herds after the Borg's step (rule: Lama): ``explode boh``."""

    replaces: ClassVar[str] = "none"

    word: ClassVar[str] = "explode"
    phase_kinds = frozenset({PhaseKind.MOVEMENT})


@dataclass(frozen=True, slots=True)
class Vote(VariantOrder):
    """A vote for the next season's hyperspace link: ``vote lon - par`` (the provinces in
    the order written; the link has no direction)."""

    replaces: ClassVar[str] = "season"  # the last vote counts

    source: str
    dest: str
    phase_kinds = frozenset({PhaseKind.MOVEMENT, LLAMAS})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Vote | None:
        words = text.lower().replace("-", " - ").split()
        if not words or words[0] != "vote":
            return None
        if len(words) != 4 or words[2] != "-":
            raise ParseError(problem_words("vote_shape", {}, game_map), text, "vote_shape")
        ends = [province_of(_located(token, text, game_map)) for token in (words[1], words[3])]
        if ends[0] == ends[1]:
            raise ParseError(problem_words("vote_shape", {}, game_map), text, "vote_shape")
        return cls(ends[0], ends[1])

    def __str__(self) -> str:
        return f"vote {self.source} - {self.dest}"

    @property
    def link(self) -> tuple[str, str]:
        a, b = sorted((self.source, self.dest))
        return a, b


@dataclass(frozen=True, slots=True)
class Override(VariantOrder):
    """The Fool's order for another power's unit this season: ``override A par - bur``
    (any movement order for the unit standing there, in the core's notation)."""

    order: Hold | Move | Support | Convoy
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Override | None:
        words = text.split(None, 1)
        if not words or words[0].lower() != "override":
            return None
        if len(words) != 2:
            raise ParseError(problem_words("override_shape", {}, game_map), text, "override_shape")
        # Read without the board: whether a unit stands there is the Fool's step's to say.
        inner = parse_order(words[1], game_map)
        if not isinstance(inner, (Hold, Move, Support, Convoy)):
            raise ParseError(problem_words("override_shape", {}, game_map), text, "override_shape")
        return cls(inner)

    def __str__(self) -> str:
        return f"override {self.order}"

    @property
    def where(self) -> str:
        return self.order.unit.province


@dataclass(frozen=True, slots=True)
class SellSoul(VariantOrder):
    """Sell a unit's soul to the devil (step 4, after this season's moves): ``sell A par``
    names the unit where it stands as the season begins; wherever it ends the season, it
    has double strength for the next two."""

    unit: UnitRef
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> SellSoul | None:
        words = text.split()
        if not words or words[0].lower() != "sell":
            return None
        if len(words) != 3 or words[1].upper() not in ("A", "F"):
            raise ParseError(problem_words("sell_shape", {}, game_map), text, "sell_shape")
        location = _located(words[2], text, game_map)
        return cls(UnitRef(UnitKind(words[1].upper()), location))

    def __str__(self) -> str:
        return f"sell {self.unit}"

    @property
    def where(self) -> str:
        return self.unit.province


@dataclass(frozen=True, slots=True)
class Raise(VariantOrder):
    """Raise an Amazon or a dirtbag army in a free home center at the adjustments:
    ``amazon par``, ``dirtbag mun`` (one of each per five supply centers)."""

    slot_name: ClassVar[str] = "raise"

    kind: str
    province: str
    phase_kinds = frozenset({PhaseKind.ADJUSTMENTS})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Raise | None:
        words = text.lower().split()
        if not words or words[0] not in (AMAZON, DIRTBAG, "rogue"):
            return None
        if len(words) != 2:
            raise ParseError(problem_words("special_shape", {}, game_map), text, "special_shape")
        province = _located(words[1], text, game_map, coast_ok=False)
        return cls(DIRTBAG if words[0] == "rogue" else words[0], province)

    def __str__(self) -> str:
        return f"{'rogue' if self.kind == DIRTBAG else self.kind} {self.province}"

    @property
    def where(self) -> str:
        return self.province


@dataclass(frozen=True, slots=True)
class Seduce(VariantOrder):
    """An Amazon's order: ``A par seduce A bur`` (the unit moves to Paris, whatever it was
    ordered), or in Denmark ``A den seduce all``."""

    replaces: ClassVar[str] = "unit"  # the Amazon's order

    amazon: UnitRef
    target: UnitRef | None
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Seduce | None:
        words = text.split()
        if len(words) < 3 or words[2].lower() != "seduce":
            return None

        def unit(kind: str, where: str) -> UnitRef:
            location = game_map.lookup(where)
            if kind.upper() not in ("A", "F") or location is None:
                raise ParseError(problem_words("seduce_shape", {}, game_map), text, "seduce_shape")
            return UnitRef(UnitKind(kind.upper()), location)

        amazon = unit(words[0], words[1])
        if len(words) == 4 and words[3].lower() == "all":
            return cls(amazon, None)
        if len(words) != 5:
            raise ParseError(problem_words("seduce_shape", {}, game_map), text, "seduce_shape")
        return cls(amazon, unit(words[3], words[4]))

    def __str__(self) -> str:
        return f"{self.amazon} seduce {self.target if self.target else 'all'}"

    @property
    def where(self) -> str:
        return self.amazon.province


@dataclass(frozen=True, slots=True)
class Distract(VariantOrder):
    """A dirtbag army's order: ``A ruh distract``: every Amazon next to it is distracted,
    and her seduce order cancelled."""

    replaces: ClassVar[str] = "unit"

    unit: UnitRef
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Distract | None:
        words = text.split()
        if len(words) != 3 or words[2].lower() != "distract":
            return None
        location = game_map.lookup(words[1])
        if words[0].upper() != "A" or location is None:
            raise ParseError(problem_words("seduce_shape", {}, game_map), text, "seduce_shape")
        return cls(UnitRef(UnitKind.ARMY, location))

    def __str__(self) -> str:
        return f"{self.unit} distract"

    @property
    def where(self) -> str:
        return self.unit.province


@dataclass(frozen=True, slots=True)
class Said(VariantOrder):
    """Words given as an order: the Superbrain's ``ask …`` and ``answer …`` (kept secret
    until the replies are judged), a player's ``reply …``."""

    replaces: ClassVar[str] = "season"

    verb: ClassVar[str] = ""
    text: str
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Said | None:
        head, _, rest = text.strip().partition(" ")
        if head.lower() != cls.verb:
            return None
        words = " ".join(rest.split())
        if not words or len(words) > 500:
            raise ParseError(problem_words("text_shape", {}, game_map), text, "text_shape")
        return cls(words)

    def __str__(self) -> str:
        return f"{self.verb} {self.text}"


@dataclass(frozen=True, slots=True)
class Ask(Said):
    verb: ClassVar[str] = "ask"


@dataclass(frozen=True, slots=True)
class AnswerIs(Said):
    verb: ClassVar[str] = "answer"


@dataclass(frozen=True, slots=True)
class Reply(Said):
    verb: ClassVar[str] = "reply"


@dataclass(frozen=True, slots=True)
class Extra(VariantOrder):
    """An extra unit bought with the Superbrain's shares: ``extra A par`` (in a spring's
    movement or a winter's adjustments; one a season; no center needed)."""

    unit: UnitRef
    word: ClassVar[str] = "extra"
    phase_kinds = frozenset({PhaseKind.MOVEMENT, PhaseKind.ADJUSTMENTS})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Extra | None:
        words = text.split()
        if not words or words[0].lower() != cls.word:
            return None
        location = game_map.lookup(words[2]) if len(words) == 3 else None
        if len(words) != 3 or words[1].upper() not in ("A", "F") or location is None:
            raise ParseError(problem_words("extra_shape", {}, game_map), text, "extra_shape")
        return cls(UnitRef(UnitKind(words[1].upper()), location))

    def __str__(self) -> str:
        return f"{self.word} {self.unit}"

    @property
    def where(self) -> str:
        return self.unit.province


@dataclass(frozen=True, slots=True)
class Place(Extra):
    """The Superbrain's unit when nobody answered right: ``place F ice``, ``place A cre``."""

    word: ClassVar[str] = "place"
    phase_kinds = frozenset({PhaseKind.MOVEMENT})


@dataclass(frozen=True, slots=True)
class Predict(VariantOrder):
    """The Fortune-teller's prediction of a bounce between units: ``predict bur``; with
    ``predict bur F``, the merged unit is a fleet when armies and fleets are level."""

    province: str
    kind: str = "A"
    phase_kinds = frozenset({PhaseKind.MOVEMENT})

    @classmethod
    def read(
        cls, text: str, game_map: GameMap, position: Position | None, power: str | None
    ) -> Predict | None:
        words = text.split()
        if not words or words[0].lower() != "predict":
            return None
        if len(words) not in (2, 3) or (len(words) == 3 and words[2].upper() not in "AF"):
            raise ParseError(problem_words("predict_shape", {}, game_map), text, "predict_shape")
        province = province_of(_located(words[1], text, game_map))
        return cls(province, words[2].upper() if len(words) == 3 else "A")

    def __str__(self) -> str:
        return f"predict {self.province}" + (" F" if self.kind == "F" else "")

    @property
    def where(self) -> str:
        return self.province


class RatherSilly(Variant):
    id = "rather_silly"
    name = "Rather Silly"
    aliases = ("rather-silly", "rathersilly", "rs")
    #: The standard board with Iceland and Crete, build-only islands (for the Superbrain's
    #: units): no unit may move or retreat into them.
    map_id = "rather_silly"
    created_by = "Jeremy Maiden and Peter Sullivan; German by Ulrich Degwitz (2008)"
    rules_text = __doc__ or ""
    player_counts = (7, 11)
    option_defaults = FrozenMap({"roles": False, "fifth_fleet": False})
    setup_phases = ((Season.WINTER, LLAMAS),)
    phase_kinds = (LLAMAS,)
    order_kinds = (
        Herd,
        Explode,
        Vote,
        Override,
        Predict,
        SellSoul,
        Raise,
        Seduce,
        Distract,
        Ask,
        AnswerIs,
        Reply,
        Extra,
        Place,
        *TARDIS_ORDERS,
        Twins,
        *birds.ORDER_KINDS,
    )
    creatures = (MONSTER,)
    other_order_givers = ROLES
    #: The herds are each power's secret: where they settle, and the results that say so.
    owned_extras = frozenset({"llamas", "answers"})
    secret_orders = (Herd, AnswerIs)
    secret_reasons = frozenset({"herd_settled", "herd_on_center", "herd_too_many", "answer_kept"})

    # -- options and seats -----------------------------------------------------------------

    def check_option(self, name: str, value: Any, options: Mapping[str, Any]) -> None:
        if name in ("roles", "fifth_fleet") and not isinstance(value, bool):
            raise PositionError(f"{name} must be true or false", f"options.{name}")

    def seats(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The seven great powers; with option ``roles``, the four role seats too (they
        vote for the hyperspace link and play their roles)."""
        return self.powers + (ROLES if options.get("roles") else ())

    # -- the map in force --------------------------------------------------------------------

    def geography(self, position: Position) -> GameMap:
        """The standard map, the Mont Blanc tunnel (army edges among the five provinces
        around Switzerland) and, in the season it was voted for, the hyperspace link (an
        army edge if armies may stand at both ends, a fleet edge between locations fleets
        may stand at)."""
        return _geography(self.map, _link_in_force(position))

    def borg_graph(self) -> Mapping[str, frozenset[str]]:
        """The Borg's steps: amphibious, coasts merged, with the tunnel (no link)."""
        return _borg_graph(self.map)

    def unit_strength(self, unit: Unit, position: Position) -> int:
        """A monster: 2; a devil unit: double (house rule: its supports count double too);
        an army aboard a flock of birds: 0 (:mod:`.birds`)."""
        if unit.power == MONSTER:
            return MONSTER_STRENGTH
        if birds.is_aboard(position, unit):
            return 0
        key = _key(unit.power, unit.location)
        if _marks(position, "kinds").get(key) in (AMAZON, DIRTBAG):
            return 0
        return 2 if key in _devils(position) else 1

    def support_strength(self, unit: Unit, position: Position) -> int:
        if birds.is_aboard(position, unit):
            return 0
        key = _key(unit.power, unit.location)
        if _marks(position, "kinds").get(key) in (AMAZON, DIRTBAG):
            return 0
        return 2 if key in _devils(position) else 1

    def implicit_supports(
        self, position: Position, orders: Mapping[str, MovementOrder]
    ) -> tuple[tuple[str, str], ...]:
        """Siamese twins support each other without an order (:mod:`.twins`)."""
        return twin_supports(position, orders)

    def support_toughness(self, supporter: Unit, supported: Unit, position: Position) -> int:
        """A support between Siamese twins takes two attacks, or one of strength 2, to cut."""
        return twin_toughness(position, supporter, supported)

    # -- Amazons and dirtbag armies: the count of them ---------------------------------------

    def specials_of(self, position: Position, power: str, kind: str) -> list[str]:
        """Where ``power``'s Amazons (or dirtbag armies) stand."""
        prefix = f"{power} "
        return sorted(
            k[len(prefix) :]
            for k, v in _marks(position, "kinds").items()
            if k.startswith(prefix) and v == kind
        )

    def specials_due(self, position: Position, power: str, kind: str) -> int:
        """How many more Amazons (or dirtbag armies) ``power`` may raise now: one per five
        supply centers, less those it has (negative: too many, the last ones go)."""
        if power not in self.powers:
            return 0
        allowed = len(position.centers_of(power)) // CENTERS_PER_SPECIAL
        return allowed - len(self.specials_of(position, power, kind))

    def adjustment(self, position: Position, power: str) -> int:
        """Builds or disbands of units due, the flocks of birds counted like units (house
        rule, :mod:`.birds`: a power with more units and flocks than centers loses flocks
        first, :func:`.birds.flocks_over` of them)."""
        return birds.flocks_counted(position, power, self.units_adjustment(position, power))

    def units_adjustment(self, position: Position, power: str) -> int:
        """Builds or disbands due, the flocks not counted, the special armies and the
        Superbrain's extra units not counted (they need no center; a fifth fleet does)."""
        specials = sum(
            1
            for k, kind in _marks(position, "kinds").items()
            if k.startswith(f"{power} ") and kind in NO_CENTER_NEEDED
        )
        specials += twins_counted(position, power)  # Siamese twins count as one unit
        return len(position.centers_of(power)) - (len(position.units_of(power)) - specials)

    def flocks_due(self, position: Position, power: str) -> int:
        """How many of ``power``'s flocks of birds go at these adjustments."""
        return birds.flocks_over(position, power, self.units_adjustment(position, power))

    def adjustments_needed(self, position: Position) -> bool:
        if super().adjustments_needed(position):
            return True
        if any(self.flocks_due(position, p) > 0 for p in birds.flock_powers(position)):
            return True
        return any(
            self.specials_due(position, p, k) < 0
            or (self.specials_due(position, p, k) > 0 and self.build_sites(position, p))
            for p in self.powers
            for k in (AMAZON, DIRTBAG)
        )

    def order_set_excess(
        self, position: Position, power: str, orders: Sequence[Order]
    ) -> tuple[Reason, dict[str, str]] | None:
        """As the standard game counts, a ``twins`` order counting as the one build it takes,
        a flock's build as one and its disband against the flocks due (:mod:`.birds`)."""
        counted = twins_as_builds(orders)
        excess = birds.flock_excess(
            position, counted, self.adjustment(position, power), self.flocks_due(position, power)
        )
        return excess or super().order_set_excess(position, power, counted)

    # -- the Fool --------------------------------------------------------------------------------

    def orders_in_force(
        self, position: Position, orders: Mapping[str, Sequence[Order | str]], seed: int
    ) -> tuple[dict[str, list[Order | str]], list[OrderResult]]:
        """The orders a season is resolved with: the Fool's override first, then the
        Amazons' seductions (whatever order the seduced unit had), then Siamese twins with
        an illegal order between them hold (:mod:`.twins`), and an army aboard a flock of
        birds holds (:mod:`.birds`)."""
        given, results = self._fool_overrides(position, orders)
        given, seduced = self._seductions(position, given)
        given, held = twins_held(self, position, given)
        given, aboard = birds.aboard_orders(self, position, given)
        return given, [*results, *seduced, *held, *aboard]

    def _fool_overrides(
        self, position: Position, orders: Mapping[str, Sequence[Order | str]]
    ) -> tuple[dict[str, list[Order | str]], list[OrderResult]]:
        """The Fool's override: each season he gives one unit of a great power its order,
        whatever its owner gave it (the owner's order for it is set aside, said so); each
        whole share of the Superbrain's he holds lets him command one more, of another
        power than the first (the shares are spent in :meth:`own_orders`, which finds the
        overrides that stood kept under his key)."""
        given = {p: list(o) for p, o in orders.items() if p != "fool"}
        fools = list(orders.get("fool") or ())
        if not fools:
            return given, []
        results: list[OrderResult] = []
        shares = Fraction(str((position.extras.get("shares") or {}).get("fool", "0")))
        allowed = 1 + int(shares)
        first: str | None = None
        for raw in fools:
            try:
                order = (
                    raw
                    if not isinstance(raw, str)
                    else self.read_order(raw, position=position, power="fool")
                )
            except ParseError:
                given.setdefault("fool", []).append(raw)  # the core says why it is unreadable
                continue
            if not isinstance(order, Override):
                given.setdefault("fool", []).append(raw)  # a vote: read as usual
                continue
            province = order.where
            unit = position.unit_in(province)
            if unit is None or unit.power not in self.powers:
                results.append(
                    OrderResult(
                        "fool",
                        order,
                        Outcome.VOID,
                        FOOL_NO_UNIT,
                        FrozenMap({"province": province}),
                    )
                )
                continue
            if allowed == 0:
                results.append(OrderResult("fool", order, Outcome.VOID, FOOL_ONCE))
                continue
            if first is not None and unit.power == first:
                results.append(OrderResult("fool", order, Outcome.VOID, FOOL_OTHER_POWER))
                continue
            first = first or unit.power
            allowed -= 1
            # Kept under his key: own_orders spends a share for each beyond the first.
            given.setdefault("fool", []).append(order)
            mine = given.get(unit.power, [])
            kept: list[Order | str] = []
            for text in mine:
                if _unit_province(self, text, position, unit.power) == unit.province:
                    results.append(OrderResult(unit.power, text, Outcome.VOID, OVERRIDDEN))
                else:
                    kept.append(text)
            kept.append(order.order)
            given[unit.power] = kept
            results.append(
                OrderResult(
                    "fool",
                    order,
                    Outcome.OK,
                    FOOL_OVERRIDE,
                    FrozenMap({"unit": _unit_text(unit), "owner": unit.power}),
                )
            )
        return given, results

    def _seductions(
        self, position: Position, given: dict[str, list[Order | str]]
    ) -> tuple[dict[str, list[Order | str]], list[OrderResult]]:
        """The Amazons' seduce orders (house rules on the rules page): a seduced army or
        fleet moves to the Amazon's province whatever it was ordered; an Amazon in Denmark
        seducing "all" pulls every other army and fleet one step toward Denmark; a dirtbag
        army's distraction cancels the seduce orders of every Amazon next to it."""
        kinds = _marks(position, "kinds")
        if not kinds:
            return given, []
        seduces: list[tuple[str, Seduce]] = []
        distracting: set[str] = set()
        results: list[OrderResult] = []
        for power, texts in sorted(given.items()):
            kept: list[Order | str] = []
            for raw in texts:
                order = _read_quietly(self, raw, position, power)
                if isinstance(order, Seduce):
                    if kinds.get(_key(power, order.amazon.location)) != AMAZON:
                        results.append(OrderResult(power, order, Outcome.VOID, NOT_AN_AMAZON))
                    else:
                        seduces.append((power, order))
                    continue
                if isinstance(order, Distract):
                    if kinds.get(_key(power, order.unit.location)) != DIRTBAG:
                        results.append(OrderResult(power, order, Outcome.VOID, NOT_A_DIRTBAG))
                    else:
                        distracting.add(order.unit.province)
                        results.append(OrderResult(power, order, Outcome.OK, DISTRACTING))
                    continue
                kept.append(raw)
            given[power] = kept
        graph = amphibious(self.map)
        forced: dict[str, tuple[Unit, Move]] = {}
        for power, order in sorted(seduces, key=lambda x: x[1].amazon.location):
            amazon = order.amazon.province
            if graph.get(amazon, frozenset()) & distracting:
                results.append(OrderResult(power, order, Outcome.VOID, SEDUCE_CANCELLED))
                continue
            if order.target is None:
                if amazon != COPENHAGEN:
                    results.append(OrderResult(power, order, Outcome.VOID, NOT_IN_DENMARK))
                    continue
                for unit in position.units:
                    if unit.province == amazon or not self._conventional(unit, kinds):
                        continue
                    step = self._step_toward(unit, amazon)
                    if step is not None and unit.province not in forced:
                        forced[unit.province] = (
                            unit,
                            Move(UnitRef(unit.kind, unit.location), step),
                        )
                results.append(OrderResult(power, order, Outcome.OK, COPENHAGEN_EFFECT))
                continue
            target = position.unit_in(order.target.province)
            if target is None or not self._conventional(target, kinds):
                results.append(OrderResult(power, order, Outcome.VOID, NOT_SEDUCIBLE))
                continue
            dest = self._entry(target, amazon)
            if dest is None:
                results.append(OrderResult(power, order, Outcome.VOID, NOT_SEDUCIBLE))
                continue
            if target.province not in forced:
                forced[target.province] = (
                    target,
                    Move(UnitRef(target.kind, target.location), dest),
                )
            results.append(
                OrderResult(
                    power,
                    order,
                    Outcome.OK,
                    SEDUCED,
                    FrozenMap({"unit": _unit_text(target), "owner": target.power}),
                )
            )
        for province, (unit, move) in sorted(forced.items()):
            mine: list[Order | str] = []
            for t in given.get(unit.power, []):
                if _unit_province(self, t, position, unit.power) == province:
                    results.append(OrderResult(unit.power, t, Outcome.VOID, SEDUCED_AWAY))
                else:
                    mine.append(t)
            given[unit.power] = [*mine, move]
        return given, results

    # -- the fifth fleet (an option) ------------------------------------------------------------

    def _fleets_counted(
        self, position: Position, after: Position
    ) -> tuple[Position, list[OrderResult]]:
        """With the option: the fleets built this winter counted, each fifth one marked."""
        if not position.options.get("fifth_fleet"):
            return after, []
        kinds = dict(_marks(after, "kinds"))
        counts, results = fifth_fleet.counted_builds(position, after, self.powers, kinds)
        after = _with_marks(after, "kinds", kinds)
        if counts:
            after = after.with_changes(extras={**after.extras, "fleets_built": counts})
        return after, results

    def _fifth_fleets_attacked(
        self, position: Position, after: Position, moves: Sequence[OrderResult]
    ) -> tuple[Position, list[OrderResult]]:
        kinds = _marks(position, "kinds")
        if fifth_fleet.FIFTH_FLEET not in kinds.values():
            return after, []
        season = _season(position.phase)
        answer = {
            u.location: self.decision(position, fifth_fleet.decision_key(season, u.location))
            for u in position.units
        }
        return fifth_fleet.attacks(
            self.geography(position),
            position,
            after,
            moves,
            kinds,
            (*self.powers, *ROLES),
            answer,
        )

    def _conventional(self, unit: Unit, kinds: Mapping[str, str]) -> bool:
        """An army or fleet of a player that an Amazon seduces: not a monster, an Amazon, a
        dirtbag army or a fifth fleet."""
        mark = kinds.get(_key(unit.power, unit.location))
        return unit.power not in self.creatures and mark not in SEDUCTION_PROOF

    def _entry(self, unit: Unit, province: str) -> str | None:
        """Where ``unit`` moves to enter ``province`` (a coast for a fleet), or None."""
        geo = self.map
        if unit.kind is UnitKind.ARMY:
            ok = province in geo.army_neighbours(unit.province) and province in geo.land_provinces
            return province if ok else None
        reach = [loc for loc in geo.fleet_neighbours(unit.location) if province_of(loc) == province]
        return sorted(reach)[0] if reach else None

    def _step_toward(self, unit: Unit, province: str) -> str | None:
        """The move that brings ``unit`` one step nearer ``province`` (into it, when next to
        it), by its own kind's edges; None if no step brings it nearer. Level steps: the
        first by location (house rule)."""
        geo = self.map
        entry = self._entry(unit, province)
        if entry is not None:
            return entry
        if unit.kind is UnitKind.ARMY:
            graph = {
                p: frozenset(n for n in geo.army_neighbours(p) if n in geo.land_provinces)
                for p in geo.land_provinces
            }
            steps = sorted(graph.get(unit.province, frozenset()))
        else:
            graph = {p: geo.fleet_province_neighbours(p) for p in geo.provinces}
            steps = sorted(geo.fleet_neighbours(unit.location))
        distance = {province: 0}
        frontier = [province]
        while frontier:
            nxt = []
            for p in frontier:
                for q in graph.get(p, ()):
                    if q not in distance:
                        distance[q] = distance[p] + 1
                        nxt.append(q)
            frontier = nxt
        here = distance.get(unit.province)
        closer = [
            s
            for s in steps
            if distance.get(province_of(s), 10_000) < (here if here is not None else 10_000)
        ]
        return closer[0] if closer else None

    def winner(self, position: Position) -> str | None:
        """The one seat that won, if one did (see :meth:`winners_of`)."""
        won = self.winners_of(position)
        return won[0] if len(won) == 1 else None

    def finished(self, position: Position) -> bool:
        return bool(self.winners_of(position))

    def winners_of(self, position: Position) -> tuple[str, ...]:
        """A seat (not the Fool) with 18 centers, alone at the top; the Doctor, with the
        role seats, when his centers and victory points make 30 after any phase (both, a
        shared win, if the same phase brings both: the rules allow it); else the Fool once
        the game reaches 1921 (the monsters' centers count for nobody)."""
        counts: dict[str, int] = {}
        for owner in position.ownership.values():
            if owner in self.powers or (owner in ROLES and owner != "fool"):
                counts[owner] = counts.get(owner, 0) + 1
        won: list[str] = []
        best = [p for p, n in counts.items() if n >= self.victory_centers]
        if best:
            top = max(counts[p] for p in best)
            leaders = [p for p in best if counts[p] == top]
            if len(leaders) == 1:
                won.append(leaders[0])
        roles = bool(position.options.get("roles"))
        if roles and doctor_score(position) >= DOCTOR_POINTS_TO_WIN and DOCTOR not in won:
            won.append(DOCTOR)
        if not won and roles and position.phase.year >= FOOL_YEAR:
            won.append("fool")
        return tuple(won)

    # -- the llamas' winter ---------------------------------------------------------------------

    def initial_position(self, options: Mapping[str, Any] | None = None) -> Position:
        """The standard board in Winter 1900, the llamas' placement; no creatures yet."""
        standard = super().initial_position(options)
        return standard.with_changes(
            phase=Phase(Season.WINTER, self.first_year - 1, LLAMAS),
            extras={**standard.extras, "llamas": {}, "borg": None},
        )

    def orders_due(self, position: Position) -> frozenset[str]:
        if position.phase.kind is LLAMAS:
            return frozenset(self.powers)
        due = super().orders_due(position)
        flocked = birds.flock_powers(position)  # a flock owes orders like a unit
        if position.phase.kind is PhaseKind.MOVEMENT:
            due |= flocked
        if position.phase.kind is PhaseKind.ADJUSTMENTS:
            due |= {p for p in flocked if self.flocks_due(position, p) > 0}
            for power in self.powers:
                if any(
                    self.specials_due(position, power, k) > 0 and self.build_sites(position, power)
                    for k in (AMAZON, DIRTBAG)
                ):
                    due |= {power}
            # A role with units and centers of its own (the Fortune-teller's) adjusts too.
            for role in ROLES:
                delta = self.adjustment(position, role)
                if delta < 0 or (delta > 0 and self.build_sites(position, role)):
                    due |= {role}
        return due

    def build_sites(self, position: Position, power: str) -> tuple[str, ...]:
        """A great power builds in its vacant home centers; a role (the Fortune-teller) in
        any vacant center it owns."""
        if power not in ROLES:
            return super().build_sites(position, power)
        return tuple(
            sorted(
                c
                for c, owner in position.ownership.items()
                if owner == power and position.unit_in(c) is None
            )
        )

    def phase_after(self, phase: Phase, position: Position) -> Phase:
        if phase.kind is LLAMAS:
            return Phase(Season.SPRING, self.first_year, PhaseKind.MOVEMENT)
        return super().phase_after(phase, position)

    def resolve_own_phase(
        self, position: Position, orders: Mapping[str, Sequence[Order]], seed: int
    ) -> tuple[Position, list[OrderResult]]:
        """Winter 1900: each great power's herds settle (three at most, none in a supply
        center); the votes pick the link of Spring 1901."""
        centers = self.map.supply_centers
        herds: dict[str, list[str]] = {}
        results: list[OrderResult] = []
        votes: dict[str, Vote] = {}
        for power, given in sorted(orders.items()):
            for order in given:
                if isinstance(order, Vote):
                    _vote_in(votes, power, order, results, self.map)
                    continue
                if not isinstance(order, Herd):
                    continue
                place = FrozenMap({"province": order.province})
                if power not in self.powers:
                    results.append(OrderResult(power, order, Outcome.ILLEGAL, HERD_TOO_MANY))
                elif order.province in centers:
                    results.append(
                        OrderResult(power, order, Outcome.ILLEGAL, HERD_ON_CENTER, place)
                    )
                elif len(herds.get(power, [])) >= HERDS_EACH:
                    results.append(OrderResult(power, order, Outcome.ILLEGAL, HERD_TOO_MANY))
                else:
                    herds.setdefault(power, []).append(order.province)
                    results.append(OrderResult(power, order, Outcome.OK, HERD_SETTLED, place))
        after = position.with_changes(
            extras={**position.extras, "llamas": {p: sorted(h) for p, h in sorted(herds.items())}}
        )
        after, counted = self._link_chosen(position, after, votes, seed)
        return after, [*results, *counted]

    # -- a season's steps after the movement -------------------------------------------------

    def own_orders(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
        seed: int,
        *,
        moves: Sequence[OrderResult] = (),
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """Steps 2 to 6 and 11 of a movement phase, in the rules' order."""
        if position.phase.kind is PhaseKind.RETREATS:
            after, lost = self._devils_retreat(position, after, moves)
            after = _with_marks(
                after, "kinds", _retreated(_marks(position, "kinds"), position, moves)
            )
            after, parted = twins_after_retreats(self.borg_graph(), position, after, moves)
            return _kept_present(after), (*lost, *parted)
        if position.phase.kind is PhaseKind.ADJUSTMENTS:
            # The flocks first: a flock's build counts the core's builds (:mod:`.birds`).
            after, flocked = birds.adjust_birds(
                self, position, after, orders, self.units_adjustment
            )
            after, parted = twins_after_adjustments(self.borg_graph(), position, after)
            after, twins = twins_raised(self, self.borg_graph(), position, after, orders)
            after, fifth = self._fleets_counted(position, after)
            after, raised = self._specials_adjusted(position, after, orders)
            after, extra = self.extra_units(position, after, orders)
            raised = [*flocked, *parted, *twins, *fifth, *raised, *extra]
            return _kept_present(after), tuple(raised)
        if position.phase.kind is not PhaseKind.MOVEMENT:
            return after, ()
        results: list[OrderResult] = []
        # The devil units and the special armies follow their moves first: the steps below
        # find them where they are.
        after = _with_devils(after, _moved(_devils(position), position.units, moves))
        after = _with_marks(
            after, "kinds", _moved(_marks(position, "kinds"), position.units, moves)
        )
        # Step 1's birds: they fly, carry and flee once the units have moved (:mod:`.birds`).
        after, done, fallen = birds.move_birds(self, position, after, orders, moves)
        results.extend(done)
        if position.options.get("roles"):
            after, done = tardis_moves(
                self.map,
                position,
                after,
                orders,
                moves,
                _link_in_force(position),
                chance(seed, "tardis"),
            )
            results.extend(done)
        after, done = self._fifth_fleets_attacked(position, after, moves)
        results.extend(done)
        after, done = self.fortune_teller_merges(position, after, orders, moves)
        results.extend(done)
        after, kept, done = exorcisms(after, _devils(after))
        after = _with_devils(after, kept)
        results.extend(done)
        after, done = self.devil_units_normalise(position, after, orders, seed)
        results.extend(done)
        after, done = self.souls_sold(position, after, orders, moves)
        results.extend(done)
        # Who stands where before the Borg and the llamas: a devil unit they take costs
        # its owner another unit.
        present = {_key(u.power, u.location): u for u in after.units} | {
            _key(d.unit.power, d.unit.location): d.unit for d in after.dislodged
        }
        present |= {_key(u.power, u.location): u for u in fallen}  # dropped by birds
        after, done = self.borg_moves(position, after, seed)
        results.extend(done)
        after, done = birds.flocks_eaten(after, self.borg_graph())
        results.extend(done)
        after, done = self.llamas_explode(position, after, orders)
        results.extend(done)
        after, done = birds.flocks_blown(after, done)
        results.extend(done)
        after, done = self._devils_lost(position, after, present)
        results.extend(done)
        # Siamese twins parted by the moves (or one of them lost) die (:mod:`.twins`).
        after, done = twins_after_moves(self.borg_graph(), position, after, moves)
        results.extend(done)
        after = _kept_present(after)
        after, done = self.superbrain_answers(position, after, orders)
        results.extend(done)
        after, done = self.extra_units(position, after, orders)
        results.extend(done)
        after = self._fool_spends(after, orders)
        votes: dict[str, Vote] = {}
        for power, given in sorted(orders.items()):
            for order in given:
                if isinstance(order, Vote):
                    _vote_in(votes, power, order, results, self.map)
        after, done = self._link_chosen(position, after, votes, seed)
        results.extend(done)
        return after, tuple(results)

    # -- the Superbrain ---------------------------------------------------------------------------

    def decisions_needed(
        self, position: Position, orders: Mapping[str, Sequence[str]]
    ) -> tuple[DecisionRequest, ...]:
        """The game master judges the replies to last season's question (step 10;
        without an answer in time, nobody was right), and says whether the attack on each
        fifth fleet ordered into a coastal province succeeds (default: it does)."""
        return (
            *self._superbrain_request(position, orders),
            *self._fifth_fleet_requests(position, orders),
        )

    def _fifth_fleet_requests(
        self, position: Position, orders: Mapping[str, Sequence[str]]
    ) -> tuple[DecisionRequest, ...]:
        kinds = _marks(position, "kinds")
        if (
            position.phase.kind is not PhaseKind.MOVEMENT
            or fifth_fleet.FIFTH_FLEET not in kinds.values()
        ):
            return ()
        season = _season(position.phase)
        fleets = [
            u
            for u in position.units
            if kinds.get(_key(u.power, u.location)) == fifth_fleet.FIFTH_FLEET
            and self.decision(position, fifth_fleet.decision_key(season, u.location)) is None
        ]
        ordered: dict[str, Order] = {}
        for fleet in fleets:
            for text in orders.get(fleet.power, ()):
                order = _read_quietly(self, text, position, fleet.power)
                if isinstance(order, Move) and order.unit.location == fleet.location:
                    ordered[fleet.location] = order
        return fifth_fleet.requests(self.map, position, season, fleets, ordered)

    def _superbrain_request(
        self, position: Position, orders: Mapping[str, Sequence[str]]
    ) -> tuple[DecisionRequest, ...]:
        asked = position.extras.get("question")
        if position.phase.kind is not PhaseKind.MOVEMENT or not asked:
            return ()
        key = f"superbrain {asked['season']}"
        if self.decision(position, key) is not None:
            return ()
        replies = {
            p: t[len("reply ") :].strip()
            for p, given in sorted(orders.items())
            for t in given
            if isinstance(t, str) and t.lower().startswith("reply ") and p != SUPERBRAIN
        }
        if not replies:
            return ()
        kept = ((position.extras.get("answers") or {}).get(SUPERBRAIN) or {}).get("answer", "")
        listed = "; ".join(f"{p}: {t}" for p, t in replies.items())
        return (
            DecisionRequest(
                key=key,
                question=(
                    f"The Superbrain asked: {asked['text']} His answer: {kept or '(none given)'}."
                    f" Replies: {listed}. Which seats answered right? Name them, separated by"
                    " commas (leave empty for nobody)."
                ),
                default="",
                default_text="Nobody answered right.",
            ),
        )

    def superbrain_answers(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
    ) -> tuple[Position, list[OrderResult]]:
        """Step 10: the replies to last season's question are judged (the game master's
        word; nobody, without it): each right one earns an equal share of an extra unit,
        kept until a whole one is reached; then this season's question (and its secret
        answer) is kept for next season's replies."""
        results: list[OrderResult] = []
        extras = dict(after.extras)
        if extras.get("third_prediction") == _season(position.phase):
            del extras["third_prediction"]  # spent in step 2 of this season
        asked = position.extras.get("question")
        replies = [
            (p, o) for p, given in sorted(orders.items()) for o in given if isinstance(o, Reply)
        ]
        if asked:
            judged = self.decision(position, f"superbrain {asked['season']}") or ""
            named = {w.strip().lower() for w in judged.split(",") if w.strip()}
            right = [p for p, _o in replies if p in named]
            shares = {str(k): Fraction(str(v)) for k, v in (extras.get("shares") or {}).items()}
            for power, reply in replies:
                if power == FORTUNE_TELLER and power in right:
                    # No share for him: three predictions next season instead (the rules).
                    extras["third_prediction"] = _next_season(position.phase)
                    results.append(OrderResult(power, reply, Outcome.OK, REPLY_THIRD_PREDICTION))
                elif power in right:
                    share = Fraction(1, len(right))
                    shares[power] = shares.get(power, Fraction(0)) + share
                    results.append(
                        OrderResult(
                            power, reply, Outcome.OK, REPLY_RIGHT, FrozenMap({"share": str(share)})
                        )
                    )
                else:
                    results.append(OrderResult(power, reply, Outcome.OK, REPLY_WRONG))
            if not right:
                results.append(OrderResult(SUPERBRAIN, "judged", Outcome.OK, NOBODY_RIGHT))
                extras["places_due"] = int(extras.get("places_due") or 0) + 1
            extras["shares"] = {p: str(v) for p, v in sorted(shares.items()) if v}
            if not extras["shares"]:
                del extras["shares"]
        else:
            results.extend(OrderResult(p, o, Outcome.VOID, NO_QUESTION) for p, o in replies)
        extras.pop("question", None)
        extras.pop("answers", None)
        asks = any(isinstance(o, Ask) for o in orders.get(SUPERBRAIN, ()))
        if position.options.get("roles") and not asks:
            results.extend(self._superbrain_missed(position, extras))
        for power, given in sorted(orders.items()):
            for order in given:
                if isinstance(order, (Ask, AnswerIs)) and power != SUPERBRAIN:
                    results.append(OrderResult(power, order, Outcome.VOID, ONLY_SUPERBRAIN))
                elif isinstance(order, Ask):
                    extras["question"] = {"season": _season(position.phase), "text": order.text}
                    results.append(
                        OrderResult(
                            power,
                            order,
                            Outcome.OK,
                            QUESTION_ASKED,
                            FrozenMap({"question": order.text}),
                        )
                    )
                elif isinstance(order, AnswerIs):
                    extras["answers"] = {SUPERBRAIN: {"answer": order.text}}
                    results.append(OrderResult(power, order, Outcome.OK, ANSWER_KEPT))
        return after.with_changes(extras=extras), results

    def fortune_teller_merges(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
        moves: Sequence[OrderResult],
    ) -> tuple[Position, list[OrderResult]]:
        """Step 2: each bounce the Fortune-teller foretold (two a season) merges the units
        in it (those whose moves there bounced, and the unit they bounced off, monsters
        never) into one unit there of the kind most of them were, his own."""
        predictions = [o for o in orders.get(FORTUNE_TELLER, ()) if isinstance(o, Predict)]
        if not predictions:
            return after, []
        results: list[OrderResult] = []
        counted: list[Predict] = []
        # A right reply to the Superbrain earns him a third prediction the next season.
        third = position.extras.get("third_prediction") == _season(position.phase)
        allowed = PREDICTIONS_EACH + (1 if third else 0)
        for prediction in predictions:
            if len(counted) >= allowed or prediction.province in {p.province for p in counted}:
                results.append(
                    OrderResult(FORTUNE_TELLER, prediction, Outcome.VOID, PREDICTION_LIMIT)
                )
            else:
                counted.append(prediction)
        standing = {u.province: u for u in after.units}
        before = {u.province: u for u in position.units}
        units = list(after.units)
        for prediction in counted:
            province = prediction.province
            bounced = [
                unit
                for unit, r in zip(position.units, moves, strict=False)
                if r.outcome is Outcome.BOUNCE
                and isinstance(r.order, Move)
                and r.order.dest.split("/")[0] == province
                and unit.power not in self.creatures
            ]
            holder = standing.get(province)
            held = (
                holder is not None
                and holder.power not in self.creatures
                and before.get(province) == holder
            )
            merging = [*bounced, *([holder] if held and holder is not None else [])]
            place = FrozenMap({"province": province})
            if not bounced or len(merging) < 2:
                results.append(
                    OrderResult(FORTUNE_TELLER, prediction, Outcome.OK, PREDICTION_MISSED, place)
                )
                continue
            merged = self._merged_unit(province, merging, prediction.kind)
            gone = set(merging)
            units = [u for u in units if u not in gone]
            units.append(merged)
            # Merged units that had sold their souls are exorcised by it (the rules).
            exorcised = {_key(u.power, u.location) for u in merging} & set(_devils(after))
            if exorcised:
                after = _with_devils(
                    after, {k: v for k, v in _devils(after).items() if k not in exorcised}
                )
            results.append(
                OrderResult(
                    FORTUNE_TELLER,
                    prediction,
                    Outcome.OK,
                    PREDICTION_RIGHT,
                    FrozenMap({"province": province, "unit": _unit_text(merged)}),
                )
            )
            for unit in sorted(merging, key=lambda u: (u.power, u.location)):
                results.append(
                    OrderResult(
                        unit.power,
                        "merged",
                        Outcome.OK,
                        MERGED,
                        FrozenMap(
                            {"unit": _unit_text(unit), "owner": unit.power, "province": province}
                        ),
                    )
                )
        return after.with_changes(units=units), results

    def _merged_unit(self, province: str, merging: Sequence[Unit], level: str) -> Unit:
        """The Fortune-teller's new unit: the kind most of ``merging`` were (``level`` when
        as many armies as fleets), that can stand in ``province``; a fleet on the first of
        its coasts."""
        armies = sum(1 for u in merging if u.kind is UnitKind.ARMY)
        fleets = len(merging) - armies
        kind = UnitKind.ARMY if armies > fleets else UnitKind.FLEET
        if armies == fleets:
            kind = UnitKind(level)
        p = self.map.provinces[province]
        if kind is UnitKind.FLEET and p.terrain is Terrain.LAND:
            kind = UnitKind.ARMY
        if kind is UnitKind.ARMY and p.is_sea:
            kind = UnitKind.FLEET
        location = province
        if kind is UnitKind.FLEET and p.coasts:
            location = self.map.coasts_of(province)[0]
        return Unit(FORTUNE_TELLER, kind, location)

    def devil_units_normalise(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
        seed: int,
    ) -> tuple[Position, list[OrderResult]]:
        """Step 3: each devil unit has spent one of its seasons; after the second it is
        itself again."""
        devils = _devils(after)
        if not devils:
            return after, []
        kept: dict[str, int] = {}
        results: list[OrderResult] = []
        units = {_key(u.power, u.location): u for u in after.units} | {
            _key(d.unit.power, d.unit.location): d.unit for d in after.dislodged
        }
        for key, left in sorted(devils.items()):
            if left - 1 > 0:
                kept[key] = left - 1
            elif key in units:
                unit = units[key]
                results.append(
                    OrderResult(
                        unit.power,
                        "devil",
                        Outcome.OK,
                        DEVIL_NORMAL,
                        FrozenMap({"unit": _unit_text(unit)}),
                    )
                )
        return _with_devils(after, kept), results

    def souls_sold(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
        moves: Sequence[OrderResult],
    ) -> tuple[Position, list[OrderResult]]:
        """Step 4: a great power sells the soul of one of its own armies or fleets (never a
        role's unit, a monster, an Amazon or a dirtbag army): wherever the unit ended the
        season's moves, it has double strength for the next two seasons."""
        results: list[OrderResult] = []
        devils = dict(_devils(after))
        for power, given in sorted(orders.items()):
            for order in given:
                if not isinstance(order, SellSoul):
                    continue
                unit = position.unit_in(order.unit.province)
                if (
                    unit is None
                    or unit.power != power
                    or power not in self.powers
                    or unit.kind is not order.unit.kind
                    or _marks(position, "kinds").get(_key(power, unit.location)) in NO_CENTER_NEEDED
                ):
                    results.append(OrderResult(power, order, Outcome.VOID, SOUL_NOT_FOR_SALE))
                    continue
                now = _ended_at(unit, position, moves)
                devils[_key(power, now)] = DEVIL_SEASONS
                results.append(
                    OrderResult(
                        power,
                        order,
                        Outcome.OK,
                        SOUL_SOLD,
                        FrozenMap({"unit": f"{unit.kind.value} {now}"}),
                    )
                )
        return _with_devils(after, devils), results

    def _devils_lost(
        self, position: Position, after: Position, present: Mapping[str, Unit]
    ) -> tuple[Position, list[OrderResult]]:
        """A devil unit eaten by the Borg or blown up by llamas still needs its center: its
        owner disbands another unit at once, the one farthest from home (house rule: the
        civil-disorder count)."""
        devils = dict(_devils(after))
        still = {_key(u.power, u.location) for u in after.units} | {
            _key(d.unit.power, d.unit.location) for d in after.dislodged
        }
        results: list[OrderResult] = []
        units = list(after.units)
        for key in sorted(devils):
            if key in still or key not in present:
                continue
            del devils[key]
            gone = present[key]
            owner = gone.power
            units, lost = self._disband_one(position, units, owner)
            results.append(
                OrderResult(
                    owner,
                    "devil",
                    Outcome.OK,
                    DEVIL_LOST,
                    FrozenMap({"unit": _unit_text(gone), "other": lost or "-"}),
                )
            )
        return _with_devils(after.with_changes(units=units), devils), results

    def _devils_retreat(
        self, position: Position, after: Position, moves: Sequence[OrderResult]
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """A dislodged devil unit takes its soul along its retreat; one disbanded (no
        retreat, or none ordered) costs its owner another unit, as when it is eaten."""
        devils = dict(_devils(position))
        if not devils:
            return after, ()
        results: list[OrderResult] = []
        units = list(after.units)
        kept: dict[str, int] = {}
        retreated = {
            _key(r.power, str(r.order.unit.location)): _key(r.power, r.order.dest)
            for r in moves
            if isinstance(r.order, Retreat) and r.outcome is Outcome.OK
        }
        dislodged_at = {_key(d.unit.power, d.unit.location): d.unit for d in position.dislodged}
        for key, left in devils.items():
            if key not in dislodged_at:
                kept[key] = left  # it was not dislodged: it stays where it is
            elif key in retreated:
                kept[retreated[key]] = left
            else:
                unit = dislodged_at[key]
                units, lost = self._disband_one(position, units, unit.power)
                results.append(
                    OrderResult(
                        unit.power,
                        "devil",
                        Outcome.OK,
                        DEVIL_LOST,
                        FrozenMap({"unit": _unit_text(unit), "other": lost or "-"}),
                    )
                )
        return _with_devils(after.with_changes(units=units), kept), tuple(results)

    def _specials_adjusted(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
    ) -> tuple[Position, list[OrderResult]]:
        """At the adjustments: each ``amazon``/``dirtbag`` order raises one in a free home
        center, as many as are due; a power with more than its centers allow loses the
        ones farthest from home."""
        results: list[OrderResult] = []
        kinds = dict(_marks(after, "kinds"))
        units = list(after.units)
        for power, given in sorted(orders.items()):
            for order in given:
                if not isinstance(order, Raise):
                    continue
                now = after.with_changes(units=units, extras={**after.extras, "kinds": kinds})
                label = FrozenMap({"kind": order.kind})
                if self.specials_due(now, power, order.kind) <= 0:
                    results.append(OrderResult(power, order, Outcome.VOID, SPECIAL_NOT_DUE, label))
                    continue
                if order.province not in self.build_sites(now, power):
                    results.append(
                        OrderResult(
                            power,
                            order,
                            Outcome.VOID,
                            SPECIAL_NO_SITE,
                            FrozenMap({"province": order.province}),
                        )
                    )
                    continue
                unit = Unit(power, UnitKind.ARMY, order.province)
                units.append(unit)
                kinds[_key(power, order.province)] = order.kind
                results.append(
                    OrderResult(
                        power,
                        order,
                        Outcome.OK,
                        SPECIAL_RAISED,
                        FrozenMap({"unit": _unit_text(unit), "kind": order.kind}),
                    )
                )
        for power in self.powers:
            for kind in (AMAZON, DIRTBAG):
                now = after.with_changes(units=units, extras={**after.extras, "kinds": kinds})
                excess = -self.specials_due(now, power, kind)
                if excess <= 0:
                    continue
                far = self.civil_disorder_distances(now, power)
                mine = self.specials_of(now, power, kind)
                for location in sorted(mine, key=lambda loc: (-far.get(loc, 0), loc))[:excess]:
                    units = [u for u in units if not (u.power == power and u.location == location)]
                    del kinds[_key(power, location)]
                    results.append(
                        OrderResult(
                            power,
                            "disband",
                            Outcome.OK,
                            SPECIAL_DISBANDED,
                            FrozenMap({"unit": f"A {location}", "kind": kind}),
                        )
                    )
        return _with_marks(after.with_changes(units=units), "kinds", kinds), results

    def _superbrain_missed(self, position: Position, extras: dict[str, Any]) -> list[OrderResult]:
        """A season without the Superbrain's question: every other seat still in the game
        (a great power with units or centers, and the other roles) gets an equal share,
        as if all had answered right (house rule)."""
        alive = [p for p in self.powers if position.units_of(p) or position.centers_of(p)] + [
            r for r in ROLES if r != SUPERBRAIN
        ]
        share = Fraction(1, len(alive))
        shares = {str(k): Fraction(str(v)) for k, v in (extras.get("shares") or {}).items()}
        for seat in alive:
            shares[seat] = shares.get(seat, Fraction(0)) + share
        extras["shares"] = {p: str(v) for p, v in sorted(shares.items()) if v}
        return [
            OrderResult(
                SUPERBRAIN,
                "missed",
                Outcome.OK,
                SUPERBRAIN_MISSED,
                FrozenMap({"share": str(share)}),
            )
        ]

    def _fool_spends(
        self, after: Position, orders: Mapping[str, Sequence[VariantOrder]]
    ) -> Position:
        """A whole share of the Fool's for each override beyond his first this season."""
        used = sum(1 for o in orders.get("fool", ()) if isinstance(o, Override)) - 1
        if used <= 0:
            return after
        shares = {str(k): Fraction(str(v)) for k, v in (after.extras.get("shares") or {}).items()}
        shares["fool"] = shares.get("fool", Fraction(0)) - used
        kept = {p: str(v) for p, v in sorted(shares.items()) if v}
        extras = {k: v for k, v in after.extras.items() if k != "shares"}
        if kept:
            extras["shares"] = kept
        return after.with_changes(extras=extras)

    def extra_units(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
    ) -> tuple[Position, list[OrderResult]]:
        """Step 10's builds: a whole share buys an extra unit (``extra A par``) in a free
        home center (any free center it owns, for a role) in a spring or a winter, one a
        season; it needs no center and is not replaced when lost (kept as ``"extra"`` in
        ``extras.kinds``). The Superbrain's ``place F ice`` puts his own unit in Iceland or
        Crete once for each season nobody answered right."""
        spring_or_winter = position.phase.season in (Season.SPRING, Season.WINTER)
        results: list[OrderResult] = []
        kinds = dict(_marks(after, "kinds"))
        shares = {str(k): Fraction(str(v)) for k, v in (after.extras.get("shares") or {}).items()}
        places_due = int(after.extras.get("places_due") or 0)
        units = list(after.units)
        occupied = {u.province for u in units}
        for power, given in sorted(orders.items()):
            built = False
            for order in given:
                if not isinstance(order, Extra):
                    continue
                unit = Unit(power, order.unit.kind, order.unit.location)
                province = order.unit.province
                if isinstance(order, Place):
                    ok = (
                        power == SUPERBRAIN
                        and places_due > 0
                        and province in self.map.closed
                        and province not in occupied
                        and _stands(self.map, unit)
                    )
                    if not ok:
                        results.append(OrderResult(power, order, Outcome.VOID, PLACE_REFUSED))
                        continue
                    places_due -= 1
                    reason = PLACED
                else:
                    now = after.with_changes(units=units)
                    ok = (
                        spring_or_winter
                        and not built
                        and shares.get(power, Fraction(0)) >= 1
                        and province in self.build_sites(now, power)
                        and _stands(self.map, unit)
                    )
                    if not ok:
                        results.append(OrderResult(power, order, Outcome.VOID, EXTRA_REFUSED))
                        continue
                    built = True
                    shares[power] -= 1
                    kinds[_key(power, unit.location)] = "extra"
                    reason = EXTRA_BUILT
                units.append(unit)
                occupied.add(province)
                results.append(
                    OrderResult(
                        power, order, Outcome.OK, reason, FrozenMap({"unit": _unit_text(unit)})
                    )
                )
        if not results:
            return after, []
        extras = {**after.extras}
        extras["shares"] = {p: str(v) for p, v in sorted(shares.items()) if v}
        if not extras["shares"]:
            del extras["shares"]
        if places_due:
            extras["places_due"] = places_due
        else:
            extras.pop("places_due", None)
        moved = after.with_changes(units=units, extras=extras)
        return _with_marks(moved, "kinds", kinds), results

    def _disband_one(
        self, position: Position, units: list[Unit], power: str | None
    ) -> tuple[list[Unit], str | None]:
        """``units`` without ``power``'s unit farthest from its home centers (ties: by
        location), and that unit's text; unchanged if it has none left."""
        mine = [u for u in units if u.power == power]
        if power is None or not mine:
            return units, None
        far = self.civil_disorder_distances(position.with_changes(units=units), power)
        chosen = max(mine, key=lambda u: (far.get(u.location, far.get(u.province, 0)), u.location))
        return [u for u in units if u != chosen], _unit_text(chosen)

    def borg_moves(
        self, position: Position, after: Position, seed: int
    ) -> tuple[Position, list[OrderResult]]:
        """Step 5: the Borg appears (after Spring 1901's movement) or moves, and eats."""
        borg = after.extras.get("borg")
        dislodged: dict[str, list[Unit]] = {}
        for d in after.dislodged:
            dislodged.setdefault(d.unit.province, []).append(d.unit)
        step = borg_step(self.borg_graph(), borg, after.units, dislodged, chance(seed, "borg"))
        if step is None:
            return after, []
        results = _borg_results(step)
        eaten = set(step.eaten)
        after = after.with_changes(
            units=[u for u in after.units if u not in eaten],
            dislodged=[d for d in after.dislodged if d.unit not in eaten],
            extras={**after.extras, "borg": step.province},
        )
        return after, results

    def llamas_explode(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
    ) -> tuple[Position, list[OrderResult]]:
        """Step 6: each explode order blows up one of its power's herds there, and every
        unit in that province (standing or dislodged), never the Borg."""
        herds = {p: list(h) for p, h in (after.extras.get("llamas") or {}).items()}
        results: list[OrderResult] = []
        blown: set[str] = set()
        for power, given in sorted(orders.items()):
            for order in given:
                if not isinstance(order, Explode):
                    continue
                place = FrozenMap({"province": order.province})
                mine = herds.get(power, [])
                if order.province not in mine:
                    results.append(OrderResult(power, order, Outcome.VOID, HERD_NONE, place))
                    continue
                mine.remove(order.province)
                blown.add(order.province)
                results.append(OrderResult(power, order, Outcome.OK, LLAMAS_EXPLODED, place))
        if not blown:
            return after, results
        victims = [u for u in after.units if u.province in blown] + [
            d.unit for d in after.dislodged if d.unit.province in blown
        ]
        for unit in sorted(victims, key=lambda u: (u.power, u.location)):
            results.append(
                OrderResult(
                    unit.power,
                    "destroyed",
                    Outcome.OK,
                    BLOWN_UP,
                    FrozenMap(
                        {
                            "unit": _unit_text(unit),
                            "owner": unit.power,
                            "province": unit.province,
                        }
                    ),
                )
            )
        after = after.with_changes(
            units=[u for u in after.units if u.province not in blown],
            dislodged=[d for d in after.dislodged if d.unit.province not in blown],
            extras={**after.extras, "llamas": {p: sorted(h) for p, h in herds.items() if h}},
        )
        return after, results

    def _link_chosen(
        self, position: Position, after: Position, votes: Mapping[str, Vote], seed: int
    ) -> tuple[Position, list[OrderResult]]:
        """Step 11: the votes given with this season's orders pick the next season's link
        (a seeded draw among those level)."""
        season = _next_season(position.phase)
        link, count, drawn = link_count(
            {p: v.link for p, v in votes.items()}, chance(seed, "hyperspace")
        )
        kept = dict(after.extras.get("hyperspace") or {})
        kept["next"] = {"season": season, "link": list(link) if link else None}
        after = after.with_changes(extras={**after.extras, "hyperspace": kept})
        if link is None:
            return after, [
                OrderResult(
                    "hyperspace", "link", Outcome.OK, NO_LINK, FrozenMap({"season": season})
                )
            ]
        params = FrozenMap(
            {"season": season, "source": link[0], "dest": link[1], "votes": str(count)}
        )
        reason = LINK_DRAWN if drawn else LINK_CHOSEN
        return after, [OrderResult("hyperspace", "link", Outcome.OK, reason, params)]

    # -- retreats, monsters, the adjustments ------------------------------------------------------

    def standing_orders(self, position: Position, seed: int) -> Mapping[str, Sequence[str]]:
        """The monsters' orders: their moves in a movement phase, their retreats in a
        retreat phase (house rules, :mod:`.creatures`)."""
        kind = position.phase.kind
        geo = self.map
        occupied = frozenset(u.province for u in position.units)
        orders: list[str] = []
        if kind is PhaseKind.MOVEMENT:
            rng = chance(seed, "monsters")
            for unit in position.units:
                if unit.power != MONSTER:
                    continue
                dest = monster_move(geo, unit, occupied, rng)
                orders.append(f"{_unit_text(unit)} - {dest}" if dest else f"{_unit_text(unit)} H")
        elif kind is PhaseKind.RETREATS:
            rng = chance(seed, "monster retreats")
            for d in position.dislodged:
                if d.unit.power != MONSTER:
                    continue
                dest = monster_retreat(geo, sorted(d.retreats), occupied, rng)
                if dest is not None:
                    orders.append(f"{_unit_text(d.unit)} R {dest}")
        return {MONSTER: orders} if orders else {}

    def open_phase(self, position: Position, seed: int) -> tuple[Position, tuple[OrderResult, ...]]:
        """Step 8, as the next phase opens: a sea monster after each spring's retreats (as
        the fall's movement opens), a space monster after each fall's retreats (as the
        winter's adjustments open, or the spring's movement if there are none). The link
        voted for this season comes into force as its movement opens."""
        phase = position.phase
        results: list[OrderResult] = []
        extras = dict(position.extras)
        units = list(position.units)
        if phase.kind is PhaseKind.MOVEMENT:
            nxt = (extras.get("hyperspace") or {}).get("next")
            if nxt and nxt.get("season") == _season(phase):
                extras["hyperspace"] = {"now": nxt}
        landings: list[tuple[UnitKind, Reason, str]] = []
        if phase.kind is PhaseKind.MOVEMENT and phase.season is Season.FALL:
            landings.append((UnitKind.FLEET, SEA_MONSTER, f"sea monster {phase.year}"))
        landed = list(extras.get("space_monsters") or [])
        after_fall = None
        if phase.kind is PhaseKind.ADJUSTMENTS and phase.season is Season.WINTER:
            after_fall = phase.year
        elif phase.kind is PhaseKind.MOVEMENT and phase.season is Season.SPRING:
            after_fall = phase.year - 1
        if after_fall is not None and after_fall >= self.first_year and after_fall not in landed:
            landings.append((UnitKind.ARMY, SPACE_MONSTER, f"space monster {after_fall}"))
            landed.append(after_fall)
            extras["space_monsters"] = sorted(landed)
        for kind, reason, event in landings:
            taken = frozenset(u.province for u in units) | (
                {extras["borg"]} if extras.get("borg") else frozenset()
            )
            site = landing_site(self.map, kind, frozenset(taken), chance(seed, event))
            if site is None:
                continue
            monster = Unit(MONSTER, kind, site)
            units.append(monster)
            results.append(
                OrderResult(MONSTER, "appeared", Outcome.OK, reason, FrozenMap({"location": site}))
            )
        if extras == dict(position.extras) and not results:
            return position, ()
        return position.with_changes(units=units, extras=extras), tuple(results)

    def update_ownership(self, position: Position) -> FrozenMap[str, str]:
        """Step 9: a center under the Borg at the adjustments turns neutral; others as in
        the standard game (a monster's center is the monsters')."""
        ownership = dict(super().update_ownership(position))
        tardis_center(position, ownership, self.map.supply_centers)
        borg = position.extras.get("borg")
        if isinstance(borg, str):
            ownership.pop(borg, None)
        return FrozenMap(ownership)

    def after_phase(
        self, phase: Phase, position: Position, seed: int
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        borg = position.extras.get("borg")
        if (
            self.changes_ownership_after(phase, position)
            and borg in self.map.supply_centers
            and borg not in position.ownership
        ):
            return position, (
                OrderResult(
                    "borg", "center", Outcome.OK, BORG_NEUTRAL, FrozenMap({"province": borg})
                ),
            )
        return position, ()

    def own_legal_orders(
        self, position: Position, power: str | None
    ) -> dict[str, tuple[Order, ...]]:
        """Explode orders for a power's herds in a movement phase, and the Doctor's TARDIS
        orders (the herd placements and votes are any province, so they are not listed);
        the Siamese twins a great power may build at the adjustments; the birds' orders
        (:func:`.birds.birds_legal_orders`)."""
        if power is None:
            return {}
        out = birds.birds_legal_orders(self, position, power, self.flocks_due(position, power))
        if position.phase.kind is PhaseKind.ADJUSTMENTS:
            twins = twins_legal_orders(self, self.borg_graph(), position, power)
            return {k: twins.get(k, ()) + out.get(k, ()) for k in sorted(twins.keys() | out)}
        if position.phase.kind is not PhaseKind.MOVEMENT:
            return {}
        if power == DOCTOR:
            out.update(tardis_legal_orders(position, _link_in_force(position)))
            return out
        herds = (position.extras.get("llamas") or {}).get(power) or []
        return {**out, **{f"explode {p}": (Explode(p),) for p in sorted(set(herds))}}


def _season(phase: Phase) -> str:
    """A season's code: ``S1901`` for Spring 1901's phases."""
    return f"{phase.season.value}{phase.year}"


def _next_season(phase: Phase) -> str:
    """The season after ``phase``'s, whose link its votes choose (winter has none)."""
    if phase.season is Season.SPRING:
        return f"F{phase.year}"
    return f"S{phase.year + 1}"


def _link_in_force(position: Position) -> tuple[str, str] | None:
    now = (position.extras.get("hyperspace") or {}).get("now") or {}
    link = now.get("link")
    if not link or now.get("season") != _season(position.phase):
        return None
    return link[0], link[1]


def _tunnel_edges(game_map: GameMap) -> list[tuple[str, str]]:
    return [
        (a, b)
        for i, a in enumerate(TUNNEL)
        for b in TUNNEL[i + 1 :]
        if b not in game_map.army_neighbours(a)
    ]


_GEOGRAPHIES: dict[tuple[str, tuple[str, str] | None], GameMap] = {}


def _geography(game_map: GameMap, link: tuple[str, str] | None) -> GameMap:
    key = (game_map.id, link)
    made = _GEOGRAPHIES.get(key)
    if made is not None:
        return made
    army = _tunnel_edges(game_map)
    fleet: list[tuple[str, str]] = []
    if link is not None:
        a, b = link
        pa, pb = game_map.provinces[a], game_map.provinces[b]
        if pa.is_land and pb.is_land:
            army.append((a, b))
        fleet_a = _fleet_spots(game_map, a)
        fleet_b = _fleet_spots(game_map, b)
        fleet.extend((x, y) for x in fleet_a for y in fleet_b)
    made = game_map.with_edges(army=army, fleet=fleet)
    _GEOGRAPHIES[key] = made
    return made


def _fleet_spots(game_map: GameMap, province: str) -> tuple[str, ...]:
    """Where a fleet may stand in ``province``: its coasts, the province itself (a sea or
    a coast with one coast), or nowhere (inland)."""
    p = game_map.provinces[province]
    if p.terrain is Terrain.LAND or p.terrain is Terrain.IMPASSABLE:
        return ()
    return game_map.coasts_of(province) or (province,)


_BORG_GRAPHS: dict[str, Mapping[str, frozenset[str]]] = {}


def _borg_graph(game_map: GameMap) -> Mapping[str, frozenset[str]]:
    made = _BORG_GRAPHS.get(game_map.id)
    if made is None:
        made = amphibious(game_map.with_edges(army=_tunnel_edges(game_map)))
        _BORG_GRAPHS[game_map.id] = made
    return made


def _vote_in(
    votes: dict[str, Vote],
    power: str,
    order: Vote,
    results: list[OrderResult],
    game_map: GameMap,
) -> None:
    """Count ``power``'s vote, a later one replacing an earlier; a vote for a link no
    unit could pass (a sea and an inland province) is void."""
    a, b = order.link
    if (
        a in game_map.closed
        or b in game_map.closed
        or not (
            (game_map.provinces[a].is_land and game_map.provinces[b].is_land)
            or (_fleet_spots(game_map, a) and _fleet_spots(game_map, b))
        )
    ):
        params = FrozenMap({"source": order.source, "dest": order.dest})
        results.append(OrderResult(power, order, Outcome.VOID, LINK_NOWHERE, params))
        return
    earlier = votes.get(power)
    if earlier is not None:
        results.append(OrderResult(power, earlier, Outcome.VOID, VOTE_REPLACED))
    votes[power] = order
    results.append(OrderResult(power, order, Outcome.OK, VOTE_COUNTED))


def _unit_text(unit: Unit) -> str:
    return f"{unit.kind.value} {unit.location}"


def _borg_results(step: BorgStep) -> list[OrderResult]:
    place = FrozenMap({"province": step.province})
    if step.came_from is None:
        first = BORG_APPEARED
    elif step.came_from == step.province:
        first = BORG_STAYED
    else:
        first = BORG_MOVED
    out = [OrderResult("borg", "step", Outcome.OK, BORG_DRAWN if step.drawn else first, place)]
    for unit in step.eaten:
        out.append(
            OrderResult(
                unit.power,
                "eaten",
                Outcome.OK,
                BORG_ATE,
                FrozenMap(
                    {"unit": _unit_text(unit), "owner": unit.power, "province": step.province}
                ),
            )
        )
    return out


def _unit_province(
    variant: Variant, text: Order | str, position: Position, power: str
) -> str | None:
    """The province of the unit an order is for, if it reads as a unit's order."""
    try:
        order = (
            variant.read_order(text, position=position, power=power)
            if isinstance(text, str)
            else text
        )
    except ParseError:
        return None
    unit = getattr(order, "unit", None)
    return unit.province if unit is not None else None


def _key(power: str, location: str) -> str:
    """A devil unit's key: its power and location (``france bur``): a unit dislodged by an
    attacker shares its location until it retreats, never its power."""
    return f"{power} {location}"


def _devils(position: Position) -> dict[str, int]:
    """The devil units by ``power location``, with the seasons of double strength left."""
    return {str(k): int(v) for k, v in (position.extras.get("devils") or {}).items()}


def _marks(position: Position, name: str) -> dict[str, Any]:
    """A mark kept on units by ``power location`` (``"kinds"``: the Amazons and dirtbag
    armies)."""
    return {str(k): v for k, v in (position.extras.get(name) or {}).items()}


def _with_marks(position: Position, name: str, marks: Mapping[str, Any]) -> Position:
    """The position keeping ``marks`` under ``name`` (no key at all while there are none)."""
    extras = {k: v for k, v in position.extras.items() if k != name}
    if marks:
        extras[name] = dict(sorted(marks.items()))
    if extras == dict(position.extras):
        return position
    return position.with_changes(extras=extras)


def _retreated(
    marks: Mapping[str, Any], position: Position, moves: Sequence[OrderResult]
) -> dict[str, Any]:
    """``marks`` after a retreat phase: a dislodged unit's mark goes where it retreated."""
    out = dict(marks)
    for r in moves:
        if isinstance(r.order, Retreat) and r.outcome is Outcome.OK:
            key = _key(r.power, str(r.order.unit.location))
            if key in out:
                out[_key(r.power, r.order.dest)] = out.pop(key)
    return out


def _kept_present(position: Position) -> Position:
    """The position without the marks of units no longer on the board (eaten, blown up,
    merged, disbanded)."""
    here = {_key(u.power, u.location) for u in position.units} | {
        _key(d.unit.power, d.unit.location) for d in position.dislodged
    }
    out = position
    for name in ("kinds",):
        marks = _marks(out, name)
        kept = {k: v for k, v in marks.items() if k in here}
        if kept != marks:
            out = _with_marks(out, name, kept)
    return out


def _read_quietly(variant: Variant, raw: Order | str, position: Position, power: str) -> Any:
    """``raw`` read as an order, or None if it cannot be (the core reports it later)."""
    if not isinstance(raw, str):
        return raw
    try:
        return variant.read_order(raw, position=position, power=power)
    except ParseError:
        return None


def _with_devils(position: Position, devils: Mapping[str, int]) -> Position:
    """The position keeping ``devils`` (no key at all while there are none)."""
    extras = {k: v for k, v in position.extras.items() if k != "devils"}
    if devils:
        extras["devils"] = dict(sorted(devils.items()))
    if extras == dict(position.extras):
        return position
    return position.with_changes(extras=extras)


def _moved(
    devils: Mapping[str, Any], units: Sequence[Unit], moves: Sequence[OrderResult]
) -> dict[str, Any]:
    """``devils`` (by location as a phase began) where their units are after its moves: a
    successful move takes the entry along; anything else leaves it where it was."""
    out: dict[str, Any] = {}
    for unit, r in zip(units, moves, strict=False):
        key = _key(unit.power, unit.location)
        if key not in devils:
            continue
        if isinstance(r.order, Move) and r.outcome is Outcome.OK:
            out[_key(unit.power, r.order.dest)] = devils[key]
        else:
            out[key] = devils[key]
    return out


def _ended_at(unit: Unit, position: Position, moves: Sequence[OrderResult]) -> str:
    """Where ``unit`` (as the phase began) ended its moves."""
    for u, r in zip(position.units, moves, strict=False):
        if u == unit and isinstance(r.order, Move) and r.outcome is Outcome.OK:
            return r.order.dest
    return unit.location


def _stands(game_map: GameMap, unit: Unit) -> bool:
    """May ``unit`` stand where it is: an army on land, a fleet at sea or on a coast (on
    one of a province's named coasts where it has them)."""
    p = game_map.provinces.get(province_of(unit.location))
    if p is None:
        return False
    if unit.kind is UnitKind.ARMY:
        return p.is_land and "/" not in unit.location
    if p.terrain is Terrain.LAND:
        return False
    return unit.location in game_map.locations and (not p.coasts or "/" in unit.location)
