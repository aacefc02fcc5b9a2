"""A closed account is "a former player" on every page and in every answer that named
him (issue 39): a tournament's pages, its organiser's page, its API, its files, the
duel and game pages of his boards, the lobby and the other players' lists of games, his
press. The raw ``former-player-<id>`` his account is renamed to never shows; the words
do, in the reader's language.

The tournaments: a group stage into a knock-out of Highlander duels (cat wins his group,
loses the final: rated for each duel), and a round of standard boards called as a draw,
where he sent press."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts import services as account_services
from accounts.roles import MODERATOR, grant
from accounts.usernames import CLOSED_PREFIX
from games.models import Game
from games.services import press
from tests.tournaments.services.conftest import FIXED_17, win_duel
from tournaments import services
from tournaments.models import Board, Match, PlayerRating, Round, Tournament

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-test-password"


@pytest.fixture
def organiser(make_user: Any) -> Any:
    from accounts.roles import ORGANISER

    user = make_user("olga")
    grant(user, ORGANISER)
    return user


def _groups_into_knockout(make_user: Any, organiser: Any, capture: Any) -> Tournament:
    tournament = services.tournament_create(
        by=organiser,
        name="Highland Open",
        format=Tournament.Format.GROUPS,
        seeding=Tournament.Seeding.HAND,
        check_in_required=False,
        group_count=2,
        advance_per_group=1,
    )
    entries = [
        services.entry_register(tournament=tournament, user=make_user(n))
        for n in ("ann", "bob", "cat", "dan")
    ]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    services.round_setup_fix(
        tournament=tournament, by=organiser, kind=Round.Kind.GROUPS, number=0, setup=FIXED_17
    )
    services.round_setup_fix(
        tournament=tournament, by=organiser, kind=Round.Kind.KNOCKOUT, number=1, setup=FIXED_17
    )
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    ann, _bob, cat, _dan = entries
    for match in Match.objects.filter(tournament=tournament, round__kind=Round.Kind.GROUPS):
        win_duel(match, cat if cat.pk in (match.a_id, match.b_id) else ann, capture)
    final = Match.objects.get(tournament=tournament, round__kind=Round.Kind.KNOCKOUT)
    win_duel(final, ann, capture)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    return tournament


def _round_of_boards(users: dict[str, Any], organiser: Any, capture: Any) -> Tournament:
    tournament = services.tournament_create(
        by=organiser,
        name="Club League",
        format=Tournament.Format.ROUNDS,
        check_in_required=False,
        rounds_planned=1,
        scoring="draw_size",
    )
    for user in users.values():
        services.entry_register(tournament=tournament, user=user)
    with capture(execute=True):
        services.tournament_draw(tournament=tournament, by=organiser)
    board = Board.objects.select_related("game").get(round__tournament=tournament)
    assert board.game is not None
    press.press_send(game=board.game, user=users["cat"], to="all", body="Greetings to all")
    with capture(execute=True):
        services.board_call(
            tournament=tournament, by=organiser, board=board, end="time", reason="the hall closes"
        )
    return tournament


def _addresses(tournaments: list[Tournament], cat: Any) -> list[str]:
    """Every page, file and API answer that names the players of these tournaments."""
    out = [reverse("games:lobby"), reverse("tournaments:list"), "/api/v1/games/"]
    out += ["/api/v1/me/games/", "/api/v1/tournaments/"]
    out.append(reverse("games:profile", args=["ann"]))
    for t in tournaments:
        out.append(reverse("tournaments:detail", args=[t.pk]))
        out.append(reverse("tournaments:run", args=[t.pk]))
        for what, ext in (
            ("results", "json"),
            ("classification", "csv"),
            ("boards", "csv"),
            ("wdd-classification", "csv"),
            ("wdd-boards", "csv"),
        ):
            out.append(reverse("tournaments:export", args=[t.pk, what, ext]))
        for part in ("", "entrants/", "bracket/", "groups/", "rounds/", "standings/"):
            out.append(f"/api/v1/tournaments/{t.pk}/{part}")
    for m in Match.objects.exclude(duel_id=None):
        out.append(reverse("tournaments:duel", args=[m.duel_id]))
    for game in Game.objects.filter(seats__user=cat).distinct():
        out += [
            reverse("games:detail", args=[game.pk]),
            reverse("games:export", args=[game.pk]),
            f"/api/v1/games/{game.pk}/",
            f"/api/v1/games/{game.pk}/press/messages/",
        ]
    return out


def test_a_closed_account_is_a_former_player_on_every_page(
    make_user: Any, organiser: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    cup = _groups_into_knockout(make_user, organiser, capture)
    cat = cup.entries.get(user__username="cat").user
    assert PlayerRating.objects.filter(user=cat).exists()
    users = {"cat": cat, **{n: make_user(n) for n in ("eve", "fay", "gil", "hal", "ian", "jo")}}
    league = _round_of_boards(users, organiser, capture)
    games_of_cat = set(Game.objects.filter(seats__user=cat).values_list("pk", flat=True).distinct())
    addresses = _addresses([cup, league], cat)

    account_services.account_close(user=cat, password=PASSWORD)
    cat.refresh_from_db()
    assert cat.username.startswith(CLOSED_PREFIX)
    # Finished games keep him in his seats (none was running to give up).
    assert set(Game.objects.filter(seats__user=cat).values_list("pk", flat=True)) == games_of_cat

    moderator = make_user("mia")
    grant(moderator, MODERATOR)
    readers: dict[str, Client] = {"anonymous": Client()}
    for name, user in (
        ("another player", cup.entries.get(user__username="ann").user),
        ("the organiser", organiser),
        ("a moderator", moderator),
    ):
        readers[name] = Client()
        readers[name].force_login(user)
    seen_words = set()
    for reader, client in readers.items():
        for address in addresses:
            for language, words in (("en", "a former player"), ("de", "ein ehemaliger Spieler")):
                response = client.get(address, HTTP_ACCEPT_LANGUAGE=language)
                text = response.content.decode()
                assert CLOSED_PREFIX not in text, (reader, address, language)
                assert "cat" not in _names_in(text), (reader, address, language)
                if words in text:
                    seen_words.add((reader, address, language))
    # The words are there where he was named: the tournaments' pages and API, his boards.
    for reader in ("anonymous", "another player", "the organiser"):
        for language in ("en", "de"):
            for address in (
                reverse("tournaments:detail", args=[cup.pk]),
                reverse("tournaments:detail", args=[league.pk]),
                f"/api/v1/tournaments/{cup.pk}/bracket/",
                f"/api/v1/tournaments/{cup.pk}/groups/",
                f"/api/v1/tournaments/{league.pk}/standings/",
                f"/api/v1/tournaments/{league.pk}/rounds/",
            ):
                assert (reader, address, language) in seen_words
    for language in ("en", "de"):
        for what, ext in (("results", "json"), ("classification", "csv"), ("boards", "csv")):
            for t in (cup, league):
                address = reverse("tournaments:export", args=[t.pk, what, ext])
                assert ("the organiser", address, language) in seen_words
        address = reverse("tournaments:run", args=[cup.pk])
        assert ("the organiser", address, language) in seen_words
        assert ("another player", "/api/v1/me/games/", language) in seen_words


def _names_in(text: str) -> set[str]:
    """The words of ``text`` (so that "cat" is found as a name, not inside "category")."""
    import re

    return set(re.findall(r"[A-Za-z]+", text))


def test_a_game_he_created_names_a_former_player_in_its_file(players: dict[str, Any]) -> None:
    from tests.accounts.test_account_close import _finished, _game

    game = _finished(_game(players))
    account_services.account_close(user=players["austria"], password=PASSWORD)
    reader = Client()
    reader.force_login(players["england"])
    for language, words in (("en", "a former player"), ("de", "ein ehemaliger Spieler")):
        exported = reader.get(
            reverse("games:export", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language
        ).json()
        assert exported["game"]["created_by"] == words


def test_tournament_news_names_a_former_player() -> None:
    """News written down with a closed account's name (a forfeit recorded after he closed
    it, a play-off among players one of whom did) reads "a former player"."""
    from django.utils import translation

    from notifications.models import Kind
    from notifications.services import text

    match = {"tournament": "Cup", "what": "match", "match": "Final", "how": "forfeit"}
    tied = {"tournament": "Cup", "what": "playoff_tied", "group": "Group A"}
    with translation.override("de"):
        said = text(
            kind=Kind.TOURNAMENT, params={**match, "winner": "ann", "loser": "former-player-4"}
        )
        assert "ann" in said
        assert "ein ehemaliger Spieler" in said
        said = text(kind=Kind.TOURNAMENT, params={**tied, "players": "ann, former-player-4"})
        assert "(ann, ein ehemaliger Spieler)" in said
    said = text(kind=Kind.TOURNAMENT, params={**tied, "players": ["former-player-4", "bob"]})
    assert "(a former player, bob)" in said
    assert CLOSED_PREFIX not in said


@pytest.mark.django_db
def test_news_sent_before_he_closed_his_account_names_a_former_player(make_user: Any) -> None:
    """Tournament news in another's inbox, and news waiting for his digest, wrote the
    player's name down when it was sent: once he closes his account it reads "a former
    player" there too, not the name he gave up."""
    from notifications.models import Channel, Delivery, Kind, Notification
    from notifications.services import text

    ann, cat = make_user("ann"), make_user("cat")
    match = {"tournament": "Cup", "what": "match", "match": "Final", "how": "played"}
    tied = {"tournament": "Cup", "what": "playoff_tied", "group": "Group A"}
    said = [
        {**match, "winner": "cat", "loser": "ann"},
        {**tied, "players": "ann, cat, catherine"},
        {**tied, "players": ["cat", "ann"]},
    ]
    for params in said:
        Notification.objects.create(user=ann, kind=Kind.TOURNAMENT, params=params)
    waiting = Delivery.objects.create(
        event_key="k",
        user=ann,
        channel=Channel.EMAIL,
        kind=Kind.TOURNAMENT,
        params=said[0],
        status=Delivery.Status.HELD,
    )
    account_services.account_close(user=cat, password="a-long-test-password")
    read = [text(kind=n.kind, params=n.params) for n in Notification.objects.order_by("pk")]
    assert all("cat " not in t and "cat," not in t and "cat)" not in t for t in read), read
    assert all(CLOSED_PREFIX not in t for t in read)
    assert "a former player" in read[0]
    assert "(ann, a former player, catherine)" in read[1]
    assert "(a former player, ann)" in read[2]
    waiting.refresh_from_db()
    assert "a former player" in text(kind=waiting.kind, params=waiting.params)


def test_a_finished_games_master_who_closed_his_account_is_not_listed_by_his_raw_name(
    players: dict[str, Any], make_user: Any
) -> None:
    from tests.accounts.test_account_close import _finished, _game

    moderator = make_user("mia")
    grant(moderator, MODERATOR)
    master = make_user("gus")
    game = _game(players)
    game.masters.add(master, through_defaults={"named_by": moderator})
    _finished(game)
    account_services.account_close(user=master, password=PASSWORD)
    reader = Client()
    reader.force_login(moderator)
    page = reader.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'id="game-masters"' in page
    assert CLOSED_PREFIX not in page
    assert "gus" not in _names_in(page)
