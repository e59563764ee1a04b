"""`referee status`: the table at a glance, for people (Rich) and tools (JSON)."""

from __future__ import annotations

import json

from rich.markup import escape
from rich.table import Table as RTable

from referee.cli.common import out, para
from referee.core.debts import who_owes
from referee.core.valuation import value
from referee.words.i18n import N_, _, data, ngettext, pgettext

NARROW = 60  # under this many columns the table squeezes deeds to a word a line: players as blocks instead


def status_dict(rs, t) -> dict:
    players = []
    for p in t.players:
        deeds = []
        for idx in t.owned_by(p.name):
            d = t.deeds[idx]
            deeds.append({"id": idx, "name": rs.squares[idx].name, "group": rs.squares[idx].group,
                          "houses": d.houses, "hotel": d.hotel, "mortgaged": d.mortgaged})
        nw = _net_worth(rs, t, p.name)
        owed = sum(d.amount for d in t.debts_of(p.name))
        if p.bankrupt:  # out of the game: an account closed, nothing to count
            nw = None
        elif nw is not None:  # what the player is worth once the recorded debts are paid, both sides of them
            nw += sum(d.amount for d in t.debts if d.creditor == p.name) - owed
        players.append({
            "name": p.name, "cash": p.cash, "deeds": deeds, "jail": p.in_jail, "jail_turns": p.jail_turns,
            "jail_cards": len(p.jail_cards), "bankrupt": p.bankrupt, "net_worth": nw, "position": p.position,
            "debts": [{"to": d.creditor, "amount": d.amount, "reason": d.reason} for d in t.debts_of(p.name)],
        })
    return {
        "ruleset": rs.id, "players": players,
        "bank": {"houses": t.bank_houses, "hotels": t.bank_hotels},
        "pot": t.pot, "over": t.over, "winner": t.winner,
        "owes": who_owes(t),
    }


def _net_worth(rs, t, name: str) -> int | None:
    """By the count every screen shows (`scoring.shown_method`: the running one while the game runs), so a player
    has one worth on status, summary, watch and the page."""
    try:
        from referee.core.scoring import shown_method

        return value(rs, t, name, shown_method(rs, t.over)).total
    except Exception:
        return None


KIND_LABELS = {"railroad": N_("Railroads"), "utility": N_("Utilities")}


def deeds_markup(rs, deeds: list[dict], empty: str = "—") -> str:
    """A player's deeds grouped by colour, with houses (⌂), hotels (H) and mortgages (M) marked."""
    groups: dict[str, list[str]] = {}
    for dd in deeds:
        mark = ""
        if dd["hotel"]:
            mark = " [red]H[/red]"
        elif dd["houses"]:
            mark = f" [green]{'⌂' * dd['houses']}[/green]"
        if dd["mortgaged"]:
            mark += " [dim]" + pgettext("mortgaged mark", "(M)") + "[/dim]"
        kind = rs.squares[dd["id"]].kind
        label = (data(rs.group_name(dd["group"])) if dd["group"] else data(rs.kind_names[kind]) if kind in rs.kind_names
                 else _(KIND_LABELS.get(kind, kind)))
        groups.setdefault(label, []).append(escape(dd["name"]) + mark)
    return "\n".join("[dim]" + escape(_("{label}:").format(label=g)) + "[/dim] " + ", ".join(v) for g, v in groups.items()) or empty


def show(rs, t, as_json: bool = False) -> None:
    d = status_dict(rs, t)
    if as_json:
        print(json.dumps(d, ensure_ascii=False))
        return
    tab = RTable(title=f"{rs.id} — {data(rs.title)}", title_justify="left")
    tab.add_column(_("player"), style="bold")
    tab.add_column(_("cash"), justify="right", no_wrap=True)  # never "L." on one line, its amount on the next
    tab.add_column(_("deeds"))
    tab.add_column(_("net worth"), justify="right", no_wrap=True)
    rows: list[tuple[str, str, str, str]] = []
    for p, pd in zip(t.players, d["players"]):
        deeds = deeds_markup(rs, pd["deeds"])
        name = escape(p.name)
        if p.bankrupt:
            name = f"[strike]{name}[/strike] [dim]" + _("(out: bankrupt)") + "[/dim]"
        elif p.in_jail:
            name += " [yellow]" + _("(in jail)") + "[/yellow]"
        if pd["jail_cards"]:
            name += " [cyan]" + ngettext("+{n} jail card", "+{n} jail cards", pd["jail_cards"]).format(n=pd["jail_cards"]) + "[/cyan]"
        cash = rs.fmt(p.cash) if not p.bankrupt else "—"
        if pd["debts"]:
            cash += "\n[red]" + _("owes {amount}").format(amount=rs.fmt(sum(x["amount"] for x in pd["debts"]))) + "[/red]"
        nw = rs.fmt(pd["net_worth"]) if pd["net_worth"] is not None else ("—" if p.bankrupt else "?")
        tab.add_row(name, cash, deeds, nw)
        rows.append((name, cash, deeds, nw))
    if out.width >= NARROW:
        out.print(tab)
    else:  # a phone-width terminal: each player a block (name, cash · worth, then the deeds), no squeezed columns
        out.print(f"[bold]{escape(rs.id)}[/bold]")
        for (name, cash, deeds, nw), p in zip(rows, t.players):
            money = "" if p.bankrupt else f"  {cash.replace(chr(10), ' · ')} · [dim]{escape(_('net worth'))} {nw}[/dim]"
            out.print(f"[bold]{name}[/bold]{money}")
            for group_line in deeds.splitlines() if not p.bankrupt else ():
                out.print(para(group_line, 2))
    line = _("bank: {houses}, {hotels} left").format(
        houses=ngettext("{n} house", "{n} houses", t.bank_houses).format(n=t.bank_houses),
        hotels=ngettext("{n} hotel", "{n} hotels", t.bank_hotels).format(n=t.bank_hotels))
    if rs.p.free_parking.jackpot:
        line += pgettext("list", "; ") + _("Free Parking pot {amount}").format(amount=rs.fmt(t.pot))
    out.print(line)
    if d["owes"]:
        from referee.words.phrases import debt_reason, party

        out.print("[bold]" + escape(_("who owes whom")) + "[/bold]")
        for o in d["owes"]:
            why = f" [dim]({escape('; '.join(debt_reason(x) for x in o['for']))})[/dim]" if o["for"] else ""
            out.print(f"  [red]{escape(o['from'])} → {escape(party(o['to']))} {rs.fmt(o['amount'])}[/red]{why}")
    if t.over:
        out.print("[bold]" + _("game over") + "[/bold]" + (_("{label}:").format(label="") + " " + _("{player} wins").format(player=escape(t.winner)) if t.winner else ""))
