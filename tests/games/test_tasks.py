"""Deadlines and adjudication on Celery: exactly once, whatever is delivered twice or fails.

One test runs a real Celery worker (in a thread, on the configured broker:
Redis in CI, the filesystem broker otherwise) through a game of several phases.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.utils import timezone

from games import services, tasks
from games.models import Game, GamePhase
from games.services import adjudication, resolving, rulings
from games.terms import GameTerms
from tests.games.conftest import wait_for_phase
from tests.games.helpers import current

pytestmark = pytest.mark.django_db(transaction=True)


def _deadline_passed(phase: GamePhase) -> None:
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))


def test_a_second_delivery_does_nothing(started_game: Game) -> None:
    phase = current(started_game)
    _deadline_passed(phase)
    assert tasks.adjudicate_phase.apply(args=(started_game.pk, phase.pk)).get() is True
    assert tasks.adjudicate_phase.apply(args=(started_game.pk, phase.pk)).get() is False
    assert started_game.phases.count() == 2


def test_a_crash_mid_adjudication_leaves_nothing_and_the_retry_does_it_once(
    started_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    phase = current(started_game)
    real = adjudication.phase_open
    calls = {"n": 0}

    def crash_once(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise SystemExit("worker killed")  # as if the process died mid-transaction
        return real(*args, **kwargs)

    monkeypatch.setattr(adjudication, "phase_open", crash_once)
    with pytest.raises(SystemExit):
        services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk)
    phase.refresh_from_db()
    assert not phase.is_resolved  # the transaction rolled back whole
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk) is True
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk) is False
    assert started_game.phases.count() == 2


# -- issue 41: a task resolves a phase only once it is due --------------------------------------


def test_a_task_for_a_phase_not_due_does_nothing_and_says_so(
    started_game: Game, players: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    """A site beside the test suite took one of its tasks from the shared broker and
    resolved its demo game's Spring 1902 forty seconds after it opened, with a day-long
    deadline and Austria neither ordered nor ready: all four Austrian units held."""
    services.orders_submit(game=started_game, user=players["england"], orders=["F lon - nth"])
    for power, user in players.items():
        if power != "austria":
            services.orders_ready(game=started_game, user=user, ready=True)
    phase = current(started_game)
    orders = sorted(phase.order_sets.values_list("power", "orders", "ready"))
    with caplog.at_level("INFO", logger="games.services.adjudication"):
        assert tasks.adjudicate_phase.apply(args=(started_game.pk, phase.pk)).get() is False
    phase.refresh_from_db()
    assert phase.status == GamePhase.Status.OPEN
    assert phase.results is None
    assert phase.failures == 0  # nothing went wrong: it is simply not its time
    assert started_game.phases.count() == 1
    assert sorted(phase.order_sets.values_list("power", "orders", "ready")) == orders
    assert f"game {started_game.pk} phase S1901M is not due" in caplog.text


def test_a_task_for_a_game_that_does_not_exist_does_nothing_and_says_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A stale message (or one from another database's run) is no failure to count."""
    with caplog.at_level("INFO", logger="games"):
        assert tasks.adjudicate_phase.apply(args=(987654, 123456)).get() is False
    assert "game 987654 does not exist" in caplog.text
    assert "failed" not in caplog.text


def test_a_task_resolves_a_phase_whose_deadline_passed(started_game: Game) -> None:
    phase = current(started_game)
    _deadline_passed(phase)
    assert tasks.adjudicate_phase.apply(args=(started_game.pk, phase.pk)).get() is True
    assert current(started_game).code == "F1901M"


