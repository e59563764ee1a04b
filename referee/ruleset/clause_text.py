"""A clause's title and text in the table's language.

The clauses are written in English in the ruleset files; their Spanish and
Italian words live beside them as data, in rulesets/lang/LANG.yaml and in
rulesets/lang/LANG/*.yaml (one file per stating ruleset, so translators of
different rulesets never edit the same file), keyed by the file (ruleset id)
that states the clause and then the clause id. A clause
restated by a later layer is looked up under that layer, so a translation of
the older wording is never shown for the newer one. The citation is the
English clause's, unchanged. Without a translation the English words are shown.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from referee.ruleset.files import ruleset_dirs


@lru_cache(maxsize=4)
def translations(lang: str) -> dict[str, dict[str, dict[str, str]]]:
    """{ruleset id: {clause id: {"title", "text"}}} for `lang`, from every ruleset folder's lang/LANG.yaml and lang/LANG/*.yaml."""
    import yaml

    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    merged: dict[str, dict[str, dict[str, str]]] = {}
    for d in ruleset_dirs():
        folder = d / "lang" / lang
        paths = [d / "lang" / f"{lang}.yaml"] + (sorted(folder.glob("*.yaml")) if folder.is_dir() else [])
        for path in paths:
            if path.is_file():
                data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
                for rid, clauses in data.items():
                    merged.setdefault(str(rid), {}).update(clauses or {})
    return merged


def lookup(origin: str, cid: str, lang: str) -> dict[str, str] | None:
    """The translation of clause `cid` as stated by the file `origin`, if there is one."""
    if lang == "en":
        return None
    return translations(lang).get(origin, {}).get(cid)


def words(rs: Any, cid: str, lang: str | None = None) -> tuple[str, str]:
    """(title, text) of a clause of `rs` in `lang` (default: the language in use), else in English."""
    if lang is None:
        from referee.i18n import current

        lang = current()
    c = rs.clause(cid)
    t = lookup(c.origin, cid, lang)
    if not t:
        return c.title, c.text
    return t.get("title") or c.title, t.get("text") or c.text


def cited_words(citation: dict, title: str, text: str, lang: str | None = None) -> tuple[str, str]:
    """(title, text) in `lang` for a clause known by its citation dict (as `ask` holds it), else the English given."""
    if lang is None:
        from referee.i18n import current

        lang = current()
    origin = citation.get("inherited_from") or str(citation.get("ruleset", "")).split("+")[0]
    t = lookup(origin, str(citation.get("clause", "")), lang)
    if not t:
        return title, text
    return t.get("title") or title, t.get("text") or text
