"""What one account's sandboxes may take: a number of sandboxes and a number of bytes, both
held under the owner's allowance row, so that requests at once cannot pass them (250
concurrent creates left 201 sandboxes of 200; 40 at 190 left 205), and one account can no
longer store about 0.9 GB of sandbox phases. The races run with threads, on PostgreSQL in
CI (``DATABASE_URL``), where they overshot."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connections
from django.db.models import Sum
from rest_framework.test import APIClient

from core.errors import ApplicationError
from sandbox import services
from sandbox.models import Sandbox, SandboxAllowance, SandboxPhase

pytestmark = pytest.mark.django_db(transaction=True)

ATTACK = {"france": ["A par - bur", "A mar S A par - bur"], "germany": ["A mun - bur"]}


def standard(owner: Any) -> Sandbox:
    return services.sandbox_create(owner=owner, variant_id="standard")


def root(sandbox: Sandbox) -> SandboxPhase:
    return sandbox.phases.get(parent=None, depth=0)


def stored(owner: Any) -> int:
    """What the owner's allowance says his phases store."""
    row = SandboxAllowance.objects.filter(owner=owner).first()
    return row.stored_bytes if row is not None else 0


def counted(owner: Any) -> int:
    """What his phases store, counted afresh (each one measured again)."""
    return sum(p.stored_size() for p in SandboxPhase.objects.filter(sandbox__owner=owner))


