"""A new table from a ruleset: players, starting cash, deeds dealt."""

from __future__ import annotations

import random

from referee.core.state import BANK, Table, new_table
from referee.errors import Refusal
from referee.ruleset.model import Ruleset


def new_game(rs: Ruleset, players: list[str], random_deal: bool = False, seed: int | None = None,
             track_turns: bool = False) -> tuple[Table, list, dict[str, list[int]]]:
    from referee.names import player_names

    names = player_names(players)
    lo, hi = rs.players("min", 2), rs.players("max", 8)
    hi_alt = rs.players("max_if_banker_not_playing")
    if len(names) < lo or len(names) > max(hi, hi_alt or 0):
        raise Refusal(
            f"{rs.id} is played by {lo} to {hi} players" + (f" ({hi_alt} if the banker does not play)" if hi_alt else "")
            + f", not {len(names)}",
            rs.cite("setup.cash"),
        )
    rs.require_board()
    cash = rs.known(rs.for_players("starting_cash", len(names)), f"the starting cash for {len(names)} players")
    t = new_table([(n, 0) for n in names], [s.index for s in rs.deeds], rs.bank("houses"), rs.bank("hotels"))
    if track_turns:
        t.extra["tracking"] = True
    ops = [["cash", BANK, n, cash] for n in names]
    deals: dict[str, list[int]] = {}
    n_deal = rs.for_players("deal_deeds", len(names)) or 0
    if random_deal and n_deal:
        rng = random.Random(seed)
        pool = [s.index for s in rs.deeds]
        rng.shuffle(pool)
        if n_deal * len(names) > len(pool):
            raise Refusal(f"{n_deal} deeds each for {len(names)} players is more than the {len(pool)} deeds", rs.cite("setup.cash"))
        for i, n in enumerate(names):
            deals[n] = sorted(pool[i * n_deal:(i + 1) * n_deal])
    return t, ops, deals
