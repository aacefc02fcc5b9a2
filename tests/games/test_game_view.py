"""The game state every viewer is shown, held byte for byte.

The page's ``#game-state`` script, the state API's body and the orders API's body are
compared, for a standard, a Highlander (a duel), a Kapitalisten and a Rather Silly game,
each as every kind of viewer (anonymous, a stranger, a game master, a player, another
player, a site moderator) and at the open phase and an adjudicated one, with what was
taken before ``game_state`` was built from the typed ``GameView``
(fixtures/game_state.json). Write the snapshot anew, only where a change is meant to
change what is shown, with ``GAME_STATE_SNAPSHOT=write``.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import AnonymousUser
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games import selectors, services
from games.export import game_export
from games.models import Game
from games.terms import GameTerms
from tests.games.helpers import current
from tests.games.kapitalisten import kapitalisten_game
from tests.games.rather_silly import SEATS, played_rather_silly_game

SNAPSHOT = Path(__file__).parent / "fixtures" / "game_state.json"
#: "write": take the snapshot anew; "add": add what it lacks (a new case), keep the rest.
WRITE = os.environ.get("GAME_STATE_SNAPSHOT", "")
#: Every game is made and shown at this instant, so that deadlines are the same each run.
NOW = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


def _standard(make_user: Any) -> tuple[Game, dict[str, Any]]:
    """A standard game whose spring was adjudicated, with orders saved (and one power
    ready) in its autumn."""
    users = {p: make_user(f"std-{p}") for p in POWERS}
    game = services.game_create(
        created_by=users["austria"],
        name="Standard",
        power="austria",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=users[power], power=power)
    game.refresh_from_db()
    services.orders_submit(
        game=game, user=users["austria"], orders=["A vie - gal", "A bud - ser", "F tri - alb"]
    )
    services.orders_submit(game=game, user=users["england"], orders=["F lon - nth"])
    services.orders_submit(game=game, user=users["russia"], orders=["A war - gal"])
    services.phase_adjudicate(game_id=game.pk, phase_id=current(game).pk)
    services.orders_submit(game=game, user=users["austria"], orders=["A ser - gre"])
    services.orders_submit(game=game, user=users["england"], orders=["F nth - nwy"])
    services.orders_ready(game=game, user=users["england"], ready=True)
    services.draw_vote(game=game, user=users["france"], accept=True)
    return game, {"player": users["austria"], "other": users["england"]}


def _highlander(make_user: Any) -> tuple[Game, dict[str, Any]]:
    """A Highlander duel's first board, in its nomination, red's list half written."""
    red, blue = make_user("hl-red"), make_user("hl-blue")
    game = services.game_create(
        created_by=red,
        name="Highland duel",
        power="red",
        terms=GameTerms(variant_id="highlander", duel=True, assignment=Game.Assignment.CHOSEN),
    )
    services.game_join(game=game, user=blue, power="blue")
    game.refresh_from_db()
    services.orders_submit(game=game, user=red, orders=["nominate par", "nominate lon"])
    return game, {"player": red, "other": blue}


def _kapitalisten(make_user: Any) -> tuple[Game, dict[str, Any]]:
    game, _users = kapitalisten_game(make_user)
    seats = list(game.seats.select_related("user").order_by("power"))
    return game, {"player": seats[0].user, "other": seats[1].user}


def _rather_silly(make_user: Any, moderator: Any) -> tuple[Game, dict[str, Any]]:
    users = {seat: make_user(f"rs-{seat}") for seat in SEATS}
    game = played_rather_silly_game(users, moderator, until="S1902M")
    return game, {"player": users["germany"], "other": users["superbrain"]}


def _page_json(state: dict[str, Any]) -> str:
    """The state as the page's ``json_script`` writes it (before its HTML escaping)."""
    return json.dumps(state, cls=DjangoJSONEncoder)


def _api(user: Any, url: str) -> tuple[int, Any]:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    response = client.get(url)
    return response.status_code, response.json()


def _cases(game: Game, users: dict[str, Any]) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """(viewer's name, user, game_state's keyword arguments) for every view compared."""
    indexes = list(game.phases.order_by("index").values_list("index", flat=True))
    for name, user in users.items():
        yield name, user, {}
        if len(indexes) > 1:
            yield f"{name}@{indexes[0]}", user, {"index": indexes[0]}
    yield "player-compact", users["player"], {"compact_legal": True}


