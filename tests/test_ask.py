"""`referee ask`: words to terms, the FTS5/BM25 index and its cache, the command, and accuracy."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest
from conftest import ROOT, run, run_proc

from referee.ruleset import clause_text, loader
from referee.search import store as sindex
from referee.search.text import Lexicon, fold, words

EDITIONS = ["us-1950s", "us-classic", "us-2008", "it-lire", "latam-ciudades", "mx-hasbro"]


def lex(**concepts):
    return Lexicon.from_data({"concepts": concepts, "stopwords": {"en": ["the", "a", "is", "i", "in"]},
                              "ignore": ["in which case"]})


@pytest.fixture
def fresh_catalog():
    loader._CATALOG = None
    yield
    loader._CATALOG = None


# ---------------------------------------------------------------- words and terms
def test_fold_drops_accents_and_joins_digit_groups():
    assert fold("Cárcel L. 5.000 y $1,500") == "carcel  currency 5000 y  currency 1500"
    assert words("l'ipoteca, ¿cuánto?") == ["l", "ipoteca", "cuanto"]


def test_longest_phrase_wins_and_emits_every_concept_listing_it():
    lx = lex(jail=["jail", "carcel*"], gotojail=["go to jail", "vaya a la carcel"], go=["pass go", "on go"],
             passing=["pass go", "pass*"])
    t = [(x.kind, x.value) for x in lx.query_terms("Vaya a la cárcel! Do I pass GO?")]
    assert t == [("concept", "gotojail"), ("word", "do"), ("concept", "go"), ("concept", "passing")]
    assert [x.value for x in lx.query_terms("carceles and jail")] == ["jail", "and"]  # prefix entry; a concept once


def test_two_equal_faces_told_as_a_throw_are_doubles():
    lx = sindex.load_lexicon()
    assert ("concept", "doubles") in [(x.kind, x.value) for x in lx.query_terms("primero 4 y 4, luego 6 e 6")]
    assert ("concept", "doubles") not in [(x.kind, x.value) for x in lx.query_terms("pago 4 y 5")]
    assert ("concept", "doubles") not in [(x.kind, x.value) for x in lx.query_terms("7 and 7 houses")]  # no die has 7


def test_stopwords_stray_letters_and_ignored_phrases_are_dropped():
    lx = lex(house=["house", "case"])
    assert [x.value for x in lx.query_terms("Is a house in which case l b 5")] == ["house", "5"]


def test_expand_keeps_content_words_and_appends_concept_words():
    lx = lex(jail=["jail"])
    assert lx.expand("The jail is full") == "jail full qqjailqq"


def test_a_bare_yaml_boolean_in_the_synonyms_is_refused():
    with pytest.raises(ValueError, match="quote it"):
        Lexicon.from_data({"stopwords": {"en": [True]}})
    with pytest.raises(ValueError, match="quote it"):
        Lexicon.from_data({"concepts": {"x": [False]}})


def test_shipped_synonyms_load_and_map_the_books_words():
    lx = sindex.load_lexicon()
    for a, b in [("cárcel", "jail"), ("prigione", "jail"), ("hipoteca", "mortgage"), ("ipoteca", "mortgage"),
                 ("alquiler", "rent"), ("affitto", "rent"), ("subasta", "auction"), ("albergo", "hotel"),
                 ("carcere", "jail"), ("prisión", "jail"), ("penalità", "fine"), ("padrone", "owner"), ("sorteo", "who starts"),
                 ("remortgage", "mortgage")]:
        assert [t.value for t in lx.query_terms(a)] == [t.value for t in lx.query_terms(b)], (a, b)


def test_square_names_read_as_their_kind_with_short_forms():
    spec = {"concepts": {"lot": "property", "railroad": "railroad"}, "suffixes": {"avenue": ["ave"], "railroad": ["rr"]},
            "prefixes": {"via": []}, "not_alone": ["states"]}
    squares = [("lot", ["Kentucky Avenue"]), ("lot", ["States Avenue"]), ("lot", ["Via Roma", "vr"]),
               ("lot", ["Pennsylvania Avenue"]), ("railroad", ["Pennsylvania Railroad"]), ("go", ["Via"])]
    lx = Lexicon.from_data({"concepts": {"go": ["via"]}, "stopwords": {"en": ["the", "on"]}, "board": spec}, squares)
    terms = lambda q: [(t.kind, t.value) for t in lx.query_terms(q)]  # noqa: E731
    assert terms("on Kentucky Ave") == terms("on Kentucky") == terms("Kentucky Avenue") == [("concept", "property")]
    assert terms("the rulebook states") == [("word", "rulebook"), ("word", "states")]  # a common word stands not alone
    assert terms("States Ave") == [("concept", "property")]
    assert terms("Via Roma") == [("concept", "property")] and terms("Via") == [("concept", "go")]  # the longest phrase
    assert terms("Pennsylvania") == [("word", "pennsylvania")]  # a street and a railroad: neither
    assert terms("Pennsylvania RR") == [("concept", "railroad")]
    assert terms("vr") == [("word", "vr")]  # the console's short alias is no phrase


def test_a_negated_concept_reads_as_its_negation_too():
    neg = {"concepts": {"buy": "decline"}, "words": ["not", "didn't", "no"], "skip": ["i", "m", "want", "to", "it", "la"]}
    lx = Lexicon.from_data({"concepts": {"buy": ["buy*", "compr*"]}, "negation": neg})
    values = lambda q: [t.value for t in lx.query_terms(q) if t.kind == "concept"]  # noqa: E731
    assert values("I'm not buying it") == ["buy", "decline"]
    assert values("he didn't want to buy it") == ["buy", "decline"]
    assert values("no la compró") == ["buy", "decline"]
    assert values("you can't buy it") == ["buy"]  # not allowed to is not declining
    assert values("not Ben buying it") == ["buy"]  # a word that matters stands between


def test_the_shipped_boards_street_names_are_streets_in_every_language():
    lx = sindex.load_lexicon()
    for q in ("Marvin Gardens", "Via Roma", "Parco della Vittoria", "Avenida Kentucky", "Old Kent Road", "Marylebone"):
        assert [t.kind for t in lx.query_terms(q)] == ["concept"], q
    assert "go" not in [t.value for t in lx.query_terms("sono finito su Via Verdi")]  # a street, not the Via! square


def test_the_shipped_negations_decline_and_miss_doubles():
    lx = sindex.load_lexicon()
    concepts = lambda q: {t.value for t in lx.query_terms(q) if t.kind == "concept"}  # noqa: E731
    assert "decline" in concepts("Sam said nah, I'm not buying it") and "decline" not in concepts("you can't buy it yet")
    for q in ("third turn in jail and no doubles again", "after three failed tries at doubles", "non ho fatto doppio"):
        assert "nodoubles" in concepts(q), q
    assert "nodoubles" not in concepts("rolled doubles three times in a row")
    assert "win" not in concepts("he won't buy it")


# ---------------------------------------------------------------- the index
def _docs():
    D = sindex.Doc
    cite = {"ruleset": "t", "clause": "", "file": "f.txt", "section": "S"}
    return [
        D("t", "jail.fine", "jail", "Paying the jail fine", "Pay $50 to leave jail.", ("fine", "multa"), dict(cite, clause="jail.fine")),
        D("t", "rent.lot", "rent", "Rent", "Pay the owner the rent on the deed.", ("rent",), dict(cite, clause="rent.lot")),
        D("t", "rent.in_jail", "rent", "Rent while in jail", "A jailed owner still collects rent.", (), dict(cite, clause="rent.in_jail")),
        D("u", "jail.fine", "jail", "Jail fine", "Pay L. 5.000.", (), dict(cite, ruleset="u", clause="jail.fine")),
    ] + [  # BM25 needs a corpus where the words above are rare
        D("t", f"other.{i}", "other", f"Other rule {i}", f"Something about {w}.", (), dict(cite, clause=f"other.{i}"))
        for i, w in enumerate("dice tokens cards auctions houses hotels trades loans taxes parking salary banker".split())
    ]


@pytest.fixture
def small():
    import sqlite3

    con = sqlite3.connect(":memory:")
    sindex.build(con, _docs(), lex(jail=["jail*", "carcel*"], fine=["fine", "multa"], rent=["rent", "alquiler"]), {})
    return sindex.Index(con)


def test_bm25_ranks_and_filters_by_ruleset(small):
    a = small.ask("¿la multa de la cárcel?", "t")
    assert [h.clause for h in a.hits][0] == "jail.fine"
    assert all(h.ruleset == "t" for h in a.hits)
    assert a.hits == sorted(a.hits, key=lambda h: -h.score)
    b = small.ask("alquiler en la cárcel", "t")
    assert b.hits[0].clause == "rent.in_jail"
    assert small.ask("jail fine", "u").hits[0].text == "Pay L. 5.000."


def test_nothing_matching_well_is_no_answer(small):
    a = small.ask("capital of France", "t")
    assert not a.found and a.hits == []
    assert not small.ask("the a is", "t").terms  # only stopwords: nothing to search


def test_cache_dir_follows_the_loaders_rule(monkeypatch, tmp_path):
    for env in ({"REFEREE_CACHE": str(tmp_path)}, {"REFEREE_CACHE": "off"}, {"XDG_CACHE_HOME": str(tmp_path)}, {}):
        for k in ("REFEREE_CACHE", "XDG_CACHE_HOME"):
            monkeypatch.delenv(k, raising=False)
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        assert sindex.cache_dir() == loader._cache_dir()


def test_game_path_follows_the_ledgers_rule(monkeypatch, tmp_path):
    from referee.cli.ask_cmd import game_path
    from referee.store.ledger import default_path

    monkeypatch.chdir(tmp_path)
    for env in (None, str(tmp_path / "g.sqlite")):
        if env:
            monkeypatch.setenv("REFEREE_GAME", env)
        else:
            monkeypatch.delenv("REFEREE_GAME", raising=False)
        for explicit in (None, "x.sqlite"):
            assert game_path(explicit) == default_path(explicit)


def test_index_is_cached_in_a_file_and_rebuilt_when_a_ruleset_changes(monkeypatch, tmp_path, fresh_catalog):
    d = tmp_path / "rs"
    d.mkdir()
    f = d / "my-table.yaml"
    clause = ("clauses:\n  - id: house.shout\n    topic: house\n    title: The {w} rule\n"
              "    text: \"Whoever lands on GO shouts {w}.\"\n    cite: {{file: house-rules, section: ours}}\n")
    f.write_text("id: my-table\nextends: us-classic\n" + clause.format(w="zorblax"))
    monkeypatch.setenv("REFEREE_RULESETS", str(d))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    idx = sindex.editions_index()
    files = list((tmp_path / "cache" / "ask").glob("editions-*.sqlite"))
    assert len(files) == 1
    assert idx.ask("what about the zorblax?", "my-table").hits[0].clause == "house.shout"
    before = files[0].stat().st_ino, files[0].stat().st_mtime_ns
    again = sindex.editions_index()  # nothing changed: the same file, not rebuilt
    assert (files[0].stat().st_ino, files[0].stat().st_mtime_ns) == before
    assert again.ask("zorblax", "my-table").found
    f.write_text("id: my-table\nextends: us-classic\n" + clause.format(w="quuxly"))
    os.utime(f, ns=(f.stat().st_atime_ns, f.stat().st_mtime_ns + 10_000_000))
    loader._CATALOG = None
    idx = sindex.editions_index()
    assert idx.ask("quuxly", "my-table").hits[0].clause == "house.shout"
    assert not idx.ask("zorblax", "my-table").found


def test_a_cached_index_written_by_other_code_is_built_anew(monkeypatch, tmp_path):
    import marshal
    import sqlite3

    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    sindex.editions_index()
    (f,) = (tmp_path / "cache" / "ask").glob("editions-*.sqlite")
    con = sqlite3.connect(f)
    con.execute("UPDATE meta SET value = ? WHERE key = 'lexicon'", (marshal.dumps((1, 2, 3, 4, 5, 6, 7)),))
    con.commit()
    con.close()
    assert sindex.editions_index().ask("jail fine", "us-classic").hits[0].clause == "jail.fine"


def test_a_failed_build_leaves_no_temporary_file(monkeypatch, tmp_path):
    def boom(*a, **k):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(sindex, "build", boom)
    with pytest.raises(RuntimeError):
        sindex._write(tmp_path / "ask" / "x.sqlite", [], lex(), {})
    assert list((tmp_path / "ask").iterdir()) == []


def test_no_cache_directory_still_answers(monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", "off")
    assert sindex.editions_index().ask("jail fine", "us-classic").hits[0].clause == "jail.fine"


# ---------------------------------------------------------------- the command
def test_ask_one_edition_prints_clause_text_and_citation():
    r = run("ask", "how much is the fine to get out of jail?", "--ruleset", "us-1950s")
    assert r.code == 0, r.text
    assert "jail.fine" in r.out and "$50" in r.out
    assert "Parker Brothers rules, 1950s (Spanish translation) § LA CARCEL" in r.out


def test_ask_in_spanish_and_italian_finds_the_same_clause():
    en = json.loads(run("ask", "can I collect rent while in jail", "-r", "it-lire", "--json").out)[0]["clause"]
    for q in ("posso riscuotere l'affitto in prigione?", "¿puedo cobrar el alquiler en la cárcel?"):
        r = run("ask", q, "-r", "it-lire", "--json")
        assert r.code == 0, r.text
        assert json.loads(r.out)[0]["clause"] == en


@pytest.mark.parametrize("question, clause", [
    ("combien coûte le loyer avec un hôtel ?", "rent.houses"),
    ("que se passe-t-il quand on fait trois doubles ?", "dice.three_doubles"),
    ("comment lever une hypothèque ?", "mortgage.lift"),
    ("peut-on toucher un loyer quand on est en prison ?", "rent.in_jail"),
    ("qui commence la partie ?", "setup.order"),
])
def test_a_french_question_is_answered_in_french(question, clause, table_language):
    """French is told from its own words (docs/glossary-fr.md) and answered with the French clause texts."""
    from referee.words.i18n import guess_language

    assert guess_language(question) == "fr"
    r = run("ask", question, "-r", "us-classic", "--json")
    assert r.code == 0, r.text
    best = json.loads(r.out)[0]
    assert best["clause"] == clause
    title, text = clause_text.cited_words(best["citation"], "", "", "fr")
    assert (best["title"], best["text"]) == (title, text) and title and text


def test_a_french_price_question_is_answered_from_the_board(table_language):
    r = run("ask", "combien coûte une maison sur Boardwalk ?", "-r", "us-classic")
    assert r.code == 0, r.text
    assert "$200 la maison (groupe Bleu foncé)" in r.out  # the group's French name, as the status shows it


def test_ask_json_shape_best_first():
    r = run("ask", "lift a mortgage", "--ruleset", "latam", "--json")  # an alias of latam-ciudades
    assert r.code == 0, r.text
    items = json.loads(r.out)
    assert items and {"ruleset", "clause", "text", "citation", "score"} <= set(items[0])
    assert items[0]["ruleset"] == "latam-ciudades" and items[0]["clause"] == "mortgage.lift"
    assert items[0]["citation"]["file"].startswith("003_")
    assert [i["score"] for i in items] == sorted((i["score"] for i in items), reverse=True)


def test_a_question_about_the_game_not_its_rules_is_no_answer_unless_the_rest_is_a_rule():
    idx = sindex.editions_index()
    # the off-topic phrase (history, shop, copies) leaves too little of a rule: no answer, not a guess
    for q in ("how many copies of this game have been sold?", "how much does a new board cost in the shop?",
              "¿quién inventó el juego?", "chi ha inventato il Monopoli e quando è uscito?"):
        rs = "it-lire" if q.startswith("chi") else "mx-hasbro" if q.startswith("¿") else "us-classic"
        assert not idx.ask(q, rs).hits, q
    # the same words around a real rules question do not hide it
    assert idx.ask("is the jail fine still 50 dollars in the app?", "us-classic").hits[0].clause == "jail.fine"
    lx = idx.lexicon
    assert [t.kind for t in lx.query_terms("who invented the jail")] == ["offtopic", "concept"]
    r = run("ask", "who invented this game?", "-r", "us-2008")  # says why, rather than "no words to search"
    assert r.code == 1 and "asks about the game itself" in r.out and "no words" not in r.out


def test_nothing_matches_says_so_suggests_rules_show_and_exits_1():
    r = run("ask", "what is the capital of France?", "-r", "us-2008")
    assert r.code == 1
    assert "No clause of us-2008 answers" in r.out
    assert "referee rules show us-2008 TOPIC" in r.out and "jail" in r.out
    r = run("ask", "what is the capital of France?", "-r", "us-2008", "--json")
    assert r.code == 1 and json.loads(r.out) == []


def test_all_editions_table_and_disagreement():
    r = run("ask", "how much is the luxury tax?", "--all-editions")
    assert r.code == 0, r.text
    for e in EDITIONS:
        assert e in r.out
    assert "disagree" in r.out and "L. 10.000" in r.out and "$100" in r.out
    items = json.loads(run("ask", "how much is the luxury tax?", "--all-editions", "--json").out)
    assert {i["ruleset"] for i in items} == set(loader.catalog().ids("edition"))  # every shipped edition
    odd = {i["ruleset"] for i in items if not i["agrees"]}
    assert "it-lire" in odd and "us-1950s" not in odd
    same = {i["ruleset"]: i["text_group"] for i in items}
    assert same["us-classic"] == same["us-1950s"]  # us-classic inherits the 1950s wording


def test_bad_input_is_one_line_exit_2():
    for args in (["ask", " "], ["ask", "rent", "--ruleset", "narnia"], ["ask", "rent", "-a", "-r", "us-1950s"]):
        r = run(*args)
        assert r.code == 2, (args, r.text)
        assert "Traceback" not in r.text
    assert "unknown ruleset 'narnia'" in run("ask", "rent", "--ruleset", "narnia").err


# ---------------------------------------------------------------- variants and house rules
def test_a_variant_question_is_answered_from_the_variant_labelled():
    r = run("ask", "how does the short game end?", "--ruleset", "us-classic")
    assert r.code == 0, r.text
    assert "1. short-game: end.game" in r.out and "second bankruptcy" in r.out
    items = json.loads(run("ask", "how does the short game end?", "-r", "us-classic", "--json").out)
    assert (items[0]["layer"], items[0]["clause"]) == ("short-game", "end.game")
    assert items[0]["citation"]["ruleset"] == "us-classic+short-game"


def test_the_editions_own_answer_comes_before_a_variants_it_does_not_name():
    items = json.loads(run("ask", "how many houses do I need before a hotel?", "-r", "us-classic", "--json").out)
    assert (items[0]["layer"], items[0]["clause"]) == (None, "building.hotel")
    named = json.loads(run("ask", "in the short game how many houses before a hotel?", "-r", "us-classic", "--json").out)
    assert (named[0]["layer"], named[0]["clause"]) == ("short-game", "building.hotel")


def test_naming_a_variant_in_ruleset_answers_from_it():
    r = run("ask", "how many houses do I need before a hotel?", "--ruleset", "short-game", "--json")
    assert r.code == 0, r.text
    first = json.loads(r.out)[0]
    assert (first["layer"], first["clause"], first["ruleset"]) == ("short-game", "building.hotel", "us-classic+short-game")
    r = run("ask", "what is the capital of France?", "--ruleset", "short-game")
    assert r.code == 1 and "referee rules show us-classic TOPIC" in r.out


def test_all_editions_compares_the_editions_own_clauses():
    items = json.loads(run("ask", "how does the game end?", "--all-editions", "--json").out)
    assert items and all(i["layer"] is None for i in items)


# ---------------------------------------------------------------- how players ask (rulesets/asks)
def test_every_question_form_names_a_known_clause():
    asks = sindex.load_asks()  # raises on an unknown key
    assert len(asks.forms) >= 80 and {"short-game", "time-limit"} <= set(asks.names)
    for key, forms in asks.forms.items():
        assert forms, key


def test_an_unknown_clause_in_the_question_forms_is_an_error_with_its_line(monkeypatch, tmp_path, fresh_catalog):
    from referee.errors import InputError

    (tmp_path / "asks").mkdir()
    (tmp_path / "asks" / "mine.yaml").write_text("jail.fine:\n  en: [bail]\njail.finne:\n  en: [bail money]\n")
    monkeypatch.setenv("REFEREE_RULESETS", str(tmp_path))
    with pytest.raises(InputError, match=r"mine.yaml:3: 'jail.finne' is no clause"):
        sindex.load_asks()
    (tmp_path / "asks" / "mine.yaml").write_text("short-game:jail.fine:\n  en: [bail]\n")
    with pytest.raises(InputError, match="short-game has no clause 'jail.fine'"):
        sindex.load_asks()


def test_inside_a_game_the_games_ruleset_answers(game):
    assert run("new", "--ruleset", "it-lire", "Ana", "Ben", game=game).code == 0
    r = run("ask", "how much is the jail fine?", game=game)
    assert r.code == 0, r.text
    assert r.out.startswith("it-lire") and "L. 5.000" in r.out
    assert run("ask", "jail fine", "-r", "us-1950s", game=game).out.startswith("us-1950s")  # --ruleset wins


def test_a_named_game_file_that_does_not_exist_is_an_error(tmp_path):
    r = run("ask", "jail fine", game=tmp_path / "nope.sqlite")
    assert r.code == 2 and "no game at" in r.err


def test_a_game_with_a_variant_gets_its_own_index(game, tmp_path):
    assert run("new", "--ruleset", "us-classic", "--variant", "short-game", "Ana", "Ben", game=game).code == 0
    items = json.loads(run("ask", "how many houses for a hotel", "--json", game=game).out)
    assert items[0]["ruleset"] == "us-classic+short-game"
    assert list(Path(os.environ["REFEREE_CACHE"], "ask").glob("ruleset-*.sqlite"))


def test_the_installed_command_answers():
    p = run_proc("ask", "do I get paid when I pass go?", "-r", "us-classic", "--json",
                 env=dict(os.environ, PYTHONIOENCODING="utf-8"), cwd=ROOT / "tests")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)[0]["clause"] == "go.salary"


# ---------------------------------------------------------------- accuracy on the evaluation set
def _eval_module():
    spec = importlib.util.spec_from_file_location("ask_eval", ROOT / "bench" / "ask_eval.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_evaluation_set_is_big_sourced_spread_and_split_once():
    ev = _eval_module()
    dev, test = ev.load_eval(ev.FILES["dev"]), ev.load_eval(ev.FILES["test"])
    qs = dev["questions"] + test["questions"]
    none = dev["none"] + test["none"]
    assert len(qs) + len(none) >= 250
    langs = {lang: [q for q in qs if q["lang"] == lang] for lang in ("en", "es", "it")}
    assert len(langs["es"]) >= 60 and len(langs["it"]) >= 40 and len(langs["en"]) >= 100
    assert {q["lang"] for q in none} == {"en", "es", "it"}
    for half in (dev, test):
        for q in half["questions"] + half["none"]:
            assert q["src"] in half["sources"], q
    assert not {(q["ruleset"], q["q"]) for q in dev["questions"]} & {(q["ruleset"], q["q"]) for q in test["questions"]}
    for lang, items in langs.items():  # stratified: the test half holds about half of each language's split questions
        in_test = sum(1 for q in test["questions"] if q["lang"] == lang)
        assert in_test >= 0.4 * len(items), lang
    topics = {a.split(":")[-1].split(".")[0] for q in qs for a in q["answers"]}
    assert {"setup", "go", "dice", "buy", "auction", "rent", "tax", "jail", "free_parking", "building", "mortgage",
            "trade", "loans", "bankruptcy", "end"} <= topics
    assert any(":" in a for q in qs for a in q["answers"])  # variant questions


# Issue 14's targets on the test half: top-1 >= 85 % and top-3 >= 95 % in each language (bench/ask_eval.py --final).
# Met since session 8 (scored at its end: en 85.9-87.5/95.3, es 94.7/100, it 96.2/96.2 %); so this test is the
# issue's own: it fails when any language falls below a target. Its history (docs/ask.md): session 7 and 6 en
# 85.9/95.3, es 92.1/100, it 88.5/88.5 %; session 5 en 84.4-87.5/95.3, es 89.5-94.7/100, it 88.5/88.5 %; session 4
# en 82.8/95.3, es 94.7/100, it 88.5/88.5 %; session 3 en 84.4/96.9, es 89.5/97.4, it 80.8/92.3 %. The test half
# was never read: only its aggregate figures were scored, once a session.
TEST_FLOOR = {"en": (0.85, 0.95), "es": (0.85, 0.95), "it": (0.85, 0.95)}


def _holds_floor(split: str, floor: dict, none_ok: float = 0.0) -> None:
    """Each language's top-1 and top-3 on `split` at least its floor; unanswerable questions left so at least `none_ok`."""
    ev = _eval_module()
    rep = ev.evaluate(data=ev.load_eval(ev.FILES[split]))
    assert not rep.unknown, "labelled clauses missing from the rulesets: " + "; ".join(rep.unknown)
    for lang in ev.LANGS:
        rows = rep.lang(lang)
        top1, top3 = floor[lang]
        assert rep.top(1, rows) >= top1, f"{lang} top-1 {rep.top(1, rows):.1%}"
        assert rep.top(3, rows) >= top3, f"{lang} top-3 {rep.top(3, rows):.1%}"
    assert rep.none_ok >= none_ok, "unanswerable questions answered"


