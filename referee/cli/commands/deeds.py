"""`buy`, `auction`, `rent`, `mortgage`, `unmortgage`: a deed's life with the bank.

Each command reads its words into the move it names (referee/moves/model.py) and records
`moves.apply` of it: the one way a move runs, whoever says it."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import ForceOpt, GameOpt, record
from referee.words.i18n import N_


def buy(player: str, deed: str, force: ForceOpt = None, game: GameOpt = None) -> None:
    from referee.moves import model

    def build(rs, t):
        who, idx = common.resolve_player(t, player), common.resolve_deed(rs, deed)
        return model.Buy(who, idx, forced=common.forced(force))

    record(game, build)


def auction(player: str, deed: str, price: str, game: GameOpt = None) -> None:
    from referee.moves import model  # a winner short of cash owes the bank the bid

    record(game, lambda rs, t: model.Auction(common.resolve_deed(rs, deed), common.resolve_player(t, player),
                                                          common.amount(rs, t, price, "the price")))


def rent(
    payer: str,
    deed: str,
    dice: Annotated[Optional[int], typer.Option("--dice", help=N_("The throw (utilities)."))] = None,
    card: Annotated[Optional[str], typer.Option("--card", help=N_("The card that sent the player there (nearest railroad/utility)."))] = None,
    late: Annotated[Optional[int], typer.Option("--late", min=0, help=N_("How many following players have rolled since (claim window)."))] = None,
    game: GameOpt = None,
) -> None:
    from referee.moves import model

    def build(rs, t):
        c = None
        if card:
            from referee.core import cards
            from referee.words.i18n import _ as say

            c = cards.find_card(rs, card, hint=say("referee cards lists them"))
        # with turns tracked the rent is tied to the payer's landing there; --late states the claim window by hand
        return model.Rent(common.resolve_player(t, payer), common.resolve_deed(rs, deed), dice, c["id"] if c else None, late)

    record(game, build)


PlayerDeed = Annotated[list[str], typer.Argument(help=N_("The owner (may be left out) and the deed: mortgage Ana reading."), metavar="[PLAYER] DEED")]


def mortgage(words: PlayerDeed, game: GameOpt = None) -> None:
    from referee.cli.grammar import owner_named, player_and_deed
    from referee.moves import model

    def build(rs, t):
        who, idx, _ = player_and_deed(rs, t, words)
        owner_named(rs, t, who, idx, "mortgage.value")
        return model.Mortgage(idx)

    record(game, build)


def unmortgage(words: PlayerDeed, game: GameOpt = None) -> None:
    from referee.cli.grammar import owner_named, player_and_deed
    from referee.moves import model

    def build(rs, t):
        who, idx, _ = player_and_deed(rs, t, words)
        owner_named(rs, t, who, idx, "mortgage.lift")
        return model.Unmortgage(idx)

    record(game, build)
