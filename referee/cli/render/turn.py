"""Whose turn it is and what the last landing means, as Rich markup (for `turn`)."""

from __future__ import annotations


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
