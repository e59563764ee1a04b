"""`buy`, `auction`, `rent`, `mortgage`, `unmortgage`: a deed's life with the bank."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import GameOpt, record
from referee.i18n import N_


def buy(player: str, deed: str, game: GameOpt = None) -> None:
    from referee.core import buying

    record(game, lambda rs, t: buying.buy(rs, t, common.resolve_player(t, player), common.resolve_deed(rs, deed)))


def auction(player: str, deed: str, price: str, game: GameOpt = None) -> None:
    from referee.core import auction_rules  # a winner short of cash owes the bank the bid

    record(game, lambda rs, t: auction_rules.bid_won(rs, t, common.resolve_player(t, player), common.resolve_deed(rs, deed),
                                                     common.amount(rs, t, price, "the price")))


def rent(
    payer: str,
    deed: str,
    dice: Annotated[Optional[int], typer.Option("--dice", help=N_("The throw (utilities)."))] = None,
    card: Annotated[Optional[str], typer.Option("--card", help=N_("The card that sent the player there (nearest railroad/utility)."))] = None,
    late: Annotated[Optional[int], typer.Option("--late", help=N_("How many following players have rolled since (claim window)."))] = None,
    game: GameOpt = None,
) -> None:
    from referee.core import rent as rent_rules

    def build(rs, t):
        c = None
        if card:
            from referee.core import cards

            c = cards.find_card(rs, card, hint="referee cards lists them")
        idx = common.resolve_deed(rs, deed)
        who = common.resolve_player(t, payer)
        landing = rent_rules.last_landing(t, who, idx) if late is None and t.extra.get("tracking") else None
        return rent_rules.rent(rs, t, who, idx, dice, c, late, landing)

    record(game, build)


def mortgage(deed: str, game: GameOpt = None) -> None:
    from referee.core import mortgages

    record(game, lambda rs, t: mortgages.mortgage(rs, t, common.resolve_deed(rs, deed)))


def unmortgage(deed: str, game: GameOpt = None) -> None:
    from referee.core import mortgages

    record(game, lambda rs, t: mortgages.unmortgage(rs, t, common.resolve_deed(rs, deed)))
