"""The README and the documents beside it speak of this repository only: no machine's
paths (code review F10: bench/README.md said ``cd /work/main``), and no promise of work
that has since been done."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = sorted(
    [ROOT / "README.md", ROOT / "bench" / "README.md", *(ROOT / "docs").rglob("*.md")]
)


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_document_names_a_machines_path(path: Path) -> None:
    text = path.read_text("utf-8")
    for machine in ("/work/", "/home/", "/Users/", "C:\\\\"):
        assert machine not in text, machine


def test_the_readme_is_for_a_newcomer() -> None:
    """Its "What is here" is a short map, the detail in docs/site.md; Rather Silly's roles
    and unit kinds are done, not "coming next"."""
    readme = (ROOT / "README.md").read_text("utf-8")
    here = readme.split("## What is here", 1)[1].split("\n## ", 1)[0]
    assert len(here.splitlines()) < 40
    assert "docs/site.md" in here
    assert (ROOT / "docs" / "site.md").exists()
    assert "come next" not in readme
    for kept in ("manage.py runsite", "-m pytest", "## Speed"):
        assert kept in readme, kept
