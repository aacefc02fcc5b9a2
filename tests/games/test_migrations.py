"""Stored games survive the layout's migrations: each twin-board duel becomes linked boards
of kind "duel" (games 0012), its stage kept, and back."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("games", "0011_events_and_stuck_phases")]
AFTER = [("games", "0012_board_links")]


def _apps_at(target: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_duels_become_links_with_their_boards_labelled_and_their_stage_kept() -> None:
    try:
        old = _apps_at(BEFORE)
        user = old.get_model("auth", "User").objects.create(username="host")
        Game, Duel = old.get_model("games", "Game"), old.get_model("games", "Duel")

        def game(name: str) -> Any:
            return Game.objects.create(name=name, variant="highlander", created_by=user)

        a1, b1, a2, a3 = game("a1"), game("b1"), game("a2"), game("a3")
        state = {"stage": "sudden_death", "winner": None, "rule": None, "sudden_death_rounds": 1}
        Duel.objects.create(board_a=a1, board_b=b1, status="sudden_death", state=state, log=[1])
        Duel.objects.create(board_a=a2, status="setup")
        Duel.objects.create(board_a=a3, status="won", winner="red", decided_by="7.4")

        new = _apps_at(AFTER)
        BoardLink, Game = new.get_model("games", "BoardLink"), new.get_model("games", "Game")
        links = {g.name: g.link for g in Game.objects.exclude(link=None)}
        assert {g.name: g.link_label for g in Game.objects.all()} == {
            "a1": "A",
            "b1": "B",
            "a2": "A",
            "a3": "A",
        }
        assert links["a1"] == links["b1"]
        assert (links["a1"].kind, links["a1"].status, links["a1"].stage) == (
            "duel",
            "running",
            "sudden_death",
        )
        assert (links["a1"].state, links["a1"].log) == (state, [1])
        assert links["a2"].status == "setup"
        assert (links["a3"].status, links["a3"].winner, links["a3"].decided_by) == (
            "decided",
            "red",
            "7.4",
        )
        assert BoardLink.objects.count() == 3

        back = _apps_at(BEFORE)
        duels = {d.board_a.name: d for d in back.get_model("games", "Duel").objects.all()}
        assert duels["a1"].board_b.name == "b1"
        assert [duels[n].status for n in ("a1", "a2", "a3")] == ["sudden_death", "setup", "won"]
    finally:
        _apps_at(MigrationExecutor(connection).loader.graph.leaf_nodes())


RESULTS_BEFORE = [("games", "0012_board_links")]
RESULTS_AFTER = [("games", "0013_result_params_as_ids")]

#: Results as stored before (words), and as they are after (ids).
STORED_IN_WORDS = [
    {"power": "france", "order": "A par H", "result": "ok"},
    {
        "power": "germany",
        "order": "A mun - bur",
        "result": "bounce",
        "reason": "bounced with A Par (1 vs 1)",
        "reason_code": "bounced",
        "params": {"other": "A Par", "strength": "1", "other_strength": "1"},
    },
    {
        "power": "france",
        "order": "F mao - spa",
        "result": "void",
        "reason": "Spain (north coast) is not adjacent to Mid-Atlantic Ocean",
        "reason_code": "not_adjacent",
        "params": {"dest": "Spain (north coast)", "source": "Mid-Atlantic Ocean"},
    },
    {
        "power": "france",
        "order": "A mar S A par - bur",
        "result": "void",
        "reason": "A Par was not ordered to Burgundy",
        "reason_code": "support_not_matched",
        "params": {"supported": "A Par", "what": "to Burgundy"},
    },
    {
        "power": "france",
        "order": "A mar S A par",
        "result": "void",
        "reason": "A Par was not ordered to hold",
        "reason_code": "support_not_matched",
        "params": {"supported": "A Par", "what": "to hold"},
    },
    {
        "power": "england",
        "order": "F nth C A lon - nwy",
        "result": "void",
        "reason": "A Lon was not ordered to move to Norway",
        "reason_code": "convoy_not_matched",
        "params": {"army": "A Lon", "dest": "move to Norway"},
    },
    {
        "power": "england",
        "order": "A lon - nwy",
        "result": "disrupted",
        "reason": "convoy disrupted: the convoy dislodged",
        "reason_code": "convoy_disrupted",
        "params": {"fleets": "the convoy"},
    },
    {
        "power": "turkey",
        "order": "F lvp - yor",
        "result": "illegal",
        "reason": "the unit at Liverpool is an army, not a fleet",
        "reason_code": "wrong_unit_kind",
        "params": {"location": "Liverpool", "actual": "an army", "given": "a fleet"},
    },
    {
        "power": "turkey",
        "order": "A con B",
        "result": "illegal",
        "reason": "build orders are not given in a movement phase",
        "reason_code": "wrong_phase",
        "params": {"kind": "build", "phase": "movement"},
    },
    {
        "power": "russia",
        "order": "A mos B",
        "result": "void",
        "reason": "Russia has no builds due",
        "reason_code": "no_builds_due",
        "params": {"power": "Russia"},
    },
]
STORED_AS_IDS = [
    STORED_IN_WORDS[0],
    {**STORED_IN_WORDS[1], "params": {"other": "A par", "strength": "1", "other_strength": "1"}},
    {**STORED_IN_WORDS[2], "params": {"dest": "spa/nc", "source": "mao"}},
    {**STORED_IN_WORDS[3], "params": {"supported": "A par", "dest": "bur"}},
    {**STORED_IN_WORDS[4], "params": {"supported": "A par"}},
    {**STORED_IN_WORDS[5], "params": {"army": "A lon", "dest": "nwy"}},
    {**STORED_IN_WORDS[6], "params": {}},
    {**STORED_IN_WORDS[7], "params": {"location": "lvp", "actual": "A", "given": "F"}},
    {**STORED_IN_WORDS[8], "params": {"kind": "build", "phase": "M"}},
    {**STORED_IN_WORDS[9], "params": {"power": "russia"}},
]


@pytest.mark.django_db(transaction=True)
def test_stored_result_parameters_become_ids_and_back() -> None:
    """The site words results from ids only: stored words are turned into ids (games
    0013) by the inverse of what the adjudicator wrote, the English sentence kept; and
    back."""
    try:
        old = _apps_at(RESULTS_BEFORE)
        user = old.get_model("auth", "User").objects.create(username="host")
        game = old.get_model("games", "Game").objects.create(
            name="g", variant="standard", created_by=user
        )
        GamePhase = old.get_model("games", "GamePhase")
        GamePhase.objects.create(
            game=game, index=0, code="S1901M", position={}, results=STORED_IN_WORDS, seed=1
        )

        new = _apps_at(RESULTS_AFTER)
        stored = new.get_model("games", "GamePhase").objects.get(game_id=game.pk)
        assert stored.results == STORED_AS_IDS

        back = _apps_at(RESULTS_BEFORE)
        restored = back.get_model("games", "GamePhase").objects.get(game_id=game.pk)
        assert restored.results == STORED_IN_WORDS
    finally:
        _apps_at(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_each_order_set_is_its_seats_powers_and_back() -> None:
    before, after = [("games", "0013_result_params_as_ids")], [("games", "0014_order_set_power")]
    try:
        old = _apps_at(before)
        user = old.get_model("auth", "User").objects.create(username="host")
        game = old.get_model("games", "Game").objects.create(name="g", created_by=user)
        phase = old.get_model("games", "GamePhase").objects.create(
            game=game, index=0, code="S1901M", position={}
        )
        Seat = old.get_model("games", "Seat")
        for power in ("france", "italy"):
            seat = Seat.objects.create(game=game, power=power)
            old.get_model("games", "OrderSet").objects.create(
                phase=phase, seat=seat, orders=[f"{power} orders"]
            )
        new = _apps_at(after)
        sets = new.get_model("games", "OrderSet").objects.all()
        assert sorted((o.power, o.seat.power, o.orders[0]) for o in sets) == [
            ("france", "france", "france orders"),
            ("italy", "italy", "italy orders"),
        ]
        back = _apps_at(before)
        assert back.get_model("games", "OrderSet").objects.count() == 2
    finally:
        _apps_at(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_draw_votes_become_votes_of_the_kind_draw_and_back() -> None:
    """games 0017: the draw votes cast before stay, as votes of the kind "draw"."""
    before = [("games", "0016_pseudonyms_and_signed_press")]
    after = [("games", "0017_votes_of_every_kind")]
    try:
        old = _apps_at(before)
        user = old.get_model("auth", "User").objects.create(username="host")
        game = old.get_model("games", "Game").objects.create(name="g", created_by=user)
        seat = old.get_model("games", "Seat").objects.create(game=game, power="italy", user=user)
        phase = old.get_model("games", "GamePhase").objects.create(
            game=game, index=0, code="S1901M", position={}
        )
        old.get_model("games", "DrawVote").objects.create(phase=phase, seat=seat, accept=True)

        new = _apps_at(after)
        vote = new.get_model("games", "Vote").objects.get()
        assert (vote.kind, vote.accept, vote.seat_id, vote.phase_id) == (
            "draw",
            True,
            seat.pk,
            phase.pk,
        )
        again = _apps_at(before)
        assert again.get_model("games", "DrawVote").objects.get().accept is True
    finally:
        _apps_at(MigrationExecutor(connection).loader.graph.leaf_nodes())


QUESTIONS_BEFORE = [("games", "0018_masters_named_by_and_results_confirmed")]
QUESTIONS_AFTER = [("games", "0019_decision_questions_as_codes")]
#: The Superbrain's question as the adjudicator worded it before (issue 41, M3): his
#: answer in the words, and a reply with "; " in it.
SUPERBRAIN_WORDS = (
    "The Superbrain asked: Which hill? His answer: Muello SECRET. Replies: france: Monte"
    " Muello; germany: The Brocken; or so. Which seats answered right? Name them, separated"
    " by commas (leave empty for nobody)."
)
FIFTH_FLEET_WORDS = (
    "The fifth fleet F eng (france) is ordered to bel, a coastal province. If it gets there,"
    " the units of other players next to it attack it. Does the attack succeed (the fleet is"
    " destroyed)?"
)


@pytest.mark.django_db(transaction=True)
def test_stored_questions_become_codes_with_the_answer_owned_and_back() -> None:
    """The game master's questions were stored as words, the Superbrain's answer in them
    (games 0019): they become codes with parameters, the answer owned by his seat; the
    moderation records refer to the question instead of copying its words; a question
    that cannot be read back keeps its words; and back."""
    try:
        old = _apps_at(QUESTIONS_BEFORE)
        user = old.get_model("auth", "User").objects.create(username="host")
        game = old.get_model("games", "Game").objects.create(
            name="g", variant="rather_silly", created_by=user
        )
        GamePhase = old.get_model("games", "GamePhase")
        Decision = old.get_model("games", "Decision")
        ModeratorAction = old.get_model("games", "ModeratorAction")
        extras = {
            "question": {"season": "S1901", "text": "Which hill?"},
            "answers": {"superbrain": {"answer": "Muello SECRET"}},
        }
        fall = GamePhase.objects.create(
            game=game, index=2, code="F1901M", position={"extras": extras}
        )
        seats = {
            p: old.get_model("games", "Seat").objects.create(game=game, power=p)
            for p in ("france", "germany")
        }
        OrderSet = old.get_model("games", "OrderSet")
        OrderSet.objects.create(
            phase=fall, seat=seats["france"], power="france", orders=["reply Monte Muello"]
        )
        OrderSet.objects.create(
            phase=fall,
            seat=seats["germany"],
            power="germany",
            orders=["A mun H", "reply The Brocken; or so"],
        )
        deadline = timezone.now()
        asked = Decision.objects.create(
            phase=fall,
            key="superbrain S1901",
            question=SUPERBRAIN_WORDS,
            default_text="Nobody answered right.",
            deadline=deadline,
            answer="france",
        )
        # Without the phase's own record of it: read from the words alone.
        spring = GamePhase.objects.create(game=game, index=5, code="S1902M", position={})
        loose = Decision.objects.create(
            phase=spring,
            key="superbrain F1901",
            question=SUPERBRAIN_WORDS.replace("Muello SECRET", "(none given)"),
            default_text="Nobody answered right.",
            deadline=deadline,
        )
        fleet = Decision.objects.create(
            phase=spring,
            key="fifth fleet S1902 eng",
            question=FIFTH_FLEET_WORDS,
            choices=["yes", "no"],
            default="yes",
            default_text="The attack succeeds, as the rules intend.",
            deadline=deadline,
        )
        odd = Decision.objects.create(
            phase=spring,
            key="superbrain S1899",
            question="Something else entirely: Muello SECRET",
            deadline=deadline,
        )
        record = ModeratorAction.objects.create(
            game=game,
            phase=fall,
            kind="decision",
            details={
                "key": "superbrain S1901",
                "question": SUPERBRAIN_WORDS,
                "answer": "france",
                "by_role": "moderator",
            },
        )
        lost = ModeratorAction.objects.create(
            game=game,
            kind="decision",
            details={"key": "no such key", "question": SUPERBRAIN_WORDS, "answer": "x"},
        )

        new = _apps_at(QUESTIONS_AFTER)
        Decision = new.get_model("games", "Decision")
        ModeratorAction = new.get_model("games", "ModeratorAction")
        read = Decision.objects.get(pk=asked.pk)
        assert (read.question_code, read.question, read.default_code, read.default_text) == (
            "superbrain_replies",
            "",
            "superbrain_nobody_right",
            "",
        )
        assert read.params == {
            "asked": "Which hill?",
            "answer": "Muello SECRET",
            "replies": {"france": "Monte Muello", "germany": "The Brocken; or so"},
        }
        assert read.owned == {"answer": "superbrain"}
        read = Decision.objects.get(pk=loose.pk)
        assert read.question_code == "superbrain_replies"
        assert read.params["answer"] == ""
        assert read.params["replies"] == {
            "france": "Monte Muello",
            "germany": "The Brocken; or so",
        }
        read = Decision.objects.get(pk=fleet.pk)
        assert (read.question_code, read.params, read.owned, read.default_code) == (
            "fifth_fleet_attack",
            {"unit": "F eng", "power": "france", "dest": "bel"},
            {},
            "fifth_fleet_attack_succeeds",
        )
        read = Decision.objects.get(pk=odd.pk)
        assert (read.question_code, read.question) == ("", "Something else entirely: Muello SECRET")
        assert ModeratorAction.objects.get(pk=record.pk).details == {
            "key": "superbrain S1901",
            "decision": asked.pk,
            "answer": "france",
            "by_role": "moderator",
        }
        assert ModeratorAction.objects.get(pk=lost.pk).details["question"] == SUPERBRAIN_WORDS

        back = _apps_at(QUESTIONS_BEFORE)
        Decision = back.get_model("games", "Decision")
        assert Decision.objects.get(pk=asked.pk).question == SUPERBRAIN_WORDS
        assert Decision.objects.get(pk=asked.pk).default_text == "Nobody answered right."
        assert Decision.objects.get(pk=fleet.pk).question == FIFTH_FLEET_WORDS
        assert Decision.objects.get(pk=loose.pk).question == loose.question
        assert back.get_model("games", "ModeratorAction").objects.get(pk=record.pk).details == {
            "key": "superbrain S1901",
            "question": SUPERBRAIN_WORDS,
            "answer": "france",
            "by_role": "moderator",
        }
    finally:
        _apps_at(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_the_superbrains_questions_take_the_seats_that_replied_as_their_answers() -> None:
    """The Superbrain's question was answered by typing names (games 0021): a row takes
    the seats that replied as its choices, an answer typed as their names is read back as
    their ids, and one that names something else is kept as typed."""
    before = [("games", "0020_game_last_year")]
    try:
        old = _apps_at(before)
        user = old.get_model("auth", "User").objects.create(username="host")
        game = old.get_model("games", "Game").objects.create(
            name="g", variant="rather_silly", created_by=user
        )
        phase = old.get_model("games", "GamePhase").objects.create(
            game=game, index=2, code="F1901M", position={}
        )
        Decision = old.get_model("games", "Decision")
        replies = {"france": "Monte Muello", "fool": "The Brocken"}

        def asked(key: str, answer: str | None) -> Any:
            return Decision.objects.create(
                phase=phase,
                key=key,
                question_code="superbrain_replies",
                params={"asked": "Which hill?", "answer": "Muello", "replies": replies},
                deadline=timezone.now(),
                answer=answer,
            )

        typed = asked("superbrain S1901", " France, Fool ")
        nobody = asked("superbrain S1902", "")
        odd = asked("superbrain S1903", "France and maybe Italy")
        waiting = asked("superbrain S1904", None)
        fleet = Decision.objects.create(
            phase=phase,
            key="fifth fleet",
            question_code="fifth_fleet_attack",
            choices=["yes", "no"],
            deadline=timezone.now(),
            answer="no",
        )

        new = _apps_at([("games", "0021_decision_answers_as_ids")])
        Decision = new.get_model("games", "Decision")
        read = {d.pk: d for d in Decision.objects.all()}
        assert (read[typed.pk].many, read[typed.pk].choices) == (True, ["fool", "france"])
        assert read[typed.pk].answer == "fool,france"
        assert read[nobody.pk].answer == ""
        assert read[odd.pk].answer == "France and maybe Italy"
        assert (read[waiting.pk].answer, read[waiting.pk].many) == (None, True)
        assert (read[fleet.pk].many, read[fleet.pk].answer) == (False, "no")
    finally:
        _apps_at(MigrationExecutor(connection).loader.graph.leaf_nodes())
