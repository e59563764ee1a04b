"""Turns and dice, for a game that tracks them (`referee new --turns`).

A throw becomes one event: the token's move, the salary for passing or
landing on GO, the doubles count, jail on the last allowed doubles, a "land"
op recording {player, square, roll} in `t.landings` (the rent claim window
counts from it), and the turn passing on, past bankrupt players and players
who lose a turn. What the square reached means (for sale, rent owed, a tax, a
card to draw) is returned as data on the event; nothing is charged that a
player must claim or choose.

Turn state lives in the table: `t.turn` (index of the player to throw),
`t.doubles_run` (doubles thrown in a row this turn), `t.rolls` (how many turns
have been thrown: a doubles re-throw is the same player's turn, so it does not
count, and the claim window is measured in following players who rolled) and
`t.extra["thrown"]` (the player who has already thrown this turn, if any).
Nothing here prints or writes.
"""

from __future__ import annotations

from typing import Any

from referee.core import jail_turns
from referee.core.cards import draw_card
from referee.core.checks import active, cite_first, dice_ok, not_over, refuse
from referee.core.events import Event, new_event
from referee.core.jail import jail_roll, send_to_jail
from referee.core.money import salary
from referee.core.ops import Extra, Land, Position, SetTurn, Skip
from referee.core.order import current as current  # re-exported: turns.current, turns.following, turns.square_meaning …
from referee.core.order import following as following
from referee.core.order import next_active as next_active
from referee.core.order import tracking as tracking
from referee.core.squares import card_by_id
from referee.core.squares import square_meaning as square_meaning
from referee.core.state import Landing, Table
from referee.errors import InputError
from referee.msg import Msg
from referee.ruleset.model import CardData, Ruleset

Card = CardData  # one definition: the ruleset's (referee/ruleset/model.py)
Meaning = dict[str, Any]


TurnEvent = Event  # turn events are plain events; `Event.square` says what the square reached means


# ---------------------------------------------------------------- whose turn
def require_tracking(t: Table) -> None:
    if not tracking(t):
        raise InputError(Msg("turns.not_tracked"), needs="tracking")


def _end_turn(rs: Ruleset, ev: Event) -> str:
    """Pass the turn on from the current player; players owed a lost turn are skipped. Returns who throws next."""
    t = ev.t
    idx = t.turn % len(t.players)
    seen = 0
    while True:
        idx = next_active(t, idx)
        p = t.players[idx]
        if p.skip_turns > 0 and seen < 100:
            ev.op(Skip(p.name, p.skip_turns - 1))
            ev.note("turn.loses_turn", player=p.name, in_jail=p.in_jail)
            ev.cite(cite_first(rs, "jail.send"))
            seen += 1
            continue
        break
    _hand_over(t, ev, idx)
    return p.name


def _hand_over(t: Table, ev: Event, idx: int) -> None:
    """Make player `idx` the one to throw, with a fresh doubles count."""
    if t.turn != idx:
        ev.op(SetTurn("turn", idx))
    jail_turns.clear(ev, t.players[idx].name)  # their next turn: the fine may be paid before throwing
    if t.doubles_run:
        ev.op(SetTurn("doubles_run", 0))
    if t.extra.get("thrown") is not None:
        ev.op(Extra("thrown", None))


# ---------------------------------------------------------------- the throw
def parse_dice(words: list[str]) -> tuple[int, int]:
    """'3 4', '3+4', '3,4' or '34' -> (3, 4)."""
    text = " ".join(words).replace("+", " ").replace(",", " ").replace("-", " ").strip()
    parts = text.split()
    if len(parts) == 1 and len(parts[0]) == 2 and parts[0].isdigit():
        parts = [parts[0][0], parts[0][1]]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise InputError(Msg("dice.unreadable", {"words": " ".join(words)}), needs="dice")
    d1, d2 = int(parts[0]), int(parts[1])
    dice_ok(d1, d2)
    return d1, d2


