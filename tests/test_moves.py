"""The table's vocabulary: every kind of move reads back from its stored event, is said by the one printer and
runs through the one apply; a move re-run after a correction keeps everything the table said."""

from __future__ import annotations

import pytest
from conftest import run

from referee.moves import apply, model, printer
from referee.ruleset import loader
from referee.store.ledger import Game

SAMPLES: list[model.Move] = [
    model.Deal("Ana", (1, 3)), model.Salary("Ana", landed=True), model.Pay("Ana", "bank", 50, "fine"), model.Settle("Ana"),
    model.Buy("Ana", 3), model.Auction(3, "Ben", 45), model.Auction(3), model.Rent("Ben", 12, dice=7, card=None, late=1),
    model.Mortgage(3), model.Unmortgage(3), model.Build(39, 2), model.Build(group="dark_blue", to="hotel"), model.Sell(39, way="bare"),
    model.Sell(group="dark_blue", to=2), model.Trade("Ana", "Ben", {"cash": 10, "deeds": [3], "jail_cards": []}, {"cash": 0, "deeds": [], "jail_cards": []}, (3,)),
    model.DeedValues(({"field": "price", "value": 60, "square": 1},)), model.IncomeTax("Ana", "flat"), model.LuxuryTax("Ana"),
    model.Declare("Ana", "percent"), model.FreeParking("Ana"), model.Card("Ana", "chance:go-back-3", passed_go=False),
    model.Card("Ana", None, custom={"effect": "pay_each", "amount": 20}), model.JailSend("Ana"), model.JailPay("Ana"),
    model.JailCard("Ana", "chance"), model.JailRoll("Ana", (3, 4)), model.Roll("Ana", (6, 6)), model.NextTurn(), model.SetTurn("Ben"),
    model.Bankrupt("Ana", (3,)), model.PartialPayment("Ana", (3, 5), 120), model.Buy("Ana", 3, forced={"reason": "slow banker"}),
    model.Build(39, 1, True, 300, wants=({"player": "Ana", "houses": 0, "hotels": 1, "breaks": 0},
                                         {"player": "Ben", "houses": 0, "hotels": 1, "breaks": 0})),
]


def test_the_samples_cover_every_kind():
    assert {type(s) for s in SAMPLES} == set(model.KINDS.values())


@pytest.mark.parametrize("mv", SAMPLES, ids=lambda m: m.kind)
def test_a_move_reads_back_from_the_event_it_is_stored_in(mv):
    args = dict(mv.args(), player="Ana") if isinstance(mv, (model.Mortgage, model.NextTurn)) else mv.args()  # with an output beside it
    assert model.from_event(mv.event_type, args) == mv


@pytest.mark.parametrize("mv", SAMPLES, ids=lambda m: m.kind)
def test_every_move_has_one_chapter_and_one_printed_line(mv):
    rs = loader.load("us-classic")
    assert type(mv) in apply.CHAPTERS
    said = printer.command_line(rs, mv, lang="en")
    assert said and said.split()[0] in {"deal", "go", "pay", "settle", "buy", "auction", "no-bid", "rent", "mortgage", "unmortgage", "build",
                                        "sell", "sell-hotels", "trade", "deed", "tax", "declare", "parking", "card", "jail", "roll", "next",
                                        "turn", "bankrupt", "pay-in-property", "shortage"}, said
    assert ("--force" in said) == bool(mv.forced)


def test_an_entry_no_move_makes_is_named():
    from referee.errors import InputError

    with pytest.raises(InputError, match="'undo'"):
        model.from_event("undo", {"undoes": [3]})


def test_a_bankruptcy_re_run_after_a_correction_keeps_the_mortgage_its_creditor_lifted(game):
    for args in (("new", "Ana", "Ben"), ("pay", "Ben", "Ana", "1"), ("buy", "Ana", "baltic"), ("mortgage", "baltic"), ("pay", "Ana", "Ben", "1400"),
                 ("pay", "Ana", "Ben", "500"), ("bankrupt", "Ana", "--lift", "baltic")):
        assert run(*args, game=game).code == 0, args
    assert run("void", "2", game=game).code == 0  # every later move re-runs
    from referee.store.ledger import Game

    g = Game(game)
    try:
        deed = g.state().deeds[3]
        assert deed.owner == "Ben" and not deed.mortgaged, "the lift stated with the bankruptcy holds after the re-run"
    finally:
        g.close()


