"""Issue 30 (family night): once per trip, one interest, houses by the group, lines that add up."""

from __future__ import annotations

import pytest
from conftest import run

from referee.cli.console import TableConsole
from referee.store.ledger import Game


def _console(tmp_path, monkeypatch, line: str) -> TableConsole:
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    c = TableConsole(tmp_path / "game.sqlite")
    assert c.run_line(line) == 0
    return c


@pytest.fixture
def tracked(tmp_path, monkeypatch):
    return _console(tmp_path, monkeypatch, "new Ana Ben Cy --turns")


@pytest.fixture
def plain(tmp_path, monkeypatch):
    return _console(tmp_path, monkeypatch, "new Ana Ben Cy")


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
    assert clause in err, err
    return err


# ---------------------------------------------------------------- 1. once per trip
def test_a_salary_the_tracked_throw_paid_is_refused_as_a_repeat_unless_forced(tracked, capsys):
    for dice in ("6 5", "1 2", "1 2", "6 5", "1 2", "1 2", "5 5"):  # Ana: St. Charles, Chance, North Carolina (doubles)
        assert tracked.run_line(f"roll {dice}") == 0
    assert tracked.run_line("roll 6 2") == 0  # Ana's re-throw reaches GO: +$200
    cash = state(tracked)[0].player("Ana").cash
    err = refused(tracked, capsys, "go Ana", "us-classic go.salary")
    assert "Ana's throw to GO already paid the salary for GO this turn" in err and "--force" in err
    assert state(tracked)[0].player("Ana").cash == cash
    assert tracked.run_line('go Ana --force "two trips, the log missed one"') == 0
    t, evs = state(tracked)
    assert t.player("Ana").cash == cash + 200 and evs[-1]["args"]["forced"]["reason"] == "two trips, the log missed one"
    assert tracked.run_line("go Ben") == 0, "Ben's throw did not pass GO"


def test_a_rent_the_tracked_landing_settled_is_refused_as_a_repeat(tracked, capsys):
    tracked.run_line("roll 1 2")  # Ana on Baltic
    tracked.run_line("buy")
    tracked.run_line("roll 3 4")  # Ben on Chance
    tracked.run_line("roll 1 2")  # Cy on Baltic
    assert tracked.run_line("rent Cy baltic") == 0
    cash = state(tracked)[0].player("Cy").cash
    refused(tracked, capsys, "rent Cy baltic", "rent.")
    assert state(tracked)[0].player("Cy").cash == cash


def test_without_tracking_a_second_salary_with_no_move_between_asks_for_force(plain, capsys):
    assert plain.run_line("go Cy") == 0
    err = refused(plain, capsys, "go Cy", "us-classic go.salary")
    assert "Cy has just collected the salary and nothing has moved since" in err
    assert state(plain)[0].player("Cy").cash == 1700
    assert plain.run_line("go Ana") == 0 and plain.run_line("go Cy") == 0, "a move between: another trip"
    assert plain.run_line("card Ben chance advance to go") == 0  # the card paid the salary
    refused(plain, capsys, "go Ben", "us-classic go.salary")


# ---------------------------------------------------------------- 2. one interest, as the clause says
def test_a_lift_in_the_turn_of_the_trade_pays_the_interest_once(plain, capsys):
    """001 § Hipotecas: the 10 % paid when the deed changed hands is the interest for a lift in that turn; the
    clause says so, and the trade says what lifting costs now and later."""
    plain.run_line('buy Ben "st charles"')
    plain.run_line('mortgage "st charles"')
    capsys.readouterr()
    assert plain.run_line('trade Ana Ben --give 100 --take "st charles"') == 0
    out = capsys.readouterr().out
    assert "Ana takes St. Charles Place mortgaged: lift it now for $77 in all ($7 paid + $70 right after the deal" in out
    assert plain.run_line('unmortgage "st charles"') == 0
    t, evs = state(plain)
    assert t.player("Ana").cash == 1500 - 100 - 7 - 70, "$77 in all, not $84"
    assert "mortgage.transfer" in evs[-1]["clauses"]
    from referee.ruleset import loader

    text = next(c.text for c in loader.load("us-classic").clauses if c.id == "mortgage.transfer")
    assert "right after the deal" in text and "only the value" in text


def test_a_lift_after_a_throw_pays_the_interest_again(tracked):
    tracked.run_line("roll 2 3")  # Ana on Reading Railroad
    tracked.run_line("buy Ana reading")
    tracked.run_line("mortgage reading")
    assert tracked.run_line("trade Ben Ana --give 150 --take reading") == 0
    tracked.run_line("roll 1 2")  # Ben throws: the turn has moved on
    assert tracked.run_line("unmortgage reading") == 0
    assert state(tracked)[0].player("Ben").cash == 1500 - 150 - 10 - 110


