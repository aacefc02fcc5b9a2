"""The questions the rules leave to the game master, and the secrets in them (issue 41, M3).

The Superbrain (Rather Silly) asks a question with a secret answer; the next season the
others reply and the game master judges the replies by the answer. The answer is the
Superbrain's secret for the whole game: the question shows it to the game's master and the
site's moderators (who judge by it) and to the Superbrain's own player, and to nobody
else until the game is over, on every channel: the state API (current and ``?phase=``),
the game page (first paint and ``?phase=``), the moderation records (API and page) and
the export. Tried as every wrong user: a visitor who is not signed in, a stranger, an
observer, a player who did not reply, the players whose replies were judged, another
role, and the game master of another game.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from adjudicator.variants.rather_silly import ROLES
from games import selectors, services
from games.models import Decision, Game, GamePhase, ModeratorAction
from games.services import moderation
from games.terms import GameTerms
from tests.games.helpers import current

pytestmark = pytest.mark.django_db

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
#: The Superbrain's secret answer: in no reply, so that any sight of it is a leak.
SECRET = "Muello188SECRET"
QUESTION = "Which is Hanover's highest hill?"

WRONG = ("visitor", "stranger", "observer", "player", "replying", "wrong_reply", "role", "gm2")
RIGHT = ("master", "moderator", "superbrain")


def _adjudicate(game: Game) -> None:
    phase = current(game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)


def _asked(make_user: Any, site_moderator: Any) -> tuple[Game, dict[str, Any], GamePhase]:
    """A Rather Silly game with its roles and a game master: in Spring 1901 the
    Superbrain asks and keeps his answer; in the fall France and Germany reply, and the
    fall waits for the game master to judge the replies. The users by who they are (and
    those who are nothing to this game: a stranger, an observer, the game master of
    another game); the fall."""
    seats = (*POWERS, *ROLES)
    users = {p: make_user(f"{p}-m3") for p in seats}
    game = services.game_create(
        created_by=users["austria"],
        name="Secrets",
        power="austria",
        terms=GameTerms(
            variant_id="rather_silly", options={"roles": True}, assignment=Game.Assignment.CHOSEN
        ),
    )
    for power in seats[1:]:
        services.game_join(game=game, user=users[power], power=power)
    game.refresh_from_db()
    users["master"] = make_user("master-m3")
    moderation.game_master_set(game=game, by=site_moderator, user=users["master"])
    users["moderator"] = site_moderator
    _adjudicate(game)  # the llamas' winter
    services.orders_submit(
        game=game, user=users["superbrain"], orders=[f"ask {QUESTION}", f"answer {SECRET}"]
    )
    _adjudicate(game)
    services.orders_submit(game=game, user=users["france"], orders=["reply Monte Muello"])
    services.orders_submit(game=game, user=users["germany"], orders=["reply The Brocken"])
    fall = current(game)
    GamePhase.objects.filter(pk=fall.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert not services.phase_adjudicate(game_id=game.pk, phase_id=fall.pk)  # it waits
    users["stranger"] = make_user("stranger-m3")
    users["observer"] = make_user("observer-m3")
    other = services.game_create(created_by=make_user("host-m3"), name="Elsewhere", join=False)
    users["gm2"] = make_user("gm2-m3")
    moderation.game_master_set(game=other, by=site_moderator, user=users["gm2"])
    users["player"] = users["england"]
    users["replying"] = users["france"]
    users["wrong_reply"] = users["germany"]
    users["role"] = users["fool"]
    return game, users, fall


@pytest.fixture
def judged(make_user: Any, site_moderator: Any) -> tuple[Game, dict[str, Any], GamePhase]:
    """:func:`_asked`, and then the site moderator judges the replies (a form on the
    game page) and the fall is adjudicated."""
    game, users, fall = _asked(make_user, site_moderator)
    decision = Decision.objects.get(phase=fall)
    client = Client()
    client.force_login(site_moderator)
    answered = client.post(
        reverse("games:mod-decision", args=[game.pk, decision.pk]),
        {"answer": "france", "reason": "Close enough."},
    )
    assert answered.status_code == 302
    assert services.phase_adjudicate(game_id=game.pk, phase_id=fall.pk)
    fall.refresh_from_db()
    assert fall.is_resolved
    return game, users, fall


def _client(users: dict[str, Any], who: str) -> Client:
    client = Client()
    if who != "visitor":
        client.force_login(users[who])
    return client


def _everything_seen(client: Client, game: Game, fall: GamePhase) -> dict[str, str]:
    """What a viewer gets on every channel, by channel."""
    state = reverse("api:state", args=[game.pk])
    page = reverse("games:detail", args=[game.pk])
    return {
        "api": client.get(state).content.decode(),
        "api ?phase=": client.get(state, {"phase": fall.index}).content.decode(),
        "page": client.get(page).content.decode(),
        "page ?phase=": client.get(page, {"phase": fall.index}).content.decode(),
        "export": client.get(reverse("games:export", args=[game.pk])).content.decode(),
    }


@pytest.mark.parametrize("who", WRONG)
def test_the_superbrains_answer_is_kept_from_every_wrong_user_on_every_channel(
    judged: tuple[Game, dict[str, Any], GamePhase], who: str
) -> None:
    game, users, fall = judged
    client = _client(users, who)
    seen = _everything_seen(client, game, fall)
    for channel, text in seen.items():
        assert SECRET not in text, (who, channel)
    # The question itself and the replies are his to read: only the answer is kept.
    past = json.loads(seen["api ?phase="])["phase"]["decisions"]
    assert [d["question_code"] for d in past] == ["superbrain_replies"]
    assert past[0]["params"] == {
        "asked": QUESTION,
        "replies": {"france": "Monte Muello", "germany": "The Brocken"},
    }
    assert past[0]["hidden"] == ["answer"]
    assert past[0]["answer"] == "france"
    assert QUESTION.replace("'", "&#x27;") in seen["page ?phase="]
    assert "His answer: kept secret until the game ends." in past[0]["question"]
    # The moderation record of the answer says as much, and no more.
    record = next(
        a for a in json.loads(seen["api"])["moderation"]["actions"] if a["kind"] == "decision"
    )
    assert record["details"]["hidden"] == ["answer"]
    assert record["details"]["answer"] == "france"
    assert "answer" not in record["details"]["params"]


@pytest.mark.parametrize("who", RIGHT)
def test_the_game_master_the_moderators_and_the_superbrain_read_the_answer(
    judged: tuple[Game, dict[str, Any], GamePhase], who: str
) -> None:
    game, users, fall = judged
    seen = _everything_seen(_client(users, who), game, fall)
    past = json.loads(seen["api ?phase="])["phase"]["decisions"]
    assert past[0]["params"]["answer"] == SECRET
    assert past[0]["hidden"] == []
    assert f"His answer: {SECRET}." in past[0]["question"]
    assert SECRET in seen["page ?phase="]
    record = next(
        a for a in json.loads(seen["api"])["moderation"]["actions"] if a["kind"] == "decision"
    )
    assert record["details"]["params"]["answer"] == SECRET
    assert SECRET in seen["page"]  # the record on the page of the game


def test_once_the_game_is_over_everyone_reads_it(
    judged: tuple[Game, dict[str, Any], GamePhase], site_moderator: Any
) -> None:
    game, users, fall = judged
    moderation.game_end(game=game, by=site_moderator, outcome="draw", reason="Time is up.")
    for who in ("visitor", "stranger", "replying", "gm2"):
        seen = _everything_seen(_client(users, who), game, fall)
        past = json.loads(seen["api ?phase="])["phase"]["decisions"]
        assert past[0]["params"]["answer"] == SECRET, who
        assert SECRET in seen["page ?phase="], who


def test_the_open_question_is_the_judges_alone(make_user: Any, site_moderator: Any) -> None:
    """Before its phase is adjudicated a question is shown to those who judge it only
    (the game master answers it on the game page), not even to the Superbrain."""
    game, users, _fall = _asked(make_user, site_moderator)
    for who in (*WRONG, "superbrain"):
        client = _client(users, who)
        state = client.get(reverse("api:state", args=[game.pk])).json()
        assert state["phase"]["decisions"] == [], who
        if who != "superbrain":  # his page shows him his answer, as his own
            page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
            assert SECRET not in page, who
    for who in ("master", "moderator"):
        page = _client(users, who).get(reverse("games:detail", args=[game.pk])).content
        form = page.decode().split('id="decisions"')[1].split("</form>")[0]
        assert f"His answer: {SECRET}." in form, who


def test_the_question_is_worded_in_german(
    judged: tuple[Game, dict[str, Any], GamePhase],
) -> None:
    game, users, fall = judged
    with translation.override("de"):
        mine = selectors.game_state(user=users["master"], game=game, index=fall.index)
        theirs = selectors.game_state(user=users["player"], game=game, index=fall.index)
    asked = mine["phase"]["decisions"][0]
    assert asked["question"] == (
        f"Das Superhirn fragte: {QUESTION} Seine Antwort: {SECRET}. Antworten: Frankreich:"
        " Monte Muello; Deutschland: The Brocken. Welche Plätze haben richtig geantwortet"
        " (keiner, einer oder mehrere)?"
    )
    assert asked["default_text"] == "Niemand hat richtig geantwortet."
    assert (
        "Seine Antwort: bis zum Ende des Spiels geheim."
        in theirs["phase"]["decisions"][0]["question"]
    )


def test_no_moderation_record_keeps_a_copy_of_the_question(
    judged: tuple[Game, dict[str, Any], GamePhase],
) -> None:
    """The record refers to the question; who reads what of it is decided when shown."""
    record = ModeratorAction.objects.get(kind="decision")
    assert SECRET not in json.dumps(record.details)
    assert record.details["decision"] == Decision.objects.get().pk


@pytest.mark.parametrize("who", [*WRONG, "master", "moderator"])
def test_a_question_stored_as_words_shows_them_only_to_its_judges(
    judged: tuple[Game, dict[str, Any], GamePhase], who: str
) -> None:
    """A question stored as words that the migration could not read back (and a record
    of it that found no question) may hold a secret anywhere in them: its words are
    shown only to those who read every secret of the game."""
    game, users, fall = judged
    words = f"The Superbrain asked: {QUESTION} His answer: {SECRET}. Replies: all sorts."
    Decision.objects.filter(phase=fall).update(
        question_code="", params={}, owned={}, question=words
    )
    ModeratorAction.objects.filter(kind="decision").update(
        details={"key": "superbrain S1901", "question": words, "answer": "france"}
    )
    seen = _everything_seen(_client(users, who), game, fall)
    past = json.loads(seen["api ?phase="])["phase"]["decisions"][0]
    record = next(
        a for a in json.loads(seen["api"])["moderation"]["actions"] if a["kind"] == "decision"
    )
    if who in WRONG:
        for channel, text in seen.items():
            assert SECRET not in text, (who, channel)
        withheld = (
            "A question the rules left to the game master (its words are kept until the game ends)."
        )
        assert past["question"] == withheld
        assert record["details"]["question"] == withheld
    else:
        assert past["question"] == words
        assert record["details"]["question"] == words
