"""A game as one viewer may see it, as typed values: :class:`GameView` (the game, its line
of phases, the seats, the phase on show), :class:`PhaseView` (one phase) and
:class:`MyView` (what the asking player sees of his own seat in it). Each is built by one
selector from (game, phase, viewer), and what is secret is decided in games.visibility
alone. ``games.selectors.game_state`` renders a GameView for the page and the API
(``core.shapes.as_dict``), whose serializers are derived from these classes
(``core.api.serializer_for``): a field is declared here, once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, NotRequired, TypeAlias, TypedDict, cast

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from adjudicator import Outcome, PhaseKind, find_variant, legal_orders, legal_orders_compact
from adjudicator.variants import shipped_reasons
from core.shapes import Doc, IsoTime
from games import visibility, wording
from games.models import Game, GamePhase, Vote
from games.positions import (
    phase_position,
    powers_to_order,
    powers_welcome,
    seat_powers,
    whole_answer_problem,
)
from games.reading import order_faults, orders_read_strictly
from games.selectors.decisions import decision_as_seen
from games.selectors.links import link_summary
from games.selectors.moderation import moderation_summary
from games.vote_rules import vote_refusal
from variants.board import layer_markup

Viewer: TypeAlias = AbstractBaseUser | AnonymousUser

#: Lists of words keyed by power: units, centers, orders.
ByPower = dict[str, list[str]]

_GAME_STATUS = tuple(Game.Status.choices)
_PHASE_STATUS = tuple(GamePhase.Status.choices)
_VOTE_KINDS = tuple(Vote.Kind.choices)


# -- what the board passes through, typed ----------------------------------------------


class Dislodged(TypedDict):
    unit: Annotated[str, Doc('The unit that must retreat, such as "A vie".')]
    attacker_from: NotRequired[
        Annotated[
            str | None, Doc("Where its attacker came from; null if the attacker came by convoy.")
        ]
    ]
    retreats: NotRequired[Annotated[list[str], Doc("Where it may retreat to.")]]


class ResultWords(TypedDict):
    power: Annotated[str, Doc("The power's name.")]
    order: Annotated[str, Doc('The order with its places named: "A Munich → Burgundy".')]
    outcome: Annotated[str, Doc("The result's name.")]
    reason: Annotated[str, Doc("Why it did not succeed; empty when it did.", blank=True)]


class Result(TypedDict):
    power: str
    order: Annotated[str, Doc("The order in canonical notation.")]
    result: Annotated[str, Doc(choices=tuple((o.value, o.value) for o in Outcome))]
    reason: NotRequired[Annotated[str, Doc("Why, in words (English).")]]
    reason_code: NotRequired[
        Annotated[str, Doc(choices=tuple((r.value, r.value) for r in shipped_reasons()))]
    ]
    params: NotRequired[Annotated[dict[str, str], Doc("The reason's details.")]]
    words: NotRequired[
        Annotated[
            ResultWords,
            Doc("With ?words=true: the result as the game page says it, in your language."),
        ]
    ]


# -- the views -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class GameHeader:
    """The game itself, the same to every viewer who may watch it."""

    schema_name: ClassVar[str] = "StateGame"

    id: int
    name: str
    variant: str
    variant_name: str
    options: dict[str, Any]
    status: Annotated[str, Doc(choices=_GAME_STATUS)]
    outcome: Annotated[str, Doc(blank=True)]
    winner: Annotated[str, Doc(blank=True)]
    result_awaits_confirmation: Annotated[
        bool,
        Doc(
            "The game is over by a result a game master decided alone (an end he "
            "called, a phase he ruled on): it counts for no rating until a site moderator "
            "confirms it."
        ),
    ]
    version: int
    anonymous: bool
    private: bool
    # Faulty orders are saved as written and void when adjudicated, where the variant
    # reads orders strictly (SiteVariant.strict_orders).
    strict_orders: Annotated[
        bool,
        Doc(
            "Orders are read strictly (as the variant's rules say): a faulty order is "
            "saved as written and void when adjudicated, never refused nor rewritten."
        ),
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseRef:
    index: int
    code: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    schema_name: ClassVar[str] = "SeatState"

    power: str
    player: Annotated[str, Doc("Empty in an anonymous game.", blank=True)]
    bot: Annotated[
        bool,
        Doc(
            "Whether a bot (an account that plays through the API, marked as a bot) "
            "holds this power; shown in an anonymous game too."
        ),
    ]
    # Public even in an anonymous game (who holds it is not): the join list leaves taken
    # powers out too.
    taken: Annotated[
        bool,
        Doc(
            "Whether a player holds this power (also in an anonymous game, "
            "where the player's name stays hidden)."
        ),
    ]
    ready: bool
    eliminated: bool
    missed_phases: int
    civil_disorder: bool
    seeking_player_until: IsoTime | None
    bot_level: Annotated[
        str | None,
        Doc(
            "For a seat the site's own bot plays (a practice game): the level it plays at, "
            "standard or strong (it searches its moves). Left out for any other seat.",
            omitted=True,
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Progress:
    done: int
    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseView:
    """One phase as the viewer may see it: the board going in (and coming out, once
    adjudicated), the orders he may read, the questions left to the game master."""

    schema_name: ClassVar[str] = "PhaseState"

    index: int
    code: str
    name: str
    # Not choices: their enum would be named after the field, like notifications' kind.
    kind: Annotated[
        str,
        Doc(
            "M movement, R retreats, A adjustments; a variant declares its own "
            "kinds (those marked setup set a game up)."
        ),
    ]
    status: Annotated[str, Doc(choices=_PHASE_STATUS)]
    deadline: IsoTime | None
    is_current: bool
    units: ByPower
    dislodged: dict[str, list[Dislodged]]
    centers: ByPower
    to_order: list[str]
    # Seats that may order without owing any (the variant says which): the phase ends
    # early only once they too are ready.
    welcome: Annotated[
        list[str],
        Doc(
            "Seats that may give orders in this phase without owing any (Rather "
            "Silly's roles): the phase ends before its deadline only once they too are ready."
        ),
    ]
    notes: list[dict[str, Any]]
    draw_proposed: bool
    votes_proposed: Annotated[
        list[str],
        Doc(
            "The kinds of vote someone proposed in this phase, while it is open "
            "(never who voted, nor how).",
            choices=_VOTE_KINDS,
        ),
    ]
    extras: dict[str, Any]
    # The variant's layer of the board (its creatures and links) as the one renderer draws
    # it for this viewer: the page and its replay show it, never redraw it.
    layer: Annotated[
        str,
        Doc(
            "The variant's layer of the board (its creatures and links), as SVG markup "
            "drawn by the server for this viewer: the children of the board's "
            '<g class="creatures">, empty where the variant draws none.'
        ),
    ]
    setup: bool
    progress: Progress | None
    superseded_by: int | None
    derived_from: int | None
    decisions: list[dict[str, Any]]
    results: Annotated[list[Result] | None, Doc("Once adjudicated.", omitted=True)] = None
    units_after: Annotated[ByPower | None, Doc(omitted=True)] = None
    centers_after: Annotated[ByPower | None, Doc(omitted=True)] = None
    # The units the phase dislodged, where they stand awaiting their retreat: the replay
    # marks them (the retreat phase's own "dislodged" comes only after).
    dislodged_after: Annotated[
        dict[str, list[Dislodged]] | None,
        Doc(
            "Once adjudicated: the units the phase dislodged, awaiting their retreat.",
            omitted=True,
        ),
    ] = None
    orders: ByPower


@dataclass(frozen=True, slots=True, kw_only=True)
class GivenPower:
    power: str
    orders: list[str]
    saved: Annotated[bool, Doc("Whether orders were saved for it this phase.")]
    ready: bool
    must_order: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class MyVotes:
    mine: Annotated[
        dict[str, bool],
        Doc(
            "Your own votes in this phase, by kind: for (true) or against (false). "
            "Votes are secret: nobody else sees them."
        ),
    ]
    open: Annotated[
        list[str],
        Doc("The kinds of vote you may cast now (POST /games/{id}/votes/).", choices=_VOTE_KINDS),
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class MyView:
    """What the asking player sees of his own seat in a phase: the power he gives orders
    for now, its orders, ready mark and legal orders, his votes."""

    schema_name: ClassVar[str] = "MyOrders"

    power: str
    acting: Annotated[
        str,
        Doc(
            "The power these orders, legal orders and ready mark are for: your own, "
            "or one you give orders for now (?as= on the game page)."
        ),
    ]
    sitting: Annotated[
        bool, Doc("Whether you sit this seat for its player, on the days he is away.")
    ]
    orders: list[str]
    # Whether orders were saved for it in this phase (by the seat, a sitter or a game
    # master), none perhaps: a program that plays the seat leaves them be.
    saved: Annotated[
        bool,
        Doc(
            "Whether orders were saved for this phase (by you, your sitter or a game "
            "master; none perhaps): a program that plays your seat should leave them be."
        ),
    ]
    ready: bool
    must_order: bool
    # A seat that may give orders without owing any (as the variant says): the page
    # offers it the order box all the same.
    may_order: Annotated[
        bool,
        Doc(
            "Whether you may give orders in this phase without owing any (a power in "
            "phase.welcome): the phase waits for your ready mark too."
        ),
    ]
    draw_vote: bool | None
    votes: MyVotes
    legal: Annotated[
        dict[str, list[str]],
        Doc("Each of your units (or build site) with the orders it may be given."),
    ]
    problem: str | None
    adjustment: Annotated[
        int | None,
        Doc(
            "In an adjustment phase, the builds you may make (positive) or the "
            "disbands you owe (negative); null in other phases."
        ),
    ]
    # Every power whose orders the seat gives now, its own first (in most variants only
    # its own; the variant's orders_given_by may name more).
    gives: Annotated[
        list[GivenPower],
        Doc(
            "Every power whose orders your seat gives now, your own first (in most "
            "variants only your own; where a variant says so, also other powers)."
        ),
    ]
    legal_compact: Annotated[
        Any,
        Doc(
            "With ?legal=compact instead of legal: the same orders in the "
            "adjudicator's compact form (units, into, chains).",
            omitted=True,
            json=True,
        ),
    ] = None
    faults: Annotated[
        dict[str, str] | None,
        Doc(
            "Where orders are read strictly: each saved order that is faulty, with "
            "what is wrong (it stands as written and is void when adjudicated).",
            omitted=True,
        ),
    ] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GameView:
    """The game as one viewer may see it: its line of phases, its seats, the phase on show
    (none before the first) and his own seat's view of it (none if he has no seat)."""

    schema_name: ClassVar[str] = "State"

    game: GameHeader
    phases: list[PhaseRef]
    phase: PhaseView | None
    me: Annotated[MyView | None, Doc("Your seat; null if you have none.")]
    seats: list[SeatView]
    duel: Annotated[dict[str, Any] | None, Doc("The twin-board duel, if any.", json=True)]
    moderation: Annotated[dict[str, Any], Doc(json=True)]


