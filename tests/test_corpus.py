"""The corpus: whole games recorded at a table (bench/record_game.py), the perft of this domain.

Each file is a game as a banker typed it. Replayed through the console it must
give every line's move again and end with the cash the file records; and the
game said back as moves (`referee log --moves`, the one printer) must replay
into the very same ledger, move for move and op for op, in English and in the
table's own command words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import run

from referee.cli.console import TableConsole
from referee.store.ledger import Game

CORPUS = sorted((Path(__file__).resolve().parent / "corpus").glob("*.moves"))


def _read(path: Path) -> tuple[str, dict[str, int], list[str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    new = next(x[2:] for x in lines if x.startswith("# new "))
    cash = dict((w.rsplit(" ", 1)[0], int(w.rsplit(" ", 1)[1])) for w in next(x for x in lines if x.startswith("# cash: "))[8:].split(", "))
    return new, cash, [x for x in lines if x and not x.startswith("#")]


def _play(path: Path, new: str, lines: list[str]) -> list[tuple[str, list]]:
    con = TableConsole(path)
    assert con.run_line(new) == 0
    for n, line in enumerate(lines, 1):
        assert con.run_line(line) == 0, f"move {n}: {line}"
    g = Game(path)
    try:
        return [(e["type"], e.get("ops")) for _, e in g._events()]
    finally:
        g.close()


pytestmark = pytest.mark.usefixtures("table_language")


_PLAYED: dict[Path, tuple[Path, list]] = {}


def _played(path: Path, factory) -> tuple[Path, list]:
    """The corpus game replayed once per test process (both tests read it)."""
    if path not in _PLAYED:
        new, _, lines = _read(path)
        game = factory.mktemp(path.stem) / "a.sqlite"
        _PLAYED[path] = (game, _play(game, new, lines))
    return _PLAYED[path]


def test_the_corpus_holds_six_editions_of_whole_games():
    assert len(CORPUS) >= 5
    assert all(len(_read(p)[2]) >= 150 for p in CORPUS)


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_a_recorded_game_replays_to_the_same_end(path, tmp_path_factory):
    _, cash, _ = _read(path)
    game, _ = _played(path, tmp_path_factory)
    g = Game(game)
    try:
        assert {p.name: p.cash for p in g.state().players} == cash
    finally:
        g.close()


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_its_moves_said_back_replay_into_the_same_ledger(path, tmp_path, tmp_path_factory):
    new, _, lines = _read(path)
    game, first = _played(path, tmp_path_factory)
    lang = "it" if "it-lire" in path.stem else "es" if "mx-" in path.stem or "latam" in path.stem else "en"
    said = run("log", "--moves", "--lang", lang, game=game).out.splitlines()
    dealt = [s for s in said if s.split()[0] in ("deal", "distribuisci", "reparte")]  # a random deal at `new` is said as its moves
    assert len(said) == len(lines) + len(dealt) and not [s for s in said if s.startswith("#")], said[:5]
    plain_new = re.sub(r" --(random|seed \d+)", "", new)
    again = _play(tmp_path / "b.sqlite", plain_new, said)
    assert again == first


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_check_replays_the_game_as_a_scenario_to_the_same_table(path, tmp_path, tmp_path_factory):
    """One engine, not two: the game's moves as `given:` steps of a scenario, the last one claimed with every
    player's cash at the end; `check` upholds it only if its claim kinds reach the table the console reached."""
    from referee.check.from_game import scenario_of

    game, _ = _played(path, tmp_path_factory)
    g = Game(game)
    try:
        scenario = scenario_of(g, tmp_path)
    finally:
        g.close()
    r = run("check", str(scenario), "--lang", "en")
    assert r.code == 0 and "UPHELD" in r.out, (r.out + r.err)[-3000:]


# ---------------------------------------------------------------- rulings, move by move
RULINGS = sorted((Path(__file__).resolve().parent / "corpus" / "rulings").glob("*.moves"))


