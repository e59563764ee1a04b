"""The `referee` console script: the Ctrl-C guard first, then everything else, imported inside it.

Nothing is imported at module level, so the guard is in place as soon as Python
hands over; only Python's own start-up (interpreter, site, the generated
script's `import re`) runs before it.
"""


def main() -> None:
    try:
        from referee.cli.app import main as run
        from referee.store import interrupts

        run()
    except KeyboardInterrupt:
        _stop()
    except SystemExit:
        raise
    except BaseException as e:
        from referee.store import interrupts

        if interrupts.caused_by_interrupt(e):
            _stop()
        raise


def _stop() -> None:
    try:
        from referee.store import interrupts
    except BaseException:  # interrupted while importing the guard itself: the same line, by hand
        import signal
        import sys

        signal.signal(signal.SIGINT, signal.SIG_IGN)
        sys.stderr.write("interrupted; nothing half-written (every move is one transaction)\n")
        raise SystemExit(130) from None
    interrupts.stop()
