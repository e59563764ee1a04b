"""The table's own words where English syntax or grammar guesses used to show (issue 29): the options a hint
prints, the choices it offers, plurals by count, and the watch's lines at 45 columns."""

from __future__ import annotations

import pytest
from conftest import run, watch_text

pytestmark = pytest.mark.usefixtures("table_language")


def test_a_hint_prints_the_tables_option_words_and_the_table_reads_them_back(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("--lang", "es", "new", "Ana", "Beto", "--turns", "-r", "us-1950s", game=g).code == 0
    landed = run("roll", "1", "3", game=g)
    assert "elegir porcentaje o fijo" in landed.out, landed.out  # never "percent o flat"
    hint = run("tax", "income", "Ana", game=g)  # the edition asks for a choice before counting
    assert hint.code != 0 and "--elige porcentaje o --elige fijo" in hint.out + hint.err, hint.out + hint.err
    assert "--choice" not in hint.out + hint.err
    paid = run("tax", "income", "Ana", "--elige", "fijo", game=g)  # typed as the hint says it
    assert paid.code == 0 and "$200" in paid.out, paid.out + paid.err
    log = run("log", "--moves", game=g).out
    assert "impuesto ingresos Ana --elige fijo" in log, log


def test_option_words_of_each_language_are_read_in_the_console_and_the_cli(tmp_path):
    from referee.words import commands, i18n

    i18n.use("it")
    try:
        assert commands.english_options(["Anna", "--dadi", "7", "--scelta=fisso", "--hotel"]) == [
            "Anna", "--dice", "7", "--choice=fisso", "--hotel"]
        assert commands.line("rent", "Anna", "Società Elettrica", "--dice", "7") == 'affitto Anna "Società Elettrica" --dadi 7'
    finally:
        i18n.reset()
    g = tmp_path / "g.sqlite"
    assert run("--lang", "it", "new", "Anna", "Bruno", "-r", "it-lire", game=g).code == 0
    assert run("compra", "Anna", "Società Elettrica", game=g).code == 0
    r = run("affitto", "Bruno", "Società Elettrica", "--dadi", "7", game=g)  # 4 × 7 × L. 100 (the lire book's dice)
    assert r.code == 0 and "Bruno paga" in r.out, r.out + r.err


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("it", "ha tirato 1 giocatore", "hanno tirato 2 giocatori"),
    ("es", "ya tiró 1 jugador", "ya tiraron 2 jugadores"),
    ("fr", "1 joueur a lancé", "2 joueurs ont lancé"),
])
def test_a_count_chooses_the_plural_never_a_bracketed_one(lang, one, many):
    from referee.msg import Msg
    from referee.words import i18n
    from referee.words.templates import render

    i18n.use(lang)
    try:
        said = [render(Msg("refused.rent_late", {"deed": "X", "since": n})) for n in (1, 2)]
    finally:
        i18n.reset()
    assert one in said[0] and many in said[1], said
    assert not any(bad in " ".join(said) for bad in ("(es)", "/i", "(s)"))


def _latam_game(tmp_path, name: str = "partida-de-la-familia-perez.sqlite"):
    g = tmp_path / name
    assert run("new", "Ana", "Beto", "Caro", "--turns", "-r", "latam-ciudades", game=g).code == 0
    for line in ("roll 1 2", "roll 3 4", "roll 2 2", "roll 5 6"):
        assert run(*line.split(), game=g).code == 0
    return g


def _frame(g, width: int, height: int | None) -> str:
    from referee.words import i18n

    try:
        return watch_text(g, width, height)
    finally:
        i18n.reset()


def test_at_45_columns_the_clock_is_whole_and_each_token_says_where_it_is(tmp_path):
    g = _latam_game(tmp_path)
    full = _frame(g, 45, None).splitlines()
    stamp = full[1]
    assert stamp.startswith(tuple("0123456789")) and "jugada n.º" in stamp, full[:3]  # the time first, never cut
    assert "partida-de-la-fa" not in stamp  # a long file name is left out, not cut mid-word
    compact = _frame(g, 45, 10)  # too short for the full frame: one line per player
    rows = [ln for ln in compact.splitlines() if ln.lstrip("▶ ").startswith(("Ana ", "Beto ", "Caro "))]
    assert len(rows) == 3 and all(" en " in r or "cárcel" in r for r in rows), compact
    assert all(len(r) <= 45 for r in compact.splitlines()), compact


def test_check_over_two_editions_speaks_each_files_own_book():
    """Each file's rulings read as they do when it is checked alone: in its own edition's words (renta, alquiler),
    not in the words of the file checked last."""
    from conftest import ROOT

    files = [str(ROOT / "scenarios" / sub) for sub in ("mx-hasbro/throw-card-and-jail.yaml", "latam-ciudades/basics.yaml",
                                                        "mx-hasbro/taxes-and-rent.yaml")]

    def sections(out: str) -> list[str]:
        return ["scenarios/" + p.split("\n\n")[0] for p in out.split("scenarios/")[1:]]

    alone = [sections(run("--lang", "es", "check", "-v", f).out)[0] for f in files]
    together = sections(run("--lang", "es", "check", "-v", *files).out.split("\n3 archivos de escenario")[0] + "\n")
    assert together == alone


