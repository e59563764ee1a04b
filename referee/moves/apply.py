"""One way to run a move: `apply(ruleset, table, move) -> Event`, through the engine's chapter for its kind.

Every move recorded at the table goes through its chapter here when it is run
again (void, amend and verify re-run the moves after a corrected one), and a
scenario's history can be replayed the same way: the move's names are already
resolved, so no name matching happens here. A move the corrected landings no
longer ground is refused as when it was typed (`core.turn_checks`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core.events import Event
from referee.core.state import Table
from referee.errors import InputError
from referee.moves import model as m
from referee.ruleset.model import Ruleset


def _rent(rs: Ruleset, t: Table, mv: m.Rent) -> Event:
    from referee.core import cards, rent

    # the rent is tied to the payer's landing there (turns tracked, or a dispute's given throws), unless the claim
    # window was stated by hand
    landing = rent.last_landing(t, mv.payer, mv.deed) if mv.late is None else None
    return rent.rent(rs, t, mv.payer, mv.deed, mv.dice, cards.card_by_ref(rs, mv.card), mv.late, landing)


def _card(rs: Ruleset, t: Table, mv: m.Card) -> Event:
    from referee.core import cards, turns

    # with turns tracked the token moves, unless the move was entered as passing GO
    card = cards.custom_card(rs, t, mv.player, **mv.custom) if mv.custom else cards.card_by_ref(rs, mv.card)
    if card is None:
        raise InputError("a drawn card with no card named cannot be replayed")
    if t.extra.get("tracking") and not mv.passed_go:
        return turns.draw(rs, t, mv.player, card)
    return cards.draw_card(rs, t, mv.player, card, mv.passed_go)


def _auction(rs: Ruleset, t: Table, mv: m.Auction) -> Event:
    from referee.core import auction_rules

    # no bid (the deed stays with the bank), or a bid won, paid or owed to the bank
    if mv.player is None:
        return auction_rules.no_bids(rs, t, mv.deed)
    assert mv.price is not None
    return auction_rules.bid_won(rs, t, mv.player, mv.deed, mv.price)


def _lot_or_group(mv: m.Build | m.Sell) -> tuple[int | None, int | str | None]:
    """A building move names one lot, or a group and the houses to bring it to: (lot, None) or (None, to)."""
    if mv.group is not None and mv.to is not None:
        return None, mv.to
    if mv.group is None and mv.deed is not None:
        return mv.deed, None
    raise InputError(f"a '{mv.kind}' move names one lot, or a group and the houses to bring it to")


def _build(rs: Ruleset, t: Table, mv: m.Build) -> Event:
    from referee.core import buildings, group_build

    lot, to = _lot_or_group(mv)
    if lot is None and to is not None and mv.group:  # build GROUP to N: the group's lots, evenly
        return group_build.build_group(rs, t, rs.group_members(mv.group)[0], to)
    assert lot is not None
    if mv.wants is not None:  # from a short bank: the deed price, or the auction the rivals force
        from referee.core import shortage

        wants = [shortage.Want(w["player"], int(w.get("houses", 0)), int(w.get("hotels", 0)), int(w.get("breaks", 0)))
                 for w in mv.wants]
        return shortage.shortage(rs, t, wants, lot, mv.count, mv.hotel, mv.price, mv.by)
    return buildings.build(rs, t, lot, mv.count, mv.hotel, mv.price, mv.by)


def _sell(rs: Ruleset, t: Table, mv: m.Sell) -> Event:
    from referee.core import buildings, group_build, hotel_sale

    lot, to = _lot_or_group(mv)
    if mv.way and lot is not None:  # hotels sold outright, the way the edition allows
        return hotel_sale.sell_whole(rs, t, lot, mv.way, mv.by)
    if lot is None and to is not None and mv.group:
        return group_build.sell_group(rs, t, rs.group_members(mv.group)[0], int(to))
    assert lot is not None
    return buildings.sell_buildings(rs, t, lot, mv.count, mv.by)


def _deed(rs: Ruleset, t: Table, mv: m.DeedValues) -> Event:
    from referee.core import board_values

    # board values read at the table: the same values again (they depend on no earlier move); no ops
    return board_values.record_values(rs, t, [dict(ch) for ch in mv.set])


def _deal(rs: Ruleset, t: Table, mv: m.Deal) -> Event:
    from referee.core import setup

    return setup.deal(rs, t, mv.player, list(mv.deeds))


def _salary(rs: Ruleset, t: Table, mv: m.Salary) -> Event:
    from referee.core import money

    return money.salary(rs, t, mv.player, mv.landed, (mv.forced or {}).get("reason"))


def _pay(rs: Ruleset, t: Table, mv: m.Pay) -> Event:
    from referee.core import money

    return money.pay(rs, t, mv.payer, mv.payee, mv.amount, mv.reason)


def _settle(rs: Ruleset, t: Table, mv: m.Settle) -> Event:
    from referee.core import money

    return money.settle(rs, t, mv.player)


def _buy(rs: Ruleset, t: Table, mv: m.Buy) -> Event:
    from referee.core import buying

    return buying.buy(rs, t, mv.player, mv.deed)


def _income_tax(rs: Ruleset, t: Table, mv: m.IncomeTax) -> Event:
    from referee.core import taxes

    return taxes.income_tax(rs, t, mv.player, mv.choice)


def _luxury_tax(rs: Ruleset, t: Table, mv: m.LuxuryTax) -> Event:
    from referee.core import taxes

    return taxes.luxury_tax(rs, t, mv.player)


def _declare(rs: Ruleset, t: Table, mv: m.Declare) -> Event:
    from referee.core import tax_declare

    return tax_declare.declare(rs, t, mv.player, mv.choice)


def _free_parking(rs: Ruleset, t: Table, mv: m.FreeParking) -> Event:
    from referee.core import taxes

    return taxes.free_parking(rs, t, mv.player)


def _mortgage(rs: Ruleset, t: Table, mv: m.Mortgage) -> Event:
    from referee.core import mortgages

    return mortgages.mortgage(rs, t, mv.deed, mv.by)


def _unmortgage(rs: Ruleset, t: Table, mv: m.Unmortgage) -> Event:
    from referee.core import mortgages

    return mortgages.unmortgage(rs, t, mv.deed, mv.by)


def _trade(rs: Ruleset, t: Table, mv: m.Trade) -> Event:
    from referee.core import trades

    return trades.trade(rs, t, mv.a, mv.b, trades.Side(**mv.a_gives), trades.Side(**mv.b_gives), list(mv.lift))


def _jail_send(rs: Ruleset, t: Table, mv: m.JailSend) -> Event:
    from referee.core import jail

    return jail.send_to_jail(rs, t, mv.player, mv.reason)


def _jail_pay(rs: Ruleset, t: Table, mv: m.JailPay) -> Event:
    from referee.core import jail

    return jail.jail_pay(rs, t, mv.player)


def _jail_card(rs: Ruleset, t: Table, mv: m.JailCard) -> Event:
    from referee.core import jail

    return jail.jail_card(rs, t, mv.player, mv.deck)


def _jail_roll(rs: Ruleset, t: Table, mv: m.JailRoll) -> Event:
    from referee.core import jail

    return jail.jail_roll(rs, t, mv.player, mv.dice[0], mv.dice[1])


def _bankrupt(rs: Ruleset, t: Table, mv: m.Bankrupt) -> Event:
    from referee.core import bankruptcy

    return bankruptcy.bankrupt(rs, t, mv.player, list(mv.lift))


def _partial_payment(rs: Ruleset, t: Table, mv: m.PartialPayment) -> Event:
    from referee.core import bankruptcy

    return bankruptcy.partial_payment(rs, t, mv.debtor, list(mv.deeds), mv.value)


def _roll(rs: Ruleset, t: Table, mv: m.Roll) -> Event:
    from referee.core import turns

    return turns.roll(rs, t, mv.dice[0], mv.dice[1], mv.player)


def _next_turn(rs: Ruleset, t: Table, mv: m.NextTurn) -> Event:
    from referee.core import turns

    return turns.pass_turn(rs, t)


def _set_turn(rs: Ruleset, t: Table, mv: m.SetTurn) -> Event:
    from referee.core import turns

    return turns.set_turn(rs, t, mv.player)


CHAPTERS: dict[type[m.Move], Callable[[Ruleset, Table, Any], Event]] = {
    m.Deal: _deal,
    m.Salary: _salary,
    m.Pay: _pay,
    m.Settle: _settle,
    m.Buy: _buy,
    m.Auction: _auction,
    m.Rent: _rent,
    m.IncomeTax: _income_tax,
    m.LuxuryTax: _luxury_tax,
    m.Declare: _declare,
    m.FreeParking: _free_parking,
    m.Mortgage: _mortgage,
    m.Unmortgage: _unmortgage,
    m.Build: _build,
    m.Sell: _sell,
    m.Trade: _trade,
    m.JailSend: _jail_send,
    m.JailPay: _jail_pay,
    m.JailCard: _jail_card,
    m.JailRoll: _jail_roll,
    m.Card: _card,
    m.Bankrupt: _bankrupt,
    m.PartialPayment: _partial_payment,
    m.Roll: _roll,
    m.NextTurn: _next_turn,
    m.SetTurn: _set_turn,
    m.DeedValues: _deed,
}


def run(rs: Ruleset, t: Table, mv: m.Move) -> Event:
    """The move through its chapter of the rulebook, and only that: a dispute's claim (`check`) states the table
    it is played on, so the landings of a tracked game are the claim's own business, not a check here.

    A chapter that makes its event through another move's mechanism (a house rule's bank loan paid as a payment)
    still records this move: the event takes the move's type and fields, so it reads back as it was said."""
    ev = CHAPTERS[type(mv)](rs, t, mv)
    if ev.type != mv.event_type:
        ev.type, ev.args = mv.event_type, mv.args()
    return ev


def apply(rs: Ruleset, t: Table, mv: m.Move) -> Event:
    """Run the move on table `t` (a scratch copy is the chapter's business), then the turn checks of a tracked game:
    its Event, or the chapter's Refusal."""
    from referee.core import turn_checks

    return turn_checks.mark(run(rs, t, mv), turn_checks.recheck(rs, t, mv.kind, mv.args()))


def rerun(rs: Ruleset, t: Table, typ: str, args: dict[str, Any]) -> Event:
    """A stored move run again (void, amend, verify): the move it records, applied."""
    return apply(rs, t, m.from_event(typ, args))