def at_once(calls: list[Callable[[], Any]]) -> tuple[int, list[str]]:
    """Run ``calls`` in threads released together; how many succeeded, and the messages
    of those refused (any other error fails the test)."""
    barrier = threading.Barrier(len(calls))
    done: list[bool] = []
    refused: list[str] = []
    errors: list[BaseException] = []

    def run(call: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            call()
            done.append(True)
        except ApplicationError as e:
            refused.append(str(e.message))
        except BaseException as e:  # reported below, in the test's thread
            errors.append(e)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    return len(done), refused


def _slow_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """Widen the moment between the count and the commit, as a busy server does."""
    import time

    real = services.start

    def start(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.05)
        return real(*args, **kwargs)

    monkeypatch.setattr(services, "start", start)


def test_concurrent_creates_at_the_cap_leave_exactly_the_cap(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    owner = make_user("owner")
    monkeypatch.setattr(services, "MAX_SANDBOXES_PER_OWNER", 12)
    for _ in range(9):  # three short of the cap
        standard(owner)
    _slow_start(monkeypatch)
    made, refused = at_once([lambda: standard(owner) for _ in range(16)])
    assert made == 3
    assert len(refused) == 13
    assert set(refused) == {"You have 12 sandboxes, as many as one may keep: delete one first."}
    assert Sandbox.objects.filter(owner=owner).count() == 12
    assert stored(owner) == counted(owner)


def test_concurrent_forks_and_creates_share_the_one_cap(
    make_user: Any, started_game: Any, players: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    england = players["england"]
    monkeypatch.setattr(services, "MAX_SANDBOXES_PER_OWNER", 3)
    phase = started_game.phases.get()
    _slow_start(monkeypatch)
    calls: list[Callable[[], Any]] = []
    for _ in range(6):
        calls.append(lambda: standard(england))
        calls.append(lambda: services.sandbox_fork(user=england, phase=phase))
    made, _refused = at_once(calls)
    assert made == 3
    assert Sandbox.objects.filter(owner=england).count() == 3


def test_concurrent_adjudications_never_pass_the_stored_size(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    owner = make_user("owner")
    sandboxes = [standard(owner) for _ in range(8)]
    # Room for about three adjudications (each stores the results and a next phase).
    one = SandboxPhase.objects.filter(sandbox__owner=owner).first()
    assert one is not None
    room = stored(owner) + 3 * 3 * one.size
    monkeypatch.setattr(services, "MAX_STORED_BYTES_PER_OWNER", room)
    made, refused = at_once(
        [
            lambda s=s: services.sandbox_adjudicate(user=owner, phase=root(s), orders=ATTACK)
            for s in sandboxes
        ]
    )
    assert 1 <= made < len(sandboxes)
    assert len(refused) == len(sandboxes) - made
    assert stored(owner) <= room
    assert stored(owner) == counted(owner)
    # A refused adjudication wrote nothing: its sandbox is still at its start alone.
    untouched = [s for s in sandboxes if s.phases.count() == 1]
    assert len(untouched) == len(refused)


def test_an_owners_sandboxes_store_a_limited_size_and_deleting_one_makes_room(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    owner = make_user("owner")
    first = standard(owner)
    size = stored(owner)
    assert size > 0
    # Room for a second sandbox and no more.
    monkeypatch.setattr(services, "MAX_STORED_BYTES_PER_OWNER", 2 * size + size // 2)
    second = standard(owner)
    with pytest.raises(ApplicationError) as full:
        standard(owner)
    assert "Your sandboxes take all the room one account may have" in full.value.message
    assert full.value.extra == {"reason_code": "sandbox_storage_full"}
    assert Sandbox.objects.filter(owner=owner).count() == 2
    # Adjudicating inside a sandbox adds phases: refused too, and nothing is written.
    with pytest.raises(ApplicationError):
        services.sandbox_adjudicate(user=owner, phase=root(second), orders=ATTACK)
    assert second.phases.count() == 1
    assert root(second).results is None
    assert stored(owner) == counted(owner) == 2 * size
    services.sandbox_delete(user=owner, sandbox=first)
    assert stored(owner) == counted(owner) == size
    standard(owner)  # the room the deleted one took
    assert Sandbox.objects.filter(owner=owner).count() == 2


def test_the_running_total_follows_every_verb(
    make_user: Any, started_game: Any, players: dict[str, Any]
) -> None:
    owner = players["england"]
    sandbox = standard(owner)
    assert stored(owner) == counted(owner) > 0
    services.sandbox_fork(user=owner, phase=started_game.phases.get())
    assert stored(owner) == counted(owner)
    services.sandbox_orders_save(user=owner, phase=root(sandbox), orders=ATTACK)
    assert stored(owner) == counted(owner)
    fall = services.sandbox_adjudicate(user=owner, phase=root(sandbox), orders={})
    assert stored(owner) == counted(owner)
    services.sandbox_adjudicate(user=owner, phase=fall, orders={})
    services.sandbox_branch(user=owner, phase=root(sandbox), orders=ATTACK)  # a branch
    assert SandboxPhase.objects.filter(sandbox=sandbox).count() == 5
    assert stored(owner) == counted(owner)
    total = SandboxPhase.objects.filter(sandbox__owner=owner).aggregate(t=Sum("size"))["t"]
    assert stored(owner) == total
    services.sandbox_delete(user=owner, sandbox=sandbox)
    assert stored(owner) == counted(owner)
    # A stranger's attempt leaves the owner's allowance alone.
    stranger = players["france"]
    with pytest.raises(services.NotOwner):
        services.sandbox_delete(user=stranger, sandbox=Sandbox.objects.get(owner=owner))
    assert not SandboxAllowance.objects.filter(owner=stranger).exists()


def test_a_full_account_is_told_why_by_the_api(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.urls import reverse

    from accounts import services as accounts_services

    owner = make_user("owner")
    standard(owner)
    monkeypatch.setattr(services, "MAX_STORED_BYTES_PER_OWNER", stored(owner))
    client = APIClient()
    _token, key = accounts_services.api_token_create(user=owner, name="test")
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    answer = client.post(reverse("api:sandboxes"), {"variant": "standard"}, format="json")
    assert answer.status_code == 400
    assert "Your sandboxes take all the room" in answer.json()["message"]
    assert answer.json()["reason_code"] == "sandbox_storage_full"
    assert Sandbox.objects.filter(owner=owner).count() == 1
