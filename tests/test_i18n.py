"""The table's language: catalogs complete and compiled, the choice of language, and the console's words."""

from __future__ import annotations

import functools
import gettext
import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from conftest import ROOT, run

from referee.words import i18n

LOCALE = ROOT / "referee" / "locale"
LANGS = i18n.LANGUAGES[1:]  # every catalog shipped in referee/locale/ (es, fr, it): a new language is checked as it lands
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}


@pytest.fixture(autouse=True)
def _english_after(monkeypatch):
    for var in ("REFEREE_LANG", "LANGUAGE", "LANG", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    yield
    i18n.reset()


def _po(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "referee.po", "rb") as f:
        return read_po(f, locale=lang)


def _key(msg_id, context) -> tuple:
    return (context, msg_id if isinstance(msg_id, str) else tuple(msg_id))


@functools.lru_cache(maxsize=1)
def _code_strings() -> frozenset[tuple]:
    """Every string the code marks for translation (what `pybabel extract` finds): read once per process."""
    found = set()
    method_map = [("referee/words/templates.py", "referee.words.i18n_extract:extract_messages"), ("referee/**.py", "python"),
                  ("rulesets/*.yaml", "referee.words.i18n_extract:extract_ruleset"), ("rulesets/*/*.yaml", "referee.words.i18n_extract:extract_ruleset")]
    for _file, _line, msg, _comments, context in extract_from_dir(str(ROOT), method_map, keywords=KEYWORDS):
        found.add(_key(msg, context))
    return frozenset(found)


@pytest.mark.parametrize("lang", LANGS)
def test_every_marked_string_has_its_translation(lang):
    catalog = {_key(m.id, m.context): m for m in _po(lang) if m.id}
    missing, untranslated = [], []
    for key in sorted(_code_strings(), key=str):
        m = catalog.get(key)
        if m is None:
            missing.append(key)
        elif m.fuzzy or not (m.string if isinstance(m.string, str) else all(m.string)):
            untranslated.append(key)
    assert not missing, f"{lang}: not in the catalog (run python scripts/catalogs.py): {missing[:10]}"
    assert not untranslated, f"{lang}: no translation yet: {untranslated[:10]}"


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)[^{}]*\}", text))


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_their_placeholders(lang):
    for m in _po(lang):
        if not m.id or not m.string:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        want = set().union(*(_fields(i) for i in ids))
        for s in strings:
            assert _fields(s) <= want and (_fields(s) == want or len(ids) > 1), f"{lang}: {m.id!r} → {s!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalogs_match_their_sources(lang):
    """The committed .mo is what `python scripts/catalogs.py --compile` makes of the .po."""
    buf = io.BytesIO()
    write_mo(buf, _po(lang))
    fresh = gettext.GNUTranslations(io.BytesIO(buf.getvalue()))
    with open(LOCALE / lang / "LC_MESSAGES" / "referee.mo", "rb") as f:
        committed = gettext.GNUTranslations(f)
    assert _sans_tool(committed._catalog) == _sans_tool(fresh._catalog), f"referee/locale/{lang}/LC_MESSAGES/referee.mo is stale: python scripts/catalogs.py --compile"  # type: ignore[attr-defined]


def _sans_tool(catalog: dict) -> dict:
    """The catalog without the header's Generated-By line: a newer Babel is not a stale translation."""
    header = "\n".join(x for x in catalog.get("", "").split("\n") if not x.startswith("Generated-By:"))
    return {**catalog, "": header}


def test_plural_forms():
    i18n.use("es")
    assert i18n.ngettext("{n} house", "{n} houses", 1).format(n=1) == "1 casa"
    assert i18n.ngettext("{n} house", "{n} houses", 3).format(n=3) == "3 casas"
    i18n.use("it")
    assert i18n.ngettext("{n} hotel", "{n} hotels", 2).format(n=2) == "2 alberghi"
    assert i18n.number(1234567) == "1.234.567"
    i18n.use("en")
    assert i18n.number(1234567) == "1,234,567"


# ---------------------------------------------------------------- which language
def test_the_choice_of_language(tmp_path, monkeypatch):
    assert i18n.reset() == "en"
    monkeypatch.setenv("LC_ALL", "it_IT.UTF-8")
    assert i18n.reset() == "it"
    assert i18n.offer_game("es") == "es"  # the game's language outranks the locale
    monkeypatch.setenv("REFEREE_LANG", "it")
    assert i18n.reset() == "it"
    assert i18n.offer_game("es") == "it"  # REFEREE_LANG outranks the game
    assert i18n.reset("es") == "es"  # --lang outranks REFEREE_LANG
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    monkeypatch.delenv("REFEREE_LANG")
    assert i18n.reset() == "en"  # a locale we do not speak: English
    r = run("--lang", "de", "rules", "list")
    assert r.code == 2 and "unknown language 'de'" in r.err


