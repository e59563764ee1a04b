"""The income-tax declaration as its own recorded step (see tax_choice for why it binds)."""

from __future__ import annotations

from referee.core import actions
from referee.core.state import Table
from referee.core.tax_choice import KEY, declared
from referee.errors import InputError, Refusal
from referee.ruleset.model import Ruleset


def declare(rs: Ruleset, t: Table, player: str, choice: str) -> actions.Event:
    actions._not_over(rs, t)
    actions._active(rs, t, player)
    choices = rs.param("taxes.income")["choices"]
    if len(choices) < 2:
        raise Refusal(f"{rs.id} leaves no choice to declare: the income tax is {' or '.join(choices)}", rs.cite("tax.income"))
    if choice not in choices:
        raise InputError(f"declare one of: {', '.join(choices)}, not '{choice}'")
    before = declared(t, player)
    if before is not None and before != choice:
        raise Refusal(f"{player} already declared {before}; the declaration made before counting binds", rs.cite("tax.income"))
    ev = actions._event(t, "declare", player=player, choice=choice)
    ev.op("extra", KEY, {**(t.extra.get(KEY) or {}), player: choice})
    ev.text = f"{player} declares the income tax by {choice}, before counting"
    ev.cite("tax.income")
    return ev
