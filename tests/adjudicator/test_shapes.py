"""Each variant's extras are checked against the shape it declares (adjudicator/shapes.py,
adjudicator/variants/<id>/shape.py): the command line answers a bad value with exit status
2 and its path, as it does for the core parts of a position, never with a traceback
(issue 41, L3)."""

from __future__ import annotations

import copy
import importlib
import io
import json
import runpy
from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli import main
from adjudicator.errors import PositionError
from adjudicator.io import position_from_json, position_to_json
from adjudicator.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"


def example(variant: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / variant / f"{name}.input.json").read_text())
    return data


def resolve(data: Any) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    status = main(["resolve"], io.StringIO(json.dumps(data)), out)
    answer: dict[str, Any] = json.loads(out.getvalue())
    return status, answer


def refused(data: dict[str, Any]) -> dict[str, Any]:
    status, answer = resolve(data)
    assert status == 2, answer
    assert set(answer) == {"error", "path"}
    return answer


RS_SPRING = example("rather_silly", "2-movement-S1901M")
KAP_SPRING = example("kapitalisten", "2-movement-S1901M")


def changed(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """``data`` with the value at the dotted ``path`` replaced (or, for ``...``, taken out)."""
    out = copy.deepcopy(data)
    *outer, last = path.split(".")
    part = out
    for step in outer:
        part = part[step]
    if value is ...:
        del part[last]
    else:
        part[last] = value
    return out


# -- the attack's steps (docs/examples/*/2-movement-S1901M with one value changed) ----------


@pytest.mark.parametrize(
    ("data", "path", "words"),
    [
        (changed(RS_SPRING, "extras.hyperspace", 5), "extras.hyperspace", "must be an object"),
        (changed(RS_SPRING, "extras.hyperspace", {"now": 5}), "extras.hyperspace.now", "object"),
        (changed(RS_SPRING, "extras.llamas", {"england": 5}), "extras.llamas.england", "a list"),
        (
            changed(KAP_SPRING, "extras.exchange.missed", {"investor-1": "x"}),
            "extras.exchange.missed.investor-1",
            "a whole number from 0",
        ),
        (changed(KAP_SPRING, "extras.exchange.book", 5), "extras.exchange.book", "an object"),
        (
            changed(KAP_SPRING, "extras.exchange.book.rates", ...),
            "extras.exchange.book.rates",
            "has no 'rates'",
        ),
    ],
    ids=["hyperspace-5", "hyperspace-now-5", "llamas-5", "missed-x", "book-5", "no-rates"],
)
def test_the_attacks_malformed_extras_exit_2_with_their_path(
    data: dict[str, Any], path: str, words: str
) -> None:
    answer = refused(data)
    assert answer["path"] == path
    assert words in answer["error"]


# -- ids that must exist ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "path", "words"),
    [
        (
            changed(RS_SPRING, "extras.llamas", {"england": ["nth", "xyz"]}),
            "extras.llamas.england[1]",
            "unknown province 'xyz'",
        ),
        (
            changed(RS_SPRING, "extras.llamas", {"narnia": ["nth"]}),
            "extras.llamas.narnia",
            "unknown power 'narnia'",
        ),
        (
            changed(RS_SPRING, "extras.hyperspace.now.link", ["swi", "lon"]),
            "extras.hyperspace.now.link[0]",
            "unknown province 'swi'",
        ),
        (
            changed(RS_SPRING, "extras.hyperspace.now.link", ["lon"]),
            "extras.hyperspace.now.link",
            "exactly 2",
        ),
        (changed(RS_SPRING, "extras.borg", "stp/nc"), "extras.borg", "unknown province"),
        (
            changed(RS_SPRING, "extras.devils", {"france atlantis": 2}),
            "extras.devils.france atlantis",
            "unknown location 'atlantis'",
        ),
        (
            changed(RS_SPRING, "extras.devils", {"france par": 3}),
            "extras.devils.france par",
            "a whole number from 1 to 2",
        ),
        (
            changed(KAP_SPRING, "extras.exchange.controllers.russia", "investor-9"),
            "extras.exchange.controllers.russia",
            "unknown investor 'investor-9'",  # a game of 8 investors
        ),
        (
            changed(KAP_SPRING, "extras.exchange.book.rates.atlantis", 100),
            "extras.exchange.book.rates.atlantis",
            "unknown power 'atlantis'",
        ),
        (
            changed(KAP_SPRING, "extras.exchange.book.cash", {"investor-1": 0}),
            "extras.exchange.book.cash.investor-2",
            "every investor",
        ),
        (
            changed(KAP_SPRING, "extras.absent", [{"investor": 1}]),
            "extras.absent[0]",
            "an investor id",
        ),
    ],
    ids=[
        "herd",
        "herd-power",
        "link-impassable",
        "link-short",
        "borg-coast",
        "devil-location",
        "devil-seasons",
        "controller",
        "nation",
        "cash",
        "absent",
    ],
)
def test_ids_must_exist_in_the_game(data: dict[str, Any], path: str, words: str) -> None:
    answer = refused(data)
    assert answer["path"] == path
    assert words in answer["error"]


