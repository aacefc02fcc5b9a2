"""games/ words the core only and asks the variant for the rest (issue 36): no Python module
of games/ (its migrations aside, which record history) names a variant or a word only one
variant says. A variant's words, panels, pages and rules live in ``variants/<id>/`` and
``adjudicator/variants/<id>/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from core.errors import ApplicationError
from games.forms import GameCreateForm
from games.terms import GameTerms

GAMES = Path(__file__).resolve().parents[2] / "games"

#: The variants' ids and the words only one variant says.
VARIANT_WORDS = re.compile(
    r"kapitalisten|rather_silly|rather silly|highlander|multiple_void|multiple void|exchange"
    r"|llama|borg|herd|tardis|nomination|investor|superbrain",
    re.IGNORECASE,
)

#: Files that still name a variant, each with why; the list shrinks to nothing as the
#: work of issue 36 lands. Remove a file as soon as it is clean: the test fails on a
#: listed file that no longer names any (so the list never keeps a stale entry).
ALLOWED: dict[str, str] = {
    # The demo data makes games of named variants (a Highlander duel, a Multiple Void
    # draft) for a newcomer to look at: data, not the site's logic.
    "management/demo.py": "the demo games, by variant",
    "management/commands/demo_data.py": "the demo games, by variant",
    # Player-facing text whose wording must stay unchanged in English and German
    # (issue 36: a refactoring): the lead decides whether to reword.
    "forms.py": "the set-up deadline's help names a nomination (a translated text: the lead "
    "decides whether to reword it)",
}


def _python_files() -> list[Path]:
    return sorted(p for p in GAMES.rglob("*.py") if "migrations" not in p.relative_to(GAMES).parts)


def test_no_module_of_games_names_a_variant() -> None:
    named = {}
    for path in _python_files():
        where = path.relative_to(GAMES).as_posix()
        if where in ALLOWED:
            continue
        lines = [
            f"{n}: {line.strip()}"
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if VARIANT_WORDS.search(line)
        ]
        if lines:
            named[where] = lines
    assert named == {}


def test_every_allowed_file_still_names_a_variant() -> None:
    clean = [
        where
        for where in ALLOWED
        if not (GAMES / where).exists()
        or not VARIANT_WORDS.search((GAMES / where).read_text(encoding="utf-8"))
    ]
    assert clean == [], "remove these from ALLOWED: they are gone or name no variant now"


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("en", "Only Highlander games can be played as twin-board duels."),
        ("de", "Nur Highlander-Partien können als Duell auf zwei Brettern gespielt werden."),
    ],
)
def test_a_duel_of_a_variant_without_one_is_refused_naming_the_variants_that_have_one(
    language: str, refusal: str
) -> None:
    # The variants with twin-board duels are the registry's (SiteVariant.duel_boards), no
    # longer a name in games/terms.py: the refusal reads as it did.
    with translation.override(language), pytest.raises(ApplicationError) as refused:
        GameTerms(variant_id="standard", duel=True).checked()
    assert refused.value.message == refusal


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", "you are ready. Standard, Highlander, Multiple Void and Kapitalisten."),
        ("de", "sobald du bereit bist. Standard, Highlander, Multiple Void und Kapitalisten."),
    ],
)
def test_the_practice_help_names_the_variants_the_bots_know(language: str, names: str) -> None:
    # The bots' variants come from bots.knows_variant and the registry, no longer from a
    # list in games/forms.py: the help reads as it did.
    with translation.override(language):
        help_text = str(GameCreateForm.base_fields["practice_bots"].help_text)
    assert help_text.endswith(names)
