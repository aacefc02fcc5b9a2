"""Shared plumbing for the site benchmarks (bench/site_*.py): a throw-away PostgreSQL
database, a private Redis database, child processes that are always stopped, and a
Django set up against all of that.

Everything here talks to loopback only. Nothing is left behind: the database is dropped,
the Redis database flushed and every child process stopped, also when a benchmark fails
or is interrupted (Ctrl-C or SIGTERM).
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType, ModuleType
from typing import IO, Any
from urllib.parse import unquote, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
# Running bench/x.py puts bench/ first on sys.path, where bench/adjudicator.py would hide
# the adjudicator package. The repository root goes first, bench/ (for this module) second.
sys.path[:] = [str(ROOT), str(BENCH)] + [
    p for p in sys.path if Path(p or ".").resolve() not in (ROOT, BENCH)
]

PYTHON = sys.executable
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")

#: Legal Spring 1901 orders for every power (checked by the adjudicator at set-up).
SPRING_1901 = {
    "austria": ["A vie - gal", "A bud - ser", "F tri - alb"],
    "england": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
    "france": ["A par - bur", "A mar - spa", "F bre - mao"],
    "germany": ["A ber - kie", "A mun - ruh", "F kie - den"],
    "italy": ["A ven - tyr", "A rom - apu", "F nap - ion"],
    "russia": ["A mos - ukr", "A war - gal", "F sev - bla", "F stp/sc - bot"],
    "turkey": ["A con - bul", "A smy - arm", "F ank - bla"],
}


# -- the environment ---------------------------------------------------------------------


def say(text: str = "") -> None:
    print(text, flush=True)


def require_services(script: str) -> tuple[str, str]:
    """DATABASE_URL and REDIS_URL from the environment, or exit 2 saying what is missing."""
    database_url = os.environ.get("DATABASE_URL", "")
    redis_url = os.environ.get("REDIS_URL", "")
    if not database_url or not redis_url:
        sys.stderr.write(
            f"{script} needs the real PostgreSQL and Redis. Set both, for example:\n"
            "  DATABASE_URL=postgres://diplo:diplo@127.0.0.1:5432/diplo \\\n"
            "  REDIS_URL=redis://127.0.0.1:6379/0 \\\n"
            f"  .venv/bin/python bench/{script}\n"
            "(the role must be allowed to create databases; the benchmark makes and drops "
            "its own database and uses its own Redis database number).\n"
        )
        sys.exit(2)
    db = urlsplit(database_url)
    redis = urlsplit(redis_url)
    if db.scheme not in ("postgres", "postgresql", "pgsql") or redis.scheme != "redis":
        sys.stderr.write(f"{script}: DATABASE_URL must be postgres://, REDIS_URL redis://\n")
        sys.exit(2)
    for url in (db, redis):
        if (url.hostname or "localhost") not in LOOPBACK:
            sys.stderr.write(
                f"{script}: only loopback servers are benchmarked, not {url.hostname}\n"
            )
            sys.exit(2)
    return database_url, redis_url


def raise_fd_limit(wanted: int) -> int:
    """Raise the soft limit on open files towards ``wanted`` (up to the hard limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return int(soft)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def terminate_on_sigterm() -> Iterator[None]:
    """Turn SIGTERM into SystemExit, so that ``finally`` blocks clean up."""

    def handler(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


# -- PostgreSQL -------------------------------------------------------------------------------


def _admin_conninfo(database_url: str) -> dict[str, Any]:
    url = urlsplit(database_url)
    return {
        "host": url.hostname or "127.0.0.1",
        "port": url.port or 5432,
        "user": unquote(url.username or ""),
        "password": unquote(url.password or ""),
        "dbname": "postgres",
        "connect_timeout": 10,
    }


@contextlib.contextmanager
def fresh_database(database_url: str, name: str) -> Iterator[str]:
    """Create database ``name`` beside the one in ``database_url``; yield its URL; drop it."""
    import psycopg

    if not name.replace("_", "").isalnum():
        raise ValueError(f"bad database name {name!r}")
    info = _admin_conninfo(database_url)
    with psycopg.connect(**info, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    url = urlsplit(database_url)
    try:
        yield urlunsplit((url.scheme, url.netloc, f"/{name}", url.query, url.fragment))
    finally:
        # Close our own connections first (if Django is loaded), then force out the rest.
        if "django.db" in sys.modules:
            close_database()
        with psycopg.connect(**info, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def close_database() -> None:
    """Close this process's database connections, and its connection pool if it has one
    (settings.py pools them: closing a connection only gives it back to the pool)."""
    from django.db import connections

    for conn in connections.all(initialized_only=True):
        conn.close()
        if getattr(conn, "pool", None) is not None:
            conn.close_pool()


# -- Redis ----------------------------------------------------------------------------------


def redis_url_with_db(redis_url: str, db: int) -> str:
    url = urlsplit(redis_url)
    return urlunsplit((url.scheme, url.netloc, f"/{db}", url.query, url.fragment))


@contextlib.contextmanager
def private_redis(redis_url: str, db: int) -> Iterator[str]:
    """Flush Redis database ``db``, yield its URL, and flush it again afterwards."""
    import redis

    url = redis_url_with_db(redis_url, db)
    client = redis.Redis.from_url(url, socket_timeout=10)
    keys = int(client.dbsize())
    if keys:
        say(f"note: Redis database {db} held {keys} keys; flushing them")
    client.flushdb()
    try:
        yield url
    finally:
        client.flushdb()
        client.close()


# -- child processes --------------------------------------------------------------------


class Children:
    """Child processes, each in its own process group, with output in a temporary folder.

    ``stop_all`` sends SIGTERM to each group it started, then SIGKILL to what is left.
    """

    def __init__(self, env: dict[str, str], keep_logs: bool = False) -> None:
        self.env = env
        self.keep_logs = keep_logs
        self.folder = Path(tempfile.mkdtemp(prefix="bench-site-"))
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self._files: list[IO[bytes]] = []

    def log(self, name: str) -> Path:
        return self.folder / f"{name}.log"

    def start(
        self,
        name: str,
        argv: Sequence[str],
        extra_env: dict[str, str] | None = None,
        pass_fds: Sequence[int] = (),
    ) -> None:
        out = open(self.log(name), "wb")  # noqa: SIM115 (closed in stop_all)
        self._files.append(out)
        self.procs[name] = subprocess.Popen(
            list(argv),
            cwd=ROOT,
            env={**self.env, **(extra_env or {})},
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            pass_fds=tuple(pass_fds),
        )

    def check_alive(self) -> None:
        for name, proc in self.procs.items():
            if proc.poll() is not None:
                raise RuntimeError(f"{name} exited early with status {proc.returncode}")

    def wait_for_line(self, name: str, text: str, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if text in self.log(name).read_text(errors="replace"):
                return
            self.check_alive()
            time.sleep(0.1)
        raise RuntimeError(f"{name} did not say {text!r} within {seconds:.0f} s")

    def stop(self, name: str, seconds: float = 15.0) -> None:
        proc = self.procs[name]
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=seconds)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)

    def stop_all(self) -> None:
        for name in list(self.procs):
            self.stop(name)
        for f in self._files:
            f.close()

    def tail(self, name: str, lines: int = 30) -> str:
        path = self.log(name)
        if not path.exists():
            return ""
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])

    def cleanup(self, failed: bool) -> None:
        self.stop_all()
        if failed:
            for name in self.procs:
                text = self.tail(name)
                if text:
                    sys.stderr.write(f"--- last lines of {name} ---\n{text}\n")
        if self.keep_logs:
            say(f"logs kept in {self.folder}")
        else:
            for path in self.folder.iterdir():
                path.unlink()
            self.folder.rmdir()


def shared_listener(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1:``port`` for several Daphne processes at once
    (``daphne --fd``): the kernel hands each new connection to one of them, as a process
    manager (circus, systemd socket activation) does in production. Close it once they run."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(1024)
    listener.set_inheritable(True)
    return listener


def start_daphnes(children: Children, port: int, count: int, **argv: Any) -> list[str]:
    """``count`` Daphne processes serving 127.0.0.1:``port`` (one as runsite starts it, or
    several sharing one listening socket), ready to answer; returns their names."""
    if count == 1:
        children.start("daphne", daphne_argv(port, **argv))
        wait_for_port(port, 60, children)
        return ["daphne"]
    names = [f"daphne{i}" for i in range(1, count + 1)]
    with shared_listener(port) as listener:
        for name in names:
            children.start(
                name, daphne_argv(port, fd=listener.fileno(), **argv), pass_fds=[listener.fileno()]
            )
        for name in names:
            children.wait_for_line(name, "Configuring endpoint fd:", 60)
    # The socket is queued on as soon as it listens: make sure each process has its app.
    time.sleep(1.0)
    children.check_alive()
    return names


def start_daphnes_apart(children: Children, count: int, **argv: Any) -> dict[str, int]:
    """``count`` Daphne processes, each on a port of its own, as behind a proxy that spreads
    connections over its upstreams; ready to answer. Returns each one's port, by name."""
    ports = {f"daphne{i}": free_port() for i in range(1, count + 1)}
    for name, port in ports.items():
        children.start(name, daphne_argv(port, **argv))
    for port in ports.values():
        wait_for_port(port, 60, children)
    return ports


def wait_for_port(port: int, seconds: float, children: Children | None = None) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.settimeout(0.5)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        if children is not None:
            children.check_alive()
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} after {seconds:.0f} s")


#: Channel layers a benchmark can swap in for the run (``--layer``): "site" keeps settings.py's.
LAYERS = ("site", "pubsub", "core-no-read-timeout")


def channel_layers(layer: str, redis_url: str) -> dict[str, Any] | None:
    """CHANNEL_LAYERS for ``layer``, or None for the site's own setting.

    - pubsub: channels_redis's RedisPubSubChannelLayer;
    - core-no-read-timeout: the site's RedisChannelLayer, with redis-py's socket read
      timeout turned off (redis-py 8 defaults it to 5 s, the same as channels_redis's
      5 s BZPOPMIN, so an idle receive can time out on the client first).
    """
    if layer == "site":
        return None
    if layer == "pubsub":
        backend = "channels_redis.pubsub.RedisPubSubChannelLayer"
        return {"default": {"BACKEND": backend, "CONFIG": {"hosts": [redis_url]}}}
    if layer == "core-no-read-timeout":
        host = {"address": redis_url, "socket_timeout": None}
        backend = "channels_redis.core.RedisChannelLayer"
        return {"default": {"BACKEND": backend, "CONFIG": {"hosts": [host]}}}
    raise ValueError(layer)


def daphne_argv(
    port: int,
    layer: str = "site",
    profile_to: Path | None = None,
    database: dict[str, Any] | None = None,
    fd: int | None = None,
) -> list[str]:
    """Daphne as runsite starts it, on a loopback port (or on the listening socket ``fd``,
    which several Daphne processes can share: see :func:`shared_listener`).

    Another ``layer`` replaces the settings' CHANNEL_LAYERS before Django reads them (no
    file changes); ``database`` replaces keys of DATABASES["default"] (CONN_MAX_AGE,
    OPTIONS) the same way; ``profile_to`` runs Daphne under cProfile.
    """
    where = ["--fd", str(fd)] if fd is not None else ["-b", "127.0.0.1", "-p", str(port)]
    args = [*where, "diplosite.asgi:application"]
    if layer == "site" and profile_to is None and database is None:
        return [PYTHON, "-m", "daphne", *args]
    code = "import sys\n"
    if database is not None:
        code += f"import diplosite.settings as s\ns.DATABASES['default'].update({database!r})\n"
    if layer != "site":
        code += (
            f"sys.path.append({str(BENCH)!r})\n"
            "import diplosite.settings as s\n"
            "from site_common import channel_layers\n"
            f"s.CHANNEL_LAYERS = channel_layers({layer!r}, s.REDIS_URL)\n"
        )
    code += "from daphne.cli import CommandLineInterface\n"
    if profile_to is not None:
        code += "import cProfile\n"
        code += f"cProfile.run('CommandLineInterface.entrypoint()', {str(profile_to)!r})\n"
    else:
        code += "CommandLineInterface.entrypoint()\n"
    return [PYTHON, "-c", code, *args]


# -- the whole set-up -------------------------------------------------------------------


@contextlib.contextmanager
def site_environment(
    script: str,
    redis_db: int,
    keep_logs: bool = False,
    extra_env: dict[str, str] | None = None,
    configure: Callable[[ModuleType], None] | None = None,
) -> Iterator[Children]:
    """A fresh database (migrated), a flushed Redis database, Django set up in this process
    against both, and a :class:`Children` whose processes share that environment.
    ``configure`` may change this process's settings module before Django reads it.

    Everything is undone on the way out, whatever happens.
    """
    database_url, redis_url = require_services(script)
    name = f"bench_diplo_{os.getpid()}"
    failed = True
    with (
        terminate_on_sigterm(),
        fresh_database(database_url, name) as db_url,
        private_redis(redis_url, redis_db) as r_url,
    ):
        env = {
            **os.environ,
            "DATABASE_URL": db_url,
            "REDIS_URL": r_url,
            "DJANGO_SETTINGS_MODULE": "diplosite.settings",
            "PYTHONUNBUFFERED": "1",
            "PYTHONPATH": str(ROOT),
            **(extra_env or {}),
        }
        os.environ.update(env)
        say(f"database {name} (fresh), Redis db {redis_db} (flushed); migrating ...")
        subprocess.run(
            [PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        import django

        if configure is not None:
            import diplosite.settings

            configure(diplosite.settings)
        django.setup()
        # This process's own INFO lines ("adjudicated ...") would clutter the figures.
        logging.getLogger().setLevel(logging.WARNING)
        children = Children(env, keep_logs=keep_logs)
        try:
            yield children
            failed = False
        finally:
            children.cleanup(failed)


# -- Django-side helpers (call after site_environment has set Django up) ---------------


def make_users(names: Sequence[str], password_hash: str = "!") -> list[Any]:
    """Bulk-create users with a given password hash ("!" = unusable: no hashing at all)."""
    from django.contrib.auth.models import User

    User.objects.bulk_create(
        [User(username=n, email=f"{n}@example.org", password=password_hash) for n in names]
    )
    by_name = {u.username: u for u in User.objects.filter(username__in=list(names))}
    return [by_name[n] for n in names]


def start_game(players: Sequence[Any], name: str, **options: Any) -> Any:
    """A running standard game through games.services: players[i] holds POWERS[i]."""
    from games import services
    from games.models import Game
    from games.terms import GameTerms

    game = services.game_create(
        created_by=players[0],
        name=name,
        power=POWERS[0],
        terms=GameTerms(assignment=Game.Assignment.CHOSEN, **options),
    )
    for user, power in zip(players[1:], POWERS[1:], strict=True):
        services.game_join(game=game, user=user, power=power)
    game.refresh_from_db()
    if game.status != Game.Status.ACTIVE:
        raise RuntimeError(f"game {game.pk} did not start")
    return game


@contextlib.contextmanager
def quiet_publish() -> Iterator[None]:
    """Skip the channel-layer publish while setting up (nobody is listening yet)."""
    import core.live

    real: Callable[..., None] = core.live.group_publish
    core.live.group_publish = lambda group, event: None
    try:
        yield
    finally:
        core.live.group_publish = real


# -- figures ----------------------------------------------------------------------------------


class CpuMeter:
    """CPU seconds (user and system) spent by the processes that serve a benchmark, read
    from Linux's /proc before and after the load: the site's processes (by pid), the
    PostgreSQL backends serving the benchmark's database (by their process title), Redis,
    and this process (the clients). Elsewhere it reads nothing and reports so."""

    def __init__(self, pids: Sequence[int], database: str) -> None:
        self.pids = list(pids)
        self.database = database
        self.available = Path("/proc/self/stat").exists()
        self.ticks = os.sysconf("SC_CLK_TCK") if self.available else 100
        self.start: dict[str, dict[int, float]] = {}

    @staticmethod
    def _read(pid: int) -> tuple[str, float] | None:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            return None
        fields = stat.rsplit(")", 1)[1].split()
        return title, float(int(fields[11]) + int(fields[12]))

    def _sample(self) -> dict[str, dict[int, float]]:
        groups: dict[str, dict[int, float]] = {"site": {}, "postgres": {}, "redis": {}}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            pid = int(entry)
            read = self._read(pid)
            if read is None:
                continue
            title, ticks = read
            if pid in self.pids:
                groups["site"][pid] = ticks
            elif title.startswith("postgres:") and f" {self.database} " in title:
                groups["postgres"][pid] = ticks
            elif "redis-server" in title:
                groups["redis"][pid] = ticks
        return groups

    def __enter__(self) -> CpuMeter:
        if self.available:
            self.start = self._sample()
        self.clients = time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds: dict[str, float] = {"clients": time.process_time() - self.clients}
        if not self.available:
            return
        end = self._sample()
        for group, now in end.items():
            before = self.start.get(group, {})
            # A backend that started during the load counts from zero.
            used = sum(t - before.get(pid, 0.0) for pid, t in now.items())
            self.seconds[group] = used / self.ticks

    def per(self, count: int, site_name: str) -> str:
        """The CPU each served request cost, by process kind, in words."""
        if not self.available or count == 0:
            return "not measured (needs Linux's /proc)"
        names = {"site": site_name, "postgres": "PostgreSQL", "redis": "Redis"}
        parts = [
            f"{names.get(group, group)} {seconds / count * 1000:.1f} ms"
            for group, seconds in self.seconds.items()
        ]
        return ", ".join(parts)


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (0..100), nearest rank."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(p / 100 * len(ordered))))
    return ordered[rank - 1]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def goal(met: bool) -> str:
    return "goal met" if met else "goal NOT met"
