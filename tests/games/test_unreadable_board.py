"""A position the adjudicator's reader refuses never takes a game down (issue 41, L4).

A moderator's ruling whose position the reader refuses (Rather Silly's
``extras.hyperspace = 5``, the attack's step) is refused with what is wrong and where. A
position that cannot be read all the same (an old bug, a hand edit in the database) is
answered clearly everywhere, never with a 500: players and watchers are told the board
cannot be shown (the API with 409), order saving and checking refuse, the adjudication
gives the phase up to the moderators at once instead of failing every minute, and the
moderators see what is wrong on the game page, where a position ruling repairs the game.
"""

from __future__ import annotations

import copy
import json
import logging
from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core.errors import ApplicationError
from games import positions, services, tasks
from games.models import Game, GamePhase, Ruling
from games.services import rulings
from games.terms import GameTerms
from notifications.models import Notification
from tests.games.helpers import current

pytestmark = pytest.mark.django_db

POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
REASON = "The link was entered by hand."


@pytest.fixture(autouse=True)
def _reports_run_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """The report of an unreadable board runs in this process, as a worker would run it,
    and each test starts with nothing reported."""
    monkeypatch.setattr(positions, "_reported", set())
    monkeypatch.setattr(
        positions,
        "task_send",
        lambda name, *args: tasks.phase_unreadable.apply(args=args).get() is not None,
    )


