"""The pages and their form fallbacks (the site works without JavaScript too)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from core.errors import ApplicationError
from games import services
from games.models import Game, OrderSet
from games.terms import GameTerms

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_lobby_tabs_and_variant_filter(started_game: Game, make_user: Any) -> None:
    forming = services.game_create(created_by=make_user("alice"), name="Forming game")
    client = Client()
    open_games = client.get(reverse("games:lobby")).content.decode()
    assert forming.name in open_games
    assert started_game.name not in open_games
    running = client.get(reverse("games:lobby") + "?show=running").content.decode()
    assert started_game.name in running
    assert forming.name not in running
    other_variant = client.get(reverse("games:lobby") + "?variant=nonsense").content.decode()
    assert forming.name not in other_variant


def test_create_a_game_through_the_form(make_user: Any) -> None:
    client = logged_in(make_user("alice"))
    response = client.post(
        reverse("games:create"),
        {
            "name": "Friday night",
            "variant": "standard",
            "movement_hours": "48",
            "retreat_hours": "12",
            "adjustment_hours": "12",
            "assignment": "chosen",
            "power": "italy",
            "start_when_full": "on",
            "private": "on",
        },
    )
    game = Game.objects.get(name="Friday night")
    assert response.status_code == 302
    assert response["Location"] == reverse("games:detail", args=[game.pk])
    assert game.private
    assert game.seats.get(power="italy").user is not None
    page = client.get(response["Location"]).content.decode()
    assert game.invite_code in page  # the creator sees the invite link


def test_the_form_makes_a_practice_game_against_bots(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = logged_in(make_user("alice"))
    form = {
        "name": "Practice",
        "variant": "standard",
        "movement_hours": "24",
        "retreat_hours": "12",
        "adjustment_hours": "12",
        "assignment": "chosen",
        "power": "england",
        "start_when_full": "on",
        "practice_bots": "on",
    }
    assert 'name="practice_bots"' in client.get(reverse("games:create")).content.decode()
    response = client.post(reverse("games:create"), form)
    game = Game.objects.get(name="Practice")
    assert response.status_code == 302
    assert game.status == Game.Status.ACTIVE  # the bots took the six other seats
    page = client.get(response["Location"]).content.decode()
    assert page.count('class="tag bot"') == 6
    # In a variant the bots do not know (none of the site's: one is made unknown for the
    # test), the form says so and makes nothing.
    monkeypatch.setattr("bots.registry.KNOWN_VARIANTS", frozenset({"standard"}))
    refused = client.post(
        reverse("games:create"),
        form | {"name": "Silly", "variant": "rather_silly"},
    )
    assert "do not know the rules of" in refused.content.decode()
    assert not Game.objects.filter(name="Silly").exists()


def test_the_form_sets_vacations_reminders_and_extensions(make_user: Any) -> None:
    client = logged_in(make_user("alice"))
    base = {"name": "Sitters", "variant": "standard", "movement_hours": "24"}
    base |= {"retreat_hours": "12", "adjustment_hours": "12", "assignment": "random"}
    chosen = {"vacation_handling": "sitter", "reminder_hours": "0"}
    chosen |= {"extensions_per_player": "2", "extensions_per_game": "5"}
    assert client.post(reverse("games:create"), base | chosen).status_code == 302
    game = Game.objects.get(name="Sitters")
    assert (game.vacation_handling, game.reminder_hours) == ("sitter", 0)
    assert (game.extensions_per_player, game.extensions_per_game) == (2, 5)
    greedy = base | {"name": "Greedy", "extensions_per_player": "9", "extensions_per_game": "2"}
    page = client.post(reverse("games:create"), greedy)
    assert page.status_code == 200
    assert "no more than the game" in page.content.decode()
    assert not Game.objects.filter(name="Greedy").exists()


def test_the_power_list_is_grouped_by_variant_and_checked(make_user: Any) -> None:
    client = logged_in(make_user("alice"))
    page = client.get(reverse("games:create")).content.decode()
    assert '<optgroup label="Highlander">' in page
    form = {"name": "Wrong colour", "variant": "standard", "movement_hours": "24"}
    form |= {"retreat_hours": "12", "adjustment_hours": "12", "assignment": "chosen"}
    answer = client.post(reverse("games:create"), form | {"power": "red"})
    assert "Red is not a power of this game." in answer.content.decode()
    assert not Game.objects.filter(name="Wrong colour").exists()


def test_the_lobby_names_variants_as_players_know_them(make_user: Any) -> None:
    user = make_user("alice")
    services.game_create(created_by=user, name="Void", terms=GameTerms(variant_id="multiple_void"))
    page = Client().get(reverse("games:lobby")).content.decode()
    assert "<td>Multiple Void</td>" in page


def test_create_form_shows_errors(make_user: Any) -> None:
    client = logged_in(make_user("alice"))
    response = client.post(reverse("games:create"), {"name": "", "variant": "standard"})
    assert response.status_code == 200
    assert Game.objects.count() == 0


def test_join_by_invite_leave_and_start(make_user: Any, players: dict[str, Any]) -> None:
    users = list(players.values())
    game = services.game_create(
        created_by=users[0], name="Invites", terms=GameTerms(private=True, start_when_full=False)
    )
    invite = Client().get(reverse("games:invite", args=[game.invite_code]))
    assert invite.status_code == 200
    for user in users[1:]:
        client = logged_in(user)
        joined = client.post(
            reverse("games:join", args=[game.pk]), {"invite_code": game.invite_code}
        )
        assert joined.status_code == 302
    leaver = logged_in(users[-1])
    leaver.post(reverse("games:leave", args=[game.pk]))
    assert game.seats.filter(user=users[-1]).count() == 0
    leaver.post(reverse("games:join", args=[game.pk]), {"invite_code": game.invite_code})
    refused = logged_in(users[1]).post(reverse("games:start", args=[game.pk]), follow=True)
    assert "Only the game&#x27;s creator can start it." in refused.content.decode()
    logged_in(users[0]).post(reverse("games:start", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_orders_form_saves_and_explains_refusals(
    started_game: Game, players: dict[str, Any]
) -> None:
    client = logged_in(players["france"])
    ok = client.post(
        reverse("games:orders", args=[started_game.pk]),
        {"orders": "A par - bur\nF bre - mao\n", "phase": "0"},
    )
    assert ok.status_code == 302
    assert OrderSet.objects.get(seat__power="france").orders == ["A par - bur", "F bre - mao"]
    bad = client.post(
        reverse("games:orders", args=[started_game.pk]),
        {"orders": "A par - mun", "phase": "0"},
        follow=True,
    )
    text = bad.content.decode()
    assert "Some orders were not accepted." in text
    assert "Munich is not adjacent to Paris" in text
    assert OrderSet.objects.get(seat__power="france").orders == ["A par - bur", "F bre - mao"]
    client.post(reverse("games:ready", args=[started_game.pk]), {"ready": "1", "phase": "0"})
    assert OrderSet.objects.get(seat__power="france").ready


def test_history_shows_each_phase_and_refuses_unknown_ones(started_game: Game) -> None:
    phase = started_game.current_phase
    assert phase is not None
    services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
    client = Client()
    first = client.get(reverse("games:detail", args=[started_game.pk]) + "?phase=0")
    assert "Spring 1901 movement" in first.content.decode()
    assert "A par H" in first.content.decode()  # the results of the phase
    now = client.get(reverse("games:detail", args=[started_game.pk]))
    assert "Fall 1901 movement" in now.content.decode()
    missing = client.get(reverse("games:detail", args=[started_game.pk]) + "?phase=9")
    assert missing.status_code == 404


def test_a_forming_game_page(make_user: Any) -> None:
    game = services.game_create(created_by=make_user("alice"), name="Waiting room")
    page = logged_in(make_user("bob")).get(reverse("games:detail", args=[game.pk]))
    assert page.status_code == 200
    assert "Join" in page.content.decode()


def test_create_a_game_with_deadline_and_missed_order_settings(make_user: Any) -> None:
    client = logged_in(make_user("alice"))
    response = client.post(
        reverse("games:create"),
        {
            "name": "Evenings in Berlin",
            "variant": "standard",
            "movement_hours": "24",
            "retreat_hours": "12",
            "adjustment_hours": "12",
            "deadline_time": "20:00",
            "time_zone": "Europe/Berlin",
            "days_off": ["5", "6"],
            "nmr_policy": "replacement",
            "exclude_after": "3",
            "min_reliability": "80",
            "assignment": "random",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get(name="Evenings in Berlin")
    assert (game.timezone, game.days_off, game.deadline_time.hour) == ("Europe/Berlin", [5, 6], 20)
    assert (game.nmr_policy, game.exclude_after, game.min_reliability) == ("replacement", 3, 80)


def test_an_unreadable_order_is_explained_in_the_readers_language(
    started_game: Game, players: dict[str, Any]
) -> None:
    from django.utils import translation

    with translation.override("de"), pytest.raises(ApplicationError) as refused:
        services.orders_submit(
            game=started_game, user=players["russia"], orders=["A xyz H", "A mos - smy x"]
        )
    messages = [p["message"] for p in refused.value.extra["problems"]]
    assert messages == [
        "„xyz“ ist keine Provinz auf dieser Karte",
        "„x“ am Ende des Befehls nicht verstanden",
    ]


def test_leaving_is_confirmed_and_an_empty_game_leaves_the_lobby(make_user: Any) -> None:
    alice = make_user("alice")
    game = services.game_create(created_by=alice, name="Lonely")
    client = logged_in(alice)
    page = client.post(reverse("games:leave", args=[game.pk]), follow=True).content.decode()
    assert "You gave up your seat in this game." in page
    assert "Lonely" not in Client().get(reverse("games:lobby")).content.decode()


def test_draft_picks_are_named_once_in_the_phase_list(players: dict[str, Any]) -> None:
    game = services.game_create(
        created_by=players["austria"],
        name="Void",
        terms=GameTerms(variant_id="multiple_void", options={"players": 2}),
    )
    services.game_join(game=game, user=players["england"])  # full: it starts
    page = logged_in(players["austria"]).get(reverse("games:detail", args=[game.pk]))
    options = page.content.decode().split('id="phase-select"')[1].split("</select>")[0]
    assert "Draft, pick 1</option>" in options
    assert "· pick" not in options


def test_the_game_page_says_how_the_game_is_played(make_user: Any) -> None:
    from datetime import time, timedelta

    alice = make_user("alice")
    game = services.game_create(
        created_by=alice,
        name="Rules shown",
        terms=GameTerms(
            movement_deadline=timedelta(hours=48),
            retreat_deadline=timedelta(minutes=90),
            deadline_time=time(20, 0),
            time_zone="Europe/Berlin",
            days_off=[5, 6],
            nmr_policy="grace",
            exclude_after=3,
            min_reliability=80,
            press="public",
        ),
    )
    page = logged_in(alice).get(reverse("games:detail", args=[game.pk])).content.decode()
    shown = page.split('id="game-settings"')[1].split("</details>")[0]
    for text in (
        "movement 48 h, retreats 1 h 30 min, adjustments 12 h",
        "at 20:00 (Europe/Berlin)",
        "none on Saturday, Sunday",
        "excluded after 3 missed phases",
        "80 %",
        "Public press only",
    ):
        assert text in shown, text


def test_a_phase_ended_by_a_draw_is_not_called_adjudicated(
    started_game: Game, players: dict[str, Any]
) -> None:
    for user in players.values():
        services.draw_vote(game=started_game, user=user, accept=True)
    page = logged_in(players["austria"]).get(reverse("games:detail", args=[started_game.pk]))
    text = page.content.decode()
    assert "Ended in a draw: not adjudicated." in text
    assert "<p>Adjudicated.</p>" not in text


@pytest.mark.parametrize("phase", ["²", "٠", "-1", "x", "9" * 5000], ids=lambda v: repr(v)[:12])
def test_a_phase_that_is_not_plain_digits_is_a_400(started_game: Any, phase: str) -> None:
    """Issue 20: ``?phase=²`` passed isdigit() and then failed int(): a 500."""
    response = Client(raise_request_exception=False).get(
        reverse("games:detail", args=[started_game.pk]), {"phase": phase}
    )
    assert response.status_code == 400
    assert "text/html" in response["Content-Type"]


# -- votes: the game page's forms (they work without a script) -----------------------------


def _highland(make_user: Any) -> Game:
    game = services.game_create(
        created_by=make_user("alice"),
        name="Highland",
        power="red",
        terms=GameTerms(variant_id="highlander", assignment=Game.Assignment.CHOSEN),
    )
    services.game_join(game=game, user=make_user("bob"), power="blue")
    game.refresh_from_db()
    return game


def test_the_page_offers_a_player_the_votes_open_to_him(
    started_game: Game, players: dict[str, Any], make_user: Any
) -> None:
    url = reverse("games:detail", args=[started_game.pk])
    page = logged_in(players["italy"]).get(url).content.decode()
    assert 'id="votes"' in page
    for button in ("Vote for a draw", "Vote to cancel the game", "Vote to pause the game"):
        assert button in page, button
    assert "Vote to resume the game" not in page
    assert 'id="vote-concede"' not in page  # seven players: nobody concedes
    for viewer in (Client(), logged_in(make_user("stranger"))):
        assert 'id="votes"' not in viewer.get(url).content.decode()


def test_a_vote_cast_on_the_page_shows_as_the_voters_alone(
    started_game: Game, players: dict[str, Any]
) -> None:
    client = logged_in(players["italy"])
    votes = reverse("games:votes", args=[started_game.pk])
    answer = client.post(votes, {"kind": "pause", "accept": "1", "phase": "0"})
    assert answer.status_code == 302
    url = reverse("games:detail", args=[started_game.pk])
    own = client.get(url).content.decode()
    assert "You voted to pause the game." in own
    assert "A pause has been proposed in this phase." in own
    other = logged_in(players["england"]).get(url).content.decode()
    assert "You voted to pause the game." not in other
    assert "A pause has been proposed in this phase." in other
    client.post(votes, {"kind": "pause", "accept": "0", "phase": "0"})
    assert "A pause has been proposed" not in client.get(url).content.decode()


def test_a_pause_agreed_on_the_page_is_in_the_history(
    started_game: Game, players: dict[str, Any]
) -> None:
    votes = reverse("games:votes", args=[started_game.pk])
    for user in players.values():
        logged_in(user).post(votes, {"kind": "pause", "accept": "1", "phase": "0"})
    page = logged_in(players["italy"]).get(reverse("games:detail", args=[started_game.pk]))
    text = page.content.decode()
    assert "All survivors agreed to pause the game." in text
    assert "The players agreed to pause it" in text
    assert "(by the players' unanimous vote)" in text
    assert "Vote to resume the game" in text


def test_conceding_on_the_page_needs_the_box_ticked(make_user: Any) -> None:
    game = _highland(make_user)
    red = game.seats.get(power="red").user
    client = logged_in(red)
    url = reverse("games:detail", args=[game.pk])
    assert 'id="vote-concede"' in client.get(url).content.decode()
    votes = reverse("games:votes", args=[game.pk])
    phase = str(game.phases.get(status="open").index)
    refused = client.post(votes, {"kind": "concede", "accept": "1", "phase": phase}, follow=True)
    assert "Tick the box to confirm that you concede." in refused.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    client.post(votes, {"kind": "concede", "accept": "1", "confirm": "1", "phase": phase})
    game.refresh_from_db()
    assert (game.status, game.winner) == (Game.Status.FINISHED, "blue")
    text = client.get(url).content.decode()
    assert "Red conceded: Blue wins." in text
    assert "Ended by a concession: not adjudicated." in text


def test_a_cancelled_game_says_so(started_game: Game, players: dict[str, Any]) -> None:
    votes = reverse("games:votes", args=[started_game.pk])
    for user in players.values():
        logged_in(user).post(votes, {"kind": "cancel", "accept": "1", "phase": "0"})
    text = Client().get(reverse("games:detail", args=[started_game.pk])).content.decode()
    assert "Cancelled · no result" in text
    assert "All survivors agreed to cancel the game: it ends with no result." in text


def test_the_vote_form_refuses_the_wrong_users(
    started_game: Game, make_user: Any, site_moderator: Any
) -> None:
    from games.models import Vote

    votes = reverse("games:votes", args=[started_game.pk])
    anonymous = Client().post(votes, {"kind": "pause", "accept": "1", "phase": "0"})
    assert anonymous.status_code == 302
    assert "/login" in anonymous["Location"]
    for user in (make_user("stranger"), site_moderator):
        vote = {"kind": "pause", "accept": "1", "phase": "0"}
        answer = logged_in(user).post(votes, vote, follow=True)
        assert "no seat" in answer.content.decode()
    assert not Vote.objects.exists()


def test_a_cancelled_game_is_listed_among_the_finished(
    started_game: Game, players: dict[str, Any]
) -> None:
    for user in players.values():
        services.vote_cast(game=started_game, user=user, kind="cancel", accept=True)
    finished = Client().get(reverse("games:lobby"), {"show": "finished"}).content.decode()
    assert "Test game" in finished
    assert "Cancelled" in finished
    running = Client().get(reverse("games:lobby"), {"show": "running"}).content.decode()
    assert "Test game" not in running


def test_a_conceded_duel_says_so_on_both_boards(make_user: Any) -> None:
    from games.models import BoardLink

    units = {"red": ["A mar", "A par"], "blue": ["A mos"]}
    centers = {"red": ["mar", "par"], "blue": ["mos"]}
    a = services.game_create(
        created_by=make_user("alice"),
        name="Duel",
        power="red",
        terms=GameTerms(
            variant_id="highlander",
            options={"nomination": "fixed", "fixed_setup": {"centers": centers, "units": units}},
            duel=True,
            assignment=Game.Assignment.CHOSEN,
        ),
    )
    services.game_join(game=a, user=make_user("bob"), power="blue")
    b = BoardLink.objects.get(games=a).board("B")
    assert b is not None
    red = logged_in(a.seats.get(power="red").user)
    page = red.get(reverse("games:detail", args=[b.pk])).content.decode()
    assert "I concede the duel" in page
    assert 'id="vote-draw"' not in page  # a duel has no draws
    red.post(
        reverse("games:votes", args=[b.pk]),
        {"kind": "concede", "accept": "1", "confirm": "1", "phase": str(b.phases.get().index)},
    )
    for board in (a, b):
        text = red.get(reverse("games:detail", args=[board.pk])).content.decode()
        assert "Blue wins the duel · conceded" in text
        assert "Red conceded: Blue wins." in text
