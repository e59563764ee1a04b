"""Table mode: `roll`, `next`, `turn`, `draw` (turns and dice), `play` (the console) and `watch` (the live display).

The recording commands go through the same `record` as every banker command,
so a throw typed in the console and one typed at the shell are the same event.
"""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from referee.cli import common
from referee.cli.context import ForceOpt, GameOpt, game_path, open_game, record
from referee.words.i18n import N_, _


def roll(
    dice: Annotated[list[str], typer.Argument(help=N_("The two dice (3 4, 3+4); PLAYER first to check whose turn it is."), metavar="[PLAYER] D1 D2")],
    game: GameOpt = None,
) -> None:
    from referee.core import turns
    from referee.moves import model

    def build(rs, t):
        words = list(dice)
        player = None
        if len(words) >= 2 and not words[0].replace("+", "").replace(",", "").isdigit():
            player = common.resolve_player(t, words.pop(0))
        return model.Roll(player, turns.parse_dice(words))

    record(game, build)


def next_turn(game: GameOpt = None) -> None:
    from referee.moves import model

    record(game, lambda rs, t: model.NextTurn())


def turn(
    player: Annotated[Optional[str], typer.Argument(help=N_("Who throws next (starts tracking turns on a game that did not)."))] = None,
    game: GameOpt = None,
) -> None:
    if player is not None:
        from referee.moves import model

        record(game, lambda rs, t: model.SetTurn(common.resolve_player(t, player)))
        return
    g = open_game(game)
    rs, t = g.ruleset(), g.state()
    from referee.cli.render.turn import turn_summary

    common.out.print(turn_summary(rs, t))


def draw(
    words: Annotated[list[str], typer.Argument(help=N_("PLAYER and the card's name (id or text); PLAYER defaults to whoever moved last."), metavar="[PLAYER] CARD")],
    force: ForceOpt = None,
    game: GameOpt = None,
) -> None:
    from referee.errors import RefereeError
    from referee.moves import model

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

                raise InputError(_("say who drew the card: draw PLAYER CARD"))
            player = t.landings[-1]["player"]
        c = _find_card(rs, t, player, " ".join(ws))
        return model.Card(player, f"{c['deck']}:{c['id']}", forced=common.forced(force))

    record(game, build)


def _find_card(rs, t, player: str, name: str) -> Any:
    """A card by name; a name both decks share is taken from the deck of the square the player stands on."""
    from referee.core import cards
    from referee.errors import Ambiguous

    try:
        return cards.find_card(rs, name, hint=_("referee cards lists them"))
    except Ambiguous:
        sq = rs.squares[t.player(player).position] if rs.squares else None
        if sq is None or sq.kind != "card" or rs.decks().get(sq.deck or "") is None:
            raise
        return cards.find_card(rs, name, hint=_("referee cards lists them"), deck=sq.deck)


def play(
    ctx: typer.Context,
    file: Annotated[Optional[str], typer.Argument(help=N_("Read the moves from this file instead (one command a line)."))] = None,
    game: GameOpt = None,
) -> None:
    import sys

    from referee.cli.console import TableConsole

    con = TableConsole(game_path(game), ctx.find_root().command)
    if file is not None:
        try:
            with open(file, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except OSError as e:
            from referee.errors import InputError

            raise InputError(_("cannot read {file}: {error}").format(file=file, error=e.strerror)) from None
        code = con.run_lines(lines, source=file)
    elif not sys.stdin.isatty():
        code = con.run_lines(_stdin_lines(), source=None)
    else:
        code = con.interact()
    if code:
        raise typer.Exit(code)


def watch(
    once: Annotated[bool, typer.Option("--once", help=N_("Print the table once and exit."))] = False,
    interval: Annotated[float, typer.Option("--interval", help=N_("Seconds between checks for a change."))] = 0.15,
    game: GameOpt = None,
) -> None:
    import math

    from referee.cli import watch as watchmod
    from referee.errors import InputError

    if not math.isfinite(interval) or not 0.02 <= interval <= 60:
        raise InputError(_("--interval is a number of seconds from 0.02 to 60, not {value}").format(value=interval))
    watchmod.run(game_path(game), once=once, interval=interval)


STDIN_MOST = 16 * 1024 * 1024  # a whole evening typed is a few hundred KB


def _stdin_lines() -> list[str]:
    """The moves piped in (`referee play < moves.txt`): UTF-8, at most STDIN_MOST bytes (`< /dev/zero` never ends)."""
    import sys

    from referee.errors import InputError

    raw = sys.stdin.buffer.read(STDIN_MOST + 1)
    if len(raw) > STDIN_MOST:
        raise InputError(_("the moves piped in are over {most:,} bytes; split them into files").format(most=STDIN_MOST))
    try:
        return raw.decode("utf-8").splitlines()
    except UnicodeDecodeError as e:
        raise InputError(_("the moves piped in are not UTF-8 text (byte {n}): save them as UTF-8").format(n=e.start + 1)) from None