def test_accuracy_on_the_test_half_holds_its_floor():
    _holds_floor("test", TEST_FLOOR, none_ok=0.6)


# holdout2: a second holdout, written fresh before the coverage pass of the question forms and scored only in
# aggregate through that pass (en 50.0/86.4, es 61.9/76.2, it 86.4/95.5 % before; docs/ask.md). Since holdout3
# took over as the gauge (session 3) it is a tuning set like dev; its floor is what it stands at now.
HOLDOUT2_FLOOR = {"en": (0.86, 0.99), "es": (0.85, 0.99), "it": (0.99, 0.99)}


def test_holdout2_is_sourced_labelled_and_apart_from_the_split():
    ev = _eval_module()
    h2 = ev.load_eval(ev.FILES["holdout2"])
    assert len(h2["questions"]) >= 60 and {q["lang"] for q in h2["questions"]} == {"en", "es", "it"}
    for q in h2["questions"] + h2["none"]:
        assert q["src"] in h2["sources"] and h2["sources"][q["src"]]["url"].startswith("http"), q
    seen = set()
    for split in ("dev", "test", "legacy"):
        data = ev.load_eval(ev.FILES[split])
        seen |= {(q["ruleset"], q["q"]) for q in data["questions"] + data["none"]}
    assert not seen & {(q["ruleset"], q["q"]) for q in h2["questions"] + h2["none"]}


