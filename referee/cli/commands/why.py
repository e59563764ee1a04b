"""`why [N]`: the reasoning behind a recorded move (the last one by default).

At the table a move prints one line; this shows the rest from the game file:
the arithmetic, the notes and the clauses with their sources, so a question
("why $28?") is answered after the fact, from any terminal, the console too.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer
from rich.markup import escape

from referee.cli import common
from referee.cli.context import GameOpt, open_game
from referee.words.i18n import N_, _


def why(
    n: Annotated[Optional[int], typer.Argument(help=N_("The entry's number in `log` (default: the last move)."))] = None,
    game: GameOpt = None,
) -> None:
    """The reasoning behind a move: its steps, notes and the clauses it rests on (the last move by default)."""
    from referee.errors import InputError

    g = open_game(game)
    rs = g.ruleset()
    evs = g.events()
    if n is None:
        live = [e for e in evs if e.get("type") not in ("undo", "redo", "setup", "new") and "undone_by" not in e]
        if not live:
            raise InputError(_("no move recorded yet"))
        e = live[-1]
    else:
        e = next((x for x in evs if x["seq"] == n), None)
        if e is None:
            raise InputError(_("no entry #{n} (the log has #1 to #{last})").format(n=n, last=evs[-1]["seq"] if evs else 0))
    text = e.get("text") or (common.texts(rs, [e["msg"]])[0] if e.get("msg") else e.get("type", ""))
    from referee.store.corrections import marks  # the log's words: undone, voided, amended, re-run in a correction

    why = marks([(x["seq"], x) for x in evs]).get(e["seq"]) if "undone_by" in e else None
    mark = f" [dim]({escape(why)})[/dim]" if why else ""
    common.out.print(f"[bold]#{e['seq']} {escape(text)}[/bold]{mark}")
    sq = e.get("square") if isinstance(e.get("square"), dict) else None
    steps = common.texts(rs, e.get("steps"))
    if sq:
        steps += common.texts(rs, sq.get("steps"))
    cl = list(e.get("clauses") or [])
    if sq:
        cl += [c for c in sq.get("clauses") or [] if c not in cl]
    common.print_details(steps, common.texts(rs, e.get("notes")), [rs.cite(c) for c in cl if rs.has_clause(c)])
    if not (steps or e.get("notes") or cl):
        common.out.print("  [dim]" + escape(_("no rule was needed for this move")) + "[/dim]")
