"""The `referee` program: run one command line and turn every error into one line.

Library code raises RefereeError subclasses; they end as one line on stderr and
an exit code (1 refused, 2 bad input, 3 a bug). The commands are in
referee.cli.registry; only the one being run is imported and built.
"""

from __future__ import annotations

import os
import sys

import typer

from referee.cli import common
from referee.cli.context import app
from referee.errors import RefereeError


def _is_sqlite_error(e: BaseException) -> bool:
    """Without importing sqlite3 (a command that never opened a game need not load it)."""
    sqlite3 = sys.modules.get("sqlite3")
    return sqlite3 is not None and isinstance(e, sqlite3.Error)


def main() -> None:
    argv = sys.argv[1:]
    try:
        rv = app(args=argv, standalone_mode=False)
        code = rv if isinstance(rv, int) else 0
        if code == 130:  # Typer turned a Ctrl-C into Exit(130): still the one line, and what was recorded
            from referee import interrupts

            interrupts.stop()
    except RefereeError as e:
        common.fail(str(e), e.exit_code)
        return
    except KeyboardInterrupt:
        from referee import interrupts

        interrupts.stop()
    except typer.Abort:
        code = 1
    except Exception as e:  # file and usage errors, or a bug: still one line, never a traceback
        from referee import interrupts

        if interrupts.caused_by_interrupt(e):  # Python wraps a Ctrl-C raised inside an import or a class body
            interrupts.stop()
        if isinstance(e, OSError) or _is_sqlite_error(e):
            if os.environ.get("REFEREE_DEBUG"):
                raise
            common.fail(f"error: {e}", 2)
            return
        if common.is_click(e, "ClickException"):  # usage errors
            opt = getattr(e, "option_name", "") or ""
            if common.is_click(e, "NoSuchOption") and opt[1:].replace(",", "").isdigit():
                common.fail(f"amounts must be positive, not {opt} (to move money the other way, swap the two parties)", 2)
            e.show()  # type: ignore[attr-defined]
            code = getattr(e, "exit_code", 2)
            sys.exit(2 if code not in (0, 1) else code)
        if os.environ.get("REFEREE_DEBUG"):
            raise
        common.fail(f"internal error: {type(e).__name__}: {e} (set REFEREE_DEBUG=1 for details)", 3)
        return
    sys.exit(code)
