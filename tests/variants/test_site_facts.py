"""What only the site asks of a variant is the site side's, not the rules object's: the
adjudicator resolves every phase without it."""

from __future__ import annotations

import pytest

from adjudicator.variants import VARIANTS, Variant
from variants.registry import site_side, site_variant

#: Read by games/ and tournaments/ alone: the host's duties for the rules.
SITE_ONLY = ("duel_boards", "reads_absent", "excluding_reasons")


@pytest.mark.parametrize("attribute", SITE_ONLY)
def test_the_rules_object_has_none_of_what_only_the_site_asks(attribute: str) -> None:
    assert not hasattr(Variant, attribute)
    for variant_id in VARIANTS:
        assert not hasattr(VARIANTS[variant_id], attribute), variant_id


def test_each_variant_says_on_its_site_side_what_the_host_does_for_it() -> None:
    assert site_variant("highlander").duel_boards is True
    assert site_variant("kapitalisten").reads_absent is True
    assert site_variant("kapitalisten").excluding_reasons == {"investor_excluded"}
    for other in ("standard", "multiple_void", "rather_silly"):
        entry = site_variant(other)
        assert (entry.duel_boards, entry.reads_absent, entry.excluding_reasons) == (
            False,
            False,
            frozenset(),
        )


def test_a_variant_without_a_site_module_gets_the_defaults() -> None:
    """A variant a test makes up has no site module: no duels, no absent seats read, no
    exclusion by the rules."""
    bare = site_side("made_up")
    assert (bare.duel_boards, bare.reads_absent, bare.excluding_reasons) == (
        False,
        False,
        frozenset(),
    )
    assert site_side("kapitalisten") is site_variant("kapitalisten")
