"""Tournaments by API (tournaments/api.py): what each caller reads of a public and of a
private tournament (tried as the wrong users: anonymous, a stranger, an entrant who
withdrew; and as the right ones: an entrant, an organiser, a site moderator), entering,
withdrawing and checking in as the page does, and a running event's bracket, rounds,
boards and standings as the pages show them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Game
from tournaments import services
from tournaments.models import Entry, Match, OrganiserAction, Round, Tournament

pytestmark = pytest.mark.django_db

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gil")


@pytest.fixture
def api() -> Callable[..., APIClient]:
    from accounts import services as accounts

    keys: dict[int, str] = {}

    def make(user: Any = None) -> APIClient:
        """A client calling as ``user`` (with one token of his, made once), or anonymous."""
        client = APIClient()
        if user is not None:
            if user.pk not in keys:
                _token, keys[user.pk] = accounts.api_token_create(user=user, name="test")
            client.credentials(HTTP_AUTHORIZATION=f"Token {keys[user.pk]}")
        return client

    return make


def _tournament(organiser: Any, **settings: Any) -> Tournament:
    return services.tournament_create(
        by=organiser,
        name=settings.pop("name", "Open"),
        format=settings.pop("format", Tournament.Format.ROUNDS),
        check_in_required=settings.pop("check_in_required", False),
        seeding=Tournament.Seeding.HAND,
        rounds_planned=settings.pop("rounds_planned", 1),
        **settings,
    )


@pytest.fixture
def private(organiser: Any, make_user: Any) -> tuple[Tournament, dict[str, Any]]:
    """A private tournament: ann entered by its invite, bob entered and withdrew."""
    tournament = _tournament(organiser, name="Club night", private=True)
    users = {n: make_user(n) for n in ("ann", "bob", "stranger")}
    for name in ("ann", "bob"):
        services.entry_register(
            tournament=tournament, user=users[name], invite_code=tournament.invite_code
        )
    services.entry_withdraw(tournament=tournament, user=users["bob"])
    return tournament, users


READS = ("", "entrants/", "bracket/", "groups/", "rounds/", "standings/")


def test_a_private_tournament_is_no_tournament_to_the_wrong_users(
    api: Any, private: tuple[Tournament, dict[str, Any]]
) -> None:
    tournament, users = private
    for who, client in (
        ("anonymous", api()),
        ("a stranger", api(users["stranger"])),
        ("an entrant who withdrew", api(users["bob"])),
    ):
        listed = client.get("/api/v1/tournaments/").json()["tournaments"]
        assert tournament.pk not in [t["id"] for t in listed], who
        for read in READS:
            answer = client.get(f"/api/v1/tournaments/{tournament.pk}/{read}")
            assert answer.status_code == 404, (who, read)
            assert answer.json() == {"message": "No such tournament."}, (who, read)
        missing = client.get("/api/v1/tournaments/999999/")
        assert missing.status_code == 404
        assert missing.json() == answer.json(), "the same answer as for none at all"


def test_a_private_tournament_is_read_by_its_entrants_organisers_and_moderators(
    api: Any, private: tuple[Tournament, dict[str, Any]], organiser: Any, site_moderator: Any
) -> None:
    tournament, users = private
    for user in (users["ann"], organiser):
        listed = api(user).get("/api/v1/tournaments/").json()["tournaments"]
        assert tournament.pk in [t["id"] for t in listed], user
    # A site moderator reads it by its id, as on the site (the list is a player's).
    for user in (users["ann"], organiser, site_moderator):
        for read in READS:
            answer = api(user).get(f"/api/v1/tournaments/{tournament.pk}/{read}")
            assert answer.status_code == 200, (user, read)
    read = api(users["ann"]).get(f"/api/v1/tournaments/{tournament.pk}/").json()
    assert read["mine"] == {"status": "registered", "seed": None}
    assert (read["players"], read["private"], read["manages"]) == (1, True, False)
    assert api(organiser).get(f"/api/v1/tournaments/{tournament.pk}/").json()["manages"]
    entrants = api(users["ann"]).get(f"/api/v1/tournaments/{tournament.pk}/entrants/").json()
    assert [(e["player"], e["status"]) for e in entrants["entrants"]] == [
        ("ann", "registered"),
        ("bob", "withdrawn"),
    ]


def test_entering_withdrawing_and_checking_in_as_the_page_does(
    api: Any, organiser: Any, make_user: Any
) -> None:
    tournament = _tournament(organiser, check_in_required=True)
    cat = make_user("cat")
    url = f"/api/v1/tournaments/{tournament.pk}/"
    assert api().post(url + "entry/", {}, format="json").status_code in (401, 403)
    entered = api(cat).post(url + "entry/", {}, format="json")
    assert entered.status_code == 200
    assert entered.json() == {"status": "registered", "seed": None}
    again = api(cat).post(url + "entry/", {}, format="json")
    assert again.status_code == 400
    early = api(cat).post(url + "check-in/")
    assert early.status_code == 400, "the organiser has not opened the check-in"
    services.check_in_open(tournament=tournament, by=organiser)
    checked = api(cat).post(url + "check-in/")
    assert checked.json() == {"status": "checked_in", "seed": None}
    assert api(organiser).post(url + "entry/", {}, format="json").status_code == 400
    gone = api(cat).delete(url + "entry/")
    assert gone.json()["status"] == "withdrawn"
    assert Entry.objects.get(tournament=tournament, user=cat).status == Entry.Status.WITHDRAWN


def test_a_private_tournament_is_entered_by_its_invite_code_alone(
    api: Any, private: tuple[Tournament, dict[str, Any]], make_user: Any
) -> None:
    tournament, _users = private
    dan = make_user("dan")
    url = f"/api/v1/tournaments/{tournament.pk}/entry/"
    wrong = api(dan).post(url, {"invite_code": "not-it"}, format="json")
    assert wrong.status_code == 404
    assert api(dan).post(url, {}, format="json").status_code == 404
    right = api(dan).post(url, {"invite_code": tournament.invite_code}, format="json")
    assert right.status_code == 200
    assert api(dan).get(f"/api/v1/tournaments/{tournament.pk}/").status_code == 200


def test_a_running_rounds_event_reads_as_its_pages_show_it(
    api: Any, organiser: Any, make_user: Any
) -> None:
    tournament = _tournament(organiser, name="Seven")
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    services.tournament_draw(tournament=tournament, by=organiser)
    client = api()
    url = f"/api/v1/tournaments/{tournament.pk}/"
    read = client.get(url).json()
    assert (read["status"], read["format"], read["players"]) == ("running", "rounds", 7)
    assert read["mine"] is None
    assert not read["may_enter"]
    [played] = client.get(url + "rounds/").json()["rounds"]
    [board] = played["boards"]
    assert board["game"] == tournament.rounds.get().boards.get().game_id
    assert sorted(s["player"] for s in board["seats"]) == sorted(NAMES)
    assert board["phase"] == "Spring 1901 movement"
    standings = client.get(url + "standings/?if_now=true").json()["standings"]
    assert sorted(s["player"] for s in standings) == sorted(NAMES)
    assert all(len(s["rounds"]) == 1 for s in standings)
    assert client.get(url + "bracket/").json() == {"columns": [], "places": []}
    assert client.get(url + "groups/").json() == {"groups": []}
    listed = client.get("/api/v1/tournaments/?status=running").json()
    assert [t["id"] for t in listed["tournaments"]] == [tournament.pk]
    assert listed["count"] == 1
    assert client.get("/api/v1/tournaments/?status=finished").json()["count"] == 0
    assert client.get("/api/v1/tournaments/?status=").status_code == 400


def test_a_knock_out_reads_its_bracket(api: Any, organiser: Any, make_user: Any) -> None:
    tournament = _tournament(organiser, name="Duels", format=Tournament.Format.KNOCKOUT)
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES[:4]]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    services.tournament_draw(tournament=tournament, by=organiser)
    bracket = api().get(f"/api/v1/tournaments/{tournament.pk}/bracket/").json()
    assert [c["name"] for c in bracket["columns"]] == ["Semi-finals", "Final"]
    first = bracket["columns"][0]["matches"]
    assert {(m["a"], m["b"]) for m in first} == {("ann", "dan"), ("bob", "cat")}
    assert bracket["places"] == []


def test_the_schema_documents_every_tournament_operation() -> None:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = {
        op["operationId"]
        for path, ops in schema["paths"].items()
        if path.startswith("/api/v1/tournaments/")
        for op in ops.values()
    }
    assert operations == {
        "tournaments_list",
        "tournaments_read",
        "tournaments_entrants",
        "tournaments_bracket",
        "tournaments_groups",
        "tournaments_rounds",
        "tournaments_standings",
        "tournaments_enter",
        "tournaments_withdraw",
        "tournaments_check_in",
        *(f"tournaments_organise_{action.replace('-', '_')}" for action in ACTIONS),
    }


ACTIONS = (
    "check-in-open",
    "presence",
    "seeds",
    "draw",
    "walkover",
    "forfeit",
    "replace",
    "pause",
    "resume",
    "organiser",
    "round-start",
    "duel-retry",
    "away",
    "board-call",
    "playoff-decide",
    "announce",
    "board-result",
    "seat-score",
    "round-setup",
)


def test_no_organisers_action_is_anyone_elses(
    api: Any,
    organiser: Any,
    make_user: Any,
    site_moderator: Any,
    private: tuple[Tournament, dict[str, Any]],
) -> None:
    """Tried as every wrong user: anonymous is asked to sign in, a stranger, an entrant
    and a site moderator (who organises nothing here) are refused, and a private
    tournament is no tournament to whoever may not see it; nothing is done."""
    public = _tournament(organiser, name="Public")
    entrant = make_user("entrant")
    services.entry_register(tournament=public, user=entrant)
    private_one, users = private
    for action in ACTIONS:
        url = f"/api/v1/tournaments/{public.pk}/organise/{action}/"
        assert api().post(url, {}, format="json").status_code in (401, 403), action
        for who in (make_user(f"stranger-{action}"), entrant, site_moderator):
            answer = api(who).post(url, {}, format="json")
            assert answer.status_code == 403, (action, who)
            assert answer.json()["message"] == "Only an organiser of this tournament may do that."
        hidden = f"/api/v1/tournaments/{private_one.pk}/organise/{action}/"
        assert api(users["stranger"]).post(hidden, {}, format="json").status_code == 404
        assert api(users["ann"]).post(hidden, {}, format="json").status_code == 403
    public.refresh_from_db()
    assert (public.status, public.check_in_open) == (Tournament.Status.REGISTRATION, False)


def test_an_organiser_runs_a_rounds_event_by_api(
    api: Any, organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament = _tournament(organiser, name="By API", check_in_required=True, rounds_planned=2)
    client = api(organiser)
    url = f"/api/v1/tournaments/{tournament.pk}/"
    for name in NAMES:
        services.entry_register(tournament=tournament, user=make_user(name))
    opened = client.post(url + "organise/check-in-open/", {}, format="json")
    assert opened.status_code == 200
    assert opened.json()["check_in_open"]
    entrants = client.get(url + "entrants/").json()["entrants"]
    ids = {e["player"]: e["id"] for e in entrants}
    for name in NAMES:
        marked = client.post(
            url + "organise/presence/", {"entry": ids[name], "present": True}, format="json"
        )
        assert marked.status_code == 200, marked.json()
    seeded = client.post(
        url + "organise/seeds/", {"order": [ids[n] for n in reversed(NAMES)]}, format="json"
    )
    assert seeded.status_code == 200
    drawn = client.post(url + "organise/draw/", {}, format="json").json()
    assert drawn["status"] == "running"
    [first] = drawn["rounds"]
    assert (first["kind"], first["number"], first["status"]) == ("boards", 1, "running")
    seeded_first = client.get(url + "entrants/").json()["entrants"][0]
    assert (seeded_first["player"], seeded_first["seed"]) == ("gil", 1)

    # A refusal by the rules is a 400 in words; a field of the wrong type too, apart.
    no_reason = client.post(url + "organise/pause/", {"round": first["id"]}, format="json")
    assert no_reason.status_code == 400
    assert "errors" not in no_reason.json()
    assert client.post(url + "organise/pause/", {"round": "x"}, format="json").json()["errors"] == {
        "round": ["Expected a whole number."]
    }
    paused = client.post(
        url + "organise/pause/", {"round": first["id"], "reason": "fire alarm"}, format="json"
    )
    assert paused.json()["rounds"][0]["status"] == "paused"
    board_game = client.get(url + "rounds/").json()["rounds"][0]["boards"][0]["game"]
    assert Game.objects.get(pk=board_game).is_paused
    resumed = client.post(url + "organise/resume/", {"round": first["id"]}, format="json")
    assert resumed.json()["rounds"][0]["status"] == "running"
    # What the board's end sets off (its score, the round's end) runs after the commit.
    with django_capture_on_commit_callbacks(execute=True):
        called = client.post(
            url + "organise/board-call/",
            {"game": board_game, "end": "some", "powers": ["france", "russia"], "reason": "late"},
            format="json",
        )
    assert called.status_code == 200, called.json()
    game = Game.objects.get(pk=board_game)
    assert (game.outcome, sorted(game.winner.split(","))) == ("draw", ["france", "russia"])
    second = client.post(
        url + "organise/round-start/",
        {"scoring": "dixie", "combine": "rank", "last_year": 1905, "movement_hours": 2},
        format="json",
    )
    assert second.status_code == 200, second.json()
    assert [r["number"] for r in second.json()["rounds"]] == [1, 2]
    assert tournament.rounds.get(number=2).last_year == 1905
    tournament.refresh_from_db()
    assert tournament.combine == Tournament.Combine.RANK
    assert OrganiserAction.objects.filter(tournament=tournament, kind="board_end").exists()


def test_an_organiser_decides_a_knock_out_by_api(
    api: Any, organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Each remaining action reaches its service with what the body says: the match
    awarded or given up, the replacement seated, another organiser added; a refusal by
    the rules comes back in words (400), never as a server error."""
    from accounts.roles import ORGANISER, grant

    tournament = _tournament(organiser, name="Duels", format=Tournament.Format.KNOCKOUT)
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES[:4]]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    client = api(organiser)
    url = f"/api/v1/tournaments/{tournament.pk}/"
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url + "organise/draw/", {}, format="json")
    semis = client.get(url + "bracket/").json()["columns"][0]["matches"]
    ids = {e["player"]: e["id"] for e in client.get(url + "entrants/").json()["entrants"]}
    ann_dan = next(m for m in semis if m["a"] == "ann")
    bob_cat = next(m for m in semis if m["a"] == "bob")
    make_user("hal")
    replaced = client.post(
        url + "organise/replace/",
        {"entry": ids["dan"], "username": "hal", "reason": "dan is ill"},
        format="json",
    )
    assert replaced.status_code == 200, replaced.json()
    with django_capture_on_commit_callbacks(execute=True):
        awarded = client.post(
            url + "organise/walkover/",
            {"match": ann_dan["id"], "winner": ids["ann"], "reason": "hal did not come"},
            format="json",
        )
        given_up = client.post(
            url + "organise/forfeit/",
            {"match": bob_cat["id"], "loser": ids["bob"], "reason": "bob concedes"},
            format="json",
        )
    assert (awarded.status_code, given_up.status_code) == (200, 200)
    final = client.get(url + "bracket/").json()["columns"][1]["matches"][0]
    assert (final["a"], final["b"]) == ("ann", "cat")
    olga2 = make_user("olga2")
    grant(olga2, ORGANISER)
    added = client.post(url + "organise/organiser/", {"username": "olga2"}, format="json")
    assert added.status_code == 200
    assert api(olga2).get(url).json()["manages"]
    away = client.post(
        url + "organise/away/", {"entry": ids["ann"], "away": True, "reason": "x"}, format="json"
    )
    assert away.status_code == 200
    for action, body in (
        ("duel-retry", {"match": final["id"]}),
        ("playoff-decide", {"group": 0, "order": [ids["ann"], ids["cat"]], "reason": "x"}),
        ("replace", {"entry": ids["ann"], "username": "nobody-such", "reason": "x"}),
        ("walkover", {"match": 999999, "winner": ids["ann"], "reason": "x"}),
    ):
        refused = client.post(url + f"organise/{action}/", body, format="json")
        assert refused.status_code == 400, (action, refused.json())
        assert refused.json()["message"], action
        assert "errors" not in refused.json(), action


