"""English and German: chosen by the browser, switchable on the page, and complete.

The adjudicator speaks English only; games/wording.py says its results again,
from reason codes and parameters, in the reader's language.
"""

from __future__ import annotations

import ast
import gettext
import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

import adjudicator.variants
from adjudicator import OrderResult, Outcome, load_map
from adjudicator.board import FrozenMap
from adjudicator.results import Reason
from adjudicator.variants import Question, shipped_reasons
from adjudicator.wording import explain, question_words
from games import services, wording
from games.models import Game, GamePhase
from variants.registry import words as variant_words

LOCALE = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES"


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """A German request leaves German active in this thread; give the next test English."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _adjudicated_bounce(game: Game, players: dict[str, Any]) -> GamePhase:
    """Spring 1901: Germany and France both go to Burgundy, and bounce."""
    services.orders_submit(game=game, user=players["germany"], orders=["A mun - bur"])
    services.orders_submit(game=game, user=players["france"], orders=["A par - bur"])
    phase = game.current_phase
    assert phase is not None
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk) is True
    phase.refresh_from_db()
    return phase


# -- the browser chooses, the page switches ---------------------------------------------------


@pytest.mark.django_db
def test_the_lobby_is_english_by_default_and_german_for_a_german_browser(client: Client) -> None:
    english = client.get(reverse("games:lobby")).content.decode()
    assert '<html lang="en">' in english
    assert "Open to join" in english
    assert "Mitspieler gesucht" not in english

    german = client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="de">' in german
    assert "Mitspieler gesucht" in german
    assert "Laufend" in german
    assert "Anmelden" in german
    assert "Open to join" not in german


@pytest.mark.django_db
def test_the_game_page_speaks_the_browser_s_language(
    client: Client, started_game: Game, players: dict[str, Any]
) -> None:
    client.force_login(players["germany"])
    url = reverse("games:detail", args=[started_game.pk])

    english = client.get(url).content.decode()
    assert "Spring 1901 movement" in english
    assert "Powers" in english
    assert "Austria" in english
    assert "Your orders (Germany)" in english

    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,en;q=0.5").content.decode()
    assert '<html lang="de">' in german
    assert "Frühjahr 1901, Bewegungsphase" in german
    assert "Großmächte" in german
    assert "Österreich" in german
    assert "Türkei" in german
    assert "Deine Befehle (Deutschland)" in german
    assert "Für ein Remis stimmen" in german
    assert "Spring 1901" not in german


@pytest.mark.django_db
def test_results_on_the_game_page_are_translated(
    client: Client, started_game: Game, players: dict[str, Any]
) -> None:
    phase = _adjudicated_bounce(started_game, players)
    stored = {r["order"]: r for r in phase.results}
    assert stored["A mun - bur"]["params"] == {
        "other": "A par",
        "strength": "1",
        "other_strength": "1",
    }
    url = reverse("games:detail", args=[started_game.pk]) + f"?phase={phase.index}"

    english = client.get(url).content.decode()
    assert "bounce: bounced with A Paris (1 vs 1)" in english
    # The order itself in words too, its code kept for the pointer.
    assert '<span class="order-words" title="A mun - bur">A Munich → Burgundy</span>' in english

    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    table = german[german.index('<section class="results">') :]
    assert "<h2>Ergebnisse</h2>" in table
    assert "abgeprallt: Patt mit A Paris (1 zu 1)" in table
    assert "Patt mit A München (1 zu 1)" in table
    assert ">A München → Burgund</span>" in table
    assert "bounced with" not in table  # (the page's script data keeps the stored English)


@pytest.mark.django_db
def test_results_stored_without_parameters_show_the_stored_reason(
    client: Client, started_game: Game, players: dict[str, Any]
) -> None:
    phase = _adjudicated_bounce(started_game, players)
    for r in phase.results:
        r.pop("params", None)
    phase.save(update_fields=["results"])
    url = reverse("games:detail", args=[started_game.pk]) + f"?phase={phase.index}"
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "abgeprallt: bounced with A Paris (1 vs 1)" in german


@pytest.mark.django_db
def test_switching_the_language_changes_the_next_page(client: Client) -> None:
    lobby = reverse("games:lobby")
    response = client.post(reverse("set_language"), {"language": "de", "next": lobby})
    assert response.status_code == 302
    assert response["Location"] == lobby
    page = client.get(lobby).content.decode()
    assert '<html lang="de">' in page
    assert "Mitspieler gesucht" in page
    # The choice outweighs the browser's own preference, and can be switched back.
    assert "Mitspieler gesucht" in client.get(lobby, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": lobby})
    page = client.get(lobby, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="en">' in page
    assert "Open to join" in page


@pytest.mark.django_db
def test_the_script_catalog_and_the_order_check_speak_german(
    client: Client, started_game: Game, players: dict[str, Any]
) -> None:
    catalog = client.get(reverse("javascript-catalog"), HTTP_ACCEPT_LANGUAGE="de")
    assert "Klicke zuerst eine deiner eigenen Einheiten an." in catalog.content.decode()

    client.force_login(players["austria"])
    url = reverse("api:orders-check", args=[started_game.pk])
    english = client.post(url, {"order": "A vie - ven"}, content_type="application/json")
    assert english.json()["message"] == "Venice is not adjacent to Vienna"
    german = client.post(
        url, {"order": "A vie - ven"}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert german.json() == {
        "ok": False,
        "order": "A vie - ven",
        "message": "Venedig grenzt nicht an Wien",
    }


# -- games/wording.py -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "params", "german"),
    [
        (
            "bounced",
            {"other": "A mun", "strength": "1", "other_strength": "1"},
            "Patt mit A München (1 zu 1)",
        ),
        (
            "not_adjacent",
            {"dest": "tyr", "source": "lvp"},
            "Tirol grenzt nicht an Liverpool",
        ),
        (
            "coast_needed",
            {"dest": "spa"},
            "gib an, welche Küste von Spanien gemeint ist",
        ),
        (
            "not_adjacent",
            {"dest": "spa/nc", "source": "lyo"},
            "Spanien (Nordküste) grenzt nicht an Golf von Lyon",
        ),
        ("support_cut", {"other": "F nth"}, "Unterstützung durch F Nordsee geschnitten"),
        (
            "dislodged_by",
            {"other": "A bur", "source": "bur", "strength": "2", "other_strength": "1"},
            "von A Burgund vertrieben (2 zu 1)",
        ),
        (
            "wrong_phase",
            {"kind": "build", "phase": "M"},
            "Aufbaubefehle gibt es in einer Bewegungsphase nicht",
        ),
        (
            "wrong_unit_kind",
            {"location": "lon", "actual": "F", "given": "A"},
            "die Einheit in London ist eine Flotte und nicht eine Armee",
        ),
        (
            "not_your_unit",
            {"unit": "A par", "owner": "france"},
            "A Paris ist nicht deine Einheit (Frankreich)",
        ),
        ("no_builds_due", {"power": "turkey"}, "Türkei: keine Aufbauten zulässig"),
        (
            "support_not_matched",
            {"supported": "A mun"},
            "A München hat keinen Haltebefehl",
        ),
        (
            "support_not_matched",
            {"supported": "A mun", "dest": "bur"},
            "A München hat keinen Befehl, nach Burgund zu ziehen",
        ),
        (
            "convoy_not_matched",
            {"army": "A lon", "dest": "nwy"},
            "A London hat keinen Befehl, nach Norwegen zu ziehen",
        ),
        (
            "convoy_disrupted",
            {},
            "Konvoi unterbrochen: die Konvoiflotten vertrieben",
        ),
        ("civil_disorder", {}, "wegen Anarchie aufgelöst (am weitesten von der Heimat entfernt)"),
        ("unreadable", {"problem": "empty"}, "der Befehl ist leer"),
        ("unreadable", {"problem": "no_unit", "province": "mun"}, "keine Einheit in München"),
    ],
)
def test_german_result_sentences(code: str, params: dict[str, str], german: str) -> None:
    with translation.override("de"):
        assert wording.result_sentence(code, params, "standard") == german


STANDARD_MAP = load_map("standard")


def _sample_params(template: str) -> dict[str, str]:
    """Parameters for every name in a sentence, as ids (see adjudicator.wording)."""
    samples = {
        "location": "spa/sc",
        "dest": "tyr",
        "source": "lyo",
        "owner": "germany",
        "power": "russia",
        "actual": "A",
        "given": "F",
        "unit": "F",
        "kind": "support",
        "phase": "R",
        "strength": "2",
        "other_strength": "1",
        "count": "2",
        "fleets": "F nth, F eng",
        "message": "the order is empty",
    }
    names = re.findall(r"{(\w+)}", template)
    return {n: samples.get(n, "A mun") for n in names}


@pytest.mark.parametrize("reason", shipped_reasons(), ids=lambda r: r.value)
def test_every_reason_reads_in_english_exactly_as_the_adjudicator_says_it(reason: Reason) -> None:
    params = _sample_params(reason.wording)
    if reason is Reason.UNREADABLE:
        params = {"problem": "no_unit", "province": "mun"}
    result = OrderResult("france", "A par H", Outcome.VOID, reason, FrozenMap(params))
    expected = explain(result, STANDARD_MAP)
    with translation.override("en"):
        assert wording.result_sentence(reason.value, params, "standard") == expected
    with translation.override("de"):
        german = wording.result_sentence(reason.value, params, "standard")
    assert german
    assert german != expected


def _shipped_questions() -> list[Question]:
    """The questions to the game master that the adjudicator's own variants declare (a
    test's made-up variant declares its own elsewhere, worded in English only)."""
    found: dict[str, Question] = {}
    for info in pkgutil.walk_packages(adjudicator.variants.__path__, "adjudicator.variants."):
        module = importlib.import_module(info.name)
        found.update({v.value: v for v in vars(module).values() if isinstance(v, Question)})
    return [found[code] for code in sorted(found)]


