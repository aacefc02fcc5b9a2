"""The tests run with a broker of their own (tests/settings.py): a site started from the same
checkout, or on the same Redis, with the same environment, never takes the tests' tasks,
and the tests' fresh cache never empties the site's Redis.

Before, the README's two commands run side by side shared the broker folder: the site's
worker took 113 of the tests' adjudication tasks, and resolved its demo game's open phase
a day early with one of them."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

from django.conf import settings

from core import queue
from diplosite.celery import app

SITE_SETTINGS = Path(__file__).resolve().parents[2] / "diplosite" / "settings.py"


def site_settings() -> ModuleType:
    """diplosite/settings.py read afresh under this very environment: what a site started
    here (``manage.py runsite``) would use."""
    spec = importlib.util.spec_from_file_location("site_settings_beside_the_tests", SITE_SETTINGS)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _database(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port or 6379}/{parts.path.strip('/') or '0'}"


def test_the_tests_broker_is_never_the_sites() -> None:
    site = site_settings()
    if site.REDIS_URL:
        # A Redis database of their own, for everything the tests write there: the broker,
        # the cache (which each test empties) and the channel layer.
        theirs = _database(site.REDIS_URL)
        assert _database(settings.CELERY_BROKER_URL) != theirs
        assert _database(app.conf.broker_url) != theirs
        assert _database(settings.CACHES["default"]["LOCATION"]) != theirs
        for host in settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]:
            assert _database(host["address"]) != theirs
    else:
        ours = Path(app.conf.broker_transport_options["data_folder_in"]).resolve()
        theirs = Path(site.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"]).resolve()
        assert ours != theirs
        # Nor anywhere in the checkout's default folder, whatever CELERY_BROKER_DIR says.
        assert not ours.is_relative_to((Path(settings.BASE_DIR) / ".broker").resolve())
        for key in ("data_folder_out", "processed_folder", "control_folder"):
            assert Path(app.conf.broker_transport_options[key]).resolve().parent == ours.parent


def _reset_connections() -> None:
    """Forget pooled broker connections (a worker fixture may have changed the options)."""
    app._pool = None
    app.amqp._producer_pool = None


def test_a_task_the_tests_queue_reaches_their_broker_and_not_the_sites() -> None:
    site = site_settings()
    _reset_connections()
    if site.REDIS_URL:
        import redis

        queue_name = app.conf.task_default_queue
        theirs = redis.Redis.from_url(site.REDIS_URL)
        ours = redis.Redis.from_url(settings.CELERY_BROKER_URL)
        before = theirs.llen(queue_name)
        ours.delete(queue_name)
        assert queue.task_send("games.tasks.adjudicate_phase", 1, 1)
        assert ours.llen(queue_name) == 1
        assert theirs.llen(queue_name) <= before
        ours.delete(queue_name)
        return
    ours = Path(app.conf.broker_transport_options["data_folder_out"])
    theirs = Path(site.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_out"])
    site_before = set(theirs.iterdir())
    ours_before = set(ours.iterdir())
    assert queue.task_send("games.tasks.adjudicate_phase", 1, 1)
    assert len(set(ours.iterdir()) - ours_before) == 1
    assert set(theirs.iterdir()) - site_before == set()
