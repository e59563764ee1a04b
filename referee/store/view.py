"""The table for players: the game's state turned into a plain dict a page (or
`watch`) can draw without knowing the engine.

Pure: no printing, no files, no clock of its own (the caller passes `now`).
Only current facts: debts still open, a bankrupt player shown as out, worth
by the game's own scoring method, throws with the square reached, rulings
with the clause named in words. No command syntax: this is what the players
see, not what the banker types.
"""

from __future__ import annotations

import time
from typing import Any

from referee.words.i18n import N_, _, data, pgettext

RECENT = 10  # events shown

# Board colours by the words editions use for their groups (names, aliases,
# ids), in the languages of the shipped rulesets. A group may give its own
# `colour:` (any CSS colour) in the ruleset's board data; that wins.
COLOUR_WORDS: dict[str, str] = {
    "dark blue": "#1f4e9c", "dark_blue": "#1f4e9c", "azul oscuro": "#1f4e9c", "blu": "#1f4e9c",
    "light blue": "#8fd3f4", "light_blue": "#8fd3f4", "azzurro": "#8fd3f4", "celeste": "#8fd3f4", "azul claro": "#8fd3f4",
    "brown": "#8b4a2b", "marrone": "#8b4a2b", "marrón": "#8b4a2b", "café": "#8b4a2b", "cafe": "#8b4a2b",
    "purple": "#7b3f98", "viola": "#7b3f98", "morado": "#7b3f98", "violeta": "#7b3f98",
    "pink": "#d6338a", "rosa": "#d6338a", "fucsia": "#d6338a", "magenta": "#d6338a",
    "orange": "#f08a24", "arancio": "#f08a24", "arancione": "#f08a24", "naranja": "#f08a24",
    "red": "#d62828", "rosso": "#d62828", "rojo": "#d62828",
    "yellow": "#f2c200", "giallo": "#f2c200", "amarillo": "#f2c200",
    "green": "#1f9d55", "verde": "#1f9d55",
    "blue": "#1f4e9c", "azul": "#1f4e9c",
}
KIND_GROUPS = {"railroad": (N_("Railroads"), "#333333"), "utility": (N_("Utilities"), "#9aa0a6")}


def group_colour(rs, group: str) -> str | None:
    """A group's board colour: its own `colour:` if the ruleset gives one, else the first
    colour word in its name, then its aliases, then its id."""
    g = rs.groups.get(group) or {}
    own = g.get("colour") or g.get("color")
    if own:
        return str(own)
    for text in [g.get("name") or "", *(g.get("aliases") or []), group]:
        low = str(text).lower().replace("_", " ")
        hits = [(low.find(w), -len(w), c) for w, c in COLOUR_WORDS.items() if _has_word(low, w.replace("_", " "))]
        if hits:
            return min(hits)[2]
    return None


def _has_word(text: str, word: str) -> bool:
    i = text.find(word)
    while i >= 0:
        before = text[i - 1] if i > 0 else " "
        after = text[i + len(word)] if i + len(word) < len(text) else " "
        if not before.isalpha() and not after.isalpha():
            return True
        i = text.find(word, i + 1)
    return False


# ---------------------------------------------------------------- pieces
def _deed_groups(rs, t, name: str) -> list[dict]:
    groups: dict[str, dict] = {}
    order = []
    for idx in t.owned_by(name):
        sq = rs.squares[idx]
        d = t.deeds[idx]
        if sq.group:
            key, label, colour = sq.group, data(rs.group_name(sq.group)), group_colour(rs, sq.group)
        else:
            label, colour = KIND_GROUPS.get(sq.kind, (sq.kind, None))
            label = data(rs.kind_names[sq.kind]) if sq.kind in rs.kind_names else _(label) if sq.kind in KIND_GROUPS else label
            key = sq.kind
        if key not in groups:
            members = rs.group_members(sq.group) if sq.group else [s.index for s in rs.squares_of_kind(sq.kind)]
            groups[key] = {"key": key, "name": label, "colour": colour, "deeds": [], "of": len(members)}
            order.append(key)
        groups[key]["deeds"].append({
            "id": idx, "name": sq.name, "houses": d.houses, "hotel": d.hotel, "mortgaged": d.mortgaged,
        })
    out = [groups[k] for k in order]
    for g in out:
        g["complete"] = len(g["deeds"]) == g["of"]
    return out


