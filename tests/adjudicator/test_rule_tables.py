"""The rule-by-rule tables stay honest (issue 34, "One table, rule by rule").

docs/rules/rather_silly.md and docs/rules/kapitalisten.md map each statement of the German
rule texts (../shared/rules/) to the rules page's rule and the tests that prove it. A test
renamed or removed, a rule id gone from the rules page, or a statement left with neither a
test nor a reason, fails here. The tests are found by reading their files (the ast), not by
importing them: the site's tests need Django, these tables do not."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Each table and the site's rules page it links to.
TABLES = {
    "docs/rules/rather_silly.md": ("RS", "rather_silly"),
    "docs/rules/kapitalisten.md": ("K", "kapitalisten"),
}
TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::((?:\w+::)?test_\w+)`")
LINK = re.compile(r"\[([^\]]+)\]\(\.\./\.\./templates/variants/rules/(\w+)\.en\.html#([\w-]+)\)")
OPEN_REF = re.compile(r"\bopen: (O-\d+)\b")
NOT_CHECKABLE = "not checkable: "


@dataclass(frozen=True)
class Row:
    key: str
    german: str
    meaning: str
    rules: str
    tests: str
    line: int


def rows(table: str) -> list[Row]:
    """The statement rows of a table: those whose first cell is the table's key."""
    prefix, _page = TABLES[table]
    out: list[Row] = []
    lines = (ROOT / table).read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        if not line.startswith(f"| {prefix}-"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        assert len(cells) == 5, f"{table}:{number}: five cells, not {len(cells)}"
        out.append(Row(*cells, line=number))
    return out


def open_items(table: str) -> dict[str, str]:
    """The "Open" section's items: O-n -> its text."""
    text = (ROOT / table).read_text(encoding="utf-8")
    section = text.split("\n## Open\n", 1)
    if len(section) == 1:
        return {}
    return dict(re.findall(r"^- \*\*(O-\d+)\*\*(.*)$", section[1], flags=re.MULTILINE))


@cache
def defined(path: str) -> frozenset[str]:
    """The tests a file defines: ``test_x`` and ``Class::test_x``."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.update(
                f"{node.name}::{item.name}"
                for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            )
    return frozenset(n for n in names if n.rsplit("::", 1)[-1].startswith("test_"))


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.update(v for k, v in attrs if k == "id" and v)


@cache
def page_ids(page: str, language: str) -> frozenset[str]:
    parser = _Ids()
    parser.feed(
        (ROOT / f"templates/variants/rules/{page}.{language}.html").read_text(encoding="utf-8")
    )
    return frozenset(parser.ids)


@cache
def house_rule_names(page: str) -> frozenset[str]:
    """The names of the English page's house rules, as its ``<strong>`` says them."""
    html = (ROOT / f"templates/variants/rules/{page}.en.html").read_text(encoding="utf-8")
    section = html.split('id="house-rules"', 1)[1]
    return frozenset(
        re.sub(r"\s+", " ", name).strip().rstrip(".")
        for name in re.findall(r"<li><strong>(.*?)</strong>", section, flags=re.DOTALL)
    )


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_test_a_table_names_exists(table: str) -> None:
    missing = []
    for row in rows(table):
        for path, name in TEST_REF.findall(row.tests):
            if not (ROOT / path).is_file() or not Path(path).name.startswith("test_"):
                missing.append(f"{row.key}: {path} is no test file")
            elif name not in defined(path):
                missing.append(f"{row.key}: {path}::{name}")
    assert not missing, "named in the table, not in the tests:\n" + "\n".join(missing)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_statement_has_a_test_or_says_why_not(table: str) -> None:
    items = open_items(table)
    found = rows(table)
    assert found, f"{table} has no statement rows"
    keys = [row.key for row in found]
    assert len(keys) == len(set(keys)), "a statement's number is used twice"
    prefix, _page = TABLES[table]
    assert keys == [f"{prefix}-{n}" for n in range(1, len(keys) + 1)], "numbered in order"
    untested = []
    referred: set[str] = set()
    for row in found:
        assert row.german.startswith("„"), f"{row.key}: quote the German words"
        assert row.meaning, f"{row.key}: say what it means"
        if TEST_REF.search(row.tests):
            assert not row.tests.startswith(NOT_CHECKABLE), row.key
            continue
        if row.tests.startswith(NOT_CHECKABLE):
            assert len(row.tests) > len(NOT_CHECKABLE) + 3, f"{row.key}: say why"
            continue
        opened = OPEN_REF.search(row.tests)
        if opened and opened.group(1) in items:
            referred.add(opened.group(1))
            continue
        untested.append(row.key)
    assert not untested, f"statements with no test and no reason: {untested}"
    assert referred == set(items), "every open item is a statement's, and only those"


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_rules_page_link_names_a_rule_on_the_page(table: str) -> None:
    _prefix, page = TABLES[table]
    wrong = []
    for row in rows(table):
        links = LINK.findall(row.rules)
        if row.rules != "—":
            assert links, f"{row.key}: the rules page cell links to rules, or is —"
        for text, linked_page, anchor in links:
            if linked_page != page:
                wrong.append(f"{row.key}: another variant's page ({linked_page})")
            for language in ("en", "de"):
                if anchor not in page_ids(page, language):
                    wrong.append(f"{row.key}: #{anchor} is not on the {language} page")
            if anchor == "house-rules":
                name = text.removeprefix("house: ")
                if name not in house_rule_names(page):
                    wrong.append(f"{row.key}: no house rule named {name!r}")
            elif text != anchor:
                wrong.append(f"{row.key}: the link says {text!r} for #{anchor}")
    assert not wrong, "\n".join(wrong)


def test_the_variants_docs_link_their_tables() -> None:
    for doc, table in (
        ("docs/rather_silly.md", "rules/rather_silly.md"),
        ("docs/kapitalisten.md", "rules/kapitalisten.md"),
    ):
        assert f"]({table})" in (ROOT / doc).read_text(encoding="utf-8"), doc
