"""Ruling: each claim run as the transaction it names on its own copy of the
scenario's table; the engine's event or refusal compared with what the
claimant says (and with `expect:`), and a whole file checked."""

from __future__ import annotations

from pathlib import Path

from referee.check.kinds import KINDS
from referee.check.results import FileResult, Ruling
from referee.check.scenario import THROW_KEYS, Claim, Scenario, display
from referee.core.state import BANK
from referee.errors import InputError, MissingData, RefereeError, Refusal, ValidationErrors
from referee.words.i18n import N_, _
from referee.words.messages import render, render_all


def _amount(ev) -> int | None:
    if ev.amount is not None:
        return ev.amount
    if ev.type == "trade":  # what the deal costs beyond the agreed exchange: interest and lifting, to the bank
        return ev.paid_to(BANK)
    return None


NEEDS = {"dice": N_("the throw: dice: [3, 4]"), "choice": N_("the declared choice: choice: percent (or flat)")}


def rule_claim(sc: Scenario, c: Claim) -> Ruling:
    rs = sc.rs
    t = sc.table
    fmt = rs.fmt
    where = c.line
    # what happened first
    for kind, args, line in c.given:
        try:
            ev = KINDS[kind].run(rs, t, args, sc)
        except Refusal as e:
            raise InputError(_("this 'given' step is refused by the rules, so it cannot have happened: {reason}").format(reason=e.message),
                             sc.display, line) from None
        except RefereeError as e:
            raise InputError(str(e.message), sc.display, line) from None
        t = ev.t
    legal, event, refusal = True, None, None
    try:
        event = KINDS[c.kind].run(rs, t, c.args, sc)
        from referee.core import closed

        closed.check(rs, t, event.t)  # as every recorded move: a bankrupt player's account never changes again
    except Refusal as e:
        legal, refusal = False, e
    except InputError as e:
        if e.file:
            raise
        if e.needs in NEEDS:  # the engine names the missing input; say it in the scenario's own keys
            raise InputError(_("'{kind}' needs {what}").format(kind=c.kind, what=_(NEEDS[e.needs])), sc.display, where) from None
        raise InputError(e.message, sc.display, where) from None
    except MissingData as e:
        reason = e.message.replace("pass it with --board FILE", "name it with board: FILE in the scenario")
        raise InputError(_("cannot rule: {reason}").format(reason=reason), sc.display, where) from None
    except RefereeError as e:
        raise InputError(e.message, sc.display, where) from None
    r = Ruling(index=c.index, line=where, says=c.says, kind=c.kind, verdict="upheld", allowed=legal, amount=None, text="")
    r.claimed = {k: v for k, v in c.claimed.items()}
    if "owner" in r.claimed:
        r.claimed["owner"] = {rs.squares[i].name: o for i, o in r.claimed["owner"].items()}
    if event is not None:
        r.amount = _amount(event)
        r.text = render(event.msg, fmt) if event.msg else ""
        r.steps = render_all(event.steps, fmt)
        r.notes = render_all(event.notes, fmt)
        r.clauses = list(event.clauses)
        if c.kind == "rule" and "param" in c.args:
            r.claimed.setdefault("value", c.args.get("value"))
    else:
        assert refusal is not None  # a claim is either ruled or refused
        r.text = _("refused: {reason}").format(reason=refusal.message)
        if refusal.citation:
            r.clauses = [refusal.citation.clause]
    r.citations = [rs.cite(x) for x in r.clauses if rs.has_clause(x)]
    # compare with what the claimant says
    claimed_allowed = c.claimed.get("allowed")
    if claimed_allowed is None and c.kind != "rule":
        claimed_allowed = True
    if claimed_allowed is not None and claimed_allowed != legal:
        r.reasons.append(_("the rules allow it") if legal else _("not allowed: {reason}").format(reason=refusal.message if refusal else ""))
    if "amount" in c.claimed and legal:
        if r.amount != c.claimed["amount"] and not (c.claimed["amount"] == 0 and r.amount is None):
            r.reasons.append(_("claimed {claimed}, the rules give {amount}").format(
                claimed=fmt(c.claimed["amount"]), amount=fmt(r.amount) if r.amount is not None else _("no amount")))
    if c.kind == "rule" and "value" in c.args and "param" in c.args:
        actual = getattr(event, "value", None)
        if actual != c.args["value"]:
            r.reasons.append(_("claimed {param} = {value}, {ruleset} says {actual}").format(
                param=c.args["param"], value=repr(c.args["value"]), ruleset=rs.id, actual=repr(actual)))
    if legal and event is not None:
        after = event.t
        for who, cash in (c.claimed.get("cash") or {}).items():
            have = after.player(who).cash
            if have != cash:
                r.reasons.append(_("claimed {player} ends with {claimed}, the rules leave {amount}").format(player=who, claimed=fmt(cash), amount=fmt(have)))
        for idx, owner in (c.claimed.get("owner") or {}).items():
            have = after.deeds[idx].owner or BANK
            if have != owner:
                r.reasons.append(_("claimed {deed} goes to {owner}, the rules give it to {have}").format(deed=rs.squares[idx].name, owner=owner, have=have))
        _buildings_after(rs, c.claimed.get("after"), after, r.reasons)
        if "over" in c.claimed and after.over != c.claimed["over"]:
            r.reasons.append(_("the game is over") if after.over else _("the game goes on"))
        if "winner" in c.claimed:
            if not after.over:
                r.reasons.append(_("the game goes on: no winner yet"))
            elif after.winner != c.claimed["winner"]:
                r.reasons.append(_("claimed winner {claimed}, the rules make it {winner}").format(
                    claimed=c.claimed["winner"] or _("nobody"), winner=after.winner or _("a tie")))
        r.over = after.over
        r.winner = after.winner
        r.facts = _facts(rs, c, event)
        for k in THROW_KEYS:
            if k in c.claimed and not _same_fact(c.claimed[k], r.facts.get(k)):
                r.reasons.append(_fact_reason(rs, k, c.claimed[k], r.facts.get(k)))
    elif not legal and any(k in c.claimed for k in ("cash", "owner", "over", "winner")) and claimed_allowed is not False:
        pass  # already rejected as not allowed
    r.verdict = "rejected" if r.reasons else "upheld"
    if c.expected is not None:
        r.expected = dict(c.expected)
        _compare(r, c.expected, fmt, rs)
    return r


