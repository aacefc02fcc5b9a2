"""The home page, signed in, leads with "Your games" above the lobby (games.web.games.lobby
with games.selectors.mine): each row links to the game, says in words what it needs of
the player, shows the deadline relative and as a moment the reader's browser puts in his
own time zone, and unread press as a badge; a vote proposed says whether it waits for
the player's (never how another voted); games ended lately, cancelled ones too, stay in
view with their result in words and a replay link. A new player is shown how to begin;
the anonymous see the lobby alone; nobody sees another's games."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import override

from games import services
from games.models import Game, GamePhase, Vote
from games.services import press
from games.templatetags.my_games import deadline_relative
from tests.games.helpers import current

pytestmark = pytest.mark.django_db


class Node:
    """An element of a page, enough of a tree to find rows by class and read their text."""

    def __init__(self, tag: str, attrs: dict[str, str]) -> None:
        self.tag, self.attrs, self.children = tag, attrs, []  # type: ignore[var-annotated]
        self.parent: Node | None = None

    def __getitem__(self, name: str) -> Any:
        return self.attrs[name].split() if name == "class" else self.attrs[name]

    def get(self, name: str) -> str | None:
        return self.attrs.get(name)

    def get_text(self, sep: str = "", strip: bool = False) -> str:
        parts = [c if isinstance(c, str) else c.get_text(sep, strip) for c in self.children]
        if strip:
            return sep.join(p.strip() for p in parts if p.strip())
        return sep.join(parts)

    def walk(self) -> Any:
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.walk()

    def select(self, selector: str) -> list[Node]:
        """Descendants matching a chain of simple selectors (``tag#id.class``) joined by
        spaces (a descendant) or " > " (a child)."""
        found: list[Node] = [self]
        direct = False
        for part in selector.split():
            if part == ">":
                direct = True
                continue
            found = [
                n
                for f in found
                for n in (f.children if direct else f.walk())
                if isinstance(n, Node) and n.matches(part)
            ]
            found = list(dict.fromkeys(found))
            direct = False
        return found

    def select_one(self, selector: str) -> Node | None:
        hits = self.select(selector)
        return hits[0] if hits else None

    def matches(self, simple: str) -> bool:
        m = re.fullmatch(r"([a-z0-9]*)(?:#([\w-]+))?((?:\.[\w-]+)*)", simple)
        assert m is not None, simple
        tag, ident, classes = m.groups()
        mine = (self.attrs.get("class") or "").split()
        return (
            (not tag or self.tag == tag)
            and (not ident or self.attrs.get("id") == ident)
            and all(c in mine for c in classes.split(".") if c)
        )


class Page(HTMLParser):
    VOID = {"meta", "link", "input", "br", "img", "hr", "source"}

    def __init__(self, html: str) -> None:
        super().__init__()
        self.root = self.at = Node("document", {})
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        node.parent = self.at
        self.at.children.append(node)
        if tag not in self.VOID:
            self.at = node

    def handle_endtag(self, tag: str) -> None:
        at: Node | None = self.at
        while at is not None and at.tag != tag:
            at = at.parent
        if at is not None and at.parent is not None:
            self.at = at.parent

    def handle_data(self, data: str) -> None:
        self.at.children.append(data)


def home(user: Any = None, language: str = "en") -> Node:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    answer = client.get(reverse("games:lobby"))
    assert answer.status_code == 200
    return Page(answer.content.decode()).root


def section(user: Any) -> str:
    """The "Your games" section of ``user``'s home page, as HTML."""
    client = Client()
    client.force_login(user)
    html = client.get(reverse("games:lobby")).content.decode()
    start = html.index('<section class="my-games"')
    return html[start : html.index("</section>", start)]


def rows(page: Node) -> list[Node]:
    return page.select("#my-games li.my-game")


def test_signed_in_the_home_page_leads_with_your_games(
    started_game: Game, players: dict[str, Any]
) -> None:
    deadline = datetime(2030, 1, 15, 18, 30, tzinfo=UTC)
    GamePhase.objects.filter(game=started_game).update(deadline=deadline)
    press.press_send(game=started_game, user=players["england"], to="all", body="Hello")
    press.press_send(game=started_game, user=players["france"], to=["austria"], body="Psst")
    page = home(players["austria"])
    sections = page.select("main > section")
    assert sections[0]["id"] == "my-games"  # above the lobby
    assert sections[1]["id"] == "lobby"
    (row,) = rows(page)
    link = row.select_one("a.my-game-name")
    assert link["href"] == f"/games/{started_game.pk}/"
    assert link.get_text() == "Test game"
    assert row["data-need"] == "orders"
    assert "action" in row["class"]
    assert row.select_one(".need").get_text() == "Your orders are needed"
    meta = row.select_one(".my-game-meta").get_text(" ", strip=True)
    assert "Standard" in meta
    assert "Austria" in meta
    assert "Spring 1901 movement" in meta
    assert row.select_one(".badge.unread").get_text() == "2 unread messages"
    # The moment is written in UTC; moments.js puts it in the reader's own time zone.
    moment = row.select_one(".deadline time")
    assert moment["datetime"] == "2030-01-15T18:30:00Z"
    assert moment["data-moment"] == "datetime"
    assert re.fullmatch(r"in \d+\s+years?", row.select_one(".deadline strong").get_text())


def test_each_need_in_words(started_game: Game, players: dict[str, Any]) -> None:
    services.orders_submit(game=started_game, user=players["austria"], orders=["A vie - tri"])
    services.orders_ready(game=started_game, user=players["england"], ready=True)
    forming = services.game_create(created_by=players["austria"], name="Gathering")
    page = home(players["austria"])
    needs = {r.select_one("a.my-game-name").get_text(): r.select_one(".need") for r in rows(page)}
    assert needs["Test game"].get_text() == "Orders saved, not marked ready"
    assert needs["Gathering"].get_text() == "Waiting for players"
    assert forming.pk
    assert "(1/7)" in needs["Gathering"].parent.get_text()
    assert home(players["england"]).select_one("#my-games .need").get_text() == "Ready"


def test_ended_games_stay_in_view_with_their_result(players: dict[str, Any]) -> None:
    game = services.game_create(created_by=players["austria"], name="Last week")
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED,
        finished_at=timezone.now(),
        outcome=Game.Outcome.SOLO,
        winner="austria",
    )
    page = home(players["austria"])
    ended = page.select_one("#my-games section#my-ended")
    assert ended is not None
    assert ended.select_one("h3").get_text() == "Recently ended"
    (row,) = ended.select("li.my-game")
    assert (row["data-need"], row["data-result"]) == ("finished", "solo")
    assert "action" not in row["class"]
    assert row.select_one(".result").get_text() == "You won: a solo victory"
    assert row.select_one(".deadline time") is not None  # when it ended
    assert row.select_one("a.my-replay") is None  # never played a phase: nothing to replay
    more = ended.select_one(".my-ended-more a")
    assert more["href"] == reverse("games:profile", args=["austria-player"]) + "#games"
    assert rows(page) == [row]  # the only row: none above with the running games


