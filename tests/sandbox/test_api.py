"""The sandbox's REST API (/api/v1/sandboxes/): each verb for its owner, and each tried as
the wrong user (anonymous, a stranger, the read-only link's holder); a new sandbox with the
variant's options (valid and not); a fork of a game's phase; the schema documents it."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Game
from sandbox import services
from sandbox.models import Sandbox, SandboxPhase
from tests.games.helpers import current

pytestmark = pytest.mark.django_db


def api(user: Any = None) -> APIClient:
    """Calls with a fresh API token of ``user``, or anonymously."""
    from accounts import services as accounts_services

    client = APIClient()
    if user is not None:
        _token, key = accounts_services.api_token_create(user=user, name="test")
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def url(name: str, *args: Any) -> str:
    return reverse(f"api:{name}", args=args)


def standard(owner: Any) -> Sandbox:
    return services.sandbox_create(owner=owner, variant_id="standard", title="Openings")


def root(sandbox: Sandbox) -> SandboxPhase:
    return sandbox.phases.get(parent=None, depth=0)


ATTACK = {"france": ["A par - bur", "A mar S A par - bur"], "germany": ["A mun - bur"]}


# -- list, create, read, delete -------------------------------------------------------------


def test_the_list_holds_the_owners_sandboxes_alone(owner: Any, stranger: Any) -> None:
    standard(owner)
    mine = api(owner).get(url("sandboxes")).json()
    assert mine["count"] == 1
    assert mine["sandboxes"][0]["title"] == "Openings"
    assert mine["sandboxes"][0]["forked"] is False
    assert api(stranger).get(url("sandboxes")).json()["count"] == 0
    assert api().get(url("sandboxes")).status_code == 401


def test_a_new_sandbox_starts_at_the_variants_start_with_its_board(owner: Any) -> None:
    response = api(owner).post(url("sandboxes"), {"title": "Lepanto"}, format="json")
    assert response.status_code == 201
    state = response.json()
    sandbox = Sandbox.objects.get(owner=owner)
    assert state["sandbox"]["id"] == sandbox.pk
    assert state["sandbox"]["variant"] == "standard"
    assert state["sandbox"]["share_code"] == sandbox.share_code
    phase = state["phase"]
    assert phase["code"] == "S1901M"
    assert phase["adjudicated"] is False
    assert "A par" in phase["units"]["france"]
    assert len(phase["to_order"]) == 7
    assert "A par - bur" in phase["legal"]["france"]["par"]
    assert state["phases"] == [
        {"id": phase["id"], "parent": None, "depth": 0, "code": "S1901M", "adjudicated": False}
    ]


def test_a_new_sandbox_plays_by_the_options_chosen(owner: Any) -> None:
    response = api(owner).post(
        url("sandboxes"), {"variant": "multiple_void", "options": {"players": 3}}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["sandbox"]["options"] == {"players": 3}
    assert root(Sandbox.objects.get(owner=owner)).position["options"] == {"players": 3}


def test_options_the_variant_does_not_accept_are_refused_saying_which(owner: Any) -> None:
    client = api(owner)
    response = client.post(
        url("sandboxes"), {"variant": "multiple_void", "options": {"players": 9}}, format="json"
    )
    assert response.status_code == 400
    assert "options are not valid" in response.json()["message"]
    assert response.json()["field"] == "options.players"
    unknown = client.post(
        url("sandboxes"), {"variant": "standard", "options": {"fog": True}}, format="json"
    )
    assert unknown.status_code == 400
    assert unknown.json()["field"] == "options.fog"
    assert client.post(url("sandboxes"), {"variant": "atlantis"}, format="json").status_code == 400
    assert not Sandbox.objects.exists()


def test_a_new_sandbox_needs_a_signed_in_user(client: Any) -> None:
    assert api().post(url("sandboxes"), {}, format="json").status_code == 401
    assert not Sandbox.objects.exists()


def test_reading_a_sandbox_is_for_its_owner_alone(owner: Any, stranger: Any) -> None:
    sandbox = standard(owner)
    assert api(owner).get(url("sandbox", sandbox.pk)).status_code == 200
    for other in (api(stranger), api()):
        response = other.get(url("sandbox", sandbox.pk))
        assert response.status_code == 404
        # The same answer as for a sandbox that does not exist: nothing is given away.
        assert response.json() == other.get(url("sandbox", sandbox.pk + 100)).json()


def test_an_unknown_phase_of_a_sandbox_is_not_found(owner: Any) -> None:
    sandbox, other = standard(owner), standard(owner)
    client = api(owner)
    assert client.get(url("sandbox", sandbox.pk), {"phase": root(other).pk}).status_code == 404
    assert client.get(url("sandbox", sandbox.pk), {"phase": "x"}).status_code == 400


def test_deleting_a_sandbox_is_for_its_owner_alone(owner: Any, stranger: Any) -> None:
    sandbox = standard(owner)
    assert api(stranger).delete(url("sandbox", sandbox.pk)).status_code == 404
    assert api().delete(url("sandbox", sandbox.pk)).status_code == 401
    assert Sandbox.objects.filter(pk=sandbox.pk).exists()
    assert api(owner).delete(url("sandbox", sandbox.pk)).status_code == 204
    assert not Sandbox.objects.filter(pk=sandbox.pk).exists()


# -- orders, adjudication, branches ---------------------------------------------------------


def test_saved_orders_are_read_as_a_games_and_kept_on_the_open_phase(owner: Any) -> None:
    sandbox = standard(owner)
    phase = root(sandbox)
    response = api(owner).put(
        url("sandbox-orders", sandbox.pk, phase.pk),
        {"orders": {"france": ["a par-bur"], "england": []}},
        format="json",
    )
    assert response.status_code == 200
    assert response.json() == {"phase": phase.pk, "orders": {"france": ["A par - bur"]}}
    phase.refresh_from_db()
    assert phase.orders == {"france": ["A par - bur"]}
    assert not phase.is_adjudicated


def test_orders_not_accepted_are_refused_with_each_problem(owner: Any) -> None:
    sandbox = standard(owner)
    response = api(owner).put(
        url("sandbox-orders", sandbox.pk, root(sandbox).pk),
        {"orders": {"france": ["A par - mos"]}},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["problems"][0]["power"] == "france"
    assert root(sandbox).orders == {}


def test_adjudicating_answers_the_next_phase_with_the_results(owner: Any) -> None:
    sandbox = standard(owner)
    phase = root(sandbox)
    response = api(owner).post(
        url("sandbox-adjudicate", sandbox.pk, phase.pk), {"orders": ATTACK}, format="json"
    )
    assert response.status_code == 200
    answer = response.json()
    assert answer["adjudicated"] == phase.pk
    assert answer["branched"] is False
    after = answer["next"]["phase"]
    assert after["code"] == "F1901M"
    assert "A bur" in after["units"]["france"]
    assert after["back"] == phase.pk
    before = api(owner).get(url("sandbox", sandbox.pk), {"phase": phase.pk}).json()["phase"]
    assert before["adjudicated"] is True
    assert before["forward"] == after["id"]
    assert {"power": "france", "order": "A par - bur", "result": "ok"}.items() <= next(
        r for r in before["results"] if r["order"] == "A par - bur"
    ).items()
    assert "A bur" in before["units_after"]["france"]
    assert before["legal"] == {}


def test_adjudicating_without_orders_takes_those_saved(owner: Any) -> None:
    sandbox = standard(owner)
    phase = root(sandbox)
    client = api(owner)
    client.put(
        url("sandbox-orders", sandbox.pk, phase.pk),
        {"orders": {"france": ["A par - bur"]}},
        format="json",
    )
    answer = client.post(url("sandbox-adjudicate", sandbox.pk, phase.pk), {}, format="json")
    assert "A bur" in answer.json()["next"]["phase"]["units"]["france"]


def test_a_branch_tries_other_orders_and_never_rewrites_the_phase(owner: Any) -> None:
    sandbox = standard(owner)
    phase = root(sandbox)
    client = api(owner)
    refused = client.post(
        url("sandbox-branch", sandbox.pk, phase.pk), {"orders": ATTACK}, format="json"
    )
    assert refused.status_code == 400
    assert "adjudicate it" in refused.json()["message"]
    client.post(url("sandbox-adjudicate", sandbox.pk, phase.pk), {"orders": ATTACK}, format="json")
    response = client.post(
        url("sandbox-branch", sandbox.pk, phase.pk),
        {"orders": {"germany": ["A mun - ruh"]}},
        format="json",
    )
    assert response.status_code == 200
    answer = response.json()
    assert answer["branched"] is True
    assert answer["adjudicated"] != phase.pk
    assert "A ruh" in answer["next"]["phase"]["units"]["germany"]
    branches = client.get(url("sandbox", sandbox.pk), {"phase": phase.pk}).json()["branches"]
    assert [b["id"] for b in branches] == [phase.pk, answer["adjudicated"]]
    phase.refresh_from_db()
    assert phase.orders == {
        "france": ["A par - bur", "A mar S A par - bur"],
        "germany": ["A mun - bur"],
    }


@pytest.mark.parametrize(
    ("method", "name", "body"),
    [
        ("put", "sandbox-orders", {"orders": ATTACK}),
        ("post", "sandbox-adjudicate", {"orders": ATTACK}),
        ("post", "sandbox-branch", {"orders": ATTACK}),
    ],
)
def test_only_the_owner_gives_orders_a_stranger_is_told_there_is_no_sandbox(
    owner: Any, stranger: Any, method: str, name: str, body: dict[str, Any]
) -> None:
    sandbox = standard(owner)
    phase = root(sandbox)
    path = url(name, sandbox.pk, phase.pk)
    assert getattr(api(stranger), method)(path, body, format="json").status_code == 404
    assert getattr(api(), method)(path, body, format="json").status_code == 401
    phase.refresh_from_db()
    assert phase.orders == {}
    assert not phase.is_adjudicated
    assert sandbox.phases.count() == 1


def test_a_phase_of_another_sandbox_is_not_found(owner: Any) -> None:
    sandbox, other = standard(owner), standard(owner)
    response = api(owner).post(
        url("sandbox-adjudicate", sandbox.pk, root(other).pk), {"orders": ATTACK}, format="json"
    )
    assert response.status_code == 404
    assert not root(other).is_adjudicated


# -- the read-only link ---------------------------------------------------------------------


def test_the_read_only_link_shows_the_sandbox_to_anyone_without_its_secrets(
    owner: Any, stranger: Any
) -> None:
    sandbox = standard(owner)
    for reader in (api(), api(stranger)):
        response = reader.get(url("sandbox-shared", sandbox.share_code))
        assert response.status_code == 200
        state = response.json()
        assert state["sandbox"]["title"] == "Openings"
        assert state["sandbox"]["share_code"] is None
        assert state["phase"]["legal"] == {}
        assert "A par" in state["phase"]["units"]["france"]
    assert api().get(url("sandbox-shared", "not-the-code")).status_code == 404


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_the_read_only_link_refuses_every_write_saying_why(
    owner: Any, stranger: Any, method: str
) -> None:
    sandbox = standard(owner)
    for holder in (api(), api(stranger), api(owner)):
        response = getattr(holder, method)(
            url("sandbox-shared", sandbox.share_code), {"orders": ATTACK}, format="json"
        )
        assert response.status_code == 403
        assert "cannot change it" in response.json()["message"]
    assert Sandbox.objects.filter(pk=sandbox.pk).exists()
    assert sandbox.phases.count() == 1


def test_the_links_holder_cannot_write_by_the_sandboxs_id_either(owner: Any, stranger: Any) -> None:
    sandbox = standard(owner)
    holder = api(stranger)
    shared = holder.get(url("sandbox-shared", sandbox.share_code)).json()
    phase_id = shared["phase"]["id"]
    assert (
        holder.post(
            url("sandbox-adjudicate", shared["sandbox"]["id"], phase_id),
            {"orders": ATTACK},
            format="json",
        ).status_code
        == 404
    )
    assert holder.delete(url("sandbox", shared["sandbox"]["id"])).status_code == 404
    assert not root(sandbox).is_adjudicated


# -- forks ----------------------------------------------------------------------------------


def test_a_player_forks_a_games_phase_by_api(started_game: Game, players: dict[str, Any]) -> None:
    response = api(players["russia"]).post(
        url("sandboxes"), {"game": started_game.pk, "phase": 0}, format="json"
    )
    assert response.status_code == 201
    sandbox = Sandbox.objects.get(owner=players["russia"])
    assert sandbox.forked_from == current(started_game)
    forked = response.json()["sandbox"]["forked_from"]
    assert forked["game"] == started_game.pk
    assert forked["phase"] == 0


def test_a_fork_of_a_game_one_may_not_see_is_not_found(
    players: dict[str, Any], stranger: Any
) -> None:
    from tests.sandbox.test_services import private_game

    game = private_game(players)
    body = {"game": game.pk, "phase": 0}
    assert api(stranger).post(url("sandboxes"), body, format="json").status_code == 404
    assert api().post(url("sandboxes"), body, format="json").status_code == 401
    missing = {"game": game.pk, "phase": 7}
    assert api(players["italy"]).post(url("sandboxes"), missing, format="json").status_code == 404
    assert not Sandbox.objects.exists()


def test_a_fork_takes_a_game_and_a_phase_and_no_variant(owner: Any, started_game: Game) -> None:
    client = api(owner)
    half = client.post(url("sandboxes"), {"game": started_game.pk}, format="json")
    assert half.status_code == 400
    both = client.post(
        url("sandboxes"),
        {"game": started_game.pk, "phase": 0, "variant": "highlander"},
        format="json",
    )
    assert both.status_code == 400
    assert not Sandbox.objects.exists()


# -- the schema -----------------------------------------------------------------------------


def test_the_schema_documents_every_verb() -> None:
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert {"get", "post"} <= set(paths["/api/v1/sandboxes/"])
    assert {"get", "delete"} <= set(paths["/api/v1/sandboxes/{sandbox_id}/"])
    phase = "/api/v1/sandboxes/{sandbox_id}/phases/{phase_id}/"
    assert "put" in paths[phase + "orders/"]
    assert "post" in paths[phase + "adjudicate/"]
    assert "post" in paths[phase + "branch/"]
    shared = paths["/api/v1/sandboxes/shared/{code}/"]
    assert "get" in shared
    assert "403" in shared["post"]["responses"]
