"""Find, read, validate and compose ruleset files; cache the composed result.

A ruleset is an edition (which may ``extends:`` another) plus overlays:
variants, house rules and a board file. Dicts merge deeply, lists replace,
clauses merge by id. Every leaf remembers which file and line set it, so a
composed ruleset can say where each value came from and an error in the
composition still points at a line.
"""

from __future__ import annotations

import copy
import hashlib
import os
import pickle
from pathlib import Path
from typing import Any

from referee.errors import InputError, ValidationErrors
from referee.ruleset import board_checks, schema

# public here too (loader.ruleset_dirs() …): the files' rules, re-exported
from referee.ruleset.files import CACHE_VERSION as CACHE_VERSION
from referee.ruleset.files import KIND_DIRS as KIND_DIRS
from referee.ruleset.files import cache_dir as cache_dir
from referee.ruleset.files import code_files as code_files
from referee.ruleset.files import dependencies as dependencies
from referee.ruleset.files import fingerprint as fingerprint
from referee.ruleset.files import ruleset_dirs as ruleset_dirs
from referee.ruleset.files import shipped_dir as shipped_dir
from referee.ruleset.files import source_files as source_files
from referee.ruleset.model import Ruleset
from referee.ruleset.yamlfile import line_of as line_of  # one rule for a key's line; public here too
from referee.words.i18n import N_, _

IDENTITY = ("id", "title", "kind", "extends", "applies_to", "aliases", "description", "for", "sources", "language")
# how a message names a file's kind and a square's missing value (translated where shown)
KIND_WORDS = {"edition": N_("edition"), "variant": N_("variant"), "house-rule": N_("house rule"), "board": N_("board")}


def _display(path: Path) -> str:
    """Show shipped files as rulesets/..., others as given relative to cwd when possible."""
    try:
        return "rulesets/" + path.resolve().relative_to(shipped_dir().resolve()).as_posix()
    except ValueError:
        try:
            return os.path.relpath(path)
        except ValueError:
            return str(path)


# ---------------------------------------------------------------- reading one file
def read_yaml(path: Path, display: str | None = None) -> tuple[Any, dict[Any, Any]]:
    """Parse with safe_load semantics; return the data and a map path -> line."""
    from referee.ruleset.yamlfile import read

    return read(path, display or _display(path))


class RulesetFile:
    """One validated file: its data, line map and display name."""

    def __init__(self, path: Path, display: str | None = None):
        self.path = path
        self.display = display or _display(path)
        data, self.lines = read_yaml(path, self.display)
        if not isinstance(data, dict):
            raise InputError(_("a ruleset file must be a mapping of keys (id:, rules:, …)"), self.display, 1)
        self.data: dict[Any, Any] = data
        errors = [
            InputError(p.message, self.display, line_of(self.lines, p.path)) for p in schema.check_file(data)
        ]
        for key, sub in (data.get("for") or {}).items():
            for p in schema.check_file({"id": "x", **sub} if isinstance(sub, dict) else sub):
                errors.append(InputError(p.message, self.display, line_of(self.lines, ("for", key) + p.path)))
        errors += self._check_clause_ids()
        rid = data.get("id")
        if "id" not in data:
            errors.append(InputError(_("a ruleset file needs an id (id: {stem}, its file's name)").format(stem=path.stem), self.display, 1))
        if isinstance(rid, str) and data.get("kind") != "board" and path.suffix in (".yaml", ".yml") and rid != path.stem:
            errors.append(InputError(_("the id '{id}' differs from the file's name '{name}': name the file {id}.yaml").format(
                id=rid, name=path.name), self.display, line_of(self.lines, ("id",))))
        if errors:
            raise ValidationErrors(errors)
        self.id: str = data["id"]
        self.kind: str = data.get("kind", "edition")

    def _check_clause_ids(self) -> list[InputError]:
        out, seen = [], set()
        for i, c in enumerate(self.data.get("clauses") or []):
            cid = c.get("id") if isinstance(c, dict) else None
            if cid in seen:
                out.append(InputError(_("clause '{clause}' is defined twice").format(clause=cid), self.display, line_of(self.lines, ("clauses", i))))
            seen.add(cid)
        return out

    def where(self, path: tuple[Any, ...]) -> str:
        ln = line_of(self.lines, path)
        return f"{self.display}:{ln}" if ln else self.display


