"""Issue 18, the auction helper: `auction DEED` in the console, bids as `Ana 120`, then `sold`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from referee.cli.console import TableConsole
from referee.core import bidding, setup
from referee.core.ops import apply_ops
from referee.errors import Refusal
from referee.ruleset import loader
from referee.store.ledger import Game

REFEREE = str(Path(sys.executable).with_name("referee"))


@pytest.fixture
def con(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    c = TableConsole(tmp_path / "game.sqlite")
    assert c.run_line("new Ana Ben Cy --turns") == 0
    return c


def events(con):
    g = Game(con.path)
    try:
        return g.state(), g.events()
    finally:
        g.close()


def test_bids_then_sold_record_one_move_for_the_high_bidder(con, capsys):
    con.run_line("1 2")  # Ana on Baltic Avenue, declines
    assert con.run_line("auction") == 0  # the deed of the last landing
    assert con.run_line("Ana 10") == 0
    assert con.run_line("Ben 5") == 1, "not above the high bid"
    assert con.run_line("Ben 70") == 0
    assert con.run_line("Cy 90") == 0
    assert con.run_line("undo") == 0  # Cy takes it back
    capsys.readouterr()
    assert con.run_line("sold") == 0
    out = capsys.readouterr().out
    assert "Ben wins Baltic Avenue at auction for $70" in out
    t, evs = events(con)
    assert t.deeds[3].owner == "Ben" and t.player("Ben").cash == 1430
    assert [e["type"] for e in evs].count("auction") == 1, "the bids are not moves; the result is one"


def test_no_bid_leaves_the_deed_with_the_bank_and_the_log_says_so(con, capsys):
    assert con.run_line("auction states avenue") == 0
    assert con.run_line("sold") == 0
    t, evs = events(con)
    assert t.deeds[13].owner is None
    assert evs[-1]["text"] == "nobody bids for States Avenue: it stays with the bank"
    assert con.run_line("auction boardwalk") == 0
    assert con.run_line("cancel") == 0
    assert len(events(con)[1]) == len(evs), "cancel records nothing"


def test_the_editions_opening_rule_and_owned_deeds(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    c = TableConsole(tmp_path / "uk.sqlite")
    assert c.run_line("new Ana Ben -r uk") == 0
    assert c.run_line("buy Ana old kent road") == 0
    capsys.readouterr()
    assert c.run_line("auction old kent road") == 1
    assert "belongs to Ana" in capsys.readouterr().err
    assert c.run_line("auction whitechapel") == 0
    assert "opens at the fixed opening bid (£10)" in capsys.readouterr().out
    assert c.run_line("Ben 5") == 1
    assert "starts at the fixed opening bid, £10" in capsys.readouterr().err
    assert c.run_line("status") == 0, "read-only commands still run during the bidding"
    assert c.run_line("buy Ben whitechapel") == 2, "moves wait until the auction is over"
    assert c.run_line("Ben 10") == 0 and c.run_line("sold") == 0


def test_the_bidding_rules_are_pure():
    rs = loader.load("us-classic")
    t, ops, _ = setup.new_game(rs, ["Ana", "Ben"])
    apply_ops(t, ops)
    b = bidding.open_bidding(rs, t, 39)
    assert (b.minimum, b.opening) == (1, "any")
    bidding.bid(rs, t, b, "Ana", 100)
    with pytest.raises(Refusal):
        bidding.bid(rs, t, b, "Ben", 100)
    warn = bidding.bid(rs, t, b, "Ben", 1600)
    assert warn is not None and warn.id == "bid.more_than_cash"
    assert b.high == ("Ben", 1600)



def test_the_prompt_shows_the_high_bid(tmp_path):
    env = dict(os.environ, REFEREE_CACHE=str(tmp_path / "cache"), REFEREE_GAME=str(tmp_path / "g.sqlite"),
               PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", NO_COLOR="1")
    subprocess.run([REFEREE, "new", "Ana", "Ben", "--turns"], env=env, check=True, capture_output=True)
    c = pexpect.spawn(REFEREE, ["play"], env=env, encoding="utf-8", timeout=15, dimensions=(30, 100))
    try:
        c.expect("to throw ›")
        c.sendline("auction boardwalk")
        c.expect("Boardwalk: no bid ›")
        c.sendline("Ben 130")
        c.expect("Boardwalk: Ben \\$130 ›")
        c.sendline("sold")
        c.expect("Ben wins Boardwalk at auction for \\$130")
        c.expect("to throw ›")
        c.sendcontrol("d")
        c.expect(pexpect.EOF)
    finally:
        c.close(force=True)


def test_an_italian_table_bids_and_closes_in_its_words(tmp_path, monkeypatch, capsys):
    from referee.words import i18n

    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    c = TableConsole(tmp_path / "it.sqlite")
    assert c.run_line("new Ana Bea -r it-lire") == 0
    i18n.use("it")  # as `referee table` speaks an Italian game's language
    try:
        capsys.readouterr()
        assert c.run_line("auction vicolo corto") == 0
        assert c.run_line("Ana 1000") == 0 and c.run_line("Bea 2000") == 0
        assert c.run_line("annulla") == 0  # the Italian undo takes back Bea's bid
        out = " ".join(capsys.readouterr().out.split())
        assert "asta: Vicolo Corto" in out and "Ana offre L. 1.000" in out and "offerta ritirata: Bea L. 2.000" in out
        assert c.run_line("venduto") == 0
        t, _evs = events(c)
        assert t.deeds[1].owner == "Ana"
    finally:
        i18n.reset()


def test_a_bid_under_the_high_bid_is_refused_as_not_higher_even_under_the_opening():
    rs = loader.load("mx-hasbro")  # bids open at $10
    t, ops, _ = setup.new_game(rs, ["Ana", "Cata"])
    apply_ops(t, ops)
    b = bidding.open_bidding(rs, t, 39)
    bidding.bid(rs, t, b, "Cata", 10)
    with pytest.raises(Refusal) as e:
        bidding.bid(rs, t, b, "Ana", 9)
    assert e.value.msg.id == "refused.bid_not_higher"