def test_the_host_keys_are_checked_for_every_variant() -> None:
    data = changed(RS_SPRING, "extras.decisions", {"superbrain F1901": 5})
    assert refused(data)["path"] == "extras.decisions.superbrain F1901"
    standard = {"phase": "S1901M", "extras": {"decisions": ["france"]}}
    assert refused(standard)["path"] == "extras.decisions"


def test_keys_a_variant_does_not_declare_are_carried_through() -> None:
    """A host's own notes beside the variant's keys: no rule reads them, so none refuses."""
    status, answer = resolve(changed(RS_SPRING, "extras.note", {"any": ["thing", 1]}))
    assert status == 0
    assert answer["extras"]["note"] == {"any": ["thing", 1]}


def test_inside_a_declared_value_every_key_is_declared() -> None:
    data = changed(RS_SPRING, "extras.hyperspace.later", {"season": "F1901", "link": None})
    answer = refused(data)
    assert answer["path"] == "extras.hyperspace.later"
    assert "its keys: next, now" in answer["error"]


def test_the_site_and_python_callers_read_the_same_way() -> None:
    with pytest.raises(PositionError) as raised:
        position_from_json(changed(RS_SPRING, "extras.hyperspace", 5))
    assert raised.value.path == "extras.hyperspace"


# -- every variant declares its shape, in its own folder ------------------------------------


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_variant_declares_its_shape_in_its_own_folder(variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    declared = importlib.import_module(f"adjudicator.variants.{variant_id}.shape").EXTRAS
    assert variant.extras_shape is declared
    # Every kind of id the shape names is one the variant gives.
    options = variant.check_options({})
    ids = variant.extras_ids(options)
    for kind in declared.id_kinds():
        assert ids[kind.name], kind


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_what_a_variant_writes_fits_its_own_shape(variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    start = variant.initial_position()
    variant.check_extras(position_to_json(start).get("extras", {}), start.options)


@pytest.mark.parametrize(
    # The variants' examples (docs/examples/ holds other commands' examples too).
    "path",
    sorted(p for p in EXAMPLES.glob("*/*.json") if p.parent.name in VARIANTS),
    ids=lambda p: f"{p.parent.name}/{p.stem}",
)
def test_every_example_input_and_output_fits(path: Path) -> None:
    """An output is the next phase's input: what the rules write fits what they read."""
    data = json.loads(path.read_text())
    variant = VARIANTS[data["variant"]]
    variant.check_extras(data.get("extras") or {}, variant.check_options(data.get("options")))


def test_the_shapes_page_is_up_to_date() -> None:
    """docs/extras.md is written from the declarations (python tools/extras_doc.py)."""
    tool = runpy.run_path(str(ROOT / "tools" / "extras_doc.py"), run_name="extras_doc")
    assert (ROOT / "docs" / "extras.md").read_text(encoding="utf-8") == tool["render"](), (
        "docs/extras.md is out of date: run python tools/extras_doc.py"
    )
