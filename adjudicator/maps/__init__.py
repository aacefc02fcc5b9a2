"""Maps as data: provinces, coasts, adjacencies, supply centers and home centers.

A map is loaded from ``adjudicator/maps/<id>.json`` into frozen objects. The
file lists provinces (with their coasts, names and aliases), the edges an
army may cross and the edges a fleet may cross (between coast locations such
as ``stp/nc``), the powers with their home centers, and the start position.

Variants that add edges (a tunnel, a link that changes each season) do not
edit the file: they ask :meth:`GameMap.with_edges` for a new map.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from adjudicator.board import province_of
from adjudicator.errors import UnknownMap


class Terrain(StrEnum):
    LAND = "land"
    COAST = "coast"
    SEA = "sea"
    IMPASSABLE = "impassable"


@dataclass(frozen=True, slots=True)
class Province:
    """A province of the map; coasts are locations ``<id>/<coast>`` below it."""

    id: str
    name: str
    terrain: Terrain
    supply_center: bool = False
    home: str | None = None
    coasts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    #: No unit may move or retreat into it; one built there may leave (Rather Silly's
    #: Iceland and Crete, where only the Superbrain builds).
    closed: bool = False

    @property
    def is_sea(self) -> bool:
        return self.terrain is Terrain.SEA

    @property
    def is_land(self) -> bool:
        """Armies may stand here (inland or coastal)."""
        return self.terrain in (Terrain.LAND, Terrain.COAST)


@dataclass(frozen=True, slots=True)
class Power:
    id: str
    name: str
    adjective: str
    home_centers: tuple[str, ...]


_NORMALISE_SPACES = re.compile(r"[\s_]+")


def normalise_name(text: str) -> str:
    """The key names are looked up by: lower case, single spaces, no dots."""
    return _NORMALISE_SPACES.sub(" ", text.lower().replace(".", " ")).strip()


class GameMap:
    """A map, loaded and indexed for fast questions ("can F nth reach pic?")."""

    def __init__(
        self,
        *,
        id: str,
        name: str,
        provinces: Iterable[Province],
        powers: Iterable[Power],
        army_edges: Iterable[tuple[str, str]],
        fleet_edges: Iterable[tuple[str, str]],
        coast_names: Mapping[str, str],
        start: Mapping[str, Any],
        convoy_coasts: Iterable[str] = (),
    ) -> None:
        self.id = id
        self.name = name
        self.provinces: dict[str, Province] = {p.id: p for p in provinces}
        self.powers: tuple[Power, ...] = tuple(powers)
        self.coast_names: dict[str, str] = dict(coast_names)
        self.start: Mapping[str, Any] = start
        #: Coastal provinces where a fleet may convoy, besides every sea (variants).
        self.convoy_coasts: frozenset[str] = frozenset(convoy_coasts)
        self.army_edges: tuple[tuple[str, str], ...] = _undirected(army_edges)
        self.fleet_edges: tuple[tuple[str, str], ...] = _undirected(fleet_edges)

        locations: set[str] = set()
        for p in self.provinces.values():
            if p.terrain is Terrain.IMPASSABLE:
                continue
            locations.add(p.id)
            locations.update(f"{p.id}/{c}" for c in p.coasts)
        self.locations: frozenset[str] = frozenset(locations)

        army: dict[str, set[str]] = {p: set() for p in self.provinces}
        for a, b in self.army_edges:
            army[a].add(b)
            army[b].add(a)
        fleet: dict[str, set[str]] = {loc: set() for loc in locations}
        for a, b in self.fleet_edges:
            fleet[a].add(b)
            fleet[b].add(a)
        self._army: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in army.items()}
        self._fleet: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in fleet.items()}
        # Province-level fleet adjacency, used for convoy routes and for supports.
        fleet_prov: dict[str, set[str]] = {p: set() for p in self.provinces}
        for a, b in self.fleet_edges:
            fleet_prov[province_of(a)].add(province_of(b))
            fleet_prov[province_of(b)].add(province_of(a))
        self._fleet_provinces: dict[str, frozenset[str]] = {
            k: frozenset(v) for k, v in fleet_prov.items()
        }
        # Where a fleet standing at a location can reach, per province (coast-blind).
        self._fleet_reach_provinces: dict[str, frozenset[str]] = {
            loc: frozenset(province_of(x) for x in self._fleet[loc]) for loc in locations
        }
        # The tables above, read-only, for the inner loops of the resolver and legal_orders
        # (where a method call costs more than the lookup itself).
        #: Province -> the provinces an army there may move to.
        self.army_adjacency: Mapping[str, frozenset[str]] = self._army
        #: Location -> the locations (coasts included) a fleet there may move to.
        self.fleet_adjacency: Mapping[str, frozenset[str]] = self._fleet
        #: Province -> the provinces joined to it by any fleet edge (coast-blind).
        self.fleet_province_adjacency: Mapping[str, frozenset[str]] = self._fleet_provinces
        #: Location -> its province (``stp/sc`` -> ``stp``), for every location of the map.
        self.location_province: Mapping[str, str] = {loc: province_of(loc) for loc in locations}
        self._names: dict[str, str] = {}
        self._index_names()
        self._shores_cache: dict[str, frozenset[str]] | None = None
        self._index: MapIndex | None = None
        # Answers the resolver and legal_orders ask for every unit, worked out once: a map
        # never changes after it is made (with_edges makes a new one).
        #: Provinces an army may stand in (inland or coastal).
        self.land_provinces: frozenset[str] = frozenset(
            p.id for p in self.provinces.values() if p.is_land
        )
        #: Provinces no unit may move or retreat into (build-only islands).
        self.closed: frozenset[str] = frozenset(p.id for p in self.provinces.values() if p.closed)
        #: Provinces a fleet may convoy from: every sea, and the coasts the map names.
        self.convoy_provinces: frozenset[str] = frozenset(
            p.id for p in self.provinces.values() if p.is_sea or p.id in self.convoy_coasts
        )
        self._location_names: dict[str, str] = {}
        for p in self.provinces.values():
            self._location_names[p.id] = p.name
            for coast in p.coasts:
                words = self.coast_names.get(coast, coast)
                self._location_names[f"{p.id}/{coast}"] = f"{p.name} ({words})"

    @property
    def index(self) -> MapIndex:
        """The map as small integers, for the resolver's inner loops (built once per map)."""
        if self._index is None:
            self._index = MapIndex(self)
        return self._index

    # -- names ---------------------------------------------------------------

    def _index_names(self) -> None:
        for p in self.provinces.values():
            for key in (p.id, p.name, *p.aliases):
                self._names.setdefault(normalise_name(key), p.id)
            for coast in p.coasts:
                location = f"{p.id}/{coast}"
                words = self.coast_names.get(coast, coast)
                for base in (p.id, p.name, *p.aliases):
                    for form in (
                        f"{base}/{coast}",
                        f"{base} ({words})",
                        f"{base} ({coast})",
                        f"{base} {words}",
                        f"{base}({words})",
                        f"{base}({coast})",
                    ):
                        self._names.setdefault(normalise_name(form), location)

    def lookup(self, name: str) -> str | None:
        """The location a name, id or alias stands for (case-insensitive), or None."""
        return self._names.get(normalise_name(name))

    @property
    def names(self) -> Mapping[str, str]:
        """Every known spelling (normalised) -> location id."""
        return self._names

    def location_name(self, location: str) -> str:
        """A location in words: ``St Petersburg (south coast)``."""
        known = self._location_names.get(location)
        if known is not None:
            return known
        province = self.provinces.get(province_of(location))
        if province is None:
            return location  # not a place on this map: say what was written
        if "/" in location:
            coast = location.split("/", 1)[1]
            return f"{province.name} ({self.coast_names.get(coast, coast)})"
        return province.name

    # -- geography -------------------------------------------------------------

    def province(self, location: str) -> Province:
        return self.provinces[province_of(location)]

    def coasts_of(self, province: str) -> tuple[str, ...]:
        """The coast locations of a split-coast province (``spa/nc``, ``spa/sc``)."""
        p = self.provinces[province]
        return tuple(f"{province}/{c}" for c in p.coasts)

    def army_neighbours(self, province: str) -> frozenset[str]:
        return self._army.get(province, frozenset())

    def fleet_neighbours(self, location: str) -> frozenset[str]:
        """Locations (coasts included) a fleet at ``location`` may move to."""
        return self._fleet.get(location, frozenset())

    def fleet_province_neighbours(self, province: str) -> frozenset[str]:
        """Provinces joined to ``province`` by any fleet edge (coast-blind)."""
        return self._fleet_provinces.get(province, frozenset())

    def reaches(self, kind: str, location: str, province: str) -> bool:
        """Can a unit of ``kind`` at ``location`` move to some part of ``province``?

        This is the test for supports: a unit may support a move to (or a hold
        in) a province it could itself move to, whatever the coast. No unit may move
        into a closed province, so none reaches one (nor supports there).
        """
        if province in self.closed:
            return False
        if kind == "A":
            here = self.location_province.get(location) or province_of(location)
            return province in self._army.get(here, ())
        return province in self._fleet_reach_provinces.get(location, ())

    def can_convoy_from(self, province: str) -> bool:
        """May a fleet in this province convoy? Seas always; coasts only if the map says."""
        return province in self.convoy_provinces

    def could_carry(self, fleet_province: str, source: str, dest: str) -> bool:
        """Could a fleet here be part of some convoy from ``source`` to ``dest``?

        True when a chain of convoying provinces through this one touches both
        ends, whatever fleets stand there now (DATC 6.G.7: a convoy order that
        no route could use is illegal).
        """
        shores = self._convoy_shores().get(fleet_province)
        return shores is not None and source in shores and dest in shores

    def _convoy_shores(self) -> dict[str, frozenset[str]]:
        if self._shores_cache is not None:
            return self._shores_cache
        convoying = {p for p in self.provinces if self.can_convoy_from(p)}
        shores: dict[str, frozenset[str]] = {}
        for group in self.convoy_groups(convoying):
            touched = self.shores_of(group)
            for g in group:
                shores[g] = touched
        self._shores_cache = shores
        return shores

    def convoy_groups(self, seas: Iterable[str]) -> list[frozenset[str]]:
        """Split provinces into groups joined by fleet edges (chains a convoy can use)."""
        left = set(seas)
        neighbours = self._fleet_provinces
        nothing: frozenset[str] = frozenset()
        groups: list[frozenset[str]] = []
        while left:
            start = left.pop()
            group = {start}
            frontier = [start]
            while frontier:
                found = neighbours.get(frontier.pop(), nothing) & left
                if found:
                    left -= found
                    group |= found
                    frontier.extend(found)
            groups.append(frozenset(group))
        return groups

    def shores_of(self, group: Iterable[str]) -> frozenset[str]:
        """Land provinces an army could be carried from or to by fleets in ``group``."""
        group = frozenset(group)
        nothing: frozenset[str] = frozenset()
        touched = nothing.union(*(self._fleet_provinces.get(g, nothing) for g in group))
        return (touched - group) & self.land_provinces

    def home_centers(self, power: str) -> tuple[str, ...]:
        for p in self.powers:
            if p.id == power:
                return p.home_centers
        return ()

    # Worked out once: a map never changes, and these are asked on every phase.
    @functools.cached_property
    def supply_centers(self) -> frozenset[str]:
        return frozenset(p.id for p in self.provinces.values() if p.supply_center)

    @functools.cached_property
    def power_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.powers)

    def with_edges(
        self,
        *,
        army: Iterable[tuple[str, str]] = (),
        fleet: Iterable[tuple[str, str]] = (),
        convoy_coasts: Iterable[str] = (),
    ) -> GameMap:
        """A copy of this map with extra edges (a tunnel, a seasonal link) and
        extra coastal provinces from which fleets may convoy."""
        return GameMap(
            id=self.id,
            name=self.name,
            provinces=self.provinces.values(),
            powers=self.powers,
            army_edges=(*self.army_edges, *army),
            fleet_edges=(*self.fleet_edges, *fleet),
            coast_names=self.coast_names,
            start=self.start,
            convoy_coasts=(*self.convoy_coasts, *convoy_coasts),
        )

    def to_json(self) -> dict[str, Any]:
        """The map as the JSON object ``python -m adjudicator map`` prints."""
        return {
            "id": self.id,
            "name": self.name,
            "powers": [
                {
                    "id": p.id,
                    "name": p.name,
                    "adjective": p.adjective,
                    "home_centers": list(p.home_centers),
                }
                for p in self.powers
            ],
            "provinces": [
                _province_json(p) for p in sorted(self.provinces.values(), key=lambda p: p.id)
            ],
            "coast_names": dict(self.coast_names),
            "army_edges": [list(e) for e in self.army_edges],
            "fleet_edges": [list(e) for e in self.fleet_edges],
            "convoy_coasts": sorted(self.convoy_coasts),
            "start": self.start,
        }


