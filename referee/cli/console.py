"""`referee play`: the table console.

Every line is dispatched to the same Click command the one-shot CLI runs
(the Typer app, built once), so a move typed here is the same transaction,
with the same refusals and citations, recorded in the same ledger. The console
adds only spelling conveniences, each expanded to a one-shot command line
before it runs (and shown when it differs from what was typed):

- aliases (`b` buy, `r` rent, `n` next…) and bare dice (`3 4` = `roll 3 4`);
- the last landing fills in what was left out: `buy`, `rent`, `rent --dice 8`,
  `auction Ben 120`, `tax`, `tax flat`, `parking`;
- a deed or card name may be typed without quotes (`rent Ben st charles`).

Each command commits before the next prompt, so Ctrl-C or Ctrl-D never loses
a recorded move.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import shlex
import sqlite3
from pathlib import Path
from typing import Any

import typer
import typer.core
import typer.main
from rich.markup import escape

from referee.cli import common
from referee.cli.grammar import looks_amount as _looks_amount
from referee.cli.shorthand import ALIASES, HELP, NOT_HERE, QUIT, expand_sub, split_line, words_of
from referee.errors import InputError, RefereeError
from referee.ruleset.names import closest
from referee.store import interrupts
from referee.words import commands, i18n
from referee.words.i18n import _, pgettext

_DICE = re.compile(r"^\s*([1-6])\s*[+, ]\s*([1-6])\s*$")


MAX_LINE = 2000  # characters in one console line


class TableConsole:
    def __init__(self, path: Path, group: Any = None):
        """`group`: the root command group when `referee play` runs; built here when used on its own (tests, benchmarks)."""
        if group is None:
            from referee.cli.context import app

            group = typer.main.get_command(app)
        self.path = Path(path)
        g = self.game()
        if g is not None:  # the commands' help is built once, in the game's language (unless --lang said otherwise)
            from referee.cli.context import speak_game

            speak_game(g)
            g.close()
        self.group: typer.core.TyperGroup = group.load_all()  # built once: no per-line start-up
        self.out = common.out
        self.err = common.err
        from referee.cli.auction_desk import AuctionDesk

        self.desk = AuctionDesk(self)  # `auction DEED`: bids called out at the table, then `sold`

    # ------------------------------------------------------------ state (read-only, for shortcuts and prompts)
    def game(self):
        from referee.store.ledger import Game

        if not self.path.exists():
            return None
        try:
            return Game(self.path)
        except RefereeError:
            return None

    def snapshot(self):
        g = self.game()
        if g is None:
            return None, None
        try:
            return g.ruleset(), g.state()
        finally:
            g.close()

    def _last_seq(self) -> int:
        g = self.game()
        if g is None:
            return 0
        try:
            return g.last_seq()
        finally:
            g.close()

    def show_phone_moves(self) -> None:
        """The moves the phones sent since the last prompt, each with its number and who sent it, so the banker
        sees them land at the console too (`void N` takes one back)."""
        g = self.game()
        if g is None:
            return
        try:
            sent = g.sent_since(getattr(self, "_phones_seen", 0))
            self._phones_seen = g.last_seq()
        except RefereeError:
            return
        finally:
            g.close()
        for ev in sent:
            self.out.print(f"[cyan]#{ev['seq']}[/cyan] " + escape(ev["text"]), highlight=False)

    # ------------------------------------------------------------ one line
    def run_line(self, line: str, where: str = "") -> int:
        """Run one console line; returns its exit code (0 done, 1 refused, 2 bad input, 3 bug)."""
        interrupts.recorded.clear()  # a Ctrl-C during this line speaks of this line's move only
        try:
            if len(line) > MAX_LINE:  # shlex is slow on a huge line (a 1 MB paste took 21 s); no move is that long
                raise InputError(_("a console line holds at most {n} characters, this one {m:,}").format(n=MAX_LINE, m=len(line)))
            words = split_line(line)
            if not words:
                return 0
            if words[0].lower() in HELP:
                self.help(words[1:])
                return 0
            words, mode = common.take_detail_flags(words)  # `--why` on a line: this move in full
            if not words:
                return 0
            at_auction = self.desk.run(words, where)
            if at_auction is not None:
                return at_auction
            args = self.expand(words)
            if args != words and (mode or common.detail() != "quiet"):  # quiet: the move's own line says it
                self.out.print(f"[dim]→ {escape(join_line(args))}[/dim]")
            if args[0] in NOT_HERE:
                raise InputError(_("`{command}` does not run inside the console: {why}").format(command=args[0], why=_(NOT_HERE[args[0]])))
            if mode and common.detail() != "verbose":
                before = common._DETAIL["mode"]
                common.set_detail(mode)
                try:
                    return self.dispatch(args, where)
                finally:
                    common.set_detail(before)
            return self.dispatch(args, where)
        except RefereeError as e:
            self.report(str(e), e.exit_code, where)
            return e.exit_code

    def dispatch(self, args: list[str], where: str = "") -> int:
        try:
            rv = self.group.main(args=["--game", str(self.path), *args], prog_name="referee", standalone_mode=False)
            code = rv if isinstance(rv, int) else 0
            if code == 130:
                self.report(interrupts.take_message(), code, where)
            elif code == 0 and not self.desk.active:
                self.desk.next_bank_auction()  # after a bankruptcy to the bank: its deeds' auctions, one after another
            return code
        except RefereeError as e:
            code = e.exit_code
            self.report(str(e), code, where)
        except (typer.Abort, KeyboardInterrupt):
            code = 130
            self.report(interrupts.take_message(), code, where)
        except typer.Exit as e:
            code = e.exit_code
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
        except (OSError, sqlite3.Error) as e:
            code = 2
            self.report(_("error: {error}").format(error=e), code, where)
        except Exception as e:  # a usage error, or a bug: one line, and the console carries on
            if common.is_click(e, "NoSuchOption"):
                self.report(_usage_msg(e), 2, where)
                return 2
            if common.is_click(e, "UsageError"):
                self.report(self._usage_error(e, args), 2, where)
                return 2
            if os.environ.get("REFEREE_DEBUG"):
                raise
            code = 3
            self.report(_("internal error: {kind}: {error} (set REFEREE_DEBUG=1 for details)").format(kind=type(e).__name__, error=e), code, where)
        return code

    def report(self, message: str, code: int, where: str = "") -> None:
        prefix = _("{where}: ").format(where=where) if where else ""  # French: "ligne 5 : refusé"
        with contextlib.suppress(Exception):
            self.out.file.flush()  # keep the error after the output it follows, on a shared pipe too
        self.err.print(escape(prefix + message), style="red" if code == 1 else None)

    def _usage_error(self, e: Any, args: list[str]) -> str:
        msg = e.format_message()
        m = re.match(r"No such command '([^']+)'", msg)
        if m:
            # the commands of the table's language (never another language's word), against the players' names
            names = sorted(set(self.group.commands) | set(words_of(i18n.current())) | {"help", "quit"})
            _rs, t = self.snapshot()
            players = [p.name for p in t.players] if t is not None else []
            near = closest(m.group(1), names, rivals=players)
            player = None if near else closest(m.group(1), players, rivals=names)  # the kinds swapped: a name?
            if player:
                example = commands.line("pay", player, _("bank"), "50")  # the bank as the table types it (banco, banca)
                return _("'{name}' is not a command: a line starts with one, then the player {player} (as in {example}); "
                         "`help` lists them").format(name=m.group(1), player=player, example=example)
            dym = " " + _("(did you mean {name}?)").format(name=near) if near else ""
            return _("unknown command '{name}'{did_you_mean}; `help` lists them").format(name=m.group(1), did_you_mean=dym)
        return _usage_msg(e)

    # ------------------------------------------------------------ expansion
    def expand(self, words: list[str]) -> list[str]:
        if words[0].lower() == "referee" and len(words) > 1:
            words = words[1:]
        joined = " ".join(words)
        if _DICE.match(joined) or (len(words) == 1 and re.fullmatch(r"[1-6][1-6]", words[0])):
            return ["roll", *words]
        head = words[0].lower()
        head = ALIASES.get(head, head)
        words = expand_sub([head, *commands.english_options(words[1:])])
        words = self._from_landing(words)
        return self._join_names(words)

    def _landing(self):
        rs, t = self.snapshot()
        if t is None or not t.landings:
            return None, None, None
        land = t.landings[-1]
        return rs, t, land

    def _from_landing(self, words: list[str]) -> list[str]:
        head, rest = words[0], words[1:]
        if head not in ("buy", "rent", "auction", "tax", "parking"):
            return words
        positional, options = self._split_options(head, rest)
        if head == "auction" and not (len(positional) == 2 and _looks_amount(positional[1])):
            return words
        if head in ("buy", "rent", "parking") and positional:
            return words
        if head == "tax" and positional and positional[0] not in ("flat", "percent"):
            return words
        rs, t, land = self._landing()
        if land is None:
            return words
        who, idx = land["player"], land["square"]
        sq = rs.squares[idx]
        if t.player(who).position != idx:
            return words
        if head in ("buy", "rent", "auction") and not sq.is_deed:
            if head == "auction":
                return words
            from referee.cli.render.line import brief_square
            from referee.core.squares import square_meaning
            from referee.errors import InputError

            # "buy" on Chance: what the square asks instead (a card, a tax…), not a usage error
            where = brief_square(rs, square_meaning(rs, t, who, idx))
            raise InputError(_("{player} is on {where}").format(player=who, where=where))
        if (head == "parking" and sq.kind != "free_parking") or (head == "tax" and sq.kind != "tax"):
            return words
        if head == "buy":
            return ["buy", who, sq.name, *options]
        if head == "parking":
            return ["parking", who, *options]
        if head == "auction":
            return ["auction", positional[0], sq.name, positional[1], *options]
        if head == "rent":
            out = ["rent", who, sq.name, *options]
            if land.get("card") and "--card" not in options and sq.kind != "lot":  # a card changes a railroad's or company's rent only
                out += ["--card", land["card"]]
            if sq.kind == "utility" and "--dice" not in options and not land.get("card") and land.get("dice"):
                out += ["--dice", str(land["dice"])]
            return out
        if head == "tax":
            out = ["tax", sq.tax or "income", who]
            if positional and sq.tax == "income":
                out += ["--choice", positional[0]]
            return out + options
        return words

    def _split_options(self, head: str, rest: list[str]) -> tuple[list[str], list[str]]:
        """Positional words, and options with their values, of `head`'s arguments."""
        cmd, _ = self._command([head])
        opts = {}
        if cmd is not None:
            opts = {o: p for p in cmd.params if isinstance(p, typer.core.TyperOption) for o in (*p.opts, *p.secondary_opts)}
        positional: list[str] = []
        options: list[str] = []
        i = 0
        while i < len(rest):
            w = rest[i]
            if w.startswith("-") and not _looks_amount(w):
                options.append(w)
                p = opts.get(w.split("=", 1)[0])
                if p is not None and not p.is_flag and not p.count and "=" not in w and i + 1 < len(rest):
                    options.append(rest[i + 1])
                    i += 1
            else:
                positional.append(w)
            i += 1
        return positional, options

    def _join_names(self, words: list[str]) -> list[str]:
        """Let `rent Ben st charles place` mean `rent Ben "st charles place"` (referee.cli.grammar)."""
        from referee.cli.grammar import join_names

        return join_names(self.group, words)

    def _command(self, words: list[str]):
        from referee.cli.grammar import command_of

        return command_of(self.group, words)

    # ------------------------------------------------------------ help
    def help(self, topic: list[str]) -> None:
        if topic:
            self.dispatch([ALIASES.get(topic[0].lower(), topic[0].lower()), *topic[1:], "--help"])
            return
        rev: dict[str, list[str]] = {}
        for a, full in words_of(i18n.current()).items():
            rev.setdefault(full, []).append(a)
        from rich.table import Table as RTable

        shown = [n for n in sorted(self.group.commands) if not getattr(self.group.commands[n], "hidden", False) and n not in NOT_HERE]
        # one line a command at any width: the aliases' column capped, the description cut to what is left
        name_w = max(len(n) for n in shown)
        alias_w = min(24, max(len(", ".join(rev.get(n, []))) for n in shown))
        limit = max(20, min(60, self.out.width - name_w - alias_w - 4))
        grid = RTable.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column(style="dim", no_wrap=True, max_width=alias_w, overflow="ellipsis")
        grid.add_column(no_wrap=True, overflow="ellipsis")
        for name in shown:
            c = self.group.commands[name]
            grid.add_row(escape(name), ", ".join(rev.get(name, [])), escape((c.get_short_help_str(limit=limit) or "").strip()))
        self.out.print("[bold]" + _("Commands") + "[/bold] " + _("(the same as `referee COMMAND`; `help COMMAND` for its options)"))
        self.out.print(grid)
        from referee.cli.common import para

        self.out.print("[bold]" + _("Shortcuts") + "[/bold]")
        self.out.print(para("3 4    " + escape(_("roll 3 4 (the player whose turn it is)"))))
        from referee.words.commands import sub_word, word

        said = (word("buy"), word("rent"), word("tax"), word("tax") + " " + sub_word("tax", "flat"), word("parking"), word("auction"))
        self.out.print(para(" · ".join(said) + " " + escape(pgettext("placeholder", "WINNER") + " " + pgettext("placeholder", "PRICE"))))
        self.out.print(para(escape(_("act on the last landing (the move's line names the player and the deed)")), indent=7))
        for line in (_("Tab completes commands, players, deeds and cards; ↑/↓ history; undo takes a move back"),
                     _("quit, or Ctrl-D, leaves: every move is saved as soon as it is entered")):
            self.out.print(para(escape(line)))

    # ------------------------------------------------------------ many lines (a file or a pipe)
    def run_lines(self, lines: list[str], source: str | None = None) -> int:
        worst = 0
        for n, raw in enumerate(lines, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.lower() in QUIT:
                break
            where = f"{source}:{n}" if source else _("line {n}").format(n=n)
            quiet = common.detail() == "quiet" and not re.search(r"(^|\s)--(why|verbose)(\s|$)", line)
            if not quiet:
                self.out.print(f"[dim]{n}›[/dim] {escape(line)}")
            try:
                if quiet:  # one line per move: its number, then what happened (the input is in the file)
                    with self.out.capture() as cap:
                        code = self.run_line(line, where)
                    said = cap.get()
                    if said.strip():
                        self.out.file.write(f"{n}› {said}")
                        self.out.file.flush()
                else:
                    code = self.run_line(line, where)
            except KeyboardInterrupt:
                self.report(_("interrupted; the lines before this one are recorded"), 130, where)
                return 130
            if code == 130:
                return 130
            worst = max(worst, code)
        if self.desk.active:
            self.report(_("the auction of {deed} was left open: nothing recorded for it").format(deed=self.desk.deed_name), 2, source or "")
            worst = max(worst, 2)
        return worst

    # ------------------------------------------------------------ interactive
    def warm_up(self) -> None:
        """Import and exercise what the commands use, so the first move answers as fast as the rest."""
        import referee.cli.render.score  # noqa: F401
        import referee.cli.render.status  # noqa: F401
        import referee.core.bankruptcy  # noqa: F401  (it loads money, mortgages and the shared checks)
        import referee.core.buildings  # noqa: F401
        import referee.core.buying  # noqa: F401
        import referee.core.rent  # noqa: F401
        import referee.core.turns  # noqa: F401
        import referee.ruleset.names  # noqa: F401

        if self.path.exists():
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                self.dispatch(["status"])
                self.dispatch(["turn"])

    def interact(self) -> int:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.formatted_text import HTML
        from prompt_toolkit.history import InMemoryHistory

        from referee.cli.completion import TableCompleter

        self.warm_up()
        completer = TableCompleter(self)
        session: PromptSession[str] = PromptSession(
            history=_history(self.path) or InMemoryHistory(),
            completer=completer,
            complete_while_typing=False,
            bottom_toolbar=lambda: completer.toolbar_for(session.output.get_size().columns),
        )
        if self.path.exists():
            self.out.print("[bold]" + _("referee table") + "[/bold] — " + escape(_("{path}; `help` lists commands, Tab completes, Ctrl-D leaves").format(path=self.path)))
        else:
            self.out.print(
                escape(_("no game at {path} yet: start one with `new NAME NAME … --turns`; `help` lists commands").format(path=self.path))
            )
        self._phones_seen = self._last_seq()
        while True:
            self.show_phone_moves()
            completer.refresh()
            try:
                line = session.prompt(HTML(self.desk.prompt_html() or completer.prompt_html()))
            except KeyboardInterrupt:
                continue  # Ctrl-C clears the line; recorded moves are already saved
            except EOFError:
                break
            if line.strip().lower() in QUIT:
                break
            try:
                self.run_line(line)
            except KeyboardInterrupt:
                self.report(interrupts.take_message(), 130)
        self.out.print("[dim]" + _("bye: every move is saved in the game file") + "[/dim]")
        return 0


# ---------------------------------------------------------------- helpers
def join_line(words: list[str]) -> str:
    """A command line as a person would type it (double quotes around names with spaces)."""
    out = []
    for w in words:
        if w and not re.search(r"[\s\"'\\#;&|<>()$`]", w):
            out.append(w)
        elif '"' not in w and "\\" not in w and "$" not in w and "`" not in w:
            out.append(f'"{w}"')
        else:
            out.append(shlex.quote(w))
    return " ".join(out)


def _usage_msg(e: Any) -> str:
    from referee.cli.click_words import suggest_options, translate

    suggest_options(e)
    if type(e).__name__ == "NoArgsIsHelpError" and e.ctx is not None and hasattr(e.ctx.command, "commands"):
        subs = sorted(name for name, c in e.ctx.command.commands.items() if not getattr(c, "hidden", False))
        return _("{command} needs one of: {subcommands}").format(command=e.ctx.info_name, subcommands=", ".join(subs))
    msg = translate(e.format_message()).rstrip(".")
    usage = ""
    if e.ctx is not None:  # the usage line without its heading ("Usage: ", "Uso: ") and the program's name
        from referee.words.commands import typed_command

        usage = e.ctx.get_usage().split("referee ", 1)[-1]
        usage = typed_command(re.sub(r"\[[A-Z]+\] ", "", usage, count=1))
    return f"{msg[:1].lower()}{msg[1:]}" + (" — " + _("usage: {usage}").format(usage=usage) if usage else "")


def _history(path: Path):
    from prompt_toolkit.history import FileHistory

    from referee.ruleset.files import cache_dir

    d = cache_dir()
    if d is None:
        return None
    try:
        (d / "history").mkdir(parents=True, exist_ok=True)
        key = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
        return FileHistory(str(d / "history" / f"play-{key}.txt"))
    except OSError:
        return None
