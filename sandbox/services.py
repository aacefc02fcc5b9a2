"""The sandbox's verbs: make one from a variant's start or fork one from a game's phase
(only what the forking user may see of it), save and adjudicate every power's orders at
once (a branch when the phase was adjudicated before), and delete one.

Adjudication is immediate and synchronous, by the same adjudicator and the same readers
of orders as a game's; nothing here writes to games' tables. Only the owner writes: every
verb takes the acting user and refuses anyone else (the views answer them 404 before)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F, Sum
from django.template.defaultfilters import filesizeformat
from django.utils import timezone
from django.utils.translation import gettext as _

from adjudicator import AdjudicatorError, find_variant, resolve, start
from adjudicator.io import position_from_json, position_to_json
from core.errors import ApplicationError
from games import wording
from games.export import phase_export
from games.models import GamePhase
from games.positions import game_end, result_rows
from games.reading import order_problems, orders_excess, orders_in_slots
from sandbox.models import Sandbox, SandboxAllowance, SandboxPhase
from sandbox.phases import branches_of, ordering_powers, phase_position, sandbox_variants
from variants.registry import options_checked, site_variant

#: Orders as the owner gives them: each power's texts (one order each), by power.
OrdersIn = Mapping[str, Sequence[str]]

#: Limits that keep one user from filling the database or keeping a worker busy: the
#: sandboxes one may keep, the phases (branches included) one sandbox may grow to, and the
#: lines read for one power at once (a board has 34 supply centers: no power needs more).
MAX_SANDBOXES_PER_OWNER = 200
MAX_PHASES_PER_SANDBOX = 2000
MAX_ORDERS_PER_POWER = 100
#: And the bytes one owner's phases may store in all (SandboxPhase.size), since the two
#: limits above multiply to 400,000 phases, about 0.9 GB for one account. An adjudicated
#: phase of the standard board stores about 2.2 KB (Kapitalisten's a few times that): 50 MB
#: is over 20,000 of them, a hundred long games with every branch tried, far beyond what
#: one player studies, and a twentieth of what one account could fill before.
MAX_STORED_BYTES_PER_OWNER = 50 * 1024 * 1024


class NotOwner(ApplicationError):
    """Someone other than its owner tried to change a sandbox (a read-only link's holder,
    a stranger): the sandbox's one refusal for every verb."""

    code = "not_owner"

    def __init__(self) -> None:
        super().__init__(_("Only the sandbox's owner may change it."))


def _own(sandbox: Sandbox, user: AbstractBaseUser) -> None:
    if not user.is_authenticated or sandbox.owner_id != user.pk:
        raise NotOwner


def _allowance(owner_id: int) -> SandboxAllowance:
    """The owner's allowance row (made the first time), locked until the transaction ends.

    Every verb that adds a sandbox or a phase, or changes what one stores, takes it before
    any sandbox's or phase's row (one order of locks, no deadlock): the owner's requests
    then check and fill the limits one at a time, where counting without it let
    concurrent creates each see room for one more (250 at once left 201 of 200)."""
    SandboxAllowance.objects.bulk_create(
        [SandboxAllowance(owner_id=owner_id)], ignore_conflicts=True
    )
    return SandboxAllowance.objects.select_for_update().get(owner_id=owner_id)


def _room_for_one_more(owner_id: int) -> None:
    """Refuse a sandbox beyond :data:`MAX_SANDBOXES_PER_OWNER` (counted under the
    owner's allowance lock, so exactly)."""
    if Sandbox.objects.filter(owner_id=owner_id).count() >= MAX_SANDBOXES_PER_OWNER:
        raise ApplicationError(
            _("You have %(n)d sandboxes, as many as one may keep: delete one first.")
            % {"n": MAX_SANDBOXES_PER_OWNER}
        )


