"""Webhooks go to public servers only: a player's URL never makes the site's workers
reach their own network, whether it is saved that way, resolves there later (even
between the check and the connection), or redirects there."""

from __future__ import annotations

import errno
import ipaddress
import json
import socket
import ssl
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from http.server import HTTPServer
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from django.urls import reverse
from rest_framework.test import APIClient

from notifications import services as notifications
from notifications import webhooks
from notifications.models import Delivery, NotificationSetting
from tests.notifications.conftest import Hook

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:6379/",
        "http://localhost:8000/hook",
        "http://10.1.2.3/hook",
        "http://192.168.0.10/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/hook",
        "http://0.0.0.0/hook",
        "https://100.64.0.1/hook",
    ],
)
def test_private_and_local_addresses_are_refused(url: str) -> None:
    assert "private or local network" in (webhooks.address_problem(url) or "")
    assert "private or local network" in (webhooks.address_problem(url, resolve=True) or "")


def test_a_name_is_judged_by_its_addresses_before_sending(monkeypatch: pytest.MonkeyPatch) -> None:
    def resolves_inside(host: str, port: int, **kwargs: Any) -> list[Any]:
        return [(2, 1, 6, "", ("10.0.0.7", port))]

    monkeypatch.setattr(webhooks.socket, "getaddrinfo", resolves_inside)
    url = "https://hooks.example.org/x"
    assert webhooks.address_problem(url) is None  # saving does not wait for DNS
    assert "private or local network" in (webhooks.address_problem(url, resolve=True) or "")


@pytest.mark.parametrize(
    ("url", "allowed"),
    [
        ("https://8.8.8.8/hook", True),
        ("https://discord.invalid/api/webhooks/1/x", True),  # not resolvable now: sending says
        ("ftp://8.8.8.8/hook", False),
        ("https:///no-host", False),
        ("http://8.8.8.8:99999/", False),
    ],
)
def test_public_http_addresses_only(url: str, allowed: bool) -> None:
    assert (webhooks.address_problem(url, resolve=True) is None) is allowed


def test_the_page_and_the_api_refuse_a_private_webhook(client: Any, make_user: Any) -> None:
    user = make_user("alice")
    client.force_login(user)
    page = client.post(
        reverse("notifications:inbox"),
        {"press__webhook": "on", "webhook_url": "http://127.0.0.1:6379/"},
    )
    assert page.status_code == 200
    assert "private or local network" in page.content.decode()
    api = APIClient()
    api.force_authenticate(user)
    answer = api.put(
        reverse("api:notifications-settings"),
        {"choices": {"press": ["webhook"]}, "webhook_url": "http://10.0.0.1/x"},
        format="json",
    )
    assert answer.status_code == 400
    assert "private or local network" in str(answer.json()["errors"])
    assert not NotificationSetting.objects.filter(user=user).exclude(webhook_url="").exists()
    with pytest.raises(ValueError, match="private or local network"):
        notifications.setting_save(user=user, choices={}, webhook_url="http://localhost/x")


def test_an_address_that_became_private_is_not_called(
    make_user: Any, hook: tuple[str, type[Hook]], settings: Any
) -> None:
    url, handler = hook
    user = make_user("alice")
    notifications.setting_save(user=user, choices={"game_ended": ["webhook"]}, webhook_url=url)
    settings.WEBHOOK_ALLOW_PRIVATE = False  # as if its name now resolved to this machine
    notifications.notify(
        kind="game_ended",
        game=None,
        users=[user.pk],
        event_key="w:1",
        params={"game": "G"},
        queue=False,
    )
    delivery = Delivery.objects.get(event_key="w:1")
    assert delivery.status == Delivery.Status.FAILED
    assert "private or local network" in delivery.last_error
    assert handler.bodies == []