@pytest.fixture
def spring(make_user: Any) -> tuple[Game, dict[str, Any]]:
    """A Rather Silly game in Spring 1901 (the llamas' winter adjudicated)."""
    users = {p: make_user(f"{p}-unread") for p in POWERS}
    game = services.game_create(
        created_by=users["austria"],
        name="Silly",
        power="austria",
        terms=GameTerms(variant_id="rather_silly", assignment=Game.Assignment.CHOSEN),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=users[power], power=power)
    services.orders_submit(game=game, user=users["england"], orders=["herd yor", "vote lon - bel"])
    winter = current(game)
    GamePhase.objects.filter(pk=winter.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.phase_adjudicate(game_id=game.pk, phase_id=winter.pk)
    assert current(game).code == "S1901M"
    return game, users


def client_of(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def hyperspace_5(position: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(position)
    out["extras"]["hyperspace"] = 5
    return out


def test_a_ruling_whose_position_the_adjudicator_refuses_is_refused_with_the_path(
    spring: tuple[Game, dict[str, Any]], site_moderator: Any
) -> None:
    """The attack's step: a position ruling on the winter with ``"hyperspace": 5``."""
    game, users = spring
    winter = game.phases.get(code="W1900L")
    bad = hyperspace_5(current(game).position)
    with pytest.raises(ApplicationError) as refused:
        rulings.ruling_apply(
            game=game, by=site_moderator, phase=winter, reason=REASON, position=bad
        )
    assert "extras.hyperspace" in refused.value.message
    # Through the moderation form, as the attack sent it: refused, the game unchanged.
    moderator = client_of(site_moderator)
    answer = moderator.post(
        reverse("games:mod-ruling", args=[game.pk]),
        {
            "phase": str(winter.index),
            "kind": "position",
            "position": json.dumps(bad),
            "reason": REASON,
        },
        follow=True,
    )
    assert "extras.hyperspace" in answer.content.decode()
    assert not Ruling.objects.filter(game=game).exists()
    assert (
        client_of(users["england"]).get(reverse("games:detail", args=[game.pk])).status_code == 200
    )


def corrupted(game: Game) -> tuple[GamePhase, dict[str, Any]]:
    """The open phase's stored position changed behind the site's back (a hand edit):
    returns the phase and the position it had."""
    phase = current(game)
    good = copy.deepcopy(phase.position)
    GamePhase.objects.filter(pk=phase.pk).update(position=hyperspace_5(good))
    phase.refresh_from_db()
    return phase, good


def test_players_and_watchers_are_told_clearly_and_nothing_answers_500(
    spring: tuple[Game, dict[str, Any]], site_moderator: Any
) -> None:
    game, users = spring
    phase, _good = corrupted(game)
    england = client_of(users["england"])
    page = england.get(reverse("games:detail", args=[game.pk]))
    assert page.status_code == 409
    html = page.content.decode()
    assert "board cannot be shown" in html
    assert "moderators have been told" in html
    assert "extras.hyperspace" not in html  # what is wrong is for the moderators
    # A watcher (anonymous) is told the same.
    watcher = client_of().get(reverse("games:detail", args=[game.pk]))
    assert watcher.status_code == 409
    assert "board cannot be shown" in watcher.content.decode()
    # The players' API: the state (both forms of legal orders), their orders, saving,
    # checking, ready: 409 with the one error shape.
    for method, name, body in [
        ("get", "api:state", None),
        ("get", "api:state?legal=compact", None),
        ("get", "api:orders", None),
        ("put", "api:orders", {"orders": ["A lon - nth"], "phase": phase.index}),
        ("post", "api:orders-check", {"order": "F lon - nth"}),
        ("post", "api:ready", {"ready": True, "phase": phase.index}),
    ]:
        url_name, _sep, query = name.partition("?")
        url = reverse(url_name, args=[game.pk]) + (f"?{query}" if query else "")
        call = getattr(england, method)
        answer = call(url, body, content_type="application/json") if body else call(url)
        assert answer.status_code == 409, (name, answer.content)
        said = answer.json()
        assert set(said) == {"message"}, said
        assert "board cannot be shown" in said["message"]
    # The page's own form saves nothing, with the reason.
    form = england.post(
        reverse("games:orders", args=[game.pk]),
        {"orders": "F lon - nth", "phase": str(phase.index)},
    )
    assert form.status_code == 302
    back = england.get(form["Location"])
    assert back.status_code == 409
    assert "board cannot be shown" in back.content.decode()
    saved = [o.orders for o in phase.order_sets.filter(power="england")]
    assert all("F lon - nth" not in orders for orders in saved)
    # The pictures and the export of the game say so too.
    for url in [
        reverse("games:map-svg", args=[game.pk, phase.index]),
        reverse("games:export", args=[game.pk]),
    ]:
        answer = england.get(url)
        assert answer.status_code == 409, (url, answer.status_code)
        assert "board cannot be shown" in answer.content.decode()
    # His other pages still open: the lobby with his games, the moderation list.
    assert england.get(reverse("games:lobby")).status_code == 200
    moderate = client_of(site_moderator).get(reverse("games:moderate"))
    assert moderate.status_code == 200


@pytest.mark.django_db(transaction=True)  # the players and moderators are told after commit
def test_a_phase_of_the_history_that_cannot_be_read_is_answered_clearly_too(
    spring: tuple[Game, dict[str, Any]], site_moderator: Any
) -> None:
    """A hand edit of an adjudicated phase: its page, picture and state say so (no
    500); the open phase plays on."""
    game, users = spring
    winter = game.phases.get(code="W1900L")
    broken = copy.deepcopy(winter.position)
    broken["extras"]["llamas"] = {"england": 5}
    GamePhase.objects.filter(pk=winter.pk).update(position=broken)
    england = client_of(users["england"])
    for url in [
        reverse("games:detail", args=[game.pk]) + f"?phase={winter.index}",
        reverse("games:map-svg", args=[game.pk, winter.index]),
        reverse("api:state", args=[game.pk]) + f"?phase={winter.index}",
    ]:
        answer = england.get(url)
        assert answer.status_code == 409, (url, answer.status_code)
        assert "repair it with a ruling" in answer.content.decode()
    moderator = client_of(site_moderator)
    page = moderator.get(reverse("games:detail", args=[game.pk]) + f"?phase={winter.index}")
    assert "extras.llamas.england" in page.content.decode()
    assert england.get(reverse("games:detail", args=[game.pk])).status_code == 200
    assert current(game).stuck_since is None  # only an open phase waits for its moderators


@pytest.mark.django_db(transaction=True)  # the players and moderators are told after commit
def test_the_moderators_are_told_and_the_phase_waits_for_them(
    spring: tuple[Game, dict[str, Any]], site_moderator: Any
) -> None:
    game, users = spring
    phase, _good = corrupted(game)
    client_of(users["france"]).get(reverse("api:state", args=[game.pk]))  # found, and reported
    phase.refresh_from_db()
    assert phase.stuck_since is not None
    assert phase.status == GamePhase.Status.OPEN
    assert "extras.hyperspace" in phase.last_failure
    assert {"kind": "unreadable"} in phase.notes
    told = set(Notification.objects.filter(kind="phase_stuck").values_list("user_id", flat=True))
    assert site_moderator.pk in told
    assert {u.pk for u in users.values()} <= told
    # Found again: reported once.
    client_of(users["france"]).get(reverse("api:state", args=[game.pk]))
    assert Notification.objects.filter(kind="phase_stuck", user=site_moderator).count() == 1


def test_the_adjudication_gives_the_phase_up_at_once_and_says_so(
    spring: tuple[Game, dict[str, Any]], caplog: pytest.LogCaptureFixture
) -> None:
    """Not three failed attempts a minute apart: the stored data will not read better."""
    game, _users = spring
    phase, _good = corrupted(game)
    positions._reported.add(phase.pk)  # nobody has looked at the game yet: the task finds it
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    cache.delete(f"sweep-queued:{phase.pk}")
    with caplog.at_level(logging.ERROR):
        assert tasks.adjudicate_phase.apply(args=(game.pk, phase.pk)).get() is False
    phase.refresh_from_db()
    assert phase.stuck_since is not None
    assert phase.failures == 1
    assert phase.status == GamePhase.Status.OPEN
    assert "its stored position cannot be read" in caplog.text
    assert "given up to the moderators" in caplog.text
    cache.delete(f"sweep-queued:{phase.pk}")
    assert tasks.sweep_due_phases() == 0  # no longer queued every minute


def test_the_moderator_sees_what_is_wrong_and_a_position_ruling_repairs_the_game(
    spring: tuple[Game, dict[str, Any]], site_moderator: Any
) -> None:
    game, users = spring
    phase, good = corrupted(game)
    moderator = client_of(site_moderator)
    page = moderator.get(reverse("games:detail", args=[game.pk]))
    assert page.status_code == 409
    html = page.content.decode()
    assert "extras.hyperspace" in html
    assert "must be an object" in html
    assert "Make a ruling" in html
    # The form is ready: the winter's result, the stored position to correct.
    winter = game.phases.get(code="W1900L")
    assert f'<option value="{winter.index}" selected>' in html
    assert "&quot;hyperspace&quot;: 5" in html
    # A first try with the same bad value is refused; the corrected position repairs it.
    answer = moderator.post(
        reverse("games:mod-ruling", args=[game.pk]),
        {
            "phase": str(winter.index),
            "kind": "position",
            "position": json.dumps(hyperspace_5(good)),
            "reason": REASON,
        },
        follow=True,
    )
    assert "extras.hyperspace" in answer.content.decode()
    answer = moderator.post(
        reverse("games:mod-ruling", args=[game.pk]),
        {
            "phase": str(winter.index),
            "kind": "position",
            "position": json.dumps(good),
            "reason": REASON,
        },
    )
    assert answer.status_code == 302
    phase.refresh_from_db()
    assert phase.status == GamePhase.Status.SUPERSEDED
    repaired = current(game)
    assert repaired.code == "S1901M"
    assert repaired.stuck_since is None
    england = client_of(users["england"])
    assert england.get(reverse("games:detail", args=[game.pk])).status_code == 200
    assert england.get(reverse("api:state", args=[game.pk])).status_code == 200
    saved = england.put(
        reverse("api:orders", args=[game.pk]),
        {"orders": ["F lon - nth"], "phase": repaired.index},
        content_type="application/json",
    )
    assert saved.status_code == 200, saved.content
    assert moderator.get(reverse("games:detail", args=[game.pk])).status_code == 200


def test_a_hand_edit_in_the_admin_is_read_as_the_adjudicator_reads_it(
    spring: tuple[Game, dict[str, Any]],
) -> None:
    from games.admin import GamePhaseForm

    game, _users = spring
    phase = current(game)
    data = {
        field: getattr(phase, field)
        for field in GamePhaseForm.base_fields
        if hasattr(phase, field) and not field.endswith("_by")
    }
    form = GamePhaseForm(
        data={
            **{k: v for k, v in data.items() if v is not None},
            "game": game.pk,
            "position": json.dumps(hyperspace_5(phase.position)),
        },
        instance=phase,
    )
    assert not form.is_valid()
    assert "extras.hyperspace" in str(form.errors["position"])
