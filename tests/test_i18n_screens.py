"""No English left on screen: a scripted game, a check, a score and an ask, in Spanish and in Italian."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT, run, watch_text

from referee.words import i18n

# English words that a Spanish or Italian screen never needs (command words, names and ids are taken out first)
ENGLISH = re.compile(
    r"\b(the|and|or|of|is|are|to|for|with|from|by|on|at|not|nothing|owes|pays|buys|wins|throws|draws|lands|goes|"
    r"collects|player|players|bank|rent|jail|salary|house|houses|hotels|mortgage|mortgaged|deed|deeds|cash|"
    r"game|turn|left|right|ahead|richest|counted|upheld|rejected|allowed|claims?|score|rank|"
    r"doubles|square|free|parking|chance|community|chest|tax|income|luxury|auction|bankrupt|bankruptcy|winner|"
    r"rules|edition|leaflet|translation|board|inherited)\b",
    re.I,
)
# what may stay as it is: command lines (a player types them), clause ids, ruleset ids, file names, and what a
# scenario file says in its own words (its title, each claim's “says”)
COMMAND = re.compile(r"`[^`]*`|\((?:buy|auction|rent|tax|parking|draw|settle|deed|referee)\b[^()]*\)|referee [a-z-]+(?: [^;,)]*)?"
                     r"|\b(?:auction|buy|rent|pay|draw|tax|parking|deed|settle)\b(?= [A-ZÁÉÍÓÚÀÈÌÒÙ\"])")
IDS = re.compile(r"\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\b|\b[a-z]+(?:-[a-z0-9]+)+\b|\S+\.(?:txt|yaml|sqlite)\b")


@pytest.fixture(autouse=True)
def _the_games_language(monkeypatch):
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    yield
    i18n.reset()


def _script(edition: str, deed: str) -> list[list[str]]:
    return [
        ["new", "Ana", "Ben", "--ruleset", edition, "--turns"],
        ["roll", "3", "4"], ["next"], ["roll", "5", "6"], ["next"],
        ["buy", "Ana", deed], ["rent", "Ben", deed], ["pay", "Ana", "Ben", "10"],
        ["mortgage", deed], ["unmortgage", deed], ["buy", "Ben", deed],
        ["jail", "send", "Ben"], ["jail", "pay", "Ben"], ["jail", "pay", "Ben"],
        ["status"], ["score"], ["score", "--detail"], ["log"], ["turn"], ["undo"], ["board"],
    ]


def _left_in_english(text: str, names: list[str]) -> list[str]:
    found = []
    for line in text.splitlines():
        shown = line
        for name in names:
            shown = shown.replace(name, " ")
        if re.match(r"\s*\S+\.yaml\s", line):  # a scenario file's heading: its path, ruleset and title (the file's words)
            continue
        shown = re.sub(r"“[^”]*”", " ", shown)
        shown = IDS.sub(" ", COMMAND.sub(" ", shown))
        if ENGLISH.search(shown):
            found.append(line.strip())
    return found


@pytest.mark.parametrize("lang, edition, deed", [("es", "mx-hasbro", "Avenida Oriental"), ("it", "it-lire", "Vicolo Corto")])
def test_no_english_left_on_screen(tmp_path, lang, edition, deed):
    from referee.ruleset import loader

    rs = loader.load(edition)
    names = ["Ana", "Ben", "Monopoly", "Monòpoli"] + sorted({sq.name for sq in rs.squares}, key=len, reverse=True)
    game = tmp_path / "g.sqlite"
    screens = []
    for argv in _script(edition, deed):
        r = run(*argv, game=game)
        screens.append(r.out + r.err)
    scenario = ROOT / "scenarios" / edition
    r = run("--lang", lang, "check", str(scenario), "--verbose")
    screens.append(r.out + r.err)
    question = {"es": "¿cuánto cuesta salir de la cárcel?", "it": "quanto costa uscire di prigione?"}[lang]
    r = run("ask", "--ruleset", edition, question)
    screens.append(r.out + r.err)
    left = _left_in_english("\n".join(screens), names)
    assert not left, f"{lang}: {len(left)} lines still in English:\n" + "\n".join(left[:40])


# ---------------------------------------------------------------- what a file's author reads
# A malformed file's messages quote the file's own words, which stay as they are: its keys (`cash:`, a list of the
# keys a mapping takes), quoted values ('lots', 'Nowhere Street'), example mappings ({cash: 1500, …}) and YAML
# values a key takes (true, false, hotel, mortgaged, upheld, rejected). What PyYAML says of a text it cannot parse
# (after "not valid YAML:") is PyYAML's own English.
YAML_PROBLEM = re.compile(r"(YAML no válido|YAML non valido): .*")
FILE_WORDS = re.compile(r"'[^'\n]*'|\{[^{}\n]*\}|\[[^\[\]\n]*\]|\b[a-z_]+:|\b[a-z_-]+(?:, [a-z_|-]+)+\b|\b[a-z_]+\|[a-z_|]+\b"
                        r"|\b(?:true|false|hotel|mortgaged|upheld|rejected|percent|flat|houses)\b(?= o | or |\)|,)")

_BAD_RULESET = """\
id: bad-ed
kind: edition
title: Bad
extends: us-classic
rules:
  auction: {opening: sometimes}
  dice: {doubles_to_jail: -1, doubles_roll_again: perhaps}
  salary: 200
