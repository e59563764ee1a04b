"""`score`: valuations and ranking, of a game or of a holdings file.

Thin: the numbers come from referee.core.scoring, the tables and the chart
from referee.cli.render.score.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from referee.cli.context import open_game
from referee.words.i18n import N_, _


# ---------------------------------------------------------------- loading
def _holdings(path_text: str, ruleset: str | None, method: str | None):
    """A table from a holdings YAML file (no game): returns (ruleset, table, method)."""
    from referee.core import scoring
    from referee.errors import InputError, RefereeError
    from referee.moves import tablefile
    from referee.ruleset import loader, yamlfile

    path = Path(path_text)
    doc = yamlfile.load(path, path_text)
    data, where = doc.data, doc.where
    spec = tablefile.holdings_spec(data, where)
    name = ruleset or spec.ruleset
    if not name:
        raise InputError(_("name the ruleset: a `ruleset:` line in the file, or --ruleset"), path_text, 1)
    board = spec.board
    if board and not Path(board).is_absolute():
        board = str(path.parent / board)
    try:
        rs = loader.load(name, spec.variants, spec.house_rules, board, strict=True)
    except InputError:
        raise
    except RefereeError as e:
        if ruleset:  # named on the command line: not the file's fault
            raise
        raise InputError(e.message, *where(("ruleset",))) from None
    t = tablefile.holdings_table(rs, data, where, spec.problems)
    try:
        m = scoring.resolve_method(rs, method or spec.method)
    except RefereeError as e:
        if method:
            raise
        raise InputError(e.message, *where(("method",))) from None
    return rs, t, m


def score(
    method: Annotated[Optional[str], typer.Option("--method", "-m", help=N_("Valuation method (short-game, time-limit, it-timed, net-worth…); default: the game's own."))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Machine-readable output (integer money)."))] = False,
    history: Annotated[bool, typer.Option("--history", help=N_("Chart each player's value over the game."))] = False,
    detail: Annotated[bool, typer.Option("--detail", "-d", help=N_("Each player's breakdown, item by item."))] = False,
    holdings: Annotated[Optional[str], typer.Option("--holdings", help=N_("Value a YAML holdings file instead of a game (docs/scoring.md)."))] = None,
    ruleset: Annotated[Optional[str], typer.Option("--ruleset", "-r", help=N_("With --holdings: the ruleset, overriding the file's."))] = None,
    game: Annotated[Optional[str], typer.Option("--game", "-g", help=N_("Game file (default: $REFEREE_GAME or ./referee-game.sqlite)."))] = None,
) -> None:
    from referee.cli.common import out
    from referee.cli.render.score import print_history, print_score
    from referee.core import scoring
    from referee.errors import InputError

    if holdings:
        if history:
            raise InputError(_("--history needs a game; a holdings file has no history"))
        rs, t, m = _holdings(holdings, ruleset, method)
        over = False
    else:
        if ruleset:
            raise InputError(_("--ruleset goes with --holdings FILE; a game already knows its ruleset"))
        g = open_game(game)
        rs = g.ruleset()
        m = scoring.resolve_method(rs, method)
        if history:

            from referee.store import replay
            from referee.words.messages import event_text

            initial = g.initial()
            names = [p.name for p in initial.players]
            moves = replay.in_force(g._events())  # the store's one replay: the same moves as the log, summary, watch
            points = scoring.history(rs, names, replay.after_each(initial, moves), m)
            if as_json:
                print(json.dumps({
                    "ruleset": rs.id, "method": m, "players": names,
                    "points": [{"seq": p.seq, "type": p.type, "text": event_text(mv, rs.fmt), "totals": p.totals}
                               for p, mv in zip(points, moves)],
                }, ensure_ascii=False))
                return
            print_history(rs, points, names, m)
            return
        t = g.state()
        over = t.over
    sc = scoring.score(rs, t, m)
    if as_json:
        d = sc.to_dict()
        d["over"] = over
        print(json.dumps(d, ensure_ascii=False))
        return
    print_score(rs, sc, detail=detail, heading=_("Final score") if over else _("Score"))
    if over:
        from rich.markup import escape

        out.print("[bold]" + _("game over") + "[/bold]" + (": " + _("{player} wins").format(player=escape(t.winner)) if t.winner else ""))

