"""What every command shares: the console, name resolution, printing an event."""

from __future__ import annotations

import sys
from typing import cast

from rich.console import Console
from rich.markup import escape

from referee.words.i18n import N_, _


class _Console(Console):
    """Rich's console, except that a reader who closed the pipe is an OSError like a full disk (Rich's own
    answer is exit 1 in silence): the command then says on stderr whether its move was recorded."""

    def on_broken_pipe(self) -> None:
        import os

        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
        raise OutputClosed  # not an OSError: Click would turn that into exit 1 before main() could say what was recorded


class OutputClosed(Exception):
    """The reader of our output went away (`referee log | head`, `… | true`)."""


out = _Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)
# In a terminal, long lines wrap between words (a terminal cuts a word in two at its edge); piped, a line stays
# whole, for grep and for scripts.
out.soft_wrap, err.soft_wrap = not out.is_terminal, not err.is_terminal


def para(markup: str, indent: int = 2):
    """A paragraph indented under its heading (a clause's text, a ruling's reasons).

    In a terminal it wraps between words and keeps its indent on every line;
    elsewhere it stays one line.
    """
    if not out.is_terminal:
        return " " * indent + markup
    from rich.padding import Padding
    from rich.text import Text

    return Padding(Text.from_markup(markup, emoji=False), (0, 0, 0, indent))


def hanging(lead: str, markup: str, indent: int = 3):
    """A heading after a short lead ("1.") whose continuation lines, in a terminal, start under its first word."""
    if not out.is_terminal:
        return lead.ljust(indent) + markup
    from rich.table import Table
    from rich.text import Text

    grid = Table.grid()
    grid.add_column(width=indent, no_wrap=True)
    grid.add_column()
    grid.add_row(lead, Text.from_markup(markup, emoji=False))
    return grid


def resolve_player(t, name: str, allow_bank: bool = False) -> str:
    from referee.ruleset.names import party

    names = [p.name for p in t.players]
    return party(name, names, allow_bank, hint=_("players: {names}").format(names=", ".join(names)))


def deed_choices(rs) -> dict[int, list[str]]:
    return {sq.index: [sq.name, *sq.aliases] for sq in rs.deeds}


def resolve_deed(rs, name: str) -> int:
    from referee.ruleset.names import match_one

    rs.require_board()
    if name.isdigit() and 0 <= int(name) < len(rs.squares) and rs.squares[int(name)].is_deed:
        return int(name)
    choices: dict = deed_choices(rs)  # keyed by square index; names.match_one returns the key
    return cast(int, match_one(name, choices, "deed", hint=_("`referee board` lists them")))


AMOUNT_WORDS = (N_("amount"), N_("the price"), N_("the value"))  # parse_amount's `what`, translated where shown


def forced(reason: str | None) -> dict | None:
    """`--force REASON` as a move carries it: the engine checks the reason and keeps it with the move."""
    return {"reason": reason} if reason is not None else None


def parse_amount(text: str | int, what: str = "amount") -> int:
    """An amount typed before the game's edition is known (dollar conventions); prefer `amount`."""
    from referee.moves.amounts import ABSURD, parse

    return parse(text, None, what, ABSURD)  # no game to measure against: more than any box holds is a slip


def amount(rs, t, text: str | int, what: str = "amount") -> int:
    """An amount in the game's own money, no larger than all the money in the game (referee/moves/amounts.py)."""
    from referee.moves.amounts import parse, table_cap

    return parse(text, rs, what, table_cap(rs, t))


