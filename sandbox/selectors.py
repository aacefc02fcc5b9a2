"""What the sandbox's pages read: a user's sandboxes, one sandbox by its owner or by its
read-only link, and one phase of it as its page shows it (the line of play through it,
its branches, every power's orders, the results)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from adjudicator import legal_orders
from games import visibility, wording
from games.pictures import phase_label
from sandbox.models import Sandbox, SandboxPhase
from sandbox.phases import branches_of, map_of, ordering_powers, phase_position
from variants.board import DrawnOrder, SeenPosition
from variants.registry import site_variant


def sandboxes_of(*, owner: AbstractBaseUser) -> QuerySet[Sandbox]:
    """``owner``'s sandboxes, the last changed first."""
    return Sandbox.objects.filter(owner=owner)


def owned_sandbox(*, user: AbstractBaseUser | AnonymousUser, sandbox_id: int) -> Sandbox | None:
    """The sandbox ``sandbox_id`` if ``user`` owns it; None for anyone else (who is told
    there is no such sandbox)."""
    if not user.is_authenticated:
        return None
    return Sandbox.objects.filter(pk=sandbox_id, owner=user).first()


def shared_sandbox(*, code: str) -> Sandbox | None:
    """The sandbox whose read-only link carries ``code``, for whoever holds the link."""
    return Sandbox.objects.filter(share_code=code).first() if code else None


def sandbox_page(
    *,
    sandbox: Sandbox,
    viewer: AbstractBaseUser | AnonymousUser,
    at: int | None = None,
) -> dict[str, Any]:
    """One phase of ``sandbox`` (``at``, a phase's id; else where it was last opened) as
    its page shows it: the phase with its orders and results, the line of play through it
    (back and forward), its branches, and where it was forked from (named only to a viewer
    who may see that game).

    Raises:
        SandboxPhase.DoesNotExist: the sandbox has no phase ``at``.
    """
    # The tree without its positions: small, and read once for the line and the branches.
    nodes = {
        n["pk"]: n
        for n in sandbox.phases.values("pk", "parent_id", "depth", "code", "adjudicated_at")
    }
    if at is not None and at not in nodes:
        raise SandboxPhase.DoesNotExist
    chosen = at or sandbox.head_id or min(nodes)
    phase = sandbox.phases.get(pk=chosen)
    children: dict[int | None, list[int]] = {}
    for pk, n in sorted(nodes.items()):
        children.setdefault(n["parent_id"], []).append(pk)
    line = _line(nodes, children, chosen)
    position = phase_position(phase)
    powers = ordering_powers(position)
    branches = branches_of(phase)
    at_index = line.index(chosen)
    return {
        "phase": phase,
        "name": _names(nodes, line)[at_index],
        "kind": position.phase.kind.value,
        "adjudicated": phase.is_adjudicated,
        "line": [
            {"pk": pk, "code": nodes[pk]["code"], "name": name, "current": pk == chosen}
            for pk, name in zip(line, _names(nodes, line), strict=True)
        ],
        "back": line[at_index - 1] if at_index > 0 else None,
        "forward": line[at_index + 1] if at_index + 1 < len(line) else None,
        "branches": [
            {
                "pk": b.pk,
                "number": n,
                "current": b.pk == phase.pk,
                "adjudicated": b.is_adjudicated,
                # Its orders, for a hint on the branch's link (which orders made it).
                "summary": "; ".join(
                    f"{wording.power_name(p)}: {o}" for p, given in b.orders.items() for o in given
                ),
            }
            for n, b in enumerate(branches, start=1)
        ],
        "powers": [
            {"power": p, "orders": list(phase.orders.get(p, [])), "units": _units(phase, p)}
            for p in powers
        ],
        "results": phase.results or [],
        "outcome": phase.outcome,
        "winner": phase.winner,
        "map_id": map_of(sandbox.variant),
        "example": _example(position, powers),
        "forked_from": _forked_from(sandbox, viewer),
        # For ordering by clicks on the board (every power's legal orders, by the province
        # of the unit or center they are for): an open phase of the play itself, not a
        # set-up phase (its lists, placements and picks are typed).
        "legal": {
            p: {
                where: [str(o) for o in options]
                for where, options in legal_orders(position, p).items()
            }
            for p in powers
        }
        if not phase.is_adjudicated and not position.phase.is_setup
        else {},
    }


def position_of(phase: SandboxPhase) -> SeenPosition:
    """The position ``phase`` goes in with, as its board shows it: the sandbox's own, all
    of it (games.visibility.scratch_position)."""
    stored = phase.position
    return visibility.scratch_position(
        stored={
            "units": stored.get("units", {}),
            "dislodged": stored.get("dislodged", {}),
            "centers": stored.get("centers", {}),
            "extras": stored.get("extras") or {},
            "phase": phase.code,
        }
    )


def board_of(page: dict[str, Any]) -> tuple[SeenPosition, list[DrawnOrder]]:
    """What the board shows of a page from :func:`sandbox_page`: the position going in
    (the sandbox's own, all of it: games.visibility.scratch_position), with the results
    once adjudicated, else the orders as they stand."""
    phase: SandboxPhase = page["phase"]
    position = position_of(phase)
    if phase.is_adjudicated:
        return position, [
            DrawnOrder(r["order"], r["result"], r.get("power")) for r in phase.results or []
        ]
    return position, [
        DrawnOrder(text, None, power) for power, texts in phase.orders.items() for text in texts
    ]


