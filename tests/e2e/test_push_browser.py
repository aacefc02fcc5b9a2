"""Pushes in a real browser (Debian's chromium, driven by Playwright): the notifications
page registers the site's service worker for the whole site, its "Push to this device"
control asks permission, subscribes with the site's public key and hands the subscription
to the API, and "Stop" takes it back; a push delivered to the worker is shown, with the
game's address to open.

Chromium here has no push service to reach (subscribing needs Google's, which a test
machine cannot call), so the browser's PushManager is given a subscription this test makes
(its endpoint and keys, as a browser's would be): everything from the permission to the
API's stored device is the page's own code. The push itself is delivered to the worker by
Chrome's DevTools (ServiceWorker.deliverPushMessage), as the push service would; the
encryption and the VAPID signature on the wire are tested against a loopback push service
in tests/notifications/test_push.py."""

from __future__ import annotations

import base64
import json
import os
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from notifications.models import NotificationSetting, PushSubscription
from tests.e2e.base import PASSWORD, BrowserTestCase, browser_session, signed_in_page

#: Stands in for the browser's PushManager, which would ask Google's push service. The
#: subscription it "makes" is the test's (window-independent: kept in localStorage, so it
#: survives the page's reload, as a browser's does); it records the key it was asked for.
FAKE_PUSH_MANAGER = """
(() => {
  const KEY = "__push";
  const given = %s;
  const bytes = (text) =>
    Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const text = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const made = (saved) => ({
    endpoint: saved.json.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: bytes(saved.key).buffer },
    toJSON: () => saved.json,
    unsubscribe: async () => { localStorage.removeItem(KEY); return true; },
  });
  PushManager.prototype.getSubscription = async function () {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    return saved ? made(saved) : null;
  };
  PushManager.prototype.subscribe = async function (options) {
    const saved = {
      json: given,
      key: text(options.applicationServerKey),
      userVisibleOnly: options.userVisibleOnly,
    };
    localStorage.setItem(KEY, JSON.stringify(saved));
    return made(saved);
  };
})();
"""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _browser_subscription() -> dict[str, Any]:
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return {
        "endpoint": f"https://push.example.net/send/{_b64(os.urandom(12))}",
        "expirationTime": None,
        "keys": {"p256dh": _b64(point), "auth": _b64(os.urandom(16))},
    }