# -- the selectors -------------------------------------------------------------------------


def game_view(
    *,
    game: Game,
    index: int | None,
    viewer: Viewer,
    compact_legal: bool = False,
    acting: str | None = None,
) -> GameView:
    """Everything the game page shows ``viewer`` of the phase of ``index`` (the current by
    default). For ``compact_legal`` and ``acting`` see :func:`my_view`.

    Raises:
        GamePhase.DoesNotExist: the game has no phase of that index.
        games.positions.BoardUnreadable: the phase's stored position cannot be read
            (:func:`game_outline_view` is what can still be shown).
    """
    line, phase = _line_and_phase(game, index)
    phase_shown = (
        phase_view(game=game, phase=phase, viewer=viewer, line=line) if phase is not None else None
    )
    me = (
        my_view(game=game, phase=phase, viewer=viewer, compact_legal=compact_legal, acting=acting)
        if phase is not None
        else None
    )
    return GameView(
        game=game_header(game),
        phases=_refs(line),
        phase=phase_shown,
        me=me,
        seats=_seats(game, phase, viewer),
        duel=link_summary(game=game),
        moderation=moderation_summary(game=game, user=viewer),
    )


def game_outline_view(*, game: Game, index: int | None, viewer: Viewer) -> GameView:
    """What the game page shows of ``game`` whatever its board: the game, its line of
    phases, the duel and the moderation (no phase, no seats). Shown, with what is wrong,
    when the board itself cannot be read (games.positions.BoardUnreadable).

    Raises:
        GamePhase.DoesNotExist: the game has no phase of that index.
    """
    line, _phase = _line_and_phase(game, index)
    return GameView(
        game=game_header(game),
        phases=_refs(line),
        phase=None,
        me=None,
        seats=[],
        duel=link_summary(game=game),
        moderation=moderation_summary(game=game, user=viewer),
    )


