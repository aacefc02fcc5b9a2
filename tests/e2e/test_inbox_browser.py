"""The header's unread count in a real browser (Debian's chromium, driven by Playwright):
a signed-in user on the lobby sees "Notifications (1)" appear, without a reload, when a
notification is made for them.

The live server is a process of its own: with the embedded in-memory layer it cannot hear
the test's publish, and the count arrives by the consumer's periodic check instead (with
Redis, as in CI, by the signal itself)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from playwright.sync_api import expect, sync_playwright

from notifications import services as notifications
from tests.e2e.base import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PASSWORD,
    BrowserTestCase,
    outside_the_event_loop,
    watch_errors,
)


class InboxInTheBrowser(BrowserTestCase):
    def setUp(self) -> None:
        hasher = PBKDF2PasswordHasher()
        self.user = User.objects.create(
            username="reader", password=hasher.encode(PASSWORD, hasher.salt())
        )

    def test_the_header_count_follows_a_new_notification_without_a_reload(self) -> None:
        errors: list[Any] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_context().new_page()
                watch_errors(page, errors)
                page.goto(f"{self.live_server_url}/accounts/login/")
                page.fill("#id_username", "reader")
                page.fill("#id_password", PASSWORD)
                page.click("form.stacked button[type=submit]")
                page.goto(f"{self.live_server_url}/")
                link = page.locator("#inbox-unread")
                expect(link).to_have_text("Notifications")
                page.evaluate("window.__noReload = true")  # a reload would wipe this out

                def tell() -> None:
                    notifications.notify(
                        kind="game_ended",
                        game=None,
                        users=[self.user.pk],
                        event_key="browser:1",
                        params={"game": "Some game"},
                        queue=False,
                    )

                # A service publishing to the channel layer must run where there is no
                # event loop, as in a real request.
                outside_the_event_loop(tell)
                expect(link).to_have_text("Notifications (1)", timeout=15000)
                assert page.evaluate("window.__noReload") is True
            finally:
                browser.close()
        assert errors == []
