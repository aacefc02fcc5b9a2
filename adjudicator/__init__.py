"""A Diplomacy adjudicator: the 2000 rulebook with the DATC's preferred choices.

A pure library (standard library only) with a JSON command line, ``python -m
adjudicator``. Positions are immutable values; :func:`resolve` takes a
position and orders and returns the next position and every order's result.
"""

from adjudicator.board import (
    DislodgedUnit,
    FrozenMap,
    Phase,
    PhaseKind,
    Position,
    Season,
    Unit,
    UnitKind,
)
from adjudicator.errors import (
    AdjudicatorError,
    ParseError,
    PositionError,
    UnknownMap,
    UnknownVariant,
)
from adjudicator.game import Resolution, check_order, resolve, start
from adjudicator.legal import expand_legal, legal_orders, legal_orders_compact
from adjudicator.maps import GameMap, Province, load_map
from adjudicator.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    UnitRef,
    Waive,
    parse_order,
)
from adjudicator.results import OrderResult, Outcome, Reason
from adjudicator.variants import VARIANTS, Variant, find_variant

__all__ = [
    "VARIANTS",
    "AdjudicatorError",
    "Build",
    "Convoy",
    "Disband",
    "DislodgedUnit",
    "FrozenMap",
    "GameMap",
    "Hold",
    "Move",
    "Order",
    "OrderResult",
    "Outcome",
    "ParseError",
    "Phase",
    "PhaseKind",
    "Position",
    "PositionError",
    "Province",
    "Reason",
    "Resolution",
    "Retreat",
    "Season",
    "Support",
    "Unit",
    "UnitKind",
    "UnitRef",
    "UnknownMap",
    "UnknownVariant",
    "Variant",
    "Waive",
    "check_order",
    "expand_legal",
    "find_variant",
    "legal_orders",
    "legal_orders_compact",
    "load_map",
    "parse_order",
    "resolve",
    "start",
]