def phase_view(
    *, game: Game, phase: GamePhase, viewer: Viewer, line: list[GamePhase] | None = None
) -> PhaseView:
    """``phase`` as ``viewer`` may see it. ``line``: the game's line of play (its phases a
    ruling did not supersede), if the caller has it already.

    Raises:
        games.positions.BoardUnreadable: the phase's stored position cannot be read.
    """
    if line is None:
        line = _line(game)
    variant = find_variant(game.variant)
    position = phase_position(phase)
    # The board as the viewer may see it: the one answer every channel gives.
    seen = visibility.position_seen(user=viewer, phase=phase)
    board = seen.position
    after: dict[str, Any] | None = None
    results = None
    if phase.is_resolved:
        secrets = visibility.secrets_for(user=viewer, game=game)
        results = cast("list[Result]", secrets.results(phase.results or []))
        seen_after = visibility.position_seen(user=viewer, phase=phase, after=True)
        after = dict(seen_after.position) if seen_after is not None else {}
    occurrence = dict(_occurrences(line, by_index=True)).get(phase.index, 1)
    return PhaseView(
        index=phase.index,
        code=phase.code,
        name=wording.phase_name(phase.code, occurrence),
        kind=position.phase.kind.value,
        status=phase.status,
        deadline=IsoTime(phase.deadline.isoformat())
        if phase.deadline and not phase.is_resolved
        else None,
        is_current=bool(line) and phase.pk == line[-1].pk and not phase.is_resolved,
        units=board.get("units", {}),
        dislodged=board.get("dislodged", {}),
        centers=board.get("centers", {}),
        to_order=sorted(powers_to_order(position, variant)),
        welcome=_welcome(phase, position, variant),
        notes=phase.notes,
        draw_proposed=visibility.draw_proposed(phase=phase),
        # The votes proposed and still open (never who voted, nor how).
        votes_proposed=visibility.votes_proposed(phase=phase)
        if phase.status == GamePhase.Status.OPEN
        else [],
        extras=board.get("extras", {}),
        layer=layer_markup(map_id=variant.map_id, position=seen),
        setup=position.phase.is_setup,
        progress=_progress(variant.setup_progress(position)),
        superseded_by=phase.superseded_by_id,
        derived_from=phase.derived_from_id,
        decisions=_decisions(phase, viewer, game),
        results=results,
        units_after=after.get("units", {}) if after is not None else None,
        centers_after=after.get("centers", {}) if after is not None else None,
        dislodged_after=after.get("dislodged", {}) if after is not None else None,
        orders={o.power: o.orders for o in visibility.visible_order_sets(user=viewer, phase=phase)},
    )


