"""The demo games and the demo bot that plays them for everyone but the visitor.

The demo (``manage.py demo_data``, run by ``runsite``) makes a few games of the demo
players. In three of them one demo player is the visitor's: alice in the game in
progress and in the Highlander duel (both boards), carol in the Multiple Void draft. The
bot gives plausible orders for every other seat of those games as soon as a phase
opens and marks them ready, so a phase ends as soon as the visitor marks ready (or at
its deadline of a day), and the game moves like a game: units head for the centers
they do not own, some support one another, retreats go toward centers, builds and
disbands are made, nominations name a block of centers, picks take the spaces next to
the most centers.

The bot never touches another game: a demo game is the first game of its name that
its demo creator made (the one ``demo_data`` made), or board B of that duel; and in a
demo game it only orders for demo players' seats that have saved nothing yet in the
open phase, so orders a person saved (as bob, say) are never replaced. Its choices are
drawn from the game's seed, the phase and the power: the same phase is ordered the
same way every time.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from adjudicator import (
    Build,
    Disband,
    Hold,
    Move,
    Order,
    PhaseKind,
    Position,
    Retreat,
    Support,
    UnitKind,
    Variant,
    find_variant,
    legal_orders,
)
from adjudicator.board import province_of
from adjudicator.orders import Nominate
from adjudicator.variants.highlander.rules import Highlander
from core.errors import ApplicationError
from games import services

# The bot runs in a process of its own, outside the worker: importing the tasks registers
# them there, so that a phase the bot completes is queued at once (tasks are queued by
# name) rather than found by beat's next sweep.
from games import tasks as _tasks  # noqa: F401
from games.models import Game, GamePhase, OrderSet

log = logging.getLogger(__name__)

DEMO_PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank", "grace")
DEMO_PASSWORD = "diplomacy-demo"  # published on purpose: it is printed at every start
OPEN_GAME = "Demo: open game, join it"
RUNNING_GAME = "Demo: game in progress"
DUEL_GAME = "Demo: Highlander duel (alice and bob)"
DRAFT_GAME = "Demo: Multiple Void draft (carol, dave, erin)"

#: Who made each demo game: with the name, what tells the demo's game from any other.
CREATORS: Mapping[str, str] = {
    OPEN_GAME: "alice",
    RUNNING_GAME: "alice",
    DUEL_GAME: "alice",
    DRAFT_GAME: "carol",
}
#: The games the bot plays, each with the demo player whose seat it leaves to the visitor.
VISITORS: Mapping[str, str] = {RUNNING_GAME: "alice", DUEL_GAME: "alice", DRAFT_GAME: "carol"}
#: Every deadline of the games the bot plays: long enough that a game waits for the
#: visitor, who ends each phase at once by marking ready (the bot is ready already).
BOT_GAME_DEADLINE = timedelta(days=1)
#: How often a unit with nothing better to do supports a neighbour's attack or hold.
SUPPORT_CHANCE = 0.4
#: How often a build on a coast is a fleet.
FLEET_CHANCE = 0.4
_FAR = 1_000


def demo_game(name: str) -> Game | None:
    """The demo game of this name: the first one its demo creator made, if any."""
    return (
        Game.objects.filter(name=name, created_by__username=CREATORS[name]).order_by("pk").first()
    )


def bot_games() -> list[tuple[Game, str]]:
    """The games the bot plays, each with the username of the visitor's seat: the demo
    games of :data:`VISITORS` and board B of the demo duel."""
    out: list[tuple[Game, str]] = []
    for name, visitor in VISITORS.items():
        game = demo_game(name)
        if game is None:
            continue
        out.append((game, visitor))
        if game.link_id is not None:
            others = Game.objects.filter(link_id=game.link_id).exclude(pk=game.pk)
            out.extend((board, visitor) for board in others.order_by("link_label"))
    return out


def bot_play() -> int:
    """One round of the bot: orders (marked ready) for every demo player's seat other than
    the visitor's that has orders to give in an open phase of a game the bot plays and
    has saved nothing there yet. Returns how many seats it ordered for.

    A seat whose orders cannot be given (the game changed meanwhile) is logged and left
    for the next round; the phase's deadline stands regardless.
    """
    done = 0
    for game, visitor in bot_games():
        try:
            done += _play_game(game, visitor)
        except Exception:
            log.exception("the demo bot could not play %s", game.name)
    return done


def _play_game(game: Game, visitor: str) -> int:
    game.refresh_from_db()
    if game.status != Game.Status.ACTIVE or game.is_paused:
        return 0
    phase = game.current_phase
    if phase is None or phase.stuck_since is not None:
        return 0
    variant = find_variant(game.variant)
    position = services.phase_position(phase)
    due = services.powers_to_order(position, variant)
    given = set(OrderSet.objects.filter(phase=phase).values_list("seat__power", flat=True))
    seats = (
        game.seats.filter(power__in=due, civil_disorder=False, user__username__in=DEMO_PLAYERS)
        .exclude(Q(user__username=visitor) | Q(power__in=given))
        .select_related("user")
        .order_by("power")
    )
    done = 0
    for seat in seats:
        assert seat.user is not None  # filtered on the username above
        rng = random.Random(f"{game.seed}:{phase.index}:{seat.power}")
        orders = [str(o) for o in bot_orders(variant, position, seat.power, rng)]
        _give(game, phase, seat.user, orders)
        done += 1
    return done


def _give(game: Game, phase: GamePhase, user: User, orders: list[str]) -> None:
    """Save the orders and mark them ready; a set that is not yet a whole answer (the
    variant says) stays saved without the mark, and the deadline decides."""
    with transaction.atomic():
        services.orders_submit(game=game, user=user, orders=orders, phase_id=phase.pk)
    try:
        services.orders_ready(game=game, user=user, ready=True)
    except ApplicationError as e:
        log.info("the demo bot left %s unready in %s: %s", user, game.name, e)


# -- choosing orders ---------------------------------------------------------------------------


def bot_orders(variant: Variant, position: Position, power: str, rng: random.Random) -> list[Order]:
    """Plausible orders for ``power``, all taken from the adjudicator's legal orders."""
    kind = position.phase.kind
    legal = legal_orders(position, power, variant=variant)
    if kind is PhaseKind.MOVEMENT:
        return _movement(variant, position, power, legal, rng)
    if kind is PhaseKind.RETREATS:
        return _retreats(variant, position, power, legal)
    if kind is PhaseKind.ADJUSTMENTS:
        return _adjustments(variant, position, power, legal, rng)
    if kind is PhaseKind.NOMINATION and isinstance(variant, Highlander):
        count = variant.nomination_state(position).count
        return _nomination(variant, sorted(legal), count, rng)
    if kind is PhaseKind.DRAFT:
        return _pick(variant, legal, rng)
    # Placement (and any other set-up): one of the units allowed on each site.
    return [_build_choice(legal[site], rng) for site in sorted(legal)]


