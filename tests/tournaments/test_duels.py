"""The Highlander duel as a kind of linked boards: registered by tournaments, named as the
API always named a duel's stages, and with no draws."""

from __future__ import annotations

import pytest

from games.link_rules import link_rule
from games.models import BoardLink
from tournaments.duels import DuelRule


def test_tournaments_registers_the_duel_rule_when_the_site_starts() -> None:
    assert isinstance(link_rule("duel"), DuelRule)


def test_a_kind_nobody_registered_is_refused_by_name() -> None:
    with pytest.raises(LookupError, match="'relay'"):
        link_rule("relay")


@pytest.mark.parametrize(
    ("status", "stage", "value", "words"),
    [
        (BoardLink.Status.SETUP, "", "setup", "Setting up board A"),
        (BoardLink.Status.RUNNING, "", "running", "Running"),
        (BoardLink.Status.RUNNING, "sudden_death", "sudden_death", "Sudden death"),
        (BoardLink.Status.DECIDED, "", "won", "Won"),
    ],
)
def test_a_duels_stage_keeps_its_names(status: str, stage: str, value: str, words: str) -> None:
    rule = DuelRule()
    assert rule.stage_value(status=status, stage=stage) == value
    assert rule.stage_name(status=status, stage=stage) == words


def test_rule_7_a_duel_has_no_draws() -> None:
    assert "no draws" in (DuelRule().vote_refusal("draw") or "")


def test_a_duel_is_conceded_never_drawn_nor_cancelled_nor_paused_by_its_players() -> None:
    rule = DuelRule()
    assert rule.vote_refusal("concede") is None
    assert "cannot be cancelled" in (rule.vote_refusal("cancel") or "")
    for kind in ("pause", "resume"):
        assert "moderator" in (rule.vote_refusal(kind) or "")


def test_a_conceded_duel_is_told_in_words() -> None:
    from tournaments.duels import log_lines, rule_words

    assert rule_words("concede") == "conceded"
    assert log_lines([{"kind": "conceded", "power": "blue", "winner": "red"}]) == [
        "Blue conceded the duel: Red wins."
    ]
