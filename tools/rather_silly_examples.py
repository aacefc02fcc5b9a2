"""Write docs/examples/rather_silly/: a game's first phases, one per phase kind, each an
input and the output the adjudicator gives for it: the llamas' winter (herds and the first
vote), a spring where the Borg appears and the hyperspace link is used, its retreats, a fall
where a sea monster moves and llamas explode, and the winter's adjustments; then, with the
roles, the Superbrain's question asked, judged right and judged nobody's. Run from the
repository root after changing the variant: ``python tools/rather_silly_examples.py``; the
test tests/adjudicator/test_rather_silly_examples.py fails while they are out of date."""

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from adjudicator import find_variant, resolve, start
from adjudicator.board import Unit, UnitKind, sort_units
from adjudicator.io import position_to_json, resolve_json

v = find_variant("rather_silly")
out = pathlib.Path(__file__).resolve().parent.parent / "docs/examples/rather_silly"
out.mkdir(parents=True, exist_ok=True)
for old in out.glob("*.json"):
    old.unlink()


def save(name, position, orders, seed):
    data = position_to_json(position)
    data["orders"] = orders
    data["seed"] = seed
    (out / f"{name}.input.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    result = resolve_json(json.loads(json.dumps(data)))
    (out / f"{name}.output.json").write_text(
        json.dumps(result, indent=1, ensure_ascii=False) + "\n"
    )
    return resolve(position, orders, seed=seed).position


p0 = start(v, {})
p1 = save(
    "1-llamas-W1900L",
    p0,
    {
        "england": ["herd nth", "herd yor", "herd wal", "vote lon - bel"],
        "germany": ["herd sil", "herd pru", "herd tyr", "vote lon - bel"],
        "france": ["herd gas", "herd bur", "herd pic", "vote par - mun"],
    },
    seed=11,
)
# Spring: a Russian attack on an Austrian army in Rumania and a German one on a French
# army in Burgundy (the four armies added by hand). The Borg goes for one of the fights;
# the other leaves a unit to retreat.
units = [
    *p1.units,
    Unit("russia", UnitKind.ARMY, "ukr"),
    Unit("austria", UnitKind.ARMY, "rum"),
    Unit("germany", UnitKind.ARMY, "ruh"),
    Unit("france", UnitKind.ARMY, "bur"),
]
p1 = p1.with_changes(units=sort_units(units))
p2 = save(
    "2-movement-S1901M",
    p1,
    {
        "england": ["A lvp - yor", "F lon - bel", "F edi - nth", "vote kie - swe"],
        "france": ["A par - pic", "F bre - mao"],
        "germany": [
            "A mun - bur",
            "A ruh S A mun - bur",
            "F kie - den",
            "A ber - kie",
            "vote kie - swe",
        ],
        "austria": ["A vie - tri", "F tri - alb", "A bud - ser"],
        "italy": ["A ven - tyr", "F nap - ion", "A rom - apu"],
        "russia": ["A ukr - rum", "F sev S A ukr - rum", "A war - gal", "F stp/sc - bot"],
        "turkey": ["F ank - bla", "A con - bul", "A smy - arm"],
    },
    seed=12,
)
phase = str(p2.phase)
if phase.endswith("R"):
    retreats = {
        d.unit.power: [f"{d.unit.kind.value} {d.unit.location} R {sorted(d.retreats)[0]}"]
        for d in p2.dislodged
        if d.retreats and d.unit.power != "monster"
    }
    p3 = save(f"3-retreats-{phase}", p2, retreats, seed=13)
else:
    p3 = p2
p4 = save(
    f"4-movement-{p3.phase}",
    p3,
    {
        "germany": ["explode tyr", "A kie - hol"],
        "england": ["F nth - nwy", "explode yor"],
        "russia": ["F bot - swe"],
        "italy": ["A tyr - mun"],
    },
    seed=14,
)
if str(p4.phase).endswith("R"):
    p4 = resolve(p4, {}, seed=15).position
if str(p4.phase).endswith("A"):
    builds = {}
    for power in v.powers:
        delta = v.adjustment(p4, power)
        sites = v.build_sites(p4, power)
        if delta > 0 and sites:
            builds[power] = [f"A {sites[0]} B"]
    save(f"5-adjustments-{p4.phase}", p4, builds, seed=16)

# The roles (option "roles"): the Superbrain asks in the spring; in the fall France and the
# Fortune-teller reply and the game master's judgement comes in extras.decisions (a host
# adds it as it resolves the phase): both right, so France earns half a share and the
# Fortune-teller a third prediction (extras.shares, extras.third_prediction). The next
# spring nobody is judged right (the empty answer): extras.places_due counts the unit the
# Superbrain may place; France, whose shares make a whole one (set by hand), buys an extra
# army in Paris, kept as "extra" in extras.kinds.
r0 = start(v, {"roles": True})
r1 = resolve(r0, {}, seed=21).position
r2 = save(
    f"6-roles-{r1.phase}",
    r1,
    {
        "superbrain": ["ask Which is the highest hill of Hanover?", "answer Brocken"],
        "france": ["A par - bur"],
    },
    seed=22,
)
if str(r2.phase).endswith("R"):
    r2 = resolve(r2, {}, seed=23).position
r2 = r2.with_changes(
    extras={**r2.extras, "decisions": {"superbrain S1901": "fortune_teller,france"}}
)
r3 = save(
    f"7-roles-{r2.phase}",
    r2,
    {
        "france": ["reply The Brocken"],
        "fortune_teller": ["reply Brocken"],
        "germany": ["reply Monte Muello"],
        "superbrain": ["ask How many supply centers has the board?", "answer 34"],
    },
    seed=24,
)
while not str(r3.phase).startswith("S1902M"):
    r3 = resolve(r3, {}, seed=25).position
shares = dict(r3.extras.get("shares") or {})
r3 = r3.with_changes(
    extras={
        **r3.extras,
        "decisions": {"superbrain F1901": ""},
        "shares": {**shares, "france": "1"},
    }
)
save(
    f"8-roles-{r3.phase}",
    r3,
    {"germany": ["reply 42"], "france": ["extra A par"]},
    seed=26,
)
