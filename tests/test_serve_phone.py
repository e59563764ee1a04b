"""The page as a phone shows it (390×844, Debian's Chromium): what the last landing still asks, the current
player first (this phone's player before anyone), the last moves and the debts above the fold, tap targets of
44 px and more, rulings by title without clause ids, installable (a web manifest)."""
# ruff: noqa: F811  (server_factory, imported from test_serve, is a fixture the tests take by name)

from __future__ import annotations

import contextlib
import os

from conftest import run
from test_serve import CHROMIUM, CHROMIUM_ARGS, server_factory  # noqa: F401


def seat_links(game) -> dict:
    """Each seat's own link, as `referee seats --json` gives them."""
    import json

    return {x["seat"]: x["link"] for x in json.loads(run("seats", "--json", game=game).out)}


@contextlib.contextmanager
def phones(server, game, names):
    """Each named player's own page open on a phone of their own, live; the browser closed after."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield seat_pages(browser, server, seat_links(game), names)
        finally:
            browser.close()


def seat_pages(browser, server, links: dict, names) -> dict:
    """Each player's own link open on a phone of their own (390×844, a context each), live."""
    from playwright.sync_api import expect

    pages = {}
    for name in names:
        page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
        page.goto(server.base + "/" + links[name].split("/", 3)[3])
        expect(page.locator("#conn")).to_have_text("live")
        pages[name] = page
    return pages


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


def test_two_phones_act_for_their_players_and_the_rules_answer_on_the_phone(tmp_path, server_factory):
    """Ana and Ben each open their own seat's link (`referee seats`) at 390×844: the key leaves the address bar,
    each phone leads with its player, a landing's moves are buttons on the phone whose player may make them, a
    move the rules refuse says why with the rule's title, and what a phone records is the ledger's."""

    from playwright.sync_api import expect, sync_playwright

    from referee.store.ledger import Game

    expect.set_options(timeout=15_000)  # a loaded 2-core machine: the phone's answer may take a while

    g = tmp_path / "g.sqlite"
    for argv in (("new", "Ana", "Ben", "--turns"), ("pay", "Ana", "bank", "1450"), ("roll", "1", "2")):
        r = run(*argv, game=g)
        assert r.code == 0, r.text
    links = seat_links(g)
    s = server_factory(g, "--lan")
    local = {k: s.base + "/" + v.split("/", 3)[3] for k, v in links.items()}  # the same links, reached over loopback
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            phones = {}
            for name in ("Ana", "Ben"):
                ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
                page = ctx.new_page()
                page.goto(local[name])
                expect(page.locator("#conn")).to_have_text("live")
                assert "seat=" not in page.url, "the seat's key left the address bar"
                expect(page.locator("article.player").first).to_have_attribute("data-player", name)
                phones[name] = page
            ana, ben = phones["Ana"], phones["Ben"]
            expect(ben.locator("#turn .pending button.act")).to_have_count(0)  # Ana's landing: nothing for Ben to do
            buy = ana.locator("#turn .pending button.act", has_text="Buy")
            assert buy.bounding_box()["height"] >= 44
            buy.tap()  # $50 for a $60 deed: the rules say no, on Ana's phone, with the rule's title
            notice = ana.locator("#notice")
            expect(notice).to_have_class("notice no")
            assert "—" in notice.text_content() and "buy." not in notice.text_content()
            assert run("collect", "Ana", "100", game=g).code == 0
            expect(ana.locator("#updated")).to_contain_text(f"#{Game(g).last_seq()}")  # the phone has seen it
            ana.locator("#turn .pending button.act", has_text="Buy").tap()
            expect(notice).to_contain_text("Ana buys Baltic Avenue")
            assert run("roll", "1", "2", game=g).code == 0  # Ben lands on Ana's Baltic Avenue
            expect(ben.locator("#updated")).to_contain_text(f"#{Game(g).last_seq()}")
            expect(ben.locator("#turn .pending button.act", has_text="Pay the rent")).to_have_count(1)
            expect(ana.locator("#turn .pending button.act", has_text="Claim the rent")).to_have_count(1)
            ben.locator("#turn .pending button.act", has_text="Pay the rent").tap()
            expect(ben.locator("#notice")).to_contain_text("Ben pays Ana $4")
            expect(ana.locator("#updated")).to_contain_text(f"#{Game(g).last_seq()}")
            ana.locator('article.player[data-player="Ana"] button.act.small', has_text="Mortgage").tap()
            expect(notice).to_contain_text("mortgages Baltic Avenue")
            expect(ana.locator('article.player[data-player="Ana"] button.act.small', has_text="Lift the mortgage")).to_have_count(1)
            ana.screenshot(path=str(tmp_path / "ana.png"))
        finally:
            browser.close()
    gm = Game(g)
    try:
        kept = [e for _s, e in gm._events() if (e.get("source") or {}).get("surface") == "phone"]
        assert [(e["type"], e["source"]["seat"]) for e in kept] == [("buy", "Ana"), ("rent", "Ben"), ("mortgage", "Ana")]
        t = gm.state()
        assert t.player("Ana").cash == 50 + 100 - 60 + 4 + 30 and t.deeds[3].mortgaged
    finally:
        gm.close()


