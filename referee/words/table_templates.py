"""The words of the table's helpers: a move that does not match the tracked landings (core/turn_checks.py),
a move the banker forced, the auction helper's bids (core/bidding.py), and build's next step
(core/next_build.py), a correction and the moves it re-ran (store/corrections.py). Merged into
referee.words.templates.TEMPLATES."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from referee.words.commands import line
from referee.words.i18n import _, ngettext, npgettext, pgettext

Params = dict[str, Any]


def _rerun(p: Params) -> str:
    n = p.get("rerun") or 0
    if not n:
        return ""
    return pgettext("list", "; ") + (ngettext("{n} later move re-run, {changed} changed", "{n} later moves re-run, {changed} changed", n) if p.get("changed")
                   else ngettext("{n} later move re-run, none changed", "{n} later moves re-run, none changed", n)).format(n=n, changed=p.get("changed"))


def table_templates(_nested: Callable[[Any, Any], str]) -> dict[str, Any]:
    """The templates, given the renderer of a nested message (referee.words.templates._nested)."""
    return {
        # the table's own helpers: the auction helper (core/bidding.py), a move the banker forced (core/turn_checks.py)
        "refused.bid_not_higher": "{high_bidder} has bid {high:money}: a bid must be higher",
        "bid.more_than_cash": "{player} holds {cash:money}: a winning bid must be paid to the bank",
        # a correction (void, amend) and the later moves it re-ran, said when shown from the moves it keeps
        "correction.void": lambda p, f: _("void #{entry}: {text}").format(entry=p["entry"], text=_nested(p["was"], f)) + _rerun(p),
        "correction.amend": lambda p, f: _("amend #{entry}: {text} (was: {was})").format(
            entry=p["entry"], text=_nested(p["move"], f), was=_nested(p["was"], f)) + _rerun(p),
        "correction.now": lambda p, f: _("#{entry} now: {text} (was: {was})").format(entry=p["entry"], text=_nested(p["move"], f), was=_nested(p["was"], f)),
        "correction.same": lambda p, f: _("#{entry} {text}: the same move, moving different amounts").format(entry=p["entry"], text=_nested(p["move"], f)),
        "forced": lambda p, f: pgettext("forced", "{move} [forced: {reason}]").format(move=_nested(p["move"], f), reason=p["reason"]),
        "forced.note": lambda p, f: pgettext("forced.note", "recorded by the banker's --force ({reason}): {why}").format(
            reason=p["reason"], why=_nested(p["why"], f)),
        # a move that does not match the tracked landings (core/turn_checks.py)
        "check.buy.not_landed": ("{player} has not landed on {deed}: the bank sells a deed only to the player who lands on it "
                                 "(otherwise at auction or by a trade)"),
        "check.rent.not_landed": "{player} has not landed on {deed}: rent is owed by the player who lands there",
        "check.tax.not_landed": "{player} has not landed on {square}",
        "check.card.not_landed": "{player} has not landed on a {deck} square: a card is drawn by the player who lands there",
        "check.elsewhere": lambda p, f: _nested(p["what"], f) + " (" + _(
            "{player} is {where}; if {player}'s token really stands on {there}, a throw was entered wrong: correct it with amend N"
        ).format(player=p["player"], where=_where_words(p["where"]), there=_there(p["there"])) + ")",
        "check.late": lambda p, f: pgettext("check.late", "{doing} belongs to the landing, and {late}").format(
            doing=_nested(p["doing"], f), late=_nested(p["late"], f)),
        "check.doing.buy": "buying {deed}",
        "check.doing.tax": lambda p, f: (pgettext("check.doing.tax", "the tax of {square}").format(square=p["square"]) if p.get("square")
                                         else pgettext("check.doing.tax", "the {tax} tax").format(tax=p["tax"])),
        "check.doing.card": "drawing a {deck} card",
        "check.moved_on": lambda p, f: pgettext("check.moved_on", "{player} has moved on since landing on {square} ({where})").format(
            player=p["player"], square=p["square"], where=_where_words(p["where"])),
        "check.thrown_since": "{other} has thrown since {player} landed on {square}",
        "check.forceable": lambda p, f: _("{label}: {value}").format(label=_nested(p["what"], f),
                                                                   value=_('the banker may still record it with --force "REASON"')),
        "check.jail.send": lambda p, f: _("with turns tracked a player goes to jail by a throw (Go to Jail, the last doubles) "
                                           "or a card; {player} is {where}").format(player=p["player"], where=_where_words(p["where"])),
        # after `build`: the next legal step on the lot (core/next_build.py)
        "next_build.full": "{deed} has a hotel: nothing more can be built on it",
        "next_build.hotel": lambda p, f: pgettext("next_build.hotel", "next on {deed}: a hotel for {hotel}, its {houses} houses going back "
                                            "to the bank ({command})").format(deed=p["deed"], hotel=f(p["hotel"]), houses=p.get("back", p["houses"]),
                                                                               command=line("build", p["deed"])),
        "next_build.house_or_hotel": lambda p, f: pgettext("next_build.house_or_hotel", "next on {deed}: a house for {house} ({command}), "
                                                     "or a hotel for {hotel}, its {houses} houses going back to the bank "
                                                     "({hotel_command})").format(deed=p["deed"], house=f(p["house"]), hotel=f(p["hotel"]),
                                                                                     houses=p.get("back", p["houses"]), command=line("build", p["deed"]),
                                                                                     hotel_command=line("build", p["deed"], "--hotel")),
        "next_build.hotel_once": lambda p, f: npgettext("next_build.hotel_once", "next on {deed}: a hotel for {hotel}, once {short} also has {houses} houses",
                                                        "next on {deed}: a hotel for {hotel}, once {short} also have {houses} houses",
                                                        len(p["short"])).format(deed=p["deed"], hotel=f(p["hotel"]), short=", ".join(p["short"]),
                                                                                houses=p["houses"]),
        "next_build.hotel_none_left": "next on {deed}: a hotel for {hotel:money}, when the bank has one again (none left)",
        "next_build.evenly": lambda p, f: pgettext("next_build.evenly", "next: a house for {house} on {lows} first (houses go up evenly "
                                             "across the group)").format(house=f(p["house"]), lows=pgettext("next_build.evenly", " or ").join(p["lows"])),
        "next_build.not_now": lambda p, f: pgettext("next_build.not_now", "next on {deed}: not now, {why}").format(deed=p["deed"], why=_nested(p["why"], f)),
        "next_build.house_none_left": "next on {deed}: a house for {house:money}, when the bank has one again (none left)",
        "next_build.house": lambda p, f: pgettext("next_build.house", "next on {deed}: a house for {house} ({command})").format(
            deed=p["deed"], house=f(p["house"]), command=line("build", p["deed"])),
        "check.jail.not_their_throw": "it is {current}'s turn to throw, not {player}'s (a throw is entered with roll D1 D2)",
        "check.jail.before_throw": lambda p, f: (pgettext("check.jail.before_throw", "a jailed player leaves before throwing on their own turn, "
                                                    "and {player} has already thrown this turn") if p["thrown"] else
                                                 pgettext("check.jail.before_throw", "a jailed player leaves before throwing on their own turn, "
                                                    "and it is {current}'s turn")).format(player=p["player"], current=p["current"]),
        # the salary asked for twice for one trip round the board (core/landings.py)
        "go.repeat.turn": "{player}'s throw to {square} already paid the salary for GO this turn",
        "go.repeat.no_move": "{player} has just collected the salary and nothing has moved since",
        # the turn's rulings (throw, jail turns, auctions, shortages, hotel sales, the tax declaration)
    }


def _there(text: str) -> str:
    """Where the token should stand: a square's name, or "a Chance square" as the core records it."""
    m = re.fullmatch(r"a (.+) square", text)
    return _("a {deck} square").format(deck=m[1]) if m else text


def _where_words(w: dict[str, Any]) -> str:
    return _("in jail") if w.get("in_jail") else _("on {square}").format(square=w["square"])