def test_a_cancelled_game_is_listed_as_ended_with_its_replay(
    started_game: Game, players: dict[str, Any]
) -> None:
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=current(started_game).pk)
    for user in players.values():
        services.vote_cast(game=started_game, user=user, kind=Vote.Kind.CANCEL, accept=True)
    (row,) = home(players["england"]).select("#my-ended li.my-game")
    assert row["data-result"] == "cancelled"
    assert row.select_one("a.my-game-name")["href"] == f"/games/{started_game.pk}/"
    assert row.select_one(".result").get_text() == "Cancelled: no result"
    replay = row.select_one("a.my-replay")
    assert replay["href"] == f"/games/{started_game.pk}/?phase=0#replay"
    assert replay.get_text() == "Replay"
    assert Client().get(replay["href"].split("#")[0]).status_code == 200


def test_a_vote_waiting_for_his_is_flagged_and_comes_first(
    started_game: Game, players: dict[str, Any]
) -> None:
    austria = players["austria"]
    services.orders_ready(game=started_game, user=austria, ready=True)
    (row,) = rows(home(austria))
    assert "action" not in row["class"]
    assert row.select("a.vote-open") == []
    services.vote_cast(game=started_game, user=players["england"], kind="draw", accept=True)
    (row,) = rows(home(austria))
    assert "action" in row["class"]
    assert row.select_one(".need").get_text() == "Ready"  # his orders are done
    (vote,) = row.select("a.vote-open")
    assert vote.get_text() == "Draw proposed: your vote is needed"
    assert "needed" in vote["class"]
    assert (vote["data-vote"], vote["data-voted"]) == ("draw", "false")
    assert vote["href"] == f"/games/{started_game.pk}/#votes"
    services.vote_cast(game=started_game, user=austria, kind="draw", accept=True)
    (row,) = rows(home(austria))
    assert "action" not in row["class"]
    (vote,) = row.select("a.vote-open")
    assert vote.get_text() == "Draw proposed: you have voted"
    assert "needed" not in vote["class"]


