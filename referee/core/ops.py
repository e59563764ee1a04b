"""The primitive ops an event is made of, as frozen records, and their JSON codec.

An event stores only ops whose amounts are already computed; replaying a game
folds `apply_ops` over them, so the state is always derived. Each op knows how
to apply itself to a table. On disk an op is a JSON object tagged by "op"
(``{"op": "cash", "src": "Ana", "dst": "bank", "amount": 60}``); game files
written before the ops had names hold positional lists (``["cash", "Ana",
"bank", 60]``), which `decode_op` still reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from referee.core.state import BANK, POT, Debt, Table


@dataclass(frozen=True)
class Cash:
    """Money moves from one party (a player, the bank or the pot) to another."""

    tag: ClassVar[str] = "cash"
    src: str
    dst: str
    amount: int

    def apply(self, t: Table) -> None:
        for party, sign in ((self.src, -1), (self.dst, 1)):
            if party == BANK:
                t.bank_net += sign * self.amount
            elif party == POT:
                t.pot += sign * self.amount
            else:
                t.player(party).cash += sign * self.amount


@dataclass(frozen=True)
class Owner:
    """A deed changes hands (owner None: back to the bank)."""

    tag: ClassVar[str] = "owner"
    deed: int
    owner: str | None

    def apply(self, t: Table) -> None:
        t.deeds[self.deed].owner = self.owner


@dataclass(frozen=True)
class Buildings:
    """The buildings standing on a lot become exactly these."""

    tag: ClassVar[str] = "buildings"
    deed: int
    houses: int
    hotel: bool

    def apply(self, t: Table) -> None:
        d = t.deeds[self.deed]
        d.houses, d.hotel = self.houses, self.hotel


@dataclass(frozen=True)
class Mortgaged:
    tag: ClassVar[str] = "mortgaged"
    deed: int
    mortgaged: bool

    def apply(self, t: Table) -> None:
        t.deeds[self.deed].mortgaged = self.mortgaged


@dataclass(frozen=True)
class Jail:
    """A player's jail status; going in moves the token to `square` when given."""

    tag: ClassVar[str] = "jail"
    player: str
    in_jail: bool
    turns: int
    square: int | None = None

    def apply(self, t: Table) -> None:
        p = t.player(self.player)
        p.in_jail, p.jail_turns = self.in_jail, self.turns
        if self.in_jail and self.square is not None:
            p.position = self.square


@dataclass(frozen=True)
class JailCard:
    """A Get Out of Jail Free card moves: from None is out of the deck, to None is back under it."""

    tag: ClassVar[str] = "jail_card"
    src: str | None
    dst: str | None
    deck: str

    def apply(self, t: Table) -> None:
        if self.src:
            t.player(self.src).jail_cards.remove(self.deck)
        else:
            t.jail_cards_out[self.deck] = t.jail_cards_out.get(self.deck, 0) + 1
        if self.dst:
            t.player(self.dst).jail_cards.append(self.deck)
        else:
            t.jail_cards_out[self.deck] = t.jail_cards_out.get(self.deck, 0) - 1


@dataclass(frozen=True)
class NewDebt:
    """A payment the debtor's cash did not cover, recorded until paid or bankruptcy."""

    tag: ClassVar[str] = "debt"
    debtor: str
    creditor: str
    amount: int
    reason: str

    def apply(self, t: Table) -> None:
        t.debts.append(Debt(t.next_debt_id, self.debtor, self.creditor, self.amount, self.reason))
        t.next_debt_id += 1


@dataclass(frozen=True)
class DebtPaid:
    tag: ClassVar[str] = "debt_paid"
    debt: int

    def apply(self, t: Table) -> None:
        t.debts = [d for d in t.debts if d.id != self.debt]


@dataclass(frozen=True)
class Bankrupt:
    tag: ClassVar[str] = "bankrupt"
    player: str

    def apply(self, t: Table) -> None:
        t.player(self.player).bankrupt = True
        t.bankruptcies += 1
        t.debts = [d for d in t.debts if d.debtor != self.player]


@dataclass(frozen=True)
class Position:
    tag: ClassVar[str] = "position"
    player: str
    square: int

    def apply(self, t: Table) -> None:
        t.player(self.player).position = self.square


@dataclass(frozen=True)
class Skip:
    """How many turns the player still loses."""

    tag: ClassVar[str] = "skip"
    player: str
    turns: int

    def apply(self, t: Table) -> None:
        t.player(self.player).skip_turns = self.turns


@dataclass(frozen=True)
class Over:
    tag: ClassVar[str] = "over"
    winner: str | None

    def apply(self, t: Table) -> None:
        t.over = True
        t.winner = self.winner


TURN_FIELDS = ("turn", "rolls", "doubles_run")


@dataclass(frozen=True)
class SetTurn:
    """A turn-tracking counter of the table (turn, rolls, doubles_run) takes a value."""

    tag: ClassVar[str] = "set"
    field: str
    value: int

    def apply(self, t: Table) -> None:
        if self.field not in TURN_FIELDS:
            raise ValueError(f"unknown turn field {self.field!r}")
        setattr(t, self.field, self.value)


@dataclass(frozen=True)
class Land:
    """A landing: {player, square, roll, dice | card}; the rent claim window counts from it."""

    tag: ClassVar[str] = "land"
    landing: dict[str, Any]

    def apply(self, t: Table) -> None:
        t.landings = (t.landings + [dict(self.landing)])[-12:]


@dataclass(frozen=True)
class Claim:
    """The rent for the landing of `player` on `square` at roll `roll` is paid."""

    tag: ClassVar[str] = "claim"
    player: str
    square: int
    roll: int

    def apply(self, t: Table) -> None:
        for land in t.landings:
            if (land["player"], land["square"], land["roll"]) == (self.player, self.square, self.roll):
                land["claimed"] = True


@dataclass(frozen=True)
class Extra:
    """A free-form table flag (tracking, the player who has thrown this turn)."""

    tag: ClassVar[str] = "extra"
    key: str
    value: Any

    def apply(self, t: Table) -> None:
        t.extra[self.key] = self.value


Op = (Cash | Owner | Buildings | Mortgaged | Jail | JailCard | NewDebt | DebtPaid | Bankrupt | Position | Skip | Over
      | SetTurn | Land | Claim | Extra)
OP_TYPES: dict[str, type] = {c.tag: c for c in (Cash, Owner, Buildings, Mortgaged, Jail, JailCard, NewDebt, DebtPaid,
                                                 Bankrupt, Position, Skip, Over, SetTurn, Land, Claim, Extra)}
_CLASSES = tuple(OP_TYPES.values())


# ---------------------------------------------------------------- codec
def encode_op(op: Op) -> dict[str, Any]:
    """An op as a JSON object: {"op": tag, field: value, …}."""
    d: dict[str, Any] = {"op": op.tag}
    for f in fields(op):
        d[f.name] = getattr(op, f.name)
    return d


def decode_op(raw: Any) -> Op:
    """An op from its JSON object, or from the positional list older game files hold (an op stays as it is)."""
    if isinstance(raw, _CLASSES):
        return raw  # type: ignore[return-value]  # an isinstance over a tuple does not narrow the union
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
