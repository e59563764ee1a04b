"""The deeds of a ruleset as a table (`referee board`).

One table when the terminal is wide enough; otherwise two narrower ones (what a
deed costs, then what it earns) with the currency said once in the title, so no
amount is ever cut short in an 80-column terminal.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.markup import escape
from rich.table import Table as RTable

from referee.words.i18n import N_, _, data

RENT_COLUMNS = ("rent: site", "1", "2", "3", "4", "hotel")
COLUMNS = (N_("deed"), N_("group"), N_("price"), N_("mortgage"), N_("house"), N_("rent: site"), N_("site"), N_("hotel"))  # translated where shown


def _rows(rs: Any, f: Any) -> list[tuple[str, str, str, list[str], list[str]]]:
    """Per deed: index, name, group, [price, mortgage, house], the six rent cells."""
    rows = []
    for sq in rs.deeds:
        if sq.kind == "lot":
            g = rs.groups.get(sq.group or "") or {}
            cost = [f(sq.price), f(sq.mortgage), f(g.get("house_cost"))]
            rents = [f(x) for x in (sq.rent or [])]
            rows.append((str(sq.index), sq.name, data(rs.group_name(sq.group or "")), cost, rents))
        elif sq.kind == "railroad":
            rr = [f(x) for x in rs.railroad_rent]
            rows.append((str(sq.index), sq.name, _("railroad"), [f(sq.price), f(sq.mortgage), ""], (rr + [""] * 6)[:6]))
        elif (rs.data.get("board") or {}).get("utility_rent"):  # a fixed rent by number of companies owned
            ur = [f(x) for x in rs.data["board"]["utility_rent"]]
            rows.append((str(sq.index), sq.name, _("utility"), [f(sq.price), f(sq.mortgage), ""], (ur + [""] * 6)[:6]))
        else:
            mults = [_("{n}×dice").format(n=m if isinstance(m, int) else f(m)) for m in rs.utility_multipliers]
            rows.append((str(sq.index), sq.name, _("utility"), [f(sq.price), f(sq.mortgage), ""], (mults + [""] * 6)[:6]))
    return rows


def _wide(rs: Any) -> RTable:
    tab = RTable(title=f"{rs.id} — " + _("the deeds"), title_justify="left")
    for col in ("#", "deed", "group", "price", "mortgage", "house", *RENT_COLUMNS):
        tab.add_column(_(col), justify="left" if col in ("deed", "group") else "right")
    for idx, name, group, cost, rents in _rows(rs, rs.fmt):
        if group == _("utility") and _("{n}×dice").format(n="") in rents[0]:  # the multipliers read as one phrase
            rents = [", ".join(r for r in rents if r)] + [""] * 5
        tab.add_row(idx, escape(name), escape(group), *cost, *rents)
    return tab


def _narrow(rs: Any) -> list[RTable]:
    symbol = str((rs.data.get("currency") or {}).get("symbol") or "").strip()

    def bare(amount: Any) -> str:
        text = rs.fmt(amount)
        if text == "unknown":
            return "?"
        return text.replace(symbol, "", 1).strip() if symbol else text

    rows = _rows(rs, bare)
    unit = " " + _("in {symbol}").format(symbol=symbol) if symbol else ""
    costs = RTable(title=f"{rs.id} — " + _("the deeds (amounts{unit})").format(unit=unit), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    rents = RTable(title=f"{rs.id} — " + _("rent{unit}: the site, with 1–4 houses, with a hotel").format(unit=unit), title_justify="left",
                   box=box.SIMPLE_HEAD, show_edge=False)
    for tab, cols in ((costs, ("#", "deed", "group", "price", "mortgage", "house")), (rents, ("#", "deed", "site", "1", "2", "3", "4", "hotel"))):
        for col in cols:
            if col in ("deed", "group"):
                tab.add_column(_(col), overflow="fold")
            else:
                tab.add_column(_(col), justify="right", no_wrap=True)
    for idx, name, group, cost, rent in rows:
        costs.add_row(idx, escape(name), escape(group), *cost)
        rents.add_row(idx, escape(name), *rent)
    if any("?" in r for *_, cost, rent in rows for r in (*cost, *rent)):
        rents.caption, rents.caption_justify = _("? not known: record it from the deed with `referee deed`"), "left"
    return [costs, rents]


def board_tables(rs: Any, console: Any) -> list[RTable]:
    """The tables to print for this console's width."""
    wide = _wide(rs)
    natural = console.measure(wide, options=console.options.update_width(10_000)).maximum  # unclamped
    if natural <= console.width:
        return [wide]
    return _narrow(rs)
