"""Screenshots for the report (not committed)."""
from __future__ import annotations

from typing import Any

from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games import services
from games.terms import GameTerms
from tests.e2e.base import PASSWORD, BrowserTestCase, browser_session, outside_the_event_loop
from tests.e2e.test_exchange_browser import bourse, add

OUT = "/tmp/table/shots"
SIZES = {"wide": {"width": 1400, "height": 1000}, "phone": {"width": 390, "height": 844}}


def login(browser: Any, errors: list, base: str, username: str, size: dict, locale: str = "en-GB") -> Any:
    context = browser.new_context(viewport=size, locale=locale)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(e))
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("form.stacked button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    return page


class Shots(BrowserTestCase):
    def test_shots(self) -> None:
        from accounts.roles import MODERATOR, grant
        from tests.games.rather_silly import SEATS, played_rather_silly_game

        game, username = bourse("shot")
        hasher = PBKDF2PasswordHasher()
        hashed = hasher.encode(PASSWORD, hasher.salt())
        founder = User.objects.create(username="founder", password=hashed)
        forming = services.game_create(created_by=founder, name="Bourse forming", pseudonym="Old Money", terms=GameTerms(variant_id="kapitalisten"))
        users = {s: User.objects.create(username=f"{s}-shot", password=hashed) for s in SEATS}
        mod = User.objects.create(username="mod-shot", password=hashed)
        grant(mod, MODERATOR)
        silly = played_rather_silly_game(users, mod, until="S1904M")
        llama = services.game_create(created_by=users["austria"], name="Llamas", power="austria",
            terms=GameTerms(variant_id="rather_silly", options={"roles": True}, assignment="chosen"))
        llama_users = {s: User.objects.create(username=f"{s}-ll", password=hashed) for s in SEATS}
        llama = services.game_create(created_by=llama_users["austria"], name="Llamas", power="austria",
            terms=GameTerms(variant_id="rather_silly", options={"roles": True}, assignment="chosen"))
        for s in SEATS[1:]:
            services.game_join(game=llama, user=llama_users[s], power=s)
        base = self.live_server_url
        with browser_session() as (browser, errors):
            for name, size in SIZES.items():
                page = login(browser, errors, base, username, size)
                page.goto(f"{base}/games/{game.pk}/exchange/")
                page.screenshot(path=f"{OUT}/exchange-{name}.png", full_page=True)
                page.goto(f"{base}/games/{game.pk}/")
                page.screenshot(path=f"{OUT}/game-x-{name}.png", full_page=True)
                de = login(browser, errors, base, username, size, locale="de-DE")
                de.goto(f"{base}/games/{game.pk}/exchange/")
                if name == "wide":
                    add(de, "sell", 500, "france")
                    expect(de.locator("#exchange-status")).to_have_text("Gespeichert.")
                de.screenshot(path=f"{OUT}/exchange-de-{name}.png", full_page=True)
                f = login(browser, errors, base, "founder", size)
                f.goto(f"{base}/games/{forming.pk}/")
                f.screenshot(path=f"{OUT}/forming-{name}.png", full_page=True)
                sb = login(browser, errors, base, "superbrain-shot", size)
                sb.goto(f"{base}/games/{silly.pk}/")
                sb.screenshot(path=f"{OUT}/superbrain-{name}.png", full_page=True)
                first = silly.phases.get(code="S1901M").index
                sb.goto(f"{base}/games/{silly.pk}/?phase={first}")
                sb.screenshot(path=f"{OUT}/silly-s1901-{name}.png", full_page=False)
                en = login(browser, errors, base, "england-ll", size)
                en.goto(f"{base}/games/{llama.pk}/")
                en.click('#provinces [data-province="yor"]')
                en.wait_for_timeout(1500)
                en.click('#provinces [data-province="lon"]')
                en.wait_for_timeout(500)
                print(name, en.locator("#order-list").inner_text(), en.locator("#order-error").inner_text())
                en.screenshot(path=f"{OUT}/llamas-{name}.png", full_page=False)