def test_a_phone_builds_sells_leaves_jail_and_goes_bankrupt_by_the_rules(tmp_path, server_factory):
    """The owner's phone builds on a complete group and sells back (the engine keeps it even: a refused step
    says why), and a player who cannot pay declares bankruptcy after a confirmation; each is a move in the
    ledger with its seat."""

    from playwright.sync_api import expect

    from referee.store.ledger import Game

    expect.set_options(timeout=15_000)
    g = tmp_path / "g.sqlite"
    for argv in (("new", "Ana", "Ben"), ("buy", "Ana", "Boardwalk"), ("buy", "Ana", "Park Place"), ("pay", "Ben", "Ana", "1600")):
        r = run(*argv, game=g)
        assert r.code == 0, r.text
    s = server_factory(g, "--lan")
    with phones(s, g, ("Ana", "Ben")) as pages:
        ana, ben = pages["Ana"], pages["Ben"]
        ana_card = ana.locator('article.player[data-player="Ana"]')

        def tap(deed: str, label: str, refused: bool = False) -> None:
            n = Game(g).last_seq()
            ana_card.locator(".deed", has_text=deed).locator("button", has_text=label).tap()
            if refused:  # the rules say no, on the phone, with the rule's title; nothing is recorded
                expect(ana.locator("#notice")).to_have_class("notice no")
                expect(ana.locator("#notice")).to_contain_text("—")
                assert Game(g).last_seq() == n
            else:  # recorded, and the phone has the table with it before the next tap
                expect(ana.locator("#updated")).to_contain_text(f"#{n + 1}")
                expect(ana.locator("#notice")).to_have_class("notice ok")

        tap("Park Place", "Build")
        tap("Park Place", "Build", refused=True)  # two houses against none: build evenly
        tap("Boardwalk", "Build")
        tap("Boardwalk", "Build")
        tap("Park Place", "Sell one", refused=True)  # none against two: sell evenly
        ben_card = ben.locator('article.player[data-player="Ben"]')
        expect(ben_card.locator("button.act", has_text="Declare bankruptcy")).to_have_count(1)
        ben.on("dialog", lambda d: d.accept())
        ben_card.locator("button.act", has_text="Declare bankruptcy").tap()
        expect(ben.locator("#notice")).to_contain_text("bankrupt")
    gm = Game(g)
    try:
        kept = [(e["type"], e["source"]["seat"]) for _s, e in gm._events() if (e.get("source") or {}).get("surface") == "phone"]
        assert kept == [("build", "Ana"), ("build", "Ana"), ("build", "Ana"), ("bankrupt", "Ben")], kept
        assert gm.state().player("Ben").bankrupt
    finally:
        gm.close()


def test_a_trade_is_offered_on_one_phone_and_accepted_on_the_other(tmp_path, server_factory):
    """Ana ticks her deed and asks $200 of Ben on her phone; Ben's phone shows the offer in words and he accepts:
    the ledger holds the trade once, sent from Ben's seat; the form keeps Ana's ticks through a table update."""

    from playwright.sync_api import expect

    from referee.store.ledger import Game

    expect.set_options(timeout=15_000)
    g = tmp_path / "g.sqlite"
    for argv in (("new", "Ana", "Ben"), ("buy", "Ana", "Boardwalk")):
        assert run(*argv, game=g).code == 0
    s = server_factory(g, "--lan")
    with phones(s, g, ("Ana", "Ben")) as pages:
        ana, ben = pages["Ana"], pages["Ben"]
        trade = ana.locator('article.player[data-player="Ana"] .trade')
        trade.locator("button", has_text="Ben").tap()
        trade.locator("label", has_text="Boardwalk").locator("input").check()
        assert run("collect", "Ben", "1", game=g).code == 0  # the table moves on while Ana writes
        expect(ana.locator("#updated")).to_contain_text(f"#{Game(g).last_seq()}")
        assert trade.locator("label", has_text="Boardwalk").locator("input").is_checked(), "the form kept its tick"
        trade.locator("fieldset", has_text="Ben gives").locator("input.tcash").fill("200")
        trade.locator("button", has_text="Send the offer").tap()
        expect(ana.locator("#notice")).to_contain_text("Ben is asked")
        offer = ben.locator("#offers .offer")
        expect(offer).to_contain_text("Ana gives Boardwalk; Ben gives $200")
        offer.locator("button", has_text="Accept").tap()
        expect(ben.locator("#notice")).to_have_class("notice ok")
        expect(ana.locator("#offers")).to_be_hidden()
    gm = Game(g)
    try:
        trades = [e for _s, e in gm._events() if e["type"] == "trade"]
        assert len(trades) == 1 and trades[0]["source"]["seat"] == "Ben" and gm.state().deeds[39].owner == "Ben"
    finally:
        gm.close()


