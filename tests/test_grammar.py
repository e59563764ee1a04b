"""Issue 18, case 5: one grammar. The player first wherever a player acts (the deed-only form still
accepted), unquoted names in one-shot commands, every command in the console, `build` says the next step.
And case 3 (cards by their words, done on main by the check helper) pinned at the table with turns."""

from __future__ import annotations

from conftest import run

from referee.cli.console import TableConsole
from referee.core import next_build, setup
from referee.core.ops import apply_ops
from referee.ruleset import loader
from referee.words.messages import render


def status(game):
    import json

    return json.loads(run("status", "--json", game=game).out)


def test_mortgage_takes_the_player_first_and_still_the_deed_alone(game):
    run("new", "Ana", "Ben", game=game)
    assert run("buy", "Ana", "reading", game=game).code == 0
    r = run("mortgage", "Ana", "reading", game=game)
    assert r.code == 0 and "Ana mortgages Reading Railroad for $100" in r.out
    assert run("unmortgage", "reading", "railroad", game=game).code == 0, "deed-only, unquoted"
    r = run("mortgage", "Ben", "reading", game=game)
    assert r.code == 1 and "Reading Railroad belongs to Ana, not Ben" in r.err and "mortgage.value" in r.err


def test_one_shot_commands_take_unquoted_multi_word_names(game):
    run("new", "Ana", "Ben", "Eva", game=game)
    r = run("buy", "Eva", "st", "charles", game=game)
    assert r.code == 0 and "Eva buys St. Charles Place for $140" in r.out
    r = run("rent", "Ben", "st", "charles", "place", game=game)
    assert r.code == 0 and "Ben pays Eva $10 rent on St. Charles Place" in r.out
    r = run("card", "Ana", "bank", "error", game=game)
    assert r.code == 0 and "Bank error" in r.out
    r = run("--game", str(game), "buy", "Ana", "park", "place")
    assert r.code == 0 and "Ana buys Park Place" in r.out


def test_the_console_takes_the_same_words(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    con = TableConsole(tmp_path / "g.sqlite")
    con.run_line("new Ana Ben")
    assert con.run_line("b Ana reading") == 0
    assert con.run_line("m Ana read") == 0  # issue 18: "unknown deed 'Ana read'" before
    assert con.run_line("um Ana reading railroad") == 0
    for line in ("score", "why", "board", "cards", "rules show --help", "log", "turn"):
        assert con.run_line(line) == 0, line


def test_build_says_the_next_legal_step_and_a_four_house_lot_a_hotel(game):
    run("new", "Ana", "Ben", game=game)
    run("collect", "Ana", "5000", game=game)
    run("buy", "Ana", "park", "place", game=game)
    run("buy", "Ana", "boardwalk", game=game)
    r = run("build", "Ana", "boardwalk", game=game)
    assert "next: a house for $200 on Park Place first" in r.out
    for deed in ("park place", "boardwalk") * 3 + ("park place",):
        r = run("build", deed, game=game)
        assert r.code == 0, r.err
    assert "next on Park Place: a hotel for $200" in r.out
    r = run("build", "Ana", "boardwalk", "--why", game=game)
    assert "Ana builds a hotel on Boardwalk" in r.out and "nothing more can be built" in r.out
    r = run("build", "Ben", "park", "place", game=game)
    assert r.code == 1 and "Park Place belongs to Ana, not Ben" in r.err


def test_next_step_with_the_short_game_hotel_after_three_houses():
    rs = loader.load("us-classic", ["short-game"])
    t, ops, _ = setup.new_game(rs, ["Ana", "Ben"])
    apply_ops(t, ops)
    for i in (37, 39):
        t.deeds[i].owner = "Ana"
        t.deeds[i].houses = 3
    step = next_build.next_step(rs, t, 39)
    # issue 30: in the short game a plain build on three houses is the hotel, so the hint offers it as such
    assert step is not None and step.id == "next_build.hotel"
    said = render(step, rs.fmt)
    assert "a hotel for $200, its 3 houses going back to the bank (build Boardwalk)" in said and "--hotel" not in said


def test_cards_by_their_words_with_turns_tracked(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    con = TableConsole(tmp_path / "g.sqlite")
    con.run_line("new Ana Ben --turns")
    con.run_line("1 1")  # Ana on Community Chest
    capsys.readouterr()
    assert con.run_line('draw "bank error"') == 0
    assert "Bank error in your favour" in capsys.readouterr().out
    con.run_line("2 3")  # Ana again (doubles): 2 + 5 = Reading Railroad
    con.run_line("1 3")  # Ben on Income Tax
    con.run_line("tax flat")
    con.run_line("4 6")  # Ana 5 + 10 = 15 ... Pennsylvania Railroad
    capsys.readouterr()
    assert con.run_line("draw Ben advance") == 2, "words in several cards: the candidates are listed"
    err = capsys.readouterr().err
    assert "more than one card" in err and "Advance to Illinois Avenue" in err and "Advance to GO" in err  # by title