class PushInTheBrowser(BrowserTestCase):
    def setUp(self) -> None:
        hasher = PBKDF2PasswordHasher()
        self.user = User.objects.create(
            username="phone-player", password=hasher.encode(PASSWORD, hasher.salt())
        )

    def _page(self, browser: Any, errors: list[Any], *, allow: bool) -> Page:
        page = signed_in_page(
            browser, errors, self.live_server_url, "phone-player", service_workers="allow"
        )
        if allow:
            page.context.grant_permissions(["notifications"], origin=self.live_server_url)
        return page

    def test_a_device_subscribes_through_the_page_and_its_worker_shows_a_push(self) -> None:
        given = _browser_subscription()
        with browser_session() as (browser, errors):
            page = self._page(browser, errors, allow=True)
            page.context.add_init_script(FAKE_PUSH_MANAGER % json.dumps(given))
            page.goto(f"{self.live_server_url}/notifications/")
            state, toggle = page.locator("#push-state"), page.locator("#push-toggle")
            expect(state).to_have_text("This device gets no pushes.")
            expect(toggle).to_have_text("Push to this device")
            # The site's worker is there on every page (js/app.js: the page kept for
            # reading offline), but nothing is subscribed before the player asks for pushes.
            assert (
                page.evaluate(
                    "navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription())"
                )
                is None
            )

            toggle.click()
            expect(state).to_have_text("This device gets pushes.")
            expect(toggle).to_have_text("Stop pushing to this device")
            expect(page.locator("#push-devices li")).to_have_count(1)
            expect(page.locator("#push-devices li")).to_contain_text("Chrome on Linux")

            # The worker governs the whole site, from its address at the root.
            worker = page.evaluate(
                """async () => {
                  const r = await navigator.serviceWorker.ready;
                  return { scope: r.scope, script: r.active.scriptURL };
                }"""
            )
            assert worker == {
                "scope": f"{self.live_server_url}/",
                "script": f"{self.live_server_url}/sw.js",
            }
            # The browser subscribed with the site's key, and the site kept its subscription.
            device = PushSubscription.objects.get()
            saved = json.loads(page.evaluate("localStorage.getItem('__push')"))
            assert saved["key"] == device.server_key
            assert saved["userVisibleOnly"] is True
            assert (device.user, device.endpoint, device.p256dh, device.auth) == (
                self.user,
                given["endpoint"],
                given["keys"]["p256dh"],
                given["keys"]["auth"],
            )
            assert device.label == "Chrome on Linux"
            # The first device pushed what a player wants on his phone.
            chosen = NotificationSetting.objects.get(user=self.user).choices
            assert "push" in chosen["deadline_reminder"]

            # A push as the push service hands it to the browser: shown by the worker.
            cdp = page.context.new_cdp_session(page)
            registrations: list[dict[str, Any]] = []
            cdp.on(
                "ServiceWorker.workerRegistrationUpdated",
                lambda event: registrations.extend(event["registrations"]),
            )
            cdp.send("ServiceWorker.enable")
            page.wait_for_timeout(200)
            (registration,) = [r for r in registrations if not r.get("isDeleted")]
            cdp.send(
                "ServiceWorker.deliverPushMessage",
                {
                    "origin": self.live_server_url,
                    "registrationId": registration["registrationId"],
                    "data": json.dumps(
                        {
                            "title": "Vienna Nights: your orders are due in 2 hours",
                            "body": "The deadline of Spring 1901 movement is near.",
                            "url": "/games/7/",
                            "tag": "deadline_reminder:7",
                        }
                    ),
                },
            )
            page.wait_for_function(
                "async () => (await (await navigator.serviceWorker.ready)"
                ".getNotifications()).length === 1"
            )
            shown = page.evaluate(
                """async () => (await (await navigator.serviceWorker.ready).getNotifications())
                  .map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data.url }))"""
            )
            assert shown == [
                {
                    "title": "Vienna Nights: your orders are due in 2 hours",
                    "body": "The deadline of Spring 1901 movement is near.",
                    "tag": "deadline_reminder:7",
                    "url": "/games/7/",
                }
            ]

            # Stop: the site forgets the device, and the browser its subscription.
            toggle.click()
            expect(state).to_have_text("This device gets no pushes.")
            expect(page.locator("#push-devices")).to_have_count(0)
            assert not PushSubscription.objects.exists()
            assert page.evaluate("localStorage.getItem('__push')") is None

    def test_a_blocked_permission_says_so_and_subscribes_nothing(self) -> None:
        with browser_session() as (browser, errors):
            page = self._page(browser, errors, allow=False)
            # As when the player answered "Block" to the browser's question.
            page.context.add_init_script(
                "Object.defineProperty(Notification, 'permission', { get: () => 'denied' });"
                "Notification.requestPermission = async () => 'denied';"
            )
            page.goto(f"{self.live_server_url}/notifications/")
            expect(page.locator("#push-state")).to_contain_text("Notifications are blocked")
            expect(page.locator("#push-toggle")).to_be_hidden()
            assert not PushSubscription.objects.exists()

    def test_the_question_dismissed_leaves_the_control_as_it_was(self) -> None:
        with browser_session() as (browser, errors):
            page = self._page(browser, errors, allow=False)
            page.context.add_init_script("Notification.requestPermission = async () => 'default';")
            page.goto(f"{self.live_server_url}/notifications/")
            page.locator("#push-toggle").click()
            expect(page.locator("#push-state")).to_have_text("This device gets no pushes.")
            expect(page.locator("#push-toggle")).to_be_enabled()
            assert not PushSubscription.objects.exists()
