"""Clause coverage: every clause definition of every shipped ruleset, with the
scenario files that exercise it (cite it in a ruling, or list it under exercises:)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from referee.check.results import FileResult
from referee.check.rulesets import load_ruleset


def shipped_scenarios() -> Path:
    """The scenario library: installed with the package (referee/_data/scenarios), else the project's scenarios/."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "_data" / "scenarios"
    return packaged if packaged.is_dir() else here.parent / "scenarios"


def shipped_combinations() -> list[tuple[str, tuple, tuple]]:
    """Every composition the shipped files allow: each edition alone, and each
    variant or house rule on each edition it applies to."""
    from referee.ruleset import loader

    cat = loader.catalog()
    eds = [e for e in cat.ids("edition") if not cat.index[e].get("invalid")]
    combos: list[tuple[str, tuple, tuple]] = [(e, (), ()) for e in eds]
    for kind, slot in (("variant", 0), ("house-rule", 1)):
        for oid in cat.ids(kind):
            if cat.index[oid].get("invalid"):
                continue
            for e in eds:
                if loader.fits(cat, oid, e):
                    combos.append((e, (oid,), ()) if slot == 0 else (e, (), (oid,)))
    return combos


@dataclass
class ClauseDef:
    where: str  # file:line (layer) of the definition
    layer: str
    clause: str
    title: str
    rulesets: list[str] = field(default_factory=list)  # compositions that contain it
    scenarios: list[str] = field(default_factory=list)


def clause_definitions() -> dict[str, ClauseDef]:
    defs: dict[str, ClauseDef] = {}
    for e, vs, hs in shipped_combinations():
        rs = load_ruleset(e, vs, hs, None)
        for c in rs.clauses:
            where = rs.origins.get(f"clauses.{c.id}", f"? ({c.origin})")
            d = defs.get(where)
            if d is None:
                d = defs[where] = ClauseDef(where, c.origin, c.id, c.title)
            if rs.id not in d.rulesets:
                d.rulesets.append(rs.id)
    return defs


def coverage(results: list[FileResult]) -> dict[str, ClauseDef]:
    """Clause definitions of every shipped ruleset, each with the scenarios that exercise it."""
    defs = clause_definitions()
    for res in results:
        for _cid, where in res.cited.items():
            d = defs.get(where)
            if d is not None and res.path not in d.scenarios:
                d.scenarios.append(res.path)
    return defs
