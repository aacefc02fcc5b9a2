"""The adjudicator's words in the reader's language.

The adjudicator speaks in codes: each result carries a reason code and its parameters
as ids (``dest="spa/nc"``, ``unit="A mun"``, ``power="england"``), and an order that
cannot be read a problem code with its parameters; ``adjudicator.wording`` makes its
English of them. This module says the same things through Django's translation
machinery: a sentence per code (the English msgids are exactly the adjudicator's
wording), with each parameter put in words by its kind (places by the map's names in
the reader's language, powers, unit and order kinds, phase kinds), plus the names of
powers, phases and order outcomes. Nothing here reads English back: results stored
before their parameters were ids were converted by a migration
(``games/migrations/0013_result_params_as_ids``); those stored with no parameters at all
show their stored English.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from typing import Any

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from adjudicator import load_map
from adjudicator.board import Phase, PhaseKind
from adjudicator.errors import ParseError
from adjudicator.results import OrderResult
from adjudicator.variants import Question
from adjudicator.wording import (
    LOCATION_PARAMS,
    POWER_PARAMS,
    REPLY_PARAMS,
    SAID_PARAMS,
    SEAT_PARAMS,
    UNIT_KIND_PARAMS,
    UNIT_LIST_PARAMS,
    UNIT_PARAMS,
    explain,
    question_words,
    unit_words,
)
from variants.registry import phase_words
from variants.registry import words as variant_words

#: The standard powers by their ids, and the colours played where there are no great
#: powers; a variant names its own seats (``variants/<id>/words.py``), and a seat nobody
#: names is shown as its id, capitalised.
POWER_NAMES: dict[str, Promise] = {
    "austria": _("Austria"),
    "england": _("England"),
    "france": _("France"),
    "germany": _("Germany"),
    "italy": _("Italy"),
    "russia": _("Russia"),
    "turkey": _("Turkey"),
    # Variants without great powers play colours (several share them).
    "red": _("Red"),
    "blue": _("Blue"),
    "yellow": _("Yellow"),
    "green": _("Green"),
    "black": _("Black"),
    "grey": _("Grey"),
}

#: An order's result, by the adjudicator's outcome values (shown as they are in English).
OUTCOMES: dict[str, Promise] = {
    "ok": pgettext_lazy("order result", "ok"),
    "bounce": pgettext_lazy("order result", "bounce"),
    "cut": pgettext_lazy("order result", "cut"),
    "dislodged": pgettext_lazy("order result", "dislodged"),
    "void": pgettext_lazy("order result", "void"),
    "no_convoy": pgettext_lazy("order result", "no_convoy"),
    "disrupted": pgettext_lazy("order result", "disrupted"),
    "illegal": pgettext_lazy("order result", "illegal"),
}

SEASONS: dict[str, Promise] = {
    "S": pgettext_lazy("season", "Spring"),
    "F": pgettext_lazy("season", "Fall"),
    "W": pgettext_lazy("season", "Winter"),
}

#: Phase kinds, as the adjudicator names them ("Spring 1901 movement").
PHASE_KINDS: dict[str, Promise] = {
    "movement": pgettext_lazy("phase kind", "movement"),
    "retreats": pgettext_lazy("phase kind", "retreats"),
    "adjustments": pgettext_lazy("phase kind", "adjustments"),
}

#: Kinds of order (the adjudicator's order class names), in "{kind} orders are not given ...".
ORDER_KINDS: dict[str, Promise] = {
    # Translators: the first part of "<kind> orders"; in German, of a compound ("Halte|befehle").
    "hold": pgettext_lazy("order kind", "hold"),
    "move": pgettext_lazy("order kind", "move"),
    "support": pgettext_lazy("order kind", "support"),
    "convoy": pgettext_lazy("order kind", "convoy"),
    "retreat": pgettext_lazy("order kind", "retreat"),
    "disband": pgettext_lazy("order kind", "disband"),
    "build": pgettext_lazy("order kind", "build"),
    "waive": pgettext_lazy("order kind", "waive"),
}

#: Unit kinds by their letters, where a result names a kind alone ("an army cannot stand in
#: Kiel", "the unit at London is a fleet, not an army").
UNIT_KINDS: dict[str, Promise] = {
    "A": pgettext_lazy("unit kind", "an army"),
    "F": pgettext_lazy("unit kind", "a fleet"),
}

#: The standard map's provinces by their English names (as the adjudicator's results
#: name them); a name not in here (another map's) is shown as it is.
PROVINCES: dict[str, Promise] = {
    "Adriatic Sea": pgettext_lazy("province", "Adriatic Sea"),
    "Aegean Sea": pgettext_lazy("province", "Aegean Sea"),
    "Albania": pgettext_lazy("province", "Albania"),
    "Ankara": pgettext_lazy("province", "Ankara"),
    "Apulia": pgettext_lazy("province", "Apulia"),
    "Armenia": pgettext_lazy("province", "Armenia"),
    "Baltic Sea": pgettext_lazy("province", "Baltic Sea"),
    "Barents Sea": pgettext_lazy("province", "Barents Sea"),
    "Belgium": pgettext_lazy("province", "Belgium"),
    "Berlin": pgettext_lazy("province", "Berlin"),
    "Black Sea": pgettext_lazy("province", "Black Sea"),
    "Bohemia": pgettext_lazy("province", "Bohemia"),
    "Brest": pgettext_lazy("province", "Brest"),
    "Budapest": pgettext_lazy("province", "Budapest"),
    "Bulgaria": pgettext_lazy("province", "Bulgaria"),
    "Burgundy": pgettext_lazy("province", "Burgundy"),
    "Clyde": pgettext_lazy("province", "Clyde"),
    "Constantinople": pgettext_lazy("province", "Constantinople"),
    "Denmark": pgettext_lazy("province", "Denmark"),
    "Eastern Mediterranean": pgettext_lazy("province", "Eastern Mediterranean"),
    "Edinburgh": pgettext_lazy("province", "Edinburgh"),
    "English Channel": pgettext_lazy("province", "English Channel"),
    "Finland": pgettext_lazy("province", "Finland"),
    "Galicia": pgettext_lazy("province", "Galicia"),
    "Gascony": pgettext_lazy("province", "Gascony"),
    "Greece": pgettext_lazy("province", "Greece"),
    "Gulf of Bothnia": pgettext_lazy("province", "Gulf of Bothnia"),
    "Gulf of Lyon": pgettext_lazy("province", "Gulf of Lyon"),
    "Heligoland Bight": pgettext_lazy("province", "Heligoland Bight"),
    "Holland": pgettext_lazy("province", "Holland"),
    "Ionian Sea": pgettext_lazy("province", "Ionian Sea"),
    "Irish Sea": pgettext_lazy("province", "Irish Sea"),
    "Kiel": pgettext_lazy("province", "Kiel"),
    "Liverpool": pgettext_lazy("province", "Liverpool"),
    "Livonia": pgettext_lazy("province", "Livonia"),
    "London": pgettext_lazy("province", "London"),
    "Marseilles": pgettext_lazy("province", "Marseilles"),
    "Mid-Atlantic Ocean": pgettext_lazy("province", "Mid-Atlantic Ocean"),
    "Moscow": pgettext_lazy("province", "Moscow"),
    "Munich": pgettext_lazy("province", "Munich"),
    "Naples": pgettext_lazy("province", "Naples"),
    "North Africa": pgettext_lazy("province", "North Africa"),
    "North Atlantic Ocean": pgettext_lazy("province", "North Atlantic Ocean"),
    "North Sea": pgettext_lazy("province", "North Sea"),
    "Norway": pgettext_lazy("province", "Norway"),
    "Norwegian Sea": pgettext_lazy("province", "Norwegian Sea"),
    "Paris": pgettext_lazy("province", "Paris"),
    "Picardy": pgettext_lazy("province", "Picardy"),
    "Piedmont": pgettext_lazy("province", "Piedmont"),
    "Portugal": pgettext_lazy("province", "Portugal"),
    "Prussia": pgettext_lazy("province", "Prussia"),
    "Rome": pgettext_lazy("province", "Rome"),
    "Ruhr": pgettext_lazy("province", "Ruhr"),
    "Rumania": pgettext_lazy("province", "Rumania"),
    "Serbia": pgettext_lazy("province", "Serbia"),
    "Sevastopol": pgettext_lazy("province", "Sevastopol"),
    "Silesia": pgettext_lazy("province", "Silesia"),
    "Skagerrak": pgettext_lazy("province", "Skagerrak"),
    "Smyrna": pgettext_lazy("province", "Smyrna"),
    "Spain": pgettext_lazy("province", "Spain"),
    "St Petersburg": pgettext_lazy("province", "St Petersburg"),
    "Sweden": pgettext_lazy("province", "Sweden"),
    "Switzerland": pgettext_lazy("province", "Switzerland"),
    "Syria": pgettext_lazy("province", "Syria"),
    "Trieste": pgettext_lazy("province", "Trieste"),
    "Tunis": pgettext_lazy("province", "Tunis"),
    "Tuscany": pgettext_lazy("province", "Tuscany"),
    "Tyrolia": pgettext_lazy("province", "Tyrolia"),
    "Tyrrhenian Sea": pgettext_lazy("province", "Tyrrhenian Sea"),
    "Ukraine": pgettext_lazy("province", "Ukraine"),
    "Venice": pgettext_lazy("province", "Venice"),
    "Vienna": pgettext_lazy("province", "Vienna"),
    "Wales": pgettext_lazy("province", "Wales"),
    "Warsaw": pgettext_lazy("province", "Warsaw"),
    "Western Mediterranean": pgettext_lazy("province", "Western Mediterranean"),
    "Yorkshire": pgettext_lazy("province", "Yorkshire"),
}

COASTS: dict[str, Promise] = {
    "north coast": _("north coast"),
    "south coast": _("south coast"),
    "east coast": _("east coast"),
    "west coast": _("west coast"),
}

#: One sentence per reason code of the core; the English is the adjudicator's own wording.
#: A variant's own codes are worded by the variant (``variants/<id>/words.py``).
REASONS: dict[str, Promise] = {
    # "unreadable" repeats the parser's message, which is English only.
    "no_unit": _("no unit at %(location)s"),
    "not_your_unit": _("%(unit)s belongs to %(owner)s"),
    "wrong_unit_kind": _("the unit at %(location)s is %(actual)s, not %(given)s"),
    # Translators: kind is an "order kind", phase a "phase kind" (movement, retreats, adjustments).
    "wrong_phase": _("%(kind)s orders are not given in a %(phase)s phase"),
    "replaced": _("replaced by a later order for the same unit"),
    "same_province": _("%(unit)s cannot move to the province it is in"),
    "not_adjacent": _("%(dest)s is not adjacent to %(source)s"),
    "cannot_enter": _("%(unit)s cannot enter %(dest)s"),
    "coast_needed": _("say which coast of %(dest)s"),
    "support_unreachable": _("%(unit)s could not move to %(dest)s itself, so cannot support there"),
    "support_self": _("a unit cannot support itself"),
    "no_supported_unit": _("no unit at %(location)s to support"),
    # "support_not_matched" and "convoy_not_matched" have a sentence per case, below.
    "convoy_not_at_sea": _("only a fleet at sea can convoy"),
    "convoy_no_army": _("no army at %(location)s to convoy"),
    "convoy_not_used": _("%(army)s went over land, not by convoy"),
    "convoy_off_route": _(
        "%(unit)s cannot be part of any convoy route from %(source)s to %(dest)s"
    ),
    "bounced": _("bounced with %(other)s (%(strength)s vs %(other_strength)s)"),
    "bounced_off": _("bounced off %(other)s (%(strength)s vs %(other_strength)s)"),
    "own_unit": _("cannot dislodge %(other)s of the same power"),
    "lost_head_to_head": _(
        "lost the head-to-head battle with %(other)s (%(strength)s vs %(other_strength)s)"
    ),
    "no_convoy_route": _("no convoy route from %(source)s to %(dest)s"),
    "no_possible_convoy": _(
        "%(dest)s is not adjacent to %(source)s, and no fleets could convoy there"
    ),
    "convoy_disrupted": _("convoy disrupted: %(fleets)s dislodged"),
    "convoy_paradox": _("convoy paradox: the convoy fails (Szykman rule)"),
    "paradox_hold": _("part of a convoy paradox: every unit in it holds"),
    "move_failed": _("the move failed"),
    "support_cut": _("support cut by %(other)s"),
    "dislodged_by": _("dislodged by %(other)s (%(strength)s vs %(other_strength)s)"),
    "destroyed": _("dislodged by %(other)s with nowhere to retreat: destroyed"),
    "retreat_not_allowed": _("%(unit)s cannot retreat to %(dest)s"),
    "retreat_bounced": _("bounced with %(other)s in %(dest)s: both are disbanded"),
    "no_order_disbanded": _("no retreat ordered: disbanded"),
    "no_builds_due": _("%(power)s has no builds due"),
    "no_disbands_due": _("%(power)s has no disbands due"),
    "build_not_allowed": _("%(power)s may not build in %(location)s"),
    "build_occupied": _("%(location)s is occupied"),
    "build_twice": _("a unit is already being built in %(location)s"),
    "build_terrain": _("%(unit)s cannot stand in %(location)s"),
    "too_many": _("more orders than the %(count)s allowed"),
    "civil_disorder": _("disbanded in civil disorder (farthest from home)"),
    "builds_excess": _(
        "more builds than allowed: %(given)s given (a waive counts as a build), %(count)s allowed"
    ),
    "disbands_excess": _("more disbands than due: %(given)s given, %(count)s due"),
    "implicit_support": _("support given without an order, by the variant's rules"),
}
_SUPPORT_NOT_TO_HOLD = _("%(supported)s was not ordered to hold")
_SUPPORT_NOT_TO_MOVE = _("%(supported)s was not ordered to %(dest)s")
_CONVOY_NOT_MATCHED = _("%(army)s was not ordered to move to %(dest)s")
_THE_CONVOY = _("the convoy")


#: The names seats play under in the game being shown (pseudonyms, where a variant's
#: players choose them), by seat id: set around one game's page by :func:`seat_names`,
#: empty elsewhere.
_SEAT_NAMES: ContextVar[Mapping[str, str] | None] = ContextVar("seat_names", default=None)
#: A numbered seat ("seat-3"), which its variant names by its prefix and its number.
_NUMBERED_SEAT = re.compile(r"(?P<prefix>[a-z_]+)-(?P<n>\d+)")


@contextmanager
def seat_names(names: Mapping[str, str]) -> Iterator[None]:
    """Within the block, :func:`power_name` names each seat in ``names`` by its name there
    (a pseudonym: public, never who is behind it). ``names`` come from
    ``games.visibility.seat_names``."""
    token = _SEAT_NAMES.set(names)
    try:
        yield
    finally:
        _SEAT_NAMES.reset(token)


def power_word(power: str) -> Promise | None:
    """A power's or a seat's name (lazy), as the core or its variant names it; None for
    a seat nobody names."""
    name = POWER_NAMES.get(power)
    return name if name is not None else variant_words().power_names.get(power)


def power_name(power: str) -> str:
    """A power in the reader's language: ``germany`` -> ``Germany`` / ``Deutschland``; a
    seat by the name it plays under on its game's pages (a pseudonym), else as its
    variant names it (a numbered seat by its variant's words for the prefix and number)."""
    named = (_SEAT_NAMES.get() or {}).get(str(power))
    if named:
        return named
    name = power_word(str(power).lower())
    if name is not None:
        return str(name)
    numbered = _NUMBERED_SEAT.fullmatch(str(power))
    if numbered is not None:
        words = variant_words().numbered_seats.get(numbered["prefix"])
        if words is not None:
            return str(words) % {"n": numbered["n"]}
    text = str(power)
    return text[:1].upper() + text[1:]


def outcome_name(outcome: str) -> str:
    """An order's result (``bounce``, ``void`` ...) in the reader's language."""
    name = OUTCOMES.get(outcome)
    return str(name) if name is not None else str(outcome)


def phase_name(code: str, occurrence: int = 1) -> str:
    """A phase in words: ``S1901M`` -> ``Spring 1901 movement`` (translated).

    ``occurrence`` tells apart the phases of a set-up that share a code (each pick of
    a draft, a set-up round played again): the third ``S1900D`` is "Draft, pick 3".
    """
    phase = Phase.parse(code)
    words = phase_words(phase.kind.value)
    if words is not None:
        return words.of(occurrence)
    kind = PHASE_KINDS.get(phase.kind.words, phase.kind.words)
    return gettext("%(season)s %(year)s %(kind)s") % {
        "season": SEASONS[phase.season.value],
        "year": phase.year,
        "kind": kind,
    }


@functools.lru_cache(maxsize=64)
def _places(map_id: str, language: str | None) -> dict[str, str]:
    return location_names(map_id)


def _place_names(map_id: str) -> dict[str, str]:
    """Every location of the map by its name in the reader's language, kept per language."""
    return _places(map_id, get_language())


#: Parameters that are counts of units of a currency, grouped as the reader's language
#: groups them: 3,120 or 3.120.
COUNT_PARAMS = frozenset({"units", "second", "done", "asked"})
#: Parameters that are amounts in hundredths (rates of a currency, victory points), which
#: the adjudicator writes "1234.56": as the reader's language writes them.
AMOUNT_PARAMS = frozenset({"rate", "points"})
_AMOUNT = re.compile(r"-?\d+\.\d\d")


def _unit_in_words(unit: str, places: Mapping[str, str]) -> str:
    """``A mun`` as "A Munich" (in German "A München"); a unit elsewhere as the adjudicator
    words it."""
    kind, _, location = unit.partition(" ")
    name = places.get(location)
    return f"{kind} {name}" if name is not None else unit_words(unit)


def _translated_params(params: Mapping[str, Any], map_id: str) -> dict[str, str]:
    """A result's or a reading problem's parameters (ids, as the adjudicator gives them:
    see ``adjudicator.wording``) in the reader's language."""
    places = _place_names(map_id)
    out: dict[str, str] = {}
    for key, raw in params.items():
        value = str(raw)
        if key in LOCATION_PARAMS:
            out[key] = places.get(value, value)
        elif key in UNIT_PARAMS or key in UNIT_LIST_PARAMS:
            if value in UNIT_KINDS:
                out[key] = str(UNIT_KINDS[value])
            else:
                out[key] = ", ".join(_unit_in_words(u, places) for u in value.split(", ") if u)
        elif key in POWER_PARAMS:
            out[key] = power_name(value)
        elif key in COUNT_PARAMS and value.isdigit():
            out[key] = str(number_format(int(value), force_grouping=True))
        elif key in AMOUNT_PARAMS and _AMOUNT.fullmatch(value):
            out[key] = str(number_format(Decimal(value), decimal_pos=2, force_grouping=True))
        elif key in SEAT_PARAMS:
            # Seats that are no powers, one or several: by the names they play under on
            # the game's pages (see seat_names).
            out[key] = ", ".join(power_name(v) for v in value.split(", ") if v)
        elif key in UNIT_KIND_PARAMS and value in UNIT_KINDS:
            out[key] = str(UNIT_KINDS[value])
        elif key == "phase":
            out[key] = _phase_kind_words(value)
        elif key == "season" and len(value) == 5 and value[0] in SEASONS:
            # A season's code ("F1901"), which a variant's result may name.
            out[key] = gettext("%(season)s %(year)s") % {
                "season": SEASONS[value[0]],
                "year": value[1:],
            }
        elif key == "kind":
            kind = ORDER_KINDS.get(value)
            if kind is None:
                kind = variant_words().kinds.get(value)
            out[key] = str(kind) if kind is not None else value
        elif key == "what":
            what = _PARSE_WHAT.get(value) or variant_words().order_parts.get(value)
            out[key] = str(what) if what is not None else value
        else:
            out[key] = value
    return out


def _phase_kind_words(letter: str) -> str:
    """A phase kind in a sentence ("movement"), from its letter."""
    try:
        words = PhaseKind(letter).words
    except ValueError:
        return letter
    return str(PHASE_KINDS.get(words, words))


def result_sentence(reason_code: str, params: Mapping[str, Any], map_id: str) -> str | None:
    """Why an order did not simply succeed, in the reader's language, from the reason's
    code and its parameters (ids) on the map ``map_id``.

    ``None`` when the code is unknown or a parameter the sentence needs is missing, so the
    caller can fall back on the adjudicator's stored English.
    """
    values = _translated_params(params, map_id)
    try:
        if reason_code == "unreadable":
            if "problem" not in params:
                return None  # stored before problems had codes: the stored English
            return _problem_sentence(str(params["problem"]), values)
        if reason_code == "support_not_matched":
            template = _SUPPORT_NOT_TO_MOVE if "dest" in params else _SUPPORT_NOT_TO_HOLD
            return str(template) % values
        if reason_code == "convoy_not_matched":
            return str(_CONVOY_NOT_MATCHED) % values
        for left_out, sentence in variant_words().reasons_without.get(reason_code, {}).items():
            if left_out not in params:
                return str(sentence) % values
        if reason_code == "convoy_disrupted" and "fleets" not in params:
            values["fleets"] = str(_THE_CONVOY)
        template = REASONS.get(reason_code)
        if template is None:
            template = variant_words().reasons.get(reason_code)
        if template is None:
            return None
        return str(template) % values
    except (KeyError, ValueError, TypeError):
        return None


def result_reason(result: Mapping[str, Any], map_id: str) -> str:
    """The reason to show for a stored result: translated when its parameters were
    stored, else the adjudicator's English as stored (or "" when it succeeded)."""
    params = result.get("params")
    code = result.get("reason_code")
    if isinstance(params, Mapping) and code:
        sentence = result_sentence(str(code), params, map_id)
        if sentence is not None:
            return sentence
    return str(result.get("reason") or "")


#: What an order was missing where it ended, by the adjudicator's codes for the parts (a
#: variant words those of its own orders).
_PARSE_WHAT: dict[str, Promise] = {
    "unit": _("the unit"),
    "destination": _("the destination"),
    "supported_unit": _("the supported unit"),
    "supported_destination": _("the destination of the supported move"),
    "convoyed_army": _("the convoyed army"),
    "convoy_destination": _("the destination of the convoy"),
}

#: The parser's problems (adjudicator ParseError codes) in the reader's language; a
#: variant words those of its own orders.
_PARSE_PROBLEMS: dict[str, Promise] = {
    "ends_early": _("the order ends where %(what)s should be"),
    "unknown_province": _("“%(token)s” is not a province on this map"),
    "build_needs_kind": _("say whether to build an army (A) or a fleet (F) in %(province)s"),
    "unit_needs_kind": _("say whether the unit in %(province)s is an army (A) or a fleet (F)"),
    "no_unit": _("no unit at %(province)s"),
    "no_dislodged_unit": _("no dislodged unit at %(province)s"),
    "trailing": _("did not understand “%(rest)s” at the end of the order"),
    "not_text": _("an order must be text"),
    "empty": _("the order is empty"),
    "via_only_moves": _("only a move can go via convoy"),
    "expected_order_word": _("expected an order word (H, -, S, C, R, B, D) after %(unit)s"),
    "support_shape": _("a support names a unit, then “-” and where it moves, or nothing"),
    "convoy_shape": _("a convoy names the army, then “-” and where it goes"),
    "unknown_order_word": _("did not understand the order word after %(unit)s"),
}


def _problem_sentence(code: str, values: Mapping[str, str]) -> str | None:
    template = _PARSE_PROBLEMS.get(code)
    if template is None:
        template = variant_words().problems.get(code)
    if template is None:
        return None
    return str(template) % values


def parse_problem(error: ParseError, map_id: str) -> str:
    """Why an order could not be read, in the reader's language (the adjudicator's
    English when the problem is one this site does not know)."""
    values = _translated_params(error.params, map_id)
    try:
        sentence = _problem_sentence(error.code, values)
    except (KeyError, ValueError, TypeError):
        sentence = None
    return sentence if sentence is not None else error.message


def explanation(result: OrderResult, map_id: str) -> str:
    """An adjudicator result's reason in the reader's language (the adjudicator's English,
    ``adjudicator.wording.explain``, when the site has no sentence for it)."""
    if result.reason is None:
        return ""
    sentence = result_sentence(result.reason.value, result.params, map_id)
    return sentence if sentence is not None else explain(result, load_map(map_id))


_COAST_WORDS = {"nc": "north coast", "sc": "south coast", "ec": "east coast", "wc": "west coast"}


def order_in_words(order: str, map_id: str) -> str:
    """An order with its places named in full in the reader's language and its moves as
    arrows (``A ruh - bel``: "A Ruhr → Belgium"); every other word stays as written, so a
    variant's own order words read as their players typed them."""
    places = _place_names(map_id)
    words = []
    for token in order.split():
        name = places.get(token.lower())
        words.append(name if name is not None else "→" if token == "-" else token)
    return " ".join(words)


def result_in_words(result: Mapping[str, Any], map_id: str) -> dict[str, str]:
    """A stored result row (``power``, ``order``, ``result``, the reason's code and
    parameters) as the game page's results table says it, in the reader's language: the
    power's name, the order with its places named, the outcome and, when it did not
    succeed, why."""
    return {
        "power": power_name(str(result.get("power") or "")),
        "order": order_in_words(str(result.get("order") or ""), map_id),
        "outcome": outcome_name(str(result.get("result") or "")),
        "reason": result_reason(result, map_id),
    }


def location_names(map_id: str) -> dict[str, str]:
    """Every location of a map by its name in the reader's language, coasts too
    (``spa/nc``: "Spain (north coast)"), for the page's script to name places."""
    game_map = load_map(map_id)
    names: dict[str, str] = {}
    for pid, p in game_map.provinces.items():
        name = PROVINCES.get(p.name) or variant_words().place_names.get(p.name)
        names[pid] = str(name) if name is not None else p.name
        for location in game_map.coasts_of(pid):
            coast = _COAST_WORDS.get(location.split("/")[1], "")
            coast_name = COASTS.get(coast)
            names[location] = f"{names[pid]} ({coast_name})" if coast_name else location
    return names


#: The answers a question's ``choices`` may hold other than seats (a yes-or-no question's).
_ANSWER_WORDS: dict[str, Promise] = {"yes": _("yes"), "no": _("no")}
#: The answer naming none of the choices of a question that takes many (which seats
#: answered right).
_NONE_CHOSEN = _("nobody")


def answer_words(answer: str | None, choices: Sequence[str], many: bool) -> str:
    """A game master's answer (or the default taken) in the reader's language: the seats
    it names (ids, by commas, for a question that takes many: "nobody" for none), a
    choice's words, or the words he gave to a free question as given."""
    if answer is None:
        return ""
    if many:
        named = [a for a in answer.split(",") if a]
        if not named:
            return str(_NONE_CHOSEN)
        if set(named) <= set(choices):
            return ", ".join(power_name(a) for a in named)
        return answer  # typed as words before answers were ids, and not read back
    if choices and answer in choices:
        words = _ANSWER_WORDS.get(answer)
        return str(words) if words is not None else power_name(answer)
    return answer


#: A question's parameter that is a power's secret, to a reader who may not see it.
_KEPT_SECRET = _("kept secret until the game ends")
#: Words a seat could have given and did not (the answer to a question it asked).
_NONE_GIVEN = _("(none given)")
#: A question stored as words before questions had codes, to a reader who may not read
#: them (they may hold a power's secret).
_WORDS_WITHHELD = _(
    "A question the rules left to the game master (its words are kept until the game ends)."
)


def _question_params(
    params: Mapping[str, Any], hidden: tuple[str, ...] | list[str], map_id: str
) -> dict[str, str]:
    """A question's parameters in the reader's language (see adjudicator.wording): words a
    seat gave as given, the replies by seat, the rest as a result's; each kept from him
    said to be secret."""
    plain = {k: v for k, v in params.items() if k not in SAID_PARAMS and not isinstance(v, Mapping)}
    values = _translated_params(plain, map_id)
    for key, value in params.items():
        if key in REPLY_PARAMS and isinstance(value, Mapping):
            values[key] = "; ".join(f"{power_name(p)}: {t}" for p, t in value.items())
        elif key in SAID_PARAMS:
            values[key] = str(value) if value else str(_NONE_GIVEN)
    for key in hidden:
        values[key] = str(_KEPT_SECRET)
    return values


def question_sentence(
    code: str,
    params: Mapping[str, Any],
    map_id: str,
    hidden: tuple[str, ...] | list[str] = (),
) -> str:
    """A question to the game master (or what its default means) in the reader's
    language, from its code and the parameters he may read (``hidden``: those kept from
    him, said to be secret); the adjudicator's English for a code the site has no words
    for. The questions are the variants' (``variants/<id>/words.py``): the core asks none."""
    values = _question_params(params, hidden, map_id)
    template = variant_words().questions.get(code)
    if template is not None:
        try:
            return str(template) % values
        except (KeyError, ValueError, TypeError):
            pass
    try:
        question = Question(code)
    except ValueError:
        return code.replace("_", " ")
    try:
        return question.wording.format_map(values)
    except (KeyError, ValueError, IndexError):
        return question_words(question, params, load_map(map_id))


def question_withheld() -> str:
    """What a reader who may not read a question stored as words is shown instead."""
    return str(_WORDS_WITHHELD)
