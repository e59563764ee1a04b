"""`card` (apply a drawn card) and `cards` (list a ruleset's cards)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import ForceOpt, GameOpt, record, ruleset_for
from referee.i18n import N_, _, data


def card(
    player: str,
    name: str,
    passed_go: Annotated[bool, typer.Option("--passed-go", help=N_("The move passes GO (salary)."))] = False,
    force: ForceOpt = None,
    game: GameOpt = None,
) -> None:
    from referee.core import cards as card_rules
    from referee.core import turn_checks
    from referee.core.events import Event

    def build(rs, t):
        who, c = common.resolve_player(t, player), card_rules.find_card(rs, name, hint=_("referee cards lists them"))
        if t.extra.get("tracking") and not passed_go:
            from referee.core import turns  # the token moves on the board: record the landing too

            ev: Event = turns.draw(rs, t, who, c)
        else:
            ev = card_rules.draw_card(rs, t, who, c, passed_go)
        return turn_checks.mark(ev, turn_checks.check(rs, t, "card", who, card_=c, force=force))

    record(game, build)


def cards(ruleset: Annotated[Optional[str], typer.Argument()] = None, game: GameOpt = None) -> None:
    rs = ruleset_for(ruleset, game)
    for deck_id, deck in rs.decks().items():
        common.out.print(f"[bold]{data(deck.get('name', deck_id))}[/bold]")
        for c in deck.get("cards") or []:
            common.out.print(f"  {c['id']:<24} {data(c.get('text', ''))}")
