"""Decks by box (issue 30): the later US Community Chest as a house rule (the birthday card, $50 school fees), and
a card the deck lacks recorded as a custom card that still counts as the landing's card and replays under void."""

from __future__ import annotations

from conftest import run


def test_the_birthday_deck_is_a_house_rule_of_us_2008(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "Cy", "-r", "us-2008", "--house-rule", "birthday-deck", game=g).code == 0
    r = run("card", "Ana", "birthday", game=g)
    assert r.code == 0 and "collects $20 in all" in r.out, r.text
    r = run("card", "Ben", "school fees", game=g)
    assert r.code == 0 and "pays $50" in r.out, r.text
    plain = tmp_path / "p.sqlite"
    assert run("new", "Ana", "Ben", "-r", "us-2008", game=plain).code == 0
    assert run("card", "Ana", "birthday", game=plain).code == 2, "the classic us-2008 deck has the grand opera card instead"


def test_a_custom_card_pays_or_collects_and_replays(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "Cy", game=g).code == 0
    r = run("card", "Ana", "custom", "--collect", "10", "--each", game=g)
    assert r.code == 0 and "collects $20 in all" in r.out, r.text
    r = run("card", "Ben", "custom", "--pay", "50", game=g)
    assert r.code == 0 and "pays $50" in r.out, r.text
    assert run("card", "Ben", "custom", game=g).code == 2, "a custom card says what it does"
    assert run("void", "2", game=g).code == 0, "the custom card after it is re-run"
    v = run("verify", game=g)
    assert v.code == 0, v.text
    s = run("status", "--json", game=g).out
    assert '"cash": 1450' in s and '"cash": 1500' in s, s


def test_a_custom_card_counts_as_the_landings_card(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "--turns", game=g).code == 0
    r = run("roll", "3", "4", game=g)  # Ana on Chance
    assert r.code == 0 and "Chance" in r.out, r.text
    assert run("card", "Ana", "custom", "--pay", "15", game=g).code == 0
    again = run("card", "Ana", "custom", "--pay", "15", game=g)
    assert again.code == 1, "one card a landing, a custom one included"
