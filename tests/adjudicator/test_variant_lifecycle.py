"""The Variant's lifecycle reads in one table: base.py's docstring names every hook the
resolver asks, in the order resolve() asks them."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from adjudicator import game
from adjudicator.variants import Variant, base

ROOT = Path(__file__).resolve().parents[2]
#: The modules that resolve a phase (and list its legal orders) by asking the variant.
RESOLVER = ("adjudicator/game.py", "adjudicator/resolution.py", "adjudicator/legal.py")


def _asked(source: str) -> list[str]:
    """The hooks a source asks the variant, in the order it first names them."""
    names = re.findall(r"\bvariant\.([a-z_]+)", source)
    return [n for i, n in enumerate(names) if n not in names[:i] and hasattr(Variant, n)]


def test_the_table_names_every_hook_the_resolver_asks() -> None:
    doc = base.__doc__ or ""
    for path in RESOLVER:
        for hook in _asked((ROOT / path).read_text("utf-8")):
            if hook in ("map", "id", "name", "powers"):  # the variant's identity, no hook
                continue
            assert re.search(rf"\b{hook}\b", doc), f"{path} asks {hook}, the table omits it"


def test_the_table_lists_a_core_phase_s_hooks_in_the_order_resolve_asks_them() -> None:
    doc = base.__doc__ or ""
    steps = (
        "orders_in_force",
        "standing_orders",
        "steps_after_moves",
        "changes_ownership_after",
        "update_ownership",
        "after_phase",
        "phase_after",
        "events_opening_phase",
    )
    asked = [h for h in _asked(inspect.getsource(game._resolve)) if h in steps]
    assert asked == list(steps)
    table = doc[doc.index("orders_in_force(") :]
    assert sorted(steps, key=lambda h: table.index(f"{h}(")) == list(steps)


def test_the_hooks_are_named_for_what_they_do() -> None:
    """The steps after the moves and the events opening a phase say so; neither is named
    like the site's phase_open, which opens a GamePhase row."""
    assert callable(Variant.steps_after_moves)
    assert callable(Variant.events_opening_phase)
    assert not hasattr(Variant, "own_orders")
    assert not hasattr(Variant, "open_phase")
