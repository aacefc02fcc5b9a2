"""What every browser test shares: Debian's chromium, and a live server (a forked process
serving Daphne) that works whatever tests ran before it in this process."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, ClassVar, Literal

from asgiref.sync import SyncToAsync
from channels.testing import ChannelsLiveServerTestCase
from playwright.sync_api import Browser, Page, sync_playwright

from diplosite.celery import app
from games.terms import GameTerms

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PASSWORD = "a-long-browser-password"
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")


def seven_players() -> dict[str, Any]:
    """A user per standard power, ``<power>-player``, with :data:`PASSWORD`. Hashed with
    the site's own hasher: the live server process does not share the tests' fast one."""
    from django.contrib.auth.hashers import PBKDF2PasswordHasher
    from django.contrib.auth.models import User

    hasher = PBKDF2PasswordHasher()
    hashed = hasher.encode(PASSWORD, hasher.salt())
    return {p: User.objects.create(username=f"{p}-player", password=hashed) for p in POWERS}


def seven_player_game(name: str, *, all_ready_but_france: bool = False) -> Any:
    """A running standard game of seven players (powers chosen, one-hour movement); with
    ``all_ready_but_france``, everyone but France has said they are ready (units hold)."""
    from datetime import timedelta

    from games import services
    from games.models import Game

    users = seven_players()
    game = services.game_create(
        created_by=users["austria"],
        name=name,
        power="austria",
        terms=GameTerms(assignment=Game.Assignment.CHOSEN, movement_deadline=timedelta(hours=1)),
    )
    for power in POWERS[1:]:
        services.game_join(game=game, user=users[power], power=power)
    for power in POWERS:
        if all_ready_but_france and power != "france":
            services.orders_ready(game=game, user=users[power], ready=True)
    return game


@contextmanager
def browser_session() -> Iterator[tuple[Browser, list[Any]]]:
    """Debian's chromium, and a list that pages add their uncaught errors to: any there
    at the end fail the test."""
    errors: list[Any] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser, errors
        finally:
            browser.close()
    assert errors == []


def watch_errors(page: Page, errors: list[Any]) -> None:
    """A page's uncaught errors, and what the content security policy refused (an inline
    script or handler, a style attribute, a connection elsewhere), go to ``errors``."""
    page.on("pageerror", lambda error: errors.append(error))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text
            else None
        ),
    )


def signed_in_page(
    browser: Browser,
    errors: list[Any],
    base_url: str,
    username: str,
    *,
    viewport: dict[str, int] | None = None,
    latency: int = 0,
    touch: bool = False,
    service_workers: Literal["allow", "block"] = "block",
) -> Page:
    """A page of its own (desktop-sized unless ``viewport`` says otherwise; a phone's touch
    screen with ``touch``) signed in as ``username`` (with :data:`PASSWORD`), whose every
    answer from the server arrives ``latency`` ms late (Chrome's network emulation), as on
    a slow connection.

    The site's service worker is blocked unless ``service_workers="allow"``: the pages it
    serves (a navigation) are beyond Playwright's routes and the emulated network, which
    the tests of the pages themselves use; tests/e2e/test_installable_browser.py tests it."""
    context = browser.new_context(
        viewport=viewport or {"width": 1400, "height": 1000},
        has_touch=touch,
        is_mobile=touch,
        service_workers=service_workers,
    )
    page = context.new_page()
    watch_errors(page, errors)
    page.goto(f"{base_url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("form.stacked button[type=submit]")
    # Wait for the page the sign-in leads to: a test's next goto would otherwise abort its
    # loading (its scripts' requests "fail", and a listener added meanwhile hears of it).
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    page.wait_for_load_state()
    if latency:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": latency,
                "downloadThroughput": -1,
                "uploadThroughput": -1,
            },
        )
    return page


_BOX = """(selector) => {
  const node = document.querySelector(selector);
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return r.width || r.height ? {x: r.x, y: r.y, width: r.width, height: r.height} : null;
}"""

_INTO_VIEW = """(selector) => {
  const node = document.querySelector(selector);
  if (!node) return null;
  node.scrollIntoView({block: "center", inline: "center"});
  const r = node.getBoundingClientRect();
  return r.width || r.height ? {x: r.x, y: r.y, width: r.width, height: r.height} : null;
}"""


def box_on_screen(page: Page, selector: str) -> dict[str, float] | None:
    """The box of what ``selector`` names on the screen, measured in one step in the page.
    Each render puts the board's pieces in anew (game.js putServed), so a locator's
    ``bounding_box`` (one step to find the node, another to measure it) can meet a node
    just replaced, and answers None for a unit standing in plain view."""
    box: dict[str, float] | None = page.evaluate(_BOX, selector)
    return box


def tap_on_screen(page: Page, selector: str) -> None:
    """A finger's tap on the middle of what ``selector`` names, brought into view and
    measured in one step in the page. A locator's ``tap`` finds the node, scrolls and
    measures in steps of its own; a render between them (each saved order brings one,
    game.js putServed) replaces the node, and the tap fails with "not visible" for a
    unit in plain view. A tap at a point lands on whatever stands there: the new node."""
    box: dict[str, float] | None = page.evaluate(_INTO_VIEW, selector)
    assert box is not None, f"{selector} is not on the page"
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def outside_the_event_loop(action: Callable[[], None]) -> None:
    """Run ``action`` (a service call while a page is open) in a thread of its own and
    wait for it; errors are raised here. Playwright's loop in this thread makes Django
    refuse database calls made from it."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            action()
        except BaseException as e:  # handed back to the test's thread
            failure.append(e)
        finally:
            from django.db import connection

            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


class BrowserTestCase(ChannelsLiveServerTestCase):
    serve_static = True
    #: Celery tasks run at once in the calling process (no worker in these tests).
    eager_tasks: ClassVar[bool] = False
    _eager: ClassVar[bool]
    _executor: ClassVar[ThreadPoolExecutor]

    @classmethod
    def setUpClass(cls) -> None:
        cls._eager = app.conf.task_always_eager
        if cls.eager_tasks:
            app.conf.task_always_eager = True
        # Playwright's sync API runs an event loop in this thread; the test's own ORM
        # calls are ordinary blocking calls and safe here.
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        # The live server is a fork of this process. If an async test ran here before,
        # asgiref's one thread for thread-sensitive calls has started, and a fork copies
        # the executor but not its thread: the server's consumers would wait forever on
        # their first database call. The fork gets a fresh executor instead.
        cls._executor = SyncToAsync.single_thread_executor
        SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
        # Nor may the fork inherit an open SQLite connection: SQLite's per-process state of
        # the file (its locks, the WAL index) comes along, and the server's own connections
        # then read the file as it was once (the second test of a class found none of the
        # users its setUp had just written). Closed here, the fork starts clean.
        from django.db import connections

        connections.close_all()
        super().setUpClass()

    @classmethod
    def tearDownClass(cls) -> None:
        super().tearDownClass()
        from django.db import connections

        # While a browser is open, Playwright marks its event loop as running in this
        # thread, so the test's own queries there were given a connection of their own, as
        # Django gives async code (its connections are thread-local outside an event loop,
        # per context inside one). Given back here, where that connection is seen: in a
        # loop, in this thread's context. Left open, it outlived the pool and PostgreSQL
        # refused to drop the test database ("being accessed by other users").
        async def close_what_async_code_opened() -> None:
            connections.close_all()

        asyncio.run(close_what_async_code_opened())

        # The class's own executor thread gives its database connection back (to the
        # pool, which is closed before the test database is dropped), then stops.
        SyncToAsync.single_thread_executor.submit(connections.close_all).result()
        SyncToAsync.single_thread_executor.shutdown(wait=False)
        SyncToAsync.single_thread_executor = cls._executor
        app.conf.task_always_eager = cls._eager
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
