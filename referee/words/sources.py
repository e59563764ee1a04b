"""The rulebooks a citation points to, by a title a table can look up.

Seeds and public sources are stored under file names (`001_a4956ccd93bd44f6.txt`)
that mean nothing at a table; rulesets/sources.yaml gives each a short `cite:`
title (publisher, edition or year, language) used in every printed citation.
JSON output keeps the file name as well.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path


def _dirs() -> list[Path]:
    """Where sources.yaml files are: the shipped rulesets, then REFEREE_RULESETS (checked where rulesets load).

    Found here without the loader, so printing an error (errors.Citation) imports nothing of the engine.
    """
    here = Path(__file__).resolve().parent.parent  # the package, beside its rulesets
    packaged = here / "_data" / "rulesets"
    dirs = [packaged if packaged.is_dir() else here.parent / "rulesets"]
    dirs += [Path(p) for p in os.environ.get("REFEREE_RULESETS", "").split(os.pathsep) if p]
    return dirs


def _read(paths: list[Path]) -> dict[str, dict[str, str]]:
    """{"titles": {file: cite title}, "editions": {file: the edition the book is of}} from the sources files."""
    out: dict[str, str] = {}
    editions: dict[str, str] = {}
    for p in paths:
        try:
            import yaml

            data = yaml.load(p.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except Exception:  # a damaged sources file is reported by `rules validate`; a citation falls back to the file
            continue
        items = data.get("sources") if isinstance(data, dict) else None
        for s in items if isinstance(items, list) else []:
            if isinstance(s, dict) and s.get("file") and (s.get("cite") or s.get("title")):
                out[str(s["file"])] = str(s.get("cite") or s["title"])
                if s.get("edition"):
                    editions[str(s["file"])] = str(s["edition"])
    return {"titles": out, "editions": editions}


@lru_cache(maxsize=1)
def _sources() -> dict[str, dict[str, str]]:
    """The titles and editions, kept in the cache folder (marshal: no json module to import, and this Python's own format, the
    file named for its version) so a command that prints a citation does not load YAML."""
    import marshal
    import sys

    from referee.cachedir import cache_dir

    paths = [d / "sources.yaml" for d in _dirs() if (d / "sources.yaml").is_file()]
    key = [[str(p), p.stat().st_mtime_ns, p.stat().st_size] for p in paths]
    cdir = cache_dir()
    cached = cdir / f"source-books-{sys.version_info[0]}{sys.version_info[1]}.marshal" if cdir else None
    if cached is not None:
        try:
            kept = marshal.loads(cached.read_bytes())
            if kept.get("key") == key:
                return {"titles": dict(kept["titles"]), "editions": dict(kept["editions"])}
        except (OSError, ValueError, KeyError, AttributeError, EOFError, TypeError):
            pass
    out = _read(paths)
    if cached is not None:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(marshal.dumps({"key": key, **out}))
            tmp.replace(cached)
        except OSError:  # a read-only cache only costs the YAML read
            pass
    return out


def title(file: str) -> str:
    """The human title of a source file, or the file name when no title is known."""
    return _sources()["titles"].get(file, file)


def own_book_silent(ruleset: str, inherited_from: str, file: str) -> bool:
    """Whether a clause of `ruleset` (EDITION or EDITION+OVERLAY…) inherited from `inherited_from` and citing `file`
    rules where the edition's own book says nothing: it comes from a file the edition extends (not from an overlay
    the table chose), the edition has a book of its own (sources.yaml `edition:`) and `file` is not one of them.
    An edition with no book of its own (us-2008 reads us-classic's) is never said to be silent."""
    edition, *overlays = ruleset.split("+")
    editions = _sources()["editions"]
    return inherited_from not in overlays and edition in editions.values() and editions.get(file) != edition
