"""What a payment between two players is for, read from the words the banker gave (`--for`, a scenario's `for:`).

The books forbid loans between players (`loans.forbidden`), and the lire book gifts too (`loans.gifts`); a
payment whose stated purpose says it is lent or given is refused where the edition has the clause. The words are
English, Spanish and Italian, the languages the table may type in. Pure: a string in, a purpose out.
"""

from __future__ import annotations

import re

_LOAN = re.compile(r"\b(loan|lend|lent|borrow|pr[eé]st(?:am|ar|ad|it|at|a\b|i\b|o\b))", re.I)
_GIFT = re.compile(r"\b(gift|present\b|regal[aioe]|regalar|don[oi]\b|donazion|donaci[oó]n|donar\b|donativ)", re.I)


def of(reason: str | None) -> str | None:
    """'loan', 'gift' or None (any other purpose: rent agreed, a deal's balance…)."""
    if not reason:
        return None
    if _LOAN.search(reason):
        return "loan"
    if _GIFT.search(reason):
        return "gift"
    return None
