"""Income tax (flat, or a percent of net worth chosen before counting), luxury tax, and Free Parking."""

from __future__ import annotations

from typing import Any

from referee.core import landings, tax_choice
from referee.core.checks import active, fee_destination, invalid, not_over, refuse
from referee.core.events import Event, new_event
from referee.core.money import charge
from referee.core.ops import Cash
from referee.core.state import POT, Table
from referee.core.valuation import percent, value
from referee.errors import InputError
from referee.msg import Msg
from referee.ruleset.model import Ruleset


def _tax_rounding(rs: Ruleset) -> str:
    return rs.p.taxes.income.rounding or rs.p.mortgage.rounding


def income_tax_options(rs: Ruleset, t: Table, player: str) -> dict[str, Any]:
    tax = rs.p.taxes.income
    out: dict[str, Any] = {"choices": list(tax.choices)}
    if "flat" in tax.choices:
        out["flat"] = tax.flat
    if "percent" in tax.choices or tax.net_worth:
        nw = value(rs, t, player, tax.net_worth)
        out["net_worth"] = nw
        out["percent_amount"] = percent(nw.total, tax.percent, _tax_rounding(rs))
    return out


def _tax_square(rs: Ruleset, which: str) -> None:
    if rs.squares and not any(sq.tax == which for sq in rs.squares):
        raise invalid("invalid.no_tax_square", ruleset=rs.id, tax=which)


def income_tax(rs: Ruleset, t: Table, player: str, choice: str | None) -> Event:
    not_over(rs, t)
    active(rs, t, player)
    _tax_square(rs, "income")
    tax = rs.p.taxes.income
    choices = tax.choices
    choice = tax_choice.binding(rs, t, player, choice)  # a declared choice binds
    if choice is None:
        if len(choices) == 1:
            choice = choices[0]
        else:
            raise InputError(Msg("tax.income.choose", {"ruleset": rs.id, "choices": list(choices)}), needs="choice")
    if choice not in choices:
        raise refuse(rs, "tax.income", "refused.tax_choice", ruleset=rs.id, choice=choice, choices=list(choices))
    ev = new_event(t, "tax", player=player, tax="income", choice=choice)
    landings.owed_once(rs, t, ev, player, landings.tax_squares(rs, "income"), "tax.income", "refused.tax_paid", tax="income")
    if choice == "flat":
        amount = rs.known(tax.flat, "the income tax amount")
        ev.step("tax.flat", amount=amount)
    else:
        nw = value(rs, t, player, tax.net_worth)
        pct = tax.percent
        amount = percent(nw.total, pct, _tax_rounding(rs))
        for row in nw.breakdown():
            ev.step("valuation.component", **row)
        odd = nw.total * pct % 100 != 0
        ev.step("tax.percent", net_worth=nw.total, percent=pct, amount=amount, rounding=_tax_rounding(rs) if odd else None)
        if odd and rs.has_clause("money.rounding"):  # a sum that is rounded says so, with the rule that rounds it
            ev.cite("money.rounding")
        ev.args["net_worth"] = nw.total
    charge(rs, ev, player, fee_destination(rs), amount, "income tax")
    tax_choice.settled(ev, player)
    ev.amount = amount
    ev.say("tax.income", player=player, amount=amount, choice=choice)
    ev.cite("tax.income")
    return ev


def luxury_tax(rs: Ruleset, t: Table, player: str) -> Event:
    not_over(rs, t)
    active(rs, t, player)
    _tax_square(rs, "luxury")
    amount = rs.known(rs.p.taxes.luxury.amount, "the luxury tax amount")
    ev = new_event(t, "tax", player=player, tax="luxury")
    landings.owed_once(rs, t, ev, player, landings.tax_squares(rs, "luxury"), "tax.luxury", "refused.tax_paid", tax="luxury")
    square = next((sq.name for sq in rs.squares if sq.tax == "luxury"), None)
    if square:  # the board's own name for it: "Super Tax" on the London board
        ev.step("tax.square", square=square, amount=amount)
    charge(rs, ev, player, fee_destination(rs), amount, "luxury tax")
    ev.amount = amount
    ev.say("tax.luxury", player=player, amount=amount, square=square)
    ev.cite("tax.luxury")
    return ev


def free_parking(rs: Ruleset, t: Table, player: str) -> Event:
    active(rs, t, player)
    ev = new_event(t, "free_parking", player=player)
    ev.cite("free_parking")
    square = next((sq.name for sq in rs.squares if sq.kind == "free_parking"), None)  # the board's name: Parada Libre
    if rs.p.free_parking.jackpot and t.pot > 0:
        ev.amount = t.pot
        ev.op(Cash(POT, player, t.pot))
        ev.say("free_parking.pot", player=player, amount=ev.amount, square=square)
    else:
        ev.amount = 0
        ev.say("free_parking.nothing", player=player, square=square)
    return ev
