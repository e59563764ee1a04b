"""A game told after the fact: the result, the final count, the turning points, one row per move.

Built from the moves that count (undone and voided entries left out, amended
ones as corrected; see `replay.live_moves`), replayed op by op, so every
figure is the game's own. The count uses the scoring code and the game's own
valuation method. Nothing here prints; `cli/summary_cmd.py` renders it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from referee.core import scoring
from referee.core.state import BANK, POT, Table
from referee.moves.model import kind
from referee.store.ledger import Game
from referee.store.replay import after_each, live_moves
from referee.words.messages import event_text

TOP = 3  # how many of the biggest rents to tell


def actor(move: dict) -> str | None:
    """The player a move is about: who pays, buys, builds, draws, throws, goes bankrupt, or proposes a trade."""
    a = move.get("args") or {}
    for key in ("player", "payer", "a", "debtor"):
        if isinstance(a.get(key), str) and a[key] not in (BANK, POT):
            return a[key]
    return None


@dataclass
class Row:
    """One move as a spreadsheet sees it: its cash effect on every player."""

    entry: int
    ts: float | None
    player: str | None
    type: str  # the kind of move: buy, rent, tax.income, jail.send…
    text: str
    amount: int | None
    cash: dict[str, int]

    @property
    def time(self) -> str:
        return iso(self.ts)


def iso(ts: float | None) -> str:
    if ts is None:
        return ""
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass
class Summary:
    ruleset: str
    title: str
    players: list[str]
    over: bool
    winner: str | None
    score: scoring.Score
    moves: int
    started: float | None
    ended: float | None
    rents: list[Row] = field(default_factory=list)
    bankruptcies: list[Row] = field(default_factory=list)
    trades: list[Row] = field(default_factory=list)
    lead: list[tuple[int, str]] = field(default_factory=list)  # (entry, leader) each time one player alone took the lead

    def to_dict(self) -> dict[str, Any]:
        def rows(rs: list[Row]) -> list[dict]:
            return [{"entry": r.entry, "time": r.time, "player": r.player, "text": r.text, "amount": r.amount} for r in rs]

        return {
            "ruleset": self.ruleset, "title": self.title, "players": self.players, "over": self.over,
            "winner": self.winner, "moves": self.moves, "started": iso(self.started), "ended": iso(self.ended),
            "score": self.score.to_dict(), "biggest_rents": rows(self.rents), "bankruptcies": rows(self.bankruptcies),
            "trades": rows(self.trades), "lead_changes": [{"entry": e, "leader": p} for e, p in self.lead],
        }


def start_table(g: Game, evs: list[tuple[int, dict]]) -> Table:
    """The table once the game is set up (the `new` event's ops applied)."""
    return g._replay(evs, before=2)


def rows(g: Game) -> tuple[list[str], list[Row]]:
    """Every move that counts, with each player's cash after it."""
    evs = g._events()
    ts = dict(g.con.execute("SELECT seq, ts FROM events").fetchall())
    start = start_table(g, evs)
    names = [p.name for p in start.players]
    fmt = g.ruleset().fmt
    out = []
    for m, t in after_each(start, live_moves(evs, ts)):
        out.append(Row(m["entry"], m.get("ts"), actor(m), kind(m["type"], m.get("args") or {}), event_text(m, fmt), m.get("amount"),
                       {n: t.player(n).cash for n in names}))
    return names, out


def biggest_rents(rows_: list[Row], start_cash: dict[str, int]) -> list[Row]:
    """The biggest rents by what the payer paid then (cash that changed hands), never a rent that became a debt
    counted as if paid: a row's amount is the sum paid."""
    paid: list[Row] = []
    before = start_cash
    for r in rows_:
        if r.type == "rent" and r.amount and r.player in before:
            given = before[r.player] - r.cash[r.player]
            if given > 0:
                paid.append(Row(r.entry, r.ts, r.player, r.type, r.text, min(given, r.amount), r.cash))
        before = r.cash
    return sorted(paid, key=lambda r: (-(r.amount or 0), r.entry))[:TOP]


def summarize(g: Game) -> Summary:
    rs = g.ruleset()
    t = g.state()
    names, rs_rows = rows(g)
    evs = g._events()
    ts = dict(g.con.execute("SELECT seq, ts FROM events").fetchall())
    ends = (g.spec if isinstance(g.spec, dict) else {}).get("ends")  # a time-limit game is over at the agreed time, as watch and the page say
    over = t.over or bool(ends and time.time() >= float(ends))
    method = scoring.shown_method(rs, over)
    s = Summary(
        rs.id, rs.title, names, over, t.winner, scoring.score(rs, t, method), len(rs_rows),
        ts.get(1), max(ts.values()) if ts else None,
    )
    s.rents = biggest_rents(rs_rows, {p.name: p.cash for p in start_table(g, evs).players})
    s.bankruptcies = [r for r in rs_rows if r.type == "bankrupt"]
    s.trades = [r for r in rs_rows if r.type == "trade"]
    # the lead by the game's own count, after every move
    start = start_table(g, evs)
    leader = None
    for p in scoring.history(rs, [pl.name for pl in start.players], after_each(start, live_moves(evs)), method):
        alive = {n: v for n, v in p.totals.items() if not _out(t, n, p.seq, s.bankruptcies)}
        if not alive:
            continue
        top = max(alive.values())
        first = [n for n, v in alive.items() if v == top]
        if len(first) == 1 and first[0] != leader:
            s.lead.append((p.seq, first[0]))
            leader = first[0]
    return s


def _out(t: Table, name: str, entry: int, bankruptcies: list[Row]) -> bool:
    """Whether the player had gone bankrupt by this entry."""
    return any(r.player == name and r.entry <= entry for r in bankruptcies)
