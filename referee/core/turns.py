"""Turns and dice, for a game that tracks them (`referee new --turns`).

A throw becomes one event: the token's move, the salary for passing or
landing on GO, the doubles count, jail on the last allowed doubles, a "land"
op recording {player, square, roll} in `t.landings` (the rent claim window
counts from it), and the turn passing on, past bankrupt players and players
who lose a turn. What the square reached means (for sale, rent owed, a tax, a
card to draw) is returned as data on the event; nothing is charged that a
player must claim or choose.

Turn state lives in the table: `t.turn` (index of the player to throw),
`t.doubles_run` (doubles thrown in a row this turn), `t.rolls` (how many turns
have been thrown: a doubles re-throw is the same player's turn, so it does not
count, and the claim window is measured in following players who rolled) and
`t.extra["thrown"]` (the player who has already thrown this turn, if any).
Nothing here prints or writes.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core import actions
from referee.core import rent as rentmod
from referee.core.actions import Event
from referee.core.state import Table
from referee.errors import InputError, MissingData, Refusal
from referee.ruleset.model import Ruleset

ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


@dataclass
class TurnEvent(Event):
    """An event that also says what the square reached means (None when nobody moved)."""

    square: dict | None = None

    def to_dict(self) -> dict:
        d = super().to_dict()
        if self.square is not None:
            d["square"] = self.square
        return d


def _turn_event(t: Table, typ: str, **args) -> TurnEvent:
    return TurnEvent(typ, args, t.copy())


def _absorb(ev: Event, inner: Event) -> None:
    """Fold an inner transaction (computed on ev.t) into ev."""
    for op in inner.ops:
        ev.op(*op)
    ev.steps += inner.steps
    ev.notes += inner.notes
    ev.cite(*inner.clauses)


def _cite_first(rs: Ruleset, *cids: str) -> str:
    for c in cids:
        if rs.has_clause(c):
            return c
    return cids[-1]


def name_arg(name: str) -> str:
    """A square or player name as typed in a command line (quoted when it has spaces)."""
    return f'"{name}"' if any(ch.isspace() for ch in name) else name


# ---------------------------------------------------------------- whose turn
def tracking(t: Table) -> bool:
    return bool(t.extra.get("tracking"))


def require_tracking(t: Table) -> None:
    if not tracking(t):
        raise InputError(
            "this game does not track turns and dice: start one with `referee new --turns NAME NAME …`, "
            "or start tracking this one with `referee turn PLAYER` (who throws next)"
        )


def _next_active(t: Table, after: int) -> int:
    n = len(t.players)
    for step in range(1, n + 1):
        i = (after + step) % n
        if not t.players[i].bankrupt:
            return i
    return after % n


def current(t: Table) -> str | None:
    """The player to throw (a bankrupt player's turn falls to the next one)."""
    if not t.players or not t.active_players():
        return None
    i = t.turn % len(t.players)
    if t.players[i].bankrupt:
        i = _next_active(t, i)
    return t.players[i].name


def following(t: Table, name: str, k: int) -> str | None:
    """The k-th active player after `name` in turn order (k >= 1)."""
    idx = next((i for i, p in enumerate(t.players) if p.name == name), None)
    if idx is None:
        return None
    for _ in range(k):
        idx = _next_active(t, idx)
    return t.players[idx].name


def _end_turn(rs: Ruleset, ev: Event) -> str:
    """Pass the turn on from the current player; players owed a lost turn are skipped. Returns who throws next."""
    t = ev.t
    idx = t.turn % len(t.players)
    seen = 0
    while True:
        idx = _next_active(t, idx)
        p = t.players[idx]
        if p.skip_turns > 0 and seen < 100:
            ev.op("skip", p.name, p.skip_turns - 1)
            ev.notes.append(f"{p.name} loses this turn" + (" (in jail)" if p.in_jail else ""))
            ev.cite(_cite_first(rs, "jail.send"))
            seen += 1
            continue
        break
    _hand_over(t, ev, idx)
    return p.name


def _hand_over(t: Table, ev, idx: int) -> None:
    """Make player `idx` the one to throw, with a fresh doubles count."""
    if t.turn != idx:
        ev.op("set", "turn", idx)
    from referee.core import jail_turns

    jail_turns.clear(ev, t.players[idx].name)
    if t.doubles_run:
        ev.op("set", "doubles_run", 0)
    if t.extra.get("thrown") is not None:
        ev.op("extra", "thrown", None)


# ---------------------------------------------------------------- the throw
def parse_dice(words: list[str]) -> tuple[int, int]:
    """'3 4', '3+4', '3,4' or '34' -> (3, 4)."""
    text = " ".join(words).replace("+", " ").replace(",", " ").replace("-", " ").strip()
    parts = text.split()
    if len(parts) == 1 and len(parts[0]) == 2 and parts[0].isdigit():
        parts = [parts[0][0], parts[0][1]]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise InputError(f"give the two dice, e.g. `roll 3 4`, not '{' '.join(words)}'")
    d1, d2 = int(parts[0]), int(parts[1])
    for d in (d1, d2):
        if not 1 <= d <= 6:
            raise InputError(f"a die shows 1 to 6, not {d}")
    return d1, d2


def roll(rs: Ruleset, t: Table, d1: int, d2: int, player: str | None = None) -> TurnEvent:
    """The player to throw throws d1, d2: move, salary, doubles, jail, and the turn passes on."""
    require_tracking(t)
    actions._not_over(rs, t)
    rs.require_board()
    for d in (d1, d2):
        if not 1 <= d <= 6:
            raise InputError(f"a die shows 1 to 6, not {d}")
    who = current(t)
    if who is None:
        raise Refusal("nobody is left to throw", rs.cite("end.game"))
    ev = _turn_event(t, "roll", player=who, dice=[d1, d2])
    # a bankrupt player's turn, or a turn that ended in jail, passes first
    holder = t.players[t.turn % len(t.players)]
    if holder.bankrupt or (holder.in_jail and t.extra.get("thrown") == holder.name):
        who = _end_turn(rs, ev)
        ev.args["player"] = who
    if player is not None and player != who:
        raise Refusal(
            f"it is {who}'s turn to throw, not {player}'s (`next` passes the turn, `turn PLAYER` corrects it)",
            rs.cite(_cite_first(rs, "setup.order", "dice.doubles")),
        )
    p = ev.t.player(who)
    if ev.t.extra.get("thrown") != who:  # first throw of this turn
        ev.op("set", "rolls", ev.t.rolls + 1)
        ev.op("extra", "thrown", who)
    total = d1 + d2
    doubles = d1 == d2
    ev.amount = None

    if p.in_jail:
        inner = actions.jail_roll(rs, ev.t, who, d1, d2)
        _absorb(ev, inner)
        ev.text = inner.text
        if ev.t.player(who).in_jail:
            from referee.core import jail_turns

            jail_turns.mark(ev, who, [d1, d2])
            nxt = _end_turn(rs, ev)
            ev.notes.append(f"{nxt} to throw")
            return ev
        ev.steps.append(f"{rs.squares[p.position].name} → {rs.squares[(p.position + total) % len(rs.squares)].name}")
        _move(rs, ev, who, total, (d1, d2))
        again = doubles and rs.param("jail.doubles_extra_roll", False) and not ev.t.player(who).in_jail
        if again:
            ev.op("set", "doubles_run", 1)
            ev.notes.append(f"doubles: {who} throws again")
            ev.cite(_cite_first(rs, "jail.doubles_exit", "dice.doubles"))
        else:
            if doubles:
                ev.cite(_cite_first(rs, "jail.doubles_exit", "jail.fine"))
            ev.notes.append(f"{_end_turn(rs, ev)} to throw")
        return ev

    if doubles:
        run = ev.t.doubles_run + 1
        limit = rs.param("dice.doubles_to_jail", 3)
        if limit and run >= limit:
            ev.text = f"{who} throws {d1}+{d2}: {ORDINALS.get(run, str(run) + 'th')} doubles in a row"
            inner = actions.send_to_jail(rs, ev.t, who, f"{ORDINALS.get(run, str(run) + 'th')} doubles in a row")
            _absorb(ev, inner)
            ev.steps.append(f"{who} does not move by this throw and goes straight to jail")
            ev.cite(_cite_first(rs, "dice.three_doubles", "dice.doubles"), "jail.send")
            ev.square = square_meaning(rs, ev.t, who, ev.t.player(who).position)
            ev.notes.append(f"{_end_turn(rs, ev)} to throw")
            return ev
        ev.op("set", "doubles_run", run)
    start = rs.squares[p.position].name
    ev.text = f"{who} throws {d1}+{d2} = {total}" + (" (doubles)" if doubles else "")
    ev.steps.append(f"{start} → {rs.squares[(p.position + total) % len(rs.squares)].name}")
    _move(rs, ev, who, total, (d1, d2))
    ev.cite(_cite_first(rs, "dice.move", "dice.doubles"))
    if ev.t.player(who).in_jail:
        ev.notes.append(f"{_end_turn(rs, ev)} to throw")
    elif doubles and rs.param("dice.doubles_roll_again", True):
        ev.notes.append(f"doubles: {who} throws again")
        ev.cite("dice.doubles")
    else:
        ev.notes.append(f"{_end_turn(rs, ev)} to throw")
    return ev


def _move(rs: Ruleset, ev: TurnEvent, who: str, steps: int, dice: tuple[int, int]) -> None:
    n = len(rs.squares)
    pos = ev.t.player(who).position
    to = (pos + steps) % n
    if pos + steps >= n:
        inner = actions.salary(rs, ev.t, who, landed=to == 0)
        _absorb(ev, inner)
        ev.amount = inner.amount
        ev.steps.append(("lands on" if to == 0 else "passes") + f" GO: {inner.text}")
    ev.op("position", who, to)
    ev.op("land", {"player": who, "square": to, "roll": ev.t.rolls, "dice": steps})
    _arrive(rs, ev, who, to, dice=steps)


def _arrive(rs: Ruleset, ev: TurnEvent, who: str, to: int, dice: int | None = None, card: dict | None = None) -> None:
    sq = rs.squares[to]
    if sq.kind == "go_to_jail":
        inner = actions.send_to_jail(rs, ev.t, who, f"landed on {sq.name}")
        _absorb(ev, inner)
    ev.square = square_meaning(rs, ev.t, who, to, dice=dice, card=card, landing_roll=ev.t.rolls)
    if sq.kind == "go_to_jail":
        ev.square["text"] = f"{who} lands on {sq.name} and goes to jail; no salary for this move"
    ev.notes.append(ev.square["text"])
    ev.cite(*[c for c in ev.square["clauses"] if rs.has_clause(c)])  # what the square asks, with its clauses


# ---------------------------------------------------------------- what a square means
def square_meaning(
    rs: Ruleset, t: Table, player: str, idx: int, dice: int | None = None, card: dict | None = None,
    landing_roll: int | None = None,
) -> dict:
    """What `player` standing on square `idx` means now: data plus one sentence and a suggested command."""
    sq = rs.squares[idx]
    m: dict = {
        "player": player, "square": idx, "name": sq.name, "kind": sq.kind,
        "action": "nothing", "amount": None, "owner": None, "command": None,
        "text": f"{player} is on {sq.name}", "steps": [], "clauses": [],
    }
    fmt = rs.fmt
    P, S = name_arg(player), name_arg(sq.name)
    try:
        if sq.is_deed:
            d = t.deeds[idx]
            m["owner"] = d.owner
            if d.owner is None:
                price = rs.price(sq)
                cash = t.player(player).cash
                m.update(action="buy_or_auction", amount=price, command=f"buy {P} {S}")
                text = f"{sq.name} is for sale: {player} may buy it for {fmt(price)} (buy {P} {S})"
                if cash < price:
                    text += f", holding only {fmt(cash)}"
                if rs.param("auction.enabled", True):
                    text += f"; if not, the bank auctions it (auction WINNER {S} PRICE)"
                    m["clauses"].append("auction.declined")
                else:
                    text += "; if not, it stays with the bank"
                m["text"] = text
                m["clauses"].insert(0, "buy.printed_price")
            elif d.owner == player:
                m.update(action="own", text=f"{player} owns {sq.name}: nothing to pay")
            else:
                _rent_meaning(rs, t, m, player, idx, dice, card, landing_roll)
        elif sq.kind == "tax":
            _tax_meaning(rs, t, m, player, sq)
        elif sq.kind == "card":
            deck = rs.decks().get(sq.deck or "", {})
            dname = deck.get("name", sq.deck or "card")
            m.update(action="card", deck=sq.deck, command=f"draw {P} CARD",
                     text=f"{player} draws a {dname} card: enter it with `draw {P} CARD` (`cards` lists them)")
        elif sq.kind == "go_to_jail":
            m.update(action="jail", text=f"{player} goes to jail", clauses=["jail.send"])
        elif sq.kind == "jail":
            p = t.player(player)
            if p.in_jail:
                m.update(action="in_jail", text=f"{player} is in jail", clauses=["jail.send"])
            else:
                m.update(action="visiting", text=f"{player} is just visiting the jail")
        elif sq.kind == "go":
            m.update(action="go", text=f"{player} is on GO")
        elif sq.kind == "free_parking":
            if rs.param("free_parking.jackpot", False) and t.pot > 0:
                m.update(action="collect_pot", amount=t.pot, command=f"parking {P}",
                         text=f"{player} may collect the Free Parking pot, {fmt(t.pot)} (parking {P})")
            else:
                m.update(action="nothing", text=f"{player} rests on {sq.name}: nothing happens")
            m["clauses"].append("free_parking")
    except MissingData as e:
        m.update(action="unknown", text=f"{player} is on {sq.name}: {e}")
    return m


def _rent_meaning(rs, t, m, player, idx, dice, card, landing_roll) -> None:
    sq = rs.squares[idx]
    owner = t.deeds[idx].owner
    P, S = name_arg(player), name_arg(sq.name)
    cmd = f"rent {P} {S}" + (f" --card {card['id']}" if card else "")
    try:
        r = rentmod.rent_due(rs, t, idx, dice, card)
    except Refusal as e:
        m.update(action="no_rent", text=f"{player} is on {owner}'s {sq.name}: {e.message}")
        if e.citation:
            m["clauses"].append(e.citation.clause)
        return
    except InputError:
        m.update(action="rent", command=cmd + " --dice N",
                 text=f"{player} owes {owner} rent on {sq.name} by the dice: {cmd} --dice N")
        m["clauses"].append("rent.utility")
        return
    if dice is not None and sq.kind == "utility" and "--dice" not in cmd:
        cmd += f" --dice {dice}"
    m.update(action="rent", amount=r.amount, command=cmd, steps=r.steps, clauses=list(r.clauses))
    text = f"{player} owes {owner} {rs.fmt(r.amount)} rent on {sq.name} ({cmd})"
    window = rs.param("rent.claim_window", 0)
    if landing_roll is not None and window:
        since = max(0, t.rolls - landing_roll)
        if not rentmod.claim_open(rs, since):
            m.update(action="rent_expired", command=None,
                     text=f"{player} landed on {owner}'s {sq.name}, but the rent was not asked for in time")
            m["clauses"].append("rent.unclaimed")
            return
        last = following(t, player, window)
        if last:
            text += f"; claimable until {last} throws" + (" again" if last == player else "")
        m["clauses"].append("rent.unclaimed")
    m["text"] = text


def _tax_meaning(rs, t, m, player, sq) -> None:
    P = name_arg(player)
    if sq.tax == "luxury":
        amount = rs.known(rs.param("taxes.luxury.amount"), "the luxury tax amount")
        m.update(action="tax", tax="luxury", amount=amount, command=f"tax luxury {P}",
                 text=f"{player} pays {rs.fmt(amount)} luxury tax (tax luxury {P})", clauses=["tax.luxury"])
        return
    tax = rs.param("taxes.income")
    choices = list(tax.get("choices") or ["flat"])
    m.update(action="tax", tax="income", choices=choices, clauses=["tax.income"])
    if choices == ["flat"]:
        amount = rs.known(tax.get("flat"), "the income tax amount")
        m.update(amount=amount, command=f"tax income {P}",
                 text=f"{player} pays {rs.fmt(amount)} income tax (tax income {P})")
    else:
        flat = f" ({rs.fmt(tax['flat'])})" if "flat" in choices and isinstance(tax.get("flat"), int) else ""
        pct = f" ({tax.get('percent', 10)} % of net worth)" if "percent" in choices else ""
        m.update(command=f"tax income {P} --choice " + "|".join(choices),
                 text=f"{player} pays income tax, declaring before counting: "
                      + " or ".join(c + (flat if c == "flat" else pct if c == "percent" else "") for c in choices)
                      + f" (tax income {P} --choice " + "|".join(choices) + ")")


# ---------------------------------------------------------------- cards, passing, setting the turn
def draw(rs: Ruleset, t: Table, player: str, card: dict) -> TurnEvent:
    """A drawn card, applied as `actions.draw_card`, plus (when tracking) the landing it causes."""
    base = actions.draw_card(rs, t, player, card)
    ev = TurnEvent(base.type, base.args, base.t, base.ops, base.text, base.steps, base.clauses, base.notes, base.amount)
    if not tracking(t):
        return ev
    before, after = t.player(player), ev.t.player(player)
    if after.in_jail and not before.in_jail:
        ev.square = square_meaning(rs, ev.t, player, after.position)
        if current(t) == player and t.extra.get("thrown") == player:
            ev.notes.append(f"{_end_turn(rs, ev)} to throw")
    elif after.position != before.position:
        ev.op("land", {"player": player, "square": after.position, "roll": ev.t.rolls, "card": card["id"]})
        # only a "nearest" card changes the rent owed there (2 x railroad, 10 x a throw at a utility)
        _arrive(rs, ev, player, after.position, card=card if card.get("effect") == "move_to_nearest" else None)
        if ev.t.player(player).in_jail and current(t) == player and t.extra.get("thrown") == player:
            ev.notes.append(f"{_end_turn(rs, ev)} to throw")
    return ev


def pass_turn(rs: Ruleset, t: Table) -> Event:
    """End the current player's turn (`next`)."""
    require_tracking(t)
    actions._not_over(rs, t)
    who = current(t)
    if who is None:
        raise Refusal("nobody is left to throw", rs.cite("end.game"))
    p = t.player(who)
    if t.extra.get("thrown") == who and t.doubles_run and not p.in_jail and rs.param("dice.doubles_roll_again", True):
        raise Refusal(
            f"{who} threw doubles and throws again before the turn passes (`turn PLAYER` overrides)",
            rs.cite("dice.doubles"),
        )
    ev = _turn_event(t, "turn", action="next", player=who)
    if t.players[t.turn % len(t.players)].bankrupt:
        ev.op("set", "turn", next(i for i, q in enumerate(t.players) if q.name == who))
    nxt = _end_turn(rs, ev)
    ev.text = f"{who}'s turn ends; {nxt} to throw"
    if t.extra.get("thrown") != who:
        ev.notes.append(f"{who} did not throw this turn")
    return ev


def set_turn(rs: Ruleset, t: Table, player: str) -> Event:
    """Say whose turn it is (a correction, or the start of tracking on a game that did not)."""
    actions._not_over(rs, t)
    actions._active(rs, t, player)
    ev = _turn_event(t, "turn", action="set", player=player)
    if not tracking(t):
        ev.op("extra", "tracking", True)
        ev.notes.append("turns and dice are tracked from now on")
    idx = next(i for i, p in enumerate(t.players) if p.name == player)
    _hand_over(t, ev, idx)
    ev.text = f"{player} to throw"
    return ev


def turn_info(rs: Ruleset, t: Table) -> dict:
    """Whose turn, the doubles run, and what the last landing means now (for prompts and displays)."""
    info: dict = {"tracking": tracking(t), "current": None, "doubles_run": t.doubles_run, "rolls": t.rolls,
                  "throws_again": False, "landing": None}
    if not info["tracking"]:
        return info
    who = current(t)
    info["current"] = who
    if who and t.extra.get("thrown") == who and t.doubles_run and not t.player(who).in_jail:
        info["throws_again"] = True
    if t.landings and rs.squares:
        land = t.landings[-1]
        try:
            m = square_meaning(rs, t, land["player"], land["square"], dice=land.get("dice"),
                               card=_card_by_id(rs, land.get("card")), landing_roll=land.get("roll"))
        except (KeyError, IndexError):
            m = None
        if m is not None and t.player(land["player"]).position != land["square"]:
            m = dict(m, text=f"{land['player']} moved on from {m['name']}", action="moved_on", command=None)
        info["landing"] = m
    return info


def _card_by_id(rs: Ruleset, cid: str | None) -> dict | None:
    if not cid:
        return None
    for deck_id, deck in rs.decks().items():
        for c in deck.get("cards") or []:
            if c["id"] == cid and c.get("effect") == "move_to_nearest":
                return dict(c, deck=deck_id)
    return None