def test_accuracy_on_holdout2_holds_its_floor():
    _holds_floor("holdout2", HOLDOUT2_FLOOR)


# holdout3: a third holdout written blind from pages no other file cites, scored in aggregate only (session 3:
# en 76.5/92.2, es 87.1/90.3, it 65.5/89.7 % before any change of that session; then as below). Its floor is
# where the shipped method stands, so a change that loses ground on it fails. Raise it with the method.
HOLDOUT3_FLOOR = {"en": (0.94, 0.99), "es": (0.90, 0.93), "it": (0.86, 0.96)}


def test_accuracy_on_holdout3_holds_its_floor():
    _holds_floor("holdout3", HOLDOUT3_FLOOR, none_ok=0.5)


def test_holdout3_loads_and_every_label_names_a_clause_of_its_edition():
    ev = _eval_module()
    h3 = ev.load_eval(ev.FILES["holdout3"])
    assert not ev.unknown_labels(h3, ev.known_clauses(sindex.editions_index()))
    assert all(q["src"] in h3["sources"] for q in h3["questions"] + h3["none"])


# holdout4: a fourth holdout written blind in session 4 from pages no other file cites (before that session's forms:
# en 73.3/93.3, es 82.9/91.4, it 77.8/91.1 %), scored in aggregate only; its floor is where the shipped method stands.
HOLDOUT4_FLOOR = {"en": (0.82, 0.95), "es": (0.91, 0.97), "it": (0.91, 0.99)}


