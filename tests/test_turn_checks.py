"""Issue 18, case 1: with turns tracked, a move that contradicts where the tokens are is refused
(or, when it is only late, recorded with the banker's --force and its reason). Without turn
tracking nothing changes."""

from __future__ import annotations

import pytest

from referee.cli.console import TableConsole
from referee.core import setup, turn_checks, turns
from referee.core.ops import apply_ops
from referee.ruleset import loader
from referee.store.ledger import Game


@pytest.fixture
def con(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    c = TableConsole(tmp_path / "game.sqlite")
    assert c.run_line("new Ana Ben Cy Finn --turns") == 0
    return c


def state(con):
    g = Game(con.path)
    try:
        return g.state(), g.events()
    finally:
        g.close()


def refused(con, capsys, line: str, clause: str) -> str:
    capsys.readouterr()
    assert con.run_line(line) == 1, line
    err = capsys.readouterr().err
    assert f"us-classic {clause}" in err, err
    return err


def test_buy_by_a_player_who_never_landed_there_is_refused_with_the_clause(con, capsys):
    con.run_line("roll 3 4")  # Ana on Chance
    err = refused(con, capsys, "buy Ben boardwalk", "buy.only_on_landing")
    assert "Ben has not landed on Boardwalk" in err and "Ben is on GO" in err
    assert "--force" not in err, "a wrong token position is corrected at the throw, not forced"
    assert state(con)[0].deeds[39].owner is None


def test_rent_from_a_player_on_go_is_refused(con, capsys):
    con.run_line("1 2")  # Ana on Baltic
    con.run_line("buy")
    err = refused(con, capsys, "rent Finn baltic", "rent.lot")
    assert "Finn has not landed on Baltic Avenue" in err
    assert state(con)[0].player("Finn").cash == 1500


def test_a_card_for_a_player_on_a_railroad_and_a_tax_for_a_player_on_vermont_are_refused(con, capsys):
    con.run_line("roll 2 3")  # Ana on Reading Railroad
    refused(con, capsys, "draw Ana general repairs", "cards.draw")
    con.run_line("roll 2 6")  # Ben on Vermont Avenue
    refused(con, capsys, "tax luxury Ben", "tax.luxury")
    refused(con, capsys, "card Ben bank error", "cards.draw")
    t, _ = state(con)
    assert t.player("Ana").cash == 1500 and t.player("Ben").cash == 1500


def test_moves_that_match_the_landing_go_through(con, capsys):
    con.run_line("roll 3 4")  # Ana on Chance
    assert con.run_line("draw Ana general repairs") == 0
    con.run_line("roll 1 3")  # Ben on Income Tax
    assert con.run_line("tax income Ben --choice flat") == 0
    con.run_line("roll 1 2")  # Cy on Baltic
    assert con.run_line("buy Cy baltic") == 0
    t, _ = state(con)
    assert t.deeds[3].owner == "Cy" and t.player("Ben").cash == 1300


def test_a_late_move_needs_force_with_a_reason_which_the_log_keeps(con, capsys):
    con.run_line("roll 1 2")  # Ana on Baltic
    con.run_line("roll 2 3")  # Ben threw since
    err = refused(con, capsys, "buy Ana baltic", "buy.only_on_landing")
    assert 'Ben has thrown since Ana landed on Baltic Avenue' in err and '--force "REASON"' in err
    assert con.run_line('buy Ana baltic --force "the banker was slow"') == 0
    t, evs = state(con)
    assert t.deeds[3].owner == "Ana"
    assert evs[-1]["args"]["forced"]["reason"] == "the banker was slow"
    assert "[forced: the banker was slow]" in evs[-1]["text"]
    # a tax after moving on is late too
    con.run_line("roll 1 3")  # Cy on Income Tax
    con.run_line("roll 3 4")  # Finn throws
    refused(con, capsys, "tax income Cy --choice flat", "tax.income")
    assert con.run_line("tax income Cy --choice flat --force forgotten") == 0


def test_jail_moves_follow_the_turn(con, capsys):
    refused(con, capsys, "jail send Cy", "jail.send")
    assert con.run_line('jail send Cy --force "a house rule"') == 0
    err = refused(con, capsys, "jail pay Cy", "jail.fine")
    assert "it is Ana's turn" in err
    for line in ("1 1", "1 2", "1 2", "1 2"):  # Ana twice (doubles), Ben, then Cy's turn... Cy is next
        con.run_line(line)
    t, _ = state(con)
    assert turns.current(t) == "Finn"
    con.run_line("1 2")  # Finn; Ana's turn again
    con.run_line("1 2")  # Ana
    con.run_line("1 2")  # Ben: Cy to throw
    assert con.run_line("jail pay Cy") == 0, "before the throw on the jailed player's own turn"


def test_without_turn_tracking_nothing_is_checked(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    c = TableConsole(tmp_path / "plain.sqlite")
    assert c.run_line("new Ana Ben") == 0
    for line in ("buy Ben boardwalk", "tax luxury Ana", "card Ana bank error", "rent Ana boardwalk", "jail send Ana"):
        assert c.run_line(line) == 0, line


def test_the_decision_is_pure_and_says_whether_force_may_record_it():
    rs = loader.load("us-classic")
    t, ops, _ = setup.new_game(rs, ["Ana", "Ben"], track_turns=True)
    apply_ops(t, ops)
    t2 = turns.roll(rs, t, 1, 2).t  # Ana on Baltic
    assert turn_checks.buy(rs, t2, "Ana", 3) is None
    m = turn_checks.buy(rs, t2, "Ben", 3)
    assert m is not None and m.clause == "buy.only_on_landing" and not m.forceable
    t3 = turns.roll(rs, t2, 2, 3).t  # Ben throws: Ana's chance to buy has passed
    late = turn_checks.buy(rs, t3, "Ana", 3)
    assert late is not None and late.forceable
    t.extra.pop("tracking")
    assert turn_checks.check(rs, t, "buy", "Ben", deed=39) is None


def test_a_correction_rechecks_later_moves_against_the_landings(con, capsys):
    """void/amend re-run the later moves: a purchase a corrected throw no longer grounds is named and nothing changes;
    a forced move keeps its reason through the re-run."""
    con.run_line("1 2")  # Ana on Baltic
    con.run_line("buy Ana baltic")
    con.run_line("2 3")  # Ben on Reading
    con.run_line("1 1")  # Cy on Community Chest (doubles)
    capsys.readouterr()
    assert con.run_line("amend 2 roll 1 3") == 1
    err = capsys.readouterr().err
    assert "#3 (Ana buys Baltic Avenue for $60) no longer holds" in err and "buy.only_on_landing" in err
    t, _ = state(con)
    assert t.deeds[3].owner == "Ana" and t.player("Ana").position == 3, "nothing changed"
    con.run_line("2 2")  # Cy again (doubles): Cy on Vermont? 2 + 4 = 6 Oriental Avenue
    con.run_line("3 4")  # Cy: 6 + 7 = 13 States Avenue
    assert con.run_line('buy Cy oriental --force "asked before throwing"') == 0
    assert con.run_line("amend 4 roll 3 2") == 0  # Ben's throw corrected: the later moves re-run
    _, evs = state(con)
    moves = evs[-1]["args"]["moves"]  # the amend entry holds the moves as re-run
    rerun = [m for m in moves if m["type"] == "buy" and m["args"].get("deed") == 6]
    assert rerun and rerun[0]["args"]["forced"]["reason"] == "asked before throwing"
    from referee.words.messages import event_text

    assert "text" not in rerun[0], "the file keeps the message id, not its words"
    assert event_text(rerun[0]).endswith("[forced: asked before throwing]")


def test_a_tax_or_a_card_answers_one_landing_as_a_rent_does(con, capsys):
    con.run_line("roll 1 3")  # Ana on Income Tax
    assert con.run_line("tax income Ana --choice flat") == 0
    cash = state(con)[0].player("Ana").cash
    err = refused(con, capsys, "tax income Ana --choice flat", "tax.income")
    assert "Ana already paid the tax for landing on Income Tax" in err
    assert state(con)[0].player("Ana").cash == cash, "the second tax left the cash alone"
    con.run_line("roll 3 4")  # Ben on Chance
    assert con.run_line("draw Ben poor tax") == 0
    err = refused(con, capsys, "draw Ben bank dividend", "cards.draw")
    assert "Ben already drew a card for landing on Chance" in err


def test_a_card_that_moves_the_token_onto_the_tax_makes_a_new_landing_that_owes_it(con, capsys):
    con.run_line("roll 3 4")  # Ana on Chance (7)
    assert con.run_line("draw Ana go back 3") == 0  # back to Income Tax (4): a landing of its own
    assert con.run_line("tax income Ana --choice flat") == 0
    assert state(con)[0].player("Ana").cash == 1500 - 200
