"""Every table transaction: check it against the ruleset and state, compute the
amounts, and return an Event of primitive ops. Nothing here prints or writes.

Each function works on a scratch copy of the table (`Event.t`), so multi-step
transactions (a bankruptcy, "pay each player") see their own earlier steps,
and a refusal half-way leaves the real state untouched.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core import rent as rentmod
from referee.core.state import BANK, POT, Table, apply_ops
from referee.core.valuation import liquidation, percent, value
from referee.errors import InputError, Refusal
from referee.ruleset.model import Ruleset


@dataclass
class Event:
    type: str
    args: dict
    t: Table
    ops: list = field(default_factory=list)
    text: str = ""
    steps: list[str] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    amount: int | None = None

    def op(self, *op: Any) -> None:
        op_l = list(op)
        apply_ops(self.t, [op_l])
        self.ops.append(op_l)

    def cite(self, *cids: str) -> None:
        for c in cids:
            if c not in self.clauses:
                self.clauses.append(c)

    def to_dict(self) -> dict:
        return {
            "type": self.type,
            "args": self.args,
            "ops": self.ops,
            "text": self.text,
            "steps": self.steps,
            "clauses": self.clauses,
            "notes": self.notes,
            "amount": self.amount,
        }


def _event(t: Table, typ: str, **args) -> Event:
    return Event(typ, args, t.copy())


# ---------------------------------------------------------------- shared checks
def _active(rs: Ruleset, t: Table, name: str) -> None:
    p = t.player(name)
    if p.bankrupt:
        raise Refusal(f"{name} is bankrupt and out of the game", rs.cite("end.game"))


def _not_over(rs: Ruleset, t: Table) -> None:
    if t.over:
        who = f": {t.winner} won" if t.winner else ""
        raise Refusal(f"the game is over{who} (undo to continue)", rs.cite("end.game"))


def _no_debts(rs: Ruleset, t: Table, name: str, doing: str) -> None:
    debts = t.debts_of(name)
    if debts:
        owed = sum(d.amount for d in debts)
        raise Refusal(
            f"{name} owes {rs.fmt(owed)} and must pay it before {doing} (settle, or raise money by selling buildings and mortgaging)",
            rs.cite("debt.raise"),
        )


def _afford(rs: Ruleset, t: Table, name: str, amount: int, doing: str) -> None:
    cash = t.player(name).cash
    if cash < amount:
        raise Refusal(
            f"{name} has {rs.fmt(cash)}, {doing} costs {rs.fmt(amount)}: {rs.fmt(amount - cash)} short "
            f"(raise it first by mortgaging or selling buildings; players cannot lend)",
            rs.cite("loans.forbidden"),
        )


def _owner(rs: Ruleset, t: Table, idx: int, clause: str = "buy.printed_price") -> str:
    """The deed's owner; a bank-owned deed refused with the clause of the move being tried."""
    owner = t.deeds[idx].owner
    if owner is None:
        raise Refusal(f"{rs.squares[idx].name} belongs to the bank", rs.cite(clause if rs.has_clause(clause) else "buy.printed_price"))
    return owner


def _fee_destination(rs: Ruleset) -> str:
    return POT if rs.param("free_parking.jackpot") else BANK


def charge(rs: Ruleset, ev: Event, payer: str, payee: str, amount: int, reason: str) -> None:
    """Move money, or record a debt when the payer's cash does not cover it (never a silent overdraft)."""
    if amount <= 0:
        return
    p = ev.t.player(payer)
    if p.cash >= amount:
        ev.op("cash", payer, payee, amount)
        return
    creditor = payee if payee not in (BANK, POT) else BANK
    ev.op("debt", payer, creditor if payee != POT else POT, amount, reason)
    ev.cite("debt.raise", "bankruptcy.test")
    ev.notes.append(shortfall_note(rs, ev.t, payer, amount))


def shortfall_note(rs: Ruleset, t: Table, name: str, amount: int) -> str:
    p = t.player(name)
    owed = sum(d.amount for d in t.debts_of(name))
    can, _ = liquidation(rs, t, name)
    short = owed - p.cash
    verdict = (
        f"bankrupt: even raising everything ({rs.fmt(p.cash + can)}) does not cover {rs.fmt(owed)}"
        if p.cash + can < owed
        else f"not bankrupt: {name} can raise up to {rs.fmt(can)} by selling buildings and mortgaging"
    )
    return f"{name} cannot pay {rs.fmt(amount)} in cash: owes {rs.fmt(owed)}, holds {rs.fmt(p.cash)}, {rs.fmt(short)} short; {verdict}. The debt is recorded until paid (settle) or bankruptcy."


# ---------------------------------------------------------------- setup
def deal(rs: Ruleset, t: Table, player: str, idxs: list[int]) -> Event:
    ev = _event(t, "deal", player=player, deeds=idxs)
    paid = rs.param("purchase.dealt_deeds_paid")
    total = 0
    for idx in idxs:
        sq = rs.squares[idx]
        if ev.t.deeds[idx].owner is not None:
            raise Refusal(f"{sq.name} was already dealt to {ev.t.deeds[idx].owner}", rs.cite("setup.cash"))
        ev.op("owner", idx, player)
        if paid:
            total += rs.price(sq)
    if paid:
        _afford(rs, t, player, total, "paying for the dealt deeds")
        ev.op("cash", player, BANK, total)
    names = ", ".join(rs.squares[i].name for i in idxs)
    ev.text = f"{player} is dealt {names}" + (f" and pays {rs.fmt(total)}" if paid else "")
    ev.amount = total
    ev.cite("setup.deal" if rs.has_clause("setup.deal") else "setup.cash")
    return ev


# ---------------------------------------------------------------- money
def salary(rs: Ruleset, t: Table, player: str, landed: bool = False) -> Event:
    _not_over(rs, t)
    _active(rs, t, player)
    ev = _event(t, "salary", player=player, landed=landed)
    amount = rs.param("salary.amount")
    bonus = rs.param("salary.landing_bonus", 0) if landed else 0
    ev.op("cash", BANK, player, amount + bonus)
    ev.amount = amount + bonus
    ev.text = f"{player} collects {rs.fmt(amount + bonus)} salary" + (" (landed on GO)" if bonus else "")
    ev.cite("go.salary")
    return ev