def _rulings(path: Path) -> tuple[list[str], set[str], list[tuple[str, bool]]]:
    """The file's `new` words, the claim kinds it says it covers, and its moves (True: to be refused)."""
    import shlex

    text = path.read_text(encoding="utf-8").splitlines()
    new = shlex.split(next(x[2:] for x in text if x.startswith("# new ")))
    covers = set(next(x for x in text if x.startswith("# covers: "))[10:].split())
    moves = [(x[2:], True) if x.startswith("! ") else (x, False) for x in text if x and not x.startswith("#")]
    return new, covers, moves


def _outcome(line: str, kind: str, args: dict, refused: bool, game: Path) -> dict:
    """The claim the move makes, with what the console did: allowed or not, and if so the amount, every cash,
    where the mover stands and whether jailed, and who holds the deed."""
    import json

    c: dict = {"says": line, kind: args, "allowed": not refused}
    if refused:
        return c
    after = json.loads(run("status", "--json", game=game).out)
    last = json.loads(run("log", "--json", game=game).out)[-1]
    c["cash"] = {p["name"]: p["cash"] for p in after["players"]}
    if last.get("amount") is not None:
        c["amount"] = last["amount"]
    mover = args.get("player") or args.get("payer")
    if mover and mover != "bank":
        p = next(p for p in after["players"] if p["name"] == mover)
        c["lands"], c["jailed"] = p["position"], p["jail"]
    deed = args.get("deed")
    if isinstance(deed, str):
        c["owner"] = {deed: next((p["name"] for p in after["players"] if deed in [d["name"] for d in p["deeds"]]), "bank")}
    return c


@pytest.mark.parametrize("path", RULINGS, ids=lambda p: p.stem)
def test_the_console_and_check_rule_alike_move_by_move(path, tmp_path):
    """One engine, not two: before each move the table is frozen as a scenario, the move is read as the console
    reads it (`read_move`: the typed move, not applied) and claimed in the scenario notation, then played at the
    console; `check` must rule as the console did: refused or allowed, the amount, every cash, the square, jail,
    the deed's holder. A line marked `!` must be refused by both."""
    import shlex

    import yaml

    from referee.check import check_file
    from referee.cli.fix_cmd import read_move
    from referee.moves.scenario_notation import claim

    new, covers, moves = _rulings(path)
    game = tmp_path / "g.sqlite"
    assert run(*new, game=game).code == 0
    rs = Game(game).ruleset()
    kinds: set[str] = set()
    for n, (line, refused) in enumerate(moves):
        frozen = tmp_path / f"step{n}.yaml"
        assert run("freeze", str(frozen), game=game).code == 0
        doc = yaml.safe_load(frozen.read_text())
        said = claim(rs, read_move(shlex.split(line), str(game)))
        assert said is not None, line
        kind, args = next(iter(said.items()))
        if kind == "roll" and args.get("player") is None:  # `roll 5 6`: whoever's turn it is
            args["player"] = doc.get("turn")
        kinds.add(kind)
        before = len(Game(game)._events())
        script = tmp_path / f"move{n}.txt"
        script.write_text(line + "\n")
        played = run("play", str(script), game=game)
        assert played.code == (1 if refused else 0), f"{line}: {played.text}"
        assert (len(Game(game)._events()) > before) == (not refused), line
        doc["claims"] = [_outcome(line, kind, args, refused, game)]
        frozen.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False))
        res = check_file(frozen)
        assert res.error is None, f"{line}: {res.error}"
        assert res.rulings[0].upheld, f"move {n} `{line}`: the console and check differ: {res.rulings[0].reasons} ({played.text.strip()})"
        if not refused and "amount" in doc["claims"][0]:
            assert res.rulings[0].amount == doc["claims"][0]["amount"], line
    assert covers <= kinds, f"{path.name} no longer reaches {covers - kinds}"
