"""Server-rendered pages: lobby, game creation, the game page, and form fallbacks
for everything the page's script does, so the site works without JavaScript too."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest, PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from adjudicator.variants import VARIANTS, find_variant
from core.errors import ApplicationError
from core.inputs import whole_number
from games import selectors, services, visibility, wording
from games.forms import GameCreateForm
from games.management.demo import demo_of
from games.models import Game, GamePhase, Vote
from games.phase_actions import phase_actions
from games.positions import BoardUnreadable
from games.terms import GameTerms
from games.web.phases import phase_posted
from variants.board import SeenPosition, board_svg
from variants.drawing import map_anchors
from variants.registry import (
    PANEL_SLOTS,
    Panel,
    PanelInput,
    SiteVariant,
    offered,
    option_forms,
    site_variant,
)


def lobby(request: HttpRequest) -> HttpResponse:
    tab = request.GET.get("show", "open")
    status = {
        "open": Game.Status.FORMING,
        "running": Game.Status.ACTIVE,
        "finished": Game.Status.FINISHED,
    }.get(tab, Game.Status.FORMING)
    variant = request.GET.get("variant") or None
    games = selectors.games_for_lobby(user=request.user, status=status, variant=variant)
    # Signed in, the home page leads with the player's own games, those needing him first.
    mine = selectors.my_games(user=request.user) if request.user.is_authenticated else None
    return render(
        request,
        "games/lobby.html",
        {
            "games": games[:100],
            "tab": tab,
            "variant": variant,
            "variants": offered(),
            "my_games": [g for g in mine or [] if g.need != selectors.Need.FINISHED],
            "my_ended": [g for g in mine or [] if g.need == selectors.Need.FINISHED],
            "signed_in": mine is not None,
        },
    )


@login_required
def game_create(request: HttpRequest) -> HttpResponse:
    initial = {"variant": request.GET.get("variant")} if request.GET.get("variant") else None
    form = GameCreateForm(request.POST or None, initial=initial)
    options = option_forms(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        chosen = options[d["variant"]]
        if chosen.is_valid():
            try:
                terms = GameTerms(
                    variant_id=d["variant"],
                    options=chosen.options(),
                    duel=chosen.duel(),
                    private=d["private"],
                    anonymous=d["anonymous"],
                    assignment=d["assignment"],
                    start_when_full=d["start_when_full"],
                    press=d.get("press") or Game.Press.FULL,
                    **form.deadlines(),
                )
                game = services.game_create(
                    created_by=request.user,
                    name=d["name"],
                    power=d["power"] or None,
                    pseudonym=chosen.creator_pseudonym(),
                    terms=terms,
                    bots=d["practice_bots"],
                    bot_levels=form.bot_levels(),
                )
            except ApplicationError as e:
                form.add_error(None, e.message)
            else:
                return redirect("games:detail", game_id=game.pk)
    chosen_id = form["variant"].value() or "standard"
    return render(
        request,
        "games/create.html",
        {
            "form": form,
            "option_forms": [
                (VARIANTS[vid].name, vid, f, vid == chosen_id)
                for vid, f in options.items()
                if f.fields
            ],
        },
    )


def _viewable(request: HttpRequest, game_id: int) -> Game:
    game = get_object_or_404(Game, pk=game_id)
    if not visibility.can_view_game(user=request.user, game=game):
        raise Http404(_("No such game."))
    return game


def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _viewable(request, game_id)
    raw = request.GET.get("phase")
    index = whole_number(raw) if raw else None
    if raw and index is None:
        # "²", "-1", 5,000 digits: no phase is numbered so (isdigit() passed "²" to int()).
        raise BadRequest(_("A phase is given by its number, such as ?phase=3."))
    try:
        state = selectors.game_state(
            user=request.user, game=game, index=index, acting=request.GET.get("as") or None
        )
    except GamePhase.DoesNotExist:
        raise Http404(_("No such phase.")) from None
    except BoardUnreadable as e:
        return board_unreadable_page(request, game, e, index=index)
    seat = visibility.seat_of(user=request.user, game=game)
    map_id = find_variant(game.variant).map_id
    position, orders = selectors.board_shown(state, user=request.user, game=game)
    with wording.seat_names(visibility.seat_names(game=game)):
        return _game_page(request, game, state, seat, map_id, position, orders)


def _game_page(
    request: HttpRequest,
    game: Game,
    state: dict[str, Any],
    seat: Any,
    map_id: str,
    position: SeenPosition | None,
    orders: list[Any],
) -> HttpResponse:
    site = _site_of(game)
    return render(
        request,
        "games/detail.html",
        {
            # The variant's own parts of the page, by their place on it.
            "panels": _panels(site, _shown(game, state)),
            "variant_script": site.script if site is not None else None,
            "seats_heading": site.seats_heading if site is not None else None,
            "pseudonyms": services.plays_under_pseudonyms(game),
            # The sitter form then says why it takes any name (games.services.absences).
            "players_secret": visibility.players_secret(game=game),
            "game": game,
            "state": state,
            "seat": seat,
            # What the variant tells this seat of its orders (a role seat's own words).
            **_seat_help(game, state),
            "board": board_svg(map_id=map_id, position=position, orders=orders),
            "map_id": map_id,
            "anchors": map_anchors(map_id),
            "province_names": wording.location_names(map_id),
            "open_powers": game.seats.filter(user__isnull=True).order_by("power"),
            # Offered to the creator where the bots could take the open seats now.
            "fill_with_bots": visibility.can_fill_with_bots(user=request.user, game=game)
            and services.bots_fill_refusal(game=game) is None,
            # What other apps offer on this phase (the sandbox's fork).
            "phase_actions": phase_actions(
                user=request.user, game=game, index=state["phase"]["index"]
            )
            if state["phase"]
            else [],
            "invite_url": request.build_absolute_uri(
                reverse("games:invite", args=[game.invite_code])
            )
            if seat is not None and game.private
            else None,
        },
    )


def _site_of(game: Game) -> SiteVariant | None:
    """The site's side of the game's variant; None for a variant the site does not offer
    (a test's own)."""
    try:
        return site_variant(game.variant)
    except LookupError:
        return None


def _shown(game: Game, state: dict[str, Any], left_seat: str | None = None) -> PanelInput:
    """The game as its variant's panels and pages read it: plain values, named as the
    game's pages name seats and phases."""
    return PanelInput(
        game_id=game.pk,
        variant=game.variant,
        state=state,
        left_seat=left_seat,
        power_name=wording.power_name,
        phase_name=wording.phase_name,
        # A demo game's house rules, which its variant's panels say where they apply.
        demo=demo_of(game),
    )


def _panels(site: SiteVariant | None, shown: PanelInput) -> dict[str, list[Panel]]:
    """The variant's panels by slot (every slot there, empty where it has none)."""
    found: dict[str, list[Panel]] = {slot: [] for slot in PANEL_SLOTS}
    for panel in site.panels(shown) if site is not None else ():
        found[panel.slot].append(panel)
    return found


def _seat_help(game: Game, state: dict[str, Any]) -> dict[str, str]:
    """The variant's words for the seat acting on the page in the phase shown: its order
    syntax and what its empty list means ("" each where the page's own serve)."""
    me, phase = state.get("me"), state.get("phase")
    syntax, no_orders = "", ""
    if me and phase:
        site = _site_of(game)
        if site is not None:
            syntax, no_orders = site.seat_help(
                str(me.get("acting") or me["power"]), str(phase["kind"])
            )
    return {"seat_syntax": syntax, "seat_no_orders": no_orders}


def board_unreadable_page(
    request: HttpRequest, game: Game, error: BoardUnreadable, *, index: int | None = None
) -> HttpResponse:
    """The game page when the phase's stored position cannot be read (409): everyone is
    told so; the game's moderators also see what is wrong and where, and the moderation
    panel, whose ruling form is filled in to repair it (the phase before, the stored
    position to correct)."""
    state = selectors.game_outline(user=request.user, game=game, index=index)
    moderator = visibility.can_moderate(user=request.user, game=game)
    context: dict[str, Any] = {"game": game, "state": state, "message": error.message}
    if moderator:
        context["details"] = {
            "phase": error.phase_code,
            "problem": error.problem,
            "path": error.path or "-",
        }
        context["ruling_index"] = selectors.ruling_phase_before(game=game, index=error.phase_index)
        context["ruling_position"] = selectors.stored_position(game=game, index=error.phase_index)
    with wording.seat_names(visibility.seat_names(game=game)):
        return render(request, "games/unreadable.html", context, status=409)


def game_invite(request: HttpRequest, code: str) -> HttpResponse:
    game = get_object_or_404(Game, invite_code=code)
    return render(
        request,
        "games/invite.html",
        {"game": game, "seeking": list(selectors.seats_seeking_players(game=game))},
    )


def _act(
    request: HttpRequest, game: Game, action: object, refused_to: str | None = None
) -> HttpResponse:
    """Run one service; back to the game page, with the refusal shown (on ``refused_to``
    instead, for someone who may not see the game page yet: the invite page)."""
    try:
        action()  # type: ignore[operator]
    except ApplicationError as e:
        messages.error(request, e.message)
        for problem in e.extra.get("problems", []):
            messages.error(request, f"{problem['order']}: {problem['message']}")
        if refused_to is not None:
            return redirect(refused_to)
    return redirect("games:detail", game_id=game.pk)


@login_required
@require_POST
def game_join(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    invite_code = request.POST.get("invite_code") or None
    if not visibility.knows_of(user=request.user, game=game, invite_code=invite_code):
        raise Http404(_("No such game."))
    return _act(
        request,
        game,
        lambda: services.game_join(
            game=game,
            user=request.user,
            power=request.POST.get("power") or None,
            invite_code=invite_code,
            pseudonym=request.POST.get("pseudonym") or None,
        ),
        refused_to=None
        if visibility.can_view_game(user=request.user, game=game)
        else reverse("games:invite", args=[game.invite_code]),
    )


@login_required
@require_POST
def game_leave(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _viewable(request, game_id)

    def leave() -> None:
        services.game_leave(game=game, user=request.user)
        messages.success(request, _("You gave up your seat in this game."))

    return _act(request, game, leave)


@login_required
@require_POST
def game_start(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _viewable(request, game_id)
    return _act(request, game, lambda: services.game_start(game=game, by=request.user))


@login_required
@require_POST
def game_fill_with_bots(request: HttpRequest, game_id: int) -> HttpResponse:
    """The creator's button on a forming game: the site's bots take the open seats."""
    game = _viewable(request, game_id)
    if not visibility.can_fill_with_bots(user=request.user, game=game):
        raise PermissionDenied

    def fill() -> None:
        services.game_fill_with_bots(game=game, user=request.user)
        messages.success(request, _("The site's bots took the open seats: the game has started."))

    return _act(request, game, fill)


@login_required
@require_POST
def orders_form(request: HttpRequest, game_id: int) -> HttpResponse:
    """The no-script way to send orders: one order per line (for ``power``, a power the
    seat orders for now, if given: another seat it gives orders for)."""
    game = _viewable(request, game_id)
    lines = [line for line in request.POST.get("orders", "").splitlines() if line.strip()]
    power = request.POST.get("power") or None
    response = _act(
        request,
        game,
        lambda: services.orders_submit(
            game=game, user=request.user, orders=lines, power=power, phase=phase_posted(request)
        ),
    )
    return _back_to_page(request, game) or response


def _back_to_page(request: HttpRequest, game: Game) -> HttpResponse | None:
    """Back to the variant's own page a form was sent from (``next``: its name), if any."""
    page = request.POST.get("next")
    site = _site_of(game)
    if page and site is not None and page in site.pages:
        return redirect("games:variant-page", game_id=game.pk, page=page)
    return None


def board_pieces(request: HttpRequest, game_id: int) -> HttpResponse:
    """The board's pieces of phase ``?phase=`` (the latest by default) at each step of its
    replay, as the one renderer draws them for this viewer (``selectors.board_steps``):
    JSON ``{"phase": n, "steps": {"orders"|"results"|"after": {"units", "orders",
    "creatures", "owners"}}}``, one step alone with ``?step=``. The replays put them in as
    they come, and draw none of it."""
    game = _viewable(request, game_id)
    raw = request.GET.get("phase")
    index = whole_number(raw) if raw else None
    if raw and index is None:
        raise BadRequest(_("A phase is given by its number, such as ?phase=3."))
    step = request.GET.get("step") or None
    if step is not None and step not in selectors.REPLAY_STEPS:
        raise BadRequest(
            _("A step is one of: %(steps)s.") % {"steps": ", ".join(selectors.REPLAY_STEPS)}
        )
    if index is None:
        latest = game.phases.order_by("-index").values_list("index", flat=True).first()
        if latest is None:
            raise Http404(_("No such phase."))
        index = latest
    try:
        steps = selectors.board_steps(user=request.user, game=game, index=index)
    except GamePhase.DoesNotExist:
        raise Http404(_("No such phase.")) from None
    except BoardUnreadable as e:
        return JsonResponse({"message": e.message}, status=409)
    if step is not None:
        steps = {step: steps[step]}
    response = JsonResponse({"phase": index, "steps": steps})
    # What it shows differs per viewer (his own orders): cached by nobody but him.
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ["Cookie"])
    return response


def variant_page(request: HttpRequest, game_id: int, page: str) -> HttpResponse:
    """A page of its own the game's variant has (``SiteVariant.pages``): games loads the
    game for who may see it, builds the state this viewer may see of the phase asked
    (``?phase=``), and renders what the variant makes of it."""
    game = _viewable(request, game_id)
    site = _site_of(game)
    make = site.pages.get(page) if site is not None else None
    if make is None:
        raise Http404(_("This game has no such page."))
    raw = request.GET.get("phase")
    index = whole_number(raw) if raw else None
    if raw and index is None:
        raise BadRequest(_("A phase is given by its number, such as ?phase=3."))
    try:
        state = selectors.game_state(user=request.user, game=game, index=index)
    except GamePhase.DoesNotExist:
        raise Http404(_("No such phase.")) from None
    left = None if state.get("me") else visibility.seat_left(user=request.user, game=game)
    with wording.seat_names(visibility.seat_names(game=game)):
        shown = make(_shown(game, state, left_seat=left))
        return render(request, shown.template, {"game": game, "state": state, **shown.context})


@login_required
@require_POST
def ready_form(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _viewable(request, game_id)
    ready = request.POST.get("ready") == "1"
    response = _act(
        request,
        game,
        lambda: services.orders_ready(
            game=game, user=request.user, ready=ready, phase=phase_posted(request)
        ),
    )
    return _back_to_page(request, game) or response


@login_required
@require_POST
def vote_form(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game page's votes, without a script too: ``kind`` and ``accept`` (1 for, 0
    against). A concession asks for the player's confirmation on the page: without its
    box ticked, nothing is cast."""
    game = _viewable(request, game_id)
    kind = request.POST.get("kind", "")
    accept = request.POST.get("accept") == "1"
    if kind == Vote.Kind.CONCEDE and request.POST.get("confirm") != "1":
        messages.error(request, _("Tick the box to confirm that you concede."))
        return redirect("games:detail", game_id=game.pk)
    return _act(
        request,
        game,
        lambda: services.vote_cast(
            game=game, user=request.user, kind=kind, accept=accept, phase=phase_posted(request)
        ),
    )


@login_required
@require_POST
def draw_form(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _viewable(request, game_id)
    accept = request.POST.get("accept") == "1"
    return _act(
        request,
        game,
        lambda: services.draw_vote(
            game=game, user=request.user, accept=accept, phase=phase_posted(request)
        ),
    )
