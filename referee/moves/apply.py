"""One way to run a move: `apply(ruleset, table, move) -> Event`, through the engine's chapter for its kind.

Every move recorded at the table goes through its chapter here when it is run
again (void, amend and verify re-run the moves after a corrected one), and a
scenario's history can be replayed the same way: the move's names are already
resolved, so no name matching happens here. A move the corrected landings no
longer ground is refused as when it was typed (`core.turn_checks`).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from referee.core.events import Event
from referee.core.state import Table
from referee.errors import InputError
from referee.moves import model as m
from referee.ruleset.model import Ruleset


def _c(chapter: str):
    """The engine's chapter, imported when a move needs it: a command loads only the chapter of its own move."""
    return import_module(f"referee.core.{chapter}")


def card_by_ref(rs: Ruleset, ref: str | None) -> dict | None:
    """A card by its stored reference: "deck:id" (draws) or a bare id (rent's --card)."""
    if not ref:
        return None
    deck_id, _, cid = ref.rpartition(":")
    for d, deck in rs.decks().items():
        if deck_id and d != deck_id:
            continue
        for c in deck.get("cards") or []:
            if c["id"] == cid:
                return dict(c, deck=d)
    raise InputError(f"card '{ref}' is not in {rs.id}'s decks")


def _rent(rs: Ruleset, t: Table, mv: m.Rent) -> Event:
    # with turns tracked, the rent is tied to the payer's landing there, unless the claim window was stated by hand
    landing = _c("rent").last_landing(t, mv.payer, mv.deed) if mv.late is None and t.extra.get("tracking") else None
    return _c("rent").rent(rs, t, mv.payer, mv.deed, mv.dice, card_by_ref(rs, mv.card), mv.late, landing)


def _card(rs: Ruleset, t: Table, mv: m.Card) -> Event:
    # with turns tracked the token moves, unless the move was entered as passing GO
    card = _c("cards").custom_card(rs, t, mv.player, **mv.custom) if mv.custom else card_by_ref(rs, mv.card)
    if card is None:
        raise InputError("a drawn card with no card named cannot be replayed")
    if t.extra.get("tracking") and not mv.passed_go:
        return _c("turns").draw(rs, t, mv.player, card)
    return _c("cards").draw_card(rs, t, mv.player, card, mv.passed_go)


def _auction(rs: Ruleset, t: Table, mv: m.Auction) -> Event:
    # no bid (the deed stays with the bank), or a bid won, paid or owed to the bank
    if mv.player is None:
        return _c("auction_rules").no_bids(rs, t, mv.deed)
    assert mv.price is not None
    return _c("auction_rules").bid_won(rs, t, mv.player, mv.deed, mv.price)


def _lot_or_group(mv: m.Build | m.Sell) -> tuple[int | None, int | str | None]:
    """A building move names one lot, or a group and the houses to bring it to: (lot, None) or (None, to)."""
    if mv.group is not None and mv.to is not None:
        return None, mv.to
    if mv.group is None and mv.deed is not None:
        return mv.deed, None
    raise InputError(f"a '{mv.kind}' move names one lot, or a group and the houses to bring it to")


def _build(rs: Ruleset, t: Table, mv: m.Build) -> Event:
    lot, to = _lot_or_group(mv)
    if lot is None and to is not None and mv.group:  # build GROUP to N: the group's lots, evenly
        return _c("group_build").build_group(rs, t, rs.group_members(mv.group)[0], to)
    assert lot is not None
    return _c("buildings").build(rs, t, lot, mv.count, mv.hotel, mv.price)


def _sell(rs: Ruleset, t: Table, mv: m.Sell) -> Event:
    lot, to = _lot_or_group(mv)
    if mv.way and lot is not None:  # hotels sold outright, the way the edition allows
        return _c("hotel_sale").sell_whole(rs, t, lot, mv.way)
    if lot is None and to is not None and mv.group:
        return _c("group_build").sell_group(rs, t, rs.group_members(mv.group)[0], int(to))
    assert lot is not None
    return _c("buildings").sell_buildings(rs, t, lot, mv.count)