def pay(rs: Ruleset, t: Table, payer: str, payee: str, amount: int, reason: str = "") -> Event:
    _not_over(rs, t)
    if amount <= 0:
        raise InputError(f"an amount must be a positive whole number, not {amount}")
    if payer == payee:
        raise InputError("payer and payee are the same")
    ev = _event(t, "pay", payer=payer, payee=payee, amount=amount, reason=reason)
    for who in (payer, payee):
        if who not in (BANK, POT):
            _active(rs, t, who)
    if payee == POT and not rs.param("free_parking.jackpot"):
        raise Refusal("this ruleset keeps no Free Parking pot", rs.cite("free_parking"))
    if payer == BANK or payer == POT:
        if payer == POT and t.pot < amount:
            raise Refusal(f"the pot holds {rs.fmt(t.pot)}", rs.cite("free_parking"))
        ev.op("cash", payer, payee, amount)
    else:
        charge(rs, ev, payer, payee, amount, reason or "payment")
    ev.amount = amount
    why = f" ({reason})" if reason else ""
    if len(ev.t.debts_of(payer)) > len(t.debts_of(payer)):  # the cash did not cover it: nothing was paid
        ev.text = f"{payer} owes {payee} {rs.fmt(amount)}{why}: a debt is recorded, nothing paid yet ({payer} holds {rs.fmt(t.player(payer).cash)})"
    else:
        ev.text = f"{payer} pays {payee} {rs.fmt(amount)}{why}"
    return ev


def settle(rs: Ruleset, t: Table, player: str) -> Event:
    debts = t.debts_of(player)
    if not debts:
        raise InputError(f"{player} owes nothing")
    ev = _event(t, "settle", player=player)
    paid = 0
    for d in debts:
        if ev.t.player(player).cash < d.amount:
            break
        ev.op("cash", player, d.creditor, d.amount)
        ev.op("debt_paid", d.id)
        paid += d.amount
    if not paid:
        raise Refusal(shortfall_note(rs, t, player, debts[0].amount), rs.cite("debt.raise"))
    ev.amount = paid
    left = sum(d.amount for d in ev.t.debts_of(player))
    ev.text = f"{player} pays {rs.fmt(paid)} owed" + (f"; still owes {rs.fmt(left)}" if left else "")
    ev.cite("debt.raise")
    return ev


# ---------------------------------------------------------------- buying
def buy(rs: Ruleset, t: Table, player: str, idx: int) -> Event:
    _not_over(rs, t)
    _active(rs, t, player)
    sq = rs.squares[idx]
    if not sq.is_deed:
        raise InputError(f"{sq.name} is not a property that can be bought")
    owner = t.deeds[idx].owner
    if owner is not None:
        raise Refusal(f"{sq.name} already belongs to {owner}", rs.cite("buy.printed_price"))
    _no_debts(rs, t, player, "buying")
    price = rs.price(sq)
    _afford(rs, t, player, price, f"{sq.name}")
    ev = _event(t, "buy", player=player, deed=idx)
    ev.op("cash", player, BANK, price)
    ev.op("owner", idx, player)
    ev.amount = price
    ev.text = f"{player} buys {sq.name} for {rs.fmt(price)}"
    ev.steps.append(f"printed price of {sq.name}: {rs.fmt(price)}")
    ev.cite("buy.printed_price")
    return ev


def auction_minimum(rs: Ruleset, idx: int) -> tuple[int, str]:
    opening = rs.param("auction.opening")
    if opening == "printed_price":
        return rs.price(rs.squares[idx]), "the printed price"
    if opening == "fixed":
        return rs.param("auction.opening_amount"), "the fixed opening bid"
    return 1, "any price"


def auction(rs: Ruleset, t: Table, winner: str, idx: int, price: int) -> Event:
    _not_over(rs, t)
    _active(rs, t, winner)
    sq = rs.squares[idx]
    if not sq.is_deed:
        raise InputError(f"{sq.name} is not a property")
    if not rs.param("auction.enabled"):
        raise Refusal("this ruleset holds no auctions: a declined property stays with the bank", rs.cite("auction.declined"))
    if t.deeds[idx].owner is not None:
        raise Refusal(f"{sq.name} belongs to {t.deeds[idx].owner}; only the bank's deeds are auctioned", rs.cite("auction.declined"))
    if price <= 0:
        raise InputError(f"a winning bid must be a positive whole number, not {price}")
    minimum, why = auction_minimum(rs, idx)
    if price < minimum:
        raise Refusal(f"the bidding starts at {why}, {rs.fmt(minimum)}; {rs.fmt(price)} is below it", rs.cite("auction.declined"))
    _no_debts(rs, t, winner, "bidding")
    _afford(rs, t, winner, price, f"the winning bid on {sq.name}")
    ev = _event(t, "auction", player=winner, deed=idx, price=price)
    ev.op("cash", winner, BANK, price)
    ev.op("owner", idx, winner)
    ev.amount = price
    ev.text = f"{winner} wins {sq.name} at auction for {rs.fmt(price)}"
    ev.steps.append(f"opening rule: {why}" + (f" ({rs.fmt(minimum)})" if minimum > 1 else ""))
    ev.cite("auction.declined")
    return ev


# ---------------------------------------------------------------- rent
def last_landing(t: Table, player: str, idx: int) -> dict | None:
    for land in reversed(t.landings):
        if land["player"] == player and land["square"] == idx:
            return land
    return None


