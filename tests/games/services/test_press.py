"""Press: who may read each kind of message, who may send, and what readers are shown.

Every message kind (to everyone, to one power, to a group) is tried with every wrong
reader (another power, an observer, a visitor who is not signed in, a moderator), through
the visibility module, the public press API (/api/v1/, which the game page's panel uses)
and the game page. Sending is tried as everyone who
may not: an eliminated power, an observer, a visitor, and anyone in a game whose press
setting forbids it. In an anonymous game no reply names a player.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.roles import MODERATOR, grant
from core.errors import ApplicationError
from games import services, visibility
from games.forms import GameCreateForm
from games.models import Game, PressMessage, PressRead, Seat
from games.services import press
from games.terms import GameTerms
from tests.conftest import POWERS

pytestmark = pytest.mark.django_db

#: Each kind of message: who it goes to, and the powers that may read it besides everyone
#: else ("all" for a message everyone watching may read).
KINDS: dict[str, tuple[Any, set[str] | str]] = {
    "everyone": ("all", "all"),
    "one power": (["france"], {"england", "france"}),
    "a group": (["france", "germany"], {"england", "france", "germany"}),
}


def client_for(user: Any | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api(game: Game, user: Any | None, conversation: str = "all") -> dict[str, Any]:
    """What the game page's press panel fetches, with the user's session: the overview and
    the messages of one conversation, merged."""
    client = client_for(user)
    overview = client.get(reverse("api:press", args=[game.pk]))
    assert overview.status_code == 200, overview.content
    messages = client.get(
        reverse("api:press-messages", args=[game.pk]), {"conversation": conversation}
    )
    assert messages.status_code == 200, messages.content
    return {**overview.json(), **messages.json()}


def send(game: Game, user: Any | None, to: Any, body: str) -> Any:
    return client_for(user).post(
        reverse("api:press", args=[game.pk]),
        {"to": to, "body": body},
        content_type="application/json",
    )


@pytest.fixture
def readers(players: dict[str, Any], make_user: Callable[..., Any]) -> dict[str, Any]:
    """Everyone who might try to read: the seven players, an observer, a moderator and a
    visitor who is not signed in (None)."""
    moderator = make_user("the-moderator")
    grant(moderator, MODERATOR)
    return {**players, "observer": make_user("observer"), "moderator": moderator, "visitor": None}


# -- the visibility matrix ------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize(
    "reader",
    ["england", "france", "germany", "italy", "observer", "moderator", "visitor"],
)
def test_each_message_kind_reaches_its_readers_only(
    started_game: Game, readers: dict[str, Any], kind: str, reader: str
) -> None:
    to, allowed = KINDS[kind]
    body = f"Secret plan, sent to {kind}"
    message = press.press_send(game=started_game, user=readers["england"], to=to, body=body)
    may = allowed == "all" or reader in allowed
    user = readers[reader]
    as_user = user if user is not None else _anonymous()
    # The one module that decides...
    assert visibility.can_read_press(user=as_user, message=message) is may
    assert (message in visibility.visible_press(user=as_user, game=started_game)) is may
    # ...and every way out: the API (asking for the conversation by its key) and the page.
    reply = api(started_game, user, message.conversation)
    assert (body in json.dumps(reply)) is may
    assert (message.conversation in [c["key"] for c in reply["conversations"]]) is (
        may or message.conversation == "all"
    )
    page = client_for(user).get(reverse("games:detail", args=[started_game.pk]))
    assert body not in page.content.decode()  # the page fetches press; it never embeds it


def _anonymous() -> Any:
    from django.contrib.auth.models import AnonymousUser

    return AnonymousUser()


def test_a_private_game_keeps_even_public_press_from_outsiders(
    players: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    terms = GameTerms(private=True, assignment=Game.Assignment.CHOSEN)
    game = services.game_create(
        created_by=players["austria"], name="Closed", power="austria", terms=terms
    )
    for power in POWERS[1:]:
        services.game_join(
            game=game, user=players[power], power=power, invite_code=game.invite_code
        )
    press.press_send(game=game, user=players["austria"], to="all", body="Hello all")
    outsider = make_user("outsider")
    assert visibility.visible_press(user=outsider, game=game) == []
    for user in (outsider, None):
        for name in ("api:press", "api:press-messages"):
            reply = client_for(user).get(reverse(name, args=[game.pk]))
            assert reply.status_code == 404  # as if the game did not exist
            assert "Hello all" not in reply.content.decode()
    assert len(visibility.visible_press(user=players["turkey"], game=game)) == 1


def test_england_and_france_share_one_conversation_whoever_writes(
    started_game: Game, players: dict[str, Any]
) -> None:
    a = press.press_send(game=started_game, user=players["england"], to=["france"], body="Hi")
    b = press.press_send(game=started_game, user=players["france"], to=["england"], body="Hey")
    assert a.conversation == b.conversation == "england+france"
    messages = press.press_messages(
        game=started_game, user=players["france"], conversation="england+france"
    )
    assert [m["body"] for m in messages] == ["Hi", "Hey"]
    group = press.press_send(
        game=started_game, user=players["germany"], to=["france", "england"], body="All three"
    )
    assert group.conversation == "england+france+germany"


def test_a_new_player_of_a_power_reads_its_press_and_the_old_one_no_longer(
    started_game: Game, players: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    message = press.press_send(
        game=started_game, user=players["england"], to=["france"], body="For France"
    )
    newcomer = make_user("newcomer")
    Seat.objects.filter(game=started_game, power="france").update(user=newcomer)
    assert visibility.can_read_press(user=newcomer, message=message)
    assert not visibility.can_read_press(user=players["france"], message=message)


# -- who may send -------------------------------------------------------------------------------


def test_an_eliminated_power_keeps_reading_but_cannot_send(
    started_game: Game, players: dict[str, Any]
) -> None:
    old = press.press_send(
        game=started_game, user=players["england"], to=["france"], body="Before the end"
    )
    Seat.objects.filter(game=started_game, power="france").update(eliminated=True)
    started_game.refresh_from_db()
    assert visibility.can_read_press(user=players["france"], message=old)
    assert "Before the end" in json.dumps(api(started_game, players["france"], "england+france"))
    for to in ("all", ["england"]):
        with pytest.raises(ApplicationError, match="eliminated"):
            press.press_send(game=started_game, user=players["france"], to=to, body="Still here")
    reply = send(started_game, players["france"], "all", "Still here")
    assert reply.status_code == 400
    assert "eliminated" in reply.json()["message"]
    assert press.press_recipients(game=started_game, user=players["france"]) is None
    assert api(started_game, players["france"])["can_send"] is False
    # Nobody writes to an eliminated power either.
    with pytest.raises(ApplicationError, match="france"):
        press.press_send(game=started_game, user=players["england"], to=["france"], body="Hm")
    assert PressMessage.objects.filter(body__in=["Still here", "Hm"]).count() == 0


@pytest.mark.parametrize("who", ["observer", "moderator"])
def test_only_players_send(started_game: Game, readers: dict[str, Any], who: str) -> None:
    with pytest.raises(ApplicationError, match="Only the players"):
        press.press_send(game=started_game, user=readers[who], to="all", body="Hello")
    assert send(started_game, readers[who], "all", "Hello").status_code == 403
    assert api(started_game, readers[who])["can_send"] is False


def test_a_visitor_who_is_not_signed_in_cannot_send_or_mark(started_game: Game) -> None:
    assert send(started_game, None, "all", "Hello").status_code in (401, 403)
    reply = client_for(None).post(
        reverse("api:press-read", args=[started_game.pk]),
        {"conversation": "all"},
        content_type="application/json",
    )
    assert reply.status_code in (401, 403)
    assert not PressMessage.objects.exists()


def test_a_gunboat_game_refuses_every_message(started_game: Game, players: dict[str, Any]) -> None:
    Game.objects.filter(pk=started_game.pk).update(press=Game.Press.NONE)
    started_game.refresh_from_db()
    for to in ("all", ["france"], ["france", "germany"]):
        with pytest.raises(ApplicationError, match="without press"):
            press.press_send(game=started_game, user=players["england"], to=to, body="Psst")
    assert api(started_game, players["england"])["can_send"] is False
    page = client_for(players["england"]).get(reverse("games:detail", args=[started_game.pk]))
    assert 'id="press-off"' in page.content.decode()
    assert 'id="press-form"' not in page.content.decode()


def test_a_public_press_game_takes_messages_to_everyone_only(
    started_game: Game, players: dict[str, Any]
) -> None:
    Game.objects.filter(pk=started_game.pk).update(press=Game.Press.PUBLIC)
    started_game.refresh_from_db()
    for to in (["france"], ["france", "germany"]):
        with pytest.raises(ApplicationError, match="go to everyone"):
            press.press_send(game=started_game, user=players["england"], to=to, body="Psst")
    assert send(started_game, players["england"], ["france"], "Psst").status_code == 400
    reply = api(started_game, players["england"])
    assert reply["can_send"] is True
    assert reply["may_write_to"] == []
    message = press.press_send(game=started_game, user=players["england"], to="all", body="Hi")
    assert message.to_all
    assert not PressMessage.objects.filter(body="Psst").exists()


@pytest.mark.parametrize(
    ("to", "body", "problem"),
    [
        (["england"], "Me", "your own power"),
        (["atlantis"], "Hi", "atlantis"),
        ([], "Hi", "whom to write"),
        ("all", "   ", "needs some text"),
        ("all", "x" * (press.MAX_BODY + 1), "at most"),
    ],
)
def test_bad_messages_are_refused(
    started_game: Game, players: dict[str, Any], to: Any, body: str, problem: str
) -> None:
    with pytest.raises(ApplicationError, match=problem):
        press.press_send(game=started_game, user=players["england"], to=to, body=body)


def test_press_is_sent_only_while_the_game_runs(
    players: dict[str, Any], started_game: Game
) -> None:
    forming = services.game_create(created_by=players["austria"], name="Not yet")
    with pytest.raises(ApplicationError, match="while the game is running"):
        press.press_send(game=forming, user=players["austria"], to="all", body="Early")
    Game.objects.filter(pk=started_game.pk).update(status=Game.Status.FINISHED)
    started_game.refresh_from_db()
    with pytest.raises(ApplicationError, match="while the game is running"):
        press.press_send(game=started_game, user=players["austria"], to="all", body="Late")


def test_the_overview_names_the_powers_one_may_write_to_and_talks_with(
    started_game: Game, players: dict[str, Any]
) -> None:
    press.press_send(game=started_game, user=players["england"], to=["france"], body="Hi")
    reply = api(started_game, players["england"])
    # may_write_to stays a list of codes; their names come apart, with those of the
    # powers in the conversations.
    assert sorted(reply["may_write_to"]) == [p for p in POWERS if p != "england"]
    assert reply["power_names"]["france"] == "France"
    assert set(reply["power_names"]) == set(POWERS)
    assert reply["phases"] == [{"code": "S1901M", "name": "Spring 1901 movement"}]
    watcher = api(started_game, None)
    assert watcher["may_write_to"] == []
    assert watcher["power_names"] == {}  # only "all", which names no power
    assert watcher["phases"] == []
    assert watcher["can_send"] is False


def test_the_page_panel_uses_the_public_api_with_its_session_and_csrf_token(
    started_game: Game, players: dict[str, Any]
) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(players["england"])
    page = client.get(reverse("games:detail", args=[started_game.pk])).content.decode()
    url = reverse("api:press", args=[started_game.pk])
    assert url.startswith("/api/v1/")
    assert f'data-press-url="{url}"' in page
    assert f'data-messages-url="{reverse("api:press-messages", args=[started_game.pk])}"' in page
    assert f'data-read-url="{reverse("api:press-read", args=[started_game.pk])}"' in page
    payload = {"to": "all", "body": "Hello"}
    refused = client.post(url, payload, content_type="application/json")
    assert refused.status_code == 403
    assert not PressMessage.objects.exists()
    token = client.cookies["csrftoken"].value
    sent = client.post(url, payload, content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert sent.status_code == 201, sent.content
    assert sent.json()["conversation"] == "all"


# -- anonymous games ----------------------------------------------------------------------------


def test_an_anonymous_game_never_names_a_player_in_its_press(
    players: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    terms = GameTerms(anonymous=True, assignment=Game.Assignment.CHOSEN)
    game = services.game_create(
        created_by=players["austria"], name="Masks", power="austria", terms=terms
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=players[power], power=power)
    press.press_send(game=game, user=players["england"], to="all", body="Public words")
    press.press_send(game=game, user=players["england"], to=["france"], body="Private words")
    names = [u.username for u in players.values()]
    for reader in (players["france"], players["england"], players["italy"], make_user("obs"), None):
        for key in ("all", "england+france"):
            text = json.dumps(api(game, reader, key))
            assert not any(name in text for name in names), (reader, key, text)
    reply = api(game, players["france"], "england+france")
    assert reply["messages"][0]["sender"] == "england"
    assert reply["messages"][0]["sender_name"] == "England"
    assert set(reply["messages"][0]) == {
        "id", "conversation", "sender", "sender_name", "signed", "to", "to_names", "body", "phase",
        "phase_name", "sent_at",
    }  # fmt: skip


# -- unread markers and the history by phase ---------------------------------------------------


def test_unread_markers_per_conversation(started_game: Game, players: dict[str, Any]) -> None:
    press.press_send(game=started_game, user=players["england"], to=["france"], body="One")
    press.press_send(game=started_game, user=players["england"], to=["france"], body="Two")
    press.press_send(game=started_game, user=players["germany"], to="all", body="Hello")

    def unread(user: Any) -> dict[str, int]:
        return {c["key"]: c["unread"] for c in api(started_game, user)["conversations"]}

    assert unread(players["france"]) == {"all": 1, "england+france": 2}
    assert unread(players["england"]) == {"all": 1, "england+france": 0}  # one's own is read
    reply = client_for(players["france"]).post(
        reverse("api:press-read", args=[started_game.pk]),
        {"conversation": "england+france"},
        content_type="application/json",
    )
    assert reply.status_code == 200
    assert unread(players["france"]) == {"all": 1, "england+france": 0}
    # Marking a conversation one may not read marks nothing.
    press.press_mark_read(game=started_game, user=players["italy"], conversation="england+france")
    assert PressRead.objects.get(user=players["italy"]).last_read == 0
    # A mark never moves back.
    first = PressMessage.objects.order_by("pk").first()
    assert first is not None
    press.press_mark_read(
        game=started_game, user=players["france"], conversation="england+france", up_to=first.pk
    )
    assert unread(players["france"])["england+france"] == 0


def test_each_message_records_its_phase(started_game: Game, players: dict[str, Any]) -> None:
    press.press_send(game=started_game, user=players["england"], to=["france"], body="Spring")
    phase = started_game.current_phase
    assert phase is not None
    services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
    started_game.refresh_from_db()
    press.press_send(game=started_game, user=players["france"], to=["england"], body="Fall")
    reply = api(started_game, players["england"], "england+france")
    assert [(m["body"], m["phase"]) for m in reply["messages"]] == [
        ("Spring", "S1901M"),
        ("Fall", "F1901M"),
    ]
    assert [p["code"] for p in reply["phases"]] == ["S1901M", "F1901M"]
    spring = client_for(players["england"]).get(
        reverse("api:press-messages", args=[started_game.pk]),
        {"conversation": "england+france", "phase": "S1901M"},
    )
    assert [m["body"] for m in spring.json()["messages"]] == ["Spring"]


# -- the setting, when a game is made -----------------------------------------------------------


def test_the_press_setting_is_chosen_when_a_game_is_made(players: dict[str, Any]) -> None:
    game = services.game_create(
        created_by=players["austria"], name="Quiet", terms=GameTerms(press="none")
    )
    assert game.press == Game.Press.NONE
    assert services.game_create(created_by=players["austria"], name="Loud").press == "full"
    with pytest.raises(ApplicationError, match="press"):
        services.game_create(
            created_by=players["austria"], name="Odd", terms=GameTerms(press="shouting")
        )
    assert "press" in GameCreateForm().fields


def test_the_creation_form_passes_the_setting_on(players: dict[str, Any]) -> None:
    client = client_for(players["austria"])
    reply = client.post(
        reverse("games:create"),
        {
            "name": "Whispers",
            "variant": "standard",
            "movement_hours": 24,
            "retreat_hours": 12,
            "adjustment_hours": 12,
            "assignment": "random",
            "press": "public",
            "start_when_full": "on",
        },
    )
    assert reply.status_code == 302, reply.content.decode()[:2000]
    assert Game.objects.get(name="Whispers").press == Game.Press.PUBLIC
