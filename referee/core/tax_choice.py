"""The income-tax choice, declared before counting, binds (000 § "AZAR" o "ARCA
Comunal": the player says which before adding anything up).

`declare` records the choice as its own step (`t.extra["tax_declared"]`); the
tax then charged must be the declared one (`actions.income_tax` asks
`binding`), and paying it clears the declaration. Editions with one choice
(flat only) have nothing to declare. Nothing here prints or writes.
"""

from __future__ import annotations

from referee.core import actions
from referee.core.state import Table
from referee.errors import InputError, Refusal
from referee.ruleset.model import Ruleset

KEY = "tax_declared"


def declared(t: Table, player: str) -> str | None:
    return (t.extra.get(KEY) or {}).get(player)


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


def binding(rs: Ruleset, t: Table, player: str, choice: str | None) -> str | None:
    """The choice to charge: the declared one; switching after declaring is refused."""
    was = declared(t, player)
    if was is None:
        return choice
    if choice is not None and choice != was:
        raise Refusal(f"{player} declared {was} before counting and cannot switch to {choice} now", rs.cite("tax.income"))
    return was


def settled(ev: actions.Event, player: str) -> None:
    now = dict(ev.t.extra.get(KEY) or {})
    if now.pop(player, None) is not None:
        ev.op("extra", KEY, now or None)