def test_a_webhook_is_not_redirected(make_user: Any, hook: tuple[str, type[Hook]]) -> None:
    url, handler = hook
    handler.statuses = [307] * 10
    handler.location = url + "/elsewhere"
    user = make_user("alice")
    notifications.setting_save(user=user, choices={"game_ended": ["webhook"]}, webhook_url=url)
    notifications.notify(
        kind="game_ended",
        game=None,
        users=[user.pk],
        event_key="w:2",
        params={"game": "G"},
        queue=False,
    )
    delivery = Delivery.objects.get(event_key="w:2")
    assert delivery.status == Delivery.Status.FAILED
    assert "307" in delivery.last_error
    assert len(handler.bodies) == notifications.MAX_ATTEMPTS  # never followed elsewhere


# Sending: the connection goes to the addresses that were checked (DNS rebinding), and
# still names the URL's host (Host header, TLS server name and certificate).

PUBLIC = "93.184.216.34"
NAME = "hooks.example.org"


class Recorder(Hook):
    """A Hook that also keeps each request's path and Host header, and the TLS server
    name each connection asked for."""

    requests: list[tuple[str, str]] = []
    server_names: list[str | None] = []
    #: Sent as the body of a 200 answer when set, announced as ``announced`` bytes long.
    answer = b""
    announced = 0

    def do_POST(self) -> None:
        type(self).requests.append((self.path, self.headers.get("Host", "")))
        if not type(self).answer:
            super().do_POST()
            return
        length = int(self.headers.get("Content-Length", 0))
        type(self).bodies.append(json.loads(self.rfile.read(length)))
        self.send_response(200)
        self.send_header("Content-Length", str(type(self).announced))
        self.end_headers()
        self.wfile.write(type(self).answer)


class _Server6(HTTPServer):
    address_family = socket.AF_INET6


