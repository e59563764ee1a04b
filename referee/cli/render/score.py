"""How a score looks on the terminal: the ranking table, one player's breakdown,
the final count, and net worth over the game as a chart.

The numbers come from referee.core.scoring / referee.core.valuation.
"""

from __future__ import annotations

from referee.words.i18n import N_, _, data, ngettext, pgettext
from referee.words.templates import basis

COLUMN_NAMES = {"cash": N_("cash"), "deeds": N_("deeds"), "mortgaged_deeds": N_("mortgaged"), "houses": N_("houses"), "hotels": N_("hotels")}


def column_name(c: str) -> str:
    """A score column's heading; the mortgaged deeds' count has its own context (a plural where the language inflects it)."""
    if c == "mortgaged_deeds":
        return pgettext("score column", "mortgaged")
    return _(COLUMN_NAMES[c])
PLAYER_STYLES = ("cyan", "magenta", "green", "yellow", "red", "blue", "bright_white", "bright_black")


def _rank_text(st) -> str:
    if st.rank is None:
        return _("out")
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
    names = [st.player + (" " + _("(bankrupt)") if st.bankrupt else "") for st in sc.standings]

    def width(cs: list[str]) -> int:
        cols = [["#", "=00"] + [_rank_text(st) for st in sc.standings], [_("player")] + names, [_("total")] + totals] + [
            [column_name(c)] + cells[c] for c in cs]
        return sum(max(len(x) for x in col) + 3 for col in cols) - 3  # no padding at the table's two edges

    dropped: list[str] = []
    if width(comps) > out.width:
        dropped = [c for c in comps if c != "cash" and not any(st.valuation.components()[c] for st in sc.standings)]
        comps = [c for c in comps if c not in dropped]
    narrow: list[str] = []
    while comps and width(comps) > out.width:  # still too wide: the rightmost breakdown columns go, the totals stay whole
        narrow.insert(0, comps.pop())
    title = heading or _("Score")
    tab = RTable(title=f"{escape(title)} — {escape(data(sc.title))}", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                 pad_edge=False)
    tab.add_column("#", justify="right", no_wrap=True)  # the rank: a sign every language reads, so the amounts keep their room
    tab.add_column(_("player"), style="bold", no_wrap=True, min_width=min(24, max(len(n) for n in names)))
    for c in comps:
        tab.add_column(column_name(c), justify="right", no_wrap=True)
    tab.add_column(_("total"), justify="right", style="bold", no_wrap=True)
    for st in sc.standings:
        comp_vals = st.valuation.components()
        name = escape(st.player)
        if st.bankrupt:
            name = f"[strike]{name}[/strike] [dim]" + _("(bankrupt)") + "[/dim]"
        row = [_rank_text(st), name] + [rs.fmt(comp_vals[c]) for c in comps] + [rs.fmt(st.total)]
        tab.add_row(*row, style="dim" if st.bankrupt else None)
    out.print(tab)
    counted = [f"{column_name(c)} {basis(sc.bases[c])}".strip() for c in COMPONENTS if c in sc.bases and c != "cash"]
    out.print("[dim]" + escape(_("counted: cash; {items}").format(items=pgettext("list", "; ").join(counted))) + "[/dim]")
    if dropped:
        out.print("[dim]" + ngettext("nobody holds any {what}: column left out", "nobody holds any {what}: columns left out", len(dropped)).format(
            what=", ".join(column_name(c) for c in dropped)) + "[/dim]")
    if narrow and not detail:
        out.print("[dim]" + escape(_("too narrow for {what}: `referee score --detail` lists each player's items").format(
            what=", ".join(column_name(c) for c in narrow))) + "[/dim]")
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
        return _("nobody left to rank")
    total = rs.fmt(sc.ranked[0].total)
    if len(lead) == 1:
        ahead = ""
        if len(sc.ranked) > 1:
            ahead = _(", {amount} ahead of {player}").format(amount=rs.fmt(sc.ranked[0].total - sc.ranked[1].total), player=sc.ranked[1].player)
        return _("{player} is richest with {total}{ahead}").format(player=lead[0], total=total, ahead=ahead)
    return _("a tie for first: {players} and {last}, {total} each").format(players=", ".join(lead[:-1]), last=lead[-1], total=total)


