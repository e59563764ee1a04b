"""A French table (issue 29 item 9): a whole us-classic game played with `--lang fr` says no English.

The recorded us-classic game of tests/corpus is replayed at a French console, then every screen the table
reads is scanned for words an English screen would use: the console's lines, the watch at 80 and 45 columns,
the summary, the CSV rows, a refusal, a usage error, a `check` ruling, `why` and a clause. The US board's own
square names (Boardwalk, Go to Jail, Community Chest…) are printed as on the board, as at a Spanish or
Italian table, and are taken out before the scan; so are the scenario's own English sentences.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT, run, watch_text, wrong_forms

pytestmark = pytest.mark.usefixtures("table_language")

CORPUS = Path(__file__).resolve().parent / "corpus" / "us-classic.moves"
# words no French screen may show (each padded so that it is a word, not part of a French one)
ENGLISH = (" the ", " owes ", " rent ", " pays ", " buys ", " throws ", " to throw", " wins ", " is ", " and ",
           " from ", " with ", " bank ", " house", " hotel ", " mortgage", " jail", "Usage:", "Error:",
           " cash ", " deed", " turn ", " doubles", " salary", " again")


def _board_names() -> list[str]:
    from referee.ruleset import loader

    rs = loader.load("us-classic")
    return sorted({s.name for s in rs.squares}, key=len, reverse=True)


def _english_in(text: str) -> list[str]:
    for name in _board_names():
        text = text.replace(name, "·")
    text = re.sub(r"“[^”]*”", "·", text)  # a scenario's claim, quoted as its file words it
    text = re.sub(r"referee [a-z-]+", "·", text)  # the command's own name on a usage line (`referee rent`)
    text = re.sub(r"\b[a-z_]+\.[a-z_.]+\b", "·", text)  # a clause id (rent.mortgaged), cited as the rulesets name it
    padded = " " + re.sub(r"\s+", " ", text) + " "
    return [w for w in ENGLISH if w.lower() in padded.lower()] + [w for w in wrong_forms("fr") if w in text]


@pytest.fixture(scope="module")
def french_game(tmp_path_factory):
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    new = next(x[2:] for x in lines if x.startswith("# new "))
    game = tmp_path_factory.mktemp("fr") / "partie.sqlite"
    moves = game.with_suffix(".moves")
    moves.write_text("\n".join(x for x in lines if x and not x.startswith("#")) + "\n", encoding="utf-8")
    assert run("--lang", "fr", *new.split(), game=game).code == 0
    played = run("--lang", "fr", "play", str(moves), game=game)
    assert played.code == 0, played.err
    return game, played.out


def test_the_console_lines_of_a_whole_game_are_french(french_game):
    _, out = french_game
    assert len(out.splitlines()) > 200 and "lance" in out and "achète" in out and "loyer" in out
    assert _english_in(out) == [], out[:2000]


@pytest.mark.parametrize("width", [80, 45])
def test_the_watch_is_french_wide_and_narrow(french_game, width):

    from referee.words import i18n

    game, _ = french_game
    i18n.use("fr")
    text = watch_text(game, width)
    assert "vaut" in text and "banque" in text, text
    assert _english_in(text) == [], text


def test_summary_and_csv_rows_are_french(french_game):
    game, _ = french_game
    summary = run("--lang", "fr", "summary", game=game)
    assert summary.code == 0 and "Résumé de la partie" in summary.out
    assert _english_in(summary.out) == [], summary.out
    csv = run("--lang", "fr", "export", "--csv", game=game)
    head, *rows = csv.out.splitlines()
    assert head == "n°,heure,joueur,action,description,montant,argent Ana,argent Ben,argent Cy,argent Dee"
    assert csv.code == 0 and len(rows) > 200 and any(",loyer," in r for r in rows) and any(",impôt revenu," in r for r in rows)
    assert _english_in(csv.out) == [], rows[:20]


def test_refusals_and_usage_errors_are_french(french_game):
    game, _ = french_game
    refused = run("--lang", "fr", "buy", "Ana", "Boardwalk", game=game)
    assert refused.code != 0 and "refusé" in refused.out + refused.err
    usage = run("--lang", "fr", "pay", "--nope", game=game)
    assert usage.code == 2 and "Usage : " in usage.err and "referee paie [OPTIONS] PAYEUR BÉNÉFICIAIRE MONTANT" in usage.err and "PAYEUR" in usage.err
    unknown = run("--lang", "fr", "bogus", game=game)
    assert unknown.code == 2 and "Commande inconnue : « bogus »" in unknown.err
    helped = run("--lang", "fr", "loyer", "--help", game=game)
    assert "Afficher ce message et quitter." in helped.out and "PROPRIÉTÉ  [obligatoire]" in helped.out
    for text in (refused.out + refused.err, usage.err, unknown.err, helped.out):
        assert _english_in(text) == [], text


def test_why_and_a_clause_are_french(french_game):
    game, _ = french_game
    why = run("--lang", "fr", "why", game=game)
    assert why.code == 0 and _english_in(why.out) == [], why.out
    clause = run("--lang", "fr", "rules", "show", "us-classic", "rent.lot")
    assert "Le loyer d'une propriété possédée" in clause.out and "titre de propriété" in clause.out
    assert _english_in(clause.out) == [], clause.out


def test_a_check_ruling_is_french():
    scenario = ROOT / "scenarios" / "us-classic" / "basics.yaml"
    r = run("--lang", "fr", "check", "--verbose", str(scenario))
    assert "FONDÉE" in r.out and "REJETÉE" in r.out
    body = "\n".join(x for x in r.out.splitlines() if "basics.yaml" not in x)  # the file's path and its own title
    assert _english_in(body) == [], body


def test_french_is_a_language_by_its_catalog_alone():
    """No list names French: the languages spoken are the catalogs shipped (referee/locale/LANG/)."""
    from referee.ruleset.schema import LANGUAGES as schema_languages
    from referee.search.asks import LANGS
    from referee.words import i18n

    shipped = sorted(p.name for p in (ROOT / "referee" / "locale").iterdir() if p.is_dir())
    assert "fr" in shipped and list(i18n.LANGUAGES) == ["en", *shipped]
    assert schema_languages is i18n.LANGUAGES and LANGS is i18n.LANGUAGES
    i18n.use("fr")
    assert i18n.number(1234.5, 1) == "1\u202f234,5"


def test_the_phone_page_words_are_french():
    """The page has no catalog: the server sends its words (`labels`) in the game's language."""
    from referee.web.labels import WORDS, labels
    from referee.words import i18n

    i18n.use("fr")
    words = labels()
    assert set(WORDS) <= set(words) and words["last_moves"] == "Derniers coups" and words["lift"] == "Lever l'hypothèque"
    english = {k: w for k, w in words.items() if _english_in(re.sub(r"\{\w*\}", " ", w))}
    assert english == {}, english


