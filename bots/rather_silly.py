"""The bots of Rather Silly: the seven great powers, who know the board's creatures, and the
four role seats (the Fool, the Superbrain, the Doctor, the Fortune-teller). Every order is
one the rules allow (the adjudicator's legal orders, or built from the rules' own checks),
every choice drawn from the ``random.Random`` it is given.

A great power plays the standard strategy (:func:`bots.strategy.bot_orders`) on the map in
force, which has the Mont Blanc tunnel and, in the season it was voted for, the hyperspace
link: its units step through either where that is the shorter way to a centre. Beyond it:

- **The Borg** steps each season to a neighbouring province where units stand and eats
  them (its steps amphibious, with the tunnel): the bot never moves, retreats or supports
  into its province or one next to it, and moves a unit standing next to it away (to a
  province out of its reach) whatever it would have done. Its flocks of birds, which the
  Borg eats next to it too, fly out of its reach.
- **Llamas.** In the llamas' winter it settles its three herds in provinces without a
  centre that the others' units must cross to reach its home centres (next to them, and
  near the others' homes); in a season it blows a herd up where a unit of another power
  (or a monster) stands and none of its own stands or enters.
- **The hyperspace link.** It votes, every season it may, for a link from one of its
  units to the nearest centre it may take that its units cannot reach in one move.
- **Siamese twins, flocks of birds, devil units and the fifth fleet** are built and
  ordered by their own kinds (:mod:`bots.rather_silly_units`): twins once, kept next to
  each other; a flock that carries the power's armies to centres; one devil unit at a
  time, the unit attacking; the fifth fleet never where other players' units would
  destroy it.
- **Amazons and dirtbag armies** (raised at the adjustments where the centres allow one,
  in a free home centre left after its builds): an Amazon seduces a unit of another power
  next to her off a centre, else any; a dirtbag army distracts where another power's
  Amazon stands next to it, else it plays as an army.
- **Extra units**: a whole share of the Superbrain's buys one, in a free home centre.

The role seats:

- **The Fool** wins if nobody has by 1921: each season he overrides a unit of the power
  with most centres, one that threatens a centre of another's, with its hold (or a move
  into the Borg's reach, where it has one).
- **The Superbrain** asks a question each season with its answer, and places his unit in
  Iceland or Crete when nobody answered right.
- **The Doctor** brings the TARDIS in along the link to the end a centre he may take lies
  at, takes it through the link to a centre, destroys the monsters sharing its province,
  and escapes into hyperspace when its host may be dislodged.
- **The Fortune-teller** foretells the bounces most likely: the provinces most powers'
  units can enter, empty centres first.

Every seat replies to the Superbrain's question of last season, and votes for the link.
A game master's decisions are a person's (or the variant's default): no bot makes one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from adjudicator import (
    Build,
    Hold,
    Move,
    Order,
    PhaseKind,
    Position,
    Retreat,
    Support,
    Unit,
    UnitKind,
    UnitRef,
    Variant,
    legal_orders,
)
from adjudicator.board import province_of
from adjudicator.orders import Convoy
from adjudicator.variants.rather_silly.birds import Birds, is_aboard
from adjudicator.variants.rather_silly.doctor import DOCTOR, Destroy, Escape, Tardis, TardisMove
from adjudicator.variants.rather_silly.fool import Override
from adjudicator.variants.rather_silly.fortune_teller import (
    FORTUNE_TELLER,
    PREDICTIONS_EACH,
    Predict,
)
from adjudicator.variants.rather_silly.hyperspace import Vote, fleet_spots
from adjudicator.variants.rather_silly.llamas import LLAMAS, Explode, Herd
from adjudicator.variants.rather_silly.marks import marks_of, season_code, unit_key
from adjudicator.variants.rather_silly.rules import MONSTER, ROLES, RatherSilly
from adjudicator.variants.rather_silly.shape import HERDS_EACH
from adjudicator.variants.rather_silly.specials import (
    AMAZON,
    DIRTBAG,
    Distract,
    Raise,
    Seduce,
)
from adjudicator.variants.rather_silly.superbrain import (
    SUPERBRAIN,
    AnswerIs,
    Ask,
    Extra,
    Place,
    Reply,
    extra_due,
)
from adjudicator.variants.rather_silly.twins import Twins
from bots.player import SeatPlayer
from bots.rather_silly_units import (
    birds_build,
    birds_orders,
    fifth_fleet_ashore_safe,
    soul_sale,
    twins_build,
    twins_retreats,
    twins_together,
)
from bots.strategy import FAR, bot_orders, distances, reach_by_power, strongest_attack

#: The Superbrain's questions and their answers (his own words, as a player's press).
QUESTIONS: tuple[tuple[str, str], ...] = (
    ("How many legs has a llama?", "four"),
    ("How many supply centres are on the board?", "34"),
    ("In which year did the Borg first appear on this board?", "1901"),
    ("How many great powers are there?", "seven"),
    ("Which province lies at the Mont Blanc tunnel's heart?", "switzerland"),
    ("How many herds of llamas does a great power settle?", "three"),
    ("What does the Doctor travel in?", "the tardis"),
    ("Which island may the Superbrain place a unit in, besides Crete?", "iceland"),
)
#: How often a bot that knows the answer gives it (it is no oracle).
KNOWS_ANSWER = 0.5
#: What a bot replies when it does not know.
NO_IDEA = "no idea"


def gives_unowed(variant: Variant, position: Position, seat: str) -> bool:
    """Does ``seat`` give orders it does not owe in ``position``'s phase: a role seat in a
    movement phase or the llamas' winter (its role and its vote), a seat with a whole
    share of an extra unit to place? The phase does not wait for them."""
    return isinstance(variant, RatherSilly) and seat in variant.orders_welcome(position)


def seat_orders(
    variant: Variant,
    position: Position,
    seat: str,
    rng: random.Random,
    *,
    legal: Mapping[str, Sequence[Order]] | None = None,
) -> list[Order]:
    """Everything ``seat`` gives in ``position``'s phase (see the module's docstring).
    ``legal``: the seat's legal orders as a host lists them (by default the
    adjudicator's).

    Raises:
        TypeError: if ``variant`` is not Rather Silly.
    """
    if not isinstance(variant, RatherSilly):
        raise TypeError(f"{variant.id} is not Rather Silly")
    if legal is None:
        legal = legal_orders(position, seat, variant=variant)
    kind = position.phase.kind
    if kind is LLAMAS:
        orders: list[Order] = []
        if seat in variant.powers:
            orders += llama_herds(variant, position, seat, rng)
        vote = link_vote(variant, position, seat, rng)
        return orders + ([vote] if vote is not None else [])
    if kind is PhaseKind.MOVEMENT:
        return movement(variant, position, seat, rng, legal)
    if kind is PhaseKind.RETREATS:
        safe = twins_retreats(variant, position, seat, away_from_borg(variant, position, legal))
        return bot_orders(variant, position, seat, rng, legal=safe)
    if kind is PhaseKind.ADJUSTMENTS:
        return adjustments(variant, position, seat, rng, legal)
    return bot_orders(variant, position, seat, rng, legal=legal)


# -- the Borg ------------------------------------------------------------------------------


def borg_reach(variant: RatherSilly, position: Position) -> frozenset[str]:
    """The provinces the Borg may eat in after this season's moves: where it is and every
    province one of its steps away (none before it appears)."""
    borg = position.extras.get("borg")
    if not isinstance(borg, str):
        return frozenset()
    return frozenset({borg}) | variant.borg_graph().get(borg, frozenset())


def _into(order: Order) -> str | None:
    """The province an order takes a unit into (a move, a retreat), or supports into."""
    if isinstance(order, (Move, Retreat)):
        return province_of(order.dest)
    if isinstance(order, Support):
        return province_of(order.dest) if order.dest is not None else order.supported.province
    return None


def away_from_borg(
    variant: RatherSilly, position: Position, legal: Mapping[str, Sequence[Order]]
) -> dict[str, tuple[Order, ...]]:
    """``legal`` without a move, a retreat or a support into the Borg's reach, nor into a
    closed province (Iceland, Crete: no unit enters them, though a move by convoy may be
    listed); a unit in its reach that can step out of it keeps only its steps out."""
    danger = borg_reach(variant, position)
    closed = variant.map.closed
    if not danger:
        return {k: tuple(o for o in v if _into(o) not in closed) for k, v in legal.items()}
    out: dict[str, tuple[Order, ...]] = {}
    for where, options in legal.items():
        kept = tuple(o for o in options if _into(o) not in danger and _into(o) not in closed)
        unit = position.unit_in(where) if where in variant.map.provinces else None
        if unit is not None and unit.province in danger:
            leaving = tuple(
                o for o in kept if isinstance(o, (Move, Retreat)) and province_of(o.dest) != where
            )
            kept = leaving or kept
        out[where] = kept
    return out


def _escape(
    plan: list[Order],
    danger: frozenset[str],
    legal: Mapping[str, Sequence[Order]],
    power: str,
    position: Position,
) -> list[Order]:
    """The plan with each unit left in the Borg's reach moved out of it, where it can go
    somewhere none of the power's units stays or enters."""
    if not danger:
        return plan
    by_unit: dict[str, Order] = {}
    rest: list[Order] = []
    for order in plan:
        unit = getattr(order, "unit", None)
        if isinstance(unit, UnitRef) and isinstance(order, (Hold, Move, Support, Convoy)):
            by_unit[unit.province] = order
        else:
            rest.append(order)
    taken = {province_of(o.dest) for o in by_unit.values() if isinstance(o, Move)}
    taken |= {p for p, o in by_unit.items() if not isinstance(o, Move)}
    for unit in position.units_of(power):
        planned = by_unit.get(unit.province)
        if unit.province not in danger or (
            isinstance(planned, Move) and province_of(planned.dest) not in danger
        ):
            continue
        steps = sorted(
            (
                o
                for o in legal.get(unit.province, ())
                if isinstance(o, Move)
                and not o.via_convoy
                and province_of(o.dest) not in danger
                and province_of(o.dest) not in taken
            ),
            key=str,
        )
        if steps:
            step = steps[0]
            by_unit[unit.province] = step
            taken.add(province_of(step.dest))
            taken.discard(unit.province)
    # A support for a unit that has moved away would be void: it holds instead.
    for where, order in list(by_unit.items()):
        if isinstance(order, Support) and order.dest is None:
            helped = by_unit.get(order.supported.province)
            if isinstance(helped, Move):
                by_unit[where] = Hold(order.unit)
        if isinstance(order, Support) and order.dest is not None:
            helped = by_unit.get(order.supported.province)
            if not (isinstance(helped, Move) and helped.dest == order.dest):
                by_unit[where] = Hold(order.unit)
    return [by_unit[p] for p in sorted(by_unit)] + rest