def test_an_organiser_announces_rules_a_result_and_sets_a_score_by_api(
    api: Any, organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Issue 35, D12 and D16 by API: an announcement to every entrant; a board's result
    ruled and a seat's score set by hand once its game ended, read back from the rounds
    with why and what the system gave; and the points for sitting out."""
    from notifications.models import Notification

    tournament = _tournament(
        organiser, name="Rulings", check_in_required=False, rounds_planned=1, sit_out_points=10
    )
    for name in (*NAMES, "hal"):
        services.entry_register(tournament=tournament, user=make_user(name))
    client = api(organiser)
    url = f"/api/v1/tournaments/{tournament.pk}/"
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url + "organise/draw/", {}, format="json")
        told = client.post(url + "organise/announce/", {"message": "Lunch at one."}, format="json")
    assert told.status_code == 200, told.json()
    assert told.json()["sit_out_points"] == 10
    assert Notification.objects.filter(kind="tournament", params__what="announcement").count() == 9
    [played] = client.get(url + "rounds/").json()["rounds"]
    assert played["sit_out_points"] == 10
    game = played["boards"][0]["game"]
    early = client.post(
        url + "organise/board-result/", {"game": game, "outcome": "time", "reason": "x"}
    )
    assert early.status_code == 400
    assert "ended and been scored" in early.json()["message"]
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url + "organise/board-call/", {"game": game, "end": "draw", "reason": "late"})
    ruled = client.post(
        url + "organise/board-result/",
        {"game": game, "outcome": "solo", "powers": ["russia"], "reason": "conceded"},
        format="json",
    )
    assert ruled.status_code == 200, ruled.json()
    scored = client.post(
        url + "organise/seat-score/",
        {"game": game, "power": "france", "score": 2.5, "reason": "tea"},
        format="json",
    )
    assert scored.status_code == 200, scored.json()
    board = client.get(url + "rounds/").json()["rounds"][0]["boards"][0]
    assert (board["result"], board["ruled"], board["played"]) == (
        "Solo: Russia",
        "conceded",
        "Draw of every survivor",
    )
    seats = {s["power"]: s for s in board["seats"]}
    assert (seats["russia"]["score"], seats["russia"]["score_reason"]) == (100, "")
    assert (seats["france"]["score"], seats["france"]["system_score"]) == (2.5, 0)
    assert seats["france"]["score_reason"] == "tea"
    cleared = client.post(
        url + "organise/seat-score/",
        {"game": game, "power": "france", "score": None, "reason": "appeal"},
        format="json",
    )
    assert cleared.status_code == 200
    nobody = client.post(
        url + "organise/seat-score/",
        {"game": game, "power": "atlantis", "score": 1, "reason": "x"},
        format="json",
    )
    assert nobody.status_code == 400
    assert nobody.json()["message"] == "No such seat in this tournament."


def test_an_organiser_fixes_a_rounds_set_up_by_api(
    api: Any, organiser: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Rule 3B by API, as the organiser's page does it: the units each colour starts
    from, fixed before the draw, are the set-up of every duel of that round; a set-up the
    rules refuse comes back in words, and none is fixed once the round's duels started."""
    from tests.tournaments.services.conftest import FIXED_17

    tournament = _tournament(organiser, name="Fixed", format=Tournament.Format.KNOCKOUT)
    entries = [services.entry_register(tournament=tournament, user=make_user(n)) for n in NAMES[:4]]
    services.hand_seeds_set(tournament=tournament, by=organiser, order=[e.pk for e in entries])
    client = api(organiser)
    url = f"/api/v1/tournaments/{tournament.pk}/organise/round-setup/"
    units = FIXED_17["fixed_setup"]["units"]
    body = {"kind": "knockout", "number": 1, "movement_hours": 12, "reason": "fixed start"}
    wrong = client.post(url, {**body, "red": ["A zzz"], "blue": units["blue"]}, format="json")
    assert wrong.status_code == 400
    assert wrong.json()["message"]
    fixed = client.post(url, {**body, "red": units["red"], "blue": units["blue"]}, format="json")
    assert fixed.status_code == 200, fixed.json()
    first = Round.objects.get(tournament=tournament, kind=Round.Kind.KNOCKOUT, number=1)
    assert first.setup == FIXED_17
    assert first.movement_deadline == timedelta(hours=12)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/api/v1/tournaments/{tournament.pk}/organise/draw/", {}, format="json")
    for match in Match.objects.filter(round=first):
        for board in Game.objects.filter(link_id=match.duel_id):
            assert board.options["fixed_setup"] == FIXED_17["fixed_setup"]
    late = client.post(url, {**body, "red": [], "blue": []}, format="json")
    assert late.status_code == 400
    assert "fixed" in late.json()["message"]
