"""The table's language: which one is spoken, and its gettext catalog.

English is the source language: the strings in the code are the message ids,
so with English (the default) no catalog is read and `_` returns its argument —
start-up pays nothing. Spanish and Italian are gettext catalogs
(referee/locale/LANG/LC_MESSAGES/referee.mo, compiled from the .po beside them;
see docs/translating.md), loaded on the first string asked for.

Which language: ``--lang``, then ``REFEREE_LANG`` (both "explicit"), then the
game's language recorded at ``new`` (by default its edition's), then the locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``), then English. A weaker source never
overrides a stronger one, so the CLI may offer the game's language whenever it
opens a game.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

DOMAIN = "referee"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
# the languages spoken: English (the source) and every catalog shipped in referee/locale/LANG/, so a language is
# added by its catalog alone; one listdir of a handful of names at import (a few µs)
LANGUAGES = ("en", *sorted(d for d in os.listdir(LOCALE_DIR) if "." not in d))
NAMES = {"en": "English", "es": "español", "it": "italiano", "fr": "français"}
# how a language writes plain numbers: (thousands, decimal); English's unless listed
NUMBER_MARKS = {"es": (".", ","), "it": (".", ","), "fr": ("\u202f", ",")}
# a short word of a language that takes another form before a filled-in name or word starting with certain letters:
# {lang: {word: (form, initials)}}. Italian's euphonic d, before the same vowel only (ad Anna, ed Elena; a Elena,
# a Ugo), the written form the Accademia della Crusca recommends; see docs/translating.md
_VOWELS_H = "AEIOUYHÀÂÉÈÊËÎÏÔÛŒ"  # a name's capital: d'Ana, d'Illinois Avenue; an id keeps de (de us-1950s)
EUPHONY = {"it": {"a": ("ad", "aAàÀ"), "e": ("ed", "eEèÈéÉ")},
           "fr": {"de": ("d'", _VOWELS_H), "que": ("qu'", _VOWELS_H)}}  # French elision: d'Ana, qu'Élise; a form
# ending in an apostrophe is joined to the name

# how sure we are of the language: a stronger source wins
DEFAULT, LOCALE, GAME, EXPLICIT = 0, 1, 2, 3

_state: dict[str, Any] = {"lang": "en", "strength": DEFAULT, "trans": None, "words": {}, "gloss": None}


def normalize(code: str | None) -> str | None:
    """'es', 'es_MX.UTF-8', 'it-IT' → 'es'/'it'; None for C/POSIX or a language we do not speak."""
    if not code:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def locale_language() -> str | None:
    """The first locale variable set (LC_ALL, LC_MESSAGES, LANG), if we speak its language."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return normalize(value)
    return None


class UnknownLanguage(ValueError):
    """--lang or REFEREE_LANG names a language we do not speak (the CLI reports it as bad input)."""


def reset(flag: str | None = None) -> str:
    """Choose afresh from --lang (`flag`), REFEREE_LANG and the locale; a game may still refine it (and its
    edition's words, use_words)."""
    use_words(None)
    for given, where in ((flag, "--lang"), (os.environ.get("REFEREE_LANG"), "REFEREE_LANG")):
        if given:
            lang = normalize(given)
            if lang is None:
                raise UnknownLanguage(f"{where}: unknown language '{given}' (one of: {', '.join(LANGUAGES)})")
            return use(lang, EXPLICIT, force=True)
    lang = locale_language()
    return use(lang or "en", LOCALE if lang else DEFAULT, force=True)


def use(lang: str | None, strength: int = EXPLICIT, force: bool = False) -> str:
    """Speak `lang` unless a stronger source already chose; returns the language in use."""
    lang = normalize(lang)
    if lang is None or (not force and strength < _state["strength"]):
        return _state["lang"]
    if lang != _state["lang"]:
        _state["trans"] = None
        _state["gloss"] = None
        _state["lang"] = lang
    _state["strength"] = strength
    return lang


