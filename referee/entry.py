"""The `referee` console script: the Ctrl-C guard first, then the CLI, imported inside it."""

from __future__ import annotations

from referee import interrupts


def main() -> None:
    try:
        from referee.cli.app import main as run

        run()
    except KeyboardInterrupt:
        interrupts.stop()
    except SystemExit:
        raise
    except BaseException as e:
        if interrupts.caused_by_interrupt(e):
            interrupts.stop()
        raise
