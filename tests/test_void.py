"""`void N` and `amend N COMMAND…`: one past entry corrected, every later move re-run through the engine."""

from __future__ import annotations

import json

from conftest import run
from test_summary import cash, ok, play, status

from referee.moves import apply as dispatch
from referee.store.ledger import Game
from referee.store.replay import live_moves


def log(g) -> list[dict]:
    return json.loads(ok(g, "log", "--json").out)


def text_log(g) -> str:
    return ok(g, "log").out


def test_amending_a_rent_ten_moves_back_recomputes_what_followed(game):
    play(game, upto=18)
    before = cash(game)
    r = ok(game, "amend", "6", "rent", "Ben", "park place")  # $70 on Park Place, not $100 on Boardwalk
    after = cash(game)
    assert after["Ben"] - before["Ben"] == 30 - 3  # $30 less rent, and 10 % of $30 more net worth in income tax
    assert after["Ana"] - before["Ana"] == -30
    assert after["Cy"] == before["Cy"]
    assert "#12 now: Ben pays $166 income tax" in r.out and "was: Ben pays $163" in r.out
    out = text_log(game)
    assert "(amended by #19)" in out.splitlines()[5]
    assert "#7    Ana builds a house on Boardwalk for $200 (now 1 house) (re-run in #19)" in out
    assert out.splitlines()[-1].startswith("#19   amend #6: Ben pays Ana $70 rent on Park Place (was: Ben pays Ana $100 rent on Boardwalk); 12 later moves re-run, 1 changed")


def test_voiding_a_purchase_whose_deed_was_mortgaged_later_is_refused_and_changes_nothing(game):
    ok(game, "new", "Ana", "Ben")
    ok(game, "buy", "Ana", "oriental avenue")
    ok(game, "pay", "Ben", "Ana", "10")
    ok(game, "mortgage", "oriental avenue")
    before, entries = status(game), log(game)
    r = run("void", "2", game=game)
    assert r.code == 1
    assert "#4 (Ana mortgages Oriental Avenue" in r.err and "no longer holds once #2 is voided" in r.err
    assert "(if #4 goes too: `void 4` first, then correct #2)" in r.err  # the way through
    assert "us-classic" in r.err  # the refusal's own clause
    assert status(game) == before and log(game) == entries


def test_in_the_finished_game_a_void_names_the_first_move_that_no_longer_holds(game):
    play(game)
    before = status(game)
    r = run("void", "5", game=game)  # Cy's St. Charles Place, later traded to Ben
    assert r.code == 1 and r.err.startswith("refused: #14 (trade: Ben gives $100; Cy gives St. Charles Place)")
    assert status(game) == before


def test_void_survives_undo_and_redo_and_the_log_shows_it(game):
    play(game, upto=12)
    base = cash(game)
    ok(game, "void", "6")
    voided = cash(game)
    assert voided["Ben"] == base["Ben"] + 100 - 10 and voided["Ana"] == base["Ana"] - 100  # tax re-run on $100 more
    assert "(voided by #13)" in text_log(game)
    assert "undone: void #6" in ok(game, "undo").out
    assert cash(game) == base
    assert "(undone by #14)" in text_log(game)
    assert "redone: void #6" in ok(game, "redo").out
    assert cash(game) == voided
    assert "(voided by #13)" in text_log(game)
    again = run("redo", game=game)
    assert again.code == 2 and "nothing to redo" in again.err
    # after a correction, a later move still undoes on its own
    ok(game, "go", "Cy")
    ok(game, "undo")
    assert cash(game) == voided


def test_a_second_correction_keeps_the_log_numbers(game):
    play(game, upto=12)
    ok(game, "void", "10")          # Ana's railroad rent never happened
    ok(game, "amend", "6", "pay", "Ben", "Ana", "1")
    entries = {m["entry"] for m in live_moves(Game(game)._events())}
    assert 10 not in entries and {6, 11, 12} <= entries
    out = text_log(game)
    assert "(folded into #14)" in out and "(re-run in #14)" in out
    ok(game, "undo")  # takes back the amend only: the void stands
    assert 10 not in {m["entry"] for m in live_moves(Game(game)._events())}
    assert cash(game)["Ben"] == 1500 - 200 - 100 + 200 - 160  # $1,600 net worth without the $25 rent


def test_amend_takes_only_a_move_and_checks_it_on_the_table_of_its_time(game):
    play(game, upto=8)
    r = run("amend", "6", "status", game=game)
    assert r.code == 2 and "amend takes one move" in r.err
    r = run("amend", "6", "undo", game=game)
    assert r.code == 2 and "not `undo`" in r.err
    assert len(log(game)) == 8
    r = run("amend", "3", "rent", "Ben", "boardwalk", game=game)  # before #3 nobody owns Boardwalk
    assert r.code != 0 and "the correction for #3 does not hold" in r.err
    r = run("amend", "6", game=game)
    assert r.code == 2 and "give the corrected move" in r.err
    for bad, words in (("99", "there is no entry #99"), ("1", "start of the game")):
        r = run("void", bad, game=game)
        assert r.code == 2 and words in r.err
    assert len(log(game)) == 8


def test_every_move_of_a_finished_game_replays_through_the_dispatch_table(game):
    """The table covers what the commands record: re-running every stored move gives the recorded state."""
    play(game)
    g = Game(game)
    rs, evs = g.ruleset(), g._events()
    t = g._replay(evs, before=2)
    for m in live_moves(evs):
        ev = dispatch.rerun(rs, t, m["type"], m["args"])
        assert ev.to_dict()["ops"] == m["ops"], m["text"]
        t = ev.t
    assert t.to_dict() == g.state().to_dict()