def test_an_edition_speaks_its_tables_language_without_a_flag(tmp_path):
    it = tmp_path / "it.sqlite"
    r = run("new", "Ana", "Ben", "--ruleset", "it-lire", game=it)
    assert r.code == 0 and "Nuova partita" in r.out
    assert "giocatore" in run("status", game=it).out
    es = tmp_path / "mx.sqlite"
    assert "Partida nueva" in run("new", "Ana", "Ben", "--ruleset", "mx-hasbro", game=es).out
    assert "jugador" in run("status", game=es).out
    us = tmp_path / "us.sqlite"
    assert "New game" in run("new", "Ana", "Ben", game=us).out
    assert "player" in run("status", game=us).out
    # --lang at `new` is recorded as the game's language; --lang later overrides it for one command
    it2 = tmp_path / "us-it.sqlite"
    assert "Nuova partita" in run("--lang", "it", "new", "Ana", "Ben", game=it2).out
    assert "giocatore" in run("status", game=it2).out
    assert "player" in run("--lang", "en", "status", game=it2).out


def test_help_and_usage_errors_in_the_games_language(tmp_path):
    g = tmp_path / "g.sqlite"
    run("new", "Ana", "Ben", "--ruleset", "latam-ciudades", game=g)
    r = run("--help", game=g)
    assert "Opciones" in r.out and "Empieza una partida" in r.out
    r = run("rent", game=g)
    assert r.code == 2 and "Falta el argumento" in r.err
    r = run("--lang", "it", "rnt", game=g)
    assert "Il comando 'rnt' non esiste" in r.err
    r = run("ask", "cárcel", "--limit", "0", game=g)  # Click's own range check, said in the table's language
    assert r.code == 2 and "no está en el intervalo 1<=x<=20" in r.err and "not in the range" not in r.err


def test_json_keeps_english_keys(tmp_path):
    g = tmp_path / "g.sqlite"
    run("new", "Ana", "Ben", "--ruleset", "it-lire", game=g)
    d = json.loads(run("status", "--json", game=g).out)
    assert {"ruleset", "players", "bank", "pot"} <= set(d)
    assert {"name", "cash", "deeds", "net_worth"} <= set(d["players"][0])


# ---------------------------------------------------------------- the console's words
def test_spanish_and_italian_command_words_in_the_console(tmp_path):
    from referee.cli.console import TableConsole
    from referee.cli.shorthand import words_of

    g = tmp_path / "g.sqlite"
    run("new", "Ana", "Ben", "--ruleset", "mx-hasbro", game=g)
    con = TableConsole(Path(g))
    assert con.expand(["compra", "Ana", "Avenida Oriental"])[0] == "buy"
    assert con.expand(["cárcel", "paga", "Ana"])[:2] == ["jail", "pay"]
    assert con.expand(["prigione", "carta", "Ana"])[:2] == ["jail", "card"]
    assert con.expand(["affitto", "Ben", "Avenida Oriental"])[0] == "rent"
    for word, cmd in {"hipoteca": "mortgage", "construye": "build", "renta": "rent", "alquiler": "rent",
                      "ipoteca": "mortgage", "costruisci": "build", "paga": "pay"}.items():
        assert con.expand([word, "Ana"])[0] == cmd
    assert "construye" in words_of("es") and "costruisci" not in words_of("es")
    assert "costruisci" in words_of("it") and "b" in words_of("it")


# ---------------------------------------------------------------- clauses in the table's language
def _defined() -> dict[str, dict[str, dict]]:
    """{ruleset file id: {clause id: clause}} as each shipped file states them; an overlay's wording for one
    edition only (`for: EDITION: clauses:`) under ID@EDITION."""
    import yaml

    from referee.ruleset.files import source_files

    out: dict[str, dict[str, dict]] = {}
    for f in source_files():
        data = yaml.safe_load(f.read_text(encoding="utf-8")) or {}
        if isinstance(data, dict) and data.get("id"):
            out[data["id"]] = {c["id"]: c for c in data.get("clauses") or [] if isinstance(c, dict) and "id" in c}
            for target, sub in (data.get("for") or {}).items():
                clauses = (sub or {}).get("clauses") or []
                if clauses:
                    out[f"{data['id']}@{target}"] = {c["id"]: c for c in clauses if isinstance(c, dict) and "id" in c}
    return out


def _figures(text: str) -> set[str]:
    return {re.sub(r"[.,]", "", n) for n in re.findall(r"\d[\d.,]*\d|\d", text)}


