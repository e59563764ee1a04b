"""The page as a phone shows it (390×844, Debian's Chromium): what the last landing still asks, the current
player first (this phone's player before anyone), the last moves and the debts above the fold, tap targets of
44 px and more, rulings by title without clause ids, installable (a web manifest)."""
# ruff: noqa: F811  (server_factory, imported from test_serve, is a fixture the tests take by name)

from __future__ import annotations

import os

from conftest import run
from test_serve import CHROMIUM, CHROMIUM_ARGS, server_factory  # noqa: F401


def test_a_phone_shows_what_the_landing_asks_first_and_big_enough_to_tap(tmp_path, server_factory):
    from playwright.sync_api import expect, sync_playwright

    assert os.path.exists(CHROMIUM), "Debian's chromium is needed (.ci/run installs it)"
    g = tmp_path / "g.sqlite"
    for argv in (("new", "Ana", "Ben", "Carla", "Dan", "--turns"), ("roll", "1", "2"), ("buy", "Ana", "baltic"), ("roll", "1", "2")):
        r = run(*argv, game=g)
        assert r.code == 0, r.text
    s = server_factory(g)
    assert s.status("/static/manifest.webmanifest") == 200
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            page.goto(s.base + "/")
            expect(page.locator("#conn")).to_have_text("live")
            pending = page.locator("#turn .pending")
            expect(pending).to_have_text("Ben owes Ana $4 rent on Baltic Avenue")
            assert pending.bounding_box()["y"] + pending.bounding_box()["height"] <= 844, "the claim is above the fold"
            recent = page.locator("#recent li").first
            expect(recent).to_contain_text("Ben throws 1+2")
            assert recent.bounding_box()["y"] <= 844
            cards = page.locator("article.player")
            expect(cards.first).to_have_attribute("data-player", "Carla")  # whose turn it is, for a spectator
            for name in page.locator("article.player .name").all():
                assert name.bounding_box()["height"] >= 44, "a name is a tap target"
            page.locator('article.player[data-player="Dan"] .name').tap()
            expect(cards.first).to_have_attribute("data-player", "Dan")  # this phone's player first
            ruling = page.locator("#events details.ruling summary").first
            assert ruling.bounding_box()["height"] >= 44
            src = page.locator("#events details.ruling .src").first.text_content()
            assert "(" not in src and "buy." not in src and "rent." not in src, src
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            page.screenshot(path=str(tmp_path / "phone.png"))
        finally:
            browser.close()
