"""The tournament pages: the list, a new tournament, a tournament's own page (the live
bracket, group tables, entrants, final places) and the player's verbs on it (enter,
withdraw, check in). Who may see a tournament is tournaments.visibility's to say; a
private one is answered as if it did not exist to anyone else."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ApplicationError
from tournaments import selectors, services, visibility
from tournaments.forms import TIE_BREAK_NAMES, TournamentForm
from tournaments.groups import TieBreak
from tournaments.models import Tournament
from tournaments.wording import SCORING_NAMES, scoring_reading, scoring_ties


def viewable(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament, if ``request``'s user may see it (an invite code in the query or
    the form counts); else 404, as for one that does not exist."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    code = request.GET.get("invite") or request.POST.get("invite") or None
    if not visibility.can_view(user=request.user, tournament=tournament, invite_code=code):
        raise Http404(_("No such tournament."))
    return tournament


def act(
    request: HttpRequest, tournament: Tournament, action: Callable[[], object], *, to: str
) -> HttpResponse:
    """Run one service and go back to the page (``to``: "detail" or "run"), with the
    refusal shown if it was refused."""
    try:
        action()
    except ApplicationError as e:
        messages.error(request, e.message)
    target = redirect(f"tournaments:{to}", tournament_id=tournament.pk)
    code = request.POST.get("invite")
    if code and to == "detail":
        # Quoted: the code is the visitor's text, and a line break in a header is refused.
        target["Location"] += "?" + urlencode({"invite": code})
    return target


def tournament_list(request: HttpRequest) -> HttpResponse:
    listed = selectors.tournaments_listed(user=request.user)
    return render(
        request,
        "tournaments/list.html",
        {
            "open": [t for t in listed if t.status == Tournament.Status.REGISTRATION],
            "running": [t for t in listed if t.status == Tournament.Status.RUNNING],
            "finished": [t for t in listed if t.status == Tournament.Status.FINISHED][:50],
            "may_create": visibility.can_organise(user=request.user),
        },
    )


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    if not visibility.can_organise(user=request.user):
        raise PermissionDenied(_("Only organisers create tournaments."))
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(
                by=request.user,
                name=form.cleaned_data["name"],
                format=form.cleaned_data["format"],
                **form.settings(),
            )
        except ApplicationError as e:
            form.add_error(None, e.message)
        else:
            messages.success(request, _("The tournament is open for registration."))
            return redirect("tournaments:run", tournament_id=tournament.pk)
    return render(request, "tournaments/create.html", {"form": form})


def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = viewable(request, tournament_id)
    page = selectors.tournament_page(tournament=tournament, user=request.user)
    page["invite"] = request.GET.get("invite") or ""
    page["ladder"] = [TIE_BREAK_NAMES[TieBreak(t)] for t in tournament.tie_breaks or []]
    page["grace_hours"] = round(tournament.grace_period.total_seconds() / 3600)
    page["scoring_name"] = SCORING_NAMES.get(tournament.scoring, tournament.scoring)
    page["scoring_reading"] = scoring_reading(tournament.scoring)
    page["scoring_ties"] = scoring_ties(tournament.scoring)
    # A round scored by another system: its readings and its ties, named, on the rules
    # page too (a Haight round gives ties the lowest place, not a share).
    page["round_systems"] = [
        {
            "name": SCORING_NAMES.get(system, system),
            "reading": scoring_reading(system),
            "ties": scoring_ties(system),
        }
        for system in dict.fromkeys(
            r.scoring for r in tournament.rounds.order_by("number") if r.scoring
        )
        if system != tournament.scoring
    ]
    hours = tournament.movement_deadline.total_seconds() / 3600
    page["movement_hours"] = int(hours) if hours == int(hours) else round(hours, 1)
    third = (
        tournament.rounds.filter(third_place_movement_deadline__isnull=False)
        .values_list("third_place_movement_deadline", flat=True)
        .first()
        if tournament.third_place
        else None
    )
    if third is not None:
        hours = third.total_seconds() / 3600
        page["third_place_hours"] = int(hours) if hours == int(hours) else round(hours, 1)
    return render(request, "tournaments/detail.html", page)


@login_required
@require_POST
def tournament_enter(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = viewable(request, tournament_id)
    return act(
        request,
        tournament,
        lambda: services.entry_register(
            tournament=tournament,
            user=request.user,
            invite_code=request.POST.get("invite") or None,
        ),
        to="detail",
    )


@login_required
@require_POST
def tournament_withdraw(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = viewable(request, tournament_id)
    answer = act(
        request,
        tournament,
        lambda: services.entry_withdraw(tournament=tournament, user=request.user),
        to="detail",
    )
    code = request.POST.get("invite") or None
    if not visibility.can_view(user=request.user, tournament=tournament, invite_code=code):
        # A private tournament is hidden from whoever withdrew from it: its page would
        # answer 404, so he goes back to the list.
        return redirect("tournaments:list")
    return answer


@login_required
@require_POST
def tournament_check_in(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = viewable(request, tournament_id)
    return act(
        request,
        tournament,
        lambda: services.entry_check_in(tournament=tournament, user=request.user),
        to="detail",
    )


@login_required
@require_POST
def tournament_preferences(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = viewable(request, tournament_id)

    def keep() -> None:
        services.preferences_set(
            tournament=tournament,
            user=request.user,
            powers=request.POST.get("powers", "").split(","),
            standby=bool(request.POST.get("standby")),
        )
        messages.success(request, _("Your wishes are kept for the next round's seating."))

    return act(request, tournament, keep, to="detail")
