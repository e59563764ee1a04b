"""`referee watch`: the table on a second screen, redrawn within a moment of any move.

It keeps one read connection on the game file and asks SQLite's
`PRAGMA data_version` every `interval` seconds (150 ms by default): that
answer comes from the WAL index in shared memory, so an idle table costs no
disk reads, and the frame is rebuilt only when another process has committed.
A file replaced by `referee new --force` (a new inode) is reopened.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console, Group
from rich.markup import escape
from rich.table import Table as RTable
from rich.text import Text

from referee.errors import RefereeError
from referee.i18n import _, data, ngettext
from referee.i18n import explicit as i18n_explicit

if TYPE_CHECKING:
    from referee.ledger import Game




class Source:
    """The game file, watched: `changed()` is cheap; `frame()` reads and renders."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.game: Game | None = None
        self.ino: int | None = None
        self.version = None
        self.size_key = None
        self.ends: float | None = None  # the agreed end of a time-limit game: redraw every second until then

    def _open(self) -> None:
        from referee.ledger import Game

        self.close()
        try:
            st = os.stat(self.path)
        except OSError:
            return
        try:
            self.game = Game(self.path)
            self.ino = st.st_ino
            self.ends = self.game.spec.get("ends")
        except RefereeError:
            self.game = None

    def close(self) -> None:
        if self.game is not None:
            try:
                self.game.close()
            except Exception:
                pass
        self.game, self.ino, self.version = None, None, None

    def key(self) -> tuple:
        """What identifies the file's current content; a change means a new frame."""
        try:
            st = os.stat(self.path)
        except OSError:
            self.close()
            return ("missing",)
        if self.game is None or st.st_ino != self.ino:
            self._open()
            if self.game is None:
                return ("unreadable", st.st_mtime_ns)
        try:
            v = self.game.con.execute("PRAGMA data_version").fetchone()[0]
        except Exception:
            self._open()
            return ("reopened", time.monotonic())
        tick = int(time.time()) if self.ends and time.time() < self.ends + 1 else None
        return (self.ino, v, tick)

    def frame(self, width: int | None = None):
        if self.game is None:
            return Text(_("waiting for a game at {path} (referee new NAME NAME … --turns)").format(path=self.path), style="yellow")
        try:
            rs = self.game.ruleset()
            t = self.game.state()
            recent = self._recent()
        except Exception as e:  # mid-replacement or locked: say so, retry on the next tick
            return Text(f"{self.path}: {e}", style="red")
        if not i18n_explicit():
            from referee.cli.context import speak_game

            speak_game(self.game)
        return render(rs, t, recent, self.path, self.game.last_seq(), self.game.spec)

    def _recent(self, n: int = 8) -> list[dict]:
        assert self.game is not None  # frame() asks only once a game is open
        rows = self.game.con.execute("SELECT seq, data FROM events ORDER BY seq DESC LIMIT 60").fetchall()
        evs = [(seq, json.loads(data)) for seq, data in reversed(rows)]
        from referee.ledger import cancellations

        undone = set(cancellations(evs))
        from referee.messages import render_all

        fmt = self.game.ruleset().fmt  # each move in the language of the screen, from its message where it has one
        out = [{"seq": s, "text": render_all([e["msg"]], fmt)[0] if e.get("msg") else e.get("text", e.get("type", "")),
                "undone": s in undone, "type": e.get("type")} for s, e in evs]
        return out[-n:]


def clock_lines(rs, t, spec: dict | None, now: float | None = None) -> list:
    """A time-limit game: the countdown, then at the agreed time the final count (the view model's)."""
    from referee import view

    c = view.clock(spec or {}, time.time() if now is None else now)
    if not c or t.over:
        return []
    if not c["time_up"]:
        return [Text.assemble(("⏱ ", "bold"), (view.clock_text(c["left"]), "bold"), " " + _("left · ends at {time}").format(time=c["ends_text"]))]
    lines: list = [Text(_("time's up ({time}): the final count").format(time=c["ends_text"]), style="bold reverse")]
    st = view.standings(rs, t)
    if st:
        tab = RTable(box=None, show_edge=False, pad_edge=False, show_header=False)
        tab.add_column(justify="right")
        tab.add_column(style="bold")
        tab.add_column(justify="right")
        for r in st["rows"]:
            tab.add_row(("=" if r["tied"] else "") + str(r["rank"]), r["player"], r["total_text"])
        lines += [tab, Text(data(st["title"]) + " — " + (_("{player} wins").format(player=st["leaders"][0]) if len(st["leaders"]) == 1 else _("a tie")), style="dim")]
    return lines


