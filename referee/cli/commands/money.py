"""`go`, `pay`, `collect`, `settle`: money between the players and the bank."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli import common
from referee.cli.context import ForceOpt, GameOpt, record
from referee.words.i18n import N_, _


def go(player: str, landed: Annotated[bool, typer.Option("--landed", help=N_("Landed exactly on GO (some house rules pay more)."))] = False,
       force: ForceOpt = None, game: GameOpt = None) -> None:
    from referee.moves import model

    record(game, lambda rs, t: model.Salary(common.resolve_player(t, player), landed, forced=common.forced(force)))


def pay(
    payer: str,
    payee: str,
    amount: str,
    reason: Annotated[str, typer.Option("--for", help=N_("What the payment is for."))] = "",
    game: GameOpt = None,
) -> None:
    from referee.moves import model
    from referee.ruleset.names import free_text

    why = free_text(reason, _("the reason (--for)"))

    def build(rs, t):
        who, to = common.resolve_player(t, payer, True), common.resolve_player(t, payee, True)
        return model.Pay(who, to, common.amount(rs, t, amount), why)

    record(game, build)


def collect(player: str, amount: str, reason: Annotated[str, typer.Option("--for")] = "", game: GameOpt = None) -> None:
    from referee.core.state import BANK
    from referee.moves import model
    from referee.ruleset.names import free_text

    why = free_text(reason, _("the reason (--for)"))
    record(game, lambda rs, t: model.Pay(BANK, common.resolve_player(t, player), common.amount(rs, t, amount), why))


def settle(player: str, game: GameOpt = None) -> None:
    from referee.moves import model

    record(game, lambda rs, t: model.Settle(common.resolve_player(t, player)))