QUESTION_SAMPLES: dict[str, Any] = {
    "asked": "Which hill?",
    "answer": "Monte Muello",
    "replies": {"france": "Brocken", "germany": "Muello"},
    "unit": "F eng",
    "power": "france",
    "dest": "bel",
}


@pytest.mark.parametrize("question", _shipped_questions(), ids=str)
def test_every_question_reads_in_english_as_the_adjudicator_says_it_and_in_german(
    question: Question,
) -> None:
    names = re.findall(r"{(\w+)}", question.wording)
    params = {n: QUESTION_SAMPLES[n] for n in names}
    expected = question_words(question, params, STANDARD_MAP)
    with translation.override("en"):
        assert wording.question_sentence(question.value, params, "standard") == expected
        assert question.value in variant_words().questions
    with translation.override("de"):
        german = wording.question_sentence(question.value, params, "standard")
    assert german
    assert german != expected


def test_the_shipped_questions_are_those_of_the_superbrain_and_the_fifth_fleet() -> None:
    assert [q.value for q in _shipped_questions()] == [
        "fifth_fleet_attack",
        "fifth_fleet_attack_succeeds",
        "superbrain_nobody_right",
        "superbrain_replies",
    ]


def test_an_order_reads_with_its_places_in_full_in_the_readers_language() -> None:
    with translation.override("en"):
        assert wording.order_in_words("A ruh - bel", "standard") == "A Ruhr → Belgium"
        assert wording.order_in_words("F mao - spa/nc", "standard") == (
            "F Mid-Atlantic Ocean → Spain (north coast)"
        )
        assert wording.order_in_words("F nth C A lon - nwy", "standard") == (
            "F North Sea C A London → Norway"
        )
    with translation.override("de"):
        assert wording.order_in_words("A mun S A bur H", "standard") == "A München S A Burgund H"
        # A variant's own words stay as typed; only places are named.
        assert wording.order_in_words("vote lon - bel", "standard") == "vote London → Belgien"
        assert wording.order_in_words("buy 300 russia", "standard") == "buy 300 russia"