def print_breakdown(rs, v) -> None:
    """One player's valuation item by item, with each component's subtotal (for checking by hand)."""
    from rich import box
    from rich.markup import escape
    from rich.table import Table as RTable

    from referee.cli.common import out
    from referee.core.valuation import COMPONENTS
    from referee.words.templates import COMPONENT_NAMES

    tab = RTable(title=_("{label}: {value}").format(label=escape(v.player), value=rs.fmt(v.total)), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    tab.add_column(_("counted as"))
    tab.add_column(_("item"))
    tab.add_column(_("how"), style="dim")
    tab.add_column(_("amount"), justify="right", no_wrap=True)
    for comp in COMPONENTS:
        its = v.items_of(comp)
        if not its:
            continue
        label = f"{_(COMPONENT_NAMES[comp])} {basis(v.bases.get(comp, ''))}".strip()
        for k, it in enumerate(its):
            tab.add_row(escape(label) if k == 0 else "", escape(it.label) if comp != "cash" else "", escape(it.how), rs.fmt(it.amount))
        if len(its) > 1:
            tab.add_row("", "", "[italic]" + _("subtotal") + "[/italic]", f"[bold]{rs.fmt(getattr(v, comp))}[/bold]")
    tab.add_section()
    tab.add_row("[bold]" + _("total") + "[/bold]", "", "", f"[bold]{rs.fmt(v.total)}[/bold]")
    out.print(tab)


def print_final(rs, t) -> None:
    """The final count when the game's end condition is met (called by the banker commands)."""
    from rich.markup import escape

    from referee.cli.common import out
    from referee.core.scoring import resolve_method, score

    sc = score(rs, t, resolve_method(rs, None))
    out.print("")
    out.print("[bold reverse] " + _("GAME OVER") + " [/bold reverse] [bold]" + _("the final count") + "[/bold]")
    print_score(rs, sc, heading=_("Final score"))
    if t.winner:
        out.print("[bold]" + _("{player} wins").format(player=escape(t.winner)) + "[/bold]")
    elif len(sc.leaders) > 1:
        out.print("[bold]" + _("the game ends in a tie") + "[/bold]")


# ---------------------------------------------------------------- history chart
def print_history(rs, points, names: list[str], method: str) -> None:
    from rich.markup import escape
    from rich.text import Text

    from referee.cli.common import out
    from referee.cli.render import chart

    out.print("[bold]" + _("Net worth over the game") + f"[/bold] — {escape(data(rs.valuation(method).get('title', method)))}")
    if not points:
        out.print(_("no events yet"))
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
        for m, style in zip(marks, mark_styles):
            line.append(m, style=style or "red")
        out.print(line)
    left, right = f"#{points[0].seq}", f"#{points[-1].seq}"
    mid = ngettext("{n} event", "{n} events", len(points)).format(n=len(points)) + (" " + _("(✗ bankruptcy)") if any(m != " " for m in marks) else "")
    gap = max(1, width - len(left) - len(right) - len(mid))
    out.print(Text(" " * (labels_w + 2) + left + " " * (gap // 2) + mid + " " * (gap - gap // 2) + right, style="dim"))
    name_w = max(len(n) for n in names)
    for k, n in enumerate(names):
        s = series[k]
        legend = Text(" " * (labels_w + 2))
        legend.append("━━ ", style=PLAYER_STYLES[k % len(PLAYER_STYLES)])
        legend.append(n.ljust(name_w), style="bold")
        legend.append(f" {rs.fmt(s[-1]).rjust(labels_w)}")
        legend.append("  " + _("low {low}, high {high}").format(low=rs.fmt(min(s)), high=rs.fmt(max(s))), style="dim")
        out.print(legend)