def _deed(rs: Ruleset, t: Table, mv: m.DeedValues) -> Event:
    # board values read at the table: the same values again (they depend on no earlier move); no ops, no sentence
    return Event("deed", {"set": list(mv.set)}, t.copy())


CHAPTERS: dict[type[m.Move], Callable[[Ruleset, Table, Any], Event]] = {
    m.Deal: lambda rs, t, mv: _c("setup").deal(rs, t, mv.player, list(mv.deeds)),
    m.Salary: lambda rs, t, mv: _c("money").salary(rs, t, mv.player, mv.landed, (mv.forced or {}).get("reason")),
    m.Pay: lambda rs, t, mv: _c("money").pay(rs, t, mv.payer, mv.payee, mv.amount, mv.reason),
    m.Settle: lambda rs, t, mv: _c("money").settle(rs, t, mv.player),
    m.Buy: lambda rs, t, mv: _c("buying").buy(rs, t, mv.player, mv.deed),
    m.Auction: _auction,
    m.Rent: _rent,
    m.IncomeTax: lambda rs, t, mv: _c("taxes").income_tax(rs, t, mv.player, mv.choice),
    m.LuxuryTax: lambda rs, t, mv: _c("taxes").luxury_tax(rs, t, mv.player),
    m.Declare: lambda rs, t, mv: _c("tax_declare").declare(rs, t, mv.player, mv.choice),
    m.FreeParking: lambda rs, t, mv: _c("taxes").free_parking(rs, t, mv.player),
    m.Mortgage: lambda rs, t, mv: _c("mortgages").mortgage(rs, t, mv.deed),
    m.Unmortgage: lambda rs, t, mv: _c("mortgages").unmortgage(rs, t, mv.deed),
    m.Build: _build,
    m.Sell: _sell,
    m.Trade: lambda rs, t, mv: _c("trades").trade(rs, t, mv.a, mv.b, _c("trades").Side(**mv.a_gives), _c("trades").Side(**mv.b_gives), list(mv.lift)),
    m.JailSend: lambda rs, t, mv: _c("jail").send_to_jail(rs, t, mv.player, mv.reason),
    m.JailPay: lambda rs, t, mv: _c("jail").jail_pay(rs, t, mv.player),
    m.JailCard: lambda rs, t, mv: _c("jail").jail_card(rs, t, mv.player, mv.deck),
    m.JailRoll: lambda rs, t, mv: _c("jail").jail_roll(rs, t, mv.player, mv.dice[0], mv.dice[1]),
    m.Card: _card,
    m.Bankrupt: lambda rs, t, mv: _c("bankruptcy").bankrupt(rs, t, mv.player, list(mv.lift)),
    m.PartialPayment: lambda rs, t, mv: _c("bankruptcy").partial_payment(rs, t, mv.debtor, list(mv.deeds), mv.value),
    m.Roll: lambda rs, t, mv: _c("turns").roll(rs, t, mv.dice[0], mv.dice[1], mv.player),
    m.NextTurn: lambda rs, t, mv: _c("turns").pass_turn(rs, t),
    m.SetTurn: lambda rs, t, mv: _c("turns").set_turn(rs, t, mv.player),
    m.DeedValues: _deed,
}


def apply(rs: Ruleset, t: Table, mv: m.Move) -> Event:
    """Run the move on table `t` (a scratch copy is the chapter's business): its Event, or the chapter's Refusal."""
    ev = CHAPTERS[type(mv)](rs, t, mv)
    return _c("turn_checks").mark(ev, _c("turn_checks").recheck(rs, t, mv.kind, mv.args()))


def rerun(rs: Ruleset, t: Table, typ: str, args: dict[str, Any]) -> Event:
    """A stored move run again (void, amend, verify): the move it records, applied."""
    return apply(rs, t, m.from_event(typ, args))