def offer_game(lang: str | None) -> str:
    """The game's recorded language, used unless --lang or REFEREE_LANG chose one."""
    return use(lang, GAME)


def current() -> str:
    return _state["lang"]


def explicit() -> bool:
    """Whether the language was asked for (--lang, REFEREE_LANG) rather than guessed."""
    return _state["strength"] >= EXPLICIT


class _Mo:
    """A compiled catalog read on demand: the .mo's index is sliced into a dict of raw message ids, and a
    translation is decoded only when asked for. The standard library's GNUTranslations decodes all ~1,600
    entries at load, which cost 4 ms of every Spanish or Italian command (`bench/ask_bench.py`)."""

    def __init__(self, data: bytes):
        import struct
        from array import array

        magic, _version, n, oids, ostrs = struct.unpack_from("<5I", data)
        if magic != 0x950412DE:  # a big-endian file: not what our catalogs script writes
            raise OSError("not a little-endian .mo file")
        ids, strs = array("I"), array("I")
        ids.frombytes(data[oids:oids + 8 * n])
        strs.frombytes(data[ostrs:ostrs + 8 * n])
        self._data = data
        keys = [data[o:o + size] for o, size in zip(ids[1::2], ids[0::2])]
        self._index = dict(zip([k.split(b"\0", 1)[0] if b"\0" in k else k for k in keys], zip(strs[1::2], strs[0::2])))
        self._plural = self._plural_rule()

    def _raw(self, key: str) -> list[str] | None:
        hit = self._index.get(key.encode("utf-8"))
        if hit is None:
            return None
        start, size = hit
        return self._data[start:start + size].decode("utf-8").split("\0")

    def _plural_rule(self) -> Any:
        header = self._raw("")
        for line in (header[0] if header else "").splitlines():
            if line.lower().startswith("plural-forms:") and "plural=" in line:
                import gettext as stdlib

                return stdlib.c2py(line.split("plural=", 1)[1].rstrip(";").strip())
        return lambda n: int(n != 1)

    def gettext(self, message: str) -> str:
        found = self._raw(message)
        return found[0] if found else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self._raw(singular)
        if not found:
            return singular if n == 1 else plural
        return found[min(self._plural(n), len(found) - 1)]

    def pgettext(self, context: str, message: str) -> str:
        found = self._raw(f"{context}\x04{message}")
        return found[0] if found else message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        found = self._raw(f"{context}\x04{singular}")
        if not found:
            return singular if n == 1 else plural
        return found[min(self._plural(n), len(found) - 1)]


class _Null(_Mo):
    """No catalog for this language: every string stays as written."""

    def __init__(self) -> None:
        self._index, self._data, self._plural = {}, b"", lambda n: int(n != 1)


def _catalog() -> _Mo:
    trans = _state["trans"]
    if trans is None:
        try:  # the one file we ship for this language (gettext.translation's search costs more than the parse)
            trans = _Mo((LOCALE_DIR / _state["lang"] / "LC_MESSAGES" / f"{DOMAIN}.mo").read_bytes())
        except OSError:
            trans = _Null()
        _state["trans"] = trans
    return trans


def use_words(words: dict[str, dict[str, str]] | None) -> None:
    """The edition's own words (its ruleset's `words:`, by language: {catalog word: the book's word}).

    One catalog serves every edition of a language, so a sentence is written once; the edition's book may
    name a thing otherwise (the Mexican leaflet's *renta* and *tarjeta*, the Latin-American book's *alquiler*):
    each translated string then says the book's word. Whole words only, the longest phrase first; a phrase
    listed to itself is never touched; a capitalised or upper-case word keeps its case. See docs/translating.md ("An edition's own words")."""
    _state["words"] = {lang: dict(pairs) for lang, pairs in (words or {}).items() if pairs}
    _state["gloss"] = None