def test_how_another_voted_is_not_on_the_page(started_game: Game, players: dict[str, Any]) -> None:
    services.vote_cast(game=started_game, user=players["england"], kind="draw", accept=True)
    before = section(players["austria"])
    services.vote_cast(game=started_game, user=players["france"], kind="draw", accept=True)
    services.vote_cast(game=started_game, user=players["germany"], kind="draw", accept=False)
    strip = re.compile(r"<strong>.*?</strong>")
    assert strip.sub("", section(players["austria"])) == strip.sub("", before)


def test_a_new_player_is_shown_how_to_begin(make_user: Callable[..., Any]) -> None:
    page = home(make_user("newcomer"))
    empty = page.select_one("#my-games-empty")
    assert empty is not None
    assert "You are not playing in any game yet." in empty.get_text()
    links = [a["href"] for a in empty.select("a")]
    assert links == ["?show=open#lobby", reverse("games:create")]
    assert rows(page) == []


def test_the_anonymous_see_the_lobby_as_before(started_game: Game) -> None:
    page = home()
    assert page.select_one("#my-games") is None
    assert page.select_one("#lobby h1").get_text() == "Lobby"


def test_a_stranger_and_an_observer_see_none_of_the_games_they_do_not_sit_in(
    started_game: Game, make_user: Callable[..., Any], players: dict[str, Any]
) -> None:
    services.orders_ready(game=started_game, user=players["england"], ready=True)
    for user in (make_user("stranger"), make_user("observer")):
        page = home(user)
        assert rows(page) == []
        assert page.select_one("#my-games-empty") is not None


def test_another_players_readiness_is_not_on_the_page(
    started_game: Game, players: dict[str, Any]
) -> None:
    before = section(players["austria"])
    services.orders_submit(game=started_game, user=players["england"], orders=["F lon - nth"])
    services.orders_ready(game=started_game, user=players["england"], ready=True)
    after = section(players["austria"])
    # The deadline's relative words may tick over between the two; nothing else moves.
    strip = re.compile(r"<strong>.*?</strong>")
    assert strip.sub("", after) == strip.sub("", before)


def test_a_duel_row_names_the_opponent(make_user: Callable[..., Any]) -> None:
    from tests.games.helpers import duel_started

    alice, bob = make_user("alice"), make_user("bob")
    duel_started(alice, bob)
    duels = [r.select_one(".my-duel").get_text() for r in rows(home(alice))]
    assert sorted(duels) == ["duel board A against bob", "duel board B against bob"]


# -- the relative deadline ------------------------------------------------------------------

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("later", "words"),
    [
        (timedelta(hours=3, minutes=20), "in 3 hours"),
        (timedelta(days=2, hours=5), "in 2 days"),
        (timedelta(minutes=1), "in 1 minute"),
        (timedelta(seconds=20), "in less than a minute"),
        (timedelta(seconds=0), "deadline passed"),
        (timedelta(minutes=-5), "deadline passed"),
    ],
)
def test_deadline_relative(later: timedelta, words: str) -> None:
    with override("en"):
        # Django joins a number and its unit with a no-break space.
        assert deadline_relative(NOW + later, NOW).replace("\xa0", " ") == words


def test_deadline_relative_in_german() -> None:
    with override("de"):
        # "in %(time)s" reads the same in German; the time is Django's own German.
        assert deadline_relative(NOW + timedelta(hours=3), NOW) == "in 3\xa0Stunden"


def test_no_deadline_no_words() -> None:
    assert deadline_relative(None) == ""
