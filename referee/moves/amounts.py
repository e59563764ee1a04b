"""Amounts as a banker types them or a file holds them: one parser for every command.

An amount is ASCII digits, optionally grouped by the edition's own thousands
separator (`1,600` in dollars, `5.000` in lire) and optionally carrying the
edition's own currency sign (`$1,600`, `L. 5.000`). Anything else is refused
with one line rather than guessed: `50_0` (Python's digit separator), other
scripts' digits (Arabic-Indic, full-width), another edition's currency sign.

An amount larger than all the money in the game is a typing slip, not a debt
to record: the limit is ten times the cash dealt at the start, or the cash on
the table now if that is more (see `money_cap`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from referee.errors import InputError
from referee.words.i18n import _

if TYPE_CHECKING:
    from referee.core.state import Table
    from referee.ruleset.model import Ruleset


# Every currency sign a shipped or plausible edition prints, so a foreign one is named as such.
_SIGNS = ("L.", "$", "£", "€", "₤", "₧", "Pts", "US$", "MX$", "¥", "R$", "Lit.", "Lire", "L")
MAX_DIGITS = 15  # far above any table; keeps int() away from huge strings
ABSURD = 10**12  # more than all the money of any edition's box (lire included): the bound for files read without a game


def too_large(v: int) -> bool:
    """True for a number no table holds (a file's amount, count or throw), whatever the edition."""
    return v > ABSURD


def _currency(rs: Ruleset | None) -> tuple[str, str]:
    """The edition's (symbol, thousands separator); the US dollar conventions without a ruleset."""
    if rs is None:
        return "$", ","
    cur = (getattr(rs, "data", None) or {}).get("currency") or {}
    return cur.get("symbol", "$") or "$", cur.get("thousands", ",") or ","


def money_cap(rs: Ruleset, players: int, on_table: int = 0) -> int:
    """The largest amount a command accepts: ten times the cash dealt at the start, or the cash on the table."""
    v = rs.setup("starting_cash") if hasattr(rs, "setup") else None
    if isinstance(v, dict):  # by player count; a stored game's keys are strings (JSON)
        v = v.get(players, v.get(str(players), max((x for x in v.values() if isinstance(x, int)), default=0)))
    start = v if isinstance(v, int) and not isinstance(v, bool) else 0  # unknown: the cash on the table decides
    return max(10 * start * max(players, 1), on_table, 1)


def table_cap(rs: Ruleset, t: Table) -> int:
    """`money_cap` for a live table."""
    held = sum(max(p.cash, 0) for p in t.players) + max(getattr(t, "pot", 0), 0)
    return money_cap(rs, len(t.players), held)


def _example(rs: Ruleset | None, sym: str, sep: str) -> str:
    if rs is not None and hasattr(rs, "fmt"):
        return rs.fmt(1500)
    return f"{sym}1{sep}500"


def parse(text: str | int, rs: Ruleset | None = None, what: str = "amount", cap: int | None = None) -> int:
    """A positive whole amount in the edition's money, or an InputError saying why not."""
    sym, sep = _currency(rs)
    if isinstance(text, bool):
        raise InputError(_("{what} must be a whole number, not {text}").format(what=_(what), text=repr(text)))
    if isinstance(text, int):
        val = text
    elif isinstance(text, str):
        val = _parse_text(text, rs, what, sym, sep)
    else:
        raise InputError(_("{what} must be a whole number, not {text}").format(what=_(what), text=repr(text)))
    if val <= 0:
        raise InputError(_("{what} must be positive, not {value}").format(what=_(what), value=val))
    if cap is not None and val > cap:
        shown = rs.fmt(cap) if rs is not None and hasattr(rs, "fmt") else str(cap)
        raise InputError(_("{what} {text} is more than all the money in the game (at most {most}): a typing slip?").format(
            what=_(what), text=_show(text), most=shown))
    return val


def _show(text: object) -> str:
    s = str(text)
    return repr(s[:40] + ("…" if len(s) > 40 else "")) if isinstance(text, str) else s


def _parse_text(text: str, rs: Ruleset | None, what: str, sym: str, sep: str) -> int:
    s = text.strip()
    bad = _("{what} must be a whole number in {sign} (like {example}), not {text}").format(
        what=_(what), sign=sym, example=_example(rs, sym, sep), text=_show(text))
    if not s or (len(s) > 64 and not (s.isascii() and s.isdigit())):
        raise InputError(bad)
    if s.startswith("-") and s[1:].strip().isascii() and s[1:].strip().isdigit():
        raise InputError(_("{what} must be positive, not {value}").format(what=_(what), value=s))
    # the edition's sign, before or after, with or without a space (any known sign when no edition is given)
    if rs is None:
        for other in sorted(_SIGNS, key=len, reverse=True):
            if s.startswith(other):
                s = s[len(other):].lstrip()
                break
    elif s.startswith(sym):
        s = s[len(sym):].lstrip()
    elif s.endswith(sym):
        s = s[: -len(sym)].rstrip()
    else:
        for other in sorted(_SIGNS, key=len, reverse=True):
            if other != sym and (s.startswith(other) or s.endswith(other)) and not s.isdigit():
                raise InputError(_("{what} {text} is in another currency: this game counts in {sign} (like {example})").format(
                    what=_(what), text=_show(text), sign=sym, example=_example(rs, sym, sep)))
    if not s.isascii():
        raise InputError(_("{label}: {value}").format(label=bad, value=_("only the digits 0-9")))
    if re.fullmatch(r"[0-9]+", s):
        digits = s
    elif re.fullmatch(r"[0-9]{1,3}(?:" + re.escape(sep) + r"[0-9]{3})+", s):
        digits = s.replace(sep, "")
    else:
        raise InputError(bad)
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise InputError(_("{what} {text} is more than all the money in the game: a typing slip?").format(what=_(what), text=_show(text)))
    return int(digits)
