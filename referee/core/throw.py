"""A throw resolved from a stated position: the same engine table mode plays.

`referee check` states a table, not a game in progress: where each token
stands, and (from the scenario's history) how many doubles the thrower has
already thrown this turn. `throw` puts that table in the state table mode
would be in at that moment (turns tracked, the thrower to throw, the doubles
run) and hands the dice to `turns.roll` — the very function `referee roll`
calls — so the landing, the salary for passing or landing on GO, Go To Jail,
the third doubles and what the square asks are computed once, for both.

A card drawn where the throw stops is chained through `turns.draw` (what
`referee draw` calls): the card's move, GO passed on the way, and what the
card's square asks (the nearest railroad's doubled rent, ten times a throw
at the nearest utility, a tax square reached by going back).
Nothing here prints or writes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from referee.core import turns
from referee.core.checks import invalid, refuse
from referee.core.events import Event
from referee.core.ops import Cash
from referee.core.state import BANK, Table
from referee.ruleset.model import CardData, Ruleset


@dataclass
class Throw:
    """What a throw (and the card chain after it) did: the event plus the facts a claim can state."""

    event: Event
    player: str
    lands: int  # the square the token ends on
    salary: int = 0  # paid by the bank for GO on this throw and its card
    owes: int | None = None  # what the square reached asks (rent, a tax), when a single amount
    asks: str = "nothing"  # the square's action: rent, tax, card, buy_or_auction, jail, visiting…
    claim_until: str | None = None  # rent: claimable until this player throws
    jailed: bool = False
    again: bool = False  # the same player throws again
    chain: list[str] = field(default_factory=list)  # the cards drawn, in order


def prepare(t: Table, player: str, doubles_before: int = 0) -> Table:
    """The table as table mode holds it when `player` is about to throw after `doubles_before` doubles."""
    t = t.copy()
    t.extra["tracking"] = True
    t.turn = next(i for i, p in enumerate(t.players) if p.name == player)
    t.doubles_run = doubles_before
    t.extra["thrown"] = player if doubles_before else None
    return t


def throw(rs: Ruleset, t: Table, player: str, d1: int, d2: int, doubles_before: int = 0,
          cards: list[CardData] | None = None, card_dice: int | None = None,
          resolve: Callable[[CardData, int], CardData] | None = None) -> Throw:
    """`player` throws d1, d2 from where the table says the token stands; then the cards drawn, in order.

    `resolve(card, square)` names a card by the deck of the square it is drawn on (for a name both decks share)."""
    rs.require_board()
    if not doubles_before and t.player(player).skip_turns > 0:  # 003 § La cárcel: the turn after going in is lost
        raise refuse(rs, "jail.send", "refused.turn_lost", player=player)
    start = prepare(t, player, doubles_before)
    ev = turns.roll(rs, start, d1, d2, player)
    salary = _salary(ev, player)
    chain: list[str] = []
    drawn: list[CardData] = []
    for card in cards or []:
        here = ev.t.player(player).position
        if resolve is not None:
            card = resolve(card, here)
        drawn.append(card)
        if ev.t.player(player).in_jail or rs.squares[here].kind != "card":
            raise invalid("invalid.no_card_here", player=player, square=rs.squares[here].name)
        own = rs.squares[here].deck
        if own and card.get("deck") and card["deck"] != own:
            deck = rs.decks().get(own, {}).get("name", own)
            raise invalid("invalid.card_deck", square=rs.squares[here].name, deck=deck, card=card["id"], card_deck=card["deck"])
        inner = turns.draw(rs, ev.t, player, card)
        salary += _salary(inner, player)
        ev = _chain(ev, inner)
        chain.append(f"{card['deck']}:{card['id']}")
    if card_dice is not None and ev.square and ev.square.get("kind") == "utility":
        stale = ev.square.get("msg")
        ev.square = turns.square_meaning(rs, ev.t, player, ev.square["square"], dice=card_dice,
                                         card=_last_card(drawn), landing_roll=ev.t.rolls)
        fresh = ev.square.get("msg")  # the throw the card asks for is known: the rent by it, not "record --dice N"
        ev.notes = [fresh if (n == stale and fresh is not None) else n for n in ev.notes if n.id != "card.nearest_rent"]
    after = ev.t.player(player)
    res = Throw(ev, player, after.position, salary=salary, chain=chain, jailed=after.in_jail)
    m = ev.square or {}
    res.asks = m.get("action", "nothing")
    if res.asks in ("rent", "tax") and isinstance(m.get("amount"), int):
        res.owes = m["amount"]
    if res.asks == "rent":
        from referee.core.rent import claim_until

        res.claim_until = claim_until(rs, ev.t, player)
    res.again = (not after.in_jail and turns.current(ev.t) == player and ev.t.extra.get("thrown") == player
                 and ev.t.doubles_run > 0)
    ev.amount = salary
    return res


def _salary(ev: Event, player: str) -> int:
    return sum(op.amount for op in ev.ops if isinstance(op, Cash) and op.src == BANK and op.dst == player and _is_salary(ev))


def _is_salary(ev: Event) -> bool:
    return "go.salary" in ev.clauses


def _last_card(cards: list[CardData] | None) -> CardData | None:
    """The card that sent the token to a utility, when it is a "nearest" card (it multiplies the throw)."""
    return cards[-1] if cards and cards[-1].get("effect") == "move_to_nearest" else None


def _chain(first: Event, then: Event) -> Event:
    """One event for a throw and the card drawn after it (`then` was computed on `first.t`)."""
    stale = (first.square or {}).get("msg")  # "draws a card: enter it…" is answered by the card itself
    ev = Event(first.type, dict(first.args), then.t, first.ops + then.ops, first.msg,
               first.steps + ([then.msg] if then.msg else []) + then.steps,
               first.clauses + [c for c in then.clauses if c not in first.clauses],
               [n for n in first.notes if n != stale] + then.notes, first.amount)
    ev.square = then.square if then.square is not None else first.square
    return ev
