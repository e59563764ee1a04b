"""`referee summary`: the game told at its end (or so far) — in the terminal, as Markdown, or JSON."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli.context import GameOpt
from referee.words.i18n import N_, _, data, ngettext, pgettext


def _when(s) -> str:
    """When the game was played, in UTC: `2026-11-23, 15:12–15:59 UTC (47 min)`."""
    from datetime import UTC, datetime

    if s.started is None:
        return ""
    a, b = (datetime.fromtimestamp(x, UTC) for x in (s.started, s.ended or s.started))
    mins = round((b - a).total_seconds() / 60)
    end = b.strftime("%H:%M") if a.date() == b.date() else b.strftime("%Y-%m-%d %H:%M")
    return f"{a:%Y-%m-%d}, {a:%H:%M}–{end} UTC ({mins} min)"


def headline(rs, s) -> str:
    """Who won, or where the game stands."""
    from referee.cli.render.score import result_line

    out = [p.player for p in s.score.standings if p.bankrupt]
    gone = " " + ngettext("({players} bankrupt)", "({players} bankrupt)", len(out)).format(players=_and(out)) if out else ""
    if s.over and s.winner:
        return _("{player} wins").format(player=s.winner) + gone
    if s.over:
        return _("the game is over: {result}").format(result=result_line(rs, s.score))
    return _("game in progress: {result}").format(result=result_line(rs, s.score)) + gone


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + _(" and ") + names[-1]


def turning_points(s) -> list[tuple[str, list[str]]]:
    """The sections worth telling, each a heading and its lines (empty sections left out)."""
    secs = [
        (_("Biggest rents"), [f"#{r.entry} {r.text}" for r in s.rents]),
        (_("Trades"), [f"#{r.entry} {r.text}" for r in s.trades]),
        (_("Bankruptcies"), [f"#{r.entry} {r.text}" for r in s.bankruptcies]),
        (_("The lead"), [f"#{e} " + _("{player} takes the lead").format(player=p) for e, p in s.lead]),
    ]
    return [(h, lines) for h, lines in secs if lines]


def markdown(rs, s) -> str:
    from referee.cli.render.score import column_name, result_line
    from referee.core.valuation import COMPONENTS
    from referee.words.templates import basis

    def cell(x: str) -> str:
        return x.replace("|", "\\|")

    sc = s.score
    lines = ["# " + _("Game summary: {title}").format(title=cell(data(rs.title))), ""]
    moves = ngettext("{n} move", "{n} moves", s.moves).format(n=s.moves)
    lines.append(f"**{cell(headline(rs, s))}.** {moves}{', ' + _when(s) if _when(s) else ''}. " + _("Ruleset: {ruleset}.").format(ruleset=f"`{rs.id}`"))
    heading = _("Final count") if s.over else _("Count so far")
    lines += ["", "## " + _("{label}: {value}").format(label=heading, value=cell(data(sc.title))), ""]
    comps = [c for c in COMPONENTS if c in sc.bases]
    heads = [_("rank"), _("player"), *(column_name(c) for c in comps), _("total")]  # outside the f-string: extracted
    lines.append("| " + " | ".join(heads) + " |")
    lines.append("|---:|---|" + "---:|" * len(comps) + "---:|")
    for st in sc.standings:
        rank = _("out") if st.rank is None else (f"={st.rank}" if st.tied else str(st.rank))
        name = cell(st.player) + (" " + _("(bankrupt)") if st.bankrupt else "")
        vals = st.valuation.components()
        lines.append(f"| {rank} | {name} | " + " | ".join(rs.fmt(vals[c]) for c in comps) + f" | **{rs.fmt(st.total)}** |")
    counted = pgettext("list", "; ").join(f"{column_name(c)} {basis(sc.bases[c])}".strip() for c in comps if c != "cash")
    lines += ["", _("counted: cash; {items}").format(items=cell(counted)) + f". {cell(result_line(rs, sc))}."]
    if sc.clause and rs.has_clause(sc.clause):
        lines.append(_("Rule: {citation}.").format(citation=cell(str(rs.cite(sc.clause)))))
    tp = turning_points(s)
    if tp:
        lines += ["", "## " + _("Turning points")]
        for head, items in tp:
            lines += ["", f"### {head}", ""] + [f"- {cell(x)}" for x in items]
    return "\n".join(lines) + "\n"


def show(rs, s) -> None:
    from rich.markup import escape

    from referee.cli.common import out
    from referee.cli.render.score import print_score

    out.print("[bold]" + _("Game summary") + "[/bold] — " + _("{label}: {value}").format(label=escape(rs.id), value=escape(data(rs.title))))
    out.print(f"[bold]{escape(headline(rs, s))}[/bold]")
    out.print("[dim]" + ngettext("{n} move", "{n} moves", s.moves).format(n=s.moves) + (f" · {escape(_when(s))}" if _when(s) else "") + "[/dim]")
    out.print("")
    print_score(rs, s.score, heading=_("Final count") if s.over else _("Count so far"))
    for head, items in turning_points(s):
        out.print(f"\n[bold]{head}[/bold]")
        for x in items:
            out.print(f"  {escape(x)}")


def summary(
    md: Annotated[bool, typer.Option("--markdown", help=N_("Print Markdown instead of the terminal view."))] = False,
    md_file: Annotated[Optional[str], typer.Option("--md", help=N_("Write the Markdown to FILE."), metavar="FILE")] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Machine-readable output (integer money)."))] = False,
    game: GameOpt = None,
) -> None:
    """The game at its end (or so far): who won, the final count by the game's own method, the turning points."""
    import json

    from referee.cli.common import out
    from referee.cli.context import open_game
    from referee.store.summary import summarize

    g = open_game(game)
    rs = g.ruleset()
    s = summarize(g)
    if as_json:
        print(json.dumps(s.to_dict(), ensure_ascii=False))
    elif md_file:
        with open(md_file, "w", encoding="utf-8") as f:
            f.write(markdown(rs, s))
        out.print(_("wrote {path}").format(path=md_file))
    elif md:
        print(markdown(rs, s), end="")
    else:
        show(rs, s)