def test_four_phones_play_a_short_game_and_the_ledger_is_the_consoles(tmp_path, server_factory):
    """Issue 32's done-when: four phones at 390×844 at once, the banker at the console for the dice and the
    auction's hammer. A buy, a rent claimed from the owner's phone, an auction with bids from three phones (one
    refused with its rule), a trade offered and accepted, a mortgage, a bankruptcy. At the end the game said
    back as moves (`log --moves`) and typed at a console gives the same ledger, and every phone shows the
    same count."""
    import re

    from playwright.sync_api import expect, sync_playwright

    from referee.cli.console import TableConsole
    from referee.store.ledger import Game

    expect.set_options(timeout=15_000)
    g = tmp_path / "g.sqlite"
    names = ("Ana", "Ben", "Cy", "Dee")
    assert run("new", *names, "--turns", game=g).code == 0
    links = seat_links(g)
    s = server_factory(g, "--lan")
    banker = TableConsole(g)

    def table(line: str) -> None:
        assert banker.run_line(line) == 0, line

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            ph = {}
            errors: list[str] = []
            for name in names:
                page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
                page.on("pageerror", lambda e, name=name: errors.append(f"{name}: {e}"))
                page.goto(s.base + "/" + links[name].split("/", 3)[3])
                expect(page.locator("#conn")).to_have_text("live")
                ph[name] = page

            def seen(name: str) -> None:  # the phone has the table as it now stands
                assert not errors, errors
                want = f"#{Game(g).last_seq()}"
                try:
                    expect(ph[name].locator("#updated")).to_contain_text(want)
                except AssertionError:  # say what the phone showed: its connection badge, the server's table
                    badge = ph[name].locator("#conn").text_content()
                    raise AssertionError(f"{name}'s phone never showed {want}: badge {badge!r}, server at "
                                         f"{s.state()['view']['seq']}, output {s.output[-500:]!r}") from None

            def tap(name: str, where: str, label: str, ok: bool = True) -> None:
                seen(name)
                n = Game(g).last_seq()
                ph[name].locator(where).locator("button", has_text=label).first.tap()
                if ok:
                    try:
                        expect(ph[name].locator("#updated")).to_contain_text(f"#{n + 1}")
                    except AssertionError:  # what the phone said, what the ledger holds
                        note = ph[name].locator("#notice").text_content()
                        kinds = [e["type"] for _s, e in Game(g)._events()]
                        import sqlite3

                        con = sqlite3.connect(g)
                        offers = con.execute("SELECT * FROM offers").fetchall() if con.execute(
                            "SELECT name FROM sqlite_master WHERE name='offers'").fetchone() else []
                        ids = con.execute("SELECT * FROM move_ids").fetchall() if con.execute(
                            "SELECT name FROM sqlite_master WHERE name='move_ids'").fetchone() else []
                        con.close()
                        raise AssertionError(f"{name} tapped {label!r}: the phone said {note!r}; the ledger holds {kinds}; "
                                             f"server {str(s.state())[:300]}; offers {offers}; ids {ids}; out {s.output[-800:]!r}") from None

            table("roll 1 2")  # Ana: GO -> Baltic Avenue
            tap("Ana", "#turn .pending", "Buy")
            table("roll 1 2")  # Ben lands on Ana's Baltic Avenue
            tap("Ana", "#turn .pending", "Claim the rent")  # claimed from the owner's phone, paid by Ben
            table("roll 2 4")  # Cy: GO -> Oriental Avenue; he does not buy: the bank auctions it
            table("auction")
            for name, amount, ok in (("Ana", 50, True), ("Ben", 40, False), ("Ben", 60, True), ("Dee", 70, True)):
                seen(name)
                box = ph[name].locator("#turn .auction")
                box.locator("input").fill(str(amount))
                box.locator("button", has_text="Bid").tap()
                if ok:
                    expect(ph[name].locator("#notice")).to_contain_text(f"{name} bids")
                else:  # below the high bid: refused on the phone, with the rule's title
                    expect(ph[name].locator("#notice")).to_have_class("notice no")
                    assert "—" in ph[name].locator("#notice").text_content()
            table("sold")  # Dee's $70
            trade = ph["Ana"].locator('article.player[data-player="Ana"] .trade')
            seen("Ana")
            trade.locator("button", has_text="Cy").tap()
            trade.locator("label", has_text="Baltic Avenue").locator("input").check()
            trade.locator("fieldset", has_text="Cy gives").locator("input.tcash").fill("80")
            trade.locator("button", has_text="Send the offer").tap()
            expect(ph["Cy"].locator("#offers .offer")).to_contain_text("Ana gives Baltic Avenue; Cy gives $80")
            tap("Cy", "#offers .offer", "Accept")
            tap("Dee", '.deed:has-text("Oriental Avenue")', "Mortgage")
            table("pay Ben bank 5000")  # more than Ben can ever raise: a debt
            ph["Ben"].on("dialog", lambda d: d.accept())
            tap("Ben", 'article.player[data-player="Ben"]', "Declare bankruptcy")
            seen("Ana")
            counts = []
            for name in names:
                seen(name)
                counts.append([(c.get_attribute("data-player"), c.locator(".cash").text_content())
                               for c in ph[name].locator("article.player").all()])
            assert all(sorted(c) == sorted(counts[0]) for c in counts), counts
            ph["Cy"].screenshot(path=str(tmp_path / "cy.png"))
        finally:
            browser.close()
    gm = Game(g)
    try:
        first = [(e["type"], e.get("ops")) for _s, e in gm._events()]
        phone = [(e["type"], e["source"]["seat"]) for _s, e in gm._events() if (e.get("source") or {}).get("surface") == "phone"]
    finally:
        gm.close()
    assert phone == [("buy", "Ana"), ("rent", "Ana"), ("trade", "Cy"), ("mortgage", "Dee"), ("bankrupt", "Ben")], phone
    said = run("log", "--moves", game=g).out.splitlines()
    again = tmp_path / "typed.sqlite"
    typed = TableConsole(again)
    assert typed.run_line("new " + " ".join(names) + " --turns") == 0
    for line in said:
        assert typed.run_line(line) == 0, line
    gm = Game(again)
    try:
        assert [(e["type"], e.get("ops")) for _s, e in gm._events()] == first, "the phones' game is the console's"
    finally:
        gm.close()
    assert any(re.match(r"auction Dee \"?Oriental Avenue\"? 70", x) for x in said)


