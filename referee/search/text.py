"""From words to search terms: folding, synonym phrases, stopwords.

Pure functions over strings and dicts: no files, no SQLite. The same
`Lexicon` expands clause fields when the index is built and turns a question
into terms when it is asked, so both sides always agree.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_CURRENCY = re.compile(r"(?:[$£€]|\bL\.)\s?(?=\d)")
_DIGIT_GROUP = re.compile(r"(?<=\d)[.,](?=\d{3}(?!\d))")
_APOSTROPHES = re.compile(r"[’'`´]")
_WORD = re.compile(r"[^\W_]+")
_CAPITALISED = re.compile(r"\b[^\W\d_a-z][^\W_]*[a-z][^\W_]*")  # "Ana", "Ben"; not "GO", "I"
_CONCEPT_ID = re.compile(r"^[a-z][a-z0-9]*$")
IGNORE = "_ignore"  # pseudo-concept of the phrases that mean nothing here ("in which case")
OFFTOPIC = "_offtopic"  # pseudo-concept of the phrases no rule answers (who invented it, where to buy one)


def fold(text: str) -> str:
    """Lower case, no accents, digit groups joined ("1,500" and "5.000" become 1500 and 5000), and a
    currency sign before a number read as the word "currency" ("$50", "L. 5.000"), so amounts can be searched."""
    t = _CURRENCY.sub(" currency ", str(text))
    t = unicodedata.normalize("NFKD", t)
    t = "".join(ch for ch in t if not unicodedata.combining(ch)).casefold()
    t = _DIGIT_GROUP.sub("", t)
    return _APOSTROPHES.sub(" ", t)


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


def concept_token(concept: str) -> str:
    """The hidden index word for a concept; 'qq…qq' is no word in any book and survives stemming."""
    return f"qq{concept}qq"


class Term:
    """One search term of a question: a concept (from a synonym) or a plain word."""

    __slots__ = ("kind", "value", "source", "capitalised")

    def __init__(self, kind: str, value: str, source: str, capitalised: bool = False):
        self.kind = kind  # "concept" or "word"
        self.value = value
        self.source = source  # the words of the question it came from
        self.capitalised = capitalised  # written with a capital: a name when no clause has the word

    @property
    def token(self) -> str:
        return concept_token(self.value) if self.kind == "concept" else self.value

    def __eq__(self, other) -> bool:
        return isinstance(other, Term) and (self.kind, self.value) == (other.kind, other.value)

    def __hash__(self) -> int:
        return hash((self.kind, self.value))

    def __repr__(self) -> str:
        return f"Term({self.kind}:{self.value})"


_FACES = frozenset("123456")
_AND = frozenset(("y", "e", "and"))  # Spanish, Italian, English


def _same_dice(ws: list[str], i: int) -> bool:
    """ws[i:i+3] is one die's face, "and", the same face: "4 y 4", "6 e 6" (doubles, as players tell a throw)."""
    return i + 2 < len(ws) and ws[i] in _FACES and ws[i + 1] in _AND and ws[i + 2] == ws[i]