setup: {starting_cash: lots}
board:
  railroad_rent: [25, 50]
  colour: red
clauses:
  - {id: x.one, topic: t, text: "A rule.", cite: {file: us-classic.pdf, section: "1"}}
  - {id: x.one, topic: t, text: "A rule.", cite: {file: us-classic.pdf, section: "1"}}
"""
_BARE_EDITION = """\
id: bare-ed
kind: edition
title: Bare
board:
  squares:
    - {name: Start, kind: go}
    - {name: Lot A, kind: lot, group: pink}
  groups:
    brown: {name: Brown, house_cost: 50}
"""
_BAD_BOARD = """\
kind: board
id: my-board
applies_to: [it-lire]
board:
  patch:
    "Vicolo Corto":   {rent: [200, 1000, 3000]}
    "Viale Vesuvio":  {prize: 3}
"""
_BAD_PATCH = """\
kind: board
id: my-board2
applies_to: [it-lire]
board:
  patch:
    "Vicolo Lungo":   {rent: [400, 2000, 6000, 18000, 32000, 45000]}
"""
_NOT_YAML = "id: x\nid: y\nrules: [1, 2\n"
_BAD_SCENARIO = """\
ruleset: EDITION
bank: {houses: 40, castles: 2}
players:
  Ana: {cash: 1500.5, deeds: [DEED: 7, Nowhere Street, {name: DEED, houses: 2, hotel: true}], in_jail: maybe}
  Ben: {cash: -3, colour: red, jail_turns: 2, declared: sometimes}
  Cleo: {cash: 99999999999999, deeds: DEED}
debts:
  - {debtor: Ana, amount: 10}
history:
  - player: Ana
    roll: [3, 9]
  - roll: 14
claims:
  - says: something
    buy: {player: Ana, deed: DEED}
    rent: {payer: Ben, deed: DEED}
    amount: lots
  - says: more
    buy: {player: Ana, deed: DEED}
    expect: {ruling: maybe}
  - bye: {player: Ana}
  - sell: {deed: DEED, whole: all}
  - trade: {a: Ana, b: Ben, give: {cash: 10, castles: 1}}
  - value: {player: Ana, method: guesswork}
  - shortage: {deed: DEED, wants: 3}
  - roll: {player: Ana}
  - roll: {player: Ana, dice: [3]}