def test_unknown_codes_and_missing_parameters_fall_back() -> None:
    assert wording.result_sentence("no_such_code", {}, "standard") is None
    assert wording.result_sentence("bounced", {"other": "A mun"}, "standard") is None
    stored = {"result": "bounce", "reason": "the move failed", "reason_code": "move_failed"}
    with translation.override("de"):
        assert wording.result_reason(stored, "standard") == "the move failed"  # no params
        assert wording.result_reason({**stored, "params": {}}, "standard") == (
            "der Zug ist gescheitert"
        )
        assert wording.result_reason({"result": "ok"}, "standard") == ""
        # An unreadable order stored with its English only (before problems had codes).
        legacy = {"reason": "the order is empty", "reason_code": "unreadable"}
        assert wording.result_reason({**legacy, "params": {"message": "x"}}, "standard") == (
            "the order is empty"
        )


def test_power_phase_and_outcome_names() -> None:
    with translation.override("de"):
        assert [wording.power_name(p) for p in ("austria", "Germany", "turkey", "atlantis")] == [
            "Österreich",
            "Deutschland",
            "Türkei",
            "Atlantis",
        ]
        assert wording.phase_name("F1901R") == "Herbst 1901, Rückzugsphase"
        assert wording.phase_name("W1901A") == "Winter 1901, Anpassungsphase"
        assert wording.outcome_name("dislodged") == "vertrieben"
    with translation.override("en"):
        assert wording.phase_name("W1901A") == "Winter 1901 adjustments"
        assert wording.outcome_name("no_convoy") == "no_convoy"


