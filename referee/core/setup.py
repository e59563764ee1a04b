"""A new table from a ruleset: players, starting cash, deeds dealt."""

from __future__ import annotations

import random

from referee.core.checks import active, afford, doing, refuse
from referee.core.events import Event, new_event
from referee.core.ops import Cash, Op, Owner
from referee.core.state import BANK, Table, new_table
from referee.ruleset.model import Ruleset


def player_count(rs: Ruleset, count: int) -> None:
    """A table of `count` players is one the edition is played by (a new game, a scenario's table), else refused."""
    lo, hi = rs.players("min", 2), rs.players("max", 8)
    hi_alt = rs.players("max_if_banker_not_playing")
    if count < lo or count > max(hi, hi_alt or 0):
        raise refuse(rs, "setup.cash", "refused.player_count", ruleset=rs.id, lo=lo, hi=hi, hi_alt=hi_alt, count=count)


def new_game(rs: Ruleset, players: list[str], random_deal: bool = False, seed: int | None = None,
             track_turns: bool = False) -> tuple[Table, list[Op], dict[str, list[int]]]:
    from referee.ruleset.names import player_names

    names = player_names(players)
    player_count(rs, len(names))
    rs.require_board()
    cash = rs.known(rs.for_players("starting_cash", len(names)), f"the starting cash for {len(names)} players")
    t = new_table([(n, 0) for n in names], [s.index for s in rs.deeds], rs.bank("houses"), rs.bank("hotels"))
    if track_turns:
        t.extra["tracking"] = True
    ops: list[Op] = [Cash(BANK, n, cash) for n in names]
    deals: dict[str, list[int]] = {}
    n_deal = rs.for_players("deal_deeds", len(names)) or 0
    if random_deal and n_deal:
        rng = random.Random(seed)
        pool = [s.index for s in rs.deeds]
        rng.shuffle(pool)
        if n_deal * len(names) > len(pool):
            raise refuse(rs, "setup.cash", "refused.deal_too_many", each=n_deal, players=len(names), deeds=len(pool))
        for i, n in enumerate(names):
            deals[n] = sorted(pool[i * n_deal:(i + 1) * n_deal])
    return t, ops, deals


def deal_left(rs: Ruleset, t: Table) -> dict[str, int]:
    """The set-up still to do where the edition deals deeds (the short and timed games): each active player and
    how many deeds they still have to be dealt (002 § PREPARAZIONE, the short game's two). Empty once done."""
    each = rs.for_players("deal_deeds", len(t.players)) or 0
    if not each:
        return {}
    held: dict[str, int] = {}
    for d in t.deeds.values():
        if d.owner is not None:
            held[d.owner] = held.get(d.owner, 0) + 1
    return {p.name: each - held.get(p.name, 0) for p in t.players if not p.bankrupt and held.get(p.name, 0) < each}


def deal(rs: Ruleset, t: Table, player: str, idxs: list[int]) -> Event:
    """Deeds dealt at the start (editions that deal them), paid for where the edition says so."""
    active(rs, t, player)
    ev = new_event(t, "deal", player=player, deeds=idxs)
    each = rs.for_players("deal_deeds", len(t.players)) or 0
    held = sum(1 for d in t.deeds.values() if d.owner == player)
    if each and held + len(idxs) > each:  # 002 § PREPARAZIONE: so many contracts each, by the number of players
        raise refuse(rs, "setup.deal" if rs.has_clause("setup.deal") else "setup.cash", "refused.deal_count",
                     player=player, each=each, players=len(t.players), count=held + len(idxs))
    paid = rs.p.purchase.dealt_deeds_paid
    total = 0
    for idx in idxs:
        sq = rs.squares[idx]
        if ev.t.deeds[idx].owner is not None:
            raise refuse(rs, "setup.cash", "refused.already_dealt", deed=sq.name, owner=ev.t.deeds[idx].owner)
        ev.op(Owner(idx, player))
        if paid:
            total += rs.price(sq)
    if paid:
        afford(rs, t, player, total, doing("dealt_deeds"))
        ev.op(Cash(player, BANK, total))
    ev.say("deal.paid" if paid else "deal", player=player, deeds=[rs.squares[i].name for i in idxs], total=total)
    ev.amount = total
    ev.cite("setup.deal" if rs.has_clause("setup.deal") else "setup.cash")
    return ev
