"""`referee score`: valuations, ranking, the final count, net worth over the game.

Thin: the numbers come from referee.core.scoring / referee.core.valuation;
this module reads the game or the holdings file and renders with Rich.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

COLUMN_NAMES = {"cash": "cash", "deeds": "deeds", "mortgaged_deeds": "mortgaged", "houses": "houses", "hotels": "hotels"}
PLAYER_STYLES = ("cyan", "magenta", "green", "yellow", "red", "blue", "bright_white", "bright_black")


# ---------------------------------------------------------------- rendering
def _rank_text(st) -> str:
    if st.rank is None:
        return "out"
    return f"={st.rank}" if st.tied else str(st.rank)


def print_score(rs, sc, detail: bool = False, heading: str | None = None) -> None:
    """The score as a Rich table: one row per player, each component, the total and the rank.

    On a terminal too narrow for every column, components nobody holds
    anything of are left out (and said so) rather than squeezing the amounts.
    """
    from rich import box
    from rich.markup import escape
    from rich.table import Table as RTable

    from referee.cli.common import out
    from referee.core.valuation import COMPONENTS

    comps = [c for c in COMPONENTS if c in sc.bases]
    cells = {c: [rs.fmt(st.valuation.components()[c]) for st in sc.standings] for c in comps}
    totals = [rs.fmt(st.total) for st in sc.standings]
    names = [st.player + (" (bankrupt)" if st.bankrupt else "") for st in sc.standings]

    def width(cs: list[str]) -> int:
        cols = [["rank"] + ["=00"], ["player"] + names, ["total"] + totals] + [[COLUMN_NAMES[c]] + cells[c] for c in cs]
        return sum(max(len(x) for x in col) + 3 for col in cols) + 1

    dropped: list[str] = []
    if width(comps) > out.width:
        dropped = [c for c in comps if c != "cash" and not any(st.valuation.components()[c] for st in sc.standings)]
        comps = [c for c in comps if c not in dropped]
    title = heading or "Score"
    tab = RTable(title=f"{escape(title)} — {escape(sc.method)}: {escape(sc.title)}", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    tab.add_column("rank", justify="right", no_wrap=True)
    tab.add_column("player", style="bold", no_wrap=True, min_width=min(24, max(len(n) for n in names)))
    for c in comps:
        tab.add_column(COLUMN_NAMES[c], justify="right")
    tab.add_column("total", justify="right", style="bold")
    for st, name_plain in zip(sc.standings, names):
        comp_vals = st.valuation.components()
        name = escape(st.player)
        if st.bankrupt:
            name = f"[strike]{name}[/strike] [dim](bankrupt)[/dim]"
        row = [_rank_text(st), name] + [rs.fmt(comp_vals[c]) for c in comps] + [rs.fmt(st.total)]
        tab.add_row(*row, style="dim" if st.bankrupt else None)
    out.print(tab)
    counted = [f"{COLUMN_NAMES[c]} {sc.bases[c]}".strip() for c in COMPONENTS if c in sc.bases and c != "cash"]
    out.print(f"[dim]counted: cash; {escape('; '.join(counted))}[/dim]")
    if dropped:
        out.print(f"[dim]nobody holds any {', '.join(COLUMN_NAMES[c] for c in dropped)}: column(s) left out[/dim]")
    if detail:
        for st in sc.standings:
            if not st.bankrupt:
                print_breakdown(rs, st.valuation)
    out.print(escape(result_line(rs, sc)))
    if sc.clause and rs.has_clause(sc.clause):
        out.print(f"[cyan]— {escape(str(rs.cite(sc.clause)))}[/cyan]")


def result_line(rs, sc) -> str:
    lead = sc.leaders
    if not lead:
        return "nobody left to rank"
    total = rs.fmt(sc.ranked[0].total)
    if len(lead) == 1:
        ahead = ""
        if len(sc.ranked) > 1:
            ahead = f", {rs.fmt(sc.ranked[0].total - sc.ranked[1].total)} ahead of {sc.ranked[1].player}"
        return f"{lead[0]} is richest with {total}{ahead}"
    return f"a tie for first: {', '.join(lead[:-1])} and {lead[-1]}, {total} each"


def print_breakdown(rs, v) -> None:
    """One player's valuation item by item, with each component's subtotal (for checking by hand)."""
    from rich import box
    from rich.markup import escape
    from rich.table import Table as RTable

    from referee.cli.common import out
    from referee.core.valuation import COMPONENT_NAMES, COMPONENTS

    tab = RTable(title=f"{escape(v.player)}: {rs.fmt(v.total)}", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    tab.add_column("counted as")
    tab.add_column("item")
    tab.add_column("how", style="dim")
    tab.add_column("amount", justify="right", no_wrap=True)
    for comp in COMPONENTS:
        its = v.items_of(comp)
        if not its:
            continue
        label = f"{COMPONENT_NAMES[comp]} {v.bases.get(comp, '')}".strip()
        for k, it in enumerate(its):
            tab.add_row(escape(label) if k == 0 else "", escape(it.label) if comp != "cash" else "", escape(it.how), rs.fmt(it.amount))
        if len(its) > 1:
            tab.add_row("", "", "[italic]subtotal[/italic]", f"[bold]{rs.fmt(getattr(v, comp))}[/bold]")
    tab.add_section()
    tab.add_row("[bold]total[/bold]", "", "", f"[bold]{rs.fmt(v.total)}[/bold]")
    out.print(tab)


def print_final(rs, t) -> None:
    """The final count when the game's end condition is met (called by the banker commands)."""
    from rich.markup import escape

    from referee.cli.common import out
    from referee.core.scoring import resolve_method, score

    sc = score(rs, t, resolve_method(rs, None))
    out.print("")
    out.print("[bold reverse] GAME OVER [/bold reverse] [bold]the final count[/bold]")
    print_score(rs, sc, heading="Final score")
    if t.winner:
        out.print(f"[bold]{escape(t.winner)} wins[/bold]")
    elif len(sc.leaders) > 1:
        out.print("[bold]the game ends in a tie[/bold]")


