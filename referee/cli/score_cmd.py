"""`referee score`: valuations, ranking, the final count."""

from __future__ import annotations


def print_final(rs, t) -> None:
    from rich.markup import escape

    from referee.cli.common import out
    from referee.core.valuation import value

    method = rs.param("end.valuation", "net-worth")
    vals = sorted((value(rs, t, p.name, method) for p in t.active_players()), key=lambda v: -v.total)
    out.print(f"[bold]Final count ({escape(method)})[/bold]")
    for v in vals:
        out.print(f"  {escape(v.player)}: {rs.fmt(v.total)}")


def register(app) -> None:
    return None