def _buildings_after(rs, said: dict | None, after, reasons: list) -> None:
    """The houses and hotels a claim says stand on lots and in the bank after the move, against the ruling's table."""
    if not said:
        return
    have = {"houses": after.bank_houses, "hotels": after.bank_hotels}
    for what, n in said["bank"].items():
        if have[what] != n:
            reasons.append(_("claimed the bank ends with {claimed} {what}, the rules leave {have}").format(claimed=n, what=_(what), have=have[what]))
    for idx, n in said["lots"].items():
        d = after.deeds[idx]
        now = "hotel" if d.hotel else d.houses
        if now != n:
            reasons.append(_("claimed {deed} ends with {claimed}, the rules leave {have}").format(
                deed=rs.squares[idx].name, claimed=_("a hotel") if n == "hotel" else n, have=_("a hotel") if now == "hotel" else now))


def _facts(rs, c: Claim, event) -> dict:
    """What the transaction did that a claim may state: the mover's square and jail, and a throw's own facts."""
    facts = dict(event.args.get("facts") or {})
    who = facts.get("player") or c.args.get("player") or c.args.get("payer") or c.args.get("debtor")
    if who and who not in (BANK,) and "lands" not in facts:
        try:
            p = event.t.player(who)
            facts.update(lands=p.position, jailed=p.in_jail)
        except KeyError:
            pass
    return facts


_FACTS = {"lands": N_("the token ends on"), "owes": N_("the square asks"), "jailed": N_("in jail"),
          "again": N_("throws again"), "claim_until": N_("rent claimable until")}


def _same_fact(said, have) -> bool:
    """A claimed fact matches the ruling's; a square named by a name several bear (a tuple) matches any of them."""
    return have in said if isinstance(said, tuple) else said == have


def _fact_reason(rs, k: str, said, have, claimed: bool = True) -> str:
    def show(v):
        if isinstance(v, tuple):
            v = v[0]
        if k == "lands":
            return rs.squares[v].name if isinstance(v, int) and rs.squares else str(v)
        if k == "owes":
            return rs.fmt(v) if v is not None else _("no single amount")
        return {True: _("yes"), False: _("no"), None: _("nobody")}.get(v, str(v)) if not isinstance(v, str) else v
    what = _(_FACTS[k])
    if claimed:
        return _("claimed {what} {said}, the rules give {have}").format(what=what, said=show(said), have=show(have))
    return _("expected: {what} {said}, the rules give {have}").format(what=what, said=show(said), have=show(have))


