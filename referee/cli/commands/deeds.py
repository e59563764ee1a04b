"""`buy`, `auction`, `rent`, `mortgage`, `unmortgage`: a deed's life with the bank."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import ForceOpt, GameOpt, record
from referee.words.i18n import N_


def buy(player: str, deed: str, force: ForceOpt = None, game: GameOpt = None) -> None:
    from referee.core import buying, turn_checks

    def build(rs, t):
        who, idx = common.resolve_player(t, player), common.resolve_deed(rs, deed)
        ev = buying.buy(rs, t, who, idx)
        return turn_checks.mark(ev, turn_checks.check(rs, t, "buy", who, deed=idx, force=force))

    record(game, build)


def auction(player: str, deed: str, price: str, game: GameOpt = None) -> None:
    from referee.core import auction_rules  # a winner short of cash owes the bank the bid

    record(game, lambda rs, t: auction_rules.bid_won(rs, t, common.resolve_player(t, player), common.resolve_deed(rs, deed),
                                                     common.amount(rs, t, price, "the price")))


def rent(
    payer: str,
    deed: str,
    dice: Annotated[Optional[int], typer.Option("--dice", help=N_("The throw (utilities)."))] = None,
    card: Annotated[Optional[str], typer.Option("--card", help=N_("The card that sent the player there (nearest railroad/utility)."))] = None,
    late: Annotated[Optional[int], typer.Option("--late", min=0, help=N_("How many following players have rolled since (claim window)."))] = None,
    game: GameOpt = None,
) -> None:
    from referee.core import rent as rent_rules

    def build(rs, t):
        c = None
        if card:
            from referee.core import cards
            from referee.words.i18n import _ as say

            c = cards.find_card(rs, card, hint=say("referee cards lists them"))
        idx = common.resolve_deed(rs, deed)
        who = common.resolve_player(t, payer)
        landing = rent_rules.last_landing(t, who, idx) if late is None and t.extra.get("tracking") else None
        ev = rent_rules.rent(rs, t, who, idx, dice, c, late, landing)
        if late is None and t.extra.get("tracking"):  # --late states the claim window by hand (a landing the game did not track)
            from referee.core import turn_checks

            turn_checks.check(rs, t, "rent", who, deed=idx)
        return ev

    record(game, build)


PlayerDeed = Annotated[list[str], typer.Argument(help=N_("The owner (may be left out) and the deed: mortgage Ana reading."), metavar="[PLAYER] DEED")]


def mortgage(words: PlayerDeed, game: GameOpt = None) -> None:
    from referee.cli.grammar import owner_named, player_and_deed
    from referee.core import mortgages

    def build(rs, t):
        who, idx, _ = player_and_deed(rs, t, words)
        owner_named(rs, t, who, idx, "mortgage.value")
        return mortgages.mortgage(rs, t, idx)

    record(game, build)


def unmortgage(words: PlayerDeed, game: GameOpt = None) -> None:
    from referee.cli.grammar import owner_named, player_and_deed
    from referee.core import mortgages

    def build(rs, t):
        who, idx, _ = player_and_deed(rs, t, words)
        owner_named(rs, t, who, idx, "mortgage.lift")
        return mortgages.unmortgage(rs, t, idx)

    record(game, build)
