"""Eval labels checked by content: a row's `keys` (word groups, any language) must be in a clause it is labelled with."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
import yaml

from referee.ruleset import clause_text, loader
from referee.ruleset.names import norm

ROOT = Path(__file__).resolve().parent.parent
# the files whose rows carry `keys`: the gauge and every eval file (issue 31, item 3)
LABELLED = [ROOT / "bench" / "data" / "ask_gauge_unseen.yaml", *sorted((ROOT / "tests" / "data").glob("ask_eval_*.yaml"))]


@cache
def _ruleset(ruleset: str, layer: str):
    """The edition, with the variant or house rule `layer` composed onto it when a label names one."""
    if not layer:
        return loader.load(ruleset)
    if layer in loader.catalog().ids("variant"):
        return loader.load(ruleset, variants=[layer])
    return loader.load(ruleset, house_rules=[layer])


@cache
def clause_words(ruleset: str, label: str) -> str:
    """The clause's title and text in English, Spanish and Italian, folded, amounts in the edition's money;
    `variant:clause` is that variant's clause composed onto the edition."""
    layer, _, cid = label.rpartition(":")
    rs = _ruleset(ruleset, layer)
    said = [" ".join(clause_text.words(rs, cid, lang)) for lang in ("en", "es", "it")]
    return " ".join(norm(rs.fill(s)) + " " + rs.fill(s).casefold() for s in said)


def missing(row: dict) -> list[str]:
    """The key groups that no labelled clause holds (empty: the label is backed by its clause's words)."""
    texts = [clause_words(row["ruleset"], c) for c in row.get("answers") or []]
    out = []
    for group in row.get("keys") or []:
        alts = [a for g in group for a in g.split("|")]
        if not any(norm(a) in t or a.casefold() in t for t in texts for a in alts):
            out.append("|".join(alts))
    return out


@pytest.mark.parametrize("path", LABELLED, ids=lambda p: p.name)
def test_every_labelled_clause_holds_its_key_words(path):
    rows = yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]
    labelled = [r for r in rows if r.get("answers")]
    keyed = rows if path == LABELLED[0] else labelled  # the gauge's figure rows carry keys too; an eval file's `none:` rows have none
    assert labelled and all(r.get("keys") for r in keyed), "every row carries its key words"
    bad = {r["q"]: missing(r) for r in labelled if missing(r)}
    assert bad == {}


def test_a_label_contradicting_its_words_is_caught():
    row = {"ruleset": "us-classic", "answers": ["free_parking"], "keys": [["auction|subasta"]]}
    assert missing(row) == ["auction|subasta"]
    assert missing(dict(row, answers=["auction.declined"])) == []


def test_the_italian_building_timing_label_is_backed_by_its_clause():
    """it-lire's book 002 says nothing of when one may build; the edition inherits the US 'at any time' clause,
    so the answer to 'may I build after he has thrown, before he moves?' is that clause's 'any time'."""
    row = {"ruleset": "it-lire", "answers": ["building.any_time"], "keys": [["qualsiasi momento|any time"]]}
    assert missing(row) == []
    assert missing(dict(row, keys=[["aspettare il proprio turno"]])) == ["aspettare il proprio turno"]


# Labels completed in the hand pass (issue 31 item 3): each row's fact is held only by the clause added to it.
COMPLETED = [
    ("ask_eval_holdout5.yaml", "tengo todo el color pero una calle está hipotecada", "rent.mortgaged"),
    ("ask_eval_diag5.yaml", "the $50 to get out of jail, does that go to the bank", "bank.duties"),
    ("ask_eval_diag5.yaml", "my family stops the game as soon as one person goes bankrupt", "hasbro-short-game:end.game"),
    ("ask_eval_legacy.yaml", "if I land on my own property do I pay anything?", "rent.own_property"),
]


@pytest.mark.parametrize(("name", "question", "added"), COMPLETED, ids=[c[2] for c in COMPLETED])
def test_a_completed_label_holds_the_fact_its_old_label_lacked(name, question, added):
    rows = yaml.safe_load((ROOT / "tests" / "data" / name).read_text(encoding="utf-8"))["questions"]
    (row,) = [r for r in rows if r["q"].startswith(question)]
    assert added in row["answers"] and missing(row) == []
    before = dict(row, answers=[c for c in row["answers"] if c != added])
    assert missing(before), "the old label alone holds the row's fact: the added clause is not needed"
