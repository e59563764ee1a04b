"""Private trades between two players: deeds, cash and jail cards for whatever both agree, a deed for nothing
included unless the book forbids gifts (`loans.gifts`); never money for nothing (a loan)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core.checks import active, afford, doing, invalid, not_over, refuse
from referee.core.events import Event, new_event
from referee.core.mortgages import transfer_mortgaged
from referee.core.ops import Cash, JailCard, Owner
from referee.core.state import Table
from referee.errors import InputError
from referee.msg import Msg
from referee.ruleset.model import Ruleset


@dataclass
class Side:
    """What one player gives in a trade."""

    cash: int = 0
    deeds: list[int] = field(default_factory=list)
    jail_cards: list[str] = field(default_factory=list)

    def empty(self) -> bool:
        return not (self.cash or self.deeds or self.jail_cards)


def _check_side(rs: Ruleset, t: Table, giver: str, side: Side) -> None:
    for idx in side.deeds:
        sq = rs.squares[idx]
        if t.deeds[idx].owner != giver:
            raise refuse(rs, "trade.private", "refused.not_theirs", deed=sq.name, player=giver)
        if sq.kind == "lot" and not rs.p.trade.with_buildings_on_group:
            built = [rs.squares[i].name for i in rs.group_members(sq.group or "") if t.deeds[i].built]
            if built:
                raise refuse(rs, "trade.buildings", "refused.trade_built", deed=sq.name, built=built)
    for deck in side.jail_cards:
        if deck not in t.player(giver).jail_cards:
            raise refuse(rs, "jail.card", "refused.no_jail_card_of_deck", player=giver)
        if not rs.p.trade.jail_cards:
            raise refuse(rs, "jail.card", "refused.jail_cards_not_traded")
    if side.cash < 0:
        raise invalid("invalid.trade_cash")


def trade(rs: Ruleset, t: Table, a: str, b: str, a_gives: Side, b_gives: Side, lift: list[int] | None = None) -> Event:
    not_over(rs, t)
    if a == b:
        raise invalid("invalid.trade_same_player")
    for who in (a, b):
        active(rs, t, who)
    if a_gives.empty() and b_gives.empty():
        raise invalid("invalid.trade_empty")
    gift = a_gives.empty() or b_gives.empty()
    if gift:
        giver, given = (a, a_gives) if not a_gives.empty() else (b, b_gives)
        if not (given.deeds or given.jail_cards):  # money for nothing between players is lending, whatever it is called
            raise refuse(rs, "loans.forbidden", "refused.money_for_nothing", player=giver)
        if rs.has_clause("loans.gifts"):  # 002 § VARIE: no gifts either, of anything
            raise refuse(rs, "loans.gifts", "refused.gift", player=giver)
    lift = lift or []
    ev = new_event(t, "trade", a=a, b=b, a_gives=a_gives.__dict__, b_gives=b_gives.__dict__, lift=lift)
    ev.cite("trade.private")
    if gift:  # the other books: a deed changes hands for whatever amount both agree, nothing included
        ev.step("trade.gift", player=giver)
    sides = ((a, b, a_gives), (b, a, b_gives))
    for giver, taker, side in sides:
        _check_side(rs, t, giver, side)
        if side.cash:
            afford(rs, ev.t, giver, side.cash, doing("trade_cash"))
            ev.op(Cash(giver, taker, side.cash))
    for giver, taker, side in sides:
        for idx in side.deeds:
            ev.op(Owner(idx, taker))
        for deck in side.jail_cards:
            ev.op(JailCard(giver, taker, deck))
    # mortgaged deeds: the new owner pays the interest now, or lifts at once
    for _giver, taker, side in sides:
        for idx in side.deeds:
            if t.deeds[idx].mortgaged:
                transfer_mortgaged(rs, ev, taker, idx, idx in lift, deal=True)
    for idx in lift:
        if idx not in a_gives.deeds + b_gives.deeds or not t.deeds[idx].mortgaged:
            raise InputError(Msg("trade.lift_not_mortgaged", {"deed": rs.squares[idx].name}), needs="lift")
    ev.say("trade", a=a, b=b, a_gives=_side_params(rs, a_gives), b_gives=_side_params(rs, b_gives))
    return ev


def _side_params(rs: Ruleset, s: Side) -> dict[str, Any]:
    return {"deeds": [rs.squares[i].name for i in s.deeds], "cash": s.cash, "jail_cards": len(s.jail_cards)}
