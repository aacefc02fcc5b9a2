"""Where the apps above games plug into it: games imports nothing above it, so an app
that adds to a game (tournaments, the sandbox, notifications) registers what it adds here,
in its ``AppConfig.ready()``, and games asks the point when it needs to. Nothing
registers at import time.

Every point has one shape, :class:`ExtensionPoint`: ``register``, ``unregister``,
``entries`` in the order registered, and ``lookup`` by key for a keyed point. What an
entry is (its type) is written beside its point.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from adjudicator import Position
from games.models import Game, GameEvent
from variants.site import DemoGame

T = TypeVar("T")


class ExtensionPoint(Generic[T]):
    """Entries apps register, asked by games in the order they were registered.

    A keyed point (``key`` given) holds one entry per key: registering another of the same
    key replaces it. Otherwise registering an entry again changes nothing."""

    def __init__(self, name: str, *, key: Callable[[T], Hashable] | None = None) -> None:
        self.name = name
        self._key = key
        self._entries: list[T] = []

    def register(self, entry: T) -> None:
        if self._key is not None:
            key = self._key(entry)
            self._entries = [e for e in self._entries if self._key(e) != key]
        elif entry in self._entries:
            return
        self._entries.append(entry)

    def unregister(self, entry: T) -> None:
        if entry in self._entries:
            self._entries.remove(entry)

    def entries(self) -> tuple[T, ...]:
        return tuple(self._entries)

    def lookup(self, key: Hashable) -> T:
        """The entry of ``key`` on a keyed point.

        Raises:
            LookupError: no app registered one (is it installed?).
        """
        if self._key is not None:
            for entry in self._entries:
                if self._key(entry) == key:
                    return entry
        raise LookupError(f"nothing registered at {self.name} for {key!r}")

    def __repr__(self) -> str:
        return f"<ExtensionPoint {self.name}: {len(self._entries)} entries>"


# -- what a game announces (games.events) ---------------------------------------------------

#: Hears every event a game announces, after its commit; must be idempotent (an event
#: may reach it more than once). Notifications tell the users, tournaments move on.
GameListener = Callable[[GameEvent], None]

game_listeners: ExtensionPoint[GameListener] = ExtensionPoint("game_listeners")


# -- linked boards (games.link_rules) ------------------------------------------------------


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
    """A kind of linked boards (tournaments: its twin-board duel)."""

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


def _link_kind(rule: LinkRule) -> Hashable:
    return rule.kind


#: The rule of each kind of linked boards, by its kind.
link_rules: ExtensionPoint[LinkRule] = ExtensionPoint("link_rules", key=_link_kind)


# -- who may take a seat (games.seating) ---------------------------------------------------

#: Why ``user`` may not take a seat in ``game``, in the player's words, or None
#: (tournaments: a bot only where the organiser allows bots).
SeatGate = Callable[[Game, AbstractBaseUser], "str | None"]

seat_gates: ExtensionPoint[SeatGate] = ExtensionPoint("seat_gates")


# -- the players' votes (games.vote_rules) -------------------------------------------------

#: Why an app refuses a kind of vote on a game, or None: ``(game, kind) -> reason``
#: (tournaments: a tournament board is not cancelled by its players).
VoteRefusal = Callable[[Game, str], "str | None"]

vote_refusals: ExtensionPoint[VoteRefusal] = ExtensionPoint("vote_refusals")


# -- a player's profile page (games.profile_sections) --------------------------------------


@dataclass(frozen=True)
class ProfileSection:
    """A template to include on the profile page, with its context."""

    template: str
    context: Mapping[str, Any] = field(default_factory=dict)


#: Given the profile's owner and the viewer, a section, or None to show nothing
#: (tournaments: ratings and tournaments played).
SectionMaker = Callable[
    [AbstractBaseUser, AbstractBaseUser | AnonymousUser], "ProfileSection | None"
]

profile_sections: ExtensionPoint[SectionMaker] = ExtensionPoint("profile_sections")


# -- what a game is played for (games.occasions) -------------------------------------------


@dataclass(frozen=True)
class Occasion:
    """The event a game belongs to, as its viewer may see it."""

    #: What kind of event ("tournament").
    kind: str
    #: Its name, in the reader's words ("Autumn Cup").
    name: str
    #: Its page.
    url: str


#: Given games and the viewer, the occasion of each game it knows of, by game id; asked
#: once for many games, it answers with a fixed number of queries however many there are.
OccasionTeller = Callable[
    [Sequence[Game], AbstractBaseUser | AnonymousUser], Mapping[int, Occasion]
]

occasion_tellers: ExtensionPoint[OccasionTeller] = ExtensionPoint("occasion_tellers")


# -- a game page's phase (games.phase_actions) ---------------------------------------------


@dataclass(frozen=True)
class PhaseAction:
    """A button on the game page's phase: a form that posts to ``url``."""

    label: str
    url: str
    #: Its element id on the page, for scripts and tests.
    name: str


#: Given the viewer, the game and the index of the phase shown, an action, or None to
#: offer nothing (the sandbox: "Fork into sandbox"). Asked only for phases the viewer
#: may see.
ActionMaker = Callable[[AbstractBaseUser | AnonymousUser, Game, int], "PhaseAction | None"]

phase_actions: ExtensionPoint[ActionMaker] = ExtensionPoint("phase_actions")


#: The running games of an app's own demo that the demo bot plays, each with the username
#: of the visitor's seat, which it leaves to him (tournaments: the demo events' boards).
DemoGames = Callable[[], "Sequence[tuple[Game, str]]"]

demo_games: ExtensionPoint[DemoGames] = ExtensionPoint("demo_games")


#: Given a game, the house rules of a demo that apply to it (its
#: :class:`~variants.site.DemoGame`), or None: for the games an app's own demo makes
#: (tournaments: the knock-out's duels the visitor plays, under the variant's demo duel's
#: rules). Asked by the demo bot and by the game page for every game shown, after the
#: variants' own demo games: answer None at once for a game of no demo of the app's.
DemoRules = Callable[[Game], "DemoGame | None"]

demo_house_rules: ExtensionPoint[DemoRules] = ExtensionPoint("demo_house_rules")
