"""Scores: every player valued by a named method, ranked with ties; net worth
over a game's history. (A holdings file is read by referee.moves.tablefile.)

Pure: no printing, no files. The CLI (`referee score`) reads the game or the
YAML and renders what these functions return.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.core.state import Table
from referee.core.valuation import COMPONENTS, Item, Valuation, bases, value
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.core.events import Event



# ---------------------------------------------------------------- methods
def resolve_method(rs: Ruleset, name: str | None) -> str:
    """The valuation method to use: the name given (forgiving spelling) or the game's own."""
    from referee.ruleset.names import match

    known = rs.valuation_names()
    if name is None:
        own = rs.p.end.valuation
        return own if own in known else ("net-worth" if "net-worth" in known else known[0])
    if name in known:
        return name
    return match(name, {k: [k] for k in known}, "valuation method", hint=f"{rs.id}: {', '.join(known)}")


def shown_method(rs: Ruleset, over: bool) -> str:
    """The count a screen shows a player's worth by: the game's own at its end, the running one while it runs
    (status, summary, watch and the page agree on one figure)."""
    return resolve_method(rs, None) if over else running_method(rs)


def running_method(rs: Ruleset) -> str:
    """The count the screens rank players by while the game runs: `end.running_valuation` where the ruleset names
    one (a running count mortgaging leaves as it was; the end's own count for the short, timed and lire games),
    else the game's own."""
    running = rs.p.end.running_valuation
    return running if running in rs.valuation_names() else resolve_method(rs, None)


# ---------------------------------------------------------------- ranking
@dataclass
class Standing:
    valuation: Valuation
    rank: int | None  # None: out of the game (bankrupt)
    tied: bool = False
    bankrupt: bool = False

    @property
    def player(self) -> str:
        return self.valuation.player

    @property
    def total(self) -> int:
        return self.valuation.total


def rank(vals: list[Valuation]) -> list[Standing]:
    """Highest total first; equal totals share a rank (1, 1, 3), keeping table order among them."""
    order = sorted(range(len(vals)), key=lambda i: (-vals[i].total, i))
    out: list[Standing] = []
    counts: dict[int, int] = {}
    for v in vals:
        counts[v.total] = counts.get(v.total, 0) + 1
    prev_total, prev_rank = None, 0
    for pos, i in enumerate(order, start=1):
        v = vals[i]
        r = prev_rank if v.total == prev_total else pos
        out.append(Standing(v, r, tied=counts[v.total] > 1))
        prev_total, prev_rank = v.total, r
    return out


@dataclass
class Score:
    ruleset: str
    method: str
    title: str
    clause: str | None
    bases: dict[str, str]
    standings: list[Standing] = field(default_factory=list)

    @property
    def ranked(self) -> list[Standing]:
        return [s for s in self.standings if s.rank is not None]

    @property
    def ranking(self) -> list[str]:
        return [s.player for s in self.ranked]

    @property
    def leaders(self) -> list[str]:
        """Everyone sharing first place (one name when there is a single winner)."""
        return [s.player for s in self.ranked if s.rank == 1]

    @property
    def winner(self) -> str | None:
        lead = self.leaders
        return lead[0] if len(lead) == 1 else None

    def to_dict(self) -> dict[Any, Any]:
        return {
            "ruleset": self.ruleset,
            "method": self.method,
            "title": self.title,
            "counts": self.bases,
            "players": [
                dict(s.valuation.as_dict(), rank=s.rank, tied=s.tied, bankrupt=s.bankrupt) for s in self.standings
            ],
            "ranking": self.ranking,
            "winner": self.winner,
            "tie": len(self.leaders) > 1,
        }


def score(rs: Ruleset, t: Table, method: str) -> Score:
    """Value every player; players still in the game are ranked, bankrupt ones listed after them."""
    m = rs.valuation(method)
    sc = Score(rs.id, method, m.get("title", method), m.get("clause"), bases(rs, method))
    settled = _debts_settled(rs, t)
    active = [_shown(rs, t, value(rs, settled, p.name, method)) for p in settled.players if not p.bankrupt]
    sc.standings = rank(active)
    for p in settled.players:
        if p.bankrupt:
            sc.standings.append(Standing(value(rs, settled, p.name, method), None, bankrupt=True))
    return sc


def _shown(rs: Ruleset, t: Table, v: Valuation) -> Valuation:
    """The cash line's arithmetic when debts were settled for the count: held − owed + due."""
    owed = sum(d.amount for d in t.debts if d.debtor == v.player)
    due = sum(d.amount for d in t.debts if d.creditor == v.player)
    if owed or due:
        how = rs.fmt(t.player(v.player).cash) + (f" − {rs.fmt(owed)}" if owed else "") + (f" + {rs.fmt(due)}" if due else "")
        v.items = [Item(i.component, i.label, how, i.amount) if i.component == "cash" else i for i in v.items]
    return v


def _debts_settled(rs: Ruleset, t: Table) -> Table:
    """The table as if every recorded debt were paid in cash: a debt is money owed, so the count takes it from the
    debtor and gives it to a player creditor (the bank's and the pot's leave the game's players)."""
    if not t.debts:
        return t
    t = t.copy()
    names = {p.name for p in t.players}
    for d in t.debts:
        if d.debtor in names:
            t.player(d.debtor).cash -= d.amount
        if d.creditor in names:
            t.player(d.creditor).cash += d.amount
    return t


# ---------------------------------------------------------------- history
@dataclass
class Point:
    seq: int
    type: str
    totals: dict[str, int]
    player: str | None = None  # whom the move is about, when it says


def history(rs: Ruleset, names: list[str], steps: Iterable[tuple[dict[str, Any], Table]], method: str) -> list[Point]:
    """Each player's value after every move in force. `steps`: each move (the ledger's dict: entry, type, args)
    with the table just after it, as the store's one replay gives them (`store.replay.after_each`)."""
    points: list[Point] = []
    for m, t in steps:
        totals = {n: value(rs, t, n, method).total for n in names}
        args = m.get("args") or {}
        who = args.get("player") if isinstance(args, dict) else None
        points.append(Point(int(m.get("entry", len(points) + 1)), m.get("type", ""), totals, who))
    return points


__all__ = [
    "COMPONENTS", "Point", "Score", "Standing",
    "history", "rank", "resolve_method", "score",
]


# ---------------------------------------------------------------- the agreed time
def time_up(rs: Ruleset, t: Table, method: str | None = None) -> Event:
    """The game stops at the agreed time (the time-limit variant, the lire book's timed end, 002 § CONCLUSIONE DEL
    GIOCO): the richest by the game's valuation wins; equal totals at the top are a tie, with no winner."""
    from referee.core.checks import not_over, refuse
    from referee.core.events import new_event
    from referee.core.ops import Over

    not_over(rs, t)
    if rs.p.end.condition != "time_limit" and not rs.has_clause("end.timed"):
        raise refuse(rs, "end.game", "refused.no_time_end", ruleset=rs.id)
    m = resolve_method(rs, method)
    sc = score(rs, t, m)
    top = [s for s in sc.ranked if s.rank == 1]
    winner = top[0].player if len(top) == 1 else None
    ev = new_event(t, "end", method=m)
    ev.op(Over(winner))
    for s in sc.ranked:
        ev.step("end.total", player=s.player, amount=s.valuation.total)
    ev.amount = top[0].valuation.total if top else 0
    ev.say("end.time_up", winner=winner, players=[s.player for s in top], amount=ev.amount)
    ev.cite(*[c for c in ("end.timed", "end.game", sc.clause) if c and rs.has_clause(c)])
    return ev
