"""`tax income`, `tax luxury` and `parking`: the tax squares and Free Parking."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import ForceOpt, GameOpt, open_game, record
from referee.words.i18n import N_, _


def income(
    player: str,
    choice: Annotated[Optional[str], typer.Option("--choice", help=N_("percent or flat, declared before counting."))] = None,
    preview: Annotated[bool, typer.Option("--preview", help=N_("Show both amounts without paying (not the official order of play)."))] = False,
    force: ForceOpt = None,
    game: GameOpt = None,
) -> None:
    from referee.core import taxes
    from referee.errors import InputError
    from referee.words.commands import SUB_WORDS

    if choice is not None:  # `--elige porcentaje`, `--scelta fisso`: the table's word for the choice
        choice = SUB_WORDS["tax"].get(choice.lower(), choice)

    def choice_ok() -> None:  # said once the game's language is known
        if choice is not None and choice not in ("percent", "flat"):
            from referee.words.commands import option_word, sub_word

            raise InputError(_("{option} is {percent} or {flat}, not '{choice}'").format(
                option=option_word("--choice"), percent=sub_word("tax", "percent"), flat=sub_word("tax", "flat"), choice=choice))

    if preview:
        g = open_game(game)
        choice_ok()
        rs, t = g.ruleset(), g.state()
        who = common.resolve_player(t, player)
        opts = taxes.income_tax_options(rs, t, who)
        common.out.print("[yellow]" + _("preview — not the official order of play: the books have the player choose before adding up") + "[/yellow]")
        if "net_worth" in opts:
            from referee.words.templates import valuation_lines

            for line in valuation_lines(opts["net_worth"]):
                common.out.print(f"  {line}")
            pct = rs.p.taxes.income.percent
            common.out.print("  " + _("net worth {amount} → {percent} % = {tax}").format(amount=rs.fmt(opts["net_worth"].total), percent=pct, tax=rs.fmt(opts["percent_amount"])))
        if "flat" in opts:
            common.out.print("  " + _("flat: {amount}").format(amount=rs.fmt(opts["flat"])))
        from referee.words.templates import choice_word

        common.out.print("  " + _("choices in {ruleset}: {choices}").format(ruleset=rs.id, choices=", ".join(choice_word(c) for c in opts["choices"])))
        return

    from referee.moves import model

    def income(rs, t):
        choice_ok()  # the tax, then the turn check (the transaction's own refusals come first)
        return model.IncomeTax(common.resolve_player(t, player), choice, forced=common.forced(force))

    record(game, income)


def luxury(player: str, force: ForceOpt = None, game: GameOpt = None) -> None:
    from referee.moves import model

    record(game, lambda rs, t: model.LuxuryTax(common.resolve_player(t, player), forced=common.forced(force)))


def parking(player: str, game: GameOpt = None) -> None:
    from referee.moves import model

    record(game, lambda rs, t: model.FreeParking(common.resolve_player(t, player)))
