"""The source audit: every paragraph of every seed rulebook is a clause, or says why not.

`rulesets/audit/<seed>.yaml` lists the seed's paragraphs in order, each with
the clauses that state its rule (clause ids, or `variant:clause`, citing that
seed) or `not_a_rule` and the reason. The check: for each edition whose
`sources:` name the seed, every rule-bearing paragraph must be cited by at
least one of its listed clauses in that edition (or in the edition with that
variant or house rule). With the seed text at hand (`REFEREE_SEEDS`, or
`shared/seeds` beside the repository) the audit must also cover the seed's
paragraphs as they stand.

    python -m referee.search.audit            # check; exit 1 with the problems
    python -m referee.search.audit --write    # also render docs/sources.md
"""

from __future__ import annotations

import os
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def audit_dir() -> Path:
    from referee.ruleset import loader

    return loader.shipped_dir() / "audit"


def seeds_dir() -> Path | None:
    """Where the seed rulebooks are, if anywhere here."""
    env = os.environ.get("REFEREE_SEEDS")
    for d in ([Path(env)] if env else []) + [ROOT.parent / "shared" / "seeds", ROOT / "shared" / "seeds", Path("/work/shared/seeds")]:
        if d.is_dir():
            return d
    return None


def paragraphs(text: str) -> list[tuple[int, int, str]]:
    """(first line, last line, text with whitespace folded) of each blank-line-separated paragraph."""
    out: list[tuple[int, int, str]] = []
    cur: list[str] = []
    start = 0
    lines = text.splitlines()
    for i, line in enumerate(lines, 1):
        if line.strip():
            if not cur:
                start = i
            cur.append(line)
        elif cur:
            out.append((start, i - 1, " ".join(" ".join(cur).split())))
            cur = []
    if cur:
        out.append((start, start + len(cur) - 1, " ".join(" ".join(cur).split())))
    return out


def crc(text: str) -> str:
    return f"{zlib.crc32(text.encode()):08x}"


def load() -> list[dict]:
    import yaml

    out = []
    for p in sorted(audit_dir().glob("*.yaml")):
        with open(p, encoding="utf-8") as f:
            d = yaml.safe_load(f)
        d["_file"] = f"rulesets/audit/{p.name}"
        out.append(d)
    return out


class _Cited:
    """Which clause keys cite which seed, per edition, composed as the tables play them (cached)."""

    def __init__(self):
        from referee.ruleset import loader

        self.loader = loader
        self.cat = loader.catalog()
        self.cache: dict[tuple[str, str | None], dict[str, str]] = {}

    def editions_of(self, seed: str) -> list[str]:
        return [e for e in self.cat.ids("edition") if not self.cat.index[e].get("invalid")
                and seed in (self.cat.file(e).data.get("sources") or [])]

    def files(self, edition: str, overlay: str | None) -> dict[str, str]:
        """clause id -> the seed file it cites, in `edition` (with `overlay`: that overlay's clauses only)."""
        key = (edition, overlay)
        if key not in self.cache:
            from referee.errors import RefereeError

            try:
                if overlay is None:
                    rs = self.loader.load(edition)
                else:
                    kind = self.cat.index[overlay]["kind"]
                    rs = (self.loader.load(edition, variants=[overlay]) if kind == "variant"
                          else self.loader.load(edition, house_rules=[overlay]))
                self.cache[key] = {c.id: c.file for c in rs.clauses if overlay is None or c.origin == overlay}
            except (RefereeError, KeyError):
                self.cache[key] = {}
        return self.cache[key]

    def cites(self, edition: str, key: str, seed: str) -> bool:
        overlay, _, cid = key.rpartition(":")
        return self.files(edition, overlay or None).get(cid) == seed


def check(audits: list[dict] | None = None) -> list[str]:
    """Problems: a rule paragraph no clause of an edition cites, an entry neither rule nor not-a-rule, a stale seed."""
    audits = load() if audits is None else audits
    cited = _Cited()
    problems = []
    seeds = seeds_dir()
    for a in audits:
        seed, where = a["seed"], a["_file"]
        rows = a.get("paragraphs") or []
        editions = cited.editions_of(seed)
        if not editions:
            problems.append(f"{where}: no edition names {seed} in its sources")
        for r in rows:
            at = f"{where} ¶{r['n']} (lines {r['lines']}, “{r['starts'][:40]}…”)"
            if bool(r.get("clauses")) == bool(r.get("not_a_rule")):
                problems.append(f"{at}: give either clauses or not_a_rule (with the reason)")
                continue
            for e in editions if r.get("clauses") else []:
                if not any(cited.cites(e, k, seed) for k in r["clauses"]):
                    problems.append(f"{at}: states a rule that no clause of {e} citing {seed} holds "
                                    f"(listed: {', '.join(r['clauses'])}): write the clause or fix the list")
        if seeds is not None and (seeds / seed).is_file():
            paras = paragraphs((seeds / seed).read_text(encoding="utf-8"))
            if len(paras) != len(rows):
                problems.append(f"{where}: {seed} has {len(paras)} paragraphs, the audit lists {len(rows)}")
            for (first, last, text), r in zip(paras, rows):
                if crc(text) != r.get("crc"):
                    problems.append(f"{where} ¶{r['n']}: the seed paragraph at lines {first}-{last} changed; audit it again")
                    break
    return problems


def render(audits: list[dict] | None = None) -> str:
    """docs/sources.md: each seed paragraph and the clauses that state it."""
    audits = load() if audits is None else audits
    cited = _Cited()
    out = ["# Sources: every paragraph of the rulebooks and the clauses that state it", "",
           "Generated by `python -m referee.search.audit --write` from `rulesets/audit/*.yaml`; do not edit by hand.",
           "Each paragraph of each seed rulebook (`shared/seeds`) is either stated by clauses",
           "(ids as in `referee rules show`; `variant:clause` for a variant's) or marked *not a rule* with",
           "the reason. `tests/test_ask.py` fails when a rule-bearing paragraph is cited by no clause of an",
           "edition built from that seed.", ""]
    for a in audits:
        seed = a["seed"]
        rows = a.get("paragraphs") or []
        rules = sum(1 for r in rows if r.get("clauses"))
        eds = ", ".join(cited.editions_of(seed)) or "—"
        out += [f"## {seed}", "", f"Editions built from it: {eds}. {len(rows)} paragraphs, {rules} state rules.", "",
                "| ¶ | lines | begins | clauses |", "|---|---|---|---|"]
        for r in rows:
            begins = r["starts"][:60].replace("|", "/").replace("\\", "")
            what = ", ".join(f"`{k}`" for k in r["clauses"]) if r.get("clauses") else f"*not a rule*: {r['not_a_rule']}"
            out.append(f"| {r['n']} | {r['lines']} | {begins}… | {what} |")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    problems = check()
    for p in problems:
        print(p)
    if "--write" in argv:
        (ROOT / "docs" / "sources.md").write_text(render() + "\n", encoding="utf-8")
        print("wrote docs/sources.md")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
