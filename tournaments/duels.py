"""The Highlander twin-board duel (rule 7) as a kind of linked boards: board B starts with
board A's set-up exactly inverted, both boards advance together, and whoever first wins a
board wins the duel, with the tie-break ladder of rules 7.5 to 7.7 when both are decided
at once. The rules themselves are the adjudicator's (adjudicator.variants.highlander.duel);
this module gives them to games as a :class:`games.extension_points.LinkRule`, and words them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from adjudicator import Position
from adjudicator.variants.highlander.duel import (
    DuelStage,
    DuelState,
    duel_after_movement_turn,
    invert_setup,
)
from games import wording
from games.extension_points import LinkVerdict
from games.models import BoardLink, Vote
from games.services.links import CONCEDED
from games.terms import DUEL


class DuelRule:
    """Rule 7 of Highlander, for games.services.links."""

    kind = DUEL

    def boards_after_setup(self, position: Position) -> dict[str, Position]:
        """Board A goes on from its set-up; board B starts from it exactly inverted."""
        return {"A": position, "B": invert_setup(position)}

    def initial_state(self) -> Mapping[str, Any]:
        return DuelState().to_json()

    def after_turn(
        self, state: Mapping[str, Any], positions: Mapping[str, Position]
    ) -> LinkVerdict:
        """Rules 7.4 to 7.7, once both boards have finished the same movement turn."""
        before = DuelState.from_json(dict(state)) if state else DuelState()
        after = duel_after_movement_turn(before, positions["A"], positions["B"])
        won = after.stage is DuelStage.WON
        return LinkVerdict(
            state=after.to_json(),
            stage=after.stage.value if after.stage is DuelStage.SUDDEN_DEATH else "",
            winner=(after.winner or "") if won else "",
            decided_by=(after.rule.value if after.rule else "") if won else "",
            log=None if after == before else {"state": after.to_json()},
        )

    def stage_value(self, *, status: str, stage: str) -> str:
        """As the API has always named a duel's stage: setup, running, sudden_death, won."""
        if status == BoardLink.Status.DECIDED:
            return DuelStage.WON.value
        if status == BoardLink.Status.SETUP:
            return "setup"
        return stage or DuelStage.RUNNING.value

    def stage_name(self, *, status: str, stage: str) -> str:
        return stage_words(self.stage_value(status=status, stage=stage))

    def vote_refusal(self, kind: str) -> str | None:
        """A duel is played until one player wins or concedes: no draw, no cancelling;
        and its two boards keep one clock, so only a moderator pauses them."""
        if kind == Vote.Kind.DRAW:
            return _("A duel has no draws: it is played until one player wins.")
        if kind == Vote.Kind.CANCEL:
            return _("A duel cannot be cancelled: it is played until one player wins or concedes.")
        if kind in (Vote.Kind.PAUSE, Vote.Kind.RESUME):
            return _("A duel's two boards keep one clock: ask a moderator to pause or resume it.")
        return None


def stage_words(stage: str) -> str:
    """A duel's stage in the reader's words."""
    words = {
        "setup": _("Setting up board A"),
        DuelStage.RUNNING.value: _("Running"),
        DuelStage.SUDDEN_DEATH.value: _("Sudden death"),
        DuelStage.WON.value: _("Won"),
    }
    return str(words.get(stage, stage))


def _phase_words(code: Any) -> str:
    try:
        return wording.phase_name(str(code))
    except ValueError:
        return str(code or "")


def rule_words(rule: str) -> str:
    """The rule that decided a duel, in the reader's words."""
    rules = {
        "7.4": _("rule 7.4: the first to decide a board"),
        "7.5": _("rule 7.5: both boards decided at once, more units on both boards"),
        "7.6": _("rule 7.6: as many units, more units on the board won"),
        "7.7": _("rule 7.7: sudden death"),
        CONCEDED: _("conceded"),
    }
    return str(rules.get(rule, _("rule %(rule)s") % {"rule": rule}))


def log_lines(log: list[Any]) -> list[str]:
    """The duel's log in sentences: the boards' start, and each verdict after a turn."""
    lines = []
    for entry in log:
        if not isinstance(entry, dict):
            continue
        kind = entry.get("kind")
        if kind == "started":
            lines.append(
                _("Board A is set up; board B starts inverted. Both boards play from %(phase)s.")
                % {"phase": _phase_words(entry.get("phase"))}
            )
        elif kind == "verdict":
            state = entry.get("state") if isinstance(entry.get("state"), dict) else {}
            stage = str(state.get("stage") or "")
            line = _("After %(phase)s: %(stage)s") % {
                "phase": _phase_words(entry.get("after")),
                "stage": stage_words(stage),
            }
            if state.get("winner"):
                line += ", " + _("%(power)s wins") % {"power": wording.power_name(state["winner"])}
            if state.get("rule"):
                line += " (" + rule_words(str(state["rule"])) + ")"
            lines.append(line)
        elif kind == "conceded":
            lines.append(
                _("%(power)s conceded the duel: %(winner)s wins.")
                % {
                    "power": wording.power_name(str(entry.get("power"))),
                    "winner": wording.power_name(str(entry.get("winner"))),
                }
            )
    return lines


def fixed_setup(units: Mapping[str, list[str]]) -> dict[str, Any]:
    """Rule 3B: the duel options that start every duel of a round from the units given
    per colour ("A par", "F stp/sc"), each on a center of its own; no units at all: the
    players nominate. Highlander's options check the set-up (``GameTerms.checked``)."""
    kept = {
        colour: [u.strip() for u in units.get(colour, []) if u.strip()]
        for colour in ("red", "blue")
    }
    if not any(kept.values()):
        return {}
    centers = {
        colour: [u.split()[-1].split("/")[0].lower() for u in us] for colour, us in kept.items()
    }
    return {"nomination": "fixed", "fixed_setup": {"centers": centers, "units": kept}}
