"""`referee watch`: the table on a second screen, redrawn within a moment of any move.

It watches the game file as `referee serve` does (referee.store.watchsource: one
read-only connection, `PRAGMA data_version` asked every `interval` seconds,
150 ms by default), so an idle table costs no disk reads and the frame is
rebuilt only when another process has committed. A file replaced by
`referee new --force` (a new inode) is reopened.
"""

from __future__ import annotations

import os
import re
import textwrap
import time
from pathlib import Path

from rich.console import Console, Group
from rich.table import Table as RTable
from rich.text import Text

from referee.store.watchsource import GameWatch, problem_text
from referee.words.i18n import _, data, ngettext, pgettext
from referee.words.phrases import party


class Source(GameWatch):
    """The game file, watched (referee.store.watchsource): `key()` is cheap; `frame()` reads and renders."""

    def key(self) -> tuple:
        """What identifies the file's current content; a change means a new frame (and every second
        until the agreed end of a time-limit game)."""
        k = super().key()
        ends = self.spec.get("ends")
        if self.con is not None and isinstance(ends, (int, float)) and time.time() < ends + 1:
            return (*k, int(time.time()))
        return k

    def frame(self, width: int | None = None, height: int | None = None):
        problem = self._open() if self.con is None else None
        if problem and problem != "missing":
            return Text(problem_text(self.path, problem), style="red")
        if problem:
            return Text(_("waiting for a game at {path} (referee new NAME NAME … --turns)").format(path=self.path), style="yellow")
        try:
            v = self.view()  # in the game's language, unless --lang said otherwise
        except Exception as e:  # mid-replacement or locked: say so, retry on the next tick
            return Text(f"{self.path}: {e}", style="red")
        return render_view(v, self.path, width) if height is None else render_compact(v, self.path, width, height)


def clock_lines(rs, t, spec: dict | None, now: float | None = None) -> list:
    """A time-limit game: the countdown, then at the agreed time the final count (the view model's)."""
    from referee.store import view

    c = view.clock(spec or {}, time.time() if now is None else now)
    if not c or t.over:
        return []
    if not c["time_up"]:
        return [Text.assemble(("⏱ ", "bold"), (view.clock_text(c["left"]), "bold"), " " + _("left · ends at {time}").format(time=c["ends_text"]))]
    lines: list = [Text(_("time's up ({time}): the final count").format(time=c["ends_text"]), style="bold reverse")]
    st = view.standings(rs, t)
    if st:
        lines += _standings(st)
    return lines


WIDE = 90  # from here on a table with a column per fact; below, one block per player


def _group_line(g: dict) -> Text:
    """A colour group: a swatch in the board's colour, then the deeds with houses (⌂), hotel (H), mortgage (M)."""
    line = Text()
    line.append("■ ", style=f"bold {g['colour']}" if g.get("colour") else "bold")
    deeds = []
    for d in g["deeds"]:
        mark = " H" if d["hotel"] else (" " + "⌂" * d["houses"] if d["houses"] else "")
        deeds.append((d["name"], mark, " " + pgettext("mortgaged mark", "(M)") if d["mortgaged"] else ""))
    for n, (name, mark, mort) in enumerate(deeds):
        if n:
            line.append(", ")
        line.append(name, style=g["colour"] if g.get("colour") else "")
        if mark:
            line.append(mark, style="red" if mark == " H" else "green")
        if mort:
            line.append(mort, style="dim")
    if g.get("complete") and g.get("of", 0) > 1:
        line.append(" ✓", style="bold")
    return line


def _where(p: dict, tracked: bool = True) -> Text:
    """Out, in jail, or the square: a token's square only where turns are tracked (else it is not known)."""
    if p["out"]:
        return Text(_("out"), style="bold red")
    if p["jail"]:
        tries = p["jail_turns"]
        t = Text(_("in jail"), style="yellow")
        if tries:
            t.append(" (" + ngettext("{n} try", "{n} tries", tries).format(n=tries) + ")", style="dim")
    else:
        t = Text(_("on {square}").format(square=p["square"]) if tracked and p["square"] else "")
    if p["skip_turns"]:
        t.append(" · " + ngettext("loses {n} turn", "loses {n} turns", p["skip_turns"]).format(n=p["skip_turns"]), style="yellow")
    return t


