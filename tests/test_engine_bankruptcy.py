"""Bankruptcy at the engine's API: the test, one procedure per ruleset value, and the end of the game."""

from __future__ import annotations

from enginekit import buying_all, deed, group, money_total, refusal, ruleset, table

from referee.core import bankruptcy, buildings, money, mortgages
from referee.core.ops import Bankrupt, Cash, Mortgaged, Over, Owner
from referee.core.state import BANK


def test_no_bankruptcy_without_a_debt_or_while_money_can_be_raised():
    rs = ruleset()
    t = table(rs)
    assert refusal(bankruptcy.bankrupt, rs, t, "Ben").citation.clause == "bankruptcy.test"
    t = buying_all(rs, t, "Ben", [deed(rs, "Boardwalk")])
    t = money.pay(rs, t, "Ben", "Ana", 1200).t  # holds 1100, can mortgage Boardwalk for 200
    assert refusal(bankruptcy.bankrupt, rs, t, "Ben").citation.clause == "bankruptcy.test"


def test_every_procedure_and_card_effect_the_schema_allows_has_a_function():
    from referee.core import cards
    from referee.ruleset import schema

    procedure = schema.RULES.fields["bankruptcy"].fields["procedure"]
    assert procedure.choices and set(procedure.choices) == set(bankruptcy.PROCEDURES)
    assert set(schema.CARD_EFFECTS) == set(cards.EFFECTS)


def test_classic_to_a_player_hands_over_everything_with_the_mortgage_interest():
    rs = ruleset()
    bw = deed(rs, "Boardwalk")
    t = buying_all(rs, table(rs), "Ben", [bw])
    t = mortgages.mortgage(rs, t, bw).t
    t = money.pay(rs, t, "Ben", "Ana", 5000).t
    ev = bankruptcy.bankrupt(rs, t, "Ben")
    assert Cash("Ben", "Ana", 1300) in ev.ops and Owner(bw, "Ana") in ev.ops and ev.ops[-1] == Bankrupt("Ben")
    assert Cash("Ana", BANK, 20) in ev.ops  # 10 % interest on the mortgaged deed, paid at once
    assert "bankruptcy.to_player" in ev.clauses
    assert ev.t.player("Ana").cash == 1500 + 1300 - 20 and money_total(ev.t) == 0


def test_classic_to_the_bank_returns_deeds_unmortgaged_for_auction():
    rs = ruleset()
    bw = deed(rs, "Boardwalk")
    t = buying_all(rs, table(rs), "Ben", [bw])
    t = mortgages.mortgage(rs, t, bw).t
    t = money.pay(rs, t, "Ben", BANK, 5000).t
    ev = bankruptcy.bankrupt(rs, t, "Ben")
    assert Owner(bw, None) in ev.ops and Mortgaged(bw, False) in ev.ops
    assert [n.id for n in ev.notes] == ["bankruptcy.bank_auctions"]
    assert ev.notes[0].params == {"deeds": ["Boardwalk"]}


def test_bank_pays_creditors_in_full():
    rs = ruleset("it-lire")
    t = table(rs)
    t = money.pay(rs, t, "Ben", "Ana", 10 * t.player("Ben").cash).t
    owed = t.debts_of("Ben")[0].amount
    ev = bankruptcy.bankrupt(rs, t, "Ben")
    assert Cash(BANK, "Ana", owed) in ev.ops
    assert "bankruptcy.to_bank" in ev.clauses
    assert ev.t.player("Ana").cash == t.player("Ana").cash + owed


def test_the_last_player_left_wins():
    rs = ruleset()
    t = table(rs, ("Ana", "Ben"))
    t = money.pay(rs, t, "Ben", "Ana", 5000).t
    ev = bankruptcy.bankrupt(rs, t, "Ben")
    assert ev.ops[-1] == Over("Ana") and ev.ends_game
    assert ev.notes[-1].id == "end.last_player" and ev.notes[-1].params == {"winner": "Ana"}


def test_short_game_ends_at_the_second_bankruptcy_with_buildings_handed_over():
    rs = ruleset("us-classic", variants=("short-game",))
    t = table(rs, ("Ana", "Ben", "Carla", "Dora"))
    lots = group(rs, "Oriental")
    t = buying_all(rs, t, "Carla", lots)
    for i in lots:
        t = buildings.build(rs, t, i).t
    t = money.pay(rs, t, "Ben", "Ana", 9000).t
    t = bankruptcy.bankrupt(rs, t, "Ben").t
    t = money.pay(rs, t, "Carla", "Dora", 9000).t
    ev = bankruptcy.bankrupt(rs, t, "Carla")
    assert ev.ends_game and ev.notes[-1].id == "end.after_bankruptcies"
    assert sorted(ev.t.deeds[i].houses for i in lots) == [1, 1, 1] and all(ev.t.deeds[i].owner == "Dora" for i in lots)
