"""Ordering by touch on a phone (issue 17): a whole spring entered only by taps, with the
order modes under the map (move, support, convoy, hold: no Shift or Alt on a touch
screen), a move to one of Spain's two coasts picked in the small menu (never a browser
prompt), and a winter build's unit kind picked the same way; the buttons are large
enough to tap and the page never scrolls sideways. A finger reaches a small province from
up to about 20 px away (static/js/board/touch.js): the page asks which was meant."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from games.models import GamePhase, OrderSet
from tests.e2e.base import (
    BrowserTestCase,
    box_on_screen,
    browser_session,
    seven_player_game,
    signed_in_page,
)

PHONE = {"width": 390, "height": 844}


def _saved(page: Page, game: Any, power: str, count: int) -> list[str]:
    """France's saved orders, once ``count`` of them are (the page saves as it goes)."""
    orders: list[str] = []
    for _ in range(60):
        found = OrderSet.objects.filter(phase__game=game, power=power).first()
        orders = list(found.orders) if found is not None else []
        if len(orders) >= count:
            break
        page.wait_for_timeout(100)
    return orders


def _tap_unit(page: Page, location: str) -> None:
    page.locator(f'#units [data-unit="{location}"]').tap()
    _meant(page, location.split("/")[0])


def _tap_province(page: Page, province: str) -> None:
    page.locator(f'#provinces [data-province="{province}"]').tap(force=True)
    _meant(page, province)


def _meant(page: Page, province: str) -> list[str]:
    """On an unzoomed phone a finger reaches several small provinces: when the page asks
    which one was meant, answer the tapped one (and it must be offered). The provinces it
    offered, if it asked."""
    chooser = page.locator("#unit-chooser")
    if chooser.is_visible() and chooser.locator(".chooser-title").inner_text() == "Which province?":
        offered = [
            str(b.get_attribute("data-choice"))
            for b in chooser.locator("button[data-choice]").all()
        ]
        chooser.locator(f'button[data-choice="{province}"]').tap()
        return offered
    return []


