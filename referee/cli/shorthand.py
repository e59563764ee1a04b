"""The table console's vocabulary: aliases, words that leave or ask for help, and
which argument names take a player or a deed. Shared by the console and its
completion (which is why it is a module of its own).
"""

from __future__ import annotations

import shlex

ALIASES = {
    "b": "buy", "r": "rent", "a": "auction", "p": "pay", "c": "collect", "s": "status", "st": "status",
    "m": "mortgage", "um": "unmortgage", "h": "build", "house": "build", "sl": "sell", "tr": "trade",
    "n": "next", "t": "turn", "d": "draw", "rl": "roll", "dice": "roll", "u": "undo", "z": "undo",
    "l": "log", "salary": "go", "bk": "bankrupt", "x": "tax", "k": "card",
}
QUIT = ("quit", "exit", "q", "bye")
HELP = ("help", "?", "h?")
NOT_HERE = {
    "play": "you are in the console already",
    "watch": "run `referee watch` in a second terminal",
}
PLAYER_PARAMS = {"player", "payer", "payee", "a", "b", "debtor", "winner"}
DEED_PARAMS = {"deed", "deeds"}
JOINABLE = {"deed", "name"}


def split_line(line: str) -> list[str]:
    try:
        return shlex.split(line, comments=True)
    except ValueError:
        return line.split()
