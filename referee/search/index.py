"""The clause index: SQLite FTS5 ranked by BM25, built from rulesets, cached in a file.

One row per (ruleset, clause). The searchable columns are the clause's title,
keywords, topic (with its id's words) and text, each folded and followed by
the concept words of its synonyms (see `text.Lexicon`); FTS5's porter
tokenizer stems English. A question becomes an OR of its terms and FTS5's
`bm25()` ranks the clauses with a weight per column.

The shipped editions' index is built once and kept under the ruleset cache
directory; it records the files it was built from (ruleset files and
directories, the synonyms, this code, the loader) and is rebuilt as soon as
one of them changes. A game whose ruleset differs from the shipped edition
(variants, house rules, or an older copy) gets its own index, keyed by the
content of its clauses.
"""

from __future__ import annotations

import marshal
import math
import sqlite3
import zlib
from pathlib import Path
from typing import Iterable

from referee.search.ranker import Ranker
from referee.search.text import Lexicon, Term, fts_phrase, words

INDEX_VERSION = "10"
SYNONYMS = Path(__file__).with_name("synonyms.yaml")
COLUMNS = ("title", "keywords", "topic", "text", "asks")


class Tuning:
    """The knobs of the ranking, in one place (bench/ask_eval.py measures them)."""

    def __init__(
        self,
        weights: tuple[float, ...] = (1.0, 1.0, 1.0, 1.0, 0.25),  # title, keywords, topic (+ clause id), text, asks (all forms together)
        prefix_words: bool = False,  # also match plain words as prefixes (word*)
        min_prefix_len: int = 5,
        min_coverage: float = 0.35,  # share of the question's information the best clause must hold
        unknown_share: float = 0.1,  # a word found in no clause weighs like a word found in this share of them
        min_score: float = 2.0,  # below this BM25 score the best clause is only a guess
        relative_cutoff: float = 0.45,  # other answers must score at least this share of the best
        overlay_factor: float = 0.5,  # score share of a variant/house rule the table does not play and the question does not name
        min_known_coverage: float = 0.6,  # ... or this share of the information of the words some clause has,
        min_known_share: float = 0.3,  # when such words carry at least this share of the question's information
        concept_weight: float = 1.5,  # a rules concept (a synonym: lend, prestar, prestare) counts this much more than a plain word
        min_plain_coverage: float = 0.6,  # a question sharing no rules concept with its best clauses: share of its information they must hold
        offtopic_coverage: float = 0.8,  # a question with an off-topic phrase (who invented it): share of the rest its best clauses must hold
        offtopic_min_score: float = 5.0,  # ... and the BM25 score its best clause must reach
        form_weight: float = 0.5,  # weight of the best single question form (each form its own row) added to the clause's score
        form_min_terms: int = 2,  # a form sharing fewer of the question's terms counts in proportion
        form_rows: int = 300,  # the nearest forms looked at (by BM25 before that proportion), of the hundreds matching
        ranker: "Ranker | None | bool" = True,  # orders the answers (ranker.py); True: the shipped weights, None: BM25's order
    ):
        self.weights = tuple(weights)
        self.prefix_words = prefix_words
        self.min_prefix_len = min_prefix_len
        self.min_coverage = min_coverage
        self.unknown_share = unknown_share
        self.min_score = min_score
        self.relative_cutoff = relative_cutoff
        self.overlay_factor = overlay_factor  # 0: leave such clauses out (the search before issue 14)
        self.min_known_coverage = min_known_coverage
        self.min_known_share = min_known_share
        self.concept_weight = concept_weight
        self.min_plain_coverage = min_plain_coverage
        self.offtopic_coverage = offtopic_coverage
        self.offtopic_min_score = offtopic_min_score
        self.form_weight = form_weight
        self.form_min_terms = form_min_terms
        self.form_rows = form_rows
        self._ranker = ranker if ranker is True else ranker or None  # True: the shipped weights, read when asked for

    @property
    def ranker(self) -> "Ranker | None | bool":
        """The ranker, or True for the shipped weights (an index holds them: `Index.shipped`)."""
        return self._ranker

    def replace(self, **changes) -> "Tuning":
        given = {k.lstrip("_"): v for k, v in vars(self).items()}
        return Tuning(**{**given, **changes})

    def __repr__(self) -> str:
        return "Tuning(" + ", ".join(f"{k}={v!r}" for k, v in vars(self).items()) + ")"


