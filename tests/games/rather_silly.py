"""An eleven-seat Rather Silly game played through the site's services, for the tests that
need one with every kind of result (the boards and the replay draw each, or skip it): the
great powers, the four roles, the creatures on their own, the game master judging the
Superbrain's questions. The script is test_rather_silly_roles_worker.py's, adjudicated here
in the calling process (no worker): the game's seed is fixed, so each run plays the same
game."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from adjudicator.variants.rather_silly import ROLES
from games import services
from games.models import Decision, Game, GamePhase
from games.positions import phase_seed
from games.services import decisions
from games.terms import GameTerms
from tests.games.helpers import current

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
SEATS = (*POWERS, *ROLES)

#: What the great powers do beyond holding, by phase (as on the worker).
SCRIPT: dict[str, dict[str, list[str]]] = {
    "W1901A": {
        "france": ["twins A mar A gas"],
        "germany": ["A ber B", "birds mun"],
        "russia": ["amazon sev", "rogue stp"],
    },
    "S1902M": {
        "germany": ["birds mun - ber", "explode tyr"],
        "russia": ["A sev seduce F rum", "A stp distract"],
        "france": ["A mar H", "A gas H"],
    },
    "F1902M": {"germany": ["birds ber carry A ber", "A ber board"]},
    "S1903M": {"germany": ["birds ber - sil - boh", "A ber - sil - boh"]},
    "F1903M": {"england": ["F nth scare"]},
}


def _units(game: Game, power: str) -> list[str]:
    return list(current(game).position["units"].get(power) or [])


def _hold_all(game: Game, power: str, *but: str) -> list[str]:
    given = {o.split()[1].split("/")[0] for o in but if o[:2] in ("A ", "F ")}
    return [f"{u} H" for u in _units(game, power) if u.split()[1].split("/")[0] not in given]


def _advance(game: Game, moderator: Any) -> None:
    """The deadline passes; the game master answers what the rules ask him (France's
    replies right, else the default), and the phase is adjudicated."""
    phase = current(game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    if services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk):
        return
    for asked in Decision.objects.filter(phase=phase, answer__isnull=True, defaulted=False):
        answer = "france" if asked.key.startswith("superbrain") else asked.default
        decisions.decision_answer(decision=asked, by=moderator, answer=answer)
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk), phase.code


def played_rather_silly_game(users: dict[str, Any], moderator: Any, *, until: str) -> Game:
    """The game, eleven seats (``users`` by seat), played up to the phase ``until`` (its
    code), open there; ``moderator`` answers the game master's questions."""
    game = services.game_create(
        created_by=users["austria"],
        name="Rather Silly, every result",
        power="austria",
        terms=GameTerms(
            variant_id="rather_silly", options={"roles": True}, assignment=Game.Assignment.CHOSEN
        ),
    )
    for seat in SEATS[1:]:
        services.game_join(game=game, user=users[seat], power=seat)
    Game.objects.filter(pk=game.pk).update(seed=1901)
    GamePhase.objects.filter(game=game).update(seed=phase_seed(Game(seed=1901), 0))
    game.refresh_from_db()

    def order(seat: str, *orders: str) -> None:
        services.orders_submit(game=game, user=users[seat], orders=list(orders))

    order("germany", "herd tyr", "herd boh", "vote yor - nwy")
    order("england", "herd wal", "vote yor - nwy")
    order("doctor", "vote nwy - yor")
    _advance(game, moderator)
    order("france", "A mar - bur", "A par H", "F bre - mao")
    order("germany", "A mun - bur", "A ber - kie", "F kie - den")
    order("fortune_teller", "predict bur")
    order("fool", "override A vie - gal")
    order("superbrain", "ask Which is Hanover's highest hill?", "answer Monte Muello")
    order("doctor", "T - yor")
    order("england", "F lon - nth", "sell F lon")
    order("italy", "A ven H", "A rom - apu", "F nap - ion")
    order("russia", "vote stp - nwy", "F sev - rum", "F stp/sc - bot")
    _advance(game, moderator)
    while True:
        phase = current(game)
        game.refresh_from_db()
        if phase is None or game.status != Game.Status.ACTIVE or phase.code == until:
            break
        kind = phase.code[-1]
        script = SCRIPT.get(phase.code, {})
        if kind == "A":
            for power, given in script.items():
                order(power, *given)
        if kind == "M":
            for power in POWERS:
                mine = script.get(power, [])
                if _units(game, power) or mine:
                    order(power, *_hold_all(game, power, *mine), *mine, "vote bel - lon")
            predictions = ("predict bel", "predict hol")
            order("fortune_teller", *_hold_all(game, "fortune_teller"), *predictions)
            victim = next(iter(_units(game, "turkey") or _units(game, "russia")), None)
            if victim is not None:
                order("fool", f"override {victim} H")
            order("superbrain", "ask How many legs has a llama?", "answer four")
            mine = script.get("france", [])
            order("france", *_hold_all(game, "france", *mine), *mine, "reply four")
            order("doctor", "T escape", *_hold_all(game, "doctor"))
        _advance(game, moderator)
    return game
