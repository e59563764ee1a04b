"""The table console's vocabulary: aliases, words that leave or ask for help, and
which argument names take a player or a deed. Shared by the console and its
completion (which is why it is a module of its own).
"""

from __future__ import annotations

from referee.words.commands import SUB_WORDS as SUB_WORDS
from referee.words.commands import WORDS
from referee.words.commands import expand_sub as expand_sub  # re-exported: the console and completion expand here
from referee.words.i18n import N_

ALIASES = {
    "b": "buy", "r": "rent", "a": "auction", "p": "pay", "c": "collect", "s": "status", "st": "status",
    "m": "mortgage", "um": "unmortgage", "h": "build", "house": "build", "sl": "sell", "tr": "trade",
    "n": "next", "t": "turn", "d": "draw", "rl": "roll", "dice": "roll", "u": "undo", "z": "undo",
    "l": "log", "salary": "go", "bk": "bankrupt", "x": "tax", "k": "card",
}
# The command words of the tables that speak Spanish and Italian live with the words (words/commands.py), accepted
# whatever the language; `help` and completion show those of the table's language.
for _words in WORDS.values():
    for _w, _cmd in _words.items():
        ALIASES.setdefault(_w, _cmd)


def words_of(lang: str) -> dict[str, str]:
    """The aliases shown in `help` and completion at a table speaking `lang`: the shortcuts and that language's words."""
    other = {w for code, ws in WORDS.items() if code != lang for w in ws}
    mine = WORDS.get(lang, {})
    return {a: c for a, c in ALIASES.items() if a in mine or a not in other}


QUIT = ("quit", "exit", "q", "bye", "salir", "esci", "quitter")
HELP = ("help", "?", "h?", "ayuda", "aiuto", "aide")
NOT_HERE = {  # the reasons are translated where they are shown
    "play": "you are in the console already",
    "watch": "run `referee watch` in a second terminal",
}
N_REASONS = (N_("you are in the console already"), N_("run `referee watch` in a second terminal"))
PLAYER_PARAMS = {"player", "payer", "payee", "a", "b", "debtor", "winner"}
DEED_PARAMS = {"deed", "deeds"}
JOINABLE = {"deed", "name"}


def split_line(line: str) -> list[str]:
    import shlex  # the console's line splitting; a one-shot command never needs it

    try:
        return shlex.split(line, comments=True)
    except ValueError:
        return line.split()
