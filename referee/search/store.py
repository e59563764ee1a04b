"""Where the clause index lives: the cache files, their freshness, and which index a question uses.

The shipped editions' index is built once and kept under the ruleset cache
directory; it records the files it was built from (ruleset files and
directories, the synonyms, the question forms, this code, the loader) and is
rebuilt as soon as one of them changes. A game whose ruleset differs from the
shipped edition gets its own index, keyed by the content of its clauses.

Each clause's Spanish and Italian title and text (rulesets/lang) are stored
with it when the index is built, so an answer in those languages reads no
YAML and loads no ruleset code; the lang files are among those watched.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import zlib
from pathlib import Path
from typing import Any

from referee.search import asks as asks_mod
from referee.search.index import INDEX_VERSION, SYNONYMS, Doc, Index, build, docs_from_ruleset, docs_hash, overlay_docs
from referee.search.text import Lexicon, words


# ---------------------------------------------------------------- files and cache
def cache_dir() -> Path | None:
    """The ruleset cache directory (the loader's rule, from the leaf referee.cachedir)."""
    from referee.cachedir import cache_dir as rule

    return rule()


def _stat(p: Path | str) -> list:
    try:
        st = os.stat(p)
        return [st.st_mtime_ns, st.st_size]
    except OSError:
        return [None, None]


def _listing(d: Path | str) -> list[str]:
    try:
        return sorted(n for n in os.listdir(d) if n.endswith(".yaml"))
    except OSError:
        return []


def _langs() -> list[str]:
    """The languages other than English a clause can be shown in (the index stores their words)."""
    from referee.words.i18n import LANGUAGES

    return [lang for lang in LANGUAGES if lang != "en"]


def _lang_sources() -> tuple[list[Path], list[Path]]:
    """(folders, files) the clause translations are read from, for every language the index stores."""
    from referee.ruleset import clause_text

    dirs = [d for lang in _langs() for d in clause_text.lang_dirs(lang)]
    return dirs, [Path(clause_text.__file__), *(f for lang in _langs() for f in clause_text.lang_files(lang))]


def _with_words(docs: list[Doc]) -> list[Doc]:
    """Each clause's title and text in every other language, as `clause_text.cited_words` gives them (the same words the
    answer would show), stored in the index; only those that differ from the English."""
    from referee.ruleset.clause_text import cited_words

    for d in docs:
        for lang in _langs():
            said = cited_words(d.citation, d.title, d.text, lang)
            if d.fill is not None:
                said = (said[0], d.fill(said[1]))
            if said != (d.title, d.text):
                d.words[lang] = list(said)
    return docs


def _code_files() -> list[Path]:
    here = Path(__file__).resolve().parent
    model = here.parent / "ruleset" / "model.py"  # what the documents are made from
    params = here.parent / "ruleset" / "params.py"
    # ranker.json: the index holds the shipped weights (a retrained ranker builds it anew)
    return [here / "index.py", here / "store.py", here / "text.py", here / "asks.py", here / "figures.py", here / "ranker.json",
            SYNONYMS, model, params]


def _asks_dirs() -> list[Path]:
    from referee.ruleset import files

    return [d / "asks" for d in files.ruleset_dirs()]


def _manifest() -> dict:
    """What the editions index was built from: the composition's own dependencies plus ours
    (the code, the synonyms and the players' question forms, rulesets/asks)."""
    from referee.ruleset import files

    lang_dirs, lang_files = _lang_sources()
    deps = [*_code_files(), *files.dependencies(), *asks_mod.files(files.ruleset_dirs()), *lang_files]
    dirs = [*files.watched_dirs(), *_asks_dirs(), *lang_dirs]
    return {"dirs": {str(d): _listing(d) for d in dirs}, "files": {str(f): _stat(f) for f in deps}}


def _fresh(manifest: dict) -> bool:
    for d, names in manifest.get("dirs", {}).items():
        if _listing(d) != names:
            return False
    for f, st in manifest.get("files", {}).items():
        if _stat(f) != st:
            return False
    return True


def lexicon_fingerprint() -> str:
    """What the index depends on besides the clauses: synonyms, question forms, clause translations, this code."""
    from referee.ruleset import files

    here = Path(__file__).resolve().parent
    lang_dirs, lang_files = _lang_sources()
    srcs = [SYNONYMS, here / "text.py", here / "index.py", here / "asks.py", *asks_mod.files(files.ruleset_dirs()), *lang_files]
    parts = [INDEX_VERSION, sys.version] + [f"{p}:{_stat(p)}" for p in srcs] + [f"{d}:{_listing(d)}" for d in lang_dirs]
    return f"{zlib.crc32('|'.join(parts).encode()):08x}"


def load_lexicon(rulesets=()) -> Lexicon:
    """The synonyms, and the square names of every edition's board (and of `rulesets`'), read as their kind."""
    from referee.errors import InputError, RefereeError
    from referee.ruleset import loader
    from referee.ruleset.loader import read_yaml

    data, _ = read_yaml(SYNONYMS, str(SYNONYMS))
    boards = list(rulesets)
    for eid in loader.catalog().ids("edition"):
        try:
            boards.append(loader.load(eid))
        except RefereeError:
            continue  # an invalid edition is left out of the index too
    squares = [(sq.kind, (sq.name, *sq.aliases)) for rs in boards for sq in rs.squares]
    try:
        return Lexicon.from_data(data or {}, squares)
    except ValueError as e:
        raise InputError(str(e), str(SYNONYMS)) from None


def _open_ro(path: Path) -> sqlite3.Connection | None:
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        con.execute("SELECT 1 FROM meta LIMIT 1")
        # read the file through a memory map: a question's first queries cost about 2 ms less than through read()
        con.execute("PRAGMA mmap_size = 268435456")
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


def _json_text(data: Any) -> str:
    import json  # building the index only: a question needs no json module

    return json.dumps(data)


def editions_index(rebuild: bool = False) -> Index:
    """The index of every shipped edition, from the cache when nothing changed."""
    here = Path(__file__).resolve()
    src = "|".join([INDEX_VERSION, sys.version, str(here), os.environ.get("REFEREE_RULESETS", "")])  # the lexicon is marshal data
    key = f"{zlib.crc32(src.encode()):08x}"
    d = cache_dir()
    path = d / "ask" / f"editions-{key}.sqlite" if d is not None else None
    if path is not None and path.exists() and not rebuild:
        con = _open_ro(path)
        if con is not None:
            try:
                idx = Index(con)
            except (TypeError, ValueError, EOFError):  # written by other code (a lexicon of another shape): build anew
                idx = None
            if idx is not None and idx.meta.get("version") == INDEX_VERSION and _fresh(idx.meta.get("manifest") or {}):
                return idx
            con.close()
    return Index(_build_editions(path))


def load_asks():
    """The players' question forms (rulesets/asks), checked: a key naming no clause is an error."""
    from referee.errors import InputError
    from referee.ruleset import loader

    asks = asks_mod.load(asks_mod.files(loader.ruleset_dirs()))
    cat = loader.catalog()
    clauses: set[str] = set()
    overlays: dict[str, set[str]] = {}
    for rid, e in cat.index.items():
        if e.get("invalid") or e.get("kind") == "board":
            continue
        data = cat.file(rid).data
        ids = {c["id"] for c in data.get("clauses") or [] if isinstance(c, dict) and "id" in c}
        for sub in (data.get("for") or {}).values():
            ids |= {c["id"] for c in (sub or {}).get("clauses") or [] if isinstance(c, dict) and "id" in c}
        clauses |= ids
        if e.get("kind") in ("variant", "house-rule"):
            overlays[rid] = ids
    bad = asks.check(clauses, overlays)
    if bad:
        raise InputError("question forms name unknown clauses:\n  " + "\n  ".join(bad))
    return asks


def _overlay_names(asks) -> dict:
    """How players name each variant and house rule: its id and title words, plus rulesets/asks `_names`."""
    from referee.ruleset import loader

    cat = loader.catalog()
    out = {}
    for kind in asks_mod.KINDS:
        for oid in cat.ids(kind):
            names = [oid.replace("-", " ")] + list(asks.names.get(oid, ())) + list(asks.names.get(kind, ()))
            out[oid] = [w for w in dict.fromkeys(" ".join(words(n)) for n in names) if w]  # folded now, not at every question
    return out


def _build_editions(path: Path | None, asks=None) -> sqlite3.Connection:
    """Every shipped edition with its variants and house rules. `asks`: other question forms than the shipped ones
    (bench/ask_train.py builds indices each missing a fold of them)."""
    from referee.errors import RefereeError
    from referee.ruleset import loader
    from referee.search import figures

    manifest = _manifest()  # taken before reading, so a file changed meanwhile triggers a rebuild
    cat = loader.catalog()
    lexicon = load_lexicon()
    lfp = lexicon_fingerprint()
    asks = asks or load_asks()
    docs: list[Doc] = []
    editions: dict[str, dict] = {}
    skipped: dict[str, str] = {}
    for eid in _edition_order(cat.index):
        try:
            rs = loader.load(eid)
        except RefereeError as e:
            skipped[eid] = str(e).splitlines()[0]
            continue
        docs += docs_from_ruleset(rs, eid, asks) + overlay_docs(eid, (), eid, asks)
        entry = cat.index[eid]
        # what a game on this very edition compares with (ruleset_index): its clauses as they stand
        editions[eid] = {"title": entry.get("title", eid), "aliases": list(entry.get("aliases") or []),
                         "hash": docs_hash(docs_from_ruleset(rs, eid), lfp), "stored": stored_crc(_json_text(rs.data)),
                         "board_words": figures.board_words(rs)}  # whether a question names the board, without loading it
    for k, v in cat.index.items():
        if v.get("kind") == "edition" and v.get("invalid"):
            skipped[k] = "the file is not valid (referee rules validate shows why)"
    return _write(path, _with_words(docs), lexicon, {"manifest": manifest, "editions": editions, "skipped": skipped, "lexicon_fp": lfp,
                                        "overlay_names": _overlay_names(asks), "overlays": _overlays(cat, lfp),
                                        "not_alone": sorted(figures.not_alone_words())})


DEFAULT_EDITION = "us-classic"  # referee.search's, which imports this module (tests compare what each composes)


def overlay_ruleset(oid: str):
    """A variant or house rule asked about alone (`ask --ruleset short-game`): composed onto the default
    edition, or onto the first edition it applies to when not that one, as search.resolve_ruleset does."""
    from referee.ruleset import loader

    cat = loader.catalog()
    applies = cat.index[oid].get("applies_to") or [DEFAULT_EDITION]
    edition = DEFAULT_EDITION if DEFAULT_EDITION in applies else applies[0]
    return loader.load(edition, variants=[oid]) if cat.index[oid]["kind"] == "variant" else loader.load(edition, house_rules=[oid])


def _file_key(clauses_hash: str, cat) -> str:
    """The name of the cached index holding a composed ruleset (by the hash of its clauses) that is not a shipped
    edition as it stands: the catalog's fingerprint too, for the overlays it does not play are searched as well."""
    return f"{clauses_hash}-{cat.fp[:8]}"


def _overlays(cat, lfp: str) -> dict:
    """Every variant and house rule: its names, and the ruleset and cached index file that answer
    `ask --ruleset` about it (None when it does not compose), so that needs no composing."""
    from referee.errors import RefereeError

    out: dict[str, dict] = {}
    for oid, e in cat.index.items():
        if e.get("kind") not in ("variant", "house-rule"):
            continue
        o = out[oid] = {"aliases": list(e.get("aliases") or []), "key": None, "file": None}
        if e.get("invalid"):
            continue
        try:
            rs = overlay_ruleset(oid)
        except RefereeError:
            continue
        o["key"], o["file"] = rs.id, _file_key(docs_hash(docs_from_ruleset(rs), lfp), cat)
    return out


def cached_overlay(shipped: Index, name: str) -> tuple[Index, str] | None:
    """The index and key answering `ask --ruleset NAME` when NAME is a variant or house rule whose index is
    already cached (as the editions index recorded it), else None: then `search.resolve_ruleset` composes it."""
    from referee.errors import RefereeError
    from referee.ruleset.names import match

    eds, ovs = shipped.meta.get("editions") or {}, shipped.meta.get("overlays") or {}
    try:  # names are matched as resolve_ruleset matches them: an edition's first
        match(name, {eid: [eid, *e.get("aliases", [])] for eid, e in eds.items()}, "ruleset", mode="exact")
        return None
    except RefereeError:
        pass
    try:
        oid = match(name, {oid: [oid, *o["aliases"]] for oid, o in ovs.items()}, "variant", mode="exact")
    except RefereeError:
        return None
    d, o = cache_dir(), ovs[oid]
    if d is None or not o.get("file"):
        return None
    path = d / "ask" / f"ruleset-{o['file']}.sqlite"
    con = _open_ro(path) if path.exists() else None
    return (Index(con), o["key"]) if con is not None else None


def stored_crc(ruleset_json: str) -> str:
    """A 64-bit checksum of a ruleset as a game file stores it (`referee new`: json.dumps of the composed data)."""
    blob = ruleset_json.encode()
    return f"{zlib.crc32(blob):08x}{zlib.adler32(blob):08x}"


def shipped_edition(ruleset_json: str, shipped: Index) -> str | None:
    """The edition whose composed data is exactly `ruleset_json` (a game file's ruleset), if it is shipped as it stands.

    Its clauses are then the editions index's own, so a question asked inside such a game
    needs neither the game's ruleset composed nor the loader imported."""
    crc = stored_crc(ruleset_json)
    for eid, e in (shipped.meta.get("editions") or {}).items():
        if e.get("stored") == crc:
            return eid
    return None


def ruleset_index(rs, shipped: Index | None = None) -> tuple[Index, str]:
    """The index holding a composed ruleset (a game's), and the key its clauses are filed under.

    A game on a shipped edition with the same clauses uses the editions index.
    Otherwise its own index holds its clauses (those of the variants and house
    rules it plays labelled with them) and, ranked after, those of the
    overlays it does not play.
    """
    lfp = lexicon_fingerprint()
    own = docs_from_ruleset(rs)
    h = docs_hash(own, lfp)
    if shipped is not None and rs.id == rs.edition:
        ed = shipped.meta.get("editions", {}).get(rs.edition)
        if ed and ed.get("hash") == h:
            return shipped, rs.edition
    from referee.ruleset import loader  # only now: a game on a shipped edition as it stands needs none of it

    h = _file_key(h, loader.catalog())
    d = cache_dir()
    path = d / "ask" / f"ruleset-{h}.sqlite" if d is not None else None
    if path is not None and path.exists():
        con = _open_ro(path)
        if con is not None:
            return Index(con), rs.id
    asks = load_asks()
    docs = docs_from_ruleset(rs, None, asks)
    played = set(rs.data.get("_layers") or ())
    docs += overlay_docs(rs.edition, played, rs.id, asks)
    return Index(_write(path, _with_words(docs), load_lexicon([rs]), {"lexicon_fp": lfp, "overlay_names": _overlay_names(asks)})), rs.id
