"""A scenario file: a table as it stands plus the claims being argued.

Parsed once with line numbers (referee.ruleset.yamlfile) and validated; the table part
is read by the shared table-file parser (referee.moves.tablefile), the claims by the
claim kinds (referee.check.kinds). Every problem is one located message
(``scenarios/x.yaml:12: unknown deed 'Bordwalk' (did you mean Boardwalk?)``);
the table's problems and one per claim are reported together.

The format is documented in docs/scenarios.md.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.check.kinds import KINDS
from referee.check.results import VERDICTS
from referee.check.rulesets import load_ruleset
from referee.core import jail
from referee.core.state import Debt, Table
from referee.errors import InputError, RefereeError, Refusal, ValidationErrors
from referee.moves import tablefile
from referee.ruleset.model import Ruleset
from referee.ruleset.names import Names, bank_party, closest, key_hint, match
from referee.ruleset.yamlfile import Errors, load
from referee.words.i18n import N_, _

TOP_KEYS = (
    "title", "description", "ruleset", "variants", "house_rules", "board", "players", "bank", "pot",
    "turn", "bankruptcies", "debts", "history", "exercises", "claims", "source", "tags",
)
# what a throw did: the square reached, what it asks, jail, another throw, until whom the rent may be claimed
THROW_KEYS = ("lands", "owes", "jailed", "again", "claim_until")
CLAIM_COMMON = ("says", "by", "given", "amount", "allowed", "cash", "owner", "winner", "over", "after", "expect", "note", "id") + THROW_KEYS
EXPECT_KEYS = ("ruling", "amount", "allowed", "clauses", "winner", "over") + THROW_KEYS


def display(path: Path) -> str:
    """A file under the working folder is shown relative to it; any other as given (no '../..')."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, RuntimeError, OSError):  # outside the folder; a symbolic-link loop (read_bytes names it)
        return str(path)


_show = tablefile.show