def test_accuracy_on_holdout4_holds_its_floor():
    _holds_floor("holdout4", HOLDOUT4_FLOOR)


# holdout5: a fifth holdout written blind in session 5 from 42 pages no other file cites, first scored with the BM25
# ranking of session 4 (en 73.6/86.8, es 87.2/92.3, it 76.3/94.7 %) and the ranker; aggregate only. Its floor is
# where the shipped method stands.
HOLDOUT5_FLOOR = {"en": (0.77, 0.90), "es": (0.92, 0.97), "it": (0.94, 0.97)}


def test_accuracy_on_holdout5_holds_its_floor():
    _holds_floor("holdout5", HOLDOUT5_FLOOR, none_ok=0.6)


# diag7: written blind in session 5 as holdout6 and scored once as it came (the session-4 ranking 65.3/88.1 %, the
# ranker 74.6/93.2 %), then read like diag5 and diag6; its floor is where it stands now.
# Session 7 lowered its Italian top-1 by one question (91.7 -> 88.9 %) and holdout2's Spanish by one (90.5 -> 85.7 %):
# the Italian and Spanish ways of saying "build the hotel" (fare l'albergo) and "during another player's turn"
# (mentre tocca a un altro) won two fresh questions of diag8 and moved these two to second place.
DIAG7_FLOOR = {"en": (0.72, 0.95), "es": (0.85, 0.99), "it": (0.88, 0.99)}