# ---------------------------------------------------------------- sources
def known_sources() -> dict[str, dict[Any, Any]]:
    out: dict[str, dict[Any, Any]] = {}
    for d in ruleset_dirs():
        p = d / "sources.yaml"
        if p.is_file():
            data, _lines = read_yaml(p)
            for s in (data or {}).get("sources") or []:
                out[s["file"]] = s
    return out


# ---------------------------------------------------------------- cache
_cache_dir = cache_dir  # older name, still used by some callers


def _cache_get(key: str, fp: str) -> Any:
    d = _cache_dir()
    if d is None:
        return None
    try:
        with open(d / fp / f"{key}.pickle", "rb") as f:
            return pickle.load(f)
    except Exception:
        return None


def _cache_put(key: str, fp: str, value: Any) -> None:
    d = _cache_dir()
    if d is None:
        return
    try:
        target = d / fp
        target.mkdir(parents=True, exist_ok=True)
        tmp = target / f".{key}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target / f"{key}.pickle")
    except OSError:
        pass  # a read-only home must not stop the game


# ---------------------------------------------------------------- the catalog
class Catalog:
    """Every ruleset file that can be named: id, kind, aliases, title."""

    def __init__(self) -> None:
        self.files = source_files()
        self.fp = fingerprint(code_files() + self.files)
        cached = _cache_get("index", self.fp)
        if cached is None:
            cached = {}
            for f in self.files:
                try:
                    rf = RulesetFile(f)
                except (InputError, ValidationErrors):
                    cached[f.stem] = {"path": str(f), "kind": _kind_from_dir(f), "aliases": [], "title": "(invalid)", "invalid": True}
                    continue
                cached[rf.id] = {
                    "path": str(f),
                    "kind": rf.kind,
                    "aliases": list(rf.data.get("aliases") or []),
                    "title": rf.data.get("title", rf.id),
                    "extends": rf.data.get("extends"),
                    "applies_to": rf.data.get("applies_to"),
                    "description": rf.data.get("description", ""),
                }
            _cache_put("index", self.fp, cached)
        self.index: dict[str, dict[Any, Any]] = cached

    def ids(self, kind: str | None = None) -> list[str]:
        return sorted(i for i, e in self.index.items() if kind is None or e["kind"] == kind)

    def find(self, name: str, kind: str, strict: bool = True) -> str:
        """An id or a declared alias, never a guess: a typo must not start another edition (`strict` is kept for callers)."""
        from referee.ruleset.names import match

        choices = {}
        for rid, e in self.index.items():
            if e["kind"] != kind:
                continue
            choices[rid] = [rid] + list(e.get("aliases") or [])
        what = {"edition": "ruleset", "variant": "variant", "house-rule": "house rule", "board": "board"}[kind]
        return match(name, choices, what, mode="exact", hint=_("referee rules list shows them"))

    def file(self, rid: str) -> RulesetFile:
        """The parsed file; parsed once per process (composition copies, never mutates, its data)."""
        e = self.index[rid]
        path = Path(e["path"])
        st = path.stat()
        key = (str(path), st.st_mtime_ns, st.st_size)
        rf = _PARSED.get(key)
        if rf is None:
            rf = _PARSED[key] = RulesetFile(path)
        return rf


def _kind_from_dir(f: Path) -> str:
    parent = f.parent.name
    for k, d in KIND_DIRS.items():
        if d and parent == d:
            return k
    return "edition"


_CATALOG: Catalog | None = None
_PARSED: dict[tuple[Any, ...], RulesetFile] = {}