def _example(position: Any, powers: list[str]) -> str:
    """An order of this phase as it is written, to show how orders are typed here (a move
    in a movement phase, a sale on Kapitalisten's exchange, a pick in a draft)."""
    for power in powers:
        options = [str(o) for listed in legal_orders(position, power).values() for o in listed]
        moves = [o for o in options if " - " in o and " S " not in o and " C " not in o]
        if moves or options:
            return (moves or options)[0]
    return ""


def _line(nodes: dict[int, Any], children: dict[int | None, list[int]], at: int) -> list[int]:
    """The line of play through ``at``: the phases before it back to the start, and after
    it the one phase each adjudicated phase led to, to the last."""
    back: list[int] = []
    pk: int | None = at
    while pk is not None:
        back.append(pk)
        pk = nodes[pk]["parent_id"]
    line = back[::-1]
    while children.get(line[-1]):
        line.append(children[line[-1]][0])
    return line


def _names(nodes: dict[int, Any], line: list[int]) -> list[str]:
    """Each phase of the line in words, set-up phases that share a code told apart."""
    seen: dict[str, int] = {}
    names = []
    for pk in line:
        code = nodes[pk]["code"]
        seen[code] = seen.get(code, 0) + 1
        names.append(wording.phase_name(code, seen[code]))
    return names


def _units(phase: SandboxPhase, power: str) -> int:
    """How many units ``power`` has in the phase (dislodged ones included)."""
    stored = phase.position
    return len(stored.get("units", {}).get(power, [])) + len(
        stored.get("dislodged", {}).get(power, [])
    )


def _forked_from(
    sandbox: Sandbox, viewer: AbstractBaseUser | AnonymousUser
) -> dict[str, Any] | None:
    """The game phase the sandbox was forked from, for a viewer who may see that game (a
    read-only link's holder may not: then it is only said that it was forked)."""
    source = sandbox.forked_from
    if source is None:
        return None
    if not visibility.can_view_game(user=viewer, game=source.game):
        return {"game": None}
    return {
        "game": source.game,
        "index": source.index,
        "name": phase_label(source),
    }


def sandbox_state(
    *,
    sandbox: Sandbox,
    viewer: AbstractBaseUser | AnonymousUser,
    at: int | None = None,
    owner: bool,
) -> dict[str, Any]:
    """A sandbox as the API shows it: itself, its whole tree of phases, and one phase
    (``at``, else where it was last opened) as :func:`sandbox_page` reads it, its board in
    the shape of a game's phase in the game state API (``units``, ``dislodged``,
    ``centers``, ``orders``, ``results``, ``units_after`` ...). The owner (``owner``) also
    gets the read-only link's code and every power's legal orders; the link's holder
    neither.

    Raises:
        SandboxPhase.DoesNotExist: the sandbox has no phase ``at``.
    """
    page = sandbox_page(sandbox=sandbox, viewer=viewer, at=at)
    phase: SandboxPhase = page["phase"]
    stored = phase.position
    forked = page["forked_from"]
    board: dict[str, Any] = {
        "id": phase.pk,
        "parent": phase.parent_id,
        "depth": phase.depth,
        "code": phase.code,
        "name": page["name"],
        "kind": page["kind"],
        "setup": phase.phase.is_setup,
        "adjudicated": phase.is_adjudicated,
        "units": stored.get("units", {}),
        "dislodged": stored.get("dislodged", {}),
        "centers": stored.get("centers", {}),
        "extras": stored.get("extras") or {},
        "to_order": [p["power"] for p in page["powers"]],
        "orders": {p: list(o) for p, o in phase.orders.items()},
        "legal": page["legal"] if owner else {},
        "back": page["back"],
        "forward": page["forward"],
        "outcome": phase.outcome,
        "winner": phase.winner,
    }
    if phase.is_adjudicated:
        after = phase.position_after or {}
        board["results"] = page["results"]
        board["units_after"] = after.get("units", {})
        board["centers_after"] = after.get("centers", {})
        board["dislodged_after"] = after.get("dislodged", {})
    return {
        "sandbox": {
            "id": sandbox.pk,
            "title": sandbox.title,
            "variant": sandbox.variant,
            "variant_name": str(site_variant(sandbox.variant).name),
            "options": stored.get("options") or {},
            "created_at": sandbox.created_at,
            "updated_at": sandbox.updated_at,
            "head": sandbox.head_id,
            "share_code": sandbox.share_code if owner else None,
            "forked_from": None
            if forked is None
            else {
                "game": forked["game"].pk if forked["game"] else None,
                "phase": forked.get("index"),
                "name": forked.get("name"),
            },
        },
        "phases": [
            {
                "id": n["pk"],
                "parent": n["parent_id"],
                "depth": n["depth"],
                "code": n["code"],
                "adjudicated": n["adjudicated_at"] is not None,
            }
            for n in sandbox.phases.values("pk", "parent_id", "depth", "code", "adjudicated_at")
        ],
        "line": [{"id": n["pk"], "code": n["code"], "name": n["name"]} for n in page["line"]],
        "branches": [
            {"id": b["pk"], "number": b["number"], "adjudicated": b["adjudicated"]}
            for b in page["branches"]
        ],
        "phase": board,
    }
