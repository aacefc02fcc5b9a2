"""Load test: many order submissions at once through the HTTP API on Daphne and PostgreSQL,
with logins during the load, counting errors and PostgreSQL connections.

    DATABASE_URL=postgres://diplo:diplo@127.0.0.1:5432/diplo REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/site_load_orders.py [--submissions 200] [--concurrency 40] \\
        [--database site|persistent|plain|pool] [--pool-size N]

Set-up (not timed): a fresh database with enough running standard games that each client
holds a seat of its own (7 per game), an API token per client (made as the profile page
makes them), and ``--login-users`` players with a real (PBKDF2) password.

The load: first a warm-up (``--warm-up`` submissions from each client, printed apart and
not counted: a new process's first requests open its database connections and prepare its
statements, as a site that has been up has done long before). Then ``--concurrency``
client threads, connected beforehand and started together, each on one keep-alive
connection, PUT their power's legal Spring 1901 orders to
``/api/v1/games/<id>/orders/`` with ``Authorization: Token <key>`` until
``--submissions`` are sent in all; meanwhile ``--login-threads`` threads log in through
the real form (``/accounts/login/``, CSRF token and all), one login after the other, until
the submissions are done (at most ``--logins`` in all). The API's throttle and the login
throttle stay as configured (each token sends far fewer than its 30 writes a minute).

``--database`` chooses Daphne's connection handling without changing a file: ``site``
(what settings.py says), ``persistent`` (CONN_MAX_AGE=60 and no pool: the setting of
issue 20), ``plain`` (CONN_MAX_AGE=0, no pool) or ``pool`` (CONN_MAX_AGE=0 with psycopg's
pool of ``--pool-size`` connections). ``persistent`` runs PostgreSQL out of connections
for everyone on that server: run it against a PostgreSQL of your own.

Printed: submissions/s, latency p50/p99, errors by status, the logins' outcome, and the
peak number of PostgreSQL connections to the benchmark's database (pg_stat_activity,
sampled every 20 ms), and how many were still open after the load. The exit status is 1
if any request failed. See bench/README.md ("Site benchmarks").
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import http.client
import json
import math
import os
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import site_common as sc

PASSWORD = "bench-load-password-1901"
DATABASE_MODES = ("site", "persistent", "plain", "pool")
#: Issue 18's goal for order submissions through HTTP with 40 clients.
GOAL_RATE = 300.0
GOAL_P99_SECONDS = 0.25
#: A request that takes longer than this counts as an error ("timeout").
REQUEST_TIMEOUT = 60.0
#: Clients connect this many at a time before the load starts.
CONNECT_BATCH = 25


@dataclass
class Seat:
    """One client: a seat in a game and an API token of its player."""

    game_id: int
    power: str
    key: str


@dataclass
class Tally:
    """What the clients saw, gathered under a lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    errors: collections.Counter[str] = field(default_factory=collections.Counter)
    first_error: dict[str, str] = field(default_factory=dict)
    started: float = 0.0
    ended: float = 0.0
    logins_ok: int = 0
    login_latencies: list[float] = field(default_factory=list)
    login_errors: collections.Counter[str] = field(default_factory=collections.Counter)

    def error(self, kind: str, detail: str, login: bool = False) -> None:
        with self.lock:
            (self.login_errors if login else self.errors)[kind] += 1
            self.first_error.setdefault(kind, detail[:300])


