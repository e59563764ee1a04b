"""What a jailed player may still do after a failed throw in the same turn.

The fine is paid (and the Get Out of Jail Free card used) *before* throwing:
every book says so (000 § LA CARCEL, 001 § Cárcel, 002 § PRIGIONE, 003 § La
cárcel, 004 "¿Cómo salgo de la Cárcel?"). A failed throw on an earlier jail
turn leaves the player in jail until their next turn; on the last one the
fine is forced (`jail.jail_roll`). `rules.jail.pay_after_failed_throw`
lets a house rule allow paying straight after the failed throw.

The marker `t.extra["jail_thrown"]` lists the jailed players who have thrown
this turn: set by a failed throw in a game that tracks turns (or, in a
scenario, by the history's last throw), cleared when the player's next turn
comes round. Nothing here prints or writes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from referee.core.checks import refuse
from referee.core.ops import Extra
from referee.core.state import Table
from referee.ruleset.model import Ruleset

if TYPE_CHECKING:
    from referee.core.events import Event


KEY: Final = "jail_thrown"


def thrown(t: Table) -> dict[str, list[int]]:
    """The jailed players who have thrown this turn, with their dice."""
    return dict(t.extra.get(KEY) or {})


def mark(ev: Event, player: str, dice: list[int]) -> None:
    """`player` threw `dice` in jail this turn and stays there."""
    ev.op(Extra(KEY, {**thrown(ev.t), player: list(dice)}))


def clear(ev: Event, player: str) -> None:
    """`player`'s next turn has come: the fine may be paid before throwing again."""
    now = thrown(ev.t)
    if now.pop(player, None) is not None:
        ev.op(Extra(KEY, now or None))


def before_throw(rs: Ruleset, t: Table, player: str, what: str, clause: str) -> None:
    """Refuse the fine ('fine') or the card ('card') after a failed throw this turn, unless the ruleset allows it."""
    if player in thrown(t) and not rs.p.jail.pay_after_failed_throw:
        raise refuse(rs, clause, "refused.jail_after_throw", player=player, what=what)
