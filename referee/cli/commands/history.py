"""`undo`, `log`, `export`: the game's record."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import GameOpt, JsonOpt, open_game
from referee.errors import RefereeError
from referee.words.i18n import N_, _


def undo(n: Annotated[int, typer.Argument(help=N_("How many moves to take back."))] = 1, game: GameOpt = None) -> None:
    g = open_game(game)
    for ev in g.undo(n):
        common.out.print(_("undone: {move}").format(move=ev.get("text", ev["type"])))


def redo(game: GameOpt = None) -> None:
    g = open_game(game)
    for ev in g.redo():
        common.out.print(_("redone: {move}").format(move=ev.get("text", ev["type"])))


def log(as_json: JsonOpt = False,
        last: Annotated[Optional[int], typer.Option("--last", "-n", min=1, metavar="N", help=N_("Only the last N entries."))] = None,
        moves: Annotated[bool, typer.Option("--moves", help=N_("The moves that count, as the command lines that replay them (referee play < FILE)."))] = False,
        game: GameOpt = None) -> None:
    import json

    from rich.markup import escape

    g = open_game(game)
    if moves:
        for said in _script(g):
            print(said)
        return
    evs = g.events()
    shown = evs[-last:] if last is not None else evs  # the last N entries as the log reads, undone ones included
    if as_json:
        for e in shown:
            e.pop("ops", None)
        print(json.dumps(shown, ensure_ascii=False, indent=1))
        return
    from referee.store.corrections import marks

    why = marks([(e["seq"], e) for e in evs])  # marks from the whole log: an undo before the last N still counts
    for e in shown:
        mark = f" [dim]({why[e['seq']]})[/dim]" if e["seq"] in why else ""
        common.out.print(f"#{e['seq']:<4} {escape(e.get('text', e['type']))}{mark}")


def export(
    path: Annotated[Optional[str], typer.Argument(help=N_("Output file (default: stdout)."))] = None,
    as_csv: Annotated[bool, typer.Option("--csv", help=N_("One row per move with every player's cash after it, for a spreadsheet."))] = False,
    game: GameOpt = None,
) -> None:
    import yaml

    g = open_game(game)
    if as_csv:
        from referee.cli.export_csv import export_csv

        return export_csv(g, path)
    doc = {"game": g.spec, "events": g.events()}
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        common.out.print(_("wrote {path}").format(path=path))
    else:
        print(text, end="")


def _script(g) -> list[str]:
    """The game as the table would type it again: one command line per move that counts (corrections applied,
    undone moves left out), in the command words of the language shown. A move no line says is a comment."""
    from referee.moves import model
    from referee.moves.printer import command_line
    from referee.store.replay import live_moves

    rs = g.ruleset()
    out = []
    for m in live_moves(g._events()):
        try:
            said = command_line(rs, model.from_event(m["type"], m.get("args") or {}, f"#{m['entry']}"))
        except RefereeError:
            said = None
        out.append(said if said is not None else "# " + _("#{entry}: {move} (no command line says it)").format(entry=m["entry"], move=m["type"]))
    return out
