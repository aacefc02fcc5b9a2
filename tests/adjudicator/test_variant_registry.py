"""The registry of variants: finding one by any of its names makes that one alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.variants import VARIANTS, find_variant

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("name", "variant_id"),
    [
        ("rs", "rather_silly"),
        ("Rather Silly", "rather_silly"),
        ("capitalists", "kapitalisten"),
        ("multiple-void", "multiple_void"),
        ("classical", "standard"),
    ],
)
def test_finding_a_variant_by_alias_imports_no_other_variants_rules(
    name: str, variant_id: str
) -> None:
    """A command line naming a variant by alias imports that variant's rules and no
    other's (each is imported the first time it is asked for)."""
    script = (
        "import json, sys\n"
        "from adjudicator.variants import find_variant\n"
        f"assert find_variant({name!r}).id == {variant_id!r}\n"
        "print(json.dumps(sorted(m.split('.')[2] for m in sys.modules\n"
        "    if m.startswith('adjudicator.variants.') and m.count('.') == 2\n"
        "    and m.split('.')[2] not in ('base', 'common', 'standard'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    imported = json.loads(done.stdout)
    assert imported == ([] if variant_id == "standard" else [variant_id])


def test_each_variant_answers_to_the_names_it_is_listed_with() -> None:
    """The registry lists each variant's names so as to find it unmade; made, each says the
    same (its aliases and its name, in lower case)."""
    for variant_id in VARIANTS:
        variant = VARIANTS[variant_id]
        for alias in (*variant.aliases, variant.name, variant.name.upper()):
            assert find_variant(alias) is variant
