"""runsite's processes (games/management/commands/runsite.py), checked without starting
them: what each runs, where beat keeps its schedule, and the demo bot beside them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.management.commands.runsite import beat_schedule, local_url, process_commands


def test_beat_keeps_its_schedule_beside_the_brokers_folders(settings: Any, tmp_path: Path) -> None:
    # Two sites run from one checkout, each with its own CELERY_BROKER_DIR, must not
    # share one schedule file in the checkout.
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {
        "control_folder": str(tmp_path / "mine" / "control")
    }
    assert beat_schedule() == tmp_path / "mine" / "beat-schedule"
    beat = process_commands(host="127.0.0.1", port=8123, demo=False)["beat"]
    assert beat[beat.index("--schedule") + 1] == str(tmp_path / "mine" / "beat-schedule")


def test_with_redis_beat_keeps_its_schedule_in_a_broker_folder_it_makes(
    settings: Any, tmp_path: Path
) -> None:
    if hasattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS"):
        del settings.CELERY_BROKER_TRANSPORT_OPTIONS
    settings.BASE_DIR = tmp_path
    assert beat_schedule() == tmp_path / ".broker" / "beat-schedule"
    assert (tmp_path / ".broker").is_dir()


def test_runsite_runs_the_demo_bot_unless_told_no_demo() -> None:
    with_demo = process_commands(host="127.0.0.1", port=8123, demo=True)
    assert set(with_demo) == {"web", "worker", "beat", "bots", "demo"}
    assert with_demo["demo"][-1] == "demo_bot"
    assert set(process_commands(host="127.0.0.1", port=8123, demo=False)) == {
        "web",
        "worker",
        "beat",
        "bots",  # the site's own bots play practice games, demo or not
    }


def test_web_listens_where_it_is_told() -> None:
    web = process_commands(host="0.0.0.0", port=8123, demo=False)["web"]
    assert web[web.index("-b") + 1] == "0.0.0.0"
    assert web[web.index("-p") + 1] == "8123"


def test_the_sites_bots_ask_the_api_where_web_serves() -> None:
    bots = process_commands(host="127.0.0.1", port=8123, demo=False)["bots"]
    assert bots[-3:] == ["run_bots", "--url", "http://127.0.0.1:8123"]


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("0.0.0.0", "http://127.0.0.1:8000"),
        ("::", "http://[::1]:8000"),
        ("::1", "http://[::1]:8000"),
        ("192.168.1.5", "http://192.168.1.5:8000"),
        ("localhost", "http://localhost:8000"),
    ],
)
def test_a_site_served_on_every_address_is_asked_on_this_machines_own(host: str, url: str) -> None:
    assert local_url(host, 8000) == url
