"""Bankruptcy and the end of the game.

A player is bankrupt only over a recorded debt that even selling every
building and mortgaging every deed cannot cover. What happens next is the
ruleset's `bankruptcy.procedure`, one function each in `PROCEDURES`: the
classic rule (everything to the player creditor, or to the bank, which
auctions the deeds) and the rule where the bank takes everything and pays the
player creditors in full. The game then ends when one player is left, or
after the number of bankruptcies the ruleset names, valued by its method.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.core import received
from referee.core.checks import active, afford, doing, invalid, not_over, refuse
from referee.core.events import Event, new_event
from referee.core.mortgages import transfer_mortgaged
from referee.core.ops import (
    Bankrupt,
    Buildings,
    Cash,
    DebtPaid,
    JailCard,
    Mortgaged,
    NewDebt,
    Over,
    Owner,
)
from referee.core.state import BANK, POT, Debt, Table
from referee.core.valuation import liquidation, percent, value
from referee.ruleset.model import Ruleset


def bankruptcy_check(rs: Ruleset, t: Table, player: str) -> tuple[bool, int, int, list[str]]:
    """(bankrupt?, owed, the most the player can raise, how it is raised)."""
    owed = sum(d.amount for d in t.debts_of(player))
    can, lines = liquidation(rs, t, player)
    cash = t.player(player).cash
    return cash + can < owed, owed, cash + can, lines


def _may_go_bankrupt(rs: Ruleset, t: Table, player: str) -> list[Debt]:
    debts = t.debts_of(player)
    if not debts:
        raise refuse(rs, "bankruptcy.test", "refused.no_debt", player=player)
    broke, owed, raisable, _ = bankruptcy_check(rs, t, player)
    if not broke:
        raise refuse(rs, "bankruptcy.test", "refused.can_raise", player=player, owed=owed, raisable=raisable)
    return debts


def _keeps_buildings(rs: Ruleset, t: Table, creditor: str) -> bool:
    """The bankruptcy that ends the game may hand the buildings to the player creditor with the deeds."""
    ends_game = rs.p.end.condition == "bankruptcies" and t.bankruptcies + 1 >= rs.p.end.bankruptcies
    return bool(ends_game and rs.p.end.final_bankrupt_keeps_buildings and creditor != BANK)


def _clear_buildings(rs: Ruleset, ev: Event, player: str, deeds: list[int]) -> int:
    """Every building of the player goes back to the bank; returns what the bank would pay for them."""
    pct = rs.p.building.sell_percent
    hotel_h = rs.p.building.hotel_houses
    proceeds = 0
    for idx in deeds:
        d = ev.t.deeds[idx]
        if d.built:
            sq = rs.squares[idx]
            v = d.houses * rs.house_cost(sq) + ((rs.hotel_cost(sq) + hotel_h * rs.house_cost(sq)) if d.hotel else 0)
            proceeds += percent(v, pct)
            ev.op(Buildings(idx, 0, False))
    return proceeds


def _credit_proceeds(rs: Ruleset, ev: Event, player: str, proceeds: int) -> None:
    if proceeds:
        ev.op(Cash(BANK, player, proceeds))
        ev.step("bankrupt.buildings_sold", percent=rs.p.building.sell_percent, amount=proceeds)


def _to_player(rs: Ruleset, ev: Event, player: str, creditor: str, deeds: list[int], proceeds: int) -> None:
    """Everything the bankrupt player has goes to the player creditor, who pays the interest on mortgaged deeds."""
    _credit_proceeds(rs, ev, player, proceeds)
    cash = ev.t.player(player).cash
    ev.cite("bankruptcy.to_player")
    if cash:
        ev.op(Cash(player, creditor, cash))
    for idx in deeds:
        ev.op(Owner(idx, creditor))
    for deck in list(ev.t.player(player).jail_cards):
        ev.op(JailCard(player, creditor, deck))
    ev.step("bankrupt.receives", creditor=creditor, cash=cash, deeds=len(deeds))
    # mortgaged deeds: the creditor lifts those named at once, keeps the others paying the interest
    received.mortgaged_deeds(rs, ev, creditor, deeds, ev.args.get("lift") or [], transfer_mortgaged)


def _to_bank(rs: Ruleset, ev: Event, player: str, deeds: list[int]) -> None:
    """Everything goes to the bank: deeds unmortgaged, jail cards back under their decks; the bank auctions the deeds."""
    cash = ev.t.player(player).cash
    ev.cite("bankruptcy.to_bank")
    if cash:
        ev.op(Cash(player, BANK, cash))
    for idx in deeds:
        ev.op(Owner(idx, None))
        if ev.t.deeds[idx].mortgaged:
            ev.op(Mortgaged(idx, False))
    for deck in list(ev.t.player(player).jail_cards):
        ev.op(JailCard(player, None, deck))


def _auction_note(rs: Ruleset, ev: Event, deeds: list[int]) -> None:
    if deeds:
        from referee.core.buying import to_auction

        to_auction(ev, deeds)
        ev.note("bankruptcy.bank_auctions", deeds=[rs.squares[i].name for i in deeds])


# ---------------------------------------------------------------- one function per procedure
Procedure = Callable[[Ruleset, Event, str, str, list[Debt], list[int], int], str]  # returns who takes it all


def classic(rs: Ruleset, ev: Event, player: str, creditor: str, debts: list[Debt], deeds: list[int], proceeds: int) -> str:
    """To a player creditor: everything, buildings at the bank's buy-back price. To the bank: everything, auctioned."""
    if creditor != BANK:
        _to_player(rs, ev, player, creditor, deeds, proceeds)
        return creditor
    _to_bank(rs, ev, player, deeds)
    _auction_note(rs, ev, deeds)
    return BANK


