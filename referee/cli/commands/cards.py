"""`card` (apply a drawn card) and `cards` (list a ruleset's cards)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer
from rich.markup import escape

from referee.cli import common
from referee.cli.context import ForceOpt, GameOpt, record, ruleset_for
from referee.words.i18n import N_, _, data


def card(
    player: str,
    name: str,
    passed_go: Annotated[bool, typer.Option("--passed-go", help=N_("The move passes GO (salary)."))] = False,
    pay: Annotated[Optional[str], typer.Option("--pay", help=N_("A custom card (NAME 'custom'): the player pays AMOUNT."))] = None,
    collect: Annotated[Optional[str], typer.Option("--collect", help=N_("A custom card: the player collects AMOUNT."))] = None,
    each: Annotated[bool, typer.Option("--each", help=N_("A custom card: to or from every other player, not the bank."))] = False,
    force: ForceOpt = None,
    game: GameOpt = None,
) -> None:
    from referee.core import cards as card_rules
    from referee.errors import InputError
    from referee.moves import model

    custom = name.strip().lower() in CUSTOM_WORDS
    if custom and (pay is None) == (collect is None):
        raise InputError(_("a custom card says what it does: --pay AMOUNT or --collect AMOUNT (with --each for every other player)"))
    if not custom and (pay or collect or each):
        raise InputError(_("--pay, --collect and --each describe a custom card: `card {player} custom --pay 50 --each`").format(player=player))

    def build(rs, t):
        who = common.resolve_player(t, player)
        if custom:
            effect = ("pay_each" if each else "pay") if pay is not None else ("collect_from_each" if each else "collect")
            mv = model.Card(who, None, passed_go, {"effect": effect, "amount": common.amount(rs, t, pay if pay is not None else collect or "")},
                            forced=common.forced(force))
        else:
            c = card_rules.find_card(rs, name, hint=_("referee cards lists them"))
            mv = model.Card(who, f"{c['deck']}:{c['id']}", passed_go, forced=common.forced(force))
        return mv  # with turns tracked the token moves on the board: the landing is recorded too

    record(game, build)


CUSTOM_WORDS = ("custom", "personalizada", "personalizzata", "altra", "otra")  # a card the deck lacks, in the table's words


def cards(ruleset: Annotated[Optional[str], typer.Argument()] = None, game: GameOpt = None) -> None:
    rs = ruleset_for(ruleset, game)
    for deck_id, deck in rs.decks().items():
        common.out.print(f"[bold]{data(deck.get('name', deck_id))}[/bold]")
        for c in deck.get("cards") or []:  # by the words printed on it (they name it to `draw`), never its id
            common.out.print(f"  {escape(data(c.get('text', c['id'])))}")
