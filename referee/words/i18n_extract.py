"""Babel extraction for referee/words/templates.py (used by babel.cfg and the catalog test, never at run time).

The engine's messages are templates in a table keyed by message id; a string
template goes into the catalog as the message id (context) and its English words
(msgid), which is how `messages.render` looks it up. The file's own `_p(...)`
and `npgettext(...)` calls are extracted as in any other module.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

KEYWORDS: dict[str, Any] = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                            "_p": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}


def extract_messages(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    from babel.messages.extract import extract_python

    for lineno, funcname, messages, comments in extract_python(fileobj, KEYWORDS, comment_tags, options):
        yield lineno, "pgettext" if funcname == "_p" else funcname, messages, comments
    from referee.words.counted import Counted
    from referee.words.templates import TEMPLATES

    for mid, template in TEMPLATES.items():
        if isinstance(template, Counted):
            yield 0, "npgettext", (mid, template.singular, template.plural), []
        elif isinstance(template, str) and mid != "text":
            yield 0, "pgettext", (mid, template), []


def ruleset_strings(data: Any) -> Iterator[str]:
    """The words of a ruleset file that are shown as they are: its title, group and deck names, card texts, valuation titles."""
    if not isinstance(data, dict):
        return
    if isinstance(data.get("title"), str):
        yield data["title"]
    for source in data.get("sources") or []:  # sources.yaml: the short title a citation shows
        if isinstance(source, dict) and isinstance(source.get("cite"), str):
            yield source["cite"]
    board: dict = data["board"] if isinstance(data.get("board"), dict) else {}
    for g in (board.get("groups") or {}).values():
        if isinstance(g, dict) and isinstance(g.get("name"), str):
            yield g["name"]
    for word in (board.get("kinds") or {}).values() if isinstance(board.get("kinds"), dict) else ():
        if isinstance(word, str):
            yield word
    for deck in (data.get("decks") or {}).values():
        if not isinstance(deck, dict):
            continue
        if isinstance(deck.get("name"), str):
            yield deck["name"]
        for card in deck.get("cards") or []:
            if isinstance(card, dict) and isinstance(card.get("text"), str):
                yield card["text"]
    for v in (data.get("valuations") or {}).values():
        if isinstance(v, dict) and isinstance(v.get("title"), str):
            yield v["title"]


def extract_ruleset(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """A ruleset file's shown words, under the context "ruleset" (i18n.data looks them up so)."""
    import yaml

    data = yaml.safe_load(fileobj.read().decode("utf-8"))
    for text in dict.fromkeys(ruleset_strings(data)):
        yield 0, "pgettext", ("ruleset", text), []
