"""Table mode: `roll`, `next`, `turn`, `draw` (turns and dice), `play` (the console) and `watch` (the live display).

Registered on the main Typer app by `referee.cli.app._register`. The recording
commands go through the same `_record` as every banker command, so a throw
typed in the console and one typed at the shell are the same event.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common

GameOpt = Annotated[Optional[str], typer.Option("--game", "-g", help="Game file (default: $REFEREE_GAME or ./referee-game.sqlite).")]


def _app():
    from referee.cli import app as appmod

    return appmod


def roll(
    dice: Annotated[list[str], typer.Argument(help="The two dice (3 4, 3+4); PLAYER first to check whose turn it is.", metavar="[PLAYER] D1 D2")],
    game: GameOpt = None,
) -> None:
    """The player to throw throws the dice: move, salary, doubles, jail; then what the square means."""
    from referee.core import turns

    def build(rs, t):
        words = list(dice)
        player = None
        if len(words) >= 2 and not words[0].replace("+", "").replace(",", "").isdigit():
            player = common.resolve_player(t, words.pop(0))
        d1, d2 = turns.parse_dice(words)
        return turns.roll(rs, t, d1, d2, player)

    _app()._record(game, build)


def next_turn(game: GameOpt = None) -> None:
    """End the current player's turn: the next player (skipping lost turns) throws."""
    from referee.core import turns

    _app()._record(game, lambda rs, t: turns.pass_turn(rs, t))


def turn(
    player: Annotated[Optional[str], typer.Argument(help="Who throws next (starts tracking turns on a game that did not).")] = None,
    game: GameOpt = None,
) -> None:
    """Whose turn it is and what the last landing means; with PLAYER, say who throws next."""
    from referee.core import turns

    if player is not None:
        _app()._record(game, lambda rs, t: turns.set_turn(rs, t, common.resolve_player(t, player)))
        return
    g = _app().open_game(game)
    rs, t = g.ruleset(), g.state()
    common.out.print(turn_summary(rs, t))


def turn_summary(rs, t) -> str:
    from rich.markup import escape

    from referee.core import turns

    info = turns.turn_info(rs, t)
    if not info["tracking"]:
        return "this game does not track turns (`turn PLAYER` starts tracking)"
    lines = []
    who = info["current"]
    if who:
        p = t.player(who)
        where = rs.squares[p.position].name if rs.squares else "?"
        state = " (in jail)" if p.in_jail else ""
        again = f" again (doubles ×{info['doubles_run']})" if info["throws_again"] else ""
        lines.append(f"[bold]{escape(who)}[/bold] to throw{again} — on {escape(where)}{state}")
    if info["landing"]:
        from referee.messages import render

        lines.append(f"  last landing: {escape(render(info['landing']['msg'], rs.fmt))}")
    return "\n".join(lines)


def draw(
    words: Annotated[list[str], typer.Argument(help="PLAYER and the card's name (id or text); PLAYER defaults to whoever moved last.", metavar="[PLAYER] CARD")],
    game: GameOpt = None,
) -> None:
    """Apply a drawn Chance/Community Chest card; a card that moves the token says what the new square means."""
    from referee.core import turns
    from referee.errors import RefereeError

    def build(rs, t):
        ws = list(words)
        player = None
        if len(ws) >= 2:
            try:
                player = common.resolve_player(t, ws[0])
                ws = ws[1:]
            except RefereeError:
                player = None
        if player is None:
            if not t.landings:
                from referee.errors import InputError

                raise InputError("say who drew the card: draw PLAYER CARD")
            player = t.landings[-1]["player"]
        return turns.draw(rs, t, player, _find_card(rs, t, player, " ".join(ws)))

    _app()._record(game, build)


def _find_card(rs, t, player: str, name: str) -> dict:
    """A card by name; a name both decks share is taken from the deck of the square the player stands on."""
    from referee.core import actions
    from referee.errors import Ambiguous

    try:
        return actions.find_card(rs, name, hint="referee cards lists them")
    except Ambiguous:
        sq = rs.squares[t.player(player).position] if rs.squares else None
        deck = rs.decks().get(sq.deck or "") if sq is not None and sq.kind == "card" else None
        if deck is None:
            raise
        return actions.find_card(rs, f"{deck.get('name', sq.deck)} {name}", hint="referee cards lists them")


def play(
    file: Annotated[Optional[str], typer.Argument(help="Read the moves from this file instead (one command a line).")] = None,
    game: GameOpt = None,
) -> None:
    """Table mode: an interactive console on the current game (or replay moves from a file or standard input)."""
    import sys

    from referee.cli.console import TableConsole
    from referee.ledger import default_path

    path = default_path(game or _app()._STATE["game"])
    con = TableConsole(path)
    if file is not None:
        try:
            with open(file, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except OSError as e:
            from referee.errors import InputError

            raise InputError(f"cannot read {file}: {e.strerror}") from None
        code = con.run_lines(lines, source=file)
    elif not sys.stdin.isatty():
        code = con.run_lines(sys.stdin.read().splitlines(), source=None)
    else:
        code = con.interact()
    if code:
        raise typer.Exit(code)


def watch(
    once: Annotated[bool, typer.Option("--once", help="Print the table once and exit.")] = False,
    interval: Annotated[float, typer.Option("--interval", help="Seconds between checks for a change.")] = 0.15,
    game: GameOpt = None,
) -> None:
    """A live display of the table for a second screen: refreshes as soon as a move is recorded anywhere."""
    from referee.cli import watch as watchmod
    from referee.ledger import default_path

    path = default_path(game or _app()._STATE["game"])
    watchmod.run(path, once=once, interval=interval)


def register(app: typer.Typer) -> None:
    app.command("roll")(roll)
    app.command("next")(next_turn)
    app.command("turn")(turn)
    app.command("draw")(draw)
    app.command("play")(play)
    app.command("watch")(watch)
