"""Mortgaging a deed, lifting the mortgage with interest, and a mortgaged deed changing hands."""

from __future__ import annotations

from referee.core.checks import afford, doing, no_debts, not_over, owner_of, refuse
from referee.core.events import Event, new_event
from referee.core.money import charge
from referee.core.ops import Cash, Extra, Mortgaged
from referee.core.state import BANK, Table
from referee.core.valuation import percent
from referee.ruleset.model import Ruleset, Square


def mortgage(rs: Ruleset, t: Table, idx: int, by: str | None = None) -> Event:
    not_over(rs, t)
    from referee.core import auction_pending

    auction_pending.not_before_paid(rs, t, idx)
    sq = rs.squares[idx]
    owner = owner_of(rs, t, idx, "mortgage.value", by)
    d = t.deeds[idx]
    if d.mortgaged:
        raise refuse(rs, "mortgage.value", "refused.already_mortgaged", deed=sq.name)
    if sq.kind == "lot":
        built = [rs.squares[i].name for i in rs.group_members(sq.group or "") if t.deeds[i].built]
        if built:
            raise refuse(rs, "mortgage.buildings", "refused.mortgage_built", group=rs.group_name(sq.group or ""), built=built)
    value_ = rs.mortgage_value(sq)
    ev = new_event(t, "mortgage", deed=idx, player=owner)
    ev.op(Cash(BANK, owner, value_))
    ev.op(Mortgaged(idx, True))
    ev.amount = value_
    ev.say("mortgage", player=owner, deed=sq.name, amount=value_)
    ev.cite("mortgage.value")
    return ev


def lift_cost(rs: Ruleset, sq: Square) -> tuple[int, int]:
    """The mortgage value and the interest on it (what lifting costs is their sum)."""
    v = rs.mortgage_value(sq)
    return v, percent(v, rs.p.mortgage.interest_percent, rs.p.mortgage.rounding)


def unmortgage(rs: Ruleset, t: Table, idx: int, by: str | None = None) -> Event:
    not_over(rs, t)
    sq = rs.squares[idx]
    owner = owner_of(rs, t, idx, "mortgage.lift", by, "mortgage.keep_ownership")  # nobody else lifts it to take it
    if not t.deeds[idx].mortgaged:
        raise refuse(rs, "mortgage.lift", "refused.not_mortgaged", deed=sq.name)
    no_debts(rs, t, owner, doing("lifting"))
    v, interest = lift_cost(rs, sq)
    paid = interest_paid(rs, t, owner, idx)
    if paid:
        interest = 0
    afford(rs, t, owner, v + interest, doing("lifting_deed", deed=sq.name))
    ev = new_event(t, "unmortgage", deed=idx, player=owner)
    ev.op(Cash(owner, BANK, v + interest))
    ev.op(Mortgaged(idx, False))
    ev.amount = v + interest
    if paid:
        ev.step("unmortgage.interest_paid", value=v, interest=paid, total=v)
        ev.cite("mortgage.transfer")
    else:
        ev.step("unmortgage.cost", value=v, percent=rs.p.mortgage.interest_percent, interest=interest,
                rounding=rs.p.mortgage.rounding, total=v + interest)
        if v * rs.p.mortgage.interest_percent % 100 and rs.has_clause("money.rounding"):
            ev.cite("money.rounding")
    _forget(ev, idx)
    ev.say("unmortgage", player=owner, deed=sq.name, amount=v + interest)
    ev.cite("mortgage.lift")
    return ev


# ---------------------------------------------------------------- the interest paid when a deed changed hands
def _mark_paid(rs: Ruleset, ev: Event, taker: str, idx: int, interest: int) -> None:
    if not rs.p.mortgage.transfer_lift_same_turn:
        return
    marks = dict(ev.t.extra.get("interest_paid") or {})
    marks[str(idx)] = {"player": taker, "interest": interest}
    ev.op(Extra("interest_paid", marks))


def _forget(ev: Event, idx: int) -> None:
    marks = dict(ev.t.extra.get("interest_paid") or {})
    if marks.pop(str(idx), None) is not None:
        ev.op(Extra("interest_paid", marks or None))


def interest_paid(rs: Ruleset, t: Table, owner: str, idx: int) -> int:
    """The interest `owner` paid when the mortgaged deed came to them, if this lift comes right after the deal
    (only trades, mortgages and lifts recorded since: any other move, a throw first, clears the mark, see
    core/events.py); else 0: the lift pays the interest again."""
    if not rs.p.mortgage.transfer_lift_same_turn:
        return 0
    mark = (t.extra.get("interest_paid") or {}).get(str(idx))
    if not mark or mark.get("player") != owner:
        return 0
    return int(mark.get("interest") or 0)


def transfer_mortgaged(rs: Ruleset, ev: Event, taker: str, idx: int, lift_now: bool, deal: bool = False) -> None:
    """A mortgaged deed's new owner lifts the mortgage at once, or pays the interest now and keeps it mortgaged.

    In a `deal` (a trade) the interest is paid from cash in hand or the deal is refused; a creditor receiving the
    deed in a bankruptcy who cannot pay it owes it (and raises it as any debt)."""
    sq = rs.squares[idx]
    v, interest = lift_cost(rs, sq)
    ev.cite("mortgage.transfer")
    if lift_now:
        afford(rs, ev.t, taker, v + interest, doing("lifting_deed", deed=sq.name))
        ev.op(Cash(taker, BANK, v + interest))
        ev.op(Mortgaged(idx, False))
        ev.step("mortgage.lifted_at_once", player=taker, deed=sq.name, value=v, interest=interest)
    elif rs.p.mortgage.transfer_interest and deal:  # a deal is made with cash in hand: one the taker cannot pay is refused
        afford(rs, ev.t, taker, interest, doing("interest_deed", deed=sq.name))
        ev.op(Cash(taker, BANK, interest))
        _kept(rs, ev, taker, idx, v, interest)
    elif rs.p.mortgage.transfer_interest:
        charge(rs, ev, taker, BANK, interest, f"interest on mortgaged {sq.name}")
        _kept(rs, ev, taker, idx, v, interest)


def _kept(rs: Ruleset, ev: Event, taker: str, idx: int, v: int, interest: int) -> None:
    """The deed stays mortgaged with its interest paid: say what lifting costs now and later (the choice the
    taker had: --lift), and mark the interest for a lift in this same turn where the edition counts it."""
    sq = rs.squares[idx]
    same_turn = bool(rs.p.mortgage.transfer_lift_same_turn)
    ev.step("mortgage.kept", player=taker, deed=sq.name, interest=interest, total=v + interest)
    ev.note("mortgage.choice", player=taker, deed=sq.name, lift=v + interest, interest=interest,
            later=v + interest, now=v if same_turn else None)
    _mark_paid(rs, ev, taker, idx, interest)