# -- the catalogs are complete, and compiled ---------------------------------------------------


def _entries(po: Path) -> list[dict[str, Any]]:
    """A .po file's entries: msgctxt, msgid, msgstr (or msgid_plural and msgstr[0], [1])
    and flags (enough for makemessages' output)."""
    entries: list[dict[str, Any]] = []
    for block in po.read_text("utf-8").split("\n\n"):
        entry: dict[str, Any] = {"flags": set(), "msgctxt": None}
        field = None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry["flags"].update(f.strip() for f in line[2:].split(","))
            elif line.startswith("#~"):
                entry["obsolete"] = True
            elif line.startswith("#") or not line.strip():
                continue
            elif line.startswith('"'):
                entry[field] += ast.literal_eval(line)
            else:
                field, _, rest = line.partition(" ")
                entry[field] = ast.literal_eval(rest)
        if "msgid" in entry:
            entries.append(entry)
    return entries


@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_every_message_is_translated_none_fuzzy_and_compiled(domain: str) -> None:
    po = LOCALE / f"{domain}.po"
    entries = _entries(po)
    messages = [e for e in entries if e["msgid"]]
    assert messages
    assert not [e["msgid"] for e in entries if "fuzzy" in e["flags"]]
    plural = [e for e in messages if "msgid_plural" in e]
    singular = [e for e in messages if "msgid_plural" not in e]
    assert not [e["msgid"] for e in singular if not e["msgstr"].strip()]
    assert not [e["msgid"] for e in plural if not (e["msgstr[0]"] and e["msgstr[1]"]).strip()]
    assert not [e["msgid"] for e in entries if e.get("obsolete")]
    with (LOCALE / f"{domain}.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for e in plural:  # German has two forms: one, and every other number
        assert compiled.ngettext(e["msgid"], e["msgid_plural"], 1) == e["msgstr[0]"]
        assert compiled.ngettext(e["msgid"], e["msgid_plural"], 2) == e["msgstr[1]"]
    for e in singular:
        if e["msgctxt"] is None:
            assert compiled.gettext(e["msgid"]) == e["msgstr"], e["msgid"]
        else:
            assert compiled.pgettext(e["msgctxt"], e["msgid"]) == e["msgstr"], e["msgid"]


def test_set_up_phases_sharing_a_code_are_told_apart() -> None:
    with translation.override("en"):
        assert wording.phase_name("W1900N") == "Nomination of centers"
        assert wording.phase_name("W1900N", 2) == "Nomination of centers, round 2"
        assert wording.phase_name("S1900D", 3) == "Draft, pick 3"
    with translation.override("de"):
        assert wording.phase_name("S1900D", 3) == "Draft, Wahl 3"
        assert wording.phase_name("W1900P") == "Aufstellung der Einheiten"