UK = Path(__file__).resolve().parent / "corpus" / "uk-short-game.moves"


def test_a_whole_uk_game_in_french_says_no_english():
    """The recorded uk game (short-game variant, pounds) at a French table: console, summary and CSV."""
    import tempfile

    from referee.ruleset import loader

    lines = UK.read_text(encoding="utf-8").splitlines()
    new = next(x[2:] for x in lines if x.startswith("# new "))
    with tempfile.TemporaryDirectory() as d:
        game = Path(d) / "partie.sqlite"
        moves = game.with_suffix(".moves")
        moves.write_text("\n".join(x for x in lines if x and not x.startswith("#")) + "\n", encoding="utf-8")
        assert run("--lang", "fr", *new.split(), game=game).code == 0
        played = run("--lang", "fr", "play", str(moves), game=game)
        summary = run("--lang", "fr", "summary", game=game)
        csv = run("--lang", "fr", "export", "--csv", game=game)
    assert played.code == 0 and "lance" in played.out and "remporte" in played.out and "hypothèque" in played.out
    assert "Super Tax : £100" in played.out and "(case Départ)" in played.out and "£" in csv.out
    text = played.out + summary.out + csv.out
    for name in sorted({s.name for s in loader.load("uk").squares}, key=len, reverse=True):
        text = text.replace(name, "·")  # the London board's names, as printed
    assert _english_in(text) == [], [x for x in text.splitlines() if _english_in(x)][:10]


def test_console_errors_speak_the_tables_words(french_game, tmp_path):
    """A usage line names the command as a French banker types it; help and a misspelt name point to French words."""
    game, _ = french_game
    moves = tmp_path / "erreurs.moves"
    moves.write_text("loyer Ben\nimpôt revenu\nachte Ana Boardwalk\nAnna paie 5\n", encoding="utf-8")
    r = run("--lang", "fr", "play", str(moves), game=game)
    said = r.out + r.err
    assert "erreurs.moves:1 : argument 'PROPRIÉTÉ' manquant — usage : loyer PAYEUR PROPRIÉTÉ" in said
    assert "usage : impôt revenu JOUEUR" in said
    assert "commande inconnue : « achte » (vouliez-vous dire achète ?) ; `aide` les liste" in said
    assert "(comme dans paie Ana banque 50)" in said
    assert _english_in(said) == [], said


def test_the_help_lists_commands_by_name_not_as_arguments():
    """`card` and `deed` are commands: the listing names them as typed (they were shown as CARTE and PROPRIÉTÉ)."""
    out = run("--lang", "fr", "--help").out
    assert "\n  carte " in out and "\n  titre " in out and "CARTE " not in out and "\n  PROPRIÉTÉ" not in out


def test_a_french_question_gets_a_french_answer():
    r = run("ask", "combien coûte le loyer avec un hôtel ?", "-r", "us-classic")
    assert r.code == 0 and "rent.houses — Le loyer avec maisons et hôtels" in r.out
    assert _english_in(r.out.split("—", 1)[1]) == [], r.out


def test_a_live_auction_is_run_in_french_words(tmp_path):
    """The auction desk reads the French table's words: `annule` takes back a bid, `offres` lists them, `adjugé` sells."""
    game = tmp_path / "enchere.sqlite"
    assert run("--lang", "fr", "new", "Ana", "Ben", "Cy", "--turns", game=game).code == 0
    moves = tmp_path / "enchere.moves"
    moves.write_text("lance 1 2\nenchère Baltic Avenue\nAna 60\nBen 70\nannule\noffres\nadjugé\n", encoding="utf-8")
    r = run("--lang", "fr", "play", str(moves), game=game)
    assert r.code == 0, r.out + r.err
    assert "puis `adjugé` (`annule` reprend une offre, `stop` arrête tout)" in r.out
    assert "offre retirée : Ben $70" in r.out and "Ana remporte Baltic Avenue aux enchères pour $60" in r.out
    assert _english_in(r.out + r.err) == [], r.out


def test_de_and_que_elide_before_a_name_that_starts_with_a_vowel_or_h():
    """French elision is language data (i18n.EUPHONY), as the Italian euphonic d: d'Élise, qu'Ana, de Ben."""
    from referee.words import i18n

    i18n.use("fr", force=True)
    turn = "this is {player}'s turn {turn} in jail: the fine is paid before throwing only on the first {turns}; now {player} throws, and pays after a throw without doubles"
    assert i18n.pgettext("refused.jail_fine_turns", turn).format(player="Élise", turn=2, turns=3).startswith("c'est le tour 2 d'Élise en prison")
    assert i18n.pgettext("refused.jail_fine_turns", turn).format(player="Ben", turn=2, turns=3).startswith("c'est le tour 2 de Ben en prison")
    assert i18n.Said("jusqu'à ce que {player} relance").format(player="Ana") == "jusqu'à ce qu'Ana relance"
    assert i18n.Said("De {who} à {other}").format(who="Hugo", other="Ana") == "D'Hugo à Ana"  # à never elides
    assert i18n.Said("un loyer de {amount}").format(amount="$25") == "un loyer de $25"
    assert i18n.Said("hérité de {ruleset}").format(ruleset="us-1950s") == "hérité de us-1950s"  # an id is no name
    assert i18n.Said("monde {who}").format(who="Ana") == "monde Ana"  # a word ending in de is not the preposition
    assert i18n.EUPHONY["fr"]["de"][0] == "d'"  # the page (app.js) joins a form ending in an apostrophe the same way


def test_a_french_script_names_the_bank_as_the_table_does_and_replays(tmp_path):
    """`log --moves` says the bank in the table's words (paie banque Cy 50), and the script plays back."""
    first, again = tmp_path / "une.sqlite", tmp_path / "deux.sqlite"
    moves = tmp_path / "coups.moves"
    moves.write_text("achète Ana Boardwalk\nencaisse Cy 50\npaie Ana banque 20\n", encoding="utf-8")
    assert run("--lang", "fr", "new", "Ana", "Cy", game=first).code == 0
    assert run("--lang", "fr", "play", str(moves), game=first).code == 0
    script = run("--lang", "fr", "log", "--moves", game=first).out
    assert "paie banque Cy 50" in script and "paie Ana banque 20" in script and " bank " not in script, script
    (tmp_path / "script.moves").write_text(script, encoding="utf-8")
    assert run("--lang", "fr", "new", "Ana", "Cy", game=again).code == 0
    assert run("--lang", "fr", "play", str(tmp_path / "script.moves"), game=again).code == 0
    assert run("--lang", "fr", "log", "--moves", game=again).out == script
