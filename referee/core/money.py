"""Money between players and the bank: payments, debts that cash does not cover, GO salary, settling."""

from __future__ import annotations

from referee.core.checks import active, invalid, not_over, refuse
from referee.core.events import Event, new_event
from referee.core.ops import Cash, DebtPaid, NewDebt
from referee.core.state import BANK, POT, Table
from referee.core.valuation import liquidation
from referee.errors import Refusal
from referee.msg import Msg
from referee.ruleset.model import Ruleset


def charge(rs: Ruleset, ev: Event, payer: str, payee: str, amount: int, reason: str) -> None:
    """Move money, or record a debt when the payer's cash does not cover it (never a silent overdraft)."""
    if amount <= 0:
        return
    p = ev.t.player(payer)
    if p.cash >= amount:
        ev.op(Cash(payer, payee, amount))
        return
    creditor = payee if payee not in (BANK, POT) else BANK
    ev.op(NewDebt(payer, creditor if payee != POT else POT, amount, reason))
    ev.cite("debt.raise", "bankruptcy.test")
    ev.notes.append(shortfall(rs, ev.t, payer, amount))


def shortfall(rs: Ruleset, t: Table, name: str, amount: int) -> Msg:
    """Why `name` cannot pay `amount` in cash, and whether raising everything would cover the debts."""
    p = t.player(name)
    owed = sum(d.amount for d in t.debts_of(name))
    can, _ = liquidation(rs, t, name)
    params = {"player": name, "amount": amount, "owed": owed, "cash": p.cash, "short": owed - p.cash,
              "can": can, "raisable": p.cash + can}
    return Msg("debt.shortfall.bankrupt" if p.cash + can < owed else "debt.shortfall.can_raise", params)


def salary(rs: Ruleset, t: Table, player: str, landed: bool = False, force: str | None = None,
           moved: bool = False) -> Event:
    """The salary for passing or landing on GO: once per trip, so a second one for the same trip (the tracked
    turn's throw already paid it, or nothing has moved since the last) is refused unless forced with a reason.
    `moved`: paid by the throw that moves the token past GO, which is the trip itself."""
    from referee.core import forcing, landings

    not_over(rs, t)
    active(rs, t, player)
    repeat = None if moved else landings.salary_repeat(rs, t, player)
    forced = forcing.forced(rs, forcing.Mismatch("go.salary", repeat, True), force) if repeat else None
    ev = new_event(t, "salary", player=player, landed=landed)
    amount = rs.known(rs.p.salary.amount, "the GO salary")
    bonus = rs.known(rs.p.salary.landing_bonus, "the GO landing bonus") if landed else 0
    ev.op(Cash(BANK, player, amount + bonus))
    ev.amount = amount + bonus
    ev.say("salary.landed" if bonus else "salary", player=player, amount=amount + bonus)
    ev.cite("go.salary")
    if not moved:
        landings.mark_salary(ev, player)
    return forcing.mark(ev, forced)


def _not_lent_or_given(rs: Ruleset, payer: str, payee: str, reason: str) -> None:
    """A payment between two players stated as a loan (or, where the edition says so, a gift) is refused."""
    from referee.core import purposes

    if BANK in (payer, payee) or POT in (payer, payee):
        return
    purpose = purposes.of(reason)
    if purpose == "loan" and rs.has_clause("loans.forbidden"):
        raise refuse(rs, "loans.forbidden", "refused.loan", payer=payer, payee=payee)
    if purpose == "gift" and rs.has_clause("loans.gifts"):
        raise refuse(rs, "loans.gifts", "refused.gift_pay", payer=payer, payee=payee)


def pay(rs: Ruleset, t: Table, payer: str, payee: str, amount: int, reason: str = "") -> Event:
    not_over(rs, t)
    if amount <= 0:
        raise invalid("invalid.amount", amount=amount)
    if payer == payee:
        raise invalid("invalid.same_party")
    ev = new_event(t, "pay", payer=payer, payee=payee, amount=amount, reason=reason)
    for who in (payer, payee):
        if who not in (BANK, POT):
            active(rs, t, who)
    _not_lent_or_given(rs, payer, payee, reason)
    if payee == POT and not rs.p.free_parking.jackpot:
        raise refuse(rs, "free_parking", "refused.no_pot")
    if payer == BANK or payer == POT:
        if payer == POT and t.pot < amount:
            raise refuse(rs, "free_parking", "refused.pot_holds", pot=t.pot)
        ev.op(Cash(payer, payee, amount))
    else:
        charge(rs, ev, payer, payee, amount, reason or "payment")
    ev.amount = amount
    if len(ev.t.debts_of(payer)) > len(t.debts_of(payer)):  # the cash did not cover it: nothing was paid
        ev.say("pay.debt", payer=payer, payee=payee, amount=amount, reason=reason, cash=t.player(payer).cash)
    else:
        ev.say("pay", payer=payer, payee=payee, amount=amount, reason=reason)
    return ev


def settle(rs: Ruleset, t: Table, player: str) -> Event:
    debts = t.debts_of(player)
    if not debts:
        raise invalid("invalid.owes_nothing", player=player)
    ev = new_event(t, "settle", player=player)
    paid = 0
    for d in debts:
        if ev.t.player(player).cash < d.amount:
            break
        ev.op(Cash(player, d.creditor, d.amount))
        ev.op(DebtPaid(d.id))
        paid += d.amount
    if not paid:
        raise Refusal(shortfall(rs, t, player, debts[0].amount), rs.cite("debt.raise"), fmt=rs.fmt)
    from referee.core import auction_pending  # a bid paid: its deed passes to the winner

    auction_pending.hand_over(ev, [d.id for d in debts if d.id not in {x.id for x in ev.t.debts}])
    ev.amount = paid
    left = sum(d.amount for d in ev.t.debts_of(player))
    ev.say("settle", player=player, paid=paid, left=left)
    ev.cite("debt.raise")
    return ev
