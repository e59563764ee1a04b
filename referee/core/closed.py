"""A bankrupt player's account is closed: no later move may touch it.

Checked once for every recorded move (ledger.Game.record) by comparing the
table before and after the move, so it holds for every command, present and
future, whatever ops the command is made of: a bankrupt player's cash,
token, jail status, jail cards and debts (owed or owing) never change again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core.checks import refuse

if TYPE_CHECKING:
    from referee.core.state import Table
    from referee.ruleset.model import Ruleset



def _account(t: Table, name: str) -> tuple[Any, ...]:
    p = t.player(name)
    debts = sorted((d.id, d.debtor, d.creditor, d.amount) for d in t.debts if name in (d.debtor, d.creditor))
    return (p.cash, p.position, p.in_jail, p.jail_turns, sorted(p.jail_cards), p.skip_turns, tuple(debts))


def check(rs: Ruleset, before: Table, after: Table) -> None:
    """Refuse a move that changes the account of a player already bankrupt before it."""
    for p in before.players:
        if p.bankrupt and _account(before, p.name) != _account(after, p.name):
            raise refuse(rs, "end.game" if rs.has_clause("end.game") else "bankruptcy.test", "refused.account_closed",
                         player=p.name)