class Lexicon:
    """Synonym phrases (exact, or ending in a prefix) and stopwords, folded."""

    def __init__(self, exact: dict[str, tuple[str, ...]], prefix: dict[str, list[tuple[str, str]]],
                 stopwords: frozenset[str], negation: tuple[dict[str, str], frozenset[str], frozenset[str]] | None = None,
                 maxlen: int = 0):
        # phrases keyed by their folded words joined by spaces (strings load from the index faster than tuples):
        # exact {"go to jail": (concepts…)}; prefix {"words before the last": [(start of the last word, concept)…]}
        self._exact = exact
        self._prefix = prefix
        self._maxlen = maxlen or max([k.count(" ") + 1 for k in exact] + [k.count(" ") + 2 if k else 1 for k in prefix] + [1])
        self.stopwords = stopwords
        # {concept: its negation's concept}, the negating words, the small words a negation may stand before
        self.negation = negation or ({}, frozenset(), frozenset())

    def stored(self) -> tuple:
        """What the index keeps of the lexicon (`Lexicon(*stored)` makes it again)."""
        return (self._exact, self._prefix, self.stopwords, self.negation, self._maxlen)

    @classmethod
    def from_data(cls, data: dict, squares: Iterable[tuple[str, Iterable[str]]] = ()) -> "Lexicon":
        """From the synonyms file: {concepts: {name: [phrase, prefix*, …]}, stopwords: {lang: [word, …]}, board: {…}};
        `squares`: (kind, names) of the boards' squares, read as their kind's concept (`board_phrases`)."""
        exact: dict[str, set[str]] = {}
        prefix: dict[str, list[tuple[str, str]]] = {}
        groups = list((data.get("concepts") or {}).items()) + [(IGNORE, data.get("ignore") or []),
                                                               (OFFTOPIC, data.get("offtopic") or [])]
        for concept, phrases in groups:
            concept = str(concept)
            if concept not in (IGNORE, OFFTOPIC) and not _CONCEPT_ID.match(concept):
                raise ValueError(f"concept name '{concept}' must be lower-case letters and digits")
            for phrase in phrases or []:
                if not isinstance(phrase, str):  # YAML reads a bare on/off/yes/no as a boolean
                    raise ValueError(f"'{concept}': {phrase!r} is not text; quote it")
                phrase = phrase.strip()
                ws = words(phrase.rstrip("*"))
                if not ws:
                    continue
                if phrase.endswith("*"):
                    prefix.setdefault(" ".join(ws[:-1]), []).append((ws[-1], concept))
                else:
                    exact.setdefault(" ".join(ws), set()).add(concept)
        stop = data.get("stopwords") or []
        if isinstance(stop, dict):
            stop = [w for ws in stop.values() for w in ws or []]
        for w in stop:
            if not isinstance(w, str):
                raise ValueError(f"stopword {w!r} is not text; quote it")
        neg = data.get("negation") or {}
        negated = {str(k): str(v) for k, v in (neg.get("concepts") or {}).items()}
        lex = cls({k: tuple(sorted(v)) for k, v in exact.items()}, prefix, frozenset(w for s in stop for w in words(s)),
                  (negated, frozenset(" ".join(words(str(x))) for x in neg.get("words") or []),
                   frozenset(w for x in neg.get("skip") or [] for w in words(str(x)))))
        lex.add_phrases(board_phrases(squares, data.get("board") or {}, lex))
        return lex

    def add_phrases(self, phrases: dict[tuple[str, ...], str]) -> None:
        """More exact phrases, each for one concept; a phrase the lexicon already has keeps its meaning."""
        for ws, concept in phrases.items():
            if self._match_at(list(ws), 0)[0] != len(ws):
                key = " ".join(ws)
                self._exact[key] = tuple(sorted({*self._exact.get(key, ()), concept}))
        self._maxlen = max([self._maxlen] + [len(k) for k in phrases])

    # ------------------------------------------------------------ matching
    def _match_at(self, ws: list[str], i: int) -> tuple[int, set[str]]:
        """The longest phrase starting at ws[i]: (length, concepts), or (0, set())."""
        for n in range(min(self._maxlen, len(ws) - i), 0, -1):
            head = " ".join(ws[i : i + n - 1])
            last = ws[i + n - 1]
            found = set(self._exact.get(f"{head} {last}" if head else last, ()))
            for pre, concept in self._prefix.get(head, ()):
                if last.startswith(pre):
                    found.add(concept)
            if found:
                return n, found
        return 0, set()

    def _negated(self, ws: list[str], i: int) -> bool:
        """A negating word just before ws[i], over small words only: "not buying", "didn't want to buy", "no la compró"."""
        _, negating, skip = self.negation
        for j in range(i - 1, max(-1, i - 5), -1):
            if ws[j] in negating or (j and f"{ws[j - 1]} {ws[j]}" in negating):  # "not", "didn t" (not "can t")
                return True
            if ws[j] not in skip:
                return False
        return False

    def _content(self, w: str) -> bool:
        return w not in self.stopwords and (len(w) > 1 or w.isdigit())

    def analyse(self, ws: list[str]) -> list[Term]:
        """Concepts for the phrases found, plain words for the rest (stopwords and stray letters dropped).

        A phrase listed under no concept (`ignore:` in the synonyms file) is dropped whole; a phrase of
        `offtopic:` (the game's history, where to buy it) becomes one term of kind "offtopic".
        """
        out: list[Term] = []
        i = 0
        while i < len(ws):
            if _same_dice(ws, i):  # "4 y 4", "6 e 6", "3 and 3": a throw of doubles, told by its faces
                out.append(Term("concept", "doubles", " ".join(ws[i : i + 3])))
                i += 3
                continue
            n, found = self._match_at(ws, i)
            if n and self.negation[0] and found.intersection(self.negation[0]) and self._negated(ws, i):
                found |= {self.negation[0][c] for c in found.intersection(self.negation[0])}  # "not buying it": declining
            if n:
                src = " ".join(ws[i : i + n])
                out += [Term("offtopic" if c == OFFTOPIC else "concept", c, src) for c in sorted(found) if c != IGNORE]
                i += n
                continue
            w = ws[i]
            if self._content(w):
                out.append(Term("word", w, w))
            i += 1
        return out

    def expand(self, text: str) -> str:
        """A clause field as indexed: its content words, then the concept words of its phrases."""
        ws = words(text)
        extra = [t.token for t in self.analyse(ws) if t.kind == "concept"]
        return " ".join([w for w in ws if self._content(w)] + extra)

    def query_terms(self, question: str) -> list[Term]:
        """The distinct terms of a question, in order."""
        capitalised = {fold(w) for w in _CAPITALISED.findall(str(question))}
        seen: set[tuple[str, str]] = set()
        out = []
        for t in self.analyse(words(question)):
            if (t.kind, t.value) not in seen:
                seen.add((t.kind, t.value))
                if t.kind == "word" and t.value in capitalised:
                    t.capitalised = True
                out.append(t)
        return out


