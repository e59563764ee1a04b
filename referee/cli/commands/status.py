"""`status`: the table at a glance."""

from __future__ import annotations

from referee.cli import common
from referee.cli.context import GameOpt, JsonOpt, open_game


def status(as_json: JsonOpt = False, game: GameOpt = None) -> None:
    from referee.cli.render import status as view

    g = open_game(game)
    rs, t = g.ruleset(), g.state()
    view.show(rs, t, as_json)
    if not as_json:
        from referee.core.setup import deal_left

        left = deal_left(rs, t)
        if left:  # the set-up as a checklist, shown until it is done
            from rich.markup import escape

            from referee.words.i18n import _, ngettext

            who = ", ".join(ngettext("{player} {n} deed", "{player} {n} deeds", n).format(player=p, n=n) for p, n in left.items())
            common.out.print("[yellow]" + escape(_("set-up still to do — deeds to deal: {who} (the `deal` command records them)").format(who=who)) + "[/yellow]")
        from referee.core.board_values import table_values_line
        from referee.store.ledger import live_overrides

        line = table_values_line(live_overrides(g.con))
        if line:
            from referee.words.messages import render  # only when the table recorded deed values

            common.out.print(f"[dim]{render(line)}[/dim]")
