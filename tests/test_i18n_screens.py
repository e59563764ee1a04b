"""No English left on screen: a scripted game, a check, a score and an ask, in Spanish and in Italian."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT, run

from referee import i18n

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