def _distances(variant: Variant, position: Position, power: str) -> dict[UnitKind, dict[str, int]]:
    """Moves from each location to the nearest center ``power`` does not own, by unit kind."""
    game_map = variant.map
    targets = {c for c in game_map.supply_centers if position.ownership.get(c) != power}
    out: dict[UnitKind, dict[str, int]] = {}
    graphs: tuple[tuple[UnitKind, Mapping[str, frozenset[str]]], ...] = (
        (UnitKind.ARMY, game_map.army_adjacency),
        (UnitKind.FLEET, game_map.fleet_adjacency),
    )
    for kind, graph in graphs:
        depth = {loc: 0 for loc in graph if province_of(loc) in targets}
        queue = deque(depth)
        while queue:
            here = queue.popleft()
            for there in graph.get(here, ()):
                if there not in depth:
                    depth[there] = depth[here] + 1
                    queue.append(there)
        out[kind] = depth
    return out


def _movement(
    variant: Variant,
    position: Position,
    power: str,
    legal: Mapping[str, Sequence[Order]],
    rng: random.Random,
) -> list[Order]:
    """Each unit on a center it does not own holds it; the others step toward the nearest
    such center, never two into one province nor onto a unit of their own; then a unit
    that is not itself taking a center sometimes supports a neighbour's attack or hold."""
    distance = _distances(variant, position, power)
    geography = variant.geography(position)
    targets = {c for c in geography.supply_centers if position.ownership.get(c) != power}
    units = list(position.units_of(power))
    rng.shuffle(units)
    own = {u.province for u in units}
    entering: set[str] = set()
    planned: dict[str, Order] = {}
    for unit in units:
        options = legal.get(unit.province, ())
        hold = next((o for o in options if isinstance(o, Hold)), None)
        depth = distance[unit.kind]
        here = depth.get(unit.location, _FAR)
        if unit.kind is UnitKind.ARMY:
            near = geography.army_adjacency.get(unit.province, frozenset())
        else:
            near = geography.fleet_adjacency.get(unit.location, frozenset())
        moves = [
            o
            for o in options
            if isinstance(o, Move)
            and o.dest in near  # no convoys: a move to a far shore is one
            and province_of(o.dest) not in own | entering
            and depth.get(o.dest, _FAR) < here
        ]
        if unit.province in targets or not moves:
            if hold is not None:
                planned[unit.province] = hold
            continue
        best = min(depth.get(o.dest, _FAR) for o in moves)
        move = rng.choice([o for o in moves if depth.get(o.dest, _FAR) == best])
        planned[unit.province] = move
        entering.add(province_of(move.dest))
    for unit in units:
        order = planned.get(unit.province)
        if isinstance(order, Move) and province_of(order.dest) in targets:
            continue  # taking a center itself
        if rng.random() >= SUPPORT_CHANCE:
            continue
        helping = [
            o
            for o in legal.get(unit.province, ())
            if isinstance(o, Support) and _supports_plan(o, planned, targets)
        ]
        if helping:
            planned[unit.province] = rng.choice(helping)
    return [planned[p] for p in sorted(planned)]