def my_view(
    *,
    game: Game,
    phase: GamePhase | None,
    viewer: Viewer,
    compact_legal: bool = False,
    acting: str | None = None,
) -> MyView | None:
    """What ``viewer`` sees of his own seat in ``phase`` (the seat he sits, on the days he
    sits it); None if he gives no orders in this game, or it has no phase yet.

    ``acting``: of the powers the viewer's seat gives orders for now (``gives``), the one
    whose orders, legal orders and ready mark the view carries; the first that has orders
    due if not given or not one of them (a seat that gives the orders of several powers
    gives them one at a time). ``compact_legal``: the legal orders in the adjudicator's
    compact form (``legal_compact``, for the client to expand) instead of listed.

    Raises:
        games.positions.BoardUnreadable: the phase's stored position cannot be read.
    """
    if phase is None:
        return None
    # A sitter, on the days he sits, orders for the seat he sits.
    seat = visibility.acting_seat(user=viewer, game=game)
    if seat is None:
        return None
    variant = find_variant(game.variant)
    position = phase_position(phase)
    to_order = sorted(powers_to_order(position, variant))
    sets = {o.power: o for o in phase.order_sets.filter(seat=seat)}
    gives = seat_powers(position, variant, seat) if not phase.is_resolved else []
    if acting not in gives:
        due = [p for p in gives if p in to_order]
        acting = due[0] if due else seat.power
    mine = sets.get(acting)
    orders = mine.orders if mine else []
    legal: dict[str, list[str]] = {}
    legal_compact = None
    problem = None
    faults = None
    if not phase.is_resolved and game.status == Game.Status.ACTIVE:
        if compact_legal:
            # The adjudicator's compact form: each fact once, for the client to expand.
            legal_compact = legal_orders_compact(position, acting)
        else:
            legal = {
                where: [str(o) for o in options]
                for where, options in legal_orders(position, acting).items()
            }
        problem = _whole_answer_problem(variant, position, acting, orders)
        if orders_read_strictly(game):
            faults = order_faults(game=game, position=position, power=acting, orders=orders)
    return MyView(
        power=seat.power,
        acting=acting,
        sitting=seat.user_id != viewer.pk,
        orders=orders,
        saved=mine is not None,
        ready=bool(mine and mine.ready),
        must_order=acting in to_order,
        may_order=acting in _welcome(phase, position, variant),
        draw_vote=visibility.own_draw_vote(user=viewer, phase=phase),
        votes=_votes(game, phase, viewer),
        legal=legal,
        problem=problem,
        adjustment=_adjustment(variant, position, acting),
        gives=[
            GivenPower(
                power=power,
                orders=sets[power].orders if power in sets else [],
                saved=power in sets,
                ready=bool(power in sets and sets[power].ready),
                must_order=power in to_order,
            )
            for power in gives
        ],
        legal_compact=legal_compact,
        faults=faults,
    )


