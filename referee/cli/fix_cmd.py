"""`void N`, `amend N COMMAND…`, `redo`: correct one past entry without retyping what followed.

`amend` reads the corrected move in the grammar of the command itself
(`amend 12 rent Ben "park place" --dice 8`): the command is run in capture
mode, so its own name matching and checks apply, and what it would record is
built on the table as it stood before entry N.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common

GameOpt = Annotated[Optional[str], typer.Option("--game", "-g", help="Game file (default: $REFEREE_GAME or ./referee-game.sqlite).")]


def _app():
    from referee.cli import app as appmod

    return appmod


def _show(seq: int, data: dict) -> None:
    from rich.markup import escape

    common.out.print(f"#{seq} {escape(data['text'])}")
    for s in data.get("steps", []):
        common.out.print(f"  {escape(s)}")


def void(entry: Annotated[int, typer.Argument(help="The log's entry number to remove.")], game: GameOpt = None) -> None:
    """Remove one past entry and re-run every later move (refused, naming the move, if one no longer holds)."""
    from referee import corrections

    g = _app().open_game(game)
    _show(*corrections.correct(g, entry))


NOT_MOVES = {"new", "cards", "undo", "log", "export", "status"}
# The command that records each kind of move, so `amend 12 Ben Ana 150` can leave out the entry's own command.
COMMAND_OF = {
    "deal": ["deal"], "salary": ["go"], "pay": ["pay"], "settle": ["settle"], "buy": ["buy"], "auction": ["auction"],
    "rent": ["rent"], "tax.income": ["tax", "income"], "tax.luxury": ["tax", "luxury"], "free_parking": ["parking"],
    "mortgage": ["mortgage"], "unmortgage": ["unmortgage"], "build": ["build"], "sell": ["sell"], "trade": ["trade"],
    "jail.send": ["jail", "send"], "jail.pay": ["jail", "pay"], "jail.card": ["jail", "card"], "jail.roll": ["jail", "roll"],
    "card": ["card"], "bankrupt": ["bankrupt"], "partial_payment": ["pay-in-property"], "roll": ["roll"],
    "turn.next": ["next"], "turn.set": ["turn"],
}


def move_commands() -> set[str]:
    return (_app()._CORE - NOT_MOVES) | {"roll", "next", "turn", "draw"}


def capture(words: list[str], game_path: str):
    """What `referee WORDS…` would record, as a build function, without recording anything."""
    import typer.main

    from referee.errors import InputError

    appmod = _app()
    moves = move_commands()
    if not words or words[0] not in moves:
        raise InputError(f"amend takes one move ({', '.join(sorted(moves))}), not `{' '.join(words)}`")
    appmod._register(None)
    grp = typer.main.get_command(appmod.app)
    saved = dict(appmod._STATE)
    builds: list = []
    appmod._STATE["capture"] = builds
    try:
        grp.main(args=["--game", game_path, *words], prog_name="referee amend N", standalone_mode=False)
    finally:
        appmod._STATE.clear()
        appmod._STATE.update(saved)
    if len(builds) != 1:
        raise InputError(f"amend takes one move (buy, rent, pay, …), and `{' '.join(words)}` records none")
    return builds[0]


def amend(
    ctx: typer.Context,
    entry: Annotated[int, typer.Argument(help="The log's entry number to replace.")],
    game: GameOpt = None,
) -> None:
    """Replace one past entry with a corrected move (`amend 12 rent Ben "park place"`, or `amend 12 Ben Ana 150` for the entry's own command) and re-run every later move."""
    from referee import corrections
    from referee.errors import InputError

    words = list(ctx.args)
    if not words:
        raise InputError(f"give the corrected move after the entry number, e.g. `amend {entry} pay Ben Ana 150`")
    g = _app().open_game(game)
    commands = _app()._CORE | {c for cs in _app()._MODULES.values() for c in cs}
    if words[0] not in commands:  # the entry's own command, its words left out
        from referee.core.dispatch import kind

        m = next((m for m in corrections.live_moves(g._events()) if m["entry"] == entry), None)
        if m is not None and kind(m["type"], m["args"]) in COMMAND_OF:
            words = COMMAND_OF[kind(m["type"], m["args"])] + words
    build = capture(words, str(g.path))
    _show(*corrections.correct(g, entry, build))


def redo(game: GameOpt = None) -> None:
    """Take back the latest undo (before any new move is recorded)."""
    from referee import corrections

    g = _app().open_game(game)
    _show(*corrections.redo(g))


def register(app: typer.Typer) -> None:
    app.command("void")(void)
    app.command("amend", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})(amend)
    app.command("redo")(redo)
