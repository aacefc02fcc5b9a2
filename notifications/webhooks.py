"""Where a webhook may point: a public http(s) server, never the site's own network.

A player chooses the URL, and the site's workers make the request: without this check a
webhook could reach services that only trust their network (the database, Redis, an
admin port, a cloud's metadata address). The address is checked when it is saved (a
literal address or a local name) and fully, names resolved, before each request.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _


def address_problem(url: str, *, resolve: bool = False) -> str | None:
    """Why a webhook may not go to ``url``, for a person to read; None if it may.

    Refused: anything but http(s), and a host on a private, loopback, link-local or
    reserved network (unless ``WEBHOOK_ALLOW_PRIVATE`` is set, for a site whose webhooks
    are all internal). Without ``resolve`` only a literal address or a local name is
    judged (a request must not wait for DNS); with it, every address the name resolves
    to is, as the worker does before each request. A name that does not resolve is left
    to the request itself to fail.
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return _("A webhook is an http or https address.")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return _("The address has an invalid port.")
    if settings.WEBHOOK_ALLOW_PRIVATE:
        return None
    host = parts.hostname.rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return _private_network()
    try:
        addresses = [ipaddress.ip_address(host.split("%")[0])]
    except ValueError:
        if not resolve:
            return None
        try:
            found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
        except (OSError, UnicodeError):
            return None
        addresses = [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found]
    if any(not a.is_global for a in addresses):
        return _private_network()
    return None


def _private_network() -> str:
    return _("That address is on a private or local network: webhooks go to public servers only.")
