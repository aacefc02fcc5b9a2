"""The variants' pages: the site's registry, the list of variants and a rules page per
variant, in English and German."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.template.loader import get_template, select_template
from django.test import Client
from django.urls import reverse
from django.utils import translation

from adjudicator.variants import VARIANTS
from variants.registry import HELD_BACK, SITE_VARIANTS, SiteVariant, site_variant

LANGUAGES = [code for code, _name in settings.LANGUAGES]


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """A German request leaves German active in this thread; give the next test English."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _page(client: Client, url: str, language: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html: str = response.content.decode()
    assert f'<html lang="{language}">' in html
    return html


# -- the registry ------------------------------------------------------------------------------


def test_every_adjudicator_variant_has_an_entry_in_the_adjudicator_s_order() -> None:
    assert [v.id for v in SITE_VARIANTS] == [v for v in VARIANTS if v not in HELD_BACK]
    for variant_id, rules in VARIANTS.items():
        if variant_id in HELD_BACK:
            continue
        entry = site_variant(variant_id)
        assert isinstance(entry, SiteVariant)
        assert entry.id == variant_id
        assert entry.players == rules.player_counts
        assert str(entry.name)
        assert str(entry.summary)


def test_the_player_counts_read_as_players_do() -> None:
    assert site_variant("standard").players == (7, 7)
    assert site_variant("highlander").players == (2, 2)
    assert site_variant("multiple_void").players == (2, 6)
    with translation.override("en"):
        assert site_variant("standard").players_text == "7 players"
        assert site_variant("multiple_void").players_text == "2–6 players"
    with translation.override("de"):
        assert site_variant("highlander").players_text == "2 Spieler"
        assert site_variant("multiple_void").players_text == "2–6 Spieler"


def test_an_unknown_id_is_not_in_the_registry() -> None:
    with pytest.raises(LookupError):
        site_variant("atlantis")
    with pytest.raises(LookupError):
        site_variant("multiple-void")  # an alias, not an id


def test_the_entries_are_frozen() -> None:
    with pytest.raises(AttributeError):
        site_variant("standard").players = (2, 7)  # type: ignore[misc]


@pytest.mark.parametrize("variant", SITE_VARIANTS, ids=lambda v: v.id)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_variant_has_a_rules_template_in_every_language(
    variant: SiteVariant, language: str
) -> None:
    name = f"variants/rules/{variant.id}.{language}.html"
    assert variant.rules_templates(language)[0] == name
    get_template(name)


def test_a_language_without_rules_falls_back_to_english() -> None:
    variant = site_variant("highlander")
    assert variant.rules_templates("fr") == [
        "variants/rules/highlander.fr.html",
        "variants/rules/highlander.en.html",
    ]
    assert variant.rules_templates("de-at")[1] == "variants/rules/highlander.de.html"
    chosen = select_template(variant.rules_templates("fr"))
    assert chosen.template.name == "variants/rules/highlander.en.html"


# -- the pages ---------------------------------------------------------------------------------

