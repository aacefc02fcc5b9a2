"""Benchmark: many games whose deadlines pass at the same moment, adjudicated by real
Celery workers on Redis, and a check that each phase was adjudicated exactly once.

    DATABASE_URL=postgres://diplo:diplo@127.0.0.1:5432/diplo REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/site_deadline_storm.py [--games 200] [--workers 2]

Set-up (not timed): a fresh database, N running standard games made through
games.services, W worker processes (``celery worker --pool=solo``). Then every game's
Spring 1901 deadline is set to the same moment just past, one sweep
(games.tasks.sweep_due_phases) queues them all, and a beat-like loop sweeps again every
``--sweep-every`` seconds until all are adjudicated, queueing duplicates on purpose.
Timed: from the first sweep until the database shows every phase adjudicated.
See bench/README.md ("Site benchmarks").
"""

from __future__ import annotations

import argparse
import collections
import os
import pstats
import re
import sys
import time
from datetime import timedelta
from pathlib import Path

import site_common as sc

#: Issue 18: 1,000 games due at once, each adjudicated exactly once, in under 60 s with
#: two workers.
GOAL_SECONDS = 60.0
TASK_LINE = re.compile(
    r"Task games\.tasks\.adjudicate_phase\[[^\]]+\] succeeded in ([0-9.]+)s: (True|False)"
)


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=1000, help="running games (1000)")
    p.add_argument("--workers", type=int, default=2, help="Celery worker processes (2)")
    p.add_argument(
        "--sweep-every",
        type=float,
        default=1.0,
        help="beat-like sweeps while waiting, every S seconds (1.0; 0 = only the first)",
    )
    p.add_argument("--timeout", type=float, default=300.0, help="give up after S seconds (300)")
    p.add_argument("--redis-db", type=int, default=5, help="Redis database to use and flush (5)")
    p.add_argument("--profile", action="store_true", help="run worker w1 under cProfile")
    p.add_argument("--keep-logs", action="store_true", help="keep the workers' logs")
    args = p.parse_args()
    if not 1 <= args.games <= 5000 or not 1 <= args.workers <= 16:
        p.error("--games must be 1..5000 and --workers 1..16")
    return args


def worker_argv(name: str, profile_to: Path | None) -> list[str]:
    head = [sc.PYTHON]
    if profile_to is not None:
        head += ["-m", "cProfile", "-o", str(profile_to)]
    return [
        *head,
        "-m",
        "celery",
        "-A",
        "diplosite",
        "worker",
        "--pool=solo",
        "--concurrency=1",
        "-n",
        f"{name}@%h",
        "--without-gossip",
        "--without-mingle",
        "--loglevel=INFO",
    ]


