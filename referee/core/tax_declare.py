"""The income-tax declaration as its own recorded step (see tax_choice for why it binds)."""

from __future__ import annotations

from referee.core.checks import active, invalid, not_over, refuse
from referee.core.events import Event, new_event
from referee.core.ops import Extra
from referee.core.state import Table
from referee.core.tax_choice import KEY, declared
from referee.ruleset.model import Ruleset


def declare(rs: Ruleset, t: Table, player: str, choice: str) -> Event:
    not_over(rs, t)
    active(rs, t, player)
    choices = list(rs.p.taxes.income.choices)
    if len(choices) < 2:
        raise refuse(rs, "tax.income", "refused.nothing_to_declare", ruleset=rs.id, choices=choices)
    if choice not in choices:
        raise invalid("invalid.declare_choice", choice=choice, choices=choices)
    before = declared(t, player)
    if before is not None and before != choice:
        raise refuse(rs, "tax.income", "refused.declared", player=player, declared=before, choice=choice)
    ev = new_event(t, "declare", player=player, choice=choice)
    ev.op(Extra(KEY, {**(t.extra.get(KEY) or {}), player: choice}))
    ev.say("tax.declared", player=player, choice=choice)
    ev.cite("tax.income")
    return ev