def rent(
    rs: Ruleset, t: Table, payer: str, idx: int, dice: int | None = None, card: dict | None = None,
    rolls_since: int | None = None, landing: dict | None = None,
) -> Event:
    """Rent on a deed. With turns tracked, `landing` ties it to the landing it is for (claimed once, in time)."""
    _not_over(rs, t)
    _active(rs, t, payer)
    if landing is not None:
        if landing.get("claimed"):
            raise Refusal(
                f"{payer} already paid the rent for landing on {rs.squares[idx].name}", rs.cite("rent.lot")
            )
        rolls_since = max(0, t.rolls - landing["roll"])
    r = rentmod.rent_due(rs, t, idx, dice, card)
    owner = t.deeds[idx].owner
    assert owner is not None
    if owner == payer:
        why = "rent.own_property" if rs.has_clause("rent.own_property") else "rent.lot"
        raise Refusal(f"{payer} owns {rs.squares[idx].name}: no rent to pay", rs.cite(why))
    if rolls_since is not None and not rentmod.claim_open(rs, rolls_since):
        raise Refusal(
            f"the rent on {rs.squares[idx].name} was not asked for in time ({rolls_since} player(s) have rolled since)",
            rs.cite("rent.unclaimed"),
        )
    ev = _event(t, "rent", payer=payer, deed=idx, dice=dice, card=card["id"] if card else None)
    charge(rs, ev, payer, owner, r.amount, f"rent on {rs.squares[idx].name}")
    if landing is not None:
        ev.op("claim", payer, idx, landing["roll"])
    elif t.extra.get("tracking"):
        ev.notes.append(f"no landing of {payer} on {rs.squares[idx].name} is on record: the claim window was not checked")
    ev.amount = r.amount
    ev.steps += r.steps
    ev.cite(*r.clauses)
    ev.text = f"{payer} pays {owner} {rs.fmt(r.amount)} rent on {rs.squares[idx].name}"
    return ev


# ---------------------------------------------------------------- taxes
def _tax_rounding(rs: Ruleset) -> str:
    return rs.param("taxes.income.rounding", None) or rs.param("mortgage.rounding")


def income_tax_options(rs: Ruleset, t: Table, player: str) -> dict:
    tax = rs.param("taxes.income")
    out: dict = {"choices": list(tax["choices"])}
    if "flat" in tax["choices"]:
        out["flat"] = tax["flat"]
    if "percent" in tax["choices"] or tax.get("net_worth"):
        nw = value(rs, t, player, tax.get("net_worth") or "net-worth")
        out["net_worth"] = nw
        out["percent_amount"] = percent(nw.total, tax.get("percent", 10), _tax_rounding(rs))
    return out


def _tax_square(rs: Ruleset, which: str) -> None:
    if rs.squares and not any(sq.tax == which for sq in rs.squares):
        raise InputError(f"this board ({rs.id}) has no {which} tax square")


def income_tax(rs: Ruleset, t: Table, player: str, choice: str | None) -> Event:
    _not_over(rs, t)
    _active(rs, t, player)
    _tax_square(rs, "income")
    tax = rs.param("taxes.income")
    choices = tax["choices"]
    if choice is None:
        if len(choices) == 1:
            choice = choices[0]
        else:
            raise InputError(
                f"{rs.id} lets the player choose the income tax, before adding anything up: give --choice percent or --choice flat"
            )
    if choice not in choices:
        raise Refusal(
            f"{rs.id} has no '{choice}' income tax; it takes only: {', '.join(choices)}", rs.cite("tax.income")
        )
    ev = _event(t, "tax", player=player, tax="income", choice=choice)
    if choice == "flat":
        amount = rs.known(tax.get("flat"), "the income tax amount")
        ev.steps.append(f"flat income tax: {rs.fmt(amount)}")
    else:
        nw = value(rs, t, player, tax.get("net_worth") or "net-worth")
        pct = tax.get("percent", 10)
        amount = percent(nw.total, pct, _tax_rounding(rs))
        ev.steps += [f"  {line}" for line in nw.lines]
        ev.steps.append(f"net worth {rs.fmt(nw.total)} × {pct} % = {rs.fmt(amount)}")
        ev.args["net_worth"] = nw.total
    charge(rs, ev, player, _fee_destination(rs), amount, "income tax")
    ev.amount = amount
    ev.text = f"{player} pays {rs.fmt(amount)} income tax ({choice})"
    ev.cite("tax.income")
    return ev


def luxury_tax(rs: Ruleset, t: Table, player: str) -> Event:
    _not_over(rs, t)
    _active(rs, t, player)
    _tax_square(rs, "luxury")
    amount = rs.known(rs.param("taxes.luxury.amount"), "the luxury tax amount")
    ev = _event(t, "tax", player=player, tax="luxury")
    square = next((sq.name for sq in rs.squares if sq.tax == "luxury"), None)
    if square:  # the board's own name for it: "Super Tax" on the London board
        ev.steps.append(f"{square}: {rs.fmt(amount)}")
    charge(rs, ev, player, _fee_destination(rs), amount, "luxury tax")
    ev.amount = amount
    ev.text = f"{player} pays {rs.fmt(amount)} luxury tax"
    ev.cite("tax.luxury")
    return ev


def free_parking(rs: Ruleset, t: Table, player: str) -> Event:
    _active(rs, t, player)
    ev = _event(t, "free_parking", player=player)
    ev.cite("free_parking")
    if rs.param("free_parking.jackpot") and t.pot > 0:
        ev.amount = t.pot
        ev.op("cash", POT, player, t.pot)
        ev.text = f"{player} lands on Free Parking and collects the pot, {rs.fmt(ev.amount)}"
    else:
        ev.amount = 0
        ev.text = f"{player} lands on Free Parking: nothing happens"
    return ev


# ---------------------------------------------------------------- mortgages
def mortgage(rs: Ruleset, t: Table, idx: int) -> Event:
    _not_over(rs, t)
    sq = rs.squares[idx]
    owner = _owner(rs, t, idx, "mortgage.value")
    d = t.deeds[idx]
    if d.mortgaged:
        raise Refusal(f"{sq.name} is already mortgaged", rs.cite("mortgage.value"))
    if sq.kind == "lot":
        built = [rs.squares[i].name for i in rs.group_members(sq.group or "") if t.deeds[i].built]
        if built:
            raise Refusal(
                f"sell every building on the {rs.group_name(sq.group)} group first ({', '.join(built)} has buildings)",
                rs.cite("mortgage.buildings"),
            )
    value_ = rs.mortgage_value(sq)
    ev = _event(t, "mortgage", deed=idx, player=owner)
    ev.op("cash", BANK, owner, value_)
    ev.op("mortgaged", idx, True)
    ev.amount = value_
    ev.text = f"{owner} mortgages {sq.name} for {rs.fmt(value_)}"
    ev.cite("mortgage.value")
    return ev