# -- the llamas ----------------------------------------------------------------------------


def llama_herds(
    variant: RatherSilly, position: Position, power: str, rng: random.Random
) -> list[Order]:
    """Three herds in provinces without a centre on the ways into ``power``'s home
    centres: next to them, nearest the other powers' homes (where their units come
    through), none where the power's own units stand."""
    geo = variant.map
    homes = set(geo.home_centers(power))
    others = {c for p in variant.powers if p != power for c in geo.home_centers(p)}
    from_others = distances(geo, others)
    near = {
        n
        for h in homes
        for n in geo.army_neighbours(h) | geo.fleet_province_neighbours(h)
        if n not in geo.supply_centers and n not in geo.closed
    }
    mine = {u.province for u in position.units_of(power)}

    def far_from_others(p: str) -> int:
        return min(
            from_others[UnitKind.ARMY].get(p, FAR),
            min(
                (from_others[UnitKind.FLEET].get(s, FAR) for s in fleet_spots(geo, p)), default=FAR
            ),
        )

    # Drawn in a fixed order: the same seed gives the same herds in every process.
    ranked = sorted(sorted(near - mine), key=lambda p: (far_from_others(p), rng.random(), p))
    return [Herd(p) for p in ranked[:HERDS_EACH]]


def explosions(
    variant: RatherSilly, position: Position, power: str, plan: Sequence[Order]
) -> list[Order]:
    """An explode order for each of the power's herds where another power's unit (or a
    monster) stands, and none of its own stands or is ordered in."""
    herds = set((position.extras.get("llamas") or {}).get(power) or ())
    entering = {province_of(o.dest) for o in plan if isinstance(o, Move)}
    out: list[Order] = []
    for province in sorted(herds):
        there = position.unit_in(province)
        if there is None or there.power == power or province in entering:
            continue
        out.append(Explode(province))
    return out


