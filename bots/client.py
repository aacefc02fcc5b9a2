"""The bot as an API client: it plays a seat through the site's public REST API with a
token, like any program (``python -m bots --url URL --token KEY --game ID``).

Each turn it reads the game's state (``GET /api/v1/games/<id>/``: the board of the open
phase, and under ``me`` the seat's legal orders), builds the adjudicator's position from
it, chooses orders with :func:`bots.bot_orders` among the legal orders the site lists
(with :func:`bots.search.search_orders` where the site plays the seat at the strong level),
saves them and marks the seat ready (``PUT .../orders/``, ``POST .../ready/``). Every
write names the phase it was chosen in, votes too: a write meant for a phase that has
closed meanwhile is refused (409), never taken for the next one, and the bot reads the
game again and plays the phase open now. It orders only when its seat has orders due
and is not ready, so a turn asked twice costs one read; and it never replaces orders
saved for the seat (``me.saved``): orders someone else saved (a game master) are left as
they are, and only its own, saved in a turn whose ready mark the site did not take
(429), are marked ready. Standard library only (urllib, json).

The site's own bots are played with this client too (``manage.py run_bots``, in
``games/management/botplay.py``), each with its own token.
"""

from __future__ import annotations

import json
import logging
import random
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from adjudicator import (
    Order,
    PhaseKind,
    Position,
    Retreat,
    Variant,
    find_variant,
    legal_orders,
)
from adjudicator.board import province_of
from adjudicator.io import position_from_json
from bots.registry import knows_variant
from bots.search import SEARCHED_VARIANTS, Level, search_orders
from bots.seats import gives_unowed, gives_unowed_in, seat_orders
from bots.votes import vote_answer

log = logging.getLogger(__name__)

Json = Any
#: The API's prefix under the site's address.
API = "/api/v1/"


class ApiError(Exception):
    """The site refused a request (or could not be reached): ``status`` is the HTTP
    status (0 when there was no answer), the message the site's ``message``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}" if status else message)
        self.status = status
        self.message = message


class UnknownRules(Exception):
    """The game's variant is one whose rules the bot does not know (bots.KNOWN_VARIANTS)."""


class Turn(StrEnum):
    """What one turn of the client did in a game."""

    ORDERED = "ordered"  # orders saved and the seat marked ready
    SAVED = "saved"  # orders saved; the site would not take the ready mark
    WAITING = "waiting"  # nothing due now (or ready already, or someone else's orders saved)
    VOTED = "voted"  # answered the votes proposed; no orders due from the seat now
    NO_SEAT = "no_seat"  # the token's user has no seat in the game
    STAGED = "staged"  # orders saved, the ready mark left for a second step (Step.SAVE)
    OVER = "over"  # the game is not running (forming, finished or cancelled)


class Step(StrEnum):
    """What a turn does with the orders it chooses."""

    #: Save them and mark the seat ready (a program playing its own seat).
    BOTH = "both"
    #: Save them only (:attr:`Turn.STAGED`): the first step of a host that plays many
    #: seats of one game, so that no seat's ready mark ends a phase before every seat of
    #: its has given its orders. A Kapitalisten turn ends once the nations' orders are all
    #: ready, whether every investor has traded or not (rule 3.3.1).
    SAVE = "save"
    #: Only mark ready the seat's own orders saved before (the second step); nothing new
    #: is saved, so a phase that opened meanwhile waits for the next round's first step.
    READY = "ready"
    #: As :attr:`READY`, for seats whose orders are none of them due only: a host marks
    #: these first, since the phase does not wait for them and ends on the last ready mark
    #: of orders due (one after it would find the phase over).
    READY_UNOWED = "ready-unowed"


