"""`referee serve`: the live table page for the players' phones.

Everything web is imported inside the command, so no other command pays for
Starlette or uvicorn at start-up.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.words.i18n import N_

DEFAULT_PORT = 8765


def serve(
    port: Annotated[int, typer.Option("--port", "-p", help=N_("TCP port (0: any free port)."))] = DEFAULT_PORT,
    lan: Annotated[bool, typer.Option("--lan", help=N_("Listen on the local network; the link (and QR code) carries a secret token."))] = False,
    game: Annotated[Optional[str], typer.Option("--game", "-g", help=N_("Game file (default: $REFEREE_GAME or ./referee-game.sqlite)."))] = None,
) -> None:
    """The table live on the players' phones: a read-only page (--lan: local network, with a token and a QR code)."""
    from referee.cli.common import out
    from referee.cli.context import game_path
    from referee.errors import InputError

    try:
        from referee.web import launch
    except ImportError as e:  # a partial install: say what is missing, not a traceback
        raise InputError(f"`referee serve` needs the web libraries ({e.name} is missing): pip install 'referee'") from None
    path = game_path(game).resolve()
    from referee.cli.context import game_language
    from referee.words import i18n

    i18n.offer_game(game_language(path))  # what it says about the page, in the game's language (unless --lang said)
    launch.run(path, port=port, lan=lan, say=out.print)

