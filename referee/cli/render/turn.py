"""Whose turn it is and what the last landing means, as Rich markup (for `turn`)."""

from __future__ import annotations

from referee.words.i18n import _


def turn_summary(rs, t) -> str:
    from rich.markup import escape

    from referee.core import turns

    info = turns.turn_info(rs, t)
    if not info["tracking"]:
        return _("this game does not track turns (`turn PLAYER` starts tracking)")
    lines = []
    who = info["current"]
    if who:
        p = t.player(who)
        where = rs.squares[p.position].name if rs.squares else "?"
        state = " " + _("(in jail)") if p.in_jail else ""
        if info["throws_again"]:
            head = _("{player} to throw again (doubles ×{run})").format(player=f"[bold]{escape(who)}[/bold]", run=info["doubles_run"])
        else:
            head = _("{player} to throw").format(player=f"[bold]{escape(who)}[/bold]")
        lines.append(head + " — " + _("on {square}").format(square=escape(where)) + state)
    if info["landing"]:
        from referee.words.messages import render

        lines.append("  " + _("last landing: {text}").format(text=escape(render(info["landing"]["msg"], rs.fmt))))
    return "\n".join(lines)
