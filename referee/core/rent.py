"""Rent owed on a deed, with the reasoning steps and the clauses behind them."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core import board_values as bv
from referee.core.state import Table
from referee.errors import InputError, Refusal
from referee.ruleset.model import Ruleset


@dataclass
class Ruling:
    """An amount (or a legality) with the arithmetic shown and the clauses cited."""

    amount: int = 0
    steps: list[str] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)

    def step(self, text: str, clause: str | None = None) -> None:
        self.steps.append(text)
        if clause and clause not in self.clauses:
            self.clauses.append(clause)


def _count_owned(rs: Ruleset, t: Table, owner: str, kind: str) -> int:
    with_mortgaged = rs.param("rent.count_mortgaged_in_sets")
    return sum(
        1
        for sq in rs.squares_of_kind(kind)
        if t.deeds[sq.index].owner == owner and (with_mortgaged or not t.deeds[sq.index].mortgaged)
    )


def full_group(t: Table, rs: Ruleset, idx: int) -> bool:
    sq = rs.squares[idx]
    owner = t.deeds[idx].owner
    return owner is not None and all(t.deeds[i].owner == owner for i in rs.group_members(sq.group or ""))


def rent_due(rs: Ruleset, t: Table, idx: int, dice: int | None = None, card: dict | None = None) -> Ruling:
    sq = rs.squares[idx]
    d = t.deeds[idx]
    r = Ruling()
    fmt = rs.fmt
    if d.owner is None:
        raise Refusal(f"nobody owns {sq.name}: no rent is due (it may be bought)", rs.cite("buy.printed_price"))
    if d.mortgaged:
        raise Refusal(f"{sq.name} is mortgaged: no rent can be collected on it", rs.cite("rent.mortgaged"))
    owner = t.player(d.owner)
    if owner.in_jail and not rs.param("jail.collect_rent"):
        raise Refusal(f"{owner.name} is in jail and this ruleset collects no rent in jail", rs.cite("jail.rights"))
    deed = f'referee deed "{sq.name}"'
    if sq.kind == "lot":
        table = sq.rent or ()
        if d.hotel:
            r.amount = rs.known(table[5], f"the rent with a hotel on '{sq.name}'", f"{deed} --hotel N")
            r.step(f"{sq.name} with a hotel → {fmt(r.amount)}", "rent.houses")
            _flag(r, bv.square_grade(rs, idx, "rent", 5), "the rent with a hotel", f"{deed} --hotel N")
        elif d.houses:
            fix = f"{deed} --houses {d.houses} --value N"
            r.amount = rs.known(table[d.houses], f"the rent with {d.houses} house(s) on '{sq.name}'", fix)
            r.step(f"{sq.name} with {d.houses} house(s) → {fmt(r.amount)}", "rent.houses")
            _flag(r, bv.square_grade(rs, idx, "rent", d.houses), f"the rent with {d.houses} house(s)", fix)
        else:
            base = rs.known(table[0], f"the base rent of '{sq.name}'", f"{deed} --houses 0 --value N")
            _flag(r, bv.square_grade(rs, idx, "rent", 0), "the base rent", f"{deed} --houses 0 --value N")
            r.amount = base
            r.step(f"base rent of {sq.name}: {fmt(base)}", "rent.lot")
            if full_group(t, rs, idx):
                members = rs.group_members(sq.group or "")
                any_mortgaged = any(t.deeds[i].mortgaged for i in members)
                if any_mortgaged and not rs.param("rent.full_group_with_mortgaged_lot"):
                    r.step(
                        f"{owner.name} owns the whole {rs.group_name(sq.group)} group but a lot of it is mortgaged: no double",
                        "rent.full_group",
                    )
                else:
                    mult = rs.param("rent.full_group_multiplier")
                    r.amount = base * mult
                    extra = " (another lot of it is mortgaged, this one is not)" if any_mortgaged else ""
                    r.step(
                        f"{owner.name} owns the whole {rs.group_name(sq.group)} group, unimproved{extra} → ×{mult} = {fmt(r.amount)}",
                        "rent.full_group",
                    )
    elif sq.kind == "railroad":
        n = _count_owned(rs, t, owner.name, "railroad")
        table = rs.railroad_rent
        fix = f"{deed} --rent A,B,C,D"
        r.amount = rs.known(table[n - 1] if len(table) >= n else None, f"the rent for {n} railroad(s)", fix)
        r.step(f"{owner.name} owns {n} railroad(s) → {fmt(r.amount)}", "rent.railroad")
        _flag(r, bv.board_grade(rs, "railroad_rent", n - 1), "this rent", fix)
        if card and card.get("rent_multiplier"):
            m = card["rent_multiplier"]
            r.amount *= m
            r.step(f"card '{card.get('text', card['id'])}': pay ×{m} → {fmt(r.amount)}", "rent.card")
    elif sq.kind == "utility" and _fixed_utility_rent(rs) and not (card and card.get("dice_multiplier")):
        # contracts that print an amount by number of companies owned, not a multiple of the dice
        n = _count_owned(rs, t, owner.name, "utility")
        table = _fixed_utility_rent(rs)
        fix = f"{deed} --rent A,B (or --multipliers A,B if it multiplies the dice)"
        r.amount = rs.known(table[n - 1] if len(table) >= n else None, f"the rent for {n} compan(ies)", fix)
        r.step(f"{owner.name} owns {n} of these → {fmt(r.amount)}", "rent.utility")
        _flag(r, bv.board_grade(rs, "utility_rent", n - 1), "this rent", fix)
    elif sq.kind == "utility":
        if dice is None:
            raise InputError(f"rent on {sq.name} depends on the dice: give the throw with --dice N")
        if not 2 <= dice <= 12:
            raise InputError(f"a throw of two dice is between 2 and 12, not {dice}")
        if card and card.get("dice_multiplier"):
            m = card["dice_multiplier"]
            r.amount = dice * m
            r.step(f"card '{card.get('text', card['id'])}': {m} × the throw {dice} = {fmt(r.amount)}", "rent.card")
        else:
            n = _count_owned(rs, t, owner.name, "utility")
            fix = f"{deed} --multipliers A,B"
            m = rs.known(rs.utility_multipliers[n - 1] if len(rs.utility_multipliers) >= n else None,
                         f"the dice multiplier for {n} utilit(ies)", fix)
            r.amount = dice * m
            r.step(f"{owner.name} owns {n} utilit{'y' if n == 1 else 'ies'} → {m} × the throw {dice} = {fmt(r.amount)}", "rent.utility")
            _flag(r, bv.board_grade(rs, "utility_multipliers", n - 1), "this multiplier", fix)
    else:
        raise InputError(f"{sq.name} is not a property: no rent")
    if card and sq.kind == "lot":
        raise InputError(f"the card '{card['id']}' does not change the rent of a lot")
    return r


def _fixed_utility_rent(rs: Ruleset) -> list:
    return (rs.data.get("board") or {}).get("utility_rent") or []


def _flag(r: Ruling, grade: str, what: str, fix: str) -> None:
    """One line in the ruling when it used a value that rests on a single source."""
    if grade == "single":
        r.step(bv.single_note(what, fix))


def claim_open(rs: Ruleset, rolls_since: int) -> bool:
    """Rent may still be asked if fewer following players than the window have rolled."""
    return rolls_since < rs.param("rent.claim_window")