def lift_cost(rs: Ruleset, sq) -> tuple[int, int]:
    v = rs.mortgage_value(sq)
    return v, percent(v, rs.param("mortgage.interest_percent"), rs.param("mortgage.rounding"))


def unmortgage(rs: Ruleset, t: Table, idx: int) -> Event:
    _not_over(rs, t)
    sq = rs.squares[idx]
    owner = _owner(rs, t, idx, "mortgage.lift")
    if not t.deeds[idx].mortgaged:
        raise Refusal(f"{sq.name} is not mortgaged", rs.cite("mortgage.lift"))
    _no_debts(rs, t, owner, "lifting a mortgage")
    v, interest = lift_cost(rs, sq)
    _afford(rs, t, owner, v + interest, f"lifting the mortgage on {sq.name}")
    ev = _event(t, "unmortgage", deed=idx, player=owner)
    ev.op("cash", owner, BANK, v + interest)
    ev.op("mortgaged", idx, False)
    ev.amount = v + interest
    rounding = rs.param("mortgage.rounding")
    ev.steps.append(
        f"mortgage {rs.fmt(v)} + {rs.param('mortgage.interest_percent')} % interest {rs.fmt(interest)} (rounded {rounding}) = {rs.fmt(v + interest)}"
    )
    ev.text = f"{owner} lifts the mortgage on {sq.name}: {rs.fmt(v + interest)}"
    ev.cite("mortgage.lift")
    return ev


# ---------------------------------------------------------------- buildings
def _level(rs: Ruleset, d) -> int:
    return rs.param("building.max_houses") + 1 if d.hotel else d.houses


def build(rs: Ruleset, t: Table, idx: int, count: int = 1, hotel: bool = False, price: int | None = None) -> Event:
    _not_over(rs, t)
    if count < 1:
        raise InputError(f"build at least one building, not {count}")
    sq = rs.squares[idx]
    if sq.kind != "lot":
        why = "building.lots_only" if rs.has_clause("building.lots_only") else "building.full_group"
        raise Refusal(f"{sq.name} is not a colour-group lot: nothing can be built on it", rs.cite(why))
    owner = _owner(rs, t, idx, "building.full_group")
    members = rs.group_members(sq.group or "")
    if not all(t.deeds[i].owner == owner for i in members):
        others = [f"{rs.squares[i].name} ({t.deeds[i].owner or 'bank'})" for i in members if t.deeds[i].owner != owner]
        raise Refusal(
            f"{owner} does not own the whole {rs.group_name(sq.group)} group ({', '.join(others)})",
            rs.cite("building.full_group"),
        )
    scope = rs.param("building.requires_unmortgaged")
    blocked = [i for i in (members if scope == "group" else [idx]) if t.deeds[i].mortgaged]
    if blocked:
        raise Refusal(
            f"{', '.join(rs.squares[i].name for i in blocked)} is mortgaged: lift the mortgage before building"
            + (" anywhere on the group" if scope == "group" else ""),
            rs.cite("building.mortgaged"),
        )
    _no_debts(rs, t, owner, "building")
    ev = _event(t, "build", deed=idx, count=count, hotel=hotel, player=owner, price=price)
    max_h = rs.param("building.max_houses")
    hotel_h = rs.param("building.hotel_houses")
    cost = 0
    built: list[str] = []
    for _ in range(count):
        d = ev.t.deeds[idx]
        if d.hotel:
            raise Refusal(f"{sq.name} already has a hotel, the most a lot can hold", rs.cite("building.hotel"))
        want_hotel = d.houses >= max_h or (hotel and d.houses >= hotel_h)
        if want_hotel:
            if d.houses < hotel_h:
                raise Refusal(f"a hotel on {sq.name} needs {hotel_h} houses on it first", rs.cite("building.hotel"))
            if rs.param("building.hotel_requires") == "every_lot":
                short = [rs.squares[i].name for i in members if not ev.t.deeds[i].hotel and ev.t.deeds[i].houses < hotel_h]
                if short:
                    raise Refusal(
                        f"a hotel needs {hotel_h} houses on every lot of the group; {', '.join(short)} has fewer",
                        rs.cite("building.hotel"),
                    )
            if ev.t.bank_hotels < 1:
                raise Refusal("the bank has no hotels left", rs.cite("building.shortage"))
            step_cost = rs.hotel_cost(sq)
            ev.op("buildings", idx, 0, True)
            built.append("a hotel")
            ev.steps.append(f"hotel on {sq.name}: {rs.fmt(step_cost)} and its {d.houses if False else hotel_h} houses go back to the bank")
        else:
            if ev.t.bank_houses < 1:
                raise Refusal(
                    "the bank has no houses left: wait until some are sold back (when several players want the last ones, they are auctioned)",
                    rs.cite("building.shortage"),
                )
            new_level = d.houses + 1
            if rs.param("building.even_build"):
                others = [_level(rs, ev.t.deeds[i]) for i in members if i != idx]
                diff = rs.param("building.max_difference")
                if others and new_level - min(others) > diff:
                    lows = [rs.squares[i].name for i in members if i != idx and _level(rs, ev.t.deeds[i]) == min(others)]
                    raise Refusal(
                        f"houses must be built evenly: {sq.name} would have {new_level} while {', '.join(lows)} has {min(others)}",
                        rs.cite("building.even"),
                    )
            step_cost = rs.house_cost(sq)
            ev.op("buildings", idx, new_level, False)
            built.append("a house")
        cost += step_cost
    if hotel and "a hotel" not in built:  # asked for a hotel, got only houses: refuse rather than build something else
        raise Refusal(f"a hotel on {sq.name} needs {hotel_h} houses on it first (it has {t.deeds[idx].houses})", rs.cite("building.hotel"))
    if price is not None:
        minimum = rs.param("building.shortage_opening", 0)
        if price < max(minimum, 1):
            raise Refusal(f"a shortage auction opens at {rs.fmt(max(minimum, 1))}", rs.cite("building.shortage"))
        ev.steps.append(f"bought at a shortage auction for {rs.fmt(price)} instead of {rs.fmt(cost)}")
        cost = price
        ev.cite("building.shortage")
    _afford(rs, ev.t, owner, cost, "the buildings")
    ev.op("cash", owner, BANK, cost)
    ev.amount = cost
    d = ev.t.deeds[idx]
    now = "a hotel" if d.hotel else f"{d.houses} house(s)"
    ev.text = f"{owner} builds {_plural(built)} on {sq.name} for {rs.fmt(cost)} (now {now})"
    ev.cite("building.full_group", "building.even")
    if any("hotel" in b for b in built):
        ev.cite("building.hotel")
    return ev


