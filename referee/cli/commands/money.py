"""`go`, `pay`, `collect`, `settle`: money between the players and the bank."""

from __future__ import annotations

import re
from typing import Annotated

import typer

from referee.cli import common
from referee.cli.context import GameOpt, record
from referee.i18n import N_


def go(player: str, landed: Annotated[bool, typer.Option("--landed", help=N_("Landed exactly on GO (some house rules pay more)."))] = False, game: GameOpt = None) -> None:
    from referee.core import money

    record(game, lambda rs, t: money.salary(rs, t, common.resolve_player(t, player), landed))


def pay(
    payer: str,
    payee: str,
    amount: str,
    reason: Annotated[str, typer.Option("--for", help=N_("What the payment is for."))] = "",
    game: GameOpt = None,
) -> None:
    from referee.core import money

    def build(rs, t):
        who, to = common.resolve_player(t, payer, True), common.resolve_player(t, payee, True)
        _not_a_loan(rs, t, who, to, reason)
        return money.pay(rs, t, who, to, common.amount(rs, t, amount), reason)

    record(game, build)


# what a payment between two players is for, when its words say it is lent (any shipped language)
_LOAN = re.compile(r"\b(loan|lend|lent|borrow|pr[eé]st(?:am|ar|ad|it|at|a\b|i\b|o\b))", re.I)


def _not_a_loan(rs, t, payer: str, payee: str, reason: str) -> None:
    """`pay A B N --for "loan"` between two players: the books forbid it, as `trade` and `buy` already refuse."""
    from referee.core.checks import refuse
    from referee.core.state import BANK, POT

    if reason and _LOAN.search(reason) and BANK not in (payer, payee) and POT not in (payer, payee) and rs.has_clause("loans.forbidden"):
        raise refuse(rs, "loans.forbidden", "refused.loan", payer=payer, payee=payee)


def collect(player: str, amount: str, reason: Annotated[str, typer.Option("--for")] = "", game: GameOpt = None) -> None:
    from referee.core import money
    from referee.core.state import BANK

    record(game, lambda rs, t: money.pay(rs, t, BANK, common.resolve_player(t, player), common.amount(rs, t, amount), reason))


def settle(player: str, game: GameOpt = None) -> None:
    from referee.core import money

    record(game, lambda rs, t: money.settle(rs, t, common.resolve_player(t, player)))
