"""What the tournament services share: lock a tournament for its organiser, keep what he
did, and tell the tournament's watchers it changed."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import F
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from core.queue import after_commit
from games import events
from games.models import Game
from tournaments import visibility
from tournaments.live import tournament_changed_publish
from tournaments.models import OrganiserAction, Tournament


def tournament_locked(tournament: Tournament) -> Tournament:
    """``tournament``, row-locked: every change to its bracket, rounds and entries
    happens under this lock, so a duel decided while the organiser acts waits its turn."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def organised_locked(tournament: Tournament, by: AbstractBaseUser) -> Tournament:
    """``tournament``, row-locked, for one of its organisers.

    Raises:
        ApplicationError: ``by`` does not organise it.
    """
    tournament = tournament_locked(tournament)
    if not visibility.can_manage(user=by, tournament=tournament):
        raise ApplicationError(_("Only an organiser of this tournament may do that."))
    return tournament


def reason_required(reason: str) -> str:
    """The organiser's reason, which players are shown.

    Raises:
        ApplicationError: no reason was given.
    """
    reason = (reason or "").strip()
    if not reason:
        raise ApplicationError(_("Say why: players are shown the reason."))
    return reason[:500]


def action_record(
    tournament: Tournament, by: AbstractBaseUser | None, kind: str, reason: str = "", **details: Any
) -> OrganiserAction:
    """Keep what an organiser did: who, when, why, and on what."""
    return OrganiserAction.objects.create(
        tournament=tournament, actor=by, kind=kind, reason=reason.strip(), details=details
    )


def bump(tournament: Tournament) -> None:
    """Count a change watchers should see, and tell them once the transaction commits."""
    Tournament.objects.filter(pk=tournament.pk).update(version=F("version") + 1)
    tournament.refresh_from_db(fields=["version"])
    after_commit(
        tournament_changed_publish, tournament_id=tournament.pk, version=tournament.version
    )


def news_announce(
    tournament: Tournament,
    *,
    key: str,
    users: list[int],
    game: Game | None = None,
    **params: Any,
) -> None:
    """Tell ``users`` (ids) a tournament's news through games' events, which
    notifications delivers on the channels each chose (inbox, e-mail, webhook); ``key``
    keeps it told once. News of one board names its ``game``, which the inbox links."""
    if not users:
        return
    events.announce(
        kind="tournament",
        game=game,
        users=users,
        key=f"tournament:{tournament.pk}:{key}",
        params={"tournament": tournament.name, "tournament_id": tournament.pk, **params},
    )


def combine_refusal() -> str:
    """The message refusing a way of combining rounds the site does not know (at the
    tournament's creation and when a round starts)."""
    return _("Combine the rounds by one of: %(names)s.") % {
        "names": ", ".join(str(label) for label in Tournament.Combine.labels)
    }


def last_year_refusal() -> str:
    """The message refusing a last year played that is not one."""
    return _("The games' last year is a year from 1901 to 2100 (1907: seven years).")