def roll(rs: Ruleset, t: Table, d1: int, d2: int, player: str | None = None) -> Event:
    """The player to throw throws d1, d2: move, salary, doubles, jail, and the turn passes on."""
    require_tracking(t)
    not_over(rs, t)
    rs.require_board()
    dice_ok(d1, d2)
    who = current(t)
    if who is None:
        raise refuse(rs, "end.game", "refused.nobody_left")
    ev = new_event(t, "roll", player=who, dice=[d1, d2])
    # a bankrupt player's turn, or a turn that ended in jail, passes first
    holder = t.players[t.turn % len(t.players)]
    if holder.bankrupt or (holder.in_jail and t.extra.get("thrown") == holder.name):
        who = _end_turn(rs, ev)
        ev.args["player"] = who
    if player is not None and player != who:
        raise refuse(rs, cite_first(rs, "setup.order", "dice.doubles"), "turn.not_yours", current=who, player=player)
    p = ev.t.player(who)
    if ev.t.extra.get("thrown") != who:  # first throw of this turn
        ev.op(SetTurn("rolls", ev.t.rolls + 1))
        ev.op(Extra("thrown", who))
    total = d1 + d2
    doubles = d1 == d2
    ev.amount = None

    if p.in_jail:
        inner = jail_roll(rs, ev.t, who, d1, d2)
        ev.absorb(inner)
        ev.msg = inner.msg
        if ev.t.player(who).in_jail:
            jail_turns.mark(ev, who, [d1, d2])  # the fine and the card wait for the next turn
            ev.note("turn.to_throw", player=_end_turn(rs, ev))
            return ev
        ev.step("roll.moves", start=rs.squares[p.position].name, to=rs.squares[(p.position + total) % len(rs.squares)].name)
        _move(rs, ev, who, total, (d1, d2))
        again = doubles and rs.p.jail.doubles_extra_roll and not ev.t.player(who).in_jail
        if again:
            ev.op(SetTurn("doubles_run", 1))
            ev.note("turn.throws_again", player=who)
            ev.cite(cite_first(rs, "jail.doubles_exit", "dice.doubles"))
        else:
            if doubles:
                ev.cite(cite_first(rs, "jail.doubles_exit", "jail.fine"))
            ev.note("turn.to_throw", player=_end_turn(rs, ev))
        return ev

    if doubles:
        run = ev.t.doubles_run + 1
        limit = rs.p.dice.doubles_to_jail
        if limit and run >= limit:
            ev.say("roll.doubles_to_jail", player=who, d1=d1, d2=d2, run=run)
            inner = send_to_jail(rs, ev.t, who, Msg("jail.reason.doubles", {"run": run}))
            ev.absorb(inner)
            ev.step("roll.straight_to_jail", player=who)
            ev.cite(cite_first(rs, "dice.three_doubles", "dice.doubles"), "jail.send")
            ev.square = square_meaning(rs, ev.t, who, ev.t.player(who).position)
            ev.note("turn.to_throw", player=_end_turn(rs, ev))
            return ev
        ev.op(SetTurn("doubles_run", run))
    start = rs.squares[p.position].name
    ev.say("roll", player=who, d1=d1, d2=d2, doubles=doubles)
    ev.step("roll.moves", start=start, to=rs.squares[(p.position + total) % len(rs.squares)].name)
    _move(rs, ev, who, total, (d1, d2))
    ev.cite(cite_first(rs, "dice.move", "dice.doubles"))
    if ev.t.player(who).in_jail:
        ev.note("turn.to_throw", player=_end_turn(rs, ev))
    elif doubles and rs.p.dice.doubles_roll_again:
        ev.note("turn.throws_again", player=who)
        ev.cite("dice.doubles")
    else:
        ev.note("turn.to_throw", player=_end_turn(rs, ev))
    return ev


def _move(rs: Ruleset, ev: Event, who: str, steps: int, dice: tuple[int, int]) -> None:
    n = len(rs.squares)
    pos = ev.t.player(who).position
    to = (pos + steps) % n
    passed = pos + steps >= n
    if passed:
        inner = salary(rs, ev.t, who, landed=to == 0, moved=True)
        ev.absorb(inner)
        ev.amount = inner.amount
        ev.steps.append(Msg("roll.go", {"landed": to == 0, "salary": inner.msg.to_dict() if inner.msg else None}))
    ev.op(Position(who, to))
    land = Landing(player=who, square=to, roll=ev.t.rolls, dice=steps)
    if passed:
        land["go"] = True
    ev.op(Land(land))
    _arrive(rs, ev, who, to, dice=steps)


def _arrive(rs: Ruleset, ev: Event, who: str, to: int, dice: int | None = None, card: Card | None = None) -> None:
    sq = rs.squares[to]
    if sq.kind == "go_to_jail":
        inner = send_to_jail(rs, ev.t, who, Msg("jail.reason.landed", {"square": sq.name}))
        ev.absorb(inner)
    ev.square = square_meaning(rs, ev.t, who, to, dice=dice, card=card, landing_roll=ev.t.rolls)
    if sq.kind == "go_to_jail":
        ev.square["msg"] = Msg("square.go_to_jail.landed", {"player": who, "square": sq.name})
    ev.notes.append(ev.square["msg"])
    ev.cite(*[c for c in ev.square["clauses"] if rs.has_clause(c)])  # what the square asks, with its clauses


