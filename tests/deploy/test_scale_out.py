"""The shipped deployment (deploy/): nginx in front of two Daphne processes, two Celery
workers and one beat, against one PostgreSQL and one Redis, as the README tells an
operator to run them. A game is played through the proxy by the site's own API clients
while one Daphne process and then one worker are killed mid-phase: nothing is lost (every
order the site accepted is the order adjudicated), each phase is adjudicated once, and
live updates still arrive through the proxy.

It needs the real parts (PostgreSQL, Redis, nginx): CI has them; elsewhere it is skipped,
saying why."""

from __future__ import annotations

import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import TransactionTestCase

from accounts.services import bot_account_create
from bots.client import Api, Turn, play_turn
from games import services
from games.models import Game, GamePhase, OrderSet
from games.terms import GameTerms
from tests.deploy.support import database_url, free_port, on_postgresql, redis_url, wait_until

ROOT = Path(settings.BASE_DIR)
DEPLOY = ROOT / "deploy"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
#: The Redis database the processes share here (flushed before and after).
REDIS_DB = 11

needs_the_real_parts = pytest.mark.skipif(
    not (on_postgresql and settings.REDIS_URL and NGINX),
    reason="needs PostgreSQL (DATABASE_URL), Redis (REDIS_URL) and nginx, as CI has",
)


class Processes:
    """The site's processes, each in a process group of its own, output to a file; all
    stopped on the way out."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder = folder
        self.env = env
        self.running: dict[str, subprocess.Popen[bytes]] = {}

    def start(self, name: str, argv: list[str]) -> None:
        out = (self.folder / f"{name}.log").open("wb")
        self.running[name] = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=self.env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def kill(self, name: str) -> None:
        """SIGKILL: no goodbye, as a crash or an OOM kill."""
        process = self.running[name]
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)

    def freeze(self, name: str) -> None:
        """SIGSTOP: a process that hangs (swapping, a stuck disk); what the broker hands it
        stays in its socket, unread."""
        os.killpg(self.running[name].pid, signal.SIGSTOP)

    def alive(self, name: str) -> bool:
        return self.running[name].poll() is None

    def stop_all(self) -> None:
        for process in self.running.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.running.values():
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()

    def logs(self) -> str:
        return "\n".join(
            f"--- {log.name}\n{log.read_text(errors='replace')[-4000:]}"
            for log in sorted(self.folder.glob("*.log"))
        )


def nginx_conf(folder: Path, listen: int, daphnes: list[int]) -> Path:
    """nginx as the operator runs it, on a loopback port and without TLS: the shipped
    locations (deploy/nginx/diplomacy-locations.conf) and the shipped upstream's name,
    with this test's Daphne ports."""
    servers = "\n".join(
        f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=10s;" for port in daphnes
    )
    conf = folder / "nginx.conf"
    conf.write_text(
        f"""daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log.txt info;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/nginx-access.log.txt;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    upstream diplomacy_daphne {{
{servers}
        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{listen};
        include {DEPLOY}/nginx/diplomacy-locations.conf;
    }}
}}
"""
    )
    return conf


