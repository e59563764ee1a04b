"""From a stored event (type + args) back to the transaction that produced it.

Correcting one past entry (void, amend) re-runs every later move through the
engine, so amounts that depended on the corrected entry are computed again and
a move that no longer holds is refused with its clause. The stored args are
already resolved (player names, square indexes, card ids), so no name matching
happens here.

One table: an event kind -> a function (ruleset, table, args) -> Event. Event
types that hold several transactions (tax, jail, turn) are keyed by
"type.sub", the sub-kind read from the arg named in SUBKIND.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core import (
    auction_rules,
    bankruptcy,
    buildings,
    buying,
    cards,
    group_build,
    jail,
    money,
    mortgages,
    rent,
    setup,
    taxes,
    trades,
    turns,
)
from referee.core.events import Event
from referee.core.state import Table
from referee.errors import InputError
from referee.ruleset.model import Ruleset

Args = dict[str, Any]
Rerun = Callable[[Ruleset, Table, Args], Any]

SUBKIND = {"tax": "tax", "jail": "action", "turn": "action"}


def _card(rs: Ruleset, ref: str | None) -> dict | None:
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


def _rent(rs: Ruleset, t: Table, a: Args):
    # as the rent command does: with turns tracked, the rent is tied to the payer's landing there, unless the
    # claim window was stated by hand (--late, kept on the move)
    late = a.get("late")
    landing = rent.last_landing(t, a["payer"], a["deed"]) if late is None and t.extra.get("tracking") else None
    return rent.rent(rs, t, a["payer"], a["deed"], a.get("dice"), _card(rs, a.get("card")), late, landing)


def _draw(rs: Ruleset, t: Table, a: Args):
    # as the card command does: with turns tracked the token moves, unless the move was entered as passing GO
    card = cards.custom_card(rs, t, a["player"], **a["custom"]) if a.get("custom") else _card(rs, a["card"])
    if card is None:
        raise InputError("a drawn card with no card named cannot be replayed")
    if t.extra.get("tracking") and not a.get("passed_go"):
        return turns.draw(rs, t, a["player"], card)
    return cards.draw_card(rs, t, a["player"], card, a.get("passed_go", False))


def _trade(rs: Ruleset, t: Table, a: Args):
    return trades.trade(rs, t, a["a"], a["b"], trades.Side(**a["a_gives"]), trades.Side(**a["b_gives"]), a.get("lift") or [])


def _auction(rs: Ruleset, t: Table, a: Args):
    # as the bidding desk recorded it: no bid (the deed stays with the bank), or a bid won, paid or owed to the bank
    if a.get("player") is None:
        return auction_rules.no_bids(rs, t, a["deed"])
    return auction_rules.bid_won(rs, t, a["player"], a["deed"], a["price"])


def _build(rs: Ruleset, t: Table, a: Args):
    if a.get("group"):  # build GROUP to N: the group's lots, evenly
        return group_build.build_group(rs, t, rs.group_members(a["group"])[0], a["to"])
    return buildings.build(rs, t, a["deed"], a.get("count", 1), a.get("hotel", False), a.get("price"))


def _sell(rs: Ruleset, t: Table, a: Args):
    if a.get("group"):
        return group_build.sell_group(rs, t, rs.group_members(a["group"])[0], a["to"])
    return buildings.sell_buildings(rs, t, a["deed"], a.get("count", 1))


def _deed(rs: Ruleset, t: Table, a: Args):
    # board values read at the table: the same values again (they depend on no earlier move); no ops, no sentence
    return Event("deed", {"set": a["set"]}, t.copy())


TABLE: dict[str, Rerun] = {
    "deal": lambda rs, t, a: setup.deal(rs, t, a["player"], a["deeds"]),
    "salary": lambda rs, t, a: money.salary(rs, t, a["player"], a.get("landed", False), (a.get("forced") or {}).get("reason")),
    "pay": lambda rs, t, a: money.pay(rs, t, a["payer"], a["payee"], a["amount"], a.get("reason", "")),
    "settle": lambda rs, t, a: money.settle(rs, t, a["player"]),
    "buy": lambda rs, t, a: buying.buy(rs, t, a["player"], a["deed"]),
    "auction": _auction,
    "rent": _rent,
    "tax.income": lambda rs, t, a: taxes.income_tax(rs, t, a["player"], a.get("choice")),
    "tax.luxury": lambda rs, t, a: taxes.luxury_tax(rs, t, a["player"]),
    "free_parking": lambda rs, t, a: taxes.free_parking(rs, t, a["player"]),
    "mortgage": lambda rs, t, a: mortgages.mortgage(rs, t, a["deed"]),
    "unmortgage": lambda rs, t, a: mortgages.unmortgage(rs, t, a["deed"]),
    "build": _build,
    "sell": _sell,
    "trade": _trade,
    "jail.send": lambda rs, t, a: jail.send_to_jail(rs, t, a["player"], a.get("reason", "")),
    "jail.pay": lambda rs, t, a: jail.jail_pay(rs, t, a["player"]),
    "jail.card": lambda rs, t, a: jail.jail_card(rs, t, a["player"], a.get("deck")),
    "jail.roll": lambda rs, t, a: jail.jail_roll(rs, t, a["player"], a["dice"][0], a["dice"][1]),
    "card": _draw,
    "bankrupt": lambda rs, t, a: bankruptcy.bankrupt(rs, t, a["player"]),
    "partial_payment": lambda rs, t, a: bankruptcy.partial_payment(rs, t, a["debtor"], a["deeds"], a["value"]),
    "roll": lambda rs, t, a: turns.roll(rs, t, a["dice"][0], a["dice"][1], a["player"]),
    "turn.next": lambda rs, t, a: turns.pass_turn(rs, t),
    "turn.set": lambda rs, t, a: turns.set_turn(rs, t, a["player"]),
    "deed": _deed,
}


def kind(typ: str, args: Args) -> str:
    """The table's key for a stored event."""
    sub = SUBKIND.get(typ)
    return f"{typ}.{args.get(sub)}" if sub else typ


def rerun(rs: Ruleset, t: Table, typ: str, args: Args):
    """Run the stored move again on table `t`: a new Event, or the transaction's own Refusal."""
    fn = TABLE.get(kind(typ, args))
    if fn is None:
        raise InputError(f"a '{kind(typ, args)}' entry cannot be replayed")
    from referee.core import turn_checks  # a move the corrected landings no longer ground is refused, as when typed

    ev = fn(rs, t, args)
    return turn_checks.mark(ev, turn_checks.recheck(rs, t, kind(typ, args), args))
