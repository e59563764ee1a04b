"""The table's vocabulary: one frozen, typed move per kind of table action.

A move is what the banker (or a scenario, or a stored event) says happened, with
its names already resolved: players by name, deeds by board index, amounts as
ints in the edition's money, dice as a pair, cards as "deck:id". It is not the
outcome: what the engine computed (a rent's amount, a tax's net worth, a
trade's interest) belongs to the event the move produced. Every surface parses
into a `Move`; `moves.apply.apply` runs it through the engine's chapter; and
`moves.printer` says it back as the command line the table types.

A stored event holds the move's fields in its `args` beside what the engine
added; `from_event` reads the move back, `args()` writes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from referee.errors import InputError


@dataclass(frozen=True, slots=True)
class Source:
    """Where a move was said: a console line, the CLI's argv, a scenario file and line, a phone, a stored event."""

    surface: str  # "console" | "cli" | "scenario" | "phone" | "event"
    where: str = ""  # "moves.txt:12", "#34", the argv as typed …


@dataclass(frozen=True, slots=True)
class Move:
    """The fields every move has: where it was said (not part of the move's identity) and, when the banker
    recorded it against the rules' question, the reason kept with it (`--force`)."""

    kind: ClassVar[str] = ""
    OUTPUTS: ClassVar[tuple[str, ...]] = ()  # keys the engine adds to the stored args (not said by the table)
    forced: dict[str, Any] | None = field(default=None, kw_only=True)
    source: Source | None = field(default=None, kw_only=True, compare=False)

    @property
    def event_type(self) -> str:
        return self.kind.partition(".")[0]

    def args(self) -> dict[str, Any]:
        """The move as an event stores it (its fields; the sub-kind of a group under its key)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name in ("source", "forced"):
                continue
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        sub = SUBKIND.get(self.event_type)
        if sub:
            out[sub] = self.kind.partition(".")[2]
        if self.forced:
            out["forced"] = self.forced
        return out


# ---------------------------------------------------------------- money
@dataclass(frozen=True, slots=True)
class Deal(Move):
    kind: ClassVar[str] = "deal"
    player: str
    deeds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Salary(Move):
    kind: ClassVar[str] = "salary"
    player: str
    landed: bool = False


@dataclass(frozen=True, slots=True)
class Pay(Move):
    kind: ClassVar[str] = "pay"
    payer: str
    payee: str
    amount: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Settle(Move):
    kind: ClassVar[str] = "settle"
    player: str


# ---------------------------------------------------------------- deeds
@dataclass(frozen=True, slots=True)
class Buy(Move):
    kind: ClassVar[str] = "buy"
    player: str
    deed: int


@dataclass(frozen=True, slots=True)
class Auction(Move):
    """A deed the bank auctioned: won by `player` at `price`, or no bid (`player` None: the bank keeps it)."""

    kind: ClassVar[str] = "auction"
    OUTPUTS: ClassVar[tuple[str, ...]] = ("winner",)
    deed: int
    player: str | None = None
    price: int | None = None


@dataclass(frozen=True, slots=True)
class Rent(Move):
    kind: ClassVar[str] = "rent"
    payer: str
    deed: int
    dice: int | None = None
    card: str | None = None  # the card that sent the payer there (nearest railroad or utility)
    late: int | None = None  # the claim window stated by hand: how many players have thrown since


@dataclass(frozen=True, slots=True)
class Mortgage(Move):
    kind: ClassVar[str] = "mortgage"
    OUTPUTS: ClassVar[tuple[str, ...]] = ("player",)
    deed: int


@dataclass(frozen=True, slots=True)
class Unmortgage(Move):
    kind: ClassVar[str] = "unmortgage"
    OUTPUTS: ClassVar[tuple[str, ...]] = ("player",)
    deed: int


@dataclass(frozen=True, slots=True)
class Build(Move):
    """Houses (or a hotel) on one lot, or a whole group brought evenly to `to` houses."""

    kind: ClassVar[str] = "build"
    OUTPUTS: ClassVar[tuple[str, ...]] = ("player", "wants", "facts")
    deed: int | None = None
    count: int = 1
    hotel: bool = False
    price: int | None = None  # paid at a building-shortage auction
    group: str | None = None
    to: int | str | None = None  # a number of houses, or "hotel"


@dataclass(frozen=True, slots=True)
class Sell(Move):
    kind: ClassVar[str] = "sell"
    OUTPUTS: ClassVar[tuple[str, ...]] = ("player",)
    deed: int | None = None
    count: int = 1
    way: str | None = None  # how a hotel goes back (the edition's `building.hotel_sale`)
    group: str | None = None
    to: int | None = None


@dataclass(frozen=True, slots=True)
class Trade(Move):
    kind: ClassVar[str] = "trade"
    a: str
    b: str
    a_gives: dict[str, Any]
    b_gives: dict[str, Any]
    lift: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class DeedValues(Move):
    """Values read from a deed at the table (`referee deed`): laid over the board from then on."""

    kind: ClassVar[str] = "deed"
    set: tuple[dict[str, Any], ...]


# ---------------------------------------------------------------- squares, cards, jail
@dataclass(frozen=True, slots=True)
class IncomeTax(Move):
    kind: ClassVar[str] = "tax.income"
    OUTPUTS: ClassVar[tuple[str, ...]] = ("net_worth",)
    player: str
    choice: str | None = None


@dataclass(frozen=True, slots=True)
class LuxuryTax(Move):
    kind: ClassVar[str] = "tax.luxury"
    player: str


@dataclass(frozen=True, slots=True)
class Declare(Move):
    """The income-tax choice declared before counting."""

    kind: ClassVar[str] = "declare"
    player: str
    choice: str


@dataclass(frozen=True, slots=True)
class FreeParking(Move):
    kind: ClassVar[str] = "free_parking"
    player: str


@dataclass(frozen=True, slots=True)
class Card(Move):
    kind: ClassVar[str] = "card"
    player: str
    card: str | None  # "deck:id"; None for a card the table made up (custom)
    passed_go: bool = False
    custom: dict[str, Any] | None = None  # a card the table made up: {"effect": "pay" | "pay_each" | "collect" | …, "amount": N}


@dataclass(frozen=True, slots=True)
class JailSend(Move):
    kind: ClassVar[str] = "jail.send"
    player: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class JailPay(Move):
    kind: ClassVar[str] = "jail.pay"
    player: str


@dataclass(frozen=True, slots=True)
class JailCard(Move):
    kind: ClassVar[str] = "jail.card"
    player: str
    deck: str | None = None


@dataclass(frozen=True, slots=True)
class JailRoll(Move):
    kind: ClassVar[str] = "jail.roll"
    player: str
    dice: tuple[int, int]


# ---------------------------------------------------------------- turns and the end
@dataclass(frozen=True, slots=True)
class Roll(Move):
    kind: ClassVar[str] = "roll"
    player: str | None  # None: whoever's turn it is (the event stores who threw)
    dice: tuple[int, int]


@dataclass(frozen=True, slots=True)
class NextTurn(Move):
    kind: ClassVar[str] = "turn.next"
    OUTPUTS: ClassVar[tuple[str, ...]] = ("player",)


@dataclass(frozen=True, slots=True)
class SetTurn(Move):
    kind: ClassVar[str] = "turn.set"
    player: str


@dataclass(frozen=True, slots=True)
class Bankrupt(Move):
    kind: ClassVar[str] = "bankrupt"
    OUTPUTS: ClassVar[tuple[str, ...]] = ("creditor",)
    player: str
    lift: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PartialPayment(Move):
    """A debt paid partly in deeds at a value the creditor accepts."""

    kind: ClassVar[str] = "partial_payment"
    debtor: str
    deeds: tuple[int, ...]
    value: int


SUBKIND = {"tax": "tax", "jail": "action", "turn": "action"}  # the event types that group several moves, and the key naming which
KINDS: dict[str, type[Move]] = {cls.kind: cls for cls in (
    Deal, Salary, Pay, Settle, Buy, Auction, Rent, Mortgage, Unmortgage, Build, Sell, Trade, DeedValues,
    IncomeTax, LuxuryTax, Declare, FreeParking, Card, JailSend, JailPay, JailCard, JailRoll,
    Roll, NextTurn, SetTurn, Bankrupt, PartialPayment)}
_ALWAYS_OUT = ("forced",)  # read into the common field


def kind(typ: str, args: dict[str, Any]) -> str:
    """The move kind of a stored event: its type, with the sub-kind of a group ("tax.income", "jail.roll")."""
    sub = SUBKIND.get(typ)
    return f"{typ}.{args.get(sub)}" if sub else typ


def from_event(typ: str, args: dict[str, Any], where: str = "") -> Move:
    """The move a stored event (type and args) records; an event no move makes (setup, undo, the end) is an error."""
    name = kind(typ, args)
    cls = KINDS.get(name)
    if cls is None:
        raise InputError(f"a '{name}' entry is not a move that can be replayed")
    given: dict[str, Any] = {}
    for f in fields(cls):
        if f.name in ("source", "forced") or f.name not in args:
            continue
        v = args[f.name]
        given[f.name] = tuple(v) if isinstance(v, list) else v
    if cls is Auction and "player" not in args and "winner" in args:  # no bid: the stored winner is None
        given["player"] = args["winner"]
    try:
        return cls(**given, forced=args.get("forced"), source=Source("event", where))
    except TypeError as e:  # a field the move needs is missing from the file
        raise InputError(f"a '{name}' entry lacks what its move needs: {e}") from None
