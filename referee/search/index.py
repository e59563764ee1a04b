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

import json
import math
import os
import sqlite3
import zlib
from pathlib import Path
from typing import Iterable

from referee.search.text import Lexicon, Term, fts_phrase

INDEX_VERSION = "1"
SYNONYMS = Path(__file__).with_name("synonyms.yaml")
COLUMNS = ("title", "keywords", "topic", "text")


class Tuning:
    """The knobs of the ranking, in one place (bench/ask_eval.py measures them)."""

    def __init__(
        self,
        weights: tuple[float, ...] = (2.0, 1.0, 2.0, 1.0),  # title, keywords, topic (+ clause id), text
        prefix_words: bool = False,  # also match plain words as prefixes (word*)
        min_prefix_len: int = 5,
        min_coverage: float = 0.35,  # share of the question's information the best clause must hold
        unknown_share: float = 0.1,  # a word found in no clause weighs like a word found in this share of them
        min_score: float = 2.0,  # below this BM25 score the best clause is only a guess
        relative_cutoff: float = 0.45,  # other answers must score at least this share of the best
    ):
        self.weights = tuple(weights)
        self.prefix_words = prefix_words
        self.min_prefix_len = min_prefix_len
        self.min_coverage = min_coverage
        self.unknown_share = unknown_share
        self.min_score = min_score
        self.relative_cutoff = relative_cutoff

    def replace(self, **changes) -> "Tuning":
        return Tuning(**{**vars(self), **changes})

    def __repr__(self) -> str:
        return "Tuning(" + ", ".join(f"{k}={v!r}" for k, v in vars(self).items()) + ")"


TUNING = Tuning()

# Plain classes rather than dataclasses: `referee ask` pays for every import at start-up.


class Doc:
    """One clause of one ruleset, as indexed."""

    __slots__ = ("ruleset", "clause", "topic", "title", "text", "keywords", "citation")

    def __init__(self, ruleset: str, clause: str, topic: str, title: str, text: str, keywords: tuple[str, ...], citation: dict):
        self.ruleset, self.clause, self.topic, self.title = ruleset, clause, topic, title
        self.text, self.keywords, self.citation = text, keywords, citation


class Hit:
    """A clause found for a question: `score` is BM25 (higher is better), `coverage` the share of terms it holds."""

    __slots__ = ("ruleset", "clause", "topic", "title", "text", "citation", "score", "coverage")

    def __init__(self, ruleset: str, clause: str, topic: str, title: str, text: str, citation: dict, score: float, coverage: float):
        self.ruleset, self.clause, self.topic, self.title, self.text = ruleset, clause, topic, title, text
        self.citation, self.score, self.coverage = citation, score, coverage

    def as_json(self) -> dict:
        return {
            "ruleset": self.ruleset,
            "clause": self.clause,
            "title": self.title,
            "text": self.text,
            "citation": self.citation,
            "score": round(self.score, 3),
        }

    def __repr__(self) -> str:
        return f"Hit({self.ruleset} {self.clause} {self.score:.2f} cov={self.coverage:.2f})"


class Answer:
    """The outcome of one question against one ruleset: `hits` ranked, best first, empty when nothing matches well."""

    def __init__(self, ruleset: str, question: str, terms: list[Term], hits: list[Hit], best_guess: Hit | None = None):
        self.ruleset, self.question, self.terms, self.hits = ruleset, question, terms, hits
        self.best_guess = best_guess  # the weak top hit when `hits` is empty

    @property
    def found(self) -> bool:
        return bool(self.hits)


# ---------------------------------------------------------------- documents
def docs_from_ruleset(rs, key: str | None = None) -> list[Doc]:
    """The clauses of a composed Ruleset as index documents (filed under `key`, default rs.id)."""
    out = []
    for c in rs.clauses:
        out.append(Doc(key or rs.id, c.id, str(c.topic), str(c.title), str(c.text), tuple(str(k) for k in c.keywords), rs.cite(c.id).as_dict()))
    return out


