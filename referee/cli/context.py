"""What every command shares: the root app object, the global --game option and
the game opener. Imports no command module, so any command may import it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Optional

import typer

from referee import __version__
from referee.cli import common
from referee.cli.registry import RootGroup

GameOpt = Annotated[Optional[str], typer.Option("--game", "-g", help="Game file (default: $REFEREE_GAME or ./referee-game.sqlite).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]
ForceOpt = Annotated[Optional[str], typer.Option("--force", metavar="REASON", help="With turns tracked: record a late move anyway, as the banker's correction (the reason is kept in the log).")]

# The root's --game, for commands that were not given their own.
STATE: dict[str, Any] = {"game": None}

app = typer.Typer(
    cls=RootGroup,
    add_completion=True,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="referee: the banker and rules lawyer for a physical game of Monopoly, in any edition.",
)


def _version(value: bool) -> None:
    if value:
        common.out.print(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    game: GameOpt = None,
    version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_version, help="Show the version and exit.")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", help="Every move in full: steps, notes, every clause (one line a move otherwise; --why on a move's line shows that one in full).")] = False,
) -> None:
    # --verbose and --why are taken off the command line by main() (common.take_detail_flags), anywhere on it;
    # declared here so that --help lists them
    STATE["game"] = game


def game_path(game: str | None):
    """The game file: --game on the command, else on the root, else the default."""
    from referee.ledger import default_path

    return default_path(game or STATE["game"])


def open_game(game: str | None):
    from referee.ledger import Game

    if STATE.get("capture") is not None:
        from referee.errors import InputError

        raise InputError("amend takes a move that the game records, not a command that reads or changes the game itself")
    return Game(game_path(game))


def record(game: str | None, build: Callable, as_json: bool = False):
    """Record one move built by `build(ruleset, table)`, print it, and the final count if it ended the game."""
    if STATE.get("capture") is not None:  # `amend N COMMAND…` takes the move without recording it
        STATE["capture"].append(build)
        return None
    g = open_game(game)
    rs = g.ruleset()
    ev = g.record(lambda rs_, t: build(rs_, t))
    common.print_event(rs, ev, as_json)
    if ev.t.over and ev.ends_game:
        from referee.cli.render.score import print_final

        print_final(rs, ev.t)
    return ev


def ruleset_for(ruleset: str | None, game: str | None):
    """A named ruleset, or the current game's."""
    if ruleset:
        from referee.ruleset import loader

        return loader.load(ruleset)
    return open_game(game).ruleset()