class Connection:
    """One keep-alive HTTP connection to Daphne that reconnects after a failure."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT)
        self.cookies: dict[str, str] = {}

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, bytes]:
        head = dict(headers or {})
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            self.conn.request(method, path, body=body, headers=head)
            response = self.conn.getresponse()
            data = response.read()
        except Exception:
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)
            raise
        for raw in response.headers.get_all("Set-Cookie") or []:
            found = re.match(r"\s*([^=;\s]+)=([^;]*)", raw)
            if found:
                self.cookies[found[1]] = found[2]
        return response.status, data

    def close(self) -> None:
        self.conn.close()


def _failure(e: BaseException) -> str:
    if isinstance(e, TimeoutError):
        return "timeout"
    return type(e).__name__


#: The floor's request: an address under the API that no view takes, answered 404 by a
#: plain Django view after the whole middleware chain, with no query and no Redis call.
FLOOR_PATH = "/api/v1/floor/"


def submitter(
    seat: Seat,
    count: int,
    port: int,
    start: threading.Barrier,
    tally: Tally,
    floor: bool = False,
) -> None:
    """Send ``count`` order submissions for ``seat``, one after the other (with ``floor``,
    requests that do nothing instead: see :data:`FLOOR_PATH`)."""
    conn = Connection(port)
    body: bytes | None = json.dumps({"orders": sc.SPRING_1901[seat.power]}).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Token {seat.key}"}
    path = f"/api/v1/games/{seat.game_id}/orders/"
    method, expected = "PUT", 200
    if floor:
        method, path, body, expected = "GET", FLOOR_PATH, None, 404
    try:
        # Connected before the start: Twisted's listen backlog (50) is not what is measured.
        with contextlib.suppress(OSError):  # else the first request reconnects and counts it
            conn.conn.connect()
        start.wait(timeout=120)
        for _ in range(count):
            t = time.perf_counter()
            try:
                status, data = conn.request(method, path, body, headers)
            except Exception as e:
                tally.error(_failure(e), repr(e))
                continue
            elapsed = time.perf_counter() - t
            if status != expected:
                tally.error(str(status), data.decode(errors="replace"))
                continue
            with tally.lock:
                tally.latencies.append(elapsed)
    finally:
        conn.close()
        with tally.lock:
            tally.ended = max(tally.ended, time.perf_counter())


def login_once(port: int, username: str, tally: Tally) -> None:
    """The login page, then the form posted: a 302 to the lobby with a session is success."""
    conn = Connection(port)
    t = time.perf_counter()
    try:
        status, page = conn.request("GET", "/accounts/login/")
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if status != 200 or token is None:
            tally.error(f"page {status}", page.decode(errors="replace"), login=True)
            return
        form = {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token[1]}
        status, page = conn.request(
            "POST",
            "/accounts/login/",
            urlencode(
                {k: v if isinstance(v, str) else v.decode() for k, v in form.items()}
            ).encode(),
            {"Content-Type": "application/x-www-form-urlencoded"},
        )
        if status != 302 or "sessionid" not in conn.cookies:
            tally.error(str(status), page.decode(errors="replace"), login=True)
            return
        with tally.lock:
            tally.logins_ok += 1
            tally.login_latencies.append(time.perf_counter() - t)
    except Exception as e:
        tally.error(_failure(e), repr(e), login=True)
    finally:
        conn.close()


def login_worker(
    port: int,
    names: list[str],
    quota: int,
    start: threading.Barrier,
    done: threading.Event,
    tally: Tally,
) -> None:
    """Log in one after the other while the submissions last, at most ``quota`` times
    (names taken in turn)."""
    start.wait(timeout=120)
    for n in range(quota):
        if done.is_set():
            return
        login_once(port, names[n % len(names)], tally)


class ConnectionSampler:
    """Counts PostgreSQL backends on one database every 20 ms, from an admin connection
    to the ``postgres`` database (so the sampler never counts itself)."""

    def __init__(self, database_url: str, name: str) -> None:
        self.info = sc._admin_conninfo(database_url)
        self.name = name
        self.peak = 0
        self.peak_states: dict[str, int] = {}
        self.last = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def count(self) -> tuple[int, dict[str, int]]:
        import psycopg

        with psycopg.connect(**self.info, autocommit=True) as conn:
            return self._count(conn)

    def _count(self, conn: Any) -> tuple[int, dict[str, int]]:
        rows = conn.execute(
            "SELECT coalesce(state, '?'), count(*) FROM pg_stat_activity "
            "WHERE datname = %s GROUP BY 1",
            (self.name,),
        ).fetchall()
        states = {str(state): int(n) for state, n in rows}
        return sum(states.values()), states

    def _run(self) -> None:
        import psycopg

        with psycopg.connect(**self.info, autocommit=True) as conn:
            while not self._stop.is_set():
                total, states = self._count(conn)
                self.last = total
                if total > self.peak:
                    self.peak, self.peak_states = total, states
                self._stop.wait(0.02)

    def __enter__(self) -> ConnectionSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=10)


def exception_lines(log: str) -> collections.Counter[str]:
    """The closing line of each traceback in a log (exception and message), counted."""
    found: collections.Counter[str] = collections.Counter()
    in_traceback = False
    for line in log.splitlines():
        if line.startswith("Traceback"):
            in_traceback = True
        elif in_traceback and line and not line[0].isspace():
            found[" ".join(line.split())[:160]] += 1
            in_traceback = False
    return found


def database_override(mode: str, pool_size: int) -> dict[str, Any] | None:
    """DATABASES["default"] keys for Daphne in ``mode`` (None: the site's own)."""
    from django.conf import settings

    if mode == "site":
        return None
    options = {
        k: v for k, v in settings.DATABASES["default"].get("OPTIONS", {}).items() if k != "pool"
    }
    if mode == "persistent":
        return {"CONN_MAX_AGE": 60, "OPTIONS": options}
    if mode == "plain":
        return {"CONN_MAX_AGE": 0, "OPTIONS": options}
    pool = {"min_size": min(2, pool_size), "max_size": pool_size, "timeout": 30.0}
    return {"CONN_MAX_AGE": 0, "OPTIONS": {**options, "pool": pool}}


def describe(mode: str, override: dict[str, Any] | None) -> str:
    """Daphne's connection handling in words."""
    from django.conf import settings

    db = override or settings.DATABASES["default"]
    pool = db.get("OPTIONS", {}).get("pool")
    return f"{mode}: CONN_MAX_AGE={db.get('CONN_MAX_AGE', 0)}, pool={pool or 'off'}"


def set_up(clients: int, login_users: int) -> tuple[list[Seat], list[str]]:
    """Games enough for one seat per client, a token per seat, and players who log in."""
    from django.contrib.auth.hashers import make_password

    from accounts import services as account_services

    seats: list[Seat] = []
    games = math.ceil(clients / len(sc.POWERS))
    with sc.quiet_publish():
        for g in range(games):
            players = sc.make_users([f"load{g}-{p}" for p in sc.POWERS])
            game = sc.start_game(players, f"Load {g + 1}")
            for player, power in zip(players, sc.POWERS, strict=True):
                _token, key = account_services.api_token_create(user=player, name="load")
                seats.append(Seat(game_id=game.pk, power=power, key=key))
    names = [f"login{n}" for n in range(login_users)]
    sc.make_users(names, make_password(PASSWORD))  # hashed once: every one shares it
    return seats[:clients], names


def shares(total: int, parts: int) -> list[int]:
    """``total`` split into ``parts`` as evenly as whole numbers allow."""
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def clients_run(
    ports: list[int], seats: list[Seat], counts: list[int], floor: bool = False
) -> Tally:
    """Each client (``seats``) sends its count of submissions (with ``floor``, requests
    that do nothing instead), all started together; nothing else alongside."""
    tally = Tally()
    start = threading.Barrier(len(seats) + 1)
    clients = [
        threading.Thread(
            target=submitter,
            args=(seat, n, ports[i % len(ports)], start, tally, floor),
            daemon=True,
        )
        for i, (seat, n) in enumerate(zip(seats, counts, strict=True))
    ]
    for n, t in enumerate(clients):
        t.start()
        if n % CONNECT_BATCH == CONNECT_BATCH - 1:
            time.sleep(0.2)
    start.wait(timeout=120)
    tally.started = time.perf_counter()
    for t in clients:
        t.join(timeout=REQUEST_TIMEOUT * (max(counts) + 2))
    if any(t.is_alive() for t in clients):
        tally.error("unfinished", "a client thread was still running at the time limit")
    return tally


def floor_run(args: argparse.Namespace, ports: list[int], seats: list[Seat]) -> Tally:
    """The same clients, as many requests, each answered 404 without a query."""
    return clients_run(ports, seats, shares(args.submissions, len(seats)), floor=True)


def warm_up_report(tally: Tally, each: int) -> bool:
    """What the warm-up's submissions saw: a new process's first requests open its
    database connections and prepare its statements."""
    lat = tally.latencies
    errors = dict(sorted(tally.errors.items()))
    if lat:
        sc.say(
            f"warm-up          {len(lat)} submissions ({each} a client) before the count, "
            f"not counted: p50 {sc.median(lat) * 1000:.0f} ms, max {max(lat) * 1000:.0f} ms "
            f"(a new process opens its database connections and prepares its statements); "
            f"errors {sum(errors.values())} {errors if errors else ''}".rstrip()
        )
    return not errors


def floor_report(tally: Tally, cpu: sc.CpuMeter, submission_ms: float) -> bool:
    """The floor's rate and cost, and what the goal leaves a submission above it."""
    lat = tally.latencies
    span = tally.ended - tally.started
    rate = len(lat) / span if span > 0 else 0.0
    errors = dict(sorted(tally.errors.items()))
    sc.say(
        f"floor            {len(lat)} requests that do nothing (404, no query) in {span:.1f} s: "
        f"{rate:.1f}/s, p50 {sc.median(lat) * 1000:.0f} ms; errors {sum(errors.values())}"
    )
    floor_ms = cpu.seconds.get("site", 0.0) / len(lat) * 1000 if lat else 0.0
    sc.say(f"                 CPU per request  {cpu.per(len(lat), 'Daphne')}")
    if floor_ms and submission_ms:
        cores = os.cpu_count() or 1
        sc.say(
            f"                 a submission costs {submission_ms:.1f} ms of Daphne's CPU, "
            f"{floor_ms:.1f} ms of it the floor; {GOAL_RATE:g}/s on {cores} cores leaves "
            f"{cores / GOAL_RATE * 1000:.1f} ms a submission for every process together"
        )
    return not errors


def run(args: argparse.Namespace, ports: list[int], seats: list[Seat], names: list[str]) -> Tally:
    tally = Tally()
    per = shares(args.submissions, len(seats))
    logins_per = shares(args.logins, args.login_threads)
    start = threading.Barrier(len(seats) + args.login_threads + 1)
    done = threading.Event()
    submitters = [
        threading.Thread(
            target=submitter, args=(seat, n, ports[i % len(ports)], start, tally), daemon=True
        )
        for i, (seat, n) in enumerate(zip(seats, per, strict=True))
    ]
    logins = [
        threading.Thread(
            target=login_worker,
            args=(ports[i % len(ports)], names, q, start, done, tally),
            daemon=True,
        )
        for i, q in enumerate(logins_per)
    ]
    for n, t in enumerate(submitters + logins):
        t.start()
        if n % CONNECT_BATCH == CONNECT_BATCH - 1:
            time.sleep(0.2)
    start.wait(timeout=120)
    tally.started = time.perf_counter()
    budget = time.monotonic() + REQUEST_TIMEOUT * (args.submissions / len(seats) + 2)
    for t in submitters:
        t.join(timeout=max(0.1, budget - time.monotonic()))
    done.set()
    for t in logins:
        t.join(timeout=max(0.1, budget + REQUEST_TIMEOUT - time.monotonic()))
    if any(t.is_alive() for t in submitters + logins):
        tally.error("unfinished", "a client thread was still running at the time limit")
    return tally


def report(args: argparse.Namespace, tally: Tally, sampler: ConnectionSampler, after: int) -> bool:
    sent = len(tally.latencies) + sum(tally.errors.values())
    span = tally.ended - tally.started
    rate = len(tally.latencies) / span if span > 0 else 0.0
    lat = tally.latencies
    sc.say(
        f"submissions      {len(lat)} of {sent} answered 200 in {span:.1f} s: "
        f"{rate:.1f} submissions/s, p50 {sc.median(lat) * 1000:.0f} ms, "
        f"p99 {sc.percentile(lat, 99) * 1000:.0f} ms"
    )
    if lat:
        shape = ", ".join(f"p{p} {sc.percentile(lat, p) * 1000:.0f}" for p in (10, 90, 95, 99.9))
        sc.say(f"latency          {shape}, max {max(lat) * 1000:.0f} ms")
    errors = dict(sorted(tally.errors.items()))
    sc.say(f"errors           {sum(errors.values())} {errors if errors else ''}".rstrip())
    p99 = sc.percentile(lat, 99) if lat else math.inf
    met = rate >= GOAL_RATE and not errors and p99 < GOAL_P99_SECONDS
    parts = [
        f"rate {'met' if rate >= GOAL_RATE else 'NOT met'}",
        f"errors {'met' if not errors else 'NOT met'}",
        f"p99 {'met' if p99 < GOAL_P99_SECONDS else 'NOT met'}",
    ]
    sc.say(
        f"goal             >= {GOAL_RATE:g}/s with 0 errors and p99 < "
        f"{GOAL_P99_SECONDS * 1000:g} ms: {sc.goal(met)} ({', '.join(parts)})"
    )
    login_errors = dict(sorted(tally.login_errors.items()))
    tried = tally.logins_ok + sum(login_errors.values())
    sc.say(
        f"logins           {tally.logins_ok} of {tried} succeeded "
        f"(p50 {sc.median(tally.login_latencies) * 1000:.0f} ms); "
        f"errors {sum(login_errors.values())} {login_errors if login_errors else ''}".rstrip()
    )
    for kind, text in sorted(tally.first_error.items()):
        sc.say(f"  first {kind}: {' '.join(text.split())[:200]}")
    states = ", ".join(f"{k} {v}" for k, v in sorted(sampler.peak_states.items()))
    sc.say(
        f"PostgreSQL       peak {sampler.peak} connections to the benchmark database "
        f"({states}); {after} still open 2 s after the load"
    )
    return not errors and not login_errors and len(lat) == args.submissions


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--submissions", type=int, default=200, help="PUTs in all (200)")
    p.add_argument("--concurrency", type=int, default=40, help="client threads at once (40)")
    p.add_argument("--logins", type=int, default=100, help="at most so many logins (100)")
    p.add_argument("--login-threads", type=int, default=2, help="threads logging in (2)")
    p.add_argument("--login-users", type=int, default=5, help="players who log in (5)")
    p.add_argument("--database", choices=DATABASE_MODES, default="site", help="see above (site)")
    p.add_argument("--pool-size", type=int, default=0, help="pool's max size (the site's)")
    p.add_argument("--redis-db", type=int, default=8, help="Redis database to use and flush (8)")
    p.add_argument("--daphne", type=int, default=1, help="Daphne processes (1)")
    p.add_argument(
        "--spread",
        choices=("proxy", "socket"),
        default="proxy",
        help="how clients reach several Daphne processes: proxy (default), each process on\n"
        "a port of its own and the clients spread over them in turn, as a proxy in front\n"
        "spreads them; socket, one listening socket shared (the kernel hands each new\n"
        "connection to whichever process accepts first: 31 and 9 of 40 in one run)",
    )
    p.add_argument(
        "--write-rate",
        default="",
        help="the API's per-token write throttle for the run, e.g. 100000/min (the site's)",
    )
    p.add_argument(
        "--floor",
        action="store_true",
        help="then as many requests that do nothing (a 404 under /api/v1/, no query): what\n"
        "Daphne and Django's middleware alone cost, the floor under any submission",
    )
    p.add_argument(
        "--warm-up",
        type=int,
        default=5,
        help="submissions each client sends before the count, not counted (5): the\n"
        "processes' first requests open database connections and prepare statements,\n"
        "which a site that has been up does not pay again; their latency is printed apart",
    )
    p.add_argument("--keep-logs", action="store_true", help="keep Daphne's log")
    args = p.parse_args()
    if not 1 <= args.concurrency <= 200 or not 1 <= args.submissions <= 5000:
        p.error("--concurrency must be 1..200 and --submissions 1..5000")
    if args.concurrency > args.submissions:
        p.error("--concurrency may not exceed --submissions")
    if not 1 <= args.login_threads <= 10 or not 0 <= args.logins <= 500:
        p.error("--login-threads must be 1..10 and --logins 0..500")
    if not 0 <= args.warm_up <= 100:
        p.error("--warm-up must be 0..100")
    if not 1 <= args.login_users <= 50 or not 0 <= args.pool_size <= 90:
        p.error("--login-users must be 1..50 and --pool-size 0..90")
    return args


def main() -> int:
    args = parse_args()
    sc.raise_fd_limit(4096)
    with sc.site_environment("site_load_orders.py", args.redis_db, args.keep_logs) as children:
        from django.conf import settings

        pool_size = args.pool_size or int(getattr(settings, "DATABASE_POOL_MAX_SIZE", 0) or 10)
        override = database_override(args.database, pool_size)
        name = settings.DATABASES["default"]["NAME"]
        seats, names = set_up(args.concurrency, args.login_users)
        how = describe(args.database, override)
        # From here on only Daphne's connections count (not this process's pooled ones).
        sc.close_database()
        if args.write_rate:
            # Daphne reads it from its environment (settings.py's API_WRITE_RATE).
            children.env["API_WRITE_RATE"] = args.write_rate
        if args.daphne > 1 and args.spread == "proxy":
            apart = sc.start_daphnes_apart(children, args.daphne, database=override)
            daphnes, ports = list(apart), list(apart.values())
        else:
            ports = [sc.free_port()]
            daphnes = sc.start_daphnes(children, ports[0], args.daphne, database=override)
        database_url = os.environ["DATABASE_URL"]
        spread = ""
        if len(daphnes) > 1:
            spread = (
                ", clients spread over them in turn"
                if len(ports) > 1
                else " on one listening socket"
            )
        sc.say(
            f"\n{len(daphnes)} Daphne process{'es' if len(daphnes) > 1 else ''}{spread} ({how}); "
            f"{args.submissions} order submissions from "
            f"{args.concurrency} clients at once over {math.ceil(args.concurrency / 7)} games, "
            + (
                f"{args.login_threads} threads logging in alongside"
                if args.logins
                else "no logins alongside"
            )
        )
        pids = [children.procs[d].pid for d in daphnes]
        warmed = True
        if args.warm_up:
            warm = clients_run(ports, seats, [args.warm_up] * len(seats))
            warmed = warm_up_report(warm, args.warm_up)
        with ConnectionSampler(database_url, name) as sampler:
            with sc.CpuMeter(pids, name) as cpu:
                tally = run(args, ports, seats, names)
            time.sleep(2)
            after = sampler.last
        ok = report(args, tally, sampler, after) and warmed
        answered = len(tally.latencies)
        sc.say(f"CPU per answer   {cpu.per(answered, 'Daphne')} ({os.cpu_count()} cores here)")
        daphne_ms = cpu.seconds.get("site", 0.0) / answered * 1000 if answered else 0.0
        if daphne_ms:
            sc.say(
                f"                 at that cost {GOAL_RATE:g}/s takes "
                f"{GOAL_RATE * daphne_ms / 1000:.1f} cores of Daphne alone"
            )
        if args.floor:
            with sc.CpuMeter(pids, name) as floor_cpu:
                floor_tally = floor_run(args, ports, seats)
            ok &= floor_report(floor_tally, floor_cpu, daphne_ms)
        for daphne in daphnes:
            children.stop(daphne)
        log = "".join(children.log(d).read_text(errors="replace") for d in daphnes)
        tracebacks = log.count("Traceback")
        if tracebacks:
            sc.say(f"Daphne logged {tracebacks} tracebacks (chained ones count apart), ending in:")
            for line, n in exception_lines(log).most_common(3):
                sc.say(f"  {n} x {line}")
            ok = False
        from games.models import OrderSet

        saved = OrderSet.objects.filter(phase__game__name__startswith="Load ").count()
        sc.close_database()
        sc.say(f"order sets saved {saved} (one per client seat: {len(seats)})")
        ok &= saved == len(seats)
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
