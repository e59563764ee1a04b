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
            return Text(f"waiting for a game at {self.path} (referee new NAME NAME … --turns)", style="yellow")
        try:
            rs = self.game.ruleset()
            t = self.game.state()
            recent = self._recent()
        except Exception as e:  # mid-replacement or locked: say so, retry on the next tick
            return Text(f"{self.path}: {e}", style="red")
        return render(rs, t, recent, self.path, self.game.last_seq(), self.game.spec)

    def _recent(self, n: int = 8) -> list[dict]:
        assert self.game is not None  # frame() asks only once a game is open
        rows = self.game.con.execute("SELECT seq, data FROM events ORDER BY seq DESC LIMIT 60").fetchall()
        evs = [(seq, json.loads(data)) for seq, data in reversed(rows)]
        from referee.ledger import cancellations

        undone = set(cancellations(evs))
        out = [{"seq": s, "text": e.get("text", e.get("type", "")), "undone": s in undone, "type": e.get("type")} for s, e in evs]
        return out[-n:]


def clock_lines(rs, t, spec: dict | None, now: float | None = None) -> list:
    """A time-limit game: the countdown, then at the agreed time the final count (the view model's)."""
    from referee import view

    c = view.clock(spec or {}, time.time() if now is None else now)
    if not c or t.over:
        return []
    if not c["time_up"]:
        return [Text.assemble(("⏱ ", "bold"), (view.clock_text(c["left"]), "bold"), f" left · ends at {c['ends_text']}")]
    lines: list = [Text(f"time's up ({c['ends_text']}): the final count", style="bold reverse")]
    st = view.standings(rs, t)
    if st:
        tab = RTable(box=None, show_edge=False, pad_edge=False, show_header=False)
        tab.add_column(justify="right")
        tab.add_column(style="bold")
        tab.add_column(justify="right")
        for r in st["rows"]:
            tab.add_row(("=" if r["tied"] else "") + str(r["rank"]), r["player"], r["total_text"])
        lines += [tab, Text(st["title"] + (f" — {st['leaders'][0]} wins" if len(st["leaders"]) == 1 else " — a tie"), style="dim")]
    return lines


def render(rs, t, recent: list[dict], path: Path, seq: int, spec: dict | None = None):
    from referee.cli.render.status import deeds_markup, status_dict
    from referee.core import turns

    d = status_dict(rs, t)
    info = turns.turn_info(rs, t)
    head = Text.assemble((f"{rs.id}", "bold"), f" — {rs.title}   ", (f"{path.name} · move #{seq} · updated {time.strftime('%H:%M:%S')}", "dim"))
    parts: list = [head, *clock_lines(rs, t, spec)]
    if t.over:
        parts.append(Text("game over" + (f": {t.winner} wins" if t.winner else ""), style="bold green"))
    elif info["tracking"] and info["current"]:
        who = info["current"]
        line = Text.assemble(("▶ ", "bold green"), (who, "bold"), " to throw")
        if info["throws_again"]:
            line.append(f" again (doubles ×{info['doubles_run']})", style="yellow")
        parts.append(line)
    if info.get("landing"):
        from referee.messages import render as render_msg

        parts.append(Text("  last landing: " + render_msg(info["landing"]["msg"], rs.fmt), style="yellow"))

    tab = RTable(expand=False, pad_edge=False, box=None, show_edge=False, header_style="bold dim")
    tab.add_column("")
    tab.add_column("player", style="bold")
    tab.add_column("cash", justify="right")
    tab.add_column("square")
    tab.add_column("deeds")
    tab.add_column("worth", justify="right")
    cur = info.get("current")
    for p, pd in zip(t.players, d["players"]):
        deeds = deeds_markup(rs, pd["deeds"], "[dim]—[/dim]")
        name = escape(p.name)
        if p.bankrupt:
            name = f"[strike dim]{name}[/strike dim]"
        if pd["jail_cards"]:
            name += f" [cyan]+{pd['jail_cards']} card[/cyan]"
        cash = rs.fmt(p.cash)
        if pd["debts"]:
            cash += "\n[red]owes " + rs.fmt(sum(x["amount"] for x in pd["debts"])) + "[/red]"
        square = escape(rs.squares[p.position].name) if rs.squares and not p.bankrupt else ""
        if p.in_jail:
            square = "[yellow]in jail[/yellow]" + (f" [dim]({p.jail_turns} tr{'y' if p.jail_turns == 1 else 'ies'})[/dim]" if p.jail_turns else "")
        if p.skip_turns:
            square += f" [yellow]loses {p.skip_turns} turn[/yellow]"
        worth = rs.fmt(pd["net_worth"]) if pd["net_worth"] is not None else "?"
        marker = "[bold green]▶[/bold green]" if p.name == cur and not t.over else ""
        tab.add_row(marker, name, cash, square, deeds, worth)
    parts += [Text(""), tab, Text("")]
    bank = f"bank: {t.bank_houses} houses, {t.bank_hotels} hotels"
    if rs.p.free_parking.jackpot:
        bank += f" · Free Parking pot {rs.fmt(t.pot)}"
    parts.append(Text(bank, style="dim"))
    parts.append(Text("last moves", style="bold dim"))
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
