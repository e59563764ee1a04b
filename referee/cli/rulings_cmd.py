"""Table-mode commands for the rulings `referee check` can state (docs/table-mode.md):
an auction without a bid, the income-tax declaration, a building shortage
auction, hotels sold outright. Each records one event through the same
`_record` as every banker command, so a move typed at the table and the same
move claimed in a scenario are ruled by the same core call.

Listed in the command table, referee/cli/registry.py.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import GameOpt
from referee.cli.context import record as _record
from referee.errors import InputError
from referee.words.i18n import N_, _


def no_bid(deed: str, game: GameOpt = None) -> None:
    """An auction ends with no bid: the deed stays with the bank."""
    from referee.moves import model

    _record(game, lambda rs, t: model.Auction(common.resolve_deed(rs, deed)))


def declare(player: str, choice: str, game: GameOpt = None) -> None:
    """Declare the income-tax choice (percent or flat) before counting; it binds."""
    from referee.moves import model

    _record(game, lambda rs, t: model.Declare(common.resolve_player(t, player), choice.lower()))


def _want(t, text: str):
    from referee.core.shortage import Want

    name, _sep, what = text.partition(":")
    who = common.resolve_player(t, name)
    what = what.strip().lower() or "1"
    if what.isdigit():
        return Want(who, houses=int(what))
    for kind in ("hotel", "break"):
        if what.startswith(kind):
            n = what[len(kind):].lstrip("s:= ") or "1"
            if n.isdigit():
                return Want(who, **{"hotels" if kind == "hotel" else "breaks": int(n)})
    raise InputError(_("--wants is NAME:HOUSES, NAME:hotel or NAME:break, not '{text}'").format(text=text))


def shortage(
    deed: str,
    price: Annotated[Optional[str], typer.Argument(help=N_("The winning bid, when the buildings were auctioned."))] = None,
    count: Annotated[int, typer.Option("--count", help=N_("Buildings bought on DEED."))] = 1,
    hotel: Annotated[bool, typer.Option("--hotel", help=N_("The buildings wanted are hotels."))] = False,
    wants: Annotated[Optional[list[str]], typer.Option("--wants", help=N_("Another player's demand: NAME:HOUSES, NAME:hotel, NAME:break (repeat)."))] = None,
    game: GameOpt = None,
) -> None:
    """Buildings from a short bank: the owner of DEED buys COUNT at the deed price, or at PRICE when rivals force an auction."""
    from referee.core import shortage as sh
    from referee.moves import model

    def build(rs, t):
        idx = common.resolve_deed(rs, deed)
        owner = t.deeds[idx].owner
        ws = [_want(t, w) for w in wants or []]
        if owner and owner not in [w.player for w in ws]:
            ws.insert(0, sh.Want(owner, hotels=count) if hotel else sh.Want(owner, houses=count))
        amt = common.amount(rs, t, price, "the price") if price else None
        return model.Build(idx, count, hotel, amt, wants=tuple(dict(w.__dict__) for w in ws))

    _record(game, build)


def sell_hotels(
    deed: str,
    bare: Annotated[bool, typer.Option("--bare", help=N_("Only this lot's hotel, straight back to bare land."))] = False,
    game: GameOpt = None,
) -> None:
    """Sell hotels outright at half their full cost: every hotel of DEED's group at once (or --bare: this one)."""
    from referee.moves import model

    _record(game, lambda rs, t: model.Sell(common.resolve_deed(rs, deed), way="bare" if bare else "group"))