class Api:
    """The public API at ``url`` (the site's address), called with an API token.

    ``opener`` makes the request (``urllib.request.urlopen`` by default): a test may
    pass another.
    """

    def __init__(
        self,
        url: str,
        token: str,
        *,
        timeout: float = 30.0,
        opener: Callable[..., Any] = urllib.request.urlopen,
    ) -> None:
        self.base = url.rstrip("/") + API
        self.token = token
        self.timeout = timeout
        self.opener = opener

    def call(self, method: str, path: str, body: Json | None = None) -> Json:
        """One request; the answer's JSON.

        Raises:
            ApiError: for an answer other than 2xx, or no answer at all.
        """
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            urllib.parse.urljoin(self.base, path.lstrip("/")),
            data=data,
            method=method,
            headers={
                "Authorization": f"Token {self.token}",
                "Accept": "application/json",
                **({"Content-Type": "application/json"} if data is not None else {}),
            },
        )
        try:
            with self.opener(request, timeout=self.timeout) as answer:
                return json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as e:
            raise ApiError(e.code, _message(e.read())) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as e:
            raise ApiError(0, f"no answer from {self.base}: {e}") from None

    def my_games(self) -> list[int]:
        """The running games the token's account sits in (``GET me/games/``)."""
        listed = self.call("GET", "me/games/")
        return [g["id"] for g in listed["games"] if g["status"] == "active"]

    def games_to_play(self) -> list[int]:
        """The running games where the token's seat owes something (``GET me/games/``):
        its orders or its ready mark (``need`` is ``orders`` or ``not_ready``; not while
        the game is paused), or its vote on a vote proposed (``votes_open``; a paused
        game's vote to resume too); and every running game of a variant whose seats may
        give orders they do not owe (a Kapitalisten investor's exchange orders, a Rather
        Silly role's orders, :func:`bots.seats.gives_unowed_in`): the only ones worth
        reading."""
        listed = self.call("GET", "me/games/")
        return [
            g["id"]
            for g in listed["games"]
            if g["status"] == "active"
            and (
                (g["need"] in ("orders", "not_ready") and not g["paused"])
                # An investor owes no exchange orders in a movement phase, but one who
                # gives none sells 500 of everything (Kapitalisten, rule 3.3.1); a role
                # owes none, but plays his role with them.
                or (gives_unowed_in(g.get("variant", "")) and not g["paused"])
                or any(not v["voted"] for v in g.get("votes_open", ()))
            )
        ]

    def state(self, game: int) -> Json:
        return self.call("GET", f"games/{game}/")

    def submit(self, game: int, orders: Sequence[str], *, phase: int, power: str) -> Json:
        return self.call(
            "PUT", f"games/{game}/orders/", {"orders": list(orders), "phase": phase, "power": power}
        )

    def ready(self, game: int, *, phase: int) -> Json:
        return self.call("POST", f"games/{game}/ready/", {"ready": True, "phase": phase})

    def vote(self, game: int, kind: str, accept: bool, *, phase: int) -> Json:
        return self.call(
            "POST", f"games/{game}/votes/", {"kind": kind, "accept": accept, "phase": phase}
        )


def _message(body: bytes) -> str:
    try:
        answer = json.loads(body)
    except ValueError:
        return body.decode(errors="replace")[:200]
    if isinstance(answer, dict) and isinstance(answer.get("message"), str):
        return str(answer["message"])
    return str(answer)[:200]


# -- from the state to orders ------------------------------------------------------------------


def position_of(state: Json) -> Position:
    """The adjudicator's position of the state's phase, as the API shows it.

    What the API does not show (the provinces a standoff left empty, for one) is not in
    it: choose among the legal orders the site lists (:func:`legal_of`), which know.

    Raises:
        PositionError: if the state's board cannot be read.
    """
    game, phase = state["game"], state["phase"]
    position, _orders = position_from_json(
        {
            "variant": game["variant"],
            "phase": phase["code"],
            "units": phase["units"],
            "centers": phase["centers"],
            "dislodged": phase["dislodged"],
            "options": game["options"],
            "extras": phase["extras"],
        }
    )
    return position


def legal_of(variant: Variant, me: Json, position: Position) -> dict[str, tuple[Order, ...]]:
    """The seat's legal orders as the site lists them (``me.legal``), read back."""
    power = me.get("acting") or me["power"]
    return {
        where: tuple(variant.read_order(text, position=position, power=power) for text in texts)
        for where, texts in me["legal"].items()
    }