class Finger:
    """A player's finger on the board as it opens (no zoom by hand): it taps what it sees,
    drags the board when what it wants is off the screen. It keeps each province it tapped
    with its size on the screen then (CSS px, the smaller side of its box), and each time
    the page asked "Which province?", the provinces offered with theirs."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.asked: list[dict[str, float]] = []
        self.tapped: list[tuple[str, float]] = []

    def unit(self, location: str) -> None:
        self._tap(f'#units [data-unit="{location}"]', location.split("/")[0])

    def province(self, province: str) -> None:
        self._tap(f'#provinces [data-province="{province}"]', province)

    def _tap(self, selector: str, province: str) -> None:
        self.into_view(selector)
        target = self.page.locator(selector)
        if selector.startswith("#units"):
            target.tap()
        else:
            target.tap(force=True, position=self._visible_point(selector))
        sizes = self.page.evaluate(SIZES)
        self.tapped.append((province, sizes[province]))
        offered = _meant(self.page, province)
        if offered:
            self.asked.append({p: sizes[p] for p in offered})

    def into_view(self, selector: str) -> None:
        """Drag the board (a finger's pan) until the middle of what ``selector`` names is
        well inside it."""
        board = self.page.locator("svg#board").bounding_box()
        assert board is not None
        for _ in range(4):
            box = box_on_screen(self.page, selector)
            assert box is not None, f"{selector} is not on the board"
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            cx, cy = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
            inside = (
                abs(x - cx) < board["width"] / 2 - 25 and abs(y - cy) < board["height"] / 2 - 25
            )
            if inside:
                return
            dx = max(-0.8 * board["width"], min(0.8 * board["width"], cx - x))
            dy = max(-0.8 * board["height"], min(0.8 * board["height"], cy - y))
            start = (cx - dx / 2, cy - dy / 2)
            self._touch("touchStart", start)
            end = (start[0] + dx, start[1] + dy)
            for step in range(1, 9):
                self._touch("touchMove", (start[0] + dx * step / 8, start[1] + dy * step / 8))
            # The finger rests before it lifts: a drag lifted in motion flings, and the
            # browser takes the next tap as the one that stops the fling (no click).
            self.page.wait_for_timeout(200)
            self._touch("touchMove", end)
            self.page.wait_for_timeout(200)
            self._touch("touchEnd", None)
            self.page.wait_for_timeout(100)
        raise AssertionError(f"{selector} is not brought into view by dragging the board")

    def _touch(self, kind: str, at: tuple[float, float] | None) -> None:
        points = [] if at is None else [{"x": at[0], "y": at[1], "id": 1}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def _visible_point(self, selector: str) -> dict[str, float]:
        """The middle of the province's part that shows on the board (where a finger taps
        a province it sees), relative to its box."""
        point = self.page.evaluate(VISIBLE_POINT, selector)
        assert point is not None, f"no part of {selector} shows on the board"
        return {"x": point["x"], "y": point["y"]}


#: Each province's size on the screen now: the smaller side of its box, CSS px.
SIZES = """() => Object.fromEntries(
  [...document.querySelectorAll('#provinces [data-province]')].map((p) => {
    const b = p.getBoundingClientRect();
    return [p.dataset.province, Math.min(b.width, b.height)];
  }))"""

#: The middle of the points of a province that show (the board's own point there is that
#: province's), relative to the province's box; null if none does.
VISIBLE_POINT = """(selector) => {
  const shape = document.querySelector(selector);
  const prov = shape.dataset.province;
  const box = shape.getBoundingClientRect();
  const board = document.querySelector("svg#board").getBoundingClientRect();
  let sx = 0, sy = 0, n = 0;
  for (let x = Math.max(box.left, board.left); x < Math.min(box.right, board.right); x += 3) {
    for (let y = Math.max(box.top, board.top); y < Math.min(box.bottom, board.bottom); y += 3) {
      const hit = document.elementFromPoint(x, y);
      const piece = hit && hit.closest("#provinces [data-province]");
      if (piece && piece.dataset.province === prov) { sx += x; sy += y; n += 1; }
    }
  }
  if (!n) return null;
  let best = null;
  for (let x = Math.max(box.left, board.left); x < Math.min(box.right, board.right); x += 3) {
    for (let y = Math.max(box.top, board.top); y < Math.min(box.bottom, board.bottom); y += 3) {
      const hit = document.elementFromPoint(x, y);
      const piece = hit && hit.closest("#provinces [data-province]");
      if (!piece || piece.dataset.province !== prov) continue;
      const d = Math.hypot(x - sx / n, y - sy / n);
      if (best === null || d < best.d) best = { x: x - box.left, y: y - box.top, d };
    }
  }
  return best;
}"""


class OrderingByTouch(BrowserTestCase):
    def test_a_whole_spring_by_taps_on_a_phone(self) -> None:
        game = seven_player_game("Taps")
        phase = game.phases.get()
        position = dict(phase.position)
        # France with a fleet in the Mid-Atlantic (for Spain's two coasts) and one in the
        # Channel with an army in Brest (for a convoy to London).
        position["units"] = {
            **position["units"],
            "france": ["A par", "A mar", "F mao", "F eng", "A bre"],
        }
        GamePhase.objects.filter(pk=phase.pk).update(position=position)
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=PHONE, touch=True
            )
            page.goto(url)
            # The help names no key a phone lacks (Shift, Alt); a mouse's page does.
            help_text = page.locator("#map-help")
            expect(help_text).to_contain_text("pick it below the map first", use_inner_text=True)
            expect(help_text).not_to_contain_text("Shift", use_inner_text=True)
            desktop = signed_in_page(browser, errors, self.live_server_url, "france-player")
            desktop.goto(url)
            expect(desktop.locator("#map-help")).to_have_text(
                "Tap one of your units, then where it goes. For a support or a convoy, pick it"
                " below the map first (or hold Shift or Alt as you click).",
                use_inner_text=True,
            )
            modes = page.locator("#order-modes")
            expect(modes).to_be_visible()
            for name in ("move", "hold", "support", "convoy"):
                box = modes.locator(f'[data-mode="{name}"]').bounding_box()
                assert box is not None
                assert box["height"] >= 40, name

            # The whole spring from the board as the page opens (the player's own area, no
            # zoom by hand): a finger taps what it sees, drags the board for what it does not.
            finger = Finger(page)

            # A move: the unit, then where it goes.
            finger.unit("par")
            finger.province("bur")
            expect(page.locator('#order-list li[data-order="A par - bur"]')).to_be_visible()

            # A support: the mode, the supporter, the supported unit, where it goes.
            modes.locator('[data-mode="support"]').tap()
            finger.unit("mar")
            # Each step says what comes next, under the map where the player looks.
            expect(page.locator("#map-status")).to_contain_text("the unit to support")
            finger.unit("par")
            finger.province("bur")
            expect(page.locator('#order-list li[data-order="A mar S A par - bur"]')).to_be_visible()

            # A convoy: the fleet, the army, where the army goes; then the army's move.
            modes.locator('[data-mode="convoy"]').tap()
            finger.unit("eng")
            finger.unit("bre")
            finger.province("lon")
            expect(page.locator('#order-list li[data-order="F eng C A bre - lon"]')).to_be_visible()
            modes.locator('[data-mode="move"]').tap()
            finger.unit("bre")
            finger.province("lon")
            expect(page.locator('#order-list li[data-order^="A bre - lon"]')).to_be_visible()

            # A move to one of two coasts: the small menu, not a prompt.
            page.on("dialog", lambda dialog: errors.append(f"a dialog: {dialog.message}"))
            finger.unit("mao")
            finger.province("spa")
            chooser = page.locator("#unit-chooser")
            expect(chooser).to_be_visible()
            expect(chooser.locator("button", has_text="Spain (north coast)")).to_be_visible()
            chooser.locator("button", has_text="Spain (south coast)").tap()
            expect(page.locator('#order-list li[data-order="F mao - spa/sc"]')).to_be_visible()
            expect(chooser).to_be_hidden()

            saved = _saved(page, game, "france", 5)
            assert sorted(saved) == sorted(
                [
                    "A par - bur",
                    "A mar S A par - bur",
                    "F eng C A bre - lon",
                    saved[[o.startswith("A bre - lon") for o in saved].index(True)],
                    "F mao - spa/sc",
                ]
            )

            # Hold: one tap on the unit.
            modes.locator('[data-mode="hold"]').tap()
            finger.unit("par")
            expect(page.locator('#order-list li[data-order="A par H"]')).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

            # At the zoom the page opens on, every province tapped in this spring is a
            # target of 40 px or more, and each of the 13 taps landed at once: the page
            # asked "Which province?" not once (on the whole board it asked at almost
            # every tap; it asks only where a province in the finger's reach is smaller).
            assert len(finger.tapped) == 13
            assert min(size for _, size in finger.tapped) >= 40, finger.tapped
            assert finger.asked == []

    def test_a_build_picks_its_unit_kind_in_the_menu(self) -> None:
        game = seven_player_game("Taps in winter")
        phase = game.phases.get()
        position = dict(phase.position)
        position["phase"] = "W1901A"
        position["units"] = {**position["units"], "france": ["A spa"]}
        position["centers"] = {
            **position["centers"],
            "france": ["bre", "mar", "par", "spa"],
        }
        GamePhase.objects.filter(pk=phase.pk).update(code="W1901A", position=position)
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=PHONE, touch=True
            )
            page.goto(url)
            expect(page.locator("#order-modes")).to_be_hidden()
            # Paris is inland: an army, at once.
            _tap_province(page, "par")
            expect(page.locator('#order-list li[data-order="A par B"]')).to_be_visible()
            # Brest: an army or a fleet, from the menu.
            _tap_province(page, "bre")
            chooser = page.locator("#unit-chooser")
            expect(chooser.locator("button", has_text="Army in Brest")).to_be_visible()
            chooser.locator("button", has_text="Fleet in Brest").tap()
            expect(page.locator('#order-list li[data-order="F bre B"]')).to_be_visible()
            assert sorted(_saved(page, game, "france", 2)) == ["A par B", "F bre B"]

    def test_a_finger_beside_a_small_province_reaches_it(self) -> None:
        """Paris is about 20 px wide on a phone's whole board: a tap in Burgundy, Picardy or
        Gascony within 10 px of it still builds there (a ~40 px target), by way of the menu
        that asks which of the provinces in reach was meant. (The page opens on the
        player's area, where Paris is larger than a finger: the whole board is a button
        away.)"""
        game = seven_player_game("Fingers")
        phase = game.phases.get()
        position = dict(phase.position)
        position["phase"] = "W1901A"
        position["units"] = {**position["units"], "france": ["A spa"]}
        position["centers"] = {**position["centers"], "france": ["bre", "mar", "par", "spa"]}
        GamePhase.objects.filter(pk=phase.pk).update(code="W1901A", position=position)
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=PHONE, touch=True
            )
            page.goto(f"{self.live_server_url}/games/{game.pk}/")
            page.get_by_role("button", name="The whole board").tap()
            paris = page.locator('#provinces [data-province="par"]').bounding_box()
            assert paris is not None
            assert min(paris["width"], paris["height"]) < 40
            beside = page.evaluate(BESIDE_PARIS)
            assert beside is not None, "no point of a neighbour within 10 px of Paris"
            page.touchscreen.tap(beside["x"], beside["y"])
            chooser = page.locator("#unit-chooser")
            expect(chooser.locator(".chooser-title")).to_have_text("Which province?")
            chooser.locator('button[data-choice="par"]').tap()
            expect(page.locator('#order-list li[data-order="A par B"]')).to_be_visible()
            assert _saved(page, game, "france", 1) == ["A par B"]


#: A point over Burgundy, Picardy or Gascony (where France cannot build) with Paris
#: within 10 px of it.
BESIDE_PARIS = """() => {
  const at = (x, y) => {
    const hit = document.elementFromPoint(x, y);
    const shape = hit && hit.closest("#provinces [data-province]");
    return shape ? shape.dataset.province : null;
  };
  const box = document.querySelector('#provinces [data-province="par"]').getBoundingClientRect();
  for (let x = box.left - 10; x <= box.right + 10; x += 1) {
    for (let y = box.top - 10; y <= box.bottom + 10; y += 1) {
      if (!["bur", "pic", "gas"].includes(at(x, y))) continue;
      for (let i = 0; i < 12; i += 1) {
        const a = (i * Math.PI) / 6;
        if (at(x + 8 * Math.cos(a), y + 8 * Math.sin(a)) === "par") return { x, y };
      }
    }
  }
  return null;
}"""


def _view_width(page: Page) -> float:
    return float(page.locator("svg#board").get_attribute("viewBox").split()[2])


class ZoomAndPan(BrowserTestCase):
    def test_zoom_by_buttons_wheel_and_pinch_and_a_drag_pans_without_ordering(self) -> None:
        game = seven_player_game("Zoom")
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(browser, errors, self.live_server_url, "france-player")
            page.goto(url)
            whole = _view_width(page)
            controls = page.locator("#zoom-controls")
            expect(controls).to_be_visible()
            expect(controls.locator('[data-zoom="out"]')).to_be_disabled()

            # Ctrl and the wheel over Paris: Paris stays under the pointer.
            paris = page.locator('#units [data-unit="par"]').bounding_box()
            assert paris is not None
            x, y = paris["x"] + paris["width"] / 2, paris["y"] + paris["height"] / 2
            page.mouse.move(x, y)
            page.keyboard.down("Control")
            page.mouse.wheel(0, -400)
            page.keyboard.up("Control")
            page.wait_for_timeout(100)
            assert _view_width(page) < whole / 2
            after = page.locator('#units [data-unit="par"]').bounding_box()
            assert after is not None
            assert abs(after["x"] + after["width"] / 2 - x) < 3
            # A zoomed board still takes orders where one taps.
            page.locator('#units [data-unit="par"]').click()
            page.locator('#provinces [data-province="bur"]').click(force=True)
            expect(page.locator('#order-list li[data-order="A par - bur"]')).to_be_visible()

            # A drag pans, and gives no order.
            before = page.locator("svg#board").get_attribute("viewBox")
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x + 120, y + 40, steps=6)
            page.mouse.up()
            assert page.locator("svg#board").get_attribute("viewBox") != before
            page.wait_for_timeout(300)
            assert page.locator("#order-list li[data-order]").count() == 1

            # The buttons: out, in, and the whole board again (at the closest, "in" is off).
            expect(controls.locator('[data-zoom="in"]')).to_be_disabled()
            closest = _view_width(page)
            controls.locator('[data-zoom="out"]').click()
            assert _view_width(page) > closest
            controls.locator('[data-zoom="in"]').click()
            assert abs(_view_width(page) - closest) < 0.01
            controls.locator('[data-zoom="reset"]').click()
            assert _view_width(page) == whole
            expect(controls.locator('[data-zoom="out"]')).to_be_disabled()

    def test_two_fingers_pinch_the_board_on_a_phone(self) -> None:
        game = seven_player_game("Pinch")
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser,
                errors,
                self.live_server_url,
                "france-player",
                viewport={"width": 390, "height": 844},
                touch=True,
            )
            page.goto(url)
            # From the whole board (the page opens on the player's area, a phone's
            # closest readable zoom).
            page.get_by_role("button", name="The whole board").tap()
            whole = _view_width(page)
            box = page.locator("svg#board").bounding_box()
            assert box is not None
            cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            cdp = page.context.new_cdp_session(page)

            def touch(kind: str, spread: float) -> None:
                points = [
                    {"x": cx - spread, "y": cy, "id": 1},
                    {"x": cx + spread, "y": cy, "id": 2},
                ]
                cdp.send(
                    "Input.dispatchTouchEvent",
                    {"type": kind, "touchPoints": [] if kind == "touchEnd" else points},
                )

            touch("touchStart", 20)
            for spread in (30, 45, 60, 80):
                touch("touchMove", spread)
            touch("touchEnd", 80)
            page.wait_for_timeout(100)
            assert _view_width(page) < whole / 2
            # The buttons are large enough to tap.
            button = page.locator('#zoom-controls [data-zoom="in"]').bounding_box()
            assert button is not None
            assert button["height"] >= 40
            assert page.locator("#order-list li[data-order]").count() == 0


def _served_width(page: Page, url: str) -> float:
    """The whole board's width, in board units, as the server draws it."""
    html = page.request.get(url).text()
    found = re.search(r'<svg[^>]*id="board"[^>]*viewBox="([^"]+)"', html) or re.search(
        r'<svg[^>]*viewBox="([^"]+)"[^>]*id="board"', html
    )
    assert found is not None
    return float(found.group(1).split()[2])


