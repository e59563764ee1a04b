"""`referee verify [FILE]`: the game file checked from its first event (referee/store/verify.py)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.words.i18n import N_, _, pgettext


def verify(
    file: Annotated[Optional[str], typer.Argument(help=N_("The game file (default: --game, $REFEREE_GAME or ./referee-game.sqlite)."))] = None,
    game: Annotated[Optional[str], typer.Option("--game", "-g", hidden=True)] = None,
) -> None:
    """Check a game file: integrity, schema, every event re-run by the engine, the replay against the snapshot."""
    from rich.markup import escape

    from referee.cli.common import out
    from referee.cli.context import game_path, speak_game_at_hand
    from referee.store import verify as checker

    speak_game_at_hand(file or game)  # the game's own language, as every command that reads it
    path = game_path(file or game)
    rep = checker.check_file(path)
    if not rep.ok:
        out.print(escape(_("{file}: NOT OK: {problem}").format(file=path.name, problem=rep.problem)), style="red")
        raise typer.Exit(1)
    line = _("{file}: ok — {n} events, {m} moves re-run by the engine with the amounts the file holds").format(
        file=path.name, n=rep.events, m=rep.rechecked)
    if rep.forced:
        line += pgettext("list", "; ") + _("forced by the banker: {entries}").format(entries=", ".join(f"#{s}" for s in rep.forced))
    if rep.not_rechecked:
        line += pgettext("list", "; ") + _("kept as recorded: {entries}").format(entries=", ".join(f"#{s}" for s in rep.not_rechecked))
    out.print(escape(line))
