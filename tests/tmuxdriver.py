"""A terminal the players would look at: a command in a detached tmux session of a given size, read back as text.

Shared by the tests that watch the real `referee watch` (one private tmux server each, killed at the end)."""

from __future__ import annotations

import os
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class Screen:
    def __init__(self, tmux: list[str]):
        self.tmux = tmux

    def text(self) -> str:
        return subprocess.run([*self.tmux, "capture-pane", "-p", "-t", "w"], capture_output=True, text=True).stdout

    def until(self, ready: str | Callable[[str], bool], limit: float = 10.0) -> str:
        """The screen once it shows `ready` (a text, or a test of the whole screen), or as it is after `limit` seconds."""
        end = time.monotonic() + limit
        while True:
            out = self.text()
            if (ready in out if isinstance(ready, str) else ready(out)) or time.monotonic() > end:
                return out
            time.sleep(0.05)


@contextmanager
def tmux_screen(command: str, width: int, height: int, env: dict[str, str] | None = None) -> Iterator[Screen]:
    """Run `command` in a `width`×`height` terminal; the terminal's own size, not COLUMNS/LINES, decides the layout."""
    tmux = ["tmux", "-L", f"referee-test-{uuid.uuid4().hex[:8]}"]
    tenv = {k: v for k, v in (env or os.environ).items() if k not in ("COLUMNS", "LINES", "TMUX")}
    subprocess.run([*tmux, "new-session", "-d", "-s", "w", "-x", str(width), "-y", str(height), command], check=True, env=tenv)
    try:
        yield Screen(tmux)
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
