"""`referee play`: the table console, in-process and as a person uses it (a pseudo-terminal)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli.console import TableConsole
from referee.store.ledger import Game

REFEREE = str(Path(sys.executable).with_name("referee"))


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return str(tmp_path_factory.mktemp("cache"))


@pytest.fixture
def env(cache, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", cache)
    game = tmp_path / "game.sqlite"
    monkeypatch.setenv("REFEREE_GAME", str(game))
    e = dict(os.environ, REFEREE_CACHE=cache, REFEREE_GAME=str(game), PROMPT_TOOLKIT_NO_CPR="1",
             TERM="xterm", COLUMNS="110", LINES="30", NO_COLOR="1")
    e.pop("REFEREE_DEBUG", None)
    return {"game": game, "env": e}


def new_console(env, *players, turns=True) -> TableConsole:
    con = TableConsole(env["game"])
    assert con.run_line("new " + " ".join(players or ("Ana", "Ben", "Cy")) + (" --turns" if turns else "")) == 0
    return con


def state(env):
    g = Game(env["game"])
    try:
        return g.state()
    finally:
        g.close()


def last_event(path) -> dict:
    g = Game(Path(path))
    try:
        return g.events()[-1]
    finally:
        g.close()


# ---------------------------------------------------------------- in-process: lines, shortcuts, refusals
def test_lines_run_as_one_shot_commands_and_a_refused_line_is_reported_by_number(env, capsys, monkeypatch):
    monkeypatch.setenv("REFEREE_VERBOSE", "1")  # reads the echoed lines and expansions (issue 18: quiet by default)
    con = new_console(env)
    code = con.run_lines([
        "# Ana's first turn",
        "1 2",
        "buy Ana baltic",
        "1 2",  # Ben lands on Ana's Baltic Avenue
        "buy Ben baltic",  # refused: already Ana's
        "rent Ben baltic",
        "status",
    ])
    out, err = capsys.readouterr()
    assert code == 1
    assert "line 5: refused: Baltic Avenue already belongs to Ana — us-classic buy.printed_price" in err
    assert "Traceback" not in err + out
    t = state(env)
    assert t.deeds[3].owner == "Ana"
    assert t.player("Ben").cash == 1500 - 4, "the lines after a refusal still run: rent was charged on line 6"
    assert "2› 1 2" in out and "→ roll 1 2" in out


def test_the_last_landing_fills_in_buy_rent_tax_and_auction(env, capsys, monkeypatch):
    monkeypatch.setenv("REFEREE_VERBOSE", "1")  # reads the echoed lines and expansions (issue 18: quiet by default)
    con = new_console(env)
    con.run_line("roll 1 2")  # Ana on Baltic Avenue
    con.run_line("buy")
    out = capsys.readouterr().out
    assert '→ buy Ana "Baltic Avenue"' in out and "Ana buys Baltic Avenue for $60" in out
    con.run_line("roll 1 2")  # Ben on Baltic: Ana's
    con.run_line("rent")
    out = capsys.readouterr().out
    assert "Ben pays Ana $4 rent on Baltic Avenue" in out
    con.run_line("roll 1 3")  # Cy on Income Tax
    assert con.run_line("tax flat") == 0
    out = capsys.readouterr().out
    assert '→ tax income Cy --choice flat' in out and "Cy pays $200 income tax (flat)" in out
    con.run_line("roll 4 5")  # Ana 3 -> 12 Electric Company
    assert con.run_line("auction Ben 40") == 0
    assert state(env).deeds[12].owner == "Ben"


def test_names_with_spaces_need_no_quotes_and_aliases_expand(env, capsys):
    con = new_console(env, turns=False)
    assert con.run_line("b Ana st charles place") == 0
    assert con.run_line("h st charles place") != 0  # refused: not the whole group, but parsed as one deed
    err = capsys.readouterr().err
    assert "St. Charles Place" in err or "Pink" in err
    assert con.run_line("m st charles place") == 0
    assert state(env).deeds[11].mortgaged


def test_user_errors_are_one_line_and_the_console_goes_on(env, capsys):
    con = new_console(env)
    assert con.run_line("xyzzy Ana") == 2
    assert con.run_line("buy Ana") == 2
    assert con.run_line("roll 9 9") == 2
    assert con.run_line("watch") == 2
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 4 and "Traceback" not in err
    assert "unknown command 'xyzzy'" in lines[0]
    assert "missing argument" in lines[1].lower()
    assert "a die shows 1 to 6" in lines[2]
    assert "second terminal" in lines[3]


def test_the_console_records_exactly_what_the_one_shot_command_records(env, tmp_path):
    con = new_console(env)
    con.run_line("roll 3 4")
    con.run_line("roll 2 6")  # Ben on Vermont Avenue
    con.run_line("buy Ben vermont")
    other = tmp_path / "other.sqlite"
    e = dict(env["env"], REFEREE_GAME=str(other))
    for cmd in (["new", "Ana", "Ben", "Cy", "--turns"], ["roll", "3", "4"], ["roll", "2", "6"], ["buy", "Ben", "vermont"]):
        subprocess.run([REFEREE, *cmd], env=e, check=True, capture_output=True)
    a, b = last_event(env["game"]), last_event(other)
    for k in ("type", "args", "ops", "text", "clauses"):
        assert a[k] == b[k]
    bad_console = subprocess.run([REFEREE, "buy", "Ana", "vermont"], env=e, capture_output=True, text=True)
    assert bad_console.returncode == 1
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stderr(buf):
        assert con.run_line("buy Ana vermont") == 1
    assert buf.getvalue().strip() == bad_console.stderr.strip()


def test_replay_from_standard_input_and_from_a_file(env, tmp_path):
    subprocess.run([REFEREE, "new", "Ana", "Ben", "--turns"], env=env["env"], check=True, capture_output=True)
    moves = tmp_path / "moves.txt"
    moves.write_text("roll 1 2\nbuy Ana baltic\nbuy Ben baltic\n\nroll 1 2\nrent\n", encoding="utf-8")
    with open(moves, encoding="utf-8") as f:
        r = subprocess.run([REFEREE, "play"], stdin=f, env=env["env"], capture_output=True, text=True)
    assert r.returncode == 1
    assert "line 3: refused: Baltic Avenue already belongs to Ana" in r.stderr
    assert "Ben pays Ana $4 rent on Baltic Avenue" in r.stdout
    assert "Traceback" not in r.stderr
    undo = tmp_path / "undo.txt"
    undo.write_text("undo 4\nbogus\n", encoding="utf-8")
    r = subprocess.run([REFEREE, "play", str(undo)], env=env["env"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and f"{undo}:2: unknown command 'bogus'" in r.stderr
    assert state(env).deeds[3].owner is None


# ---------------------------------------------------------------- through a pseudo-terminal
import pexpect  # noqa: E402  (a test dependency: pip install '.[test]')


def spawn_play(env):
    c = pexpect.spawn(REFEREE, ["play"], env=env["env"], encoding="utf-8", timeout=15, dimensions=(30, 110))
    c.delaybeforesend = 0.02
    return c


def test_a_session_at_the_keyboard(env):
    subprocess.run([REFEREE, "new", "Ana", "Ben", "Cy", "--turns"], env=env["env"], check=True, capture_output=True)
    c = spawn_play(env)
    try:
        c.expect("to throw ›")
        c.sendline("1 2")
        c.expect("Ana throws 1\\+2 = 3")
        c.expect("Ben")
        c.expect("to throw ›")
        # Tab completes a command, a player and a deed
        c.send("bu")
        c.send("\t")
        c.expect("buy")  # the menu offers build and buy
        c.send("y An\t")
        c.send(" baltic\t")
        c.sendline("")
        c.expect("Ana buys Baltic Avenue for \\$60")
        c.expect("to throw ›")
        # history: the same line again is refused, with the clause
        c.send("\x1b[A")
        c.sendline("")
        c.expect("refused: Baltic Avenue already belongs to Ana — us-classic buy.printed_price")
        c.expect("to throw ›")
        # Ctrl-C at the prompt does not leave and loses nothing
        c.sendcontrol("c")
        c.expect("to throw ›")
        c.sendline("undo")
        c.expect("undone: Ana buys Baltic Avenue")
        c.expect("to throw ›")
        c.sendline("buy Cy baltic")  # Cy has not landed there (turns are tracked)
        c.expect("buy.only_on_landing")
        c.expect("to throw ›")
        c.sendline("buy Ana baltic")
        c.expect("Ana buys Baltic Avenue")
        c.expect("to throw ›")
        c.sendcontrol("d")
        c.expect(pexpect.EOF)
    finally:
        c.close()
    assert c.exitstatus == 0
    t = state(env)
    assert t.deeds[3].owner == "Ana" and t.player("Ana").position == 3


def test_a_killed_console_keeps_every_recorded_move(env):
    subprocess.run([REFEREE, "new", "Ana", "Ben", "--turns"], env=env["env"], check=True, capture_output=True)
    c = spawn_play(env)
    try:
        c.expect("to throw ›")
        c.sendline("1 2")
        c.expect("to throw ›")
        c.sendline("buy Ana baltic")
        c.expect("Ana buys Baltic")
        c.expect("to throw ›")
        c.send("buy Ben park pl")  # typed, never entered
        c.kill(signal.SIGKILL)
        c.expect(pexpect.EOF)
    finally:
        c.close(force=True)
    t = state(env)
    assert t.deeds[3].owner == "Ana" and t.deeds[37].owner is None


def test_the_console_starts_without_a_game_and_new_starts_one(env):
    c = spawn_play(env)
    try:
        c.expect("no game at")
        c.expect("›")
        c.sendline("new Ana Ben --turns")
        c.expect("New game")
        c.expect("Ana")
        c.expect("to throw ›")
        c.sendline("quit")
        c.expect(pexpect.EOF)
    finally:
        c.close()
    assert json.loads(subprocess.run([REFEREE, "status", "--json"], env=env["env"], capture_output=True, text=True).stdout)["players"]


# ---------------------------------------------------------------- the claim window, cards, starting to track
@pytest.mark.parametrize("edition,window", [("us-classic", 2), ("it-lire", 1)])
def test_the_rent_claim_window_counts_following_players_who_threw(env, capsys, edition, window):
    con = TableConsole(env["game"])
    assert con.run_line(f"new Ana Ben Cy -r {edition}") == 0
    con.run_line("buy Ben 3")  # the deed on square 3, bought before turns are tracked
    assert con.run_line("turn Ana") == 0
    con.run_line("roll 1 2")  # Ana lands on it
    con.run_line("roll 2 2")  # Ben throws doubles: one following player has thrown
    con.run_line("roll 1 2")  # Ben's second throw is the same turn
    capsys.readouterr()
    code = con.run_line("rent Ana 3")
    err = capsys.readouterr().err
    if window == 1:
        assert code == 1 and "not asked for in time" in err and f"{edition} rent.unclaimed" in err
        return
    assert code == 0
    con.run_line("undo")
    con.run_line("roll 1 2")  # Cy: the second following player
    assert con.run_line("rent Ana 3") == 1
    assert "rent.unclaimed" in capsys.readouterr().err


def test_a_card_named_in_both_decks_is_taken_from_the_square_and_turn_starts_tracking(env, capsys):
    con = new_console(env, turns=False)
    assert con.run_line("roll 3 4") == 2
    assert "does not track turns" in capsys.readouterr().err
    assert con.run_line("turn Ana") == 0
    assert con.run_line("3 4") == 0  # Ana on Chance
    assert con.run_line("draw advance-to-go") == 0
    out = capsys.readouterr().out
    assert "Ana draws 'Advance to GO (collect salary)'" in out
    t = state(env)
    assert t.player("Ana").position == 0 and t.player("Ana").cash == 1700
    assert con.run_line("next") == 0  # Ben had not thrown: allowed, noted
    assert "Ben did not throw" in capsys.readouterr().out


def test_expansion_of_aliases_dice_and_unquoted_names(env):
    con = new_console(env)
    ex = con.expand
    # build takes [PLAYER] DEED [COUNT] as its words since issue 18: the command itself reads them
    assert ex(["h", "park", "place"]) == ["build", "park", "place"]
    assert ex(["h", "park", "place", "2"]) == ["build", "park", "place", "2"]
    assert ex(["build", "boardwalk", "--hotel"]) == ["build", "boardwalk", "--hotel"]
    assert ex(["auction", "Ben", "st", "charles", "place", "120"]) == ["auction", "Ben", "st charles place", "120"]
    assert ex(["rent", "Ben", "electric", "company", "--dice", "8"]) == ["rent", "Ben", "electric company", "--dice", "8"]
    assert ex(["card", "Ana", "bank", "error"]) == ["card", "Ana", "bank error"]
    assert ex(["referee", "s"]) == ["status"]
    assert ex(["3", "4"]) == ["roll", "3", "4"] and ex(["3+4"]) == ["roll", "3+4"]
    assert ex(["pay", "Ana", "bank", "50"]) == ["pay", "Ana", "bank", "50"]


def test_tab_completion_by_argument_position(env):
    from prompt_toolkit.document import Document

    from referee.cli.completion import TableCompleter

    con = new_console(env)
    comp = TableCompleter(con)
    comp.refresh()

    def done(text):
        return [c.text for c in comp.get_completions(Document(text), None)]

    assert {"build", "buy"} <= set(done("bu"))
    assert done("buy A") == ["Ana"]
    assert done("buy Ana boa") == ["Boardwalk"]
    assert '"St. Charles Place"' in done("rent Ben char")
    assert "bank" in done("pay Ana b") and "Ben" in done("pay Ana b")
    assert "bank" not in done("buy b")
    assert set(done("jail ")) >= {"send", "pay", "card", "roll"}
    assert "advance-to-go" in done("card Ana adv")
    assert "--dice" in done("rent Ben boardwalk --d")
    assert "Ana" in comp.prompt_html() and "to throw" in comp.prompt_html()
    assert "Ana $1,500" in comp.toolbar


def test_rent_on_a_utility_takes_the_throw_or_the_dice_given(env, capsys, monkeypatch):
    monkeypatch.setenv("REFEREE_VERBOSE", "1")  # reads the echoed lines and expansions (issue 18: quiet by default)
    con = new_console(env, "Ana", "Ben", turns=False)
    con.run_line("buy Ben electric")
    con.run_line("buy Ben water")
    assert con.run_line("turn Ana") == 0
    con.run_line("roll 6 6")  # Ana lands on Ben's Electric Company with doubles
    capsys.readouterr()
    assert con.run_line("rent") == 0
    out = capsys.readouterr().out
    assert '→ rent Ana "Electric Company" --dice 12' in out
    assert "Ana pays Ben $120 rent on Electric Company" in out  # both utilities: 10 x 12
    con.run_line("roll 4 6")  # Ana -> 22 Chance
    assert con.run_line("draw Ana nearest-utility") == 0  # -> 28 Water Works, Ben's
    capsys.readouterr()
    assert con.run_line("rent --dice 8") == 0
    out = capsys.readouterr().out
    assert '→ rent Ana "Water Works" --dice 8 --card nearest-utility' in out
    assert "Ana pays Ben $80 rent on Water Works" in out  # the card: ten times the throw