def test_a_tracked_game_of_throws_cards_and_turns_replays_too(game):
    ok(game, "new", "--turns", "Ana", "Ben")
    for words in (("roll", "3", "4"), ("draw", "Ana", "advance-to-go"), ("next",), ("roll", "2", "3"),
                  ("roll", "1", "2"), ("turn", "Ben"), ("roll", "6", "5")):
        ok(game, *words)
    g = Game(game)
    rs, evs = g.ruleset(), g._events()
    t = g._replay(evs, before=2)
    for m in live_moves(evs):
        t = dispatch.rerun(rs, t, m["type"], m["args"]).t
    assert t.to_dict() == g.state().to_dict()
    assert t.player("Ana").position == 5 and t.player("Ana").cash == 1700  # GO by the card, then 2+3
    ok(game, "void", "3")  # without the card Ana stays on Chance: the later throw moves on from there
    t = Game(game).state()
    assert t.player("Ana").position == 12 and t.player("Ana").cash == 1500
    assert t.player("Ben").position == 14


def test_board_values_read_at_the_table_are_re_recorded_and_cannot_be_voided(game):
    ok(game, "new", "Ana", "Ben")
    ok(game, "go", "Ben")                                       # 2
    ok(game, "buy", "Ana", "baltic avenue")                     # 3
    ok(game, "deed", "baltic avenue", "--houses", "0", "--value", "9")  # 4: the table's deed says $9, not $4
    ok(game, "rent", "Ben", "baltic avenue")                    # 5
    ok(game, "pay", "Ben", "Ana", "5")                          # 6
    before = cash(game)
    assert before["Ben"] == 1500 + 200 - 9 - 5
    ok(game, "void", "2")  # the deed's values are recorded again inside the correction and still count
    assert cash(game)["Ben"] == 1500 - 9 - 5
    assert "$9" in ok(game, "rent", "Ben", "baltic avenue").out
    ok(game, "undo")
    r = run("void", "4", game=game)
    assert r.code == 2 and "board values" in r.err
    r = run("amend", "3", "buy", "Ana", "mediterranean avenue", game=game)  # the rent at #5 then has no owner to pay
    assert r.code == 1 and r.err.startswith("refused: #5 ")
    ok(game, "undo")
    assert cash(game) == before and "$9" in ok(game, "rent", "Ben", "baltic avenue").out


def test_amend_can_leave_out_the_entrys_own_command(game):
    play(game, upto=12)
    ok(game, "amend", "11", "Ben", "--landed")          # `go Ben --landed`: the salary as a landing on GO
    assert ok(game, "log").out.splitlines()[-1].startswith("#13   amend #11: Ben collects $200 salary")
    ok(game, "amend", "12", "Ben", "--choice", "flat")  # `tax income Ben --choice flat`
    assert "Ben pays $200 income tax (flat)" in ok(game, "log").out.splitlines()[-1]
    r = run("amend", "6", "Ben", game=game)             # `rent Ben` without its deed: the rent's own usage
    assert r.code == 2 and "deed" in r.err.lower()


def test_void_amend_redo_and_summary_in_the_console(game, monkeypatch, capsys):
    from referee.cli.console import TableConsole

    monkeypatch.setenv("REFEREE_GAME", str(game))
    play(game, upto=8)
    con = TableConsole(game)
    code = con.run_lines(["void 6", "undo", "redo", "amend 4 buy Ben short line", "summary --markdown"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "#9 void #6" in out and "redone: void #6" in out and "#12 amend #4: Ben buys Short Line" in out
    assert "# Game summary" in out
    assert Game(game).state().deeds[35].owner == "Ben"


def test_an_amend_may_not_touch_a_bankrupt_players_account(game):
    play(game)
    r = run("amend", "21", "pay", "Cy", "Ana", "5", game=game)  # Cy went bankrupt at #20
    assert r.code == 1 and "the correction for #21 does not hold" in r.err and "bankrupt" in r.err


def test_a_rent_with_its_claim_window_stated_by_hand_keeps_it_when_re_run(game):
    ok(game, "new", "Ana", "Ben", "--turns")
    ok(game, "roll", "Ana", "1", "2")  # Ana on Baltic Avenue
    ok(game, "buy", "Ana", "baltic avenue")
    ok(game, "rent", "Ben", "baltic avenue", "--late", "0")  # a landing the game did not track, stated by hand
    entries = log(game)
    assert entries[-1]["args"]["late"] == 0
    buy = next(e["seq"] for e in entries if e["type"] == "buy")
    r = ok(game, "amend", str(buy), "buy", "Ana", "baltic avenue")  # re-runs the rent after it
    assert cash(game)["Ben"] == 1500 - 4, r.out  # the rent re-run with its stated window, not refused for want of a landing


def test_an_auction_nobody_bid_on_or_a_bid_owed_is_replayed_when_an_earlier_move_is_voided(game):
    """The two auctions the bidding desk records besides a paid bid: the deed left with the bank, and a winner
    short of cash owing the bid. Voiding an earlier move re-runs both as they were recorded."""
    ok(game, "new", "Ana", "Ben")
    ok(game, "pay", "Ana", "Ben", "10")  # the mistake
    ok(game, "no-bid", "oriental avenue")
    ok(game, "pay", "Ben", "bank", "1450")  # Ben is left with $60
    ok(game, "auction", "Ben", "boardwalk", "300")  # more than Ben holds: he owes the bank the bid
    r = run("void", "2", game=game)
    assert r.code == 0, r.err
    assert "internal error" not in r.err + r.out
    assert cash(game) == {"Ana": 1500, "Ben": 50}
    assert "owes" in ok(game, "status").out