def test_a_screen_reader_hears_the_buttons_the_answer_and_the_new_moves(tmp_path, server_factory):
    """Playwright's accessibility snapshot of a seat's page: every button has its name, the answer to a move is
    a live status, the connection badge and the last moves are live regions, the page's language is the table's."""

    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=15_000)
    g = tmp_path / "g.sqlite"
    for argv in (("new", "Ana", "Ben", "--turns"), ("roll", "1", "2")):
        assert run(*argv, game=g).code == 0
    links = seat_links(g)
    s = server_factory(g, "--lan", "--lang", "it")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            page.goto(s.base + "/" + links["Ana"].split("/", 3)[3])
            expect(page.locator("#turn .pending button.act")).to_have_count(1)
            assert page.evaluate("document.documentElement.lang") == "it"
            tree = page.locator("body").aria_snapshot()
            assert '- button "Compra"' in tree and '- button "Ipoteca"' not in tree, tree  # Ana owns nothing yet
            assert page.locator("#notice").get_attribute("role") == "status"
            assert page.locator("#notice").get_attribute("aria-live") == "assertive"
            assert page.locator("#conn").get_attribute("aria-live") == "polite"
            assert page.locator("#events ol").get_attribute("aria-live") == "polite"
            for b in page.locator("button").all():
                if b.is_visible():
                    assert (b.text_content() or "").strip() or b.get_attribute("aria-label"), "every button has a name"
        finally:
            browser.close()