def bank_pays_creditors(rs: Ruleset, ev: Event, player: str, creditor: str, debts: list[Debt], deeds: list[int],
                        proceeds: int) -> str:
    """The bank takes everything (buildings at its buy-back price) and pays every player creditor in full."""
    _credit_proceeds(rs, ev, player, proceeds)
    _to_bank(rs, ev, player, deeds)
    for d in debts:
        if d.creditor not in (BANK, POT):
            ev.op(Cash(BANK, d.creditor, d.amount))
            ev.step("bankrupt.bank_pays", creditor=d.creditor, amount=d.amount)
    _auction_note(rs, ev, deeds)
    return BANK


PROCEDURES: dict[str, Procedure] = {
    "classic": classic,
    "hasbro": classic,  # the Hasbro rulebook's "owe a player / owe the bank" is the classic split
    "bank_pays_creditors": bank_pays_creditors,
}


def bankrupt(rs: Ruleset, t: Table, player: str, lift: list[int] | None = None) -> Event:
    """`lift`: the mortgaged deeds a creditor player lifts at once (the others are kept, paying the interest)."""
    not_over(rs, t)
    active(rs, t, player)
    debts = _may_go_bankrupt(rs, t, player)
    creditor = next((d.creditor for d in debts if d.creditor not in (BANK, POT)), BANK)
    ev = new_event(t, "bankrupt", player=player, creditor=creditor, **({"lift": list(lift)} if lift else {}))
    ev.cite("bankruptcy.test")
    procedure = PROCEDURES[rs.p.bankruptcy.procedure]
    deeds = t.owned_by(player)
    proceeds = 0
    if _keeps_buildings(rs, t, creditor):
        ev.cite("bankruptcy.final" if rs.has_clause("bankruptcy.final") else "end.game")
        ev.step("bankrupt.final_keeps_buildings", creditor=creditor)
    else:
        proceeds = _clear_buildings(rs, ev, player, deeds)
    heir = procedure(rs, ev, player, creditor, debts, deeds, proceeds)
    _close_claims(ev, player, heir)
    ev.op(Bankrupt(player))
    ev.say("bankrupt.to_bank" if creditor == BANK else "bankrupt.to_player", player=player, creditor=creditor)
    check_end(rs, ev)
    return ev


