"""A native review kit (issue 29 item 8): a whole game per language, as its banker typed it (tests/corpus), read
on every screen a player sees — the console's lines and errors, watch at 45 and 80 columns, status, the summary
(terminal and Markdown), the CSV, the log, the score and an `ask` — and scanned for English words, for
the other Spanish edition's words, and for the wrong forms a native reader found (issue 29)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from conftest import run, watch_text, wrong_forms

from referee.cli.console import TableConsole
from referee.cli.context import STATE

CORPUS = Path(__file__).resolve().parent / "corpus"
QUESTION = {"it-lire": "quanto si paga di affitto con un albergo?", "mx-hasbro": "¿cuánto se paga de renta con un hotel?",
            "latam-ciudades": "¿cuánto se paga de alquiler con un hotel?", "es": "¿cuánto se paga de renta con un hotel?",
            "it": "quanto si paga di affitto con un albergo?"}

# English that must not reach a Spanish or Italian screen (options, clause ids and commands typed are stripped first)
ENGLISH = re.compile(r"\b(the|and|owes|pays|paid|owed|rent|card|cards|bankrupt|houses|usage|options|buys|rolls|draws|"
                     r"with|from|settle|jail|mortgage|auction|turn|wins|richest|moves)\b", re.I)
# the wrong forms a native reader listed, in any of the three games
WRONG = ("gli mancano", "non è fallito", "(fallito)", "jugador(es)", "giocatore/i", "Il comando", "contratto proprio",
         "ora 0 case", "se construyen parejas", "dovuto, non pagato", "adeudado, no pagado")
# the words of the other Spanish book (the income tax is "impuesto sobre la renta" in both)
FOREIGN = {
    "mx-hasbro": re.compile(r"\b(alquiler(es)?|cartas?|Estacionamiento Gratis|solar(es)?)\b", re.I),
    "latam-ciudades": re.compile(r"(?<!sobre la )\b(rentas?|cartas?|Estacionamiento Gratis)\b", re.I),
    "it-lire": None,
}
# what a screen may show in English on purpose: an option, a clause id, a command line typed, a source's own title
_STRIP = re.compile(r"--[\w-]+(?: [A-Z,]+)?|\b[a-z_]+(?:\.[a-z_]+)+\b|`[^`]*`|\breferee [^;)\n]*|§ [^\n]*")

pytestmark = pytest.mark.usefixtures("table_language")


def _screens(edition: str, tmp_path: Path, monkeypatch, lang: str | None = None) -> str:
    """Every screen of the corpus game of `edition` (in `lang`, else its edition's own language), as text."""
    src = (CORPUS / f"{edition}.moves").read_text(encoding="utf-8").splitlines()
    new = next(x[2:] for x in src if x.startswith("# new "))
    if lang:  # the table's locale decides (issue 29 item 4): LC_ALL=es_MX.UTF-8
        monkeypatch.setenv("LC_ALL", {"es": "es_MX.UTF-8", "it": "it_IT.UTF-8"}[lang])
    lines = [x for x in src if x and not x.startswith("#")]
    game = tmp_path / "game.sqlite"
    monkeypatch.setenv("REFEREE_GAME", str(game))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
        assert TableConsole(game).run_line(new) == 0
        monkeypatch.setitem(STATE, "lang_chosen", True)  # as `referee play` runs: the game's language, chosen once
        con = TableConsole(game)
        for line in lines:
            con.run_line(line)
        for wrong in ("Anaa 50", "pga Ana bank 50", "compra Nadie Nada"):  # errors a banker makes
            con.run_line(wrong)
    text = buf.getvalue()
    monkeypatch.setitem(STATE, "lang_chosen", False)
    for argv in (("status",), ("summary",), ("summary", "--markdown"), ("export", "--csv"), ("log",), ("score",)):
        r = run(*argv, game=game)
        text += r.out + r.err
    r = run("ask", QUESTION[lang or edition], game=game)
    text += r.out + r.err
    # `check` is left out: its lines quote the scenario files' own claims, written in English by their authors
    text += _watch(game, 45) + _watch(game, 80)
    if lang:  # the suite's own locale again before the fixtures' reset reads it (teardown runs before monkeypatch's undo)
        from referee.words import i18n

        monkeypatch.setenv("LC_ALL", "C.UTF-8")
        i18n.reset()
    return text


def _watch(game: Path, width: int) -> str:
    from referee.words import i18n

    try:
        return watch_text(game, width, 40)
    finally:
        i18n.reset()


@pytest.mark.parametrize("edition", ["it-lire", "mx-hasbro", "latam-ciudades"])
def test_a_whole_native_game_reads_in_its_own_words(edition, tmp_path, monkeypatch):
    text = _screens(edition, tmp_path, monkeypatch)
    assert len(text.splitlines()) > 300  # the whole game was read
    plain = _STRIP.sub(" ", text)
    english = sorted({m.group(0).lower() for m in ENGLISH.finditer(plain)})
    assert not english, (english, [ln for ln in plain.splitlines() if ENGLISH.search(ln)][:8])
    from referee.ruleset import loader

    wrong = [w for w in (*WRONG, *wrong_forms(loader.load(edition).language)) if w in text]
    assert not wrong, wrong
    split = [ln for ln in text.splitlines() if re.search(r"(L\.|\$|£) ?…", ln)]  # a sign cut from its amount (watch at 45)
    assert not split, split
    dangling = [ln for ln in text.splitlines() if re.search(r"(\b(en|su|per|de|a|on)|[·→=]) ?…", ln)]  # "en…": en where?
    assert not dangling, dangling
    foreign = FOREIGN[edition]
    if foreign is not None:
        found = [ln for ln in plain.splitlines() if foreign.search(ln)]
        assert not found, found[:8]


def _printed_names(edition: str) -> re.Pattern[str]:
    """The names printed on the edition's board (a US board says "Community Chest" at any table)."""
    from referee.ruleset import loader

    names = sorted({sq.name for sq in loader.load(edition).squares}, key=len, reverse=True)
    return re.compile("|".join(re.escape(n) for n in names))


@pytest.mark.parametrize("lang", ["es", "it"])
def test_a_us_game_at_a_spanish_or_italian_table_reads_in_that_language(lang, tmp_path, monkeypatch):
    """The locale or --lang gives a us-classic game Spanish or Italian screens: every word the table's, but the
    names printed on the US board."""
    text = _screens("us-classic", tmp_path, monkeypatch, lang)
    assert len(text.splitlines()) > 300
    assert "Ben paga " in text and " tira " in text, text[:1500]  # Spanish or Italian words, not English ones
    plain = _printed_names("us-classic").sub(" ", _STRIP.sub(" ", text))
    english = sorted({m.group(0).lower() for m in ENGLISH.finditer(plain)})
    assert not english, (english, [ln for ln in plain.splitlines() if ENGLISH.search(ln)][:8])
    wrong = [w for w in (*WRONG, *wrong_forms(lang)) if w in text]
    assert not wrong, wrong