def _charge(allowance: SandboxAllowance, *phases: SandboxPhase) -> None:
    """Size ``phases`` as they are about to be saved and count what they store beyond what
    they stored before against the owner's allowance (the caller saves them).

    Raises:
        ApplicationError: they would take the owner's sandboxes past
            :data:`MAX_STORED_BYTES_PER_OWNER`; the transaction then writes nothing.
    """
    grown = 0
    for phase in phases:
        size = phase.stored_size()
        grown += size - phase.size
        phase.size = size
    if grown > 0 and allowance.stored_bytes + grown > MAX_STORED_BYTES_PER_OWNER:
        raise ApplicationError(
            _(
                "Your sandboxes take all the room one account may have (%(limit)s): "
                "delete one you no longer need first."
            )
            % {"limit": filesizeformat(MAX_STORED_BYTES_PER_OWNER)},
            {"reason_code": "sandbox_storage_full"},
        )
    if grown:
        SandboxAllowance.objects.filter(pk=allowance.pk).update(
            stored_bytes=F("stored_bytes") + grown
        )
        allowance.stored_bytes += grown


@transaction.atomic
def sandbox_create(
    *,
    owner: AbstractBaseUser,
    variant_id: str,
    title: str = "",
    options: Mapping[str, Any] | None = None,
) -> Sandbox:
    """A new sandbox of ``owner``'s at the start of ``variant_id`` with these rule choices
    (the variant's defaults for those left out; checked as a game's are), with its first
    phase open and every power's orders to give.

    Raises:
        ApplicationError: the variant is not one a sandbox may start from, or the options
            are not the variant's (``extra["field"]`` names the one at fault).
    """
    if variant_id not in {v.id for v in sandbox_variants()}:
        raise ApplicationError(_("There is no such variant."))
    variant = find_variant(variant_id)
    checked = options_checked(variant, options)
    allowance = _allowance(owner.pk)
    _room_for_one_more(owner.pk)
    sandbox = Sandbox.objects.create(
        owner=owner, variant=variant.id, title=title.strip() or str(site_variant(variant.id).name)
    )
    seed = sandbox.seed_at(0)
    try:
        first = start(variant, checked, seed=seed)
    except AdjudicatorError as e:  # options that pass alone but not on this map
        raise ApplicationError(
            _("The variant's options are not valid: %(problem)s") % {"problem": str(e)}
        ) from None
    root = SandboxPhase(
        sandbox=sandbox, code=str(first.phase), position=position_to_json(first), seed=seed
    )
    _charge(allowance, root)
    root.save()
    sandbox.head = root
    sandbox.save(update_fields=["head"])
    return sandbox


@transaction.atomic
def sandbox_fork(*, user: AbstractBaseUser, phase: GamePhase, title: str = "") -> Sandbox:
    """A new sandbox of ``user``'s starting at a game's phase, with what ``user`` may see
    of it and nothing more (games.export: its visibility rules): the position going in
    without the variant's secrets he may not read, the orders he may read (of an open
    phase: his own alone), and the phase's seed only once it was adjudicated (an open
    phase's seed would tell its random events in advance: the sandbox draws its own).

    Raises:
        ApplicationError: ``user`` may not see the game.
    """
    if not user.is_authenticated:
        raise ApplicationError(_("Log in to fork a phase into a sandbox."))
    allowance = _allowance(user.pk)
    _room_for_one_more(user.pk)
    try:
        seen = phase_export(user=user, phase=phase)
    except PermissionError:
        raise ApplicationError(_("There is no such game.")) from None
    given = dict(seen["position"])
    orders: Any = given.pop("orders", {}) or {}
    seed: Any = given.pop("seed", None)
    try:
        position, _none = position_from_json(given)
    except AdjudicatorError as e:  # stored data the adjudicator no longer reads
        raise ApplicationError(
            _("This phase cannot be forked: %(problem)s") % {"problem": str(e)}
        ) from None
    game = phase.game
    sandbox = Sandbox.objects.create(
        owner=user,
        variant=position.variant,
        title=title.strip() or f"{game.name}: {seen['name']}"[:100],
        forked_from=phase,
    )
    if not isinstance(seed, int):
        seed = sandbox.seed_at(0)
    powers = set(ordering_powers(position))
    root = SandboxPhase(
        sandbox=sandbox,
        code=str(position.phase),
        position=position_to_json(position),
        seed=seed,
        orders={p: list(o) for p, o in sorted(orders.items()) if p in powers and o},
    )
    _charge(allowance, root)
    root.save()
    sandbox.head = root
    sandbox.save(update_fields=["head"])
    return sandbox