def _close_claims(ev: Event, player: str, heir: str) -> None:
    """What others owe the bankrupt player is a claim of value: it passes with the rest to a creditor
    player (who takes 'all that is of value'); owed to a player who leaves the game otherwise, it is cancelled."""
    for d in [d for d in ev.t.debts if d.creditor == player]:
        ev.op(DebtPaid(d.id))
        if heir not in (BANK, POT) and heir != d.debtor:
            ev.op(NewDebt(d.debtor, heir, d.amount, d.reason))
            ev.step("bankrupt.claim_passes", debtor=d.debtor, amount=d.amount, player=player, heir=heir)
        else:
            ev.step("bankrupt.claim_cancelled", debtor=d.debtor, amount=d.amount, player=player)


def check_end(rs: Ruleset, ev: Event) -> None:
    """End the game when one player is left, or at the ruleset's last bankruptcy (the richest wins)."""
    t = ev.t
    cond = rs.p.end.condition
    active_ = t.active_players()
    if len(active_) <= 1:
        winner = active_[0].name if active_ else None
        ev.op(Over(winner))
        ev.note("end.last_player", winner=winner)
        ev.cite("end.game")
    elif cond == "bankruptcies" and t.bankruptcies >= rs.p.end.bankruptcies:
        method = rs.p.end.valuation
        vals = sorted((value(rs, t, p.name, method) for p in active_), key=lambda v: -v.total)
        top = [v for v in vals if v.total == vals[0].total]
        winner = top[0].player if len(top) == 1 else None
        ev.op(Over(winner))
        ev.note("end.after_bankruptcies", count=t.bankruptcies, winner=winner,
                totals=[[v.player, v.total] for v in vals])
        ev.cite("end.game")


def partial_payment(rs: Ruleset, t: Table, debtor: str, idxs: list[int], value_: int) -> Event:
    """Pay part of a debt to a player with unbuilt deeds, valued by the creditor (where the edition allows)."""
    if not rs.p.bankruptcy.partial_payment_in_property:
        raise refuse(rs, "debt.raise", "refused.no_payment_in_property", ruleset=rs.id)
    debts = [d for d in t.debts_of(debtor) if d.creditor not in (BANK, POT)]
    if not debts:
        raise invalid("invalid.owes_no_player", player=debtor)
    debt = debts[0]
    cite = "bankruptcy.partial_payment" if rs.has_clause("bankruptcy.partial_payment") else "debt.raise"
    ev = new_event(t, "partial_payment", debtor=debtor, deeds=idxs, value=value_)
    for idx in idxs:
        d = t.deeds[idx]
        if d.owner != debtor:
            raise refuse(rs, cite, "refused.not_theirs", deed=rs.squares[idx].name, player=debtor)
        if d.built:
            raise refuse(rs, cite, "refused.payment_built", deed=rs.squares[idx].name)
        ev.op(Owner(idx, debt.creditor))
    ev.op(DebtPaid(debt.id))
    rest = debt.amount - value_
    if rest > 0:
        ev.op(NewDebt(debtor, debt.creditor, rest, debt.reason))
    elif rest < 0:  # 002 § VARIE: the deeds go at the price the creditor will pay; what passes the debt is paid
        afford(rs, t, debt.creditor, -rest, doing("deed", deed=", ".join(rs.squares[i].name for i in idxs)))
        ev.op(Cash(debt.creditor, debtor, -rest))
        ev.step("partial_payment.change", creditor=debt.creditor, debtor=debtor, amount=-rest, debt=debt.amount)
    ev.amount = value_
    ev.say("partial_payment", debtor=debtor, creditor=debt.creditor, value=value_,
           deeds=[rs.squares[i].name for i in idxs], rest=max(rest, 0))
    ev.cite(cite)
    return ev
