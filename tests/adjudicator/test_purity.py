"""The adjudicator is a library: it imports the standard library and itself, nothing else.

Walks every module's syntax tree (not just the text), so an import hidden in a
function or behind ``TYPE_CHECKING`` is found too.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "adjudicator"
FORBIDDEN = {"django", "celery", "channels", "rest_framework", "redis", "kombu", "daphne"}
MODULES = sorted(PACKAGE.rglob("*.py"))


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            roots.add("<dynamic __import__>")
    return roots


def test_the_package_has_modules() -> None:
    assert len(MODULES) > 10


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_imports_only_stdlib_and_itself(path: Path) -> None:
    allowed = set(sys.stdlib_module_names) | {"adjudicator", "__future__"}
    roots = imported_roots(path)
    assert not roots & FORBIDDEN, f"{path.name} imports a framework: {roots & FORBIDDEN}"
    assert roots <= allowed, f"{path.name} imports outside the standard library: {roots - allowed}"


def test_the_check_catches_a_framework_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from django.db import models\n    import numpy\n")
    assert {"django", "numpy"} <= imported_roots(bad)
