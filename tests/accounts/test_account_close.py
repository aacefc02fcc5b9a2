"""Closing one's own account (issue 39): his games keep their history under "a former
player", anonymity stays, his tokens, devices and sessions end, his address is erased, he
cannot sign in again, his name stays reserved; and nobody closes another's account."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts import services as account_services
from accounts.models import ApiToken
from accounts.selectors import is_closed, user_by_name
from accounts.usernames import closed_name, username_check
from core.errors import ApplicationError
from games import services
from games.models import Game, ModeratorAction, Seat
from games.selectors.moderation import moderation_summary
from games.services import press
from games.terms import GameTerms
from notifications.models import PushSubscription
from tests.conftest import POWERS
from tests.games.kapitalisten import NAMES, kapitalisten_game
from tournaments.models import Entry, OrganiserAction, ResultsIdentity, Tournament

PASSWORD = "a-long-test-password"


def _game(players: dict[str, Any], *, anonymous: bool = False, name: str = "Open") -> Game:
    game = services.game_create(
        created_by=players["austria"],
        name=name,
        power="austria",
        terms=GameTerms(
            anonymous=anonymous,
            assignment=Game.Assignment.CHOSEN,
            movement_deadline=timedelta(hours=1),
        ),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=players[power], power=power)
    game.refresh_from_db()
    return game


def _finished(game: Game) -> Game:
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    game.refresh_from_db()
    return game


def _close(user: Any, password: str = PASSWORD) -> Any:
    client = Client()
    client.force_login(user)
    return client.post(reverse("accounts:close"), {"password": password})


def test_page_says_what_happens(players: dict[str, Any]) -> None:
    client = Client()
    client.force_login(players["austria"])
    page = client.get(reverse("accounts:close")).content.decode()
    assert "a former player" in page
    assert 'name="password"' in page


def test_finished_game_shows_a_former_player(players: dict[str, Any]) -> None:
    game = _finished(_game(players))
    me = players["austria"]
    old_name = me.username
    response = _close(me)
    assert response.status_code == 200
    viewer = Client()
    viewer.force_login(players["england"])
    page = viewer.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "a former player" in page
    assert old_name not in page
    api = viewer.get(f"/api/v1/games/{game.pk}/").content.decode()
    assert "a former player" in api
    assert old_name not in api
    de = viewer.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert "ein ehemaliger Spieler" in de.content.decode()


def test_anonymous_game_stays_anonymous(players: dict[str, Any]) -> None:
    game = _finished(_game(players, anonymous=True, name="Masks"))
    me = players["austria"]
    old_name = me.username
    _close(me)
    viewer = Client()
    viewer.force_login(players["england"])
    for url in (reverse("games:detail", args=[game.pk]), f"/api/v1/games/{game.pk}/"):
        text = viewer.get(url).content.decode()
        assert "a former player" not in text  # nothing tells he was in it
        assert old_name not in text


def test_running_game_gives_his_seat_up(players: dict[str, Any]) -> None:
    game = _game(players)
    assert game.status == Game.Status.ACTIVE
    press.press_send(game=game, user=players["austria"], to="all", body="Kept in history")
    me = players["austria"]
    _close(me)
    seat = Seat.objects.get(game=game, power="austria")
    assert seat.user is None
    assert seat.civil_disorder
    assert seat.excluded_user_id == me.pk
    phase = game.current_phase
    assert phase is not None
    assert {"kind": "excluded", "power": "austria", "by": "left"}.items() <= phase.notes[-1].items()
    # His press stays, and names his power, never him.
    assert game.press_messages.filter(body="Kept in history").exists()
    # A replacement may take it over.
    newcomer = User.objects.create_user("replacement")
    services.seat_take_over(game=game, user=newcomer, power="austria")


def test_forming_game_seat_is_free_again(players: dict[str, Any]) -> None:
    game = services.game_create(
        created_by=players["austria"], name="Forming", power="austria", terms=GameTerms()
    )
    _close(players["austria"])
    assert not game.seats.filter(user__isnull=False).exists()


def test_tokens_devices_sessions_mail_and_login_end(players: dict[str, Any]) -> None:
    me = players["austria"]
    old_name = me.username
    _token, key = account_services.api_token_create(user=me, name="bot")
    PushSubscription.objects.create(
        user=me, endpoint="https://push.example.org/x", p256dh="p", auth="a", server_key="k"
    )
    elsewhere = Client()
    assert elsewhere.login(username=old_name, password=PASSWORD)
    assert Session.objects.count() == 1
    _close(me)
    me.refresh_from_db()
    assert is_closed(me)
    assert me.email == ""
    assert not me.is_active
    assert not me.has_usable_password()
    assert not ApiToken.objects.filter(user=me).exists()
    assert not PushSubscription.objects.filter(user=me).exists()
    assert not Session.objects.exists()
    # The other session is signed out, the token refused, and signing in fails.
    assert elsewhere.get(reverse("accounts:data")).status_code == 302
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/me/data/").status_code in (401, 403)
    assert not Client().login(username=old_name, password=PASSWORD)
    response = Client().post(
        reverse("accounts:login"), {"username": old_name, "password": PASSWORD}
    )
    assert response.status_code == 200  # the form again, with its error


def test_his_name_stays_reserved(players: dict[str, Any]) -> None:
    me = players["austria"]
    old_name = me.username
    _close(me)
    for name in (old_name, old_name.upper(), f"former-player-{me.pk + 1}"):
        with pytest.raises(ValidationError):
            username_check(name)


def test_wrong_password_closes_nothing(players: dict[str, Any]) -> None:
    me = players["austria"]
    response = _close(me, password="not-it")
    assert response.status_code == 200
    me.refresh_from_db()
    assert me.is_active
    assert not is_closed(me)
    assert me.email


def test_nobody_closes_another_account(players: dict[str, Any], site_moderator: Any) -> None:
    """There is no account in the address: a stranger or a moderator who posts the
    victim's password closes nobody (it is not his own password), the victim least."""
    victim = players["austria"]
    for other in (players["england"], site_moderator):
        _close(other, password=PASSWORD + "-victims")
        other.refresh_from_db()
        assert other.is_active
    victim.refresh_from_db()
    assert victim.is_active
    assert not is_closed(victim)


