"""The one name matcher (referee.ruleset.names): modes, ambiguity, the bank's reserved
names, player names at `new`, ruleset names that are never guessed, cards by
their words."""

from __future__ import annotations

import pytest
from conftest import run

from referee.errors import Ambiguous, InputError
from referee.ruleset import names

DEEDS = {39: ["Boardwalk", "bw"], 37: ["Park Place"], 11: ["St. Charles Place"], 1: ["Mediterranean Avenue"],
         3: ["Baltic Avenue"], 5: ["Reading Railroad"], 6: ["Oriental Avenue"]}


# ---------------------------------------------------------------- the matcher
@pytest.mark.parametrize("typed, key", [
    ("Boardwalk", 39), ("BOARDWALK", 39), ("bw", 39), ("board", 39), ("park", 37), ("st charles", 11),
    ("charles", 11), ("saint-charles", None), ("medit", 1), ("rr", 5), ("place park", 37), ("Bordwalk", 39),
])
def test_forgiving_mode_tries_stricter_tiers_first(typed, key):
    if key is None:
        with pytest.raises(InputError):
            names.match(typed, DEEDS, "deed")
    else:
        assert names.match(typed, DEEDS, "deed") == key


def test_a_near_miss_far_nearer_than_the_rest_is_the_one_meant():
    es = {6: ["Avenida Oriental"], 8: ["Avenida Vermont"], 9: ["Avenida Connecticut"], 23: ["Avenida Indiana"]}
    assert names.match("avenida oriantal", es, "deed") == 6  # Indiana is near too, far less
    with pytest.raises(Ambiguous):  # two about as near: ask
        names.match("avenida indiga", {1: ["Avenida Indiana"], 2: ["Avenida Indigo"]}, "deed")


def test_ambiguity_lists_the_candidates_and_changes_nothing():
    with pytest.raises(Ambiguous) as e:
        names.match("avenue", DEEDS, "deed")
    assert e.value.candidates == ["Mediterranean Avenue", "Baltic Avenue", "Oriental Avenue"]
    assert "could be more than one deed: Mediterranean Avenue, Baltic Avenue, Oriental Avenue" in e.value.message


def test_exact_mode_points_out_a_near_miss_and_never_guesses():
    assert names.match("park place", DEEDS, "deed", mode="exact") == 37
    assert names.match("Park-Place!", DEEDS, "deed", mode="exact") == 37  # punctuation and case fold away
    with pytest.raises(InputError, match=r"unknown deed 'Bordwalk' \(did you mean Boardwalk\?\); see the board"):
        names.match("Bordwalk", DEEDS, "deed", mode="exact", hint="see the board")
    with pytest.raises(InputError, match="unknown deed 'park'"):
        names.match("park", DEEDS, "deed", mode="exact")


def test_prefix_mode_takes_a_unique_start_only():
    assert names.match("park", DEEDS, "deed", mode="prefix") == 37
    with pytest.raises(InputError):
        names.match("place park", DEEDS, "deed", mode="prefix")


def test_folding_is_case_accents_and_punctuation():
    assert names.norm("Vía-Rápida!") == "via rapida"
    assert names.norm("  Zoë  ") == names.norm("ZOE") == "zoe"


# ---------------------------------------------------------------- the bank and players
@pytest.mark.parametrize("word", ["bank", "Bank", "BANCO", "Banca", "banquier", "the bank", "El Banco"])
def test_the_banks_names_in_every_language(word):
    assert names.bank_party(word) == "bank"
    assert names.party(word, ["Ana", "Ben"], allow_bank=True) == "bank"
    with pytest.raises(InputError, match="reserved for the bank"):
        names.player_name(word)


def test_the_pot_and_a_player_called_like_neither():
    assert names.bank_party("Jackpot") == "pot"
    assert names.bank_party("Bankside") is None
    assert names.party("ana", ["Ana", "Ben"]) == "Ana"
    with pytest.raises(InputError, match="unknown player 'bank'"):
        names.party("bank", ["Ana", "Ben"], allow_bank=False)


def test_player_names_are_normalised_and_must_differ_after_folding():
    decomposed = "Zoe\u0308"  # e + combining diaeresis
    assert names.player_names(["  Ana ", decomposed]) == ["Ana", "Zoë"]
    with pytest.raises(InputError, match=r"read the same \('Zoe' and 'Zoë'\)"):
        names.player_names(["Zoe", "Zoë"])
    with pytest.raises(InputError, match="the same name"):
        names.player_names(["Ana", "Ana "])
    with pytest.raises(InputError, match="read the same"):
        names.player_names(["Ana", "ana"])


@pytest.mark.parametrize("bad, why", [
    ("", "cannot be empty"), ("   ", "cannot be empty"), ("Ana\nBen", "control characters"),
    ("\x1b[2J", "control characters"), ("Ana\u200b", "control characters"), ("x" * 25, "longer than 24"),
    ("!!", "needs a letter or a digit"),
])
def test_player_names_refused(bad, why):
    with pytest.raises(InputError, match=why):
        names.player_name(bad)


