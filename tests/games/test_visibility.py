"""Who may see what, tried as the wrong user: pages, the API and the live channel."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from core.errors import ApplicationError
from games import selectors, services, visibility
from games.models import Game
from games.terms import GameTerms

pytestmark = pytest.mark.django_db


def login(client: Client, user: Any) -> Client:
    client.force_login(user)
    return client


@pytest.fixture
def french_orders(started_game: Game, players: dict[str, Any]) -> Game:
    services.orders_submit(
        game=started_game, user=players["france"], orders=["A par - bur", "F bre - eng"]
    )
    return started_game


def test_other_powers_orders_are_not_in_the_state(
    french_orders: Game, players: dict[str, Any]
) -> None:
    mine = selectors.game_state(user=players["france"], game=french_orders)
    assert mine["phase"]["orders"] == {"france": ["A par - bur", "F bre - eng"]}
    theirs = selectors.game_state(user=players["germany"], game=french_orders)
    assert "france" not in theirs["phase"]["orders"]
    assert theirs["me"]["orders"] == []


@pytest.mark.parametrize("who", ["germany", "anonymous"])
def test_other_powers_orders_are_not_in_the_page_or_the_api(
    french_orders: Game, players: dict[str, Any], who: str
) -> None:
    client = Client()
    if who != "anonymous":
        login(client, players[who])
    page = client.get(reverse("games:detail", args=[french_orders.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    # (Germany's own legal orders may mention a French move, as a support it could give.)
    assert "bre - eng" not in html
    assert "<code>A par - bur</code>" not in html
    assert "A Paris → Burgundy" not in html
    assert '"france": ["A par - bur"' not in html
    api = client.get(reverse("api:state", args=[french_orders.pk])).json()
    assert "france" not in api["phase"]["orders"]
    assert "bre - eng" not in json.dumps(api)


def test_orders_are_public_once_adjudicated(french_orders: Game, players: dict[str, Any]) -> None:
    phase = french_orders.current_phase
    assert phase is not None
    services.phase_adjudicate(game_id=french_orders.pk, phase_id=phase.pk)
    page = Client().get(reverse("games:detail", args=[french_orders.pk]) + "?phase=0")
    assert "A par - bur" in page.content.decode()


def test_nobody_submits_for_another_seat_through_the_api(
    started_game: Game, players: dict[str, Any], make_user: Any
) -> None:
    client = login(Client(), make_user("intruder"))
    response = client.put(
        reverse("api:orders", args=[started_game.pk]),
        {"orders": ["A par - bur"], "phase": 0},
        content_type="application/json",
    )
    assert response.status_code == 403
    assert response.json()["message"] == "You have no seat in this game."
    anonymous = Client().put(
        reverse("api:orders", args=[started_game.pk]),
        {"orders": ["A par - bur"], "phase": 0},
        content_type="application/json",
    )
    assert anonymous.status_code == 401  # asked to authenticate (by token or session)


def test_csrf_is_enforced(started_game: Game, players: dict[str, Any]) -> None:
    client = login(Client(enforce_csrf_checks=True), players["france"])
    response = client.post(
        reverse("games:orders", args=[started_game.pk]), {"orders": "A par - bur"}
    )
    assert response.status_code == 403
    api = client.put(
        reverse("api:orders", args=[started_game.pk]),
        json.dumps({"orders": ["A par - bur"]}),
        content_type="application/json",
    )
    assert api.status_code == 403
    check = client.post(
        reverse("api:orders-check", args=[started_game.pk]),
        json.dumps({"order": "A par - bur"}),
        content_type="application/json",
    )
    assert check.status_code == 403


def test_anonymous_games_never_show_who_plays(make_user: Any, players: dict[str, Any]) -> None:
    users = list(players.values())
    game = services.game_create(created_by=users[0], name="Masks", terms=GameTerms(anonymous=True))
    for user in users[1:]:
        services.game_join(game=game, user=user)
    watcher = Client()
    html = watcher.get(reverse("games:detail", args=[game.pk])).content.decode()
    api = watcher.get(reverse("api:state", args=[game.pk])).content.decode()
    for user in users:
        assert user.username not in html
        assert user.username not in api
    # A player sees their own name, and nobody else's.
    own = login(Client(), users[2]).get(reverse("api:state", args=[game.pk])).json()
    named = [s["player"] for s in own["seats"] if s["player"]]
    assert named == [users[2].username]
    profile = Client().get(reverse("games:profile", args=[users[3].username]))
    assert "Masks" not in profile.content.decode()


@pytest.mark.parametrize("assignment", [Game.Assignment.CHOSEN, Game.Assignment.RANDOM])
def test_an_anonymous_forming_game_shows_taken_seats_without_names(
    make_user: Any, assignment: str
) -> None:
    alice, grace = make_user("alice"), make_user("grace")
    game = services.game_create(
        created_by=alice,
        name="Masks forming",
        power="austria" if assignment == Game.Assignment.CHOSEN else None,
        terms=GameTerms(anonymous=True, assignment=assignment),
    )
    services.game_join(game=game, user=grace, power="england")
    for viewer in (login(Client(), alice), Client()):
        html = viewer.get(reverse("games:detail", args=[game.pk])).content.decode()
        assert "grace" not in html
        api = viewer.get(reverse("api:state", args=[game.pk])).json()
        assert "grace" not in json.dumps(api)
        taken = {s["power"] for s in api["seats"] if s["taken"]}
        if assignment == Game.Assignment.CHOSEN:
            assert taken == {"austria", "england"}
            # England is held: not offered as open, and named as taken, by nobody.
            england = html.split("power-england")[1].split("</li>")[0]
            assert "taken" in england
            assert "open" not in england
        else:
            assert len(taken) == 2
            assert "Seats still open: 5 of 7." in html


def test_private_games_are_hidden_from_outsiders(make_user: Any) -> None:
    owner = make_user("owner")
    game = services.game_create(created_by=owner, name="Back room", terms=GameTerms(private=True))
    outsider = login(Client(), make_user("outsider"))
    assert outsider.get(reverse("games:detail", args=[game.pk])).status_code == 404
    assert outsider.get(reverse("api:state", args=[game.pk])).status_code == 404
    assert "Back room" not in outsider.get(reverse("games:lobby")).content.decode()
    insider = login(Client(), owner)
    assert insider.get(reverse("games:detail", args=[game.pk])).status_code == 200
    assert "Back room" in insider.get(reverse("games:lobby")).content.decode()


def test_draw_votes_are_secret(started_game: Game, players: dict[str, Any]) -> None:
    services.draw_vote(game=started_game, user=players["italy"], accept=True)
    state = selectors.game_state(user=players["france"], game=started_game)
    assert state["phase"]["draw_proposed"] is True
    assert state["me"]["draw_vote"] is None
    for seat in state["seats"]:
        assert not any("vote" in key or "draw" in key for key in seat)
    assert state["me"]["votes"]["mine"] == {}
    assert state["phase"]["votes_proposed"] == ["draw"]
    assert "accept" not in json.dumps(state)
    own = selectors.game_state(user=players["italy"], game=started_game)
    assert own["me"]["draw_vote"] is True


# -- issue 20: moderation records in anonymous games, private seats, sitters -----------------


def _anonymous_game_with_moderation(
    players: dict[str, Any], make_user: Any, site_moderator: Any
) -> tuple[Game, dict[str, Any]]:
    """An anonymous game set up by an organiser who does not play and who named a game
    master before the start; then the master pauses, a player asks for more time, and a
    site moderator replaces a player."""
    from datetime import timedelta

    from games.services import absences, moderation

    organiser, referee, newcomer = make_user("organiser"), make_user("referee"), make_user("nova")
    game = services.game_create(
        created_by=organiser,
        name="Masks",
        join=False,
        terms=GameTerms(
            anonymous=True, assignment=Game.Assignment.CHOSEN, movement_deadline=timedelta(hours=6)
        ),
    )
    moderation.game_master_set(game=game, by=organiser, user=referee)
    for power, user in players.items():
        services.game_join(game=game, user=user, power=power)
    game.refresh_from_db()
    absences.deadline_extension_request(game=game, user=players["france"])
    moderation.game_pause(game=game, by=referee, reason="Waiting for a ruling.")
    moderation.seat_replace(
        game=game, by=site_moderator, power="england", user=newcomer, reason="Gone quiet."
    )
    names = {
        "organiser": organiser,
        "referee": referee,
        "newcomer": newcomer,
        "site_moderator": site_moderator,
        "france": players["france"],
        "england": players["england"],
    }
    return game, names


@pytest.mark.parametrize("viewer", ["visitor", "stranger", "player", "replacement", "master"])
def test_moderation_records_of_an_anonymous_game_name_roles_never_users(
    players: dict[str, Any], make_user: Any, site_moderator: Any, viewer: str
) -> None:
    game, names = _anonymous_game_with_moderation(players, make_user, site_moderator)
    client = Client()
    if viewer != "visitor":
        who = {
            "stranger": make_user("stranger"),
            "player": players["italy"],
            "replacement": names["newcomer"],
            "master": names["referee"],
        }[viewer]
        client.force_login(who)
    api = client.get(reverse("api:state", args=[game.pk])).json()
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    actions = api["moderation"]["actions"]
    assert [a["kind"] for a in actions] == ["master", "extend", "pause", "replace"]
    assert [a["by_role"] for a in actions] == ["creator", "", "master", "moderator"]
    assert all(a["by"] == "" for a in actions)
    history = html.split('id="moderation-history"')[1].split("</section>")[0]
    for name in ("organiser", "referee", "site_moderator", "france", "england"):
        username = names[name].username
        assert username not in json.dumps(api["moderation"]), (name, viewer)
        assert username not in history, (name, viewer)
    assert "the game&#x27;s creator" in history or "the game's creator" in history
    assert "a game master" in history
    assert "a site moderator" in history


def test_a_site_moderator_sees_who_did_what_in_an_anonymous_game(
    players: dict[str, Any], make_user: Any, site_moderator: Any
) -> None:
    game, _names = _anonymous_game_with_moderation(players, make_user, site_moderator)
    client = login(Client(), site_moderator)
    actions = client.get(reverse("api:state", args=[game.pk])).json()["moderation"]["actions"]
    assert [a["by"] for a in actions] == ["organiser", "france-player", "referee", "site-moderator"]
    assert actions[0]["details"]["user"] == "referee"
    assert actions[3]["details"]["replacement"] == "nova"


def test_a_public_game_names_its_moderators(
    started_game: Game, players: dict[str, Any], site_moderator: Any, make_user: Any
) -> None:
    from games.services import moderation

    referee = make_user("referee")
    moderation.game_master_set(game=started_game, by=site_moderator, user=referee)
    actions = Client().get(reverse("api:state", args=[started_game.pk])).json()["moderation"]
    assert actions["actions"][0]["by"] == "site-moderator"
    assert actions["actions"][0]["details"]["user"] == "referee"


@pytest.fixture
def private_game_seeking(players: dict[str, Any], site_moderator: Any) -> Game:
    """A private running game whose English seat is offered to replacement players."""
    from games.services import moderation

    users = list(players.values())
    game = services.game_create(
        created_by=users[0],
        name="Back room",
        power="austria",
        terms=GameTerms(private=True, assignment=Game.Assignment.CHOSEN),
    )
    for power, user in list(players.items())[1:]:
        services.game_join(game=game, user=user, power=power, invite_code=game.invite_code)
    game.refresh_from_db()
    moderation.player_exclude(
        game=game, by=site_moderator, power="england", reason="Left the game."
    )
    return game


def test_a_stranger_cannot_take_over_a_seat_of_a_private_game(
    private_game_seeking: Game, make_user: Any
) -> None:
    stranger = make_user("stranger")
    with pytest.raises(ApplicationError, match="private"):
        services.seat_take_over(game=private_game_seeking, user=stranger, power="england")
    assert private_game_seeking.seats.get(power="england").user is None
    assert not selectors.seats_seeking_players().filter(game=private_game_seeking).exists()


def test_an_invited_user_takes_over_a_seat_of_a_private_game(
    private_game_seeking: Game, make_user: Any
) -> None:
    guest = make_user("guest")
    client = login(Client(), guest)
    invite = client.get(reverse("games:invite", args=[private_game_seeking.invite_code]))
    assert "England" in invite.content.decode()
    services.seat_take_over(
        game=private_game_seeking,
        user=guest,
        power="england",
        invite_code=private_game_seeking.invite_code,
    )
    assert private_game_seeking.seats.get(power="england").user == guest
    assert client.get(reverse("games:detail", args=[private_game_seeking.pk])).status_code == 200


def test_joining_a_private_game_without_its_invite_answers_as_if_there_were_none(
    make_user: Any,
) -> None:
    owner, stranger = make_user("owner"), make_user("stranger")
    game = services.game_create(created_by=owner, name="Back room", terms=GameTerms(private=True))
    client = login(Client(), stranger)
    hidden = client.post(reverse("games:join", args=[game.pk]))
    missing = client.post(reverse("games:join", args=[game.pk + 1000]))
    assert hidden.status_code == missing.status_code == 404
    assert not game.seats.filter(user=stranger).exists()
    wrong = client.post(reverse("games:join", args=[game.pk]), {"invite_code": "not-the-code"})
    assert wrong.status_code == 404
    invited = client.post(reverse("games:join", args=[game.pk]), {"invite_code": game.invite_code})
    assert invited.status_code == 302
    assert game.seats.filter(user=stranger).exists()


@pytest.fixture
def sitting(players: dict[str, Any], make_user: Any) -> tuple[Game, Any]:
    """A private running game with sitters, whose French player is away today and has
    named a sitter."""
    from datetime import date, timedelta

    from games.models import Vacation
    from games.services import absences

    users = list(players.values())
    game = services.game_create(
        created_by=users[0],
        name="Private with sitters",
        power="austria",
        terms=GameTerms(
            private=True,
            assignment=Game.Assignment.CHOSEN,
            vacation_handling=Game.VacationHandling.SITTER,
        ),
    )
    for power, user in list(players.items())[1:]:
        services.game_join(game=game, user=user, power=power, invite_code=game.invite_code)
    game.refresh_from_db()
    sitter = make_user("sitter")
    absences.sitter_set(game=game, user=players["france"], sitter=sitter)
    Vacation.objects.create(
        user=players["france"], first_day=date.today(), last_day=date.today() + timedelta(days=3)
    )
    return game, sitter


def test_a_sitter_sees_and_orders_for_the_seat_he_sits_in_a_private_game(
    sitting: tuple[Game, Any], players: dict[str, Any]
) -> None:
    from games.services import press

    game, sitter = sitting
    press.press_send(game=game, user=players["germany"], to=["france"], body="Burgundy is yours.")
    client = login(Client(), sitter)
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 200
    assert client.get(reverse("api:state", args=[game.pk])).status_code == 200
    check = client.post(
        reverse("api:orders-check", args=[game.pk]),
        json.dumps({"order": "A par - bur"}),
        content_type="application/json",
    )
    assert check.status_code == 200
    assert check.json()["ok"] is True
    saved = client.put(
        reverse("api:orders", args=[game.pk]),
        json.dumps({"orders": ["A par - bur"], "phase": 0}),
        content_type="application/json",
    )
    assert saved.status_code == 200, saved.content
    overview = client.get(reverse("api:press", args=[game.pk])).json()
    assert overview["me"] == "france"
    assert overview["can_send"] is False  # press stays the player's
    state = selectors.game_state(user=sitter, game=game)
    assert "A par - bur" in json.dumps(state["phase"])
    assert state["me"]["power"] == "france"
    assert state["me"]["sitting"] is True
    assert state["me"]["orders"] == ["A par - bur"]
    assert "A par - bur" in state["me"]["legal"]["par"]
    readable = [m.body for m in visibility.visible_press(user=sitter, game=game)]
    assert readable == ["Burgundy is yours."]
    with pytest.raises(ApplicationError):
        services.draw_vote(game=game, user=sitter, accept=True)


def test_a_sitter_whose_player_is_back_orders_nothing(
    sitting: tuple[Game, Any], players: dict[str, Any]
) -> None:
    from games.models import Vacation

    game, sitter = sitting
    Vacation.objects.all().delete()
    with pytest.raises(ApplicationError, match="no seat"):
        services.orders_submit(game=game, user=sitter, orders=["A par - bur"])
    assert visibility.visible_press(user=sitter, game=game) == []


@pytest.fixture
def bot_in_anonymous_game(players: dict[str, Any]) -> tuple[Game, Any]:
    """An anonymous game in which a bot's account holds Turkey."""
    from accounts.services import bot_account_create

    bot, _key = bot_account_create(username="practice-bot")
    game = services.game_create(
        created_by=players["austria"],
        name="Practice",
        power="austria",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN, anonymous=True),
    )
    for power in ("england", "france", "germany", "italy", "russia"):
        services.game_join(game=game, user=players[power], power=power)
    services.game_join(game=game, user=bot, power="turkey")
    return game, bot


