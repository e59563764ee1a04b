"""Checks many transactions share: the game goes on, the player is in it, can pay, owes nothing."""

from __future__ import annotations

from typing import Any

from referee.core.state import BANK, POT, Table
from referee.errors import InputError, Refusal
from referee.msg import Msg
from referee.ruleset.model import Ruleset


def active(rs: Ruleset, t: Table, name: str) -> None:
    p = t.player(name)
    if p.bankrupt:
        raise refuse(rs, "end.game", "refused.bankrupt_player", player=name)


def not_over(rs: Ruleset, t: Table) -> None:
    if t.over:
        raise refuse(rs, "end.game", "refused.game_over", winner=t.winner)


def no_debts(rs: Ruleset, t: Table, name: str, doing: Msg) -> None:
    """`doing`: what the debt must be paid before (a message: buying, building…)."""
    debts = t.debts_of(name)
    if debts:
        raise refuse(rs, "debt.raise", "refused.owes_first", player=name, owed=sum(d.amount for d in debts),
                     doing=doing.to_dict())


def afford(rs: Ruleset, t: Table, name: str, amount: int, doing: Msg) -> None:
    """`doing`: what costs `amount` (a message: a deed, the jail fine…)."""
    cash = t.player(name).cash
    if cash < amount:
        raise refuse(rs, "loans.forbidden", "refused.short", player=name, cash=cash, amount=amount,
                     short=amount - cash, doing=doing.to_dict())


def owner_of(rs: Ruleset, t: Table, idx: int, clause: str = "buy.printed_price", by: str | None = None,
             right: str | None = None) -> str:
    """The deed's owner; a bank-owned deed is refused citing the clause of the move being tried. `by`: who makes
    the move, when stated; anyone but the owner is refused citing `right`, the clause that gives it to the owner."""
    owner = t.deeds[idx].owner
    if owner is None:
        raise refuse(rs, clause if rs.has_clause(clause) else "buy.printed_price", "refused.bank_deed", deed=rs.squares[idx].name)
    if by is not None and by != owner:
        raise refuse(rs, cite_first(rs, right or clause, clause), "refused.not_owner", player=by, deed=rs.squares[idx].name, owner=owner)
    return owner


def refuse(rs: Ruleset, clause: str, msg_id: str, **params: Any) -> Refusal:
    """A refusal as a message id and its parameters, citing the ruleset's clause."""
    return Refusal(Msg(msg_id, params), rs.cite(clause), fmt=rs.fmt)


def invalid(msg_id: str, **params: Any) -> InputError:
    """Input the engine cannot act on (exit 2), as a message id and its parameters."""
    return InputError(Msg(msg_id, params))


def doing(msg_id: str, **params: Any) -> Msg:
    """What a player is doing, for `afford` and `no_debts` (the renderer words it)."""
    return Msg("doing." + msg_id, params)


def fee_destination(rs: Ruleset) -> str:
    """Where fines, taxes and card payments go: the Free Parking pot when a house rule keeps one."""
    return POT if rs.p.free_parking.jackpot else BANK


def cite_first(rs: Ruleset, *cids: str) -> str:
    """The first of these clauses the ruleset has (the last one otherwise)."""
    for c in cids:
        if rs.has_clause(c):
            return c
    return cids[-1]


def dice_ok(*dice: int) -> None:
    for d in dice:
        if not 1 <= d <= 6:
            raise invalid("invalid.die", value=d)