def test_anonymous_visitor_cannot_close(db: Any) -> None:
    response = Client().post(reverse("accounts:close"), {"password": PASSWORD})
    assert response.status_code == 302
    assert APIClient().post("/api/v1/me/close/", {"password": PASSWORD}).status_code in (
        401,
        403,
    )


def test_api_closes_his_own_account(players: dict[str, Any]) -> None:
    me = players["austria"]
    _token, key = account_services.api_token_create(user=me, name="bot")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.post("/api/v1/me/close/", {"password": "wrong"}, format="json").status_code == 400
    response = api.post("/api/v1/me/close/", {"password": PASSWORD}, format="json")
    assert response.status_code == 204
    me.refresh_from_db()
    assert is_closed(me)
    assert api.get("/api/v1/me/data/").status_code in (401, 403)


def test_closed_twice_is_refused(players: dict[str, Any]) -> None:
    me = players["austria"]
    account_services.account_close(user=me, password=PASSWORD)
    me.refresh_from_db()
    with pytest.raises(ApplicationError):
        account_services.account_close(user=me, password=PASSWORD)


def test_download_after_close_holds_no_address(players: dict[str, Any]) -> None:
    """What stays of him is neutral: his data, read by the site, names him no more."""
    me = players["austria"]
    old = me.username
    account_services.account_close(user=me, password=PASSWORD)
    me.refresh_from_db()
    text = json.dumps(account_services.account_data(user=me))
    assert old not in text
    assert "@example.org" not in text