TUNING = Tuning()

# Plain classes rather than dataclasses: `referee ask` pays for every import at start-up.


class Doc:
    """One clause of one ruleset, as indexed."""

    __slots__ = ("ruleset", "clause", "topic", "title", "text", "keywords", "citation", "layer", "played", "asks", "words", "fill")

    def __init__(self, ruleset: str, clause: str, topic: str, title: str, text: str, keywords: tuple[str, ...], citation: dict,
                 layer: str | None = None, played: bool = True, asks: tuple[str, ...] = (), words: dict | None = None):
        self.ruleset, self.clause, self.topic, self.title = ruleset, clause, topic, title
        self.text, self.keywords, self.citation = text, keywords, citation
        self.layer = layer  # the variant or house rule the clause comes from; None: the edition's own
        self.played = played  # False: an overlay the table does not play, searched too but ranked after
        self.asks = asks  # how players ask about it (rulesets/asks)
        self.words = words or {}  # {lang: [title, text]}: its translations, stored so an answer needs no lang file
        self.fill = None  # its ruleset's Ruleset.fill: the amounts of a translation in the edition's money


class Hit:
    """A clause found for a question: `score` is BM25 (higher is better), `coverage` the share of terms it holds."""

    __slots__ = ("ruleset", "clause", "topic", "title", "text", "citation", "score", "coverage", "layer", "words")

    def __init__(self, ruleset: str, clause: str, topic: str, title: str, text: str, citation: dict, score: float, coverage: float,
                 layer: str | None = None, words: dict | None = None):
        self.ruleset, self.clause, self.topic, self.title, self.text = ruleset, clause, topic, title, text
        self.citation, self.score, self.coverage, self.layer = citation, score, coverage, layer
        self.words = words or {}  # {lang: [title, text]}, as the index stored them

    def said(self, lang: str) -> tuple[str, str]:
        """(title, text) in `lang` when the index holds a translation, else in English; in the words of the edition's
        book when that is the language spoken (i18n.use_words: the index holds the catalog's words)."""
        t = self.words.get(lang)
        if not t:
            return self.title, self.text
        from referee.words import i18n

        if lang != i18n.current():
            return t[0], t[1]
        return i18n.own_words(t[0]), i18n.own_words(t[1])

    @property
    def key(self) -> str:
        """`clause`, or `variant:clause` for a clause a variant or house rule states."""
        return f"{self.layer}:{self.clause}" if self.layer else self.clause

    @property
    def label(self) -> str:
        """How the answer is shown: `short-game: end.game` for a variant's clause."""
        return f"{self.layer}: {self.clause}" if self.layer else self.clause

    def as_json(self, lang: str | None = None) -> dict:
        """The hit for `--json`: title and text in `lang` (the answer's language) when the index holds them, the
        English beside them under title_en and text_en."""
        title, text = self.said(lang) if lang else (self.title, self.text)
        out = {
            "ruleset": self.ruleset,
            "clause": self.clause,
            "layer": self.layer,
            "title": title,
            "text": text,
            "citation": self.citation,
            "score": round(self.score, 3),
        }
        if (title, text) != (self.title, self.text):
            out["title_en"], out["text_en"] = self.title, self.text
        return out

    def __repr__(self) -> str:
        return f"Hit({self.ruleset} {self.label} {self.score:.2f} cov={self.coverage:.2f})"


