"""Words around the moves in the table's language (session 7's QA of an Italian and a Spanish game)."""

from __future__ import annotations

import pytest
from conftest import run

from referee.words import i18n

pytestmark = pytest.mark.usefixtures("table_language")


@pytest.mark.parametrize("lang", ["es", "it"])
def test_an_option_without_help_shows_no_catalog_header(lang):
    r = run("--lang", lang, "collect", "--help")
    assert r.code == 0 and {"es": "--por ", "it": "--per "}[lang] in r.out  # the option as the table types it
    assert "Project-Id-Version" not in r.out and "Generated-By" not in r.out


def test_a_debt_to_the_bank_names_the_bank_in_the_games_language(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    assert run("pay", "Bruno", "bank", "400000", game=game).code == 0  # more than Bruno holds: a debt
    status = run("status", game=game).out
    assert "Bruno → banca" in status and "→ bank" not in status
    frame = run("watch", "--once", game=game).out
    assert "deve: banca" in frame and "bank" not in frame.replace("banca", "")


def test_a_throw_of_doubles_in_the_watch_frame_is_said_in_the_games_language(game):
    assert run("new", "Ana", "Ben", "-r", "mx-hasbro", "--turns", game=game).code == 0
    assert run("roll", "2", "2", game=game).code == 0
    frame = run("watch", "--once", game=game).out
    assert "2+2 = 4" in frame and "(doubles)" not in frame


@pytest.mark.parametrize("lang, word", [("it", "numero intero"), ("es", "número entero")])
def test_a_number_that_is_not_one_is_said_in_the_language(game, lang, word):
    assert run("new", "Ana", "Ben", game=game).code == 0
    r = run("--lang", lang, "why", "abc", game=game)
    assert r.code == 2 and "is not a valid" not in r.err


def test_the_bankruptcy_hint_gives_the_auction_command_in_its_real_order(game):
    assert run("new", "Ana", "Ben", "Cy", game=game).code == 0
    assert run("buy", "Ben", "baltic avenue", game=game).code == 0
    assert run("pay", "Ben", "bank", "1500", game=game).code == 0  # Ben owes the bank more than he has
    r = run("bankrupt", "Ben", game=game)
    assert r.code == 0, r.err
    assert "auction WINNER DEED PRICE" in r.out and "auction DEED WINNER" not in r.out


def _italian_table_file(tmp_path, line: str):
    """`referee play FILE` of one line on a new Italian game."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    game = tmp_path / "it.sqlite"
    assert run("new", "Anna", "Bruno", "-r", "it-lire", "--turns", game=game).code == 0
    moves = tmp_path / "m.txt"
    moves.write_text(line + "\n", encoding="utf-8")
    return run("play", str(moves), game=game)


def test_a_table_file_says_a_missing_argument_in_the_games_language(tmp_path):
    r = _italian_table_file(tmp_path, "paga Anna")
    assert r.code == 2
    assert "m.txt:1: manca l'argomento" in r.err and "— uso: paga PAGANTE BENEFICIARIO IMPORTO" in r.err, r.err
    assert "Uso:" not in r.err and "usage" not in r.err


def test_the_values_read_from_a_deed_are_said_in_the_games_language_and_money(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    r = run("deed", "Vicolo Corto", "--price", "6.000", "--house-cost", "5000", game=game)
    assert r.code == 0, r.err
    assert "prezzo: L. 6.000 (confermato)" in r.out and "costo di una casa del gruppo" in r.out
    assert "confirmed" not in r.out and "price" not in r.out
    r = run("deed", "Società Elettrica", "--multipliers", "4", game=game)
    assert "volte i dadi" in r.out and "sconosciuto" in r.out and "unknown" not in r.out
    r = run("deed", "Vicolo Corto", "--price", "abc", game=game)
    assert r.code == 2 and "in L. (come L. 1.500)" in r.err and "$" not in r.err
    assert "deed Vicolo Corto: price: L. 6.000" in run("--lang", "en", "log", game=game).out  # the log keeps its words


def test_a_debt_from_a_card_gives_the_cards_words_in_the_games_language(game):
    assert run("new", "Ana", "Ben", "Carla", "-r", "mx-hasbro", game=game).code == 0
    assert run("pay", "Ana", "bank", "1490", game=game).code == 0
    assert run("card", "Ana", "chairman", game=game).code == 0  # $50 to each of two players, with $10 in hand
    out = run("status", game=game).out
    assert "Lo eligieron presidente del consejo" in out and "chairman" not in out


def test_a_file_the_system_refuses_is_said_in_the_games_language(game, tmp_path):
    assert run("new", "Ana", "Ben", "-r", "mx-hasbro", game=game).code == 0
    r = run("export", str(tmp_path / "missing" / "x.yaml"), game=game)
    assert r.code == 2 and "no existe ese archivo o carpeta" in r.err and "Errno" not in r.err


def test_slips_before_the_game_is_opened_are_said_in_its_language(game, tmp_path):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    r = run("ask", "", game=game)
    assert r.code == 2 and "richiede una domanda" in r.err
    r = run("tax", "income", "Anna", "--choice", "bogus", game=game)
    assert r.code == 2 and "non 'bogus'" in r.err
    out = run("tax", "income", "Anna", "--preview", game=game).out
    assert "scelte in it-lire: importo fisso" in out and "flat" not in out
    timed = tmp_path / "timed.sqlite"
    r = run("new", "Anna", "Bruno", "-r", "it-lire", "--variant", "time-limit", "--minutes", "60", game=timed)
    assert r.code == 0 and "finisce alle" in r.out and "ends at" not in r.out


def test_a_card_is_found_by_the_words_printed_on_it_in_the_games_language(game):
    assert run("new", "Ana", "Ben", "-r", "mx-hasbro", game=game).code == 0
    r = run("card", "Ben", "Error del banco a su favor", game=game)
    assert r.code == 0 and "cobra $200" in r.out
    assert run("new", "Anna", "Bruno", "-r", "it-lire", "--turns", "--force", game=game).code == 0
    r = run("card", "Bruno", "Andate fino alla Stazione Nord", game=game)  # not on a Chance square: refused, said in Italian
    assert r.code == 1 and "una casella Imprevisti" in r.err and "square" not in r.err, r.err


def test_serve_says_where_the_page_is_in_the_games_language(game, monkeypatch):
    import uvicorn

    from referee.web import launch

    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)  # no server: only what it says first
    said: list[str] = []
    i18n.use("it")
    launch.run(game, 0, False, say=lambda text, **kw: said.append(text))
    text = " ".join(said)
    assert "i giocatori giocano dai propri link" in text and "pagina: http://127.0.0.1:" in text and "Ctrl-C la ferma" in text
    assert "the players act" not in text and "stops it" not in text


def test_checks_summary_counts_claims_as_its_headline_does(tmp_path):
    from conftest import ROOT

    files = sorted((ROOT / "scenarios" / "it-lire").glob("*.yaml"))[:2]
    r = run("--lang", "it", "check", *map(str, files))
    head = next(line for line in r.out.splitlines() if "contestazion" in line and "file di scenario" in line)
    claims = int(head.split(",")[1].split()[0])
    total = next(line for line in r.out.splitlines() if "totale" in line)
    upheld, rejected = (int(x) for x in total.replace("│", " ").split()[1:3])
    assert upheld + rejected == claims
    assert "contestazioni accolte" in r.out and "respinta" not in r.out


def test_a_count_of_houses_is_a_real_plural_in_the_games_language(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    for deed in ("Vicolo Corto", "Vicolo Stretto"):
        assert run("buy", "Anna", deed, game=game).code == 0
    assert "(ora 1 casa)" in run("build", "Vicolo Corto", game=game).out
    assert run("rent", "Bruno", "Vicolo Corto", game=game).code == 0
    assert "Vicolo Corto con 1 casa → L. 1.000" in run("why", game=game).out


def test_lang_may_follow_the_command_as_game_may(tmp_path):
    from conftest import ROOT

    f = str(sorted((ROOT / "scenarios" / "it-lire").glob("*.yaml"))[0])
    for argv in (["check", "--lang", "it", f], ["check", f, "--lang=it"]):
        r = run(*argv)
        assert r.code in (0, 1) and "✔ ACCOLT" in r.out and "UPHELD" not in r.out, r.err


def test_the_consoles_toolbar_takes_more_lines_rather_than_being_cut_at_80_columns(tmp_path, monkeypatch):
    from referee.cli.completion import TableCompleter
    from referee.cli.console import TableConsole

    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    game = tmp_path / "it.sqlite"
    assert run("new", "Annalisa", "Bartolomeo", "Carlotta", "Domenico", "-r", "it-lire", "--turns", game=game).code == 0
    i18n.use("it")
    comp = TableCompleter(TableConsole(game))
    comp.refresh()
    assert len(comp.toolbar) > 80
    lines = comp.toolbar_for(80).split("\n")
    assert len(lines) > 1 and all(len(line) <= 80 for line in lines)
    assert "banca: 32 case, 12 alberghi" in lines[-1]
    assert comp.toolbar_for(200) == comp.toolbar


def test_the_phone_pages_rulings_are_in_the_games_language(game):
    from referee.web.source import GameSource

    assert run("new", "Anna", "Bruno", "-r", "it-lire", "--turns", game=game).code == 0
    assert run("roll", "3", "4", game=game).code == 0
    src = GameSource(game)
    try:
        snap = src.read()
    finally:
        src.close()
    ruling = next(e for e in snap.view["events"] if e["rulings"])["rulings"][0]
    assert ruling["source"].startswith("Regolamento del Monòpoli") or ruling["source"].startswith("Regole"), ruling
    assert ruling["title"] and ruling["text"] and "the " not in ruling["text"].lower()[:40], ruling


def test_a_groups_name_is_the_boards_own_in_the_games_language(game):
    from referee.web.source import GameSource

    assert run("new", "Ana", "Ben", "-r", "mx-hasbro", game=game).code == 0
    assert "grupo Marrón" in run("deed", "Avenida Mediterráneo", "--house-cost", "50", game=game).out
    assert run("buy", "Ana", "Avenida Mediterráneo", game=game).code == 0
    src = GameSource(game)
    try:
        view = src.read().view
    finally:
        src.close()
    ana = next(p for p in view["players"] if p["name"] == "Ana")
    assert [g["name"] for g in ana["groups"]] == ["Marrón"]


def test_rules_origin_and_diff_speak_the_language_asked_and_yamls_words():
    out = run("--lang", "it", "rules", "show", "it-lire", "--origin").out
    assert "Parametri e da dove vengono" in out and "valore predefinito dello schema" in out
    assert "= null" in out and "= None" not in out and "= True" not in out
    diff = run("--lang", "es", "rules", "diff", "it-lire", "mx-hasbro").out
    assert "tipos de tarjeta" in diff and "card kinds" not in diff


def test_a_command_typed_while_an_auction_is_open_is_not_read_as_a_bid(tmp_path, monkeypatch, capsys):
    from referee.cli.console import TableConsole

    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    game = tmp_path / "es.sqlite"
    assert run("new", "Ana", "Zorro", "-r", "mx-hasbro", game=game).code == 0
    con = TableConsole(game)
    i18n.use("es")
    assert con.run_line("auction avenida oriental") == 0
    capsys.readouterr()
    assert con.run_line("paga Ana Zorro 10") != 0
    said = capsys.readouterr()
    text = said.out + said.err
    assert "la subasta de Avenida Oriental está abierta" in text and "nombre de jugador" not in text
    assert con.run_line("Ana 10") == 0  # a bid still is one


def test_a_group_command_alone_in_a_table_file_names_its_choices_in_one_line(tmp_path):
    r = _italian_table_file(tmp_path, "tassa")
    assert r.code == 2 and "m.txt:1: tax richiede uno tra: income, luxury" in r.err
    assert "Opzioni" not in r.err and len(r.err.strip().splitlines()) == 1


def test_a_companys_rent_by_the_dice_is_not_overwritten_by_a_fixed_rent(game):
    assert run("new", "Ana", "Ben", "-r", "mx-hasbro", game=game).code == 0
    r = run("deed", "Compañía de Agua", "--rent", "4,10", game=game)
    assert r.code == 2 and "--multipliers" in r.err and "dados por un multiplicador" in r.err
    assert run("deed", "Compañía de Agua", "--multipliers", "4,10", game=game).code == 0


def test_italian_refusals_about_a_player_do_not_guess_the_players_gender(game):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", "--turns", game=game).code == 0
    r = run("buy", "Anna", "Stazione Est", game=game)
    assert r.code == 1 and "nessun arrivo di Anna su Stazione Est" in r.err and "non è finito" not in r.err


def test_a_frozen_scenario_speaks_the_tables_language_and_its_example_is_this_tables(game, tmp_path):
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    assert run("buy", "Anna", "Vicolo Corto", game=game).code == 0
    text = run("freeze", game=game).out
    assert text.startswith("# Congelato con `referee freeze`") and "congelato da" in text
    assert '# - says: "Bruno deve ad Anna L. 200 di affitto per Vicolo Corto"' in text and "Boardwalk" not in text
    f = tmp_path / "s.yaml"
    f.write_text(text.replace("claims: []", "claims:").replace("# - says", "  - says").replace("#   ", "    "), encoding="utf-8")
    r = run("check", str(f))
    assert r.code == 0, r.out + r.err  # the example, un-commented, is a claim the referee upholds


def test_log_json_gives_the_first_entry_in_the_games_language_too(game):
    import json

    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    assert json.loads(run("log", "--json", game=game).out)[0]["text"] == "nuova partita: Anna, Bruno"


def test_a_move_after_the_agreed_time_says_the_game_is_over(game, monkeypatch):
    import time

    r = run("new", "Anna", "Bruno", "-r", "it-lire", "--variant", "time-limit", "--minutes", "60", game=game)
    assert r.code == 0
    assert "ora concordata" not in run("buy", "Anna", "Vicolo Corto", game=game).out  # in time: nothing to say
    later = time.time() + 2 * 3600
    monkeypatch.setattr(time, "time", lambda: later)
    r = run("buy", "Bruno", "Vicolo Stretto", game=game)  # issue 30: at the agreed time the game ends, a later move is refused
    assert r.code == 1 and "l'ora concordata è scaduta" in r.err and "referee punteggio" in r.err, r.text
    r = run("buy", "Bruno", "Vicolo Stretto", "--after-time", game=game)  # a move the table made before the end
    assert r.code == 0 and "l'ora concordata è scaduta" in r.out and "referee punteggio" in r.out
    assert "la partita è finita" in run("summary", game=game).out


def test_the_console_keeps_its_game_while_another_terminal_reads_it(tmp_path, monkeypatch):
    """A second `referee status` beside an open console must not take the game from under it (QA, session 7)."""
    from conftest import run_proc

    from referee.cli.console import TableConsole
    from referee.store.ledger import Game

    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    game = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "--turns", game=game).code == 0
    con = TableConsole(game)
    for line in ("1 2", "buy", "next", "2 3"):
        assert con.run_line(line) == 0, line
        assert run_proc("status", game=game).returncode == 0  # another terminal looks at the table
    g = Game(game)
    try:
        assert len(g.events()) == 5 and g.state().deeds[3].owner == "Ana"
    finally:
        g.close()


def test_a_payment_the_cash_does_not_cover_says_it_is_owed_not_paid(game):
    assert run("new", "Ana", "Ben", game=game).code == 0
    assert run("buy", "Ana", "boardwalk", game=game).code == 0
    assert run("pay", "Ben", "bank", "1460", game=game).code == 0  # Ben is left with $40
    r = run("rent", "Ben", "boardwalk", game=game)
    assert r.code == 0 and "Ben pays Ana $50 rent on Boardwalk — owed: the cash did not cover it, so a debt is recorded" in r.out
    assert "owed: the cash did not cover it" in run("log", game=game).out.splitlines()[-1]
    assert "a debito: il contante non bastava" in run("--lang", "it", "log", game=game).out


def test_italian_amounts_written_the_italian_way_are_amounts(tmp_path):
    game = tmp_path / "it.sqlite"
    assert run("new", "Anna", "Bruno", "Carlo", "-r", "it-lire", game=game).code == 0
    r = run("auction", "Bruno", "vicolo", "corto", "5.000", game=game)  # an unquoted name, then the price
    assert r.code == 0 and "Bruno si aggiudica Vicolo Corto all'asta per L. 5.000" in r.out, r.err
    moves = tmp_path / "m.txt"
    moves.write_text("auction vicolo stretto\nBruno 10.000\nCarlo L. 12.000\nvenduto\n", encoding="utf-8")
    r = run("play", str(moves), game=game)
    assert r.code == 0 and "Carlo si aggiudica Vicolo Stretto all'asta per L. 12.000" in r.out, r.out + r.err


def test_a_card_both_decks_hold_is_found_by_its_deck_and_translated_words(game):
    assert run("new", "Ana", "Ben", "-r", "mx-hasbro", game=game).code == 0
    r = run("card", "Ben", "fortuna salga de la cárcel gratis", game=game)
    assert r.code == 0 and "Ben saca 'Salga de la cárcel gratis'" in r.out, r.err


def test_the_consoles_rent_after_a_card_moved_the_token_onto_a_street(tmp_path, monkeypatch):
    from referee.cli.console import TableConsole
    from referee.store.ledger import Game

    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    game = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "--turns", game=game).code == 0
    con = TableConsole(game)
    # Ana to Electric Company, then Illinois Avenue (bought), then Ventnor; Ben onto Chance, then Illinois by the card
    for line in ("6 6", "no-bid electric company", "6 6", "buy", "1 2", "3 4", "d advance to illinois"):
        assert con.run_line(line) == 0, line
    assert con.run_line("rent") == 0
    g = Game(game)
    try:
        assert g.events()[-1]["type"] == "rent" and g.state().player("Ana").cash > 1500 - 240
    finally:
        g.close()


@pytest.mark.parametrize("edition, a, b, reason", [("mx-hasbro", "Ana", "Ben", "préstamo"), ("it-lire", "Anna", "Bruno", "prestito"),
                                                   ("us-classic", "Ana", "Ben", "loan till next turn")])
def test_a_payment_between_players_that_is_a_loan_is_refused_with_the_clause(game, edition, a, b, reason):
    assert run("new", a, b, "-r", edition, game=game).code == 0
    r = run("pay", a, b, "100", "--for", reason, game=game)
    assert r.code == 1 and "loans.forbidden" in r.err
    assert run("pay", a, b, "100", "--for", "the agreed deal", game=game).code == 0  # any other payment stands


def test_a_negative_number_is_quoted_as_typed_and_the_money_hint_is_for_money(game):
    assert run("new", "Ana", "Ben", game=game).code == 0
    r = run("pay", "Ana", "Ben", "-1500", game=game)
    assert r.code == 2 and "not -1500 (to move money the other way" in r.err
    r = run("undo", "-1", game=game)
    assert r.code == 2 and "-1: a negative number means nothing here" in r.err and "money" not in r.err


def test_more_table_words_in_spanish_and_italian(tmp_path):
    r = _italian_table_file(tmp_path / "a", "log 4")
    assert "argomenti in più non previsti (4)" in r.err and "unexpected" not in r.err
    r = _italian_table_file(tmp_path / "b", "ripristina")  # redo, in Italian
    assert "niente da ripristinare" in r.err and "comando" not in r.err
    game = tmp_path / "it.sqlite"
    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    assert run("auction", "Bruno", "vicolo corto", "5000", game=game).code == 0
    r = run("mortgage", "Anna", "vicolo corto", game=game)
    assert r.code == 1 and "Vicolo Corto appartiene a Bruno, non ad Anna" in r.err


def test_a_trades_line_shows_what_goes_to_the_bank(game):
    assert run("new", "Ana", "Ben", game=game).code == 0
    assert run("buy", "Ana", "reading railroad", game=game).code == 0
    assert run("mortgage", "reading railroad", game=game).code == 0
    r = run("trade", "Ana", "Ben", "--give", "reading railroad", "--take", "50", game=game)
    assert r.code == 0 and "Ben → bank $10" in r.out  # the 10 % interest on taking a mortgaged deed


def test_turn_no_longer_offers_a_rent_already_recorded(tmp_path):
    game = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "--turns", game=game).code == 0
    for argv in (("roll", "1", "2"), ("buy", "Ana", "baltic avenue"), ("roll", "1", "2")):
        assert run(*argv, game=game).code == 0
    assert "claimable" in run("turn", game=game).out
    assert run("rent", "Ben", "baltic avenue", game=game).code == 0
    out = run("turn", game=game).out
    assert "Ben's rent on Baltic Avenue is recorded" in out and "claimable" not in out


def test_the_score_table_keeps_its_headers_whole_at_80_columns(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    game = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Ben", "Carla", "-r", "mx-hasbro", game=game).code == 0
    for argv in (("buy", "Ben", "avenida mediterráneo"), ("buy", "Ben", "avenida báltica"), ("buy", "Carla", "ferrocarril reading"),
                 ("mortgage", "ferrocarril reading"), ("build", "avenida mediterráneo"), ("build", "avenida báltica")):
        assert run(*argv, game=game).code == 0, argv
    assert run("build", "avenida mediterráneo", game=game).code == 0
    out = run("score", game=game).out
    assert "…" not in out and "propiedades" in out and "hipotecadas" in out
    assert all(len(line) <= 80 for line in out.splitlines()[1:6])


def test_the_count_and_status_settle_recorded_debts_on_both_sides(game):
    import json

    assert run("new", "Ana", "Ben", "Cy", game=game).code == 0
    assert run("pay", "Ben", "Ana", "2000", game=game).code == 0  # more than Ben holds: recorded as a debt
    players = {p["name"]: p["total"] for p in json.loads(run("score", "--json", game=game).out)["players"]}
    assert players == {"Ana": 3500, "Ben": -500, "Cy": 1500}
    status = {p["name"]: p["net_worth"] for p in json.loads(run("status", "--json", game=game).out)["players"]}
    assert status == {"Ana": 3500, "Ben": -500, "Cy": 1500}
    assert "$1,500 + $2,000" in run("score", "--detail", game=game).out


def test_it_names_the_italian_edition_as_mx_and_us_name_theirs():
    r = run("ask", "quanto costa uscire di prigione", "-r", "it")
    assert r.code == 0 and r.out.startswith("it-lire")


def test_the_phone_pages_count_is_titled_in_the_games_language(game):
    from referee.web.source import GameSource

    assert run("new", "Ana", "Ben", "-r", "mx-hasbro", game=game).code == 0
    src = GameSource(game)
    try:
        view = src.read().view
    finally:
        src.close()
    title = view["standings"]["title"]
    assert title and "Net worth" not in title and "cash" not in title, title


def test_serve_command_speaks_the_games_language_without_lang(game, monkeypatch):
    import uvicorn

    assert run("new", "Anna", "Bruno", "-r", "it-lire", game=game).code == 0
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    r = run("serve", "--port", "0", game=game)
    assert r.code == 0 and "i giocatori giocano dai propri link" in r.out and "the players act" not in r.out, r.out + r.err
