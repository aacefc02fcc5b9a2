"""Where a webhook may point, and sending to it: a public http(s) server, never the
site's own network.

A player chooses the URL, and the site's workers make the request: without this check a
webhook could reach services that only trust their network (the database, Redis, an
admin port, a cloud's metadata address). The address is checked when it is saved (a
literal address or a local name) and fully, names resolved, before each request.

:func:`post_json` connects to the very addresses it checked. Resolving the name again to
connect (as urllib does) would let a hostile DNS server answer a public address to the
check and a private one to the connection (DNS rebinding).
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import socket
import ssl
from typing import Any
from urllib.parse import SplitResult, urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

#: Bytes of an answer read before the connection is closed: only its status matters.
ANSWER_READ_LIMIT = 1024


class WebhookError(Exception):
    """A webhook was not delivered; the message says why, for a person to read."""


class WebhookRefused(WebhookError, ValueError):
    """The webhook's address may not be called (see :func:`address_problem`)."""


def address_problem(url: str, *, resolve: bool = False) -> str | None:
    """Why a webhook may not go to ``url``, for a person to read; None if it may.

    Refused: anything but http(s), a user name or password in the address, and a host on
    a private, loopback, link-local or reserved network (unless ``WEBHOOK_ALLOW_PRIVATE``
    is set, for a site whose webhooks are all internal). Without ``resolve`` only a
    literal address or a local name is judged (a request must not wait for DNS); with it,
    every address the name resolves to is. A name that does not resolve is left to the
    request itself to fail.
    """
    try:
        parts, port = _parsed(url)
        if settings.WEBHOOK_ALLOW_PRIVATE:
            return None
        if resolve or _literal(parts) is not None or _local_name(parts):
            _judged(parts, port)
    except WebhookRefused as e:
        return str(e)
    except WebhookError:
        return None  # a name that does not resolve: sending will say so
    return None


def post_json(url: str, payload: dict[str, Any], *, timeout: float) -> int:
    """POST ``payload`` as JSON to ``url``, a webhook; returns the answer's HTTP status.

    Sent as :func:`post` sends. Raises :class:`WebhookRefused` for an address that may
    not be called, and :class:`WebhookError` when the server cannot be reached or
    answers other than 2xx.
    """
    status, reason, _host = post(
        url,
        json.dumps(payload).encode(),
        headers={"Content-Type": "application/json"},
        timeout=timeout,
    )
    if not 200 <= status < 300:
        raise WebhookError(
            _("The webhook's server answered %(status)s %(reason)s.")
            % {"status": status, "reason": reason}
        )
    return status


def post(url: str, body: bytes, *, headers: dict[str, str], timeout: float) -> tuple[int, str, str]:
    """POST ``body`` to ``url``, a server a user named (a webhook, a browser's push
    service); returns the answer's status, its reason and the host as it was called.

    The name is resolved once, every address it has is checked as
    :func:`address_problem` does, and the connection goes to those addresses, never to
    a second lookup's. The request still names the URL's host: in the Host header and,
    for https, in the TLS server name and the certificate check. A redirect is not
    followed (its target was never checked). ``timeout`` bounds each network wait; at
    most :data:`ANSWER_READ_LIMIT` bytes of the answer are read.

    Raises :class:`WebhookRefused` for an address that may not be called, and
    :class:`WebhookError` when the server cannot be reached.
    """
    parts, port = _parsed(url)
    addresses = _judged(parts, port)
    if not addresses:
        raise WebhookError(_("The webhook's host name was not found."))
    assert parts.hostname is not None  # _parsed refuses an address without a host
    literal = _literal(parts)
    name = literal.compressed if literal else _ascii_name(parts.hostname)
    default_port = 443 if parts.scheme == "https" else 80
    host = f"[{name}]" if literal and literal.version == 6 else name
    if port != default_port:
        host = f"{host}:{port}"
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    tls = ssl.create_default_context() if parts.scheme == "https" else None
    connection = _PinnedConnection(addresses, port, timeout=timeout, tls=tls, tls_name=name)
    try:
        connection.request(
            "POST",
            path,
            body=body,
            headers={"Host": host, "User-Agent": "diplosite-notifications", **headers},
        )
        answer = connection.getresponse()
        answer.read(ANSWER_READ_LIMIT)
    except (OSError, http.client.HTTPException) as e:
        raise WebhookError(
            _("No answer from the webhook's server %(host)s: %(error)s")
            % {"host": host, "error": str(e) or type(e).__name__}
        ) from e
    finally:
        connection.close()
    return answer.status, answer.reason, host


