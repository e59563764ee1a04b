"""The `referee` program: run one command line and turn every error into one line.

Library code raises RefereeError subclasses; they end as one line on stderr and
an exit code (1 refused, 2 bad input, 3 a bug). The commands are in
referee.cli.registry; only the one being run is imported and built.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Any

from referee.cli import common
from referee.cli.context import STATE, app
from referee.errors import RefereeError
from referee.words import i18n
from referee.words.i18n import N_, _


def _is_sqlite_error(e: BaseException) -> bool:
    """Without importing sqlite3 (a command that never opened a game need not load it)."""
    sqlite3 = sys.modules.get("sqlite3")
    return sqlite3 is not None and isinstance(e, sqlite3.Error)


def lang_flag(argv: list[str]) -> str | None:
    """--lang before the command runs (its help and Click's words are built before the root callback)."""
    for i, a in enumerate(argv):
        if a == "--":
            break
        if a == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--lang="):
            return a.split("=", 1)[1]
    return None


def lang_first(argv: list[str]) -> list[str]:
    """`--lang X` anywhere on the line, as --game may be: moved before the command, where the root option is read."""
    out, lang, i = [], None, 0
    while i < len(argv):
        a = argv[i]
        if a == "--":
            out += argv[i:]
            break
        if a == "--lang" and i + 1 < len(argv):
            lang, i = argv[i + 1], i + 2
            continue
        if a.startswith("--lang="):
            lang, i = a.split("=", 1)[1], i + 1
            continue
        out.append(a)
        i += 1
    return ["--lang", lang, *out] if lang is not None else argv


def help_language(argv: list[str], usage_error: bool = False) -> None:
    """For --help, no command or a usage error, with no language asked for: the current game's, read without the ledger."""
    from referee.cli.registry import COMMANDS, Group

    groups = {e.name for e in COMMANDS if isinstance(e, Group)}  # a group alone shows its help
    if i18n.explicit() or not (usage_error or not argv or "--help" in argv or argv[-1] in groups):
        return
    from referee.cli.context import peek_language

    i18n.offer_game(peek_language(argv))


def main() -> None:
    from referee.store import interrupts

    interrupts.recorded.clear()  # what this command records, not a previous in-process run's
    interrupts.committed.clear()
    try:
        _main()
    finally:
        STATE["lang_chosen"] = False  # a later in-process run without main() chooses for itself
        STATE.pop("after_time", None)
        if "referee.store.ledger" in sys.modules:
            sys.modules["referee.store.ledger"].MOVE_ID[0] = None  # one command's id, not the next in-process run's


def _join_names(group: Any, argv: list[str]) -> list[str]:
    """Unquoted multi-word names, as in the console (`referee buy Eva st charles`)."""
    words, skip = 0, False
    for w in argv:  # the command's own words, past the root options (`--game FILE`, `--lang es`, flags)
        if skip:
            skip = False
        elif w in ("--game", "-g", "--lang"):
            skip = True
        elif not w.startswith("-"):
            words += 1
    if words < 3:  # a command and at most one argument: nothing to join
        return argv
    from referee.cli.grammar import join_argv

    return join_argv(group, argv)


def _main() -> None:
    argv, mode = common.take_detail_flags(sys.argv[1:])
    common.set_detail(mode)  # `--why` / `--verbose` anywhere on the line; else quiet (or $REFEREE_VERBOSE)
    try:
        argv, move_id = common.take_move_id(argv)
        if "--after-time" in argv[: argv.index("--") if "--" in argv else len(argv)]:  # a move made before a time-limit game's end
            argv = [a for a in argv if a != "--after-time"]
            STATE["after_time"] = True
        if move_id:  # a retried command with the same id is a no-op (referee/store/ledger.py MOVE_ID)
            from referee.store import ledger

            ledger.MOVE_ID[0] = move_id
        i18n.reset(lang_flag(argv))
        argv = lang_first(argv)
        help_language(argv)
        STATE["lang_chosen"] = True
        import typer.main

        group = typer.main.get_command(app)  # built once: joining names and running share its built command
        argv = _join_names(group, argv)
        rv = group(args=argv, standalone_mode=False)
        code = rv if isinstance(rv, int) else 0
        if code == 130:  # Typer turned a Ctrl-C into Exit(130): still the one line, and what was recorded
            from referee.store import interrupts

            interrupts.stop()
    except RefereeError as e:
        common.fail(str(e), e.exit_code)
        return
    except i18n.UnknownLanguage as e:
        common.fail(str(e), 2)
        return
    except KeyboardInterrupt:
        from referee.store import interrupts

        interrupts.stop()
    except typer.Abort:
        code = 1
    except Exception as e:  # file and usage errors, or a bug: still one line, never a traceback
        from referee.store import interrupts

        if interrupts.caused_by_interrupt(e):  # Python wraps a Ctrl-C raised inside an import or a class body
            interrupts.stop()
        if isinstance(e, (OSError, common.OutputClosed)) and interrupts.recorded:  # the move is in the file; only its report failed
            interrupts.recorded_anyway(_("the output was closed") if isinstance(e, common.OutputClosed) else (e.strerror or str(e)))
        if isinstance(e, common.OutputClosed):  # nothing was recorded: leave quietly, as `cmd | head` expects
            raise SystemExit(1) from None
        if isinstance(e, OSError) or _is_sqlite_error(e):
            if os.environ.get("REFEREE_DEBUG"):
                raise
            common.fail(os_error(e) if isinstance(e, OSError) else _("error: {error}").format(error=e), 2)
            return
        if common.is_click(e, "ClickException"):  # usage errors
            help_language(argv, usage_error=True)
            opt = getattr(e, "option_name", "") or ""
            if common.is_click(e, "NoSuchOption") and opt[1:].replace(",", "").isdigit():
                # Click reads "-1500" as the flags -1 -5 -0 -0: the number as typed, and the money hint only where money moves
                typed = next((a for a in argv if a.startswith(opt) and a[1:].replace(",", "").replace(".", "").isdigit()), opt)
                words = [a for i, a in enumerate(argv) if not a.startswith("-") and (i == 0 or argv[i - 1] not in ("--game", "-g", "--lang"))]
                if words and words[0] in ("pay", "collect"):
                    common.fail(_("amounts must be positive, not {amount} (to move money the other way, swap the two parties)").format(amount=typed), 2)
                common.fail(_("{number}: a negative number means nothing here").format(number=typed), 2)
            from referee.cli.click_words import show_usage_error

            show_usage_error(e)
            code = getattr(e, "exit_code", 2)
            sys.exit(2 if code not in (0, 1) else code)
        if os.environ.get("REFEREE_DEBUG"):
            raise
        common.fail(_("internal error: {kind}: {error} (set REFEREE_DEBUG=1 for details)").format(kind=type(e).__name__, error=e), 3)
        return
    sys.exit(code)


_OS_ERRORS = {
    errno.ENOENT: N_("{path}: no such file or folder"),
    errno.EACCES: N_("{path}: permission denied"),
    errno.EPERM: N_("{path}: permission denied"),
    errno.EISDIR: N_("{path}: is a folder, not a file"),
    errno.ENOTDIR: N_("{path}: a part of the path is not a folder"),
    errno.ENOSPC: N_("{path}: no space left on the disk"),
    errno.EROFS: N_("{path}: the disk is read-only"),
}


def os_error(e: OSError) -> str:
    """A file the system refused, in the table's language (the system's own words are English)."""
    words = _OS_ERRORS.get(e.errno or 0)
    if words and e.filename:
        return _(words).format(path=e.filename)
    return _("error: {error}").format(error=e)
