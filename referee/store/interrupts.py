"""Ctrl-C at any moment: exit 130 with one line, never a traceback, never a lost move.

referee/entry.py is the console script's entry point: it imports only this
module before guarding, so the KeyboardInterrupt guard is in place before Typer,
Rich or the engine are imported (a Ctrl-C during start-up used to print a
traceback).

`atomic` wraps the ledger's writes: a Ctrl-C that arrives while a move is being
written is held until the transaction has finished, so it can never land
between SQLite's COMMIT and Python's bookkeeping. When it arrives during a
write, the move is either wholly recorded (and `committed` names it, so the
message says so) or not at all.
"""

from __future__ import annotations

import functools
import signal
import sys
import threading

from referee.words.i18n import _

EXIT_CODE = 130
committed: list[str] = []  # moves recorded by a write a Ctrl-C arrived during
recorded: list[str] = []  # the move this command recorded, for a Ctrl-C that comes after the write (while printing)
_pending: list[bool] = []


def _describe(result) -> str:
    text = getattr(result, "text", None)
    seq = getattr(result, "seq", None)
    if text:
        return f"#{seq} {text}" if seq else str(text)
    if getattr(result, "path", None) is not None:
        return _("the new game {path}").format(path=result.path)
    if isinstance(result, list) and result and isinstance(result[0], dict):
        return "; ".join(str(e.get("text", e.get("type", ""))) for e in result)
    return _("the move")


def atomic(fn):
    """Hold SIGINT while `fn` writes; re-raise it afterwards, noting what was recorded."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        def unguarded():  # no Ctrl-C to hold (another thread, or SIGINT ignored): still note what was recorded
            result = fn(*args, **kwargs)
            recorded[:] = [_describe(result)]
            return result

        if threading.current_thread() is not threading.main_thread():
            return unguarded()
        try:
            previous = signal.getsignal(signal.SIGINT)
        except (ValueError, OSError):
            return unguarded()
        if previous in (signal.SIG_IGN, None):
            return unguarded()

        def hold(signum, frame):
            _pending.append(True)

        signal.signal(signal.SIGINT, hold)
        try:
            result = fn(*args, **kwargs)
        except BaseException:
            signal.signal(signal.SIGINT, previous)
            if _pending:
                _pending.clear()
                raise KeyboardInterrupt from None  # the write failed or was refused: nothing recorded
            raise
        # noted while Ctrl-C is still held: a Ctrl-C the moment the old handler is back must find the move named
        recorded[:] = [_describe(result)]
        signal.signal(signal.SIGINT, previous)
        interrupted = bool(_pending)
        _pending.clear()
        if interrupted:
            committed.append(recorded[-1])
            raise KeyboardInterrupt
        return result

    return wrapper


def message() -> str:
    """The one line printed on Ctrl-C."""
    done = committed or recorded
    if done:
        return _("interrupted after the move was recorded: {move} (`referee log` shows it; `referee undo` takes it back)").format(move=done[-1])
    return _("interrupted; nothing half-written (every move is one transaction)")


def take_message() -> str:
    """`message()` for a program that carries on after a Ctrl-C (the console): said once, then forgotten."""
    text = message()
    committed.clear()
    recorded.clear()
    return text


def stop() -> None:
    """Print the one line and leave with 130; a second Ctrl-C can no longer interrupt the goodbye."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):
        pass
    try:
        sys.stderr.write(message() + "\n")
        sys.stderr.flush()
    except Exception:
        pass
    raise SystemExit(EXIT_CODE)


def recorded_anyway(problem: str) -> None:
    """The output failed (a closed pipe, a full disk) after this command recorded its move: the move stands, so
    say so on stderr and leave with 0, so a script does not type it again; the output goes nowhere from now on."""
    _silence_stdout()
    try:
        sys.stderr.write(_("recorded: {move} (its report could not be printed: {problem})").format(move=recorded[-1], problem=problem) + "\n")
        sys.stderr.flush()
    except Exception:
        pass
    raise SystemExit(0)


def _silence_stdout() -> None:
    """Point stdout at the null device, so nothing buffered fails again when Python flushes it on the way out."""
    import os

    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError, AttributeError):
        pass


def caused_by_interrupt(exc: BaseException | None) -> bool:
    """True when a Ctrl-C is the root of `exc` (Python wraps one raised inside class creation or an import hook)."""
    seen = 0
    while exc is not None and seen < 20:
        if isinstance(exc, KeyboardInterrupt):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False