def _plural(items: list[str]) -> str:
    houses = items.count("a house")
    hotels = items.count("a hotel")
    parts = []
    if houses:
        parts.append("a house" if houses == 1 else f"{houses} houses")
    if hotels:
        parts.append("a hotel")
    return " and ".join(parts)


def sell_buildings(rs: Ruleset, t: Table, idx: int, count: int = 1) -> Event:
    _not_over(rs, t)
    if count < 1:
        raise InputError(f"sell at least one building, not {count}")
    sq = rs.squares[idx]
    owner = _owner(rs, t, idx, "building.sell")
    members = rs.group_members(sq.group or "")
    ev = _event(t, "sell", deed=idx, count=count, player=owner)
    pct = rs.param("building.sell_percent")
    hotel_h = rs.param("building.hotel_houses")
    payout = 0
    for _ in range(count):
        d = ev.t.deeds[idx]
        if not d.built:
            raise Refusal(f"{sq.name} has no buildings to sell", rs.cite("building.sell"))
        if d.hotel:
            if rs.param("building.no_hotel_breaking_to_starve") and not ev.t.debts_of(owner):
                raise Refusal(
                    "in tournament play a hotel may be broken into houses only to raise money the player needs, not to starve the others of houses",
                    rs.cite("building.shortage"),
                )
            give = min(hotel_h, ev.t.bank_houses)
            value_ = rs.hotel_cost(sq) + (hotel_h - give) * rs.house_cost(sq)
            got = percent(value_, pct)
            ev.op("buildings", idx, give, False)
            ev.steps.append(
                f"hotel on {sq.name} sold for {pct} % of {rs.fmt(value_)} = {rs.fmt(got)}; {give} house(s) come back onto the lot"
            )
        else:
            if rs.param("building.even_sell"):
                others = [_level(rs, ev.t.deeds[i]) for i in members if i != idx]
                diff = rs.param("building.max_difference")
                if others and max(others) - (d.houses - 1) > diff:
                    highs = [rs.squares[i].name for i in members if i != idx and _level(rs, ev.t.deeds[i]) == max(others)]
                    raise Refusal(
                        f"houses must be sold evenly: sell from {', '.join(highs)} first ({max(others)} there, {d.houses} on {sq.name})",
                        rs.cite("building.even"),
                    )
            got = percent(rs.house_cost(sq), pct)
            ev.op("buildings", idx, d.houses - 1, False)
            ev.steps.append(f"house on {sq.name} sold for {pct} % of {rs.fmt(rs.house_cost(sq))} = {rs.fmt(got)}")
        payout += got
    ev.op("cash", BANK, owner, payout)
    ev.amount = payout
    d = ev.t.deeds[idx]
    now = "a hotel" if d.hotel else f"{d.houses} house(s)"
    ev.text = f"{owner} sells {count} building(s) on {sq.name} to the bank for {rs.fmt(payout)} (now {now})"
    ev.cite("building.sell")
    return ev


# ---------------------------------------------------------------- trades
@dataclass
class Side:
    cash: int = 0
    deeds: list[int] = field(default_factory=list)
    jail_cards: list[str] = field(default_factory=list)

    def empty(self) -> bool:
        return not (self.cash or self.deeds or self.jail_cards)


def trade(rs: Ruleset, t: Table, a: str, b: str, a_gives: Side, b_gives: Side, lift: list[int] | None = None) -> Event:
    _not_over(rs, t)
    if a == b:
        raise InputError("a trade needs two different players")
    for who in (a, b):
        _active(rs, t, who)
    if a_gives.empty() and b_gives.empty():
        raise InputError("the trade moves nothing")
    if a_gives.empty() or b_gives.empty():
        giver = a if not a_gives.empty() else b
        raise Refusal(
            f"{giver} would give something for nothing: loans and gifts between players are not allowed",
            rs.cite("loans.forbidden"),
        )
    lift = lift or []
    ev = _event(t, "trade", a=a, b=b, a_gives=a_gives.__dict__, b_gives=b_gives.__dict__, lift=lift)
    ev.cite("trade.private")
    for giver, taker, side in ((a, b, a_gives), (b, a, b_gives)):
        for idx in side.deeds:
            sq = rs.squares[idx]
            if t.deeds[idx].owner != giver:
                raise Refusal(f"{sq.name} does not belong to {giver}", rs.cite("trade.private"))
            if sq.kind == "lot" and not rs.param("trade.with_buildings_on_group"):
                built = [rs.squares[i].name for i in rs.group_members(sq.group or "") if t.deeds[i].built]
                if built:
                    raise Refusal(
                        f"{sq.name} cannot change hands while its group has buildings ({', '.join(built)}): sell them to the bank first",
                        rs.cite("trade.buildings"),
                    )
        for deck in side.jail_cards:
            if deck not in t.player(giver).jail_cards:
                raise Refusal(f"{giver} holds no Get Out of Jail Free card of that deck", rs.cite("jail.card"))
            if not rs.param("trade.jail_cards"):
                raise Refusal("Get Out of Jail Free cards cannot be traded in this ruleset", rs.cite("jail.card"))
        if side.cash < 0:
            raise InputError("cash in a trade must be positive")
        if side.cash:
            _afford(rs, ev.t, giver, side.cash, "the cash in this trade")
            ev.op("cash", giver, taker, side.cash)
    for giver, taker, side in ((a, b, a_gives), (b, a, b_gives)):
        for idx in side.deeds:
            ev.op("owner", idx, taker)
        for deck in side.jail_cards:
            ev.op("jail_card", giver, taker, deck)
    # mortgaged deeds: the new owner pays the interest now, or lifts at once
    for giver, taker, side in ((a, b, a_gives), (b, a, b_gives)):
        for idx in side.deeds:
            if t.deeds[idx].mortgaged:
                _transfer_mortgaged(rs, ev, taker, idx, idx in lift)
    for idx in lift:
        if idx not in a_gives.deeds + b_gives.deeds or not t.deeds[idx].mortgaged:
            raise InputError(f"--lift names {rs.squares[idx].name}, which is not a mortgaged deed in this trade")
    ev.text = f"trade: {a} gives {_side_text(rs, a_gives)}; {b} gives {_side_text(rs, b_gives)}"
    return ev