class _PinnedConnection(http.client.HTTPConnection):
    """A connection to addresses already checked, tried in order (as
    ``socket.create_connection`` tries a name's): it never looks the name up again. With
    ``tls``, the socket is wrapped for ``tls_name``, the URL's host, whose certificate
    must then match."""

    def __init__(
        self,
        addresses: list[str],
        port: int,
        *,
        timeout: float,
        tls: ssl.SSLContext | None,
        tls_name: str,
    ) -> None:
        super().__init__(addresses[0], port, timeout=timeout)
        self._addresses = addresses
        self._tls = tls
        self._tls_name = tls_name

    def connect(self) -> None:
        error: OSError | None = None
        for address in self._addresses:
            try:
                sock = socket.create_connection((address, self.port), self.timeout)
            except OSError as e:
                error = e
                continue
            if self._tls is None:
                self.sock = sock
                return
            try:
                self.sock = self._tls.wrap_socket(sock, server_hostname=self._tls_name)
            except BaseException:
                sock.close()
                raise
            return
        assert error is not None  # addresses is never empty
        raise error


def _parsed(url: str) -> tuple[SplitResult, int]:
    """The URL's parts and port; :class:`WebhookRefused` for one no webhook may have."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WebhookRefused(_("A webhook is an http or https address."))
    # Refused rather than silently dropped: whoever wrote it expects it sent (as Basic
    # authentication), which the site never does; such an address always failed anyway.
    if parts.username is not None or parts.password is not None:
        raise WebhookRefused(_("A webhook address has no user name or password in it."))
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise WebhookRefused(_("The address has an invalid port.")) from None
    return parts, port


def _literal(parts: SplitResult) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The URL's host as an address, if it is one."""
    assert parts.hostname is not None
    try:
        return ipaddress.ip_address(parts.hostname.split("%")[0])
    except ValueError:
        return None


def _local_name(parts: SplitResult) -> bool:
    """Whether the URL's host is a name for this machine, refused without asking DNS."""
    assert parts.hostname is not None
    host = parts.hostname.rstrip(".").lower()
    return host == "localhost" or host.endswith(".localhost")


def _judged(parts: SplitResult, port: int) -> list[str]:
    """The addresses to connect to for the URL's host, in the resolver's order, each
    checked: :class:`WebhookRefused` if any is private (unless allowed), and
    :class:`WebhookError` if the name does not resolve."""
    assert parts.hostname is not None
    allowed = settings.WEBHOOK_ALLOW_PRIVATE
    literal = _literal(parts)
    if not allowed and (_local_name(parts) or (literal is not None and not literal.is_global)):
        raise WebhookRefused(_private_network())
    try:
        found = socket.getaddrinfo(
            parts.hostname, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP
        )
    except (OSError, UnicodeError) as e:
        raise WebhookError(
            _("The webhook's host name %(host)s was not found: %(error)s")
            % {"host": parts.hostname, "error": e}
        ) from e
    addresses: list[str] = []
    for family, _type, _proto, _name, sockaddr in found:
        address = str(sockaddr[0]).split("%")[0]
        if not allowed and not ipaddress.ip_address(address).is_global:
            raise WebhookRefused(_private_network())
        # A link-local IPv6 address means nothing without its interface.
        if family == socket.AF_INET6 and len(sockaddr) > 3 and sockaddr[3]:
            address = f"{address}%{sockaddr[3]}"
        if address not in addresses:
            addresses.append(address)
    return addresses


def _ascii_name(host: str) -> str:
    """The host name as sent on the wire (an internationalised name in its ASCII form)."""
    try:
        return host.encode("idna").decode("ascii")
    except UnicodeError as e:
        raise WebhookRefused(_("The address has an invalid host name.")) from e


def _private_network() -> str:
    return _("That address is on a private or local network: webhooks go to public servers only.")
