"""Each variant's words live with the variant (``variants/<id>/words.py``): games/wording.py
says the core's and merges the rest, so a variant's reasons and questions are worded by its
own package and a new variant never edits games/."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from types import SimpleNamespace

import pytest
from django.utils import translation

from adjudicator.variants import VARIANTS, shipped_reasons
from adjudicator.variants.base import Question
from games import wording
from variants import registry
from variants.registry import SITE_VARIANTS, VariantWords, site_variant, words


def _declared_by(variant_id: str) -> set[str]:
    """The reason codes an adjudicator variant's own modules declare."""
    VARIANTS[variant_id]  # declares its reasons as it loads
    prefix = f"adjudicator.variants.{variant_id}."
    return {r.value for r in shipped_reasons() if r.declared_in.startswith(prefix)}


@pytest.mark.parametrize("variant_id", [v.id for v in SITE_VARIANTS])
def test_a_variants_own_reasons_are_worded_by_its_own_package(variant_id: str) -> None:
    own = _declared_by(variant_id)
    assert own <= set(site_variant(variant_id).words.reasons)
    assert not own & set(wording.REASONS)


def test_the_core_words_no_reason_a_variant_words() -> None:
    for variant in SITE_VARIANTS:
        assert not set(variant.words.reasons) & set(wording.REASONS), variant.id
        assert not set(variant.words.power_names) & set(wording.POWER_NAMES), variant.id


def test_the_merge_holds_every_variants_words_and_the_core_every_core_reason() -> None:
    merged = words()
    for variant in SITE_VARIANTS:
        assert set(variant.words.reasons) <= set(merged.reasons)
        assert set(variant.words.questions) <= set(merged.questions)
        assert set(variant.words.problems) <= set(merged.problems)
    worded = set(wording.REASONS) | set(merged.reasons)
    # "unreadable", "support_not_matched" and "convoy_not_matched" have their sentences
    # apart, by case.
    apart = {"unreadable", "support_not_matched", "convoy_not_matched"}
    assert {r.value for r in shipped_reasons()} - apart <= worded


def _questions_of(variant_id: str) -> set[str]:
    """The questions to the game master an adjudicator variant's own modules declare."""
    package = importlib.import_module(f"adjudicator.variants.{variant_id}")
    found: set[str] = set()
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        module = importlib.import_module(info.name)
        found |= {v.value for v in vars(module).values() if isinstance(v, Question)}
    return found


@pytest.mark.parametrize("variant_id", [v.id for v in SITE_VARIANTS])
def test_a_variants_questions_are_worded_by_its_own_package(variant_id: str) -> None:
    assert _questions_of(variant_id) <= set(site_variant(variant_id).words.questions)


def test_rather_sillys_questions_are_found_there() -> None:
    assert _questions_of("rather_silly") == {
        "fifth_fleet_attack",
        "fifth_fleet_attack_succeeds",
        "superbrain_nobody_right",
        "superbrain_replies",
    }


def test_a_seat_a_variant_names_reads_in_its_words() -> None:
    with translation.override("de"):
        assert wording.power_name("investor-3") == "Anleger 3"
        assert wording.power_name("borg") == str(
            site_variant("rather_silly").words.power_names["borg"]
        )
        assert wording.power_name("unknown-3") == "Unknown-3"


def test_a_made_up_variants_words_are_said_without_touching_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A variant of a test's own, added as its site module would be (variants/<id>/ and the
    # registry's list): its reason, its problem and its seat are said by games.wording.
    own = VariantWords(
        power_names={"storm": "The Storm"},
        reasons={"storm_sank": "a storm sank %(unit)s"},
        problems={"storm_shape": "a storm's order reads: storm nth"},
    )
    site = dataclasses.replace(site_variant("standard"), id="made_up", words=own)
    monkeypatch.setitem(registry._MODULES, "made_up", SimpleNamespace(SITE=site))
    with translation.override("en"):
        assert wording.result_sentence("storm_sank", {"unit": "F nth"}, "standard") == (
            "a storm sank F North Sea"
        )
        assert wording.result_sentence("unreadable", {"problem": "storm_shape"}, "standard") == (
            "a storm's order reads: storm nth"
        )
        assert wording.power_name("storm") == "The Storm"
    monkeypatch.undo()
    assert wording.result_sentence("storm_sank", {"unit": "F nth"}, "standard") is None
