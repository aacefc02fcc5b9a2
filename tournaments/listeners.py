"""What tournaments hear from games: a duel's boards ending decides its match and counts
in the duel ratings; a standard game ending counts in the multiplayer ratings; any change
on a tournament's board moves its page. Subscribed in TournamentsConfig.ready(); each
reaction is idempotent, as games' events may come twice."""

from __future__ import annotations

from games.models import BoardLink, GameEvent
from tournaments.models import Tournament
from tournaments.services.kernel import bump
from tournaments.services.ratings import duel_rate, game_rate
from tournaments.services.results import duel_verdict_take


def game_event_hear(event: GameEvent) -> None:
    game = event.game
    if game is None:
        return
    if event.kind == "game_ended":
        if game.link_id is not None:
            link = BoardLink.objects.get(pk=game.link_id)
            if link.status == BoardLink.Status.DECIDED:
                duel_verdict_take(link_id=link.pk)
                duel_rate(link=link)
        else:
            game_rate(game=game)
    if game.link_id is not None and event.kind in ("phase_adjudicated", "game_started"):
        for tournament in Tournament.objects.filter(matches__duel_id=game.link_id):
            bump(tournament)