# -- the hyperspace link -------------------------------------------------------------------


def _link_ok(variant: RatherSilly, a: str, b: str) -> bool:
    """Could a unit pass a link between ``a`` and ``b`` (the vote would not be void)?"""
    geo = variant.map
    if a == b or a in geo.closed or b in geo.closed:
        return False
    pa, pb = geo.provinces[a], geo.provinces[b]
    return (pa.is_land and pb.is_land) or bool(fleet_spots(geo, a) and fleet_spots(geo, b))


def link_vote(
    variant: RatherSilly, position: Position, seat: str, rng: random.Random
) -> Vote | None:
    """A vote for a link from one of the seat's units (for the Doctor: the TARDIS's
    province, or his units') to the nearest centre it may take that it cannot reach in
    one move; a seat without units votes for a link between two provinces drawn at
    random (the Fool likes chaos)."""
    geo = variant.geography(position)
    owned = position.ownership
    to_take = [
        c
        for c in sorted(geo.supply_centers)
        if owned.get(c) != seat and position.unit_in(c) is None and c not in geo.closed
    ]
    starts = [(u.province, u.kind) for u in position.units_of(seat)]
    if seat == DOCTOR:
        tardis = Tardis.of(position).province
        if tardis is not None:
            starts.append((tardis, UnitKind.ARMY))
    options: list[tuple[int, float, str, str]] = []
    for here, kind in starts:
        depth = distances(geo, {here})
        for centre in to_take:
            far = depth[UnitKind.ARMY].get(centre, FAR)
            if kind is UnitKind.FLEET:
                far = min(
                    (depth[UnitKind.FLEET].get(s, FAR) for s in fleet_spots(geo, centre)),
                    default=FAR,
                )
            if far >= 2 and _link_ok(variant, here, centre):
                # Nearer-than-hopeless but not adjacent: the link saves the most moves
                # where the centre is 2-4 moves off.
                options.append((abs(far - 3), rng.random(), here, centre))
    if options:
        _score, _draw, here, centre = min(options)
        return Vote(here, centre)
    land = sorted(p for p, pr in geo.provinces.items() if pr.is_land and p not in geo.closed)
    for _try in range(20):
        a, b = rng.sample(land, 2)
        if _link_ok(variant, a, b):
            return Vote(a, b)
    return None