#: Words each rules page must say, by variant and language.
KEY_WORDS = {
    ("standard", "en"): [
        "Standard",
        "2000 edition",
        "Szykman rule",
        "18 or more supply centers",
        "Civil disorder",
        "House rules on this site",
    ],
    ("standard", "de"): [
        "Standard",
        "Ausgabe von 2000",
        "Szykman-Regel",
        "18 oder mehr",
        "Anarchie",
        "Hausregeln dieser Seite",
    ],
    ("highlander", "en"): [
        "Highlander",
        "Nomination of centers",
        "Placement of units",
        "15",
        "sudden death",
        "No draws",
        "colours swapped",
        "House rules on this site",
    ],
    ("highlander", "de"): [
        "Highlander",
        "Nominierung der Zentren",
        "Aufstellung der Einheiten",
        "15",
        "Sudden Death",
        "Kein Remis",
        "getauschten Farben",
        "Hausregeln dieser Seite",
    ],
    ("multiple_void", "en"): [
        "Multiple Void",
        "Draft",
        "1900",
        "31",
        "44",
        "Bohemia",
        "Grey",
        "House rules on this site",
    ],
    ("multiple_void", "de"): [
        "Multiple Void",
        "Draft",
        "1900",
        "31",
        "44",
        "Böhmen",
        "Grau",
        "Hausregeln dieser Seite",
    ],
    ("kapitalisten", "en"): [
        "Kapitalisten",
        "Kujambel",
        "pseudonym",
        "rounded to 0.01 Kj, halves up",
        "The German text breaks off twice in this rule",
        "An early end waits for every investor.",
        "House rules on this site",
    ],
    ("kapitalisten", "de"): [
        "Kapitalisten",
        "Kujambel",
        "Pseudonym",
        "gerundet auf 0,01 Kj, Hälften aufwärts",
        "Der deutsche Text bricht in dieser Regel zweimal mitten im Satz ab",
        "Ein vorzeitiges Ende wartet auf jeden Anleger.",
        "Hausregeln dieser Seite",
    ],
    ("rather_silly", "en"): [
        "Rather Silly",
        "Borg",
        "Mont Blanc tunnel",
        "for conventional armies and the Borg",
        "Who passes the tunnel.",
        "Sea and space monsters do not draw it",
        "never the Borg, the Doctor's TARDIS or other herds of",
        "a monster on a center hold, and that replaces the step",
        "the kind he named with",
        "Iceland (next to the North Atlantic Ocean and the",
        "Amazon is given no support order",
        "all the\n    armies or all the fleets, as she chooses",
        "a player may sell the soul of one of his conventional armies",
        "a winter opens for it",
        "House rules on this site",
    ],
    ("rather_silly", "de"): [
        "Rather Silly",
        "Borg",
        "Mont-Blanc-Tunnel",
        "nur für konventionelle Armeen und den",
        "Wer den Tunnel passiert.",
        "Seemonster und Weltraummonster locken ihn nicht",
        "nie den Borg, die TARDIS des Doktors oder andere Lamaherden",
        "und das ersetzt",
        "vom Typ, den er mit seiner Vorhersage genannt hat",
        "Island (grenzt an den Nordatlantik und das Norwegische",
        "Einer Amazone gibt man keinen Unterstützungsbefehl",
        "wahlweise alle Armeen oder alle Flotten",
        "ein Spieler die Seele einer seiner konventionellen Armeen",
        "dafür gibt es einen Winter",
        "Lamas",
        "Hausregeln dieser Seite",
    ],
}

#: The rule numbers of each variant's original text, which its pages keep.
RULE_NUMBERS = {
    "standard": [],
    # The original has no rule 3.3, and gives 3A and 3B after rule 7.
    "highlander": [
        "1.",
        "2.",
        "3.",
        "3.1",
        "3.2",
        "3.4",
        "3.5",
        "4.",
        "4.1",
        "4.2",
        "4.3",
        "4.4",
        "5.",
        "5.1",
        "6.",
        "7.",
        "7.1",
        "7.2",
        "7.3",
        "7.4",
        "7.5",
        "7.6",
        "7.7",
        "3A.",
        "3B.",
    ],
    "multiple_void": ["1.", "2.", "3.", "4.", "5."],
    # The 1997 rules restated, then chapter 3.3 of the German text (missed orders).
    "kapitalisten": [
        "1.",
        "2.",
        "3.",
        "4.",
        "5.",
        "6.",
        "7.",
        "8.",
        "3.3.1",
        "3.3.2",
        "3.3.3",
        "3.3.4",
    ],
    # Part 1's creatures and links, in the order of the German text.
    "rather_silly": [f"{n}." for n in range(1, 16)],
}


