"""The engine's structured messages as sentences: the entry point (`render`, `render_event`, `render_all`).

The core says what happened as `Msg(id, params)` and suggests what to do as
`Next(action, args)` (referee/msg.py); this module is the one place that
turns them into sentences and command syntax. Another language plugs in here
(a catalogue per id); another front end (a web page) renders `Next` its own way.

The English templates are in referee/words/templates.py, the command syntax of a
next-action in referee/words/next_actions.py; the words in the table's language come
from the gettext catalogs under each template's message id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.msg import Msg
from referee.words.next_actions import render_next
from referee.words.templates import SHOWN_AS_IS as SHOWN_AS_IS  # re-exported
from referee.words.templates import TEMPLATES as TEMPLATES  # re-exported
from referee.words.templates import render as render  # re-exported: the one entry point callers use

Fmt = Callable[[int], str]
Params = Mapping[str, Any]


def render_event(d: dict[str, Any], fmt: Fmt | None = None) -> dict[str, Any]:
    """A stored or encoded event (a dict) with its words: `text`, steps and notes as sentences, and
    the square it reached with the sentence and the command shown for it (the shape `--json` gives)."""
    d = dict(d)
    d["text"] = render_all([d["msg"]], fmt)[0] if d.get("msg") else d.get("text", "")
    for key in ("notes", "steps"):
        if d.get(key):
            d[key] = render_all(d[key], fmt)
    sq = d.get("square")
    if isinstance(sq, dict) and "msg" in sq:
        d["square"] = dict(sq, text=render_all([sq["msg"]], fmt)[0], steps=render_all(sq.get("steps") or [], fmt),
                           command=render_next(sq["next"]) if sq.get("next") else None)
    return d


def render_all(msgs: list[Any], fmt: Fmt | None = None) -> list[str]:
    """Notes and steps as stored may be Msg objects, their dicts, or sentences (older game files, arithmetic steps)."""
    out = []
    for m in msgs:
        if isinstance(m, dict):
            m = Msg.from_dict(m)
        out.append(render(m, fmt))
    return out