@pytest.mark.parametrize("viewer", ["anonymous", "stranger", "player", "moderator", "bot"])
def test_which_seats_a_bot_plays_is_shown_to_everyone_who_may_watch(
    bot_in_anonymous_game: tuple[Game, Any],
    players: dict[str, Any],
    make_user: Any,
    site_moderator: Any,
    viewer: str,
) -> None:
    game, bot = bot_in_anonymous_game
    client = Client()
    if viewer != "anonymous":
        who = {
            "stranger": make_user("stranger"),
            "player": players["france"],
            "moderator": site_moderator,
            "bot": bot,
        }[viewer]
        client.force_login(who)
    seats = client.get(f"/api/v1/games/{game.pk}/").json()["seats"]
    assert {s["power"]: s["bot"] for s in seats} == {
        p: p == "turkey"
        for p in ("austria", "england", "france", "germany", "italy", "russia", "turkey")
    }
    # That a bot plays Turkey names nobody: the game stays anonymous.
    turkey = next(s for s in seats if s["power"] == "turkey")
    assert turkey["player"] == ("practice-bot" if viewer == "bot" else "")
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert page.count('class="tag bot"') == 1


def test_a_forming_game_says_which_of_its_players_is_a_bot(make_user: Any) -> None:
    from accounts.services import bot_account_create

    bot, _key = bot_account_create(username="practice-bot")
    game = services.game_create(created_by=make_user("alice"), name="Forming")
    services.game_join(game=game, user=bot)
    page = Client().get(reverse("games:detail", args=[game.pk])).content.decode()
    assert page.count('class="tag bot"') == 1