def test_where_the_choice_is_made_at_the_trade_a_later_lift_pays_the_release_value(tmp_path, monkeypatch, capsys):
    con = _console(tmp_path, monkeypatch, "new Ana Ben -r mx-hasbro")
    con.run_line("buy Ben 5")
    con.run_line("mortgage 5")
    capsys.readouterr()
    assert con.run_line('trade Ana Ben --give 150 --take "ferrocarril reading"') == 0
    assert "lift it at the trade for $110 (--lift" in capsys.readouterr().out
    assert con.run_line("unmortgage 5") == 0
    assert state(con)[0].player("Ana").cash == 1500 - 150 - 10 - 110


# ---------------------------------------------------------------- 3. houses by the group
def _light_blue(con):
    for d in ("oriental", "vermont", "connecticut"):
        assert con.run_line(f"buy Ana {d}") == 0


def test_build_a_group_to_a_level_is_one_move_with_each_lot_shown_and_one_undo(plain, capsys):
    _light_blue(plain)
    capsys.readouterr()
    assert plain.run_line("build Ana light blue to 2") == 0
    out = capsys.readouterr().out
    assert ("Ana builds 6 houses on Light blue for $300: Oriental Avenue 2 houses, Vermont Avenue 2 houses, "
            "Connecticut Avenue 2 houses") in " ".join(out.split())
    t, evs = state(plain)
    assert [t.deeds[i].houses for i in (6, 8, 9)] == [2, 2, 2] and t.player("Ana").cash == 1500 - 320 - 300
    assert evs[-1]["type"] == "build" and evs[-1]["args"]["group"] == "light_blue"
    assert plain.run_line("undo") == 0
    t, _ = state(plain)
    assert [t.deeds[i].houses for i in (6, 8, 9)] == [0, 0, 0] and t.player("Ana").cash == 1500 - 320


@pytest.mark.parametrize("words", ["celeste", "azzurro", "vermont", "light blue", "Light Blue"])
def test_a_group_is_named_by_its_colour_in_english_spanish_or_italian_or_by_a_deed(plain, words):
    _light_blue(plain)
    assert plain.run_line(f"build {words} to hotel") == 0
    t, _ = state(plain)
    assert all(t.deeds[i].hotel for i in (6, 8, 9)) and t.bank_houses == 32
    assert plain.run_line(f"sell Ana {words} to 1") == 0
    assert [state(plain)[0].deeds[i].houses for i in (6, 8, 9)] == [1, 1, 1]


def test_the_bank_stock_is_checked_for_the_whole_group_before_any_house_is_built():
    from referee.core import group_build, setup
    from referee.core.ops import Owner, apply_ops
    from referee.errors import Refusal
    from referee.ruleset import loader

    rs = loader.load("us-classic")
    t, ops, _ = setup.new_game(rs, ["Ana", "Ben"])
    apply_ops(t, ops + [Owner(i, "Ana") for i in (6, 8, 9)])
    t.houses_total = 5  # the others hold the rest
    with pytest.raises(Refusal) as e:
        group_build.build_group(rs, t, 6, 2)
    assert e.value.citation.clause == "building.shortage"
    assert t.bank_houses == 5 and all(t.deeds[i].houses == 0 for i in (6, 8, 9))
    ev = group_build.build_group(rs, t, 8, 1)
    assert [ev.t.deeds[i].houses for i in (6, 8, 9)] == [1, 1, 1]


@pytest.mark.parametrize("variant", ["short-game", "hasbro-short-game"])
def test_in_the_short_game_a_plain_build_after_three_houses_is_the_hotel(tmp_path, monkeypatch, capsys, variant):
    con = _console(tmp_path, monkeypatch, f"new Ana Ben --variant {variant}")
    _light_blue(con)
    assert con.run_line("build light blue to 3") == 0
    capsys.readouterr()
    assert con.run_line("build oriental") == 0
    assert "Ana builds a hotel on Oriental Avenue" in capsys.readouterr().out
    t, _ = state(con)
    assert t.deeds[6].hotel and t.deeds[8].houses == 3
    assert con.run_line("build light blue to hotel") == 0
    assert all(state(con)[0].deeds[i].hotel for i in (6, 8, 9))


def test_outside_the_short_game_a_fourth_house_is_still_a_house(plain):
    _light_blue(plain)
    plain.run_line("build light blue to 3")
    assert plain.run_line("build oriental") == 0
    assert state(plain)[0].deeds[6].houses == 4


def test_the_console_takes_the_group_build_in_spanish_and_italian(plain):
    _light_blue(plain)
    assert plain.run_line("construye Ana celeste a 2") == 0
    assert plain.run_line("costruisci azzurro fino a 3") == 0
    assert plain.run_line("construye celeste hasta hotel") == 0
    assert all(state(plain)[0].deeds[i].hotel for i in (6, 8, 9))
    assert plain.run_line("vendi azzurro fino a 0") == 0
    assert [state(plain)[0].deeds[i].houses for i in (6, 8, 9)] == [0, 0, 0]


