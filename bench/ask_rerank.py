"""A static-embedding reranker over BM25's top-k, measured by bench/ask_eval.py --compare (not shipped).

The candidate model is WordLlama (PyPI `wordllama`): its 256-dim static token
embeddings (16 MB of weights) and its tokenizer ship inside the wheel, so it
loads with nothing downloaded (its own loader looks for the tokenizer in the
wrong folder and tries the network, so we load the two files ourselves).
`methods()` returns nothing when it is not installed.

Each clause is embedded once as title + text + its players' question forms;
a question's final score mixes BM25 (scaled to the best hit) with the cosine
similarity to the question: alpha * bm25 + (1 - alpha) * cosine.
"""

from __future__ import annotations

import time
from pathlib import Path

TOP_K = 10


def _model():
    import numpy as np  # noqa: F401  (wordllama needs it)
    import wordllama
    from safetensors import safe_open
    from wordllama.inference import WordLlamaInference
    from wordllama.wordllama import WordLlama

    pkg = Path(wordllama.__file__).parent
    tok = WordLlama.load_tokenizer(pkg / "tokenizers" / "l2_supercat_tokenizer_config.json")
    with safe_open(pkg / "weights" / "l2_supercat_256.safetensors", framework="np", device="cpu") as f:
        emb = f.get_tensor("embedding.weight")
    return WordLlamaInference(emb, tok)


def install_size_mb() -> float:
    import wordllama

    pkg = Path(wordllama.__file__).parent
    return sum(p.stat().st_size for p in pkg.rglob("*") if p.is_file()) / 1e6


def methods() -> dict:
    try:
        t0 = time.perf_counter()
        wl = _model()
        load_ms = (time.perf_counter() - t0) * 1000
    except Exception:  # not installed, or a version whose files moved
        return {}
    import numpy as np

    from referee.search.store import load_asks

    asks = load_asks()
    cache: dict[tuple, np.ndarray] = {}

    def clause_vec(h):
        key = (h.ruleset, h.key)
        if key not in cache:
            forms = " ; ".join(asks.for_clause(h.clause, h.layer))
            cache[key] = wl.embed([f"{h.title}. {h.text} {forms}"], norm=True)[0]
        return cache[key]

    def make(alpha: float):
        def ask(idx, q, rs, tuning):
            hits = idx.ask(q, rs, TOP_K, tuning).hits
            if len(hits) < 2:
                return hits
            qv = wl.embed([q], norm=True)[0]
            best = hits[0].score
            scored = [(alpha * h.score / best + (1 - alpha) * float(np.dot(qv, clause_vec(h))), h) for h in hits]
            return [h for _, h in sorted(scored, key=lambda x: -x[0])]
        return ask

    size = install_size_mb()
    label = f"WordLlama rerank top-{TOP_K} ({size:.0f} MB pkg, load {load_ms:.0f} ms)"
    return {f"{label}, alpha {a}": make(a) for a in (0.5, 0.8)}
