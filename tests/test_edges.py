"""Input that must never be accepted and never hang (issue 28): special files, options that exclude each other,
free-text fields, console lines, bounds. Every case ends in one clear line and exit 1 or 2 — never exit 3, never a
hang (special files run in their own process, with a 10 s limit), never a traceback."""

from __future__ import annotations

import os
import sqlite3
import subprocess

import pytest
from conftest import referee_exe, run


@pytest.fixture
def specials(tmp_path):
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    (tmp_path / "loop1.yaml").symlink_to(tmp_path / "loop2.yaml")
    (tmp_path / "loop2.yaml").symlink_to(tmp_path / "loop1.yaml")
    return {"zero": "/dev/zero", "fifo": str(fifo), "loop": str(tmp_path / "loop1.yaml")}


@pytest.mark.parametrize("special", ["zero", "fifo", "loop"])
@pytest.mark.parametrize("argv", [("check", "{f}"), ("rules", "validate", "{f}"), ("score", "--holdings", "{f}"),
                                  ("--game", "{f}", "status"), ("new", "Ana", "Ben", "-r", "{f}")])
def test_a_special_file_is_refused_at_once(tmp_path, specials, special, argv):
    args = [a.format(f=specials[special]) for a in argv]
    p = subprocess.run([referee_exe(), *args], capture_output=True, text=True, timeout=10, cwd=tmp_path)
    assert p.returncode in (1, 2), (args, p.returncode, p.stdout, p.stderr)
    assert "Traceback" not in p.stderr and "internal error" not in p.stderr, p.stderr
    assert len((p.stdout + p.stderr).strip().splitlines()) <= 3, (p.stdout, p.stderr)


def test_piped_moves_are_capped_and_read_as_utf8(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", game=g).code == 0
    with open("/dev/zero", "rb") as zero:
        p = subprocess.run([referee_exe(), "--game", str(g), "play"], stdin=zero, capture_output=True, text=True, timeout=10)
    assert p.returncode == 2 and "over" in p.stderr, p.stderr
    p = subprocess.run([referee_exe(), "--game", str(g), "play"], input=b"\xff\xfe pay Ana Ben 5\n", capture_output=True, timeout=10)
    assert p.returncode == 2 and b"UTF-8" in p.stderr, p.stderr
    p = subprocess.run([referee_exe(), "--game", str(g), "play"], input=("pay Ana Ben 1 " + "x" * 1_000_000 + "\n").encode(),
                       capture_output=True, timeout=10)
    assert p.returncode == 2 and b"at most 2000 characters" in p.stdout + p.stderr, (p.stdout[-300:], p.stderr[-300:])


@pytest.mark.parametrize("argv,words", [
    (("--variant", "short-game", "--variant", "hasbro-short-game"), "exclude each other"),
    (("--variant", "short-game", "--variant", "short-game"), "named twice"),
    (("--house-rule", "free-parking-jackpot", "--house-rule", "free-parking-jackpot"), "named twice"),
    (("--variant", "time-limit"), "--ends HH:MM or --minutes N"),
    (("--variant", "time-limit", "--minutes", "1000000000000"), "at most 1440"),
])
def test_new_refuses_options_that_make_no_game(tmp_path, argv, words):
    r = run("new", "Ana", "Ben", *argv, game=tmp_path / "g.sqlite")
    assert r.code == 2 and words in r.text, r.text
    assert not (tmp_path / "g.sqlite").exists()


@pytest.mark.parametrize("argv,words", [
    (("pay", "\x1b[2JAna", "Ben", "5"), "escape codes"),
    (("pay", "Ana", "Ben", "5", "--for", "x\n#99  Ben pays Ana $1,000,000"), "line breaks"),
    (("pay", "Ana", "Ben", "5", "--for", "abc\u202edef"), "escape codes"),
    (("pay", "Ana", "Ben", "5", "--for", "a" * 10_000), "longer than 200"),
    (("watch", "--interval", "-1"), "--interval"),
    (("watch", "--interval", "nan"), "--interval"),
])
def test_text_fields_and_numbers_are_refused_where_typed(tmp_path, argv, words):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", game=g).code == 0
    r = run(*argv, game=g)
    assert r.code == 2 and words in r.text and "internal error" not in r.text, r.text
    assert run("log", game=g).out.count("\n") == 1, "nothing recorded"


def test_a_ruleset_without_id_and_a_game_whose_spec_is_not_a_mapping_are_located(tmp_path, monkeypatch):
    f = tmp_path / "noid.yaml"
    f.write_text("kind: edition\nextends: us-classic\n")
    r = run("rules", "validate", str(f))
    assert r.code == 2 and "noid.yaml:1:" in r.text and "needs an id" in r.text, r.text
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", game=g).code == 0
    con = sqlite3.connect(g)
    con.execute("UPDATE meta SET value='[1, 2]' WHERE key='spec'")
    con.commit()
    con.close()
    monkeypatch.delenv("REFEREE_LANG")  # the game's recorded language is read from its spec
    r = run("status", game=g)
    assert r.code == 2 and "spec" in r.text and "internal error" not in r.text, r.text


def test_a_usage_error_is_two_lines_the_error_first(tmp_path):
    for argv in (("frobnicate",), ("pay", "Ana")):
        r = run(*argv, game=tmp_path / "g.sqlite")
        lines = r.err.strip().splitlines()
        assert r.code == 2 and len(lines) == 2, r.err
        assert lines[0].startswith("Error: ") and lines[1].startswith("Usage: ") and "--help" in lines[1], r.err  # in-process, Click names the program after pytest


def test_a_full_disk_at_new_names_the_file_and_leaves_nothing_behind(tmp_path, monkeypatch):
    from referee.store.ledger import Game

    real = Game._write_new

    def full(tmp, *args):
        real(tmp, *args)  # the file is half there when the disk fills up
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Game, "_write_new", staticmethod(full))
    r = run("new", "Ana", "Ben", game=tmp_path / "g.sqlite")
    assert r.code == 2 and "g.sqlite: the disk is full; nothing was recorded" in r.err, r.text
    assert list(tmp_path.iterdir()) == [], "no temporary file left behind"


def test_a_read_only_game_is_read_and_a_write_names_the_path(tmp_path, monkeypatch):
    """The suite runs as root, whom file permissions do not stop (and CI's virtualenv is closed to other users), so
    the file system's answer is given by monkeypatching os.access for the game's folder: reading commands work on a
    game SQLite then opens read-only as it stands; a move is refused with the path and 'nothing was recorded'."""
    import gc

    import referee.store.ledger as ledger

    g = tmp_path / "ro" / "g.sqlite"
    assert run("new", "Ana", "Ben", game=g).code == 0
    gc.collect()  # the in-process `new` leaves its connection to the collector: closed, it takes its -wal away
    assert not list(g.parent.glob("*-wal")), "a game nobody has open has no write-ahead log"
    real = ledger.os.access
    monkeypatch.setattr(ledger.os, "access", lambda p, mode: False if str(p).startswith(str(g.parent)) and mode == os.W_OK else real(p, mode))
    for argv in (["status"], ["log"], ["verify"]):
        r = run(*argv, game=g)
        assert r.code == 0, (argv, r.text)
    r = run("pay", "Ana", "Ben", "5", game=g)
    assert r.code == 2 and "g.sqlite: the game file or its folder is read-only; nothing was recorded" in r.err, r.text
    assert not list(g.parent.glob("*-wal")), "the read-only game was not touched"
