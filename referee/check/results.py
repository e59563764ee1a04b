"""What `referee check` finds: the ruling on each claim and the result of each file.

Plain data the CLI renders (text or --json); nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.errors import Citation

VERDICTS = ("upheld", "rejected")


@dataclass
class Ruling:
    """The ruling on one claim."""

    index: int
    line: int | None
    says: str
    kind: str
    verdict: str  # upheld | rejected
    allowed: bool  # what the rules say: the transaction is legal
    amount: int | None  # what the rules say it costs (None: no single amount)
    text: str  # the engine's one-line account (event text or refusal message)
    reasons: list[str] = field(default_factory=list)  # why the claim fails, one per point
    steps: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    claimed: dict = field(default_factory=dict)
    expected: dict | None = None
    mismatches: list[str] = field(default_factory=list)  # differences from `expect:`
    over: bool = False  # the game is over after the transaction
    winner: str | None = None
    facts: dict = field(default_factory=dict)  # what the move did: lands, owes, jailed, again, claim_until

    @property
    def upheld(self) -> bool:
        return self.verdict == "upheld"

    def as_dict(self) -> dict:
        d = {
            "claim": self.index,
            "line": self.line,
            "says": self.says,
            "kind": self.kind,
            "ruling": self.verdict,
            "allowed": self.allowed,
            "amount": self.amount,
            "text": self.text,
            "reasons": self.reasons,
            "steps": self.steps,
            "notes": self.notes,
            "clauses": self.clauses,
            "citations": [c.as_dict() for c in self.citations],
            "claimed": self.claimed,
        }
        if self.facts:
            d["facts"] = self.facts
        if self.expected is not None:
            d["expected"] = self.expected
            d["matches_expected"] = not self.mismatches
            if self.mismatches:
                d["mismatches"] = self.mismatches
        return d


@dataclass
class FileResult:
    path: str
    ruleset: str = "?"
    title: str = ""
    rulings: list[Ruling] = field(default_factory=list)
    error: str | None = None  # a located message when the file is invalid
    exercises: list[str] = field(default_factory=list)
    cited: dict[str, str] = field(default_factory=dict)  # clause id -> where its definition is (file:line (layer))
    words: dict[str, dict[str, str]] = field(default_factory=dict)  # its edition's book's words (i18n.use_words), to print it in

    @property
    def status(self) -> str:
        if self.error:
            return "invalid"
        return "upheld" if all(r.upheld for r in self.rulings) else "rejected"

    @property
    def has_expectations(self) -> bool:
        return any(r.expected is not None for r in self.rulings)

    @property
    def matches_expected(self) -> bool:
        return self.error is None and all(not r.mismatches for r in self.rulings)

    def as_dict(self) -> dict:
        d: dict[str, Any] = {"file": self.path, "ruleset": self.ruleset, "title": self.title, "status": self.status}
        if self.error:
            d["error"] = self.error
        else:
            d["rulings"] = [r.as_dict() for r in self.rulings]
            if self.has_expectations:
                d["matches_expected"] = self.matches_expected
        return d