def _undirected(edges: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted({(a, b) if a <= b else (b, a) for a, b in edges}))


def _province_json(p: Province) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": p.id,
        "name": p.name,
        "type": p.terrain.value,
        "supply_center": p.supply_center,
        "home": p.home,
    }
    if p.coasts:
        out["coasts"] = list(p.coasts)
    out["aliases"] = list(p.aliases)
    return out


def map_from_json(data: Mapping[str, Any]) -> GameMap:
    """Build a map from its JSON form (the shape of ``maps/standard.json``)."""
    provinces = [
        Province(
            id=p["id"],
            name=p["name"],
            terrain=Terrain(p["type"]),
            supply_center=bool(p.get("supply_center", False)),
            home=p.get("home"),
            coasts=tuple(p.get("coasts", ())),
            aliases=tuple(p.get("aliases", ())),
            closed=bool(p.get("closed", False)),
        )
        for p in data["provinces"]
    ]
    powers = [
        Power(p["id"], p["name"], p.get("adjective", p["name"]), tuple(p["home_centers"]))
        for p in data["powers"]
    ]
    return GameMap(
        id=data["id"],
        name=data["name"],
        provinces=provinces,
        powers=powers,
        army_edges=[(a, b) for a, b in data["army_edges"]],
        fleet_edges=[(a, b) for a, b in data["fleet_edges"]],
        coast_names=data.get("coast_names", {}),
        start=data.get("start", {}),
        convoy_coasts=data.get("convoy_coasts", ()),
    )


