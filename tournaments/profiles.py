"""What tournaments show on a player's profile: his ratings, and the tournaments he
entered that the viewer may see."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from games.extension_points import ProfileSection
from tournaments.models import Entry, PlayerRating
from tournaments.selectors import tournaments_listed
from tournaments.services.ratings import rating_of


def ratings_section(
    user: AbstractBaseUser, viewer: AbstractBaseUser | AnonymousUser
) -> ProfileSection:
    ratings = []
    for kind, name in PlayerRating.Kind.choices:
        rating = rating_of(user=user, kind=kind)
        ratings.append({"kind": kind, "name": name, "shown": rating.shown, "games": rating.games})
    played = Entry.objects.filter(user=user).exclude(status=Entry.Status.WITHDRAWN)
    entered = tournaments_listed(user=viewer).filter(
        pk__in=played.values_list("tournament_id", flat=True)
    )
    return ProfileSection(
        "tournaments/_profile.html",
        {
            "ratings": ratings,
            "tournaments": list(entered[:20]),
            # His own profile: the link to what he gives for results sent to the WDD.
            "own": viewer.is_authenticated and viewer.pk == user.pk,
        },
    )