@pytest.fixture
def serve() -> Iterator[Callable[..., tuple[int, type[Recorder]]]]:
    """Starts recording servers on this machine (over TLS with a context): (port, handler)."""
    servers: list[HTTPServer] = []

    def start(
        host: str = "127.0.0.1", tls: ssl.SSLContext | None = None
    ) -> tuple[int, type[Recorder]]:
        handler: type[Recorder] = type(
            "ARecorder",
            (Recorder,),
            {"statuses": [], "bodies": [], "requests": [], "server_names": []},
        )
        server = (_Server6 if ":" in host else HTTPServer)((host, 0), handler)
        if tls is not None:
            tls.sni_callback = lambda sock, name, context: handler.server_names.append(name)
            server.socket = tls.wrap_socket(server.socket, server_side=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return int(server.server_address[1]), handler

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def dialled(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every (address, port) a connection is opened to. An address outside this machine
    is not really dialled: the tests never reach the internet (this machine has none)."""
    calls: list[tuple[str, int]] = []
    real = socket.create_connection

    def create_connection(address: tuple[str, int], *args: Any, **kwargs: Any) -> socket.socket:
        calls.append(address)
        try:
            outside = not ipaddress.ip_address(address[0]).is_loopback
        except ValueError:
            outside = False  # a name: resolved as usual (by _resolving's lookups)
        if outside:
            raise OSError(errno.ENETUNREACH, "Network is unreachable (in tests)")
        return real(address, *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", create_connection)
    return calls


def _resolving(monkeypatch: pytest.MonkeyPatch, *answers: list[str]) -> list[str]:
    """Makes ``NAME`` resolve to the next of ``answers`` at each lookup (the last one
    again after that); other names resolve as usual. Returns the lookups made."""
    lookups: list[str] = []
    real = socket.getaddrinfo

    def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> list[Any]:
        if host != NAME:
            return real(host, port, *args, **kwargs)
        lookups.append(host)
        found: list[Any] = []
        for address in answers[min(len(lookups), len(answers)) - 1]:
            if ":" in address:
                found.append((socket.AF_INET6, socket.SOCK_STREAM, 6, "", (address, port, 0, 0)))
            else:
                found.append((socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port)))
        return found

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return lookups


def _certificate(folder: Path, *, name: str | None = None, address: str | None = None) -> Path:
    """A self-signed certificate for ``name`` or for ``address`` only, with its key, in
    one PEM file."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "webhook test")])
    alternative: list[x509.GeneralName] = (
        [x509.DNSName(name)] if name else [x509.IPAddress(ipaddress.ip_address(address or ""))]
    )
    now = datetime.now(UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(hours=1))
        .not_valid_after(now + timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName(alternative), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    path = folder / "server.pem"
    path.write_bytes(
        certificate.public_bytes(serialization.Encoding.PEM)
        + key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return path


def _tls_server(
    serve: Callable[..., tuple[int, type[Recorder]]],
    monkeypatch: pytest.MonkeyPatch,
    certificate: Path,
) -> tuple[int, type[Recorder]]:
    """A local https server with ``certificate``, which the client side then trusts."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate)
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate))  # read by create_default_context
    return serve(tls=context)


def test_a_name_is_dialled_at_the_address_that_was_checked(
    monkeypatch: pytest.MonkeyPatch,
    serve: Callable[..., tuple[int, type[Recorder]]],
    dialled: list[tuple[str, int]],
    settings: Any,
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = False
    port, handler = serve()
    # A hostile DNS server: a public address for the check, this machine for the rest.
    lookups = _resolving(monkeypatch, [PUBLIC], ["127.0.0.1"])
    with pytest.raises(webhooks.WebhookError, match="unreachable"):
        webhooks.post_json(f"http://{NAME}:{port}/hook", {"content": "hi"}, timeout=5)
    assert dialled == [(PUBLIC, port)]
    assert lookups == [NAME]
    assert handler.bodies == []


def test_a_rebinding_name_never_makes_a_delivery_reach_this_machine(
    monkeypatch: pytest.MonkeyPatch,
    serve: Callable[..., tuple[int, type[Recorder]]],
    dialled: list[tuple[str, int]],
    make_user: Any,
    settings: Any,
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = False
    port, handler = serve()
    _resolving(monkeypatch, [PUBLIC], ["127.0.0.1"])
    user = make_user("alice")
    url = f"http://{NAME}:{port}/hook"
    notifications.setting_save(user=user, choices={"game_ended": ["webhook"]}, webhook_url=url)
    notifications.notify(
        kind="game_ended",
        game=None,
        users=[user.pk],
        event_key="w:rebind",
        params={"game": "G"},
        queue=False,
    )
    delivery = Delivery.objects.get(event_key="w:rebind")
    assert delivery.status == Delivery.Status.FAILED
    assert "private or local network" in delivery.last_error  # the later lookups
    assert handler.bodies == []
    assert {address for address, _port in dialled} == {PUBLIC}


def test_every_address_of_a_name_is_checked_before_one_is_dialled(
    monkeypatch: pytest.MonkeyPatch, dialled: list[tuple[str, int]], settings: Any
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = False
    _resolving(monkeypatch, [PUBLIC, "10.0.0.7"])
    with pytest.raises(webhooks.WebhookRefused, match="private or local network"):
        webhooks.post_json(f"https://{NAME}/hook", {"content": "hi"}, timeout=5)
    assert dialled == []


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:6379/", "http://localhost:8000/hook", "http://[::1]/hook"]
)
def test_a_private_address_is_never_dialled(
    url: str, dialled: list[tuple[str, int]], settings: Any
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = False
    with pytest.raises(webhooks.WebhookRefused, match="private or local network"):
        webhooks.post_json(url, {"content": "hi"}, timeout=5)
    assert dialled == []


def test_the_request_names_the_urls_host_and_port(
    monkeypatch: pytest.MonkeyPatch,
    serve: Callable[..., tuple[int, type[Recorder]]],
    dialled: list[tuple[str, int]],
    settings: Any,
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = True  # the site's own webhooks, on this machine
    port, handler = serve()
    _resolving(monkeypatch, ["127.0.0.1"])
    url = f"http://{NAME}:{port}/hook/1?wait=true#ignored"
    assert webhooks.post_json(url, {"content": "hi"}, timeout=5) == 204
    assert dialled == [("127.0.0.1", port)]
    assert handler.requests == [("/hook/1?wait=true", f"{NAME}:{port}")]
    assert handler.bodies == [{"content": "hi"}]


def test_ipv6_addresses_are_dialled_and_named(
    monkeypatch: pytest.MonkeyPatch,
    serve: Callable[..., tuple[int, type[Recorder]]],
    dialled: list[tuple[str, int]],
    settings: Any,
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = True
    port, handler = serve("::1")
    _resolving(monkeypatch, ["::1"])
    assert webhooks.post_json(f"http://[::1]:{port}/a", {"n": 1}, timeout=5) == 204
    assert webhooks.post_json(f"http://{NAME}:{port}/b", {"n": 2}, timeout=5) == 204
    assert dialled == [("::1", port), ("::1", port)]
    assert handler.requests == [("/a", f"[::1]:{port}"), ("/b", f"{NAME}:{port}")]
    assert handler.bodies == [{"n": 1}, {"n": 2}]


def test_https_checks_the_certificate_against_the_urls_host(
    monkeypatch: pytest.MonkeyPatch,
    serve: Callable[..., tuple[int, type[Recorder]]],
    dialled: list[tuple[str, int]],
    settings: Any,
    tmp_path: Path,
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = True
    port, handler = _tls_server(serve, monkeypatch, _certificate(tmp_path, name=NAME))
    _resolving(monkeypatch, ["127.0.0.1"])
    assert webhooks.post_json(f"https://{NAME}:{port}/hook", {"content": "hi"}, timeout=5) == 204
    assert dialled == [("127.0.0.1", port)]
    assert handler.server_names == [NAME]
    assert handler.requests == [("/hook", f"{NAME}:{port}")]


def test_https_refuses_a_certificate_only_for_the_dialled_address(
    monkeypatch: pytest.MonkeyPatch,
    serve: Callable[..., tuple[int, type[Recorder]]],
    settings: Any,
    tmp_path: Path,
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = True
    certificate = _certificate(tmp_path, address="127.0.0.1")
    port, handler = _tls_server(serve, monkeypatch, certificate)
    _resolving(monkeypatch, ["127.0.0.1"])
    with pytest.raises(webhooks.WebhookError, match="certificate verify failed"):
        webhooks.post_json(f"https://{NAME}:{port}/hook", {"content": "hi"}, timeout=5)
    assert handler.bodies == []


def test_a_redirect_is_an_answer_not_a_second_request(
    serve: Callable[..., tuple[int, type[Recorder]]], settings: Any
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = True
    port, handler = serve()
    handler.statuses = [302, 302]
    handler.location = f"http://127.0.0.1:{port}/elsewhere"
    with pytest.raises(webhooks.WebhookError, match="302"):
        webhooks.post_json(f"http://127.0.0.1:{port}/hook", {"content": "hi"}, timeout=5)
    assert handler.requests == [("/hook", f"127.0.0.1:{port}")]


def test_only_the_start_of_an_answer_is_read(
    serve: Callable[..., tuple[int, type[Recorder]]], settings: Any
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = True
    port, handler = serve()
    # It announces more than it sends: reading it all would fail, short or at the timeout.
    handler.answer = b"x" * (webhooks.ANSWER_READ_LIMIT * 4)
    handler.announced = 10**9
    assert webhooks.post_json(f"http://127.0.0.1:{port}/", {"content": "hi"}, timeout=5) == 200
    assert handler.bodies == [{"content": "hi"}]


def test_a_server_that_cannot_be_reached_is_a_readable_failure(
    settings: Any, dialled: list[tuple[str, int]]
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = True
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, never listening: refused
        with pytest.raises(webhooks.WebhookError, match="Connection refused"):
            webhooks.post_json(f"http://127.0.0.1:{port}/", {"content": "hi"}, timeout=5)
    assert dialled == [("127.0.0.1", port)]


@pytest.mark.parametrize(
    "url",
    [
        f"https://token@{NAME}/hook",
        f"https://user:secret@{NAME}/hook",
        f"http://{PUBLIC}@127.0.0.1/",
    ],
)
def test_an_address_with_a_user_name_is_refused(
    url: str, dialled: list[tuple[str, int]], settings: Any
) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = True  # refused even where private addresses are not
    assert "user name or password" in (webhooks.address_problem(url) or "")
    with pytest.raises(webhooks.WebhookRefused, match="user name or password"):
        webhooks.post_json(url, {"content": "hi"}, timeout=5)
    assert dialled == []
