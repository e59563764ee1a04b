"""Rent owed on a deed, with the reasoning steps and the clauses behind them; and the rent transaction."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core import board_values as bv
from referee.core.checks import active, invalid, not_over, refuse
from referee.core.events import Event, new_event
from referee.core.landings import landing_on
from referee.core.money import charge
from referee.core.ops import Claim
from referee.core.state import Landing, Table
from referee.errors import InputError, MissingData
from referee.msg import Msg, Next
from referee.ruleset.model import UNKNOWN, CardData, Ruleset  # UNKNOWN from model, not schema: schema is costly to load


@dataclass
class Ruling:
    """An amount (or a legality) with the arithmetic shown and the clauses cited."""

    amount: int = 0
    steps: list[str | Msg] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)

    def step(self, text: str | Msg, clause: str | None = None) -> None:
        self.steps.append(text)
        if clause and clause not in self.clauses:
            self.clauses.append(clause)


def _count_owned(rs: Ruleset, t: Table, owner: str, kind: str) -> int:
    with_mortgaged = rs.p.rent.count_mortgaged_in_sets
    return sum(
        1
        for sq in rs.squares_of_kind(kind)
        if t.deeds[sq.index].owner == owner and (with_mortgaged or not t.deeds[sq.index].mortgaged)
    )


def full_group(t: Table, rs: Ruleset, idx: int) -> bool:
    sq = rs.squares[idx]
    owner = t.deeds[idx].owner
    return owner is not None and all(t.deeds[i].owner == owner for i in rs.group_members(sq.group or ""))


def rent_due(rs: Ruleset, t: Table, idx: int, dice: int | None = None, card: CardData | None = None) -> Ruling:
    sq = rs.squares[idx]
    d = t.deeds[idx]
    r = Ruling()
    if d.owner is None:
        raise refuse(rs, "buy.printed_price", "refused.rent_unowned", deed=sq.name)
    if d.mortgaged:
        raise refuse(rs, "rent.mortgaged", "refused.rent_mortgaged", deed=sq.name)
    owner = t.player(d.owner)
    if owner.in_jail and not rs.p.jail.collect_rent:
        raise refuse(rs, "jail.rights", "refused.rent_in_jail", player=owner.name)
    if sq.kind == "lot":
        table = sq.rent or ()
        if d.hotel:
            fix = Next("deed", {"deed": sq.name, "hotel": None})
            r.amount = _known(rs, table[5], f"the rent with a hotel on '{sq.name}'", fix)
            r.step(Msg("rent.hotel", {"deed": sq.name, "amount": r.amount}), "rent.houses")
            _flag(r, bv.square_grade(rs, idx, "rent", 5), "the rent with a hotel", fix)
        elif d.houses:
            fix = Next("deed", {"deed": sq.name, "houses": d.houses, "value": None})
            r.amount = _known(rs, table[d.houses], f"the rent with {d.houses} house(s) on '{sq.name}'", fix)
            r.step(Msg("rent.houses", {"deed": sq.name, "houses": d.houses, "amount": r.amount}), "rent.houses")
            _flag(r, bv.square_grade(rs, idx, "rent", d.houses), f"the rent with {d.houses} house(s)", fix)
        else:
            fix = Next("deed", {"deed": sq.name, "houses": 0, "value": None})
            base = _known(rs, table[0], f"the base rent of '{sq.name}'", fix)
            _flag(r, bv.square_grade(rs, idx, "rent", 0), "the base rent", fix)
            r.amount = base
            r.step(Msg("rent.base", {"deed": sq.name, "amount": base}), "rent.lot")
            if full_group(t, rs, idx):
                members = rs.group_members(sq.group or "")
                any_mortgaged = any(t.deeds[i].mortgaged for i in members)
                if any_mortgaged and rs.has_clause("rent.group_mortgaged"):  # an edition that rules the case apart
                    r.clauses.append("rent.group_mortgaged")
                if any_mortgaged and not rs.p.rent.full_group_with_mortgaged_lot:
                    r.step(Msg("rent.group_mortgaged", {"player": owner.name, "group": rs.group_name(sq.group or "")}),
                           "rent.full_group")
                else:
                    mult = rs.p.rent.full_group_multiplier
                    r.amount = base * mult
                    r.step(Msg("rent.full_group", {"player": owner.name, "group": rs.group_name(sq.group or ""),
                                                   "other_mortgaged": any_mortgaged, "times": mult, "amount": r.amount}),
                           "rent.full_group")
    elif sq.kind == "railroad":
        n = _count_owned(rs, t, owner.name, "railroad")
        rents: list[Any] = list(rs.railroad_rent)
        fix = Next("deed", {"deed": sq.name, "rent": 4})
        r.amount = _known(rs, rents[n - 1] if len(rents) >= n else None, f"the rent for {n} railroad(s)", fix)
        r.step(Msg("rent.railroads", {"player": owner.name, "count": n, "amount": r.amount, "kinds": rs.kind_names.get("railroad")}),
               "rent.railroad")
        _flag(r, bv.board_grade(rs, "railroad_rent", n - 1), "this rent", fix)
        if card and card.get("rent_multiplier"):
            m = card["rent_multiplier"]
            r.amount *= m
            r.step(Msg("rent.card_times", {"card": card.get("text", card["id"]), "times": m, "amount": r.amount}), "rent.card")
    elif sq.kind == "utility" and _fixed_utility_rent(rs) and not (card and card.get("dice_multiplier")):
        # contracts that print an amount by number of companies owned, not a multiple of the dice
        n = _count_owned(rs, t, owner.name, "utility")
        fixed = _fixed_utility_rent(rs)
        fix = Next("deed", {"deed": sq.name, "rent": 2, "or_multipliers": 2})
        r.amount = _known(rs, fixed[n - 1] if len(fixed) >= n else None, f"the rent for {n} compan(ies)", fix)
        r.step(Msg("rent.fixed_utility", {"player": owner.name, "count": n, "amount": r.amount}), "rent.utility")
        _flag(r, bv.board_grade(rs, "utility_rent", n - 1), "this rent", fix)
    elif sq.kind == "utility":
        if dice is None:
            raise InputError(Msg("rent.needs_dice", {"deed": sq.name}), needs="dice")
        if not 2 <= dice <= 12:
            raise invalid("invalid.throw", total=dice)
        if card and card.get("dice_multiplier"):
            m = card["dice_multiplier"]
            r.amount = dice * m
            r.step(Msg("rent.card_dice", {"card": card.get("text", card["id"]), "times": m, "dice": dice, "amount": r.amount}),
                   "rent.card")
        else:
            n = _count_owned(rs, t, owner.name, "utility")
            fix = Next("deed", {"deed": sq.name, "multipliers": 2})
            m = _known(rs, rs.utility_multipliers[n - 1] if len(rs.utility_multipliers) >= n else None,
                       f"the dice multiplier for {n} utilit(ies)", fix)
            r.amount = dice * m
            r.step(Msg("rent.utilities", {"player": owner.name, "count": n, "times": m, "dice": dice, "amount": r.amount}),
                   "rent.utility")
            _flag(r, bv.board_grade(rs, "utility_multipliers", n - 1), "this multiplier", fix)
    else:
        raise invalid("invalid.no_rent_square", deed=sq.name)
    if card and sq.kind == "lot":
        raise invalid("invalid.card_on_lot", card=card["id"])
    return r


def _fixed_utility_rent(rs: Ruleset) -> list[Any]:
    return (rs.data.get("board") or {}).get("utility_rent") or []


def _known(rs: Ruleset, value: Any, what: str, fix: Next) -> Any:
    """The board value, or MissingData saying how the table records it (`fix`: the action that does)."""
    if value is None or value == UNKNOWN:
        raise MissingData(Msg("board.unknown_at_table", {"ruleset": rs.id, "what": what, "next": fix.to_dict()}),
                          needs="board_value")
    return value


def _flag(r: Ruling, grade: str, what: str, fix: Next) -> None:
    """One line in the ruling when it used a value that rests on a single source."""
    if grade == "single":
        r.step(Msg("board.single_source", {"what": what, "next": fix.to_dict()}))


def claim_open(rs: Ruleset, rolls_since: int) -> bool:
    """Rent may still be asked if fewer following players than the window have rolled."""
    return rolls_since < rs.p.rent.claim_window


def claim_until(rs: Ruleset, t: Table, payer: str) -> str | None:
    """The player whose throw closes the rent's claim window for a landing made now (None: no window)."""
    from referee.core.order import following

    window = rs.p.rent.claim_window
    return following(t, payer, window) if window else None