class MyAreaOnAPhone(BrowserTestCase):
    """Issue 37's board at a glance: under the map (no longer over its corner) a button
    zooms to the player's own part of the board, where his markers are at least 20 px and
    the labels at least 10 px on a phone, and another shows the whole board. A phone opens
    on his area; the view he chose is kept when the page is loaded again, and a live
    refresh keeps it."""

    def test_a_phone_opens_on_my_area_and_the_view_i_choose_is_kept(self) -> None:
        game = seven_player_game("My area")
        url = f"{self.live_server_url}/games/{game.pk}/"
        with browser_session() as (browser, errors):
            page = signed_in_page(
                browser, errors, self.live_server_url, "france-player", viewport=PHONE, touch=True
            )
            page.goto(url)
            board = page.locator("svg#board").bounding_box()
            controls = page.locator("#zoom-controls").bounding_box()
            assert board is not None
            assert controls is not None
            assert controls["y"] >= board["y"] + board["height"]  # under the map
            whole = _served_width(page, url)

            def readable() -> None:
                assert _view_width(page) < whole
                marker = page.locator('#units [data-unit="par"]').bounding_box()
                label = page.locator('#labels [data-label="par"]').bounding_box()
                assert marker is not None
                assert label is not None
                assert min(marker["width"], marker["height"]) >= 20, marker
                assert label["height"] >= 10, label

            # Opened on France's area, readable, with no zoom by hand.
            readable()
            area = page.locator("svg#board").get_attribute("viewBox")

            # The whole board, chosen, is what the next load shows.
            page.get_by_role("button", name="The whole board").tap()
            assert _view_width(page) == whole
            page.reload()
            expect(page.locator("svg#board")).to_have_attribute(
                "viewBox", re.compile(rf"^\S+ \S+ {re.escape(f'{whole:g}')} ")
            )

            # "My area" again: the same view as the page opened on; kept on a reload.
            page.get_by_role("button", name="My area").tap()
            page.wait_for_function(
                f"() => document.querySelector('svg#board').viewBox.baseVal.width < {whole}"
            )
            readable()
            assert page.locator("svg#board").get_attribute("viewBox") == area
            page.get_by_role("button", name="Zoom in").tap()
            zoomed = page.locator("svg#board").get_attribute("viewBox")
            page.reload()
            expect(page.locator("svg#board")).to_have_attribute("viewBox", str(zoomed))

            # A live refresh (Germany takes its ready mark) keeps the view.
            page.evaluate("document.getElementById('panel').dataset.before = 'refresh'")
            germany = signed_in_page(browser, errors, self.live_server_url, "germany-player")
            germany.goto(url)
            germany.click("#ready-button")
            expect(page.locator("#panel[data-before]")).to_have_count(0)
            assert page.locator("svg#board").get_attribute("viewBox") == zoomed

            # Another tab keeps no view: it opens on the area.
            other = page.context.new_page()
            other.goto(url)
            assert other.locator("svg#board").get_attribute("viewBox") == area
