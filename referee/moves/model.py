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

from typing import TYPE_CHECKING, Any, ClassVar, dataclass_transform

if TYPE_CHECKING:
    from dataclasses import KW_ONLY

from referee.errors import InputError

REQUIRED = _REQUIRED = object()  # a field without a default


class Source:
    """Where a move was said: a console line, the CLI's argv, a scenario file and line, a phone, a stored event."""

    __slots__ = ("surface", "where")

    def __init__(self, surface: str, where: str = ""):
        self.surface = surface  # "console" | "cli" | "scenario" | "phone" | "event"
        self.where = where  # "moves.txt:12", "#34", the argv as typed …

    def __repr__(self) -> str:
        return f"Source({self.surface!r}, {self.where!r})"


@dataclass_transform(frozen_default=True)
class _Kind(type):
    """How a kind of move is made from its annotations (see Move); a metaclass so that mypy reads Move's own
    keyword-only fields as every kind's."""

    def __init__(cls, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kw: Any) -> None:
        super().__init__(name, bases, ns, **kw)
        own = [(n, ns.get(n, _REQUIRED)) for n, ann in ns.get("__annotations__", {}).items() if not str(ann).startswith("ClassVar")]
        cls.FIELDS = tuple(getattr(bases[0], "FIELDS", ())) + tuple(own) if bases else ()


class Move(metaclass=_Kind):
    """The fields every move has: when the banker recorded it against the rules' question, the reason kept with it
    (`--force`), and where it was said (not part of the move's identity); both are keyword-only.

    Each kind declares its fields as annotations, read by mypy as a frozen dataclass's (PEP 681). At run time a
    kind is a plain class built from those annotations: twenty-seven dataclasses would cost every command ~20 ms
    of start-up (python -X importtime), a plain class a few microseconds."""

    kind: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[tuple[str, Any], ...]] = ()  # (name, default or _REQUIRED), in order
    if TYPE_CHECKING:  # what mypy reads: two keyword-only fields every kind has (set by __init__ at run time)
        _: KW_ONLY
        forced: dict[str, Any] | None = None
        source: Source | None = None

    def __init__(self, *args: Any, forced: dict[str, Any] | None = None, source: Source | None = None, **kw: Any) -> None:
        if len(args) > len(self.FIELDS):
            raise TypeError(f"{type(self).__name__} takes {len(self.FIELDS)} fields, {len(args)} given")
        for i, (name, default) in enumerate(self.FIELDS):
            if i < len(args):
                if name in kw:
                    raise TypeError(f"{type(self).__name__}: {name} given twice")
                value = args[i]
            elif name in kw:
                value = kw.pop(name)
            elif default is not _REQUIRED:
                value = default
            else:
                raise TypeError(f"{type(self).__name__} needs {name}")
            object.__setattr__(self, name, value)
        if kw:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(kw)}")
        object.__setattr__(self, "forced", forced)
        object.__setattr__(self, "source", source)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a move is frozen: cannot set {name}")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name, _ in self.FIELDS) + (self.forced,)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Move) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), repr(self._values())))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name, _ in self.FIELDS)
        return f"{type(self).__name__}({shown}{', forced=' + repr(self.forced) if self.forced else ''})"

    @property
    def event_type(self) -> str:
        return self.kind.partition(".")[0]

    def args(self) -> dict[str, Any]:
        """The move as an event stores it (its fields; the sub-kind of a group under its key)."""
        out: dict[str, Any] = {}
        for name, _ in self.FIELDS:
            v = getattr(self, name)
            out[name] = list(v) if isinstance(v, tuple) else v
        sub = SUBKIND.get(self.event_type)
        if sub:
            out[sub] = self.kind.partition(".")[2]
        if self.forced:
            out["forced"] = self.forced
        return out


# ---------------------------------------------------------------- money
class Deal(Move):
    kind: ClassVar[str] = "deal"
    player: str
    deeds: tuple[int, ...]


class Salary(Move):
    kind: ClassVar[str] = "salary"
    player: str
    landed: bool = False


class Pay(Move):
    kind: ClassVar[str] = "pay"
    payer: str
    payee: str
    amount: int
    reason: str = ""


class Settle(Move):
    kind: ClassVar[str] = "settle"
    player: str


# ---------------------------------------------------------------- deeds
class Buy(Move):
    kind: ClassVar[str] = "buy"
    player: str
    deed: int


class Auction(Move):
    """A deed the bank auctioned: won by `player` at `price`, or no bid (`player` None: the bank keeps it)."""

    kind: ClassVar[str] = "auction"
    deed: int
    player: str | None = None
    price: int | None = None


class Rent(Move):
    kind: ClassVar[str] = "rent"
    payer: str
    deed: int
    dice: int | None = None
    card: str | None = None  # the card that sent the payer there (nearest railroad or utility)
    late: int | None = None  # the claim window stated by hand: how many players have thrown since