class Answer:
    """The outcome of one question against one ruleset: `hits` ranked, best first, empty when nothing matches well."""

    def __init__(self, ruleset: str, question: str, terms: list[Term], hits: list[Hit], best_guess: Hit | None = None):
        self.ruleset, self.question, self.terms, self.hits = ruleset, question, terms, hits
        self.best_guess = best_guess  # the weak top hit when `hits` is empty
        self.offtopic = False  # the question is about the game itself (who invented it), which no rule settles

    @property
    def found(self) -> bool:
        return bool(self.hits)


# ---------------------------------------------------------------- documents
def docs_from_ruleset(rs, key: str | None = None, asks=None, played: bool = True, only_layer: str | None = None) -> list[Doc]:
    """The clauses of a composed Ruleset as index documents (filed under `key`, default rs.id).

    A clause set by a variant or house rule carries that overlay's id as its
    layer. `only_layer`: keep only the clauses that overlay sets (to search a
    variant the table does not play, `played=False`, beside the edition's own).
    """
    chain = set(rs.data.get("_chain") or (rs.edition,))
    out = []
    for c in rs.clauses:
        layer = c.origin if c.origin not in chain and c.origin not in (rs.id, rs.edition) else None
        if only_layer is not None and layer != only_layer:
            continue
        forms = tuple(asks.for_clause(c.id, layer)) if asks is not None else ()
        doc = Doc(key or rs.id, c.id, str(c.topic), str(c.title), str(c.text), tuple(str(k) for k in c.keywords),
                  rs.cite(c.id).as_dict(), layer, played, forms)
        doc.fill = rs.fill
        out.append(doc)
    return out


def overlay_docs(edition: str, skip: Iterable[str], key: str, asks) -> list[Doc]:
    """The clauses of every variant and house rule that composes onto `edition` (except `skip`), unplayed."""
    from referee.errors import RefereeError
    from referee.ruleset import loader

    cat = loader.catalog()
    out: list[Doc] = []
    for kind in ("variant", "house-rule"):
        for oid in cat.ids(kind):
            if oid in skip or cat.index[oid].get("invalid"):
                continue
            try:
                rs = loader.load(edition, variants=[oid]) if kind == "variant" else loader.load(edition, house_rules=[oid])
            except RefereeError:
                continue  # it does not apply to this edition
            out += docs_from_ruleset(rs, key, asks, played=False, only_layer=oid)
    return out


def docs_hash(docs: Iterable[Doc], lexicon_fp: str) -> str:
    import json

    """A 64-bit fingerprint of what the clauses say (two zlib checksums: hashlib costs a game's start-up)."""
    blob = json.dumps([INDEX_VERSION, lexicon_fp] + [[d.clause, d.topic, d.title, d.text, list(d.keywords), d.citation,
                                                      d.layer, d.played, list(d.asks)] for d in docs],
                      ensure_ascii=False, sort_keys=True).encode()
    return f"{zlib.crc32(blob):08x}{zlib.adler32(blob):08x}"


def _fields(d: Doc, lex) -> tuple[str, ...]:
    topic = f"{d.topic} {d.clause.replace('.', ' ').replace('_', ' ')}"
    keywords = " ".join(lex.expand(k) for k in d.keywords)  # one by one: no phrase across two keywords
    asks = " ".join(lex.expand(a) for a in d.asks)
    return (lex.expand(d.title), keywords, lex.expand(topic), lex.expand(d.text), asks)


