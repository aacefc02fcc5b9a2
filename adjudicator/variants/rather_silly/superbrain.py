"""Rather Silly's Superbrain (rules: "Superhirn") and the extra units his questions
earn, as functions the variant's hooks call
(:class:`~adjudicator.variants.rather_silly.rules.RatherSilly`).

The seat ``superbrain`` asks a question each season (``ask …``, with his secret
``answer …``); any seat replies the next season (``reply …``), and the game master judges
the replies (a decision). Each right reply earns an equal share of an extra unit (the
Fortune-teller's, a third prediction instead: :mod:`.fortune_teller`); a whole share buys
one (``extra A par``), which needs no center. When nobody was right, the Superbrain places
a unit of his own in Iceland or Crete (``place F ice``); a season without his question
gives every other seat a share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from adjudicator.board import (
    FrozenMap,
    PhaseKind,
    Position,
    Season,
    Unit,
    UnitKind,
    province_of,
)
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap, Terrain
from adjudicator.orders import UnitRef, VariantOrder
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants.base import DecisionRequest, Question, QuestionParam, Variant
from adjudicator.variants.rather_silly.fortune_teller import FORTUNE_TELLER
from adjudicator.variants.rather_silly.marks import (
    as_share,
    marks_of,
    next_season_code,
    season_code,
    unit_key,
    unit_text,
)
from adjudicator.wording import declare_problem, problem_words

if TYPE_CHECKING:
    from adjudicator.variants.rather_silly.season import SeasonSoFar

SUPERBRAIN = "superbrain"

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
#: The game master judges the replies. The Superbrain's answer is his secret to the end of
#: the game (:attr:`DecisionRequest.owned`): the game master sees it to judge by it.
REPLIES_JUDGED = Question.declare(
    "superbrain_replies",
    "The Superbrain asked: {asked} His answer: {answer}. Replies: {replies}. Which seats"
    " answered right (none, one or several)?",
)
NOBODY_BY_DEFAULT = Question.declare("superbrain_nobody_right", "Nobody answered right.")
declare_problem("text_shape", "write the words after it: ask …, answer …, reply …")
declare_problem("extra_shape", "an extra unit reads: extra A par (the Superbrain's: place F ice)")


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


def superbrain_request(
    variant: Variant, position: Position, orders: Mapping[str, Sequence[str]]
) -> tuple[DecisionRequest, ...]:
    """The game master judges the replies given this season to last season's question.
    The question carries the Superbrain's kept answer, which the game master judges by,
    as a parameter his seat owns: a host shows it to nobody else before the game ends."""
    asked = position.extras.get("question")
    if position.phase.kind is not PhaseKind.MOVEMENT or not asked:
        return ()
    key = f"superbrain {asked['season']}"
    if variant.decision(position, key) is not None:
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
    params: dict[str, QuestionParam] = {
        "asked": str(asked["text"]),
        "answer": str(kept or ""),
        "replies": FrozenMap(replies),
    }
    return (
        DecisionRequest(
            key=key,
            question=REPLIES_JUDGED,
            params=FrozenMap(params),
            # Whether he gave an answer at all is his secret too (his answer orders are).
            owned=FrozenMap({"answer": SUPERBRAIN}),
            # The seats that replied, by id: the game master ticks those that were
            # right, and none is an answer (nobody was).
            choices=tuple(replies),
            many=True,
            default="",
            default_means=NOBODY_BY_DEFAULT,
        ),
    )


def superbrain_answers(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 10: the replies to last season's question are judged (the game master's
    word; nobody, without it): each right one earns an equal share of an extra unit,
    kept until a whole one is reached; then this season's question (and its secret
    answer) is kept for next season's replies."""
    variant, position, after = season.variant, season.position, season.after
    results: list[OrderResult] = []
    extras = dict(after.extras)
    if extras.get("third_prediction") == season_code(position.phase):
        del extras["third_prediction"]  # spent in step 2 of this season
    asked = position.extras.get("question")
    replies = season.given(Reply)
    if asked:
        judged = variant.decision(position, f"superbrain {asked['season']}") or ""
        named = {w.strip().lower() for w in judged.split(",") if w.strip()}
        right = [p for p, _o in replies if p in named]
        shares = {str(k): as_share(v) for k, v in (extras.get("shares") or {}).items()}
        for power, reply in replies:
            if power == FORTUNE_TELLER and power in right:
                # No share for him: three predictions next season instead (the rules).
                extras["third_prediction"] = next_season_code(position.phase)
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
    questions = season.given((Ask, AnswerIs))
    asks = any(power == SUPERBRAIN and isinstance(o, Ask) for power, o in questions)
    if position.options.get("roles") and not asks:
        results.extend(_superbrain_missed(variant, position, extras))
    for power, order in questions:
        if power != SUPERBRAIN:
            results.append(OrderResult(power, order, Outcome.VOID, ONLY_SUPERBRAIN))
        elif isinstance(order, Ask):
            extras["question"] = {"season": season_code(position.phase), "text": order.text}
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


