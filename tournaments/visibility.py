"""Who may see a tournament and who may run it, decided here and nowhere else.

A public tournament's page is anyone's; a private one is shown to its organisers, its
entrants, site moderators and whoever holds its invite link (to enter). Only the
tournament's own organisers run it: a site moderator watches, but does not manage.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from accounts.roles import ORGANISER, has_role, is_moderator
from tournaments.models import Entry, ResultsIdentity, Tournament

User = AbstractBaseUser | AnonymousUser


def can_manage(*, user: User, tournament: Tournament) -> bool:
    """Is ``user`` one of the tournament's organisers?"""
    if not user.is_authenticated:
        return False
    return tournament.organisers.filter(pk=user.pk).exists()


def can_view(*, user: User, tournament: Tournament, invite_code: str | None = None) -> bool:
    """May ``user`` see the tournament's page (its bracket, tables and matches)?"""
    if not tournament.private:
        return True
    if invite_code is not None and invite_code == tournament.invite_code:
        return True
    if not user.is_authenticated:
        return False
    if tournament.entries.filter(user=user).exclude(status=Entry.Status.WITHDRAWN).exists():
        return True
    return can_manage(user=user, tournament=tournament) or is_moderator(user)


def can_organise(*, user: User) -> bool:
    """May ``user`` create tournaments (the organiser role)?"""
    return has_role(user, ORGANISER)


def identity_for_results(*, viewer: User, entry: Entry) -> ResultsIdentity | None:
    """What ``viewer`` may put of ``entry``'s player in results for the World Diplomacy
    Database (his legal name, country, WDD id): the player's own choice (``share``), and
    only to an organiser of the tournament he entered; None to anyone else, or when he
    gave nothing or keeps it."""
    if not can_manage(user=viewer, tournament=entry.tournament):
        return None
    found: ResultsIdentity | None = ResultsIdentity.objects.filter(
        user_id=entry.user_id, share=True
    ).first()
    return found
