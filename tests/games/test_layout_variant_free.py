"""games/ words the core only and asks the variant for the rest (issue 36): no module of
games/ (its migrations aside, which record history), no template of templates/games/ and
not the game page's script (static/js/game.js) names a variant or a word only one variant
says. A variant's words, panels, pages, demo games and rules live in ``variants/<id>/``,
``templates/variants/<id>/``, ``static/js/variants/`` and ``adjudicator/variants/<id>/``.
The bots' code that plays any seat (bots/seats.py, bots/player.py, bots/strategy.py) asks
the variant's own seat player too (issue 38): a variant's bot lives in its own module of
bots/, listed in bots/registry.py, which also says which variants the bots know; a set-up
phase is played by its kind (bots/setup.py), counting what the variant says.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from core.errors import ApplicationError
from games.forms import GameCreateForm
from games.terms import GameTerms
from variants.registry import SITE_VARIANTS

ROOT = Path(__file__).resolve().parents[2]

#: The variants' ids and the words only one variant says: Kapitalisten's exchange and
#: investors; Rather Silly's llamas and herds, Borg, TARDIS, Superbrain, hyperspace links,
#: Fortune-teller, devils, monsters, flocks of birds, Siamese twins and Mont Blanc tunnel;
#: Highlander's nomination of centers.
VARIANT_WORDS = re.compile(
    r"kapitalisten|rather[-_ ]silly|highlander|multiple[-_ ]void|exchange|investor"
    r"|llama|borg|herd|tardis|superbrain|hyperspace|fortune[-_ ]teller|devil|monster|flock"
    r"|birds|twins|mont[-_ ]blanc|nominat",
    re.IGNORECASE,
)


def shared_files() -> list[Path]:
    """Every file of games/ but its migrations, of templates/games/, the game page's
    script, and the bots' code that plays any seat."""
    games = [
        p
        for p in (ROOT / "games").rglob("*")
        if p.is_file()
        and "migrations" not in p.relative_to(ROOT / "games").parts
        and "__pycache__" not in p.parts
    ]
    templates = [p for p in (ROOT / "templates/games").rglob("*") if p.is_file()]
    bots = [ROOT / f"bots/{name}.py" for name in ("seats", "player", "strategy", "search")]
    return sorted([*games, *templates, ROOT / "static/js/game.js", *bots])


def test_the_shared_files_are_found() -> None:
    found = {p.relative_to(ROOT).as_posix() for p in shared_files()}
    assert {
        "games/forms.py",
        "games/management/demo.py",
        "games/templatetags/wording.py",
        "templates/games/detail.html",
        "templates/games/notes/decision_asked.html",
        "static/js/game.js",
        "bots/seats.py",
        "bots/player.py",
        "bots/strategy.py",
    } <= found


def test_no_shared_file_names_a_variant() -> None:
    named = {}
    for path in shared_files():
        lines = [
            f"{n}: {line.strip()}"
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if VARIANT_WORDS.search(line)
        ]
        if lines:
            named[path.relative_to(ROOT).as_posix()] = lines
    assert named == {}


def test_the_check_finds_every_variants_id() -> None:
    ids = [v.id for v in SITE_VARIANTS if v.id != "standard"]
    assert len(ids) == 4
    assert [i for i in ids if not VARIANT_WORDS.fullmatch(i)] == []
    assert VARIANT_WORDS.findall("the Fortune-teller's devil") == ["Fortune-teller", "devil"]


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
        (
            "en",
            "you are ready. Standard, Highlander, Multiple Void, Kapitalisten and Rather Silly.",
        ),
        (
            "de",
            "sobald du bereit bist. Standard, Highlander, Multiple Void, Kapitalisten und "
            "Rather Silly.",
        ),
    ],
)
def test_the_practice_help_names_the_variants_the_bots_know(language: str, names: str) -> None:
    # The bots' variants come from bots.knows_variant and the registry, no longer from a
    # list in games/forms.py: the help reads as it did.
    with translation.override(language):
        help_text = str(GameCreateForm.base_fields["practice_bots"].help_text)
    assert help_text.endswith(names)


@pytest.mark.parametrize(
    ("language", "help_text"),
    [
        ("en", "hours for each set-up phase: a nomination, a placement, each draft pick"),
        (
            "de",
            "Stunden für jede Phase der Startaufstellung: eine Nominierung, eine Aufstellung, "
            "jede Wahl im Draft",
        ),
    ],
)
def test_the_set_up_deadlines_help_names_the_variants_set_up_phases(
    language: str, help_text: str
) -> None:
    # Each variant words its own set-up phases (PhaseWords.deadline_help), no longer a
    # sentence in games/forms.py: the help reads as it did.
    with translation.override(language):
        assert str(GameCreateForm.base_fields["setup_hours"].help_text) == help_text
