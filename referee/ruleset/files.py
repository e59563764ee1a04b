"""Where ruleset files live, what a composed ruleset depends on, and where it is cached.

Kept apart from the loader (and light: no schema, no YAML) so a command that
only needs to know whether its cache is fresh — a warm `referee ask` — can ask
without importing the validator. The loader and the search index share these
rules instead of each keeping a copy.
"""

from __future__ import annotations

import os
from pathlib import Path

from referee.cachedir import cache_dir as cache_dir  # re-exported: the loader and the index ask here

KIND_DIRS = {"edition": "", "variant": "variants", "house-rule": "house-rules", "board": "boards"}
CACHE_VERSION = "4"  # bump when the composed data changes shape without any file changing

_HERE = Path(__file__).resolve().parent


def shipped_dir() -> Path:
    """The rulesets shipped with referee (packaged copy first, else the source tree's)."""
    packaged = _HERE.parent / "_data" / "rulesets"
    if packaged.is_dir():
        return packaged
    return _HERE.parent.parent / "rulesets"


def ruleset_dirs() -> list[Path]:
    """The shipped folder, then each folder named by REFEREE_RULESETS."""
    dirs = [shipped_dir()]
    extra = os.environ.get("REFEREE_RULESETS")
    if extra:
        dirs += rulesets_dirs(extra)  # a missing folder or a plain file is an error
    return dirs


def watched_dirs() -> list[Path]:
    """Every folder where adding or removing a file changes which rulesets can be named."""
    return [d / sub if sub else d for d in ruleset_dirs() for sub in KIND_DIRS.values()]


def source_files() -> list[Path]:
    """Every ruleset file that can be named (editions, variants, house rules, boards)."""
    files: list[Path] = []
    for dd in watched_dirs():
        if dd.is_dir():
            files += sorted(p for p in dd.glob("*.yaml") if p.stem != "sources" and not p.stem.startswith("template"))
    return files


def code_files() -> list[Path]:
    """The modules whose change changes a composed ruleset (its reader, validator, composer)."""
    return [_HERE / "loader.py", _HERE / "schema.py", _HERE / "files.py", _HERE.parent / "yamlfile.py"]


def dependencies() -> list[Path]:
    """Everything a composition depends on: code first, then every ruleset file."""
    return code_files() + source_files()


def fingerprint(paths: list[Path] | None = None) -> str:
    """A short hash of the paths' names, sizes and times (``dependencies()`` by default)."""
    import hashlib

    h = hashlib.sha1(CACHE_VERSION.encode())
    for f in dependencies() if paths is None else paths:
        try:
            st = f.stat()
            h.update(f"{f}|{st.st_mtime_ns}|{st.st_size}\n".encode())
        except OSError:
            h.update(f"{f}|-\n".encode())
    return h.hexdigest()[:16]


def rulesets_dirs(value: str) -> list[Path]:
    """The folders REFEREE_RULESETS names; a missing folder or a plain file is an error, not silently skipped."""
    from referee.errors import InputError
    from referee.words.i18n import _

    dirs = []
    for p in value.split(os.pathsep):
        if not p:
            continue
        d = Path(p)
        if not d.exists():
            raise InputError(_("REFEREE_RULESETS names {path}, which does not exist (a folder of ruleset YAML files)").format(path=p))
        if not d.is_dir():
            raise InputError(_("REFEREE_RULESETS names {path}, which is a file, not a folder (put the YAML file in a folder and name the "
                                     "folder)").format(path=p))
        dirs.append(d)
    return dirs
