"""Upgrades without stopping: during a deploy, web processes and workers of the old code
and of the new one run side by side on one database, so a migration may add (a table, a
nullable column, a column with a database default) but not remove, rename or tighten what
the old code still reads and writes. Every migration made since that rule
(deploy/migrations-before-zero-downtime.txt lists the ones before it) is linted by
django-migration-linter; a removal is done in a later release, once no running code uses
the column, and marked there with the linter's ``IgnoreMigration`` and a comment saying
which release stopped using it."""

from __future__ import annotations

import tempfile
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.test import TransactionTestCase

ROOT = Path(settings.BASE_DIR)
on_postgresql = connection.vendor == "postgresql"
BEFORE = ROOT / "deploy" / "migrations-before-zero-downtime.txt"
#: The site's own apps (the others' migrations are their authors' business).
OURS = ("core", "accounts", "variants", "games", "notifications", "tournaments", "sandbox")


def migrations_since_the_rule() -> list[str]:
    before = {line.strip() for line in BEFORE.read_text().splitlines() if not line.startswith("#")}
    loader = MigrationLoader(None, ignore_no_migrations=True)
    return sorted(
        f"{app}/migrations/{name}.py"
        for app, name in loader.disk_migrations
        if app in OURS and f"{app}/migrations/{name}.py" not in before
    )


def lint(paths: list[str]) -> tuple[bool, str]:
    """django-migration-linter on ``paths``: (all fine, what it said)."""
    out = StringIO()
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as listed:
        listed.write("".join(f"{ROOT / p}\n" for p in paths))
        listed.flush()
        # The linter prints its findings (not through the command's stdout).
        with redirect_stdout(out), redirect_stderr(out):
            try:
                call_command("lintmigrations", include_migrations_from=listed.name, no_cache=True)
            except SystemExit as exit:
                return exit.code in (0, None), out.getvalue()
    return True, out.getvalue()


@pytest.mark.skipif(
    not on_postgresql,
    reason="a deployment runs PostgreSQL; on SQLite adding any column rebuilds the table, "
    "which the linter (rightly, there) refuses",
)
class UpgradesWithoutStopping(TransactionTestCase):

    def test_every_migration_since_the_rule_lets_old_and_new_code_run_together(self) -> None:
        new = migrations_since_the_rule()
        assert "core/migrations/0001_heartbeat.py" in new
        fine, said = lint(new)
        assert fine, said
        assert "0001_heartbeat" in said

    def test_the_check_bites_on_a_removal(self) -> None:
        # games 0009 removed a field before the rule: the linter refuses it.
        fine, said = lint(["games/migrations/0009_reminded_powers.py"])
        assert not fine
        assert "DROPPING columns" in said or "ERR" in said, said

    def test_the_list_before_the_rule_names_only_migrations_that_exist(self) -> None:
        listed = [line for line in BEFORE.read_text().splitlines() if not line.startswith("#")]
        assert all((ROOT / path).exists() for path in listed), listed