def _transfer_mortgaged(rs: Ruleset, ev: Event, taker: str, idx: int, lift_now: bool) -> None:
    sq = rs.squares[idx]
    v, interest = lift_cost(rs, sq)
    ev.cite("mortgage.transfer")
    if lift_now:
        _afford(rs, ev.t, taker, v + interest, f"lifting the mortgage on {sq.name}")
        ev.op("cash", taker, BANK, v + interest)
        ev.op("mortgaged", idx, False)
        ev.steps.append(f"{taker} lifts the mortgage on {sq.name} at once: {rs.fmt(v)} + {rs.fmt(interest)} interest")
    elif rs.param("mortgage.transfer_interest"):
        charge(rs, ev, taker, BANK, interest, f"interest on mortgaged {sq.name}")
        ev.steps.append(
            f"{taker} keeps {sq.name} mortgaged and pays the bank {rs.fmt(interest)} interest now; lifting later costs {rs.fmt(v + interest)}"
        )


def _side_text(rs: Ruleset, s: Side) -> str:
    parts = [rs.squares[i].name for i in s.deeds]
    if s.cash:
        parts.append(rs.fmt(s.cash))
    parts += ["a Get Out of Jail Free card"] * len(s.jail_cards)
    return ", ".join(parts) or "nothing"


# ---------------------------------------------------------------- jail
def jail_square(rs: Ruleset) -> int:
    for sq in rs.squares:
        if sq.kind == "jail":
            return sq.index
    return 10


def send_to_jail(rs: Ruleset, t: Table, player: str, reason: str = "") -> Event:
    _not_over(rs, t)
    _active(rs, t, player)
    if t.player(player).in_jail:
        raise Refusal(f"{player} is already in jail", rs.cite("jail.send"))
    ev = _event(t, "jail", player=player, action="send", reason=reason)
    ev.op("jail", player, True, 0, jail_square(rs))
    ev.op("set", "doubles_run", 0)
    ev.text = f"{player} goes to jail" + (f" ({reason})" if reason else "") + "; no salary for this move"
    ev.cite("jail.send")
    if rs.param("jail.lose_next_turn"):
        ev.op("skip", player, 1)
        ev.notes.append(f"{player} also loses the next turn")
    return ev


def jail_pay(rs: Ruleset, t: Table, player: str) -> Event:
    _not_over(rs, t)
    p = t.player(player)
    if not p.in_jail:
        raise Refusal(f"{player} is not in jail", rs.cite("jail.fine"))
    fine = rs.param("jail.fine")
    _afford(rs, t, player, fine, "the jail fine")
    ev = _event(t, "jail", player=player, action="pay")
    ev.op("cash", player, _fee_destination(rs), fine)
    ev.op("jail", player, False, 0)
    ev.amount = fine
    ev.text = f"{player} pays the {rs.fmt(fine)} fine and leaves jail"
    ev.cite("jail.fine")
    return ev


def jail_card(rs: Ruleset, t: Table, player: str, deck: str | None = None) -> Event:
    _not_over(rs, t)
    p = t.player(player)
    if not p.in_jail:
        raise Refusal(f"{player} is not in jail", rs.cite("jail.card"))
    if not p.jail_cards:
        raise Refusal(f"{player} holds no Get Out of Jail Free card (one can be bought from another player with a trade)", rs.cite("jail.card"))
    use = deck if deck in p.jail_cards else p.jail_cards[0]
    ev = _event(t, "jail", player=player, action="card", deck=use)
    ev.op("jail_card", player, None, use)
    ev.op("jail", player, False, 0)
    ev.text = f"{player} uses a Get Out of Jail Free card; it goes back under its deck"
    ev.cite("jail.card")
    return ev


def jail_roll(rs: Ruleset, t: Table, player: str, d1: int, d2: int) -> Event:
    """A jailed player's throw: doubles free them; the last allowed failure forces the fine."""
    _not_over(rs, t)
    p = t.player(player)
    if not p.in_jail:
        raise Refusal(f"{player} is not in jail", rs.cite("jail.fine"))
    _dice_ok(d1, d2)
    ev = _event(t, "jail", player=player, action="roll", dice=[d1, d2])
    max_turns = rs.param("jail.max_turns")
    if d1 == d2:
        ev.op("jail", player, False, 0)
        ev.text = f"{player} throws doubles ({d1}+{d2}) and leaves jail, moving {d1 + d2}"
        ev.cite("jail.fine")
        return ev
    turns = p.jail_turns + 1
    if turns >= max_turns:
        fine = rs.param("jail.fine")
        ev.op("jail", player, False, 0)
        charge(rs, ev, player, _fee_destination(rs), fine, "jail fine")
        ev.amount = fine
        ev.text = f"{player} fails on turn {turns} in jail: must pay {rs.fmt(fine)} and moves {d1 + d2}"
        ev.cite("jail.third_turn")
    else:
        ev.op("jail", player, True, turns)
        ev.text = f"{player} stays in jail (turn {turns} of {max_turns})"
        ev.cite("jail.fine")
    return ev


def _dice_ok(d1: int, d2: int) -> None:
    for d in (d1, d2):
        if not 1 <= d <= 6:
            raise InputError(f"a die shows 1 to 6, not {d}")


# ---------------------------------------------------------------- cards
def find_card(rs: Ruleset, name: str) -> dict:
    """A card by its id or any distinctive words of its text (referee.names.card_choices)."""
    from referee.names import card_choices, match

    choices, cards = card_choices(rs.decks())
    if not choices:
        raise InputError(f"{rs.id} lists no card texts; record the card's effect with pay/collect instead")
    return cards[match(name, choices, "card", hint="referee cards lists them")]


