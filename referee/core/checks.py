"""Checks many transactions share: the game goes on, the player is in it, can pay, owes nothing."""

from __future__ import annotations

from referee.core.state import BANK, POT, Table
from referee.errors import InputError, Refusal
from referee.ruleset.model import Ruleset


def active(rs: Ruleset, t: Table, name: str) -> None:
    p = t.player(name)
    if p.bankrupt:
        raise Refusal(f"{name} is bankrupt and out of the game", rs.cite("end.game"))


def not_over(rs: Ruleset, t: Table) -> None:
    if t.over:
        who = f": {t.winner} won" if t.winner else ""
        raise Refusal(f"the game is over{who} (undo to continue)", rs.cite("end.game"))


def no_debts(rs: Ruleset, t: Table, name: str, doing: str) -> None:
    debts = t.debts_of(name)
    if debts:
        owed = sum(d.amount for d in debts)
        raise Refusal(
            f"{name} owes {rs.fmt(owed)} and must pay it before {doing} (settle, or raise money by selling buildings and mortgaging)",
            rs.cite("debt.raise"),
        )


def afford(rs: Ruleset, t: Table, name: str, amount: int, doing: str) -> None:
    cash = t.player(name).cash
    if cash < amount:
        raise Refusal(
            f"{name} has {rs.fmt(cash)}, {doing} costs {rs.fmt(amount)}: {rs.fmt(amount - cash)} short "
            f"(raise it first by mortgaging or selling buildings; players cannot lend)",
            rs.cite("loans.forbidden"),
        )


def owner_of(rs: Ruleset, t: Table, idx: int) -> str:
    owner = t.deeds[idx].owner
    if owner is None:
        raise Refusal(f"{rs.squares[idx].name} belongs to the bank", rs.cite("buy.printed_price"))
    return owner


def fee_destination(rs: Ruleset) -> str:
    """Where fines, taxes and card payments go: the Free Parking pot when a house rule keeps one."""
    return POT if rs.param("free_parking.jackpot") else BANK


def cite_first(rs: Ruleset, *cids: str) -> str:
    """The first of these clauses the ruleset has (the last one otherwise)."""
    for c in cids:
        if rs.has_clause(c):
            return c
    return cids[-1]


def dice_ok(*dice: int) -> None:
    for d in dice:
        if not 1 <= d <= 6:
            raise InputError(f"a die shows 1 to 6, not {d}")
