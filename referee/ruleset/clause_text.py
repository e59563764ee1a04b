"""A clause's title and text in the table's language.

The clauses are written in English in the ruleset files; their Spanish and
Italian words live beside them as data, in rulesets/lang/LANG.yaml and in
rulesets/lang/LANG/*.yaml (one file per stating ruleset, so translators of
different rulesets never edit the same file), keyed by the file (ruleset id)
that states the clause and then the clause id. A variant or house rule that
restates a clause for one edition only (its `for: EDITION: clauses:`) has that
wording translated under the key `ID@EDITION`, so a table of that edition never
sees the translation of the general wording. A clause
restated by a later layer is looked up under that layer, so a translation of
the older wording is never shown for the newer one. The citation is the
English clause's, unchanged. Without a translation the English words are shown.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from referee.ruleset.files import ruleset_dirs


def lang_dirs(lang: str) -> list[Path]:
    """The folders whose files hold `lang`'s translations (lang/LANG/ of every ruleset folder), present or not."""
    return [d / "lang" / lang for d in ruleset_dirs()]


def lang_files(lang: str) -> list[Path]:
    """The files `translations(lang)` reads, in the order it merges them: lang/LANG.yaml, then lang/LANG/*.yaml, per folder.

    The `ask` index stores the translated words, so it watches these files (and `lang_dirs`, and the
    LANG.yaml paths even when absent) to know when to rebuild."""
    paths: list[Path] = []
    for folder in lang_dirs(lang):
        paths.append(folder.with_name(f"{lang}.yaml"))
        paths += sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    return paths


@lru_cache(maxsize=4)
def translations(lang: str) -> dict[str, dict[str, dict[str, str]]]:
    """{ruleset id: {clause id: {"title", "text"}}} for `lang`, from every ruleset folder's lang/LANG.yaml and lang/LANG/*.yaml."""
    import yaml

    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    merged: dict[str, dict[str, dict[str, str]]] = {}
    for path in lang_files(lang):
        if path.is_file():
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
            for rid, clauses in data.items():
                merged.setdefault(str(rid), {}).update(clauses or {})
    return merged


def _chain(edition: str) -> list[str]:
    """The edition and every file it extends, itself first."""
    from referee.ruleset.loader import catalog

    index, out = catalog().index, []
    rid: str | None = edition
    while rid and rid in index and rid not in out:
        out.append(rid)
        rid = index[rid].get("extends")
    return out


def stated_by(origin: str, cid: str, edition: str | None) -> str:
    """The translation key of clause `cid` from `origin` in a game of `edition`: `origin`, or `origin@TARGET`
    when the overlay restates the clause for TARGET (the edition or one it extends; the last such section
    wins, as the loader merges them in file order)."""
    from referee.ruleset.loader import catalog

    cat = catalog()
    if not edition or origin not in cat.index or cat.index[origin]["kind"] not in ("variant", "house-rule"):
        return origin
    chain, key = _chain(edition), origin
    for target, sub in (cat.file(origin).data.get("for") or {}).items():
        if target in chain and any(isinstance(c, dict) and c.get("id") == cid for c in (sub or {}).get("clauses") or []):
            key = f"{origin}@{target}"
    return key


def lookup(origin: str, cid: str, lang: str, edition: str | None = None) -> dict[str, str] | None:
    """The translation of clause `cid` as stated by the file `origin` (in a game of `edition`), if there is one."""
    if lang == "en":
        return None
    return translations(lang).get(stated_by(origin, cid, edition), {}).get(cid)


def words(rs: Any, cid: str, lang: str | None = None) -> tuple[str, str]:
    """(title, text) of a clause of `rs` in `lang` (default: the language in use), else in English."""
    if lang is None:
        from referee.words.i18n import current

        lang = current()
    c = rs.clause(cid)
    t = lookup(c.origin, cid, lang, rs.edition)
    if not t:
        return c.title, c.text
    return _own(lang, t.get("title") or c.title), _own(lang, rs.fill(t["text"])) if t.get("text") else c.text


def _own(lang: str, text: str) -> str:
    """A translated clause in the words of the edition's book, when it is the language spoken (i18n.use_words)."""
    from referee.words import i18n

    return i18n.own_words(text) if lang == i18n.current() else text


def cited_words(citation: dict[Any, Any], title: str, text: str, lang: str | None = None) -> tuple[str, str]:
    """(title, text) in `lang` for a clause known by its citation dict (as `ask` holds it), else the English given."""
    if lang is None:
        from referee.words.i18n import current

        lang = current()
    edition = str(citation.get("ruleset", "")).split("+")[0]
    origin = citation.get("inherited_from") or edition
    t = lookup(origin, str(citation.get("clause", "")), lang, edition)
    if not t:
        return title, text
    return _own(lang, t.get("title") or title), _own(lang, t.get("text") or text)