# -- a movement phase ----------------------------------------------------------------------


def movement(
    variant: RatherSilly,
    position: Position,
    seat: str,
    rng: random.Random,
    legal: Mapping[str, Sequence[Order]],
) -> list[Order]:
    """A seat's whole movement: its units' orders (away from the Borg, its twins together,
    its fifth fleet off the coasts others guard), its herds and flocks, a soul sold, its
    role's orders, a reply and a vote."""
    safe = fifth_fleet_ashore_safe(
        variant, position, seat, away_from_borg(variant, position, legal)
    )
    plan: list[Order] = []
    if position.units_of(seat):
        plan = bot_orders(variant, position, seat, rng, legal=safe)
        plan = _escape(plan, borg_reach(variant, position), safe, seat, position)
        plan = twins_together(variant, position, seat, plan)
        plan = _specials(variant, position, seat, plan, legal)
    plan, flying = birds_orders(variant, position, seat, plan, legal)
    orders: list[Order] = [*plan, *explosions(variant, position, seat, plan), *flying]
    sale = soul_sale(variant, position, seat, plan) if seat in variant.powers else None
    if sale is not None:
        orders.append(sale)
    if seat == "fool":
        orders += fool_override(variant, position, rng)
    elif seat == SUPERBRAIN:
        orders += superbrain_orders(variant, position, rng)
    elif seat == DOCTOR:
        orders += tardis_orders(variant, position, legal)
    elif seat == FORTUNE_TELLER:
        orders += predictions(variant, position, rng)
    extra = extra_unit(
        variant, position, seat, {province_of(o.dest) for o in orders if isinstance(o, Move)}
    )
    if extra is not None and position.phase.season.name == "SPRING":
        orders.append(extra)
    reply = reply_to(position, seat, rng)
    if reply is not None:
        orders.append(reply)
    vote = link_vote(variant, position, seat, rng)
    if vote is not None:
        orders.append(vote)
    return orders


