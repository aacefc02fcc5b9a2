"""Kapitalisten's pages: the exchange page (holdings, cash, rates and their chart, the order
form), control on the game page, the power switcher, and who sees what: no user name behind
a pseudonym on any page, API answer, socket message or mail, and no investor's exchange
orders before the results, tried as every wrong user."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core import mail
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games import services
from games.models import Game, Seat
from games.services import press
from tests.games.helpers import current
from tests.games.kapitalisten import (
    NAMES,
    adjudicate_now,
    controllers,
    investor_user,
    kapitalisten_game,
)

pytestmark = pytest.mark.django_db


def client_of(user: Any) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api_of(user: Any) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def get(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


@pytest.fixture
def played(make_user: Any) -> tuple[Game, dict[str, Any]]:
    """Winter 1900 adjudicated (investor 1 bought roubles, investor 2 francs), a message of
    grey press sent; Spring 1901 open with investor 1's secret exchange orders saved."""
    game, users = kapitalisten_game(make_user)
    one, two = investor_user(game, "investor-1"), investor_user(game, "investor-2")
    services.orders_submit(
        game=game, user=one, orders=["sell 500 france", "buy 400 russia"], power="investor-1"
    )
    services.orders_submit(
        game=game, user=two, orders=["sell 100 turkey", "buy 100 france"], power="investor-2"
    )
    assert adjudicate_now(game)
    press.press_send(
        game=game, user=two, to="all", body="Roubles are the future", signature="Oracle"
    )
    services.orders_submit(
        game=game, user=one, orders=["sell 333 austria", "buy 200 germany"], power="investor-1"
    )
    return game, users


def viewers(game: Game, users: dict[str, Any], make_user: Any, moderator: Any) -> dict[str, Any]:
    return {
        "anonymous": None,
        "stranger": make_user("stranger"),
        "investor 3": investor_user(game, "investor-3"),
        "moderator": moderator,
    }


def test_no_user_name_behind_a_pseudonym_anywhere(
    played: tuple[Game, dict[str, Any]], make_user: Any, site_moderator: Any, settings: Any
) -> None:
    game, users = played
    pages = [
        reverse("games:detail", args=[game.pk]),
        reverse("games:detail", args=[game.pk]) + "?phase=0",
        reverse("games:exchange", args=[game.pk]),
        reverse("games:exchange", args=[game.pk]) + "?phase=0",
        reverse("games:lobby"),
    ]
    apis = [
        f"/api/v1/games/{game.pk}/",
        f"/api/v1/games/{game.pk}/state/",
        f"/api/v1/games/{game.pk}/press/",
        f"/api/v1/games/{game.pk}/press/messages/?conversation=all",
    ]
    everyone = {**viewers(game, users, make_user, site_moderator), **dict(users.items())}
    for who, user in everyone.items():
        for url in pages:
            text = get(client_of(user), url)
            for name in NAMES:
                if user is not None and name == user.username:
                    continue  # a player's own name is in the page's header
                assert name not in text, (who, url, name)
        for url in apis:
            answer = api_of(user).get(url)
            if answer.status_code != 200:
                continue
            text = answer.content.decode()
            assert not any(name in text for name in NAMES), (who, url)


def test_the_news_and_mail_of_grey_press_name_the_signature_never_the_sender(
    played: tuple[Game, dict[str, Any]], settings: Any
) -> None:
    from games import events
    from games.models import GameEvent
    from notifications import services as notifications
    from notifications.models import Delivery, Notification, NotificationSetting, default_choices

    _game, users = played
    for user in users.values():
        user.email = f"{user.username}@example.org"
        user.save()
        choices = default_choices()
        choices["press"] = ["inbox", "email"]
        NotificationSetting.objects.create(user=user, choices=choices)
    [event] = GameEvent.objects.filter(kind="press")
    assert event.params["power"] == "Oracle"
    events.event_dispatch(event.pk)
    news = Notification.objects.filter(kind="press")
    assert news.count() == 8  # everyone but its author
    for n in news:
        said = notifications.text(kind=n.kind, params=n.params)
        assert said == "Bourse: a new message from Oracle."
    deliveries = Delivery.objects.filter(kind="press", channel="email")
    assert deliveries.count() == 8
    for delivery in deliveries:
        notifications.delivery_send(delivery_id=delivery.pk)
    assert len(mail.outbox) == 8
    assert all("Oracle" in m.body and "Roubles are the future" in m.body for m in mail.outbox)
    assert not any(
        name in f"{m.subject} {m.body} {m.to}"
        for m in mail.outbox
        for name in NAMES
        if f"{name}@" not in " ".join(m.to)
    )