def draw_card(rs: Ruleset, t: Table, player: str, card: dict, passed_go: bool = False) -> Event:
    _not_over(rs, t)
    _active(rs, t, player)
    eff = card["effect"]
    ev = _event(t, "card", player=player, card=f"{card['deck']}:{card['id']}", passed_go=passed_go)
    text = card.get("text", card["id"])
    dest = _fee_destination(rs)
    ev.text = f"{player} draws '{text}'"
    others = [p.name for p in t.active_players() if p.name != player]
    if eff == "collect":
        ev.op("cash", BANK, player, card["amount"])
        ev.amount = card["amount"]
        ev.text += f": collects {rs.fmt(ev.amount)} from the bank"
    elif eff == "pay":
        charge(rs, ev, player, dest, card["amount"], text)
        ev.amount = card["amount"]
        ev.text += f": pays {rs.fmt(ev.amount)}" + (" into the Free Parking pot" if dest == POT else " to the bank")
    elif eff == "collect_from_each":
        for o in others:
            charge(rs, ev, o, player, card["amount"], text)
        ev.amount = card["amount"] * len(others)
        ev.steps.append(f"{len(others)} player(s) × {rs.fmt(card['amount'])} = {rs.fmt(ev.amount)}")
        ev.text += f": collects {rs.fmt(ev.amount)} in all"
    elif eff == "pay_each":
        total = card["amount"] * len(others)
        ev.steps.append(f"{len(others)} player(s) × {rs.fmt(card['amount'])} = {rs.fmt(total)}")
        if t.player(player).cash < total:
            for o in others:
                charge(rs, ev, player, o, card["amount"], text)
        else:
            for o in others:
                ev.op("cash", player, o, card["amount"])
        ev.amount = total
        ev.text += f": pays {rs.fmt(total)} in all"
    elif eff == "repairs":
        houses = sum(t.deeds[i].houses for i in t.owned_by(player))
        hotels = sum(1 for i in t.owned_by(player) if t.deeds[i].hotel)
        amount = houses * card["per_house"] + hotels * card["per_hotel"]
        ev.steps.append(
            f"{houses} house(s) × {rs.fmt(card['per_house'])} + {hotels} hotel(s) × {rs.fmt(card['per_hotel'])} = {rs.fmt(amount)}"
        )
        charge(rs, ev, player, dest, amount, text)
        ev.amount = amount
        ev.text += f": pays {rs.fmt(amount)}"
    elif eff == "go_to_jail":
        inner = send_to_jail(rs, ev.t, player, "card")
        for op in inner.ops:
            ev.op(*op)
        ev.notes += inner.notes
        ev.cite("jail.send")
    elif eff == "get_out_of_jail":
        deck_cards = sum(c.get("copies", 1) for c in rs.decks()[card["deck"]]["cards"] if c["effect"] == "get_out_of_jail")
        if t.jail_cards_out.get(card["deck"], 0) >= deck_cards:
            raise Refusal("every Get Out of Jail Free card of that deck is already held by a player", rs.cite("jail.card"))
        ev.op("jail_card", None, player, card["deck"])
        ev.cite("jail.card")
    elif eff in ("move_to", "move_to_nearest", "move_relative"):
        pos = t.player(player).position
        if eff == "move_to":
            to = card["to"]
        elif eff == "move_relative":
            to = (pos + card["spaces"]) % len(rs.squares or [0] * 40)
        else:
            to = _nearest(rs, pos, card["target"])
        passes = passed_go or (eff != "move_relative" and t.extra.get("tracking") and (to < pos or to == 0))
        if to == 0 and eff == "move_to":
            passes = True
        ev.op("position", player, to)
        if passes and card.get("salary", True):
            amount = rs.param("salary.amount")
            ev.op("cash", BANK, player, amount)
            ev.amount = amount
            ev.steps.append(f"passes or lands on GO: salary {rs.fmt(amount)}")
            ev.cite("go.salary")
        if rs.squares:
            ev.steps.append(f"moves to {rs.squares[to].name}")
            if eff == "move_to_nearest":
                ev.notes.append(
                    f"if {rs.squares[to].name} is owned, record the rent with: rent {player} \"{rs.squares[to].name}\" --card {card['id']}"
                    + (" --dice N" if card["target"] == "utility" else "")
                )
                ev.cite("rent.card")
    else:
        raise InputError(f"card effect '{eff}' is not handled")
    return ev


def _nearest(rs: Ruleset, pos: int, kind: str) -> int:
    n = len(rs.squares)
    for step in range(1, n + 1):
        i = (pos + step) % n
        if rs.squares[i].kind == kind:
            return i
    raise InputError(f"no {kind} on this board")


# ---------------------------------------------------------------- bankruptcy
def bankruptcy_check(rs: Ruleset, t: Table, player: str) -> tuple[bool, int, int, list[str]]:
    owed = sum(d.amount for d in t.debts_of(player))
    can, lines = liquidation(rs, t, player)
    cash = t.player(player).cash
    return cash + can < owed, owed, cash + can, lines


