"""A seeded fuzz harness: generated bad amounts, names, YAML files, damaged game
files and interrupts thrown at the CLI as a tired banker or a hostile file would.

For every input: no traceback, no exit 3 (an internal error), one of the
documented exit codes; a refused command leaves the game file's bytes and its
event count unchanged; memory stays bounded. The command runs in this process
(conftest.run, the way main() runs it) so the whole harness stays within a few
seconds on two cores; only interrupts need real processes.

The generator is seeded (FUZZ_SEED, default fixed) so a failure replays; each
test reports how many inputs it threw.
"""

from __future__ import annotations

import os
import random
import resource
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from conftest import referee_exe, run

SEED = int(os.environ.get("FUZZ_SEED", "17"))
OK_CODES = {0, 1, 2}
THROWN: dict[str, int] = {}

DIGITS = ["0123456789", "٠١٢٣٤٥٦٧٨٩", "０１２３４５６７８９", "०१२३४५६७८९", "۰۱۲۳۴۵۶۷۸۹"]
SIGNS = ["", "$", "$ ", "£", "€", "L. ", "L.", "¥", "US$", "-", "+", "−"]
SEPS = ["", ",", ".", "_", " ", "'", "\u00a0", "\u202f"]
NASTY = ["\x1b[2J", "\x1b]0;x\x07", "\n", "\r", "\t", "\x00", "\u202e", "\ufeff", "[bold]", "[/]", "%s", "{}", "\\", "\u0301"]


def _digits(rng: random.Random, n: int) -> str:
    script = rng.choice(DIGITS) if rng.random() < 0.4 else DIGITS[0]
    return "".join(rng.choice(script) for _ in range(n))


def bad_amount(rng: random.Random) -> str:
    kind = rng.randrange(8)
    if kind == 0:  # foreign digits, separators or signs around a plausible number
        return rng.choice(SIGNS) + _digits(rng, rng.randint(1, 3)) + rng.choice(SEPS) + _digits(rng, rng.randint(1, 4))
    if kind == 1:  # huge
        return "9" * rng.choice([20, 23, 60, 400, 5000])
    if kind == 2:  # floats and notations
        return rng.choice(["1e3", "1E9", "12.5", "0x20", "0b11", "0o7", "inf", "nan", "1/2", "½", "Ⅻ", "١e٣"])
    if kind == 3:  # negatives and zero
        return rng.choice(["-5", "−5", "0", "00", "-0", "- 5", "+0"])
    if kind == 4:  # control codes and markup
        return _digits(rng, 2) + rng.choice(NASTY) + _digits(rng, 1)
    if kind == 5:  # empty-ish
        return rng.choice(["", " ", "$", "L.", ",", ".", "_", "\t"])
    if kind == 6:  # wrong grouping in the game's own separator
        return rng.choice(["1,60", "1,6000", ",100", "100,", "1,,000", "1 000", "1.000", "10,00,000"])
    return "".join(rng.choice("$£€L.,_ -+0123456789abcxyz٣３\x1b") for _ in range(rng.randint(1, 12)))


def bad_name(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return "Ana" + rng.choice(NASTY) + "Ben"
    if kind == 1:
        return "x" * rng.choice([200, 1000, 10_000])
    if kind == 2:
        return rng.choice(["", " ", "\t", "\u200b", "\ufeff", "\u3000"])
    if kind == 3:
        return rng.choice(["Zoe", "Zoë", "ZOE", "Zoe\u0308", " zoe "])
    if kind == 4:
        return rng.choice(["bank", "--game", "-x", "Ana;Ben", "[red]Ana[/red]", "\x1b[31mAna", "Ana\x00"])
    return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randint(1, 8)))


