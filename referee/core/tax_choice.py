"""The income-tax choice, declared before counting, binds (000 § "AZAR" o "ARCA
Comunal": the player says which before adding anything up).

`tax_declare.declare` records the choice as its own step (`t.extra["tax_declared"]`); the
tax then charged must be the declared one (`taxes.income_tax` asks
`binding`), and paying it clears the declaration. Editions with one choice
(flat only) have nothing to declare. Nothing here prints or writes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from referee.core.checks import refuse
from referee.core.ops import Extra
from referee.core.state import Table
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.core.events import Event


KEY: Final = "tax_declared"


def declared(t: Table, player: str) -> str | None:
    return (t.extra.get(KEY) or {}).get(player)


def binding(rs: Ruleset, t: Table, player: str, choice: str | None) -> str | None:
    """The choice to charge: the declared one; switching after declaring is refused."""
    was = declared(t, player)
    if was is None:
        return choice
    if choice is not None and choice != was:
        raise refuse(rs, "tax.income", "refused.declared", player=player, declared=was, choice=choice)
    return was


def settled(ev: Event, player: str) -> None:
    now = dict(ev.t.extra.get(KEY) or {})
    if now.pop(player, None) is not None:
        ev.op(Extra(KEY, now or None))