def catalog() -> Catalog:
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog()
    return _CATALOG


# ---------------------------------------------------------------- composition
def load(
    ruleset: str,
    variants: tuple[str, ...] | list[str] = (),
    house_rules: tuple[str, ...] | list[str] = (),
    board: str | None = None,
    strict: bool = False,
) -> Ruleset:
    """Compose and validate; cached by file fingerprints, so repeat calls are cheap.

    strict: kept for callers; every name is an exact id or alias (a typo is an error with "did you mean", never another edition).
    """
    cat = catalog()
    if ruleset.endswith((".yaml", ".yml")) and Path(ruleset).is_file():
        edition = _register_file(cat, Path(ruleset))
    else:
        edition = cat.find(ruleset, "edition", strict)
    vids = [cat.find(v, "variant", strict) for v in variants]
    hids = [cat.find(h, "house-rule", strict) for h in house_rules]
    board_path = Path(board) if board else None
    key_src = "|".join([edition, ",".join(vids), ",".join(hids)])
    if ruleset.endswith((".yaml", ".yml")):
        st = Path(ruleset).stat()
        key_src += f"|{Path(ruleset).resolve()}|{st.st_mtime_ns}|{st.st_size}"
    if board_path is not None:
        if not board_path.is_file():
            raise InputError(_("no such board file"), str(board))
        st = board_path.stat()
        key_src += f"|{board_path.resolve()}|{st.st_mtime_ns}|{st.st_size}"
    key = hashlib.sha1(key_src.encode()).hexdigest()[:16]
    merged = _cache_get(key, cat.fp)
    if merged is None:
        merged = compose(cat, edition, vids, hids, board_path)
        _cache_put(key, cat.fp, merged)
    return Ruleset(merged)


def _fitting(own: RulesetFile, chain_ids: list[str]) -> set[str]:
    """The names an overlay's `applies_to` (or `for:`) must hold for it to fit this edition: a shipped edition must
    be named itself; an edition of the user's own fits what the edition it extends fits."""
    try:
        own.path.resolve().relative_to(shipped_dir().resolve())
        return {own.id}
    except ValueError:
        return set(chain_ids)


def fits(cat: Catalog, overlay: str, edition: str) -> bool:
    """Whether variant or house rule `overlay` composes onto `edition` (compose's rule, without composing)."""
    ov = cat.file(overlay)
    applies = ov.data.get("applies_to")
    if not applies:
        return True
    chain = _chain(cat, edition)
    return bool((set(applies) | set(ov.data.get("for") or {})) & _fitting(chain[0], [f.id for f in chain]))


def compose(cat: Catalog, edition: str, vids: list[str], hids: list[str], board_path: Path | None) -> dict[Any, Any]:
    chain = _chain(cat, edition)
    base = chain[-1]
    if base.kind != "edition":
        raise InputError(_("'{id}' is a {kind}, not an edition: name it with --{flag}").format(
            id=base.id, kind=_(KIND_WORDS.get(base.kind, base.kind)), flag=base.kind), base.display)
    chain_ids = [f.id for f in chain]
    overlays: list[RulesetFile] = []
    for vid in vids:
        overlays.append(cat.file(vid))
    for hid in hids:
        overlays.append(cat.file(hid))
    _check_overlays(overlays)
    if board_path is not None:
        bf = RulesetFile(board_path, str(board_path))
        overlays.append(bf)
    merged: dict[Any, Any] = {}
    origins: dict[str, str] = {}
    for f in reversed(chain):  # root first
        _merge(merged, f.data, f, (), origins, f.id, identity=True)
    fitting = _fitting(chain[0], chain_ids)
    for ov in overlays:
        applies = ov.data.get("applies_to")
        if applies and not (set(applies) | set(ov.data.get("for") or {})) & fitting:
            raise InputError(
                _("{kind} '{id}' applies to {editions}, not to {edition}").format(
                    kind=_(KIND_WORDS.get(ov.kind, ov.kind)), id=ov.id, editions=", ".join(applies), edition=edition), ov.display, line_of(ov.lines, ("applies_to",))
            )
        _merge(merged, ov.data, ov, (), origins, ov.id, identity=False)
        for target, sub in (ov.data.get("for") or {}).items():
            if target in chain_ids:
                _merge(merged, sub, ov, ("for", target), origins, ov.id, identity=False)
    _apply_patches(merged, origins)
    suffix = "".join(f"+{o.id}" for o in overlays if o.kind != "board")
    merged["id"] = edition + suffix
    merged["_edition"] = edition
    merged["_chain"] = chain_ids
    merged["_layers"] = [f.id for f in reversed(chain)] + [o.id for o in overlays]
    merged["_origins"] = origins
    for k in ("for", "extends", "applies_to", "kind"):
        merged.pop(k, None)
    _apply_defaults(merged, origins)
    errors = check_composed(merged, origins)
    if errors:
        raise ValidationErrors(errors)
    return merged