def current_phase(game: Game) -> GamePhase | None:
    """The phase on show when none is asked for: the last of the line of play."""
    return game.phases.exclude(status=GamePhase.Status.SUPERSEDED).order_by("-index").first()


# -- their parts -----------------------------------------------------------------------------


def _line(game: Game) -> list[GamePhase]:
    # The line of play: phases a ruling superseded stay reachable by index, as history.
    return list(game.phases.exclude(status=GamePhase.Status.SUPERSEDED).order_by("index"))


def _line_and_phase(game: Game, index: int | None) -> tuple[list[GamePhase], GamePhase | None]:
    """The line of play and the phase asked for (the last of the line by default)."""
    everything = list(game.phases.order_by("index"))
    line = [p for p in everything if p.status != GamePhase.Status.SUPERSEDED]
    if index is None:
        return line, line[-1] if line else None
    phase = next((p for p in everything if p.index == index), None)
    if phase is None:
        raise GamePhase.DoesNotExist
    return line, phase


def game_header(game: Game) -> GameHeader:
    """The game itself, as every viewer who may watch it sees it (the export too)."""
    return GameHeader(
        id=game.pk,
        name=game.name,
        variant=game.variant,
        variant_name=find_variant(game.variant).name,
        options=game.options,
        status=game.status,
        outcome=game.outcome,
        winner=game.winner,
        result_awaits_confirmation=game.result_awaits_confirmation,
        version=game.version,
        anonymous=game.anonymous,
        private=game.private,
        strict_orders=orders_read_strictly(game),
    )


def _refs(line: list[GamePhase]) -> list[PhaseRef]:
    return [
        PhaseRef(index=p.index, code=p.code, name=wording.phase_name(p.code, seen))
        for p, seen in _occurrences(line)
    ]


