"""`referee check`: scenario files (a table as it stands plus the claims being
argued) checked by the same core functions the banker commands use.

A scenario is parsed once with line numbers, validated (every error is one
located message: ``scenarios/x.yaml:12: unknown deed 'Bordwalk' (did you mean
Boardwalk?)``), turned into a core ``Table``, and each claim is run as the
transaction it names (``referee.core.actions`` / ``valuation``) on its own
copy of that table. The engine's event (amount, steps, clauses) or refusal
(message, citation) is compared with what the claimant says. Nothing here
prints; the CLI renders ``FileResult``/``Ruling`` objects.

The format is documented in docs/scenarios.md.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from referee.core import actions
from referee.core.state import BANK, POT, Debt, Deed, Player, Table
from referee.core.valuation import value as valuation_value
from referee.core.msg import Msg
from referee.messages import render, render_all
from referee.errors import Ambiguous, Citation, InputError, MissingData, RefereeError, Refusal, ValidationErrors
from functools import lru_cache

from referee.names import norm as _norm

norm = lru_cache(maxsize=4096)(_norm)
from referee.ruleset.model import Ruleset
from referee.yamlfile import read

TOP_KEYS = (
    "title", "description", "ruleset", "variants", "house_rules", "board", "players", "bank", "pot",
    "turn", "bankruptcies", "debts", "history", "exercises", "claims", "source", "tags",
)
PLAYER_KEYS = ("cash", "deeds", "in_jail", "jail_turns", "jail_cards", "position", "bankrupt", "skip_turns")
CLAIM_COMMON = ("says", "by", "given", "amount", "allowed", "cash", "owner", "winner", "over", "expect", "note", "id")
EXPECT_KEYS = ("ruling", "amount", "allowed", "clauses", "winner", "over")
VERDICTS = ("upheld", "rejected")


# ---------------------------------------------------------------- results
@dataclass
class Ruling:
    """The ruling on one claim."""

    index: int
    line: int | None
    says: str
    kind: str
    verdict: str  # upheld | rejected
    allowed: bool  # what the rules say: the transaction is legal
    amount: int | None  # what the rules say it costs (None: no single amount)
    text: str  # the engine's one-line account (event text or refusal message)
    reasons: list[str] = field(default_factory=list)  # why the claim fails, one per point
    steps: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    claimed: dict = field(default_factory=dict)
    expected: dict | None = None
    mismatches: list[str] = field(default_factory=list)  # differences from `expect:`
    over: bool = False  # the game is over after the transaction
    winner: str | None = None

    @property
    def upheld(self) -> bool:
        return self.verdict == "upheld"

    def as_dict(self) -> dict:
        d = {
            "claim": self.index,
            "line": self.line,
            "says": self.says,
            "kind": self.kind,
            "ruling": self.verdict,
            "allowed": self.allowed,
            "amount": self.amount,
            "text": self.text,
            "reasons": self.reasons,
            "steps": self.steps,
            "notes": self.notes,
            "clauses": self.clauses,
            "citations": [c.as_dict() for c in self.citations],
            "claimed": self.claimed,
        }
        if self.expected is not None:
            d["expected"] = self.expected
            d["matches_expected"] = not self.mismatches
            if self.mismatches:
                d["mismatches"] = self.mismatches
        return d


@dataclass
class FileResult:
    path: str
    ruleset: str = "?"
    title: str = ""
    rulings: list[Ruling] = field(default_factory=list)
    error: str | None = None  # a located message when the file is invalid
    exercises: list[str] = field(default_factory=list)
    cited: dict[str, str] = field(default_factory=dict)  # clause id -> where its definition is (file:line (layer))

    @property
    def status(self) -> str:
        if self.error:
            return "invalid"
        return "upheld" if all(r.upheld for r in self.rulings) else "rejected"

    @property
    def has_expectations(self) -> bool:
        return any(r.expected is not None for r in self.rulings)

    @property
    def matches_expected(self) -> bool:
        return self.error is None and all(not r.mismatches for r in self.rulings)

    def as_dict(self) -> dict:
        d: dict[str, Any] = {"file": self.path, "ruleset": self.ruleset, "title": self.title, "status": self.status}
        if self.error:
            d["error"] = self.error
        else:
            d["rulings"] = [r.as_dict() for r in self.rulings]
            if self.has_expectations:
                d["matches_expected"] = self.matches_expected
        return d


# ---------------------------------------------------------------- rulesets, once per combination
_RS_CACHE: dict[tuple, Ruleset] = {}
_NAME_CACHE: dict[int, dict] = {}


def load_ruleset(edition: str, variants: tuple, house_rules: tuple, board: str | None) -> Ruleset:
    key = (edition, variants, house_rules, board)
    rs = _RS_CACHE.get(key)
    if rs is None:
        from referee.ruleset import loader

        rs = loader.load(edition, list(variants), list(house_rules), board, strict=True)
        _RS_CACHE[key] = rs
    return rs


def _deed_names(rs: Ruleset) -> dict:
    idx = _NAME_CACHE.get(id(rs))
    if idx is None:
        names: dict[str, int] = {}
        shown: dict[int, str] = {}
        for sq in rs.squares:
            shown[sq.index] = sq.name
            for n in (sq.name, *sq.aliases):
                names.setdefault(norm(n), sq.index)
        idx = {"names": names, "shown": shown}
        _NAME_CACHE[id(rs)] = idx
    return idx


# ---------------------------------------------------------------- the parser
class Scenario:
    """One parsed, validated scenario: the ruleset, the table, the claims."""

    def __init__(self, path: Path, display: str | None = None):
        self.path = path
        self.display = display or _display(path)
        data, self.lines = read(path, self.display)
        if not isinstance(data, dict):
            raise InputError("a scenario is a mapping (ruleset:, players:, claims:, …); see docs/scenarios.md", self.display, 1)
        self.data = data
        self._check_keys(data, TOP_KEYS, (), "the scenario")
        self.title = self._str(data.get("title", ""), ("title",)) if data.get("title") is not None else ""
        self.rs = self._ruleset()
        self.ruleset_label = self.rs.id
        self.table = self._table()
        self.exercises = self._exercises()
        self.claims = self._claims()

    # ------------------------------------------------------------ located errors
    def line(self, path: tuple) -> int | None:
        p = tuple(path)
        while True:
            if p in self.lines:
                return self.lines[p]
            if not p:
                return None
            p = p[:-1]

    def err(self, path: tuple, message: str) -> InputError:
        return InputError(message, self.display, self.line(path))

    def _check_keys(self, d: dict, allowed: tuple, path: tuple, what: str) -> None:
        for k in d:
            if k not in allowed:
                close = difflib.get_close_matches(str(k), allowed, n=1, cutoff=0.6)
                dym = f" (did you mean '{close[0]}'?)" if close else f" (known: {', '.join(allowed)})"
                raise self.err(path + (k,), f"unknown key '{k}' in {what}{dym}")

    def _map(self, v: Any, path: tuple, what: str) -> dict:
        if v is None:
            return {}
        if not isinstance(v, dict):
            raise self.err(path, f"{what} must be a mapping of keys, not {_show(v)}")
        return v

    def _list(self, v: Any, path: tuple, what: str) -> list:
        if v is None:
            return []
        if isinstance(v, str):
            return [v]
        if not isinstance(v, list):
            raise self.err(path, f"{what} must be a list, not {_show(v)}")
        return v

    def _int(self, v: Any, path: tuple, what: str, minimum: int | None = 0) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            extra = " (money is whole numbers)" if isinstance(v, float) else ""
            raise self.err(path, f"{what} must be a whole number, not {_show(v)}{extra}")
        if minimum is not None and v < minimum:
            raise self.err(path, f"{what} must be at least {minimum}, not {v}")
        return v

    def _bool(self, v: Any, path: tuple, what: str) -> bool:
        if not isinstance(v, bool):
            raise self.err(path, f"{what} must be true or false, not {_show(v)}")
        return v

    def _str(self, v: Any, path: tuple, what: str = "this") -> str:
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            raise self.err(path, f"{what} must be text, not {_show(v)}")
        return str(v)

    # ------------------------------------------------------------ ruleset
    def _ruleset(self) -> Ruleset:
        d = self.data
        if "ruleset" not in d:
            raise self.err((), "no 'ruleset:' (the edition to rule by, e.g. ruleset: us-classic)")
        spec = d["ruleset"]
        edition = self._str(spec, ("ruleset",), "'ruleset'")
        variants = tuple(self._str(v, ("variants", i), "a variant") for i, v in enumerate(self._list(d.get("variants"), ("variants",), "'variants'")))
        houses = tuple(self._str(v, ("house_rules", i), "a house rule") for i, v in enumerate(self._list(d.get("house_rules"), ("house_rules",), "'house_rules'")))
        board = None
        if d.get("board") is not None:
            b = self._str(d["board"], ("board",), "'board'")
            bp = Path(b) if os.path.isabs(b) else self.path.parent / b
            if not bp.is_file():
                raise self.err(("board",), f"no board file '{b}' (a path relative to this scenario)")
            board = str(bp.resolve())
        try:
            return load_ruleset(edition, variants, houses, board)
        except Ambiguous as e:
            raise self.err(self._which_layer(e.message, variants, houses), e.message) from None
        except InputError as e:
            if e.file:  # an error inside a ruleset or board file: already located there
                raise
            raise self.err(self._which_layer(e.message, variants, houses), e.message.split("; referee rules list")[0]) from None

    def _which_layer(self, msg: str, variants: tuple, houses: tuple) -> tuple:
        for i, v in enumerate(variants):
            if f"'{v}'" in msg:
                return ("variants", i)
        for i, h in enumerate(houses):
            if f"'{h}'" in msg:
                return ("house_rules", i)
        return ("ruleset",)

    # ------------------------------------------------------------ names
    def deed(self, v: Any, path: tuple, what: str = "deed", deeds_only: bool = True) -> int:
        rs = self.rs
        if not rs.squares:
            tmpl = rs.board_template or "rulesets/boards/template.yaml"
            raise self.err(path, f"{rs.id}: the board (names, prices, rents) is unknown — the rulebook does not print it; "
                                 f"copy {tmpl}, fill it in from your deeds and name it with board: FILE in the scenario")
        if isinstance(v, int) and not isinstance(v, bool):
            if 0 <= v < len(rs.squares) and (rs.squares[v].is_deed or not deeds_only):
                return v
            raise self.err(path, f"square {v} is not a {what} of {rs.id}")
        text = self._str(v, path, f"a {what} name")
        idx = _deed_names(rs)
        q = norm(text)
        hit = idx["names"].get(q)
        candidates = [hit] if hit is not None else sorted({i for n, i in idx["names"].items() if n.startswith(q) and q})
        if deeds_only:
            candidates = [i for i in candidates if rs.squares[i].is_deed]
        if len(candidates) == 1:
            return candidates[0]
        if len(candidates) > 1:
            shown = ", ".join(idx["shown"][i] for i in candidates[:6])
            raise self.err(path, f"'{text}' could be more than one {what}: {shown}; write more of the name")
        pool = [sq.name for sq in rs.squares if sq.is_deed or not deeds_only]
        close = difflib.get_close_matches(text, pool, n=1, cutoff=0.5)
        dym = f" (did you mean {close[0]}?)" if close else ""
        raise self.err(path, f"unknown {what} '{text}'{dym}")

    def player(self, v: Any, path: tuple, allow_bank: bool = False) -> str:
        text = self._str(v, path, "a player name")
        if allow_bank and norm(text) in ("bank", "banco", "banca", "banker"):
            return BANK
        if allow_bank and norm(text) in ("pot", "jackpot"):
            return POT
        names = self._player_names
        for name in names:
            if name == text or norm(name) == norm(text):
                return name
        close = difflib.get_close_matches(text, names, n=1, cutoff=0.5)
        dym = f" (did you mean {close[0]}?)" if close else f" (players: {', '.join(names)})"
        raise self.err(path, f"unknown player '{text}'{dym}")

    def deck(self, v: Any, path: tuple) -> str:
        text = self._str(v, path, "a deck")
        decks = self.rs.decks()
        for did, deck in decks.items():
            if norm(text) in [norm(did), norm(deck.get("name", did))] + [norm(a) for a in deck.get("aliases") or []]:
                return did
        raise self.err(path, f"unknown deck '{text}' (decks of {self.rs.id}: {', '.join(decks) or 'none'})")

    # ------------------------------------------------------------ the table
    def _table(self) -> Table:
        d, rs = self.data, self.rs
        players_raw = d.get("players")
        if players_raw is None:
            raise self.err((), "no 'players:' (each player by name, with cash and deeds)")
        players_raw = self._map(players_raw, ("players",), "'players'")
        if len(players_raw) < 1:
            raise self.err(("players",), "'players' names nobody")
        self._player_names = [str(n) for n in players_raw]
        deeds = {sq.index: Deed() for sq in rs.deeds}
        players: list[Player] = []
        positions = False
        jail_out: dict[str, int] = {}
        seen_names: set[str] = set()
        for name, spec in players_raw.items():
            path = ("players", name)
            name = str(name)
            if norm(name) in ("bank", "pot", "banco", "banca"):
                raise self.err(path, f"'{name}' is reserved for the bank; name the players")
            if norm(name) in seen_names:
                raise self.err(path, f"two players are named '{name}'")
            seen_names.add(norm(name))
            spec = self._map(spec, path, f"player '{name}'")
            self._check_keys(spec, PLAYER_KEYS, path, f"player '{name}'")
            if "cash" not in spec:
                raise self.err(path, f"player '{name}' has no cash: write cash: AMOUNT")
            p = Player(name, self._int(spec["cash"], path + ("cash",), f"{name}'s cash"))
            for k in ("in_jail", "bankrupt"):
                if k in spec:
                    setattr(p, k, self._bool(spec[k], path + (k,), f"'{k}'"))
            if "jail_turns" in spec:
                p.jail_turns = self._int(spec["jail_turns"], path + ("jail_turns",), "'jail_turns'")
                if p.jail_turns and not p.in_jail:
                    raise self.err(path + ("jail_turns",), f"{name} has jail turns but is not in jail (add in_jail: true)")
            if "skip_turns" in spec:
                p.skip_turns = self._int(spec["skip_turns"], path + ("skip_turns",), "'skip_turns'")
            for i, c in enumerate(self._list(spec.get("jail_cards"), path + ("jail_cards",), "'jail_cards'")):
                deck = self.deck(c, path + ("jail_cards", i))
                p.jail_cards.append(deck)
                jail_out[deck] = jail_out.get(deck, 0) + 1
            if "position" in spec:
                p.position = self.deed(spec["position"], path + ("position",), "square", deeds_only=False)
                positions = True
            elif p.in_jail:
                p.position = actions.jail_square(rs) if rs.squares else 10
            self._deeds(spec.get("deeds"), path + ("deeds",), name, deeds)
            players.append(p)
        # the bank's stock: what the bank holds now, plus what stands on the board
        on_board_h = sum(x.houses for x in deeds.values())
        on_board_H = sum(1 for x in deeds.values() if x.hotel)
        bank = self._map(d.get("bank"), ("bank",), "'bank'")
        self._check_keys(bank, ("houses", "hotels"), ("bank",), "'bank'")
        if "houses" in bank:
            houses_total = self._int(bank["houses"], ("bank", "houses"), "the bank's houses") + on_board_h
        else:
            houses_total = max(rs.bank("houses", 32), on_board_h)
            if on_board_h > rs.bank("houses", 32):
                raise self.err(("players",), f"{on_board_h} houses stand on the board but {rs.id} has only {rs.bank('houses')}")
        if "hotels" in bank:
            hotels_total = self._int(bank["hotels"], ("bank", "hotels"), "the bank's hotels") + on_board_H
        else:
            if on_board_H > rs.bank("hotels", 12):
                raise self.err(("players",), f"{on_board_H} hotels stand on the board but {rs.id} has only {rs.bank('hotels')}")
            hotels_total = rs.bank("hotels", 12)
        t = Table(players=players, deeds=deeds, houses_total=houses_total, hotels_total=hotels_total)
        t.jail_cards_out = jail_out
        if positions:
            t.extra["tracking"] = True
        if d.get("pot") is not None:
            t.pot = self._int(d["pot"], ("pot",), "'pot'")
        if d.get("bankruptcies") is not None:
            t.bankruptcies = self._int(d["bankruptcies"], ("bankruptcies",), "'bankruptcies'")
        else:
            t.bankruptcies = sum(1 for p in players if p.bankrupt)
        self.table = t
        if d.get("turn") is not None:
            who = self.player(d["turn"], ("turn",))
            t.turn = [p.name for p in players].index(who)
        for i, raw in enumerate(self._list(d.get("debts"), ("debts",), "'debts'")):
            path = ("debts", i)
            raw = self._map(raw, path, "a debt")
            self._check_keys(raw, ("debtor", "creditor", "amount", "for"), path, "a debt")
            for k in ("debtor", "creditor", "amount"):
                if k not in raw:
                    raise self.err(path, f"a debt needs '{k}'")
            debtor = self.player(raw["debtor"], path + ("debtor",))
            creditor = self.player(raw["creditor"], path + ("creditor",), allow_bank=True)
            amount = self._int(raw["amount"], path + ("amount",), "a debt's amount", 1)
            t.debts.append(Debt(t.next_debt_id, debtor, creditor, amount, str(raw.get("for", "debt"))))
            t.next_debt_id += 1
        self.history = self._history()
        return t

    def _deeds(self, raw: Any, path: tuple, owner: str, deeds: dict) -> None:
        if raw is None:
            return
        rs = self.rs
        items: list[tuple[Any, Any, tuple]] = []
        if isinstance(raw, list):
            for i, x in enumerate(raw):
                if isinstance(x, dict) and len(x) == 1:
                    (k, v), = x.items()
                    items.append((k, v, path + (i, k)))
                else:
                    items.append((x, None, path + (i,)))
        elif isinstance(raw, dict):
            items = [(k, v, path + (k,)) for k, v in raw.items()]
        else:
            raise self.err(path, f"{owner}'s deeds must be a list of names or a mapping name: state, not {_show(raw)}")
        for name, state, p in items:
            idx = self.deed(name, p)
            d = deeds[idx]
            if d.owner is not None:
                raise self.err(p, f"{rs.squares[idx].name} is listed for both {d.owner} and {owner}")
            d.owner = owner
            self._deed_state(d, state, p, rs.squares[idx])

    def _deed_state(self, d: Deed, state: Any, path: tuple, sq) -> None:
        """unimproved (empty), N (houses), 'N houses', 'hotel', 'mortgaged', or {houses, hotel, mortgaged}."""
        max_h = self.rs.param("building.max_houses", 4)
        if state is None or state == "" or state == "unimproved":
            return
        if isinstance(state, bool):
            raise self.err(path, f"the state of {sq.name} must be a house count, 'hotel' or 'mortgaged', not {state}")
        if isinstance(state, int):
            d.houses = state
        elif isinstance(state, str):
            s = norm(state)
            if s == "hotel":
                d.hotel = True
            elif s == "mortgaged":
                d.mortgaged = True
            elif s.split(" ")[0].isdigit() and s.split(" ")[-1] in ("house", "houses") and len(s.split()) == 2:
                d.houses = int(s.split()[0])
            else:
                raise self.err(path, f"the state of {sq.name} is '{state}': write a house count (2 or '2 houses'), 'hotel' or 'mortgaged'")
        elif isinstance(state, dict):
            self._check_keys(state, ("houses", "hotel", "mortgaged"), path, sq.name)
            if "houses" in state:
                d.houses = self._int(state["houses"], path + ("houses",), "houses")
            if "hotel" in state:
                d.hotel = self._bool(state["hotel"], path + ("hotel",), "'hotel'")
            if "mortgaged" in state:
                d.mortgaged = self._bool(state["mortgaged"], path + ("mortgaged",), "'mortgaged'")
        else:
            raise self.err(path, f"the state of {sq.name} must be a house count, 'hotel' or 'mortgaged', not {_show(state)}")
        if d.houses > max_h:
            raise self.err(path, f"{sq.name} has {d.houses} houses; a lot holds at most {max_h}")
        if d.hotel and d.houses:
            raise self.err(path, f"{sq.name} has a hotel and houses: a hotel replaces the houses")
        if (d.houses or d.hotel) and sq.kind != "lot":
            raise self.err(path, f"{sq.name} is not a colour-group lot: nothing can be built on it")
        if (d.houses or d.hotel) and d.mortgaged:
            raise self.err(path, f"{sq.name} is mortgaged and built on: a mortgaged lot has no buildings")

    def _history(self) -> list[dict]:
        out = []
        for i, raw in enumerate(self._list(self.data.get("history"), ("history",), "'history'")):
            path = ("history", i)
            raw = self._map(raw, path, "a history entry")
            self._check_keys(raw, ("player", "roll", "lands", "passes_go", "note"), path, "a history entry")
            if "player" not in raw:
                raise self.err(path, "a history entry needs 'player' (who rolled)")
            e: dict = {"player": self.player(raw["player"], path + ("player",)), "line": self.line(path)}
            if "roll" in raw:
                r = raw["roll"]
                if isinstance(r, list):
                    if len(r) != 2:
                        raise self.err(path + ("roll",), "a roll is two dice, e.g. roll: [3, 4]")
                    for j, x in enumerate(r):
                        if self._int(x, path + ("roll", j), "a die") not in range(1, 7):
                            raise self.err(path + ("roll", j), f"a die shows 1 to 6, not {x}")
                    e["roll"] = sum(r)
                else:
                    e["roll"] = self._int(r, path + ("roll",), "a roll", 2)
                    if e["roll"] > 12:
                        raise self.err(path + ("roll",), f"two dice total 2 to 12, not {e['roll']}")
            if "lands" in raw:
                e["lands"] = self.deed(raw["lands"], path + ("lands",), "square", deeds_only=False)
            out.append(e)
        return out

    def rolls_since(self, payer: str, idx: int) -> int | None:
        """How many following players have rolled since PAYER landed on IDX (None: not in the history)."""
        for k in range(len(self.history) - 1, -1, -1):
            e = self.history[k]
            if e["player"] == payer and e.get("lands") == idx:
                later = [x for x in self.history[k + 1:] if "roll" in x and x["player"] != payer]
                return len(later)
        return None

    def _exercises(self) -> list[str]:
        out = []
        for i, c in enumerate(self._list(self.data.get("exercises"), ("exercises",), "'exercises'")):
            cid = self._str(c, ("exercises", i), "a clause id")
            self.clause_id(cid, ("exercises", i))
            out.append(cid)
        return out

    def clause_id(self, cid: str, path: tuple) -> str:
        if not self.rs.has_clause(cid):
            ids = [c.id for c in self.rs.clauses]
            close = difflib.get_close_matches(cid, ids, n=1, cutoff=0.6)
            dym = f" (did you mean {close[0]}?)" if close else ""
            raise self.err(path, f"{self.rs.id} has no clause '{cid}'{dym}; `referee rules show {self.rs.edition}` lists them")
        return cid

    # ------------------------------------------------------------ claims
    def _claims(self) -> list["Claim"]:
        raw = self.data.get("claims")
        if raw is None:
            raise self.err((), "no 'claims:' — add the claim being argued (see docs/scenarios.md)")
        raw = self._list(raw, ("claims",), "'claims'")
        if not raw:
            raise self.err(("claims",), "'claims' is empty — add the claim being argued (see docs/scenarios.md)")
        return [self._claim(c, ("claims", i), i) for i, c in enumerate(raw)]

    def _claim(self, raw: Any, path: tuple, i: int) -> "Claim":
        raw = self._map(raw, path, "a claim")
        kinds = [k for k in raw if k in KINDS]
        unknown = [k for k in raw if k not in KINDS and k not in CLAIM_COMMON]
        if unknown:
            allowed = list(KINDS) + list(CLAIM_COMMON)
            k = unknown[0]
            close = difflib.get_close_matches(str(k), allowed, n=1, cutoff=0.6)
            dym = f" (did you mean '{close[0]}'?)" if close else f" (a claim names one of: {', '.join(KINDS)})"
            raise self.err(path + (k,), f"unknown key '{k}' in a claim{dym}")
        if len(kinds) != 1:
            what = "no transaction" if not kinds else f"{len(kinds)} transactions ({', '.join(kinds)})"
            raise self.err(path, f"a claim names exactly one transaction ({', '.join(KINDS)}); this one has {what}")
        kind = kinds[0]
        c = Claim(index=i, line=self.line(path), kind=kind, says=str(raw.get("says") or ""), by=None)
        if raw.get("by") is not None:
            c.by = self.player(raw["by"], path + ("by",))
        c.args = KINDS[kind].parse(self, self._map(raw[kind], path + (kind,), f"'{kind}'") if not isinstance(raw[kind], str) or kind != "rule" else {"clause": raw[kind]}, path + (kind,))
        for j, g in enumerate(self._list(raw.get("given"), path + ("given",), "'given'")):
            gp = path + ("given", j)
            g = self._map(g, gp, "a 'given' step")
            gk = [k for k in g if k in KINDS and k not in ("value", "rule")]
            if len(gk) != 1 or len(g) != 1:
                raise self.err(gp, "a 'given' step is one transaction that happened first, e.g. - salary: {player: Ana}")
            c.given.append((gk[0], KINDS[gk[0]].parse(self, self._map(g[gk[0]], gp + (gk[0],), f"'{gk[0]}'"), gp + (gk[0],)), self.line(gp)))
        if "amount" in raw:
            c.claimed["amount"] = self._int(raw["amount"], path + ("amount",), "the claimed amount")
        if "allowed" in raw:
            c.claimed["allowed"] = self._bool(raw["allowed"], path + ("allowed",), "'allowed'")
        if "over" in raw:
            c.claimed["over"] = self._bool(raw["over"], path + ("over",), "'over'")
        if "winner" in raw:
            c.claimed["winner"] = None if raw["winner"] in (None, "nobody", "tie") else self.player(raw["winner"], path + ("winner",))
        if "cash" in raw:
            cm = self._map(raw["cash"], path + ("cash",), "'cash'")
            c.claimed["cash"] = {self.player(k, path + ("cash", k), allow_bank=False): self._int(v, path + ("cash", k), f"{k}'s cash", None) for k, v in cm.items()}
        if "owner" in raw:
            om = self._map(raw["owner"], path + ("owner",), "'owner'")
            c.claimed["owner"] = {}
            for k, v in om.items():
                idx = self.deed(k, path + ("owner", k))
                c.claimed["owner"][idx] = self.player(v, path + ("owner", k), allow_bank=True)
        if "expect" in raw:
            c.expected = self._expect(raw["expect"], path + ("expect",))
        return c

    def _expect(self, raw: Any, path: tuple) -> dict:
        if isinstance(raw, str):
            raw = {"ruling": raw}
        raw = self._map(raw, path, "'expect'")
        self._check_keys(raw, EXPECT_KEYS, path, "'expect'")
        out: dict = {}
        if "ruling" not in raw:
            raise self.err(path, "'expect' needs 'ruling: upheld' or 'ruling: rejected'")
        if raw["ruling"] not in VERDICTS:
            raise self.err(path + ("ruling",), f"the expected ruling is 'upheld' or 'rejected', not {_show(raw['ruling'])}")
        out["ruling"] = raw["ruling"]
        if "amount" in raw:
            out["amount"] = None if raw["amount"] is None else self._int(raw["amount"], path + ("amount",), "the expected amount")
        if "allowed" in raw:
            out["allowed"] = self._bool(raw["allowed"], path + ("allowed",), "'allowed'")
        if "over" in raw:
            out["over"] = self._bool(raw["over"], path + ("over",), "'over'")
        if "winner" in raw:
            out["winner"] = None if raw["winner"] in (None, "nobody", "tie") else self.player(raw["winner"], path + ("winner",))
        if "clauses" in raw:
            out["clauses"] = [self.clause_id(self._str(x, path + ("clauses", j), "a clause id"), path + ("clauses", j))
                              for j, x in enumerate(self._list(raw["clauses"], path + ("clauses",), "'clauses'"))]
        return out


@dataclass
class Claim:
    index: int
    line: int | None
    kind: str
    says: str
    by: str | None
    args: dict = field(default_factory=dict)
    given: list = field(default_factory=list)
    claimed: dict = field(default_factory=dict)
    expected: dict | None = None


# ---------------------------------------------------------------- transaction kinds
class Kind:
    """A claimable transaction: its fields (name -> type), and the core call that rules on it."""

    def __init__(self, fields: dict[str, str], run: Callable, required: tuple = (), doc: str = ""):
        self.fields = fields
        self.run = run
        self.required = required
        self.doc = doc

    def parse(self, sc: Scenario, raw: dict, path: tuple) -> dict:
        sc._check_keys(raw, tuple(self.fields), path, f"'{path[-1]}'")
        for k in self.required:
            if k not in raw:
                raise sc.err(path, f"'{path[-1]}' needs '{k}'")
        out: dict = {}
        for k, typ in self.fields.items():
            if k not in raw or raw[k] is None:
                continue
            v, p = raw[k], path + (k,)
            if typ == "player":
                out[k] = sc.player(v, p)
            elif typ == "party":
                out[k] = sc.player(v, p, allow_bank=True)
            elif typ == "deed":
                out[k] = sc.deed(v, p)
            elif typ == "deeds":
                out[k] = [sc.deed(x, p + (j,)) for j, x in enumerate(sc._list(v, p, f"'{k}'"))]
            elif typ == "int":
                out[k] = sc._int(v, p, f"'{k}'")
            elif typ == "bool":
                out[k] = sc._bool(v, p, f"'{k}'")
            elif typ == "str":
                out[k] = sc._str(v, p, f"'{k}'")
            elif typ == "dice":
                if isinstance(v, list):
                    if len(v) != 2:
                        raise sc.err(p, "a throw is two dice, e.g. [3, 4]")
                    out[k] = [sc._int(x, p + (j,), "a die") for j, x in enumerate(v)]
                else:
                    out[k] = sc._int(v, p, f"'{k}'")
            elif typ == "card":
                out[k] = _card(sc, v, p)
            elif typ == "side":
                out[k] = _side(sc, v, p)
            elif typ == "clause":
                out[k] = sc.clause_id(sc._str(v, p, "a clause id"), p)
            elif typ == "clauses":
                out[k] = [sc.clause_id(sc._str(x, p + (j,), "a clause id"), p + (j,)) for j, x in enumerate(sc._list(v, p, f"'{k}'"))]
            elif typ == "any":
                out[k] = v
            elif typ.startswith("choice:"):
                choices = typ[7:].split("|")
                if v not in choices:
                    raise sc.err(p, f"'{k}' is one of {', '.join(choices)}, not {_show(v)}")
                out[k] = v
            elif typ == "valuation":
                name = sc._str(v, p, "a valuation method")
                if name not in sc.rs.valuation_names():
                    close = difflib.get_close_matches(name, sc.rs.valuation_names(), n=1, cutoff=0.5)
                    dym = f" (did you mean {close[0]}?)" if close else f" (known: {', '.join(sc.rs.valuation_names())})"
                    raise sc.err(p, f"{sc.rs.id} has no valuation method '{name}'{dym}")
                out[k] = name
            out.setdefault("_lines", {})[k] = sc.line(p)
        out["_line"] = sc.line(path)
        return out


def _card(sc: Scenario, v: Any, path: tuple) -> dict:
    text = sc._str(v, path, "a card")
    deck_hint, _, cid = text.rpartition(":")
    cards = []
    for deck_id, deck in sc.rs.decks().items():
        if deck_hint and norm(deck_hint) not in [norm(deck_id), norm(deck.get("name", deck_id))] + [norm(a) for a in deck.get("aliases") or []]:
            continue
        for c in deck.get("cards") or []:
            if norm(c["id"]) == norm(cid) or norm(c.get("text", "")) == norm(cid):
                cards.append(dict(c, deck=deck_id))
    if len(cards) == 1:
        return cards[0]
    if len(cards) > 1:
        decks = ", ".join(f"{c['deck']}:{c['id']}" for c in cards)
        raise sc.err(path, f"card '{text}' is in more than one deck: write {decks}")
    known = [f"{d}:{c['id']}" for d, deck in sc.rs.decks().items() for c in deck.get("cards") or []]
    if not known:
        raise sc.err(path, f"{sc.rs.id} lists no card texts; a board file may list them")
    close = difflib.get_close_matches(text, known + [k.split(":")[1] for k in known], n=1, cutoff=0.5)
    dym = f" (did you mean {close[0]}?)" if close else ""
    raise sc.err(path, f"unknown card '{text}'{dym}; `referee cards {sc.rs.edition}` lists them")


def _side(sc: Scenario, v: Any, path: tuple) -> actions.Side:
    raw = sc._map(v, path, "one side of a trade")
    sc._check_keys(raw, ("cash", "deeds", "jail_cards"), path, "one side of a trade")
    s = actions.Side()
    if "cash" in raw:
        s.cash = sc._int(raw["cash"], path + ("cash",), "cash")
    s.deeds = [sc.deed(x, path + ("deeds", j)) for j, x in enumerate(sc._list(raw.get("deeds"), path + ("deeds",), "'deeds'"))]
    s.jail_cards = [sc.deck(x, path + ("jail_cards", j)) for j, x in enumerate(sc._list(raw.get("jail_cards"), path + ("jail_cards",), "'jail_cards'"))]
    return s


def _jail(rs, t, a, sc):
    act = a["action"]
    if act == "send":
        return actions.send_to_jail(rs, t, a["player"], a.get("reason", ""))
    if act == "pay":
        return actions.jail_pay(rs, t, a["player"])
    if act == "card":
        return actions.jail_card(rs, t, a["player"], a.get("deck"))
    dice = a.get("dice")
    if not isinstance(dice, list):
        raise InputError("a throw in jail needs both dice: dice: [3, 4]", sc.display, a["_line"])
    return actions.jail_roll(rs, t, a["player"], dice[0], dice[1])


def _rent(rs, t, a, sc):
    rolls = a.get("late")
    if rolls is None:
        rolls = sc.rolls_since(a["payer"], a["deed"])
    dice = a.get("dice")
    if isinstance(dice, list):
        dice = sum(dice)
    return actions.rent(rs, t, a["payer"], a["deed"], dice, a.get("card"), rolls)


def _value(rs, t, a, sc):
    v = valuation_value(rs, t, a["player"], a["method"])
    m = rs.valuation(a["method"])
    ev = actions.Event("value", {"player": a["player"], "method": a["method"]}, t)
    ev.amount = v.total
    ev.steps = list(v.lines) + [f"total {rs.fmt(v.total)}"]
    ev.msg = Msg("text", {"text": f"{a['player']}'s {a['method']} total is {rs.fmt(v.total)}"})
    cl = m.get("clause")
    if cl and rs.has_clause(cl):
        ev.cite(cl)
    return ev


def _rule(rs, t, a, sc):
    ev = actions.Event("rule", {"clause": a["clause"]}, t)
    for cid in [a["clause"]] + a.get("also", []):
        c = rs.clause(cid)
        ev.steps.append(f"{cid}: {c.text}")
        ev.cite(cid)
    ev.msg = Msg("text", {"text": rs.clause(a["clause"]).title or a["clause"]})
    if "param" in a:
        try:
            ev.value = _param(rs, a["param"])
        except KeyError:
            raise InputError(f"{rs.id} has no parameter '{a['param']}'", sc.display, a["_lines"]["param"]) from None
        ev.steps.append(f"{a['param']} = {ev.value!r} ({rs.origin_of(a['param'].removeprefix('rules.')) if a['param'].startswith('rules.') else rs.id})")
    return ev


def _param(rs: Ruleset, dotted: str) -> Any:
    node: Any = rs.data
    for part in dotted.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, dict) and part.isdigit() and int(part) in node:
            node = node[int(part)]
        else:
            raise KeyError(dotted)
    return node


KINDS: dict[str, Kind] = {
    "rent": Kind({"payer": "player", "deed": "deed", "dice": "dice", "card": "card", "late": "int"}, _rent, ("payer", "deed"),
                 "rent on DEED owed by PAYER; dice for utilities; card for 'nearest' cards; late = following players who rolled since (else from history)"),
    "buy": Kind({"player": "player", "deed": "deed"}, lambda rs, t, a, sc: actions.buy(rs, t, a["player"], a["deed"]), ("player", "deed")),
    "auction": Kind({"player": "player", "deed": "deed", "price": "int"}, lambda rs, t, a, sc: actions.auction(rs, t, a["player"], a["deed"], a["price"]), ("player", "deed", "price")),
    "build": Kind({"deed": "deed", "count": "int", "hotel": "bool", "price": "int"},
                  lambda rs, t, a, sc: actions.build(rs, t, a["deed"], a.get("count", 1), a.get("hotel", False), a.get("price")), ("deed",)),
    "sell": Kind({"deed": "deed", "count": "int"}, lambda rs, t, a, sc: actions.sell_buildings(rs, t, a["deed"], a.get("count", 1)), ("deed",)),
    "mortgage": Kind({"deed": "deed"}, lambda rs, t, a, sc: actions.mortgage(rs, t, a["deed"]), ("deed",)),
    "unmortgage": Kind({"deed": "deed"}, lambda rs, t, a, sc: actions.unmortgage(rs, t, a["deed"]), ("deed",)),
    "trade": Kind({"a": "player", "b": "player", "give": "side", "take": "side", "lift": "deeds"},
                  lambda rs, t, a, sc: actions.trade(rs, t, a["a"], a["b"], a.get("give") or actions.Side(), a.get("take") or actions.Side(), a.get("lift")), ("a", "b")),
    "income-tax": Kind({"player": "player", "choice": "choice:percent|flat"}, lambda rs, t, a, sc: actions.income_tax(rs, t, a["player"], a.get("choice")), ("player",)),
    "luxury-tax": Kind({"player": "player"}, lambda rs, t, a, sc: actions.luxury_tax(rs, t, a["player"]), ("player",)),
    "salary": Kind({"player": "player", "landed": "bool"}, lambda rs, t, a, sc: actions.salary(rs, t, a["player"], a.get("landed", False)), ("player",)),
    "pay": Kind({"payer": "party", "payee": "party", "amount": "int", "for": "str"},
                lambda rs, t, a, sc: actions.pay(rs, t, a["payer"], a["payee"], a["amount"], a.get("for", "")), ("payer", "payee", "amount")),
    "card": Kind({"player": "player", "card": "card", "passed_go": "bool"}, lambda rs, t, a, sc: actions.draw_card(rs, t, a["player"], a["card"], a.get("passed_go", False)), ("player", "card")),
    "jail": Kind({"player": "player", "action": "choice:send|pay|card|roll", "dice": "dice", "deck": "str", "reason": "str"}, _jail, ("player", "action")),
    "free-parking": Kind({"player": "player"}, lambda rs, t, a, sc: actions.free_parking(rs, t, a["player"]), ("player",)),
    "settle": Kind({"player": "player"}, lambda rs, t, a, sc: actions.settle(rs, t, a["player"]), ("player",)),
    "bankrupt": Kind({"player": "player"}, lambda rs, t, a, sc: actions.bankrupt(rs, t, a["player"]), ("player",)),
    "pay-in-property": Kind({"debtor": "player", "deeds": "deeds", "value": "int"},
                            lambda rs, t, a, sc: actions.partial_payment(rs, t, a["debtor"], a["deeds"], a["value"]), ("debtor", "deeds", "value")),
    "deal": Kind({"player": "player", "deeds": "deeds"}, lambda rs, t, a, sc: actions.deal(rs, t, a["player"], a["deeds"]), ("player", "deeds")),
    "value": Kind({"player": "player", "method": "valuation"}, _value, ("player", "method")),
    "rule": Kind({"clause": "clause", "also": "clauses", "question": "str", "param": "str", "value": "any"}, _rule, ("clause",)),
}


# ---------------------------------------------------------------- ruling
def _amount(ev) -> int | None:
    if ev.amount is not None:
        return ev.amount
    if ev.type == "trade":  # what the deal costs beyond the agreed exchange: interest and lifting, to the bank
        return ev.paid_to(BANK)
    return None


NEEDS = {"dice": "the throw: dice: [3, 4]", "choice": "the declared choice: choice: percent (or flat)"}


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
            raise InputError(f"this 'given' step is refused by the rules, so it cannot have happened: {e.message}", sc.display, line) from None
        except RefereeError as e:
            raise InputError(str(e.message), sc.display, line) from None
        t = ev.t
    legal, event, refusal = True, None, None
    try:
        event = KINDS[c.kind].run(rs, t, c.args, sc)
    except Refusal as e:
        legal, refusal = False, e
    except InputError as e:
        if e.file:
            raise
        if e.needs in NEEDS:  # the core names the missing input; say it in the scenario's own keys
            raise InputError(f"'{c.kind}' needs {NEEDS[e.needs]}", sc.display, where) from None
        raise InputError(e.message, sc.display, where) from None
    except MissingData as e:
        raise InputError(f"cannot rule: {e.message}".replace("pass it with --board FILE", "name it with board: FILE in the scenario"), sc.display, where) from None
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
        if c.kind == "rule" and hasattr(event, "value"):
            r.claimed.setdefault("value", c.args.get("value"))
    else:
        r.text = f"refused: {refusal.message}"
        if refusal.citation:
            r.clauses = [refusal.citation.clause]
    r.citations = [rs.cite(x) for x in r.clauses if rs.has_clause(x)]
    # compare with what the claimant says
    claimed_allowed = c.claimed.get("allowed")
    if claimed_allowed is None and c.kind != "rule":
        claimed_allowed = True
    if claimed_allowed is not None and claimed_allowed != legal:
        r.reasons.append("the rules allow it" if legal else f"not allowed: {refusal.message if refusal else ''}")
    if "amount" in c.claimed and legal:
        if r.amount != c.claimed["amount"]:
            r.reasons.append(f"claimed {fmt(c.claimed['amount'])}, the rules give {fmt(r.amount) if r.amount is not None else 'no amount'}")
    if c.kind == "rule" and "value" in c.args and "param" in c.args:
        actual = getattr(event, "value", None)
        if actual != c.args["value"]:
            r.reasons.append(f"claimed {c.args['param']} = {c.args['value']!r}, {rs.id} says {actual!r}")
    if legal and event is not None:
        after = event.t
        for who, cash in (c.claimed.get("cash") or {}).items():
            have = after.player(who).cash
            if have != cash:
                r.reasons.append(f"claimed {who} ends with {fmt(cash)}, the rules leave {fmt(have)}")
        for idx, owner in (c.claimed.get("owner") or {}).items():
            have = after.deeds[idx].owner or BANK
            if have != owner:
                r.reasons.append(f"claimed {rs.squares[idx].name} goes to {owner}, the rules give it to {have}")
        if "over" in c.claimed and after.over != c.claimed["over"]:
            r.reasons.append("the game is over" if after.over else "the game goes on")
        if "winner" in c.claimed:
            if not after.over:
                r.reasons.append("the game goes on: no winner yet")
            elif after.winner != c.claimed["winner"]:
                r.reasons.append(f"claimed winner {c.claimed['winner'] or 'nobody'}, the rules make it {after.winner or 'a tie'}")
        r.over = after.over
        r.winner = after.winner
    elif not legal and any(k in c.claimed for k in ("cash", "owner", "over", "winner")) and claimed_allowed is not False:
        pass  # already rejected as not allowed
    r.verdict = "rejected" if r.reasons else "upheld"
    if c.expected is not None:
        r.expected = dict(c.expected)
        _compare(r, c.expected, fmt)
    return r


def _compare(r: Ruling, exp: dict, fmt) -> None:
    if exp.get("ruling") != r.verdict:
        why = f" ({'; '.join(r.reasons)})" if r.reasons else ""
        r.mismatches.append(f"expected {exp['ruling']}, ruled {r.verdict}{why}")
    if "allowed" in exp and exp["allowed"] != r.allowed:
        r.mismatches.append(f"expected {'allowed' if exp['allowed'] else 'not allowed'}, the rules say {'allowed' if r.allowed else 'not allowed'}")
    if "amount" in exp and exp["amount"] != r.amount:
        r.mismatches.append(f"expected amount {fmt(exp['amount']) if exp['amount'] is not None else 'none'}, ruled {fmt(r.amount) if r.amount is not None else 'none'}")
    for cid in exp.get("clauses", []):
        if cid not in r.clauses:
            r.mismatches.append(f"expected the ruling to cite {cid}; it cites {', '.join(r.clauses) or 'nothing'}")
    if "over" in exp and exp["over"] != r.over:
        r.mismatches.append(f"expected the game {'over' if exp['over'] else 'going on'}")
    if "winner" in exp and exp["winner"] != r.winner:
        r.mismatches.append(f"expected winner {exp['winner']}, ruled {r.winner}")


# ---------------------------------------------------------------- entry points
def check_file(path: Path, display: str | None = None) -> FileResult:
    """Parse and rule on one scenario; an invalid file becomes a result with its located error."""
    disp = display or _display(path)
    res = FileResult(disp)
    try:
        sc = Scenario(path, disp)
        res.ruleset, res.title, res.exercises = sc.ruleset_label, sc.title, sc.exercises
        res.rulings = [rule_claim(sc, c) for c in sc.claims]
        for cid in [x for r in res.rulings for x in r.clauses] + sc.exercises:
            if sc.rs.has_clause(cid):
                res.cited[cid] = sc.rs.origins.get(f"clauses.{cid}", sc.rs.id)
    except InputError as e:
        res.error = str(e) if e.file else f"{disp}: {e}"
        res.rulings = []
    except ValidationErrors as e:
        res.error = f"{disp}: its ruleset does not load:\n" + str(e)
        res.rulings = []
    except RefereeError as e:
        res.error = f"{disp}: {e}"
        res.rulings = []
    return res


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


def _display(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def _show(v: Any) -> str:
    if v is None:
        return "nothing"
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    return repr(v)


# ---------------------------------------------------------------- clause coverage
def shipped_combinations() -> list[tuple[str, tuple, tuple]]:
    """Every composition the shipped files allow: each edition alone, and each
    variant or house rule on each edition it applies to."""
    from referee.ruleset import loader

    cat = loader.catalog()
    eds = [e for e in cat.ids("edition") if not cat.index[e].get("invalid")]
    chains = {e: load_ruleset(e, (), (), None).data.get("_chain", [e]) for e in eds}
    combos: list[tuple[str, tuple, tuple]] = [(e, (), ()) for e in eds]
    for kind, slot in (("variant", 0), ("house-rule", 1)):
        for oid in cat.ids(kind):
            if cat.index[oid].get("invalid"):
                continue
            applies = set(cat.index[oid].get("applies_to") or [])
            for e in eds:
                if not applies or applies & set(chains[e]):
                    combos.append((e, (oid,), ()) if slot == 0 else (e, (), (oid,)))
    return combos


@dataclass
class ClauseDef:
    where: str  # file:line (layer) of the definition
    layer: str
    clause: str
    title: str
    rulesets: list[str] = field(default_factory=list)  # compositions that contain it
    scenarios: list[str] = field(default_factory=list)


def clause_definitions() -> dict[str, ClauseDef]:
    defs: dict[str, ClauseDef] = {}
    for e, vs, hs in shipped_combinations():
        rs = load_ruleset(e, vs, hs, None)
        for c in rs.clauses:
            where = rs.origins.get(f"clauses.{c.id}", f"? ({c.origin})")
            d = defs.get(where)
            if d is None:
                d = defs[where] = ClauseDef(where, c.origin, c.id, c.title)
            if rs.id not in d.rulesets:
                d.rulesets.append(rs.id)
    return defs


def coverage(results: list[FileResult]) -> dict[str, ClauseDef]:
    """Clause definitions of every shipped ruleset, each with the scenarios that exercise it."""
    defs = clause_definitions()
    for res in results:
        for cid, where in res.cited.items():
            d = defs.get(where)
            if d is not None and res.path not in d.scenarios:
                d.scenarios.append(res.path)
    return defs
