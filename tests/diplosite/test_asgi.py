"""The web process's entry point (diplosite/asgi.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Run in a fresh interpreter: the test process itself imported much before this test.
PROBE = """
import gc
import diplosite.asgi as asgi
frozen = gc.get_freeze_count()
walked = {id(o) for o in gc.get_objects()}
print(frozen, id(asgi.application) in walked, id(asgi.application.application_mapping) in walked)
made_later = [[] for _ in range(3)]
print(sum(id(o) in {id(x) for x in gc.get_objects()} for o in made_later))
"""


def test_what_starting_made_is_kept_out_of_the_collectors_walks() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    first, second = result.stdout.split("\n")[:2]
    frozen, application_walked, routes_walked = first.split()
    # Django's apps, the URL patterns, the variants' maps: tens of thousands of objects.
    assert int(frozen) > 20_000
    assert application_walked == "False"
    assert routes_walked == "False"
    # What requests make later is collected as usual.
    assert second == "3"
