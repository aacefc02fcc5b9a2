"""An eleven-seat Rather Silly game played through the site's services for several years on a
real Celery worker (in a thread, on the configured broker: Redis in CI): the seven great
powers and the four roles each acting every season, the creatures acting on their own, the
game master judging the Superbrain's questions; each phase adjudicated once, by the worker,
when its deadline passes; replayed from the stored seeds, every phase gives the same results
and position again (issue 16's "done when")."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from adjudicator import find_variant, resolve
from adjudicator.io import position_from_json, position_to_json
from adjudicator.variants.rather_silly import ROLES
from games import services, tasks
from games.models import Decision, Game, GamePhase
from games.positions import phase_seed, result_rows, with_decisions
from games.services import decisions
from games.terms import GameTerms
from tests.games.helpers import current

pytestmark = pytest.mark.django_db(transaction=True)

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
SEATS = (*POWERS, *ROLES)


def _advance(game: Game, moderator: Any, judge: Callable[[Decision], str]) -> str:
    """Let the current phase's deadline pass; answer the game master's questions as they come
    (``moderator``, with ``judge``'s answer); wait for the worker to open the next phase and
    return its code."""
    phase = current(game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    tasks.sweep_due_phases()
    end = time.monotonic() + 60
    while time.monotonic() < end:
        now = current(game)
        if now is None or now.pk != phase.pk:
            return now.code if now is not None else ""
        for asked in Decision.objects.filter(phase=phase, answer__isnull=True, defaulted=False):
            decisions.decision_answer(decision=asked, by=moderator, answer=judge(asked))
            tasks.sweep_due_phases()
        time.sleep(0.1)
    raise AssertionError(f"{game} never left {phase.code}")


def _units(game: Game, power: str) -> list[str]:
    return list(current(game).position["units"].get(power) or [])


def _hold_all(game: Game, power: str, *but: str) -> list[str]:
    """Hold orders for ``power``'s units, but for those the orders ``but`` are for."""
    given = {o.split()[1].split("/")[0] for o in but if o[:2] in ("A ", "F ")}
    return [f"{u} H" for u in _units(game, power) if u.split()[1].split("/")[0] not in given]


#: What the great powers do beyond holding, by phase: every unit kind acts (the fifth fleet,
#: an option that needs five fleets built, is played through the site in
#: test_rather_silly_site.py). The game's seed is fixed, so each run plays the same game.
SCRIPT: dict[str, dict[str, list[str]]] = {
    "W1901A": {
        # France's lost army comes back as Siamese twins; Germany builds a flock of birds;
        # Russia, with five centers, raises an Amazon and a rogue army.
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


def test_eleven_seats_play_their_roles_for_years_on_a_real_worker(
    make_user: Any, site_moderator: Any, worker: None
) -> None:
    users = {s: make_user(f"{s}-roles") for s in SEATS}
    game = services.game_create(
        created_by=users["austria"],
        name="Eleven on Celery",
        power="austria",
        terms=GameTerms(
            variant_id="rather_silly",
            options={"roles": True},
            assignment=Game.Assignment.CHOSEN,
        ),
    )
    for seat in SEATS[1:]:
        services.game_join(game=game, user=users[seat], power=seat)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    # A fixed seed: the creatures do the same every run, so the script below fits.
    Game.objects.filter(pk=game.pk).update(seed=1901)
    GamePhase.objects.filter(game=game).update(seed=phase_seed(Game(seed=1901), 0))

    def judge(asked: Decision) -> str:
        # The game master finds France's replies right, and lets the default stand else.
        return "france" if asked.key.startswith("superbrain") else asked.default

    def order(seat: str, *orders: str) -> None:
        services.orders_submit(game=game, user=users[seat], orders=list(orders))

    # Winter 1900: herds in secret, and the first hyperspace link voted for.
    order("germany", "herd tyr", "herd boh", "vote yor - nwy")
    order("england", "herd wal", "vote yor - nwy")
    order("doctor", "vote nwy - yor")
    assert _advance(game, site_moderator, judge) == "S1901M"

    # Spring 1901: every role acts.
    order("france", "A mar - bur", "A par H", "F bre - mao")
    order("germany", "A mun - bur", "A ber - kie", "F kie - den")
    order("fortune_teller", "predict bur")
    order("fool", "override A vie - gal")
    order("superbrain", "ask Which is Hanover's highest hill?", "answer Monte Muello")
    order("doctor", "T - yor")
    order("england", "F lon - nth", "sell F lon")
    order("italy", "A ven H", "A rom - apu", "F nap - ion")
    order("russia", "vote stp - nwy", "F sev - rum", "F stp/sc - bot")
    _advance(game, site_moderator, judge)
    while True:
        phase = current(game)
        game.refresh_from_db()
        if phase is None or game.status != Game.Status.ACTIVE or phase.code.startswith("S1904"):
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
            if _units(game, "fortune_teller"):
                order(
                    "fortune_teller",
                    *_hold_all(game, "fortune_teller"),
                    "predict bel",
                    "predict hol",
                )
            else:
                order("fortune_teller", "predict bel", "predict hol")
            victim = next(iter(_units(game, "turkey") or _units(game, "russia")), None)
            if victim is not None:
                order("fool", f"override {victim} H")
            order("superbrain", "ask How many legs has a llama?", "answer four")
            mine = script.get("france", [])
            order("france", *_hold_all(game, "france", *mine), *mine, "reply four")
            order("doctor", "T escape", *_hold_all(game, "doctor"))
        _advance(game, site_moderator, judge)
    assert current(game).code == "S1904M", "three years played"

    resolved = list(
        game.phases.filter(status=GamePhase.Status.RESOLVED)
        .order_by("index")
        .values_list("code", flat=True)
    )
    assert len(resolved) == len(set(resolved)), "each phase once"
    seen: Counter[str] = Counter()
    for phase in game.phases.filter(status=GamePhase.Status.RESOLVED):
        seen.update(r.get("reason_code") for r in phase.results if r.get("reason_code"))
    # The creatures acted on their own ...
    assert {"borg_appeared", "sea_monster_appeared", "space_monster_appeared"} <= set(seen)
    assert {"herd_settled", "hyperspace_link"} <= set(seen)
    # ... and every role acted: the Fool, the Fortune-teller, the Superbrain, the Doctor.
    assert seen["fool_override"] >= 3
    assert "prediction_right" in seen
    assert seen["question_asked"] >= 3
    assert "reply_right" in seen
    assert seen.keys() & {"tardis_arrived", "tardis_astray"}
    # Every unit kind acted: devil units, birds, Amazons and rogue armies, Siamese twins.
    assert "soul_sold" in seen
    assert {"birds_built", "flew", "picked_up"} <= set(seen)
    assert seen.keys() & {"landed", "dropped", "drowned", "shot_down"}
    assert {"special_raised", "seduced", "distracting"} <= set(seen)
    assert {"twins_raised", "implicit_support"} <= set(seen)
    assert {"llamas_exploded"} <= set(seen)
    # The game master's word was asked and given.
    assert Decision.objects.filter(phase__game=game, answered_by=site_moderator).exists()
    # Replayed from what is stored, each phase gives the same results and position.
    variant = find_variant("rather_silly")
    for phase in game.phases.filter(status=GamePhase.Status.RESOLVED).order_by("index"):
        position, _orders = position_from_json(phase.position)
        # With the game master's answers, as the site resolved it.
        position = with_decisions(position, phase)
        again = resolve(position, phase.adjudicated_orders or {}, seed=phase.seed, variant=variant)
        assert result_rows(again.results, variant.map) == phase.results, phase.code
        after = position_to_json(again.position)
        after["extras"].pop("decisions", None)  # the site keeps them with the phase
        assert after == phase.position_after, phase.code