def _specials(
    variant: RatherSilly,
    position: Position,
    seat: str,
    plan: list[Order],
    legal: Mapping[str, Sequence[Order]],
) -> list[Order]:
    """The plan with the seat's Amazons seducing and its dirtbag armies distracting where
    they can (they have no strength: a move or a support of theirs counts for nothing)."""
    kinds = marks_of(position, "kinds")
    out: list[Order] = []
    graph = variant.borg_graph()
    for order in plan:
        unit = getattr(order, "unit", None)
        if not isinstance(unit, UnitRef) or not isinstance(order, (Hold, Move, Support, Convoy)):
            out.append(order)
            continue
        kind = kinds.get(unit_key(seat, unit.location))
        near = graph.get(unit.province, frozenset())
        if kind == AMAZON:
            victims = sorted(
                (
                    u
                    for u in position.units
                    if u.province in near
                    and _may_enter(variant, u, unit.province)
                    and u.power not in (seat, MONSTER)
                    and kinds.get(unit_key(u.power, u.location))
                    not in (AMAZON, DIRTBAG, "fifth_fleet")
                ),
                key=lambda u: (u.province not in variant.map.supply_centers, u.location),
            )
            if victims:
                v = victims[0]
                out.append(Seduce(unit, UnitRef(v.kind, v.location)))
                continue
            if isinstance(order, Support):
                # She is given no support order (it would be void): she holds.
                out.append(Hold(unit))
                continue
        if kind == DIRTBAG:
            amazons = [
                u
                for u in position.units
                if u.province in near
                and u.power != seat
                and kinds.get(unit_key(u.power, u.location)) == AMAZON
            ]
            if amazons:
                out.append(Distract(unit))
                continue
        out.append(order)
    # A support for a unit now seducing or distracting (it neither holds nor moves as
    # supported) would be void: it holds instead.
    changed = {o.amazon.province for o in out if isinstance(o, Seduce)} | {
        o.unit.province for o in out if isinstance(o, Distract)
    }
    return [
        Hold(o.unit) if isinstance(o, Support) and o.supported.province in changed else o
        for o in out
    ]


def _may_enter(variant: RatherSilly, unit: Unit, province: str) -> bool:
    """Could ``unit`` move into ``province`` by its own kind's edges (an Amazon seduces
    only a unit that could move to her)?"""
    geo = variant.map
    if unit.kind is UnitKind.ARMY:
        return province in geo.army_neighbours(unit.province) and province in geo.land_provinces
    return any(province_of(loc) == province for loc in geo.fleet_neighbours(unit.location))


# -- the roles -----------------------------------------------------------------------------