def test_at_45_columns_no_amount_is_cut_from_its_sign(tmp_path, monkeypatch):
    from referee.cli import common

    g = tmp_path / "g.sqlite"
    assert run("new", "Anna", "Bruno", "Carla", "-r", "it-lire", game=g).code == 0
    for line in (("buy", "Anna", "Parco della Vittoria"), ("buy", "Anna", "Viale dei Giardini"), ("build", "Parco della Vittoria"),
                 ("buy", "Bruno", "Via Accademia"), ("mortgage", "Via Accademia"), ("pay", "Carla", "Bruno", "123000")):
        assert run(*line, game=g).code == 0
    monkeypatch.setattr(common.out, "width", 45)
    status = run("status", game=g).out
    assert "Anna  L. " in status and "patrimonio L. " in status, status  # a player a block, not a squeezed table
    frame = _frame(g, 45, None)
    for text in (status, frame):
        lines = text.splitlines()
        assert not [ln for ln in lines if ln.rstrip().endswith(("L.", "$", "£"))], text
    assert all(len(ln.rstrip()) <= 45 for ln in frame.splitlines()), frame
    assert "Bruno ipoteca Via Accademia per" in frame, frame


def test_a_short_narrow_screen_spends_its_spare_lines_on_whole_words(tmp_path):
    """The compact frame (every player on one line) uses the lines left over for what it had to cut: the square a
    token is on, the throw, a long move on two lines."""
    g = tmp_path / "g.sqlite"
    assert run("new", "Ana", "Beto", "--turns", "-r", "mx-hasbro", game=g).code == 0
    assert run("roll", "6", "6", game=g).code == 0  # Ana: Compañía de Electricidad, doubles
    assert run("buy", "Ana", "Compañía de Electricidad", game=g).code == 0
    full = len(_frame(g, 45, None).splitlines())
    compact = _frame(g, 45, full - 1)  # one line short of the full frame
    assert len(compact.splitlines()) <= full - 1
    assert "en Compañía de Electricidad" in compact and "Electricidad…" not in compact, compact
    assert "Ana sacó 6+6 = 12 (dobles) → Compañía de Electricidad" in compact.replace("\n  ", " "), compact


@pytest.mark.parametrize("lang", ["es", "it", "fr"])
def test_no_translation_names_an_english_command_its_table_has_a_word_for(lang):
    """A hint in a catalog says the table's command (`turno GIOCATORE`, `deshacer`), never the English one."""
    import re

    from babel.messages.pofile import read_po
    from conftest import ROOT

    from referee.words.commands import WORDS

    english = set(WORDS[lang].values())
    with open(ROOT / "referee" / "locale" / lang / "LC_MESSAGES" / "referee.po", "rb") as f:
        catalog = read_po(f)
    found = []
    for m in catalog:
        for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
            found += [(w, s) for w in re.findall(r"`([a-z-]+)[ `]", s or "") if w in english and w not in WORDS[lang]]
    assert not found, found


def test_a_groups_level_is_said_and_read_in_the_tables_words(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("--lang", "it", "new", "Anna", "Bruno", "-r", "it-lire", game=g).code == 0
    for deed in ("Vicolo Corto", "Vicolo Stretto"):
        assert run("buy", "Anna", deed, game=g).code == 0
    assert run("costruisci", "Rosa", "fino", "a", "2", game=g).code == 0
    said = run("log", "--moves", game=g).out.splitlines()[-1]
    assert said == "costruisci Rosa fino a 2", said  # never the English "to"
    assert run("--lang", "es", "log", "--moves", game=g).out.splitlines()[-1] == "construye Rosa hasta 2"


def test_a_landing_on_a_mortgaged_deed_says_why_no_rent_is_owed(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("--lang", "es", "new", "Ana", "Beto", "--turns", "-r", "mx-hasbro", game=g).code == 0
    assert run("roll", "2", "4", game=g).code == 0  # Ana: Avenida Oriental
    assert run("buy", "Ana", "Avenida Oriental", game=g).code == 0
    assert run("mortgage", "Avenida Oriental", game=g).code == 0
    landed = run("roll", "1", "5", game=g)  # Beto: the same square
    assert "Avenida Oriental: de Ana, con hipoteca: sin renta" in landed.out, landed.out


@pytest.mark.parametrize(("lang", "one", "three"), [("es", "la renta con 1 casa", "la renta con 3 ferrocarriles"),
                                                     ("it", "l'affitto con 1 casa", "l'affitto con 3 stazioni"),
                                                     ("en", "the rent with 1 house", "the rent for 3 railroads")])
def test_a_value_the_board_lacks_is_said_with_its_plural(lang, one, three):
    """The core records "the rent with 1 house(s)"; every screen says it with the count's own form."""
    from referee.words import i18n
    from referee.words.phrases import value_words

    i18n.use(lang)
    try:
        assert value_words("the rent with 1 house(s)") == one
        assert value_words("the rent for 3 railroad(s)") == three
    finally:
        i18n.reset()


def test_an_options_error_names_the_option_and_its_values_as_the_table_types_them(tmp_path):
    g = tmp_path / "g.sqlite"
    assert run("--lang", "es", "new", "Ana", "Beto", "-r", "us-1950s", game=g).code == 0
    bad = run("tax", "income", "Ana", "--elige", "mitad", game=g)
    assert bad.code == 2 and "--elige es porcentaje o fijo, no 'mitad'" in bad.err, bad.err
    dice = run("--lang", "it", "rent", "Beto", "Electric Company", "--dadi", "tre", game=g)
    assert dice.code == 2 and "'--dadi'" in dice.err and "--dice" not in dice.err, dice.err
