"""A valuation's words: its components and how each is counted ("at printed price", "at 50 % of cost"), in the
table's language (ruling steps, previews, the score's breakdown)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from referee.words.i18n import N_, _, pgettext

Params = Mapping[str, Any]
Fmt = Callable[[int], str]


# referee.core.valuation's components, in its order, with the names it gives them (not imported: the core imports this module)
COMPONENTS = ("cash", "deeds", "mortgaged_deeds", "houses", "hotels")
COMPONENT_NAMES = {"cash": N_("cash"), "deeds": N_("deeds"), "mortgaged_deeds": N_("mortgaged deeds"), "houses": N_("houses"), "hotels": N_("hotels")}


def component_line(row: Params, fmt: Fmt) -> str:
    """One row of a valuation's breakdown (referee.core.valuation.Valuation.breakdown) in words."""
    comp, items = row["component"], row["items"]
    if comp == "cash":
        return pgettext("valuation", "cash {amount}").format(amount=fmt(row["total"]))
    parts = ", ".join(f"{label} {how} = {fmt(amount)}" if how else f"{label} {fmt(amount)}" for label, how, amount in items)
    head = f"{_(COMPONENT_NAMES[comp])} {basis(row['basis'])}".strip()
    sub = " " + pgettext("valuation", "(total {amount})").format(amount=fmt(row["total"])) if len(items) > 1 else ""
    return f"{head}: {parts}{sub}"


def valuation_lines(v: Any) -> list[str]:
    """A valuation's breakdown as short lines, one per component with its subtotal (ruling steps, previews)."""
    fmt = v.fmt or str
    return [component_line(row, fmt) for row in v.breakdown()]


# how referee.core.valuation says a component is counted, in the table's language
BASES = (N_("at printed price"), N_("at half the printed price"), N_("at mortgage value"), N_("at printed price less what the mortgage raised"),
         N_("at cost"), N_("at the hotel price"),
         N_("mortgaged deeds"))
_BASIS_PATTERNS = (
    (r"at (?P<pct>\d+) % of cost with the (?P<n>\d+) houses turned in", N_("at {pct} % of cost with the {n} houses turned in")),
    (r"at cost with the (?P<n>\d+) houses turned in", N_("at cost with the {n} houses turned in")),
    (r"at (?P<pct>\d+) % of cost", N_("at {pct} % of cost")),
)


def basis(text: str) -> str:
    """A valuation basis ('at printed price', 'at 50 % of cost'…) as the table's language says it."""
    for pattern, template in _BASIS_PATTERNS:
        m = re.fullmatch(pattern, text)
        if m:
            return _(template).format(**m.groupdict())
    return _(text) if text else text
