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
    players_roll: Annotated[bool, typer.Option("--players-roll", help=N_("Players record their own throws from their phones (otherwise the banker's)."))] = False,
    confirm: Annotated[bool, typer.Option("--confirm", help=N_("Every move from a player's phone waits for the banker's OK (on the banker's link)."))] = False,
) -> None:
    """The table live on the players' phones, where each player acts from their own (--lan: local network, with a token and a QR code).

    Each player's own link (`referee seats`) acts for them; the page's link shows the table."""
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
    launch.run(path, port=port, lan=lan, say=out.print, players_roll=players_roll, confirm=confirm)


def seats(
    reset: Annotated[Optional[str], typer.Option("--reset", help=N_("Replace this seat's link (a lost phone): a player's name, banker or spectators."))] = None,
    qr: Annotated[bool, typer.Option("--qr", help=N_("Show each link's QR code, one after another."))] = False,
    port: Annotated[int, typer.Option("--port", "-p", help=N_("The port `referee serve` listens on."))] = DEFAULT_PORT,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    game: Annotated[Optional[str], typer.Option("--game", "-g", help=N_("Game file (default: $REFEREE_GAME or ./referee-game.sqlite)."))] = None,
) -> None:
    """Each player's own link to act from their phone, the banker's and the spectators' (--reset NAME: a lost phone).

    A player's link acts for that player, the banker's for the bank, the spectators' only shows the table.
    The game file keeps only each token's hash."""
    import json

    from rich.markup import escape

    from referee.cli.common import out
    from referee.cli.context import open_game
    from referee.store import seats as seat_store
    from referee.words.i18n import _

    g = open_game(game)
    try:
        tokens = seat_store.ensure(g, reset)
    finally:
        g.close()
    from referee.web.launch import lan_address, qr_text

    host = f"http://{lan_address()}:{port}/"
    rows = [(name, seat_store.role_of(name), f"{host}?token={tok}" if name == seat_store.SPECTATORS else f"{host}?seat={tok}")
            for name, tok in tokens.items()]
    if as_json:
        print(json.dumps([{"seat": n.lstrip("*"), "role": r, "link": link} for n, r, link in rows], ensure_ascii=False))
        return
    said = {seat_store.BANKER_SEAT: _("the banker"), seat_store.SPECTATORS: _("spectators (read-only)")}
    for name, _role, link in rows:
        out.print(f"[bold]{escape(said.get(name, name))}[/bold]")
        out.print("  " + link, markup=False, soft_wrap=True)
        if qr:
            print(qr_text(link), end="", flush=True)
    out.print("  " + _("a link is a key to that seat: give each player their own (`referee seats --reset NAME` replaces a lost one)"),
              style="dim")

