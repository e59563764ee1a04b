"""`bankrupt` and `pay-in-property`: the end of a player."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import GameOpt, record
from referee.words.i18n import N_


def bankrupt(
    player: str,
    lift: Annotated[Optional[list[str]], typer.Option("--lift", help=N_("A mortgaged deed the creditor lifts at once (repeat)."))] = None,
    game: GameOpt = None,
) -> None:
    from referee.moves import model

    record(game, lambda rs, t: model.Bankrupt(common.resolve_player(t, player), tuple(common.resolve_deed(rs, d) for d in lift or [])))


def pay_in_property(
    debtor: str,
    deeds: list[str],
    value: Annotated[str, typer.Option("--value", help=N_("What the creditor values the deeds at."))],
    game: GameOpt = None,
) -> None:
    from referee.moves import model

    record(game, lambda rs, t: model.PartialPayment(common.resolve_player(t, debtor), tuple(common.resolve_deed(rs, d) for d in deeds),
                                                                common.amount(rs, t, value, "the value")))