def fool_override(variant: RatherSilly, position: Position, rng: random.Random) -> list[Order]:
    """The Fool's override: a unit of the power with most centres (the one most likely to
    win before 1921), one next to a centre of another's, made to hold (or to step into
    the Borg's reach, where it can). None if no great power has a unit."""
    counts = {p: len(position.centers_of(p)) for p in variant.powers if position.units_of(p)}
    if not counts:
        return []
    leader = max(sorted(counts), key=lambda p: (counts[p], rng.random()))
    options = legal_orders(position, leader, variant=variant)
    danger = borg_reach(variant, position)
    geo = variant.geography(position)
    owned = position.ownership
    best: tuple[int, str, Order] | None = None
    for unit in position.units_of(leader):
        if is_aboard(position, unit):
            continue  # an army aboard a flock holds or flies with it: nothing to override
        mine = [
            o
            for o in options.get(unit.province, ())
            if isinstance(o, (Hold, Move, Support, Convoy))
        ]
        if not mine:
            continue
        near = geo.army_neighbours(unit.province) | geo.fleet_province_neighbours(unit.province)
        threat = sum(1 for c in near if c in geo.supply_centers and owned.get(c) != leader)
        doom = [
            o
            for o in mine
            if isinstance(o, Move) and not o.via_convoy and province_of(o.dest) in danger
        ]
        hold = [o for o in mine if isinstance(o, Hold)]
        chosen = min(doom, key=str) if doom else (hold[0] if hold else mine[0])
        score = threat + (10 if doom else 0)
        if best is None or (score, unit.location) > best[:2]:
            best = (score, unit.location, chosen)
    if best is None:
        return []
    order = best[2]
    assert isinstance(order, (Hold, Move, Support, Convoy))
    return [Override(order)]


def superbrain_orders(variant: RatherSilly, position: Position, rng: random.Random) -> list[Order]:
    """A question and its answer (never last season's again), and his unit in Iceland or
    Crete where nobody answered right."""
    asked = (position.extras.get("question") or {}).get("text")
    pool = [q for q in QUESTIONS if q[0] != asked]
    question, answer = rng.choice(pool)
    out: list[Order] = [Ask(question), AnswerIs(answer)]
    if int(position.extras.get("places_due") or 0) > 0:
        for where in ("ice", "cre"):
            if where in variant.map.provinces and position.unit_in(where) is None:
                kind = UnitKind.FLEET if rng.random() < 0.5 else UnitKind.ARMY
                out.append(Place(UnitRef(kind, where)))
                break
    return out


def reply_to(position: Position, seat: str, rng: random.Random) -> Reply | None:
    """A reply to last season's question (every seat but the Superbrain): its answer,
    where the bot knows it and remembers (:data:`KNOWS_ANSWER`), else that it has no idea."""
    asked = position.extras.get("question")
    if not asked or seat == SUPERBRAIN or asked.get("season") == season_code(position.phase):
        return None
    known = dict(QUESTIONS).get(str(asked.get("text")))
    if known is not None and rng.random() < KNOWS_ANSWER:
        return Reply(known)
    return Reply(NO_IDEA)


def tardis_orders(
    variant: RatherSilly, position: Position, legal: Mapping[str, Sequence[Order]]
) -> list[Order]:
    """The TARDIS: in from hyperspace to the end of the link where a centre he may take
    lies; the monsters in its province destroyed; through the link to a centre; into
    hyperspace where its host may be dislodged."""
    tardis = Tardis.of(position)
    options = [o for opts in legal.values() for o in opts]
    moves = [o for o in options if isinstance(o, TardisMove)]
    owned = position.ownership
    centres = variant.map.supply_centers

    def worth(o: TardisMove) -> tuple[bool, bool, str]:
        return (
            o.province in centres and owned.get(o.province) != DOCTOR,
            position.unit_in(o.province) is None,
            o.province,
        )

    if tardis.province is None:
        return [max(moves, key=worth)] if moves else []
    destroy = [o for o in options if isinstance(o, Destroy)]
    if destroy:
        return [destroy[0]]
    good = [o for o in moves if worth(o)[0]]
    if good and not (tardis.province in centres and owned.get(tardis.province) != DOCTOR):
        return [max(good, key=worth)]
    host = position.unit_in(tardis.province)
    escape = [o for o in options if isinstance(o, Escape)]
    if host is not None and escape:
        reach = reach_by_power(variant.geography(position), position.units)
        if strongest_attack(reach, tardis.province, host.power) > 0:
            return [escape[0]]
    return []