class Mortgage(Move):
    kind: ClassVar[str] = "mortgage"
    deed: int
    by: str | None = None  # who makes the move, when a dispute states it (else the owner)


class Unmortgage(Move):
    kind: ClassVar[str] = "unmortgage"
    deed: int
    by: str | None = None


class Build(Move):
    """Houses (or a hotel) on one lot, or a whole group brought evenly to `to` houses."""

    kind: ClassVar[str] = "build"
    deed: int | None = None
    count: int = 1
    hotel: bool = False
    price: int | None = None  # paid at a building-shortage auction
    group: str | None = None
    to: int | str | None = None  # a number of houses, or "hotel"
    by: str | None = None
    # from a short bank: who wants buildings ({player, houses, hotels, breaks} each; the owner among them), so the
    # shortage rule decides between the deed price and an auction (`referee shortage`)
    wants: tuple[dict[str, Any], ...] | None = None


class Sell(Move):
    kind: ClassVar[str] = "sell"
    deed: int | None = None
    count: int = 1
    way: str | None = None  # how a hotel goes back (the edition's `building.hotel_sale`)
    group: str | None = None
    to: int | None = None
    by: str | None = None


class Trade(Move):
    kind: ClassVar[str] = "trade"
    a: str
    b: str
    a_gives: dict[str, Any]
    b_gives: dict[str, Any]
    lift: tuple[int, ...] = ()


class DeedValues(Move):
    """Values read from a deed at the table (`referee deed`): laid over the board from then on."""

    kind: ClassVar[str] = "deed"
    set: tuple[dict[str, Any], ...]


# ---------------------------------------------------------------- squares, cards, jail
class IncomeTax(Move):
    kind: ClassVar[str] = "tax.income"
    player: str
    choice: str | None = None


class LuxuryTax(Move):
    kind: ClassVar[str] = "tax.luxury"
    player: str


class Declare(Move):
    """The income-tax choice declared before counting."""

    kind: ClassVar[str] = "declare"
    player: str
    choice: str


class FreeParking(Move):
    kind: ClassVar[str] = "free_parking"
    player: str


class Card(Move):
    kind: ClassVar[str] = "card"
    player: str
    card: str | None  # "deck:id"; None for a card the table made up (custom)
    passed_go: bool = False
    custom: dict[str, Any] | None = None  # a card the table made up: {"effect": "pay" | "pay_each" | "collect" | …, "amount": N}


class JailSend(Move):
    kind: ClassVar[str] = "jail.send"
    player: str
    reason: str = ""


class JailPay(Move):
    kind: ClassVar[str] = "jail.pay"
    player: str


class JailCard(Move):
    kind: ClassVar[str] = "jail.card"
    player: str
    deck: str | None = None


class JailRoll(Move):
    kind: ClassVar[str] = "jail.roll"
    player: str
    dice: tuple[int, int]


# ---------------------------------------------------------------- turns and the end
class Roll(Move):
    kind: ClassVar[str] = "roll"
    player: str | None  # None: whoever's turn it is (the event stores who threw)
    dice: tuple[int, int]


class NextTurn(Move):
    kind: ClassVar[str] = "turn.next"


class SetTurn(Move):
    kind: ClassVar[str] = "turn.set"
    player: str


class Bankrupt(Move):
    kind: ClassVar[str] = "bankrupt"
    player: str
    lift: tuple[int, ...] = ()


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


_PLAYERS = ("player", "payer", "payee", "debtor", "a", "b", "by", "winner")


def field_types(cls: type[Move]) -> dict[str, str]:
    """What each field of a kind of move names, read from its name and annotation: a player (`party`: or the
    bank), a deed, deeds, an int, dice, a bool or a word. A surface with no reader of its own for the kind
    (a scenario claim, a console line) reads its words by these."""
    out: dict[str, str] = {}
    for name, _ in cls.FIELDS:
        ann = str(cls.__annotations__.get(name, "")).replace(" | None", "")
        if ann == "str":
            out[name] = "party" if name in ("payer", "payee") else "player" if name in _PLAYERS else "str"
        elif ann == "int":
            out[name] = "deed" if name == "deed" else "int"
        elif ann == "dict[str, Any]" and name.endswith("_gives"):
            out[name] = "side"  # what one player gives in a trade: cash, deeds, jail cards
        else:
            out[name] = {"tuple[int, ...]": "deeds", "tuple[int, int]": "dice", "bool": "bool"}.get(ann, "any")
    return out


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
    for name, _ in cls.FIELDS:
        if name in args:
            v = args[name]
            given[name] = tuple(v) if isinstance(v, list) else v
    if cls is Auction and "player" not in args and "winner" in args:  # no bid: the stored winner is None
        given["player"] = args["winner"]
    try:
        return cls(**given, forced=args.get("forced"), source=Source("event", where))
    except TypeError as e:  # a field the move needs is missing from the file
        raise InputError(f"a '{name}' entry lacks what its move needs: {e}") from None