class Websocket:
    """A websocket client of the fewest words (RFC 6455: the handshake, and reading the
    server's unmasked text frames), enough to hear the game's version through nginx."""

    def __init__(self, port: int, path: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                f"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise AssertionError(f"the websocket closed during the handshake: {head!r}")
            head += chunk
        self.status = head.split(b" ", 2)[1].decode()

    def read(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise AssertionError("the websocket closed")
            data += chunk
        return data

    def message(self) -> dict[str, Any]:
        first, second = self.read(2)
        length = second & 0x7F
        if length == 126:
            length = int.from_bytes(self.read(2), "big")
        elif length == 127:
            length = int.from_bytes(self.read(8), "big")
        payload = self.read(length)
        if first & 0x0F != 0x1:  # not text (a ping, a close): the next one
            return self.message()
        return dict(json.loads(payload))

    def close(self) -> None:
        self.sock.close()


@needs_the_real_parts
class ScaleOut(TransactionTestCase):
    def setUp(self) -> None:
        import redis

        self.redis = redis.Redis.from_url(redis_url(REDIS_DB))
        self.redis.flushdb()
        self.addCleanup(self.redis.flushdb)
        self.tokens: dict[str, str] = {}
        players = []
        for power in POWERS:
            user, token = bot_account_create(username=f"scale-{power}")
            players.append(user)
            self.tokens[power] = token
        self.game = services.game_create(
            created_by=players[0],
            name="Scaled out",
            power=POWERS[0],
            terms=GameTerms(assignment=Game.Assignment.CHOSEN),
        )
        for user, power in zip(players[1:], POWERS[1:], strict=True):
            services.game_join(game=self.game, user=user, power=power)
        self.game.refresh_from_db()
        assert self.game.status == Game.Status.ACTIVE

    @contextmanager
    def site(self) -> Iterator[tuple[Processes, int]]:
        folder = Path(tempfile.mkdtemp(prefix="scale-out-"))
        # nginx's workers run as nobody when the test runs as root.
        folder.chmod(0o777)
        env = {
            **os.environ,
            "DATABASE_URL": database_url(),
            "REDIS_URL": redis_url(REDIS_DB),
            "DJANGO_SETTINGS_MODULE": "diplosite.settings",
            "PYTHONUNBUFFERED": "1",
            "PYTHONPATH": str(ROOT),
            "DEADLINE_SWEEP_SECONDS": "1",
            "HEALTH_HEARTBEAT_SECONDS": "2",
            "HEALTH_STALE_SECONDS": "30",
        }
        processes = Processes(folder, env)
        daphnes = [free_port(), free_port()]
        proxy = free_port()
        python = sys.executable
        try:
            for n, port in enumerate(daphnes, 1):
                processes.start(
                    f"web{n}",
                    [
                        python,
                        "-m",
                        "daphne",
                        "-b",
                        "127.0.0.1",
                        "-p",
                        str(port),
                        "--proxy-headers",
                        "diplosite.asgi:application",
                    ],
                )
            for n in (1, 2):
                processes.start(
                    f"worker{n}",
                    [
                        python,
                        "-m",
                        "celery",
                        "-A",
                        "diplosite",
                        "worker",
                        "--loglevel=INFO",
                        "--pool=solo",
                        f"--hostname=worker{n}@%h",
                        "--without-gossip",
                        "--without-mingle",
                    ],
                )
            processes.start(
                "beat",
                [
                    python,
                    "-m",
                    "celery",
                    "-A",
                    "diplosite",
                    "beat",
                    "--loglevel=WARNING",
                    "--schedule",
                    str(folder / "beat-schedule"),
                ],
            )
            processes.start(
                "nginx",
                [str(NGINX), "-p", str(folder), "-c", str(nginx_conf(folder, proxy, daphnes))],
            )
            yield processes, proxy
        except BaseException:
            print(processes.logs())
            raise
        finally:
            processes.stop_all()
            shutil.rmtree(folder, ignore_errors=True)

    def test_a_game_goes_on_when_a_web_process_and_a_worker_die_mid_phase(self) -> None:
        with self.site() as (processes, proxy):
            url = f"http://127.0.0.1:{proxy}"

            def ready() -> bool:
                with urllib.request.urlopen(f"{url}/health/ready/", timeout=5) as answer:
                    return bool(answer.status == 200)

            wait_until("the site, through nginx, says it is ready", ready, 120)

            accepted: dict[tuple[int, str], list[str]] = {}

            class Recording(Api):
                def submit(self, game: int, orders: Any, *, phase: int, power: str) -> Any:
                    answer = super().submit(game, orders, phase=phase, power=power)
                    accepted[(phase, power)] = list(orders)
                    return answer

            clients = {p: Recording(url, self.tokens[p]) for p in POWERS}

            def open_phase() -> int:
                phase = GamePhase.objects.get(game=self.game, status=GamePhase.Status.OPEN)
                return int(phase.index)

            # Spring: web1 dies after three powers have ordered; nginx sends the rest to web2.
            spring = open_phase()
            for n, power in enumerate(POWERS):
                if n == 3:
                    processes.kill("web1")
                assert play_turn(clients[power], self.game.pk) is Turn.ORDERED, power
            wait_until("spring is adjudicated", lambda: open_phase() > spring, 120)

            # Live updates through nginx (to web2, the one alive): the version now, then
            # the one after the next adjudication.
            socket_ = Websocket(proxy, f"/ws/games/{self.game.pk}/")
            self.addCleanup(socket_.close)
            assert socket_.status == "101"
            version = socket_.message()["version"]

            # Fall: worker1 hangs with half the orders in, and is killed once they all are.
            # The adjudication the last "ready" queued went to whichever worker Redis chose;
            # if worker1 took it, it is gone with worker1, and beat's sweep queues the
            # phase again once its hold expires (games.tasks.REQUEUE_AFTER_SECONDS).
            fall = open_phase()
            for n, power in enumerate(POWERS):
                if n == 4:
                    processes.freeze("worker1")
                assert play_turn(clients[power], self.game.pk) is Turn.ORDERED, power
            processes.kill("worker1")
            wait_until("the next phase is adjudicated", lambda: open_phase() > fall, 150)
            heard = socket_.message()
            assert heard["version"] > version

            assert not processes.alive("web1")
            assert not processes.alive("worker1")
            for name in ("web2", "worker2", "beat", "nginx"):
                assert processes.alive(name), name

        # Nothing lost: every order the site accepted is what was adjudicated, and each
        # phase was adjudicated once (one phase after it, no failure recorded).
        for index in (spring, fall):
            phase = GamePhase.objects.get(game=self.game, index=index)
            assert phase.status == GamePhase.Status.RESOLVED
            assert phase.failures == 0
            stored = {s.power: list(s.orders) for s in OrderSet.objects.filter(phase=phase)}
            given = {power: orders for (i, power), orders in accepted.items() if i == index}
            assert given, index
            for power, orders in given.items():
                assert stored[power] == orders, (index, power)
        indexes = list(
            GamePhase.objects.filter(game=self.game)
            .order_by("index")
            .values_list("index", flat=True)
        )
        assert indexes == sorted(set(indexes))
        assert GamePhase.objects.filter(game=self.game, status=GamePhase.Status.OPEN).count() == 1


@pytest.mark.skipif(NGINX is None, reason="needs nginx, as CI has")
def test_the_shipped_site_file_is_one_nginx_takes(tmp_path: Path) -> None:
    """deploy/nginx/diplomacy.conf as an operator installs it (its certificate and the
    locations file where it says), checked by nginx itself."""
    from datetime import UTC, datetime, timedelta

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "diplomacy.example.org")])
    now = datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(1)
        .not_valid_before(now)
        .not_valid_after(now + timedelta(days=1))
        .sign(key, hashes.SHA256())
    )
    (tmp_path / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (tmp_path / "key.pem").write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    site = (DEPLOY / "nginx" / "diplomacy.conf").read_text()
    for shipped, here in (
        ("/etc/letsencrypt/live/diplomacy.example.org/fullchain.pem", tmp_path / "cert.pem"),
        ("/etc/letsencrypt/live/diplomacy.example.org/privkey.pem", tmp_path / "key.pem"),
        ("/etc/nginx/diplomacy-locations.conf", DEPLOY / "nginx" / "diplomacy-locations.conf"),
    ):
        assert shipped in site
        site = site.replace(shipped, str(here))
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\n"
        f"events {{}}\nhttp {{ include {tmp_path}/site.conf; }}\n"
    )
    checked = subprocess.run(
        [str(NGINX), "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr
