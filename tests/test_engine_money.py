"""Money at the engine's API: payments, debts cash does not cover, salary, settling, buying, rent, taxes, jail."""

from __future__ import annotations

from enginekit import deed, money_total, refusal, ruleset, table

from referee.core import buying, jail, money, rent, taxes
from referee.core.ops import Cash, Claim, Extra, NewDebt, Owner
from referee.core.state import BANK
from referee.errors import InputError


def test_pay_moves_cash_as_one_op_and_conserves_money():
    rs = ruleset()
    t = table(rs)
    ev = money.pay(rs, t, "Ana", "Ben", 120, "a deal")
    assert ev.ops == [Cash("Ana", "Ben", 120)]
    assert ev.amount == 120 and ev.t.player("Ana").cash == 1380 and ev.t.player("Ben").cash == 1620
    assert t.player("Ana").cash == 1500, "the real table is untouched until the event is recorded"
    assert money_total(ev.t) == 0


def test_a_payment_cash_does_not_cover_becomes_a_debt_with_a_shortfall_note():
    rs = ruleset()
    t = table(rs)
    ev = money.pay(rs, t, "Ben", "Ana", 1600)
    assert ev.ops == [NewDebt("Ben", "Ana", 1600, "payment")]
    assert ev.t.player("Ben").cash == 1500
    assert [n.id for n in ev.notes] == ["debt.shortfall.bankrupt"]
    assert ev.notes[0].params == {"player": "Ben", "amount": 1600, "owed": 1600, "cash": 1500, "short": 100,
                                  "can": 0, "raisable": 1500}
    assert set(ev.clauses) >= {"debt.raise", "bankruptcy.test"}
    # settling needs the cash first; the refusal carries the same structured shortfall
    r = refusal(money.settle, rs, ev.t, "Ben")
    assert r.citation.clause == "debt.raise" and r.msg is not None and r.msg.id == "debt.shortfall.bankrupt"
    t2 = money.pay(rs, ev.t, BANK, "Ben", 100).t
    settled = money.settle(rs, t2, "Ben")
    assert settled.amount == 1600 and settled.t.debts == [] and settled.t.player("Ana").cash == 3100


def test_salary_and_the_landing_bonus_of_a_house_rule():
    rs = ruleset("us-classic")
    # the salary, and the mark that a second one with no move between is a repeat (issue 30)
    assert money.salary(rs, table(rs), "Ana").ops == [Cash(BANK, "Ana", 200), Extra("go_paid", "Ana")]
    rs2 = ruleset("us-classic", house_rules=("double-go",))
    ev = money.salary(rs2, table(rs2), "Ana", landed=True)
    assert ev.amount == 400 and ev.clauses == ["go.salary"]


def test_pay_refuses_bad_amounts_and_a_missing_pot():
    rs = ruleset()
    t = table(rs)
    for amount in (0, -5):
        try:
            money.pay(rs, t, "Ana", "Ben", amount)
        except InputError:
            pass
        else:
            raise AssertionError("a non-positive amount must be an input error")
    assert refusal(money.pay, rs, t, "Ana", "pot", 10).citation.clause == "free_parking"


def test_buy_at_the_printed_price_and_refusals():
    rs = ruleset()
    t = table(rs)
    bw = deed(rs, "Boardwalk")
    ev = buying.buy(rs, t, "Ana", bw)
    assert ev.ops == [Cash("Ana", BANK, 400), Owner(bw, "Ana")]
    assert refusal(buying.buy, rs, ev.t, "Ben", bw).citation.clause == "buy.printed_price"
    poor = money.pay(rs, t, "Ben", "Ana", 1400).t
    r = refusal(buying.buy, rs, poor, "Ben", bw)
    assert r.citation.clause == "loans.forbidden" and "300 short" in r.message.replace("$", "")


def test_auction_opening_bid_follows_the_ruleset():
    rs = ruleset("us-1950s")
    t = table(rs)
    bw = deed(rs, "Boardwalk")
    assert buying.auction(rs, t, "Ben", bw, 10).ops == [Cash("Ben", BANK, 10), Owner(bw, "Ben")]
    assert buying.auction_minimum(rs, bw) == (1, "any")


def test_rent_doubles_on_a_full_unimproved_group_and_claims_the_landing():
    rs = ruleset()
    t = table(rs)
    for name in ("Mediterranean", "Baltic"):
        t = buying.buy(rs, t, "Ana", deed(rs, name)).t
    ev = rent.rent(rs, t, "Ben", deed(rs, "Baltic"))
    assert ev.amount == 8 and ev.ops == [Cash("Ben", "Ana", 8)]
    assert "rent.full_group" in ev.clauses
    landing = {"player": "Ben", "square": deed(rs, "Baltic"), "roll": 0}
    t.landings = [landing]
    claimed = rent.rent(rs, t, "Ben", deed(rs, "Baltic"), landing=landing)
    assert claimed.ops[-1] == Claim("Ben", deed(rs, "Baltic"), 0)
    again = claimed.t.landings[-1]
    assert refusal(rent.rent, rs, claimed.t, "Ben", deed(rs, "Baltic"), landing=again).citation.clause == "rent.lot"


def test_utility_rent_without_the_throw_names_the_missing_input():
    rs = ruleset()
    t = buying.buy(rs, table(rs), "Ana", deed(rs, "Electric")).t
    try:
        rent.rent(rs, t, "Ben", deed(rs, "Electric"))
    except InputError as e:
        assert e.needs == "dice" and e.msg is not None and e.msg.id == "rent.needs_dice"
    else:
        raise AssertionError("utility rent needs the dice")


def test_income_tax_asks_for_the_choice_as_data():
    rs = ruleset("us-1950s")
    t = table(rs)
    try:
        taxes.income_tax(rs, t, "Ana", None)
    except InputError as e:
        assert e.needs == "choice" and e.msg.params["choices"] == ["percent", "flat"]
    else:
        raise AssertionError("us-1950s makes the player choose")
    assert taxes.income_tax(rs, t, "Ana", "percent").amount == 150
    assert taxes.income_tax(rs, t, "Ana", "flat").amount == 200


def test_jail_fine_after_the_last_failed_throw():
    rs = ruleset()
    t = jail.send_to_jail(rs, table(rs), "Ben").t
    t = jail.jail_roll(rs, t, "Ben", 1, 2).t
    t = jail.jail_roll(rs, t, "Ben", 1, 3).t
    ev = jail.jail_roll(rs, t, "Ben", 2, 3)
    assert ev.amount == 50 and ev.clauses == ["jail.third_turn"]
    assert not ev.t.player("Ben").in_jail and ev.t.player("Ben").cash == 1450
