"""Decisions the rules leave to the game master, with a small made-up variant.

Kingmaker is the standard game plus one rule: in each fall, before the movement is
resolved, the game master says who receives Belgium this year; without an answer in
time, nobody does (Belgium stays as it is). Rather Silly and Kapitalisten will ask their
questions the same way.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from adjudicator import Phase, Position, Season, resolve
from adjudicator.board import PhaseKind
from adjudicator.results import OrderResult
from adjudicator.variants import VARIANTS, DecisionRequest, Question
from adjudicator.variants.standard import Standard
from core.errors import ApplicationError
from games import selectors, services
from games.events import event_dispatch
from games.models import Decision, Game, GameEvent, GamePhase, ModeratorAction
from games.services import decisions, moderation
from games.terms import GameTerms
from notifications import services as notifications
from notifications.models import Notification

pytestmark = pytest.mark.django_db

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
#: A made-up variant's questions: the site has no words of its own for them, and says the
#: adjudicator's English.
WHO_RECEIVES = Question.declare("kingmaker_belgium", "Who receives Belgium this year?")
STAYS = Question.declare("kingmaker_belgium_stays", "Belgium stays as it is.")


class Kingmaker(Standard):
    id = "kingmaker"
    name = "Kingmaker"
    aliases = ()

    def decisions_needed(
        self, position: Position, orders: Mapping[str, Sequence[str]]
    ) -> tuple[DecisionRequest, ...]:
        phase = position.phase
        if phase.season is not Season.FALL or phase.kind is not PhaseKind.MOVEMENT:
            return ()
        if self.decision(position, "belgium") is not None:
            return ()
        return (
            DecisionRequest(
                key="belgium",
                question=WHO_RECEIVES,
                choices=(*POWERS, "nobody"),
                default="nobody",
                default_means=STAYS,
            ),
        )

    def after_phase(
        self, phase: Phase, position: Position, seed: int
    ) -> tuple[Position, tuple[OrderResult, ...]]:
        answer = self.decision(position, "belgium")
        if answer in POWERS:
            ownership = {**position.ownership, "bel": answer}
            position = position.with_changes(ownership=ownership)
        return position, ()


@pytest.fixture(autouse=True)
def kingmaker() -> Iterator[None]:
    VARIANTS["kingmaker"] = Kingmaker()
    yield
    del VARIANTS["kingmaker"]


@pytest.fixture
def game(players: dict[str, Any], make_user: Any, site_moderator: Any) -> Game:
    game = services.game_create(
        created_by=players["austria"],
        name="Kingmaker",
        power="austria",
        terms=GameTerms(variant_id="kingmaker", assignment=Game.Assignment.CHOSEN),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=players[power], power=power)
    game.refresh_from_db()
    moderation.game_master_set(game=game, by=site_moderator, user=make_user("referee"))
    spring = game.current_phase
    assert services.phase_adjudicate(game_id=game.pk, phase_id=spring.pk)
    assert game.current_phase.code == "F1901M"
    return game


def _current(game: Game) -> GamePhase:
    phase = game.current_phase
    assert phase is not None
    return phase


def test_the_adjudicator_reads_the_answer_from_the_position() -> None:
    variant = Kingmaker()
    start = variant.initial_position().with_changes(phase=Phase.parse("F1901M"))
    assert [r.key for r in variant.decisions_needed(start, {})] == ["belgium"]
    answered = start.with_changes(extras={"decisions": {"belgium": "england"}})
    assert variant.decisions_needed(answered, {}) == ()
    after = resolve(answered, {}, variant=variant).position
    assert after.ownership["bel"] == "england"


def test_the_phase_waits_for_the_game_master_and_uses_the_answer(game: Game) -> None:
    phase = _current(game)
    assert not services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    phase.refresh_from_db()
    assert phase.status == GamePhase.Status.OPEN
    decision = Decision.objects.get(phase=phase)
    assert (decision.question_code, decision.default_code) == (WHO_RECEIVES, STAYS)
    master_sees = selectors.game_state(user=game.masters.get(), game=game)["phase"]["decisions"]
    assert master_sees[0]["question"] == "Who receives Belgium this year?"
    assert phase.deadline == decision.deadline  # the sweep comes back when it runs out
    needs = selectors.games_to_moderate(user=game.masters.get())
    assert "decision" in needs[0]["needs"]
    decisions.decision_answer(decision=decision, by=game.masters.get(), answer="france")
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    assert _current(game).position["centers"]["france"] == ["bel", "bre", "mar", "par"]
    assert "decisions" not in _current(game).position.get("extras", {})
    assert ModeratorAction.objects.filter(kind="decision").get().details["answer"] == "france"


def test_without_an_answer_in_time_the_documented_default(game: Game) -> None:
    phase = _current(game)
    services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    decision = Decision.objects.get(phase=phase)
    Decision.objects.filter(pk=decision.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    decision.refresh_from_db()
    assert (decision.answer, decision.defaulted) == ("nobody", True)
    assert "bel" not in {c for cs in _current(game).position["centers"].values() for c in cs}
    phase.refresh_from_db()
    assert {"kind": "decision_default", "key": "belgium"} in phase.notes


def test_only_a_moderator_answers_and_only_with_a_choice(
    game: Game, players: dict[str, Any]
) -> None:
    phase = _current(game)
    services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    decision = Decision.objects.get(phase=phase)
    with pytest.raises(ApplicationError, match="moderator"):
        decisions.decision_answer(decision=decision, by=players["france"], answer="france")
    with pytest.raises(ApplicationError, match="one of"):
        decisions.decision_answer(decision=decision, by=game.masters.get(), answer="Atlantis")
    assert Decision.objects.get(pk=decision.pk).answer is None


def test_players_see_the_question_only_once_the_phase_is_adjudicated(
    game: Game, players: dict[str, Any]
) -> None:
    phase = _current(game)
    services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    seen = selectors.game_state(user=players["england"], game=game)["phase"]["decisions"]
    assert seen == []
    master_sees = selectors.game_state(user=game.masters.get(), game=game)["phase"]["decisions"]
    assert master_sees[0]["default_text"] == "Belgium stays as it is."
    decisions.decision_answer(
        decision=Decision.objects.get(), by=game.masters.get(), answer="nobody"
    )
    services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    later = selectors.game_state(user=players["england"], game=game, index=phase.index)
    assert later["phase"]["decisions"][0]["answer"] == "nobody"


def test_the_state_api_keeps_an_open_decision_from_players(
    game: Game, players: dict[str, Any]
) -> None:
    phase = _current(game)
    services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    master = game.masters.get()
    decisions.decision_answer(decision=Decision.objects.get(), by=master, answer="italy")
    seen = selectors.game_state(user=players["england"], game=game)["moderation"]["actions"]
    decision = [a for a in seen if a["kind"] == "decision"]
    assert decision[0]["details"] == {}
    mod_seen = selectors.game_state(user=master, game=game)["moderation"]["actions"]
    assert next(a for a in mod_seen if a["kind"] == "decision")["details"]["answer"] == "italy"


def _unmoderated(players: dict[str, Any], **terms: Any) -> Game:
    """A Kingmaker game in fall 1901 whose only site moderator plays in it (Austria's
    player): nobody may answer its questions."""
    from accounts.roles import MODERATOR, grant

    grant(players["austria"], MODERATOR)
    game = services.game_create(
        created_by=players["austria"],
        name="Nobody to ask",
        power="austria",
        terms=GameTerms(variant_id="kingmaker", assignment=Game.Assignment.CHOSEN, **terms),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=players[power], power=power)
    game.refresh_from_db()
    assert services.phase_adjudicate(game_id=game.pk, phase_id=_current(game).pk)
    return game


def test_the_game_master_has_no_longer_than_the_phase_lasts(
    game: Game,
) -> None:
    """A one-hour game does not stop for a day: the question's time is the game's window
    for decisions (a day here) cut to the phase's own length."""
    Game.objects.filter(pk=game.pk).update(movement_deadline=timedelta(hours=1))
    game.refresh_from_db()
    phase = _current(game)
    before = timezone.now()
    assert not services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    after = timezone.now()
    decision = Decision.objects.get(phase=phase)
    assert game.decision_window == timedelta(hours=24)
    assert before + timedelta(hours=1) <= decision.deadline <= after + timedelta(hours=1)
    phase.refresh_from_db()
    assert phase.deadline == decision.deadline