# ---------------------------------------------------------------- cards, passing, setting the turn
def draw(rs: Ruleset, t: Table, player: str, card: Card) -> Event:
    """A drawn card, applied as `cards.draw_card`, plus (when tracking) the landing it answers (one card a landing)
    and the landing it causes."""
    from referee.core import landings

    ev = draw_card(rs, t, player, card)
    if not tracking(t):
        return ev
    landings.owed_once(rs, t, ev, player, landings.card_squares(rs, card.get("deck")), cite_first(rs, "cards.draw", "jail.card"),
                          "refused.card_drawn")
    before, after = t.player(player), ev.t.player(player)
    if after.in_jail and not before.in_jail:
        ev.square = square_meaning(rs, ev.t, player, after.position)
        if current(t) == player and t.extra.get("thrown") == player:
            ev.note("turn.to_throw", player=_end_turn(rs, ev))
    elif after.position != before.position:
        paid = any(isinstance(s, Msg) and s.id == "card.go_salary" for s in ev.steps)  # the card paid the salary
        land = Landing(player=player, square=after.position, roll=ev.t.rolls, card=card["id"])
        if paid:
            land["go"] = True
        ev.op(Land(land))
        # only a "nearest" card changes the rent owed there (2 x railroad, 10 x a throw at a utility)
        _arrive(rs, ev, player, after.position, card=card if card.get("effect") == "move_to_nearest" else None)
        if ev.t.player(player).in_jail and current(t) == player and t.extra.get("thrown") == player:
            ev.note("turn.to_throw", player=_end_turn(rs, ev))
    return ev


def pass_turn(rs: Ruleset, t: Table) -> Event:
    """End the current player's turn (`next`)."""
    require_tracking(t)
    not_over(rs, t)
    who = current(t)
    if who is None:
        raise refuse(rs, "end.game", "refused.nobody_left")
    p = t.player(who)
    if t.extra.get("thrown") == who and t.doubles_run and not p.in_jail and rs.p.dice.doubles_roll_again:
        raise refuse(rs, "dice.doubles", "turn.must_throw_again", player=who)
    ev = new_event(t, "turn", action="next", player=who)
    if t.players[t.turn % len(t.players)].bankrupt:
        ev.op(SetTurn("turn", next(i for i, q in enumerate(t.players) if q.name == who)))
    nxt = _end_turn(rs, ev)
    ev.say("turn.ends", player=who, next=nxt)
    if t.extra.get("thrown") != who:
        ev.note("turn.did_not_throw", player=who)
    return ev


def set_turn(rs: Ruleset, t: Table, player: str) -> Event:
    """Say whose turn it is (a correction, or the start of tracking on a game that did not)."""
    not_over(rs, t)
    active(rs, t, player)
    ev = new_event(t, "turn", action="set", player=player)
    if not tracking(t):
        ev.op(Extra("tracking", True))
        ev.note("turns.tracking_starts")
    idx = next(i for i, p in enumerate(t.players) if p.name == player)
    _hand_over(t, ev, idx)
    ev.say("turn.to_throw", player=player)
    return ev


def turn_info(rs: Ruleset, t: Table) -> dict[str, Any]:
    """Whose turn, the doubles run, and what the last landing means now (for prompts and displays)."""
    info: dict[str, Any] = {"tracking": tracking(t), "current": None, "doubles_run": t.doubles_run, "rolls": t.rolls,
                            "throws_again": False, "landing": None}
    if not info["tracking"]:
        return info
    who = current(t)
    info["current"] = who
    if who and t.extra.get("thrown") == who and t.doubles_run and not t.player(who).in_jail:
        info["throws_again"] = True
    if t.landings and rs.squares:
        land = t.landings[-1]
        m: Meaning | None
        try:
            m = square_meaning(rs, t, land["player"], land["square"], dice=land.get("dice"),
                               card=card_by_id(rs, land.get("card")), landing_roll=land.get("roll"))
        except (KeyError, IndexError):
            m = None
        if m is not None and land.get("claimed") and m.get("action") == "rent":  # recorded: nothing left to claim
            m = dict(m, msg=Msg("square.rent_recorded", {"player": land["player"], "square": m["name"]}), action="rent_recorded", next=None)
        elif m is not None and t.player(land["player"]).position != land["square"]:
            m = dict(m, msg=Msg("square.moved_on", {"player": land["player"], "square": m["name"]}),
                     action="moved_on", next=None)
        info["landing"] = m
    return info