def _supports_plan(support: Support, planned: Mapping[str, Order], targets: set[str]) -> bool:
    """Does ``support`` back a planned attack on a center, or a planned hold of one?"""
    friend = planned.get(support.supported.province)
    if support.dest is None:
        return isinstance(friend, Hold) and support.supported.province in targets
    return (
        isinstance(friend, Move)
        and province_of(friend.dest) == province_of(support.dest)
        and province_of(friend.dest) in targets
    )


def _retreats(
    variant: Variant, position: Position, power: str, legal: Mapping[str, Sequence[Order]]
) -> list[Order]:
    """Each dislodged unit retreats toward the nearest center it does not own (never two
    to one province: both would be disbanded), or disbands if it has nowhere to go."""
    distance = _distances(variant, position, power)
    taken: set[str] = set()
    out: list[Order] = []
    for province in sorted(legal):
        options = legal[province]
        retreats = [
            o for o in options if isinstance(o, Retreat) and province_of(o.dest) not in taken
        ]
        if retreats:
            depth = distance[retreats[0].unit.kind]
            best = min(retreats, key=lambda o: (depth.get(o.dest, _FAR), o.dest))
            taken.add(province_of(best.dest))
            out.append(best)
        else:
            out.extend(o for o in options if isinstance(o, Disband))
    return out


def _adjustments(
    variant: Variant,
    position: Position,
    power: str,
    legal: Mapping[str, Sequence[Order]],
    rng: random.Random,
) -> list[Order]:
    """As many builds as are due (sites drawn at random), or the disbands due, of the
    units farthest from a center to take."""
    due = variant.adjustment(position, power)
    if due > 0:
        sites = sorted(site for site in legal if site != "waive")
        return [_build_choice(legal[site], rng) for site in rng.sample(sites, min(due, len(sites)))]
    if due < 0:
        distance = _distances(variant, position, power)
        disbands = [o for options in legal.values() for o in options if isinstance(o, Disband)]
        disbands.sort(
            key=lambda o: (-distance[o.unit.kind].get(o.unit.location, _FAR), o.unit.location)
        )
        return list(disbands[:-due])
    return []


def _build_choice(options: Sequence[Order], rng: random.Random) -> Order:
    """An army where one may stand, else (or sometimes on a coast) a fleet."""
    armies = [o for o in options if isinstance(o, Build) and o.unit.kind is UnitKind.ARMY]
    fleets = [o for o in options if isinstance(o, Build) and o.unit.kind is UnitKind.FLEET]
    if fleets and (not armies or rng.random() < FLEET_CHANCE):
        return rng.choice(fleets)
    return armies[0] if armies else options[0]


def _nomination(
    variant: Variant, allowed: Sequence[str], count: int, rng: random.Random
) -> list[Order]:
    """A block of ``count`` centers around one drawn at random: the centers nearest it
    (by moves through any province), so the units placed on them can work together."""
    game_map = variant.map
    neighbours: dict[str, set[str]] = {p: set() for p in game_map.provinces}
    for graph in (game_map.army_adjacency, game_map.fleet_province_adjacency):
        for here, near in graph.items():
            neighbours[province_of(here)].update(near)
    start = rng.choice(list(allowed))
    depth = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in sorted(neighbours[here]):
            if there not in depth:
                depth[there] = depth[here] + 1
                queue.append(there)
    ranked = sorted(allowed, key=lambda c: (depth.get(c, _FAR), rng.random()))
    return [Nominate(c) for c in ranked[:count]]


def _pick(
    variant: Variant, legal: Mapping[str, Sequence[Order]], rng: random.Random
) -> list[Order]:
    """A draft pick next to as many centers as can be had, with a little chance in it."""
    if not legal:
        return []
    game_map = variant.map
    centers = game_map.supply_centers

    def score(province: str) -> float:
        near = game_map.army_adjacency.get(province, frozenset()) | (
            game_map.fleet_province_adjacency.get(province, frozenset())
        )
        return len(near & centers) + rng.random() * 2

    province = max(sorted(legal), key=score)
    return [_build_choice(legal[province], rng)]


def refresh_deadlines(*, now: datetime | None = None) -> int:
    """Give each open phase of the bot's games whose deadline passed while the site was
    stopped a fresh deadline of the game's length (otherwise the restarted site would
    adjudicate it at once, the visitor's seat missing). Returns how many were moved."""
    moment = timezone.now() if now is None else now
    moved = 0
    for game, _visitor in bot_games():
        phase = game.current_phase
        if game.status != Game.Status.ACTIVE or phase is None or phase.deadline is None:
            continue
        if phase.deadline < moment:
            GamePhase.objects.filter(pk=phase.pk).update(
                deadline=moment + game.deadline_for(phase.code)
            )
            moved += 1
    return moved
