"""Score `referee ask` on the unseen-phrasing gauge (bench/data/ask_gauge_unseen.yaml), per language and type.

    python bench/ask_gauge.py [--file F]

A gauge: scored once before a session's changes and once at the end, never tuned on, so it
prints aggregate figures only (no list of misses). A row is right when the first answer is one
of its labelled clauses, or, for a board-figure row, when the first answer shows its figure.
The first answer is the board's figure when `referee.search.figures` gives one (as `ask` shows
it first), else the first clause.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAUGE = ROOT / "bench" / "data" / "ask_gauge_unseen.yaml"
sys.path.insert(0, str(ROOT))


def first_answer(idx, q: str, ruleset: str) -> tuple[str | None, str]:
    """(clause id, text) of the first answer `ask` gives: a board figure first when there is one."""
    try:
        from referee.search import figures
    except ImportError:  # before the figures existed
        figures = None
    if figures is not None:
        fig = figures.answer(q, ruleset)
        if fig is not None:
            return fig.clause, fig.shown
    a = idx.ask(q, ruleset, 3)
    if not a.hits:
        return None, ""
    return a.hits[0].clause, a.hits[0].text


def right(row: dict, clause: str | None, text: str) -> bool:
    if row.get("figure"):
        return row["figure"] in text
    return clause in row.get("answers", [])


def main() -> int:
    import yaml

    from referee.search import editions_index

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=Path, default=GAUGE)
    args = ap.parse_args()
    rows = yaml.safe_load(args.file.read_text(encoding="utf-8"))["questions"]
    idx = editions_index()
    by_lang: dict[str, list[bool]] = defaultdict(list)
    by_type: dict[str, list[bool]] = defaultdict(list)
    times = []
    for row in rows:
        t0 = time.perf_counter()
        clause, text = first_answer(idx, row["q"], row["ruleset"])
        times.append(time.perf_counter() - t0)
        ok = right(row, clause, text)
        by_lang[row["lang"]].append(ok)
        by_type[row["type"]].append(ok)
    allv = [v for vs in by_lang.values() for v in vs]
    print(f"unseen gauge: {sum(allv)}/{len(allv)} first answers right ({100 * sum(allv) / len(allv):.1f} %), "
          f"median {1000 * statistics.median(times):.1f} ms a question (index open)")
    for name, groups in (("language", by_lang), ("type", by_type)):
        for k in sorted(groups):
            vs = groups[k]
            print(f"  {name} {k:8} {sum(vs):3}/{len(vs):<3} {100 * sum(vs) / len(vs):5.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
