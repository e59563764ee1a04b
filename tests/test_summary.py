"""End of game and exports: `summary` (terminal and Markdown), `export --csv`, the debts panel in `status`."""

from __future__ import annotations

import csv
import io
import json

from conftest import run

# A short game to its end, one entry per line (entry numbers start at 2, after `new`).
SCRIPT = [
    ("buy", "Ana", "park place"),                            # 2
    ("buy", "Ana", "boardwalk"),                             # 3
    ("buy", "Ben", "reading railroad"),                      # 4
    ("buy", "Cy", "st charles place"),                       # 5
    ("rent", "Ben", "boardwalk"),                            # 6  $100, the group doubles it
    ("build", "boardwalk"),                                  # 7
    ("build", "park place"),                                 # 8
    ("rent", "Cy", "boardwalk"),                             # 9  $200
    ("rent", "Ana", "reading railroad"),                     # 10 $25
    ("go", "Ben"),                                           # 11
    ("tax", "income", "Ben", "--choice", "percent"),         # 12 10 % of Ben's net worth
    ("card", "Ana", "general-repairs"),                      # 13 $25 a house
    ("trade", "Ben", "Cy", "--give", "100", "--take", "st charles place"),  # 14
    ("mortgage", "st charles place"),                        # 15
    ("jail", "send", "Cy"),                                  # 16
    ("jail", "pay", "Cy"),                                   # 17
    ("rent", "Ben", "park place"),                           # 18 $175, one house
    ("pay", "Cy", "Ana", "2000", "--for", "a side bet"),     # 19 more than Cy holds: a debt
    ("bankrupt", "Cy"),                                      # 20
    ("build", "boardwalk"),                                  # 21
    ("build", "park place"),                                 # 22
    ("rent", "Ben", "boardwalk"),                            # 23 $600, two houses
    ("pay", "Ben", "Ana", "5000"),                           # 24 a debt Ben cannot raise
    ("bankrupt", "Ben"),                                     # 25 the game ends: Ana wins
]


def ok(g, *args):
    r = run(*args, game=g)
    assert r.code == 0, (args, r.text)
    return r


def play(g, upto: int | None = None):
    """Start the scripted game and record its moves (all of them, or up to entry `upto`)."""
    ok(g, "new", "Ana", "Ben", "Cy")
    for n, move in enumerate(SCRIPT, start=2):
        if upto is not None and n > upto:
            break
        ok(g, *move)


def status(g) -> dict:
    return json.loads(ok(g, "status", "--json").out)


def cash(g) -> dict:
    return {p["name"]: p["cash"] for p in status(g)["players"]}


def test_the_scripted_game_ends_with_ana_the_winner(game):
    play(game)
    s = status(game)
    assert s["over"] is True and s["winner"] == "Ana"
    assert [p["bankrupt"] for p in s["players"]] == [False, True, True]