def test_the_players_are_told_until_when_and_what_happens_without_an_answer(
    game: Game, players: dict[str, Any]
) -> None:
    from django.test import Client
    from django.urls import reverse
    from django.utils import translation

    phase = _current(game)
    services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    decision = Decision.objects.get(phase=phase)
    phase.refresh_from_db()
    note = next(n for n in phase.notes if n["kind"] == "decision_asked")
    assert note["deadline"] == decision.deadline.isoformat()
    assert note["defaults"] == [STAYS.value]
    client = Client()
    client.force_login(players["england"])
    with translation.override("en"):
        html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "without his answer by then, the rules' default applies: Belgium stays as it is." in html
    # The question itself stays the game master's until the phase is adjudicated.
    assert "Who receives Belgium this year?" not in html


def test_with_nobody_to_answer_the_default_applies_at_the_phase_deadline(
    players: dict[str, Any],
) -> None:
    """The only site moderator plays in the game and it has no game master: nobody may
    answer, so the season does not wait a day for nothing."""
    game = _unmoderated(players)
    phase = _current(game)
    assert phase.code == "F1901M"
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    decision = Decision.objects.get(phase=phase)
    assert (decision.answer, decision.defaulted) == ("nobody", True)
    phase.refresh_from_db()
    assert phase.status == GamePhase.Status.RESOLVED
    assert {"kind": "decision_default", "key": "belgium", "nobody_may_answer": True} in (
        phase.notes
    )


