"""Chance and Community Chest: finding a card by name and applying its effect.

Each effect kind of the ruleset's card data (`effect:`) has one handler, chosen
from `EFFECTS`; a new kind of card is a new handler, not a new branch.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, Literal, cast

from referee.core import positions
from referee.core.checks import active, fee_destination, invalid, not_over, refuse
from referee.core.events import Event, new_event
from referee.core.jail import send_to_jail
from referee.core.money import charge
from referee.core.ops import Cash, JailCard, Position
from referee.core.state import BANK, POT, Table
from referee.msg import Msg, Next
from referee.ruleset.model import CardData, Ruleset

Card = CardData  # one definition: the ruleset's (referee/ruleset/model.py)


def find_card(rs: Ruleset, name: str, hint: str | None = None, deck: str | None = None,
              mode: Literal["exact", "prefix", "words", "forgiving"] = "forgiving") -> Card:
    """The one way a card is found by what the table says: its id, 'deck:id' or any distinctive words of its text
    (referee.ruleset.names.card_choices), within `deck` when the square it is drawn on says which (a card both decks
    hold). An ambiguous name lists the candidates (Ambiguous); `hint` says where the cards are listed."""
    from referee.ruleset.names import Names, card_choices, match

    decks = rs.decks() if deck is None else {deck: rs.decks()[deck]} if deck in rs.decks() else {}
    key = (deck or "", _language())
    per = _CHOICES.setdefault(rs, {})
    if key not in per:
        choices, cards = card_choices(decks)
        per[key] = (Names(choices), cards)
    choices, cards = per[key]
    if not choices:
        raise invalid("invalid.no_card_texts", ruleset=rs.id)
    return cast(Card, dict(cards[match(name, choices, "card", mode=mode, hint=hint or "")]))  # the schema checked the deck


_CHOICES: weakref.WeakKeyDictionary[Ruleset, dict[tuple[str, str], tuple[Any, dict[str, dict[Any, Any]]]]] = weakref.WeakKeyDictionary()


def _language() -> str:
    """The language the cards' printed words are matched in (their catalog words are names too)."""
    from referee.words.i18n import current

    return current()


def card_by_ref(rs: Ruleset, ref: str | None) -> Card | None:
    """A card by its stored reference: "deck:id" (a draw) or a bare id (a rent's --card); None for none."""
    if not ref:
        return None
    deck_id, _, cid = ref.rpartition(":")
    for d, cards_of in rs.decks().items():
        if deck_id and d != deck_id:
            continue
        for c in cards_of.get("cards") or []:
            if c["id"] == cid:
                return cast(Card, dict(c, deck=d))  # the schema checked the deck
    raise invalid("invalid.unknown_card_ref", ruleset=rs.id, card=ref)


# ---------------------------------------------------------------- one handler per effect
def _label(card: Card) -> str:
    return str(card.get("text", card["id"]))


def _collect(rs: Ruleset, ev: Event, player: str, card: Card, others: list[str]) -> None:
    ev.op(Cash(BANK, player, card["amount"]))
    ev.amount = card["amount"]
    ev.say("card.collect", player=player, card=_label(card), amount=ev.amount)


def _pay(rs: Ruleset, ev: Event, player: str, card: Card, others: list[str]) -> None:
    dest = fee_destination(rs)
    charge(rs, ev, player, dest, card["amount"], _label(card))
    ev.amount = card["amount"]
    ev.say("card.pay_pot" if dest == POT else "card.pay_bank", player=player, card=_label(card), amount=ev.amount)


def _collect_from_each(rs: Ruleset, ev: Event, player: str, card: Card, others: list[str]) -> None:
    for o in others:
        charge(rs, ev, o, player, card["amount"], _label(card))
    ev.amount = card["amount"] * len(others)
    ev.step("card.each", players=len(others), each=card["amount"], total=ev.amount)
    ev.say("card.collect_all", player=player, card=_label(card), amount=ev.amount)


def _pay_each(rs: Ruleset, ev: Event, player: str, card: Card, others: list[str]) -> None:
    total = card["amount"] * len(others)
    ev.step("card.each", players=len(others), each=card["amount"], total=total)
    if ev.t.player(player).cash < total:
        for o in others:
            charge(rs, ev, player, o, card["amount"], _label(card))
    else:
        for o in others:
            ev.op(Cash(player, o, card["amount"]))
    ev.amount = total
    ev.say("card.pay_all", player=player, card=_label(card), amount=total)


def _repairs(rs: Ruleset, ev: Event, player: str, card: Card, others: list[str]) -> None:
    t = ev.t
    houses = sum(t.deeds[i].houses for i in t.owned_by(player))
    hotels = sum(1 for i in t.owned_by(player) if t.deeds[i].hotel)
    amount = houses * card["per_house"] + hotels * card["per_hotel"]
    ev.step("card.repairs_sum", houses=houses, per_house=card["per_house"], hotels=hotels, per_hotel=card["per_hotel"],
            amount=amount)
    charge(rs, ev, player, fee_destination(rs), amount, _label(card))
    ev.amount = amount
    ev.say("card.repairs", player=player, card=_label(card), amount=amount)


def _go_to_jail(rs: Ruleset, ev: Event, player: str, card: Card, others: list[str]) -> None:
    inner = send_to_jail(rs, ev.t, player, Msg("jail.reason.card"))
    for op in inner.ops:
        ev.op(op)
    ev.notes += inner.notes
    ev.cite("jail.send")


