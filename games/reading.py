"""Reading orders as players write them: each order's canonical text, or what is wrong
with it in the reader's words, and whether the game's variant reads orders strictly (a
faulty order saved as written, void when adjudicated). Services save orders through here;
selectors show the faults of saved ones."""

from __future__ import annotations

from adjudicator import ParseError, Position, check_order, find_variant
from adjudicator.orders import order_slot
from games import wording
from games.models import Game
from variants.registry import site_side


def order_read(position: Position, power: str, text: str) -> tuple[str | None, str | None]:
    """One order as the adjudicator reads it for ``power`` in ``position``: its canonical
    text, or (None and) why it cannot be read or is not allowed, in the reader's words."""
    variant = find_variant(position.variant)
    try:
        order = variant.read_order(text, position=position, power=power)
    except ParseError as e:
        return None, wording.parse_problem(e, variant.map_id)
    problem = check_order(position, power, order)
    if problem is not None:
        return str(order), wording.explanation(problem, variant.map_id)
    return str(order), None


def order_problems(
    *, position: Position, power: str, orders: list[str], keep_faulty: bool = False
) -> tuple[list[str], list[dict[str, str]]]:
    """Canonical texts of the orders, and a list of problems (order, message). With
    ``keep_faulty`` a faulty order stays in the texts, exactly as written, in its place
    (a variant that reads orders strictly: it is void when adjudicated)."""
    canonical: list[str] = []
    problems: list[dict[str, str]] = []
    for text in orders:
        if not isinstance(text, str) or not text.strip():
            continue
        order, problem = order_read(position, power, text)
        if problem is not None:
            problems.append({"order": str(text), "message": problem})
            if keep_faulty:
                canonical.append(" ".join(text.split()))
        elif order is not None:
            canonical.append(order)
    return canonical, problems


def orders_in_slots(position: Position, power: str, texts: list[str]) -> list[str]:
    """``texts`` (canonical, in the order given) with each replaced by a later one for the
    same slot: a unit's later order replaces its earlier, a vote the earlier vote, a
    variant's order of a kind about a place the earlier one there; orders that take no
    slot (a waived build, a purchase, a variant's second unit of a kind) all stand, as do faulty
    ones a strict variant keeps as written."""
    variant = find_variant(position.variant)
    by_slot: dict[str, str] = {}
    for n, text in enumerate(texts):
        try:
            slot = order_slot(variant.read_order(text, position=position, power=power))
        except ParseError:
            slot = None
        by_slot[slot if slot is not None else f"order-{n}"] = text
    return list(by_slot.values())


def orders_excess(position: Position, power: str, orders: list[str]) -> tuple[str, str] | None:
    """What makes ``power``'s readable ``orders`` together more than the rules allow (two
    builds where one is due, a longer list of a set-up), as (the reader's words, the
    variant's reason code); None when nothing does. The variant says what is excess."""
    variant = find_variant(position.variant)
    parsed = [variant.read_order(t, position=position, power=power) for t in orders]
    excess = variant.order_set_excess(position, power, parsed)
    if excess is None:
        return None
    reason, params = excess
    message = wording.result_sentence(reason.value, params, variant.map_id) or reason.value
    return message, reason.value


def orders_read_strictly(game: Game) -> bool:
    """Does ``game``'s variant read orders strictly (``SiteVariant.strict_orders``): a faulty order
    is saved as written and void when adjudicated, never refused nor rewritten?"""
    return site_side(game.variant).strict_orders


def order_faults(
    *, game: Game, position: Position, power: str, orders: list[str]
) -> dict[str, str]:
    """The saved orders of a strict variant that are faulty, each with what is wrong (in
    the reader's language): they stand as written and are void when adjudicated."""
    if not orders_read_strictly(game):
        return {}
    _canonical, problems = order_problems(position=position, power=power, orders=orders)
    return {p["order"]: p["message"] for p in problems}
