"""Rather Silly's own colours: its monsters and its roles (three of which may have units
and centers), drawn by the server (``SiteVariant.colours``: variants/board.py, the
pictures) and by the page (static/css/variants/rather_silly.css says the same, and
tests/variants/test_variant_colours.py holds the two equal)."""

from __future__ import annotations

COLOURS: dict[str, str] = {
    "monster": "#0f6b5c",
    # Told apart from every seat's, the link's and the Borg's (CIEDE2000 15 or more), and
    # a unit's white letter reads on them (contrast 5.8): the Fortune-teller's purple
    # passed for Russia's and the link's, the Doctor's blue for England's.
    "fortune_teller": "#c2185b",
    "doctor": "#0f6e8c",
    "superbrain": "#a5561c",
    "fool": "#9a8f2a",
}