# ---------------------------------------------------------------- 4. lines that add up
def test_a_rounded_income_tax_says_so_and_cites_the_rounding_rule(plain, capsys):
    plain.run_line("pay Ana bank 7")
    plain.run_line("buy Ana oriental")  # net worth $1,493
    capsys.readouterr()
    assert plain.run_line("tax income Ana --choice percent --why") == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "net worth $1,493 × 10 % = 149.30, rounded up: $150" in out
    assert "us-classic money.rounding: Parker Brothers rules, 1950s (Spanish translation) § DINERO" in out
    assert "Classic US rules (Spanish web text; the 2008 changes in notes) § Impuesto sobre la renta" in out
    assert "Classic US rules with the 2008 changes" not in out, "the edition's own book is named first"


# ---------------------------------------------------------------- 5. the smaller points
def test_buy_or_rent_right_after_landing_on_chance_says_what_the_square_asks(tracked, capsys):
    tracked.run_line("roll 3 4")  # Ana on Chance
    capsys.readouterr()
    for line in ("buy", "rent", "compra"):
        assert tracked.run_line(line) != 0
        err = capsys.readouterr().err
        assert "Ana is on Chance: draw a Chance card" in err and "usage" not in err, err


def test_buy_on_chance_speaks_the_tables_language(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("REFEREE_LANG", "es")
    con = _console(tmp_path, monkeypatch, "new Ana Ben --turns")
    con.run_line("roll 3 4")
    capsys.readouterr()
    assert con.run_line("compra") != 0
    assert "Ana está en Chance: sacar una carta de Azar" in capsys.readouterr().err  # the square as printed, the deck by name, the book's carta


def test_amend_of_a_throw_says_where_the_token_now_lands(tracked, capsys):
    tracked.run_line("roll 3 4")  # Ana on Chance
    capsys.readouterr()
    assert tracked.run_line("amend 2 roll 1 2") == 0
    assert "Ana now lands on Baltic Avenue, for sale at $60" in capsys.readouterr().out
    assert state(tracked)[0].player("Ana").position == 3


def test_log_last_n_shows_only_the_last_entries(plain, capsys):
    for who in ("Ana", "Ben", "Cy"):
        plain.run_line(f"go {who}")
    capsys.readouterr()
    assert plain.run_line("log --last 2") == 0
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("#")]
    assert [ln.split()[0] for ln in lines] == ["#3", "#4"] and "Ben collects" in lines[0]
    assert plain.run_line("log -n 1") == 0
    assert [ln.split()[0] for ln in capsys.readouterr().out.splitlines() if ln.startswith("#")] == ["#4"]


def test_the_auction_clause_says_the_deed_stays_with_the_bank_when_nobody_bids():
    from referee.ruleset import loader

    for edition in ("us-classic", "us-1950s"):
        text = next(c.text for c in loader.load(edition).clauses if c.id == "auction.declined")
        assert "If nobody bids, the deed stays with the bank" in text


def test_a_creditor_who_lifts_a_received_mortgage_right_after_the_bankruptcy_pays_the_interest_once(plain, capsys):
    """000 § QUIEBRA: the creditor pays the 10 % at once and may pay the principal then; the interest is due again
    only for a mortgage kept to a later turn."""
    plain.run_line("buy Ben reading")
    plain.run_line("mortgage reading")
    plain.run_line("pay Ben Ana 1500")  # a debt Ben cannot pay
    assert plain.run_line("bankrupt Ben") == 0
    cash = state(plain)[0].player("Ana").cash
    assert plain.run_line("unmortgage reading") == 0
    assert state(plain)[0].player("Ana").cash == cash - 100, "the $10 paid at the bankruptcy was the interest"


def test_a_group_build_does_not_put_houses_on_a_mortgaged_lot(tmp_path, monkeypatch, capsys):
    """us-1950s checks the lot built on only (building.requires_unmortgaged: lot): each lot the group build reaches."""
    con = _console(tmp_path, monkeypatch, "new Ana Ben -r us-1950s")
    _light_blue(con)
    con.run_line("mortgage vermont")
    capsys.readouterr()
    assert con.run_line("build oriental to 1") == 1
    assert "building.mortgaged" in capsys.readouterr().err
    assert all(state(con)[0].deeds[i].houses == 0 for i in (6, 8, 9))


def test_a_build_short_of_cash_reads_as_a_sentence(tmp_path):
    """'the buildings costs $1,200' (and Spanish 'los edificios cuesta') read wrong; the cost is of building them."""
    g = tmp_path / "g.sqlite"
    for argv in (("new", "Ana", "Ben"), ("buy", "Ana", "park place"), ("buy", "Ana", "boardwalk"), ("pay", "Ana", "Ben", "700")):
        assert run(*argv, game=g).code == 0
    r = run("build", "dark blue", "to", "3", game=g)
    assert r.code == 1 and "building them costs $1,200" in r.text, r.text
    r = run("--lang", "es", "build", "azul oscuro", "a", "3", game=g)
    assert r.code == 1 and "construirlos cuesta" in r.text, r.text
