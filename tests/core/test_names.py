"""core/names: names that look the same compare the same (the attack's L1)."""

from __future__ import annotations

import pytest

from core.names import name_key, shown_name


@pytest.mark.parametrize(
    "look_alike",
    [
        "Tycoon 2\u200b",  # a zero-width space after it
        "Ty\u00adcoon 2",  # a soft hyphen inside
        "\u200dTycoon\u2060 2",  # joiners
        "ＴＹＣＯＯＮ ２",  # full-width letters and digit
        "tycoon  2 ",  # case and spacing
        "Tycoon\u00a02",  # a no-break space
        "Tycoon\u3164 2",  # a Hangul filler, which draws nothing
    ],
)
def test_a_name_that_looks_the_same_has_the_same_key(look_alike: str) -> None:
    assert name_key(look_alike) == name_key("Tycoon 2")


def test_different_names_keep_different_keys() -> None:
    assert name_key("Tycoon 2") != name_key("Tycoon 3")
    assert name_key("Tycoon") != name_key("Tycoon 2")


def test_a_name_is_kept_as_it_shows() -> None:
    assert shown_name("  Tycoon\u200b   2 ") == "Tycoon 2"
    assert shown_name("ＴＹＣＯＯＮ") == "TYCOON"
    assert shown_name("Zoë") == "Zoë"  # letters with marks stay as written


def test_case_folding_is_unicodes_not_lowercasing() -> None:
    assert name_key("STRASSE") == name_key("Straße")
