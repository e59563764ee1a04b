"""A kind of move with no command of its own, typed by its name and its fields in order (`bank-loan Ana 100`).

The inverse of the notation's default layout (`words/notation.py`): the words
are read by what each field names (`moves.model.field_types`: a player, a
deed, an amount…), into the move, and recorded like every move. So a kind of
move added to `moves/model.py` with its chapter is typed at the console and
the CLI at once; a command of its own (`cli/registry.py`) is for the kinds
whose line says more than their fields in order.
"""

from __future__ import annotations

from typing import Any

import typer

from referee.cli import common
from referee.cli.context import GameOpt, record
from referee.errors import InputError
from referee.moves import model
from referee.words.i18n import _
from referee.words.notation import said


def kind_named(name: str) -> type[model.Move] | None:
    """The kind of move a command name says (`bank-loan`), if no command of its own has that name."""
    return next((cls for cls in model.KINDS.values() if said(cls.kind) == name), None)


def _word(rs: Any, t: Any, name: str, typ: str, word: str) -> Any:
    if typ in ("player", "party"):
        return common.resolve_player(t, word, typ == "party")
    if typ == "deed":
        return common.resolve_deed(rs, word)
    if typ == "int":
        return common.amount(rs, t, word, name)
    if typ == "bool":
        return word.lower() in ("yes", "true", "1", "sí", "si", "sì")
    return word


def read(rs: Any, t: Any, cls: type[model.Move], words: list[str]) -> model.Move:
    """The move the words say, field by field in the kind's order (a last field of deeds takes the rest)."""
    types = model.field_types(cls)
    given: dict[str, Any] = {}
    rest = list(words)
    for name, default in cls.FIELDS:
        typ = types[name]
        if typ == "deeds":
            given[name], rest = tuple(common.resolve_deed(rs, w) for w in rest), []
        elif typ == "dice":
            if len(rest) < 2:
                raise InputError(_("{command} needs both dice").format(command=said(cls.kind)))
            given[name], rest = (int(rest[0]), int(rest[1])), rest[2:]
        elif rest:
            given[name] = _word(rs, t, name, typ, rest.pop(0))
        elif default is model.REQUIRED:
            raise InputError(_("{command} needs {fields}").format(
                command=said(cls.kind), fields=" ".join(n.upper() for n, d in cls.FIELDS if d is model.REQUIRED)))
    if rest:
        raise InputError(_("{command} takes {fields}, not `{words}`").format(
            command=said(cls.kind), fields=" ".join(n.upper() for n, _d in cls.FIELDS), words=" ".join(words)))
    return cls(**given)


def command(name: str) -> Any:
    """The Click command for a kind of move with no command of its own, or None."""
    cls = kind_named(name)
    if cls is None:
        return None
    def move(words: list[str] = typer.Argument(None), game: GameOpt = None) -> None:
        record(game, lambda rs, t: read(rs, t, cls, list(words or [])))

    move.__doc__ = (cls.__doc__ or "").strip().split("\n")[0] or None
    one = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)
    one.command(name, context_settings={"ignore_unknown_options": True})(move)
    return typer.main.get_command(one)