@pytest.mark.parametrize("lang", LANGS)
def test_clause_translations_name_real_clauses_and_keep_their_figures(lang):
    from referee.ruleset.clause_text import translations

    defined = _defined()
    tr = translations(lang)
    assert tr, f"rulesets/lang/{lang}.yaml is empty"
    for rid, clauses in tr.items():
        assert rid in defined, f"{lang}: no ruleset file '{rid}'"
        for cid, t in clauses.items():
            assert cid in defined[rid], f"{lang}: {rid} states no clause '{cid}'"
            assert t.get("title") and t.get("text"), f"{lang}: {rid} {cid} needs a title and a text"
            english = defined[rid][cid]
            assert _figures(english["text"]) <= _figures(t["text"]), f"{lang}: {rid} {cid} lost a figure of the English clause"


@pytest.mark.parametrize("lang", LANGS)
def test_each_rulesets_own_file_holds_only_that_ruleset(lang):
    """rulesets/lang/LANG/ID.yaml holds ID (and ID@EDITION) only, so its translator never edits another's file."""
    import yaml

    files = sorted((ROOT / "rulesets" / "lang" / lang).glob("*.yaml"))
    assert files, f"rulesets/lang/{lang}/ is empty"
    for f in files:
        keys = list(yaml.safe_load(f.read_text(encoding="utf-8")) or {})
        assert keys and all(k.split("@")[0] == f.stem for k in keys), f"{f.name} holds {keys}"


def test_an_overlays_wording_for_one_edition_is_translated_as_that_wording():
    """double-go restates its salary clause in lire for it-lire: an Italian table there reads lire, not dollars."""
    from referee.ruleset import loader
    from referee.ruleset.clause_text import words

    rs = loader.load("it-lire", [], ["double-go"])
    assert "40.000" in rs.clause("go.salary").text
    title, text = words(rs, "go.salary", "it")
    assert "L. 40.000" in text and "$" not in text
    assert "$400" in words(loader.load("us-classic", [], ["double-go"]), "go.salary", "it")[1]
    deal = words(loader.load("latam-ciudades", ["short-game"]), "setup.deal", "es")[1]
    assert "de a dos" in deal and deal != words(loader.load("us-classic", ["short-game"]), "setup.deal", "es")[1]
    r = run("--lang", "it", "rules", "show", "it-lire", "--house-rule", "double-go", "go.salary")
    assert r.code == 0 and "L. 40.000" in r.out and "regola della casa" in r.out


def _compositions() -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """Every shipped edition alone, and with each variant and house rule that applies to it."""
    from referee.ruleset.loader import catalog, fits

    cat = catalog()
    out = []
    for e in cat.ids("edition"):
        out.append((e, (), ()))
        for kind in ("variant", "house-rule"):
            for o in cat.ids(kind):
                if fits(cat, o, e):
                    out.append((e, (o,), ()) if kind == "variant" else (e, (), (o,)))
    return out


@pytest.mark.parametrize("lang", ["es", "it"])
def test_every_clause_of_every_shipped_composition_speaks_spanish_and_italian(lang):
    from referee.ruleset import loader
    from referee.ruleset.clause_text import lookup

    comps = _compositions()
    assert len(comps) > 40
    missing = set()
    for e, v, h in comps:
        rs = loader.load(e, v, h)
        missing |= {f"{e}+{'+'.join(v + h)}: {c.origin} {c.id}" for c in rs.clauses if not lookup(c.origin, c.id, lang, rs.edition)}
    assert not missing, f"{lang}: {len(missing)} clauses without a translation, e.g. {sorted(missing)[:10]}"


@pytest.mark.parametrize("edition, lang", [("mx-hasbro", "es"), ("latam-ciudades", "es"), ("it-lire", "it")])
def test_the_editions_of_spanish_and_italian_tables_state_every_clause_in_their_language(edition, lang):
    from referee.ruleset import loader
    from referee.ruleset.clause_text import lookup

    rs = loader.load(edition)
    missing = [f"{c.origin} {c.id}" for c in rs.clauses if not lookup(c.origin, c.id, lang)]
    assert not missing, f"{edition}: no {lang} text for {missing}"


@pytest.mark.parametrize("edition", ["us-classic", "us-2008", "uk"])
def test_a_french_table_of_the_us_and_uk_editions_reads_every_clause_in_french(edition):
    """The edition alone and with each variant and house rule that applies to it."""
    from referee.ruleset import loader
    from referee.ruleset.clause_text import lookup

    comps = [c for c in _compositions() if c[0] == edition]
    assert len(comps) > 5
    missing = set()
    for e, v, h in comps:
        rs = loader.load(e, v, h)
        missing |= {f"{e}+{'+'.join(v + h)}: {c.origin} {c.id}" for c in rs.clauses if not lookup(c.origin, c.id, "fr", rs.edition)}
    assert not missing, f"{edition}: no French text for {sorted(missing)[:10]}"


