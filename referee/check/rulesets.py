"""Rulesets for scenario files, composed once per combination in a run
(a library of a hundred files names a handful of combinations)."""

from __future__ import annotations

from referee.ruleset.model import Ruleset

_RS_CACHE: dict[tuple, Ruleset] = {}


def load_ruleset(edition: str, variants: tuple, house_rules: tuple, board: str | None) -> Ruleset:
    key = (edition, variants, house_rules, board)
    rs = _RS_CACHE.get(key)
    if rs is None:
        from referee.ruleset import loader

        rs = loader.load(edition, list(variants), list(house_rules), board, strict=True)
        _RS_CACHE[key] = rs
    return rs


def loaded(rid: str) -> Ruleset | None:
    """A ruleset this run has composed, by its id (the CLI formats amounts with it)."""
    return next((rs for rs in _RS_CACHE.values() if rs.id == rid), None)