def test_other_investors_exchange_orders_stay_secret_until_the_results(
    played: tuple[Game, dict[str, Any]], make_user: Any, site_moderator: Any
) -> None:
    game, users = played
    one = investor_user(game, "investor-1")
    for who, user in viewers(game, users, make_user, site_moderator).items():
        for url in (
            reverse("games:detail", args=[game.pk]),
            reverse("games:exchange", args=[game.pk]),
        ):
            assert "sell 333 austria" not in get(client_of(user), url), (who, url)
        state = api_of(user).get(f"/api/v1/games/{game.pk}/state/")
        if state.status_code == 200:
            assert "sell 333 austria" not in state.content.decode(), who
    mine = get(client_of(one), reverse("games:exchange", args=[game.pk]))
    assert "sell 333 austria" in mine
    # Winter 1900's orders are public now that it is adjudicated.
    winter = get(client_of(None), reverse("games:exchange", args=[game.pk]) + "?phase=0")
    assert "Phase" in winter or "phase" in winter
    results = get(client_of(None), reverse("games:detail", args=[game.pk]) + "?phase=0")
    assert "sell 500 france" in results


def test_the_exchange_page_shows_accounts_rates_and_the_investors_own_form(
    played: tuple[Game, dict[str, Any]],
) -> None:
    game, _users = played
    one = investor_user(game, "investor-1")
    magnate = Seat.objects.get(game=game, power="investor-1").pseudonym
    text = get(client_of(one), reverse("games:exchange", args=[game.pk]))
    assert 'id="my-exchange"' in text
    assert f"Your account ({magnate})" in text
    assert 'id="exchange-form"' in text
    assert 'id="exchange-data"' in text
    data = json.loads(text.split('id="exchange-data" type="application/json">')[1].split("<")[0])
    assert data["limit"] == 500
    assert data["held"]["russia"] == 1400
    assert data["orders"] == ["sell 333 austria", "buy 200 germany"]
    assert '<polyline class="rate-line power-russia"' in text
    assert text.count('class="rate-line') == 7
    assert "Every investor" in text
    assert text.count(magnate) >= 2  # his account and the table of all accounts
    # A stranger sees the published accounts and the chart, but no form.
    public = get(client_of(None), reverse("games:exchange", args=[game.pk]))
    assert 'id="my-exchange"' not in public
    assert "Every investor" in public
    assert 'class="rate-line power-russia"' in public


def test_the_text_form_saves_exchange_orders_and_comes_back_to_the_exchange(
    played: tuple[Game, dict[str, Any]],
) -> None:
    game, _users = played
    one = investor_user(game, "investor-1")
    answer = client_of(one).post(
        reverse("games:orders", args=[game.pk]),
        {
            "orders": "sell 500 italy\nbuy 10 russia",
            "power": "investor-1",
            "next": "exchange",
            "phase": str(current(game).index),
        },
    )
    assert answer.status_code == 302
    assert answer["Location"] == reverse("games:exchange", args=[game.pk])
    saved = current(game).order_sets.get(power="investor-1").orders
    assert saved == ["sell 500 italy", "buy 10 russia"]


def test_the_game_page_shows_control_and_switches_between_the_nations_given(
    played: tuple[Game, dict[str, Any]],
) -> None:
    game, _users = played
    one = investor_user(game, "investor-1")
    magnate = Seat.objects.get(game=game, power="investor-1").pseudonym
    text = get(client_of(None), reverse("games:detail", args=[game.pk]))
    assert 'id="exchange-panel"' in text
    assert "Who gives each nation" in text
    assert f"<strong>{magnate}</strong>" in text
    assert "1,400 roubles against 1,000" in text
    assert "Vote for a draw" not in get(client_of(one), reverse("games:detail", args=[game.pk]))
    mine = [n for n, c in controllers(game).items() if c == "investor-1"]
    assert "russia" in mine
    page = get(client_of(one), reverse("games:detail", args=[game.pk]) + "?as=russia")
    assert 'href="?as=russia"' in page
    assert 'aria-current="true"' in page
    assert "Your orders (Russia)" in page
    assert 'value="A war - gal"' in page  # Russia's legal orders in the order box's list
    # Another investor cannot order for Russia by asking the page to.
    three = investor_user(game, "investor-3")
    other = get(client_of(three), reverse("games:detail", args=[game.pk]) + "?as=russia")
    assert "Your orders (Russia)" not in other


