"""Each variant's site side lives in its own module (variants/<id>.py): adding a variant
touches the adjudicator's variant and that module, never games."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from adjudicator.variants import VARIANTS
from variants import registry
from variants.registry import HELD_BACK
from variants.site import VariantOptionsForm

GAMES = Path(__file__).resolve().parents[2] / "games"
#: Demo data builds named games of named variants: it may name them.
MAY_NAME = {"management"}


def test_every_variant_has_a_module_with_its_entry_and_options_form() -> None:
    assert [m.SITE.id for m in registry.MODULES] == [v for v in VARIANTS if v not in HELD_BACK]
    for module in registry.MODULES:
        assert module.__name__ == f"variants.{module.SITE.id}"
        assert issubclass(module.OptionsForm, VariantOptionsForm)
        assert registry.options_form(module.SITE.id) is module.OptionsForm
    with pytest.raises(LookupError, match="'no-such'"):
        registry.options_form("no-such")


def test_the_options_forms_come_one_per_variant_with_its_prefix() -> None:
    forms = registry.option_forms({"highlander-nomination": "every_power"})
    assert list(forms) == [v for v in VARIANTS if v not in HELD_BACK]
    highlander = forms["highlander"]
    assert highlander.is_valid(), highlander.errors
    assert highlander.options() == {"nomination": "every_power"}
    assert highlander.duel() is False


def _variant_ids_named(tree: ast.AST) -> list[str]:
    """Variant ids a module compares with, or keys a mapping by."""
    named = []
    for node in ast.walk(tree):
        operands: list[ast.expr] = []
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for operand in list(operands):
                if isinstance(operand, (ast.Tuple, ast.List, ast.Set)):
                    operands.extend(operand.elts)
        elif isinstance(node, ast.Dict):
            operands = [k for k in node.keys if k is not None]
        named += [
            o.value
            for o in operands
            if isinstance(o, ast.Constant) and isinstance(o.value, str) and o.value in VARIANTS
        ]
    return named


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in sorted(GAMES.rglob("*.py"))
        if "migrations" not in p.parts and not MAY_NAME & set(p.relative_to(GAMES).parts)
    ],
    ids=lambda p: str(p.relative_to(GAMES.parent)),
)
def test_games_never_asks_which_variant_by_its_id(path: Path) -> None:
    assert _variant_ids_named(ast.parse(path.read_text("utf-8"))) == []


def test_the_check_finds_a_variant_named_in_a_comparison() -> None:
    tree = ast.parse('if game.variant == "highlander":\n    pass\nX = {"multiple_void": 1}\n')
    assert _variant_ids_named(tree) == ["highlander", "multiple_void"]
