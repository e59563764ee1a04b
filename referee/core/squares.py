"""What a square means for the player standing on it: for sale, rent owed, a tax, a card to draw…

The answer is data: an `action` kind, the amount, the clauses, a `Msg` saying
it and a `Next` suggesting the command that settles it. Nothing is charged here.
"""

from __future__ import annotations

from typing import Any

from referee.core import rent as rentmod
from referee.core.state import Table
from referee.errors import InputError, MissingData, Refusal
from referee.msg import Msg, Next
from referee.ruleset.model import CardData, Ruleset, Square

Card = CardData  # one definition: the ruleset's (referee/ruleset/model.py)
Meaning = dict[str, Any]


def square_meaning(
    rs: Ruleset, t: Table, player: str, idx: int, dice: int | None = None, card: Card | None = None,
    landing_roll: int | None = None,
) -> Meaning:
    """What `player` standing on square `idx` means now: data, a message (`msg`) and a suggested action (`next`)."""
    sq = rs.squares[idx]
    m: Meaning = {
        "player": player, "square": idx, "name": sq.name, "kind": sq.kind,
        "action": "nothing", "amount": None, "owner": None, "next": None,
        "msg": Msg("square.on", {"player": player, "square": sq.name}), "steps": [], "clauses": [],
    }
    try:
        if sq.is_deed:
            _deed_meaning(rs, t, m, player, idx, dice, card, landing_roll)
        elif sq.kind == "tax":
            _tax_meaning(rs, m, player, sq)
        elif sq.kind == "card":
            deck = rs.decks().get(sq.deck or "", {})
            m.update(action="card", deck=sq.deck, next=Next("draw", {"player": player, "card": None}),
                     msg=Msg("square.card", {"player": player, "deck": deck.get("name", sq.deck or "card")}))
        elif sq.kind == "go_to_jail":
            m.update(action="jail", msg=Msg("square.go_to_jail", {"player": player}), clauses=["jail.send"])
        elif sq.kind == "jail":
            if t.player(player).in_jail:
                m.update(action="in_jail", msg=Msg("square.in_jail", {"player": player}), clauses=["jail.send"])
            else:
                m.update(action="visiting", msg=Msg("square.visiting", {"player": player}))
        elif sq.kind == "go":
            m.update(action="go", msg=Msg("square.go", {"player": player}))
        elif sq.kind == "free_parking":
            if rs.p.free_parking.jackpot and t.pot > 0:
                m.update(action="collect_pot", amount=t.pot, next=Next("parking", {"player": player}),
                         msg=Msg("square.pot", {"player": player, "pot": t.pot}))
            else:
                m.update(action="nothing", msg=Msg("square.rest", {"player": player, "square": sq.name}))
            m["clauses"].append("free_parking")
    except MissingData as e:
        m.update(action="unknown", msg=Msg("square.unknown", {"player": player, "square": sq.name, "reason": e.message}))
    return m


def _deed_meaning(rs: Ruleset, t: Table, m: Meaning, player: str, idx: int, dice: int | None, card: Card | None,
                  landing_roll: int | None) -> None:
    sq = rs.squares[idx]
    d = t.deeds[idx]
    m["owner"] = d.owner
    if d.owner is None:
        price = rs.price(sq)
        auction = bool(rs.p.auction.enabled)
        m.update(action="buy_or_auction", amount=price, next=Next("buy", {"player": player, "deed": sq.name}),
                 msg=Msg("square.for_sale", {"player": player, "square": sq.name, "price": price,
                                             "cash": t.player(player).cash, "auction": auction}))
        if auction:
            m["also"] = Next("auction", {"winner": None, "deed": sq.name, "price": None})
            m["clauses"].append("auction.declined")
        m["clauses"].insert(0, "buy.printed_price")
    elif d.owner == player:
        m.update(action="own", msg=Msg("square.own", {"player": player, "square": sq.name}))
    else:
        _rent_meaning(rs, t, m, player, idx, dice, card, landing_roll)


def _rent_meaning(rs: Ruleset, t: Table, m: Meaning, player: str, idx: int, dice: int | None, card: Card | None,
                  landing_roll: int | None) -> None:
    sq = rs.squares[idx]
    owner = t.deeds[idx].owner
    args: dict[str, Any] = {"player": player, "deed": sq.name}
    if card:
        args["card"] = card["id"]
    base = {"player": player, "owner": owner, "square": sq.name}
    try:
        r = rentmod.rent_due(rs, t, idx, dice, card)
    except Refusal as e:
        m.update(action="no_rent", msg=Msg("square.no_rent", dict(base, reason=e.message)))
        if e.citation:
            m["clauses"].append(e.citation.clause)
        return
    except InputError:
        nxt = Next("rent", dict(args, dice=None))
        m.update(action="rent", next=nxt, msg=Msg("square.rent_by_dice", dict(base, next=nxt.to_dict())))
        m["clauses"].append("rent.utility")
        return
    if dice is not None and sq.kind == "utility":
        args["dice"] = dice
    nxt = Next("rent", args)
    m.update(action="rent", amount=r.amount, next=nxt, steps=r.steps, clauses=list(r.clauses))
    params: dict[str, Any] = dict(base, amount=r.amount, next=nxt.to_dict(), until=None)
    if landing_roll is not None and rs.p.rent.claim_window:
        if not rentmod.claim_open(rs, max(0, t.rolls - landing_roll)):
            m.update(action="rent_expired", next=None, msg=Msg("square.rent_expired", base))
            m["clauses"].append("rent.unclaimed")
            return
        params["until"] = rentmod.claim_until(rs, t, player)
        m["clauses"].append("rent.unclaimed")
    m["msg"] = Msg("square.rent", params)


def _tax_meaning(rs: Ruleset, m: Meaning, player: str, sq: Square) -> None:
    if sq.tax == "luxury":
        amount = rs.known(rs.p.taxes.luxury.amount, "the luxury tax amount")
        m.update(action="tax", tax="luxury", amount=amount, next=Next("tax", {"tax": "luxury", "player": player}),
                 msg=Msg("square.luxury_tax", {"player": player, "amount": amount}), clauses=["tax.luxury"])
        return
    tax = rs.p.taxes.income
    choices = list(tax.choices)
    m.update(action="tax", tax="income", choices=choices, clauses=["tax.income"])
    if choices == ["flat"]:
        amount = rs.known(tax.flat, "the income tax amount")
        m.update(amount=amount, next=Next("tax", {"tax": "income", "player": player}),
                 msg=Msg("square.income_tax", {"player": player, "amount": amount}))
    else:
        nxt = Next("tax", {"tax": "income", "player": player, "choice": choices})
        m.update(next=nxt, msg=Msg("square.income_tax_choice", {
            "player": player, "choices": choices, "next": nxt.to_dict(),
            "flat": tax.flat if "flat" in choices and isinstance(tax.flat, int) else None,
            "percent": tax.percent if "percent" in choices else None}))


def card_by_id(rs: Ruleset, cid: str | None) -> Card | None:
    """The 'move to the nearest' card a landing came from (its rent differs), by id."""
    from referee.core.cards import card_by_ref
    from referee.errors import InputError

    try:
        card = card_by_ref(rs, cid)
    except InputError:  # a card the ruleset no longer holds: no "nearest" rent
        return None
    return card if card is not None and card.get("effect") == "move_to_nearest" else None
