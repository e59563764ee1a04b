"""Whether a player's square is known: in a game that tracks turns every token's is;
a scenario states it player by player (`position:`), without tracking turns."""

from __future__ import annotations

from referee.core.state import Table


def known(t: Table, player: str) -> bool:
    return bool(t.extra.get("tracking")) or player in (t.extra.get("positions") or ())
