"""Decks by box (issue 30): the later US Community Chest as a house rule (the birthday card, $50 school fees), and
a card the deck lacks recorded as a custom card that still counts as the landing's card and replays under void."""

from __future__ import annotations

from conftest import run


def test_the_birthday_deck_is_a_house_rule_of_us_2008(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "Cy", "-r", "us-2008", "--house-rule", "birthday-deck", game=g).code == 0
    r = run("card", "Ana", "birthday", game=g)
    assert r.code == 0 and "collects $20 in all" in r.out, r.text
    r = run("card", "Ben", "school fees", game=g)
    assert r.code == 0 and "pays $50" in r.out, r.text
    plain = tmp_path / "p.sqlite"
    assert run("new", "Ana", "Ben", "-r", "us-2008", game=plain).code == 0
    assert run("card", "Ana", "birthday", game=plain).code == 2, "the classic us-2008 deck has the grand opera card instead"


def test_a_custom_card_pays_or_collects_and_replays(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "Cy", game=g).code == 0
    r = run("card", "Ana", "custom", "--collect", "10", "--each", game=g)
    assert r.code == 0 and "collects $20 in all" in r.out, r.text
    r = run("card", "Ben", "custom", "--pay", "50", game=g)
    assert r.code == 0 and "pays $50" in r.out, r.text
    assert run("card", "Ben", "custom", game=g).code == 2, "a custom card says what it does"
    assert run("void", "2", game=g).code == 0, "the custom card after it is re-run"
    v = run("verify", game=g)
    assert v.code == 0, v.text
    s = run("status", "--json", game=g).out
    assert '"cash": 1450' in s and '"cash": 1500' in s, s


def test_a_custom_card_counts_as_the_landings_card(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "--turns", game=g).code == 0
    r = run("roll", "3", "4", game=g)  # Ana on Chance
    assert r.code == 0 and "Chance" in r.out, r.text
    assert run("card", "Ana", "custom", "--pay", "15", game=g).code == 0
    again = run("card", "Ana", "custom", "--pay", "15", game=g)
    assert again.code == 1, "one card a landing, a custom one included"


def test_a_bankruptcy_to_the_bank_opens_its_deeds_auctions_one_after_another(tmp_path, monkeypatch, capsys):
    from referee.cli.console import TableConsole
    from referee.store.ledger import Game

    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    con = TableConsole(tmp_path / "g.sqlite")
    for line in ("new Ana Ben Cy", "buy Cy boardwalk", "buy Cy park place", "pay Cy bank 2000", "bankrupt Cy"):
        assert con.run_line(line) == 0, line
    said = capsys.readouterr().out
    assert "the bank auctions the deeds it received: 2 to go" in said and "auction: Park Place" in said, said
    from referee.cli import watch

    src = watch.Source(con.path)
    src.key()
    assert src.view()["auction"]["text"] == "auction of Park Place: no bid yet"
    assert con.run_line("Ana 150") == 0 and con.run_line("Ben 160") == 0
    shown = src.view()["auction"]  # the bids, live on the watch and the page, before anything is recorded
    assert shown["text"] == "auction of Park Place: high bid Ben $160" and shown["bids"] == 2, shown
    import io

    from rich.console import Console

    buf = io.StringIO()
    Console(file=buf, width=80, height=24, color_system=None).print(src.frame(80, 24))
    assert "⚑ auction of Park Place: high bid Ben $160" in buf.getvalue(), buf.getvalue()
    assert con.run_line("sold") == 0
    said = capsys.readouterr().out
    assert "Ben wins Park Place at auction for $160" in said and "auction: Boardwalk" in said, said
    assert con.run_line("sold") == 0  # nobody bids: it stays with the bank
    assert not con.desk.active, "the last one sold, the desk closes"
    assert src.view()["auction"] is None, "and the screens stop showing it"
    src.close()
    g = Game(con.path)
    try:
        t = g.state()
    finally:
        g.close()
    assert t.deeds[37].owner == "Ben" and t.deeds[39].owner is None and not t.extra.get("bank_auctions")


def test_mortgaging_never_raises_the_worth_the_screens_rank_by(tmp_path):
    """Issue 33 item 7: mx-hasbro has no end-of-game count; its running worth counted a mortgaged deed at full price
    (the tax count), so a mortgage raised a player's shown worth. Now a running count, named on the screens."""
    from referee.web.source import GameSource

    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "-r", "mx-hasbro", game=g).code == 0
    assert run("buy", "Ana", "avenida mediterráneo", game=g).code == 0

    def worth():
        src = GameSource(g)
        try:
            v = src.read().view
        finally:
            src.close()
        return {p["name"]: p["worth"] for p in v["players"]}, v["standings"]["title"]

    before, title = worth()
    assert run("mortgage", "avenida mediterráneo", game=g).code == 0
    after, _ = worth()
    assert after == before, (before, after)
    assert "Running count" in title or "Recuento" in title or "Conteggio" in title, title
