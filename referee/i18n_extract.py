"""Babel extraction for referee/messages.py (used by babel.cfg and the catalog test, never at run time).

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
    from referee.messages import TEMPLATES

    for mid, template in TEMPLATES.items():
        if isinstance(template, str) and mid != "text":
            yield 0, "pgettext", (mid, template), []
