"""The primitive ops an event is made of, as frozen records, and their JSON codec.

The records are small frozen classes (see `_Op`), cheap to define at start-up.

An event stores only ops whose amounts are already computed; replaying a game
folds `apply_ops` over them, so the state is always derived. Each op knows how
to apply itself to a table. On disk an op is a JSON object tagged by "op"
(``{"op": "cash", "src": "Ana", "dst": "bank", "amount": 60}``); game files
written before the ops had names hold positional lists (``["cash", "Ana",
"bank", 60]``), which `decode_op` still reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from referee.core.state import BANK, POT, Debt, Landing, Table


class _Op:
    """A frozen record: its fields are set once, compared and shown by value.

    Plain slotted classes, not dataclasses or NamedTuples: every command that records a move imports
    this module, and generating sixteen records' methods at start-up costs a few milliseconds."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(getattr(self, f) == getattr(other, f) for f in self._fields)

    def __hash__(self) -> int:
        return hash((type(self).__name__, *(getattr(self, f) for f in self._fields)))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f}={getattr(self, f)!r}' for f in self._fields)})"


class Cash(_Op):
    """Money moves from one party (a player, the bank or the pot) to another."""

    __slots__ = ("src", "dst", "amount")
    _fields = __slots__
    tag: ClassVar[str] = "cash"
    src: str
    dst: str
    amount: int

    def __init__(self, src: str, dst: str, amount: int) -> None:
        object.__setattr__(self, "src", src)
        object.__setattr__(self, "dst", dst)
        object.__setattr__(self, "amount", amount)

    def apply(self, t: Table) -> None:
        for party, sign in ((self.src, -1), (self.dst, 1)):
            if party == BANK:
                t.bank_net += sign * self.amount
            elif party == POT:
                t.pot += sign * self.amount
            else:
                t.player(party).cash += sign * self.amount


class Owner(_Op):
    """A deed changes hands (owner None: back to the bank)."""

    __slots__ = ("deed", "owner")
    _fields = __slots__
    tag: ClassVar[str] = "owner"
    deed: int
    owner: str | None

    def __init__(self, deed: int, owner: str | None) -> None:
        object.__setattr__(self, "deed", deed)
        object.__setattr__(self, "owner", owner)

    def apply(self, t: Table) -> None:
        t.deeds[self.deed].owner = self.owner


class Buildings(_Op):
    """The buildings standing on a lot become exactly these."""

    __slots__ = ("deed", "houses", "hotel")
    _fields = __slots__
    tag: ClassVar[str] = "buildings"
    deed: int
    houses: int
    hotel: bool

    def __init__(self, deed: int, houses: int, hotel: bool) -> None:
        object.__setattr__(self, "deed", deed)
        object.__setattr__(self, "houses", houses)
        object.__setattr__(self, "hotel", hotel)

    def apply(self, t: Table) -> None:
        d = t.deeds[self.deed]
        d.houses, d.hotel = self.houses, self.hotel


class Mortgaged(_Op):
    __slots__ = ("deed", "mortgaged")
    _fields = __slots__
    tag: ClassVar[str] = "mortgaged"
    deed: int
    mortgaged: bool

    def __init__(self, deed: int, mortgaged: bool) -> None:
        object.__setattr__(self, "deed", deed)
        object.__setattr__(self, "mortgaged", mortgaged)

    def apply(self, t: Table) -> None:
        t.deeds[self.deed].mortgaged = self.mortgaged


class Jail(_Op):
    """A player's jail status; going in moves the token to `square` when given."""

    __slots__ = ("player", "in_jail", "turns", "square")
    _fields = __slots__
    tag: ClassVar[str] = "jail"
    player: str
    in_jail: bool
    turns: int
    square: int | None

    def __init__(self, player: str, in_jail: bool, turns: int, square: int | None = None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "in_jail", in_jail)
        object.__setattr__(self, "turns", turns)
        object.__setattr__(self, "square", square)

    def apply(self, t: Table) -> None:
        p = t.player(self.player)
        p.in_jail, p.jail_turns = self.in_jail, self.turns
        if self.in_jail and self.square is not None:
            p.position = self.square


class JailCard(_Op):
    """A Get Out of Jail Free card moves: from None is out of the deck, to None is back under it."""

    __slots__ = ("src", "dst", "deck")
    _fields = __slots__
    tag: ClassVar[str] = "jail_card"
    src: str | None
    dst: str | None
    deck: str

    def __init__(self, src: str | None, dst: str | None, deck: str) -> None:
        object.__setattr__(self, "src", src)
        object.__setattr__(self, "dst", dst)
        object.__setattr__(self, "deck", deck)

    def apply(self, t: Table) -> None:
        if self.src:
            t.player(self.src).jail_cards.remove(self.deck)
        else:
            t.jail_cards_out[self.deck] = t.jail_cards_out.get(self.deck, 0) + 1
        if self.dst:
            t.player(self.dst).jail_cards.append(self.deck)
        else:
            t.jail_cards_out[self.deck] = t.jail_cards_out.get(self.deck, 0) - 1


