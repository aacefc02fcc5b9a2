"""The sandbox's pages: a user's sandboxes and a new one; a sandbox's page for its owner
(every power's orders as text, adjudicate, save, back and forward, branches, the
read-only link) and for the holder of that link (the board and its history, no forms:
any write through it is refused); forking a game's phase into a new sandbox. Each checks
who asks, calls one service or selector and shapes the answer. Everything works without
JavaScript."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import BadRequest, PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ApplicationError
from core.inputs import whole_number
from games import visibility, wording
from games.extension_points import PhaseAction
from games.models import Game
from sandbox import selectors, services
from sandbox.forms import SandboxCreateForm, sandbox_option_forms
from sandbox.models import Sandbox, SandboxPhase
from sandbox.phases import map_of
from variants.board import DrawnOrder, board_svg, piece_layers
from variants.drawing import map_anchors
from variants.registry import site_side, site_variant


@login_required
def sandbox_list(request: HttpRequest) -> HttpResponse:
    """The user's sandboxes, and a new one (POST) with the chosen variant's options."""
    form = SandboxCreateForm(request.POST or None)
    options = sandbox_option_forms(request.POST or None)
    if request.method == "POST" and form.is_valid():
        chosen = options[form.cleaned_data["variant"]]
        if chosen.is_valid():
            try:
                sandbox = services.sandbox_create(
                    owner=request.user,
                    variant_id=form.cleaned_data["variant"],
                    title=form.cleaned_data["title"],
                    options=chosen.options(),
                )
            except ApplicationError as e:
                form.add_error(None, e.message)
            else:
                return redirect("sandbox:detail", sandbox_id=sandbox.pk)
    chosen_id = form["variant"].value() or "standard"
    return render(
        request,
        "sandbox/list.html",
        {
            "form": form,
            "option_forms": [
                (site_variant(vid).name, vid, f, vid == chosen_id)
                for vid, f in options.items()
                if f.fields
            ],
            "sandboxes": selectors.sandboxes_of(owner=request.user),
        },
    )


def _at(request: HttpRequest) -> int | None:
    raw = request.GET.get("at")
    at = whole_number(raw) if raw else None
    if raw and at is None:
        raise BadRequest(_("A phase is given by its number, such as ?at=3."))
    return at


def _owned(request: HttpRequest, sandbox_id: int) -> Sandbox:
    sandbox = selectors.owned_sandbox(user=request.user, sandbox_id=sandbox_id)
    if sandbox is None:
        raise Http404(_("No such sandbox."))
    return sandbox


@login_required
def sandbox_detail(request: HttpRequest, sandbox_id: int) -> HttpResponse:
    """The owner's page of a sandbox."""
    sandbox = _owned(request, sandbox_id)
    return _page(request, sandbox, at=_at(request), owner=True)


def sandbox_shared(request: HttpRequest, code: str) -> HttpResponse:
    """A sandbox through its read-only link: the board and its history, no forms; the
    link cannot write, whatever is sent to it."""
    if request.method not in ("GET", "HEAD"):
        raise PermissionDenied(_("This link shows a sandbox; it cannot change it."))
    sandbox = selectors.shared_sandbox(code=code)
    if sandbox is None:
        raise Http404(_("No such sandbox."))
    return _page(request, sandbox, at=_at(request), owner=False)


def _page(
    request: HttpRequest,
    sandbox: Sandbox,
    *,
    at: int | None,
    owner: bool,
    typed: dict[str, str] | None = None,
    problems: list[dict[str, str]] | None = None,
    status: int = 200,
) -> HttpResponse:
    try:
        page = selectors.sandbox_page(sandbox=sandbox, viewer=request.user, at=at)
    except SandboxPhase.DoesNotExist:
        raise Http404(_("No such phase.")) from None
    position, orders = selectors.board_of(page)
    for power in page["powers"]:
        # What the owner typed, kept when it was refused, with each refusal beside it.
        power["saved"] = "\n".join(power["orders"])
        power["text"] = (typed or {}).get(power["power"], power["saved"])
        power["problems"] = [p for p in problems or [] if p["power"] == power["power"]]
    here = (
        reverse("sandbox:detail", args=[sandbox.pk])
        if owner
        else reverse("sandbox:shared", args=[sandbox.share_code])
    )
    return render(
        request,
        "sandbox/detail.html",
        {
            "sandbox": sandbox,
            "page": page,
            "owner": owner,
            "here": here,
            "share_url": request.build_absolute_uri(
                reverse("sandbox:shared", args=[sandbox.share_code])
            )
            if owner
            else None,
            "board": board_svg(map_id=page["map_id"], position=position, orders=orders),
            # How the board reads the variant's own order words (a Highlander nomination,
            # Rather Silly's birds): its script registers them, as on the game page.
            "variant_script": site_side(sandbox.variant).script,
            "anchors": map_anchors(page["map_id"]),
            "province_names": wording.location_names(page["map_id"]),
            # What the board's script needs (static/js/sandbox.js): the position, and for
            # the owner every power's legal orders, to order by clicks.
            "script_state": {
                "phase": {
                    "code": page["phase"].code,
                    "kind": page["kind"],
                    **position.position,
                },
                "legal": page["legal"] if owner else {},
            },
        },
        status=status,
    )