def test_hotels_sold_outright_are_sold_outright_again_when_re_run(game):
    for args in (("new", "Ana", "Ben"), ("collect", "Ana", "5000"), ("buy", "Ana", "boardwalk"), ("buy", "Ana", "park place"),
                 ("build", "Ana", "dark", "blue", "to", "hotel"), ("pay", "Ben", "Ana", "1"), ("sell-hotels", "Boardwalk")):
        assert run(*args, game=game).code == 0, args
    assert run("void", "6", game=game).code == 0
    from referee.store.ledger import Game

    g = Game(game)
    try:
        lots = [g.state().deeds[i] for i in (37, 39)]
        assert all(not d.hotel and d.houses == 0 for d in lots), "the sale re-ran as the outright sale it was, not as one building sold"
        assert g.state().player("Ana").cash == 4750
    finally:
        g.close()


@pytest.mark.parametrize("mv", SAMPLES, ids=lambda m: m.kind)
def test_every_move_but_the_tables_own_readings_is_a_claim_check_reads(mv):
    """The scenario notation says each move as a claim kind `check` knows (deed values go in a board file)."""
    from referee.check.kinds import KINDS
    from referee.moves.scenario_notation import claim

    said = claim(loader.load("us-classic"), mv)
    if isinstance(mv, (model.DeedValues, model.NextTurn, model.SetTurn)) or (isinstance(mv, model.Card) and mv.custom):
        assert said is None
    else:
        assert said is not None and len(said) == 1 and next(iter(said)) in KINDS, said


