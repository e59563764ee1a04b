"""A move the rules question but the banker may record anyway, with a reason (`--force REASON`).

Shared by the turn checks (a late buy, tax or card: core/turn_checks.py) and the salary asked twice for one
trip (core/money.py): the refusal, the forced record and the note the log keeps. Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from referee.core.checks import refuse
from referee.msg import Msg
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.core.events import Event



class Mismatch(NamedTuple):  # not a dataclass: every move command imports this module
    clause: str  # the rule the move contradicts
    msg: Msg  # what is wrong, as a message (referee/words/messages.py words it)
    forceable: bool  # a late move the banker may record anyway, with a reason


def forced(rs: Ruleset, found: Mismatch, force: str | None) -> dict[Any, Any]:
    """Refuse `found` (with or without turn tracking), unless it is forceable and forced with a reason."""
    if not found.forceable:
        raise refuse(rs, found.clause, found.msg.id, **found.msg.params)
    if force is None or not str(force).strip():
        raise refuse(rs, found.clause, "check.forceable", what=found.msg.to_dict())
    return {"reason": str(force).strip(), "clause": found.clause, "why": found.msg.to_dict()}


def mark(ev: Event, forced: dict[Any, Any] | None) -> Event:
    """Keep a forced move's reason on its event (args, headline and a note), so the log shows it."""
    if not forced:
        return ev
    ev.args["forced"] = forced
    ev.cite(forced["clause"])
    if ev.msg is not None:
        ev.msg = Msg("forced", {"move": ev.msg.to_dict(), "reason": forced["reason"]})
    ev.notes.append(Msg("forced.note", {"reason": forced["reason"], "why": forced["why"]}))
    return ev
