"""Benchmark: one game watched by many websocket clients on a real Daphne server with the
Redis channel layer; how long from an adjudication's commit until every client hears of it.

    DATABASE_URL=postgres://diplo:diplo@127.0.0.1:5432/diplo REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/site_fanout.py [--clients 500] [--rounds 5]

Set-up (not timed): a fresh database with one running standard game, Daphne started as
runsite starts it (with LIVE_POLL_SECONDS=3600, so only pushed messages arrive), and a
client process holding N connections to ws://127.0.0.1:<port>/ws/games/<id>/ (a minimal
RFC 6455 client on asyncio: it sends Origin: http://127.0.0.1 and answers pings).
Each round adjudicates the current phase through games.services.phase_adjudicate in this
process, which publishes on commit; every client notes when the new version arrives.
Times are CLOCK_MONOTONIC (time.monotonic_ns), which all processes share.
See bench/README.md ("Site benchmarks").
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import hashlib
import json
import os
import pstats
import struct
import sys
import time
from dataclasses import dataclass, field
from multiprocessing import get_context
from multiprocessing.connection import Connection
from types import ModuleType
from typing import Any

import site_common as sc

GOAL_P99_SECONDS = 1.0
WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


# -- a minimal websocket client (RFC 6455, client side) ------------------------------------


class HandshakeError(Exception):
    pass


def ws_frame(opcode: int, payload: bytes) -> bytes:
    """One final, masked frame (clients must mask)."""
    head = bytes([0x80 | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", n)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


@dataclass
class WsClient:
    index: int
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None
    #: (version, time.monotonic_ns()) for every game.changed message, in order.
    seen: list[tuple[int, int]] = field(default_factory=list)
    closed: str = ""

    async def connect(self, port: int, path: str) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        key = base64.b64encode(os.urandom(16)).decode()
        self.writer.write(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1\r\n\r\n"
            ).encode()
        )
        await self.writer.drain()
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        status = head.split("\r\n", 1)[0]
        if " 101 " not in status:
            raise HandshakeError(status)
        accept = base64.b64encode(hashlib.sha1((key + WS_GUID).encode()).digest()).decode()
        if f"sec-websocket-accept: {accept.lower()}" not in head.lower():
            raise HandshakeError("bad Sec-WebSocket-Accept")

    async def _frame(self) -> tuple[int, bool, bytes]:
        assert self.reader is not None
        b0, b1 = await self.reader.readexactly(2)
        n = b1 & 0x7F
        if n == 126:
            (n,) = struct.unpack("!H", await self.reader.readexactly(2))
        elif n == 127:
            (n,) = struct.unpack("!Q", await self.reader.readexactly(8))
        mask = await self.reader.readexactly(4) if b1 & 0x80 else b""
        payload = await self.reader.readexactly(n)
        if mask:
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        return b0 & 0x0F, bool(b0 & 0x80), payload

    async def listen(self) -> None:
        """Read until the server closes; note versions, answer pings."""
        assert self.writer is not None
        message = b""
        try:
            while True:
                opcode, fin, payload = await self._frame()
                if opcode == 0x9:  # ping
                    self.writer.write(ws_frame(0xA, payload))
                    continue
                if opcode == 0x8:  # close
                    code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                    self.closed = f"closed by server ({code})"
                    self.writer.write(ws_frame(0x8, payload[:2]))
                    return
                if opcode in (0x0, 0x1, 0x2):
                    message += payload
                    if not fin:
                        continue
                    now = time.monotonic_ns()
                    data = json.loads(message)
                    message = b""
                    if isinstance(data, dict) and data.get("type") == "game.changed":
                        self.seen.append((int(data["version"]), now))
        except (asyncio.IncompleteReadError, ConnectionError) as e:
            self.closed = f"connection lost ({type(e).__name__})"

    async def close(self) -> None:
        if self.writer is None or self.writer.is_closing():
            return
        try:
            self.writer.write(ws_frame(0x8, struct.pack("!H", 1000)))
            await asyncio.wait_for(self.writer.drain(), 2)
        except (ConnectionError, TimeoutError):
            pass
        self.writer.close()


# -- the client process ------------------------------------------------------------------


def client_process(
    conn: Connection, port: int, game_id: int, clients: int, batch: int, limit: float
) -> None:
    """Hold ``clients`` connections; report to the parent over ``conn``."""
    sc.raise_fd_limit(clients + 256)
    asyncio.run(_client_main(conn, port, game_id, clients, batch, limit))


async def _client_main(
    conn: Connection, port: int, game_id: int, n: int, batch: int, limit: float
) -> None:
    loop = asyncio.get_running_loop()
    give_up = time.monotonic() + limit
    path = f"/ws/games/{game_id}/"
    everyone = [WsClient(i) for i in range(n)]
    failures: list[str] = []
    listeners: list[asyncio.Task[None]] = []
    started = time.monotonic()

    async def open_one(c: WsClient) -> bool:
        try:
            await asyncio.wait_for(c.connect(port, path), 15)
        except (OSError, TimeoutError, HandshakeError, asyncio.IncompleteReadError) as e:
            failures.append(f"client {c.index}: {type(e).__name__} {e}")
            return False
        listeners.append(asyncio.create_task(c.listen()))
        return True

    connected: list[WsClient] = []
    for start in range(0, n, batch):
        group = everyone[start : start + batch]
        oks = await asyncio.gather(*(open_one(c) for c in group))
        connected += [c for c, ok in zip(group, oks, strict=True) if ok]
    # A client counts once the consumer has accepted it and sent the current version.
    while time.monotonic() < give_up and any(not c.seen and not c.closed for c in connected):
        await asyncio.sleep(0.05)
    ready = [c for c in connected if c.seen]
    conn.send(("connected", len(ready), time.monotonic() - started, failures[:5], len(failures)))

    # Report each version once every ready client has it; stop when told (or at the limit).
    stop = asyncio.Event()
    announced: set[int] = set()

    def on_parent() -> None:
        while conn.poll():
            if conn.recv() == "stop":
                stop.set()

    loop.add_reader(conn.fileno(), on_parent)
    while not stop.is_set() and time.monotonic() < give_up:
        counts: dict[int, int] = {}
        for c in ready:
            for v in {v for v, _t in c.seen}:
                counts[v] = counts.get(v, 0) + 1
        for v, k in sorted(counts.items()):
            if k == len(ready) and v not in announced:
                announced.add(v)
                conn.send(("got", v))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.02)
    loop.remove_reader(conn.fileno())
    dropped = [c.closed for c in ready if c.closed]
    await asyncio.gather(*(c.close() for c in connected))
    for t in listeners:
        t.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    conn.send(("results", [c.seen for c in ready], dropped))


# -- the benchmark -----------------------------------------------------------------------------


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--clients", type=int, default=2000, help="websocket clients (2000)")
    p.add_argument("--rounds", type=int, default=5, help="phases adjudicated (5)")
    p.add_argument("--batch", type=int, default=50, help="clients connecting at once (50)")
    p.add_argument("--gap", type=float, default=0.5, help="pause between rounds, s (0.5)")
    p.add_argument("--round-timeout", type=float, default=15.0, help="wait per round, s (15)")
    p.add_argument("--redis-db", type=int, default=6, help="Redis database to use and flush (6)")
    p.add_argument(
        "--layer",
        choices=sc.LAYERS,
        default="site",
        help="channel layer for this run: the site's own setting (site, default),\n"
        "channels_redis's RedisPubSubChannelLayer (pubsub), or the site's RedisChannelLayer\n"
        "without redis-py's 5 s socket read timeout (core-no-read-timeout)",
    )
    p.add_argument(
        "--daphne", type=int, default=1, help="Daphne processes on one listening socket (1)"
    )
    p.add_argument("--profile", action="store_true", help="run Daphne under cProfile")
    p.add_argument("--keep-logs", action="store_true", help="keep Daphne's log")
    args = p.parse_args()
    if not 1 <= args.clients <= 5000 or not 1 <= args.rounds <= 50:
        p.error("--clients must be 1..5000 and --rounds 1..50")
    if args.profile and args.daphne != 1:
        p.error("--profile runs one Daphne process (--daphne 1)")
    return args


def expect(
    conn: Connection, kind: str, seconds: float, value: Any = None
) -> tuple[Any, ...] | None:
    """The next message ``(kind, ...)`` from the client process (with ``value`` second, if
    given), or None after ``seconds``. Other messages are dropped."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if conn.poll(max(0.0, min(0.5, end - time.monotonic()))):
            message = conn.recv()
            if message[0] == kind and (value is None or message[1] == value):
                return tuple(message)
    return None