def _owes(p: dict) -> Text | None:
    if not p["owes"]:
        return None
    return Text(_("owes: {debts}").format(debts=", ".join(f"{party(d['to'])} {d['amount_text']}" for d in p["owes"])), style="red")


def _name(p: dict) -> Text:
    t = Text(p["name"], style="strike dim" if p["out"] else "bold")
    if p["jail_cards"]:
        t.append(" + " + ngettext("{n} get-out-of-jail card", "{n} get-out-of-jail cards", p["jail_cards"]).format(n=p["jail_cards"]), style="cyan")
    return t


def _players_wide(v: dict) -> RTable:
    tab = RTable(expand=True, pad_edge=False, box=None, show_edge=False, header_style="bold dim")
    tab.add_column("", width=1, no_wrap=True)
    tab.add_column(_("player"), no_wrap=True)
    tab.add_column(_("cash"), justify="right", no_wrap=True)
    tab.add_column(_("worth"), justify="right", no_wrap=True)
    tab.add_column(_("square"), ratio=1, min_width=12)
    tab.add_column(_("deeds"), ratio=3, min_width=24)
    for p in v["players"]:
        cash = Text(p["cash_text"], style="bold red" if p["out"] else "")
        owes = _owes(p)
        if owes:
            cash = Text.assemble(cash, "\n", owes)
        deeds = Text("\n").join(_group_line(g) for g in p["groups"]) if p["groups"] else Text("—", style="dim")
        worth = Text("" if p["out"] else p["worth_text"])
        where = Text("") if p["out"] else _where(p, v["turn"].get("tracking", True))
        tab.add_row(Text("▶", style="bold green") if p["turn"] else "", _name(p), cash, worth, where, deeds)
    return tab


def _players_narrow(v: dict) -> list:
    out: list = []
    for p in v["players"]:
        head = Text.assemble(("▶ " if p["turn"] else "  ", "bold green"), _name(p))
        if p["out"]:
            head.append("  " + _("out"), style="bold red")
            out.append(head)
            continue
        head.append(f"  {p['cash_text']}")
        head.append(" · " + _("worth {amount}").format(amount=p["worth_text"]), style="dim")
        out.append(head)
        where = _where(p, v["turn"].get("tracking", True))
        if where.plain:
            out.append(Text.assemble("    ", where))
        owes = _owes(p)
        if owes:
            out.append(Text.assemble("    ", owes))
        for g in p["groups"]:
            out.append(_hang(4, "", _group_line(g)))
    return out


def _standings(st: dict) -> list:
    tab = RTable(box=None, show_edge=False, pad_edge=False, show_header=False)
    tab.add_column(justify="right")
    tab.add_column(style="bold")
    tab.add_column(justify="right")
    for r in st["rows"]:
        tab.add_row(("=" if r["tied"] else "") + str(r["rank"]), r["player"], r["total_text"])
    if len(st["rows"]) < 2:  # the last player left: the count ranks nobody, and "game over: X wins" said it
        return [tab]
    who = _("{player} wins").format(player=st["leaders"][0]) if len(st["leaders"]) == 1 else _("a tie")
    return [tab, Text(data(st["title"]) + " — " + who, style="dim")]


_SIGN_SPACE = re.compile(r"(?<=L\.) (?=-?\d)|(?<=[$£€]) (?=-?\d)|(?<=\d) (?=€)")


def _wrapped(text: str, width: int, style: str = "") -> Text:
    """`text` wrapped to `width` at spaces, never between a currency sign and its amount ("per L." / "82.000"):
    textwrap breaks only at plain spaces, so the sign's space is made a non-breaking one for the wrap."""
    if width < 8 or len(text) <= width:
        return Text(text, style=style)
    kept = _SIGN_SPACE.sub("\u00a0", text)
    lines = textwrap.wrap(kept, width, break_long_words=True, break_on_hyphens=False)
    return Text("\n".join(lines).replace("\u00a0", " "), style=style)


