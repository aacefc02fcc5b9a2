"""The standard board in a real browser: every province's label, unit and supply center is
drawn over that province (issue 17). What a player sees and taps is what is checked: the
province shape under a point is the first ``#provinces [data-province]`` element that
``document.elementsFromPoint`` finds there (labels, centers and units are drawn above it).

* labels: the rendered box of each label (its centre, and its four corners inset by 1 px);
* units: each unit anchor of the page's ``#map-anchors`` (coasts included), mapped to the
  screen with the board's ``getScreenCTM()``, and the points 6 board units left, right, up
  and down of it;
* supply centers: the centre of each ``#centers .sc`` marker.

Every offender is listed in the failure, not only the first. Screenshots of the whole board
and of the whole game page at desktop (1400 px) and phone (390 px) widths are written to
:data:`SCREENSHOTS` (kept out of git); ``.ci/run`` copies them to ``$CI_ARTIFACTS`` (by
default ``ci-artifacts/`` beside the clone) for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from adjudicator import load_map
from tests.e2e.base import BrowserTestCase, browser_session, seven_player_game, watch_errors

DESKTOP = {"width": 1400, "height": 1000}
PHONE = {"width": 390, "height": 844}
#: Where the board's screenshots go (git-ignored): one per screen width.
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
#: How far (in board units) around a unit anchor must still be its province.
UNIT_MARGIN = 6

#: Measures in the page. ``probe`` scrolls a point (page coordinates) into the window when
#: it is outside it, then names the province shape under it (null: none).
MEASURE = """(margin) => {
  const svg = document.querySelector("#board");
  svg.scrollIntoView({block: "start"});
  const probe = (px, py) => {
    const inside = (v, size) => v >= 0 && v < size;
    if (!inside(px - scrollX, innerWidth) || !inside(py - scrollY, innerHeight)) {
      scrollTo(px - innerWidth / 2, py - innerHeight / 2);
    }
    const x = px - scrollX, y = py - scrollY;
    const shape = document.elementsFromPoint(x, y)
      .find((e) => e.matches("#provinces [data-province]"));
    return shape ? shape.getAttribute("data-province") : null;
  };
  const toBoard = (px, py) => {
    const ctm = svg.getScreenCTM().inverse();
    const p = new DOMPoint(px - scrollX, py - scrollY).matrixTransform(ctm);
    return [Math.round(p.x), Math.round(p.y)];
  };
  // Everything is measured first, in page coordinates, and only then probed (probing may
  // scroll the page).
  const page = (r) => ({left: r.left + scrollX, top: r.top + scrollY,
                        right: r.right + scrollX, bottom: r.bottom + scrollY});
  const ctm = svg.getScreenCTM();
  const toPage = (x, y) => {
    const p = new DOMPoint(x, y).matrixTransform(ctm);
    return [p.x + scrollX, p.y + scrollY];
  };
  const checks = [];
  for (const text of document.querySelectorAll("#labels text[data-label]")) {
    const r = page(text.getBoundingClientRect());
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    checks.push({kind: "label", id: text.getAttribute("data-label"), text: text.textContent,
      points: [["centre", cx, cy], ["top left", r.left + 1, r.top + 1],
               ["top right", r.right - 1, r.top + 1], ["bottom left", r.left + 1, r.bottom - 1],
               ["bottom right", r.right - 1, r.bottom - 1]]});
  }
  const units = JSON.parse(document.querySelector("#map-anchors").textContent).units;
  for (const [location, [x, y]] of Object.entries(units)) {
    const at = (name, dx, dy) => [name, ...toPage(x + dx, y + dy)];
    checks.push({kind: "unit", id: location, points: [
      at("anchor", 0, 0), at(`${margin} left`, -margin, 0), at(`${margin} right`, margin, 0),
      at(`${margin} up`, 0, -margin), at(`${margin} down`, 0, margin)]});
  }
  for (const dot of document.querySelectorAll("#centers .sc")) {
    const r = page(dot.getBoundingClientRect());
    checks.push({kind: "sc", id: dot.getAttribute("data-center"),
      points: [["centre", (r.left + r.right) / 2, (r.top + r.bottom) / 2]]});
  }
  for (const check of checks) {
    check.hits = check.points.map(([name, px, py]) =>
      [name, probe(px, py), toBoard(px, py)]);
    delete check.points;
  }
  return checks;
}"""


def offenders(checks: list[dict[str, Any]]) -> list[str]:
    """One line per label, unit or center with a point over another province (or none)."""
    out = []
    for check in checks:
        own = check["id"].split("/")[0]
        wrong = [
            f"{name} over {found or 'no province'} at {x},{y}"
            for name, found, (x, y) in check["hits"]
            if found != own
        ]
        if wrong:
            what = f"{check['kind']} {check['id']}"
            if check["kind"] == "label":
                what += f" ({check['text']!r})"
            out.append(f"{what}: " + "; ".join(wrong))
    return out


class LabelsInTheirProvinces(BrowserTestCase):
    def test_every_label_unit_and_center_lies_over_its_own_province(self) -> None:
        game = seven_player_game("Labels game")
        standard = load_map("standard").provinces.values()
        provinces = {p.id for p in standard if p.terrain.value != "impassable"}
        centers = {p.id for p in standard if p.supply_center}
        assert len(provinces) == 75
        address = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            SCREENSHOTS.mkdir(exist_ok=True)
            phone = _open(browser, errors, address, PHONE, scale=3)
            phone.locator("#board").screenshot(path=SCREENSHOTS / "board-phone.png")
            phone.screenshot(path=SCREENSHOTS / "page-phone.png", full_page=True)
            page = _open(browser, errors, address, DESKTOP, scale=1)
            page.locator("#board").screenshot(path=SCREENSHOTS / "board-desktop.png")
            page.screenshot(path=SCREENSHOTS / "page-desktop.png", full_page=True)
            checks: list[dict[str, Any]] = page.evaluate(MEASURE, UNIT_MARGIN)

        kinds = {kind: {c["id"] for c in checks if c["kind"] == kind} for kind in ("label", "sc")}
        units = {c["id"].split("/")[0] for c in checks if c["kind"] == "unit"}
        assert provinces <= kinds["label"], sorted(provinces - kinds["label"])
        assert provinces <= units, sorted(provinces - units)
        assert kinds["sc"] == centers, sorted(kinds["sc"] ^ centers)
        # Nothing stands in Switzerland: its unit anchor is no place a unit is drawn.
        checks = [c for c in checks if c["kind"] != "unit" or c["id"].split("/")[0] in provinces]
        bad = offenders(checks)
        assert not bad, f"{len(bad)} not over their own province:\n" + "\n".join(bad)


def _open(
    browser: Browser, errors: list[Any], address: str, viewport: dict[str, int], *, scale: int
) -> Page:
    """An anonymous page of the game at ``viewport``, ``scale`` device pixels to a CSS pixel
    (a phone's screen is sharper than a desktop's: its screenshot is too)."""
    page = browser.new_context(viewport=viewport, device_scale_factor=scale).new_page()
    watch_errors(page, errors)
    page.goto(address)
    page.wait_for_load_state("networkidle")
    return page


#: The board's box against the drawing in it: how far (CSS px) the drawing's edges lie
#: inside the box's content edges. Anything over a pixel is a strip of the box's sea-blue
#: background beside the map, where land runs off the frame.
STRIPS = """() => {
  const svg = document.querySelector("#board");
  const box = svg.getBoundingClientRect();
  const m = svg.getScreenCTM();
  const [, , w, h] = svg.getAttribute("viewBox").split(/[\\s,]+/).map(Number);
  const left = box.left + svg.clientLeft, top = box.top + svg.clientTop;
  return {left: m.e - left, right: left + svg.clientWidth - (m.e + w * m.a),
          top: m.f - top, bottom: top + svg.clientHeight - (m.f + h * m.d)};
}"""


class BoardBoxIsTheDrawing(BrowserTestCase):
    def test_no_strip_of_sea_beside_the_map_at_any_screen_shape(self) -> None:
        # Issue 37: the box was the column's width and its height capped by the window, so
        # the drawing was letterboxed in it and the box's sea-blue background showed as
        # straight strips left and right, Sevastopol, Moscow, Syria and North Africa cut off
        # at their edge with sea beyond. A phone held sideways showed it most.
        game = seven_player_game("Frame game")
        address = f"{self.live_server_url}/games/{game.pk}/"
        sideways = {"width": PHONE["height"], "height": PHONE["width"]}
        shapes = {"desktop": DESKTOP, "phone": PHONE, "phone sideways": sideways}
        found: dict[str, dict[str, float]] = {}
        with browser_session() as (browser, errors):
            for name, viewport in shapes.items():
                page = _open(browser, errors, address, viewport, scale=1)
                found[name] = page.evaluate(STRIPS)
                if name == "phone sideways":
                    SCREENSHOTS.mkdir(exist_ok=True)
                    page.screenshot(path=SCREENSHOTS / "page-phone-sideways.png")
        wide = {
            name: {side: round(px, 1) for side, px in strips.items() if abs(px) > 1}
            for name, strips in found.items()
        }
        assert not any(wide.values()), wide