def ms(values: list[float], p: float) -> str:
    return f"{sc.percentile(values, p) * 1000:.1f} ms"


def main() -> int:
    args = parse_args()
    sc.raise_fd_limit(args.clients * 2 + 1024)
    extra = {"LIVE_POLL_SECONDS": "3600"}

    def configure(settings: ModuleType) -> None:
        layers = sc.channel_layers(args.layer, settings.REDIS_URL)
        if layers is not None:
            vars(settings)["CHANNEL_LAYERS"] = layers

    with sc.site_environment(
        "site_fanout.py", args.redis_db, args.keep_logs, extra, configure
    ) as children:
        from django.conf import settings

        import core.live
        from games import services
        from games.models import Game

        players = sc.make_users([f"fan-{p}" for p in sc.POWERS])
        with sc.quiet_publish():
            game = sc.start_game(players, "Fan-out")

        port = sc.free_port()
        profile_to = children.folder / "daphne.prof"
        daphnes = sc.start_daphnes(
            children,
            port,
            args.daphne,
            layer=args.layer,
            profile_to=profile_to if args.profile else None,
        )

        ctx = get_context("spawn")
        parent, child = ctx.Pipe()
        limit = 120 + args.rounds * (args.round_timeout + args.gap) + args.clients / 10
        proc = ctx.Process(
            target=client_process,
            args=(child, port, game.pk, args.clients, args.batch, limit),
            daemon=True,
        )
        proc.start()
        try:
            hello = expect(parent, "connected", 180)
            if hello is None:
                raise RuntimeError("the clients did not connect within 180 s")
            _k, ready, connect_s, failure_sample, n_failures = hello
            sc.say(f"{ready} of {args.clients} clients connected in {connect_s:.1f} s")
            for line in failure_sample:
                sc.say(f"  connect failure: {line}")

            # Time the publish inside the service: core.live.game_changed_publish looks
            # group_publish up in its module each time, so wrapping that attribute catches
            # the game's publish (the players' inbox publishes pass through untimed).
            real_publish = core.live.group_publish
            marks: dict[str, int] = {}

            def timed_publish(group: str, event: dict[str, object]) -> None:
                timed = event.get("type") == "game.changed"
                if timed:
                    marks["before"] = time.monotonic_ns()
                real_publish(group, event)
                if timed:
                    marks["after"] = time.monotonic_ns()

            core.live.group_publish = timed_publish
            rounds: list[tuple[int, int, int, int, int]] = []  # version, start, before, after, ret
            timeouts = 0
            for _r in range(args.rounds):
                time.sleep(args.gap)
                phase = Game.objects.get(pk=game.pk).current_phase
                if phase is None:
                    raise RuntimeError("the game has no open phase")
                marks.clear()
                t_start = time.monotonic_ns()
                if not services.phase_adjudicate(game_id=game.pk, phase_id=phase.pk):
                    raise RuntimeError(f"phase {phase.code} was not adjudicated")
                t_return = time.monotonic_ns()
                version = Game.objects.get(pk=game.pk).version
                rounds.append((version, t_start, marks["before"], marks["after"], t_return))
                if expect(parent, "got", args.round_timeout, version) is None:
                    timeouts += 1
                    sc.say(
                        f"round with version {version}: not every client had it after "
                        f"{args.round_timeout:g} s"
                    )
            core.live.group_publish = real_publish
            parent.send("stop")
            results = expect(parent, "results", 60)
            if results is None:
                raise RuntimeError("the client process sent no results")
            _k, seen, dropped = results
        finally:
            proc.join(timeout=10)
            if proc.is_alive():
                proc.terminate()
                proc.join(timeout=5)

        # -- figures -------------------------------------------------------------------------
        from_before: list[float] = []
        from_return: list[float] = []
        publish_s = [(after - before) / 1e9 for _v, _s, before, after, _r in rounds]
        service_s = [(ret - start) / 1e9 for _v, start, _b, _a, ret in rounds]
        complete = 0
        lost = 0
        repeated = 0
        for client_seen in seen:
            got_all = True
            for version, _s, before, _a, ret in rounds:
                times = [t for v, t in client_seen if v == version]
                if not times:
                    got_all = False
                    lost += 1
                    continue
                repeated += len(times) - 1
                from_before.append((times[0] - before) / 1e9)
                from_return.append((times[0] - ret) / 1e9)
            complete += got_all
        width = 40
        sc.say()
        sc.say(f"{'clients':<{width}}{args.clients} ({ready} connected, {n_failures} failed)")
        sc.say(f"{'rounds (phases adjudicated)':<{width}}{len(rounds)}")
        backend = settings.CHANNEL_LAYERS["default"]["BACKEND"]
        sc.say(f"{'channel layer':<{width}}{backend} (--layer {args.layer})")
        sc.say(f"{'Daphne processes':<{width}}{len(daphnes)} (one listening socket)")
        sc.say(
            f"{'phase_adjudicate, whole call':<{width}}median {sc.median(service_s) * 1000:.1f} ms"
            f" (of which publish: median {sc.median(publish_s) * 1000:.1f} ms)"
        )
        for label, values in (
            ("latency from just before publish", from_before),
            ("latency from phase_adjudicate return", from_return),
        ):
            if not values:
                sc.say(f"{label:<{width}}no messages received")
                continue
            p99 = sc.percentile(values, 99)
            sc.say(
                f"{label:<{width}}p50 {ms(values, 50)}, p99 {ms(values, 99)}, max "
                f"{max(values) * 1000:.1f} ms, min {min(values) * 1000:.1f} ms  (n={len(values)};"
                f" goal p99 < {GOAL_P99_SECONDS:g} s: {sc.goal(p99 < GOAL_P99_SECONDS)})"
            )
        sc.say(
            f"{'clients that got every update':<{width}}{complete} of {ready}"
            f" (lost {lost}, repeated {repeated}, rounds timed out {timeouts})"
        )
        if dropped:
            sc.say(f"{'connections dropped during the run':<{width}}{len(dropped)}: {dropped[0]}")
        log = "".join(children.log(d).read_text(errors="replace") for d in daphnes)
        tracebacks = log.count("Traceback")
        if tracebacks:
            sc.say(f"{'tracebacks in the Daphne log':<{width}}{tracebacks}")
        if args.profile:
            children.stop(daphnes[0], seconds=30)
            if profile_to.exists():
                sc.say("\ncProfile of Daphne (whole process life, top 40 by own time):")
                stats = pstats.Stats(str(profile_to), stream=sys.stdout)
                stats.sort_stats("tottime").print_stats(40)
        ok = ready == args.clients and complete == ready and not tracebacks and not dropped
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