def test_accuracy_on_diag7_holds_its_floor():
    _holds_floor("diag7", DIAG7_FLOOR, none_ok=0.6)


# Session 7's blind sets, each split mechanically in two before anything was scored (docs/ask.md): a gauge
# (holdoutN, aggregate only) and a half that was read (diagN). Floors per language, (top-1, top-3); a language the
# set does not ask in has none. As they came:
# - holdout6 / diag8, Italian and Spanish pages and books: es 94.1/100, it 93.3/96.7 % / es 93.8/100, it 90.0/96.7 %;
# - diag9 / diag10, the lire book and Italian pages: it 83.3/94.4 % / it 64.9/81.1 % (diag10 kept blind as holdout7
#   and scored twice in aggregate, before and after diag9's words, then read);
# - holdout8, the lire book paragraph by paragraph: it 89.6/96.1 % with session 6's words, 90.9/97.4 % with session 7's;
# - holdout9 / diag11, players' disputes: es 88.2/94.1, it 96.9/100 % / es 87.5/100, it 96.9/100 %;
# - holdout10 / diag12, English players' questions: en 88.9/93.3 % / en 86.7/95.6 %.
_NONE = (0.0, 0.0)
SESSION7_FLOORS = {
    "holdout6": ({"en": _NONE, "es": (0.94, 0.99), "it": (0.93, 0.96)}, 0.5),
    "diag8": ({"en": _NONE, "es": (0.93, 0.99), "it": (0.96, 0.99)}, 0.5),
    "diag9": ({"en": _NONE, "es": _NONE, "it": (0.86, 0.97)}, 1.0),
    "diag10": ({"en": _NONE, "es": _NONE, "it": (0.72, 0.91)}, 0.6),
    "holdout8": ({"en": _NONE, "es": _NONE, "it": (0.90, 0.97)}, 0.6),
    "holdout9": ({"en": _NONE, "es": (0.88, 0.94), "it": (0.96, 0.99)}, 0.5),
    "diag11": ({"en": _NONE, "es": (0.87, 0.99), "it": (0.96, 0.99)}, 1.0),
    "holdout10": ({"en": (0.88, 0.93), "es": _NONE, "it": _NONE}, 0.6),
    "diag12": ({"en": (0.86, 0.95), "es": _NONE, "it": _NONE}, 0.6),
}