def predictions(variant: RatherSilly, position: Position, rng: random.Random) -> list[Order]:
    """The bounces most likely this season: provinces most powers' units can enter (an
    empty centre first, then a unit's province its neighbours' units may all try), two
    (three after a right reply to the Superbrain)."""
    reach = reach_by_power(variant.geography(position), position.units)
    count = PREDICTIONS_EACH + (
        1 if position.extras.get("third_prediction") == season_code(position.phase) else 0
    )
    scored: list[tuple[int, bool, float, str]] = []
    for province, per_power in sorted(reach.items()):
        powers = len([p for p in per_power if p != MONSTER])
        if powers < 2:
            continue
        centre = province in variant.map.supply_centers
        scored.append((-powers, not centre, rng.random(), province))
    scored.sort()
    out: list[Order] = []
    for _powers, _centre, _draw, province in scored[:count]:
        sea = variant.map.provinces[province].is_sea
        out.append(Predict(province, "F" if sea else "A"))
    return out


def extra_unit(
    variant: RatherSilly, position: Position, seat: str, entering: set[str]
) -> Extra | None:
    """An extra unit, where the seat holds a whole share: an army (a fleet where no army
    stands) in its first free build site no unit of its enters."""
    if not extra_due(position, seat):
        return None
    for site in variant.build_sites(position, seat):
        if site in entering:
            continue
        p = variant.map.provinces[site]
        if p.is_land:
            return Extra(UnitRef(UnitKind.ARMY, site))
        spots = fleet_spots(variant.map, site)
        if spots:
            return Extra(UnitRef(UnitKind.FLEET, spots[0]))
    return None


# -- the adjustments -----------------------------------------------------------------------


def adjustments(
    variant: RatherSilly,
    position: Position,
    seat: str,
    rng: random.Random,
    legal: Mapping[str, Sequence[Order]],
) -> list[Order]:
    """The builds or disbands due (the standard strategy's; one of them Siamese twins once
    a game, one a flock of birds where it pays), an Amazon and a dirtbag army where the
    centres allow one and a free home centre is left, and an extra unit where a whole
    share buys one."""
    orders = (
        bot_orders(variant, position, seat, rng, legal=legal)
        if variant.adjusts(position, seat)
        else []
    )
    if seat in variant.powers:
        orders = birds_build(
            variant, position, seat, twins_build(variant, position, seat, orders, legal), legal
        )
    used = {o.unit.province for o in orders if isinstance(o, Build)}
    used |= {o.first.province for o in orders if isinstance(o, Twins)}
    used |= {o.second.province for o in orders if isinstance(o, Twins)}
    used |= {o.province for o in orders if isinstance(o, Birds)}
    if seat in variant.powers:
        sites = [s for s in variant.build_sites(position, seat) if s not in used]
        for kind in (AMAZON, DIRTBAG):
            if variant.specials_due(position, seat, kind) > 0 and sites:
                site = sites.pop(0)
                orders.append(Raise(kind, site))
                used.add(site)
    extra = extra_unit(variant, position, seat, used)
    if extra is not None:
        orders.append(extra)
    return orders


def orders_by_power(
    variant: Variant,
    position: Position,
    seat: str,
    rng: random.Random,
    *,
    legal: Mapping[str, Mapping[str, Sequence[Order]]] | None = None,
) -> dict[str, list[Order]]:
    """:func:`seat_orders`, by the power they are for: every seat orders for itself only."""
    return {seat: seat_orders(variant, position, seat, rng, legal=(legal or {}).get(seat))}


#: How Rather Silly's seats play (listed in :mod:`bots.registry`): a role seat plays its
#: role, and a power places its extra unit, with orders no phase waits for.
PLAYER = SeatPlayer(
    RatherSilly.id, orders=orders_by_power, gives_unowed=gives_unowed, unowed_seats=True
)


__all__ = [
    "PLAYER",
    "ROLES",
    "away_from_borg",
    "borg_reach",
    "explosions",
    "fool_override",
    "gives_unowed",
    "link_vote",
    "llama_herds",
    "predictions",
    "seat_orders",
    "superbrain_orders",
    "tardis_orders",
]