def legal_here(
    variant: Variant, state: Json, position: Position, power: str
) -> dict[str, tuple[Order, ...]]:
    """The legal orders of ``power``, one of the powers the seat gives orders for: as the
    site lists them for the power the state is about (``me.acting``), else the
    adjudicator's from the position read. Those know nothing of the provinces a standoff
    left empty, which the API does not show: a retreat goes only where the site says the
    unit may (``phase.dislodged[power][].retreats``)."""
    me = state["me"]
    if power == (me.get("acting") or me["power"]):
        return legal_of(variant, me, position)
    legal = legal_orders(position, power, variant=variant)
    if position.phase.kind is not PhaseKind.RETREATS:
        return dict(legal)
    allowed = {
        province_of(str(d["unit"]).split()[-1]): {province_of(r) for r in d.get("retreats", ())}
        for d in (state["phase"].get("dislodged") or {}).get(power, [])
    }
    return {
        where: tuple(
            o
            for o in options
            if not isinstance(o, Retreat) or province_of(o.dest) in allowed.get(where, set())
        )
        for where, options in legal.items()
    }


@dataclass(frozen=True)
class Choice:
    """The orders the bot gives for one phase of one game."""

    phase: int
    power: str
    orders: tuple[str, ...]
    #: The orders are saved already (the bot's own, from an earlier turn): only the ready
    #: mark is due.
    saved: bool = False
    #: The orders to save, by power, where the seat gives the orders of several (a
    #: Kapitalisten investor: his exchange orders and each nation he controls); those of
    #: ``power`` alone otherwise.
    sets: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: Some of the orders are due. Orders given but not due (a Kapitalisten investor's
    #: exchange orders in a movement phase) are adjudicated as saved, and the phase does not
    #: wait for them: their ready mark must come before the last one due, or it may find
    #: the phase over (Step.READY_UNOWED).
    owed: bool = True

    def to_save(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Each power's orders to save (none when they are :attr:`saved`)."""
        if self.saved:
            return ()
        return self.sets or ((self.power, self.orders),)


def _given(me: Json) -> list[Json]:
    """The powers the seat gives orders for now (``me.gives``), as the site says; a site
    that does not list them: the power the state is about."""
    if me.get("gives"):
        return list(me["gives"])
    return [
        {
            "power": me.get("acting") or me["power"],
            "orders": me.get("orders", []),
            "saved": me.get("saved", bool(me.get("orders"))),
            "ready": bool(me.get("ready")),
            "must_order": bool(me.get("must_order")),
        }
    ]


def level_of(state: Json, power: str) -> Level:
    """The level the site's own bot plays ``power``'s seat at (``seats[].bot_level``, which
    the site shows for its own bots' seats only); the standard level for any other seat,
    and for a level this client does not know (a newer site's)."""
    for seat in state.get("seats") or ():
        if seat.get("power") == power:
            try:
                return Level(seat.get("bot_level") or Level.STANDARD)
            except ValueError:
                return Level.STANDARD
    return Level.STANDARD


def choose(state: Json, *, seed: int = 0, level: Level | None = None) -> Choice | None:
    """The orders for the seat in ``state``, or None when it has none to give now (no
    seat, no open phase, nothing due, someone else's orders saved, or marked ready). Drawn
    from the game, the phase, the power and ``seed``: asked again, it chooses the same.

    A seat played at the strong level (``level``; by default the level the site shows
    for its own bot's seat, :func:`level_of`) gets its own
    power's orders from the search (:func:`bots.search.search_orders`, a movement phase
    in about 2 s), where the variant is one it searches; every other seat the heuristic
    bot's.

    A seat gives the orders of every power listed in ``me.gives`` that has orders due, and
    a Kapitalisten investor's exchange orders wherever he may trade (owed or not: one who
    gives none sells 500 of every currency, rule 3.3.1).

    Orders saved for the seat in this phase are never replaced. Saved orders that are the
    very ones the bot chooses are its own, from a turn whose ready mark the site did not
    take (429, an answer lost): the choice is only to mark them ready (``saved``), unless
    the site says they are not a whole answer yet (``me.problem``: it would refuse the
    mark). Any other saved orders are someone else's (a game master's): left, with no
    choice. A site that does not say ``saved`` is asked whether any orders are shown.

    Raises:
        UnknownRules: if the game's variant is one the bot does not know.
    """
    me, phase = state.get("me"), state.get("phase")
    if me is None or phase is None or not phase.get("is_current"):
        return None
    variant_id = state["game"]["variant"]
    if not knows_variant(variant_id):
        raise UnknownRules(f"the bot does not know the rules of {variant_id}")
    variant = find_variant(variant_id)
    position = position_of(state)
    playing = [
        g for g in _given(me) if g.get("must_order") or gives_unowed(variant, position, g["power"])
    ]
    if not playing or all(g.get("ready") for g in playing):
        return None
    acting = me.get("acting") or me["power"]
    rng = random.Random(f"{state['game']['id']}:{phase['index']}:{acting}:{seed}")
    legal = {g["power"]: legal_here(variant, state, position, g["power"]) for g in playing}
    own = [g["power"] for g in playing] == [me["power"]]
    level = level or level_of(state, me["power"])
    if own and variant.id in SEARCHED_VARIANTS and level is Level.STRONG:
        chosen = {
            me["power"]: search_orders(
                variant, position, me["power"], rng, legal=legal[me["power"]]
            )
        }
    else:
        chosen = seat_orders(variant, position, me["power"], rng, legal=legal)
    sets = [(g, tuple(str(o) for o in chosen.get(g["power"], ()))) for g in playing]
    first = next((s for s in sets if s[0]["power"] == acting), sets[0])
    saved = [(g, orders) for g, orders in sets if g.get("saved")]
    if any(list(orders) != list(g.get("orders", ())) for g, orders in saved):
        return None  # someone else's orders: left as they are
    owed = any(g.get("must_order") for g in playing)
    if len(saved) == len(sets):
        if me.get("problem"):
            return None
        return Choice(phase["index"], first[0]["power"], first[1], saved=True, owed=owed)
    return Choice(
        phase["index"],
        first[0]["power"],
        first[1],
        sets=tuple((g["power"], orders) for g, orders in sets if not g.get("saved")),
        owed=owed,
    )


def votes_to_answer(state: Json) -> list[str]:
    """The kinds of vote proposed in the open phase that the seat may cast and has not
    (``phase.votes_proposed``, ``me.votes``)."""
    me, phase = state.get("me"), state.get("phase")
    if me is None or phase is None or not phase.get("is_current"):
        return []
    votes = me.get("votes") or {}
    allowed, mine = votes.get("open", []), votes.get("mine", {})
    return [k for k in phase.get("votes_proposed", []) if k in allowed and k not in mine]


def votes_answer(api: Api, game: int, state: Json) -> int:
    """Answer each vote proposed to the seat as :func:`bots.votes.vote_answer` says;
    returns how many it answered."""
    kinds = votes_to_answer(state)
    if not kinds:
        return 0
    position = position_of(state)
    me = state["me"]
    power = me.get("acting") or me["power"]
    for kind in kinds:
        api.vote(game, kind, vote_answer(position, power, kind), phase=state["phase"]["index"])
    return len(kinds)


# -- playing ----------------------------------------------------------------------------------

#: The HTTP status of a write refused because the phase it named is over: the game moved
#: on while the bot chose. Not an error: the bot reads the game again.
PHASE_OVER = 409

#: How many times one turn reads the game again after such a refusal before it leaves the
#: game to the next round (a game that moves on this fast is being played without it).
STALE_READS = 3


def play_turn(
    api: Api, game: int, *, seed: int = 0, step: Step = Step.BOTH, level: Level | None = None
) -> Turn:
    """Read the game; answer the votes proposed to the seat (:func:`votes_answer`); if
    the seat has orders due and is not ready, give them and mark ready (or only mark
    ready its own orders saved in an earlier turn; see :func:`choose`).

    Every write names the phase it was chosen in. If the site refuses one because that
    phase is over (409), the turn reads the game again and plays the phase open now
    (:data:`STALE_READS` times at most; then it waits for the next round).

    ``step``: save and mark ready (by default), or only one of the two (:class:`Step`).

    Raises:
        ApiError: if the site refuses to show the game or to save the orders.
        UnknownRules: if the game's variant is one the bot does not know.
    """
    for _read in range(STALE_READS):
        try:
            return _turn(api, game, seed=seed, step=step, level=level)
        except ApiError as e:
            if e.status != PHASE_OVER:
                raise
            log.info("game %s: %s (reading the game again)", game, e.message)
    return Turn.WAITING


def _turn(api: Api, game: int, *, seed: int, step: Step, level: Level | None) -> Turn:
    """One read of the game and what the seat owes in it (:func:`play_turn`)."""
    state = api.state(game)
    if state["game"]["status"] != "active":
        return Turn.OVER
    if state.get("me") is None:
        return Turn.NO_SEAT
    voted = votes_answer(api, game, state)
    if voted:
        # A vote it answered may have ended the game or paused it: read it again.
        state = api.state(game)
        if state["game"]["status"] != "active":
            return Turn.OVER
    choice = choose(state, seed=seed, level=level)
    if choice is None or (step in (Step.READY, Step.READY_UNOWED) and not choice.saved):
        return Turn.VOTED if voted else Turn.WAITING
    for power, orders in choice.to_save():
        api.submit(game, orders, phase=choice.phase, power=power)
    if step is Step.SAVE:
        return Turn.VOTED if voted else Turn.STAGED
    if step is Step.READY_UNOWED and choice.owed:
        return Turn.VOTED if voted else Turn.WAITING
    try:
        api.ready(game, phase=choice.phase)
    except ApiError as e:
        if e.status != 400:
            raise
        # Saved, but not a whole answer the site would mark ready: the deadline decides.
        log.info("game %s: orders saved, not marked ready: %s", game, e.message)
        return Turn.SAVED
    return Turn.ORDERED


def play(
    api: Api,
    games: Iterable[int],
    *,
    seed: int = 0,
    poll: float = 10.0,
    once: bool = False,
    sleep: Callable[[float], None] = time.sleep,
    report: Callable[[int, Turn], None] | None = None,
    step: Step = Step.BOTH,
    level: Level | None = None,
) -> dict[int, Turn]:
    """Play each game's seat, turn after turn, every ``poll`` seconds until every game is
    over (or for one round with ``once``). A game the site refuses or whose rules the
    bot does not know is reported and left. Returns each game's last turn. ``step``: as
    :func:`play_turn` takes it."""
    left = list(dict.fromkeys(games))
    last: dict[int, Turn] = {}
    while left:
        for game in list(left):
            try:
                turn = play_turn(api, game, seed=seed, step=step, level=level)
            except ApiError as e:
                if e.status in (0, 400, 409, 429) or e.status >= 500:
                    # The site away or busy, or an order refused (the board changed under
                    # the bot): the next round reads the game again. The game never waits
                    # for the bot: its deadline comes, and the missed-orders policy plays
                    # the seat.
                    log.warning("game %s: %s (tried again next round)", game, e)
                    continue
                log.error("game %s: %s", game, e)
                left.remove(game)
                continue
            except UnknownRules as e:
                log.error("game %s: %s", game, e)
                left.remove(game)
                continue
            except Exception:
                # A fault of the bot's own (its strategy raised): logged with its trace,
                # and tried again next round, without holding back the bot's other games.
                log.exception("game %s: the bot's turn failed (tried again next round)", game)
                continue
            last[game] = turn
            if report is not None:
                report(game, turn)
            if turn in (Turn.OVER, Turn.NO_SEAT):
                left.remove(game)
        if once or not left:
            break
        sleep(poll)
    return last