def _views(game: Game, viewers: dict[str, Any]) -> dict[str, Any]:
    shown: dict[str, Any] = {}
    for name, user, kwargs in _cases(game, viewers):
        viewer = user if user is not None else AnonymousUser()
        entry: dict[str, Any] = {
            "page": _page_json(selectors.game_state(user=viewer, game=game, **kwargs))
        }
        query = "&".join(
            ([f"phase={kwargs['index']}"] if "index" in kwargs else [])
            + (["legal=compact"] if kwargs.get("compact_legal") else [])
        )
        entry["api_state"] = _api(user, f"/api/v1/games/{game.pk}/?{query}")
        if "index" in kwargs:  # an adjudicated phase: its results in words
            words = f"/api/v1/games/{game.pk}/?phase={kwargs['index']}&words=true"
            entry["api_state_words"] = _api(user, words)
        if not kwargs:
            entry["api_orders"] = _api(user, f"/api/v1/games/{game.pk}/orders/")
            # The export as the site sends it (games.web.pictures.game_export_json).
            export = game_export(user=viewer, game=game)
            entry["export"] = json.dumps(export, ensure_ascii=False, indent=1)
        shown[name] = entry
    return shown


@pytest.fixture
def everyone(make_user: Any, site_moderator: Any, monkeypatch: Any) -> Any:
    """Each game with its viewers, made at ``NOW``, each game's seed (seats by lot) fixed."""
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(1901))
    with time_machine.travel(NOW, tick=False):
        master, stranger = make_user("gm-master"), make_user("passer-by")
        made = {
            "standard": _standard(make_user),
            "highlander": _highlander(make_user),
            "kapitalisten": _kapitalisten(make_user),
            "rather_silly": _rather_silly(make_user, site_moderator),
        }
        games = {}
        for kind, (game, seated) in made.items():
            game.masters.add(master)
            games[kind] = (
                game,
                {
                    "anonymous": None,
                    "stranger": stranger,
                    "master": master,
                    "player": seated["player"],
                    "other": seated["other"],
                    "moderator": site_moderator,
                },
            )
        yield games


@pytest.mark.django_db(transaction=True, reset_sequences=True)
def test_every_viewer_is_shown_what_he_was_shown_before(everyone: Any) -> None:
    with time_machine.travel(NOW, tick=False):
        shown = {kind: _views(game, viewers) for kind, (game, viewers) in everyone.items()}
    shown = json.loads(json.dumps(shown))
    if WRITE == "add":
        kept = json.loads(SNAPSHOT.read_text())
        for kind, entries in shown.items():
            for viewer, entry in entries.items():
                mine = kept.setdefault(kind, {}).setdefault(viewer, {})
                mine.update({k: v for k, v in entry.items() if k not in mine})
        shown_now, shown = shown, kept
    if WRITE:
        SNAPSHOT.write_text(json.dumps(shown, indent=1, ensure_ascii=False) + "\n")
    if WRITE == "add":
        shown = shown_now
    expected = json.loads(SNAPSHOT.read_text())
    assert shown.keys() == expected.keys()
    for kind in expected:
        assert shown[kind].keys() == expected[kind].keys(), kind
        for viewer, entry in expected[kind].items():
            for what, value in entry.items():
                if what.startswith("api_"):
                    value = _api_with_mine_whole(value, json.loads(entry["page"])["me"])
                got = shown[kind][viewer][what]
                if what in ("page", "export"):
                    # Compared as the JSON they are: the order of an object's keys read from
                    # a JSON column is the database's (PostgreSQL's jsonb sorts them by
                    # length; SQLite keeps them as written), and was so before the views.
                    got, value = json.loads(got), json.loads(value)
                assert got == value, (kind, viewer, what)


#: What the page's ``me`` always had and the API's hand-written serializer left out; the
#: API's is derived from MyView now, so it has every field of it.
API_GAINED = ("sitting", "may_order")


def _api_with_mine_whole(answer: list[Any], me: dict[str, Any] | None) -> list[Any]:
    """The API's answer in the snapshot, with the fields of ``me`` it gained."""
    status, body = answer
    if status != 200 or me is None:
        return answer
    gained = {key: me[key] for key in API_GAINED}
    if "me" in body:  # the state
        return [status, {**body, "me": {**body["me"], **gained}}]
    return [status, {**body, **gained}]  # the orders


#: The queries ``GET /api/v1/games/{id}/orders/`` made for the standard game's player
#: when it built the whole game state (moderation, duel, seats, decisions...) to answer
#: with ``me`` alone: measured on this fixture before ``my_view``.
ORDERS_QUERIES_WITH_THE_WHOLE_STATE = 33


@pytest.mark.django_db(transaction=True, reset_sequences=True)
def test_the_orders_api_builds_only_the_players_own_view(everyone: Any) -> None:
    game, viewers = everyone["standard"]
    client = APIClient()
    client.force_authenticate(viewers["player"])
    url = f"/api/v1/games/{game.pk}/orders/"
    client.get(url)  # the caches a first request fills (the map, the variant) filled
    with time_machine.travel(NOW, tick=False), CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    expected = json.loads(SNAPSHOT.read_text())["standard"]["player"]
    assert [response.status_code, response.json()] == _api_with_mine_whole(
        expected["api_orders"], json.loads(expected["page"])["me"]
    )
    assert len(queries) < ORDERS_QUERIES_WITH_THE_WHOLE_STATE
