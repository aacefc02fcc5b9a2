"""Account pages: sign-up back to an invite (QA #7), the new-token page (L1), what a
profile shows others (L3), and the site's own error pages (M3, L12)."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation
from django.views import defaults

from games import selectors, services
from games.models import Game
from games.terms import GameTerms

pytestmark = pytest.mark.django_db

SIGNUP = {
    "username": "newbie",
    "email": "newbie@example.org",
    "password1": "Zq8!long-pass",
    "password2": "Zq8!long-pass",
}


# -- sign-up keeps its way back (QA #7) -----------------------------------------------------------


def _private_game(make_user: Any) -> Game:
    return services.game_create(
        created_by=make_user("host"),
        name="Friends only",
        power="austria",
        terms=GameTerms(private=True),
    )


def test_the_invite_page_sends_new_players_back_after_sign_up(make_user: Any) -> None:
    game = _private_game(make_user)
    invite = reverse("games:invite", args=[game.invite_code])
    client = Client()
    page = client.get(invite).content.decode()
    signup_link = f"{reverse('accounts:signup')}?next={invite}"
    assert f'href="{signup_link}"' in page
    form = client.get(signup_link).content.decode()
    assert f'<input type="hidden" name="next" value="{invite}">' in form
    assert f'href="{reverse("accounts:login")}?next={invite}"' in form
    done = client.post(signup_link, SIGNUP)
    assert done.status_code == 302
    assert done["Location"] == invite
    assert client.session.get("_auth_user_id") == str(User.objects.get(username="newbie").pk)


def test_sign_up_takes_next_from_the_form_too() -> None:
    done = Client().post(reverse("accounts:signup"), {**SIGNUP, "next": "/games/invite/abc/"})
    assert done["Location"] == "/games/invite/abc/"


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/", "javascript:alert(1)", ""]
)
def test_sign_up_ignores_a_next_off_the_site(target: str) -> None:
    done = Client().post(reverse("accounts:signup") + "?next=" + target, SIGNUP)
    assert done["Location"] == reverse("games:lobby")


def test_the_login_page_passes_next_on_to_sign_up() -> None:
    page = Client().get(reverse("accounts:login") + "?next=/games/invite/abc/")
    assert f'href="{reverse("accounts:signup")}?next=/games/invite/abc/"' in page.content.decode()


def test_a_logged_in_visitor_to_sign_up_goes_on_to_next(make_user: Any) -> None:
    client = Client()
    client.force_login(make_user("alice"))
    assert client.get(reverse("accounts:signup") + "?next=/x/")["Location"] == "/x/"


# -- the new-token page (QA L1) -------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_token_page_shows_how_to_send_the_key(make_user: Any, language: str) -> None:
    client = Client()
    client.force_login(make_user("alice"))
    page = client.post(
        reverse("accounts:token-create"), {"name": "bot"}, HTTP_ACCEPT_LANGUAGE=language
    )
    how = page.content.decode().split("data-token-how>")[1].split("</p>")[0]
    assert "Authorization: Token &lt;key&gt;" in how
    if language == "de":
        assert how.startswith("Sende")


# -- what a profile shows others (QA L3) ----------------------------------------------------------


def _figures(page: Any) -> dict[str, str]:
    text = page.content.decode()
    return {
        key: text.split(f'data-figure="{key}">')[1].split("<")[0]
        for key in ("played", "running", "won", "drawn", "missed", "reliability")
    }


def _anonymous_game(players: dict[str, Any], *, finish: bool) -> Game:
    powers = list(players)
    game = services.game_create(
        created_by=players[powers[0]],
        name="Masked",
        power=powers[0],
        terms=GameTerms(
            anonymous=True, assignment=Game.Assignment.CHOSEN, movement_deadline=timedelta(hours=1)
        ),
    )
    for power in powers[1:]:
        services.game_join(game=game, user=players[power], power=power)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    phase = game.current_phase
    assert phase is not None
    services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)  # everyone misses
    if finish:
        for user in players.values():
            services.draw_vote(game=game, user=user, accept=True)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
    return game


@pytest.mark.parametrize("finish", [False, True])
def test_others_never_count_an_anonymous_game(
    players: dict[str, Any], make_user: Any, finish: bool
) -> None:
    _anonymous_game(players, finish=finish)
    url = reverse("games:profile", args=["france-player"])
    nothing = {
        "played": "0",
        "running": "0",
        "won": "0",
        "drawn": "0",
        "missed": "0",
        "reliability": "no phases yet",
    }
    assert _figures(Client().get(url)) == nothing
    someone = Client()
    someone.force_login(make_user("someone"))
    assert _figures(someone.get(url)) == nothing
    themself = Client()
    themself.force_login(players["france"])
    mine = _figures(themself.get(url))
    assert mine["played"] == "1"
    assert mine["missed"] == "1"
    assert mine["running"] == ("0" if finish else "1")
    assert mine["drawn"] == ("1" if finish else "0")
    assert "Masked" in themself.get(url).content.decode()


def test_the_record_counts_anonymous_games_for_the_player_only(players: dict[str, Any]) -> None:
    _anonymous_game(players, finish=True)
    france = players["france"]
    assert selectors.player_record(user=france, viewer=france).played == 1
    assert selectors.player_record(user=france, viewer=AnonymousUser()).played == 0
    assert selectors.player_record(user=france, viewer=players["italy"]).played == 0


def test_a_profile_shows_seats_taken_of_a_forming_game(make_user: Any) -> None:
    host = make_user("host")
    game = services.game_create(
        created_by=host,
        name="Gathering",
        power="austria",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN),
    )
    services.game_join(game=game, user=make_user("guest"), power="england")
    page = Client().get(reverse("games:profile", args=["host"])).content.decode()
    row = page.split("Gathering")[1].split("</tr>")[0]
    assert "<td>2/7</td>" in row


# -- error pages (QA M3, L12) ---------------------------------------------------------------------


def _template_names(response: Any) -> list[str]:
    return [t.name for t in response.templates]


def test_not_found_uses_the_sites_page(settings: Any) -> None:
    settings.DEBUG = False
    response = Client().get(reverse("games:profile", args=["nobody"]))
    assert response.status_code == 404
    assert "404.html" in _template_names(response)
    text = response.content.decode()
    assert "Page not found" in text
    assert f'href="{reverse("games:lobby")}"' in text
    assert 'class="top"' in text  # the site's header


def test_not_found_is_translated(settings: Any) -> None:
    settings.DEBUG = False
    response = Client().get("/no/such/page/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 404
    assert "404.html" in _template_names(response)
    with translation.override("de"):
        variants = translation.gettext("Variants")
    assert variants != "Variants"
    assert variants in response.content.decode()  # the site's header, in German


def test_a_refused_moderator_page_is_a_plain_403(
    settings: Any, make_user: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.DEBUG = False
    client = Client()
    client.force_login(make_user("alice"))
    with caplog.at_level(logging.INFO, logger="django.request"):
        response = client.get(reverse("games:moderate"))
    assert response.status_code == 403
    assert "403.html" in _template_names(response)
    assert "Not allowed" in response.content.decode()
    assert "alice" in response.content.decode()  # rendered with the request: the header knows
    records = [r for r in caplog.records if r.name == "django.request"]
    assert records
    assert all(r.levelno == logging.WARNING for r in records)
    assert not any(r.exc_info for r in records), "a refusal is no error: no traceback"


def test_a_csrf_failure_says_the_form_expired(settings: Any, make_user: Any) -> None:
    settings.DEBUG = False
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("accounts:login"), {"username": "a", "password": "b"})
    assert response.status_code == 403
    assert "403_csrf.html" in _template_names(response)
    text = response.content.decode()
    assert "This form has expired" in text
    assert "reload the page" in text


def test_bad_request_and_server_error_pages() -> None:
    request = RequestFactory().get("/")
    bad = defaults.bad_request(request, Exception("x"))
    assert bad.status_code == 400
    assert "Bad request" in bad.content.decode()
    assert f'href="{reverse("games:lobby")}"' in bad.content.decode()
    # Django renders 500.html with no context at all; it must stand on its own.
    broken = defaults.server_error(request)
    assert broken.status_code == 500
    text = broken.content.decode()
    assert "Something went wrong" in text
    assert "css/site" in text  # styled like the rest of the site
    assert 'href="/"' in text


def test_the_german_invite_page_keeps_its_translation_and_the_way_back(make_user: Any) -> None:
    game = _private_game(make_user)
    invite = reverse("games:invite", args=[game.invite_code])
    page = Client().get(invite, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f'href="{reverse("accounts:signup")}?next={invite}">registriere dich</a>' in page
