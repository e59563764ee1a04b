"""Where referee keeps what it can rebuild (composed rulesets, the ask index, source titles).

A leaf module (no referee imports) so that printing a citation can find the cache
without loading the ruleset machinery.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path | None:
    """REFEREE_CACHE, or $XDG_CACHE_HOME/referee, or ~/.cache/referee; None when REFEREE_CACHE=off."""
    base = os.environ.get("REFEREE_CACHE")
    if base == "off":
        return None
    return Path(base) if base else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "referee"