# ---------------------------------------------------------------- history chart
def print_history(rs, points, names: list[str], method: str) -> None:
    from rich.markup import escape
    from rich.text import Text

    from referee.cli import chart
    from referee.cli.common import out

    out.print(f"[bold]Net worth over the game[/bold] — {escape(method)}: {escape(rs.valuation(method).get('title', method))}")
    if not points:
        out.print("no events yet")
        return
    series = [[p.totals[n] for p in points] for n in names]
    labels_w = max(len(rs.fmt(v)) for s in series for v in (min(s), max(s)))
    width = chart.columns_for(len(points), max(10, min(120, out.width - labels_w - 3)))
    height = 12 if len(points) > 1 else 3
    lay = chart.layout(series, width, height)
    height = lay.height
    label_rows = {r for r in range(height) if (height - 1 - r) % 2 == 0 or r == 0 or height <= 6}
    for r, cells in enumerate(lay.cells):
        line = Text()
        if r in label_rows:
            line.append(rs.fmt(round(lay.row_value(r))).rjust(labels_w) + " ┤", style="dim")
        else:
            line.append(" " * labels_w + " │", style="dim")
        for cell in cells:
            if cell is None:
                line.append(" ")
            else:
                line.append(cell[0], style=PLAYER_STYLES[cell[1] % len(PLAYER_STYLES)])
        out.print(line)
    # bankruptcies marked under the axis
    marks = [" "] * width
    mark_styles: list[str | None] = [None] * width
    for c, i in enumerate(lay.sample):
        p = points[i]
        first_col = c == 0 or lay.sample[c - 1] != i
        if p.type == "bankrupt" and first_col:
            marks[c] = "✗"
            if p.player in names:
                mark_styles[c] = PLAYER_STYLES[names.index(p.player) % len(PLAYER_STYLES)]
    axis = Text(" " * labels_w + " └" + "─" * width, style="dim")
    out.print(axis)
    if any(m != " " for m in marks):
        line = Text(" " * (labels_w + 2))
        for m, s in zip(marks, mark_styles):
            line.append(m, style=s or "red")
        out.print(line)
    left, right = f"#{points[0].seq}", f"#{points[-1].seq}"
    mid = f"{len(points)} events" + (" (✗ bankruptcy)" if any(m != " " for m in marks) else "")
    gap = max(1, width - len(left) - len(right) - len(mid))
    out.print(Text(" " * (labels_w + 2) + left + " " * (gap // 2) + mid + " " * (gap - gap // 2) + right, style="dim"))
    name_w = max(len(n) for n in names)
    for k, n in enumerate(names):
        s = series[k]
        legend = Text(" " * (labels_w + 2))
        legend.append("━━ ", style=PLAYER_STYLES[k % len(PLAYER_STYLES)])
        legend.append(n.ljust(name_w), style="bold")
        legend.append(f" {rs.fmt(s[-1]).rjust(labels_w)}")
        legend.append(f"  low {rs.fmt(min(s))}, high {rs.fmt(max(s))}", style="dim")
        out.print(legend)


# ---------------------------------------------------------------- loading
def _holdings(path_text: str, ruleset: str | None, method: str | None):
    """A table from a holdings YAML file (no game): returns (ruleset, table, method)."""
    from referee import tablefile, yamlfile
    from referee.core import scoring
    from referee.errors import InputError, RefereeError
    from referee.ruleset import loader

    path = Path(path_text)
    doc = yamlfile.load(path, path_text)
    data, where = doc.data, doc.where
    spec = tablefile.holdings_spec(data, where)
    name = ruleset or spec.ruleset
    if not name:
        raise InputError("name the ruleset: a `ruleset:` line in the file, or --ruleset", path_text, 1)
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
    method: Annotated[Optional[str], typer.Option("--method", "-m", help="Valuation method (short-game, time-limit, it-timed, net-worth…); default: the game's own.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output (integer money).")] = False,
    history: Annotated[bool, typer.Option("--history", help="Chart each player's value over the game.")] = False,
    detail: Annotated[bool, typer.Option("--detail", "-d", help="Each player's breakdown, item by item.")] = False,
    holdings: Annotated[Optional[str], typer.Option("--holdings", help="Value a YAML holdings file instead of a game (docs/scoring.md).")] = None,
    ruleset: Annotated[Optional[str], typer.Option("--ruleset", "-r", help="With --holdings: the ruleset, overriding the file's.")] = None,
    game: Annotated[Optional[str], typer.Option("--game", "-g", help="Game file (default: $REFEREE_GAME or ./referee-game.sqlite).")] = None,
) -> None:
    """Value every player by a named method: components, total and ranking (ties shown as ties)."""
    from referee.cli.common import out
    from referee.core import scoring
    from referee.errors import InputError

    if holdings:
        if history:
            raise InputError("--history needs a game; a holdings file has no history")
        rs, t, m = _holdings(holdings, ruleset, method)
        over = False
    else:
        if ruleset:
            raise InputError("--ruleset goes with --holdings FILE; a game already knows its ruleset")
        from referee.cli.app import open_game

        g = open_game(game)
        rs = g.ruleset()
        m = scoring.resolve_method(rs, method)
        if history:

            initial = g.initial()
            names = [p.name for p in initial.players]
            points = scoring.history(rs, initial, g.events(), m)
            if as_json:
                print(json.dumps({
                    "ruleset": rs.id, "method": m, "players": names,
                    "points": [{"seq": p.seq, "type": p.type, "text": p.text, "totals": p.totals} for p in points],
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
    print_score(rs, sc, detail=detail, heading="Final score" if over else "Score")
    if over:
        from rich.markup import escape

        out.print("[bold]game over[/bold]" + (f": {escape(t.winner)} wins" if t.winner else ""))


def register(app) -> None:
    app.command("score")(score)
