"""Turn order: who throws now, who follows, skipping bankrupt players."""

from __future__ import annotations

from referee.core.state import Table


def tracking(t: Table) -> bool:
    return bool(t.extra.get("tracking"))


def next_active(t: Table, after: int) -> int:
    n = len(t.players)
    for step in range(1, n + 1):
        i = (after + step) % n
        if not t.players[i].bankrupt:
            return i
    return after % n


def current(t: Table) -> str | None:
    """The player to throw (a bankrupt player's turn falls to the next one)."""
    if not t.players or not t.active_players():
        return None
    i = t.turn % len(t.players)
    if t.players[i].bankrupt:
        i = next_active(t, i)
    return t.players[i].name


def following(t: Table, name: str, k: int) -> str | None:
    """The k-th active player after `name` in turn order (k >= 1)."""
    idx = next((i for i, p in enumerate(t.players) if p.name == name), None)
    if idx is None:
        return None
    for _ in range(k):
        idx = next_active(t, idx)
    return t.players[idx].name