def _superbrain_missed(
    variant: Variant, position: Position, extras: dict[str, Any]
) -> list[OrderResult]:
    """A season without the Superbrain's question: every other seat still in the game
    (a great power with units or centers, and the other roles) gets an equal share,
    as if all had answered right (house rule). The roles are the variant's other order
    givers."""
    alive = [p for p in variant.powers if position.units_of(p) or position.centers_of(p)] + [
        r for r in variant.other_order_givers if r != SUPERBRAIN
    ]
    share = Fraction(1, len(alive))
    shares = {str(k): as_share(v) for k, v in (extras.get("shares") or {}).items()}
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


def extra_due(position: Position, power: str) -> bool:
    """Does ``power`` hold a whole share, the price of an extra unit?"""
    held = (position.extras.get("shares") or {}).get(power, "0")
    return as_share(held) >= 1


def extra_units(season: SeasonSoFar) -> tuple[Position, list[OrderResult]]:
    """Step 10's builds: a whole share buys an extra unit (``extra A par``) in a free
    home center (any free center it owns, for a role) in a spring or a winter, one a
    season; it needs no center and is not replaced when lost (kept as ``"extra"`` in
    ``extras.kinds``). The Superbrain's ``place F ice`` puts his own unit in Iceland or
    Crete once for each season nobody answered right."""
    variant, position, after = season.variant, season.position, season.after
    given = season.given(Extra)
    if not given:
        return after, []
    spring_or_winter = position.phase.season in (Season.SPRING, Season.WINTER)
    results: list[OrderResult] = []
    kinds = dict(marks_of(after, "kinds"))
    shares = {str(k): as_share(v) for k, v in (after.extras.get("shares") or {}).items()}
    places_due = int(after.extras.get("places_due") or 0)
    units = list(after.units)
    occupied = {u.province for u in units}
    built: set[str] = set()  # one extra unit a season
    for power, order in given:
        unit = Unit(power, order.unit.kind, order.unit.location)
        province = order.unit.province
        if isinstance(order, Place):
            ok = (
                power == SUPERBRAIN
                and places_due > 0
                and province in variant.map.closed
                and province not in occupied
                and _stands(variant.map, unit)
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
                and power not in built
                and shares.get(power, Fraction(0)) >= 1
                and province in variant.build_sites(now, power)
                and _stands(variant.map, unit)
            )
            if not ok:
                results.append(OrderResult(power, order, Outcome.VOID, EXTRA_REFUSED))
                continue
            built.add(power)
            shares[power] -= 1
            kinds[unit_key(power, unit.location)] = "extra"
            reason = EXTRA_BUILT
        units.append(unit)
        occupied.add(province)
        results.append(
            OrderResult(power, order, Outcome.OK, reason, FrozenMap({"unit": unit_text(unit)}))
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
    # The marks with the rest, as :func:`.marks.with_marks` keeps them: one new position.
    if not ((after.extras.get("kinds") == kinds) if kinds else ("kinds" not in after.extras)):
        extras.pop("kinds", None)
        if kinds:
            extras["kinds"] = dict(sorted(kinds.items()))
    return after.with_changes(units=units, extras=extras), results


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