@pytest.mark.django_db
@pytest.mark.parametrize(("variant_id", "language"), sorted(KEY_WORDS))
def test_every_rules_page_renders_in_its_language(
    client: Client, variant_id: str, language: str
) -> None:
    html = _page(client, reverse("variants:rules", args=[variant_id]), language)
    for word in KEY_WORDS[(variant_id, language)]:
        assert word in html, word
    numbers = re.findall(r'<span class="no">([^<]+)</span>', html)
    house_rules = html.index('id="house-rules"')
    original = re.findall(r'<span class="no">([^<]+)</span>', html[:house_rules])
    assert original == RULE_NUMBERS[variant_id]
    assert len(numbers) >= len(original)
    create = reverse("games:create") + f"?variant={variant_id}"
    assert f'href="{create}"' in html
    assert f'href="{reverse("variants:index")}"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("variant_id", [v for v in VARIANTS if v not in HELD_BACK])
def test_a_german_page_is_german_and_an_english_page_english(
    client: Client, variant_id: str
) -> None:
    url = reverse("variants:rules", args=[variant_id])
    english = _page(client, url, "en")
    german = _page(client, url, "de")
    assert "House rules on this site" not in german
    assert "Hausregeln dieser Seite" not in english
    assert re.search(r"\b(du|dir|dein\w*)\b", german)  # our German pages say "du"


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_lists_every_variant(client: Client, language: str) -> None:
    html = _page(client, reverse("variants:index"), language)
    with translation.override(language):
        for variant in SITE_VARIANTS:
            assert str(variant.name) in html
            assert str(variant.summary) in html
            assert variant.players_text in html
            assert f'href="{reverse("variants:rules", args=[variant.id])}"' in html
            create = reverse("games:create") + f"?variant={variant.id}"
            assert f'href="{create}"' in html
    if language == "de":
        assert "Varianten" in html
        assert "Spiel eröffnen" in html
        assert "2–6 Spieler" in html


@pytest.mark.django_db
def test_an_unknown_variant_is_not_found(client: Client) -> None:
    assert client.get(reverse("variants:rules", args=["atlantis"])).status_code == 404
    assert client.get("/variants/no_such_variant/").status_code == 404


@pytest.mark.django_db
def test_another_name_of_a_variant_leads_to_its_page(client: Client) -> None:
    response = client.get("/variants/multiple-void/")
    assert response.status_code == 301
    assert response["Location"] == reverse("variants:rules", args=["multiple_void"])


@pytest.mark.django_db
def test_the_navigation_links_to_the_variants(client: Client) -> None:
    html = client.get(reverse("games:lobby")).content.decode()
    assert f'href="{reverse("variants:index")}"' in html


@pytest.mark.django_db
def test_a_variant_held_back_is_not_offered_and_no_game_of_it_is_made(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A variant whose rules the adjudicator has before its site side is built (Rather
    Silly, next) is held back: the lobby does not offer it and a game of it cannot be
    made. Kapitalisten was held back so until its pages were built."""
    from core.errors import ApplicationError
    from games import services
    from games.terms import GameTerms
    from variants.registry import offered

    assert "kapitalisten" not in HELD_BACK
    monkeypatch.setitem(HELD_BACK, "multiple_void", "held back by this test")
    assert "multiple_void" not in [v.id for v in offered()]
    with pytest.raises(ApplicationError, match="Unknown variant"):
        services.game_create(
            created_by=make_user("bob"), name="Void", terms=GameTerms(variant_id="multiple_void")
        )


@pytest.mark.django_db
def test_kapitalisten_has_its_rules_page_with_the_house_rules_in_english_and_german(
    client: Client,
) -> None:
    url = reverse("variants:rules", args=["kapitalisten"])
    english = _page(client, url, "en")
    assert 'id="rule-3-3-2"' in english
    assert "House rules on this site" in english
    assert "rate × (1 + 0.05 × change)" in english
    assert "victory points" in english
    german = _page(client, url, "de")
    assert "Hausregeln dieser Seite" in german
    assert "Kurs × (1 + 0,05 × Änderung)" in german
    assert 'id="rule-3-3-4"' in german
    assert "Kapitalisten" in _page(client, reverse("variants:index"), "en")
