"""`status`: the table at a glance."""

from __future__ import annotations

from referee.cli import common
from referee.cli.context import GameOpt, JsonOpt, open_game


def status(as_json: JsonOpt = False, game: GameOpt = None) -> None:
    from referee.cli.render import status as view

    g = open_game(game)
    view.show(g.ruleset(), g.state(), as_json)
    if not as_json:
        from referee.core.board_values import table_values_line

        line = table_values_line(g)
        if line:
            from referee.messages import render  # only when the table recorded deed values

            common.out.print(f"[dim]{render(line)}[/dim]")
