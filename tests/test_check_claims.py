"""Claims as a careless or hostile scenario writes them: every claim kind's fields get names that
are ambiguous, unknown or of the wrong type, and the run still ends in a ruling or one located
message (exit 2), never an internal error; and the claim fixes of issue 33."""

from __future__ import annotations

import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.check.kinds import KINDS
from referee.check.ruling import check_file

# names of each sort, right, ambiguous ('nearest', 'Avenue', 'Chance') and unknown, and values of the wrong type
WORDS = ["Ana", "Ben", "Bank", "Zed", "", "nearest", "nearest railroad", "Go to Jail", "advance", "Chance",
         "Community Chest", "Boardwalk", "Reading Railroad", "Avenue", "Electric Company", "Jail", "GO",
         "Nowhere", "percent", "group", "bare", "send", "roll", "rent.lot", "us-classic"]
VALUES = st.one_of(st.sampled_from(WORDS), st.integers(-5, 2000), st.booleans(), st.none(),
                   st.lists(st.integers(0, 7), max_size=3), st.lists(st.sampled_from(WORDS), max_size=2),
                   st.dictionaries(st.sampled_from(["cash", "deeds", "jail_cards", "Ana", "houses"]),
                                   st.one_of(st.integers(0, 300), st.sampled_from(WORDS)), max_size=2))
TABLE = {"ruleset": "us-classic", "players": {
    "Ana": {"cash": 1500, "deeds": {"Boardwalk": 1, "Park Place": 1, "Reading Railroad": None, "Electric Company": None},
            "position": "Chance"},
    "Ben": {"cash": 300, "in_jail": True, "jail_cards": ["chance"]}}}


@st.composite
def steps(draw, kinds):
    kind = draw(st.sampled_from(kinds))
    fields = list(KINDS[kind].fields)
    return kind, {k: draw(VALUES) for k in draw(st.lists(st.sampled_from(fields), unique=True, max_size=len(fields)))}


@st.composite
def claims(draw):
    """A claim of any kind with any of its fields, and sometimes a step given before it (ruled the same way)."""
    kind, body = draw(steps(sorted(KINDS)))
    given = draw(st.lists(steps(sorted(k for k in KINDS if k not in ("value", "rule"))), max_size=1))
    return kind, body, given


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(claims())
def test_no_claim_field_ends_in_an_internal_error(claim):
    kind, body, given = claim
    raw = {kind: body, **({"given": [{k: b} for k, b in given]} if given else {})}
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "fuzz.yaml"
        p.write_text(yaml.safe_dump({**TABLE, "claims": [raw]}, allow_unicode=True))
        res = check_file(p, "fuzz.yaml")  # anything but a ruling or a located InputError propagates and fails here
    if res.error:
        assert res.error.startswith("fuzz.yaml"), res.error
    else:
        assert len(res.rulings) == 1 and res.rulings[0].verdict in ("upheld", "rejected")


def _check(tmp_path, text: str):
    p = tmp_path / "s.yaml"
    p.write_text(text)
    return check_file(p, "s.yaml")


def test_rent_with_an_ambiguous_nearest_card_lists_the_candidates(tmp_path):
    res = _check(tmp_path, """ruleset: us-classic
players:
  Ana: {cash: 1500, deeds: [Reading Railroad]}
  Ben: {cash: 1500, position: Chance}
claims:
  - rent: {payer: Ben, deed: Reading Railroad, card: nearest}
""")
    assert res.error and res.error.startswith("s.yaml:6:")
    assert "Advance to the nearest utility" in res.error and "Advance to the nearest railroad" in res.error  # by title, never id


# ---------------------------------------------------------------- tables no game reaches (issues 28, 33)
IMPOSSIBLE = {
    "one player": ("players:\n  Ana: {cash: 1500}\n", "2:", "is played by 2 to 8 players, not 1"),
    "ten players": ("players:\n" + "".join(f"  P{i}: {{cash: 1500}}\n" for i in range(10)), "2:", "is played by 2 to 8 players, not 10"),
    "fifty jail turns": ("players:\n  Ana: {cash: 1500, in_jail: true, jail_turns: 50}\n  Ben: {cash: 1500}\n", "3:",
                         "cannot have 50 failed throws in jail"),
    "five copies of a jail card": ("players:\n  Ana: {cash: 1500, jail_cards: [chance, chance, chance]}\n"
                                   "  Ben: {cash: 1500, jail_cards: [chance, chance]}\n", "3:",
                                   "5 Get Out of Jail Free cards of Chance are held, but the deck has 1"),
    "a debt to oneself": ("players:\n  Ana: {cash: 1500}\n  Ben: {cash: 1500}\ndebts:\n  - {debtor: Ana, creditor: Ana, amount: 50}\n",
                          "6:", "Ana cannot owe a debt to themselves"),
    "a debt to a bankrupt": ("players:\n  Ana: {cash: 1500}\n  Ben: {cash: 0, bankrupt: true}\ndebts:\n"
                             "  - {debtor: Ana, creditor: Ben, amount: 50}\n", "6:", "Ben is bankrupt, out of the game"),
    "4/0 houses": ("players:\n  Ana: {cash: 1500, deeds: {Park Place: 4, Boardwalk: 0}}\n  Ben: {cash: 1500}\n", "3:",
                   "Dark blue is built unevenly (Park Place 4, Boardwalk 0)"),
}


