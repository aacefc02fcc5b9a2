"""Rather Silly Diplomacy (Jeremy Maiden and Peter Sullivan; German by Ulrich Degwitz, 2008).
The standard board with the Borg, sea and space monsters, llamas, the Mont Blanc tunnel
and the hyperspace vote; the odd unit kinds (devil units in :mod:`.devils`, Amazons and
rogue armies in :mod:`.specials`, birds in :mod:`.birds`, Siamese twins in :mod:`.twins`,
the fifth fleet, an option, in :mod:`.fifth_fleet`); and, with the option ``roles``, the
four roles: the Fool in :mod:`.fool`, the Fortune-teller in :mod:`.fortune_teller`, the
Superbrain in :mod:`.superbrain`, the Doctor and his TARDIS in :mod:`.doctor`.

A season runs as the rules' "Spielablauf" orders it: after the core's moves, the list of
steps :data:`SEASON_STEPS` (each a function of its module, :mod:`.season`), told in the
results; the llamas are in :mod:`.llamas`, the Borg's step in :mod:`.borg`, the hyperspace
link in :mod:`.hyperspace`:

 1. conventional units, birds, TARDIS and monsters move at once (the core's resolver;
    the monsters' orders are the variant's, :meth:`RatherSilly.standing_orders`; Siamese
    twins support each other without an order, and die once parted: :mod:`.twins`; the
    birds fly, carry and flee first of the variant's steps, an army aboard a flock having
    held with strength 0 meanwhile: :mod:`.birds`);
 2. fortune-teller merges; 3. devil units normalise (the Doctor's exorcisms first);
 4. new soul sales;
 5. the Borg moves and eats; 6. llamas explode where ordered;
 7. retreats (the core's phase; monsters retreat by the variant's choice);
 8. monsters appear (as the next phase opens: sea monsters after the spring's retreats,
    space monsters after the fall's);
 9. after the fall: supply-center adjustments (a center under the Borg turns neutral;
    Siamese twins built, once a game);
10. Superbrain answers judged, extra units built;
11. the hyperspace link replaced: the votes given with this season's orders pick the link
    of the next season.

Winter 1900 (phase ``W1900L``) is the llamas' placement: each great power settles three
herds in provinces without a supply center, in secret; the first hyperspace vote is given
with it. Every random choice draws from the phase's seed (:func:`adjudicator.chance.chance`),
so a stored season replays exactly.

The position keeps the creatures in its extras (documented in docs/rather_silly.md): the
Borg's province (``"borg"``), the herds (``"llamas"``: power -> provinces, one entry a
herd; secret to all but their owner, which the host keeps so), the hyperspace link in force
and the one chosen for the next season (``"hyperspace"``), and the years space monsters
have landed for (``"space_monsters"``). Monsters are units of the power ``"monster"``: a
sea monster is a fleet, a space monster an army, each of strength 2. Flocks of birds share
provinces, so they are no units of the core either: ``"birds"`` keeps them (:mod:`.birds`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.board import (
    FrozenMap,
    Phase,
    PhaseKind,
    Position,
    Season,
    Unit,
    UnitKind,
)
from adjudicator.chance import chance
from adjudicator.errors import PositionError
from adjudicator.kept import KeptPer
from adjudicator.maps import GameMap
from adjudicator.orders import (
    Move,
    MovementOrder,
    Order,
    VariantOrder,
    parse_order,
)
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.shapes import IdSets
from adjudicator.variants.base import ClosedPassages, DecisionRequest, Variant
from adjudicator.variants.common import KeptByIdentity, center_counts, sole_leader
from adjudicator.variants.rather_silly import birds, fifth_fleet
from adjudicator.variants.rather_silly.borg import borg_moves
from adjudicator.variants.rather_silly.creatures import (
    amphibious,
    landing_site,
    monster_move,
    monster_retreat,
)
from adjudicator.variants.rather_silly.devils import (
    SellSoul,
    devil_units_normalise,
    devils_lost,
    devils_retreat,
    souls_sold,
)
from adjudicator.variants.rather_silly.doctor import (
    DOCTOR,
    DOCTOR_POINTS_TO_WIN,
    TARDIS_ORDERS,
    doctor_score,
    exorcise,
    tardis_center,
    tardis_legal_orders,
    tardis_travels,
)
from adjudicator.variants.rather_silly.fifth_fleet import (
    fifth_fleets_attacked,
    fifth_fleets_counted,
)
from adjudicator.variants.rather_silly.flight import birds_fly
from adjudicator.variants.rather_silly.fool import FOOL_YEAR, Override, fool_overrides, fool_spends
from adjudicator.variants.rather_silly.fortune_teller import (
    Predict,
    fortune_teller_merges,
)
from adjudicator.variants.rather_silly.hyperspace import (
    Vote,
    fleet_spots,
    hyperspace_link,
    link_chosen,
    link_in_force,
    vote_in,
)
from adjudicator.variants.rather_silly.llamas import (
    HERD_ON_CENTER,
    HERD_SETTLED,
    HERD_TOO_MANY,
    LLAMAS,
    Explode,
    Herd,
    llamas_explode,
)
from adjudicator.variants.rather_silly.marks import (
    NO_CENTER_NEEDED,
    as_share,
    conventional,
    marks_follow_moves,
    marks_follow_retreats,
    marks_of,
    marks_of_the_gone_dropped,
    read_quietly,
    season_code,
    unit_key,
    unit_text,
)
from adjudicator.variants.rather_silly.season import SeasonSoFar, Step, run_steps
from adjudicator.variants.rather_silly.shape import EXTRAS, HERDS_EACH, OWNER, SEAT
from adjudicator.variants.rather_silly.specials import (
    AMAZON,
    DIRTBAG,
    Distract,
    Raise,
    Seduce,
    amazon_supports,
    seductions,
    specials_adjusted,
    specials_due,
    specials_of,
)
from adjudicator.variants.rather_silly.superbrain import (
    AnswerIs,
    Ask,
    Extra,
    Place,
    Reply,
    extra_due,
    extra_units,
    superbrain_answers,
    superbrain_request,
)
from adjudicator.variants.rather_silly.twins import (
    Twins,
    twin_supports,
    twin_toughness,
    twins_after_adjustments,
    twins_after_moves,
    twins_after_retreats,
    twins_as_builds,
    twins_counted,
    twins_held,
    twins_legal_orders,
    twins_raised,
)

#: No marks: what a position without a kind of mark is read as.
_NONE: FrozenMap[str, Any] = FrozenMap()

#: The power of the monsters' units (sea monsters are fleets, space monsters armies).
MONSTER = "monster"
#: The four roles: seats of their own (with the option ``roles``) that vote for the link.
ROLES = ("fool", "superbrain", "doctor", "fortune_teller")
#: The five provinces around Switzerland: the Mont Blanc tunnel joins each to the others,
#: for conventional armies and the Borg ("nur für konventionelle Armeen und den BORG").
TUNNEL = ("bur", "mar", "mun", "pie", "tyr")
MONSTER_STRENGTH = 2

#: What a movement phase runs after the core resolved the moves (step 1's conventional
#: units, monsters and Siamese twins' supports), in the rules' order ("Spielablauf"), each a
#: step of its module: the list :meth:`RatherSilly.steps_after_moves` runs. Step 7 is the
#: retreat phase (:data:`RETREAT_STEPS`), step 8 the events opening the next phase
#: (:meth:`RatherSilly.events_opening_phase`), step 9 the adjustments
#: (:data:`ADJUSTMENT_STEPS`); the Superbrain's answers (10) and the link (11) are judged
#: and chosen with the movement's orders, as its last steps.
SEASON_STEPS: tuple[tuple[str, Step], ...] = (
    # 1. The birds fly, the TARDIS travels, fifth fleets are attacked (the units the steps
    # mark follow their moves first).
    ("marks_follow_moves", marks_follow_moves),
    ("birds_fly", birds_fly),
    ("tardis_travels", tardis_travels),
    ("fifth_fleets_attacked", fifth_fleets_attacked),
    # 2.
    ("fortune_teller_merges", fortune_teller_merges),
    # 3. The Doctor's exorcisms first.
    ("exorcisms", exorcise),
    ("devil_units_normalise", devil_units_normalise),
    # 4.
    ("souls_sold", souls_sold),
    # 5. Flocks next to the Borg eaten too.
    ("borg", borg_moves),
    # 6. Flocks where llamas explode blown up too.
    ("llamas_explode", llamas_explode),
    # A devil unit the Borg or the llamas took costs its owner another unit; Siamese
    # twins parted by the moves (or one of them lost) die.
    ("devils_lost", devils_lost),
    ("twins_parted", twins_after_moves),
    ("marks_of_the_gone_dropped", marks_of_the_gone_dropped),
    # 10. Extra units placed; the Fool pays for his extra overrides.
    ("superbrain_answers", superbrain_answers),
    ("extra_units", extra_units),
    ("fool_spends", fool_spends),
    # 11.
    ("hyperspace_link", hyperspace_link),
)

#: Step 7, after the core's retreats: devil units and marks follow the retreats; twins
#: parted die.
RETREAT_STEPS: tuple[tuple[str, Step], ...] = (
    ("devils_retreat", devils_retreat),
    ("marks_follow_retreats", marks_follow_retreats),
    ("twins_parted", twins_after_retreats),
    ("marks_of_the_gone_dropped", marks_of_the_gone_dropped),
)

#: Step 9, after the core's builds and disbands: the flocks first (a flock's build counts
#: the core's builds, :mod:`.birds`), then twins, the fifth fleets, the Amazons and dirtbag
#: armies, the extra units.
ADJUSTMENT_STEPS: tuple[tuple[str, Step], ...] = (
    ("birds", birds.adjust_birds),
    ("twins_parted", twins_after_adjustments),
    ("twins_raised", twins_raised),
    ("fifth_fleets_counted", fifth_fleets_counted),
    ("specials", specials_adjusted),
    ("extra_units", extra_units),
    ("marks_of_the_gone_dropped", marks_of_the_gone_dropped),
)

#: The steps after the core's by the kind of phase.
_STEPS: Mapping[PhaseKind, tuple[tuple[str, Step], ...]] = {
    PhaseKind.MOVEMENT: SEASON_STEPS,
    PhaseKind.RETREATS: RETREAT_STEPS,
    PhaseKind.ADJUSTMENTS: ADJUSTMENT_STEPS,
}

TUNNEL_CONVENTIONAL_ONLY = Reason.declare(
    "tunnel_conventional_only",
    "only conventional armies and the Borg pass the Mont Blanc tunnel: {unit} may not go "
    "through it to {dest}",
)
BORG_NEUTRAL = Reason.declare(
    "borg_neutralised", "{province} is neutral: the Borg was there at the adjustments"
)
SEA_MONSTER = Reason.declare("sea_monster_appeared", "a sea monster appeared in {location}")
SPACE_MONSTER = Reason.declare(
    "space_monster_appeared", "a space monster fell to earth in {location}"
)


class RatherSilly(Variant):
    id = "rather_silly"
    name = "Rather Silly"
    aliases = ("rather-silly", "rathersilly", "rs")
    #: The standard board with Iceland and Crete, build-only islands (for the Superbrain's
    #: units): no unit may move or retreat into them.
    map_id = "rather_silly"
    created_by = "Jeremy Maiden and Peter Sullivan; German by Ulrich Degwitz (2008)"
    rules_text = __doc__ or ""
    player_counts = (7, 11)
    option_defaults = FrozenMap({"roles": False, "fifth_fleet": False})
    setup_phases = ((Season.WINTER, LLAMAS),)
    phase_kinds = (LLAMAS,)
    order_kinds = (
        Herd,
        Explode,
        Vote,
        Override,
        Predict,
        SellSoul,
        Raise,
        Seduce,
        Distract,
        Ask,
        AnswerIs,
        Reply,
        Extra,
        Place,
        *TARDIS_ORDERS,
        Twins,
        *birds.ORDER_KINDS,
    )
    creatures = (MONSTER,)
    other_order_givers = ROLES
    #: The herds are each power's secret: where they settle, and the results that say so.
    owned_extras = frozenset({"llamas", "answers"})
    secret_orders = (Herd, AnswerIs)
    secret_reasons = frozenset({"herd_settled", "herd_on_center", "herd_too_many", "answer_kept"})
    #: The creatures, links, marks and the rest, declared in :mod:`.shape`.
    extras_shape = EXTRAS

    # -- reading an order ---------------------------------------------------------------------

    def read_order(
        self, text: str, *, position: Position | None = None, power: str | None = None
    ) -> Order:
        """As every variant reads one (:meth:`Variant.read_order`: its kinds' readers in
        turn, the first that takes the text, else the core's notation), asking only the
        readers that could take it or refuse it: those whose word the text begins with
        (or holds, for ``A par seduce …``, :data:`_READ_ONLY_IF`).

        Asking all of them cost twelve times reading the core's notation, for every
        monster's order and every text a player gave, several times a season.

        Raises:
            ParseError: if the text is not an order that can be read.
        """
        game_map = self.map
        lowered = text.lower().lstrip()
        for kind, starts, holds in _readers(self):
            if starts is not None and not lowered.startswith(starts):
                continue
            if holds is not None and holds not in lowered:
                continue
            order = kind.read(text, game_map, position, power)
            if order is not None:
                return order
        return parse_order(text, game_map, position=position, power=power)

    # -- options and seats -----------------------------------------------------------------

    def check_option(self, name: str, value: Any, options: Mapping[str, Any]) -> None:
        if name in ("roles", "fifth_fleet") and not isinstance(value, bool):
            raise PositionError(f"{name} must be true or false", f"options.{name}")

    def seats(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The seven great powers; with option ``roles``, the four role seats too (they
        vote for the hyperspace link and play their roles)."""
        return self.powers + (ROLES if options.get("roles") else ())

    def extras_ids(self, options: Mapping[str, Any]) -> IdSets:
        """The map's ids and the great powers, the seats (the roles too) and whose a unit
        may be (the monsters too)."""
        return _ids_with_roles(self)

    # -- the map in force --------------------------------------------------------------------

    def geography(self, position: Position) -> GameMap:
        """The standard map, the Mont Blanc tunnel (army edges among the five provinces
        around Switzerland) and, in the season it was voted for, the hyperspace link (an
        army edge if armies may stand at both ends, a fleet edge between locations fleets
        may stand at)."""
        return _geography(self.map, link_in_force(position))

    def closed_passages(self, unit: Unit, position: Position) -> ClosedPassages | None:
        """The tunnel is closed to every army but the conventional ones
        (:func:`.marks.conventional`): they move, support
        and retreat on the map without it (the hyperspace link stays open to them)."""
        if unit.kind is not UnitKind.ARMY or unit.province not in TUNNEL:
            return None
        if conventional(position, unit):
            return None
        return ClosedPassages(
            _geography(self.map, link_in_force(position), tunnel=False),
            TUNNEL_CONVENTIONAL_ONLY,
        )

    def borg_graph(self) -> Mapping[str, frozenset[str]]:
        """The Borg's steps: amphibious, coasts merged, with the tunnel (no link)."""
        return _borg_graph(self.map)

    def unit_strength(self, unit: Unit, position: Position) -> int:
        """A monster: 2; a devil unit: double (house rule: its supports count double too);
        an army aboard a flock of birds: 0 (:mod:`.birds`)."""
        # Asked of every unit each time a season is resolved or an order checked (twice a
        # movement: the twins' orders are checked first): worked out for all the
        # position's units at once, and kept with it (the one asked last at hand).
        last = _LAST_STRENGTHS[0]
        kept = last[1] if last is not None and last[0] is position else _strengths(position)
        strength = kept[0].get(id(unit))
        if strength is not None:
            return strength
        return MONSTER_STRENGTH if unit.power == MONSTER else _support_strength(position, unit)

    def support_strength(self, unit: Unit, position: Position) -> int:
        last = _LAST_STRENGTHS[0]
        kept = last[1] if last is not None and last[0] is position else _strengths(position)
        strength = kept[1].get(id(unit))
        return strength if strength is not None else _support_strength(position, unit)

    def implicit_supports(
        self, position: Position, orders: Mapping[str, MovementOrder]
    ) -> tuple[tuple[str, str], ...]:
        """Siamese twins support each other without an order (:mod:`.twins`)."""
        return twin_supports(position, orders)

    def support_toughness(self, supporter: Unit, supported: Unit, position: Position) -> int:
        """A support between Siamese twins takes two attacks, or one of strength 2, to cut."""
        return twin_toughness(position, supporter, supported)

    # -- Amazons and dirtbag armies: the count of them (:mod:`.specials`) -------------------

    def specials_of(self, position: Position, power: str, kind: str) -> list[str]:
        """Where ``power``'s Amazons (or dirtbag armies) stand (:func:`.specials.specials_of`)."""
        return specials_of(position, power, kind)

    def specials_due(self, position: Position, power: str, kind: str) -> int:
        """How many more Amazons (or dirtbag armies) ``power`` may raise now (negative: too
        many), :func:`.specials.specials_due`."""
        return specials_due(self, position, power, kind)

    def adjustment(self, position: Position, power: str) -> int:
        """Builds or disbands of units due, the flocks of birds counted like units (house
        rule, :mod:`.birds`: a power with more units and flocks than centers loses flocks
        first, :func:`.birds.flocks_over` of them)."""
        return birds.flocks_counted(position, power, self.units_adjustment(position, power))

    def units_adjustment(self, position: Position, power: str) -> int:
        """Builds or disbands due, the flocks not counted, the special armies and the
        Superbrain's extra units not counted (they need no center; a fifth fleet does)."""
        specials = sum(
            1
            for k, kind in marks_of(position, "kinds").items()
            if k.startswith(f"{power} ") and kind in NO_CENTER_NEEDED
        )
        specials += twins_counted(position, power)  # Siamese twins count as one unit
        return len(position.centers_of(power)) - (len(position.units_of(power)) - specials)

    def flocks_due(self, position: Position, power: str) -> int:
        """How many of ``power``'s flocks of birds go at these adjustments."""
        return birds.flocks_over(position, power, self.units_adjustment(position, power))

    def adjustment_seats(self, position: Position) -> tuple[str, ...]:
        """The great powers, the roles holding units or centers (the Doctor, the
        Fortune-teller), and any seat with a flock of birds (a flock counts like a unit)."""
        seats = super().adjustment_seats(position)
        flocked = sorted(set(birds.flock_powers(position)) - set(seats))
        return (*seats, *flocked)

    def adjusts(self, position: Position, seat: str) -> bool:
        """As every seat: a build it can place or a disband due (the flocks counted, the
        units that need no center not); a flock due to go; an extra unit its whole share
        buys, where it has a site ("in jedem beliebigen Sommer oder Winter"); a
        player's Amazon or dirtbag army to raise where it has a site."""
        if super().adjusts(position, seat) or self.flocks_due(position, seat) > 0:
            return True
        if extra_due(position, seat) and self.build_sites(position, seat):
            return True
        return any(
            self.specials_due(position, seat, k) > 0 and bool(self.build_sites(position, seat))
            for k in (AMAZON, DIRTBAG)
        )

    def adjustments_needed(self, position: Position) -> bool:
        """A seat adjusts, or a great power has more Amazons or dirtbag armies than its
        centers allow (they go without an order: :func:`.specials.specials_adjusted`)."""
        return super().adjustments_needed(position) or any(
            self.specials_due(position, p, k) < 0
            for p in self.adjustment_seats(position)
            for k in (AMAZON, DIRTBAG)
        )

    def order_set_excess(
        self, position: Position, power: str, orders: Sequence[Order]
    ) -> tuple[Reason, dict[str, str]] | None:
        """As the standard game counts, a ``twins`` order counting as the one build it takes,
        a flock's build as one and its disband against the flocks due (:mod:`.birds`)."""
        counted = twins_as_builds(orders)
        excess = birds.flock_excess(
            position, counted, self.adjustment(position, power), self.flocks_due(position, power)
        )
        return excess or super().order_set_excess(position, power, counted)

    # -- the orders in force: the Fool's, the Amazons' (:mod:`.fool`, :mod:`.specials`) -------

    def orders_in_force(
        self, position: Position, orders: Mapping[str, Sequence[Order | str]], seed: int
    ) -> tuple[dict[str, list[Order | str]], list[OrderResult]]:
        """The orders a season is resolved with: the Fool's override first, then the
        Amazons' seductions (whatever order the seduced unit had), an Amazon's support void
        (she is given none), then Siamese twins with
        an illegal order between them hold (:mod:`.twins`), and an army aboard a flock of
        birds holds (:mod:`.birds`)."""
        given, results = fool_overrides(self, position, orders)
        given, seduced = seductions(self, position, given)
        given, unsupported = amazon_supports(self, position, given)
        given, held = twins_held(self, position, given)
        given, aboard = birds.aboard_orders(self, position, given)
        return given, [*results, *seduced, *unsupported, *held, *aboard]

    # -- the end -----------------------------------------------------------------------------

    def winner(self, position: Position) -> str | None:
        """The one seat that won, if one did (see :meth:`winners_of`)."""
        won = self.winners_of(position)
        return won[0] if len(won) == 1 else None

    def finished(self, position: Position) -> bool:
        return bool(self.winners_of(position))

    def winners_of(self, position: Position) -> tuple[str, ...]:
        """A seat (not the Fool) with 18 centers, alone at the top; the Doctor, with the
        role seats, when his centers and victory points make 30 after any phase (both, a
        shared win, if the same phase brings both: the rules allow it); else the Fool once
        the game reaches 1921 (the monsters' centers count for nobody)."""
        counts = {
            owner: n
            for owner, n in center_counts(position).items()
            if owner in self.powers or (owner in ROLES and owner != "fool")
        }
        leader = sole_leader(counts, self.victory_centers)
        won: list[str] = [leader] if leader is not None else []
        roles = bool(position.options.get("roles"))
        if roles and doctor_score(position) >= DOCTOR_POINTS_TO_WIN and DOCTOR not in won:
            won.append(DOCTOR)
        if not won and roles and position.phase.year >= FOOL_YEAR:
            won.append("fool")
        return tuple(won)

    # -- the llamas' winter ---------------------------------------------------------------------

    def initial_position(self, options: Mapping[str, Any] | None = None) -> Position:
        """The standard board in Winter 1900, the llamas' placement; no creatures yet."""
        standard = super().initial_position(options)
        return standard.with_changes(
            phase=Phase(Season.WINTER, self.first_year - 1, LLAMAS),
            extras={**standard.extras, "llamas": {}, "borg": None},
        )

    def orders_due(self, position: Position) -> frozenset[str]:
        if position.phase.kind is LLAMAS:
            return frozenset(self.powers)
        due = super().orders_due(position)
        flocked = birds.flock_powers(position)  # a flock owes orders like a unit
        if position.phase.kind is PhaseKind.MOVEMENT:
            due |= flocked
        return due

    def orders_welcome(self, position: Position) -> frozenset[str]:
        """The role seats in a movement phase (each plays his role and votes for the
        link) and in the llamas' winter (they vote); in an adjustment phase, whoever holds
        a whole share of an extra unit to place (``extra A par``). Never a seat whose
        orders are due already, nor the monsters."""
        kind = position.phase.kind
        seats = set(self.seats(position.options))
        welcome: set[str] = set()
        if kind is PhaseKind.MOVEMENT or kind is LLAMAS:
            welcome |= seats & set(ROLES)
        if kind is PhaseKind.MOVEMENT or kind is PhaseKind.ADJUSTMENTS:
            shares = position.extras.get("shares") or {}
            welcome |= {str(s) for s, v in shares.items() if s in seats and _whole_share(v)}
        return frozenset(welcome - self.orders_due(position) - set(self.creatures))

    def build_sites(self, position: Position, power: str) -> tuple[str, ...]:
        """A great power builds in its vacant home centers; a role (the Fortune-teller) in
        any vacant center it owns."""
        if power not in ROLES:
            return super().build_sites(position, power)
        return tuple(
            sorted(
                c
                for c, owner in position.ownership.items()
                if owner == power and position.unit_in(c) is None
            )
        )

    def phase_after(self, phase: Phase, position: Position) -> Phase:
        if phase.kind is LLAMAS:
            return Phase(Season.SPRING, self.first_year, PhaseKind.MOVEMENT)
        return super().phase_after(phase, position)

    def resolve_own_phase(
        self, position: Position, orders: Mapping[str, Sequence[Order]], seed: int
    ) -> tuple[Position, list[OrderResult]]:
        """Winter 1900: each great power's herds settle (three at most, none in a supply
        center); the votes pick the link of Spring 1901."""
        centers = self.map.supply_centers
        herds: dict[str, list[str]] = {}
        results: list[OrderResult] = []
        votes: dict[str, Vote] = {}
        for power, given in sorted(orders.items()):
            for order in given:
                if isinstance(order, Vote):
                    vote_in(votes, power, order, results, self.map)
                    continue
                if not isinstance(order, Herd):
                    continue
                place = FrozenMap({"province": order.province})
                if power not in self.powers:
                    results.append(OrderResult(power, order, Outcome.ILLEGAL, HERD_TOO_MANY))
                elif order.province in centers:
                    results.append(
                        OrderResult(power, order, Outcome.ILLEGAL, HERD_ON_CENTER, place)
                    )
                elif len(herds.get(power, [])) >= HERDS_EACH:
                    results.append(OrderResult(power, order, Outcome.ILLEGAL, HERD_TOO_MANY))
                else:
                    herds.setdefault(power, []).append(order.province)
                    results.append(OrderResult(power, order, Outcome.OK, HERD_SETTLED, place))
        after = position.with_changes(
            extras={**position.extras, "llamas": {p: sorted(h) for p, h in sorted(herds.items())}}
        )
        after, counted = link_chosen(position, after, votes, seed)
        return after, [*results, *counted]

    # -- a season's steps after the core's (:data:`SEASON_STEPS`) -----------------------------

    def steps_after_moves(
        self,
        position: Position,
        after: Position,
        orders: Mapping[str, Sequence[VariantOrder]],
        seed: int,
        *,
        moves: Sequence[OrderResult] = (),
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """The steps of a movement (:data:`SEASON_STEPS`), a retreat (:data:`RETREAT_STEPS`)
        or an adjustment phase (:data:`ADJUSTMENT_STEPS`) after the core's, in order."""
        steps = _STEPS.get(position.phase.kind)
        if steps is None:
            return after, ()
        return run_steps(steps, SeasonSoFar(self, position, orders, moves, seed, after))

    # -- decisions --------------------------------------------------------------------------

    def decisions_needed(
        self, position: Position, orders: Mapping[str, Sequence[str]]
    ) -> tuple[DecisionRequest, ...]:
        """The game master judges the replies to last season's question (step 10;
        without an answer in time, nobody was right), and says whether the attack on each
        fifth fleet ordered into a coastal province succeeds (default: it does)."""
        return (
            *superbrain_request(self, position, orders),
            *self._fifth_fleet_requests(position, orders),
        )

    def _fifth_fleet_requests(
        self, position: Position, orders: Mapping[str, Sequence[str]]
    ) -> tuple[DecisionRequest, ...]:
        kinds = marks_of(position, "kinds")
        if (
            position.phase.kind is not PhaseKind.MOVEMENT
            or fifth_fleet.FIFTH_FLEET not in kinds.values()
        ):
            return ()
        season = season_code(position.phase)
        fleets = [
            u
            for u in position.units
            if kinds.get(unit_key(u.power, u.location)) == fifth_fleet.FIFTH_FLEET
            and self.decision(position, fifth_fleet.decision_key(season, u.location)) is None
        ]
        ordered: dict[str, Order] = {}
        for fleet in fleets:
            for text in orders.get(fleet.power, ()):
                order = read_quietly(self, text, position, fleet.power)
                if isinstance(order, Move) and order.unit.location == fleet.location:
                    ordered[fleet.location] = order
        return fifth_fleet.requests(self.map, position, season, fleets, ordered)

    # -- retreats, monsters, the adjustments ------------------------------------------------------

    def standing_orders(self, position: Position, seed: int) -> Mapping[str, Sequence[str]]:
        """The monsters' orders: their moves in a movement phase, their retreats in a
        retreat phase (house rules, :mod:`.creatures`)."""
        kind = position.phase.kind
        geo = self.map
        occupied = frozenset(u.province for u in position.units)
        orders: list[str] = []
        if kind is PhaseKind.MOVEMENT:
            rng = chance(seed, "monsters")
            for unit in position.units:
                if unit.power != MONSTER:
                    continue
                dest = monster_move(geo, unit, occupied, rng)
                orders.append(f"{unit_text(unit)} - {dest}" if dest else f"{unit_text(unit)} H")
        elif kind is PhaseKind.RETREATS:
            rng = chance(seed, "monster retreats")
            for d in position.dislodged:
                if d.unit.power != MONSTER:
                    continue
                dest = monster_retreat(geo, sorted(d.retreats), occupied, rng)
                if dest is not None:
                    orders.append(f"{unit_text(d.unit)} R {dest}")
        return {MONSTER: orders} if orders else {}

    def events_opening_phase(
        self, position: Position, seed: int
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        """Step 8, as the next phase opens: a sea monster after each spring's retreats (as
        the fall's movement opens), a space monster after each fall's retreats (as the
        winter's adjustments open, or the spring's movement if there are none). The link
        voted for this season comes into force as its movement opens."""
        phase = position.phase
        results: list[OrderResult] = []
        extras = dict(position.extras)
        units = list(position.units)
        if phase.kind is PhaseKind.MOVEMENT:
            nxt = (extras.get("hyperspace") or {}).get("next")
            if nxt and nxt.get("season") == season_code(phase):
                extras["hyperspace"] = {"now": nxt}
        landings: list[tuple[UnitKind, Reason, str]] = []
        if phase.kind is PhaseKind.MOVEMENT and phase.season is Season.FALL:
            landings.append((UnitKind.FLEET, SEA_MONSTER, f"sea monster {phase.year}"))
        landed = list(extras.get("space_monsters") or [])
        after_fall = None
        if phase.kind is PhaseKind.ADJUSTMENTS and phase.season is Season.WINTER:
            after_fall = phase.year
        elif phase.kind is PhaseKind.MOVEMENT and phase.season is Season.SPRING:
            after_fall = phase.year - 1
        if after_fall is not None and after_fall >= self.first_year and after_fall not in landed:
            landings.append((UnitKind.ARMY, SPACE_MONSTER, f"space monster {after_fall}"))
            landed.append(after_fall)
            extras["space_monsters"] = sorted(landed)
        for kind, reason, event in landings:
            taken = frozenset(u.province for u in units) | (
                {extras["borg"]} if extras.get("borg") else frozenset()
            )
            site = landing_site(self.map, kind, frozenset(taken), chance(seed, event))
            if site is None:
                continue
            monster = Unit(MONSTER, kind, site)
            units.append(monster)
            results.append(
                OrderResult(MONSTER, "appeared", Outcome.OK, reason, FrozenMap({"location": site}))
            )
        if extras == dict(position.extras) and not results:
            return position, ()
        return position.with_changes(units=units, extras=extras), tuple(results)

    def update_ownership(self, position: Position) -> FrozenMap[str, str]:
        """Step 9: a center under the Borg at the adjustments turns neutral; others as in
        the standard game (a monster's center is the monsters')."""
        ownership = dict(super().update_ownership(position))
        tardis_center(position, ownership, self.map.supply_centers)
        borg = position.extras.get("borg")
        if isinstance(borg, str):
            ownership.pop(borg, None)
        return FrozenMap(ownership)

    def after_phase(
        self, phase: Phase, position: Position, seed: int
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        borg = position.extras.get("borg")
        if (
            self.changes_ownership_after(phase, position)
            and borg in self.map.supply_centers
            and borg not in position.ownership
        ):
            return position, (
                OrderResult(
                    "borg", "center", Outcome.OK, BORG_NEUTRAL, FrozenMap({"province": borg})
                ),
            )
        return position, ()

    def own_legal_orders(
        self, position: Position, power: str | None
    ) -> dict[str, tuple[Order, ...]]:
        """Explode orders for a power's herds in a movement phase, and the Doctor's TARDIS
        orders (the herd placements and votes are any province, so they are not listed);
        the Siamese twins a great power may build at the adjustments; the birds' orders
        (:func:`.birds.birds_legal_orders`)."""
        if power is None:
            return {}
        out = birds.birds_legal_orders(self, position, power, self.flocks_due(position, power))
        if position.phase.kind is PhaseKind.ADJUSTMENTS:
            twins = twins_legal_orders(self, self.borg_graph(), position, power)
            return {k: twins.get(k, ()) + out.get(k, ()) for k in sorted(twins.keys() | out)}
        if position.phase.kind is not PhaseKind.MOVEMENT:
            return {}
        if power == DOCTOR:
            out.update(tardis_legal_orders(position, link_in_force(position)))
            return out
        herds = (position.extras.get("llamas") or {}).get(power) or []
        return {**out, **{f"explode {p}": (Explode(p),) for p in sorted(set(herds))}}


def _support_strength(position: Position, unit: Unit) -> int:
    """``unit``'s support strength (:meth:`RatherSilly.support_strength`): 0 aboard a flock
    of birds, or as an Amazon or a dirtbag army; 2 as a devil unit; else 1."""
    extras = position.extras
    if birds.is_aboard(position, unit):
        return 0
    key = unit_key(unit.power, unit.location)
    if (extras.get("kinds") or _NONE).get(key) in (AMAZON, DIRTBAG):
        return 0
    return 2 if key in (extras.get("devils") or _NONE) else 1


def _support_strengths(position: Position) -> tuple[dict[int, int], dict[int, int]]:
    """The strength (:meth:`RatherSilly.unit_strength`) and the support strength
    (:func:`_support_strength`) of each of the position's units, by the unit's identity
    (they live as long as the position): the flocks' armies and the marks read once."""
    extras = position.extras
    aboard = {(f.get("carrying"), f.get("province")) for f in extras.get(birds.BIRDS) or ()}
    kinds = extras.get("kinds") or _NONE
    devils = extras.get("devils") or _NONE
    army = UnitKind.ARMY
    strength: dict[int, int] = {}
    support: dict[int, int] = {}
    for unit in position.units:
        if unit.kind is army and (unit.power, unit.province) in aboard:
            given = 0
        else:
            key = unit_key(unit.power, unit.location)
            given = 0 if kinds.get(key) in (AMAZON, DIRTBAG) else 2 if key in devils else 1
        support[id(unit)] = given
        strength[id(unit)] = MONSTER_STRENGTH if unit.power == MONSTER else given
    return strength, support


def _strengths(position: Position) -> tuple[dict[int, int], dict[int, int]]:
    """:func:`_support_strengths` of ``position``, kept with it."""
    kept = _SUPPORT_STRENGTHS.get(position)
    if kept is None:
        kept = _SUPPORT_STRENGTHS.keep(position, _support_strengths(position))
    _LAST_STRENGTHS[0] = (position, kept)
    return kept


#: The support strengths of a few positions' units (a movement asks of one, twice), and
#: the position asked last with its table.
_SUPPORT_STRENGTHS: KeptByIdentity[Position, tuple[dict[int, int], dict[int, int]]] = (
    KeptByIdentity(8)
)
_LAST_STRENGTHS: list[tuple[Position, tuple[dict[int, int], dict[int, int]]] | None] = [None]


#: What a reader of the variant's order kinds needs of a text (lower-cased, the spaces
#: before it stripped) to take it or to refuse it (a ParseError): that it begins with one of
#: these words, or that it holds this one. For any other text the reader answers None, as
#: each reader's first test says; :meth:`RatherSilly.read_order` asks it only for the
#: others. A kind not listed (a flock's army riding, which asks the board) is always asked.
_READ_ONLY_IF: dict[type[VariantOrder], tuple[tuple[str, ...] | None, str | None]] = {
    Herd: (("herd",), None),
    Explode: (("explode",), None),
    Vote: (("vote",), None),
    Override: (("override",), None),
    Predict: (("predict",), None),
    SellSoul: (("sell",), None),
    Raise: ((AMAZON, DIRTBAG, "rogue"), None),
    Seduce: (None, "seduce"),
    Distract: (None, "distract"),
    Ask: (("ask",), None),
    AnswerIs: (("answer",), None),
    Reply: (("reply",), None),
    Extra: (("extra",), None),
    Place: (("place",), None),
    # ``T - par``, ``tardis destroy …``: the TARDIS's orders begin with its name.
    **dict.fromkeys(TARDIS_ORDERS, (("t",), None)),
    Twins: (("twins",), None),
    # A flock's orders begin ``birds lon`` or ``disband birds lon``.
    **dict.fromkeys(birds.FLOCK_KINDS, ((birds.BIRDS, "disband"), None)),
    birds.Board: (None, "board"),
    birds.Scare: (None, "scare"),
}


def _readers_of(
    variant: RatherSilly,
) -> tuple[tuple[type[VariantOrder], tuple[str, ...] | None, str | None], ...]:
    return tuple((kind, *_READ_ONLY_IF.get(kind, (None, None))) for kind in variant.order_kinds)


#: The variant's readers in the order they are asked, each with what it needs of a text.
_readers: KeptPer[
    RatherSilly, tuple[tuple[type[VariantOrder], tuple[str, ...] | None, str | None], ...]
] = KeptPer(_readers_of)


def _ids_of(variant: RatherSilly) -> IdSets:
    seats = frozenset(variant.powers) | frozenset(ROLES)
    return {
        **Variant.extras_ids(variant, {}),
        SEAT.name: seats,
        OWNER.name: seats | {MONSTER},
    }


#: The ids of the extras: the same in every game (a role's ids are known without the option).
_ids_with_roles: KeptPer[RatherSilly, IdSets] = KeptPer(_ids_of)


def _tunnel_edges(game_map: GameMap) -> list[tuple[str, str]]:
    return [
        (a, b)
        for i, a in enumerate(TUNNEL)
        for b in TUNNEL[i + 1 :]
        if b not in game_map.army_neighbours(a)
    ]


_GEOGRAPHIES: dict[tuple[str, tuple[str, str] | None, bool], GameMap] = {}


def _geography(game_map: GameMap, link: tuple[str, str] | None, *, tunnel: bool = True) -> GameMap:
    """The map in force with the link (if any), with the tunnel or (for the armies it is
    closed to) without it."""
    key = (game_map.id, link, tunnel)
    made = _GEOGRAPHIES.get(key)
    if made is not None:
        return made
    army = _tunnel_edges(game_map) if tunnel else []
    fleet: list[tuple[str, str]] = []
    if link is not None:
        a, b = link
        pa, pb = game_map.provinces[a], game_map.provinces[b]
        if pa.is_land and pb.is_land:
            army.append((a, b))
        fleet_a = fleet_spots(game_map, a)
        fleet_b = fleet_spots(game_map, b)
        fleet.extend((x, y) for x in fleet_a for y in fleet_b)
    made = game_map.with_edges(army=army, fleet=fleet)
    _GEOGRAPHIES[key] = made
    return made


_BORG_GRAPHS: dict[str, Mapping[str, frozenset[str]]] = {}


def _borg_graph(game_map: GameMap) -> Mapping[str, frozenset[str]]:
    made = _BORG_GRAPHS.get(game_map.id)
    if made is None:
        made = amphibious(game_map.with_edges(army=_tunnel_edges(game_map)))
        _BORG_GRAPHS[game_map.id] = made
    return made


def _whole_share(value: Any) -> bool:
    """Is a kept share (``"1/2"``, ``"3/2"``) at least one whole extra unit?"""
    try:
        return as_share(value) >= 1
    except (ValueError, ZeroDivisionError):
        return False
