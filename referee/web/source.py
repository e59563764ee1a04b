"""The game file as the page reads it: read-only, polled, never written (referee.store.watchsource),
each read turned into a Snapshot for the page: the table, or the problem to show instead.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from referee.store.watchsource import GameWatch, problem_text


class Snapshot:
    """What one read of the file found: a view dict, or a problem to show."""

    def __init__(self, view: dict | None = None, problem: str | None = None):
        self.view = view
        self.problem = problem

    def to_dict(self) -> dict:
        return {"view": self.view, "problem": self.problem}


class GameSource(GameWatch):
    def read(self, now: float | None = None) -> Snapshot:
        if self.con is None:
            problem = self._open()
            if problem:
                # the phones see the file's name, never its folder nor SQLite's or Python's words
                return Snapshot(problem=problem_text(Path(self.path.name), problem))
        try:
            look = self.look()
        except (sqlite3.Error, KeyError, ValueError, TypeError, AttributeError):
            self.close()
            return Snapshot(problem=unreadable_text(self.path))
        v = self.view_of(look, now)
        from referee.store.offers import open_offers
        from referee.store.view import offers_view

        v["offers"] = offers_view(self.ruleset(look), open_offers(self.path))  # trades waiting for a yes or no
        v["file"] = self.path.name
        v["game_id"] = game_id(look.meta)
        return Snapshot(view=v)


def unreadable_text(path: Path) -> str:
    """A game file the page cannot read just now, in the table's words (its name only: no folder, no Python)."""
    from referee.words.i18n import _

    return _("{name} cannot be read just now; retrying").format(name=Path(path).name)


def game_id(meta: dict) -> str:
    """A stable id for one game (not the file): its creation time, as recorded."""
    return str(meta.get("created", "")).replace(".", "")[:16]