def board_phrases(squares: Iterable[tuple[str, Iterable[str]]], spec: dict, lexicon: "Lexicon") -> dict[tuple[str, ...], str]:
    """The boards' square names as phrases of their kind's concept (`spec`: the synonyms file's `board:`).

    Each name and alias, folded; with a suffix or prefix word ("avenue", "avenida") swapped for each of its
    short forms ("ave", "av") or dropped ("Kentucky"). A name shortened to one word stands alone only when it
    is no common word (`not_alone`), no stopword and four letters or more; a phrase naming squares of two
    kinds ("Pennsylvania": a street and a railroad) is left out, and so is an alias of under four letters
    (the console's "bw").
    """
    kinds = spec.get("concepts") or {}
    suffixes = {k: list(v or []) for k, v in (spec.get("suffixes") or {}).items()}
    prefixes = {k: list(v or []) for k, v in (spec.get("prefixes") or {}).items()}
    not_alone = {" ".join(words(w)) for w in spec.get("not_alone") or []}
    found: dict[tuple[str, ...], set[str]] = {}

    def short_ok(ws: list[str]) -> bool:
        if len(ws) > 1:
            return ws[0] not in lexicon.stopwords
        return bool(ws) and len(ws[0]) >= 4 and ws[0] not in lexicon.stopwords and ws[0] not in not_alone

    for kind, names in squares:
        concept = kinds.get(kind)
        if not concept:
            continue
        for name in names:
            ws = words(name)
            if not ws or (len(ws) == 1 and len(ws[0]) < 4):
                continue
            out = [tuple(ws)]
            core = list(ws)
            if len(core) > 1 and core[-1] in suffixes:
                out += [tuple(core[:-1] + [a]) for a in suffixes[core[-1]]]
                core = core[:-1]
                if short_ok(core):
                    out.append(tuple(core))
            if len(core) > 1 and core[0] in prefixes:
                out += [tuple([a] + core[1:]) for a in prefixes[core[0]]]
                core = core[1:]
                if short_ok(core):
                    out.append(tuple(core))
            for p in out:
                found.setdefault(p, set()).add(concept)
    return {p: next(iter(c)) for p, c in found.items() if len(c) == 1}


def fts_phrase(term: Term, prefix: bool = False) -> str:
    """A term as an FTS5 query string (quoted, so no word is read as an operator)."""
    q = '"' + term.token.replace('"', '""') + '"'
    return q + "*" if prefix and term.kind == "word" else q