def probe_queries(game: object) -> int:
    """The queries one phase costs: a game like the others adjudicated in this process,
    with its after-commit work (the event, the notifications), every query counted."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import services

    phase = game.current_phase  # type: ignore[attr-defined]
    with CaptureQueriesContext(connection) as queries:
        services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk)  # type: ignore[attr-defined]
    return len(queries.captured_queries)


def main() -> int:
    args = parse_args()
    with sc.site_environment("site_deadline_storm.py", args.redis_db, args.keep_logs) as children:
        import redis
        from django.db.models import Max
        from django.utils import timezone

        from games import tasks
        from games.models import Game, GamePhase, Seat

        # -- set-up, not timed -------------------------------------------------------------
        started = time.perf_counter()
        players = sc.make_users([f"storm-{p}" for p in sc.POWERS])
        with sc.quiet_publish():
            games = [
                sc.start_game(players, f"Storm {i + 1}", movement_deadline=timedelta(hours=1))
                for i in range(args.games)
            ]
            probe = sc.start_game(players, "Storm probe", movement_deadline=timedelta(hours=1))
        ids = [g.pk for g in games]
        versions_before = dict(Game.objects.filter(pk__in=ids).values_list("pk", "version"))
        sc.say(f"set-up: {args.games} games in {time.perf_counter() - started:.1f} s")
        per_phase = probe_queries(probe)

        names = [f"w{i + 1}" for i in range(args.workers)]
        profile_to = children.folder / "w1.prof" if args.profile else None
        for name in names:
            children.start(name, worker_argv(name, profile_to if name == "w1" else None))
        for name in names:
            children.wait_for_line(name, " ready.", 120)
        broker = redis.Redis.from_url(os.environ["REDIS_URL"])

        # -- the storm ---------------------------------------------------------------------
        moment = timezone.now() - timedelta(milliseconds=100)
        GamePhase.objects.filter(game_id__in=ids, index=0).update(deadline=moment)
        wall_start = timezone.now()
        t0 = time.monotonic()
        queued_first = tasks.sweep_due_phases()
        first_sweep_s = time.monotonic() - t0
        sweeps, duplicates = 0, 0
        next_sweep = t0 + args.sweep_every
        resolved = 0
        done_at: float | None = None
        while time.monotonic() - t0 < args.timeout:
            resolved = GamePhase.objects.filter(
                game_id__in=ids, index=0, status=GamePhase.Status.RESOLVED
            ).count()
            if resolved >= args.games:
                done_at = time.monotonic() - t0
                break
            if args.sweep_every > 0 and time.monotonic() >= next_sweep:
                duplicates += tasks.sweep_due_phases()
                sweeps += 1
                next_sweep += args.sweep_every
            children.check_alive()
            time.sleep(0.05)
        last_resolved = GamePhase.objects.filter(game_id__in=ids, index=0).aggregate(
            m=Max("resolved_at")
        )["m"]

        # Let the workers finish the duplicates, then stop them so their logs are complete.
        drain_end = time.monotonic() + 120
        while time.monotonic() < drain_end:
            if not broker.llen("celery") and not broker.hlen("unacked"):
                break
            children.check_alive()
            time.sleep(0.1)
        left_in_queue = int(broker.llen("celery")) + int(broker.hlen("unacked"))
        broker.close()
        for name in names:
            children.stop(name, seconds=30)

        # -- checks ----------------------------------------------------------------------------
        per_game: dict[int, list[tuple[int, str]]] = collections.defaultdict(list)
        for game_id, index, status in GamePhase.objects.filter(game_id__in=ids).values_list(
            "game_id", "index", "status"
        ):
            per_game[game_id].append((index, status))
        want = sorted([(0, str(GamePhase.Status.RESOLVED)), (1, str(GamePhase.Status.OPEN))])
        bad_phases = [g for g in ids if sorted(per_game[g]) != want]
        versions_after = dict(Game.objects.filter(pk__in=ids).values_list("pk", "version"))
        bad_versions = [g for g in ids if versions_after[g] != versions_before[g] + 1]
        seats = list(Seat.objects.filter(game_id__in=ids).values_list("missed_phases", flat=True))
        bad_seats = sum(1 for m in seats if m != 1)

        true_by: dict[str, int] = {}
        false_by: dict[str, int] = {}
        true_seconds: list[float] = []
        errors: list[str] = []
        adjudicated_lines = 0
        for name in names:
            text = children.log(name).read_text(errors="replace")
            adjudicated_lines += len(re.findall(r"\badjudicated \d+ S1901M\b", text))
            hits = TASK_LINE.findall(text)
            true_by[name] = sum(1 for _s, v in hits if v == "True")
            false_by[name] = sum(1 for _s, v in hits if v == "False")
            true_seconds += [float(s) for s, v in hits if v == "True"]
            errors += [
                line
                for line in text.splitlines()
                if "ERROR" in line or "raised unexpected" in line or "Traceback" in line
            ]
        n_true = sum(true_by.values())
        n_false = sum(false_by.values())
        queued_total = queued_first + duplicates

        # -- figures ---------------------------------------------------------------------------
        width = 32
        sc.say()
        sc.say(f"{'games':<{width}}{args.games}")
        sc.say(f"{'workers':<{width}}{args.workers} (celery --pool=solo, Redis broker)")
        sc.say(f"{'first sweep':<{width}}queued {queued_first} in {first_sweep_s:.3f} s")
        sc.say(
            f"{'beat-like sweeps':<{width}}{sweeps} more (every {args.sweep_every:g} s), "
            f"queued {duplicates} duplicates"
        )
        if done_at is None:
            sc.say(
                f"{'seconds until all adjudicated':<{width}}TIMED OUT after {args.timeout:g} s "
                f"({resolved}/{args.games} adjudicated)   (goal < {GOAL_SECONDS:g} s: "
                f"{sc.goal(False)})"
            )
        else:
            sc.say(
                f"{'seconds until all adjudicated':<{width}}{done_at:.2f} s   "
                f"(goal < {GOAL_SECONDS:g} s on 2 cores: {sc.goal(done_at < GOAL_SECONDS)})"
            )
            sc.say(f"{'phases/s':<{width}}{args.games / done_at:.1f}")
        if last_resolved is not None:
            span = (last_resolved - wall_start).total_seconds()
            sc.say(f"{'last resolved_at - first sweep':<{width}}{span:.2f} s")
        sc.say(
            f"{'queries per phase':<{width}}{per_phase} (one more game adjudicated in this "
            "process, its after-commit work included)"
        )
        if true_seconds:
            sc.say(
                f"{'task run time (adjudicated)':<{width}}median "
                f"{sc.median(true_seconds) * 1000:.1f} ms, p99 "
                f"{sc.percentile(true_seconds, 99) * 1000:.1f} ms (Celery's own figure)"
            )
        sc.say(
            f"{'tasks per worker (True/False)':<{width}}"
            + ", ".join(f"{n} {true_by[n]}/{false_by[n]}" for n in names)
        )
        problems: list[str] = []
        if bad_phases:
            problems.append(
                f"{len(bad_phases)} games without exactly (S1901M resolved, F1901M open)"
            )
        if bad_versions:
            problems.append(f"{len(bad_versions)} games whose version did not move by exactly 1")
        if bad_seats:
            problems.append(f"{bad_seats} of {len(seats)} seats not missing exactly 1 phase")
        if n_true != args.games:
            problems.append(f"{n_true} tasks returned True (want {args.games})")
        if adjudicated_lines != args.games:
            problems.append(f"{adjudicated_lines} 'adjudicated' log lines (want {args.games})")
        if n_true + n_false != queued_total:
            problems.append(f"{n_true + n_false} tasks finished of {queued_total} queued")
        if left_in_queue:
            problems.append(f"{left_in_queue} tasks still queued or unacknowledged")
        if errors:
            problems.append(f"{len(errors)} error lines in the worker logs, first: {errors[0]}")
        check = "OK" if not problems else "FAILED: " + "; ".join(problems)
        sc.say(
            f"{'exactly-once check':<{width}}{check}\n{'':<{width}}({len(ids)} games x "
            f"[1 resolved S1901M + 1 open F1901M], versions +1, {len(seats)} seats missed 1 phase;"
            f" tasks True {n_true}, False {n_false} of {queued_total} queued; "
            f"{adjudicated_lines} 'adjudicated' log lines)"
        )
        if profile_to is not None and profile_to.exists():
            sc.say("\ncProfile of worker w1 (whole process life, top 30 by cumulative time):")
            stats = pstats.Stats(str(profile_to), stream=sys.stdout)
            stats.sort_stats("cumulative").print_stats(30)
        return 0 if not problems and done_at is not None else 1


if __name__ == "__main__":
    sys.exit(main())
