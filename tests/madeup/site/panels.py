"""Comets' panel on the game page (where the comet hangs, below the phase's notes) and its
own page of a game, "the sky" (/games/<id>/sky/), from what games hands it."""

from __future__ import annotations

from collections.abc import Sequence

from variants.site import Page, Panel, PanelInput

HERE = "variants/comets"


def _comet(shown: PanelInput) -> str | None:
    comet = ((shown.state.get("phase") or {}).get("extras") or {}).get("comet")
    return comet if isinstance(comet, str) else None


def panels(shown: PanelInput) -> Sequence[Panel]:
    comet = _comet(shown)
    if comet is None:
        return ()
    return [Panel("phase", f"{HERE}/_comet.html", {"comet": comet})]


def sky_page(shown: PanelInput) -> Page:
    struck = [
        r
        for r in (shown.state.get("phase") or {}).get("results") or ()
        if r.get("reason_code") == "comet_struck"
    ]
    return Page(f"{HERE}/sky.html", {"comet": _comet(shown), "struck": struck})
