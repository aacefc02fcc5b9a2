"""The bots are a library: they import the standard library, the adjudicator and
themselves, nothing else (the same walk of every module's syntax tree as the
adjudicator's purity test; import-linter's contract says it too)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.adjudicator.test_purity import imported_roots

PACKAGE = Path(__file__).resolve().parents[2] / "bots"
MODULES = sorted(PACKAGE.rglob("*.py"))


def test_the_package_has_modules() -> None:
    assert len(MODULES) >= 4


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_imports_only_stdlib_the_adjudicator_and_itself(path: Path) -> None:
    allowed = set(sys.stdlib_module_names) | {"adjudicator", "bots", "__future__"}
    roots = imported_roots(path)
    assert roots <= allowed, f"{path.name} imports outside its layer: {roots - allowed}"
