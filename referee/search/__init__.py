"""`referee ask`: which clauses answer a question, in one edition or in all.

- `text`: folding, synonyms and stopwords (pure).
- `index`: the SQLite FTS5 index ranked by BM25; `store`: its cache file and which index a question uses.
- here: choosing the ruleset and comparing the editions' answers.
"""

from __future__ import annotations

import re

from referee.search.index import Answer, Index, Tuning, TUNING
from referee.search.store import editions_index, ruleset_index

__all__ = ["Answer", "Index", "Tuning", "TUNING", "editions_index", "ruleset_index", "resolve_edition", "resolve_ruleset",
           "ask_edition", "ask_all", "Row", "compare", "amounts", "amount_spans"]

DEFAULT_EDITION = "us-classic"


def resolve_edition(idx: Index, name: str) -> tuple[Index, str]:
    """The edition id for a name or alias (exact, as everywhere); errors go through the loader's matching."""
    from referee.errors import InputError, RefereeError
    from referee.ruleset.names import match
    from referee.ruleset import loader

    eds = idx.meta.get("editions", {})
    try:
        return idx, match(name, {eid: [eid, *e.get("aliases", [])] for eid, e in eds.items()}, "ruleset", mode="exact")
    except RefereeError:
        pass

    cat = loader.catalog()
    other = cat.index.get(name)
    if other and other.get("kind") in ("variant", "house-rule"):
        from referee.words.i18n import _
        from referee.ruleset.loader import KIND_WORDS

        raise InputError(_("'{name}' is a {kind}, not an edition").format(name=name, kind=_(KIND_WORDS.get(other["kind"], other["kind"]))))
    eid = cat.find(name, "edition")  # raises Ambiguous / InputError with the choices
    if eid not in eds:
        loader.load(eid)  # an edition left out of the index did not load: show why
        idx = editions_index(rebuild=True)
    return idx, eid


def _overlay(name: str) -> tuple[str, str] | None:
    """(id, kind) when `name` is a variant or house rule (id or alias, exact), else None."""
    from referee.errors import RefereeError
    from referee.ruleset.names import match
    from referee.ruleset import loader

    cat = loader.catalog()
    choices = {rid: [rid, *(e.get("aliases") or [])] for rid, e in cat.index.items() if e.get("kind") in ("variant", "house-rule")}
    try:
        rid = match(name, choices, "variant", mode="exact")
    except RefereeError:
        return None
    return rid, cat.index[rid]["kind"]


def resolve_ruleset(idx: Index, name: str) -> tuple[Index, str]:
    """The index and key to ask for `--ruleset NAME`: an edition, or a variant or house rule played on the
    default edition (on the first edition it applies to when not that one), its clauses answering first."""
    from referee.errors import RefereeError
    from referee.ruleset.names import match

    eds = idx.meta.get("editions", {})
    try:  # the common case, without reading the catalog
        return idx, match(name, {eid: [eid, *e.get("aliases", [])] for eid, e in eds.items()}, "ruleset", mode="exact")
    except RefereeError:
        pass
    ov = _overlay(name)
    if ov is None:
        return resolve_edition(idx, name)
    from referee.ruleset import loader

    oid, kind = ov
    applies = loader.catalog().index[oid].get("applies_to") or [DEFAULT_EDITION]
    edition = DEFAULT_EDITION if DEFAULT_EDITION in applies else applies[0]
    rs = loader.load(edition, variants=[oid]) if kind == "variant" else loader.load(edition, house_rules=[oid])
    return ruleset_index(rs, idx)


def ask_edition(question: str, ruleset: str | None = None, limit: int = 3, tuning: Tuning = TUNING) -> Answer:
    idx, key = resolve_ruleset(editions_index(), ruleset or DEFAULT_EDITION)
    return idx.ask(question, key, limit, tuning)


class Row:
    """One edition's answer in a comparison.

    `group`: a letter shared by the editions whose best clause has the very same words (inherited).
    `agrees`: the edition answers with the clause and the amounts most editions give.
    `odd_amounts`: the amounts of its answer that most editions do not give ("L. 5.000" among "$50").
    """

    __slots__ = ("edition", "answer", "group", "agrees", "odd_amounts")

    def __init__(self, edition: str, answer: Answer, group: str | None = None, agrees: bool = True, odd_amounts: frozenset = frozenset()):
        self.edition = edition
        self.answer = answer
        self.group = group  # None when the edition has no good answer
        self.agrees = agrees
        self.odd_amounts = odd_amounts

    @property
    def hit(self):
        return self.answer.hits[0] if self.answer.hits else None


def ask_all(question: str, tuning: Tuning = TUNING, idx: Index | None = None) -> list[Row]:
    idx = idx or editions_index()
    return compare([idx.ask(question, eid, 1, tuning, overlays=False) for eid in idx.rulesets()])


def _same(text: str) -> str:
    return " ".join(text.split()).casefold()


def compare(answers: list[Answer]) -> list[Row]:
    """Line the editions' best answers up.

    Editions whose best clause has the same words share a letter. An edition
    disagrees when it answers with another clause than most editions, or gives
    an amount that at most half of the editions giving amounts give (an amount
    left unsaid is no disagreement). Wording is not judged: read the texts.
    """
    rows = [Row(a.ruleset, a) for a in answers]
    found = [r for r in rows if r.hit]
    letters: dict[str, str] = {}
    for r in found:
        r.group = letters.setdefault(_same(r.hit.text), chr(ord("A") + len(letters)))
    if not found:
        return rows
    clauses = [r.hit.clause for r in found]
    main_clause = max(clauses, key=lambda c: (clauses.count(c), -clauses.index(c)))
    said = {r.edition: set(amounts(r.hit.text)) for r in found}
    giving = [r for r in found if said[r.edition]]
    count: dict[str, int] = {}
    for r in giving:
        for a in said[r.edition]:
            count[a] = count.get(a, 0) + 1
    for r in found:
        r.odd_amounts = frozenset(a for a in said[r.edition] if count[a] * 2 <= len(giving) and len(giving) > 1)
        r.agrees = r.hit.clause == main_clause and not r.odd_amounts
    return rows


_AMOUNT = re.compile(r"(?:L\.\s?|\$|£)?\d[\d.,]*\d(?:\s?%)?|(?:L\.\s?|\$|£)?\d(?:\s?%)?")


_YEAR = re.compile(r"^(19|20)\d\d$")


def amount_spans(text: str) -> list[tuple[int, int, str]]:
    """Where the numbers and amounts of a clause text are ("$50", "L. 5.000", "10 %"; not years): (start, end, value)."""
    out = []
    for m in _AMOUNT.finditer(text):
        val = m.group(0).rstrip(".,")
        if _YEAR.match(val):
            continue
        out.append((m.start(), m.start() + len(val), val))
    return out


def amounts(text: str) -> list[str]:
    return [v for _, _, v in amount_spans(text)]