def render(rs, t, recent: list[dict], path: Path, seq: int, spec: dict | None = None):
    from referee.cli.render.status import deeds_markup, status_dict
    from referee.core import turns

    d = status_dict(rs, t)
    info = turns.turn_info(rs, t)
    head = Text.assemble((f"{rs.id}", "bold"), f" — {data(rs.title)}   ",
                         (_("{file} · move #{seq} · updated {time}").format(file=path.name, seq=seq, time=time.strftime("%H:%M:%S")), "dim"))
    parts: list = [head, *clock_lines(rs, t, spec)]
    if t.over:
        parts.append(Text(_("game over") + (": " + _("{player} wins").format(player=t.winner) if t.winner else ""), style="bold green"))
    elif info["tracking"] and info["current"]:
        who = info["current"]
        line = Text.assemble(("▶ ", "bold green"), (who, "bold"), " " + _("to throw"))
        if info["throws_again"]:
            line.append(" " + _("again (doubles ×{run})").format(run=info["doubles_run"]), style="yellow")
        parts.append(line)
    if info.get("landing"):
        from referee.messages import render as render_msg

        parts.append(Text("  " + _("last landing: {text}").format(text=render_msg(info["landing"]["msg"], rs.fmt)), style="yellow"))

    tab = RTable(expand=False, pad_edge=False, box=None, show_edge=False, header_style="bold dim")
    tab.add_column("")
    tab.add_column(_("player"), style="bold")
    tab.add_column(_("cash"), justify="right")
    tab.add_column(_("square"))
    tab.add_column(_("deeds"))
    tab.add_column(_("worth"), justify="right")
    cur = info.get("current")
    for p, pd in zip(t.players, d["players"]):
        deeds = deeds_markup(rs, pd["deeds"], "[dim]—[/dim]")
        name = escape(p.name)
        if p.bankrupt:
            name = f"[strike dim]{name}[/strike dim]"
        if pd["jail_cards"]:
            name += " [cyan]" + ngettext("+{n} card", "+{n} cards", pd["jail_cards"]).format(n=pd["jail_cards"]) + "[/cyan]"
        cash = rs.fmt(p.cash)
        if pd["debts"]:
            cash += "\n[red]" + _("owes {amount}").format(amount=rs.fmt(sum(x["amount"] for x in pd["debts"]))) + "[/red]"
        square = escape(rs.squares[p.position].name) if rs.squares and not p.bankrupt else ""
        if p.in_jail:
            square = "[yellow]" + _("in jail") + "[/yellow]" + (
                " [dim](" + ngettext("{n} try", "{n} tries", p.jail_turns).format(n=p.jail_turns) + ")[/dim]" if p.jail_turns else "")
        if p.skip_turns:
            square += " [yellow]" + ngettext("loses {n} turn", "loses {n} turns", p.skip_turns).format(n=p.skip_turns) + "[/yellow]"
        worth = rs.fmt(pd["net_worth"]) if pd["net_worth"] is not None else "?"
        marker = "[bold green]▶[/bold green]" if p.name == cur and not t.over else ""
        tab.add_row(marker, name, cash, square, deeds, worth)
    parts += [Text(""), tab, Text("")]
    bank = _("bank: {houses}, {hotels}").format(houses=ngettext("{n} house", "{n} houses", t.bank_houses).format(n=t.bank_houses),
                                                hotels=ngettext("{n} hotel", "{n} hotels", t.bank_hotels).format(n=t.bank_hotels))
    if rs.p.free_parking.jackpot:
        bank += " · " + _("Free Parking pot {amount}").format(amount=rs.fmt(t.pot))
    parts.append(Text(bank, style="dim"))
    parts.append(Text(_("last moves"), style="bold dim"))
    for e in reversed(recent):
        style = "strike dim" if e["undone"] else ("dim italic" if e["type"] == "undo" else "")
        parts.append(Text(f"  #{e['seq']:<4} {e['text']}", style=style))
    return Group(*parts)


def _terminal_size(console: Console):
    """The real size of the terminal, followed on resize (a stale $COLUMNS must not win)."""
    try:
        ts = os.get_terminal_size(console.file.fileno())
        if ts.columns > 0 and ts.lines > 0:
            console.size = (ts.columns, ts.lines)
    except (OSError, ValueError, AttributeError):
        pass
    return console.size


def run(path: Path, once: bool = False, interval: float = 0.15) -> None:
    from rich.live import Live

    console = Console(highlight=False)
    src = Source(path)
    src.key()
    if once or not console.is_terminal:
        if once:
            console.print(src.frame())
            return
        last = None
        try:  # not a terminal: print a frame at each change
            while True:
                k = src.key()
                if k != last:
                    console.print(src.frame())
                    console.rule()
                    last = k
                time.sleep(interval)
        except KeyboardInterrupt:
            return
    interval = min(max(interval, 0.02), 0.45)
    last_key, last_size = None, None
    try:
        with Live(console=console, screen=True, auto_refresh=False, transient=False) as live:
            while True:
                k = src.key()
                size = _terminal_size(console)
                if k != last_key or size != last_size:
                    live.update(src.frame(), refresh=True)
                    last_key, last_size = k, size
                time.sleep(interval)
    except KeyboardInterrupt:
        pass
    finally:
        src.close()