def orders_read(phase: SandboxPhase, orders: OrdersIn) -> dict[str, list[str]]:
    """Every power's orders for ``phase`` read as a game reads one power's: canonical
    texts, a later order for a unit replacing an earlier one, faulty ones kept as written
    where the variant reads strictly (Kapitalisten). Powers with none are left out.

    Raises:
        ApplicationError: some orders cannot be read or are not allowed, or together give
            more than the rules allow; ``extra["problems"]`` lists each, with its power.
    """
    position = phase_position(phase)
    powers = ordering_powers(position)
    unknown = sorted(set(orders) - set(powers))
    if unknown:
        raise ApplicationError(
            _("%(power)s has no orders to give in this phase.")
            % {"power": wording.power_name(unknown[0])}
        )
    strict = site_variant(position.variant).strict_orders
    read: dict[str, list[str]] = {}
    problems: list[dict[str, str]] = []
    for power in powers:
        texts = [t for t in orders.get(power, ()) if isinstance(t, str) and t.strip()]
        if not texts:
            continue
        if len(texts) > MAX_ORDERS_PER_POWER:
            problems.append(
                {
                    "power": power,
                    "order": "",
                    "message": _("More than %(n)d orders: no power has that many to give.")
                    % {"n": MAX_ORDERS_PER_POWER},
                }
            )
            continue
        canonical, found = order_problems(
            position=position, power=power, orders=texts, keep_faulty=strict
        )
        if not strict:
            problems.extend({"power": power, **p} for p in found)
        kept = orders_in_slots(position, power, canonical)
        faulty = {" ".join(p["order"].split()) for p in found}
        excess = orders_excess(position, power, [t for t in kept if t not in faulty])
        if excess is not None:
            problems.append({"power": power, "order": "", "message": excess[0]})
        read[power] = kept
    if problems:
        raise ApplicationError(_("Some orders were not accepted."), {"problems": problems})
    return read


@transaction.atomic
def sandbox_orders_save(
    *, user: AbstractBaseUser, phase: SandboxPhase, orders: OrdersIn
) -> SandboxPhase:
    """Keep every power's orders for an open phase of the sandbox (nothing is adjudicated).

    Raises:
        NotOwner: ``user`` does not own the sandbox.
        ApplicationError: the phase was adjudicated (adjudicate other orders instead: a
            branch), or some orders are not accepted (see :func:`orders_read`).
    """
    sandbox = Sandbox.objects.get(pk=phase.sandbox_id)
    _own(sandbox, user)
    allowance = _allowance(sandbox.owner_id)
    phase = SandboxPhase.objects.select_for_update().select_related("sandbox").get(pk=phase.pk)
    if phase.is_adjudicated:
        raise ApplicationError(
            _("This phase was adjudicated: adjudicate it with other orders to make a branch.")
        )
    phase.orders = orders_read(phase, orders)
    _charge(allowance, phase)
    phase.save(update_fields=["orders", "size"])
    return phase