def test_a_group_level_in_a_claim_is_a_number_of_houses_or_hotel(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("ruleset: us-classic\nplayers:\n  Ana: {cash: 3000, deeds: [Boardwalk, Park Place]}\n  Ben: {cash: 100}\n"
                 "claims:\n  - build: {deed: Park Place, to: banana}\n", encoding="utf-8")
    r = run("check", str(f), "--lang", "en")
    assert r.code == 2 and "s.yaml:6: 'to' is a number of houses or hotel, not 'banana'" in " ".join((r.out + r.err).split()), r.out + r.err
    f.write_text("ruleset: us-classic\nplayers:\n  Ana: {cash: 3000, deeds: [Boardwalk, Park Place]}\n  Ben: {cash: 100}\n"
                 "claims:\n  - build: {deed: Park Place, to: 2}\n    amount: 800\n", encoding="utf-8")
    r = run("check", str(f), "--lang", "en")
    assert r.code == 0 and "UPHELD" in r.out, r.out  # two houses on each lot of the group, $200 each


def test_a_building_from_a_short_bank_is_a_move_said_back_and_re_run_as_one(game):
    """`shortage` records a Build move with the demand (wants): `log --moves` says it back as the shortage line,
    a correction re-runs it through the shortage rule (a contested bank still needs its auction price)."""
    for args in (("new", "Ana", "Ben"), ("collect", "Ana", "5000"), ("collect", "Ben", "5000"), ("buy", "Ana", "boardwalk"),
                 ("buy", "Ana", "park place"), ("buy", "Ben", "baltic"), ("buy", "Ben", "mediterranean"),
                 ("build", "Ana", "dark", "blue", "to", "4"), ("build", "Ben", "purple", "to", "4"),
                 ("pay", "Ben", "Ana", "1")):
        assert run(*args, game=game).code == 0, args
    assert run("shortage", "Boardwalk", "--hotel", game=game).code == 0
    said = run("log", "--moves", game=game).out.splitlines()
    assert said[-1] == "shortage Boardwalk --hotel --wants Ana:hotel", said[-1]
    assert run("void", "10", game=game).code == 0  # the payment goes; the shortage move re-runs through its own rule
    from referee.store.ledger import Game

    g = Game(game)
    try:
        assert g.state().deeds[39].hotel
        ev = g._events()[-1][1]
        assert ev["args"]["moves"][-1]["args"]["wants"] == [{"player": "Ana", "houses": 0, "hotels": 1, "breaks": 0}]
    finally:
        g.close()


def _bank_loan(monkeypatch) -> type[model.Move]:
    """The worked example of docs/architecture.md, a loan from the bank some house rule allows: its class and its
    chapter (here the bank's payment), registered for one test."""
    from typing import ClassVar

    from referee.core import money

    class BankLoan(model.Move):
        """A loan from the bank (a house rule)."""

        kind: ClassVar[str] = "bank_loan"
        player: str
        amount: int

    monkeypatch.setitem(model.KINDS, "bank_loan", BankLoan)
    monkeypatch.setitem(apply.CHAPTERS, BankLoan, lambda rs, t, mv: money.pay(rs, t, "bank", mv.player, mv.amount, "loan"))
    return BankLoan


def test_a_new_kind_of_move_needs_its_class_and_its_chapter_only(tmp_path, monkeypatch, request):
    """The worked example of docs/architecture.md: a bank loan some house rule allows. Declared as a move and
    given a chapter, it reads back from its event, is said as a command line and as a scenario claim, and
    `check` rules on that claim, with no line of the printer, the notation or the claim kinds written for it."""
    import yaml

    from referee.check import check_file, kinds
    from referee.moves.scenario_notation import claim

    BankLoan = _bank_loan(monkeypatch)
    request.addfinalizer(lambda: kinds.KINDS.pop("bank-loan", None))
    kinds.register_moves()
    rs = loader.load("us-classic")
    mv = BankLoan("Ana", 100)
    assert model.from_event("bank_loan", mv.args()) == mv
    assert printer.command_line(rs, mv, lang="en") == "bank-loan Ana 100"
    said = claim(rs, mv)
    assert said == {"bank-loan": {"player": "Ana", "amount": 100}}
    f = tmp_path / "loan.yaml"
    f.write_text(yaml.safe_dump({"ruleset": "us-classic", "players": {"Ana": {"cash": 50}, "Ben": {"cash": 50}},
                                 "claims": [{"says": "the bank lends Ana 100", **said, "cash": {"Ana": 150}}]}))
    res = check_file(f)
    assert res.error is None and res.rulings[0].upheld, res.rulings[0].reasons if res.rulings else res.error


def test_a_new_kind_of_move_is_typed_at_the_table_by_its_name_and_fields(game, monkeypatch):
    """With no command of its own, `bank-loan Ana 100` reads the new kind's fields in order (a player by name, an
    amount in the game's money), records the move, and `log --moves` says it back the same way."""
    _bank_loan(monkeypatch)
    assert run("new", "Ana", "Ben", game=game).code == 0
    r = run("bank-loan", "ana", "$100", game=game)
    assert r.code == 0, r.text
    assert run("log", "--moves", game=game).out.splitlines()[-1] == "bank-loan Ana 100"
    r = run("bank-loan", "Ana", game=game)
    assert r.code == 2 and "bank-loan needs PLAYER AMOUNT" in r.err and "Traceback" not in r.err


def test_values_read_from_a_deed_are_a_move_too(game):
    """`deed` reads its options into a DeedValues move (the values checked, not yet laid), applied like every
    move: read_move gives the move without recording it, and the recorded event says each value it replaces."""
    from referee.cli.fix_cmd import read_move

    assert run("new", "Ana", "Ben", game=game).code == 0
    mv = read_move(["deed", "Boardwalk", "--price", "420"], str(game))
    assert mv == model.DeedValues(({"field": "price", "value": 420, "square": 39},))
    assert len(Game(game)._events()) == 1  # read, not recorded
    r = run("deed", "Boardwalk", "--price", "420", game=game)
    assert r.code == 0 and "$400 → $420" in r.out, r.out
