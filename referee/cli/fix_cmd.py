"""`void N`, `amend N COMMAND…`: correct one past entry without retyping what followed.

`amend` reads the corrected move in the grammar of the command itself
(`amend 12 rent Ben "park place" --dice 8`): the command is run in capture
mode, so its own name matching and checks apply, and what it would record is
built on the table as it stood before entry N.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli import common
from referee.cli.context import GameOpt, applied, open_game
from referee.words.i18n import N_, _

# The commands that record one move: what amend accepts.
MOVES = {"deal", "go", "pay", "collect", "settle", "buy", "auction", "rent", "mortgage", "unmortgage", "lift", "build",
         "sell", "trade", "tax", "parking", "jail", "card", "draw", "bankrupt", "pay-in-property", "roll", "next", "turn",
         "no-bid", "declare", "shortage", "sell-hotels", "deed"}

# The command that records each kind of move, so `amend 12 Ben Ana 150` can leave out the entry's own command.
COMMAND_OF = {
    "deal": ["deal"], "salary": ["go"], "pay": ["pay"], "settle": ["settle"], "buy": ["buy"], "auction": ["auction"],
    "rent": ["rent"], "tax.income": ["tax", "income"], "tax.luxury": ["tax", "luxury"], "free_parking": ["parking"],
    "mortgage": ["mortgage"], "unmortgage": ["unmortgage"], "build": ["build"], "sell": ["sell"], "trade": ["trade"],
    "jail.send": ["jail", "send"], "jail.pay": ["jail", "pay"], "jail.card": ["jail", "card"], "jail.roll": ["jail", "roll"],
    "card": ["card"], "bankrupt": ["bankrupt"], "partial_payment": ["pay-in-property"], "roll": ["roll"],
    "turn.next": ["next"], "turn.set": ["turn"],
}


def _show(g, seq: int, data: dict) -> None:
    from rich.markup import escape

    from referee.words.messages import event_text, render_all

    fmt = g.ruleset().fmt
    common.out.print(f"#{seq} {escape(event_text(data, fmt))}")
    for s in render_all(data.get("steps") or [], fmt):
        common.out.print(f"  {escape(s)}")


def void(entry: Annotated[int, typer.Argument(help=N_("The log's entry number to remove."))], game: GameOpt = None) -> None:
    """Remove one past entry and re-run every later move (refused, naming the move, if one no longer holds)."""
    from referee.store import corrections

    g = open_game(game)
    _show(g, *corrections.correct(g, entry))


def capture(words: list[str], game_path: str):
    """What `referee WORDS…` would record, as a build function, without recording anything."""
    import typer.main

    from referee.cli.context import STATE, app
    from referee.errors import InputError

    if not words or words[0] not in MOVES:
        raise InputError(_("amend takes one move ({moves}), not `{words}`").format(moves=", ".join(sorted(MOVES)), words=" ".join(words)))
    grp = typer.main.get_command(app)
    saved = dict(STATE)
    builds: list = []
    STATE["capture"] = builds
    try:
        grp.main(args=["--game", game_path, *words], prog_name="referee amend N", standalone_mode=False)
    finally:
        STATE.clear()
        STATE.update(saved)
    if len(builds) != 1:
        raise InputError(_("amend takes one move (buy, rent, pay, …), and `{words}` records none").format(words=" ".join(words)))
    return builds[0]


def read_move(words: list[str], game_path: str):
    """The move `referee WORDS…` says, read against the game's table as it stands, without applying or recording
    it: what a surface (the console, a phone, a test) hands to `moves.apply`. A command that is not a move of
    the table (values read from a deed) gives its event instead."""
    from referee.store.ledger import Game

    build = capture(words, game_path)
    g = Game(Path(game_path))
    try:
        return build(g.ruleset(), g.state())
    finally:
        g.close()


def amend(
    ctx: typer.Context,
    entry: Annotated[int, typer.Argument(help=N_("The log's entry number to replace."))],
    game: GameOpt = None,
) -> None:
    """Replace one past entry with a corrected move and re-run every later move.

    The move is typed as its own command (`amend 12 rent Ben "park place"`), or
    without the command when it is the entry's own (`amend 12 Ben Ana 150`).
    """
    from referee.cli.registry import COMMANDS
    from referee.errors import InputError
    from referee.store import corrections, replay

    words = list(ctx.args)
    if not words:
        raise InputError(_("give the corrected move after the entry number, e.g. `amend {entry} pay Ben Ana 150`").format(entry=entry))
    g = open_game(game)
    from referee.words.commands import command_of, expand_sub

    if command_of(words[0]):  # the table's word for the command (correggi 12 compra Anna …)
        words = expand_sub([str(command_of(words[0])), *words[1:]])
    if words[0] not in {c.name for c in COMMANDS}:  # the entry's own command, its words left out
        from referee.moves.model import kind

        m = next((m for m in replay.live_moves(g._events()) if m["entry"] == entry), None)
        if m is not None and kind(m["type"], m["args"]) in COMMAND_OF:
            words = COMMAND_OF[kind(m["type"], m["args"])] + words
    build = capture(words, str(g.path))
    built: list = []

    def keep(rs, t):
        ev = applied(rs, t, build(rs, t))
        built.append((rs, ev))
        return ev

    _show(g, *corrections.correct(g, entry, keep))
    if built and isinstance(built[-1][1].square, dict) and built[-1][1].square.get("name") is not None:
        from rich.markup import escape

        from referee.cli.render.line import brief_square

        rs, ev = built[-1]  # a corrected throw: where the token now stands, and what that square asks
        who = ev.args.get("player") or ""
        common.out.print("  " + escape(_("{player} now lands on {where}").format(player=who, where=brief_square(rs, ev.square))))