def test_tournament_entry_is_withdrawn(players: dict[str, Any]) -> None:
    me = players["austria"]
    cup = Tournament.objects.create(name="Cup", created_by=players["england"])
    Entry.objects.create(tournament=cup, user=me)
    league = Tournament.objects.create(
        name="League", created_by=players["england"], status=Tournament.Status.RUNNING
    )
    Entry.objects.create(tournament=league, user=me, status=Entry.Status.CHECKED_IN)
    _close(me)
    assert Entry.objects.get(tournament=cup, user=me).status == Entry.Status.WITHDRAWN
    # Running: seated in no further round, his entry (and its results) kept.
    running = Entry.objects.get(tournament=league, user=me)
    assert running.status == Entry.Status.CHECKED_IN
    assert running.away


def test_records_that_wrote_his_name_down_name_a_former_player(players: dict[str, Any]) -> None:
    me, england = players["austria"], players["england"]
    name = me.get_username()
    game = _game(players, name="Replaced once")
    replaced = ModeratorAction.objects.create(
        game=game,
        actor=england,
        kind=ModeratorAction.Kind.REPLACE,
        details={"previous": name, "replacement": england.get_username(), "power": "austria"},
    )
    cup = Tournament.objects.create(name="Cup", created_by=england)
    Entry.objects.create(tournament=cup, user=me)
    drawn = OrganiserAction.objects.create(
        tournament=cup,
        actor=england,
        kind=OrganiserAction.Kind.AWAY,
        details={"player": name, "order": [england.get_username(), name]},
    )
    _close(me)
    for record in (replaced, drawn):
        record.refresh_from_db()
        assert name not in json.dumps(record.details)
    assert replaced.details["replacement"] == england.get_username()
    assert drawn.details["order"] == [england.get_username(), closed_name(me.pk)]
    seen = moderation_summary(game=game, user=england)["actions"]
    assert [a["details"]["previous"] for a in seen] == ["a former player"]


def test_the_legal_name_given_for_the_wdd_is_erased(players: dict[str, Any]) -> None:
    me = players["austria"]
    ResultsIdentity.objects.create(
        user=me, first_name="Anna", last_name="Austerlitz", country="AUT", wdd_id=4711, share=True
    )
    other = ResultsIdentity.objects.create(user=players["england"], first_name="Ed", share=True)
    _close(me)
    assert not ResultsIdentity.objects.filter(user=me).exists()
    assert ResultsIdentity.objects.filter(pk=other.pk).exists()


def test_closed_account_has_no_profile_and_is_named_by_nobody(
    players: dict[str, Any],
) -> None:
    """His games each show a neutral name; no page gathers them, and nobody names him
    (a sitter, a game master, an organiser) by his new name."""
    me = players["austria"]
    _close(me)
    me.refresh_from_db()
    viewer = Client()
    viewer.force_login(players["england"])
    assert viewer.get(reverse("games:profile", args=[me.username])).status_code == 404
    assert user_by_name(name=me.username) is None


def test_pseudonyms_stay_and_name_nobody(make_user: Any) -> None:
    """Kapitalisten: his seat keeps the pseudonym it played under, and neither his
    download nor another's tells who is behind any other pseudonym."""
    game, users = kapitalisten_game(make_user)
    me = users[NAMES[0]]
    seat = Seat.objects.get(game=game, user=me)
    pseudonym = seat.pseudonym
    other = users[NAMES[1]]
    text = json.dumps(account_services.account_data(user=other))
    for name in NAMES:
        if name != NAMES[1]:
            assert users[name].username not in text
    for s in Seat.objects.filter(game=game).exclude(user=other):
        assert s.pseudonym not in text  # whose pseudonym it is stays unknown
    account_services.account_close(user=me, password=PASSWORD)
    seat.refresh_from_db()
    assert seat.pseudonym == pseudonym
    viewer = Client()
    viewer.force_login(other)
    page = viewer.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert pseudonym in page
    assert NAMES[0] not in page
    assert "a former player" not in page