def _gloss() -> Any:
    """The current language's glossary as (pattern, {word: book's word}), or False when it has none."""
    gloss = _state["gloss"]
    if gloss is None:
        pairs = _state["words"].get(_state["lang"]) or {}
        table: dict[str, str] = {}
        for word, own in pairs.items():
            table[word] = own
            table[word[:1].upper() + word[1:]] = own[:1].upper() + own[1:]
            table[word.upper()] = own.upper()
        if table:
            import re

            def alternatives(words: Any) -> Any:
                return re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\b")

            # a phrase listed to itself is kept whole wherever it stands, even inside a longer match that starts
            # before it ("su renta vitalicia" is an annuity, not "su renta": the rent)
            kept = [w for w, own in table.items() if w == own]
            gloss = (alternatives(table), table, alternatives(kept) if kept else None)
        else:
            gloss = False
        _state["gloss"] = gloss
    return gloss


def own_words(text: str) -> str:
    """`text` in the edition's own words (see use_words); unchanged when the edition has no glossary."""
    gloss = _gloss()
    if not gloss or not text:
        return text
    pattern, table, kept = gloss
    if kept is None:
        return pattern.sub(lambda m: table[m.group(0)], text)
    parts = kept.split(text)  # the kept phrases at odd places, as they are
    return "".join(part if i % 2 else pattern.sub(lambda m: table[m.group(0)], part) for i, part in enumerate(parts))


