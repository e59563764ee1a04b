"""The ranker: a linear model over what BM25 measures, learned from the question forms.

BM25 finds the candidate clauses and decides whether anything matches well
(`index.Index.ask`); this orders the candidates it shows. Each candidate is
described by a few figures (its BM25 as ranked and per field, its nearest
question forms' BM25 and how much of the question they hold, the share of the
question's information it holds, whether it is a variant's clause the table
does not play...), and the model's weights (`ranker.json`) say how much each
counts. They were fitted by `bench/ask_train.py` on the question forms alone
(`rulesets/asks`), each asked against an index built without it (k-fold), alone
and followed by another form of its clause (a longer question), so
no evaluation question taught it anything. Pure: figures in, shares out.
"""

from __future__ import annotations

import math
from pathlib import Path

WEIGHTS = Path(__file__).with_name("ranker.json")
# what the ranker reads of a candidate clause (index.Index.ask computes them):
FEATURES = (
    "s", "s_text", "s_asks",  # its BM25 as ranked; over its own text fields; over its question forms as one field
    "b_title", "b_kw", "b_topic", "b_text",  # its BM25 in each text field
    "f1", "f2", "nforms", "f_sum",  # its nearest form's BM25, the second's, how many are among the nearest, the best five's sum
    "fq_cov", "fq_jac", "fq_maxcov",  # the nearest form's share of the question's terms, their overlap, the most any holds
    "cov", "cov_concept",  # the share of the question's information it holds, and of the rules concepts'
    "s_rel", "f1_rel", "base_rel",  # its BM25, nearest form and their sum as shares of the best candidate's
    "ov", "named",  # a variant's clause the table does not play and the question does not name; a named one
    "nb_rel", "nb_norm",  # the naive-Bayes log-likelihood of the question's words (all fields) below the best's, whole and per word
)


class Ranker:
    """Weights by feature name; `shares` turns each candidate's weighted sum into its share of the candidates'."""

    def __init__(self, weights: dict[str, float], bias: float = 0.0):
        self.weights = dict(weights)
        self.bias = bias

    def value(self, features: dict[str, float]) -> float:
        return self.bias + sum(w * features.get(name, 0.0) for name, w in self.weights.items())

    def shares(self, candidates: dict) -> dict:
        """{key: features} -> {key: share}: a softmax of the weighted sums (best first is the largest share)."""
        if not candidates:
            return {}
        z = {k: self.value(f) for k, f in candidates.items()}
        top = max(z.values())
        e = {k: math.exp(v - top) for k, v in z.items()}
        s = sum(e.values())
        return {k: v / s for k, v in e.items()}

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> Ranker:
        import json

        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        return cls(data["weights"], data.get("bias", 0.0))

    def __repr__(self) -> str:
        return f"Ranker({len(self.weights)} features)"
