"""The settings the tests run with (pyproject.toml names this module): the site's own
(diplosite/settings.py, read from the same environment and ``.env``), except that the
tests never share a broker, a cache or a channel layer with a site run from the same
checkout or on the same Redis.

A site running beside the test suite (the README's two commands, side by side) once took
the tests' tasks from the shared broker folder: 113 adjudications of phases that did not
exist in its database failed in its log, and one named an open phase of its demo game,
which it resolved a day early with Austria's units holding. And on Redis every test's
fresh cache (``cache.clear()``: FLUSHDB) would wipe the site's queued tasks, throttles and
channel groups. So:

- embedded (no ``REDIS_URL``): the broker is a folder of this test process's own, made
  afresh and removed when the process ends, never the site's ``CELERY_BROKER_DIR``;
- with ``REDIS_URL``: the broker, the cache and the channel layer use a Redis database
  of their own, ``TEST_REDIS_URL`` if set, else the database after ``REDIS_URL``'s (the
  one before for database 15, Redis's last by default), as Django gives the tests a
  database of their own (``test_<name>``).
"""

from __future__ import annotations

import atexit
import copy
import os
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from diplosite import settings as _site
from diplosite.settings import *  # noqa: F403  (the site's settings, then the changes below)

#: Redis's databases by default (``databases 16``): 0 to 15.
_REDIS_LAST_DATABASE = 15


def redis_url_for_tests(url: str, *, override: str = "") -> str:
    """The Redis URL the tests use when the site's is ``url``: ``override``
    (``TEST_REDIS_URL``) if given, else the same server's next database (the one before
    for the last).

    >>> redis_url_for_tests("redis://127.0.0.1:6379/0")
    'redis://127.0.0.1:6379/1'
    >>> redis_url_for_tests("redis://127.0.0.1:6379")
    'redis://127.0.0.1:6379/1'
    >>> redis_url_for_tests("redis://:secret@redis:6379/15?socket_timeout=2")
    'redis://:secret@redis:6379/14?socket_timeout=2'
    >>> redis_url_for_tests("redis://127.0.0.1:6379/0", override="redis://127.0.0.1:6379/9")
    'redis://127.0.0.1:6379/9'
    """
    if override:
        return override
    parts = urlsplit(url)
    path = parts.path.strip("/")
    database = int(path) if path.isdigit() else 0
    ours = database + 1 if database < _REDIS_LAST_DATABASE else database - 1
    return urlunsplit(parts._replace(path=f"/{ours}"))


def _broker_folder() -> Path:
    """A broker folder of this process's own, removed when it ends (by this process only:
    a forked live server exits without removing its parent's)."""
    folder = Path(tempfile.mkdtemp(prefix="diplo-tests-broker-"))
    for name in ("out", "processed", "control"):
        (folder / name).mkdir()
    owner = os.getpid()

    def remove() -> None:
        if os.getpid() == owner:
            shutil.rmtree(folder, ignore_errors=True)

    atexit.register(remove)
    return folder


if _site.REDIS_URL:
    REDIS_URL = redis_url_for_tests(_site.REDIS_URL, override=os.environ.get("TEST_REDIS_URL", ""))
    CELERY_BROKER_URL = REDIS_URL
    CHANNEL_LAYERS = copy.deepcopy(_site.CHANNEL_LAYERS)
    for _host in CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]:
        _host["address"] = REDIS_URL
    CACHES = copy.deepcopy(_site.CACHES)
    CACHES["default"]["LOCATION"] = REDIS_URL
else:
    _folder = _broker_folder()
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        **_site.CELERY_BROKER_TRANSPORT_OPTIONS,
        "data_folder_in": str(_folder / "out"),
        "data_folder_out": str(_folder / "out"),
        "processed_folder": str(_folder / "processed"),
        "control_folder": str(_folder / "control"),
    }


# The zero-downtime check of new migrations (tests/test_migrations.py) is a management
# command of django-migration-linter: a development tool, installed for the tests only.
INSTALLED_APPS = [*INSTALLED_APPS, "django_migration_linter"]  # noqa: F405