# ---------------------------------------------------------------- the transaction
def last_landing(t: Table, player: str, idx: int) -> Landing | None:
    return landing_on(t, player, {idx})


def rent(
    rs: Ruleset, t: Table, payer: str, idx: int, dice: int | None = None, card: CardData | None = None,
    rolls_since: int | None = None, landing: Landing | None = None,
) -> Event:
    """Rent on a deed. With turns tracked, `landing` ties it to the landing it is for (claimed once, in time)."""
    not_over(rs, t)
    active(rs, t, payer)
    stated = rolls_since if landing is None else None  # the claim window stated by hand (--late), kept on the move
    if landing is not None:
        if landing.get("claimed"):
            raise refuse(rs, "rent.lot", "refused.rent_paid", player=payer, deed=rs.squares[idx].name)
        rolls_since = max(0, t.rolls - landing["roll"])
    r = rent_due(rs, t, idx, dice, card)
    owner = t.deeds[idx].owner
    assert owner is not None
    if owner == payer:
        why = "rent.own_property" if rs.has_clause("rent.own_property") else "rent.lot"
        raise refuse(rs, why, "refused.rent_own", player=payer, deed=rs.squares[idx].name)
    if rolls_since is not None and not claim_open(rs, rolls_since):
        raise refuse(rs, "rent.unclaimed", "refused.rent_late", deed=rs.squares[idx].name, since=rolls_since)
    ev = new_event(t, "rent", payer=payer, deed=idx, dice=dice, card=card["id"] if card else None)
    if stated is not None:
        ev.args["late"] = stated  # so a correction (void, amend) re-runs it with the same window
    charge(rs, ev, payer, owner, r.amount, f"rent on {rs.squares[idx].name}")
    if landing is not None:
        ev.op(Claim(payer, idx, landing["roll"]))
    elif t.extra.get("tracking"):
        ev.note("rent.no_landing", player=payer, deed=rs.squares[idx].name)
    ev.amount = r.amount
    ev.steps += r.steps
    # a value from a single source is said on the move's own line too, not only under --why
    ev.notes += [s for s in r.steps if isinstance(s, Msg) and s.id == "board.single_source"]
    ev.cite(*r.clauses)
    ev.say("rent", payer=payer, owner=owner, amount=r.amount, deed=rs.squares[idx].name)
    return ev
