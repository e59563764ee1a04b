"""The table as it stands, and the few primitive operations that change it.

Every transaction becomes an event holding a list of primitive ops (money
moves, deed moves, buildings, flags; see ops.py) with amounts already
computed. Replaying a game folds `ops.apply_ops` over its events, so the state
is always derived and money can only move between parties, never appear or
vanish: the bank's net balance is tracked like any other party's.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Required, TypedDict

from referee.msg import BANK as BANK  # re-exported: the engine says state.BANK

POT = "pot"  # the Free Parking jackpot, when a house rule keeps one


class Landing(TypedDict, total=False):
    """Where a throw or a card put a token (turns tracked, or a dispute's given throws); the rent claim window
    and the once-only salary count from it. The ledger keeps the last twelve."""

    player: Required[str]
    square: Required[int]
    roll: Required[int]  # the table's throw count when it happened
    dice: int  # the pips thrown (a utility's rent multiplies them)
    card: str  # the card that moved the token there, by id
    go: bool  # the salary was paid on the way
    claimed: bool  # its rent is paid


class Flags(TypedDict, total=False):
    """The table's flags (`Table.extra`), each set by an `Extra` op and read by one chapter of the engine."""

    tracking: bool  # turns are tracked: throws move tokens
    thrown: str | None  # who has thrown this turn
    positions: list[str]  # players whose square is known without tracking (a dispute states it)
    go_paid: str | None  # who just collected the salary (cleared by the next other move)
    interest_paid: dict[str, Any] | None  # mortgages whose 10 % was paid on a trade, until another move
    tax_declared: dict[str, str]  # income-tax choices declared before counting (core/tax_choice)
    jail_thrown: dict[str, list[int]]  # jailed players' failed throws this turn (core/jail_turns)
    bids: dict[str, Any]  # a live auction's bids (core/auction_pending)
    bank_auctions: list[int]  # deeds a bankruptcy handed the bank, to be auctioned (core/buying)


@dataclass
class Player:
    name: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    jail_cards: list[str] = field(default_factory=list)
    bankrupt: bool = False
    skip_turns: int = 0


@dataclass
class Deed:
    owner: str | None = None  # None: the bank holds it
    houses: int = 0
    hotel: bool = False
    mortgaged: bool = False

    @property
    def built(self) -> bool:
        return self.houses > 0 or self.hotel


@dataclass
class Debt:
    id: int
    debtor: str
    creditor: str  # a player's name or BANK
    amount: int
    reason: str


@dataclass
class Table:
    players: list[Player]
    deeds: dict[int, Deed]
    houses_total: int
    hotels_total: int
    bank_net: int = 0  # what the bank has paid out minus what it took in, negated
    pot: int = 0
    debts: list[Debt] = field(default_factory=list)
    next_debt_id: int = 1
    bankruptcies: int = 0
    over: bool = False
    winner: str | None = None
    # turn tracking (optional per game)
    turn: int = 0
    rolls: int = 0
    doubles_run: int = 0
    landings: list[Landing] = field(default_factory=list)
    jail_cards_out: dict[str, int] = field(default_factory=dict)
    extra: Flags = field(default_factory=lambda: Flags())

    # ------------------------------------------------------------ lookups
    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def active_players(self) -> list[Player]:
        return [p for p in self.players if not p.bankrupt]

    def owned_by(self, name: str) -> list[int]:
        return sorted(i for i, d in self.deeds.items() if d.owner == name)

    @property
    def bank_houses(self) -> int:
        return self.houses_total - sum(d.houses for d in self.deeds.values())

    @property
    def bank_hotels(self) -> int:
        return self.hotels_total - sum(1 for d in self.deeds.values() if d.hotel)

    def debts_of(self, name: str) -> list[Debt]:
        return [d for d in self.debts if d.debtor == name]

    def current_player(self) -> Player | None:
        act = self.active_players()
        if not act:
            return None
        return self.players[self.turn % len(self.players)]

    # ------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[Any, Any]:
        d = asdict(self)
        d["deeds"] = {str(k): v for k, v in d["deeds"].items()}
        return d

    @classmethod
    def from_dict(cls, d: dict[Any, Any]) -> Table:
        d = dict(d)
        d["players"] = [Player(**p) for p in d["players"]]
        d["deeds"] = {int(k): Deed(**v) for k, v in d["deeds"].items()}
        d["debts"] = [Debt(**x) for x in d.get("debts", [])]
        return cls(**d)

    def copy(self) -> Table:
        """A deep copy, equal to Table.from_dict(self.to_dict()) without the dict round trip
        (every action copies the table; asdict made that the cost of a ruling)."""
        import copy as _copy

        t = _copy.copy(self)
        t.players = [Player(p.name, p.cash, p.position, p.in_jail, p.jail_turns, list(p.jail_cards), p.bankrupt, p.skip_turns)
                     for p in self.players]
        t.deeds = {i: Deed(d.owner, d.houses, d.hotel, d.mortgaged) for i, d in self.deeds.items()}
        t.debts = [Debt(d.id, d.debtor, d.creditor, d.amount, d.reason) for d in self.debts]
        t.landings = _copy.deepcopy(self.landings)
        t.jail_cards_out = dict(self.jail_cards_out)
        t.extra = _copy.deepcopy(self.extra)
        return t


def new_table(players: list[tuple[str, int]], deed_indices: list[int], houses: int, hotels: int) -> Table:
    t = Table(
        players=[Player(name, 0) for name, _ in players],
        deeds={i: Deed() for i in deed_indices},
        houses_total=houses,
        hotels_total=hotels,
    )
    return t
