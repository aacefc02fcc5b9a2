"""Every secret of every variant the site has, on every channel, as every wrong user
(issue 41, H1: Rather Silly's llama herds were drawn on the phase pictures for everyone,
because the pictures were the one channel that drew the stored position unfiltered).

Three tables, so that a new secret or a new channel is one row:

- ``SECRETS``: a variant's secret as the world below sets it up, whose it is, who else
  may see it, how a leak shows (words, or a shape of the JSON), the phases whose answers
  carry it for those who may see it, and how to erase it from the store;
- ``CHANNELS``: every answer that carries a game's board or its state: the state API
  (the current phase and every ``?phase=``), the game page (first paint and every
  ``?phase=``), the export (phase by phase), the map SVG and PNG of every phase, the
  board's pieces the replays put in (the latest phase and every ``?phase=``), the duel
  page (every step) where the game is a duel board, Kapitalisten's exchange page, and a
  sandbox forked from every phase (what it stored, and its page with its board);
- ``VIEWERS``: the wrong users (anonymous, a stranger, another player, another game's
  master) and, where the variant lets them see the secret, the right ones (the power
  itself, the game's master, a site moderator).

A wrong user's answer carries no trace of the secret. A right user's shows it on every
phase the row names, so that no test passes by showing nobody anything. A PNG is judged
by its pixels: the wrong user's picture is exactly the one he gets once the secret is
erased from the store, and the right user's differs from it where the secret is drawn.

The world is built once for the module (in a transaction rolled back at its end); each
test runs in a savepoint of its own, and the answers, which only depend on the world and
the viewer, are fetched once and shared by the rows that read them.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

import variants.highlander
from accounts.roles import MODERATOR, PLAYER, grant
from adjudicator import find_variant
from games import services
from games.models import BoardLink, Game, GamePhase, OrderSet
from games.terms import GameTerms
from sandbox.models import Sandbox, SandboxPhase
from tests.games.helpers import current, duel_stepped
from tests.games.kapitalisten import adjudicate_now, investor_user, kapitalisten_game
from variants.rather_silly.layers import layers as rather_silly_layers

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
ROLES = ("fool", "fortune_teller", "superbrain", "doctor")

#: A PNG this wide: small enough to rasterise quickly, large enough for a herd's diamond
#: and an order's arrow to change pixels.
PNG_WIDTH = 300

#: Every SVG rasterised in this module, by (SVG, width): resvg draws the same SVG the same
#: way (the site's own cache of PNGs rests on that too), and the same picture is asked
#: for by many viewers and many rows. Each test still gets the PNG of exactly its SVG.
_rasterised: dict[tuple[str, int | None], bytes] = {}


@pytest.fixture(autouse=True)
def _rasterised_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from games import pictures

    draw = pictures.svg_to_png

    def once(svg: str, *, width: int | None = None) -> bytes:
        if (svg, width) not in _rasterised:
            _rasterised[(svg, width)] = draw(svg, width=width)
        return _rasterised[(svg, width)]

    monkeypatch.setattr(pictures, "svg_to_png", once)


# -- the world: one game of each variant, with its secrets ----------------------------------


@dataclass
class Table:
    """One game of the world: its users by power, and its own game master."""

    game: Game
    users: dict[str, Any]
    master: Any


@dataclass
class World:
    tables: dict[str, Table]
    stranger: Any
    moderator: Any
    master_elsewhere: Any


def _user(name: str) -> Any:
    # No password: hashing one per user would cost seconds, and force_login needs none.
    user = User.objects.create_user(name, f"{name}@example.org", None)
    grant(user, PLAYER)
    return user


def _adjudicate(game: Game) -> None:
    phase = current(game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)
    game.refresh_from_db()


def _seated(variant: str, seats: tuple[str, ...], suffix: str, **terms: Any) -> Table:
    users = {p: _user(f"{p}-{suffix}") for p in seats}
    game = services.game_create(
        created_by=users[seats[0]],
        name=f"Secrets ({variant})",
        power=seats[0],
        terms=GameTerms(variant_id=variant, assignment=Game.Assignment.CHOSEN, **terms),
    )
    for power in seats[1:]:
        services.game_join(game=game, user=users[power], power=power)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return Table(game=game, users=users, master=_mastered(game, suffix))


def _mastered(game: Game, suffix: str) -> Any:
    master = _user(f"master-{suffix}")
    game.masters.add(master)
    return master


def rather_silly() -> Table:
    """Rather Silly with its roles, three phases: the llamas' winter W1900L (England's herds
    settle in Yorkshire, Wales and the North Sea, France's in Picardy), Spring 1901 (the
    Superbrain asks and keeps his answer), and Fall 1901 open (England's orders saved, the
    Fortune-teller's prediction made)."""
    table = _seated("rather_silly", (*POWERS, *ROLES), "rs", options={"roles": True})
    game, users = table.game, table.users
    services.orders_submit(
        game=game, user=users["england"], orders=["herd yor", "herd wal", "herd nth"]
    )
    services.orders_submit(game=game, user=users["france"], orders=["herd pic"])
    _adjudicate(game)
    services.orders_submit(
        game=game,
        user=users["superbrain"],
        orders=["ask Which is the highest hill of Hanover?", "answer Monte Muello"],
    )
    _adjudicate(game)
    assert current(game).code == "F1901M"
    services.orders_submit(game=game, user=users["england"], orders=["F lon - eng"])
    services.orders_submit(game=game, user=users["fortune_teller"], orders=["predict bur"])
    return table


#: The user name of Kapitalisten's investor 1, behind his pseudonym.
INVESTOR_1 = "tycoon-behind-investor-1"


def kapitalisten() -> Table:
    """Kapitalisten: the opening exchange W1900X adjudicated with investor 1's orders, and
    Spring 1901 open with his exchange order saved."""
    game, by_name = kapitalisten_game(_user)
    users = {seat.power: seat.user for seat in game.seats.select_related("user")}
    one = investor_user(game, "investor-1")
    # The seats were drawn by lot: investor 1's player gets a name the rows can look for.
    User.objects.filter(pk=one.pk).update(username=INVESTOR_1)
    one.refresh_from_db()
    services.orders_submit(
        game=game, user=one, orders=["sell 500 france", "buy 400 russia"], power="investor-1"
    )
    assert adjudicate_now(game)
    game.refresh_from_db()
    assert current(game).code == "S1901M"
    services.orders_submit(game=game, user=one, orders=["sell 7 austria"], power="investor-1")
    assert set(by_name.values()) == set(users.values())
    return Table(game=game, users=users, master=_mastered(game, "kap"))


def standard_anonymous() -> Table:
    """An anonymous standard game: Spring 1901 adjudicated (everyone held), Fall 1901 open
    with France's orders saved."""
    table = _seated("standard", POWERS, "anon", anonymous=True)
    _adjudicate(table.game)
    services.orders_submit(
        game=table.game, user=table.users["france"], orders=["A par - pic", "A mar - gas"]
    )
    return table


def highlander_duel() -> Table:
    """A public Highlander duel four steps in (helpers.duel_stepped): board A, with red's
    orders of its open Fall 1902 saved."""
    red, blue = _user("red-duel"), _user("blue-duel")
    board_a, _board_b = duel_stepped(red, blue)
    assert current(board_a).code == "F1902M"
    services.orders_submit(game=board_a, user=red, orders=["A sev - ukr"])
    return Table(game=board_a, users={"red": red, "blue": blue}, master=_mastered(board_a, "duel"))


def declared_secrets(tables: dict[str, Table], monkeypatch: pytest.MonkeyPatch) -> None:
    """Secrets no variant declares today, declared for this module's world: the site must
    keep whatever a variant declares, on every channel.

    - Rather Silly keeps its Borg private before adjudication (``private_extras``), and
      the Borg came to Syria as Fall 1901 opened: in the position Spring left and the
      one Fall goes in with.
    - Highlander's powers own llama herds (``owned_extras``, as Rather Silly's do), and
      red's herd stands in the Ukraine as board A's Fall 1902 opens: a duel board keeps
      its variant's secrets on the duel page as any game does on its own; its board
      draws them with Rather Silly's layer.
    """
    monkeypatch.setattr(find_variant("rather_silly"), "private_extras", frozenset({"borg"}))
    silly = tables["rather_silly"]
    spring, fall = _phase(silly, "S1901M"), _phase(silly, "F1901M")
    after = spring.position_after
    GamePhase.objects.filter(pk=spring.pk).update(
        position_after={**after, "extras": {**after["extras"], "borg": "syr"}}
    )
    GamePhase.objects.filter(pk=fall.pk).update(
        position={**fall.position, "extras": {**fall.position["extras"], "borg": "syr"}}
    )
    monkeypatch.setattr(find_variant("highlander"), "owned_extras", frozenset({"llamas"}))
    # ... and draws them on its board as Rather Silly does (its SiteVariant.layers).
    drawn = dataclasses.replace(variants.highlander.SITE, layers=rather_silly_layers)
    monkeypatch.setattr(variants.highlander, "SITE", drawn)
    board_a = current(tables["highlander"].game)
    GamePhase.objects.filter(pk=board_a.pk).update(
        position={
            **board_a.position,
            "extras": {**board_a.position.get("extras", {}), "llamas": {"red": ["ukr"]}},
        }
    )


@pytest.fixture(scope="module")
def world(django_db_setup: Any, django_db_blocker: Any) -> Iterator[World]:
    """Built once, in a transaction rolled back after the module's last test."""
    _answers.clear()
    django_db_blocker.unblock()
    atomic = transaction.atomic()
    atomic.__enter__()
    declared = pytest.MonkeyPatch()
    try:
        elsewhere = services.game_create(
            created_by=_user("organiser-elsewhere"),
            name="Another game",
            join=False,
            terms=GameTerms(),
        )
        master_elsewhere = _user("master-elsewhere")
        elsewhere.masters.add(master_elsewhere)
        moderator = _user("site-moderator-secrets")
        grant(moderator, MODERATOR)
        tables = {
            "rather_silly": rather_silly(),
            "kapitalisten": kapitalisten(),
            "standard": standard_anonymous(),
            "highlander": highlander_duel(),
        }
        declared_secrets(tables, declared)
        yield World(
            tables=tables,
            stranger=_user("stranger-secrets"),
            moderator=moderator,
            master_elsewhere=master_elsewhere,
        )
    finally:
        declared.undo()
        transaction.set_rollback(True)
        atomic.__exit__(None, None, None)
        django_db_blocker.restore()


# -- the store, changed for one test (rolled back with it) ----------------------------------


def _phase(table: Table, code: str) -> GamePhase:
    return table.game.phases.get(code=code)


def _change_extras(phase: GamePhase, change: Callable[[dict[str, Any]], None]) -> None:
    """``change`` applied to the extras of the phase's positions going in and coming out."""
    fields: dict[str, Any] = {}
    for name in ("position", "position_after"):
        position = getattr(phase, name)
        if position and "extras" in position:
            extras = dict(position["extras"])
            change(extras)
            fields[name] = {**position, "extras": extras}
    GamePhase.objects.filter(pk=phase.pk).update(**fields)


def _drop_orders(phase: GamePhase, power: str, keep: Callable[[str], bool]) -> None:
    """``power``'s orders of ``phase`` that ``keep`` refuses, gone from its order set, its
    adjudicated orders and its results."""
    for order_set in OrderSet.objects.filter(phase=phase, power=power):
        OrderSet.objects.filter(pk=order_set.pk).update(
            orders=[o for o in order_set.orders if keep(o)]
        )
    fields: dict[str, Any] = {}
    if phase.adjudicated_orders is not None:
        fields["adjudicated_orders"] = {
            p: [o for o in given if p != power or keep(o)]
            for p, given in phase.adjudicated_orders.items()
        }
    if phase.results is not None:
        fields["results"] = [r for r in phase.results if r["power"] != power or keep(r["order"])]
    GamePhase.objects.filter(pk=phase.pk).update(**fields)


def _without(key: str, part: str | None = None) -> Callable[[dict[str, Any]], None]:
    """A change of extras: ``part`` of ``extras[key]`` gone (the whole key if None)."""

    def change(extras: dict[str, Any]) -> None:
        if part is None:
            extras.pop(key, None)
        elif isinstance(extras.get(key), dict):
            extras[key] = {p: v for p, v in extras[key].items() if p != part}

    return change


def _rename(user: Any) -> None:
    User.objects.filter(pk=user.pk).update(username=f"renamed-{user.pk}")


# -- the secrets ----------------------------------------------------------------------------


def _dicts(tree: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object in ``tree``."""
    if isinstance(tree, dict):
        yield tree
        for value in tree.values():
            yield from _dicts(value)
    elif isinstance(tree, list):
        for value in tree:
            yield from _dicts(value)


def _owned_part(key: str, power: str) -> Callable[[Any], bool]:
    """Does a JSON answer carry ``power``'s part of ``extras[key]`` anywhere?"""

    def found(tree: Any) -> bool:
        return any(isinstance(d.get(key), dict) and power in d[key] for d in _dicts(tree))

    return found


def _given(*orders: str) -> Callable[[Any], bool]:
    """Does a JSON answer carry any of ``orders`` as given: in a list of orders (by power
    or not) or a result row (never in a list of orders one may give, which a sandbox
    shows for every power)?"""

    def found(tree: Any) -> bool:
        for d in _dicts(tree):
            given = d.get("orders")
            lists = given.values() if isinstance(given, dict) else [given]
            if any(isinstance(li, list) and set(orders) & set(li) for li in lists):
                return True
            if d.get("order") in orders:
                return True
        return False

    return found


def _shown_orders(*orders: str) -> tuple[str, ...]:
    """How ``orders`` show as given on a page or a board: drawn, listed, or in a box of
    text (as in :func:`_given`, never as one of the orders one may give)."""
    return tuple(
        form
        for o in orders
        for form in (
            f'data-order="{o}"',
            f'title="{o}"',
            f"<code>{o}</code>",
            f">{o}<",
            f">{o}\n",
            f"\n{o}<",
            f"\n{o}\n",
        )
    )


def _key_valued(key: str, value: Any) -> Callable[[Any], bool]:
    def found(tree: Any) -> bool:
        return any(d.get(key) == value for d in _dicts(tree))

    return found


#: Who sees a secret besides its power: nobody, or its game's moderators too.
ALONE = frozenset({"owner"})
MODERATED = frozenset({"owner", "master", "moderator"})
NOBODY: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Secret:
    """One secret of one variant, as the world sets it up."""

    id: str
    #: The world's game it is in (by variant).
    game: str
    #: Whose it is (a power of the game), and another power whose player must not see it.
    owner: str | None
    other: str
    #: The viewers who must see it where ``shows_on`` says (the others must never).
    right: frozenset[str]
    #: Viewers left unjudged (their own name on the page's menu, for a player's name).
    unjudged: frozenset[str] = frozenset()
    #: How a leak shows: words in any answer, or a shape of a JSON answer.
    words: tuple[str, ...] = ()
    shape: Callable[[Any], bool] | None = None
    #: Channel -> the phase indices whose answers show it to the right viewers (None: at
    #: least one of the channel's answers does).
    shows_on: Mapping[str, frozenset[int] | None] = field(default_factory=dict)
    #: Takes it out of the store (for the pictures' baseline).
    erase: Callable[[Table], None] = lambda table: None


def _erase_herds(table: Table) -> None:
    for phase in table.game.phases.all():
        _change_extras(phase, _without("llamas", "england"))


def _erase_answer(table: Table) -> None:
    for phase in table.game.phases.all():
        _change_extras(phase, _without("answers"))
    _drop_orders(_phase(table, "S1901M"), "superbrain", lambda o: not o.startswith("answer"))


def _erase_open_orders(code: str, power: str) -> Callable[[Table], None]:
    def erase(table: Table) -> None:
        _drop_orders(_phase(table, code), power, lambda o: False)

    return erase


def _erase_borg(table: Table) -> None:
    for phase in table.game.phases.all():
        _change_extras(phase, lambda extras: extras.update(borg=None))


def _erase_red_herds(table: Table) -> None:
    _change_extras(current(table.game), _without("llamas"))


def _everywhere(
    phases: frozenset[int], **other: frozenset[int] | None
) -> dict[str, frozenset[int] | None]:
    """Shown on the phases ``phases`` of every channel but the duel page and the exchange
    (``other`` says otherwise for a channel)."""
    shown: dict[str, frozenset[int] | None] = dict.fromkeys(
        ("api", "page", "export", "svg", "board", "png", "fork"), phases
    )
    shown.update(other)
    return shown


RS_WINTER, RS_SPRING, RS_FALL = 0, 1, 2
#: Board A of the duel: Fall 1902 open, after Fall 1901, its retreats and its winter.
DUEL_FALL = 3

SECRETS = [
    Secret(
        "rather_silly-herds",
        game="rather_silly",
        owner="england",
        other="france",
        right=MODERATED,
        words=('class="herd power-england"',),
        shape=_owned_part("llamas", "england"),
        # Where they stand going into spring and fall (the export: also where the winter
        # left them).
        shows_on=_everywhere(
            frozenset({RS_SPRING, RS_FALL}),
            export=frozenset({RS_WINTER, RS_SPRING, RS_FALL}),
        ),
        erase=_erase_herds,
    ),
    Secret(
        "rather_silly-herd-orders",
        game="rather_silly",
        owner="england",
        other="france",
        right=MODERATED,
        words=_shown_orders("herd yor", "herd wal"),
        shape=_given("herd yor", "herd wal"),
        # A picture draws the orders of the map's units, not a herd's.
        shows_on={
            "api": frozenset({RS_WINTER}),
            "page": frozenset({RS_WINTER}),
            "export": frozenset({RS_WINTER}),
            "fork": frozenset({RS_WINTER}),
        },
        erase=lambda table: _drop_orders(
            _phase(table, "W1900L"), "england", lambda o: not o.startswith("herd")
        ),
    ),
    Secret(
        "rather_silly-superbrains-answer",
        game="rather_silly",
        owner="superbrain",
        other="fool",
        right=MODERATED,
        words=("Monte Muello",),
        shape=_owned_part("answers", "superbrain"),
        # Given in spring (its order and result), kept in the extras from fall on; a fork
        # carries the orders of the powers with orders due alone (not a role's).
        shows_on={
            "api": frozenset({RS_SPRING, RS_FALL}),
            "page": frozenset({RS_SPRING, RS_FALL}),
            "export": frozenset({RS_SPRING, RS_FALL}),
            "fork": frozenset({RS_FALL}),
        },
        erase=_erase_answer,
    ),
    Secret(
        "rather_silly-fortune-tellers-prediction",
        game="rather_silly",
        owner="fortune_teller",
        other="fool",
        right=ALONE,
        words=_shown_orders("predict bur"),
        shape=_given("predict bur"),
        shows_on={
            "api": frozenset({RS_FALL}),
            "page": frozenset({RS_FALL}),
            "export": frozenset({RS_FALL}),
        },
        erase=_erase_open_orders("F1901M", "fortune_teller"),
    ),
    Secret(
        "rather_silly-open-orders",
        game="rather_silly",
        owner="england",
        other="germany",
        right=ALONE,
        words=_shown_orders("F lon - eng"),
        shape=_given("F lon - eng"),
        shows_on=_everywhere(frozenset({RS_FALL})),
        erase=_erase_open_orders("F1901M", "england"),
    ),
    Secret(
        "rather_silly-private-extras",
        game="rather_silly",
        owner=None,
        other="england",
        right=NOBODY,
        words=('data-borg="syr"',),
        shape=_key_valued("borg", "syr"),
        erase=_erase_borg,
    ),
    Secret(
        "kapitalisten-exchange-orders",
        game="kapitalisten",
        owner="investor-1",
        other="investor-2",
        right=ALONE,
        words=_shown_orders("sell 7 austria"),
        shape=_given("sell 7 austria"),
        shows_on={
            "api": frozenset({1}),
            "page": frozenset({1}),
            "export": frozenset({1}),
            "exchange": frozenset({1}),
            "fork": frozenset({1}),
        },
        erase=_erase_open_orders("S1901M", "investor-1"),
    ),
    Secret(
        "kapitalisten-who-is-behind-a-pseudonym",
        game="kapitalisten",
        owner="investor-1",
        other="investor-2",
        right=NOBODY,
        # His own name is on his own page's menu.
        unjudged=frozenset({"owner"}),
        words=(INVESTOR_1,),
        erase=lambda table: _rename(table.users["investor-1"]),
    ),
    Secret(
        "standard-open-orders",
        game="standard",
        owner="france",
        other="germany",
        right=ALONE,
        words=_shown_orders("A par - pic", "A mar - gas"),
        shape=_given("A par - pic", "A mar - gas"),
        shows_on=_everywhere(frozenset({1})),
        erase=_erase_open_orders("F1901M", "france"),
    ),
    Secret(
        "standard-who-plays-in-an-anonymous-game",
        game="standard",
        owner="france",
        other="germany",
        right=NOBODY,
        unjudged=frozenset({"owner"}),
        words=("france-anon",),
        erase=lambda table: _rename(table.users["france"]),
    ),
    Secret(
        "highlander-open-orders",
        game="highlander",
        owner="red",
        other="blue",
        right=ALONE,
        words=_shown_orders("A sev - ukr"),
        shape=_given("A sev - ukr"),
        shows_on=_everywhere(frozenset({DUEL_FALL})),
        erase=_erase_open_orders("F1902M", "red"),
    ),
    Secret(
        "highlander-owned-extras",
        game="highlander",
        owner="red",
        other="blue",
        right=MODERATED,
        words=('class="herd power-red"',),
        shape=_owned_part("llamas", "red"),
        shows_on=_everywhere(frozenset({DUEL_FALL}), duel=None),
        erase=_erase_red_herds,
    ),
]


# -- the channels ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """One answer of a channel: where it came from, the phase it is about (None: the game
    or a step of a duel), and its body (JSON, HTML, SVG or PNG)."""

    where: str
    phase: int | None
    kind: str
    body: Any

    def text(self) -> str:
        if self.kind == "json":
            return json.dumps(self.body, ensure_ascii=False)
        return str(self.body)

    def trees(self) -> list[Any]:
        """The JSON in it: itself, or a page's embedded scripts (its state)."""
        if self.kind == "json":
            return [self.body]
        if self.kind == "html":
            return [json.loads(s) for s in SCRIPTS.findall(self.body)]
        return []


SCRIPTS = re.compile(r'<script id="[^"]+" type="application/json">(.*?)</script>', re.S)


def _indices(game: Game) -> list[int]:
    return list(game.phases.order_by("index").values_list("index", flat=True))


def _get(client: Client, url: str) -> Any:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response


def _api(client: Client, game: Game) -> list[Answer]:
    url = reverse("api:state", args=[game.pk])
    out = [Answer(url, current(game).index, "json", _get(client, url).json())]
    for i in _indices(game):
        out.append(Answer(f"{url}?phase={i}", i, "json", _get(client, f"{url}?phase={i}").json()))
    return out


def _pages(name: str) -> Callable[[Client, Game], list[Answer]]:
    def pages(client: Client, game: Game) -> list[Answer]:
        url = reverse(name, args=[game.pk])
        html = _get(client, url).content.decode()
        out = [Answer(url, current(game).index, "html", html)]
        for i in _indices(game):
            html = _get(client, f"{url}?phase={i}").content.decode()
            out.append(Answer(f"{url}?phase={i}", i, "html", html))
        return out

    return pages


def _export(client: Client, game: Game) -> list[Answer]:
    url = reverse("games:export", args=[game.pk])
    data = json.loads(_get(client, url).content)
    out = [Answer(f"{url} (game)", None, "json", data["game"])]
    for phase in data["phases"]:
        out.append(Answer(f"{url} (phase {phase['index']})", phase["index"], "json", phase))
    return out


def _svg(client: Client, game: Game) -> list[Answer]:
    out = []
    for i in _indices(game):
        url = reverse("games:map-svg", args=[game.pk, i])
        out.append(Answer(url, i, "svg", _get(client, url).content.decode()))
    return out


def _png(client: Client, game: Game) -> list[Answer]:
    out = []
    for i in _indices(game):
        url = reverse("games:map-png", args=[game.pk, i]) + f"?width={PNG_WIDTH}"
        response = _get(client, url)
        assert response["Content-Type"] == "image/png"
        out.append(Answer(url, i, "png", response.content))
    return out


def _duel(client: Client, game: Game) -> list[Answer]:
    link = BoardLink.objects.get(games=game)
    url = reverse("tournaments:duel", args=[link.pk])
    html = _get(client, url).content.decode()
    out = [Answer(url, None, "html", html)]
    found = re.search(r'<script id="duel-steps"[^>]*>(.*?)</script>', html, re.S)
    assert found is not None
    steps = json.loads(found[1])
    for n in range(len(steps)):
        out.append(
            Answer(
                f"{url}?phase={n}", None, "html", _get(client, f"{url}?phase={n}").content.decode()
            )
        )
    return out


def _board(client: Client, game: Game) -> list[Answer]:
    """The board's pieces the replays put in (games:board), of the latest phase and of
    every ``?phase=``: each step's markup, read as a drawing is, and its owners."""

    def drawing(body: Any) -> str:
        return "".join(
            f"{step['units']}{step['orders']}{step['creatures']}{json.dumps(step['owners'])}"
            for step in body["steps"].values()
        )

    url = reverse("games:board", args=[game.pk])
    out = [Answer(url, current(game).index, "svg", drawing(_get(client, url).json()))]
    for i in _indices(game):
        body = _get(client, f"{url}?phase={i}").json()
        out.append(Answer(f"{url}?phase={i}", i, "svg", drawing(body)))
    return out


def _fork(client: Client, game: Game) -> list[Answer]:
    """A sandbox forked from every phase: what it stored of the phase, and its page."""
    out = []
    for i in _indices(game):
        before = Sandbox.objects.count()
        response = client.post(reverse("sandbox:fork", args=[game.pk, i]))
        assert response.status_code == 302
        if Sandbox.objects.count() == before:
            # Anonymous: sent to log in, nothing forked.
            assert "login" in response["Location"]
            continue
        sandbox = Sandbox.objects.order_by("-pk").first()
        assert sandbox is not None
        assert response["Location"] == reverse("sandbox:detail", args=[sandbox.pk])
        first = SandboxPhase.objects.get(sandbox=sandbox, parent=None)
        stored = {"position": first.position, "orders": first.orders}
        out.append(Answer(f"fork of phase {i}", i, "json", stored))
        html = _get(client, response["Location"]).content.decode()
        out.append(Answer(f"{response['Location']} (fork of phase {i})", i, "html", html))
    return out


@dataclass(frozen=True)
class Channel:
    fetch: Callable[[Client, Game], list[Answer]]
    #: Which of the world's games it answers for (None: every one).
    games: frozenset[str] | None = None


CHANNELS = {
    "api": Channel(_api),
    "page": Channel(_pages("games:detail")),
    "export": Channel(_export),
    "svg": Channel(_svg),
    "board": Channel(_board),
    "png": Channel(_png),
    "duel": Channel(_duel, games=frozenset({"highlander"})),
    "exchange": Channel(_pages("games:exchange"), games=frozenset({"kapitalisten"})),
    "fork": Channel(_fork),
}

VIEWERS = ("anonymous", "stranger", "player", "master elsewhere", "owner", "master", "moderator")


def _viewer(world: World, secret: Secret, viewer: str) -> Any:
    table = world.tables[secret.game]
    return {
        "anonymous": lambda: AnonymousUser(),
        "stranger": lambda: world.stranger,
        "player": lambda: table.users[secret.other],
        "master elsewhere": lambda: world.master_elsewhere,
        "owner": lambda: table.users[secret.owner],  # type: ignore[index]
        "master": lambda: table.master,
        "moderator": lambda: world.moderator,
    }[viewer]()


def _client(user: Any) -> Client:
    client = Client()
    if user.is_authenticated:
        client.force_login(user)
    return client


#: Answers already fetched, by (channel, game, viewer): the world does not change between
#: tests, so each is fetched once for every row that reads it.
_answers: dict[tuple[str, int, int], list[Answer]] = {}


def _answers_of(world: World, secret: Secret, channel: str, user: Any) -> list[Answer]:
    game = world.tables[secret.game].game
    key = (channel, game.pk, user.pk or 0)
    if key not in _answers:
        _answers[key] = CHANNELS[channel].fetch(_client(user), game)
    return _answers[key]


def _leaks(secret: Secret, answer: Answer) -> bool:
    if answer.kind == "png":
        raise AssertionError("a picture's pixels are compared, not read")
    text = answer.text()
    if any(word in text for word in secret.words):
        return True
    return secret.shape is not None and any(secret.shape(tree) for tree in answer.trees())


def _cases() -> Iterator[Any]:
    for secret in SECRETS:
        for channel, how in CHANNELS.items():
            if how.games is not None and secret.game not in how.games:
                continue
            for viewer in VIEWERS:
                if viewer == "owner" and secret.owner is None:
                    continue
                if viewer in secret.unjudged:
                    continue
                yield pytest.param(secret, channel, viewer, id=f"{secret.id}-{channel}-{viewer}")


@pytest.mark.parametrize(("secret", "channel", "viewer"), list(_cases()))
def test_a_secret_reaches_its_own_viewers_alone(
    world: World, secret: Secret, channel: str, viewer: str
) -> None:
    table = world.tables[secret.game]
    user = _viewer(world, secret, viewer)
    answers = _answers_of(world, secret, channel, user)
    right = viewer in secret.right
    shown = secret.shows_on.get(channel, frozenset()) if right else frozenset()
    if channel == "png":
        _judge_pictures(table, secret, user, answers, right, shown)
        return
    leaked = [a.where for a in answers if _leaks(secret, a)]
    if not right:
        assert not leaked, f"{viewer} is shown {secret.id} by {leaked}"
        return
    if shown is None:
        assert leaked, f"{viewer} is never shown {secret.id}"
        return
    for answer in answers:
        if answer.phase in shown:
            assert answer.where in leaked, f"{viewer} is not shown {secret.id} by {answer.where}"


def _judge_pictures(
    table: Table,
    secret: Secret,
    user: Any,
    answers: list[Answer],
    right: bool,
    shown: frozenset[int] | None,
) -> None:
    """A wrong user's pictures are those he gets once the secret is erased from the store;
    a right user's differ from those on the phases where the secret is drawn."""
    if right and not shown:
        return  # not drawn: nothing to judge
    before = _stored(table.game)
    secret.erase(table)
    assert _stored(table.game) != before, f"erasing {secret.id} changed nothing"
    client = _client(_reloaded(user))
    for answer in answers:
        if right and answer.phase not in (shown or ()):
            continue
        erased = _get(client, answer.where).content
        if not right:
            assert answer.body == erased, f"{answer.where} draws {secret.id}"
        else:
            assert answer.body != erased, f"{answer.where} lacks {secret.id}"


def _stored(game: Game) -> dict[int, Any]:
    """What the store holds of each phase of ``game`` (and who plays it)."""
    seats = list(game.seats.values_list("power", "user__username"))
    return {
        phase.index: (
            phase.position,
            phase.position_after,
            phase.results,
            phase.adjudicated_orders,
            sorted(OrderSet.objects.filter(phase=phase).values_list("power", "orders")),
            seats,
        )
        for phase in game.phases.all()
    }


def _reloaded(user: Any) -> Any:
    return User.objects.get(pk=user.pk) if user.is_authenticated else user


def test_every_secret_is_in_the_store_of_its_world(world: World) -> None:
    """The rows judge something: each secret is where the world set it up."""
    silly = world.tables["rather_silly"].game
    winter, spring, fall = (silly.phases.get(index=i) for i in (RS_WINTER, RS_SPRING, RS_FALL))
    assert winter.position_after["extras"]["llamas"]["england"] == ["nth", "wal", "yor"]
    assert fall.position["extras"]["llamas"]["england"] == ["nth", "wal", "yor"]
    assert fall.position["extras"]["answers"]["superbrain"]["answer"] == "Monte Muello"
    assert {r["reason_code"] for r in winter.results if r["power"] == "england"} == {"herd_settled"}
    assert "answer Monte Muello" in spring.adjudicated_orders["superbrain"]
    assert fall.status == GamePhase.Status.OPEN
    assert OrderSet.objects.get(phase=fall, power="fortune_teller").orders == ["predict bur"]
    kap = world.tables["kapitalisten"].game
    assert OrderSet.objects.get(phase=current(kap), power="investor-1").orders == ["sell 7 austria"]
    assert kap.seats.get(power="investor-1").user.username == INVESTOR_1
    duel = world.tables["highlander"].game
    assert current(duel).index == DUEL_FALL
    assert world.tables["standard"].game.anonymous


# -- the one place that decides, and the drawing that takes only what it decided ------------


def _site_modules() -> Iterator[Path]:
    for package in ("core", "accounts", "variants", "games", "tournaments", "notifications"):
        yield from (ROOT / package).rglob("*.py")
    yield from (ROOT / "sandbox").rglob("*.py")
    yield from (ROOT / "diplosite").rglob("*.py")


def test_only_visibility_makes_a_position_for_the_drawing() -> None:
    """``variants.board.SeenPosition`` is what the one renderer draws; only
    games/visibility.py makes one (from a stored phase, as a viewer may see it), so that
    no page, picture or export can hand the drawing a position nobody filtered."""
    makers = []
    for path in _site_modules():
        if path == ROOT / "games" / "visibility.py" or "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name == "SeenPosition":
                    makers.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert makers == []
    from games import visibility

    assert callable(visibility.position_seen)


def test_the_drawing_refuses_a_position_nobody_filtered() -> None:
    from variants.board import board_svg

    with pytest.raises(TypeError, match="visibility"):
        board_svg(map_id="standard", position={"units": {"france": ["A par"]}})  # type: ignore[arg-type]
