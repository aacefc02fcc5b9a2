"""Write docs/examples/kapitalisten/: a game's first five phases, one per phase kind, each
an input and the output the adjudicator gives for it. Run from the repository root after
changing the variant: ``python tools/kapitalisten_examples.py``; the test
tests/adjudicator/test_kapitalisten_examples.py fails while they are out of date."""

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from adjudicator import find_variant, resolve, start
from adjudicator.board import Unit, UnitKind, sort_units
from adjudicator.io import position_to_json, resolve_json

v = find_variant("kapitalisten")
out = pathlib.Path(__file__).resolve().parent.parent / "docs/examples/kapitalisten"
out.mkdir(parents=True, exist_ok=True)


def save(name, position, orders, seed=0):
    data = position_to_json(position)
    data["orders"] = orders
    data["seed"] = seed
    (out / f"{name}.input.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    result = resolve_json(json.loads(json.dumps(data)))
    (out / f"{name}.output.json").write_text(
        json.dumps(result, indent=1, ensure_ascii=False) + "\n"
    )
    return resolve(position, orders, seed=seed).position


p0 = start(v, {"players": 8})
p1 = save(
    "1-exchange-W1900X",
    p0,
    {
        "investor-1": ["sell 500 france", "buy 400 russia"],
        "investor-2": ["sell 300 italy", "buy 300 turkey"],
    },
)
# Spring: a German attack on a French army in Burgundy, and the investors trade.
units = [*p1.units, Unit("germany", UnitKind.ARMY, "ruh"), Unit("france", UnitKind.ARMY, "bur")]
p1b = p1.with_changes(units=sort_units(units))
p2 = save(
    "2-movement-S1901M",
    p1b,
    {
        "germany": ["A mun - bur", "A ruh S A mun - bur"],
        "russia": ["F sev - rum"],
        "investor-1": ["sell 200 austria", "buy 100 russia"],
        "investor-2": ["sell 500 england", "buy 900 germany"],
    },
)
assert str(p2.phase) == "S1901R", p2.phase
p3 = save("3-retreats-S1901R", p2, {"france": ["A bur R pic"]})
p4 = save(
    "4-movement-F1901M",
    p3,
    {"russia": ["A war - gal", "F rum H"], "investor-1": ["buy 200 russia"]},
)
assert str(p4.phase) == "W1901A", p4.phase
save("5-adjustments-W1901A", p4, {"russia": ["A mos B"]})