_HERE = os.path.dirname(os.path.abspath(__file__))


@cache
def load_map(map_id: str) -> GameMap:
    """Load a map shipped in ``adjudicator/maps/`` by its id (``standard``).

    Raises:
        UnknownMap: if no such map file exists.
    """
    if not re.fullmatch(r"[a-z0-9_]+", map_id):
        raise UnknownMap(map_id)
    try:
        # A file beside this module (not importlib.resources: it costs the command line
        # some 8 ms of imports at every start).
        with open(os.path.join(_HERE, f"{map_id}.json"), encoding="utf-8") as file:
            text = file.read()
    except FileNotFoundError:
        raise UnknownMap(map_id) from None
    return map_from_json(json.loads(text))


class MapIndex:
    """A map's provinces numbered 0..n-1, and its adjacencies as bitsets over those
    numbers (bit ``p`` set: province ``p`` is a neighbour), so the resolver decides
    with list indexing and integer operations; names stay at the edges, where orders
    are read and results written."""

    __slots__ = (
        "army",
        "army_moves",
        "army_reach",
        "convoy",
        "fleet",
        "fleet_moves",
        "fleet_reach",
        "names",
        "number",
    )

    def __init__(self, geo: GameMap) -> None:
        #: Province number -> its id.
        self.names: tuple[str, ...] = tuple(geo.provinces)
        #: Province id -> its number.
        self.number: dict[str, int] = {p: n for n, p in enumerate(self.names)}
        number = self.number

        def bits(provinces: Iterable[str]) -> int:
            mask = 0
            for p in provinces:
                mask |= 1 << number[p]
            return mask

        #: Province number -> the provinces an army there may move to.
        self.army: tuple[int, ...] = tuple(bits(geo.army_adjacency.get(p, ())) for p in self.names)
        #: Province number -> the provinces joined to it by any fleet edge (coast-blind).
        self.fleet: tuple[int, ...] = tuple(
            bits(geo.fleet_province_adjacency.get(p, ())) for p in self.names
        )
        #: The provinces a fleet may convoy from.
        self.convoy: int = bits(geo.convoy_provinces)
        #: (unit location, destination as ordered) -> how the rules read that move, for
        #: armies and for fleets: filled by the resolver as moves are first read (a map's
        #: reading of a move never changes, and the same few hundred recur every phase).
        #: What a reading holds is the resolver's business (``resolution._read_move``).
        self.army_moves: dict[tuple[str, str], Any] = {}
        self.fleet_moves: dict[tuple[str, str], Any] = {}
        #: (unit location, province) -> the province's number if a unit of the kind there
        #: may support into it (:meth:`GameMap.reaches`, not its own province), else -1:
        #: filled as supports are first read, for the map's own provinces only.
        self.army_reach: dict[tuple[str, str], int] = {}
        self.fleet_reach: dict[tuple[str, str], int] = {}
