"""Every kind of note a phase's history holds is declared once (games.notes), with its
parameters and its words: a service cannot write a kind nor a parameter not declared, no
note is written by hand, and the page words each kind in English and in German."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from django.template import Context, Template
from django.utils import translation

from games import notes
from games.models import GamePhase
from games.services.kernel import phase_note
from variants.notes import NoteKind

ROOT = Path(__file__).resolve().parents[2]
#: The apps whose code may write a note.
APPS = ("games", "variants", "tournaments", "notifications", "sandbox", "diplosite", "core")

#: A note of each kind, as a service writes it, and a few of its other shapes.
SAMPLES: dict[str, list[dict[str, Any]]] = {
    "missed": [{"power": "england"}, {"power": "england", "powers": ["england", "france"]}],
    "draw_lapsed": [{}],
    "draw_agreed": [{}],
    "conceded": [{"power": "england", "winner": "france"}],
    "cancel_agreed": [{}],
    "pause_agreed": [{}],
    "resume_agreed": [{}],
    "vote_lapsed": [{"vote": "cancel"}, {"vote": "pause"}, {"vote": "resume"}],
    "link_decided": [{"winner": "france"}],
    "awarded": [{"winner": "france"}],
    "ruling": [{"ruling": 7, "reason": "A <wrong> order"}],
    "late_accepted": [{"power": "england"}],
    "excluded": [{"power": "england", "misses": 3}, {"power": "england", "by": "moderator"}],
    "grace": [{"powers": ["england", "france"]}],
    "replacement_search": [{"powers": ["england"], "until": "2026-11-29T12:00:00+00:00"}],
    "decision_asked": [
        {"keys": ["k"], "deadline": "2026-11-29T12:00:00+00:00", "defaults": []},
    ],
    "decision_default": [{"key": "k"}, {"key": "k", "nobody_may_answer": True}],
    "ended_by_moderator": [{"outcome": "draw"}],
    "replaced": [{"power": "england"}],
    "extension": [{"power": "england"}],
    "vacation": [{"power": "england"}],
    "stuck": [{}],
    "unreadable": [{}],
    "retried": [{}],
}

WORDS = Template("{% load notes %}{% note_words note variant status %}")


def _worded(note: dict[str, Any], language: str, variant: str = "standard") -> str:
    with translation.override(language):
        return WORDS.render(Context({"note": note, "variant": variant, "status": "open"}))


def _sources() -> list[Path]:
    return [p for app in APPS for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts]


def _written() -> list[tuple[str, str, list[str]]]:
    """Each note the code writes: where, its kind and its parameters' names, read from
    the calls to ``phase_note(phase, kind, ...)`` and ``note(kind, ...)``."""
    found = []
    for path in _sources():
        tree = ast.parse(path.read_text(), str(path))
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            name = getattr(call.func, "id", None) or getattr(call.func, "attr", None)
            at = {"phase_note": 1, "note": 0}.get(str(name))
            if at is None or len(call.args) <= at:
                continue
            kind = call.args[at]
            where = f"{path.relative_to(ROOT)}:{call.lineno}"
            # A kind passed on (a helper's parameter) is checked where it is given.
            if isinstance(kind, ast.Constant) and isinstance(kind.value, str):
                found.append((where, kind.value, [k.arg for k in call.keywords if k.arg]))
    return found


def test_every_kind_has_a_sample_here() -> None:
    assert set(SAMPLES) == set(notes.KINDS)


def test_a_kind_needs_words_a_template_or_a_reason_to_be_silent() -> None:
    with pytest.raises(ValueError, match="give it words"):
        NoteKind("wordless", params=("power",))


def test_every_kind_written_is_declared_with_those_parameters() -> None:
    written = _written()
    # The walk finds the writes: the services' and the lapsed votes' at least.
    assert {k for _, k, _ in written} >= {"missed", "excluded", "vote_lapsed", "ruling", "grace"}
    for where, kind, params in written:
        declared = notes.KINDS.get(kind)
        assert declared is not None, f"{where}: note kind {kind!r} is not declared"
        allowed = set(declared.params) | set(declared.optional)
        assert set(params) <= allowed, f"{where}: {kind!r} has no parameter {set(params) - allowed}"


def test_no_note_is_written_by_hand() -> None:
    by_hand = re.compile(r"""\.notes\s*=\s*\[\s*\*|["']kind["']\s*:\s*["']""")
    hits = []
    for path in _sources():
        if path.name == "kernel.py" or "notifications" in path.parts:
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if by_hand.search(line) and ".notes" in line:
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert hits == []


def test_the_writer_refuses_a_kind_or_a_parameter_not_declared() -> None:
    phase = GamePhase(notes=[])
    with pytest.raises(ValueError, match="not declared"):
        phase_note(phase, "made_up")
    with pytest.raises(ValueError, match="undeclared"):
        phase_note(phase, "missed", power="england", sentence="England sent nothing")
    with pytest.raises(ValueError, match="missing"):
        phase_note(phase, "conceded", power="england")
    phase_note(phase, "conceded", power="england", winner="france")
    assert phase.notes == [{"kind": "conceded", "power": "england", "winner": "france"}]


@pytest.mark.parametrize("kind", sorted(notes.KINDS))
def test_each_kind_is_worded_in_english_and_german(kind: str) -> None:
    declared = notes.KINDS[kind]
    for params in SAMPLES[kind]:
        note = declared.checked(params)
        english, german = _worded(note, "en"), _worded(note, "de")
        if declared.silent:
            assert english == german == ""
            continue
        assert english.startswith('<p class="note'), english
        assert english.endswith("</p>"), english
        assert german != english, f"{kind} {params}: not translated"
        # Parameters are shown as the page names them, escaped.
        if "power" in params:
            assert "England" in english
            assert "England" in german
        assert "<wrong>" not in english


def test_kapitalisten_words_an_exclusion_its_own_way() -> None:
    note = notes.note("excluded", power="england", misses=3)
    english = _worded(note, "en", "kapitalisten")
    assert "rule 3.3.1" in english
    assert "civil disorder" not in english
    assert _worded(note, "de", "kapitalisten") != english


def test_a_question_is_said_only_while_its_phase_waits() -> None:
    note = notes.note("decision_asked", keys=["k"], deadline="2026-11-29T12:00:00Z", defaults=[])
    closed = Template("{% load notes %}{% note_words note 'standard' 'resolved' %}")
    assert closed.render(Context({"note": note})) == ""
    assert "decision-note" in _worded(note, "en")


def test_an_unknown_kind_is_not_shown() -> None:
    assert _worded({"kind": "from_an_old_version", "power": "england"}, "en") == ""


def test_the_history_shows_the_players_notes_then_the_moderators() -> None:
    phase_notes = [
        notes.note("missed", power="england"),
        notes.note("excluded", power="england", misses=3),
        notes.note("missed", power="france"),
        {"kind": "from_an_old_version"},
        "not a note",
    ]
    page = Template(
        '{% load notes %}{% for n in phase_notes|notes_among:"play" %}{{ n.power }} {% endfor %}'
        '| {% for n in phase_notes|notes_among:"moderation" %}{{ n.kind }} {% endfor %}'
    )
    assert page.render(Context({"phase_notes": phase_notes})) == "england france | excluded "