def _hang(indent: int, head: Text | str, body: Text) -> RTable:
    """A line whose continuation lines stay under its text (not back at the margin) on a narrow terminal."""
    grid = RTable.grid(padding=0)
    grid.add_column(width=indent, no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(head, body)
    return grid


def _countdown(v: dict) -> Text | None:
    """A time-limit game's time left, while it runs."""
    from referee.store import view as viewmod

    clk = v.get("clock")
    if not clk or v["over"] or clk["time_up"]:
        return None
    return Text.assemble(("⏱ ", "bold"), (viewmod.clock_text(clk["left"]), "bold"), " " + _("left · ends at {time}").format(time=clk["ends_text"]))


def _end_words(v: dict) -> str:
    """How the game ended: the agreed time or the last bankruptcy, and the winner."""
    clk = v.get("clock")
    why = _("time's up ({time})").format(time=clk["ends_text"]) if clk and not v["over"] else _("game over")
    if v.get("winner"):
        why = _("{label}: {value}").format(label=why, value=_("{player} wins").format(player=v["winner"]))
    return why


def render_view(v: dict, path: Path, width: int | None = None):
    """The frame for the players, from the view model: only current facts, no command syntax, 45 to 200 columns."""
    width = width or 100
    wide = width >= WIDE
    rs_ = v["ruleset"]
    stamp = _("{time} · move #{n} · {file}").format(file=path.name, n=v["seq"], time=time.strftime("%H:%M:%S"))
    if wide:
        head = Text.assemble((rs_["id"], "bold"), f" — {rs_['title']}   ", (stamp, "dim"))
        head.no_wrap, head.overflow = True, "ellipsis"
        parts: list = [head]
    else:
        parts = [Text(rs_["id"], style="bold", no_wrap=True, overflow="ellipsis"),
                 crop_words(Text(stamp, style="dim", no_wrap=True, overflow="ellipsis"), width)]
    countdown = _countdown(v)
    if countdown:
        parts.append(countdown)
    turn = v["turn"]
    if v["ended"]:
        parts.append(Text(_end_words(v), style="bold green"))
    elif turn["current"]:
        line = Text.assemble(("▶ ", "bold green"), (_("{player} to throw").format(player=turn["current"]), "bold"))
        if turn["again"]:
            line.append(" " + _("again (doubles)"), style="yellow")
        parts.append(line)
    if turn.get("last_throw") and not v["ended"]:
        parts.append(_hang(2, "", _wrapped(turn["last_throw"]["text"], width - 2, "dim")))
    if turn.get("pending") and not v["ended"]:
        parts.append(_hang(2, "", _wrapped(turn["pending"]["text"], width - 2, "yellow")))
    if v.get("auction"):
        parts.append(Text.assemble(("⚑ ", "bold magenta"), (v["auction"]["text"], "bold magenta")))
    parts.append(Text(""))
    parts += [_players_wide(v)] if wide else _players_narrow(v)
    if v.get("standings") and not v["ended"]:  # which count "worth" is
        parts.append(_hang(2, "", Text(v["standings"]["title"], style="dim italic")))
    parts.append(Text(""))
    if v["ended"] and v.get("final"):
        parts.append(Text(_("final count"), style="bold reverse"))
        parts += _standings(v["final"])
        parts.append(Text(""))
    bank = _("bank: {houses} houses, {hotels} hotels").format(houses=v["bank"]["houses"], hotels=v["bank"]["hotels"])
    if v["bank"].get("pot_text"):
        bank += " · " + _("Free Parking pot {amount}").format(amount=v["bank"]["pot_text"])
    parts.append(Text(bank, style="dim"))
    parts.append(Text(_("last moves"), style="bold dim"))
    for e in v["events"][:8]:
        style = "strike dim" if e["undone"] else ("dim italic" if e["undo"] else "")
        parts.append(_hang(8, Text(f"  #{e['seq']:<4} ", style="dim"), _wrapped(e["text"], width - 8, style)))
    return Group(*parts)


def _player_line(p: dict, tracked: bool, width: int | None = None) -> Text:
    """A player on one line: turn mark, name and cards, cash, worth, where, debts (cut at the edge, never wrapped).
    Where the line does not fit, the worth goes first (the standings say it): where the token is and what it owes
    are what the table looks at."""
    line = Text.assemble(("▶ " if p["turn"] else "  ", "bold green"), _name(p))
    if p["out"]:
        line.append("  " + _("out"), style="bold red")
    else:
        line.append(f"  {p['cash_text']}", style="bold")
        full = _player_line(p, tracked) if width else None
        if full is None or full.cell_len <= (width or 0):
            line.append(" · " + _("worth {amount}").format(amount=p["worth_text"]), style="dim")
        where = _where(p, tracked)
        if where.plain:
            line.append(" · ")
            line.append_text(where)
        owes = _owes(p)
        if owes:
            line.append(" · ")
            line.append_text(owes)
    line.no_wrap, line.overflow = True, "ellipsis"
    return line


def crop_words(t: Text, width: int | None) -> Text:
    """`t` cut to `width` cells at a space, with an ellipsis, never between a currency sign and its amount (never
    before a digit: "per L. …" would read as a price of nothing), nor after a short word that needs the next one
    ("en…", "per…": the square or the amount it introduces) or a sign ("·…", "→…"); Rich's own ellipsis cuts
    mid-word."""
    if not width or t.cell_len <= width:
        return t
    plain = t.plain
    room = width - 1  # the ellipsis
    cut = plain.rfind(" ", 0, room + 1)
    def dangles(at: int) -> bool:
        before = plain[:at].rsplit(" ", 1)[-1]
        return (plain[at + 1:at + 2].isdigit() or not any(ch.isalnum() for ch in before)  # "·", "→", "="
                or (len(before) <= 3 and before.isalpha() and before.islower()))

    while cut > 0 and dangles(cut):
        cut = plain.rfind(" ", 0, cut)
    if cut <= 0 or t[:cut].cell_len > room:
        return t  # no space to cut at: Rich's ellipsis
    out = t[:cut]
    out.append("…", style="dim")
    out.no_wrap, out.overflow = True, "ellipsis"
    return out


def render_compact(v: dict, path: Path, width: int | None, height: int):
    """The frame for a screen too short for the full one (80×24 with 4–6 players): every player on one line,
    the turn and what the landing asks on top, the final count at the end, then as many recent moves as fit."""
    def line(text: str, style: str = "") -> Text:
        return crop_words(Text(text, style=style, no_wrap=True, overflow="ellipsis"), width)

    rs_ = v["ruleset"]
    top: list = [crop_words(Text.assemble((rs_["id"], "bold"), "  ", (_("{time} · move #{n} · {file}").format(
        file=path.name, n=v["seq"], time=time.strftime("%H:%M:%S")), "dim"), no_wrap=True, overflow="ellipsis"), width)]
    countdown = _countdown(v)
    if countdown:
        top.append(countdown)
    turn = v["turn"]
    if v["ended"]:
        top.append(line(_end_words(v), "bold green"))
    else:
        now = ""
        if turn["current"]:
            now = _("{player} to throw").format(player=turn["current"]) + (" " + _("again (doubles)") if turn["again"] else "")
        if turn.get("last_throw"):
            now += ("  ·  " if now else "") + turn["last_throw"]["text"]
        if now:
            top.append(line("▶ " + now, "bold"))
        if turn.get("pending"):
            top.append(line("  " + turn["pending"]["text"], "yellow"))
    if v.get("auction"):
        top.append(line("⚑ " + v["auction"]["text"], "bold magenta"))
    tracked = v["turn"].get("tracking", True)
    players = [crop_words(_player_line(p, tracked, width), width) for p in v["players"]]
    end: list = []
    if v["ended"] and v.get("final"):
        rows = v["final"]["rows"]
        end.append(line(_("{label}: {value}").format(label=_("final count"), value="  ".join(
            f"{'=' if r['tied'] else ''}{r['rank']} {r['player']} {r['total_text']}" for r in rows)),
                        "bold"))
    bank = _("bank: {houses} houses, {hotels} hotels").format(houses=v["bank"]["houses"], hotels=v["bank"]["hotels"])
    if v["bank"].get("pot_text"):
        bank += " · " + _("Free Parking pot {amount}").format(amount=v["bank"]["pot_text"])
    tail = [line(bank, "dim")]
    room = height - len(top) - len(players) - len(end) - len(tail) - 1
    events = v["events"][: max(room - 1, 0)] if room >= 2 else []
    spare = room - 1 - len(events) if events else 0
    if spare > 0 and not v["ended"] and turn.get("last_throw") and turn["current"]:  # the throw on its own line, uncut
        at = next(i for i, x in enumerate(top) if x.plain.startswith("▶ "))
        said = _("{player} to throw").format(player=turn["current"]) + (" " + _("again (doubles)") if turn["again"] else "")
        throw = _wrapped(turn["last_throw"]["text"], (width or 80) - 2, "dim")
        lines_ = len(throw.plain.splitlines())
        if top[at].plain != "▶ " + said + "  ·  " + turn["last_throw"]["text"] and lines_ <= spare:  # it was cut
            top[at: at + 1] = [line("▶ " + said, "bold"), _hang(2, "", throw)]
            spare -= lines_
    shown: list = []
    for p, row in zip(v["players"], players):  # a token's square cut off: on a line of its own while there is room
        where = _where(p, tracked)
        if spare > 0 and not p["out"] and where.plain and where.plain not in row.plain:
            shown += [crop_words(_player_line({**p, "square": None, "jail": False, "skip_turns": 0}, tracked, width), width),
                      crop_words(Text.assemble("    ", where), width)]
            spare -= 1
        else:
            shown.append(row)
    players = shown
    moves: list = []
    if events:
        moves.append(line(_("last moves"), "bold dim"))
        for e in events:
            style = "strike dim" if e["undone"] else ("dim italic" if e["undo"] else "")
            whole = _wrapped(e["text"], (width or 80) - 6, style)
            extra = len(whole.plain.splitlines()) - 1
            if 0 < extra <= spare:  # room left on the screen: the move whole, on two lines, rather than cut
                spare -= extra
                moves.append(_hang(6, Text(f"#{e['seq']:<4} ", style="dim"), whole))
            else:
                moves.append(crop_words(Text.assemble((f"#{e['seq']:<4} ", "dim"), (e["text"], style), no_wrap=True, overflow="ellipsis"), width))
    return Group(*top, *players, *end, *tail, *moves)


def frame_for(console: Console, src: Source, width: int | None, height: int | None):
    """The full frame if it fits the screen; else the compact one (every player on one line); cut only as a last resort."""
    frame = src.frame(width)
    if not height:
        return frame
    if len(console.render_lines(frame, console.options, pad=False)) <= height:
        return frame
    return fit(console, src.frame(width, height), height)


class _Lines:
    """Rendered lines, as they are (what `fit` keeps of a frame)."""

    def __init__(self, lines: list):
        self.lines = lines

    def __rich_console__(self, console, options):
        from rich.segment import Segment

        for line in self.lines:
            yield from line
            yield Segment.line()


def fit(console: Console, frame, height: int | None):
    """The frame cut to the screen's height, its last line saying more is below (the full screen cannot scroll)."""
    if not height:
        return frame
    lines = console.render_lines(frame, console.options, pad=False)
    if len(lines) <= height:
        return frame
    more = Text("↓ " + _("more below: a taller window shows it all"), style="dim italic", no_wrap=True, overflow="ellipsis")
    return Group(_Lines(lines[: height - 1]), more)


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
            console.print(src.frame(console.width))
            return
        last = None
        try:  # not a terminal: print a frame at each change
            while True:
                k = src.key()
                if k != last:
                    console.print(src.frame(console.width))
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
                    live.update(frame_for(console, src, size[0] if size else None, size[1] if size else None), refresh=True)
                    last_key, last_size = k, size
                time.sleep(interval)
    except KeyboardInterrupt:
        pass
    finally:
        src.close()
