"""The rules of linked boards, by kind: games adjudicates linked boards together
(services.links); what a kind of link means is its :class:`LinkRule`, registered by the app
that knows it (tournaments registers its twin-board duel in its ``AppConfig.ready()``).
Nothing registers at import time."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from adjudicator import Position


@dataclass(frozen=True)
class LinkVerdict:
    """What a link's rule says after a movement turn of all its boards."""

    #: The rule's state to keep until the next turn.
    state: Mapping[str, Any]
    #: The rule's own stage (a duel's "sudden_death"), or "" for none.
    stage: str = ""
    #: The winning power, when the link is decided.
    winner: str = ""
    #: The rule that decided it (a duel: 7.4 to 7.7).
    decided_by: str = ""
    #: What to write in the link's log, if anything changed.
    log: Mapping[str, Any] | None = field(default=None)

    @property
    def decided(self) -> bool:
        return bool(self.winner)


class LinkRule(Protocol):
    """A kind of linked boards."""

    #: The kind's name, as stored on the link (``BoardLink.kind``).
    kind: str

    def boards_after_setup(self, position: Position) -> dict[str, Position]:
        """The first position of every board, by label, once board A's set-up is done
        (``position`` is board A's): ``"A"`` is board A's own."""
        ...

    def initial_state(self) -> Mapping[str, Any]:
        """The rule's state when the boards start."""
        ...

    def after_turn(
        self, state: Mapping[str, Any], positions: Mapping[str, Position]
    ) -> LinkVerdict:
        """The verdict once every board has finished the same movement turn."""
        ...

    def stage_value(self, *, status: str, stage: str) -> str:
        """The link's stage as the API names it."""
        ...

    def stage_name(self, *, status: str, stage: str) -> str:
        """The link's stage in the reader's words."""
        ...

    def vote_refusal(self, kind: str) -> str | None:
        """Why a board of the link takes no vote of ``kind`` (a ``games.models.Vote.Kind``:
        draw, concede, cancel, pause, resume), or None if it does. A concession on one
        board concedes the link (games.services.links.link_concede)."""
        ...


_RULES: dict[str, LinkRule] = {}


def link_rule_register(rule: LinkRule) -> None:
    """Make ``rule`` the rule of its kind (an app's ``ready()`` calls this)."""
    _RULES[rule.kind] = rule


def link_rule(kind: str) -> LinkRule:
    """The rule of ``kind``.

    Raises:
        LookupError: no app registered a rule for ``kind`` (is it installed?).
    """
    try:
        return _RULES[kind]
    except KeyError:
        raise LookupError(f"no rule for linked boards of kind {kind!r}") from None