"""
_NO_CLAIMS = "ruleset: EDITION\nplayers:\n  Ana: {cash: 10}\n  Ana : {cash: 20}\nexercises: [no.such.clause]\n"


@pytest.mark.parametrize("lang, edition, deed", [("es", "mx-hasbro", "Avenida Oriental"), ("it", "it-lire", "Vicolo Corto")])
def test_no_english_left_in_a_malformed_files_messages_nor_in_rules_coverage(tmp_path, monkeypatch, lang, edition, deed):
    monkeypatch.chdir(tmp_path)  # files shown by their short names
    files = {"r1.yaml": _BAD_RULESET, "r2.yaml": _BARE_EDITION, "b1.yaml": _BAD_BOARD, "b2.yaml": _BAD_PATCH, "y1.yaml": _NOT_YAML}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    for name, text in (("s1.yaml", _BAD_SCENARIO), ("s2.yaml", _NO_CLAIMS)):
        (scenarios / name).write_text(text.replace("EDITION", edition).replace("DEED", deed), encoding="utf-8")
    (scenarios / "s3.yaml").write_text((ROOT / "scenarios" / edition / sorted(p.name for p in (ROOT / "scenarios" / edition).glob("*.yaml"))[0])
                                         .read_text(encoding="utf-8"), encoding="utf-8")
    screens = []
    for name in files:
        r = run("--lang", lang, "rules", "validate", name)
        assert r.code == 2, (name, r.out, r.err)
        screens.append(r.out + r.err)
    r = run("--lang", lang, "new", "Ana", "Ben", "--ruleset", "it-lire", "--board", "b2.yaml", game=tmp_path / "g.sqlite")
    assert r.code == 2 and not (tmp_path / "g.sqlite").exists()
    screens.append(r.out + r.err)
    for name in ("s1.yaml", "s2.yaml"):
        r = run("--lang", lang, "check", f"scenarios/{name}")
        assert r.code == 2, (name, r.out, r.err)
        screens.append(r.out + r.err)
    r = run("--lang", lang, "rules", "coverage", edition, "--scenarios", "scenarios")
    screens.append(r.out + r.err)
    text = "\n".join(screens)
    for expected in {"es": ("casilla", "jugador", "reclamación", "cláusula"),
                     "it": ("casella", "giocatore", "contestazione", "clausol")}[lang]:
        assert expected in text, f"{lang}: no '{expected}' in:\n{text}"
    assert text.count("\n") > 40  # every file said something
    rs_names = ["Ana", "Ben", "Cleo", "Vicolo Corto", "Vicolo Lungo", "Viale Vesuvio", "Avenida Oriental", "Nowhere Street",
                "Start", "Lot A", "GO"]
    left = _left_in_english(FILE_WORDS.sub(" ", YAML_PROBLEM.sub(" ", text)), rs_names)
    assert not left, f"{lang}: {len(left)} lines still in English:\n" + "\n".join(left[:40])


def _watch_game(tmp_path, edition: str, deed: str):
    g = tmp_path / "g.sqlite"
    for args in (["new", "Ana", "Ben", "--ruleset", edition], ["buy", "Ana", deed], ["mortgage", deed],
                 ["jail", "send", "Ben"], ["turn", "Ben"], ["jail", "roll", "Ben", "1", "2"]):
        r = run(*args, game=g)
        assert r.code == 0, (args, r.text)
    return g


@pytest.mark.parametrize("lang, edition, deed", [("es", "mx-hasbro", "Avenida Oriental"), ("it", "it-lire", "Vicolo Corto")])
@pytest.mark.parametrize("width", [110, 60])
def test_no_english_left_in_the_watch_frame(tmp_path, lang, edition, deed, width):



    g = _watch_game(tmp_path, edition, deed)
    i18n.reset()  # as `referee watch` starts: the game's language is learnt from the file
    text = watch_text(g, width)
    assert i18n.current() == lang
    assert deed in text and {"es": "(hip.)", "it": "(ipot.)"}[lang] in text and "(M)" not in text, text  # the mortgage mark too
    assert _left_in_english(text, ["Ana", "Ben", deed]) == [], text


@pytest.mark.parametrize("lang, edition, words", [
    ("it", "it-lire", {"live": "in diretta", "who_owes": "Chi deve a chi", "Railroads": "Stazioni", "last_moves": "Ultime mosse"}),
    ("es", "mx-hasbro", {"live": "en vivo", "who_owes": "Quién debe a quién", "last_moves": "Últimas jugadas"}),
])
def test_the_phone_page_gets_its_words_in_the_games_language(tmp_path, lang, edition, words):
    import json

    from referee.web.labels import WORDS
    from referee.web.server import Hub
    from referee.web.source import GameSource

    g = _watch_game(tmp_path, edition, "Vicolo Corto" if lang == "it" else "Avenida Oriental")
    i18n.reset()  # as `referee serve` starts
    src = GameSource(g)
    try:
        state = json.loads(Hub(src).compute() or "{}")
    finally:
        src.close()
    labels = state["labels"]
    assert state["lang"] == lang
    assert set(WORDS) <= set(labels) and {"try", "tries", "jail_card", "jail_cards", "misses", "misses_n"} <= set(labels)
    for key, text in words.items():
        assert labels[key] == text
    same = [k for k, text in labels.items() if text == WORDS.get(k)]
    assert same == [], f"left in English: {same}"
    shown = [state["view"]["turn"]["current"] or "", *(p["cash_text"] for p in state["view"]["players"])]
    assert all(shown)
