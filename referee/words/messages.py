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


def event_text(e: Mapping[str, Any], fmt: Fmt | None = None, by_seq: Mapping[int, Mapping[str, Any]] | None = None) -> str:
    """A stored event as one sentence in the language shown now: the game file keeps its message id and
    parameters, never its words. An undo or redo names the moves it takes back when `by_seq` holds them
    (their numbers otherwise); an event with neither (a game file from before) says what it stored."""
    from referee.words.i18n import _

    src = e.get("source")
    if isinstance(src, dict) and src.get("surface") == "phone" and src.get("seat"):  # who sent it, for the banker
        said = event_text({k: v for k, v in e.items() if k != "source"}, fmt, by_seq)
        return _("{move} (from {seat}'s phone)").format(move=said, seat=str(src["seat"]).lstrip("*"))
    if e.get("msg"):
        return render(Msg.from_dict(e["msg"]), fmt)
    kind, args = e.get("type", ""), e.get("args") or {}
    if kind == "new" and args.get("players"):
        return _("new game: {players}").format(players=", ".join(args["players"]))
    if kind in ("undo", "redo") and args.get("undoes") and (by_seq is not None or not e.get("text")):
        seqs = list(args["undoes"])
        if kind == "redo":  # it cancels an undo: it brings back that undo's moves
            first = (by_seq or {}).get(seqs[0])
            seqs = list((first or {}).get("args", {}).get("undoes") or []) if first else []
        shown = [event_text(by_seq[s], fmt) if by_seq and s in by_seq else f"#{s}" for s in seqs]
        line = _("undo: {moves}") if kind == "undo" else _("redo: {moves}")
        return line.format(moves="; ".join(shown) if shown else "#" + ", #".join(str(s) for s in args["undoes"]))
    return str(e.get("text") or kind)


def render_event(d: dict[str, Any], fmt: Fmt | None = None, by_seq: Mapping[int, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """A stored or encoded event (a dict) with its words: `text`, steps and notes as sentences, and
    the square it reached with the sentence and the command shown for it (the shape `--json` gives)."""
    d = dict(d)
    d["text"] = event_text(d, fmt, by_seq)
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
