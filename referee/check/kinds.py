"""The claim kinds: each transaction a scenario can claim, its fields (name ->
type), and how it is ruled: they read their fields into the move they name
(referee/moves/model.py) and run it through the one chapter table (moves.apply.run),
as the console does. A throw from a stated square with the cards it draws, a value,
the end and a clause are rulings rather than moves and keep their own. A kind of move
with no entry here is claimable all the same, by its own name and fields (`derived`),
so adding a move adds its claim kind; docs/scenarios.md lists them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from referee.core import buildings, events, scoring, trades
from referee.core import cards as cards_rules
from referee.core import rent as rent_rules
from referee.core.checks import owner_of
from referee.core.valuation import value as valuation_value
from referee.errors import Ambiguous, InputError, RefereeError
from referee.moves import model
from referee.moves.apply import run
from referee.moves.tablefile import show
from referee.msg import Msg
from referee.ruleset.model import Ruleset
from referee.words.i18n import N_, _


class Scenario(Protocol):
    """What a claim kind reads of its scenario file (check/scenario.py's `Scenario` is one): its ruleset, the
    located readers of its values, and what its history says. Declared here so the kinds need not import the
    scenario that imports them."""

    rs: Ruleset
    display: str
    turn_stated: bool

    def line(self, path: tuple) -> int | None: ...
    def err(self, path: tuple, message: str) -> InputError: ...
    def _check_keys(self, d: dict, allowed: tuple, path: tuple, what: str) -> None: ...
    def _map(self, v: Any, path: tuple, what: str) -> dict: ...
    def _list(self, v: Any, path: tuple, what: str) -> list: ...
    def _int(self, v: Any, path: tuple, what: str, minimum: int | None = 0) -> int: ...
    def _bool(self, v: Any, path: tuple, what: str) -> bool: ...
    def _str(self, v: Any, path: tuple, what: str = ...) -> str: ...
    def deed(self, v: Any, path: tuple, what: str = ..., deeds_only: bool = ...) -> int: ...
    def player(self, v: Any, path: tuple, allow_bank: bool = ...) -> str: ...
    def deck(self, v: Any, path: tuple) -> str: ...
    def doubles_before(self, player: str) -> int: ...
    def rolls_since(self, payer: str, idx: int) -> int | None: ...
    def clause_id(self, cid: str, path: tuple) -> str: ...


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
            if raw.get(k) is None:  # `player:` written with no name is missing too
                raise sc.err(path, _("'{what}' needs '{key}'").format(what=path[-1], key=k))
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
                        raise sc.err(p, _("a throw is two dice, e.g. [3, 4]"))
                    out[k] = [sc._int(x, p + (j,), N_("a die")) for j, x in enumerate(v)]
                    for j, x in enumerate(out[k]):  # faces, whatever move the throw belongs to (a rent by the dice, jail)
                        if not 1 <= x <= 6:
                            raise sc.err(p + (j,), _("a die shows 1 to 6, not {value}").format(value=x))
                else:
                    out[k] = sc._int(v, p, f"'{k}'")
                    if not 2 <= out[k] <= 12:
                        raise sc.err(p, _("two dice total 2 to 12, not {value}").format(value=out[k]))
            elif typ == "card":
                out[k] = _card(sc, v, p)
            elif typ == "cards":  # one card, or the cards drawn one after another
                out[k] = [_card(sc, x, p + (j,)) for j, x in enumerate(v if isinstance(v, list) else [v])]
            elif typ == "square":
                out[k] = sc.deed(v, p, "square", deeds_only=False)
            elif typ == "side":
                out[k] = _side(sc, v, p)
            elif typ == "clause":
                out[k] = sc.clause_id(sc._str(v, p, "a clause id"), p)
            elif typ == "clauses":
                out[k] = [sc.clause_id(sc._str(x, p + (j,), "a clause id"), p + (j,)) for j, x in enumerate(sc._list(v, p, f"'{k}'"))]
            elif typ == "level":  # a whole group brought evenly to N houses, or to hotels
                if v != "hotel" and (isinstance(v, bool) or not isinstance(v, int)):
                    raise sc.err(p, _("'{key}' is a number of houses or hotel, not {value}").format(key=k, value=show(v)))
                out[k] = "hotel" if v == "hotel" else sc._int(v, p, f"'{k}'")
            elif typ == "wants":
                out[k] = _wants(sc, v, p)
            elif typ == "any":
                out[k] = v
            elif typ.startswith("choice:"):
                choices = typ[7:].split("|")
                if v not in choices:
                    raise sc.err(p, _("'{key}' is one of {choices}, not {value}").format(key=k, choices=", ".join(choices), value=show(v)))
                out[k] = v
            elif typ == "valuation":
                name = sc._str(v, p, N_("a valuation method"))
                known = sc.rs.valuation_names()
                if name not in known:
                    from referee.ruleset.names import did_you_mean

                    dym = did_you_mean(name, {n: n for n in known}, {n: [n] for n in known}) or _(" (known: {known})").format(known=", ".join(known))
                    raise sc.err(p, _("{ruleset} has no valuation method '{name}'{hint}").format(ruleset=sc.rs.id, name=name, hint=dym))
                out[k] = name
            out.setdefault("_lines", {})[k] = sc.line(p)
        out["_line"] = sc.line(path)
        return out




def _card(sc: Scenario, v: Any, path: tuple) -> Any:
    """A card by 'deck:id', its id or its printed words, as the banker's `card`/`draw` find it (exact or a unique start)."""
    text = sc._str(v, path, N_("a card"))
    if not sc.rs.decks():
        raise sc.err(path, _("{ruleset} lists no card texts; a board file may list them").format(ruleset=sc.rs.id))
    try:
        return cards_rules.find_card(sc.rs, text, _("`referee cards {edition}` lists them").format(edition=sc.rs.edition), mode="prefix")
    except Ambiguous as e:  # a card both decks have: the deck of the square it is drawn on says which
        return {"shared": text, "message": e.message, "line": sc.line(path)}
    except RefereeError as e:
        raise sc.err(path, e.message) from None


def _on_square(sc: Scenario, card: Any, square: int | None) -> Any:
    """A card named by words both decks share, taken from the deck of `square` (as `referee draw` does)."""
    if "shared" not in card:
        return card
    rs = sc.rs
    deck_id = rs.squares[square].deck if square is not None and rs.squares[square].kind == "card" else None
    deck = rs.decks().get(deck_id or "")
    if deck is None:
        raise InputError(card["message"] + _(" (the player's square does not say which deck)"), sc.display, card["line"])
    try:
        return cards_rules.find_card(rs, card["shared"], deck=deck_id, mode="prefix")
    except Ambiguous as e:  # several cards of that one deck: the words name none of them
        raise InputError(e.message, sc.display, card["line"]) from None


def _side(sc: Scenario, v: Any, path: tuple) -> trades.Side:
    raw = sc._map(v, path, N_("one side of a trade"))
    sc._check_keys(raw, ("cash", "deeds", "jail_cards"), path, N_("one side of a trade"))
    s = trades.Side()
    if "cash" in raw:
        s.cash = sc._int(raw["cash"], path + ("cash",), "cash")
    s.deeds = [sc.deed(x, path + ("deeds", j)) for j, x in enumerate(sc._list(raw.get("deeds"), path + ("deeds",), "'deeds'"))]
    s.jail_cards = [sc.deck(x, path + ("jail_cards", j)) for j, x in enumerate(sc._list(raw.get("jail_cards"), path + ("jail_cards",), "'jail_cards'"))]
    return s


def _wants(sc: Scenario, v: Any, path: tuple) -> list:
    """Who wants buildings from a short bank: {Ana: 2, Ben: {houses: 1}, Cy: {hotels: 1}, Dee: {breaks: 1}}."""
    from referee.core.shortage import Want

    raw = sc._map(v, path, "'wants'")
    out = []
    for name, spec in raw.items():
        p = path + (name,)
        who = sc.player(name, p)
        if isinstance(spec, int) and not isinstance(spec, bool):
            out.append(Want(who, houses=sc._int(spec, p, N_("houses wanted"), 1)))
            continue
        what = _("what {player} wants").format(player=who)
        spec = sc._map(spec, p, what)
        sc._check_keys(spec, ("houses", "hotels", "breaks"), p, what)
        out.append(Want(who, **{k: sc._int(x, p + (k,), f"'{k}'") for k, x in spec.items()}))
    if not out:
        raise sc.err(path, _("'wants' names the players who want buildings, e.g. wants: {Ana: 2, Ben: 1}"))
    return out


def _auction(rs, t, a, sc):

    if a.get("no_bids"):
        if "player" in a or "price" in a:
            raise InputError(_("an auction with no bids has no winner and no price"), sc.display, a["_line"])
        return run(rs, t, model.Auction(a["deed"]))
    for k in ("player", "price"):
        if k not in a:
            raise InputError(_("'auction' needs '{key}' (or no_bids: true)").format(key=k), sc.display, a["_line"])
    return run(rs, t, model.Auction(a["deed"], a["player"], a["price"]))


def _build(rs, t, a, sc):
    if a.get("to") is not None:  # DEED's whole group, evenly, to a level (as `referee build GROUP to N`)

        owner_of(rs, t, a["deed"], "building.full_group", a.get("player"))  # who builds: the owner, if stated
        return run(rs, t, model.Build(group=rs.squares[a["deed"]].group, to=a["to"]))
    return run(rs, t, model.Build(a["deed"], a.get("count", 1), a.get("hotel", False), a.get("price"), by=a.get("player")))


def _sell(rs, t, a, sc):
    if a.get("to") is not None:

        if a["to"] == "hotel":
            raise InputError(_("a group is sold down to a number of houses, not to 'hotel'"))
        owner_of(rs, t, a["deed"], "building.sell", a.get("player"))
        return run(rs, t, model.Sell(group=rs.squares[a["deed"]].group, to=a["to"]))
    if a.get("whole"):
        from referee.core import hotel_sale

        return hotel_sale.sell_whole(rs, t, a["deed"], a["whole"], a.get("player"))
    return buildings.sell_buildings(rs, t, a["deed"], a.get("count", 1), a.get("player"))


def _income_tax(rs, t, a, sc):
    if a.get("declared"):  # the choice declared first, as at the table: two moves
        t = run(rs, t, model.Declare(a["player"], a["declared"])).t
    return run(rs, t, model.IncomeTax(a["player"], a.get("choice")))


def _declare(rs, t, a, sc):
    return run(rs, t, model.Declare(a["player"], a["choice"]))


def _shortage(rs, t, a, sc):
    wants = tuple(dict(w.__dict__) for w in a["wants"])
    return run(rs, t, model.Build(a["deed"], a.get("count", 1), a.get("hotel", False), a.get("price"), by=a.get("player"), wants=wants))


def _jail(rs, t, a, sc):
    act = a["action"]
    if act == "send":
        return run(rs, t, model.JailSend(a["player"], a.get("reason", "")))
    if act == "pay":
        return run(rs, t, model.JailPay(a["player"]))
    if act == "card":
        return run(rs, t, model.JailCard(a["player"], a.get("deck")))
    dice = a.get("dice")
    if not isinstance(dice, list):
        raise InputError(_("a throw in jail needs both dice: dice: [3, 4]"), sc.display, a["_line"])
    ev = run(rs, t, model.JailRoll(a["player"], (dice[0], dice[1])))
    if ev.t.player(a["player"]).in_jail:  # a scenario is one turn: the fine and the card now wait, as after a `roll`
        from referee.core import jail_turns  # or a history throw (one ruling, however the throw is written)

        jail_turns.mark(ev, a["player"], dice)
    return ev


def _roll(rs, t, a, sc):
    """A throw from the player's stated square, doubles so far from the history; the cards drawn chain on."""
    from referee.core import throw

    dice = a["dice"]
    if not isinstance(dice, list):
        raise InputError(_("a throw needs both dice (doubles matter): dice: [3, 4]"), sc.display, a["_lines"]["dice"])
    for d in dice:
        if not 1 <= d <= 6:
            raise InputError(_("a die shows 1 to 6, not {value}").format(value=d), sc.display, a["_lines"]["dice"])
    card_dice = a.get("card_dice")
    if isinstance(card_dice, list):
        card_dice = sum(card_dice)
    from referee.core.checks import cite_first, refuse
    from referee.core.order import current

    # the stated turn, or given throws, say whose turn it is; a jailed player's throw belongs to his own turn too
    # (a lost one passes him by: 003 § La cárcel)
    if sc.turn_stated or (t.extra.get("tracking") and t.player(a["player"]).in_jail):
        who = current(t)
        if who and who != a["player"]:
            raise refuse(rs, cite_first(rs, "setup.order", "dice.doubles"), "turn.not_yours", current=who, player=a["player"])
    before = sc.doubles_before(a["player"])
    if t.extra.get("tracking") and t.extra.get("thrown") == a["player"]:  # a `given` throw of this turn came first
        before = t.doubles_run
    res = throw.throw(rs, t, a["player"], dice[0], dice[1], before, a.get("card"), card_dice,
                      resolve=lambda card, square: _on_square(sc, card, square))
    ev = res.event
    ev.args["facts"] = {"player": res.player, "lands": res.lands, "owes": res.owes, "jailed": res.jailed,
                "again": res.again, "claim_until": res.claim_until, "salary": res.salary}
    return ev


def _ref(card: dict) -> str:
    """A found card as a move names it: 'deck:id'."""
    return f"{card['deck']}:{card['id']}"


def _draw(rs, t, a, sc):
    from referee.core import positions

    placed = positions.known(t, a["player"])
    card = _on_square(sc, a["card"], t.player(a["player"]).position if placed else None)
    return run(rs, t, model.Card(a["player"], _ref(card), a.get("passed_go", False)))


def _rent(rs, t, a, sc):
    late = a.get("late")
    if late is None and rent_rules.last_landing(t, a["payer"], a["deed"]) is None:
        late = sc.rolls_since(a["payer"], a["deed"])  # no landing among the `given` steps: the history's throws since
    dice = a.get("dice")
    if isinstance(dice, list):
        dice = sum(dice)
    card = a.get("card")
    if card is not None:  # words both decks share ('nearest'): the deck of the payer's stated square says which
        from referee.core import positions

        card = _ref(_on_square(sc, card, t.player(a["payer"]).position if positions.known(t, a["payer"]) else None))
    return run(rs, t, model.Rent(a["payer"], a["deed"], dice, card, late))


def _value(rs, t, a, sc):
    v = valuation_value(rs, t, a["player"], a["method"])
    m = rs.valuation(a["method"])
    ev = events.Event("value", {"player": a["player"], "method": a["method"]}, t)
    ev.amount = v.total
    from referee.words.i18n import _, data
    from referee.words.templates import valuation_lines

    ev.steps = [*valuation_lines(v), _("total {amount}").format(amount=rs.fmt(v.total))]
    ev.msg = Msg("text", {"text": _("{player}'s total is {amount} ({method})").format(  # the method's title, in the table's words
        player=a["player"], method=data(m.get("title") or a["method"]), amount=rs.fmt(v.total))})
    cl = m.get("clause")
    if cl and rs.has_clause(cl):
        ev.cite(cl)
    return ev


def _rule(rs, t, a, sc):
    ev = events.Event("rule", {"clause": a["clause"]}, t)
    from referee.ruleset.clause_text import words  # the clause in the table's language

    for cid in [a["clause"]] + a.get("also", []):
        ev.steps.append(f"{cid}: {words(rs, cid)[1]}")
        ev.cite(cid)
    ev.msg = Msg("text", {"text": words(rs, a["clause"])[0] or a["clause"]})
    if "param" in a:
        try:
            ev.value = _param(rs, a["param"])
        except KeyError:
            raise InputError(_("{ruleset} has no parameter '{param}'").format(ruleset=rs.id, param=a["param"]), sc.display, a["_lines"]["param"]) from None
        ev.steps.append(f"{a['param']} = {ev.value!r} ({rs.origin_of(a['param']) if a['param'].startswith('rules.') else rs.id})")
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
    "roll": Kind({"player": "player", "dice": "dice", "card": "cards", "card_dice": "dice"}, _roll, ("player", "dice"),
                 "PLAYER throws DICE from the stated position (doubles so far from history); card: the card(s) drawn where it stops; card_dice: the throw for a utility a card sent it to"),
    "rent": Kind({"payer": "player", "deed": "deed", "dice": "dice", "card": "card", "late": "int"}, _rent, ("payer", "deed"),
                 "rent on DEED owed by PAYER; dice for utilities; card for 'nearest' cards; late = following players who rolled since (else from history)"),
    "buy": Kind({"player": "player", "deed": "deed"}, lambda rs, t, a, sc: run(rs, t, model.Buy(a["player"], a["deed"])), ("player", "deed")),
    "auction": Kind({"player": "player", "deed": "deed", "price": "int", "no_bids": "bool"}, _auction, ("deed",),
                    "PLAYER wins DEED for PRICE (short of cash: owes the bank the bid, the deed on payment); no_bids: true, nobody bids"),
    "build": Kind({"player": "player", "deed": "deed", "count": "int", "hotel": "bool", "price": "int", "to": "level"}, _build, ("deed",),
                  "PLAYER (the owner, if stated) builds COUNT on DEED; to: N or hotel, DEED's whole group evenly to that level"),
    "sell": Kind({"player": "player", "deed": "deed", "count": "int", "whole": "choice:group|bare", "to": "level"}, _sell, ("deed",),
                 "PLAYER (the owner, if stated) sells COUNT buildings off DEED; whole: group (every hotel of the group at once) or bare (this hotel to bare land); to: N, DEED's whole group evenly down to N houses"),
    "shortage": Kind({"player": "player", "deed": "deed", "count": "int", "hotel": "bool", "price": "int", "wants": "wants"}, _shortage,
                     ("deed", "wants"), "PLAYER (DEED's owner, if stated) gets COUNT buildings from a short bank while WANTS (player: houses) compete; price: the winning bid"),
    "mortgage": Kind({"player": "player", "deed": "deed"}, lambda rs, t, a, sc: run(rs, t, model.Mortgage(a["deed"], by=a.get("player"))), ("deed",),
                     "PLAYER (the owner, if stated) mortgages DEED"),
    "unmortgage": Kind({"player": "player", "deed": "deed"}, lambda rs, t, a, sc: run(rs, t, model.Unmortgage(a["deed"], by=a.get("player"))), ("deed",),
                       "PLAYER (the owner, if stated) lifts DEED's mortgage"),
    "trade": Kind({"a": "player", "b": "player", "give": "side", "take": "side", "lift": "deeds"},
                  lambda rs, t, a, sc: run(rs, t, model.Trade(a["a"], a["b"], vars(a.get("give") or trades.Side()), vars(a.get("take") or trades.Side()),
                                                              tuple(a.get("lift") or ()))), ("a", "b")),
    "income-tax": Kind({"player": "player", "choice": "choice:percent|flat", "declared": "choice:percent|flat"}, _income_tax, ("player",),
                       "PLAYER's income tax by CHOICE; declared: the choice declared before counting (it binds)"),
    "declare-tax": Kind({"player": "player", "choice": "choice:percent|flat"}, _declare, ("player", "choice"),
                        "PLAYER declares the income-tax choice before counting"),
    "luxury-tax": Kind({"player": "player"}, lambda rs, t, a, sc: run(rs, t, model.LuxuryTax(a["player"])), ("player",)),
    "salary": Kind({"player": "player", "landed": "bool"}, lambda rs, t, a, sc: run(rs, t, model.Salary(a["player"], a.get("landed", False))), ("player",)),
    "pay": Kind({"payer": "party", "payee": "party", "amount": "int", "for": "str"},
                lambda rs, t, a, sc: run(rs, t, model.Pay(a["payer"], a["payee"], a["amount"], a.get("for", ""))), ("payer", "payee", "amount")),
    "card": Kind({"player": "player", "card": "card", "passed_go": "bool"}, _draw, ("player", "card")),
    "jail": Kind({"player": "player", "action": "choice:send|pay|card|roll", "dice": "dice", "deck": "str", "reason": "str"}, _jail, ("player", "action")),
    "free-parking": Kind({"player": "player"}, lambda rs, t, a, sc: run(rs, t, model.FreeParking(a["player"])), ("player",)),
    "settle": Kind({"player": "player"}, lambda rs, t, a, sc: run(rs, t, model.Settle(a["player"])), ("player",)),
    "bankrupt": Kind({"player": "player", "lift": "deeds"}, lambda rs, t, a, sc: run(rs, t, model.Bankrupt(a["player"], tuple(a.get("lift") or ()))), ("player",),
                     "PLAYER goes bankrupt; lift: the mortgaged deeds the creditor lifts at once (the rest are kept at 10 %)"),
    "pay-in-property": Kind({"debtor": "player", "deeds": "deeds", "value": "int"},
                            lambda rs, t, a, sc: run(rs, t, model.PartialPayment(a["debtor"], tuple(a["deeds"]), a["value"])), ("debtor", "deeds", "value")),
    "deal": Kind({"player": "player", "deeds": "deeds"}, lambda rs, t, a, sc: run(rs, t, model.Deal(a["player"], tuple(a["deeds"]))), ("player", "deeds")),
    "value": Kind({"player": "player", "method": "valuation"}, _value, ("player", "method")),
    "end": Kind({"method": "valuation"}, lambda rs, t, a, sc: scoring.time_up(rs, t, a.get("method")), (),
                "the agreed time is up: the game ends and the richest by the game's valuation wins"),
    "rule": Kind({"clause": "clause", "also": "clauses", "question": "str", "param": "str", "value": "any"}, _rule, ("clause",)),
}



# ---------------------------------------------------------------- every other kind of move, by its own fields
def derived(cls: type[model.Move]) -> Kind:
    """The claim kind of a move with none of its own: its fields, typed from its annotations, read into the move."""
    fields = model.field_types(cls)
    required = tuple(name for name, default in cls.FIELDS if default is model.REQUIRED)

    def ruled(rs, t, a, sc):
        given: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in a.items() if k in fields}
        return run(rs, t, cls(**given))

    return Kind(fields, ruled, required, (cls.__doc__ or "").strip().split("\n")[0])


def register_moves() -> None:
    """Give every kind of move that no claim kind says (scenario_notation.CLAIMS) its derived claim kind."""
    from referee.moves.scenario_notation import CLAIMS, NO_CLAIM
    from referee.words.notation import said

    for cls in model.KINDS.values():
        if cls not in CLAIMS and cls not in NO_CLAIM:
            KINDS.setdefault(said(cls.kind), derived(cls))


register_moves()