def bad_yaml(rng: random.Random) -> str:
    kind = rng.randrange(8)
    if kind == 0:
        n = rng.choice([200, 2000, 20_000])
        return "ruleset: us-classic\nplayers: " + "[" * n + "]" * n + "\n"
    if kind == 1:
        text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
        for i in range(rng.randint(3, 8)):
            text += f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n"
        return text
    if kind == 2:
        return "ruleset: us-classic\nplayers:\n  Ana: {cash: " + bad_amount(rng).replace("\n", " ") + "}\n  Ben: {cash: 1500}\n"
    if kind == 3:
        return "".join(chr(rng.randrange(0, 256)) for _ in range(rng.randint(1, 300)))
    if kind == 4:
        return rng.choice(["", "---\n", "[]", "42", "null", "!!python/object:os.system ls", "a: !!binary AAAA", "? [a]\n: b\n"])
    if kind == 5:
        return "ruleset: " + rng.choice(["us-classc", "monopoly", "uk-classic", "../etc/passwd", "us-1960s", "\x1b[2J"]) + "\nplayers: {Ana: {cash: 10}}\n"
    if kind == 6:
        return "id: x\nextends: us-classic\nrules: {" + ", ".join(f"k{i}: {bad_amount(rng)!r}" for i in range(5)) + "}\n"
    return "ruleset: us-classic\nplayers:\n  " + repr(bad_name(rng)) + ": {cash: 100}\n  Ben: {cash: 100}\n"


# ---------------------------------------------------------------- the checks
def fingerprint(game: Path) -> tuple[bytes, int]:
    data = game.read_bytes()
    con = sqlite3.connect(f"file:{game}?mode=ro", uri=True)
    try:
        n = con.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    finally:
        con.close()
    return data, n


def sane(r, what) -> None:
    assert "Traceback" not in r.text, (what, r.text[-800:])
    assert r.code in OK_CODES, (what, r.code, r.text[-800:])
    assert "internal error" not in r.text, (what, r.text[-800:])


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    d = tmp_path_factory.mktemp("fuzzbase")
    g = d / "base.sqlite"
    for cmd in (["new", "Ana", "Ben", "Carla"], ["buy", "Ana", "boardwalk"], ["buy", "Ana", "park place"], ["buy", "Ben", "reading"]):
        assert run(*cmd, game=g).code == 0
    return g


@pytest.fixture
def game(base, tmp_path):
    g = tmp_path / "g.sqlite"
    g.write_bytes(base.read_bytes())
    return g


def test_fuzz_amounts(game):
    rng = random.Random(SEED)
    start = rss_mb()
    templates = [
        lambda a: ["pay", "Ben", "Ana", a], lambda a: ["collect", "Carla", a], lambda a: ["pay", "Ana", "bank", a],
        lambda a: ["auction", "Carla", "baltic", a], lambda a: ["build", "boardwalk", "--price", a],
        lambda a: ["trade", "Ana", "Ben", "--give", a], lambda a: ["pay-in-property", "Ana", "boardwalk", "--value", a],
    ]
    n = 0
    for _ in range(140):
        amount = bad_amount(rng)
        cmd = rng.choice(templates)(amount)
        before = fingerprint(game)
        r = run(*cmd, game=game)
        sane(r, cmd)
        if r.code != 0:
            assert fingerprint(game) == before, (cmd, r.text)
        n += 1
    THROWN["amounts"] = n
    assert rss_mb() - start < 300


def test_fuzz_names(game, tmp_path):
    rng = random.Random(SEED + 1)
    n = 0
    for i in range(70):
        name = bad_name(rng)
        if i % 2:
            before = fingerprint(game)
            cmd = rng.choice([["pay", name, "Ana", "5"], ["buy", name, "baltic"], ["rent", "Ben", name], ["card", "Ana", name],
                              ["go", name], ["jail", "send", name]])
            r = run(*cmd, game=game)
            sane(r, cmd)
            if r.code != 0:
                assert fingerprint(game) == before, (cmd, r.text)
        else:
            g = tmp_path / f"n{i}.sqlite"
            r = run("new", name, rng.choice(["Ben", name, bad_name(rng)]), game=g)
            sane(r, name)
            if r.code != 0:
                assert not g.exists(), (name, r.text)
        assert "\x1b[2J" not in r.out and "\x1b]0;" not in r.out, (name, r.out[:200])
        n += 1
    THROWN["names"] = n


def test_fuzz_yaml_files(tmp_path, game):
    rng = random.Random(SEED + 2)
    start = rss_mb()
    n = 0
    for i in range(45):
        f = tmp_path / f"f{i}.yaml"
        text = bad_yaml(rng)
        f.write_bytes(text.encode("utf-8", "surrogatepass"))
        args = rng.choice([["check", str(f)], ["rules", "validate", str(f)], ["score", "--holdings", str(f)],
                           ["new", "Ana", "Ben", "--board", str(f)], ["new", "Ana", "Ben", "--ruleset", str(f)]])
        g = tmp_path / f"y{i}.sqlite"
        r = run(*args, game=g)
        sane(r, (args, text[:80]))
        if r.code != 0 and args[0] == "new":
            assert not g.exists()
        n += 1
    THROWN["yaml"] = n
    assert rss_mb() - start < 300


