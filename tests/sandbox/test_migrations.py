"""Sandboxes made before the allowance are counted by its migration (sandbox 0002): each
phase's size, and each owner's total, so the limit holds for what was stored before."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("sandbox", "0001_sandboxes_and_their_phases")]
AFTER = [("sandbox", "0002_sandbox_allowance_and_phase_sizes")]


def _apps_at(target: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_phases_stored_before_are_sized_and_counted_for_their_owner() -> None:
    from sandbox.models import SandboxPhase as Current

    try:
        old = _apps_at(BEFORE)
        User = old.get_model("auth", "User")
        Sandbox, Phase = (
            old.get_model("sandbox", "Sandbox"),
            old.get_model("sandbox", "SandboxPhase"),
        )
        keen, idle = User.objects.create(username="keen"), User.objects.create(username="idle")
        User.objects.create(username="none")
        stored = {"phase": "S1901M", "units": {"france": ["A par"]}, "centers": {}}
        for owner, count in ((keen, 3), (idle, 1)):
            for n in range(count):
                sandbox = Sandbox.objects.create(
                    owner=owner, title=f"{n}", share_code=f"{owner.pk}-{n}"
                )
                Phase.objects.create(
                    sandbox=sandbox, code="S1901M", position=stored, orders={"france": ["A par H"]}
                )

        new = _apps_at(AFTER)
        Phase = new.get_model("sandbox", "SandboxPhase")
        Allowance = new.get_model("sandbox", "SandboxAllowance")
        one = Current(code="S1901M", position=stored, orders={"france": ["A par H"]}).stored_size()
        assert set(Phase.objects.values_list("size", flat=True)) == {one}
        totals = dict(Allowance.objects.values_list("owner__username", "stored_bytes"))
        assert totals == {"keen": 3 * one, "idle": one}
    finally:
        _apps_at(MigrationExecutor(connection).loader.graph.leaf_nodes())
