"""Benchmark: order submissions per second, through games.services.orders_submit (parse,
check against the adjudicator, save, publish) and through the HTTP API on Daphne.

    DATABASE_URL=postgres://diplo:diplo@127.0.0.1:5432/diplo REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/site_orders.py [--workers 1,4] [--seconds 5]

Set-up (not timed): a fresh database with one running standard game (``--games`` for
more), seven players with real (PBKDF2) passwords. Worker w submits a legal Spring 1901
order set (3 or 4 orders) for power w mod 7, over and over, for ``--seconds``:

- service: ``orders_submit`` called directly, from threads of this process and from
  separate processes (each its own Django and database connection);
- http: PUT /api/v1/games/<id>/orders/ on Daphne (started as runsite starts it, with the
  per-user write throttles lifted: they are a guard, not the figure measured), each client
  thread logged in through the real login form and keeping its connection alive.

Printed per run: submissions/s (all workers together) and the latency median and p99.
See bench/README.md ("Site benchmarks").
"""

from __future__ import annotations

import argparse
import cProfile
import http.client
import json
import pstats
import queue
import re
import sys
import threading
import time
from dataclasses import dataclass
from http.cookies import SimpleCookie
from multiprocessing import get_context
from typing import Any, Protocol
from urllib.parse import urlencode

import site_common as sc

PASSWORD = "bench-orders-password-1901"
WARMUP = 5


class Putter(Protocol):
    def put(self, item: Any) -> None: ...


class Waiter(Protocol):
    def wait(self, timeout: float | None = None) -> bool: ...


@dataclass
class Job:
    """What one worker does: submit ``orders`` for ``power`` in ``game_id`` as ``user_id``."""

    index: int
    game_id: int
    user_id: int
    username: str
    power: str
    orders: list[str]
    seconds: float
    max_submissions: int


@dataclass
class Outcome:
    index: int
    latencies: list[float]
    started_ns: int
    ended_ns: int
    errors: int
    first_error: str


# -- workers -------------------------------------------------------------------------------


def _timed_loop(job: Job, submit: Any, ready: Putter, go: Waiter, out: Putter) -> None:
    """Warm up, say ready, wait for go, then submit until time or count runs out."""
    errors, first_error = 0, ""
    try:
        for _ in range(WARMUP):
            submit()
    except Exception as e:  # reported, not raised: the parent must hear from every worker
        ready.put(job.index)
        out.put(Outcome(job.index, [], 0, 0, 1, f"warm-up: {type(e).__name__}: {e}"))
        return
    ready.put(job.index)
    if not go.wait(timeout=300):
        out.put(Outcome(job.index, [], 0, 0, 1, "never told to start"))
        return
    latencies: list[float] = []
    started = time.monotonic_ns()
    stop = started + int(job.seconds * 1e9)
    while time.monotonic_ns() < stop and len(latencies) < job.max_submissions:
        t = time.perf_counter()
        try:
            submit()
        except Exception as e:
            errors += 1
            first_error = first_error or f"{type(e).__name__}: {e}"
            if errors > 100:
                break
            continue
        latencies.append(time.perf_counter() - t)
    out.put(Outcome(job.index, latencies, started, time.monotonic_ns(), errors, first_error))


def service_worker(job: Job, ready: Putter, go: Waiter, out: Putter, setup: bool = False) -> None:
    """Submit through games.services in this thread (``setup``: in a new process)."""
    if setup:
        import logging

        import django

        django.setup()
        logging.getLogger().setLevel(logging.WARNING)
    from django.contrib.auth.models import User
    from django.db import connections

    from games import services
    from games.models import Game

    game = Game.objects.get(pk=job.game_id)
    user = User.objects.get(pk=job.user_id)

    def submit() -> None:
        services.orders_submit(game=game, user=user, orders=job.orders)

    try:
        _timed_loop(job, submit, ready, go, out)
    finally:
        connections.close_all()


