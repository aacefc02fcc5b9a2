"""The layout's house rules that import-linter does not check (ARCHITECTURE.md): no module
of the site imports another module's private (``_underscore``) names, neither with
``from x import _name`` nor as ``x._name`` on a module it imported; and the contracts
import-linter does check are declared and kept."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "core",
    "accounts",
    "variants",
    "games",
    "notifications",
    "tournaments",
    "sandbox",
    "diplosite",
    "adjudicator",
    "bots",
)
MODULES = sorted(
    p for app in APPS for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts
)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_imports(path: Path) -> list[str]:
    """``module:name`` for each private name ``path`` takes from another site module."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    own = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    site_modules: dict[str, str] = {}  # local name -> module it stands for
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] not in APPS:
                continue
            for alias in node.names:
                if _private(alias.name) and node.module != own:
                    found.append(f"{node.module}:{alias.name}")
                site_modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in APPS:
                    site_modules[alias.asname or alias.name.split(".")[0]] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in site_modules
            and _private(node.attr)
        ):
            found.append(f"{site_modules[node.value.id]}:{node.attr}")
    return found


def test_the_site_has_modules() -> None:
    assert len(MODULES) > 50


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_another_modules_private_names(path: Path) -> None:
    assert private_imports(path) == []


def test_the_rule_finds_a_private_import(tmp_path: Path) -> None:
    """The check itself: both ways of reaching a private name are found."""
    module = ROOT / "games" / "_layout_probe.py"
    module.write_text(
        "from games.services.kernel import _hidden\nfrom games import services\n"
        "services._open_phase()\n",
        "utf-8",
    )
    try:
        assert private_imports(module) == [
            "games.services.kernel:_hidden",
            "games.services:_open_phase",
        ]
    finally:
        module.unlink()


def test_import_linter_keeps_the_layer_contracts() -> None:
    """The layers, the adjudicator's, the bots' and the tournaments' reckoning's purity and
    the absence of import cycles, as declared in pyproject.toml (``lint-imports``, also run
    by .ci/run)."""
    done = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert "Contracts: 5 kept, 0 broken." in done.stdout, done.stdout[-3000:]
    # The tournaments' pure modules (code review F10) are held pure by a contract.
    assert "The tournaments' reckoning is pure" in done.stdout, done.stdout[-3000:]


#: The apps whose imports belong at the top of the module (code review F10).
TOP_IMPORTS_APPS = (
    "games",
    "tournaments",
    "notifications",
    "accounts",
    "core",
    "sandbox",
    "bots",
    "variants",
)


def late_imports(path: Path) -> list[str]:
    """``line: import`` for each import inside a function of ``path`` that does not say
    why it is there: a comment ``Imported here, ...`` just above it (or above the imports
    it is written with). An import that breaks no cycle and waits for nothing belongs at
    the top, where the reader sees what the module depends on."""
    text = path.read_text("utf-8")
    tree = ast.parse(text, filename=str(path))
    lines = text.splitlines()
    late: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom) and inside:
                late.append(child)
            visit(child, inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    visit(tree, False)
    covered = {n for node in late for n in range(node.lineno, (node.end_lineno or 0) + 1)}
    found = []
    for node in late:
        above = node.lineno - 1
        while above in covered:
            above -= 1
        comment: list[str] = []
        while above >= 1 and lines[above - 1].strip().startswith("#"):
            comment.insert(0, lines[above - 1].strip())
            above -= 1
        if "Imported here" not in " ".join(comment):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if p.relative_to(ROOT).parts[0] in TOP_IMPORTS_APPS],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_imports_are_at_the_top_unless_they_say_why(path: Path) -> None:
    assert late_imports(path) == []


def test_the_rule_finds_a_late_import() -> None:
    module = ROOT / "games" / "_late_import_probe.py"
    module.write_text(
        "def f():\n    from games import wording\n\n\n"
        "def g():\n    # Imported here, not at the top: a cycle.\n"
        "    from games import visibility\n    from games import wording\n",
        "utf-8",
    )
    try:
        assert late_imports(module) == ["2: from games import wording"]
    finally:
        module.unlink()
