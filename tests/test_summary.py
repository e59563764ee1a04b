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


def test_summary_tells_the_winner_the_final_count_and_the_turning_points(game):
    play(game)
    out = ok(game, "summary").out
    assert "Ana wins (Ben and Cy bankrupt)\n24 moves · " in out and " UTC (" in out
    assert "Final count — Net worth" in out  # us-classic's own method, through the scoring code, by its title
    assert "net-worth" not in out  # never its id (issue 29 item 3)
    score = json.loads(ok(game, "score", "--json").out)
    ana = next(p for p in score["players"] if p["name"] == "Ana")
    assert f"${ana['total']:,}" in out
    rents = out.split("Biggest rents")[1].split("Trades")[0].strip().splitlines()
    assert [r.strip() for r in rents] == [
        "#23 Ben pays Ana $600 rent on Boardwalk", "#9 Cy pays Ana $200 rent on Boardwalk", "#18 Ben pays Ana $175 rent on Park Place",
    ]
    assert "#14 trade: Ben gives $100; Cy gives St. Charles Place" in out
    assert "#20 Cy is bankrupt to Ana" in out and "#25 Ben is bankrupt to Ana" in out
    assert "#6 Ana takes the lead" in out


def test_summary_as_markdown_and_json(game, tmp_path):
    play(game)
    md = ok(game, "summary", "--markdown").out
    assert md.startswith("# Game summary: Monopoly, classic US rules")
    assert "**Ana wins (Ben and Cy bankrupt).** 24 moves" in md
    assert "| rank | player | cash | deeds | mortgaged | houses | hotels | total |" in md
    assert "| out | Ben (bankrupt) |" in md and "### Biggest rents" in md and "- #23 Ben pays Ana $600 rent on Boardwalk" in md
    path = tmp_path / "summary.md"
    assert f"wrote {path}" in ok(game, "summary", "--md", str(path)).out
    assert path.read_text(encoding="utf-8") == md
    d = json.loads(ok(game, "summary", "--json").out)
    assert d["winner"] == "Ana" and d["over"] is True and d["moves"] == 24
    assert [r["entry"] for r in d["biggest_rents"]] == [23, 9, 18] and d["biggest_rents"][0]["amount"] == 600
    assert [r["player"] for r in d["bankruptcies"]] == ["Cy", "Ben"]
    assert d["score"]["winner"] == "Ana"


def test_summary_of_a_game_in_progress_and_after_a_void(game):
    play(game, upto=12)
    out = ok(game, "summary").out
    assert "game in progress: Ana is richest" in out and "Count so far" in out
    ok(game, "void", "9")  # Cy's $200 rent: gone from the biggest rents
    d = json.loads(ok(game, "summary", "--json").out)
    assert [r["entry"] for r in d["biggest_rents"]] == [6, 10] and d["moves"] == 10


def test_export_csv_has_one_row_per_move_with_every_players_cash_after_it(game, tmp_path):
    play(game)
    text = ok(game, "export", "--csv").out
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["entry", "time", "player", "action", "description", "amount", "cash Ana", "cash Ben", "cash Cy"]
    body = rows[1:]
    assert len(body) == len(SCRIPT)
    by_entry = {int(r[0]): r for r in body}
    assert by_entry[6][2:6] == ["Ben", "rent", "Ben pays Ana $100 rent on Boardwalk", "100"]
    assert by_entry[6][6:] == ["850", "1200", "1360"]
    assert by_entry[12][3] == "tax.income" and by_entry[16][3] == "jail.send" and by_entry[16][5] == ""
    assert by_entry[25][6:] == [str(cash(game)["Ana"]), "0", "0"]
    assert all(r[1].endswith("Z") and "T" in r[1] for r in body)
    # a voided entry leaves the export; the cash after it follows the corrected game
    path = tmp_path / "game.csv"
    assert "24 moves" in ok(game, "export", "--csv", str(path)).out
    assert path.read_text(encoding="utf-8") == text


def test_export_csv_follows_corrections(game):
    play(game, upto=12)
    ok(game, "void", "10")
    rows = list(csv.reader(io.StringIO(ok(game, "export", "--csv").out)))
    entries = [int(r[0]) for r in rows[1:]]
    assert 10 not in entries and entries == sorted(entries)
    assert rows[-1][7] == str(cash(game)["Ben"])


def test_status_shows_who_owes_whom(game):
    ok(game, "new", "Ana", "Ben", "Cy")
    ok(game, "buy", "Ana", "boardwalk")
    ok(game, "pay", "Ben", "Ana", "1600", "--for", "a bet")
    ok(game, "pay", "Cy", "bank", "1000")
    ok(game, "pay", "Cy", "bank", "700", "--for", "a fine")
    s = status(game)
    assert s["owes"] == [
        {"from": "Ben", "to": "Ana", "amount": 1600, "for": ["a bet"]},
        {"from": "Cy", "to": "bank", "amount": 700, "for": ["a fine"]},
    ]
    assert s["players"][1]["debts"] == [{"to": "Ana", "amount": 1600, "reason": "a bet"}]  # the existing key stays
    out = ok(game, "status").out
    assert "who owes whom" in out and "Ben → Ana $1,600 (a bet)" in out and "Cy → bank $700 (a fine)" in out
    ok(game, "bankrupt", "Ben")
    assert [o["from"] for o in status(game)["owes"]] == ["Cy"]


def test_status_of_a_game_without_debts_has_no_panel(game):
    play(game, upto=6)
    assert status(game)["owes"] == [] and "who owes whom" not in ok(game, "status").out


def test_the_biggest_rents_are_what_was_paid_never_a_rent_left_owing(game):
    ok(game, "new", "Ana", "Ben", "Cy")
    ok(game, "buy", "Ana", "boardwalk")
    ok(game, "buy", "Ana", "park place")
    ok(game, "pay", "Ben", "bank", "1490")  # Ben keeps $10
    ok(game, "rent", "Cy", "boardwalk")  # 5: $100 paid
    ok(game, "rent", "Ben", "boardwalk")  # 6: $100 Ben cannot pay: owed, not paid
    d = json.loads(ok(game, "summary", "--json").out)
    rents = {r["entry"]: r["amount"] for r in d["biggest_rents"]}
    assert rents == {5: 100}, d["biggest_rents"]
    ok(game, "rent", "Cy", "park place")  # 7: $70 paid
    d = json.loads(ok(game, "summary", "--json").out)
    assert [(r["entry"], r["amount"]) for r in d["biggest_rents"]] == [(5, 100), (7, 70)], d["biggest_rents"]


def test_a_player_has_one_worth_on_every_screen_while_the_game_runs(game):
    """status, summary and the watch's standings count a game in progress the same way (the running count),
    a mortgaged deed included."""
    from referee.store import view as viewmod
    from referee.store.ledger import Game

    ok(game, "new", "Ana", "Ben", "-r", "mx-hasbro")
    ok(game, "buy", "Ana", "Avenida Oriental")
    ok(game, "mortgage", "Avenida Oriental")
    status = {p["name"]: p["net_worth"] for p in json.loads(ok(game, "status", "--json").out)["players"]}
    summary = {p["name"]: p["total"] for p in json.loads(ok(game, "summary", "--json").out)["score"]["players"]}
    g = Game(game)
    try:
        rows = viewmod.standings(g.ruleset(), g.state())["rows"]
    finally:
        g.close()
    watch = {r["player"]: r["total"] for r in rows}
    assert status == summary == watch, (status, summary, watch)
    assert status["Ana"] == 1500 - 100 + 50 + 50  # cash after the mortgage, the deed at its price less the $50 it raised