class Scenario:
    """One parsed, validated scenario: the ruleset, the table, the claims."""

    def __init__(self, path: Path, display_name: str | None = None):
        self.path = path
        self.display = display_name or display(path)
        self.doc = load(path, self.display)
        data, self.lines = self.doc.data, self.doc.lines
        if not isinstance(data, dict):
            raise InputError(_("a scenario is a mapping (ruleset:, players:, claims:, …); see docs/scenarios.md"), self.display, 1)
        self.data = data
        self.errors = Errors(self.doc.where)
        self._check_keys(data, TOP_KEYS, (), N_("the scenario"))
        self.title = self._str(data.get("title", ""), ("title",)) if data.get("title") is not None else ""
        self.rs = self._ruleset()
        self.ruleset_label = self.rs.id
        self.table = self._table()
        self.exercises = self._collecting(self._exercises, [])
        self.claims = self._claims()
        self.errors.raise_any()

    def _collecting(self, fn, default):
        """Run one part of the parse; its error joins the file's others and the parse goes on."""
        try:
            return fn()
        except InputError as e:
            self.errors.items.append(e)
            return default

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
                dym = key_hint(k, allowed) or _(" (known: {known})").format(known=", ".join(allowed))
                raise self.err(path + (k,), _("unknown key '{key}' in {what}{hint}").format(key=k, what=_(what), hint=dym))

    def _map(self, v: Any, path: tuple, what: str) -> dict:
        if v is None:
            return {}
        if not isinstance(v, dict):
            raise self.err(path, _("{what} must be a mapping of keys, not {value}").format(what=_(what), value=_show(v)))
        return v

    def _list(self, v: Any, path: tuple, what: str) -> list:
        if v is None:
            return []
        if isinstance(v, str):
            return [v]
        if not isinstance(v, list):
            raise self.err(path, _("{what} must be a list, not {value}").format(what=_(what), value=_show(v)))
        return v

    def _int(self, v: Any, path: tuple, what: str, minimum: int | None = 0) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            extra = _(" (money is whole numbers)") if isinstance(v, float) else ""
            raise self.err(path, _("{name} must be a whole number, not {value}{extra}").format(name=_(what), value=_show(v), extra=extra))
        if minimum is not None and v < minimum:
            raise self.err(path, _("{what} must be at least {minimum}, not {value}").format(what=_(what), minimum=minimum, value=v))
        from referee.moves.amounts import too_large

        if too_large(abs(v)):
            raise self.err(path, _("{what} {value} is more than any game holds (all the money in the game is less): a typing slip?").format(what=_(what), value=v))
        return v

    def _bool(self, v: Any, path: tuple, what: str) -> bool:
        if not isinstance(v, bool):
            raise self.err(path, _("{name} must be true or false, not {value}").format(name=_(what), value=_show(v)))
        return v

    def _str(self, v: Any, path: tuple, what: str = N_("this")) -> str:
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            raise self.err(path, _("{name} must be text, not {value}").format(name=_(what), value=_show(v)))
        return str(v)

    # ------------------------------------------------------------ ruleset
    def _ruleset(self) -> Ruleset:
        """The composition named, each name checked where it is written (an id or an alias, never a guess)."""
        from referee.ruleset import loader

        d = self.data
        if "ruleset" not in d:
            raise self.err((), _("no 'ruleset:' (the edition to rule by, e.g. ruleset: us-classic)"))
        edition = self._str(d["ruleset"], ("ruleset",), "'ruleset'")
        variants = [self._str(v, ("variants", i), N_("a variant")) for i, v in enumerate(self._list(d.get("variants"), ("variants",), "'variants'"))]
        houses = [self._str(v, ("house_rules", i), N_("a house rule")) for i, v in enumerate(self._list(d.get("house_rules"), ("house_rules",), "'house_rules'"))]
        board = None
        if d.get("board") is not None:
            b = self._str(d["board"], ("board",), "'board'")
            bp = Path(b) if os.path.isabs(b) else self.path.parent / b
            if not bp.is_file():
                raise self.err(("board",), _("no board file '{file}' (a path relative to this scenario)").format(file=b))
            board = str(bp.resolve())
        cat = loader.catalog()

        def find(name: str, kind: str, path: tuple) -> str:
            if kind == "edition" and name.endswith((".yaml", ".yml")):
                return name
            try:
                return cat.find(name, kind)
            except RefereeError as e:
                raise self.err(path, e.message.split("; referee rules list")[0]) from None

        eid = find(edition, "edition", ("ruleset",))
        vids = tuple(find(v, "variant", ("variants", i)) for i, v in enumerate(variants))
        hids = tuple(find(h, "house-rule", ("house_rules", i)) for i, h in enumerate(houses))
        try:
            return load_ruleset(eid, vids, hids, board)
        except ValidationErrors as e:
            raise InputError(_("its ruleset does not load:") + "\n" + str(e), self.display) from None
        except InputError as e:
            if e.file:  # an error inside a ruleset or board file: already located there
                raise
            raise self.err(("ruleset",), e.message.split("; referee rules list")[0]) from None

    # ------------------------------------------------------------ names
    def deed(self, v: Any, path: tuple, what: str = "deed", deeds_only: bool = True) -> int:
        try:
            return tablefile.square(self.rs, v, what, deeds_only)
        except RefereeError as e:
            raise self.err(path, e.message) from None

    def player(self, v: Any, path: tuple, allow_bank: bool = False) -> str:
        text = self._str(v, path, N_("a player name"))
        if allow_bank and bank_party(text):
            return bank_party(text) or ""
        names = self._player_names
        try:
            return match(text, self._player_choices, "player", mode="exact", hint=_("players: {names}").format(names=", ".join(names)))
        except RefereeError as e:
            raise self.err(path, e.message) from None

    def deck(self, v: Any, path: tuple) -> str:
        text = self._str(v, path, N_("a deck"))
        decks = self.rs.decks()
        choices = {did: [did, deck.get("name", did), *(deck.get("aliases") or [])] for did, deck in decks.items()}
        try:
            return match(text, choices, "deck", mode="exact", hint=_("decks of {ruleset}: {decks}").format(ruleset=self.rs.id, decks=", ".join(decks) or _("none")))
        except RefereeError as e:
            raise self.err(path, e.message) from None

    # ------------------------------------------------------------ the table
    def _table(self) -> Table:
        """The table through the shared parser; then what only a scenario says: positions, jail, turns, debts, history."""
        d, rs, errs = self.data, self.rs, self.errors
        if d.get("players") is None:
            raise self.err((), _("no 'players:' (each player by name, with cash and deeds)"))
        t, entries = tablefile.read_table(rs, d, errs, game_keys=True, require_cash=True)
        if errs and not rs.squares:  # nothing else can be checked without the board
            errs.raise_any()
        self._player_names = [e.name for e in entries]
        self._player_choices = Names({n: [n] for n in self._player_names})
        jail_out: dict[str, int] = {}
        self._declared: dict[str, str] = {}
        for e, p in zip(entries, t.players):
            self._collecting(lambda e=e, p=p: self._game_keys(e.name, e.body, e.path, p, jail_out), None)
        if self._declared:
            t.extra["tax_declared"] = dict(self._declared)
        t.jail_cards_out = jail_out
        # a stated square is known for that player only: it does not switch turn tracking (and its
        # claim-window notes) on for the whole table; a card's trip past GO is worked out from it
        placed = [e.name for e in entries if "position" in e.body]
        if placed:
            t.extra["positions"] = placed
        self.table = t
        self.turn_stated = False
        self._collecting(lambda: self._around(t), None)
        self._possible(t, entries)
        self.history = self._collecting(self._history, [])
        # jailed players whose failed throws end the history have thrown this turn (the fine came before it)
        thrown: dict = {}
        for e in reversed(self.history):
            dice = e.get("dice")
            if "roll" not in e or not t.player(e["player"]).in_jail or (dice and dice[0] == dice[1]):
                break
            thrown.setdefault(e["player"], dice or [])
        if thrown:
            t.extra["jail_thrown"] = thrown
        return t

    def _game_keys(self, name: str, spec: dict, path: tuple, p, jail_out: dict) -> None:
        rs = self.rs
        if "in_jail" in spec:
            p.in_jail = self._bool(spec["in_jail"], path + ("in_jail",), "'in_jail'")
        if "jail_turns" in spec:
            p.jail_turns = self._int(spec["jail_turns"], path + ("jail_turns",), "'jail_turns'")
            if p.jail_turns and not p.in_jail:
                raise self.err(path + ("jail_turns",), _("{player} has jail turns but is not in jail (add in_jail: true)").format(player=name))
        if "skip_turns" in spec:
            p.skip_turns = self._int(spec["skip_turns"], path + ("skip_turns",), "'skip_turns'")
        for i, c in enumerate(self._list(spec.get("jail_cards"), path + ("jail_cards",), "'jail_cards'")):
            deck = self.deck(c, path + ("jail_cards", i))
            p.jail_cards.append(deck)
            jail_out[deck] = jail_out.get(deck, 0) + 1
        if "declared" in spec:  # the income-tax choice declared before counting (it binds)
            choice = self._str(spec["declared"], path + ("declared",), "'declared'")
            if choice not in ("percent", "flat"):
                raise self.err(path + ("declared",), _("'declared' is percent or flat, not {value}").format(value=repr(choice)))
            self._declared[name] = choice
        if "position" in spec:
            p.position = self.deed(spec["position"], path + ("position",), "square", deeds_only=False)
            cell = jail.jail_square(rs) if rs.squares else 10
            if p.in_jail and p.position != cell:  # a jailed token stands in jail: a slip the rulings would build on
                raise self.err(path + ("position",), _("{player} is in jail, so the token is on {jail}, not on {square}").format(
                    player=name, jail=rs.squares[cell].name if rs.squares else "Jail", square=rs.squares[p.position].name if rs.squares else p.position))
        elif p.in_jail:
            p.position = jail.jail_square(rs) if rs.squares else 10

    def _around(self, t: Table) -> None:
        """The pot, the bankruptcies so far, whose turn it is, the debts outstanding."""
        d = self.data
        if d.get("pot") is not None:
            t.pot = self._int(d["pot"], ("pot",), "'pot'")
        if d.get("bankruptcies") is not None:
            t.bankruptcies = self._int(d["bankruptcies"], ("bankruptcies",), "'bankruptcies'")
        self.turn_stated = d.get("turn") is not None  # then a throw by anyone else is out of turn
        if d.get("turn") is not None:
            who = self.player(d["turn"], ("turn",))
            t.turn = [p.name for p in t.players].index(who)
        for i, raw in enumerate(self._list(d.get("debts"), ("debts",), "'debts'")):
            path = ("debts", i)
            raw = self._map(raw, path, N_("a debt"))
            self._check_keys(raw, ("debtor", "creditor", "amount", "for"), path, N_("a debt"))
            for k in ("debtor", "creditor", "amount"):
                if k not in raw:
                    raise self.err(path, _("a debt needs '{key}'").format(key=k))
            debtor = self.player(raw["debtor"], path + ("debtor",))
            creditor = self.player(raw["creditor"], path + ("creditor",), allow_bank=True)
            if creditor == debtor:
                raise self.err(path + ("creditor",), _("{player} cannot owe a debt to themselves").format(player=debtor))
            for who, k in ((debtor, "debtor"), (creditor, "creditor")):
                if who in self._player_names and t.player(who).bankrupt:  # an account closed at the bankruptcy
                    raise self.err(path + (k,), _("{player} is bankrupt, out of the game: a bankrupt player neither owes nor is owed").format(player=who))
            amount = self._int(raw["amount"], path + ("amount",), N_("a debt's amount"), 1)
            t.debts.append(Debt(t.next_debt_id, debtor, creditor, amount, str(raw.get("for", "debt"))))
            t.next_debt_id += 1

    def _possible(self, t: Table, entries: list) -> None:
        """A table no game of the edition can reach is refused where it is written (issue 28): the edition's player
        count (as `new` holds it), jail turns past the last throw allowed, more jail cards than a deck holds, a
        colour group built unevenly."""
        from referee.core import setup
        from referee.core.cards import jail_card_copies

        rs, errs = self.rs, self.errors
        try:
            setup.player_count(rs, len(t.players))
        except Refusal as refusal:
            errs.items.append(self.err(("players",), refusal.message))
        most = rs.p.jail.max_turns
        holders: dict[str, tuple] = {}
        for e, p in zip(entries, t.players):
            if p.jail_turns >= most:  # after the last failed throw a player pays and leaves
                errs.items.append(self.err(e.path + ("jail_turns",), _("{player} cannot have {n} failed throws in jail: {ruleset} lets a player try at most {most} times, then pay and leave").format(
                    player=e.name, n=p.jail_turns, ruleset=rs.id, most=most)))
            for deck in p.jail_cards:
                holders.setdefault(deck, e.path + ("jail_cards",))
        for deck, n in t.jail_cards_out.items():
            copies = jail_card_copies(rs, deck)
            if n > copies:
                errs.items.append(self.err(holders[deck], _("{n} Get Out of Jail Free cards of {deck} are held, but the deck has {copies}").format(
                    n=n, deck=rs.decks()[deck].get("name", deck), copies=copies)))
        if not rs.p.building.even_build or not rs.squares or errs.items:  # a deed misread is not uneven
            return
        paths = {e.name: e.path for e in entries}
        for group in dict.fromkeys(sq.group for sq in rs.squares if sq.kind == "lot" and sq.group):
            lots = rs.group_members(group)
            # a hotel stands one above the houses it needs (the short game's hotel follows three)
            levels = {i: rs.p.building.hotel_houses + 1 if t.deeds[i].hotel else t.deeds[i].houses for i in lots}
            if max(levels.values()) - min(levels.values()) > rs.p.building.max_difference:
                top = max(lots, key=lambda i: levels[i])
                shown = ", ".join(f"{rs.squares[i].name} {levels[i] if not t.deeds[i].hotel else _('hotel')}" for i in lots)
                errs.items.append(self.err(paths.get(t.deeds[top].owner or "", ("players",)) + ("deeds",), _(
                    "{group} is built unevenly ({levels}): houses go up and come down evenly, so no game reaches this table").format(
                    group=rs.group_name(group), levels=shown)))

    def _history(self) -> list[dict]:
        out = []
        for i, raw in enumerate(self._list(self.data.get("history"), ("history",), "'history'")):
            path = ("history", i)
            raw = self._map(raw, path, N_("a history entry"))
            self._check_keys(raw, ("player", "roll", "lands", "passes_go", "note"), path, N_("a history entry"))
            if "player" not in raw:
                raise self.err(path, _("a history entry needs 'player' (who rolled)"))
            e: dict = {"player": self.player(raw["player"], path + ("player",)), "line": self.line(path)}
            if "roll" in raw:
                r = raw["roll"]
                if isinstance(r, list):
                    if len(r) != 2:
                        raise self.err(path + ("roll",), _("a roll is two dice, e.g. roll: [3, 4]"))
                    for j, x in enumerate(r):
                        if self._int(x, path + ("roll", j), N_("a die")) not in range(1, 7):
                            raise self.err(path + ("roll", j), _("a die shows 1 to 6, not {value}").format(value=x))
                    e["roll"] = sum(r)
                    e["dice"] = [r[0], r[1]]
                else:
                    e["roll"] = self._int(r, path + ("roll",), N_("a roll"), 2)
                    if e["roll"] > 12:
                        raise self.err(path + ("roll",), _("two dice total 2 to 12, not {value}").format(value=e["roll"]))
            if "lands" in raw:
                e["lands"] = self.deed(raw["lands"], path + ("lands",), "square", deeds_only=False)
            out.append(e)
        return out

    def this_turn(self, player: str) -> list[dict]:
        """The history's last throws when they are `player`'s: the throws of the turn in progress."""
        out: list[dict] = []
        for e in reversed(self.history):
            if e["player"] != player:
                break
            if "roll" in e:
                out.insert(0, e)
        return out

    def doubles_before(self, player: str) -> int:
        """Doubles `player` has thrown in a row this turn, from the history (needs both dice: roll: [d, d])."""
        run = 0
        for e in reversed(self.this_turn(player)):
            dice = e.get("dice")
            if not dice or dice[0] != dice[1]:
                break
            run += 1
        return run

    def rolls_since(self, payer: str, idx: int) -> int | None:
        """How many following players have rolled since PAYER landed on IDX (None: not in the history)."""
        for k in range(len(self.history) - 1, -1, -1):
            e = self.history[k]
            if e["player"] == payer and e.get("lands") == idx:
                turns, prev = 0, e["player"]  # a player's throws in a row are one turn (the doubles' re-throws)
                for x in self.history[k + 1:]:
                    if "roll" in x and x["player"] != payer and x["player"] != prev:
                        turns += 1
                    prev = x["player"]
                return turns
        return None

    def _exercises(self) -> list[str]:
        out = []
        for i, c in enumerate(self._list(self.data.get("exercises"), ("exercises",), "'exercises'")):
            cid = self._str(c, ("exercises", i), N_("a clause id"))
            self.clause_id(cid, ("exercises", i))
            out.append(cid)
        return out

    def clause_id(self, cid: str, path: tuple) -> str:
        if not self.rs.has_clause(cid):
            near = closest(cid, [c.id for c in self.rs.clauses])
            dym = _(" (did you mean {word}?)").format(word=near) if near else ""
            raise self.err(path, _("{ruleset} has no clause '{clause}'{hint}; `referee rules show {edition}` lists them").format(
                ruleset=self.rs.id, clause=cid, hint=dym, edition=self.rs.edition))
        return cid

    # ------------------------------------------------------------ claims
    def _claims(self) -> list[Claim]:
        raw = self.data.get("claims")
        if raw is None:
            raise self.err((), _("no 'claims:' — add the claim being argued (see docs/scenarios.md)"))
        raw = self._list(raw, ("claims",), "'claims'")
        if not raw:
            raise self.err(("claims",), _("'claims' is empty — add the claim being argued (see docs/scenarios.md)"))
        claims = [self._collecting(lambda c=c, i=i: self._claim(c, ("claims", i), i), None) for i, c in enumerate(raw)]
        return [c for c in claims if c is not None]

    def _claim(self, raw: Any, path: tuple, i: int) -> Claim:
        raw = self._map(raw, path, N_("a claim"))
        kinds = [k for k in raw if k in KINDS]
        unknown = [k for k in raw if k not in KINDS and k not in CLAIM_COMMON]
        if unknown:
            allowed = list(KINDS) + list(CLAIM_COMMON)
            k = unknown[0]
            dym = key_hint(k, allowed) or _(" (a claim names one of: {kinds})").format(kinds=", ".join(KINDS))
            raise self.err(path + (k,), _("unknown key '{key}' in a claim{hint}").format(key=k, hint=dym))
        if len(kinds) != 1:
            what = _("no transaction") if not kinds else _("{n} transactions ({kinds})").format(n=len(kinds), kinds=", ".join(kinds))
            raise self.err(path, _("a claim names exactly one transaction ({kinds}); this one has {what}").format(kinds=", ".join(KINDS), what=what))
        kind = kinds[0]
        c = Claim(index=i, line=self.line(path), kind=kind, says=str(raw.get("says") or ""), by=None)
        if raw.get("by") is not None:
            c.by = self.player(raw["by"], path + ("by",))
        c.args = KINDS[kind].parse(self, self._map(raw[kind], path + (kind,), f"'{kind}'") if not isinstance(raw[kind], str) or kind != "rule" else {"clause": raw[kind]}, path + (kind,))
        for j, g in enumerate(self._list(raw.get("given"), path + ("given",), "'given'")):
            gp = path + ("given", j)
            g = self._map(g, gp, N_("a 'given' step"))
            gk = [k for k in g if k in KINDS and k not in ("value", "rule")]
            if len(gk) != 1 or len(g) != 1:
                raise self.err(gp, _("a 'given' step is one transaction that happened first, e.g. - salary: {player: Ana}"))
            c.given.append((gk[0], KINDS[gk[0]].parse(self, self._map(g[gk[0]], gp + (gk[0],), f"'{gk[0]}'"), gp + (gk[0],)), self.line(gp)))
        if "amount" in raw:
            c.claimed["amount"] = self._int(raw["amount"], path + ("amount",), N_("the claimed amount"))
        if "allowed" in raw:
            c.claimed["allowed"] = self._bool(raw["allowed"], path + ("allowed",), "'allowed'")
        if "over" in raw:
            c.claimed["over"] = self._bool(raw["over"], path + ("over",), "'over'")
        if "winner" in raw:
            c.claimed["winner"] = None if raw["winner"] in (None, "nobody", "tie") else self.player(raw["winner"], path + ("winner",))
        if "cash" in raw:
            cm = self._map(raw["cash"], path + ("cash",), "'cash'")
            c.claimed["cash"] = {self.player(k, path + ("cash", k), allow_bank=False): self._int(v, path + ("cash", k), _("{player}'s cash").format(player=k), None) for k, v in cm.items()}
        if "owner" in raw:
            om = self._map(raw["owner"], path + ("owner",), "'owner'")
            c.claimed["owner"] = {}
            for k, v in om.items():
                idx = self.deed(k, path + ("owner", k))
                c.claimed["owner"][idx] = self.player(v, path + ("owner", k), allow_bank=True)
        if "after" in raw:
            c.claimed["after"] = self._after(raw["after"], path + ("after",))
        c.claimed.update(self._throw_keys(raw, path))
        if "expect" in raw:
            c.expected = self._expect(raw["expect"], path + ("expect",))
        return c

    def _after(self, raw: Any, path: tuple) -> dict:
        """The buildings after the move: after: {bank: {houses: 0, hotels: 11}, lots: {Mayfair: 4, Park Lane: hotel}}."""
        raw = self._map(raw, path, "'after'")
        self._check_keys(raw, ("bank", "lots"), path, "'after'")
        out: dict = {"bank": {}, "lots": {}}
        bank = self._map(raw.get("bank"), path + ("bank",), "'bank'")
        self._check_keys(bank, ("houses", "hotels"), path + ("bank",), "'bank'")
        for k, v in bank.items():
            out["bank"][k] = self._int(v, path + ("bank", k), _("the bank's {what}").format(what=_(k)))
        most = self.rs.p.building.max_houses
        for name, v in self._map(raw.get("lots"), path + ("lots",), "'lots'").items():
            p = path + ("lots", name)
            idx = self.deed(name, p)
            if v == "hotel":
                out["lots"][idx] = "hotel"
            elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= most:
                out["lots"][idx] = v
            else:
                raise self.err(p, _("what stands on {deed} is a house count from 0 to {most} or hotel, not {value}").format(
                    deed=self.rs.squares[idx].name, most=most, value=_show(v)))
        return out

    def _throw_keys(self, raw: dict, path: tuple) -> dict:
        out: dict = {}
        if "lands" in raw:
            out["lands"] = self.deed(raw["lands"], path + ("lands",), "square", deeds_only=False)
            if isinstance(raw["lands"], str) and self.rs.squares:  # a name several squares bear (Chance) means any of them
                name = self.rs.squares[out["lands"]].name
                same = tuple(i for i, sq in enumerate(self.rs.squares) if sq.name == name)
                if len(same) > 1:
                    out["lands"] = same
        if "owes" in raw:
            out["owes"] = self._int(raw["owes"], path + ("owes",), "'owes'")
        for k in ("jailed", "again"):
            if k in raw:
                out[k] = self._bool(raw[k], path + (k,), f"'{k}'")
        if "claim_until" in raw:
            out["claim_until"] = self.player(raw["claim_until"], path + ("claim_until",))
        return out

    def _expect(self, raw: Any, path: tuple) -> dict:
        if isinstance(raw, str):
            raw = {"ruling": raw}
        raw = self._map(raw, path, "'expect'")
        self._check_keys(raw, EXPECT_KEYS, path, "'expect'")
        out: dict = {}
        if "ruling" not in raw:
            raise self.err(path, _("'expect' needs 'ruling: upheld' or 'ruling: rejected'"))
        if raw["ruling"] not in VERDICTS:
            raise self.err(path + ("ruling",), _("the expected ruling is 'upheld' or 'rejected', not {value}").format(value=_show(raw["ruling"])))
        out["ruling"] = raw["ruling"]
        if "amount" in raw:
            out["amount"] = None if raw["amount"] is None else self._int(raw["amount"], path + ("amount",), N_("the expected amount"))
        if "allowed" in raw:
            out["allowed"] = self._bool(raw["allowed"], path + ("allowed",), "'allowed'")
        if "over" in raw:
            out["over"] = self._bool(raw["over"], path + ("over",), "'over'")
        if "winner" in raw:
            out["winner"] = None if raw["winner"] in (None, "nobody", "tie") else self.player(raw["winner"], path + ("winner",))
        out.update(self._throw_keys(raw, path))
        if "clauses" in raw:
            out["clauses"] = [self.clause_id(self._str(x, path + ("clauses", j), N_("a clause id")), path + ("clauses", j))
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