@pytest.mark.parametrize("split", sorted(SESSION7_FLOORS))
def test_accuracy_on_session7s_sets_holds_its_floor(split):
    floor, none_ok = SESSION7_FLOORS[split]
    _holds_floor(split, floor, none_ok=none_ok)


# session 8's blind sets (terse, board-square, children's, mid-turn and story questions), as scored at the end of the session
SESSION8_FLOORS = {
    "holdout11": ({"en": _NONE, "es": (0.87, 0.87), "it": (0.86, 0.89)}, 0.5),
    "diag13": ({"en": _NONE, "es": (0.92, 0.99), "it": (0.90, 0.93)}, 0.75),
    "holdout12": ({"en": (0.90, 0.99), "es": (0.90, 0.99), "it": (0.97, 0.99)}, 0.5),
    "diag14": ({"en": (0.90, 0.90), "es": (0.99, 0.99), "it": (0.88, 0.97)}, 0.5),
}


@pytest.mark.parametrize("split", sorted(SESSION8_FLOORS))
def test_accuracy_on_session8s_sets_holds_its_floor(split):
    floor, none_ok = SESSION8_FLOORS[split]
    _holds_floor(split, floor, none_ok=none_ok)


@pytest.mark.parametrize("split, other", [("holdout11", "diag13"), ("diag13", "holdout11"), ("holdout12", "diag14"),
                                          ("diag14", "holdout12"), ("holdout6", "diag8"), ("diag8", "holdout6"), ("diag9", "diag10"), ("diag10", "diag9"),
                                          ("holdout8", "diag10"), ("holdout9", "diag11"), ("diag11", "holdout9"),
                                          ("holdout10", "diag12"), ("diag12", "holdout10")])