class NewDebt(_Op):
    """A payment the debtor's cash did not cover, recorded until paid or bankruptcy."""

    __slots__ = ("debtor", "creditor", "amount", "reason")
    _fields = __slots__
    tag: ClassVar[str] = "debt"
    debtor: str
    creditor: str
    amount: int
    reason: str

    def __init__(self, debtor: str, creditor: str, amount: int, reason: str) -> None:
        object.__setattr__(self, "debtor", debtor)
        object.__setattr__(self, "creditor", creditor)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "reason", reason)

    def apply(self, t: Table) -> None:
        t.debts.append(Debt(t.next_debt_id, self.debtor, self.creditor, self.amount, self.reason))
        t.next_debt_id += 1


class DebtPaid(_Op):
    __slots__ = ("debt",)
    _fields = __slots__
    tag: ClassVar[str] = "debt_paid"
    debt: int

    def __init__(self, debt: int) -> None:
        object.__setattr__(self, "debt", debt)

    def apply(self, t: Table) -> None:
        t.debts = [d for d in t.debts if d.id != self.debt]


class Bankrupt(_Op):
    __slots__ = ("player",)
    _fields = __slots__
    tag: ClassVar[str] = "bankrupt"
    player: str

    def __init__(self, player: str) -> None:
        object.__setattr__(self, "player", player)

    def apply(self, t: Table) -> None:
        t.player(self.player).bankrupt = True
        t.bankruptcies += 1
        t.debts = [d for d in t.debts if d.debtor != self.player]


class Position(_Op):
    __slots__ = ("player", "square")
    _fields = __slots__
    tag: ClassVar[str] = "position"
    player: str
    square: int

    def __init__(self, player: str, square: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "square", square)

    def apply(self, t: Table) -> None:
        t.player(self.player).position = self.square


class Skip(_Op):
    """How many turns the player still loses."""

    __slots__ = ("player", "turns")
    _fields = __slots__
    tag: ClassVar[str] = "skip"
    player: str
    turns: int

    def __init__(self, player: str, turns: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "turns", turns)

    def apply(self, t: Table) -> None:
        t.player(self.player).skip_turns = self.turns


class Over(_Op):
    __slots__ = ("winner",)
    _fields = __slots__
    tag: ClassVar[str] = "over"
    winner: str | None

    def __init__(self, winner: str | None) -> None:
        object.__setattr__(self, "winner", winner)

    def apply(self, t: Table) -> None:
        t.over = True
        t.winner = self.winner

TURN_FIELDS = ("turn", "rolls", "doubles_run")


class SetTurn(_Op):
    """A turn-tracking counter of the table (turn, rolls, doubles_run) takes a value."""

    __slots__ = ("field", "value")
    _fields = __slots__
    tag: ClassVar[str] = "set"
    field: str
    value: int

    def __init__(self, field: str, value: int) -> None:
        object.__setattr__(self, "field", field)
        object.__setattr__(self, "value", value)

    def apply(self, t: Table) -> None:
        if self.field not in TURN_FIELDS:
            raise ValueError(f"unknown turn field {self.field!r}")
        setattr(t, self.field, self.value)


class Land(_Op):
    """A landing: {player, square, roll, dice | card}; the rent claim window counts from it."""

    __slots__ = ("landing",)
    _fields = __slots__
    tag: ClassVar[str] = "land"
    landing: Landing

    def __init__(self, landing: Landing) -> None:
        object.__setattr__(self, "landing", landing)

    def apply(self, t: Table) -> None:
        t.landings = (t.landings + [self.landing.copy()])[-12:]


class Claim(_Op):
    """The rent for the landing of `player` on `square` at roll `roll` is paid."""

    __slots__ = ("player", "square", "roll")
    _fields = __slots__
    tag: ClassVar[str] = "claim"
    player: str
    square: int
    roll: int

    def __init__(self, player: str, square: int, roll: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "roll", roll)

    def apply(self, t: Table) -> None:
        for land in t.landings:
            if (land["player"], land["square"], land["roll"]) == (self.player, self.square, self.roll):
                land["claimed"] = True


class Extra(_Op):
    """A free-form table flag (tracking, the player who has thrown this turn)."""

    __slots__ = ("key", "value")
    _fields = __slots__
    tag: ClassVar[str] = "extra"
    key: str
    value: Any

    def __init__(self, key: str, value: Any) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "value", value)

    def apply(self, t: Table) -> None:
        flags: dict[str, Any] = t.extra  # type: ignore[assignment]  # the codec sets a flag by its stored name
        flags[self.key] = self.value


Op = (Cash | Owner | Buildings | Mortgaged | Jail | JailCard | NewDebt | DebtPaid | Bankrupt | Position | Skip | Over
      | SetTurn | Land | Claim | Extra)
_CLASSES = (Cash, Owner, Buildings, Mortgaged, Jail, JailCard, NewDebt, DebtPaid, Bankrupt, Position, Skip, Over,
            SetTurn, Land, Claim, Extra)
OP_TYPES: dict[str, type] = {c.tag: c for c in _CLASSES}


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