def test_a_task_resolves_a_phase_every_power_is_ready_for(
    started_game: Game, players: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    queued: list[tuple[int, int]] = []
    monkeypatch.setattr(tasks.adjudicate_phase, "delay", lambda g, p: queued.append((g, p)))
    phase = current(started_game)
    for user in players.values():
        services.orders_ready(game=started_game, user=user, ready=True)
    assert queued == [(started_game.pk, phase.pk)]
    assert tasks.adjudicate_phase.apply(args=queued[0]).get() is True
    assert current(started_game).code == "F1901M"


def test_a_task_leaves_a_phase_a_player_is_no_longer_ready_for(
    started_game: Game, players: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    queued: list[tuple[int, int]] = []
    monkeypatch.setattr(tasks.adjudicate_phase, "delay", lambda g, p: queued.append((g, p)))
    for user in players.values():
        services.orders_ready(game=started_game, user=user, ready=True)
    # Taken back before the worker came to the task: the phase waits for its deadline.
    services.orders_ready(game=started_game, user=players["austria"], ready=False)
    assert tasks.adjudicate_phase.apply(args=queued[0]).get() is False
    assert current(started_game).code == "S1901M"


def test_a_task_resolves_a_phase_a_moderator_had_tried_again(
    started_game: Game, site_moderator: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The moderator's retry of a phase given up after failures is recorded on the phase
    (due now), so the task knows it was forced, deadline or not."""
    from games.services import moderation

    queued: list[tuple[int, int]] = []
    monkeypatch.setattr(tasks.adjudicate_phase, "delay", lambda g, p: queued.append((g, p)))
    phase = current(started_game)
    GamePhase.objects.filter(pk=phase.pk).update(
        stuck_since=timezone.now(), failures=3, last_failure="a bug, since fixed"
    )
    assert tasks.adjudicate_phase.apply(args=(started_game.pk, phase.pk)).get() is False
    moderation.phase_retry(game=started_game, by=site_moderator, reason="Variant fixed.")
    assert queued == [(started_game.pk, phase.pk)]
    assert tasks.adjudicate_phase.apply(args=queued[0]).get() is True
    phase.refresh_from_db()
    assert phase.status == GamePhase.Status.RESOLVED
    assert current(started_game).code == "F1901M"


def test_a_duels_step_waits_until_every_board_is_due(make_user: Any) -> None:
    """Linked boards are one match: a task for a board that is due does nothing while the
    other board at the same step is not."""
    from games.models import BoardLink
    from tests.games.helpers import duel_started

    red, blue = make_user("red-player"), make_user("blue-player")
    board_a = duel_started(red, blue)
    board_b = BoardLink.objects.get(games=board_a).board("B")
    assert board_b is not None
    assert current(board_a).code == current(board_b).code == "F1901M"
    _deadline_passed(current(board_a))
    assert tasks.adjudicate_phase.apply(args=(board_a.pk, current(board_a).pk)).get() is False
    assert current(board_a).code == "F1901M"
    for user in (red, blue):
        services.orders_ready(game=board_b, user=user, ready=True)
    assert tasks.adjudicate_phase.apply(args=(board_a.pk, current(board_a).pk)).get() is True
    assert current(board_a).code == current(board_b).code == "F1902M"


def test_the_sweep_queues_due_phases_and_survives_a_broker_outage(
    started_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    phase = current(started_game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    def broker_down(*args: Any) -> None:
        raise ConnectionError("redis is away")

    monkeypatch.setattr(tasks.adjudicate_phase, "delay", broker_down)
    assert tasks.sweep_due_phases() == 0  # nothing queued, nothing raised, nothing lost
    queued: list[tuple[int, int]] = []
    monkeypatch.setattr(tasks.adjudicate_phase, "delay", lambda g, p: queued.append((g, p)))
    assert tasks.sweep_due_phases() == 1  # the broker is back: the next sweep catches up
    assert queued == [(started_game.pk, phase.pk)]
    assert tasks.sweep_due_phases() == 0  # queued a moment ago: not piled up again
    cache.delete(f"sweep-queued:{phase.pk}")  # as when the hold expires
    assert tasks.sweep_due_phases() == 1


def test_a_game_of_several_phases_on_a_real_worker(
    started_game: Game, players: dict[str, Any], worker: None
) -> None:
    """Everyone ready -> the worker adjudicates; a passed deadline -> the sweep does."""
    spring = {
        "england": ["F lon - nth", "A lvp - yor", "F edi - nwg"],
        "germany": ["A mun - bur", "F kie - den", "A ber - kie"],
        "france": ["A par - bur"],
    }
    for power, orders in spring.items():
        services.orders_submit(game=started_game, user=players[power], orders=orders)
    for user in players.values():
        services.orders_ready(game=started_game, user=user, ready=True)
    fall = wait_for_phase(started_game, "F1901M")
    assert "F nth" in fall.position["units"]["england"]
    services.orders_submit(
        game=started_game, user=players["england"], orders=["F nth C A yor - nwy", "A yor - nwy"]
    )
    services.orders_submit(game=started_game, user=players["germany"], orders=["F den - swe"])
    # Nobody marks ready: the deadline passes and the sweep takes over.
    GamePhase.objects.filter(pk=fall.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    tasks.sweep_due_phases()
    winter = wait_for_phase(started_game, "W1901A")
    assert "nwy" in winter.position["centers"]["england"]
    assert "swe" in winter.position["centers"]["germany"]
    services.orders_submit(game=started_game, user=players["england"], orders=["Build F lon"])
    services.orders_submit(game=started_game, user=players["germany"], orders=["Build A ber"])
    # Only powers with adjustments to make need to be ready.
    services.orders_ready(game=started_game, user=players["england"], ready=True)
    services.orders_ready(game=started_game, user=players["germany"], ready=True)
    spring_1902 = wait_for_phase(started_game, "S1902M")
    assert "F lon" in spring_1902.position["units"]["england"]
    assert "A ber" in spring_1902.position["units"]["germany"]
    resolved = started_game.phases.filter(status=GamePhase.Status.RESOLVED).count()
    assert resolved == 3


def test_a_duels_boards_due_together_are_adjudicated_once_together(make_user: Any) -> None:
    from games.models import BoardLink

    alice, bob = make_user("alice"), make_user("bob")
    setup = {
        "nomination": "fixed",
        "fixed_setup": {
            "centers": {"red": ["par", "mar"], "blue": ["mos"]},
            "units": {"red": ["A par", "A mar"], "blue": ["A mos"]},
        },
    }
    board_a = services.game_create(
        created_by=alice,
        name="BoardLink",
        power="red",
        terms=GameTerms(
            variant_id="highlander", options=setup, duel=True, assignment=Game.Assignment.CHOSEN
        ),
    )
    services.game_join(game=board_a, user=bob, power="blue")
    board_b = BoardLink.objects.get(games=board_a).board("B")
    assert board_b is not None
    past = timezone.now() - timedelta(seconds=1)
    GamePhase.objects.filter(game__in=[board_a, board_b]).update(deadline=past)
    due = sorted(tasks.selectors.phases_due())
    assert len(due) == 2
    # Each board's task runs (twice, as after a redelivery): the duel advances one step.
    outcomes = [tasks.adjudicate_phase.apply(args=pair).get() for pair in due + due]
    assert outcomes.count(True) == 1
    for board in (board_a, board_b):
        assert [p.code for p in board.phases.order_by("index")] == ["F1901M", "F1902M"]
        assert current(board).deadline is not None


# -- issue 20: nothing a committed action does after its commit may fail it or be lost ----------


def _broker_down(*args: Any) -> None:
    raise ConnectionError("redis is away")


def test_the_last_ready_with_the_broker_down_answers_and_the_sweep_adjudicates(
    started_game: Game, players: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 6: the last "ready" while the broker was down answered 500 though the mark was
    saved, and the phase waited for its deadline (days)."""
    import json

    from django.test import Client
    from django.urls import reverse

    from games import selectors

    phase = current(started_game)
    monkeypatch.setattr(tasks.adjudicate_phase, "delay", _broker_down)
    for power, user in players.items():
        client = Client()
        client.force_login(user)
        answer = client.post(
            reverse("api:ready", args=[started_game.pk]),
            json.dumps({"ready": True, "phase": phase.index}),
            content_type="application/json",
        )
        assert answer.status_code == 200, (power, answer.content)
    phase.refresh_from_db()
    assert phase.status == GamePhase.Status.OPEN
    assert phase.deadline is not None
    assert phase.deadline > timezone.now() + timedelta(minutes=30)
    assert (started_game.pk, phase.pk) in selectors.phases_due()
    queued: list[tuple[int, int]] = []
    monkeypatch.setattr(tasks.adjudicate_phase, "delay", lambda g, p: queued.append((g, p)))
    assert tasks.sweep_due_phases() == 1  # the broker is back
    assert tasks.adjudicate_phase.apply(args=queued[0]).get() is True
    assert current(started_game).code == "F1901M"


def test_a_player_who_takes_back_ready_makes_the_phase_wait_for_its_deadline_again(
    started_game: Game, players: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from games import selectors

    monkeypatch.setattr(tasks.adjudicate_phase, "delay", _broker_down)
    for user in players.values():
        services.orders_ready(game=started_game, user=user, ready=True)
    phase = current(started_game)
    assert (started_game.pk, phase.pk) in selectors.phases_due()
    services.orders_ready(game=started_game, user=players["italy"], ready=False)
    assert (started_game.pk, phase.pk) not in selectors.phases_due()
    services.orders_ready(game=started_game, user=players["italy"], ready=True)
    services.orders_submit(game=started_game, user=players["italy"], orders=["A ven H"])
    assert (started_game.pk, phase.pk) not in selectors.phases_due()


def _email_for(user: Any, kind: str) -> None:
    from notifications.models import NotificationSetting, default_choices

    choices = default_choices()
    choices[kind] = ["inbox", "email"]
    NotificationSetting.objects.update_or_create(user=user, defaults={"choices": choices})


def test_a_broker_outage_after_the_commit_fails_no_request_and_loses_no_mail(
    started_game: Game, players: dict[str, Any], monkeypatch: pytest.MonkeyPatch, mailoutbox: Any
) -> None:
    """Item 7: on_commit(partial(...), robust=True) raised on Django 5.2 when the callback
    failed (a partial has no __qualname__): a 500 after the commit, the later callbacks
    skipped, and the e-mails left pending for ever."""
    import time_machine

    from notifications import tasks as notification_tasks
    from notifications.models import Delivery, Notification

    for power in ("france", "germany"):
        _email_for(players[power], "phase_adjudicated")
    monkeypatch.setattr(notification_tasks.deliver, "delay", _broker_down)
    phase = current(started_game)
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk) is True
    # Every player heard of it in the inbox: the callbacks after the failing one ran.
    assert Notification.objects.filter(kind="phase_adjudicated").count() == 7
    mails = Delivery.objects.filter(channel="email", kind="phase_adjudicated")
    assert mails.count() == 2
    assert set(mails.values_list("status", "attempts")) == {("pending", 0)}
    queued: list[int] = []
    monkeypatch.setattr(notification_tasks.deliver, "delay", queued.append)
    assert notification_tasks.requeue_deliveries() == 0  # too soon: their task may be coming
    with time_machine.travel(timezone.now() + timedelta(minutes=3), tick=False):
        assert notification_tasks.requeue_deliveries() == 2
        assert notification_tasks.requeue_deliveries() == 0  # queued again just now
    for pk in queued:
        notification_tasks.deliver.apply(args=(pk,))
    assert set(mails.values_list("status", flat=True)) == {"sent"}
    assert len(mailoutbox) == 2


def test_a_worker_killed_after_the_commit_loses_no_notification(
    started_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 9: a worker killed between the phase's commit and its notifications lost them
    for good. The event is written with the phase; beat dispatches what was left."""
    import time_machine

    from games import events
    from games.models import GameEvent
    from notifications.models import Notification

    monkeypatch.setattr(events, "after_commit", lambda *args, **kwargs: None)  # killed
    phase = current(started_game)
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=phase.pk) is True
    assert not Notification.objects.filter(kind="phase_adjudicated").exists()
    event = GameEvent.objects.get(kind="phase_adjudicated")
    assert event.dispatched_at is None
    assert event.key == f"adjudicated:{phase.pk}"
    assert tasks.dispatch_events() == 0  # its own dispatch may still be on the way
    with time_machine.travel(timezone.now() + timedelta(minutes=1), tick=False):
        assert tasks.dispatch_events() == 1
        assert tasks.dispatch_events() == 0
    assert Notification.objects.filter(kind="phase_adjudicated").count() == 7
    assert events.event_dispatch(event.pk) is False  # at most once through here


def test_a_failing_listener_leaves_the_event_for_the_sweep_and_is_given_up_in_the_end(
    started_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games import events
    from games.extension_points import game_listeners
    from games.models import GameEvent, GameEventDispatch
    from notifications.models import Notification

    def broken(event: Any) -> None:
        raise RuntimeError("listener bug")

    monkeypatch.setattr(game_listeners, "_entries", [broken, *game_listeners.entries()])
    services.phase_adjudicate(game_id=started_game.pk, phase_id=current(started_game).pk)
    event = GameEvent.objects.get(kind="phase_adjudicated")
    assert (event.dispatched_at, event.attempts) == (None, 1)
    assert "listener bug" in event.last_error
    # The other listeners' work is not rolled back with the broken one (F6).
    assert Notification.objects.filter(kind="phase_adjudicated").count() == 7
    for _ in range(events.MAX_ATTEMPTS - 1):
        assert events.event_dispatch(event.pk) is False
    event.refresh_from_db()
    assert event.given_up
    record = GameEventDispatch.objects.get(event=event, listener=events.listener_name(broken))
    assert (record.attempts, record.given_up, record.done_at) == (events.MAX_ATTEMPTS, True, None)
    assert events.events_undispatched(now=timezone.now() + timedelta(hours=1)) == []
    assert Notification.objects.filter(kind="phase_adjudicated").count() == 7  # heard once


def test_each_listener_fails_alone_and_the_sweep_retries_only_the_failed_one(
    started_game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F6: all listeners of an event ran in one transaction, so a failing tournaments
    listener rolled back the notifications of the same event. Now the notifications land
    and stay, and the sweep tries again only the listener that failed, until it works."""
    import time_machine

    from games import events
    from games.extension_points import game_listeners
    from games.models import GameEvent, GameEventDispatch
    from notifications.models import Notification

    heard: list[int] = []
    failing = [True]

    def flaky(event: Any) -> None:
        if failing[0]:
            raise RuntimeError("tournaments is down")
        heard.append(event.pk)

    monkeypatch.setattr(game_listeners, "_entries", [*game_listeners.entries(), flaky])
    services.phase_adjudicate(game_id=started_game.pk, phase_id=current(started_game).pk)
    event = GameEvent.objects.get(kind="phase_adjudicated")
    assert event.dispatched_at is None
    assert Notification.objects.filter(kind="phase_adjudicated").count() == 7
    records = {r.listener: r for r in GameEventDispatch.objects.filter(event=event)}
    assert records[events.listener_name(flaky)].attempts == 1
    assert all(r.done_at for name, r in records.items() if name != events.listener_name(flaky))

    failing[0] = False
    with time_machine.travel(timezone.now() + timedelta(minutes=1), tick=False):
        assert tasks.dispatch_events() == 1
        assert tasks.dispatch_events() == 0
    event.refresh_from_db()
    assert event.dispatched_at is not None
    assert not event.given_up
    assert heard == [event.pk]
    record = GameEventDispatch.objects.get(event=event, listener=events.listener_name(flaky))
    assert (record.attempts, record.done_at is not None) == (2, True)
    # The listeners done the first time were not called again.
    others = GameEventDispatch.objects.filter(event=event).exclude(pk=record.pk)
    assert set(others.values_list("attempts", flat=True)) == {1}
    assert Notification.objects.filter(kind="phase_adjudicated").count() == 7


def _broken_adjudicator(monkeypatch: pytest.MonkeyPatch) -> None:
    def resolve(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("a bug in the variant")

    monkeypatch.setattr(resolving, "resolve", resolve)


def test_a_phase_that_cannot_be_adjudicated_is_given_up_to_the_moderators(
    started_game: Game,
    players: dict[str, Any],
    site_moderator: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Item 10: a phase whose adjudication raised was queued by the sweep every minute,
    for ever and silently. After a few tries it waits for a moderator, who is told."""
    from django.test import Client
    from django.urls import reverse

    from games import selectors
    from games.services import moderation
    from notifications.models import Notification

    _broken_adjudicator(monkeypatch)
    phase = current(started_game)
    GamePhase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    monkeypatch.setattr(
        tasks.adjudicate_phase, "delay", lambda g, p: tasks.adjudicate_phase.apply(args=(g, p))
    )
    for attempt in range(1, services.MAX_ADJUDICATION_FAILURES + 1):
        cache.delete(f"sweep-queued:{phase.pk}")  # as when the sweep's hold expires
        assert tasks.sweep_due_phases() == 1
        phase.refresh_from_db()
        assert phase.failures == attempt
        assert "a bug in the variant" in phase.last_failure
    assert phase.stuck_since is not None
    assert phase.status == GamePhase.Status.OPEN
    cache.delete(f"sweep-queued:{phase.pk}")
    assert tasks.sweep_due_phases() == 0  # no longer queued every minute
    told = set(Notification.objects.filter(kind="phase_stuck").values_list("user_id", flat=True))
    assert told == {u.pk for u in players.values()} | {site_moderator.pk}
    rows = selectors.games_to_moderate(user=site_moderator)
    assert rows[0]["game"] == started_game
    assert rows[0]["needs"][0] == "stuck"
    player_page = Client()
    player_page.force_login(players["england"])
    html = player_page.get(reverse("games:detail", args=[started_game.pk])).content.decode()
    assert "could not be adjudicated" in html
    assert "a bug in the variant" not in html  # the error is for the moderators
    state = player_page.get(reverse("api:state", args=[started_game.pk])).json()
    assert state["moderation"]["stuck"]["phase"] == "S1901M"
    assert "error" not in state["moderation"]["stuck"]
    moderator_page = Client()
    moderator_page.force_login(site_moderator)
    html = moderator_page.get(reverse("games:detail", args=[started_game.pk])).content.decode()
    assert "a bug in the variant" in html
    monkeypatch.undo()  # the cause is fixed
    monkeypatch.setattr(
        tasks.adjudicate_phase, "delay", lambda g, p: tasks.adjudicate_phase.apply(args=(g, p))
    )
    moderation.phase_retry(game=started_game, by=site_moderator, reason="Variant fixed.")
    phase.refresh_from_db()
    assert phase.status == GamePhase.Status.RESOLVED
    assert current(started_game).code == "F1901M"


def test_a_ruling_on_the_phase_before_resumes_a_stuck_game(
    started_game: Game, site_moderator: Any, monkeypatch: pytest.MonkeyPatch
) -> None:

    spring = current(started_game)
    assert services.phase_adjudicate(game_id=started_game.pk, phase_id=spring.pk)
    fall = current(started_game)
    GamePhase.objects.filter(pk=fall.pk).update(
        stuck_since=timezone.now(), failures=3, last_failure="bad stored data"
    )
    spring.refresh_from_db()
    rulings.ruling_apply(
        game=started_game, by=site_moderator, phase=spring, orders={}, reason="Repaired."
    )
    reopened = current(started_game)
    assert reopened.code == "F1901M"
    assert reopened.pk != fall.pk
    assert reopened.stuck_since is None
    fall.refresh_from_db()
    assert fall.status == GamePhase.Status.SUPERSEDED
