"""The rulebooks a citation points to, by a title a table can look up.

Seeds and public sources are stored under file names (`001_a4956ccd93bd44f6.txt`)
that mean nothing at a table; rulesets/sources.yaml gives each a short `cite:`
title (publisher, edition or year, language) used in every printed citation.
JSON output keeps the file name as well.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def _titles() -> dict[str, str]:
    from referee.ruleset.loader import shipped_dir

    out: dict[str, str] = {}
    dirs = [shipped_dir()]
    try:
        from referee.ruleset.loader import ruleset_dirs

        dirs = ruleset_dirs()
    except Exception:  # a bad REFEREE_RULESETS is reported where rulesets are loaded, not while printing
        pass
    for d in dirs:
        p = Path(d) / "sources.yaml"
        if not p.is_file():
            continue
        try:
            import yaml

            data = yaml.load(p.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except Exception:
            continue
        for s in (data or {}).get("sources") or []:
            if isinstance(s, dict) and s.get("file") and (s.get("cite") or s.get("title")):
                out[str(s["file"])] = str(s.get("cite") or s["title"])
    return out


def title(file: str) -> str:
    """The human title of a source file, or the file name when no title is known."""
    return _titles().get(file, file)