def standings(rs, t, sources: dict | None = None) -> dict | None:
    """Every player valued by the game's own method, ranked (None when the board lacks the values)."""
    from referee.core import scoring
    from referee.errors import RefereeError

    try:
        method = scoring.running_method(rs)  # while the game runs: a count mortgaging never raises
        sc = scoring.score(rs, t, method)
    except (RefereeError, KeyError, TypeError, ValueError):
        return None
    return {
        "method": method,
        "title": data(sc.title),  # the method's title, as the table's language says it
        "rows": [{"player": s.player, "total": s.total, "total_text": rs.fmt(s.total), "rank": s.rank, "tied": s.tied}
                 for s in sc.ranked],
        "leaders": sc.leaders,
        "clause": _clause(rs, sc.clause, sources) if sc.clause and rs.has_clause(sc.clause) else None,
    }


def _clause(rs, cid: str, sources: dict | None = None) -> dict:
    """A ruling's clause in the table's language (its title, text and the book's title), the section as printed."""
    from referee.ruleset.clause_text import words

    c = rs.clause(cid)
    title, text = words(rs, cid)
    from referee.words.sources import title as book_title

    short = (sources or {}).get(c.file, {}).get("title") or c.file
    # the first of the two titles the language shown has words for (the book's as the commands cite it), else the short one
    src = next((said for said, x in ((data(x), x) for x in (short, book_title(c.file))) if said != x), short)
    return {"id": cid, "title": title or cid, "text": text, "source": src, "section": c.section,
            "cite": f"{src}, “{c.section}”"}


def _last_throw(rs, t, events: list[dict]) -> dict | None:
    for e in reversed(events):
        if e.get("type") == "roll" and not e.get("undone"):
            args = e.get("args") or {}
            dice = args.get("dice") or []
            who = args.get("player")
            square = None
            sq = e.get("square")
            if isinstance(sq, dict) and sq.get("name"):
                square = sq["name"]
            if square is None and who:
                for land in reversed(t.landings):
                    if land.get("player") == who and land.get("dice") is not None:
                        square = rs.squares[land["square"]].name if rs.squares else None
                        break
            text = _("{player} threw {dice}").format(player=who, dice="+".join(str(x) for x in dice)) if dice else (e.get("text") or "")
            if len(dice) == 2:
                text += f" = {sum(dice)}" + (" " + pgettext("roll", "(doubles)") if dice[0] == dice[1] else "")
            if square:
                text += f" → {square}"
            return {"player": who, "dice": dice, "square": square, "text": text, "seq": e.get("seq")}
    return None


# What a landing asks until it is settled, and the moves that settle it.
SETTLED_BY = {"buy_or_auction": ("buy", "auction"), "rent": ("rent",), "tax": ("tax",), "card": ("card",),
              "collect_pot": ("free_parking",)}