def test_each_impossible_table_is_refused_at_its_line(tmp_path):
    for name, (table, line, words) in IMPOSSIBLE.items():
        res = _check(tmp_path, "ruleset: us-classic\n" + table + "claims:\n  - luxury-tax: {player: Ana}\n")
        assert res.error and res.error.startswith(f"s.yaml:{line}"), (name, res.error)
        assert words in res.error, (name, res.error)


def test_a_possible_table_beside_them_is_ruled(tmp_path):
    res = _check(tmp_path, "ruleset: us-classic\nplayers:\n  Ana: {cash: 1500, in_jail: true, jail_turns: 2, jail_cards: [chance],"
                 " deeds: {Park Place: 4, Boardwalk: hotel}}\n  Ben: {cash: 1500, jail_cards: [community-chest]}\n"
                 "claims:\n  - luxury-tax: {player: Ana}\n")
    assert not res.error and res.rulings[0].verdict == "upheld", res.error


def test_a_bankrupt_creditor_takes_nothing(tmp_path):
    """The peers' finding: Ana's bankruptcy to Ben, already out of the game, was upheld (his assets grew)."""
    res = _check(tmp_path, """ruleset: us-classic
players:
  Ana: {cash: 10, deeds: [Boardwalk]}
  Ben: {cash: 0, bankrupt: true}
  Cy: {cash: 1500}
debts:
  - {debtor: Ana, creditor: Ben, amount: 100, for: rent}
claims:
  - bankrupt: {player: Ana}
""")
    assert res.error == "s.yaml:7: Ben is bankrupt, out of the game: a bankrupt player neither owes nor is owed", res.error


def test_a_bankrupt_player_is_dealt_nothing(tmp_path):
    res = _check(tmp_path, "ruleset: it-lire\nplayers:\n  Ana: {cash: 500000}\n  Ben: {cash: 500000, bankrupt: true}\n"
                 "claims:\n  - deal: {player: Ben, deeds: [Vicolo Corto]}\n")
    assert not res.error and res.rulings[0].allowed is False, res.error
    assert "Ben is bankrupt" in res.rulings[0].text


# ---------------------------------------------------------------- one situation, one ruling (issue 33 item 4)
@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.sampled_from(["us-1950s", "us-classic", "uk", "mx-hasbro", "it-lire"]),
       st.tuples(st.integers(1, 6), st.integers(1, 6)).filter(lambda d: d[0] != d[1]), st.sampled_from(["pay", "card"]))
def test_a_failed_jail_throw_then_the_fine_is_one_ruling_however_written(edition, dice, action):
    """Ben, jailed, fails a throw and then pays the fine (or plays his card): the throw written in `history`, as a
    `given: roll` step or as a `given: jail {action: roll}` step is the same turn and gets the same ruling."""
    from referee.check.rulesets import load_ruleset

    cash = 500000 if edition == "it-lire" else 1500
    most = load_ruleset(edition, (), (), None).p.jail.max_turns
    d = f"[{dice[0]}, {dice[1]}]"
    head = f"ruleset: {edition}\nplayers:\n  Ana: {{cash: {cash}}}\n"
    ben = "  Ben: {{cash: {cash}, in_jail: true, jail_turns: {k}, jail_cards: [chance]}}\n"
    claim = f"claims:\n  - jail: {{player: Ben, action: {action}}}\n"
    forms = {
        "history": head + ben.format(cash=cash, k=1) + f"history:\n  - {{player: Ben, roll: {d}}}\n" + claim,
        "roll": head + ben.format(cash=cash, k=0) + claim + f"    given:\n      - roll: {{player: Ben, dice: {d}}}\n",
        "given jail": head + ben.format(cash=cash, k=0) + claim + f"    given:\n      - jail: {{player: Ben, action: roll, dice: {d}}}\n",
    }
    assert most > 1
    rulings = {}
    with tempfile.TemporaryDirectory() as tmp:
        for form, text in forms.items():
            p = Path(tmp) / "s.yaml"
            p.write_text(text)
            res = check_file(p, "s.yaml")
            assert not res.error, (form, res.error)
            r = res.rulings[0]
            rulings[form] = (r.allowed, r.verdict, tuple(r.clauses[:1]))
    assert len(set(rulings.values())) == 1, rulings
    assert rulings["history"][0] is False  # the fine and the card come before throwing (every book)


def test_the_buildings_after_a_move_are_claimed_and_checked(tmp_path):
    table = "ruleset: us-classic\nplayers:\n  Ana: {cash: 1500, deeds: [Mediterranean Avenue, Baltic Avenue]}\n  Ben: {cash: 1500}\nclaims:\n"
    res = _check(tmp_path, table + "  - build: {deed: Baltic Avenue}\n    after: {bank: {houses: 31}, lots: {Baltic Avenue: 1}}\n")
    assert not res.error and res.rulings[0].verdict == "upheld", (res.error, res.rulings)
    res = _check(tmp_path, table + "  - build: {deed: Baltic Avenue}\n    after: {bank: {houses: 32}, lots: {Baltic Avenue: hotel}}\n")
    assert res.rulings[0].verdict == "rejected"
    assert res.rulings[0].reasons == ["claimed the bank ends with 32 houses, the rules leave 31",
                                      "claimed Baltic Avenue ends with a hotel, the rules leave 1"]
    res = _check(tmp_path, table + "  - build: {deed: Baltic Avenue}\n    after: {lots: {Baltic Avenue: 5}}\n")
    assert res.error == "s.yaml:7: what stands on Baltic Avenue is a house count from 0 to 4 or hotel, not 5", res.error
