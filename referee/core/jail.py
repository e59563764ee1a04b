"""Jail: going in, and the three ways out (the fine, a card, doubles; the last failed throw forces the fine)."""

from __future__ import annotations

from referee.core.checks import (
    active,
    afford,
    dice_ok,
    doing,
    fee_destination,
    not_over,
    refuse,
)
from referee.core.events import Event, new_event
from referee.core.money import charge
from referee.core.ops import Cash, Jail, JailCard, SetTurn, Skip
from referee.core.state import Table
from referee.msg import Msg
from referee.ruleset.model import Ruleset


def jail_square(rs: Ruleset) -> int:
    for sq in rs.squares:
        if sq.kind == "jail":
            return sq.index
    return 10


def send_to_jail(rs: Ruleset, t: Table, player: str, reason: str | Msg = "") -> Event:
    """`reason`: what the player typed, or a message (a card, the square, doubles)."""
    not_over(rs, t)
    active(rs, t, player)
    if t.player(player).in_jail:
        raise refuse(rs, "jail.send", "refused.in_jail", player=player)
    why = reason.to_dict() if isinstance(reason, Msg) else reason
    ev = new_event(t, "jail", player=player, action="send", reason=why)
    ev.op(Jail(player, True, 0, jail_square(rs)))
    ev.op(SetTurn("doubles_run", 0))
    ev.say("jail.send", player=player, reason=why)
    ev.cite("jail.send")
    if rs.p.jail.lose_next_turn:
        ev.op(Skip(player, 1))
        ev.note("jail.loses_next_turn", player=player)
    return ev


def _in_jail(rs: Ruleset, t: Table, player: str, clause: str) -> None:
    if not t.player(player).in_jail:
        raise refuse(rs, clause, "refused.not_in_jail", player=player)


def jail_pay(rs: Ruleset, t: Table, player: str) -> Event:
    not_over(rs, t)
    _in_jail(rs, t, player, "jail.fine")
    from referee.core import jail_turns

    jail_turns.before_throw(rs, t, player, "fine", "jail.fine")
    early = rs.p.jail.fine_turns
    if early is not None and t.player(player).jail_turns >= early:  # 000 § LA CARCEL: later turns throw first
        raise refuse(rs, "jail.fine", "refused.jail_fine_turns", player=player, turns=early, turn=t.player(player).jail_turns + 1)
    fine = rs.known(rs.p.jail.fine, "the jail fine")
    afford(rs, t, player, fine, doing("jail_fine"))
    ev = new_event(t, "jail", player=player, action="pay")
    ev.op(Cash(player, fee_destination(rs), fine))
    ev.op(Jail(player, False, 0))
    ev.amount = fine
    ev.say("jail.pay", player=player, fine=fine)
    ev.cite("jail.fine")
    return ev


def jail_card(rs: Ruleset, t: Table, player: str, deck: str | None = None) -> Event:
    not_over(rs, t)
    _in_jail(rs, t, player, "jail.card")
    from referee.core import jail_turns

    jail_turns.before_throw(rs, t, player, "card", "jail.card")
    p = t.player(player)
    if not p.jail_cards:
        raise refuse(rs, "jail.card", "refused.no_jail_card", player=player)
    use = deck if deck in p.jail_cards else p.jail_cards[0]
    ev = new_event(t, "jail", player=player, action="card", deck=use)
    ev.op(JailCard(player, None, use))
    ev.op(Jail(player, False, 0))
    ev.say("jail.card", player=player)
    ev.cite("jail.card")
    return ev


def jail_roll(rs: Ruleset, t: Table, player: str, d1: int, d2: int) -> Event:
    """A jailed player's throw: doubles free them; the last allowed failure forces the fine."""
    not_over(rs, t)
    _in_jail(rs, t, player, "jail.fine")
    p = t.player(player)
    dice_ok(d1, d2)
    ev = new_event(t, "jail", player=player, action="roll", dice=[d1, d2])
    max_turns = rs.p.jail.max_turns
    if d1 == d2:
        ev.op(Jail(player, False, 0))
        ev.say("jail.roll.doubles", player=player, d1=d1, d2=d2)
        ev.cite("jail.fine")
        return ev
    turns = p.jail_turns + 1
    if turns >= max_turns:
        fine = rs.known(rs.p.jail.fine, "the jail fine")
        ev.op(Jail(player, False, 0))
        charge(rs, ev, player, fee_destination(rs), fine, "jail fine")
        ev.amount = fine
        ev.say("jail.roll.last", player=player, turns=turns, fine=fine, d1=d1, d2=d2)
        ev.cite("jail.third_turn")
    else:
        ev.op(Jail(player, True, turns))
        ev.say("jail.roll.stays", player=player, turns=turns, max_turns=max_turns)
        ev.cite("jail.fine")
    return ev
