"""What tournaments hold of one player, for the download of his own data
(``accounts.services.account_data``): his entries, his own, and his ratings."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from tournaments.models import Entry, PlayerRating


def own_entries(user: AbstractBaseUser) -> list[dict[str, Any]]:
    """The download's ``tournament_entries``: each tournament he entered, with his entry
    (his seed, group, rating at the draw, the powers he asked for); nobody else's."""
    entries = Entry.objects.filter(user=user).select_related("tournament").order_by("pk")
    return [
        {
            "tournament": e.tournament_id,
            "name": e.tournament.name,
            "tournament_status": e.tournament.status,
            "status": e.status,
            "registered_at": e.registered_at.isoformat(),
            "checked_in_at": e.checked_in_at.isoformat() if e.checked_in_at else None,
            "seed": e.seed,
            "group": e.group,
            "rating_at_draw": e.rating,
            "preferences": list(e.preferences),
            "away": e.away,
        }
        for e in entries
    ]


def own_ratings(user: AbstractBaseUser) -> list[dict[str, Any]]:
    """The download's ``ratings``: each rating he has, with its numbers."""
    return [
        {"kind": r.kind, "shown": r.shown, "mu": r.mu, "sigma": r.sigma, "games": r.games}
        for r in PlayerRating.objects.filter(user=user).order_by("kind")
    ]
