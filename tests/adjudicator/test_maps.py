"""The standard map: our own data file, checked for sense and against DPjudge's.

The cross-check reads ``dpjudge/standard.geography`` beside this file (public
DPjudge data, MIT, copied verbatim: see dpjudge/SOURCE.md), and derives army
and fleet adjacency from it with DPjudge's documented conventions: an
upper-case neighbour can be reached by fleets where terrain allows, a
lower-case one by armies only.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator import UnitKind, find_variant, load_map
from adjudicator.maps import Terrain

GEOGRAPHY = Path(__file__).resolve().parent / "dpjudge" / "standard.geography"
MAP = load_map("standard")


def test_province_counts() -> None:
    provinces = MAP.provinces.values()
    assert len(provinces) == 76  # 75 and impassable Switzerland
    assert [p.id for p in provinces if p.terrain is Terrain.IMPASSABLE] == ["swi"]
    assert sum(p.is_sea for p in provinces) == 19
    assert sum(p.terrain is Terrain.LAND for p in provinces) == 14
    assert sum(p.terrain is Terrain.COAST for p in provinces) == 42
    assert len(MAP.supply_centers) == 34


def test_split_coasts() -> None:
    coasts = sorted(loc for loc in MAP.locations if "/" in loc)
    assert coasts == ["bul/ec", "bul/sc", "spa/nc", "spa/sc", "stp/nc", "stp/sc"]
    for loc in coasts:
        assert MAP.province(loc).terrain is Terrain.COAST
        assert MAP.fleet_neighbours(loc), loc
    # A fleet never stands on the bare province of a split coast.
    for province in ("bul", "spa", "stp"):
        assert not MAP.fleet_neighbours(province)


def test_home_centers() -> None:
    homes = {p.id: set(p.home_centers) for p in MAP.powers}
    assert homes["russia"] == {"mos", "sev", "stp", "war"}
    assert sum(len(h) for h in homes.values()) == 22
    for power, centers in homes.items():
        for c in centers:
            assert MAP.provinces[c].supply_center
            assert MAP.provinces[c].home == power


@pytest.mark.parametrize(
    ("alias", "location"),
    [
        ("mao", "mao"),
        ("mid", "mao"),
        ("nao", "nao"),
        ("nat", "nao"),
        ("nwg", "nwg"),
        ("nrg", "nwg"),
        ("lyo", "lyo"),
        ("gol", "lyo"),
        ("eng", "eng"),
        ("ech", "eng"),
        ("bot", "bot"),
        ("gob", "bot"),
        ("tys", "tys"),
        ("tyn", "tys"),
        ("North Sea", "nth"),
        ("mid-atlantic ocean", "mao"),
        ("St Petersburg", "stp"),
        ("St. Petersburg (south coast)", "stp/sc"),
        ("stp(sc)", "stp/sc"),
        ("Spain/nc", "spa/nc"),
        ("bulgaria (east coast)", "bul/ec"),
        ("LONDON", "lon"),
    ],
)
def test_names_and_aliases(alias: str, location: str) -> None:
    assert MAP.lookup(alias) == location


def test_edges_join_real_locations_and_terrain_fits() -> None:
    for a, b in MAP.army_edges:
        assert MAP.provinces[a].is_land, (a, b)
        assert MAP.provinces[b].is_land, (a, b)
    for a, b in MAP.fleet_edges:
        assert a in MAP.locations, (a, b)
        assert b in MAP.locations, (a, b)
        for loc in (a, b):
            assert MAP.province(loc).terrain in (Terrain.SEA, Terrain.COAST), loc
            assert not MAP.province(loc).coasts or "/" in loc, loc


def test_adjacency_is_symmetric() -> None:
    for loc in MAP.locations:
        for other in MAP.fleet_neighbours(loc):
            assert loc in MAP.fleet_neighbours(other)
    for p in MAP.provinces:
        for other in MAP.army_neighbours(p):
            assert p in MAP.army_neighbours(other)


def test_start_position_is_on_the_map() -> None:
    start = find_variant("standard").initial_position()
    assert len(start.units) == 22
    assert str(start.phase) == "S1901M"
    for unit in start.units:
        assert unit.location in MAP.locations
        province = MAP.province(unit.location)
        if unit.kind is UnitKind.ARMY:
            assert province.is_land
        else:
            assert MAP.fleet_neighbours(unit.location)
    assert {u.location for u in start.units if u.power == "russia"} == {
        "mos",
        "sev",
        "stp/sc",
        "war",
    }
    assert len(start.ownership) == 22


def _dpjudge_adjacency() -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """Army and fleet edges as DPjudge's geography file describes them."""
    terrain: dict[str, str] = {}
    abuts: dict[str, list[str]] = {}
    for line in GEOGRAPHY.read_text("utf-8").splitlines():
        m = re.match(r"^(WATER|COAST|LAND|SHUT)\s+(\S+)\s+ABUTS\s+(.*)$", line)
        if m:
            terrain[m[2].lower()] = m[1]
            abuts[m[2].lower()] = m[3].split()
    canonical = {"mid": "mao", "nat": "nao", "nrg": "nwg", "gol": "lyo"}

    def fix(loc: str) -> str:
        province, _, coast = loc.partition("/")
        province = canonical.get(province, province)
        return f"{province}/{coast}" if coast else province

    split = {loc.split("/")[0] for loc in terrain if "/" in loc}
    army: set[tuple[str, str]] = set()
    fleet: set[tuple[str, str]] = set()
    for here, neighbours in abuts.items():
        if terrain[here] == "SHUT":
            continue
        for n in neighbours:
            there = n.lower()
            there_province = there.split("/")[0]
            if terrain.get(there_province) == "SHUT":
                continue
            pair = tuple(sorted((fix(here), fix(there))))
            if "/" not in here and terrain[here] != "WATER" and terrain[there_province] != "WATER":
                army.add(
                    (fix(here), fix(there_province))
                    if fix(here) < fix(there_province)
                    else (fix(there_province), fix(here))
                )
            fleet_capable = terrain[here] != "LAND" and terrain[there_province] != "LAND"
            if fleet_capable and (n.isupper() or "/" in n):
                if here in split or there in split:
                    continue  # the bare province of a split coast takes no fleet
                fleet.add((pair[0], pair[1]))
    return army, fleet


