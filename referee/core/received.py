"""Mortgaged deeds a creditor receives in a bankruptcy: lifted at once or kept, deed by deed.

The books treat them as a mortgaged deed changing hands (000 § QUIEBRA, 001,
003, 004 "¿Le debes a otro jugador?"): the new owner pays the bank the 10 %
interest at once and may also repay the mortgage there and then, or keep it
and pay the interest again when lifting later. Trades already offer both
(`--lift`); this gives the creditor of a bankruptcy the same choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core.checks import invalid

if TYPE_CHECKING:
    from referee.core.events import Event
    from referee.ruleset.model import Ruleset



def mortgaged_deeds(rs: Ruleset, ev: Event, creditor: str, deeds: list[int], lift: list[int], transfer: Any) -> None:
    for idx in lift:
        if idx not in deeds or not ev.t.deeds[idx].mortgaged:
            raise invalid("invalid.lift_not_mortgaged", deed=rs.squares[idx].name)
    for idx in deeds:
        if ev.t.deeds[idx].mortgaged and (idx in lift or rs.p.mortgage.transfer_interest):
            transfer(rs, ev, creditor, idx, idx in lift)
