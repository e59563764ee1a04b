"""The words of a mortgaged deed changing hands (core/mortgages.py): the choice the taker has, and a lift in the
same turn that the interest already paid covers. Merged into referee.templates.TEMPLATES; kept apart so each module
stays short."""

from __future__ import annotations

from typing import Any

from referee.i18n import pgettext
from referee.next_actions import name_arg


def mortgage_templates() -> dict[str, Any]:
    return {
        "mortgage.choice": lambda p, f: (
            pgettext("mortgage.choice", "{player} takes {deed} mortgaged: lift it now for {lift} in all ({interest} paid + {now} "
                                  "right after the deal: unmortgage {arg}), or keep it: {interest} now and {later} to lift it later")
            if p.get("now") is not None else
            pgettext("mortgage.choice", "{player} takes {deed} mortgaged: lift it at the trade for {lift} (--lift; undo and trade again), "
                                  "or keep it: {interest} now and {later} to lift it later")).format(
            player=p["player"], deed=p["deed"], arg=name_arg(p["deed"]), lift=f(p["lift"]), interest=f(p["interest"]),
            now=f(p["now"]) if p.get("now") is not None else "", later=f(p["later"])),
        "unmortgage.interest_paid": 'mortgage {value:money}; the {interest:money} interest was paid when the deed changed hands, just before '
                                    '= {total:money}',
    }