def _check_overlays(overlays: list[RulesetFile]) -> None:
    """Each variant or house rule once, and none beside one it excludes (`excludes:` in its file: two short games)."""
    ids = [f.id for f in overlays]
    for f in overlays:
        if ids.count(f.id) > 1:
            raise InputError(_("'{id}' is named twice: name each variant or house rule once").format(id=f.id))
        for other in f.data.get("excludes") or []:
            if other in ids:
                raise InputError(_("'{a}' and '{b}' exclude each other: choose one").format(a=f.id, b=other), f.display, line_of(f.lines, ("excludes",)))


def _chain(cat: Catalog, rid: str) -> list[RulesetFile]:
    chain: list[RulesetFile] = []
    seen: list[str] = []
    cur: str | None = rid
    while cur:
        if cur in seen:
            first = chain[0]
            raise InputError(
                _("extends cycle: {chain}").format(chain=" → ".join(seen + [cur])), first.display, line_of(first.lines, ("extends",))
            )
        seen.append(cur)
        if cur not in cat.index:
            prev = chain[-1]
            raise InputError(
                _("extends '{ruleset}', which is not a known ruleset (known: {known})").format(ruleset=cur, known=", ".join(cat.ids("edition"))),
                prev.display,
                line_of(prev.lines, ("extends",)),
            )
        f = cat.file(cur)
        chain.append(f)
        cur = f.data.get("extends")
    return chain


def _merge(dst: dict[Any, Any], src: dict[Any, Any], f: RulesetFile, prefix: tuple[Any, ...], origins: dict[Any, Any], layer: str, identity: bool) -> None:
    for k, v in src.items():
        if not prefix and k in IDENTITY:
            if identity and k not in ("for",):
                dst[k] = copy.deepcopy(v)
            continue
        path = prefix + (k,)
        dotted = ".".join(str(p) for p in (path[2:] if path[:1] == ("for",) else path))
        if k == "clauses" and len(path) == 1 or (path[:1] == ("for",) and len(path) == 3 and k == "clauses"):
            existing = {c["id"]: i for i, c in enumerate(dst.setdefault("clauses", []))}
            for i, c in enumerate(v or []):
                c = dict(c, _origin=layer)
                origins[f"clauses.{c['id']}"] = f"{f.where(path + (i,))} ({layer})"
                if c["id"] in existing:
                    dst["clauses"][existing[c["id"]]] = c
                else:
                    existing[c["id"]] = len(dst["clauses"])
                    dst["clauses"].append(c)
            continue
        if v is None and isinstance(dst.get(k), dict) and len(path) >= 2:
            del dst[k]  # an entry of a named map (deck, group…) removed by this layer
            origins[dotted] = f"{f.where(path)} ({layer}: removed)"
            continue
        if isinstance(v, dict) and isinstance(dst.get(k), dict):
            _merge(dst[k], v, f, path, origins, layer, identity)
        elif isinstance(v, dict):
            dst[k] = {}
            _merge(dst[k], v, f, path, origins, layer, identity)
        else:
            dst[k] = copy.deepcopy(v) if isinstance(v, list) else v  # parsed files are shared: never alias them
            origins[dotted] = f"{f.where(path)} ({layer})"


