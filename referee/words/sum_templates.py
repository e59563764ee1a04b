"""The words of sums that need a word more: a mortgaged deed changing hands (core/mortgages.py: the choice the taker
has, a lift the interest already paid covers) and a percentage rounded to whole money (core/taxes.py), saying how.
Merged into referee.words.templates.TEMPLATES; kept apart so each module stays short."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.words.commands import line
from referee.words.i18n import number, pgettext


def sum_templates(_rounded: Callable[[str | None], str]) -> dict[str, Any]:
    """The templates, given how a rounding is said (referee.words.templates)."""
    return {
        "tax.percent": lambda p, f: (
            pgettext("tax.percent", "net worth {net_worth} × {percent} % = {amount}") if not p.get("rounding") else
            pgettext("tax.percent", "net worth {net_worth} × {percent} % = {exact}, {rounded}: {amount}")).format(
            net_worth=f(p["net_worth"]), percent=p["percent"], amount=f(p["amount"]), rounded=_rounded(p.get("rounding")),
            exact=number(p["net_worth"] * p["percent"] / 100, 2)),
        "mortgage.choice": lambda p, f: (
            pgettext("mortgage.choice", "{player} takes {deed} mortgaged: lift it now for {lift} in all ({interest} paid + {now} "
                                  "right after the deal: {command}), or keep it: {interest} now and {later} to lift it later")
            if p.get("now") is not None else
            pgettext("mortgage.choice", "{player} takes {deed} mortgaged: lift it at the trade for {lift} (--lift; undo and trade again), "
                                  "or keep it: {interest} now and {later} to lift it later")).format(
            player=p["player"], deed=p["deed"], command=line("unmortgage", p["deed"]), lift=f(p["lift"]), interest=f(p["interest"]),
            now=f(p["now"]) if p.get("now") is not None else "", later=f(p["later"])),
        "unmortgage.interest_paid": 'mortgage {value:money}; the {interest:money} interest was paid when the deed changed hands, just before '
                                    '= {total:money}',
    }