def test_cli_new_refuses_a_bank_name_and_pay_reaches_the_bank(game):
    r = run("new", "Ana", "Banco", game=game)
    assert r.code == 2 and "'Banco' is reserved for the bank" in r.err and not game.exists()
    assert run("new", "Ana", "Ben", game=game).code == 0
    r = run("pay", "Ana", "Banco", "50", game=game)
    assert r.code == 0 and "Ana pays bank $50" in r.out, r.text


@pytest.mark.parametrize("players, why", [
    (["Zoe", "Zoë"], "read the same"), (["Ana\nBen", "Carla"], "control characters"),
    (["\x1b[2J", "Ben"], "control characters"), (["A" * 10_000, "Ben"], "longer than 24"),
])
def test_cli_new_refuses_names_a_table_cannot_tell_apart_or_print(game, players, why):
    r = run("new", *players, game=game)
    assert r.code == 2 and why in r.err and "\x1b" not in r.err and not game.exists()


def test_cli_new_stores_the_normalised_name(game):
    assert run("new", " Ana ", "Zoe\u0308", game=game).code == 0
    r = run("status", "--json", game=game)
    assert r.code == 0 and '"Ana"' in r.out and "Zoë" in r.out and "Zoe\u0308" not in r.out


# ---------------------------------------------------------------- ruleset names are never guessed
@pytest.mark.parametrize("typed, meant", [
    ("uk-classic", "us-classic"), ("us-1960s", "us-1950s"), ("us-clasic", "us-classic"),
])
def test_a_mistyped_edition_is_an_error_not_another_edition(game, typed, meant):
    r = run("new", "--ruleset", typed, "Ana", "Ben", game=game)
    assert r.code == 2 and f"unknown ruleset '{typed}' (did you mean {meant}" in r.err
    assert not game.exists()


@pytest.mark.parametrize("typed", ["monopoly", "monopoly-mars", "hasbro"])
def test_a_word_that_names_no_edition_starts_none(game, typed):
    r = run("new", "--ruleset", typed, "Ana", "Ben", game=game)
    assert r.code == 2 and f"unknown ruleset '{typed}'" in r.err and not game.exists()


def test_variants_and_house_rules_are_exact_too(game):
    r = run("new", "--variant", "shortgame-x", "Ana", "Ben", game=game)
    assert r.code == 2 and "unknown variant 'shortgame-x' (did you mean" in r.err and "short-game" in r.err
    r = run("new", "--house-rule", "jackpot-parking", "Ana", "Ben", game=game)
    assert r.code == 2 and "unknown house rule 'jackpot-parking'" in r.err
    assert not game.exists()


def test_ids_and_declared_aliases_still_work(game):
    from referee.ruleset import loader

    cat = loader.catalog()
    for rid, e in cat.index.items():
        if e["kind"] == "edition" and not e.get("invalid"):
            assert cat.find(rid, "edition") == rid
            for alias in e.get("aliases") or []:
                assert cat.find(alias, "edition") == rid, alias
    assert run("new", "--ruleset", "US Classic", "Ana", "Ben", game=game).code == 0  # case and punctuation fold


# ---------------------------------------------------------------- cards by their words
@pytest.mark.parametrize("typed, text", [
    ("bank error", "Bank error in your favour"),
    ("error bank", "Bank error in your favour"),
    ("dividend", "Bank pays you a dividend of $50"),
    ("bank-error", "Bank error in your favour"),            # the id still works
    ("community chest: doctors-fee", "Doctor's fee"),
    ("chance advance to go", "Advance to GO"),
])
def test_card_by_its_words(game, typed, text):
    assert run("new", "--ruleset", "us-1950s", "Ana", "Ben", game=game).code == 0
    r = run("card", "Ana", typed, game=game)
    assert r.code == 0 and text in r.out, r.text


def test_a_card_both_decks_hold_lists_the_candidates(game):
    assert run("new", "--ruleset", "us-1950s", "Ana", "Ben", game=game).code == 0
    r = run("card", "Ana", "advance to go", game=game)
    assert r.code == 2
    assert "'advance to go' could be more than one card: Chance: Advance to GO (collect salary), Community Chest: Advance to GO (collect salary)" in r.err
    assert run("log", game=game).out.count("draws") == 0


def test_draw_takes_the_card_by_its_words(game):
    assert run("new", "--ruleset", "us-1950s", "--turns", "Ana", "Ben", game=game).code == 0
    assert run("roll", "1", "1", game=game).code == 0  # Ana on Community Chest (turns are tracked: issue 18)
    r = run("draw", "Ana", "bank error", game=game)
    assert r.code == 0 and "Bank error in your favour" in r.out and "$200" in r.out, r.text
