"""Reading orders fast reads them exactly as before: the tokenizer's shortcuts (plain
phrases looked up as they are, phrases longer than any name skipped, the tokens of a text
read before kept) give the tokens the plain longest-match reading gives, for any text made
of the map's spellings, keywords, arrows and punctuation."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import Unit, UnitKind, parse_order
from adjudicator.errors import ParseError
from adjudicator.maps import GameMap, load_map
from adjudicator.orders import _WORDS, _lookup, _tokens

STANDARD = load_map("standard")


def reference_tokens(text: str, game_map: GameMap) -> list[str]:
    """The reading as it was, every phrase of up to six words looked up in full."""
    s = " " + text.strip().lower() + " "
    s = re.sub(r"\s*(->|=>|—|–)\s*", " - ", s)
    s = s.replace(",", " ").replace(":", " ")
    words = s.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        for j in range(min(len(words), i + 6), i, -1):
            phrase = " ".join(words[i:j])
            loc = _lookup(phrase, game_map)
            if loc is not None and not (j == i + 1 and phrase in _WORDS):
                out.append(loc)
                i = j
                break
        else:
            word = words[i]
            if "-" in word and word not in _WORDS:
                parts = [p for p in re.split(r"(-)", word) if p]
                if len(parts) > 1:
                    words[i : i + 1] = parts
                    continue
            out.append(word)
            i += 1
    return out


SPELLINGS = sorted(STANDARD.names)
PIECES = st.one_of(
    st.sampled_from(SPELLINGS),
    st.sampled_from(SPELLINGS).map(str.upper),
    st.sampled_from(SPELLINGS).map(lambda n: n.replace(" ", "_")),
    st.sampled_from(SPELLINGS).map(lambda n: n.replace(" ", ". ")),
    st.sampled_from(sorted(_WORDS)),
    st.sampled_from(["->", "=>", "–", "-", ",", ":", "(", ")", "/", "nc", "sc", "via convoy"]),
    st.sampled_from(["stp / sc", "spa (nc)", "St. Petersburg", "north-sea", "lon-"]),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz./()-_ ", max_size=8),
)
TEXTS = st.lists(PIECES, min_size=1, max_size=8).map(" ".join)


@settings(max_examples=600, deadline=None)
@given(TEXTS)
def test_the_fast_reading_gives_the_tokens_of_the_full_reading(text: str) -> None:
    expected = reference_tokens(text, STANDARD)
    assert list(_tokens(text, STANDARD)) == expected
    assert list(_tokens(text, STANDARD)) == expected  # and again, from what was kept


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_an_order_read_twice_reads_the_same(text: str) -> None:
    def read() -> str:
        try:
            return str(parse_order(text, STANDARD))
        except ParseError as e:
            return f"error {e.code}"

    assert read() == read()


def test_names_with_dots_underscores_brackets_and_dashes_still_read() -> None:
    cases = {
        "F St. Petersburg (south coast) - Gulf of Bothnia": "F stp/sc - bot",
        "Fleet north_sea -> english channel": "F nth - eng",
        "A lon-nth via convoy": "A lon - nth via convoy",
        "F spa ( nc ) - mao": "F spa/nc - mao",
    }
    for text, canonical in cases.items():
        assert str(parse_order(text, STANDARD)) == canonical


def test_a_unit_named_without_its_kind_is_read_from_each_position_anew() -> None:
    """A reading that looked at the board is kept for nothing: the same text reads as
    the unit each position has there."""
    from adjudicator import find_variant

    start = find_variant("standard").initial_position({})
    fleet_in_london = parse_order("lon - nth", STANDARD, position=start)
    assert str(fleet_in_london) == "F lon - nth"
    army_there = start.with_changes(
        units=tuple(
            Unit(u.power, UnitKind.ARMY, u.location) if u.location == "lon" else u
            for u in start.units
        )
    )
    assert str(parse_order("lon - nth", STANDARD, position=army_there)) == "A lon - nth"


def test_a_kept_reading_still_checks_the_unit_is_there() -> None:
    from adjudicator import find_variant

    start = find_variant("standard").initial_position({})
    assert str(parse_order("F lon - nth", STANDARD, position=start)) == "F lon - nth"
    empty = start.with_changes(units=tuple(u for u in start.units if u.location != "lon"))
    with pytest.raises(ParseError) as refused:
        parse_order("F lon - nth", STANDARD, position=empty)
    assert (refused.value.code, refused.value.text) == ("no_unit", "F lon - nth")
    assert refused.value.params == {"province": "lon"}
    assert refused.value.message == "no unit at London"


def test_resolve_gives_an_order_read_before_the_results_a_first_reading_gives() -> None:
    """resolve takes a text read before in a movement phase as it was read (game._attach),
    but only where its unit stands and is the power's own: an empty province, a unit of
    another power or of another kind are worded as when the text is read for the first
    time."""
    from adjudicator import find_variant, resolve
    from adjudicator.orders import readings_forget

    start = find_variant("standard").initial_position({})
    empty = start.with_changes(units=tuple(u for u in start.units if u.location != "lon"))
    orders = {
        "england": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
        "france": ["A mun - bur", "F bre - mao"],
        "germany": ["F kie - den", "A mun - ruh"],
    }

    def worded(position: object) -> list[tuple[str, str, str, str | None, object]]:
        return [
            (r.power, str(r.order), r.outcome.value, r.reason, r.params)
            for r in resolve(position, orders).results  # type: ignore[arg-type]
        ]

    for position in (start, empty):
        readings_forget()
        first = worded(position)
        assert worded(position) == first  # every text now read before
    readings_forget()
    assert worded(start) == worded(start)
    # Read before on the full board, then met where London is empty.
    again = worded(empty)
    readings_forget()
    assert again == worded(empty)
    assert ("england", "F lon - nth", "illegal", "unreadable") in [a[:4] for a in again]
    assert ("france", "A mun - bur", "illegal", "not_your_unit") in [a[:4] for a in again]


def _phases_to_read_in() -> list[object]:
    """Positions of every kind of phase the core reads: movement (armies, fleets on coasts,
    convoys), retreats (a dislodged army) and adjustments (builds, disbands, waives)."""
    from adjudicator import find_variant, resolve

    standard = find_variant("standard")
    start = standard.initial_position({})
    spring = resolve(start, {"france": ["A par - bur"], "germany": ["A mun - bur"]}).position
    fall = resolve(
        spring,
        {"germany": ["A mun - bur", "A ber - mun"], "france": ["A par H", "F bre - pic"]},
    ).position
    return [start, spring, fall]


def test_canonical_text_reads_as_the_full_reader_reads_it() -> None:
    """The canonical notation's fast reading (split on spaces, ids checked) gives exactly
    the order the full reader gives: every legal order of each position, read as written
    and as the full reader must read it (a trailing space leaves the fast path)."""
    from adjudicator import legal_orders

    checked = 0
    for position in _phases_to_read_in():
        for options in legal_orders(position).values():
            for order in options:
                text = str(order)
                fast = parse_order(text, STANDARD, position=position)
                full = parse_order(text + " ", STANDARD, position=position)
                assert fast == full == order, text
                checked += 1
    assert checked > 500
    # Text that only looks canonical is left to the full reader, which says what is wrong
    # or reads it as players mean it (a convoyed "fleet" is the army it carries).
    for text in ("A par - xyz", "Q par H", "A par S A bur - "):
        with pytest.raises(ParseError):
            parse_order(text, STANDARD)
    assert str(parse_order("F nth C F lon - nwy", STANDARD)) == "F nth C A lon - nwy"
