"""The primitive ops an event is made of, as frozen records, and their JSON codec.

The records are NamedTuples, not dataclasses: every command imports this
module, and sixteen frozen dataclasses cost about 8 ms to define at start-up.

An event stores only ops whose amounts are already computed; replaying a game
folds `apply_ops` over them, so the state is always derived. Each op knows how
to apply itself to a table. On disk an op is a JSON object tagged by "op"
(``{"op": "cash", "src": "Ana", "dst": "bank", "amount": 60}``); game files
written before the ops had names hold positional lists (``["cash", "Ana",
"bank", 60]``), which `decode_op` still reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from referee.core.state import BANK, POT, Debt, Table


class Cash(NamedTuple):
    """Money moves from one party (a player, the bank or the pot) to another."""

    src: str
    dst: str
    amount: int

    @property
    def tag(self) -> str:
        return "cash"

    def apply(self, t: Table) -> None:
        for party, sign in ((self.src, -1), (self.dst, 1)):
            if party == BANK:
                t.bank_net += sign * self.amount
            elif party == POT:
                t.pot += sign * self.amount
            else:
                t.player(party).cash += sign * self.amount


class Owner(NamedTuple):
    """A deed changes hands (owner None: back to the bank)."""

    deed: int
    owner: str | None

    @property
    def tag(self) -> str:
        return "owner"

    def apply(self, t: Table) -> None:
        t.deeds[self.deed].owner = self.owner


class Buildings(NamedTuple):
    """The buildings standing on a lot become exactly these."""

    deed: int
    houses: int
    hotel: bool

    @property
    def tag(self) -> str:
        return "buildings"

    def apply(self, t: Table) -> None:
        d = t.deeds[self.deed]
        d.houses, d.hotel = self.houses, self.hotel


class Mortgaged(NamedTuple):
    deed: int
    mortgaged: bool

    @property
    def tag(self) -> str:
        return "mortgaged"

    def apply(self, t: Table) -> None:
        t.deeds[self.deed].mortgaged = self.mortgaged


class Jail(NamedTuple):
    """A player's jail status; going in moves the token to `square` when given."""

    player: str
    in_jail: bool
    turns: int
    square: int | None = None

    @property
    def tag(self) -> str:
        return "jail"

    def apply(self, t: Table) -> None:
        p = t.player(self.player)
        p.in_jail, p.jail_turns = self.in_jail, self.turns
        if self.in_jail and self.square is not None:
            p.position = self.square


class JailCard(NamedTuple):
    """A Get Out of Jail Free card moves: from None is out of the deck, to None is back under it."""

    src: str | None
    dst: str | None
    deck: str

    @property
    def tag(self) -> str:
        return "jail_card"

    def apply(self, t: Table) -> None:
        if self.src:
            t.player(self.src).jail_cards.remove(self.deck)
        else:
            t.jail_cards_out[self.deck] = t.jail_cards_out.get(self.deck, 0) + 1
        if self.dst:
            t.player(self.dst).jail_cards.append(self.deck)
        else:
            t.jail_cards_out[self.deck] = t.jail_cards_out.get(self.deck, 0) - 1


class NewDebt(NamedTuple):
    """A payment the debtor's cash did not cover, recorded until paid or bankruptcy."""

    debtor: str
    creditor: str
    amount: int
    reason: str

    @property
    def tag(self) -> str:
        return "debt"

    def apply(self, t: Table) -> None:
        t.debts.append(Debt(t.next_debt_id, self.debtor, self.creditor, self.amount, self.reason))
        t.next_debt_id += 1


class DebtPaid(NamedTuple):
    debt: int

    @property
    def tag(self) -> str:
        return "debt_paid"

    def apply(self, t: Table) -> None:
        t.debts = [d for d in t.debts if d.id != self.debt]


class Bankrupt(NamedTuple):
    player: str

    @property
    def tag(self) -> str:
        return "bankrupt"

    def apply(self, t: Table) -> None:
        t.player(self.player).bankrupt = True
        t.bankruptcies += 1
        t.debts = [d for d in t.debts if d.debtor != self.player]