def _pending(rs, t, events: list[dict]) -> dict | None:
    """What the last landing still asks, in words (no command syntax), while it is a current fact:
    gone once settled (the rent paid, the deed bought or auctioned, the tax paid, the card drawn),
    once the player moved on, went bankrupt, or the claim window closed."""
    from referee.core import turns

    if not t.landings or not rs.squares or t.over:
        return None
    land = t.landings[-1]
    who = land["player"]
    if land.get("claimed") or t.player(who).bankrupt or t.player(who).position != land["square"]:
        return None
    m = turns.turn_info(rs, t).get("landing")
    if not m or m.get("action") not in SETTLED_BY:
        return None
    start = next((e.get("seq") or 0 for e in reversed(events) if e.get("type") in ("roll", "card", "draw")
                  and not e.get("undone") and (e.get("args") or {}).get("player") == who), 0)
    for e in events:
        if (e.get("seq") or 0) > start and not e.get("undone") and e.get("type") in SETTLED_BY[m["action"]]:
            args = e.get("args") or {}
            if who in (args.get("player"), args.get("payer")) or e.get("type") == "auction":
                return None
    name, amount, fmt = m.get("name"), m.get("amount"), rs.fmt
    a = m["action"]
    if a == "buy_or_auction":
        text = (_("{player} may buy {square} for {price}, or the bank auctions it") if rs.p.auction.enabled
                else _("{player} may buy {square} for {price}")).format(player=who, square=name, price=fmt(amount))
    elif a == "rent":
        text = (_("{player} owes {owner} {amount} rent on {square}").format(player=who, owner=m.get("owner"), amount=fmt(amount), square=name)
                if amount is not None else
                _("{player} owes {owner} rent on {square} by the dice").format(player=who, owner=m.get("owner"), square=name))
    elif a == "tax":
        if amount is not None:
            text = (_("{player} owes {amount} {tax} tax").format(player=who, amount=fmt(amount), tax=m["tax"]) if m.get("tax")
                    else _("{player} owes {amount} tax").format(player=who, amount=fmt(amount)))
        else:
            choices = _(" or ").join(m["choices"]) if m.get("choices") else _("a choice")
            text = _("{player} owes the income tax, declaring {choices}").format(player=who, choices=choices)
    elif a == "card":
        deck = (rs.decks().get(m.get("deck") or "") or {}).get("name")
        text = (_("{player} draws a {deck} card").format(player=who, deck=data(deck)) if deck
                else _("{player} draws a card").format(player=who))
    else:
        text = _("{player} may collect the Free Parking pot, {amount}").format(player=who, amount=fmt(amount))
    return {"player": who, "action": a, "amount": amount, "amount_text": fmt(amount) if amount is not None else None,
            "square": name, "text": text, "moves": _phone_moves(a, who, m)}


def _phone_moves(action: str, who: str, m: dict) -> list[dict]:
    """The moves a phone may send to settle what the landing asks (the JSON notation, moves/json_notation.py),
    each with the seats that may send it and its button's words: the player's own, a rent also by its owner."""
    name = m.get("name")
    if action == "buy_or_auction":
        return [{"kind": "buy", "fields": {"player": who, "deed": name}, "by": [who], "label": _("Buy")}]
    if action == "rent":
        move = {"kind": "rent", "fields": {"payer": who, "deed": name}}
        return [dict(move, by=[who], label=_("Pay the rent")), dict(move, by=[m.get("owner")], label=_("Claim the rent"))]
    if action == "tax" and m.get("tax") == "luxury":
        return [{"kind": "tax.luxury", "fields": {"player": who}, "by": [who], "label": _("Pay the tax")}]
    if action == "tax":
        choices = m.get("choices")
        if not choices or len(choices) < 2:  # one way to pay: no choice to offer
            return [{"kind": "tax.income", "fields": {"player": who}, "by": [who], "label": _("Pay the tax")}]
        said = {"percent": _("Pay 10 % of my worth"), "flat": _("Pay the flat tax")}
        return [{"kind": "tax.income", "fields": {"player": who, "choice": c}, "by": [who], "label": said.get(c, c)} for c in choices]
    if action == "collect_pot":
        return [{"kind": "free_parking", "fields": {"player": who}, "by": [who], "label": _("Collect the pot")}]
    return []  # a card: the banker draws it


def offers_view(rs, offers: list[dict]) -> list[dict]:
    """Trades offered from one phone to another, and moves waiting for the banker's OK (`serve --confirm`), not
    yet answered, in words: what each player would give, or the move as the table types it."""
    from referee.moves import model
    from referee.moves.printer import command_line

    def items(side: dict) -> str:
        deeds, cards = side.get("deeds"), side.get("jail_cards")  # a trade side as the move holds it
        said = ([rs.fmt(side["cash"])] if side.get("cash") else []) + [rs.squares[d].name for d in (deeds if deeds else ())]
        said += [_("a get-out-of-jail card")] * len(cards if cards else ())
        return ", ".join(said) if said else _("nothing")

    out = []
    for o in offers:
        f = o["fields"]
        if f.get("type") == "trade":
            args = f["args"]
            text = _("{a} gives {a_items}; {b} gives {b_items}").format(
                a=args["a"], b=args["b"], a_items=items(args.get("a_gives") or {}), b_items=items(args.get("b_gives") or {}))
        else:
            text = _("{player} asks the banker's OK: {move}").format(player=o["a"], move=command_line(rs, model.from_event(f["type"], f["args"])))
        out.append({"id": o["id"], "from": o["a"], "to": "banker" if o["b"].startswith("*") else o["b"], "text": text})
    return out


