"""What the standard game keeps in a position's extras: nothing of its own, only what the
host keeps there for every variant (:data:`adjudicator.shapes.HOST_KEYS`)."""

from __future__ import annotations

from adjudicator.shapes import extras

EXTRAS = extras()
