"""`referee check`: scenario files (a table as it stands plus the claims being
argued) checked by the same core functions the banker commands use.

- ``scenario``: the file parsed and validated (table via referee.moves.tablefile);
- ``kinds``: the claimable transactions and the core call behind each;
- ``ruling``: each claim ruled on its own copy of the table, a file checked;
- ``coverage``: which clauses of the shipped rulesets the scenarios exercise;
- ``results``: the plain data the CLI renders; ``rulesets``: composed once per run.

Nothing here prints. The format is documented in docs/scenarios.md.
"""

from __future__ import annotations

from referee.check.coverage import ClauseDef, clause_definitions, coverage, shipped_combinations, shipped_scenarios
from referee.check.kinds import KINDS, Kind
from referee.check.results import FileResult, Ruling
from referee.check.rulesets import load_ruleset, loaded
from referee.check.ruling import check_file, collect, edition_language, rule_claim
from referee.check.scenario import Claim, Scenario

__all__ = [
    "KINDS", "Claim", "ClauseDef", "FileResult", "Kind", "Ruling", "Scenario", "check_file", "clause_definitions",
    "collect", "coverage", "edition_language", "load_ruleset", "loaded", "rule_claim", "shipped_combinations", "shipped_scenarios",
]
