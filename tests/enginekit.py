"""Helpers for tests at the engine's own API: a ruleset, a dealt-in table, deeds by name, a refusal's clause."""

from __future__ import annotations

from functools import cache

import pytest

from referee.core.ops import apply_ops
from referee.core.setup import new_game
from referee.core.state import Table
from referee.errors import Refusal
from referee.ruleset import loader
from referee.ruleset.model import Ruleset


@cache
def ruleset(name: str = "us-1950s", variants: tuple[str, ...] = (), house_rules: tuple[str, ...] = ()) -> Ruleset:
    return loader.load(name, variants=variants, house_rules=house_rules)


def table(rs: Ruleset, names: tuple[str, ...] = ("Ana", "Ben", "Carla")) -> Table:
    t, ops, _ = new_game(rs, list(names))
    apply_ops(t, ops)
    return t


def deed(rs: Ruleset, prefix: str) -> int:
    return next(s.index for s in rs.deeds if s.name.startswith(prefix))


def group(rs: Ruleset, prefix: str) -> list[int]:
    return rs.group_members(rs.squares[deed(rs, prefix)].group or "")


def refusal(call, *args, **kw) -> Refusal:
    """Run a transaction that must be refused; returns the refusal (its clause is .citation.clause)."""
    with pytest.raises(Refusal) as info:
        call(*args, **kw)
    return info.value


def money_total(t: Table) -> int:
    """Players' cash + the pot + the bank's net: zero whenever money only moves between parties."""
    return sum(p.cash for p in t.players) + t.pot + t.bank_net


def buying_all(rs: Ruleset, t: Table, player: str, idxs: list[int]) -> Table:
    from referee.core.buying import buy

    for i in idxs:
        t = buy(rs, t, player, i).t
    return t