class Said(str):
    """A translated template whose `.format` gives a word before a filled-in field the form the language wants
    for what is filled in (EUPHONY: "a {payee}" with Anna reads "ad Anna"). Only where a field follows the word:
    the catalog's own words are written right by its translator."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        return str.format(euphonic(self, kwargs), *args, **kwargs)


_FIELD_AFTER_WORD = r"(?<![\w'’])({words}) (?=\{{(\w+)(?::([^{{}}]*))?\}})"


def euphonic(template: str, fields: dict[str, Any]) -> str:
    """`template` with each EUPHONY word of the language shown before a field in the form its value asks for."""
    rule = EUPHONY.get(_state["lang"])
    if not rule or "{" not in template:
        return template
    import re

    pattern = _state.get("euphony")
    if pattern is None or pattern[0] != _state["lang"]:
        words = sorted({w for base in rule for w in (base, base[:1].upper() + base[1:])}, key=len, reverse=True)
        pattern = (_state["lang"], re.compile(_FIELD_AFTER_WORD.format(words="|".join(re.escape(w) for w in words))))
        _state["euphony"] = pattern

    def one(m: Any) -> str:
        word, name, spec = m.group(1), m.group(2), m.group(3) or ""
        form, initials = rule[word.lower()]
        if name not in fields:
            return m.group(0)
        try:
            shown = format(fields[name], spec)
        except (TypeError, ValueError):
            return m.group(0)
        if not shown or shown[0] not in initials:
            return m.group(0)
        return (form[:1].upper() + form[1:] if word[:1].isupper() else form) + ("" if form.endswith(("'", "’")) else " ")

    return pattern[1].sub(one, template)


def _said(text: str) -> str:
    return Said(text) if _state["lang"] in EUPHONY else text


def gettext(message: str) -> str:
    if _state["lang"] == "en" or not message:  # the catalog's "" is its header, never a translation
        return own_words(message) if message and _state["words"] else message
    return _said(own_words(_catalog().gettext(message)))


def ngettext(singular: str, plural: str, n: int) -> str:
    if _state["lang"] == "en":
        return own_words(singular if n == 1 else plural)
    return _said(own_words(_catalog().ngettext(singular, plural, n)))


def pgettext(context: str, message: str) -> str:
    if _state["lang"] == "en":
        return own_words(message)
    return _said(own_words(_catalog().pgettext(context, message)))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    if _state["lang"] == "en":
        return own_words(singular if n == 1 else plural)
    return _said(own_words(_catalog().npgettext(context, singular, plural, n)))


_ = gettext


def N_(message: str) -> str:
    """Marks a string for extraction; it is translated where it is shown."""
    return message


def number(n: int | float, decimals: int = 0) -> str:
    """A plain number (not money) as the language writes it: 1,234.5 · 1.234,5."""
    text = f"{n:,.{decimals}f}"
    marks = NUMBER_MARKS.get(_state["lang"])
    if marks:
        text = text.replace(",", "\0").replace(".", marks[1]).replace("\0", marks[0])
    return text



# words that tell the three languages apart in a short question (shared ones like "la", "con" left out)
_TELLS = {
    "en": frozenset("the a an of is are can do does what how when who if my i you on at to from for with much many get pay "
                    "rent jail mortgage auction house houses hotel bank money go".split()),
    "es": frozenset("el los las del que en un es puedo puede cuánto cuanto cómo como qué cuándo quién hay yo tú "
                    "para pagar cobrar renta alquiler cárcel carcel hipoteca subasta casas hoteles banco dinero salida "
                    "dobles quiebra sueldo tengo tiene debo caigo cae cayó jugador dados casilla porque también pasa "
                    "estacionamiento parada".split()),
    "it": frozenset("il lo gli di della dello degli che è posso può quanto come cosa quando chi c'è mio io per pagare "
                    "incassare affitto prigione ipoteca asta case alberghi banca soldi denaro via doppio fallimento "
                    "indennità succede fermo ferma sul sulla nel non ho sono devo deve tocca terreno casella giocatore "
                    "dadi tassa perché perche parcheggio posteggio anche".split()),
    "fr": frozenset("le les des du au aux une est sont je peux peut puis combien comment quoi quel quelle quand qui où "
                    "pourquoi avec pour dans sur pas ne faut dois doit ai loyer loyers prison hypothèque hypothéquer "
                    "enchère enchères maison maisons hôtel hôtels banque argent départ faillite salaire joueur dés gare "
                    "taxe impôt parc gratuit coûte propriété terrain caisse communauté amende fait faire passe trois "
                    "doubles que ce t personne achète acheter construire tout tous toute".split()),  # t: passe-t-il
}


def guess_language(text: str) -> str | None:
    """The language a short question is written in (en, es, it, fr), or None when its words do not tell."""
    import re

    words = re.findall(r"[\wàèéìíòóùúñ']+", text.lower())
    score = {lang: sum(w in tells for w in words) for lang, tells in _TELLS.items()}
    if "¿" in text or "¡" in text or "ñ" in text.lower():
        score["es"] += 2
    if re.search(r"\w[èàù]\b", text.lower()) and not re.search(r"\boù\b", text.lower()):  # "où" is French
        score["it"] += 1
    if re.search(r"[çêôûâîœë]", text.lower()):  # letters Italian and Spanish do not write
        score["fr"] += 1
    best = max(score, key=lambda k: score[k])
    if score[best] == 0 or sorted(score.values())[-2] == score[best]:
        return None
    return best


def speak_the_question(text: str) -> str:
    """A question is answered in its own language unless --lang or REFEREE_LANG said otherwise."""
    if not explicit():
        lang = guess_language(text)
        if lang:
            return use(lang, GAME, force=True)
    return current()


def data_in(lang: str, text: str) -> str:
    """A ruleset word in another language than the table's (a group's colour typed in Spanish at an English table)."""
    import gettext

    try:
        with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
            return gettext.GNUTranslations(f).pgettext("ruleset", text)
    except OSError:
        return text


def data(text: str) -> str:
    """A word of a ruleset file shown as it is (a group's or deck's name, a card's text, a valuation's title), translated."""
    if not isinstance(text, str):
        return text
    if _state["lang"] == "en":
        return own_words(text)
    return own_words(_catalog().pgettext("ruleset", text))