SCHEMA_DEFAULT = "schema default (referee/ruleset/schema.py)"


def _apply_defaults(merged: dict[Any, Any], origins: dict[Any, Any]) -> None:
    """Fill every rule parameter no layer set with the schema's default.

    Written into the composed data, so a game file keeps the value it started
    with even if a later version changes the default.
    """
    rules = merged.setdefault("rules", {})
    for dotted, default in schema.rule_defaults().items():
        *groups, leaf = dotted.split(".")
        node = rules
        for g in groups:
            if not isinstance(node.get(g), dict):
                node[g] = {}
            node = node[g]
        if node.get(leaf) is None:
            node[leaf] = list(default) if isinstance(default, tuple) else default
            origins[f"rules.{dotted}"] = SCHEMA_DEFAULT


def _apply_patches(merged: dict[Any, Any], origins: dict[Any, Any]) -> None:
    board = merged.get("board") or {}
    patch = board.pop("patch", None)
    if not patch:
        return
    squares = board.get("squares") or []
    by_name = {}
    for i, sq in enumerate(squares):
        for n in [sq["name"]] + list(sq.get("aliases") or []):
            by_name[n.casefold()] = (i, sq)
    for name, fields in patch.items():
        hit = by_name.get(str(name).casefold())
        where = origins.get(f"board.patch.{name}") or next(
            (v for k, v in origins.items() if k.startswith(f"board.patch.{name}.")), "")
        if hit is None:
            f, _sep, ln = where.split(" (")[0].rpartition(":")
            raise InputError(_("board patch names '{name}', which is not a square of this board").format(name=name),
                             f or None, int(ln) if ln.isdigit() else None)
        i, sq = hit
        for k, v in fields.items():
            sq[k] = v
            o = origins.get(f"board.patch.{name}.{k}", where)
            origins[f"board.squares.{i}.{k}"] = o
            origins[f"board.squares.{i}"] = o


def _loc(origins: dict[Any, Any], dotted: str) -> tuple[str | None, int | None]:
    parts = dotted.split(".")
    while parts:
        o = origins.get(".".join(parts))
        if o:
            where = o.split(" (")[0]
            if ":" in where:
                fname, _sep, ln = where.rpartition(":")
                try:
                    return fname, int(ln)
                except ValueError:
                    return where, None
            return where, None
        parts.pop()
    return None, None