def print_event(rs, ev, as_json: bool = False) -> None:
    from referee.words.messages import render, render_all, render_event  # only commands that record a move need it

    if as_json:
        d = render_event(ev.to_dict() if hasattr(ev, "to_dict") else dict(ev), rs.fmt)
        d.pop("ops", None)
        d["citations"] = [rs.cite(c).as_dict() for c in d.get("clauses", []) if rs.has_clause(c)]
        import json

        print(json.dumps(d, ensure_ascii=False))
        return
    if detail() == "quiet":
        from referee.cli.render import line

        out.print(f"[bold]{escape(line.one_line(rs, ev))}[/bold]")
        notes = line.routine_notes(rs, ev)  # warnings always show
        ruling = line.is_ruling(ev)
        print_details([], notes, [rs.cite(c) for c in line.ruling_clauses(ev) if rs.has_clause(c)] if ruling else [])
        return
    out.print(f"[bold]{escape(render(ev.msg, rs.fmt) if ev.msg else '')}[/bold]")
    print_details(render_all(ev.steps, rs.fmt), render_all(ev.notes, rs.fmt), [rs.cite(c) for c in ev.clauses if rs.has_clause(c)])
    if ev.type == "build" and isinstance((ev.args or {}).get("deed"), int):
        from referee.core.next_build import next_step

        step = next_step(rs, ev.t, ev.args["deed"])
        if step:
            out.print(f"  {escape(render(step, rs.fmt))}")


# ---------------------------------------------------------------- how much to say about a move
# quiet (the default): one line per move, notes and citations for rulings only;
# why: everything about this one move (`--why` on its line); verbose: everything, always.
_DETAIL: dict[str, str | None] = {"mode": None}
DETAIL_FLAGS = {"--why": "why", "--verbose": "verbose"}


def detail() -> str:
    import os

    mode = _DETAIL["mode"]
    if mode:
        return mode
    return "verbose" if os.environ.get("REFEREE_VERBOSE", "").strip() not in ("", "0") else "quiet"


def set_detail(mode: str | None) -> None:
    _DETAIL["mode"] = mode


def take_detail_flags(args: list[str]) -> tuple[list[str], str | None]:
    """`--why` / `--verbose` anywhere on a command line (before `--`): removed, and the mode they ask for."""
    mode = None
    rest: list[str] = []
    command_seen = False
    for i, a in enumerate(args):
        if a == "--":
            rest += args[i:]
            break
        # --verbose only before the command word (`check --verbose` is check's own); --why anywhere
        if a == "--why" or (a == "--verbose" and not command_seen):
            mode = "verbose" if "verbose" in (mode, DETAIL_FLAGS[a]) else DETAIL_FLAGS[a]
            continue
        if not a.startswith("-") and not (rest and rest[-1] in ("--game", "-g", "--lang")):
            command_seen = True
        rest.append(a)
    return rest, mode


def texts(rs, items) -> list[str]:
    """Steps or notes as sentences (messages, their stored dicts, or plain sentences)."""
    from referee.words.messages import render_all

    return render_all(list(items or []), rs.fmt)


def print_details(steps, notes, citations, indent: str = "  ") -> None:
    """The reasoning under a ruling: arithmetic steps, warnings, then the clauses cited."""
    for s in steps:
        out.print(para(f"[dim]{escape(s)}[/dim]", len(indent)))
    for n in notes:
        out.print(para(f"[yellow]{escape(n)}[/yellow]", len(indent)))
    for c in citations:
        out.print(para(f"[cyan]— {escape(str(c))}[/cyan]", len(indent)))


def is_click(obj: object, kind: str) -> bool:
    """Whether `obj` is an instance of the Click class named `kind` (UsageError, NoSuchOption, IntParamType…).

    By class name: Typer carries its own private copy of Click, whose classes are not public API.
    """
    return any(c.__name__ == kind for c in type(obj).__mro__)


def fail(message: str, code: int) -> None:
    (out if code == 0 else err).print(escape(message), style="red" if code == 1 else None)
    sys.exit(code)


MOVE_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:-")


def take_move_id(args: list[str]) -> tuple[list[str], str | None]:
    """`--id ID` (or `--id=ID`) anywhere before `--`: removed, and the id, checked (1–64 of A-Z a-z 0-9 . _ : -)."""
    from referee.errors import InputError

    rest: list[str] = []
    found: str | None = None
    it = iter(enumerate(args))
    for i, a in it:
        if a == "--":
            rest += args[i:]
            break
        if a == "--id" or a.startswith("--id="):
            value = a[5:] if a.startswith("--id=") else next(it, (None, None))[1]
            if not value or len(value) > 64 or not set(value) <= MOVE_ID_CHARS:
                raise InputError(_("--id takes 1 to 64 letters, digits or . _ : - (the same id for a retried move)"))
            found = value
            continue
        rest.append(a)
    return rest, found