class Position(NamedTuple):
    player: str
    square: int

    @property
    def tag(self) -> str:
        return "position"

    def apply(self, t: Table) -> None:
        t.player(self.player).position = self.square


class Skip(NamedTuple):
    """How many turns the player still loses."""

    player: str
    turns: int

    @property
    def tag(self) -> str:
        return "skip"

    def apply(self, t: Table) -> None:
        t.player(self.player).skip_turns = self.turns


class Over(NamedTuple):
    winner: str | None

    @property
    def tag(self) -> str:
        return "over"

    def apply(self, t: Table) -> None:
        t.over = True
        t.winner = self.winner


TURN_FIELDS = ("turn", "rolls", "doubles_run")


class SetTurn(NamedTuple):
    """A turn-tracking counter of the table (turn, rolls, doubles_run) takes a value."""

    field: str
    value: int

    @property
    def tag(self) -> str:
        return "set"

    def apply(self, t: Table) -> None:
        if self.field not in TURN_FIELDS:
            raise ValueError(f"unknown turn field {self.field!r}")
        setattr(t, self.field, self.value)


class Land(NamedTuple):
    """A landing: {player, square, roll, dice | card}; the rent claim window counts from it."""

    landing: dict[str, Any]

    @property
    def tag(self) -> str:
        return "land"

    def apply(self, t: Table) -> None:
        t.landings = (t.landings + [dict(self.landing)])[-12:]


class Claim(NamedTuple):
    """The rent for the landing of `player` on `square` at roll `roll` is paid."""

    player: str
    square: int
    roll: int

    @property
    def tag(self) -> str:
        return "claim"

    def apply(self, t: Table) -> None:
        for land in t.landings:
            if (land["player"], land["square"], land["roll"]) == (self.player, self.square, self.roll):
                land["claimed"] = True


class Extra(NamedTuple):
    """A free-form table flag (tracking, the player who has thrown this turn)."""

    key: str
    value: Any

    @property
    def tag(self) -> str:
        return "extra"

    def apply(self, t: Table) -> None:
        t.extra[self.key] = self.value


Op = (Cash | Owner | Buildings | Mortgaged | Jail | JailCard | NewDebt | DebtPaid | Bankrupt | Position | Skip | Over
      | SetTurn | Land | Claim | Extra)
_CLASSES = (Cash, Owner, Buildings, Mortgaged, Jail, JailCard, NewDebt, DebtPaid, Bankrupt, Position, Skip, Over,
            SetTurn, Land, Claim, Extra)
OP_TYPES: dict[str, type] = {c.__dict__["tag"].fget(None): c for c in _CLASSES}  # each tag property returns a constant



# ---------------------------------------------------------------- codec
def encode_op(op: Op) -> dict[str, Any]:
    """An op as a JSON object: {"op": tag, field: value, …}."""
    d: dict[str, Any] = {"op": op.tag}
    for name in op._fields:
        d[name] = getattr(op, name)
    return d


def decode_op(raw: Any) -> Op:
    """An op from its JSON object, or from the positional list older game files hold (an op stays as it is)."""
    if isinstance(raw, _CLASSES):
        return raw
    if isinstance(raw, dict):
        body = dict(raw)
        cls = OP_TYPES.get(body.pop("op", None))
        if cls is None:
            raise ValueError(f"unknown op {raw!r}")
        op: Op = cls(**body)
        return op
    if isinstance(raw, (list, tuple)) and raw:
        cls = OP_TYPES.get(raw[0])
        if cls is None:
            raise ValueError(f"unknown op {raw[0]!r}")
        old: Op = cls(*raw[1:])  # the old list format is the fields in declaration order
        return old
    raise ValueError(f"not an op: {raw!r}")


def apply_ops(t: Table, ops: Iterable[Any]) -> None:
    """Apply an event's ops in order (mutates `t`); raw JSON ops, new or old format, are decoded first."""
    for op in ops:
        decode_op(op).apply(t)