def test_the_session7_halves_load_are_apart_and_every_label_names_a_clause(split, other):
    ev = _eval_module()
    data = ev.load_eval(ev.FILES[split])
    other = ev.load_eval(ev.FILES[other])
    assert len(data["questions"]) >= 35 and {q["lang"] for q in data["questions"]} & {"it", "en"}
    assert not {q["q"] for q in data["questions"]} & {q["q"] for q in other["questions"]}
    assert not ev.unknown_labels(data, ev.known_clauses(sindex.editions_index()))
    assert all(q["src"] in data["sources"] for q in data["questions"] + data["none"])


@pytest.mark.parametrize("split", ["holdout4", "diag5", "diag6", "holdout5", "diag7"])
def test_the_later_sets_load_and_every_label_names_a_clause_of_its_edition(split):
    ev = _eval_module()
    data = ev.load_eval(ev.FILES[split])
    assert len(data["questions"]) >= 110 and {q["lang"] for q in data["questions"]} == {"en", "es", "it"}
    assert not ev.unknown_labels(data, ev.known_clauses(sindex.editions_index()))
    assert all(q["src"] in data["sources"] for q in data["questions"] + data["none"])


# diag5: written blind in session 4, scored once (en 81.8/94.5, es 76.2/83.3, it 71.7/90.6 %), then a tuning set
# whose misses were read to find what fresh questions miss; its floor is where it stands now.
DIAG5_FLOOR = {"en": (0.89, 0.99), "es": (0.92, 0.99), "it": (0.98, 0.99)}


def test_accuracy_on_diag5_holds_its_floor():
    _holds_floor("diag5", DIAG5_FLOOR, none_ok=1.0)


# diag6: the same kind of set, written blind at the end of session 4 and scored once (en 78.1/93.8, es 95.0/100,
# it 87.0/96.3 %), then read; its floor is where it stands now.
DIAG6_FLOOR = {"en": (0.93, 0.98), "es": (0.99, 0.99), "it": (0.94, 0.99)}


def test_accuracy_on_diag6_holds_its_floor():
    _holds_floor("diag6", DIAG6_FLOOR, none_ok=0.75)


def test_accuracy_on_the_dev_half_meets_the_targets():
    ev = _eval_module()
    rep = ev.evaluate(data=ev.load_eval(ev.FILES["dev"]))
    assert rep.meets("dev"), {lang: (rep.top(1, rep.lang(lang)), rep.top(3, rep.lang(lang))) for lang in ev.LANGS}


def test_accuracy_on_the_legacy_set_does_not_regress():
    ev = _eval_module()
    rep = ev.evaluate(data=ev.load_eval(ev.FILES["legacy"]))
    assert not rep.unknown, "labelled clauses missing from the rulesets: " + "; ".join(rep.unknown)
    assert rep.top(1) >= 0.85 and rep.top(3) >= 0.95, (rep.top(1), rep.top(3))


# ---------------------------------------------------------------- the source audit (rulesets/audit)
def test_every_rule_paragraph_of_every_seed_is_cited_by_a_clause_of_each_edition_built_from_it():
    from referee.search import audit

    audits = audit.load()
    assert {a["seed"][:3] for a in audits} == {"000", "001", "002", "003", "004"}
    assert audit.check(audits) == []


