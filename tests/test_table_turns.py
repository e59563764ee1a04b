"""Turns and dice (referee.core.turns): pure core, no files, no processes."""

from __future__ import annotations

import copy

import pytest

from referee.core import cards, setup, turns
from referee.core.ops import apply_ops
from referee.errors import InputError, Refusal
from referee.ruleset import loader
from referee.ruleset.model import Ruleset
from referee.words.messages import render, render_next

# squares of the US board used below
GO, BALTIC, INCOME_TAX, READING, CHANCE, JAIL, ELECTRIC = 0, 3, 4, 5, 7, 10, 12
ST_CHARLES, STATES, GO_TO_JAIL, PARK_PLACE, LUXURY, BOARDWALK = 11, 13, 30, 37, 38, 39


@pytest.fixture(scope="module", autouse=True)
def _cache(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("REFEREE_CACHE", str(tmp_path_factory.mktemp("cache")))
    yield
    mp.undo()


def ruleset(edition: str = "us-classic", **rules) -> Ruleset:
    rs = loader.load(edition)
    if not rules:
        return rs
    data = copy.deepcopy(rs.data)
    for dotted, v in rules.items():
        node = data["rules"]
        *path, last = dotted.split(".")
        for part in path:
            node = node.setdefault(part, {})
        node[last] = v
    return Ruleset(data)


def table(rs, names=("Ana", "Ben", "Cy"), track=True):
    t, ops, _ = setup.new_game(rs, list(names), track_turns=track)
    apply_ops(t, ops)
    return t


def roll(rs, t, d1, d2, player=None):
    ev = turns.roll(rs, t, d1, d2, player)
    return ev, ev.t


# ---------------------------------------------------------------- moving, GO, turn order
def test_a_throw_moves_the_token_and_passes_the_turn():
    rs = ruleset()
    t = table(rs)
    ev, t2 = roll(rs, t, 3, 4)
    assert t2.player("Ana").position == CHANCE
    assert turns.current(t2) == "Ben" and t2.rolls == 1
    assert t2.landings[-1] == {"player": "Ana", "square": CHANCE, "roll": 1, "dice": 7}
    assert ev.square["action"] == "card" and ev.square["deck"] == "chance"
    assert t.player("Ana").position == GO, "the input table is never changed"


def test_passing_go_pays_salary_and_landing_on_go_pays_the_bonus_where_a_rule_says():
    rs = ruleset()
    t = table(rs)
    t.player("Ana").position = 35
    ev, t2 = roll(rs, t, 3, 4)  # 35 + 7 = 42 -> 2
    assert t2.player("Ana").position == 2 and t2.player("Ana").cash == 1500 + 200
    assert "go.salary" in ev.clauses
    rs_bonus = ruleset(**{"salary.landing_bonus": 200})
    t = table(rs_bonus)
    t.player("Ana").position = 33
    ev, t2 = roll(rs_bonus, t, 3, 4)  # lands exactly on GO
    assert t2.player("Ana").position == GO and t2.player("Ana").cash == 1500 + 400


def test_doubles_throw_again_without_counting_a_new_turn_and_the_third_goes_to_jail():
    rs = ruleset()
    t = table(rs)
    ev, t = roll(rs, t, 2, 2)
    assert turns.current(t) == "Ana" and t.doubles_run == 1 and t.rolls == 1
    assert any("throws again" in render(n) for n in ev.notes)
    _, t = roll(rs, t, 1, 1)
    assert turns.current(t) == "Ana" and t.doubles_run == 2 and t.rolls == 1
    pos = t.player("Ana").position
    ev, t = roll(rs, t, 5, 5)
    ana = t.player("Ana")
    assert ana.in_jail and ana.position == JAIL and pos != JAIL
    assert turns.current(t) == "Ben" and t.doubles_run == 0
    assert "dice.three_doubles" in ev.clauses and "jail.send" in ev.clauses
    assert ana.cash == 1500, "no salary, no move by the third doubles"


def test_go_to_jail_square_ends_the_turn_even_on_doubles():
    rs = ruleset()
    t = table(rs)
    t.player("Ana").position = 26
    ev, t = roll(rs, t, 2, 2)
    assert t.player("Ana").in_jail and t.player("Ana").position == JAIL
    assert turns.current(t) == "Ben"
    assert ev.square["action"] in ("jail", "in_jail")


def test_jail_throws_doubles_free_without_another_throw_and_the_last_failure_forces_the_fine():
    rs = ruleset()
    t = table(rs)
    t.player("Ana").in_jail, t.player("Ana").position = True, JAIL
    ev, t2 = roll(rs, t, 3, 3)
    assert not t2.player("Ana").in_jail and t2.player("Ana").position == JAIL + 6
    assert turns.current(t2) == "Ben", "us-classic: leaving on doubles gives no further throw"

    for attempt in (1, 2):
        ev, t = roll(rs, t, 1, 2)
        assert t.player("Ana").in_jail and t.player("Ana").jail_turns == attempt
        assert turns.current(t) == "Ben"
        _, t = roll(rs, t, 6, 5)  # Ben
        _, t = roll(rs, t, 6, 5)  # Cy
    ev, t = roll(rs, t, 1, 2)
    ana = t.player("Ana")
    assert not ana.in_jail and ana.position == JAIL + 3 and ana.cash == 1500 - 50
    assert "jail.third_turn" in ev.clauses


def test_doubles_out_of_jail_throw_again_where_the_edition_says_so():
    rs = ruleset(**{"jail.doubles_extra_roll": True})
    t = table(rs)
    t.player("Ana").in_jail, t.player("Ana").position = True, JAIL
    _, t = roll(rs, t, 3, 3)
    assert turns.current(t) == "Ana" and t.doubles_run == 1


def test_losing_the_next_turn_after_jail_is_skipped_once():
    rs = ruleset(**{"jail.lose_next_turn": True})
    t = table(rs)
    for d in ((2, 2), (1, 1), (5, 5)):
        _, t = roll(rs, t, *d)
    assert t.player("Ana").in_jail and t.player("Ana").skip_turns == 1
    _, t = roll(rs, t, 1, 2)  # Ben
    ev, t = roll(rs, t, 1, 2)  # Cy: Ana loses her turn, Ben throws next
    assert turns.current(t) == "Ben" and t.player("Ana").skip_turns == 0
    assert any("Ana loses this turn" in render(n) for n in ev.notes)
    _, t = roll(rs, t, 1, 3)  # Ben
    _, t = roll(rs, t, 1, 3)  # Cy
    assert turns.current(t) == "Ana", "only one turn is lost"


def test_bankrupt_players_are_passed_over():
    rs = ruleset()
    t = table(rs)
    t.player("Ben").bankrupt = True
    _, t = roll(rs, t, 1, 2)
    assert turns.current(t) == "Cy"
    _, t = roll(rs, t, 1, 2)
    assert turns.current(t) == "Ana"


def test_a_throw_by_the_wrong_player_is_refused_with_the_clause():
    rs = ruleset()
    t = table(rs)
    with pytest.raises(Refusal) as e:
        turns.roll(rs, t, 3, 4, player="Ben")
    assert "Ana's turn" in e.value.message and e.value.citation.clause == "setup.order"


def test_bad_dice_and_untracked_games_are_input_errors():
    rs = ruleset()
    with pytest.raises(InputError, match="1 to 6"):
        turns.roll(rs, table(rs), 7, 1)
    with pytest.raises(InputError, match="does not track turns"):
        turns.roll(rs, table(rs, track=False), 3, 4)
    assert turns.parse_dice(["3", "4"]) == (3, 4) == turns.parse_dice(["3+4"]) == turns.parse_dice(["34"])
    with pytest.raises(InputError):
        turns.parse_dice(["7"])


# ---------------------------------------------------------------- what the square means
def own(t, who, *idxs):
    for i in idxs:
        t.deeds[i].owner = who


def test_square_meaning_for_sale_rent_tax_and_card():
    rs = ruleset()
    t = table(rs)
    m = turns.square_meaning(rs, t, "Ana", BOARDWALK)
    assert m["action"] == "buy_or_auction" and m["amount"] == 400 and render_next(m["next"]) == "buy Ana Boardwalk"
    own(t, "Ben", PARK_PLACE, BOARDWALK)
    m = turns.square_meaning(rs, t, "Ana", BOARDWALK)
    assert m["action"] == "rent" and m["amount"] == 100 and m["owner"] == "Ben"  # full group, unimproved: x2
    assert "rent.full_group" in m["clauses"]
    own(t, "Ben", ELECTRIC)
    assert turns.square_meaning(rs, t, "Ana", ELECTRIC, dice=8)["amount"] == 32
    assert turns.square_meaning(rs, t, "Ben", BOARDWALK)["action"] == "own"
    t.deeds[BOARDWALK].mortgaged = True
    assert turns.square_meaning(rs, t, "Ana", BOARDWALK)["action"] == "no_rent"
    m = turns.square_meaning(rs, t, "Ana", INCOME_TAX)
    assert m["action"] == "tax" and m["choices"] == ["percent", "flat"] and "--choice" in render_next(m["next"])
    assert turns.square_meaning(rs, t, "Ana", LUXURY)["amount"] == 75
    assert turns.square_meaning(ruleset("us-2008"), t, "Ana", INCOME_TAX)["amount"] == 200
    assert turns.square_meaning(rs, t, "Ana", CHANCE)["action"] == "card"
    assert turns.square_meaning(rs, t, "Ana", JAIL)["action"] == "visiting"


def test_rent_meaning_knows_the_claim_window():
    rs = ruleset()  # us-classic: until the second following player throws
    t = table(rs)
    own(t, "Ben", BALTIC)
    _, t = roll(rs, t, 1, 2)  # Ana lands on Ben's Baltic
    info = turns.turn_info(rs, t)
    assert info["landing"]["action"] == "rent" and "until Cy throws" in render(info["landing"]["msg"])
    _, t = roll(rs, t, 5, 6)  # Ben
    land = t.landings[0]
    assert turns.square_meaning(rs, t, "Ana", BALTIC, landing_roll=land["roll"])["action"] == "rent"
    _, t = roll(rs, t, 5, 6)  # Cy: the second following player has thrown
    assert turns.square_meaning(rs, t, "Ana", BALTIC, landing_roll=land["roll"])["action"] == "rent_expired"


# ---------------------------------------------------------------- cards, next, turn
def test_a_card_that_moves_the_token_records_a_landing():
    rs = ruleset()
    t = table(rs)
    _, t = roll(rs, t, 3, 4)  # Ana on Chance (7)
    ev = turns.draw(rs, t, "Ana", cards.find_card(rs, "go-back-3"))
    assert ev.t.player("Ana").position == INCOME_TAX
    assert ev.t.landings[-1]["square"] == INCOME_TAX and ev.t.landings[-1]["card"] == "go-back-3"
    assert ev.square["action"] == "tax"


def test_a_go_to_jail_card_in_the_middle_of_doubles_ends_the_turn():
    rs = ruleset()
    t = table(rs)
    _, t = roll(rs, t, 1, 1)  # Ana on 2, Community Chest, doubles
    assert turns.current(t) == "Ana" and t.doubles_run == 1
    ev = turns.draw(rs, t, "Ana", cards.find_card(rs, "community chest go-to-jail"))
    assert ev.t.player("Ana").in_jail and turns.current(ev.t) == "Ben"


def test_next_refuses_after_doubles_and_turn_starts_tracking():
    rs = ruleset()
    t = table(rs)
    _, t = roll(rs, t, 2, 2)
    with pytest.raises(Refusal) as e:
        turns.pass_turn(rs, t)
    assert e.value.citation.clause == "dice.doubles"
    ev = turns.set_turn(rs, t, "Cy")
    assert turns.current(ev.t) == "Cy" and ev.t.doubles_run == 0
    untracked = table(rs, track=False)
    ev = turns.set_turn(rs, untracked, "Ben")
    assert turns.tracking(ev.t) and turns.current(ev.t) == "Ben"
    ev = turns.pass_turn(rs, ev.t)
    assert turns.current(ev.t) == "Cy" and "did not throw" in render(ev.notes[0])


def test_replaying_the_ops_gives_the_same_table():
    rs = ruleset()
    t = table(rs)
    start = t.copy()
    evs = []
    for d in ((3, 4), (2, 2), (1, 3), (6, 6), (6, 6), (6, 6)):
        ev = turns.roll(rs, t, *d)
        evs.append(ev)
        t = ev.t
    replay = start.copy()
    for ev in evs:
        apply_ops(replay, ev.ops)
    assert replay.to_dict() == t.to_dict()
