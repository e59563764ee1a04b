"""Accuracy of `referee ask` on the labelled questions of tests/data/ask_eval.yaml.

    python bench/ask_eval.py [--misses] [--grid] [--file PATH]

Prints top-1 and top-3 accuracy (a question counts when one of its labelled
clauses is first, or among the first three, of the answers `ask` gives), per
edition and overall, and how many of the `none:` questions are rightly left
unanswered. Targets (issue 6): top-1 ≥ 85 %, top-3 ≥ 95 %. `--misses` lists
the questions answered wrong; `--grid` compares a few settings of the general
method (field weights, prefix matching) on the same questions. Exit 1 when a
target is missed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EVAL_FILE = ROOT / "tests" / "data" / "ask_eval.yaml"
TOP1_TARGET = 0.85
TOP3_TARGET = 0.95


def load_eval(path: Path = EVAL_FILE) -> dict:
    import yaml

    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


class Report:
    def __init__(self):
        self.rows: list[dict] = []  # one per question: ruleset, q, answers, got (clause ids), rank
        self.none_rows: list[dict] = []  # ruleset, q, got
        self.unknown: list[str] = []  # labelled clause ids that no longer exist

    @property
    def n(self) -> int:
        return len(self.rows)

    def top(self, k: int, rows: list[dict] | None = None) -> float:
        rows = self.rows if rows is None else rows
        return sum(1 for r in rows if r["rank"] is not None and r["rank"] < k) / max(len(rows), 1)

    @property
    def none_ok(self) -> float:
        return sum(1 for r in self.none_rows if not r["got"]) / max(len(self.none_rows), 1)


def evaluate(tuning=None, data: dict | None = None) -> Report:
    """Ask every question of the eval set through the real index; rank of the first right clause."""
    from referee.search import TUNING, editions_index

    tuning = tuning or TUNING
    data = data or load_eval()
    idx = editions_index()
    known = {r: {row[0] for row in idx.con.execute("SELECT clause FROM clauses WHERE ruleset = ?", (r,))} for r in idx.rulesets()}
    rep = Report()
    for item in data.get("questions") or []:
        rs, q, answers = item["ruleset"], item["q"], list(item["answers"])
        if rs not in known:
            rep.unknown.append(f"{rs} (edition not in the index): {q}")
            continue
        for a in answers:
            if a not in known[rs]:
                rep.unknown.append(f"{rs} {a}: {q}")
        got = [h.clause for h in idx.ask(q, rs, 3, tuning).hits]
        rank = next((i for i, c in enumerate(got) if c in answers), None)
        rep.rows.append({"ruleset": rs, "q": q, "answers": answers, "got": got, "rank": rank})
    for item in data.get("none") or []:
        got = [h.clause for h in idx.ask(item["q"], item["ruleset"], 3, tuning).hits]
        rep.none_rows.append({"ruleset": item["ruleset"], "q": item["q"], "got": got})
    return rep


def print_report(rep: Report, misses: bool = False) -> None:
    by: dict[str, list[dict]] = {}
    for r in rep.rows:
        by.setdefault(r["ruleset"], []).append(r)
    print(f"{'edition':<16} {'questions':>9} {'top-1':>7} {'top-3':>7}")
    for rs, rows in by.items():
        print(f"{rs:<16} {len(rows):>9} {rep.top(1, rows):>7.1%} {rep.top(3, rows):>7.1%}")
    print(f"{'all':<16} {rep.n:>9} {rep.top(1):>7.1%} {rep.top(3):>7.1%}   targets: top-1 ≥ {TOP1_TARGET:.0%}, top-3 ≥ {TOP3_TARGET:.0%}")
    print(f"unanswerable questions left unanswered: {sum(1 for r in rep.none_rows if not r['got'])}/{len(rep.none_rows)}")
    if rep.unknown:
        print("labelled clauses that do not exist (fix tests/data/ask_eval.yaml):")
        for u in rep.unknown:
            print(f"  {u}")
    if misses:
        for r in rep.rows:
            if r["rank"] != 0:
                mark = "top-3" if r["rank"] is not None else "miss "
                print(f"  {mark} [{r['ruleset']}] {r['q']!r}: want {', '.join(r['answers'])}; got {', '.join(r['got']) or 'nothing'}")
        for r in rep.none_rows:
            if r["got"]:
                print(f"  guess [{r['ruleset']}] {r['q']!r} should find nothing; got {', '.join(r['got'])}")


def grid() -> None:
    from referee.search import TUNING

    settings = {
        "default": TUNING,
        "flat weights": TUNING.replace(weights=(1.0, 1.0, 1.0, 1.0)),
        "text heavier": TUNING.replace(weights=(2.0, 2.0, 1.0, 2.0)),
        "title heavier": TUNING.replace(weights=(8.0, 3.0, 2.0, 1.0)),
        "keywords heavier": TUNING.replace(weights=(4.0, 6.0, 2.0, 1.0)),
        "no topic": TUNING.replace(weights=TUNING.weights[:2] + (0.0,) + TUNING.weights[3:]),
        "prefix words": TUNING.replace(prefix_words=not TUNING.prefix_words),
    }
    data = load_eval()
    print(f"{'setting':<18} {'top-1':>7} {'top-3':>7} {'none ok':>8}")
    for name, t in settings.items():
        rep = evaluate(t, data)
        print(f"{name:<18} {rep.top(1):>7.1%} {rep.top(3):>7.1%} {rep.none_ok:>8.0%}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--misses", action="store_true", help="list the questions answered wrong")
    ap.add_argument("--grid", action="store_true", help="compare settings of the method")
    ap.add_argument("--file", type=Path, default=EVAL_FILE)
    args = ap.parse_args()
    if args.grid:
        grid()
        return 0
    rep = evaluate(data=load_eval(args.file))
    print_report(rep, args.misses)
    return 0 if rep.top(1) >= TOP1_TARGET and rep.top(3) >= TOP3_TARGET and not rep.unknown else 1


if __name__ == "__main__":
    sys.exit(main())