def test_an_exchange_page_of_a_game_without_one_is_not_found(
    started_game: Game, players: dict[str, Any]
) -> None:
    assert client_of(None).get(reverse("games:exchange", args=[started_game.pk])).status_code == 404


def test_the_forming_game_asks_a_joiner_for_a_pseudonym(make_user: Any) -> None:
    from games.terms import GameTerms

    game = services.game_create(
        created_by=make_user("founder"),
        name="Bourse",
        pseudonym="Old Money",
        terms=GameTerms(variant_id="kapitalisten"),
    )
    zed = make_user("zed")
    text = get(client_of(zed), reverse("games:detail", args=[game.pk]))
    assert 'name="pseudonym"' in text
    assert "Old Money" in text
    assert "founder" not in text
    refused = client_of(zed).post(reverse("games:join", args=[game.pk]), {"pseudonym": "zed"})
    assert refused.status_code == 302
    assert not game.seats.filter(user=zed).exists()
    client_of(zed).post(reverse("games:join", args=[game.pk]), {"pseudonym": "Quiet Money"})
    assert game.seats.get(user=zed).pseudonym == "Quiet Money"
    assert AnonymousUser  # the anonymous reader is tried above


def test_the_create_form_takes_the_creators_pseudonym(make_user: Any) -> None:
    ann = make_user("ann")
    answer = client_of(ann).post(
        reverse("games:create"),
        {
            "name": "Bourse",
            "variant": "kapitalisten",
            "kapitalisten-players": "8",
            "kapitalisten-last_year": "1915",
            "kapitalisten-pseudonym": "Midas",
            "assignment": "random",
            "start_when_full": "on",
            "press": "full",
            "movement_hours": "24",
            "retreat_hours": "12",
            "adjustment_hours": "12",
            "setup_hours": "12",
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:3000]
    game = Game.objects.get(name="Bourse")
    assert game.options == {"players": 8, "last_year": 1915}
    assert game.seats.get(user=ann).pseudonym == "Midas"
    assert game.press == Game.Press.PUBLIC
    assert game.anonymous


def test_a_shared_victory_names_every_winner_by_pseudonym(
    played: tuple[Game, dict[str, Any]],
) -> None:
    from django.utils import timezone

    from games.services.kernel import game_finish

    game, _users = played
    game_finish(game, Game.Outcome.SHARED, "investor-1,investor-3", timezone.now())
    names = [Seat.objects.get(game=game, power=p).pseudonym for p in ("investor-1", "investor-3")]
    text = get(client_of(None), reverse("games:detail", args=[game.pk]))
    assert f"shared victory: {names[0]}, {names[1]}" in text
    listed = get(client_of(None), reverse("games:lobby") + "?show=finished")
    assert "Shared victory (Investor 1, Investor 3)" in listed


def test_a_faulty_order_stands_in_the_list_with_what_is_wrong(
    played: tuple[Game, dict[str, Any]],
) -> None:
    game, _users = played
    one = investor_user(game, "investor-1")
    services.orders_submit(game=game, user=one, orders=["F war - gal"], power="russia")
    page = get(client_of(one), reverse("games:detail", args=[game.pk]) + "?as=russia")
    assert '<li data-order="F war - gal" class="faulty">' in page
    assert "void when adjudicated:" in page


# -- issue 34: the opening exchange can be finished on the site; Ready warns of 3.3.1 --------

#: Said beside the Ready button while an investor has no exchange orders (rule 3.3.1).
NO_ORDERS_WARNING = "you sell 500 of every currency you hold automatically"


def _warned(text: str) -> bool:
    """Whether the warning stands beside the Ready button (present and not hidden)."""
    return NO_ORDERS_WARNING in text and 'id="ready-warning" hidden' not in text


def _ready_form(text: str) -> str:
    """The form that marks the seat ready, as the page has it ('' if none)."""
    if 'id="ready-form"' not in text:
        return ""
    start = text.index('id="ready-form"')
    return text[start : text.index("</form>", start)]


def test_the_opening_exchange_offers_ready_on_the_game_page_and_the_exchange_page(
    make_user: Any,
) -> None:
    """Winter 1900 is the exchange alone: every investor owes his exchange orders and
    says he is ready on either page, each form naming its phase; once all nine have, the
    turn is adjudicated without waiting for its deadline."""
    game, users = kapitalisten_game(make_user)
    winter = current(game)
    assert winter.code == "W1900X"
    for n, user in enumerate(users.values(), start=1):
        game_page = get(client_of(user), reverse("games:detail", args=[game.pk]))
        exchange_page = get(client_of(user), reverse("games:exchange", args=[game.pk]))
        for text in (game_page, exchange_page):
            form = _ready_form(text)
            assert f'name="phase" value="{winter.index}"' in form
            assert 'name="ready" value="1"' in form
        # Half say so on the exchange page, and come back to it; half on the game page.
        if n % 2:
            answer = client_of(user).post(
                reverse("games:ready", args=[game.pk]),
                {"ready": "1", "phase": str(winter.index), "next": "exchange"},
            )
            assert answer["Location"] == reverse("games:exchange", args=[game.pk])
            again = get(client_of(user), reverse("games:exchange", args=[game.pk]))
            assert "You are ready" in _ready_form(again)
        else:
            answer = client_of(user).post(
                reverse("games:ready", args=[game.pk]),
                {"ready": "1", "phase": str(winter.index)},
            )
            assert answer["Location"] == reverse("games:detail", args=[game.pk])
    winter.refresh_from_db()
    assert winter.due_now, "everyone ready: the turn is adjudicated now"


def test_ready_without_exchange_orders_is_said_to_sell_500_of_everything(
    make_user: Any,
) -> None:
    """Rule 3.3.1: an investor without exchange orders sells 500 of every currency. Said
    beside the Ready button, before he presses it, on both pages; not once he has some."""
    game, _users = kapitalisten_game(make_user)
    user = investor_user(game, "investor-1")
    pages = [reverse("games:detail", args=[game.pk]), reverse("games:exchange", args=[game.pk])]
    for url in pages:
        assert _warned(_ready_form(get(client_of(user), url))), url
    services.orders_submit(game=game, user=user, orders=["sell 10 italy"], power="investor-1")
    for url in pages:
        form = _ready_form(get(client_of(user), url))
        assert form, url
        assert not _warned(form), url


def test_a_controller_is_warned_beside_the_ready_of_his_nation(
    played: tuple[Game, dict[str, Any]],
) -> None:
    """In a turn of war a controller says he is ready on his nation's panel, for the
    nation and his exchange at once: the warning stands there while he has no exchange
    orders (investor 1 has some this turn)."""
    game, _users = played
    ruling = controllers(game)
    assert ruling["russia"] == "investor-1"
    other = next(n for n, c in ruling.items() if c not in (None, "investor-1"))
    for nation, warned in (("russia", False), (other, True)):
        user = investor_user(game, ruling[nation])
        url = reverse("games:detail", args=[game.pk]) + f"?as={nation}"
        form = _ready_form(get(client_of(user), url))
        assert form, nation
        assert _warned(form) is warned, nation


def test_an_excluded_investor_keeps_her_account_and_is_told_as_an_investor(
    played: tuple[Game, dict[str, Any]],
) -> None:
    """Rule 3.3.1: three turns without exchange orders exclude an investor. She keeps her
    own section of the exchange page (what she holds, and that she is excluded), with no
    order form; the note of the turn words her exclusion for an investor, who commands
    no nation: not "the power ... in civil disorder"."""
    game, users = played
    nine = investor_user(game, "investor-9")  # never gives exchange orders
    assert "investor-9" not in controllers(game).values()
    pseudonym = Seat.objects.get(game=game, power="investor-9").pseudonym
    for code in ("S1901M", "F1901M"):
        assert current(game).code == code
        for user in users.values():
            if user != nine:  # the nations' orders: the turn does not wait for them
                services.orders_ready(game=game, user=user, ready=True)
        assert adjudicate_now(game)
    seat = Seat.objects.get(game=game, power="investor-9")
    assert seat.user is None
    assert seat.excluded_user == nine
    fall = game.phases.get(code="F1901M")
    assert {"kind": "excluded", "power": "investor-9", "misses": 3} in fall.notes

    text = get(client_of(nine), reverse("games:exchange", args=[game.pk]))
    assert 'id="my-exchange"' in text
    assert f"Your account ({pseudonym})" in text
    assert "You are excluded" in text
    assert 'id="exchange-form"' not in text
    assert 'id="ready-form"' not in text
    # Nobody else is given her section, nor she another's once her seat is taken over.
    other = get(
        client_of(investor_user(game, "investor-3")), reverse("games:exchange", args=[game.pk])
    )
    assert f"Your account ({pseudonym})" not in other

    note_page = get(
        client_of(None), reverse("games:detail", args=[game.pk]) + f"?phase={fall.index}"
    )
    assert "in civil disorder" not in note_page
    assert f"{pseudonym} gave no exchange orders for 3 turns in a row" in note_page
    assert "rule 3.3.1" in note_page
    seats = get(client_of(None), reverse("games:detail", args=[game.pk]))
    seats = seats[seats.index('<section class="seats">') :]
    seats = seats[: seats.index("</section>")]
    assert "civil disorder" not in seats
    assert "excluded" in seats


def test_an_investor_a_moderator_excluded_is_told_as_an_investor(
    played: tuple[Game, dict[str, Any]], site_moderator: Any
) -> None:
    game, _users = played
    pseudonym = Seat.objects.get(game=game, power="investor-3").pseudonym
    from games.services import moderation

    moderation.player_exclude(game=game, by=site_moderator, power="investor-3", reason="cheating")
    text = get(client_of(None), reverse("games:detail", args=[game.pk]))
    assert f"A moderator excluded {pseudonym}" in text
    assert "the power is in civil disorder" not in text


def test_money_follows_the_readers_language(played: tuple[Game, dict[str, Any]]) -> None:
    """Kujambel amounts, rates and victory points read as the reader's language writes
    numbers: 5.165,00 in German, 5,165.00 in English; on the pages, in the chart and in
    the results' words."""
    import re

    from django.utils import translation

    from games import wording

    game, _users = played
    one = investor_user(game, "investor-1")
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(one)
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    english.force_login(one)
    url = reverse("games:exchange", args=[game.pk])
    de, en = get(german, url), get(english, url)
    amount_de = re.compile(r"\b\d{1,3}(?:\.\d{3})*,\d\d\b")
    amount_en = re.compile(r"\b\d{1,3}(?:,\d{3})*\.\d\d\b")
    # The chart's coordinates are never localised: "110,5" is no place in an SVG.
    chart = de[de.index('<figure class="rates-chart">') : de.index("</figure>")]
    assert not re.search(r'\b(?:x|y|x1|x2|y1|y2)="[^"]*,', chart)
    assert amount_de.search(de)
    assert not re.search(r"\d\.\d\d( Kj|<)", de)
    assert amount_en.search(en)
    assert not re.search(r"\d,\d\d( Kj|<)", en)
    data = json.loads(de.split('id="exchange-data" type="application/json">')[1].split("<")[0])
    assert isinstance(data["cash"], int)  # the script reckons in hundredths, and formats
    params = {"nation": "russia", "change": "+2", "rate": "1234.56"}
    with translation.override("de"):
        assert "1.234,56" in (wording.result_sentence("rate_winter", params, "standard") or "")
        won = {"investor": "investor-3", "points": "5165.00"}
        assert "5.165,00" in (wording.result_sentence("exchange_won", won, "standard") or "")
    with translation.override("en"):
        assert "1,234.56" in (wording.result_sentence("rate_winter", params, "standard") or "")


def test_the_forming_page_words_the_seats_for_investors(make_user: Any) -> None:
    """Investors get no power: the forming page of a Kapitalisten game never says powers
    are drawn by lot, but what the variant says of its seats (a standard game keeps its
    words)."""
    from games.terms import GameTerms

    founder = make_user("founder")
    game = services.game_create(
        created_by=founder,
        name="Bourse",
        pseudonym="Old Money",
        terms=GameTerms(variant_id="kapitalisten"),
    )
    for user in (founder, make_user("zed"), None):
        text = get(client_of(user), reverse("games:detail", args=[game.pk]))
        assert "drawn by lot" not in text, user
        assert "Investors own no nation" in text, user
    mine = get(client_of(founder), reverse("games:detail", args=[game.pk]))
    assert "You have a seat under the pseudonym Old Money" in mine
    standard = services.game_create(created_by=founder, name="Plain", terms=GameTerms())
    text = get(client_of(founder), reverse("games:detail", args=[standard.pk]))
    assert "Powers are drawn by lot when the game starts." in text
    assert "Your power is drawn by lot when the game starts." in text
