"""A Kapitalisten game for the site's tests: nine investors under pseudonyms, and helpers to
play its turns (shared by the services, pages and worker tests)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from adjudicator import find_variant
from games import services
from games.models import Game, GamePhase, Seat
from games.positions import phase_position
from games.terms import GameTerms
from tests.games.helpers import current

#: The investors' user names: none of them may ever appear on a page of the game.
NAMES = [f"banker{n}" for n in range(1, 10)]


def pseudonym_of(user: Any) -> str:
    return f"Magnate {user.username[-1]}"


def kapitalisten_game(
    make_user: Any, options: dict[str, Any] | None = None, **terms: Any
) -> tuple[Game, dict[str, Any]]:
    """A started nine-investor game (with ``options`` besides the nine); the users by
    their names."""
    users = {name: make_user(name) for name in NAMES}
    first = users[NAMES[0]]
    game = services.game_create(
        created_by=first,
        name="Bourse",
        pseudonym=pseudonym_of(first),
        terms=GameTerms(
            variant_id="kapitalisten", options={"players": 9, **(options or {})}, **terms
        ),
    )
    for name in NAMES[1:]:
        services.game_join(game=game, user=users[name], pseudonym=pseudonym_of(users[name]))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game, users


def investor_user(game: Game, investor: str) -> Any:
    return Seat.objects.get(game=game, power=investor).user


def controllers(game: Game) -> dict[str, str | None]:
    variant = find_variant("kapitalisten")
    return variant.controllers(phase_position(current(game)))  # type: ignore[attr-defined, no-any-return]


def deadline_passed(game: Game) -> GamePhase:
    phase = current(game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    phase.refresh_from_db()
    return phase


def adjudicate_now(game: Game) -> bool:
    phase = deadline_passed(game)
    return services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