def _damage(rng: random.Random, g: Path) -> str:
    kind = rng.randrange(6)
    if kind == 0:  # flip bytes anywhere
        b = bytearray(g.read_bytes())
        for _ in range(rng.randint(1, 40)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        g.write_bytes(bytes(b))
        return "bytes"
    if kind == 1:  # truncate
        b = g.read_bytes()
        g.write_bytes(b[: rng.randrange(len(b))])
        return "truncated"
    con = sqlite3.connect(str(g))
    junk = rng.choice(["{", "[1,2", "null", "42", '"x"', '{"type": 5}', '{"type":"pay","ops":[["cash","Zed","Ana",5]],"args":{}}',
                       '{"type":"undo","args":{"undoes":"x"},"ops":[]}', "\x1b[2J"])
    if kind == 2:
        con.execute("UPDATE events SET data=? WHERE seq=?", (junk, rng.randint(1, 4)))
    elif kind == 3:
        con.execute("UPDATE meta SET value=? WHERE key=?", (junk, rng.choice(["ruleset", "spec", "initial", "schema_version"])))
    elif kind == 4:
        con.execute(rng.choice(["DROP TABLE meta", "DROP TABLE events", "DELETE FROM meta", "DROP TABLE snapshot"]))
    else:
        con.execute("UPDATE snapshot SET state=?", (junk,))
    con.execute("DELETE FROM snapshot") if kind in (2, 3) else None
    con.commit()
    con.close()
    return f"sql{kind}"


def test_fuzz_damaged_game_files(base, tmp_path):
    rng = random.Random(SEED + 3)
    n = 0
    for i in range(40):
        g = tmp_path / f"d{i}.sqlite"
        g.write_bytes(base.read_bytes())
        how = _damage(rng, g)
        for cmd in (["status"], ["log"], ["pay", "Ana", "Ben", "5"], ["undo"]):
            before = g.read_bytes()
            r = run(*cmd, game=g)
            sane(r, (how, cmd))
            if r.code != 0:
                assert g.read_bytes() == before, (how, cmd)
            n += 1
    for i, content in enumerate([b"", b"\x00" * 10, b"SQLite format 3", b"not a game\n"]):
        g = tmp_path / f"e{i}.sqlite"
        g.write_bytes(content)
        r = run("status", game=g)
        assert r.code == 2 and g.read_bytes() == content
        n += 1
    THROWN["game files"] = n


def test_fuzz_interrupts(base, tmp_path):
    """Real processes interrupted at random moments once the command has started.

    Python itself starts before any of referee's code can guard it (interpreter and site
    imports, a few tens of milliseconds): a Ctrl-C there is Python's, so a traceback is
    accepted only when no frame of it is referee's.
    """
    rng = random.Random(SEED + 4)
    g = tmp_path / "i.sqlite"
    g.write_bytes(base.read_bytes())
    n = 0
    for _ in range(12):
        cmd = rng.choice([["collect", "Carla", "5"], ["status"], ["log"], ["pay", "Ben", "Carla", "1"], ["rules", "show", "us-classic"]])
        before = fingerprint(g)[1]
        p = subprocess.Popen([referee_exe(), "--game", str(g), *cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0.05, 0.6))
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
        if "Traceback" in err:
            assert "/referee/" not in err, err[-1200:]
        else:
            assert p.returncode in (0, 1, 2, 130, -signal.SIGINT), (cmd, p.returncode, err)
            assert "cannot rollback" not in err
            if p.returncode == 130:
                assert len(err.strip().splitlines()) == 1, err
                after = fingerprint(g)[1]
                assert (after > before) == ("recorded" in err) or cmd[0] not in ("collect", "pay"), err
        n += 1
    THROWN["interrupts"] = n


def test_fuzz_threw_enough():
    """≥ 200 generated bad inputs in all (when run with the tests above)."""
    total = sum(THROWN.values())
    print(f"\nfuzz (seed {SEED}): {THROWN} = {total} inputs")
    if len(THROWN) == 5:  # a single test selected with -k counts only its own
        assert total >= 200
