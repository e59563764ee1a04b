"""Who owes whom: the recorded debts, one line per debtor and creditor.

A debt is recorded when a payer's cash does not cover a payment; it stays until
settled or until the debtor's bankruptcy hands everything over.
"""

from __future__ import annotations

from typing import Any

from referee.core.state import Table


def who_owes(t: Table) -> list[dict[Any, Any]]:
    """Debts summed per (debtor, creditor) in the order they arose, with what they are for."""
    out: dict[tuple[str, str], dict[Any, Any]] = {}
    for d in t.debts:
        row = out.setdefault((d.debtor, d.creditor), {"from": d.debtor, "to": d.creditor, "amount": 0, "for": []})
        row["amount"] += d.amount
        if d.reason and d.reason not in row["for"]:
            row["for"].append(d.reason)
    return list(out.values())
