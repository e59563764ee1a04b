"""Typo help inside the language and the kind of word (issue 29 item 5): a misspelt player's name is taken for a
name, never offered a command (`quit` for "Quin"); a misspelt command is matched against the commands of the
table's language, never another language's. One matcher does it: referee.ruleset.names.closest."""

from __future__ import annotations

import pytest

from referee.cli.console import TableConsole
from referee.cli.context import STATE
from referee.ruleset.names import closest

pytestmark = pytest.mark.usefixtures("table_language")


def test_a_rival_of_another_kind_that_is_closer_means_no_suggestion():
    assert closest("Quin", ["quit", "buy"]) == "quit"
    assert closest("Quin", ["quit", "buy"], rivals=["Quinn"]) is None
    assert closest("Quinn", ["Quinn"], rivals=["quit", "buy"]) == "Quinn"
    assert closest("qit", ["quit", "buy"], rivals=["Quinn"]) == "quit"


@pytest.fixture
def table(tmp_path, monkeypatch):
    game = tmp_path / "game.sqlite"
    monkeypatch.setenv("REFEREE_GAME", str(game))
    return game


def console_at(table, monkeypatch, players: str) -> TableConsole:
    """A console on a new game, speaking the game's language as `referee play` does (main() chose it once)."""
    assert TableConsole(table).run_line(f"new {players}") == 0
    monkeypatch.setitem(STATE, "lang_chosen", True)
    return TableConsole(table)


def test_a_misspelt_player_is_taken_for_a_player_not_for_quit(table, capsys, monkeypatch):
    con = console_at(table, monkeypatch, "Quinn Ana -r mx-hasbro")
    capsys.readouterr()
    assert con.run_line("Quin") == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "Quinn" in err and "quit" not in err, err
    assert "paga Quinn banco 50" in err, err  # an example of where the name goes, in the table's words (the bank too)


def test_a_spanish_banker_is_never_offered_an_italian_word(table, capsys, monkeypatch):
    con = console_at(table, monkeypatch, "Ana Beto -r mx-hasbro")
    capsys.readouterr()
    assert con.run_line("costruisc Ana") == 2  # Italian "costruisci", misspelt, at a Spanish table
    err = capsys.readouterr().err
    assert "costruisci" not in err.replace("'costruisc'", ""), err
    assert con.run_line("resumn") == 2
    assert "resumen" in capsys.readouterr().err