def test_a_rule_paragraph_no_clause_cites_fails_the_audit():
    from referee.search import audit

    audits = audit.load()
    rule = next(r for r in audits[0]["paragraphs"] if r.get("clauses"))
    rule["clauses"] = ["jail.fine_that_is_not"]
    audits[0]["paragraphs"][1] = dict(audits[0]["paragraphs"][1], clauses=None, not_a_rule=None)
    problems = audit.check(audits)
    assert any("states a rule that no clause of us-1950s" in p and f"¶{rule['n']}" in p for p in problems), problems
    assert any("give either clauses or not_a_rule" in p for p in problems), problems


def test_docs_sources_md_is_rendered_from_the_audit():
    from referee.search import audit

    assert (ROOT / "docs" / "sources.md").read_text(encoding="utf-8") == audit.render() + "\n"


# ---------------------------------------------------------------- the ranker (referee/search/ranker.py)
def test_the_shipped_ranker_weighs_every_feature_the_index_computes():
    import json

    from referee.search.ranker import FEATURES, WEIGHTS

    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    assert data["features"] == list(FEATURES) and set(data["weights"]) == set(FEATURES)
    assert all(isinstance(w, float) and w == w for w in data["weights"].values())  # numbers, no NaN
    assert data["trained"]["questions"] > 6000  # fitted on the question forms and their pairs, not on a handful


def test_ask_reports_every_candidates_features_by_clause_key():
    from referee.search.ranker import FEATURES

    feats: dict = {}
    ans = sindex.editions_index().ask("can I collect rent while I'm in jail", "us-classic", 3, features=feats)
    assert not ans.hits and "rent.in_jail" in feats and len(feats) > 3
    assert all(set(f) == set(FEATURES) for f in feats.values())
    assert any(":" in k for k in feats)  # the variants' and house rules' clauses are candidates too (no-rent-in-jail)


def test_the_ranker_orders_what_bm25_finds():
    from referee.search import TUNING
    from referee.search.ranker import Ranker

    idx = sindex.editions_index()
    q = "can I collect rent while I'm in jail"
    plain = idx.ask(q, "us-classic", 3, TUNING.replace(ranker=None))
    assert len(plain.hits) >= 2
    # a ranker that only likes a low BM25 score puts last what BM25 puts first
    upside_down = idx.ask(q, "us-classic", 3, TUNING.replace(ranker=Ranker({"base_rel": -50.0})))
    assert plain.hits[0].key not in [h.key for h in upside_down.hits]
    assert [h.score for h in upside_down.hits] == sorted((h.score for h in upside_down.hits), reverse=True)
    assert sum(h.score for h in upside_down.hits) <= 100.0 + 1e-9  # scores are the ranker's shares, in %
    assert idx.ask(q, "us-classic", 3).hits[0].key == "rent.in_jail"


def test_a_ranker_with_no_weights_keeps_bm25s_order():
    from referee.search import TUNING
    from referee.search.ranker import Ranker

    idx = sindex.editions_index()
    for q in ("how much is the jail fine", "quanto costa un albergo", "cuánto se cobra al pasar por la salida"):
        rs = {"quanto costa un albergo": "it-lire", "cuánto se cobra al pasar por la salida": "latam-ciudades"}.get(q, "us-classic")
        plain = idx.ask(q, rs, 3, TUNING.replace(ranker=None))
        flat = idx.ask(q, rs, 3, TUNING.replace(ranker=Ranker({})))
        assert [h.key for h in flat.hits] == [h.key for h in plain.hits] and plain.hits


def test_the_naive_bayes_figure_prefers_the_clause_holding_every_word_of_the_question():
    idx = sindex.editions_index()
    q = "can I build a hotel on a mortgaged street"
    feats: dict = {}
    idx.ask(q, "us-classic", 3, features=feats)
    best = max(feats, key=lambda k: feats[k]["nb_rel"])
    assert feats[best]["nb_rel"] == 0.0 and all(f["nb_rel"] <= 0.0 for f in feats.values())
    # the two clauses about building on mortgaged land hold building, hotel and mortgage words; the jail's rights do not
    assert {best, sorted(feats, key=lambda k: -feats[k]["nb_rel"])[1]} == {"mortgage.buildings", "building.mortgaged"}
    assert feats["jail.rights"]["nb_rel"] < feats["building.mortgaged"]["nb_rel"]


def test_a_player_telling_the_house_rule_they_play_names_the_house_rules_not_the_variants():
    idx = sindex.editions_index()
    named = idx.named("our family rule: while you sit in jail your streets earn nothing")
    assert {"no-rent-in-jail", "double-go", "free-parking-jackpot"} <= named and "short-game" not in named
    assert idx.named("in the short version does the game end at the first bankruptcy?") >= {"short-game", "hasbro-short-game"}
    assert not idx.named("does the game end at the first bankruptcy?")


def test_an_unplayed_unnamed_house_rule_answers_after_the_editions_own_rule():
    idx = sindex.editions_index()
    plain = idx.ask("can I collect rent while I'm in jail?", "us-classic", 3)
    assert plain.hits[0].key == "rent.in_jail" and "no-rent-in-jail:rent.in_jail" in [h.key for h in plain.hits[1:]]
    told = idx.ask("our house rule is no rent in jail: can I collect rent while I'm in jail?", "us-classic", 3)
    assert told.hits[0].key == "no-rent-in-jail:rent.in_jail"
