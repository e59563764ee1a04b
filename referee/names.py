"""Forgiving name matching: case, accents, punctuation, prefixes, initials, typos.

At a table people type `bw`, `park`, `st charles` or `Vía Rápida` without the
accent. We try stricter tiers first and stop at the first tier that matches;
several matches in one tier are ambiguous and change nothing.
"""

from __future__ import annotations

import difflib
import re
import unicodedata

from referee.errors import Ambiguous, InputError

_PUNCT = re.compile(r"[^\w\s]")


def norm(text: str) -> str:
    t = unicodedata.normalize("NFKD", str(text))
    t = "".join(ch for ch in t if not unicodedata.combining(ch)).casefold()
    t = _PUNCT.sub(" ", t).replace("_", " ").replace("-", " ")
    return " ".join(t.split())


def _initials(n: str) -> str:
    return "".join(w[0] for w in n.split() if w)


def _subseq(q: str, n: str) -> bool:
    if not q or not n or q[0] != n[0]:
        return False
    it = iter(n)
    return all(ch in it for ch in q)


def match_one(text: str, choices: dict[str, list[str]], what: str, hint: str = "", strict: bool = False) -> str:
    """Return the key whose names match `text`; raise Ambiguous or InputError.

    strict: only exact names/aliases (after case/accent folding) — for files,
    where a typo should be pointed out rather than guessed.
    """
    q = norm(text)
    if not q:
        raise InputError(f"empty {what} name")
    normed = {key: [norm(n) for n in names] for key, names in choices.items()}
    qs = q.replace(" ", "")
    tiers = [
        lambda n: n == q or n.replace(" ", "") == qs,
        lambda n: n.startswith(q),
        lambda n: any(w.startswith(q) for w in n.split()) or (" " in q and all(any(w.startswith(p) for w in n.split()) for p in q.split())),
        lambda n: len(qs) >= 2 and _initials(n) == qs,
        lambda n: len(qs) >= 2 and _subseq(qs, n.replace(" ", "")),
    ]
    for test in tiers[:1] if strict else tiers:
        hits = [key for key, ns in normed.items() if any(test(n) for n in ns)]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise Ambiguous(what, text, [choices[h][0] for h in hits])
    flat = {n: key for key, ns in normed.items() for n in ns}
    close = [] if strict else difflib.get_close_matches(q, list(flat), n=3, cutoff=0.75)
    keys = list(dict.fromkeys(flat[c] for c in close))
    if len(keys) == 1:
        return keys[0]
    if len(keys) > 1:
        raise Ambiguous(what, text, [choices[k][0] for k in keys])
    loose = difflib.get_close_matches(q, list(flat), n=1, cutoff=0.5)
    dym = f" (did you mean {choices[flat[loose[0]]][0]}?)" if loose else ""
    tail = f"; {hint}" if hint else ""
    raise InputError(f"unknown {what} '{text}'{dym}{tail}")
