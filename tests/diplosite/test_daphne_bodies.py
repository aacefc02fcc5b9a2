"""A body the server cannot parse still reaches the API, which answers in its one JSON error
shape: under Daphne, Twisted parsed every POST's multipart body itself first, and answered
an empty one (``--b--``) with a bare 400, no body and no headers (issue 41, I2)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def daphne() -> Iterator[str]:
    """A real Daphne serving the site, as runsite and a deployment run it."""
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "diplosite.asgi:application",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(300):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("Daphne did not start")
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


def _post(url: str, body: bytes, content_type: str) -> tuple[int, str, bytes]:
    request = urllib.request.Request(
        url, data=body, method="POST", headers={"Content-Type": content_type}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers.get("Content-Type", ""), answer.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read()


@pytest.mark.parametrize(
    "body",
    [b"--b--\r\n", b"--b\r\nnot a part at all", b"\r\n"],
    ids=["empty", "broken", "no-parts"],
)
def test_a_multipart_body_the_server_cannot_read_gets_the_apis_json_error(
    daphne: str, body: bytes
) -> None:
    status, content_type, content = _post(
        f"{daphne}/api/v1/games/1/ready/", body, "multipart/form-data; boundary=b"
    )
    # Anonymous: the API itself refuses, in its shape, as for any other body.
    assert (status, content_type) == (401, "application/json")
    assert json.loads(content)["message"]
