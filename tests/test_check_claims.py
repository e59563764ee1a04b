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
def claims(draw):
    kind = draw(st.sampled_from(sorted(KINDS)))
    fields = list(KINDS[kind].fields)
    body = {k: draw(VALUES) for k in draw(st.lists(st.sampled_from(fields), unique=True, max_size=len(fields)))}
    return kind, body


@settings(max_examples=250, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(claims())
def test_no_claim_field_ends_in_an_internal_error(claim):
    kind, body = claim
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "fuzz.yaml"
        p.write_text(yaml.safe_dump({**TABLE, "claims": [{kind: body}]}, allow_unicode=True))
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
    assert "nearest-utility" in res.error and "nearest-railroad" in res.error
