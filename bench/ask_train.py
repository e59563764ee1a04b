"""Fit the ranker of `referee ask` (referee/search/ranker.json) from the question forms alone.

    python bench/ask_train.py            # fit and write ranker.json (needs numpy: pip install -e '.[train]')
    python bench/ask_train.py --dry-run  # fit and print the weights only

The question forms of rulesets/asks are split into five folds. For each fold
the editions index is built without that fold's forms, and each of them is
asked, as a question, of an edition of its language that has its clause
(English: the US and UK editions; Spanish: the Latin-American ones; Italian:
the lire edition), alone and followed by another held-out form of its clause
(a longer question, as players tell one). What the ranker reads of each candidate clause
(`Index.ask(features=…)`) and whether it is the form's own clause make the
training data; a linear model is fitted to put the right clause first (a
softmax over each question's candidates, L2-regularised, Adam on the whole
set). No evaluation question is used: the eval sets measure the result
(bench/ask_eval.py).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDS = 5
SEED = 5
L2 = 1e-3
ITERATIONS = 300
EDITIONS = {"en": ("us-classic", "us-2008", "us-1950s", "uk"), "es": ("latam-ciudades", "mx-hasbro"), "it": ("it-lire",)}


def read_forms() -> list[tuple[str, str, str]]:
    """(key, language, form) for every question form of the shipped asks files."""
    import yaml

    from referee.ruleset import loader
    from referee.search import asks as asks_mod

    out = []
    for p in asks_mod.files(loader.ruleset_dirs()):
        with open(p, encoding="utf-8") as f:
            data = yaml.safe_load(f) or {}
        for key, entry in data.items():
            if key == asks_mod.NAMES:
                continue
            for lang, forms in (entry or {}).items():
                out += [(str(key), lang, x.strip()) for x in forms or [] if x.strip()]
    return out


def fold_of(key: str, form: str) -> int:
    return zlib.crc32(f"{key}|{form}".encode()) % FOLDS


def gather() -> list[tuple[list[list[float]], list[bool]]]:
    """Per held-out form: its candidates' features and which of them is its clause."""
    from referee.search import asks as asks_mod
    from referee.search import store
    from referee.search.index import Index
    from referee.search.ranker import FEATURES

    sys.path.insert(0, str(ROOT / "bench"))
    from ask_eval import known_clauses  # every label a question may carry, per edition

    forms = read_forms()
    shipped = store.load_asks()
    rnd = random.Random(SEED)
    data = []
    for k in range(FOLDS):
        kept: dict[str, list[str]] = {}
        for key, _, form in forms:
            if fold_of(key, form) != k:
                kept.setdefault(key, []).append(form)
        ix = Index(store._build_editions(None, asks_mod.Asks(kept, shipped.names, shipped.where)))
        known = known_clauses(ix)
        held: dict[tuple[str, str], list[str]] = {}
        for key, lang, form in forms:
            if fold_of(key, form) == k:
                held.setdefault((key, lang), []).append(form)
        for (key, lang), fs in held.items():
            eds = [e for e in EDITIONS.get(lang, ()) if key in known.get(e, ())] or [e for e in known if key in known[e]]
            if not eds:
                continue
            # each form alone, and each followed by another held-out form of its clause: players tell more
            # than one line, and the ranker learns what a longer question's figures look like
            pairs = [f"{a} {rnd.choice([x for x in fs if x != a] or fs)}" for a in fs] if len(fs) > 1 else []
            for q in fs + pairs:
                feats: dict = {}
                ix.ask(q, rnd.choice(sorted(eds)), 3, features=feats)
                if key in feats:
                    data.append(([[f[n] for n in FEATURES] for f in feats.values()], [c == key for c in feats]))
        print(f"fold {k + 1}/{FOLDS}: {len(data)} questions with their clause among the candidates", file=sys.stderr, flush=True)
    return data


def fit(data, l2: float = L2, iterations: int = ITERATIONS) -> tuple[list[float], float]:
    """Weights and bias (on the raw features) minimising the softmax loss of the right clause, plus L2."""
    import numpy as np

    groups = [(np.asarray(x, dtype=float), np.asarray(y, dtype=float)) for x, y in data]
    allx = np.vstack([x for x, _ in groups])
    mu, sd = allx.mean(0), allx.std(0) + 1e-9
    groups = [((x - mu) / sd, y / y.sum()) for x, y in groups]
    w = np.zeros(allx.shape[1])
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for it in range(1, iterations + 1):
        g = np.zeros_like(w)
        for x, p in groups:
            s = x @ w
            e = np.exp(s - s.max())
            g += x.T @ (e / e.sum() - p)
        g = g / len(groups) + l2 * w
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= 0.1 * (m / (1 - 0.9**it)) / (np.sqrt(v / (1 - 0.999**it)) + 1e-8)
    raw = w / sd
    return [float(x) for x in raw], float(-(mu / sd) @ w)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dry-run", action="store_true", help="print the weights, write nothing")
    args = ap.parse_args(argv)
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("bench/ask_train.py needs numpy: pip install -e '.[train]'", file=sys.stderr)
        return 2
    from referee.search.ranker import FEATURES, WEIGHTS

    t0 = time.perf_counter()
    data = gather()
    weights, bias = fit(data)
    out = {"features": list(FEATURES), "weights": {n: round(w, 6) for n, w in zip(FEATURES, weights)}, "bias": round(bias, 6),
           "trained": {"on": "rulesets/asks question forms, each held out (k-fold), alone and paired with another of its clause",
                       "questions": len(data), "folds": FOLDS,
                       "seed": SEED, "l2": L2, "iterations": ITERATIONS}}
    print(json.dumps(out["weights"], indent=1))
    print(f"{len(data)} questions, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    if not args.dry_run:
        WEIGHTS.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {WEIGHTS.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
