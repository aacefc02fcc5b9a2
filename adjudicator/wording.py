"""The adjudicator's words: English sentences for results and for orders that cannot be
read, made from their codes, their parameters (ids) and the map's names.

Results and reading problems carry a code and parameters as ids (``dest="spa/nc"``,
``unit="A mun"``, ``power="england"``), never prose. This module is where the English
comes from (the command line prints it; positions and tests read it); a site says the
same from the same codes in its readers' languages. A parameter's kind is its name:

- locations: ``location``, ``dest``, ``source``, ``province`` (a location id);
- units: ``unit``, ``other``, ``supported``, ``army``, ``fleets``, ``attackers`` (a unit as
  ``A mun``, or several joined by ", "; ``unit`` may be a unit kind alone, ``A`` or ``F``);
- powers: ``power``, ``owner`` (a power id);
- unit kinds: ``actual``, ``given`` when ``A`` or ``F`` (else ``given`` is a count);
- ``phase``: a phase kind's letter; ``season``: a season's code (``F1901``); ``what``: a
  part of an order (:data:`ORDER_PARTS`);
- anything else (counts, strengths, words as typed) as it is.

A question to the game master (:class:`~adjudicator.variants.base.Question`) has two kinds
more: words a seat gave (``asked``, ``answer``: as given, "(none given)" when empty), and
``replies``, the words each seat gave, by seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from adjudicator.board import PhaseKind
from adjudicator.kept import KeptPer

if TYPE_CHECKING:
    from adjudicator.maps import GameMap
    from adjudicator.results import OrderResult, Reason
    from adjudicator.variants.base import Question

LOCATION_PARAMS = frozenset({"location", "dest", "source", "province"})
UNIT_PARAMS = frozenset({"unit", "other", "supported", "army"})
#: Several units joined by ", " (a convoy's fleets, a retreat's rivals, an attack's units).
UNIT_LIST_PARAMS = frozenset({"fleets", "attackers"})
POWER_PARAMS = frozenset({"power", "owner", "nation"})
#: Seats that are not powers (Kapitalisten's investors), one or several joined by ", ".
SEAT_PARAMS = frozenset({"investor", "tied"})
UNIT_KIND_PARAMS = frozenset({"actual", "given"})
#: A question's words as a seat gave them (the Superbrain's question and his answer).
SAID_PARAMS = frozenset({"asked", "answer"})
#: A question's words by seat: ``{"france": "Monte Muello"}`` (the replies to judge).
REPLY_PARAMS = frozenset({"replies"})
#: A season's code (``S1901``, ``F1901``) in words, by its letter.
SEASON_WORDS = {"S": "Spring", "F": "Fall", "W": "Winter"}
UNIT_KINDS = {"A": "an army", "F": "a fleet"}

#: The parts of an order a reading problem names where the order ended too early.
ORDER_PARTS = {
    "center": "the center to nominate",
    "unit": "the unit",
    "destination": "the destination",
    "supported_unit": "the supported unit",
    "supported_destination": "the destination of the supported move",
    "convoyed_army": "the convoyed army",
    "convoy_destination": "the destination of the convoy",
}

#: Why an order cannot be read, by the reader's codes (:class:`ParseError`).
PROBLEMS = {
    "ends_early": "the order ends where {what} should be",
    "unknown_province": "{token} is not a province on this map",
    "build_needs_kind": "say whether to build an army (A) or a fleet (F) in {province}",
    "unit_needs_kind": "say whether the unit in {province} is an army (A) or a fleet (F)",
    "no_unit": "no unit at {province}",
    "no_dislodged_unit": "no dislodged unit at {province}",
    "trailing": "did not understand {rest} at the end of the order",
    "not_text": "an order must be text",
    "empty": "the order is empty",
    "via_only_moves": "only a move can go via convoy",
    "expected_order_word": "expected an order word (H, -, S, C, R, B, D) after {unit}",
    "support_shape": "a support names a unit, then '-' and where it moves, or nothing",
    "convoy_shape": "a convoy names the army, then '-' and where it goes",
    "unknown_order_word": "did not understand the order word after {unit}",
}


def declare_problem(code: str, wording: str) -> None:
    """A reading problem of a variant's own order kind (see
    :meth:`adjudicator.orders.VariantOrder.read`), with its English template.

    Raises:
        ValueError: if the code is declared already with other words.
    """
    known = PROBLEMS.get(code)
    if known is not None and known != wording:
        raise ValueError(f"reading problem {code!r} is already declared with other words")
    PROBLEMS[code] = wording


def unit_words(text: str, game_map: GameMap | None = None) -> str:
    """A unit the way results name it, its place in full: ``A mun`` -> ``A Munich``,
    ``F stp/sc`` -> ``F St Petersburg (south coast)``; a kind alone (``A``) in words ("an
    army"). Without the map, or for a place not on it, the place as written, capitalised."""
    if text in UNIT_KINDS:
        return UNIT_KINDS[text]
    kind, _, location = text.partition(" ")
    if game_map is not None and location in game_map.locations:
        return f"{kind} {game_map.location_name(location)}"
    return f"{kind} {location[:1].upper()}{location[1:]}"


def param_words(params: Mapping[str, str], game_map: GameMap) -> dict[str, str]:
    """Each parameter in English, by its kind (see the module's text)."""
    out: dict[str, str] = {}
    for key, value in params.items():
        if key in LOCATION_PARAMS and value in game_map.locations:
            out[key] = game_map.location_name(value)
        elif key in UNIT_PARAMS or key in UNIT_LIST_PARAMS:
            # One unit, or several joined by ", " (the fleets of a convoy, a retreat's rivals).
            out[key] = ", ".join(unit_words(u, game_map) for u in value.split(", ") if u)
        elif key in POWER_PARAMS:
            out[key] = value.capitalize()
        elif key == "season" and len(value) == 5 and value[0] in SEASON_WORDS:
            # A season's code ("F1901"): the hyperspace link's season.
            out[key] = f"{SEASON_WORDS[value[0]]} {value[1:]}"
        elif key in SEAT_PARAMS:
            # Seats that are not powers, one or several: "investor-3" -> "Investor 3".
            out[key] = ", ".join(v.replace("-", " ").capitalize() for v in value.split(", ") if v)
        elif key in UNIT_KIND_PARAMS and value in UNIT_KINDS:
            out[key] = UNIT_KINDS[value]
        elif key == "phase":
            try:
                out[key] = PhaseKind(value).words
            except ValueError:
                out[key] = value
        elif key == "what":
            out[key] = ORDER_PARTS.get(value, value)
        elif key in ("token", "rest"):
            out[key] = repr(value)
        else:
            out[key] = value
    return out


def explain(result: OrderResult, game_map: GameMap) -> str:
    """Why an order did not simply succeed, in English ("" when it did).

    >>> from adjudicator import find_variant, check_order
    >>> start = find_variant("standard").initial_position()
    >>> explain(check_order(start, "england", "A lvp - tyr"), find_variant("standard").map)
    'Tyrolia is not adjacent to Liverpool'
    """
    reason = result.reason
    if reason is None:
        return ""
    said = _said(game_map)
    key = (reason, tuple(result.params.items()))
    sentence = said.get(key)
    if sentence is None:
        sentence = _explain(reason, dict(result.params), game_map)
        if len(said) >= _SAID_KEPT:
            said.clear()
        said[key] = sentence
    return sentence


def _explain(reason: Reason, params: dict[str, str], game_map: GameMap) -> str:
    if "problem" in params:  # an order that could not be read
        return problem_words(params.pop("problem"), params, game_map)
    template = reason.template_for(params)
    try:
        return template.format_map(param_words(params, game_map))
    except (KeyError, ValueError, IndexError):
        return reason.value.replace("_", " ")


_Said = dict[tuple["Reason", tuple[tuple[str, str], ...]], str]
#: Sentences said before, per map: the same bounces and voids come again and again (a
#: batch of phases, a game's checks).
_said: KeptPer[GameMap, _Said] = KeptPer(lambda _map: {})
_SAID_KEPT = 1 << 14


def problem_words(code: str, params: Mapping[str, str], game_map: GameMap | None) -> str:
    """Why an order cannot be read, in English, from the reader's code and parameters."""
    template = PROBLEMS.get(code)
    if template is None:
        return code.replace("_", " ")
    words = dict(params) if game_map is None else param_words(params, game_map)
    try:
        return template.format_map(words)
    except (KeyError, ValueError, IndexError):
        return code.replace("_", " ")


def question_words(
    question: Question, params: Mapping[str, str | Mapping[str, str]], game_map: GameMap
) -> str:
    """A question to the game master (or what its default means) in English, from its
    code and parameters (see the module's text); its code in words when a parameter the
    sentence needs is missing."""
    words: dict[str, str] = {}
    plain: dict[str, str] = {}
    for key, value in params.items():
        if isinstance(value, Mapping):
            if key in REPLY_PARAMS:
                words[key] = "; ".join(f"{p.capitalize()}: {t}" for p, t in value.items())
        elif key in SAID_PARAMS:
            words[key] = value or "(none given)"
        else:
            plain[key] = value
    words.update(param_words(plain, game_map))
    try:
        return question.wording.format_map(words)
    except (KeyError, ValueError, IndexError):
        return question.value.replace("_", " ")
