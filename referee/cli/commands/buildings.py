"""`build` and `sell`: houses and hotels."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import GameOpt, record
from referee.words.i18n import N_


def build(
    words: Annotated[list[str], typer.Argument(help=N_("The owner (may be left out), the lot and how many buildings (1 by default): build Ana boardwalk 2; or a whole group to a level: build Ana light blue to 3, build boardwalk to hotel."), metavar="[PLAYER] DEED [COUNT] | [PLAYER] GROUP to N|hotel")],
    hotel: Annotated[bool, typer.Option("--hotel", help=N_("Build a hotel (when the edition allows one before 4 houses)."))] = False,
    price: Annotated[Optional[str], typer.Option("--price", help=N_("Price paid at a building-shortage auction."))] = None,
    game: GameOpt = None,
) -> None:
    from referee.cli.grammar import group_target, owner_named, player_and_deed, player_and_group
    from referee.moves import model

    def build_(rs, t):
        grouped = group_target(words)
        if grouped is not None:  # build GROUP to N: the whole group, evenly, one move
            who, idx = player_and_group(rs, t, grouped[0])
            owner_named(rs, t, who, idx, "building.full_group")
            return model.Build(group=rs.squares[idx].group, to="hotel" if hotel else grouped[1])
        who, idx, count = player_and_deed(rs, t, words, counted=True)
        owner_named(rs, t, who, idx, "building.full_group")
        return model.Build(idx, count or 1, hotel, common.amount(rs, t, price, "the price") if price else None)

    record(game, build_)


def sell(
    words: Annotated[list[str], typer.Argument(help=N_("The owner (may be left out), the lot and how many buildings (1 by default); or a whole group down to a level: sell Ana light blue to 0."), metavar="[PLAYER] DEED [COUNT] | [PLAYER] GROUP to N")],
    game: GameOpt = None,
) -> None:
    from referee.cli.grammar import group_target, owner_named, player_and_deed, player_and_group
    from referee.moves import model

    def build_(rs, t):
        grouped = group_target(words)
        if grouped is not None and grouped[1] != "hotel":  # sell GROUP to N: the whole group, evenly, one move
            who, idx = player_and_group(rs, t, grouped[0])
            owner_named(rs, t, who, idx, "building.sell")
            return model.Sell(group=rs.squares[idx].group, to=int(grouped[1]))
        who, idx, count = player_and_deed(rs, t, words, counted=True)
        owner_named(rs, t, who, idx, "building.sell")
        return model.Sell(idx, count or 1)

    record(game, build_)