def test_adjacency_matches_dpjudge() -> None:
    army, fleet = _dpjudge_adjacency()
    ours_army = set(MAP.army_edges)
    ours_fleet = set(MAP.fleet_edges)
    assert ours_army == army, (sorted(ours_army - army), sorted(army - ours_army))
    assert ours_fleet == fleet, (sorted(ours_fleet - fleet), sorted(fleet - ours_fleet))


def test_map_json_round_trip() -> None:
    from adjudicator.maps import map_from_json

    again = map_from_json(MAP.to_json())
    assert again.army_edges == MAP.army_edges
    assert again.fleet_edges == MAP.fleet_edges
    assert again.provinces == MAP.provinces


def test_the_move_readings_a_map_keeps_are_of_its_own_places() -> None:
    """The resolver keeps how each move reads on the map's index (issue 40), for its own
    places only: an order a caller makes up with a place the map lacks is read every time
    and kept nowhere, so the table stays as small as the map."""
    from adjudicator import resolve
    from adjudicator.orders import Move, Support, UnitRef

    variant = find_variant("standard")
    index = variant.map.index
    army = UnitRef(UnitKind.ARMY, "par")
    for _ in range(2):
        after = resolve(
            variant.initial_position(), {"france": [Move(army, "nowhere"), Move(army, "bur")]}
        )
        assert after.position.unit_in("bur") is not None  # the later order replaced it
        odd = resolve(variant.initial_position(), {"france": [Move(army, "nowhere")]})
        assert [r.reason.value for r in odd.results if r.reason is not None] == ["cannot_enter"]
    assert ("par", "nowhere") not in index.army_moves
    assert index.army_moves[("par", "bur")][:3] == ("bur", "bur", index.number["bur"])
    # So with the provinces a support is read into.
    marseilles = UnitRef(UnitKind.ARMY, "mar")
    for dest in ("nowhere", "bur"):
        support = resolve(
            variant.initial_position(),
            {"france": [Support(army, marseilles, dest), Move(marseilles, "bur")]},
        )
        words = [r.reason.value for r in support.results if r.reason is not None]
        assert words == (["support_unreachable"] if dest == "nowhere" else [])
    assert ("par", "nowhere") not in index.army_reach
    assert index.army_reach[("par", "bur")] == index.number["bur"]