def _event_text(e: dict) -> str:
    """A move as the table reads it: a throw says the square it reached."""
    text = e.get("text") or e.get("type", "")  # made by the watch source in the screen's language
    sq = e.get("square")
    if e.get("type") == "roll" and isinstance(sq, dict) and sq.get("name") and "→" not in text:
        text += f" → {sq['name']}"
    return text


def clock(spec: dict, now: float) -> dict | None:
    ends = spec.get("ends")
    if not ends:
        return None
    left = float(ends) - now
    return {"ends": float(ends), "ends_text": spec.get("ends_text") or time.strftime("%H:%M", time.localtime(float(ends))),
            "left": max(0, int(left)), "time_up": left <= 0}


def clock_text(seconds: int) -> str:
    """Time left as players read it: 1:05:09, 12:04, 0:09."""
    h, rest = divmod(max(0, int(seconds)), 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


# ---------------------------------------------------------------- the whole table
def table_view(rs, t, events: list[dict], spec: dict | None = None, now: float | None = None,
               seq: int | None = None, sources: dict | None = None) -> dict:
    """The table as players see it. `events`: the game's latest events (dicts with seq, type,
    text, clauses, args, undone), oldest first; `spec`: the game's recorded spec (players,
    variants, the agreed end); `sources`: rulebook file → {title} for citations in words."""
    from referee.core import turns
    from referee.words.phrases import debt_reason

    spec = spec or {}
    now = time.time() if now is None else now
    ranked = standings(rs, t, sources)
    by_player = {r["player"]: r for r in (ranked or {}).get("rows", [])}
    info = turns.turn_info(rs, t)
    current = info.get("current") if info.get("tracking") and not t.over else None
    players = []
    for p in t.players:
        st = by_player.get(p.name)
        owes = [{"to": d.creditor, "amount": d.amount, "amount_text": rs.fmt(d.amount), "reason": debt_reason(d.reason)}
                for d in t.debts_of(p.name)]
        # what this player's phone may send about their debts: pay them now, as far as the cash goes (settle)
        settle = {"kind": "settle", "fields": {"player": p.name}, "label": _("Pay what I owe")} if owes and not p.bankrupt else None
        players.append({
            "name": p.name,
            "out": p.bankrupt,
            "cash": None if p.bankrupt else p.cash,
            "cash_text": _("out") if p.bankrupt else rs.fmt(p.cash),
            "worth": None if st is None else st["total"],
            "worth_text": _("out") if p.bankrupt else ("?" if st is None else st["total_text"]),
            "rank": None if st is None else st["rank"],
            "tied": bool(st and st["tied"]),
            "square": (rs.squares[p.position].name if rs.squares and not p.bankrupt else None),
            "jail": p.in_jail and not p.bankrupt,
            "jail_turns": p.jail_turns,
            "jail_cards": len(p.jail_cards),
            "skip_turns": p.skip_turns,
            "turn": p.name == current,
            "owes": owes,
            "settle": settle,
            "groups": [] if p.bankrupt else _deed_groups(rs, t, p.name),
        })
    debts = [{"from": d.debtor, "to": d.creditor, "amount": d.amount, "amount_text": rs.fmt(d.amount), "reason": debt_reason(d.reason)}
             for d in t.debts]
    recent = []
    for e in events[-RECENT:]:
        recent.append({
            "seq": e.get("seq"),
            "text": _event_text(e),
            "undone": bool(e.get("undone")),
            "undo": e.get("type") == "undo",
            "rulings": [_clause(rs, c, sources) for c in (e.get("clauses") or []) if rs.has_clause(c)],
        })
    recent.reverse()  # newest first
    clk = clock(spec, now)
    ended = bool(t.over or (clk and clk["time_up"]))
    view: dict[str, Any] = {
        "ruleset": {"id": rs.id, "title": data(rs.title)},
        "seq": seq,
        "players": players,
        "debts": debts,
        "bank": {"houses": t.bank_houses, "hotels": t.bank_hotels,
                 "pot": t.pot if rs.p.free_parking.jackpot else None,
                 "pot_text": rs.fmt(t.pot) if rs.p.free_parking.jackpot else None},
        "turn": {"tracking": bool(info.get("tracking")), "current": current,
                 "again": bool(info.get("throws_again")) and current is not None,
                 "last_throw": _last_throw(rs, t, events) if info.get("tracking") else None,
                 "pending": _pending(rs, t, events) if info.get("tracking") else None},
        "events": recent,
        "clock": clk,
        "standings": ranked,
        "over": t.over,
        "winner": t.winner,
        "ended": ended,
        "end_reason": ("over" if t.over else "time") if ended else None,
        "final": ranked if ended else None,
    }
    return view


# ---------------------------------------------------------------- the agreed end
def agreed_end(rs, ends: str | None, minutes: int | None, now: float) -> dict:
    """The spec entries for a game with an agreed finishing time (`new --ends 22:00` or
    `--minutes 90`): {} when neither is given. The next 22:00 from now (today or
    tomorrow), local time."""
    from referee.errors import InputError

    if ends is None and minutes is None:
        if rs.p.end.condition == "time_limit":  # a clock game with no clock would never end
            raise InputError(_("{ruleset} plays to an agreed time: say when it ends with --ends HH:MM or --minutes N").format(ruleset=rs.id))
        return {}
    if ends is not None and minutes is not None:
        raise InputError(_("give the agreed end once: --ends HH:MM or --minutes N, not both"))
    if rs.p.end.condition != "time_limit":
        raise InputError(_("{ruleset} has no agreed finishing time: add --variant time-limit to play to the clock").format(ruleset=rs.id))
    if minutes is not None:
        if minutes <= 0:
            raise InputError(_("--minutes must be positive, not {minutes}").format(minutes=minutes))
        if minutes > 24 * 60:
            raise InputError(_("--minutes is at most {n} (a day), not {minutes:,}").format(n=24 * 60, minutes=minutes))
        at = now + minutes * 60
    else:
        assert ends is not None
        text = ends.strip().lower().replace(".", ":").replace("h", ":")
        parts = text.split(":")
        try:
            hh, mm = int(parts[0]), int(parts[1] or 0) if len(parts) > 1 else 0
            if len(parts) > 2 or not (0 <= hh < 24 and 0 <= mm < 60):
                raise ValueError
        except (ValueError, IndexError):
            raise InputError(_("--ends takes a clock time such as 22:00 or 21:30, not '{ends}'").format(ends=ends)) from None
        lt = time.localtime(now)
        at = time.mktime((lt.tm_year, lt.tm_mon, lt.tm_mday, hh, mm, 0, 0, 0, -1))
        if at <= now:
            lt2 = time.localtime(now + 86400)
            at = time.mktime((lt2.tm_year, lt2.tm_mon, lt2.tm_mday, hh, mm, 0, 0, 0, -1))
    return {"ends": at, "ends_text": time.strftime("%H:%M", time.localtime(at))}


def live_auction(rs, auction: dict | None) -> dict | None:
    """An auction running at the console (its deed, the bids so far) in words for the screens, or None."""
    if not isinstance(auction, dict) or not auction.get("deed"):
        return None
    bids = [(str(w), int(a)) for w, a in auction.get("bids") or [] if isinstance(a, int)]
    high = bids[-1] if bids else None
    text = (_("auction of {deed}: high bid {player} {amount}").format(deed=auction["deed"], player=high[0], amount=rs.fmt(high[1])) if high
            else _("auction of {deed}: no bid yet").format(deed=auction["deed"]))
    return {"deed": auction["deed"], "high": list(high) if high else None, "bids": len(bids), "text": text}