def test_rules_show_in_the_tables_language(tmp_path):
    r = run("--lang", "it", "rules", "show", "it-lire", "jail")
    assert r.code == 0 and "Uscire di prigione" in r.out and "it-lire jail.fine" in r.out
    r = run("--lang", "es", "rules", "show", "mx-hasbro", "mortgage")
    assert "Liberar una hipoteca" in r.out  # the leaflet (004) frees a mortgage
    assert "Lifting a mortgage" in run("rules", "show", "mx-hasbro", "mortgage").out


def test_a_question_is_answered_in_its_own_language():
    assert i18n.guess_language("¿puedo cobrar renta en la cárcel?") == "es"
    assert i18n.guess_language("posso riscuotere l'affitto in prigione?") == "it"
    assert i18n.guess_language("can I collect rent in jail?") == "en"
    r = run("ask", "--ruleset", "mx-hasbro", "¿puedo cobrar renta en la cárcel?")
    assert r.code == 0 and "Cobrar renta estando en la cárcel" in r.out
    r = run("ask", "--ruleset", "it-lire", "posso riscuotere l'affitto in prigione?")
    assert r.code == 0 and "Riscuotere affitti in prigione" in r.out
    r = run("--lang", "en", "ask", "--ruleset", "mx-hasbro", "¿puedo cobrar renta en la cárcel?")  # told otherwise
    assert r.code == 0 and "Collecting rent while in jail" in r.out


def test_the_clause_translations_are_shipped(tmp_path):
    """An installed referee reads every rulesets/lang file (pyproject's package data), the per-ruleset ones too."""
    import subprocess
    import sys

    site, egg = tmp_path / "site", tmp_path / "egg"
    egg.mkdir()
    # a fresh egg-info: the working tree's own lists every file it ever saw, which would hide a missing pattern
    p = subprocess.run([sys.executable, "-c", "import setuptools; setuptools.setup()", "-q", "egg_info", "-e", str(egg), "build_py", "-d", str(site)],
                       cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    lang = ROOT / "rulesets" / "lang"
    packaged = site / "referee" / "_data" / "rulesets" / "lang"
    assert sorted(x.relative_to(packaged) for x in packaged.rglob("*.yaml")) == sorted(x.relative_to(lang) for x in lang.rglob("*.yaml"))
    assert len(list(lang.glob("*/*.yaml"))) >= 27


def test_the_console_speaks_the_games_language(tmp_path, capsys):
    from referee.cli.console import TableConsole

    g = tmp_path / "g.sqlite"
    run("new", "Ana", "Ben", "--ruleset", "it-lire", game=g)
    con = TableConsole(Path(g))
    con.help([])
    shown = capsys.readouterr().out
    assert "Comandi" in shown and "costruisci" in shown and "Scorciatoie" in shown
    assert con.run_line('compra Ana "Vicolo Corto"') == 0
    assert "Ana compra Vicolo Corto per L. 6.000" in capsys.readouterr().out


@pytest.mark.parametrize("lang", [d.name for d in i18n.LOCALE_DIR.iterdir() if (d / "LC_MESSAGES" / "referee.mo").exists()])
def test_the_catalog_reader_agrees_with_the_standard_library(lang):
    """The on-demand .mo reader (i18n._Mo) gives what gettext.GNUTranslations gives, for every entry and plural."""
    import gettext

    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "referee.mo"
    ours, std = i18n._Mo(path.read_bytes()), gettext.GNUTranslations(path.open("rb"))
    assert len(std._catalog) > 100
    for key in std._catalog:
        msgid = key[0] if isinstance(key, tuple) else key
        if not msgid:
            continue
        ctx, _, m = msgid.rpartition("\x04")
        if isinstance(key, tuple):
            for n in (0, 1, 2, 5, 21):
                got = ours.npgettext(ctx, m, m + "·", n) if ctx else ours.ngettext(m, m + "·", n)
                want = std.npgettext(ctx, m, m + "·", n) if ctx else std.ngettext(m, m + "·", n)
                assert got == want, (key, n)
        else:
            assert (ours.pgettext(ctx, m) if ctx else ours.gettext(m)) == (std.pgettext(ctx, m) if ctx else std.gettext(m)), key
    assert ours.gettext("no such message, surely") == "no such message, surely"
