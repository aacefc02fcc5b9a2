"""Tournaments played through the site's services with real duels: an organiser, players,
and a way to play a duel to the verdict the test wants."""

from __future__ import annotations

from typing import Any

from games import services as games
from games.models import BoardLink, Game, GamePhase
from tournaments.models import Entry, Match, Tournament

#: Rule 3B: a set-up that lets a duel be decided in one turn. Red holds 17 centers on
#: board A (blue holds them on board B, inverted) and takes the 18th, Moscow, by
#: "A war - mos" with "A sev S A war - mos".
RED_17 = "F lon, F edi, A lvp, F bre, A par, A mar, A bel, A hol, A kie, A ber, A mun, " + (
    "A vie, A tri, A ven, A rom, A war, A sev"
)
FIXED_17 = {
    "nomination": "fixed",
    "fixed_setup": {
        "centers": {
            "red": [u.split()[1] for u in RED_17.split(", ")],
            "blue": ["mos"],
        },
        "units": {"red": RED_17.split(", "), "blue": ["A mos"]},
    },
}
#: A standard board's 1901, for the tests that play one: each power gains centers, France
#: and Russia two (5 each), the others one (4 each); Russia and Austria bounce in Galicia.
SPRING_1901 = {
    "england": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
    "france": ["A par - bur", "A mar - spa", "F bre - mao"],
    "germany": ["A ber - kie", "F kie - den", "A mun - ruh"],
    "italy": ["A ven - tyr", "A rom - apu", "F nap - ion"],
    "austria": ["A vie - gal", "A bud - ser", "F tri - alb"],
    "russia": ["A war - gal", "F sev - rum", "A mos - ukr", "F stp/sc - bot"],
    "turkey": ["F ank - bla", "A con - bul", "A smy - arm"],
}
FALL_1901 = {
    "england": ["F nth - nor"],
    "france": ["F mao - por"],
    "italy": ["F ion - tun"],
}

TAKE_MOSCOW = ["A war - mos", "A sev S A war - mos"]


def boards(match: Match) -> list[Game]:
    return list(Game.objects.filter(link_id=match.duel_id).order_by("pk"))


def open_phase(game: Game) -> GamePhase | None:
    return game.phases.filter(status=GamePhase.Status.OPEN).order_by("-index").first()


def turn(match: Match, orders: dict[str, dict[str, list[str]]], capture: Any) -> None:
    """One step of the duel: on each board (by label) each colour gives its orders (or
    none) and says it is ready; the boards are adjudicated together, with everything
    that runs after the commit (the events tournaments listens to) run too."""
    with capture(execute=True):
        for board in boards(match):
            phase = open_phase(board)
            if phase is None or phase.deadline is None:
                continue
            due = games.powers_to_order(games.phase_position(phase), _highlander())
            for colour in ("red", "blue"):
                user = board.seats.get(power=colour).user
                given = orders.get(board.link_label, {}).get(colour)
                if given:
                    games.orders_submit(game=board, user=user, orders=given)
                if colour in due:
                    games.orders_ready(game=board, user=user, ready=True)
        for board in boards(match):
            phase = open_phase(board)
            if phase is not None and phase.deadline is not None:
                games.phase_adjudicate(game_id=board.pk, phase_id=phase.pk)
                break


def win_duel(match: Match, winner: Entry, capture: Any) -> BoardLink:
    """Play ``match``'s duel (set up with :data:`FIXED_17`) to ``winner``'s victory by
    rule 7.4: he takes Moscow on the board where he holds 17 centers; the other holds."""
    match.refresh_from_db()
    colour = "red" if winner.pk == match.a_id else "blue"
    board = "A" if colour == "red" else "B"
    turn(match, {board: {colour: TAKE_MOSCOW}}, capture)
    for _ in range(3):  # the retreat of the unit thrown out of Moscow (none given: disbanded)
        link = BoardLink.objects.get(pk=match.duel_id)
        if link.status == BoardLink.Status.DECIDED:
            break
        turn(match, {}, capture)
    link = BoardLink.objects.get(pk=match.duel_id)
    assert (link.status, link.winner, link.decided_by) == (BoardLink.Status.DECIDED, colour, "7.4")
    return link


def _highlander() -> Any:
    from adjudicator import find_variant

    return find_variant("highlander")


def tournament_of(organiser: Any, **settings: Any) -> Tournament:
    from tournaments import services

    return services.tournament_create(
        by=organiser, name="Highland Cup", format=Tournament.Format.KNOCKOUT, **settings
    )
