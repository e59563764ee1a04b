"""`build` and `sell`: houses and hotels."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import GameOpt, record
from referee.i18n import N_


def build(
    deed: str,
    count: Annotated[int, typer.Argument(help=N_("How many buildings to add on this lot."))] = 1,
    hotel: Annotated[bool, typer.Option("--hotel", help=N_("Build a hotel (when the edition allows one before 4 houses)."))] = False,
    price: Annotated[Optional[str], typer.Option("--price", help=N_("Price paid at a building-shortage auction."))] = None,
    game: GameOpt = None,
) -> None:
    from referee.core import buildings

    record(game, lambda rs, t: buildings.build(rs, t, common.resolve_deed(rs, deed), count, hotel,
                                             common.amount(rs, t, price, "the price") if price else None))


def sell(deed: str, count: Annotated[int, typer.Argument()] = 1, game: GameOpt = None) -> None:
    from referee.core import buildings

    record(game, lambda rs, t: buildings.sell_buildings(rs, t, common.resolve_deed(rs, deed), count))
