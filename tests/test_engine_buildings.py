"""Buildings at the engine's API: whole group, even building, the hotel step, the bank's stock, selling back."""

from __future__ import annotations

from enginekit import buying_all, group, refusal, ruleset, table

from referee.core import buildings, mortgages
from referee.core.ops import Buildings, Cash
from referee.core.state import BANK


def _light_blues(rs, variants=()):
    t = table(rs)
    lots = group(rs, "Oriental")
    return buying_all(rs, t, "Ana", lots), lots


def test_a_house_is_one_buildings_op_and_its_cost():
    rs = ruleset()
    t, lots = _light_blues(rs)
    ev = buildings.build(rs, t, lots[0])
    assert ev.ops == [Buildings(lots[0], 1, False), Cash("Ana", BANK, 50)]
    assert ev.amount == 50 and ev.t.bank_houses == 31


def test_building_refusals_cite_their_clause():
    rs = ruleset()
    t, lots = _light_blues(rs)
    assert refusal(buildings.build, rs, t, lots[0], 2).citation.clause == "building.even"
    split = table(rs)
    assert refusal(buildings.build, rs, split, lots[0]).citation.clause == "building.full_group"  # the bank holds it
    mortgaged = mortgages.mortgage(rs, t, lots[1]).t
    assert refusal(buildings.build, rs, mortgaged, lots[1]).citation.clause == "building.mortgaged"
    rr = rs.squares[5].index
    assert refusal(buildings.build, rs, buying_all(rs, t, "Ana", [rr]), rr).citation.clause in (
        "building.lots_only", "building.full_group")


def test_the_fifth_step_is_a_hotel_and_the_houses_go_back():
    rs = ruleset()
    t, lots = _light_blues(rs)
    for _ in range(4):
        for i in lots:
            t = buildings.build(rs, t, i).t
    assert t.bank_houses == 32 - 12
    ev = buildings.build(rs, t, lots[0])
    assert ev.ops[0] == Buildings(lots[0], 0, True)
    assert ev.t.bank_houses == 32 - 8 and ev.t.bank_hotels == 11
    assert "building.hotel" in ev.clauses
    assert refusal(buildings.build, rs, ev.t, lots[0]).citation.clause == "building.hotel"


def _short_game_blues_with(houses: int):
    """The short game's light blues, all Ana's, `houses` houses on each lot."""
    from referee.core import group_build

    rs = ruleset("us-classic", variants=("short-game",))
    t, lots = _light_blues(rs)
    # the whole group to N houses (a plain build on three houses is the short game's hotel)
    return rs, group_build.build_group(rs, t, lots[0], houses).t, lots


def test_short_game_hotel_after_three_houses():
    rs, t, lots = _short_game_blues_with(3)
    ev = buildings.build(rs, t, lots[0], hotel=True)
    assert ev.t.deeds[lots[0]].hotel and ev.t.bank_houses == 32 - 6


def test_selling_back_at_half_and_evenly():
    rs = ruleset()
    t, lots = _light_blues(rs)
    for _ in range(2):
        for i in lots:
            t = buildings.build(rs, t, i).t
    t = buildings.build(rs, t, lots[0]).t
    t = buildings.build(rs, t, lots[1]).t  # 3, 3, 2
    assert refusal(buildings.sell_buildings, rs, t, lots[2]).citation.clause == "building.even"
    ev = buildings.sell_buildings(rs, t, lots[0])
    assert ev.ops == [Buildings(lots[0], 2, False), Cash(BANK, "Ana", 25)]


def test_shortage_auction_price_replaces_the_cost():
    rs = ruleset()
    t, lots = _light_blues(rs)
    ev = buildings.build(rs, t, lots[0], price=80)
    assert ev.amount == 80 and "building.shortage" in ev.clauses


def test_short_game_hotel_on_a_lot_of_four_houses_says_four_go_back():
    from referee.core.next_build import next_step
    from referee.words.messages import render

    rs, t, lots = _short_game_blues_with(4)
    assert "its 4 houses going back" in render(next_step(rs, t, lots[0]), rs.fmt)
    ev = buildings.build(rs, t, lots[0], hotel=True)
    assert ev.t.bank_houses == 32 - 12 + 4
    assert any("its 4 houses go back" in render(s, rs.fmt) for s in ev.steps)


def test_the_next_step_offered_is_a_build_the_rules_allow():
    """The hint after a build is the move itself tried: cash short, a mortgaged lot or a debt say so, with the refusal."""
    from referee.core import money
    from referee.core.next_build import next_step

    rs = ruleset()
    t, lots = _light_blues(rs)
    t = buildings.build(rs, t, lots[0]).t
    assert next_step(rs, t, lots[0]).id == "next_build.evenly"  # the next house goes on a lower lot
    poor = money.pay(rs, t, "Ana", BANK, t.player("Ana").cash - 10).t  # $10 left: no house at $50
    step = next_step(rs, poor, lots[0])
    assert step.id == "next_build.not_now" and step.params["why"]["id"] == "refused.short", step
    owing = money.pay(rs, t, "Ana", BANK, t.player("Ana").cash + 100).t  # a debt recorded: no building until it is paid
    assert next_step(rs, owing, lots[0]).id == "next_build.not_now"