def _seats(game: Game, phase: GamePhase | None, viewer: Viewer) -> list[SeatView]:
    ready: set[str] = set()
    if phase is not None:
        ready = set(phase.order_sets.filter(ready=True).values_list("power", flat=True))
    seats = list(game.seats.select_related("user").order_by("power"))
    bots = visibility.bot_powers(seats=seats)
    # Asked only of the bots' seats: a game without bots costs no query more.
    levels = visibility.house_bot_levels(seats=[s for s in seats if s.power in bots])
    return [
        SeatView(
            power=s.power,
            player=visibility.player_label(seat=s, viewer=viewer),
            bot=s.power in bots,
            taken=s.user_id is not None,
            ready=s.power in ready,
            eliminated=s.eliminated,
            missed_phases=s.missed_phases,
            civil_disorder=s.civil_disorder,
            seeking_player_until=IsoTime(s.seeking_replacement_until.isoformat())
            if s.seeking_replacement_until
            else None,
            bot_level=levels.get(s.power),
        )
        for s in seats
    ]


def _welcome(phase: GamePhase, position: Any, variant: Any) -> list[str]:
    """Seats that may order without owing any (the variant says which), while the phase
    is open: it ends early only once they too are ready."""
    return sorted(powers_welcome(position, variant)) if not phase.is_resolved else []


def _occurrences(phases: list[GamePhase], *, by_index: bool = False) -> list[Any]:
    """Each phase with how many times its code has come so far (1 for the first)."""
    counts: dict[str, int] = {}
    out: list[Any] = []
    for p in phases:
        counts[p.code] = counts.get(p.code, 0) + 1
        out.append((p.index if by_index else p, counts[p.code]))
    return out


def _adjustment(variant: Any, position: Any, power: str) -> int | None:
    """In an adjustment phase, the builds (positive) or disbands (negative) ``power`` owes;
    None in any other phase."""
    if position.phase.kind is not PhaseKind.ADJUSTMENTS:
        return None
    return int(variant.adjustment(position, power))


def _progress(progress: tuple[int, int] | None) -> Progress | None:
    if progress is None:
        return None
    done, total = progress
    return Progress(done=done, total=total)


def _whole_answer_problem(variant: Any, position: Any, power: str, orders: list[str]) -> str | None:
    """What is still missing before the saved orders of a set-up phase are a whole answer
    (a list that is short), in the reader's language; None when nothing is."""
    if not position.phase.is_setup:
        return None
    problem = whole_answer_problem(position, variant, power, orders)
    if problem is None:
        return None
    reason, params = problem
    return wording.result_sentence(reason.value, params, variant.map_id) or reason.value


def _decisions(phase: GamePhase, viewer: Viewer, game: Game) -> list[dict[str, Any]]:
    """The questions the rules left to the game master in this phase, as ``viewer`` may
    read them (games.visibility.QuestionReader): to those who may moderate while the
    phase is open (an answer may rest on secret orders), to everyone once it is
    adjudicated, each without the parameters a power owns that are not his to read."""
    reader = visibility.question_reader(user=viewer, game=game)
    map_id = find_variant(game.variant).map_id
    return [decision_as_seen(d, reader, map_id) for d in phase.decisions.all() if reader.sees(d)]


def _votes(game: Game, phase: GamePhase, viewer: Viewer) -> MyVotes:
    """The viewer's own votes in ``phase`` (his secret) and the kinds open to his own seat
    now, by games.vote_rules' rules (a sitter votes for nobody: none are open to him)."""
    mine = visibility.own_votes(user=viewer, phase=phase)
    seat = visibility.seat_of(user=viewer, game=game)
    open_kinds: list[str] = []
    if (
        seat is not None
        and phase.status == GamePhase.Status.OPEN
        and game.status == Game.Status.ACTIVE
    ):
        open_kinds = [
            kind
            for kind in Vote.Kind.values
            if vote_refusal(game=game, seat=seat, kind=kind, phase=phase) is None
        ]
    return MyVotes(mine=mine, open=open_kinds)
