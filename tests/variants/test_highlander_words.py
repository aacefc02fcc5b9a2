"""Highlander's own words: the part of a nomination a reading problem names is worded by
the variant (variants/highlander/words.py), not by the core's words in games/."""

from __future__ import annotations

import pytest
from django.utils import translation

from adjudicator import ParseError, find_variant, parse_order
from games import wording

HIGHLANDER = find_variant("highlander")


def _nomination_cut_short() -> ParseError:
    position = HIGHLANDER.initial_position()
    with pytest.raises(ParseError) as raised:
        parse_order("nominate", HIGHLANDER.map, position=position, power="england")
    assert raised.value.code == "ends_early"
    return raised.value


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "the order ends where the center to nominate should be"),
        ("de", "das zu nominierende Versorgungszentrum"),
    ],
)
def test_a_nomination_cut_short_names_the_center_to_nominate(language: str, sentence: str) -> None:
    error = _nomination_cut_short()
    with translation.override(language):
        assert sentence in wording.parse_problem(error, HIGHLANDER.map.id)