def test_a_game_master_named_later_is_waited_for_again(
    players: dict[str, Any], site_moderator: Any, make_user: Any
) -> None:
    game = _unmoderated(players)
    moderation.game_master_set(game=game, by=site_moderator, user=make_user("late-referee"))
    phase = _current(game)
    assert not services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    assert Decision.objects.get(phase=phase).answer is None


def test_a_question_that_takes_many_answers_any_of_its_choices_or_none(
    game: Game,
) -> None:
    phase = _current(game)
    services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    decision = Decision.objects.get(phase=phase)
    decision.many = True
    decision.choices = ["england", "france", "italy"]
    assert decisions.answer_read(decision, ["italy", " england", "italy"]) == "england,italy"
    assert decisions.answer_read(decision, "france, england") == "england,france"
    assert decisions.answer_read(decision, []) == ""
    assert decisions.answer_read(decision, "") == ""
    with pytest.raises(ApplicationError, match="any of: england, france, italy"):
        decisions.answer_read(decision, ["england", "Atlantis"])


def test_those_who_may_answer_hear_of_the_question_and_the_players_do_not(
    game: Game, players: dict[str, Any], site_moderator: Any
) -> None:
    """The game master and the site's moderators are told (a push, a mail, as each
    chose), with the phase's deadline; the players are not, and the question, which may
    hold a power's secret, is in nobody's notification."""
    phase = _current(game)
    services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    (event,) = GameEvent.objects.filter(kind="decision_asked")
    event_dispatch(event.pk)
    told = Notification.objects.filter(kind="decision_asked")
    referee = game.masters.get()
    assert set(told.values_list("user", flat=True)) == {referee.pk, site_moderator.pk}
    (text,) = {notifications.text(kind=n.kind, params=n.params) for n in told}
    deadline = Decision.objects.get(phase=phase).deadline.strftime("%Y-%m-%d %H:%M")
    assert text == (
        "Kingmaker: the rules leave a question in Fall 1901 movement to the game master. "
        f"The phase waits for an answer until {deadline} (UTC)."
    )
    assert "Belgium" not in text
    # Asked again (the sweep comes back while the phase waits): told once.
    services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    assert GameEvent.objects.filter(kind="decision_asked").count() == 1