def check_composed(m: dict[Any, Any], origins: dict[Any, Any]) -> list[InputError]:
    errs: list[InputError] = []

    def err(dotted: str, msg: str) -> None:
        f, ln = _loc(origins, dotted)
        if f == SCHEMA_DEFAULT.split(" (")[0]:
            f = _("schema default")
        errs.append(InputError(msg, f, ln))

    rid = m["id"]
    # rule parameters: every mechanism needs its choice made
    rules = m.get("rules") or {}
    for key, spec in schema.rule_leaves().items():
        node: Any = rules
        for part in key.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        if node is None and spec.default is schema.REQUIRED:
            err(f"rules.{key}", _("{ruleset}: rule parameter 'rules.{key}' is not set (here or in what it extends; it has no default)").format(ruleset=rid, key=key))
    if (rules.get("auction") or {}).get("opening") == "fixed" and (rules.get("auction") or {}).get("opening_amount") is None:
        err("rules.auction", _("{ruleset}: auction opening is 'fixed' but rules.auction.opening_amount is not set").format(ruleset=rid))
    vals = m.get("valuations") or {}
    for ref in ("taxes.income.net_worth", "end.valuation"):
        g, _sep, rest = ref.partition(".")
        node = rules.get(g) or {}
        for p in rest.split("."):
            node = node.get(p) if isinstance(node, dict) else None
        if node and node not in vals:
            err(f"rules.{ref}", _("rules.{ref} names valuation '{valuation}', which is not defined (known: {known})").format(
                ref=ref, valuation=node, known=", ".join(sorted(vals))))
    tv = (rules.get("bankruptcy") or {}).get("test_valuation")
    if tv and tv not in vals:
        err("rules.bankruptcy.test_valuation", _("rules.bankruptcy.test_valuation names unknown valuation '{valuation}'").format(valuation=tv))
    # players and setup
    pl = m.get("players") or {}
    if isinstance(pl.get("min"), int) and isinstance(pl.get("max"), int) and pl["min"] > pl["max"]:
        err("players.min", _("players.min ({min}) is more than players.max ({max})").format(min=pl["min"], max=pl["max"]))
    symbol = (m.get("currency") or {}).get("symbol")
    if isinstance(symbol, str) and (any(ch.isdigit() for ch in symbol) or not symbol.strip() or len(symbol) > 5):
        err("currency.symbol", _("currency.symbol '{symbol}' must be a short sign without digits ($, L., £)").format(symbol=symbol))
    board_checks.check_deal(m, pl, err)
    cash = (m.get("setup") or {}).get("starting_cash")
    if cash is None:
        err("setup", _("{ruleset}: setup.starting_cash is not set").format(ruleset=rid))
    elif isinstance(cash, dict):
        lo, hi = pl.get("min", 2), pl.get("max", 8)
        missing = [n for n in range(lo, hi + 1) if n not in cash]
        if missing:
            err("setup.starting_cash", _("setup.starting_cash is given by player count but not for {counts} players").format(counts=", ".join(map(str, missing))))
    bank = m.get("bank") or {}
    for k in ("houses", "hotels"):
        if bank.get(k) is None:
            err("bank", _("{ruleset}: bank.{key} is not set").format(ruleset=rid, key=k))
    # board
    board = m.get("board") or {}
    if board.get("status", "known") != "unknown":
        board_checks.check_board(m, board, err)
    # clauses
    have = {c["id"] for c in m.get("clauses") or []}
    for cid in schema.REQUIRED_CLAUSES:
        if cid not in have:
            err("clauses", _("{ruleset}: clause '{clause}' is missing (the engine cites it)").format(ruleset=rid, clause=cid))
    sources = known_sources()
    for c in m.get("clauses") or []:
        fname = c["cite"]["file"]
        if sources and fname not in sources:
            err(f"clauses.{c['id']}", _("clause '{clause}' cites '{file}', which is not a known rulebook (see rulesets/sources.yaml)").format(clause=c["id"], file=fname))
    return errs


def _register_file(cat: Catalog, path: Path) -> str:
    """A ruleset named by its path (a table's own file): known to this process under its id."""
    rf = RulesetFile(path, str(path))
    if rf.kind != "edition":
        raise InputError(_("'{id}' is a {kind}; --ruleset takes an edition").format(id=rf.id, kind=_(KIND_WORDS.get(rf.kind, rf.kind))), str(path), line_of(rf.lines, ("kind",)))
    cat.index[rf.id] = {"path": str(path), "kind": "edition", "aliases": [], "title": rf.data.get("title", rf.id)}
    return rf.id


def validate_file(path: str) -> Ruleset | None:
    """Validate any ruleset file; compose it too when it is an edition, or a board over its edition."""
    p = Path(path)
    rf = RulesetFile(p, path)
    if rf.kind == "board" and rf.data.get("applies_to"):
        # the whole board is checked as a game would use it: 40 squares, groups, kinds
        return load(rf.data["applies_to"][0], [], [], str(p))
    if rf.kind == "edition":
        cat = catalog()
        saved = dict(cat.index)
        cat.index[rf.id] = {"path": str(p), "kind": "edition", "aliases": []}
        try:
            return Ruleset(compose(cat, rf.id, [], [], None))
        finally:
            cat.index = saved
    return None