def docs_hash(docs: Iterable[Doc], lexicon_fp: str) -> str:
    """A 64-bit fingerprint of what the clauses say (two zlib checksums: hashlib costs a game's start-up)."""
    blob = json.dumps([INDEX_VERSION, lexicon_fp] + [[d.clause, d.topic, d.title, d.text, list(d.keywords), d.citation] for d in docs],
                      ensure_ascii=False, sort_keys=True).encode()
    return f"{zlib.crc32(blob):08x}{zlib.adler32(blob):08x}"


def _fields(d: Doc, lex: Lexicon) -> tuple[str, str, str, str]:
    topic = f"{d.topic} {d.clause.replace('.', ' ').replace('_', ' ')}"
    keywords = " ".join(lex.expand(k) for k in d.keywords)  # one by one: no phrase across two keywords
    return (lex.expand(d.title), keywords, lex.expand(topic), lex.expand(d.text))


# ---------------------------------------------------------------- building
DDL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE clauses (
    id INTEGER PRIMARY KEY, ruleset TEXT NOT NULL, clause TEXT NOT NULL, topic TEXT NOT NULL,
    title TEXT NOT NULL, text TEXT NOT NULL, citation TEXT NOT NULL
);
CREATE INDEX clauses_ruleset ON clauses (ruleset);
CREATE VIRTUAL TABLE idx USING fts5(
    title, keywords, topic, text, ruleset UNINDEXED,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE vocab USING fts5vocab(idx, 'row');
"""


def build(con: sqlite3.Connection, docs: list[Doc], lexicon: Lexicon, meta: dict) -> None:
    con.executescript(DDL)
    with con:
        for i, d in enumerate(docs, 1):
            con.execute(
                "INSERT INTO clauses VALUES (?, ?, ?, ?, ?, ?, ?)",
                (i, d.ruleset, d.clause, d.topic, d.title, d.text, json.dumps(d.citation, ensure_ascii=False)),
            )
            con.execute("INSERT INTO idx (rowid, title, keywords, topic, text, ruleset) VALUES (?, ?, ?, ?, ?, ?)", (i, *_fields(d, lexicon), d.ruleset))
        con.execute("INSERT INTO idx (idx) VALUES ('optimize')")
        rows = {"version": INDEX_VERSION, "lexicon": lexicon.compiled(), **meta}
        con.executemany("INSERT INTO meta VALUES (?, ?)", [(k, json.dumps(v, ensure_ascii=False)) for k, v in rows.items()])


# ---------------------------------------------------------------- searching
class Index:
    def __init__(self, con: sqlite3.Connection):
        self.con = con
        self.meta = {k: json.loads(v) for k, v in con.execute("SELECT key, value FROM meta")}
        self.lexicon = Lexicon.from_compiled(self.meta["lexicon"])

    def rulesets(self) -> list[str]:
        return [r for (r,) in self.con.execute("SELECT DISTINCT ruleset FROM clauses ORDER BY id")]

    def topics(self, ruleset: str) -> list[str]:
        return [t for (t,) in self.con.execute("SELECT DISTINCT topic FROM clauses WHERE ruleset = ? ORDER BY topic", (ruleset,))]

    def _expr(self, term: Term, tuning: Tuning) -> str:
        if tuning.prefix_words and term.kind == "word" and len(term.value) >= tuning.min_prefix_len:
            return f"({fts_phrase(term)} OR {fts_phrase(term, prefix=True)})"
        return fts_phrase(term)

    def _df(self, expr: str, ruleset: str) -> int:
        return self.con.execute("SELECT count(*) FROM idx WHERE idx MATCH ? AND ruleset = ?", (expr, ruleset)).fetchone()[0]

    def ask(self, question: str, ruleset: str, limit: int = 3, tuning: Tuning = TUNING) -> Answer:
        """The clauses of `ruleset` that best answer `question`, best first."""
        terms = self.lexicon.query_terms(question)
        # a capitalised word or a number that no clause of this ruleset has is a name or the players' own
        # figure ("Ben owes Ana 300"): it says nothing about the rules, so it neither searches nor counts
        terms = [t for t in terms if not ((t.capitalised or t.value.isdigit()) and not self._df(self._expr(t, tuning), ruleset))]
        ans = Answer(ruleset, question, terms, [])
        if not terms:
            return ans
        exprs = [self._expr(t, tuning) for t in terms]
        weights = ", ".join(str(w) for w in tuning.weights)
        rows = self.con.execute(
            f"SELECT rowid, -bm25(idx, {weights}) AS s FROM idx WHERE idx MATCH ? AND ruleset = ? ORDER BY s DESC LIMIT ?",
            (" OR ".join(exprs), ruleset, max(limit, 1) * 4),
        ).fetchall()
        if not rows:
            return ans
        # coverage: the share of the question's information a clause holds, each term weighted by its
        # rarity in this ruleset. A word found in no clause weighs like one found in `unknown_share` of them:
        # a question made of such words (the weather, a recipe) shares nothing with the rules, while a stray
        # unknown verb among rules words does not sink a good answer.
        n_docs = self.con.execute("SELECT count(*) FROM clauses WHERE ruleset = ?", (ruleset,)).fetchone()[0]
        matched: dict[int, float] = {rid: 0.0 for rid, _ in rows}
        total = 0.0
        for e in exprs:
            rids = [rid for (rid,) in self.con.execute("SELECT rowid FROM idx WHERE idx MATCH ? AND ruleset = ?", (e, ruleset))]
            w = math.log(1 + n_docs / (len(rids) or max(n_docs * tuning.unknown_share, 0.5)))
            total += w
            for rid in rids:
                if rid in matched:
                    matched[rid] += w
        hits = []
        for rid, score in rows:
            r = self.con.execute("SELECT ruleset, clause, topic, title, text, citation FROM clauses WHERE id = ?", (rid,)).fetchone()
            hits.append(Hit(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), float(score), matched[rid] / total))
        best = hits[0]
        if best.coverage < tuning.min_coverage or best.score < tuning.min_score:
            ans.best_guess = best
            return ans
        ans.hits = [h for h in hits if h.score >= best.score * tuning.relative_cutoff][:limit]
        return ans


# ---------------------------------------------------------------- files and cache
def cache_dir() -> Path | None:
    """The ruleset cache directory (the loader's rule, from the light referee.ruleset.files)."""
    from referee.ruleset import files

    return files.cache_dir()


def _stat(p: Path) -> list:
    try:
        st = p.stat()
        return [st.st_mtime_ns, st.st_size]
    except OSError:
        return [None, None]


def _listing(d: Path) -> list[str]:
    try:
        return sorted(p.name for p in d.iterdir() if p.suffix == ".yaml")
    except OSError:
        return []


def _code_files() -> list[Path]:
    here = Path(__file__).resolve().parent
    model = here.parent / "ruleset" / "model.py"  # what the documents are made from
    params = here.parent / "ruleset" / "params.py"
    return [here / "index.py", here / "text.py", SYNONYMS, model, params]


def _manifest() -> dict:
    """What the editions index was built from: the composition's own dependencies plus ours."""
    from referee.ruleset import files

    deps = [*_code_files(), *files.dependencies()]
    return {"dirs": {str(d): _listing(d) for d in files.watched_dirs()}, "files": {str(f): _stat(f) for f in deps}}


def _fresh(manifest: dict) -> bool:
    for d, names in manifest.get("dirs", {}).items():
        if _listing(Path(d)) != names:
            return False
    for f, st in manifest.get("files", {}).items():
        if _stat(Path(f)) != st:
            return False
    return True


def lexicon_fingerprint() -> str:
    here = Path(__file__).resolve().parent
    parts = [INDEX_VERSION] + [f"{p.name}:{_stat(p)}" for p in (SYNONYMS, here / "text.py", here / "index.py")]
    return f"{zlib.crc32('|'.join(parts).encode()):08x}"


def load_lexicon() -> Lexicon:
    from referee.errors import InputError
    from referee.ruleset.loader import read_yaml

    data, _ = read_yaml(SYNONYMS, str(SYNONYMS))
    try:
        return Lexicon.from_data(data or {})
    except ValueError as e:
        raise InputError(str(e), str(SYNONYMS)) from None


def _open_ro(path: Path) -> sqlite3.Connection | None:
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        con.execute("SELECT 1 FROM meta LIMIT 1")
        return con
    except sqlite3.Error:
        return None


def _write(path: Path | None, docs: list[Doc], lexicon: Lexicon, meta: dict) -> sqlite3.Connection:
    """Build into a temporary file and move it into place; in memory when there is no cache."""
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            if tmp.exists():
                tmp.unlink()
            con = sqlite3.connect(str(tmp))
            try:
                build(con, docs, lexicon, meta)
                con.close()
                os.replace(tmp, path)
            except BaseException:
                con.close()
                tmp.unlink(missing_ok=True)
                raise
            ro = _open_ro(path)
            if ro is not None:
                return ro
        except OSError:
            pass  # a read-only cache must not stop the answer
    con = sqlite3.connect(":memory:")
    build(con, docs, lexicon, meta)
    return con


def _edition_order(index: dict) -> list[str]:
    """Editions root first, each followed by those that extend it."""
    eds = {k: v for k, v in index.items() if v.get("kind") == "edition" and not v.get("invalid")}
    kids: dict[str | None, list[str]] = {}
    for k, v in eds.items():
        parent = v.get("extends") if v.get("extends") in eds else None
        kids.setdefault(parent, []).append(k)
    out: list[str] = []

    def walk(p):
        for k in sorted(kids.get(p, [])):
            out.append(k)
            walk(k)

    walk(None)
    return out


def editions_index(rebuild: bool = False) -> Index:
    """The index of every shipped edition, from the cache when nothing changed."""
    here = Path(__file__).resolve()
    src = "|".join([INDEX_VERSION, str(here), os.environ.get("REFEREE_RULESETS", "")])
    key = f"{zlib.crc32(src.encode()):08x}"
    d = cache_dir()
    path = d / "ask" / f"editions-{key}.sqlite" if d is not None else None
    if path is not None and path.exists() and not rebuild:
        con = _open_ro(path)
        if con is not None:
            idx = Index(con)
            if idx.meta.get("version") == INDEX_VERSION and _fresh(idx.meta.get("manifest") or {}):
                return idx
            con.close()
    return Index(_build_editions(path))


def _build_editions(path: Path | None) -> sqlite3.Connection:
    from referee.errors import RefereeError
    from referee.ruleset import loader

    manifest = _manifest()  # taken before reading, so a file changed meanwhile triggers a rebuild
    cat = loader.catalog()
    lexicon = load_lexicon()
    lfp = lexicon_fingerprint()
    docs: list[Doc] = []
    editions: dict[str, dict] = {}
    skipped: dict[str, str] = {}
    for eid in _edition_order(cat.index):
        try:
            rs = loader.load(eid)
        except RefereeError as e:
            skipped[eid] = str(e).splitlines()[0]
            continue
        ds = docs_from_ruleset(rs, eid)
        docs += ds
        e = cat.index[eid]
        editions[eid] = {"title": e.get("title", eid), "aliases": list(e.get("aliases") or []), "hash": docs_hash(ds, lfp)}
    for k, v in cat.index.items():
        if v.get("kind") == "edition" and v.get("invalid"):
            skipped[k] = "the file is not valid (referee rules validate shows why)"
    return _write(path, docs, lexicon, {"manifest": manifest, "editions": editions, "skipped": skipped, "lexicon_fp": lfp})


def ruleset_index(rs, shipped: Index | None = None) -> tuple[Index, str]:
    """The index holding a composed ruleset (a game's), and the key its clauses are filed under.

    A game on a shipped edition with the same clauses uses the editions index.
    """
    lfp = lexicon_fingerprint()
    docs = docs_from_ruleset(rs)
    h = docs_hash(docs, lfp)
    if shipped is not None and rs.id == rs.edition:
        ed = shipped.meta.get("editions", {}).get(rs.edition)
        if ed and ed.get("hash") == h:
            return shipped, rs.edition
    d = cache_dir()
    path = d / "ask" / f"ruleset-{h}.sqlite" if d is not None else None
    if path is not None and path.exists():
        con = _open_ro(path)
        if con is not None:
            return Index(con), rs.id
    return Index(_write(path, docs, load_lexicon(), {"lexicon_fp": lfp})), rs.id
