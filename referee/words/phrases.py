"""The engine's English phrases inside messages, said again in the language shown.

The core records some words as plain English (what value a board does not know, why a
debt was recorded) and the game's log keeps them so; these tables match them and give
the catalog's words. Unknown text is shown as recorded.
"""

from __future__ import annotations

import re

from referee.msg import BANK
from referee.words.i18n import N_, _, data, ngettext, pgettext

# what referee.core.rent calls a value the board does not know for sure (its words, said again here)
_WHAT = (
    (r"the rent with a hotel(?: on '(?P<square>.+)')?", N_("the rent with a hotel"), N_("the rent with a hotel on '{square}'")),
    (r"the rent with (?P<n>\d+) house\(s\)(?: on '(?P<square>.+)')?", lambda n: ngettext("the rent with {n} house", "the rent with {n} houses", n),
     lambda n: ngettext("the rent with {n} house on '{square}'", "the rent with {n} houses on '{square}'", n)),
    (r"the base rent(?: of '(?P<square>.+)')?", N_("the base rent"), N_("the base rent of '{square}'")),
    (r"the rent for (?P<n>\d+) railroad\(s\)", lambda n: ngettext("the rent for {n} railroad", "the rent for {n} railroads", n), ""),
    (r"the rent for (?P<n>\d+) compan\(ies\)", lambda n: ngettext("the rent for {n} company", "the rent for {n} companies", n), ""),
    (r"the dice multiplier for (?P<n>\d+) utilit\(ies\)", lambda n: ngettext("the dice multiplier for {n} utility", "the dice multiplier for {n} utilities", n), ""),
    (r"the printed price of '(?P<square>.+)'", N_("the printed price"), N_("the printed price of '{square}'")),
    (r"the mortgage value of '(?P<square>.+)'", N_("the mortgage value"), N_("the mortgage value of '{square}'")),
    (r"the house cost of the (?P<group>.+) group", N_("the house cost of the {group} group"), ""),
    (r"the hotel cost of the (?P<group>.+) group", N_("the hotel cost of the {group} group"), ""),
    (r"the starting cash for (?P<n>\d+) players", N_("the starting cash for {n} players"), ""),
    (r"the income tax amount", N_("the income tax amount"), ""),
    (r"the luxury tax amount", N_("the luxury tax amount"), ""),
    (r"the board \(names, prices, rents\)", N_("the board (names, prices, rents)"), ""),
    (r"the GO salary", N_("the GO salary"), ""),
    (r"the GO landing bonus", N_("the GO landing bonus"), ""),
    (r"the jail fine", N_("the jail fine"), ""),
    (r"the opening bid of a building shortage auction", N_("the opening bid of a building shortage auction"), ""),
    (r"the auction's fixed opening bid", N_("the auction's fixed opening bid"), ""),
    (r"this rent", N_("this rent"), ""),
    (r"this multiplier", N_("this multiplier"), ""),
)


# the reasons a debt is recorded with (referee.core: money.charge's callers), kept in the game's log in English
_REASONS = (
    (r"rent on (?P<square>.+)", N_("rent on {square}")),
    (r"interest on mortgaged (?P<square>.+)", N_("interest on mortgaged {square}")),
    (r"winning bid on (?P<square>.+)", N_("winning bid on {square}")),
    (r"payment", N_("payment")),
)


def party(name: str) -> str:
    """A debt's creditor as shown: a player by name, the bank in the language shown."""
    return _("bank") if name == BANK else name


def debt_reason(text: str) -> str:
    """A debt's reason in the language shown (a card's words as the catalog has them, else as recorded)."""
    for pattern, words in _REASONS:
        m = re.fullmatch(pattern, text or "")
        if m:
            return _(words).format(**m.groupdict())
    if not text:
        return ""
    said = data(text)  # a card's words, as the ruleset's catalog has them
    return said if said != text else _(text)


def value_words(text: str) -> str:
    """What value a board does not know, in the language shown (as recorded when no table matches)."""
    for pattern, plain, on_square in _WHAT:
        m = re.fullmatch(pattern, text)
        if m:
            parts = {k: data(v) if k == "group" else v for k, v in m.groupdict().items() if v is not None}
            words = on_square if "square" in parts else plain
            return (words(int(parts["n"])) if callable(words) else _(words)).format(**parts)  # a count: its plural
    return text


# what `deed` reports of each value read (referee.core.board_values.record_values), kept in the log in English
_DEED_LABELS = (
    (r"name", N_("name")),
    (r"price", N_("price")),
    (r"mortgage", N_("mortgage value")),
    (r"rents \(site, 1-4 houses, hotel\)", N_("rents (site, 1-4 houses, hotel)")),
    (r"rent by number owned", N_("rent by number owned")),
    (r"rent with (?P<n>\d) house\(s\)", lambda n: ngettext("rent with {n} house", "rent with {n} houses", n)),
    (r"rent of the site", N_("rent of the site")),
    (r"rent with a hotel", N_("rent with a hotel")),
    (r"house cost of the (?P<group>.+) group", N_("house cost of the {group} group")),
    (r"hotel cost of the (?P<group>.+) group", N_("hotel cost of the {group} group")),
    (r"times the dice, by number owned", N_("times the dice, by number owned")),
)
_DEED_CHANGE = re.compile(r"(?P<label>.+?): (?P<old>.+?)(?: → (?P<new>.+?)| \(confirmed\))")


def deed_change(text: str) -> str:
    """One value a deed was read with ("price: $60 (confirmed)", "price: $60 → $65"), in the language shown."""
    m = _DEED_CHANGE.fullmatch(text)
    if not m:
        return text
    label = m["label"]
    for pattern, words in _DEED_LABELS:
        lm = re.fullmatch(pattern, label)
        if lm:
            parts = {k: data(v) for k, v in lm.groupdict().items()}  # a group's name as the board says it
            label = (words(int(parts["n"])) if callable(words) else _(words)).format(**parts)
            break
    old, new = (re.sub(r"\bunknown\b", _("unknown"), v) if v else v for v in (m["old"], m["new"]))
    if new is None:
        return _("{what}: {value} (confirmed)").format(what=label, value=old)
    return _("{what}: {old} → {new}").format(what=label, old=old, new=new)


def topic_word(topic: str) -> str:
    """A clause's topic in the table's words (the rulesets' topics are English ids)."""
    words = {"building": pgettext("topic", "building"), "rent": pgettext("topic", "rent"), "jail": pgettext("topic", "jail"),
             "end": pgettext("topic", "end"), "setup": pgettext("topic", "setup"), "mortgage": pgettext("topic", "mortgage"),
             "trading": pgettext("topic", "trading"), "bankruptcy": pgettext("topic", "bankruptcy"),
             "auction": pgettext("topic", "auction"), "bank": pgettext("topic", "bank"), "dice": pgettext("topic", "dice"),
             "salary": pgettext("topic", "salary"), "taxes": pgettext("topic", "taxes"), "faq": pgettext("topic", "faq"),
             "cards": pgettext("topic", "cards"), "free parking": pgettext("topic", "free parking"),
             "buying": pgettext("topic", "buying"), "house rules": pgettext("topic", "house rules"),
             "money": pgettext("topic", "money")}
    return words.get(topic, topic)