@login_required
@require_POST
def sandbox_orders(request: HttpRequest, sandbox_id: int, phase_id: int) -> HttpResponse:
    """Every power's orders for one phase, one text box each: kept ("save"), or
    adjudicated at once (the page then opens at the next phase). Refused orders come back
    as typed, each refusal beside its power's box."""
    sandbox = _owned(request, sandbox_id)
    phase = get_object_or_404(SandboxPhase, pk=phase_id, sandbox=sandbox)
    typed = {
        key.removeprefix("orders-"): value
        for key, value in request.POST.items()
        if key.startswith("orders-")
    }
    orders = {power: text.splitlines() for power, text in typed.items()}
    try:
        if request.POST.get("action") == "save":
            services.sandbox_orders_save(user=request.user, phase=phase, orders=orders)
            messages.success(request, _("Orders saved."))
            url = reverse("sandbox:detail", args=[sandbox.pk])
            return redirect(f"{url}?at={phase.pk}")
        services.sandbox_adjudicate(user=request.user, phase=phase, orders=orders)
    except ApplicationError as e:
        messages.error(request, e.message)
        return _page(
            request,
            sandbox,
            at=phase.pk,
            owner=True,
            typed=typed,
            problems=e.extra.get("problems", []),
            status=400,
        )
    return redirect("sandbox:detail", sandbox_id=sandbox.pk)


#: The most orders the board is drawn with at once, and the longest order: a sandbox has
#: at most a few dozen units.
MOST_DRAWN = 500
LONGEST_ORDER = 200


def _orders_to_draw(body: bytes) -> dict[str, list[str]]:
    """The orders of ``{"orders": {power: [order, ...]}}``.

    Raises:
        BadRequest: the body is not that, or holds more than the board is drawn with.
    """
    try:
        data: Any = json.loads(body or b"{}")
    except ValueError:
        data = None
    orders = data.get("orders") if isinstance(data, dict) else None
    if not isinstance(orders, dict) or not all(
        isinstance(power, str)
        and isinstance(texts, list)
        and all(isinstance(t, str) and len(t) <= LONGEST_ORDER for t in texts)
        for power, texts in orders.items()
    ):
        raise BadRequest(_('The orders to draw are given as {"orders": {power: [order, ...]}}.'))
    if sum(len(texts) for texts in orders.values()) > MOST_DRAWN:
        raise BadRequest(_("Too many orders to draw at once."))
    return orders


@login_required
@require_POST
def sandbox_board(request: HttpRequest, sandbox_id: int, phase_id: int) -> HttpResponse:
    """The board of one of the owner's phases with the orders as he is writing them (not
    saved), as the one renderer draws it (``variants.board.piece_layers``): his page puts
    it in as he writes (static/js/sandbox.js), and draws none of it."""
    sandbox = _owned(request, sandbox_id)
    phase = get_object_or_404(SandboxPhase, pk=phase_id, sandbox=sandbox)
    orders = _orders_to_draw(request.body)
    drawn = [DrawnOrder(text, None, power) for power, texts in orders.items() for text in texts]
    pieces = piece_layers(
        map_id=map_of(sandbox.variant), position=selectors.position_of(phase), orders=drawn
    )
    return JsonResponse(pieces)


@login_required
@require_POST
def sandbox_delete(request: HttpRequest, sandbox_id: int) -> HttpResponse:
    sandbox = _owned(request, sandbox_id)
    services.sandbox_delete(user=request.user, sandbox=sandbox)
    messages.success(request, _("Sandbox deleted."))
    return redirect("sandbox:list")


@login_required
@require_POST
def sandbox_fork(request: HttpRequest, game_id: int, index: int) -> HttpResponse:
    """A new sandbox from a game's phase the user may see (a game he may not see is
    answered as if there were none)."""
    game = get_object_or_404(Game, pk=game_id)
    if not visibility.can_view_game(user=request.user, game=game):
        raise Http404(_("No such game."))
    phase = game.phases.filter(index=index).first()
    if phase is None:
        raise Http404(_("No such phase."))
    try:
        sandbox = services.sandbox_fork(user=request.user, phase=phase)
    except ApplicationError as e:
        messages.error(request, e.message)
        return redirect("games:detail", game_id=game.pk)
    return redirect("sandbox:detail", sandbox_id=sandbox.pk)


def fork_action(
    user: AbstractBaseUser | AnonymousUser, game: Game, index: int
) -> PhaseAction | None:
    """ "Fork into sandbox" on a game page's phase, for a signed-in viewer (the game page
    shows only phases he may see)."""
    if not user.is_authenticated:
        return None
    return PhaseAction(
        label=_("Fork into sandbox"),
        url=reverse("sandbox:fork", args=[game.pk, index]),
        name="fork-sandbox",
    )