# ---------------------------------------------------------------- building
DDL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value BLOB NOT NULL);
CREATE TABLE clauses (
    id INTEGER PRIMARY KEY, ruleset TEXT NOT NULL, clause TEXT NOT NULL, topic TEXT NOT NULL,
    title TEXT NOT NULL, text TEXT NOT NULL, citation BLOB NOT NULL, layer TEXT, played INTEGER NOT NULL, words BLOB,
    n_stems INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX clauses_ruleset ON clauses (ruleset);
CREATE VIRTUAL TABLE idx USING fts5(
    title, keywords, topic, text, asks, ruleset UNINDEXED,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TABLE form_span (ruleset TEXT PRIMARY KEY, lo INTEGER NOT NULL, hi INTEGER NOT NULL);
CREATE VIRTUAL TABLE forms USING fts5(
    form, ruleset UNINDEXED, doc UNINDEXED,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TABLE stems (ruleset TEXT NOT NULL, stem TEXT NOT NULL, docs BLOB NOT NULL, PRIMARY KEY (ruleset, stem)) WITHOUT ROWID;
CREATE TABLE vocabulary (ruleset TEXT PRIMARY KEY, size INTEGER NOT NULL);
"""


def stem(word: str) -> str:
    """A word's first five letters (a concept's token whole): the naive-Bayes figure's unit, in any language."""
    return word if word.startswith("qq") or len(word) <= 5 else word[:5]


class _Expanded:
    """Lexicon.expand remembered: the same titles, texts and question forms recur in every edition."""

    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon
        self.seen: dict[str, str] = {}

    def expand(self, text: str) -> str:
        out = self.seen.get(text)
        if out is None:
            out = self.seen[text] = self.lexicon.expand(text)
        return out


def build(con: sqlite3.Connection, docs: list[Doc], lexicon: Lexicon, meta: dict) -> None:
    con.executescript(DDL)
    lex = _Expanded(lexicon)
    n_forms = 0
    span: dict[str, tuple[int, int]] = {}  # ruleset -> its first and last form rowid
    stems: dict[str, dict[str, dict[int, int]]] = {}  # ruleset -> stem -> {clause rowid: count}, every field together
    with con:
        for i, d in enumerate(docs, 1):
            fields = _fields(d, lex)
            mine = stems.setdefault(d.ruleset, {})
            n = 0
            for field in fields:
                for w in field.split():
                    counts = mine.setdefault(stem(w), {})
                    counts[i] = counts.get(i, 0) + 1
                    n += 1
            con.execute(
                "INSERT INTO clauses VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (i, d.ruleset, d.clause, d.topic, d.title, d.text, marshal.dumps(d.citation), d.layer, int(d.played),
                 marshal.dumps(d.words) if d.words else None, n),
            )
            con.execute("INSERT INTO idx (rowid, title, keywords, topic, text, asks, ruleset) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (i, *fields, d.ruleset))
            forms = [(fid, lex.expand(a), d.ruleset, i) for fid, a in enumerate(d.asks, n_forms + 1)]
            con.executemany("INSERT INTO forms (rowid, form, ruleset, doc) VALUES (?, ?, ?, ?)", forms)
            if forms:
                lo, hi = span.get(d.ruleset, (forms[0][0], forms[-1][0]))
                span[d.ruleset] = (min(lo, forms[0][0]), max(hi, forms[-1][0]))
            n_forms += len(forms)
        con.executemany("INSERT INTO form_span VALUES (?, ?, ?)", [(r, lo, hi) for r, (lo, hi) in span.items()])
        con.executemany("INSERT INTO stems VALUES (?, ?, ?)", [(r, st, marshal.dumps(c)) for r, m in stems.items() for st, c in m.items()])
        con.executemany("INSERT INTO vocabulary VALUES (?, ?)", [(r, len(m)) for r, m in stems.items()])
        con.execute("INSERT INTO idx (idx) VALUES ('optimize')")
        con.execute("INSERT INTO forms (forms) VALUES ('optimize')")
        ranker = Ranker.load()  # the shipped weights, held by the index so a question reads no JSON
        rows = {"version": INDEX_VERSION, "ranker": {"weights": ranker.weights, "bias": ranker.bias}, **meta}
        # in marshal's form, as the lexicon: it loads in under half the time of JSON, and a question then needs no
        # json module (2 ms of start-up); the cache's file names carry the Python version, so no other Python reads it
        con.executemany("INSERT INTO meta VALUES (?, ?)", [(k, marshal.dumps(v)) for k, v in rows.items()])
        con.execute("INSERT INTO meta VALUES ('lexicon', ?)", (marshal.dumps(lexicon.stored()),))


# ---------------------------------------------------------------- searching
class Index:
    def __init__(self, con: sqlite3.Connection):
        self.con = con
        rows = dict(con.execute("SELECT key, value FROM meta"))
        self.lexicon = Lexicon(*marshal.loads(rows.pop("lexicon")))
        self.meta = {k: marshal.loads(v) for k, v in rows.items()}
        shipped = self.meta.get("ranker") or {}
        self.shipped = Ranker(shipped.get("weights") or {}, shipped.get("bias", 0.0)) if shipped else None
        # how players name each variant and house rule, as folded word tuples
        self.overlay_names: dict[str, list[str]] = self.meta.get("overlay_names") or {}  # folded words, joined by spaces
        self._spans: dict[str, tuple[int, int]] = {}  # ruleset -> its clauses' first and last rowid

    def rulesets(self) -> list[str]:
        return [r for (r,) in self.con.execute("SELECT DISTINCT ruleset FROM clauses ORDER BY id")]

    def topics(self, ruleset: str) -> list[str]:
        return [t for (t,) in self.con.execute("SELECT DISTINCT topic FROM clauses WHERE ruleset = ? AND played ORDER BY topic", (ruleset,))]

    def _expr(self, term: Term, tuning: Tuning) -> str:
        if tuning.prefix_words and term.kind == "word" and len(term.value) >= tuning.min_prefix_len:
            e = f"({fts_phrase(term)} OR {fts_phrase(term, prefix=True)})"
        else:
            e = fts_phrase(term)
        cols = [c for c, w in zip(COLUMNS, tuning.weights) if w > 0]
        return e if len(cols) == len(COLUMNS) else "{" + " ".join(cols) + "} : " + e

    def _span(self, ruleset: str) -> tuple[int, int]:
        """The first and last rowid of a ruleset's clauses: they are one run (built one ruleset after another), so
        FTS5 looks at those rows only rather than every edition's. Not one run (never built so): every row."""
        span = self._spans.get(ruleset)
        if span is None:
            lo, hi, n = self.con.execute("SELECT min(id), max(id), count(*) FROM clauses WHERE ruleset = ?", (ruleset,)).fetchone()
            span = self._spans[ruleset] = (lo, hi) if n and hi - lo + 1 == n else (0, 1 << 62)
        return span

    def _df(self, expr: str, ruleset: str, where: str) -> int:
        return self.con.execute(f"SELECT count(*) FROM idx JOIN clauses c ON c.id = idx.rowid WHERE idx MATCH ? "
                                f"AND idx.rowid BETWEEN ? AND ? AND idx.ruleset = ?{where}",
                                (expr, *self._span(ruleset), ruleset)).fetchone()[0]

    def named(self, question: str) -> set[str]:
        """The variants and house rules a question names ("in the short game…")."""
        q = f" {' '.join(words(question))} "
        return {ov for ov, names in self.overlay_names.items() if any(f" {n} " in q for n in names)}

    def _forms(self, terms: list[Term], ruleset: str, where: str, tuning: Tuning) -> dict[int, "_Forms"]:
        """The question forms nearest the question, by clause: their BM25 (a form sharing one word with the question
        counts half: "hotel" alone is no near question) and how much of the question the nearest one holds."""
        expr = " OR ".join(fts_phrase(t) for t in terms)
        tokens = {t.token for t in terms}
        out: dict[int, _Forms] = {}
        # a ruleset's forms are one run of rowids: FTS5 then ranks those rows only, not every edition's
        lo, hi = self.con.execute("SELECT lo, hi FROM form_span WHERE ruleset = ?", (ruleset,)).fetchone() or (0, -1)
        join = " JOIN clauses c ON c.id = forms.doc" if where else ""  # only the clauses the table plays
        sql = (f"SELECT forms.doc, -bm25(forms) AS s, forms.form FROM forms{join} WHERE forms MATCH ? "
               f"AND forms.rowid BETWEEN ? AND ? AND forms.ruleset = ?{where} ORDER BY s DESC LIMIT ?")
        for doc, s, form in self.con.execute(sql, (expr, lo, hi, ruleset, tuning.form_rows)):
            ws = form.split()
            shared = len(tokens.intersection(ws))
            f = out.get(doc)
            if f is None:
                f = out[doc] = _Forms(shared / len(tokens), shared / (len(tokens) + len(set(ws)) - shared))
            f.scores.append(s * min(1.0, max(shared, 1) / max(tuning.form_min_terms, 1)))
            f.most = max(f.most, shared / len(tokens))
        for f in out.values():
            f.scores.sort(reverse=True)
        return out

    def ask(self, question: str, ruleset: str, limit: int = 3, tuning: Tuning = TUNING, overlays: bool = True,
            features: dict | None = None) -> Answer:
        """The clauses of `ruleset` that best answer `question`, best first.

        The variants and house rules the table does not play are searched too
        (`overlays`), their scores scaled by `tuning.overlay_factor` unless the
        question names them, so the edition's own answer comes first. BM25
        (the clause's fields plus its nearest question form) picks the
        candidates and decides whether anything matches well; the ranker
        (`ranker.py`, learned from the question forms) orders them.
        `features`: filled with what the ranker reads of every candidate, by
        clause key, and the answer left empty (bench/ask_train.py learns so).
        """
        where = "" if overlays and tuning.overlay_factor > 0 else " AND c.played"
        terms = self.lexicon.query_terms(question)
        offtopic = any(t.kind == "offtopic" for t in terms)  # "who invented…", "where can I buy…": no rule's business
        terms = [t for t in terms if t.kind != "offtopic"]
        # a capitalised word or a number that no clause of this ruleset has is a name or the players' own
        # figure ("Ben owes Ana 300"): it says nothing about the rules, so it neither searches nor counts
        terms = [t for t in terms if not ((t.capitalised or t.value.isdigit()) and not self._df(self._expr(t, tuning), ruleset, where))]
        ans = Answer(ruleset, question, terms, [])
        ans.offtopic = offtopic
        if not terms:
            return ans
        n = max(24, 2 * limit)  # the same candidates whatever the number of answers shown: the first never depends on it
        exprs = [self._expr(t, tuning) for t in terms]
        weights = ", ".join(str(w) for w in tuning.weights)
        # the clause's BM25 as ranked, and per field (the ranker reads them): text fields, forms field, each text field
        cols = f"-bm25(idx, {weights}) AS s, -bm25(idx, 1, 1, 1, 1, 0), -bm25(idx, 0, 0, 0, 0, 1), " + ", ".join(
            f"-bm25(idx, {', '.join('1' if i == j else '0' for j in range(len(COLUMNS)))})" for i in range(4))
        rows = self.con.execute(
            f"SELECT idx.rowid, c.layer, c.played, {cols} FROM idx JOIN clauses c ON c.id = idx.rowid "
            f"WHERE idx MATCH ? AND idx.rowid BETWEEN ? AND ? AND idx.ruleset = ?{where} ORDER BY s DESC LIMIT ?",
            (" OR ".join(exprs), *self._span(ruleset), ruleset, n),
        ).fetchall()
        ranker = tuning.ranker
        if ranker is True:
            ranker = self.shipped or Ranker.load()
        forms = self._forms(terms, ruleset, where, tuning) if tuning.form_weight > 0 or ranker else {}
        info = {r[0]: (r[1], r[2], r[3:]) for r in rows}  # rowid -> layer, played, BM25s
        base = {rid: b[0] + tuning.form_weight * (forms[rid].scores[0] if rid in forms else 0.0) for rid, (_, _, b) in info.items()}
        for doc, f in forms.items():  # a clause found through its forms alone
            base.setdefault(doc, tuning.form_weight * f.scores[0])
        cand = sorted(base, key=lambda d: -base[d])[:n]
        if not cand:
            return ans
        for doc in cand:
            if doc not in info:
                layer, played = self.con.execute("SELECT layer, played FROM clauses WHERE id = ?", (doc,)).fetchone()
                info[doc] = (layer, played, (0.0,) * 7)
        named = self.named(question)
        raw = base[cand[0]]  # how well the best clause of any layer matches: the "good enough?" gate below
        unnamed = {rid for rid in cand if info[rid][0] and not info[rid][1] and info[rid][0] not in named}
        scored = {rid: base[rid] * (tuning.overlay_factor if rid in unnamed else 1.0) for rid in cand}
        by_bm25 = sorted(cand, key=lambda r: -scored[r])
        # coverage: the share of the question's information a clause holds, each term weighted by its
        # rarity in this ruleset. A word found in no clause weighs like a word found in `unknown_share` of them:
        # a question made of such words (the weather, a recipe) shares nothing with the rules, while a stray
        # unknown verb among rules words does not sink a good answer.
        n_docs = self.con.execute(f"SELECT count(*) FROM clauses c WHERE ruleset = ?{where}", (ruleset,)).fetchone()[0]
        matched = dict.fromkeys(cand, 0.0)
        matched_concepts = dict.fromkeys(cand, 0.0)
        total = known = concept_total = 0.0
        for term, e in zip(terms, exprs):
            rids = [rid for (rid,) in self.con.execute(
                f"SELECT idx.rowid FROM idx JOIN clauses c ON c.id = idx.rowid WHERE idx MATCH ? AND idx.rowid BETWEEN ? AND ? "
                f"AND idx.ruleset = ?{where}", (e, *self._span(ruleset), ruleset))]
            w = math.log(1 + n_docs / (len(rids) or max(n_docs * tuning.unknown_share, 0.5)))
            w *= tuning.concept_weight if term.kind == "concept" else 1.0
            total += w
            known += w if rids else 0.0
            concept_total += w if term.kind == "concept" else 0.0
            for rid in rids:
                if rid in matched:
                    matched[rid] += w
                    if term.kind == "concept":
                        matched_concepts[rid] += w
        best_s = max(info[r][2][0] for r in cand) or 1.0
        best_f = max((forms[r].scores[0] for r in cand if r in forms), default=0.0) or 1.0
        best_b = base[cand[0]] or 1.0

        def figures(rids: list[int]) -> dict[int, dict[str, float]]:
            """What the ranker reads of these candidates (shares of the best of all candidates where relative)."""
            likely = self._likelihood(terms, ruleset, rids)  # below the best of `rids`: the same offset for each, no change of order
            out = {}
            for r in rids:
                layer, played, b = info[r]
                f = forms.get(r) or _NO_FORMS
                first = f.scores[0] if f.scores else 0.0
                out[r] = {
                    "s": b[0], "s_text": b[1], "s_asks": b[2], "f1": first, "f2": f.scores[1] if len(f.scores) > 1 else 0.0,
                    "nforms": math.log1p(len(f.scores)), "cov": matched[r] / total, "ov": float(r in unnamed),
                    "named": float(bool(layer) and layer in named), "s_rel": b[0] / best_s, "f1_rel": first / best_f,
                    "base_rel": base[r] / best_b, "cov_concept": matched_concepts[r] / concept_total if concept_total else 0.0,
                    "f_sum": sum(f.scores[:5]), "b_title": b[3], "b_kw": b[4], "b_topic": b[5], "b_text": b[6],
                    "fq_cov": f.share, "fq_jac": f.jaccard, "fq_maxcov": f.most, "nb_rel": likely[r][0], "nb_norm": likely[r][1]}
            return out

        if features is not None:  # every candidate's, for bench/ask_train.py
            clauses = dict(self.con.execute(f"SELECT id, clause FROM clauses WHERE id IN ({','.join('?' * len(cand))})", cand))
            for r, fig in figures(cand).items():
                layer = info[r][0]
                features[f"{layer}:{clauses[r]}" if layer else clauses[r]] = fig
            return ans
        gated = by_bm25[: max(12, limit)]
        # Good enough? The best clauses must hold a fair share of the question's information; or, when the
        # question is mostly words of the rules, most of those: "my dad wants to lend my little brother 200"
        # is about lending, however many words about the family come with it.
        cov = max(matched[r] for r in gated) / total
        known_cov = cov * total / known if known else 0.0
        enough = cov >= tuning.min_coverage or (known >= total * tuning.min_known_share and known_cov >= tuning.min_known_coverage)
        # plain words only ("is Marvin Gardens a real place?"): most of the question must be found, not a word or two
        if not any(matched_concepts[r] for r in gated[:3]):
            enough = enough and cov >= tuning.min_plain_coverage
        # a question about the game rather than its rules must be about a rule through and through to be answered:
        # its best clause holds most of the rest of it
        if offtopic:
            enough = enough and len(terms) > 1 and matched[gated[0]] / total >= tuning.offtopic_coverage and raw >= tuning.offtopic_min_score
        if not enough or raw < tuning.min_score:
            ans.best_guess = self._hit(gated[0], scored[gated[0]], matched[gated[0]] / total, info[gated[0]][0])
            return ans
        # the answers: the clauses BM25 finds close enough to the best, in the ranker's order
        shown = [r for r in gated if scored[r] >= scored[gated[0]] * tuning.relative_cutoff]
        if ranker:
            sure = ranker.shares(figures(shown))
            # as BM25's: an unplayed variant's or house rule's clause the question does not name counts half
            # (`overlay_factor`), so the edition's own answer comes first unless the overlay's is far ahead
            sure = {r: p * (tuning.overlay_factor if r in unnamed else 1.0) for r, p in sure.items()}
            kept = sum(sure.values())
            sure = {r: p / kept for r, p in sure.items()}
            shown.sort(key=lambda r: -sure[r])
            ans.hits = [self._hit(r, 100.0 * sure[r], matched[r] / total, info[r][0]) for r in shown[:limit]]
        else:
            ans.hits = [self._hit(r, scored[r], matched[r] / total, info[r][0]) for r in shown[:limit]]
        return ans

    def _likelihood(self, terms: list[Term], ruleset: str, cand: list[int], alpha: float = 0.1) -> dict[int, tuple[float, float]]:
        """How likely each candidate's words (all fields, forms too) make the question's, naive-Bayes fashion, as the
        log-likelihood below the best candidate's, whole and per stem: it asks that a clause hold all the question's
        words, where BM25 adds up the ones it holds."""
        wanted = [stem(t.token) for t in terms]
        rows = dict(self.con.execute(f"SELECT stem, docs FROM stems WHERE ruleset = ? AND stem IN ({','.join('?' * len(wanted))})",
                                     (ruleset, *wanted)))
        found = [marshal.loads(rows[w]) for w in wanted if w in rows]  # a stem no clause has says nothing either way
        vocab = (self.con.execute("SELECT size FROM vocabulary WHERE ruleset = ?", (ruleset,)).fetchone() or (1,))[0]
        sizes = dict(self.con.execute(f"SELECT id, n_stems FROM clauses WHERE id IN ({','.join('?' * len(cand))})", cand))
        ll = {r: sum(math.log((c.get(r, 0) + alpha) / (sizes[r] + alpha * vocab)) for c in found) for r in cand}
        top = max(ll.values())
        return {r: (v - top, (v - top) / max(len(found), 1)) for r, v in ll.items()}

    def _hit(self, rid: int, score: float, coverage: float, layer: str | None) -> Hit:
        r = self.con.execute("SELECT ruleset, clause, topic, title, text, citation, words FROM clauses WHERE id = ?", (rid,)).fetchone()
        return Hit(r[0], r[1], r[2], r[3], r[4], marshal.loads(r[5]), float(score), coverage, layer, marshal.loads(r[6]) if r[6] else None)


class _Forms:
    """A clause's question forms among the nearest: their scores (best first) and how much of the question the
    first found holds (its share of the question's terms, and their Jaccard overlap), and the most any holds."""

    __slots__ = ("scores", "share", "jaccard", "most")

    def __init__(self, share: float = 0.0, jaccard: float = 0.0):
        self.scores: list[float] = []
        self.share, self.jaccard, self.most = share, jaccard, share


_NO_FORMS = _Forms()