class HttpClient:
    """A logged-in session on the site over one keep-alive connection."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
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
        self.conn.request(method, path, body=body, headers=head)
        response = self.conn.getresponse()
        data = response.read()
        for raw in response.headers.get_all("Set-Cookie") or []:
            jar: SimpleCookie = SimpleCookie()
            jar.load(raw)
            for key, morsel in jar.items():
                self.cookies[key] = morsel.value
        return response.status, data

    def login(self, username: str, password: str) -> None:
        status, page = self.request("GET", "/accounts/login/")
        found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if status != 200 or found is None:
            raise RuntimeError(f"login page: HTTP {status}")
        form = urlencode(
            {"username": username, "password": password, "csrfmiddlewaretoken": found[1].decode()}
        ).encode()
        status, _ = self.request(
            "POST",
            "/accounts/login/",
            form,
            {"Content-Type": "application/x-www-form-urlencoded"},
        )
        if status != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"login as {username}: HTTP {status}, no session")

    def submit(self, game_id: int, orders: list[str]) -> None:
        status, data = self.request(
            "PUT",
            f"/api/v1/games/{game_id}/orders/",
            json.dumps({"orders": orders}).encode(),
            {"Content-Type": "application/json", "X-CSRFToken": self.cookies["csrftoken"]},
        )
        if status != 200:
            raise RuntimeError(f"HTTP {status}: {data[:200]!r}")


def http_worker(job: Job, port: int, ready: Putter, go: Waiter, out: Putter) -> None:
    client = HttpClient(port)
    try:
        client.login(job.username, PASSWORD)
    except Exception as e:
        ready.put(job.index)
        out.put(Outcome(job.index, [], 0, 0, 1, f"login: {type(e).__name__}: {e}"))
        return
    try:
        _timed_loop(job, lambda: client.submit(job.game_id, job.orders), ready, go, out)
    finally:
        client.conn.close()


# -- running a configuration ----------------------------------------------------------------


def collect(
    n: int, ready: Any, go: Any, out: Any, alive: Any, budget: float
) -> tuple[list[Outcome], int]:
    """Wait for n workers to be ready, start them, gather their outcomes."""
    end = time.monotonic() + budget
    seen = 0
    while seen < n and time.monotonic() < end:
        try:
            ready.get(timeout=0.5)
            seen += 1
        except queue.Empty:
            if not alive():
                break
    go_ns = time.monotonic_ns()
    go.set()
    outcomes: list[Outcome] = []
    while len(outcomes) < n and time.monotonic() < end:
        try:
            outcomes.append(out.get(timeout=0.5))
        except queue.Empty:
            if not alive() and out.empty():
                break
    return outcomes, go_ns


def run_threads(jobs: list[Job], target: Any, extra: tuple[Any, ...], budget: float) -> Any:
    ready: queue.Queue[int] = queue.Queue()
    out: queue.Queue[Outcome] = queue.Queue()
    go = threading.Event()
    threads = [
        threading.Thread(target=target, args=(job, *extra, ready, go, out), daemon=True)
        for job in jobs
    ]
    for t in threads:
        t.start()
    result = collect(len(jobs), ready, go, out, lambda: any(t.is_alive() for t in threads), budget)
    go.set()
    for t in threads:
        t.join(timeout=30)
    return result


def run_processes(jobs: list[Job], budget: float) -> Any:
    ctx = get_context("spawn")
    ready = ctx.Queue()
    out = ctx.Queue()
    go = ctx.Event()
    procs = [
        ctx.Process(target=service_worker, args=(job, ready, go, out, True), daemon=True)
        for job in jobs
    ]
    for p in procs:
        p.start()
    try:
        return collect(len(jobs), ready, go, out, lambda: any(p.is_alive() for p in procs), budget)
    finally:
        go.set()
        for p in procs:
            p.join(timeout=30)
            if p.is_alive():
                p.terminate()
                p.join(timeout=5)


def report(label: str, n: int, outcomes: list[Outcome], go_ns: int) -> bool:
    latencies = [x for o in outcomes for x in o.latencies]
    errors = sum(o.errors for o in outcomes) + (n - len(outcomes))
    first = next((o.first_error for o in outcomes if o.first_error), "")
    if len(outcomes) < n:
        first = first or f"{n - len(outcomes)} workers never reported"
    span = (max((o.ended_ns for o in outcomes), default=go_ns) - go_ns) / 1e9
    rate = len(latencies) / span if span > 0 else 0.0
    line = (
        f"{label:<22}{rate:>9.1f} submissions/s   median {sc.median(latencies) * 1000:6.1f} ms"
        f"   p99 {sc.percentile(latencies, 99) * 1000:6.1f} ms   ({len(latencies)} in {span:.1f} s"
    )
    line += f", {errors} errors: {first})" if errors else ")"
    sc.say(line)
    return errors == 0 and bool(latencies)


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--workers", default="1,4", help="worker counts, comma-separated (1,4)")
    p.add_argument(
        "--modes",
        default="threads,processes,http",
        help="any of threads, processes, http (all three)",
    )
    p.add_argument("--seconds", type=float, default=5.0, help="timed seconds per run (5)")
    p.add_argument("--max-submissions", type=int, default=20000, help="cap per worker (20000)")
    p.add_argument("--games", type=int, default=1, help="games the workers spread over (1)")
    p.add_argument("--redis-db", type=int, default=7, help="Redis database to use and flush (7)")
    p.add_argument("--profile", action="store_true", help="cProfile one in-process worker too")
    p.add_argument("--keep-logs", action="store_true", help="keep Daphne's log")
    args = p.parse_args()
    args.worker_counts = sorted({int(x) for x in args.workers.split(",") if x.strip()})
    args.mode_list = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not args.worker_counts or not all(1 <= n <= 32 for n in args.worker_counts):
        p.error("--workers: counts from 1 to 32")
    if set(args.mode_list) - {"threads", "processes", "http"}:
        p.error("--modes: threads, processes, http")
    if not 0.5 <= args.seconds <= 120 or not 1 <= args.games <= 50:
        p.error("--seconds must be 0.5..120 and --games 1..50")
    return args


def main() -> int:
    args = parse_args()
    with sc.site_environment("site_orders.py", args.redis_db, args.keep_logs) as children:
        from django.contrib.auth.hashers import make_password

        from games import services

        password_hash = make_password(PASSWORD)  # once: every player shares it
        players = sc.make_users([f"orders-{p}" for p in sc.POWERS], password_hash)
        with sc.quiet_publish():
            games = [sc.start_game(players, f"Orders {i + 1}") for i in range(args.games)]
        position = services.phase_position(games[0].current_phase)
        for power, orders in sc.SPRING_1901.items():
            canonical, problems = services.order_problems(
                position=position, power=power, orders=orders
            )
            if problems or len(canonical) != len(orders):
                raise RuntimeError(f"set-up orders for {power} refused: {problems}")

        def jobs(n: int) -> list[Job]:
            out = []
            for i in range(n):
                k = i % len(sc.POWERS)
                out.append(
                    Job(
                        index=i,
                        game_id=games[i % len(games)].pk,
                        user_id=players[k].pk,
                        username=players[k].username,
                        power=sc.POWERS[k],
                        orders=sc.SPRING_1901[sc.POWERS[k]],
                        seconds=args.seconds,
                        max_submissions=args.max_submissions,
                    )
                )
            return out

        budget = args.seconds + 240
        ok = True
        sc.say(
            f"\n{len(games)} game(s), {args.seconds:g} s per run, each submission 3-4 orders "
            "(publish to Redis included)"
        )
        for n in args.worker_counts:
            if "threads" in args.mode_list:
                label = f"service, {n} thread" + ("s" if n > 1 else "")
                result = run_threads(jobs(n), service_worker, (), budget)
                ok &= report(label, n, *result)
            if "processes" in args.mode_list and (n > 1 or "threads" not in args.mode_list):
                label = f"service, {n} process" + ("es" if n > 1 else "")
                ok &= report(label, n, *run_processes(jobs(n), budget))

        if "http" in args.mode_list:
            port = sc.free_port()
            # The clients are signed in (no token): the pages' write budget is theirs.
            lifted = {"API_WRITE_RATE": "1000000/min", "PAGE_WRITE_RATE": "1000000/min"}
            children.start("daphne", sc.daphne_argv(port), extra_env=lifted)
            sc.wait_for_port(port, 60, children)
            for n in args.worker_counts:
                label = f"http, {n} client" + ("s" if n > 1 else "")
                ok &= report(label, n, *run_threads(jobs(n), http_worker, (port,), budget))
            log = children.log("daphne").read_text(errors="replace")
            if "Traceback" in log:
                sc.say(f"Daphne logged {log.count('Traceback')} tracebacks")
                ok = False

        if args.profile:
            # In this thread: cProfile sees only the thread that enables it.
            ready: queue.Queue[int] = queue.Queue()
            out: queue.Queue[Outcome] = queue.Queue()
            go = threading.Event()
            go.set()
            profiler = cProfile.Profile()
            profiler.enable()
            service_worker(jobs(1)[0], ready, go, out)
            profiler.disable()
            outcome = out.get(timeout=5)
            report("service, profiled", 1, [outcome], outcome.started_ns)
            sc.say("\ncProfile of orders_submit in this process (top 30, cumulative):")
            stats = pstats.Stats(profiler, stream=sys.stdout)
            stats.sort_stats("cumulative").print_stats(
                r"(games/|adjudicator/|django/db/(backends/utils|transaction|models/query\.py)"
                r"|asgiref/sync|channels_redis/core|psycopg/cursor)",
                30,
            )
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