def bankrupt(rs: Ruleset, t: Table, player: str) -> Event:
    _not_over(rs, t)
    _active(rs, t, player)
    debts = t.debts_of(player)
    if not debts:
        raise Refusal(
            f"{player} owes nothing recorded: a player goes bankrupt only over a debt they cannot pay (record the payment first)",
            rs.cite("bankruptcy.test"),
        )
    broke, owed, raisable, _ = bankruptcy_check(rs, t, player)
    if not broke:
        raise Refusal(
            f"{player} owes {rs.fmt(owed)} but can raise {rs.fmt(raisable)} (cash, buildings sold back, mortgages): not bankrupt",
            rs.cite("bankruptcy.test"),
        )
    creditors = {d.creditor for d in debts}
    creditor = next((c for c in creditors if c not in (BANK, POT)), BANK)
    ev = _event(t, "bankrupt", player=player, creditor=creditor)
    ev.cite("bankruptcy.test")
    procedure = rs.param("bankruptcy.procedure")
    pct = rs.param("building.sell_percent")
    hotel_h = rs.param("building.hotel_houses")
    mine = t.owned_by(player)
    ends_game = rs.param("end.condition") == "bankruptcies" and t.bankruptcies + 1 >= rs.param("end.bankruptcies")
    keep_buildings = ends_game and rs.param("end.final_bankrupt_keeps_buildings", False) and creditor != BANK
    if keep_buildings:
        ev.cite("bankruptcy.final" if rs.has_clause("bankruptcy.final") else "end.game")
        ev.steps.append(f"this bankruptcy ends the game: the buildings go to {creditor} with the deeds")
    # 1. buildings go back to the bank (unless the last bankruptcy hands them over whole)
    proceeds = 0
    for idx in mine:
        d = ev.t.deeds[idx]
        if d.built and not keep_buildings:
            sq = rs.squares[idx]
            v = d.houses * rs.house_cost(sq) + ((rs.hotel_cost(sq) + hotel_h * rs.house_cost(sq)) if d.hotel else 0)
            proceeds += percent(v, pct)
            ev.op("buildings", idx, 0, False)
    to_player = creditor != BANK and procedure != "bank_pays_creditors"
    if proceeds and (to_player or procedure == "bank_pays_creditors"):
        ev.op("cash", BANK, player, proceeds)
        ev.steps.append(f"buildings sold back to the bank at {pct} %: {rs.fmt(proceeds)}")
    cash = ev.t.player(player).cash
    if to_player:
        ev.cite("bankruptcy.to_player")
        if cash:
            ev.op("cash", player, creditor, cash)
        for idx in mine:
            ev.op("owner", idx, creditor)
        for deck in list(ev.t.player(player).jail_cards):
            ev.op("jail_card", player, creditor, deck)
        ev.steps.append(f"{creditor} receives {rs.fmt(cash)} and {len(mine)} deed(s)")
        for idx in mine:
            if ev.t.deeds[idx].mortgaged and rs.param("mortgage.transfer_interest"):
                _transfer_mortgaged(rs, ev, creditor, idx, False)
    else:
        ev.cite("bankruptcy.to_bank")
        if cash:
            ev.op("cash", player, BANK, cash)
        for idx in mine:
            ev.op("owner", idx, None)
            if ev.t.deeds[idx].mortgaged:
                ev.op("mortgaged", idx, False)
        for deck in list(ev.t.player(player).jail_cards):
            ev.op("jail_card", player, None, deck)
        if procedure == "bank_pays_creditors":
            for d in debts:
                if d.creditor not in (BANK, POT):
                    ev.op("cash", BANK, d.creditor, d.amount)
                    ev.steps.append(f"the bank pays {d.creditor} the {rs.fmt(d.amount)} owed in full")
        if mine:
            ev.notes.append(
                "the bank now auctions: " + ", ".join(rs.squares[i].name for i in mine) + " (record each with: auction DEED WINNER PRICE)"
            )
    _close_claims(rs, ev, player, creditor if to_player else BANK)
    ev.op("bankrupt", player)
    ev.text = f"{player} is bankrupt" + (f" to {creditor}" if creditor != BANK else " to the bank")
    _check_end(rs, ev)
    return ev


def _close_claims(rs: Ruleset, ev: Event, player: str, heir: str) -> None:
    """What others owe the bankrupt player: a claim of value, so it passes with the rest to a creditor
    player (who takes 'all that is of value'); owed to a player who leaves the game otherwise, it is cancelled."""
    for d in [d for d in ev.t.debts if d.creditor == player]:
        ev.op("debt_paid", d.id)
        if heir not in (BANK, POT) and heir != d.debtor:
            ev.op("debt", d.debtor, heir, d.amount, d.reason)
            ev.steps.append(f"{d.debtor}'s debt of {rs.fmt(d.amount)} to {player} is now owed to {heir}")
        else:
            ev.steps.append(f"{d.debtor}'s debt of {rs.fmt(d.amount)} to {player} is cancelled: {player} leaves the game")


def _check_end(rs: Ruleset, ev: Event) -> None:
    t = ev.t
    cond = rs.param("end.condition")
    active = t.active_players()
    if len(active) <= 1:
        ev.op("over", active[0].name if active else None)
        ev.notes.append(f"game over: {active[0].name if active else 'nobody'} is the last player left")
        ev.cite("end.game")
    elif cond == "bankruptcies" and t.bankruptcies >= rs.param("end.bankruptcies"):
        method = rs.param("end.valuation")
        vals = sorted((value(rs, t, p.name, method) for p in active), key=lambda v: -v.total)
        top = [v for v in vals if v.total == vals[0].total]
        winner = top[0].player if len(top) == 1 else None
        ev.op("over", winner)
        ev.notes.append(
            f"game over at bankruptcy {t.bankruptcies}: "
            + ("; ".join(f"{v.player} {rs.fmt(v.total)}" for v in vals))
            + (f" — {winner} wins" if winner else " — a tie")
        )
        ev.cite("end.game")


def partial_payment(rs: Ruleset, t: Table, debtor: str, idxs: list[int], value_: int) -> Event:
    """Pay part of a debt to a player with unbuilt deeds, valued by the creditor (where the edition allows)."""
    if not rs.param("bankruptcy.partial_payment_in_property"):
        raise Refusal(f"{rs.id} does not allow paying a debt in property", rs.cite("debt.raise"))
    debts = [d for d in t.debts_of(debtor) if d.creditor not in (BANK, POT)]
    if not debts:
        raise InputError(f"{debtor} owes no player anything")
    debt = debts[0]
    cite = "bankruptcy.partial_payment" if rs.has_clause("bankruptcy.partial_payment") else "debt.raise"
    ev = _event(t, "partial_payment", debtor=debtor, deeds=idxs, value=value_)
    for idx in idxs:
        d = t.deeds[idx]
        if d.owner != debtor:
            raise Refusal(f"{rs.squares[idx].name} does not belong to {debtor}", rs.cite(cite))
        if d.built:
            raise Refusal(f"only unbuilt deeds can be given in payment; {rs.squares[idx].name} has buildings", rs.cite(cite))
        ev.op("owner", idx, debt.creditor)
    ev.op("debt_paid", debt.id)
    rest = debt.amount - value_
    if rest > 0:
        ev.op("debt", debtor, debt.creditor, rest, debt.reason)
    ev.amount = value_
    ev.text = f"{debtor} pays {debt.creditor} {rs.fmt(value_)} in property ({', '.join(rs.squares[i].name for i in idxs)})"
    if rest > 0:
        ev.text += f"; still owes {rs.fmt(rest)}"
    ev.cite(cite)
    return ev