def jail_card_copies(rs: Ruleset, deck: str) -> int:
    """How many Get Out of Jail Free cards the deck holds: no more can be out among the players."""
    return sum(c.get("copies", 1) for c in rs.decks()[deck]["cards"] if c["effect"] == "get_out_of_jail")


def _get_out_of_jail(rs: Ruleset, ev: Event, player: str, card: Card, others: list[str]) -> None:
    if ev.t.jail_cards_out.get(card["deck"], 0) >= jail_card_copies(rs, card["deck"]):
        raise refuse(rs, "jail.card", "refused.jail_cards_out")
    ev.op(JailCard(None, player, card["deck"]))
    ev.cite("jail.card")


def _destination(rs: Ruleset, pos: int, card: Card) -> int:
    eff = card["effect"]
    if eff == "move_to":
        return int(card["to"])
    if eff == "move_relative":
        return int((pos + card["spaces"]) % len(rs.squares or [0] * 40))
    return _nearest(rs, pos, card["target"])


def _move(rs: Ruleset, ev: Event, player: str, card: Card, others: list[str]) -> None:
    """move_to, move_relative, move_to_nearest: the token moves; passing GO pays the salary."""
    eff = card["effect"]
    pos = ev.t.player(player).position
    to = _destination(rs, pos, card)
    placed = positions.known(ev.t, player)
    passes = ev.args["passed_go"] or (eff != "move_relative" and placed and (to < pos or to == 0))
    if to == 0 and eff == "move_to":
        passes = True
    elif not placed and not ev.args["passed_go"] and eff != "move_relative" and card.get("salary", True):
        ev.note("card.position_unknown", player=player)
    ev.op(Position(player, to))
    if passes and card.get("salary", True):
        amount = rs.known(rs.p.salary.amount, "the GO salary")
        ev.op(Cash(BANK, player, amount))
        ev.amount = amount
        ev.step("card.go_salary", amount=amount)
        ev.cite("go.salary")
    if rs.squares:
        ev.step("card.moves_to", square=rs.squares[to].name)
        if passes and card.get("salary", True):  # the headline says the salary, as a collect card's does
            ev.say("card.moves_salary", player=player, card=_label(card), square=rs.squares[to].name, amount=ev.amount)
        else:
            ev.say("card.moves", player=player, card=_label(card), square=rs.squares[to].name)
        if eff == "move_to_nearest":
            args: dict[str, Any] = {"player": player, "deed": rs.squares[to].name, "card": card["id"]}
            if card["target"] == "utility":
                args["dice"] = None
            ev.note("card.nearest_rent", deed=rs.squares[to].name, next=Next("rent", args).to_dict())
            ev.cite("rent.card")


Effect = Callable[[Ruleset, Event, str, Card, list[str]], None]
EFFECTS: dict[str, Effect] = {
    "collect": _collect,
    "pay": _pay,
    "collect_from_each": _collect_from_each,
    "pay_each": _pay_each,
    "repairs": _repairs,
    "go_to_jail": _go_to_jail,
    "get_out_of_jail": _get_out_of_jail,
    "move_to": _move,
    "move_to_nearest": _move,
    "move_relative": _move,
}


CUSTOM_EFFECTS = ("pay", "pay_each", "collect", "collect_from_each")  # what a card not in the deck may say


def custom_card(rs: Ruleset, t: Table, player: str, effect: str, amount: int) -> Card:
    """A card the box prints but the ruleset's deck lacks (a newer printing): it pays or collects an amount, to
    or from the bank or every player, and still counts as the card of the landing (the deck of the square the
    player stands on, where turns are tracked)."""
    if effect not in CUSTOM_EFFECTS:
        raise invalid("invalid.card_effect", effect=effect)
    sq = rs.squares[t.player(player).position] if rs.squares and t.player(player).position is not None else None
    deck = sq.deck if sq is not None and sq.kind == "card" else None
    return {"id": "custom", "text": "custom card", "effect": effect, "amount": amount, "deck": deck or "custom", "custom": True}


def draw_card(rs: Ruleset, t: Table, player: str, card: Card, passed_go: bool = False) -> Event:
    not_over(rs, t)
    active(rs, t, player)
    effect = EFFECTS.get(card["effect"])
    if effect is None:
        raise invalid("invalid.card_effect", effect=card["effect"])
    extra = {"custom": {"effect": card["effect"], "amount": card["amount"]}} if card.get("custom") else {}
    ev = new_event(t, "card", player=player, card=f"{card['deck']}:{card['id']}", passed_go=passed_go, **extra)
    ev.say("card.drawn", player=player, card=_label(card))
    others = [p.name for p in t.active_players() if p.name != player]
    effect(rs, ev, player, card, others)
    if any(isinstance(s, Msg) and s.id == "card.go_salary" for s in ev.steps):  # a salary by hand next is a repeat
        from referee.core import landings

        landings.mark_salary(ev, player)
    return ev


def _nearest(rs: Ruleset, pos: int, kind: str) -> int:
    n = len(rs.squares)
    for step in range(1, n + 1):
        i = (pos + step) % n
        if rs.squares[i].kind == kind:
            return i
    raise invalid("invalid.no_such_square", kind=kind)