def _compare(r: Ruling, exp: dict, fmt, rs=None) -> None:
    said = {"upheld": _("UPHELD").lower(), "rejected": _("REJECTED").lower()}
    if exp.get("ruling") != r.verdict:
        why = f" ({'; '.join(r.reasons)})" if r.reasons else ""
        r.mismatches.append(_("expected {expected}, ruled {ruled}").format(
            expected=said.get(str(exp.get("ruling")), exp.get("ruling")), ruled=said.get(r.verdict, r.verdict)) + why)
    if "allowed" in exp and exp["allowed"] != r.allowed:
        r.mismatches.append(_("expected it allowed, the rules do not allow it") if exp["allowed"]
                            else _("expected it not allowed, the rules allow it"))
    if "amount" in exp and exp["amount"] != r.amount and not (exp["amount"] == 0 and r.amount is None):
        none = _("none")
        r.mismatches.append(_("expected amount {expected}, ruled {ruled}").format(
            expected=fmt(exp["amount"]) if exp["amount"] is not None else none, ruled=fmt(r.amount) if r.amount is not None else none))
    for cid in exp.get("clauses", []):
        if cid not in r.clauses:
            r.mismatches.append(_("expected the ruling to cite {clause}; it cites {cited}").format(
                clause=cid, cited=", ".join(r.clauses) or _("nothing")))
    if "over" in exp and exp["over"] != r.over:
        r.mismatches.append(_("expected the game over") if exp["over"] else _("expected the game going on"))
    if "winner" in exp and exp["winner"] != r.winner:
        r.mismatches.append(_("expected winner {expected}, ruled {ruled}").format(expected=exp["winner"], ruled=r.winner))
    for k in THROW_KEYS:
        if k in exp and not _same_fact(exp[k], r.facts.get(k)):
            r.mismatches.append(_fact_reason(rs, k, exp[k], r.facts.get(k), claimed=False))


# ---------------------------------------------------------------- entry points
def check_file(path: Path, display_name: str | None = None) -> FileResult:
    """Parse and rule on one scenario; an invalid file becomes a result with its located error."""
    disp = display_name or display(path)
    res = FileResult(disp)
    try:
        sc = Scenario(path, disp)
        from referee.words import i18n

        i18n.use_words(sc.rs.words)  # the rulings in the words of the edition the file rules by
        res.words = sc.rs.words
        res.ruleset, res.title, res.exercises = sc.ruleset_label, sc.title, sc.exercises
        res.rulings = [rule_claim(sc, c) for c in sc.claims]
        for cid in [x for r in res.rulings for x in r.clauses] + sc.exercises:
            if sc.rs.has_clause(cid):
                res.cited[cid] = sc.rs.origins.get(f"clauses.{cid}", sc.rs.id)
    except InputError as e:
        res.error = str(e) if e.file else f"{disp}: {e}"
        res.rulings = []
    except ValidationErrors as e:  # the file's own problems, each located
        res.error = str(e)
        res.rulings = []
    except RefereeError as e:
        res.error = f"{disp}: {e}"
        res.rulings = []
    return res


def edition_language(paths: list[Path]) -> str | None:
    """The language of the editions the files rule by, when they share one (an it-lire dispute is an Italian
    table's); None when they differ or a file names no edition that loads (its error is reported by check_file)."""
    from referee.ruleset import loader
    from referee.ruleset.yamlfile import read

    langs = set()
    for p in paths:
        try:
            data, _lines = read(p, display(p))
            name = data.get("ruleset") if isinstance(data, dict) else None
            if not isinstance(name, str):
                return None
            if not name.endswith((".yaml", ".yml")):
                name = loader.catalog().find(name, "edition")
            langs.add(loader.load(name).language)
        except (RefereeError, ValidationErrors, OSError):
            return None
        if len(langs) > 1:  # a mixed folder: no one language, and no need to read the rest twice
            return None
    return langs.pop() if langs else None


def collect(paths: list[str]) -> list[Path]:
    """Files named, and every *.yaml / *.yml under folders named (sorted, boards/ excluded)."""
    out: list[Path] = []
    for p in paths:
        pp = Path(p)
        if pp.is_dir():
            for f in sorted(pp.rglob("*.y*ml")):
                if f.suffix in (".yaml", ".yml") and "boards" not in f.relative_to(pp).parts[:-1]:
                    out.append(f)
        else:
            out.append(pp)
    return out