@transaction.atomic
def sandbox_adjudicate(
    *, user: AbstractBaseUser, phase: SandboxPhase, orders: OrdersIn
) -> SandboxPhase:
    """Adjudicate ``phase`` with ``orders`` (every power's) at once, and return the phase
    that follows, which the sandbox now opens at.

    An open phase is adjudicated itself. A phase adjudicated before is never rewritten: if
    one of its branches (itself included) was adjudicated with the same orders, that one's
    next phase is returned; otherwise a new branch is made (the same position going in and
    seed, these orders) and adjudicated.

    Raises:
        NotOwner: ``user`` does not own the sandbox.
        ApplicationError: some orders are not accepted (see :func:`orders_read`), or the
            position cannot be adjudicated.
    """
    sandbox = Sandbox.objects.get(pk=phase.sandbox_id)
    _own(sandbox, user)
    allowance = _allowance(sandbox.owner_id)
    sandbox = Sandbox.objects.select_for_update().get(pk=sandbox.pk)
    if sandbox.phases.count() >= MAX_PHASES_PER_SANDBOX - 1:  # a branch adds two phases
        raise ApplicationError(
            _("This sandbox has as many phases as one may have: start another one.")
        )
    phase = SandboxPhase.objects.get(pk=phase.pk)
    given = orders_read(phase, orders)
    target = phase
    if phase.is_adjudicated:
        same = _same_orders(given)
        for branch in branches_of(phase):
            if branch.is_adjudicated and _same_orders(branch.orders) == same:
                return _opened_at(sandbox, branch.children.get())
        target = SandboxPhase(
            sandbox=sandbox,
            parent_id=phase.parent_id,
            depth=phase.depth,
            code=phase.code,
            position=phase.position,
            seed=phase.seed,
        )
    target.orders = given
    after = _resolve(target)
    following = SandboxPhase(
        sandbox=sandbox,
        parent=target,
        depth=target.depth + 1,
        code=after["phase"],
        position=after,
        seed=sandbox.seed_at(target.depth + 1),
    )
    # Both counted before either is written: a sandbox that is full stays as it was.
    _charge(allowance, target, following)
    target.save()
    following.save()
    return _opened_at(sandbox, following)


def sandbox_branch(
    *, user: AbstractBaseUser, phase: SandboxPhase, orders: OrdersIn
) -> SandboxPhase:
    """Try other orders in a phase adjudicated before: :func:`sandbox_adjudicate` on it (a
    new branch, or the branch these orders made before), refused for an open phase (that
    one is adjudicated itself: there is nothing to branch from yet).

    Raises:
        NotOwner: ``user`` does not own the sandbox.
        ApplicationError: the phase is open, or as :func:`sandbox_adjudicate`.
    """
    _own(phase.sandbox, user)
    if not phase.is_adjudicated:
        raise ApplicationError(
            _("This phase is open: adjudicate it. A branch is made from an adjudicated phase.")
        )
    return sandbox_adjudicate(user=user, phase=phase, orders=orders)


def _same_orders(orders: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    """Orders as adjudication reads them: which power gave what, in any order."""
    return {p: sorted(o) for p, o in orders.items() if o}


def _resolve(phase: SandboxPhase) -> dict[str, Any]:
    """Adjudicate ``phase`` with its orders, whole but not yet saved (the caller counts
    what it stores first); the position coming out."""
    variant = find_variant(phase.sandbox.variant)
    try:
        resolution = resolve(phase_position(phase), phase.orders, seed=phase.seed, variant=variant)
    except AdjudicatorError as e:
        raise ApplicationError(
            _("This position cannot be adjudicated: %(problem)s") % {"problem": str(e)}
        ) from None
    after = resolution.position
    if "decisions" in after.extras:
        # A forked phase's game master's answers were for that phase alone (as in games).
        after = after.with_changes(
            extras={k: v for k, v in after.extras.items() if k != "decisions"}
        )
    ended = game_end(variant, after)
    phase.results = result_rows(resolution.results, variant.map)
    phase.position_after = position_to_json(after)
    phase.outcome, phase.winner = ended if ended is not None else ("", "")
    phase.adjudicated_at = timezone.now()
    return phase.position_after


def _opened_at(sandbox: Sandbox, phase: SandboxPhase) -> SandboxPhase:
    sandbox.head = phase
    sandbox.save(update_fields=["head", "updated_at"])
    return phase


@transaction.atomic
def sandbox_delete(*, user: AbstractBaseUser, sandbox: Sandbox) -> None:
    """Delete a sandbox with all its phases (its read-only link stops working).

    Raises:
        NotOwner: ``user`` does not own it.
    """
    sandbox = Sandbox.objects.get(pk=sandbox.pk)
    _own(sandbox, user)
    allowance = _allowance(sandbox.owner_id)
    sandbox = Sandbox.objects.select_for_update().get(pk=sandbox.pk)
    freed = sandbox.phases.aggregate(total=Sum("size"))["total"] or 0
    sandbox.delete()
    SandboxAllowance.objects.filter(pk=allowance.pk).update(stored_bytes=F("stored_bytes") - freed)
