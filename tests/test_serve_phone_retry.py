"""A phone whose answer is lost (Debian's Chromium at 390×844): the page sends the move again with its id, shows
the first result, and the ledger holds the move once."""
# ruff: noqa: F811  (server_factory, imported from test_serve, is a fixture the tests take by name)

from __future__ import annotations

import json

from conftest import run
from test_serve import CHROMIUM, CHROMIUM_ARGS, server_factory  # noqa: F401

from referee.store.ledger import Game


def test_a_move_whose_answer_is_lost_is_sent_again_and_recorded_once(tmp_path, server_factory):
    """The phone's move reaches the ledger but its answer is cut (a dropped Wi-Fi): the page sends it again with
    the same id, is told the first result, and the table holds the move once."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=15_000)
    g = tmp_path / "g.sqlite"
    for argv in (("new", "Ana", "Ben", "--turns"), ("roll", "1", "2")):
        assert run(*argv, game=g).code == 0
    links = {s["seat"]: s["link"] for s in json.loads(run("seats", "--json", game=g).out)}
    s = server_factory(g, "--lan")
    lost: list[str] = []

    def lose_the_first_answer(route):
        response = route.fetch()  # the server records the move …
        if not lost:
            lost.append(response.text())
            route.abort()  # … and the phone never hears back
        else:
            route.fulfill(response=response)

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            page.route("**/api/move*", lose_the_first_answer)
            page.goto(s.base + "/" + links["Ana"].split("/", 3)[3])
            expect(page.locator("#conn")).to_have_text("live")
            page.locator("#turn .pending button.act", has_text="Buy").tap()
            expect(page.locator("#notice")).to_contain_text("Ana buys Baltic Avenue")
        finally:
            browser.close()
    assert lost and json.loads(lost[0])["ok"], lost
    game = Game(g)
    try:
        assert [e["type"] for _s, e in game._events()].count("buy") == 1
        assert game.state().player("Ana").cash == 1500 - 60
    finally:
        game.close()

