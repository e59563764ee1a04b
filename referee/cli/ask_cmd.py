"""`referee ask "QUESTION"`: the clauses that answer a rules question, with citations.

Exit codes: 0 an answer was found; 1 nothing matches well (the command says
so and suggests `referee rules show RULESET TOPIC`); 2 bad input.
"""

# No `from __future__ import annotations` here: Typer would evaluate the options' annotation strings
# (a compile each) on every question; written plainly they are evaluated once, from the bytecode.
import os
from pathlib import Path
from typing import Annotated, Optional

import typer

from referee.words import i18n
from referee.words.i18n import N_, _

DEFAULT_EDITION = "us-classic"


def ask(
    question: Annotated[list[str], typer.Argument(help=N_("The question, in plain words (English, Spanish or Italian)."), show_default=False, metavar="QUESTION")],
    ruleset: Annotated[Optional[str], typer.Option("--ruleset", "-r", help=N_("Edition, variant or house rule to ask (default: the game's, else us-classic)."))] = None,
    all_editions: Annotated[bool, typer.Option("--all-editions", "-a", help=N_("How every shipped edition answers, side by side."))] = False,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, max=20, help=N_("At most this many clauses."))] = 3,
    as_json: Annotated[bool, typer.Option("--json", help=N_('Ranked answers, best first: [{"ruleset", "clause", "layer", "text", "citation", "score"}] (score: the ranker\'s share, in %).'))] = False,
    game: Annotated[Optional[str], typer.Option("--game", "-g", help=N_("Game file whose ruleset to ask (default: $REFEREE_GAME or ./referee-game.sqlite, when it exists)."))] = None,
) -> None:
    """Answer a rules question from the clauses of the ruleset, with the book's citation.

    Inside a game (a game file exists) the game's own ruleset answers, variants
    and house rules included. The variants and house rules the table does not
    play are searched too: their answers are labelled (short-game: end.game)
    and come after the edition's own unless the question names them. Exit 1
    when no clause matches well: then try `referee rules show RULESET TOPIC`.
    """
    import gc

    collecting = gc.isenabled()
    gc.disable()  # one question and the program ends: the cycle collector's passes (2 ms of ~100) would free nothing it needs
    try:
        _ask(question, ruleset, all_editions, limit, as_json, game)
    finally:
        if collecting:
            gc.enable()  # as it was (the tests run many commands in one process)


def _ask(question: list[str], ruleset: str | None, all_editions: bool, limit: int, as_json: bool, game: str | None) -> None:
    from referee.errors import InputError

    q = " ".join(question).strip()
    if not q or ruleset:  # a slip is said in the game's language, or the question's (no ledger opened for it)
        from referee.cli.context import STATE, game_language

        i18n.offer_game(game_language(game_path(game or STATE["game"])))
        i18n.speak_the_question(q)
    if not q:
        raise InputError(_("ask needs a question, e.g. referee ask \"can I collect rent in jail?\""))
    if all_editions:
        if ruleset:
            raise InputError(_("--all-editions asks every edition: leave out --ruleset"))
        _ask_all(q, as_json)
        return
    from referee import search

    shipped = search.editions_index()
    answer = _answer(shipped, q, ruleset, game, limit)
    i18n.speak_the_question(q)  # answered in the question's language unless --lang/REFEREE_LANG say otherwise
    fig = _figure(q, answer.ruleset, shipped, in_game=ruleset is None, game=game)  # after: a card is found by its words in that language too
    if as_json:
        import json

        print(json.dumps(([_figure_json(fig)] if fig else []) + [h.as_json(i18n.current()) for h in answer.hits], ensure_ascii=False, indent=1))
    else:
        _print_answer(answer, shipped, fig)
    if not answer.found and fig is None:
        raise typer.Exit(1)


def _figure(q: str, ruleset: str, shipped, in_game: bool = False, game: str | None = None):
    """The board's figure the question asks for (referee.search.figures), with the ruleset it is read from, or None.

    Inside a game (no --ruleset) the game's own board answers, with the values the table recorded (`referee deed`)."""
    from referee.search import figures

    board = ((shipped.meta.get("editions") or {}).get(ruleset.split("+")[0]) or {}).get("board_words")
    if not figures.asks_amount(q, board):  # no amount asked, or no deed named: no ruleset loaded
        return None
    from referee.errors import RefereeError
    from referee.ruleset import loader

    try:
        path = _game_file(game) if in_game else None
        if path is not None:
            from referee.store.ledger import Game

            rs = Game(path).ruleset()
        else:
            rs = loader.load(ruleset.split("+")[0])
        fig = figures.answer(q, rs.id, rs, shipped.meta.get("not_alone"))
    except RefereeError:
        return None
    return (fig, rs) if fig is not None else None


def _figure_line(fig) -> str:
    """'$2,000 (Boardwalk: rent with a hotel)', 'L. 20.000 a casa (gruppo Verde)', in the table's language."""
    f = {"amount": fig.shown, "deed": fig.deed or "", "group": i18n.data(fig.group or ""), "count": fig.amount, "n": fig.houses,
         "deck": i18n.data(fig.deck or ""), "card": i18n.data(fig.card or "")}
    if fig.what == "rent" and fig.houses is not None and fig.deed and fig.group is None:  # a railroad: by the number owned
        return i18n.ngettext("{amount} ({deed}: rent when its owner holds {n} railroad)",
                             "{amount} ({deed}: rent when its owner holds {n} railroads)", fig.houses).format(**f)
    if fig.what == "rent" and fig.houses == 5:
        return _("{amount} ({deed}: rent with a hotel)").format(**f)
    if fig.what == "rent" and fig.houses:
        return i18n.ngettext("{amount} ({deed}: rent with {n} house)", "{amount} ({deed}: rent with {n} houses)", fig.houses).format(**f)
    words = {"rent": N_("{amount} ({deed}: rent, no houses)"), "price": N_("{amount} ({deed}: price)"),
             "mortgage": N_("{amount} ({deed}: mortgage value)"), "house_cost": N_("{amount} a house ({group} group)"),
             "hotel_cost": N_("{amount} a hotel ({group} group)"), "stock_houses": N_("{count} houses in the box (the bank's stock)"),
             "stock_hotels": N_("{count} hotels in the box (the bank's stock)")}
    if fig.what == "card":
        return (_("{amount} ({deck}: “{card}”)") if fig.shown else _("{deck}: “{card}”")).format(**f)
    return _(words[fig.what]).format(**f)


def _as_owner(step):
    """An engine step about the table set up for the question, its owner called the owner in the table's words."""
    from referee.msg import Msg
    from referee.search.figures import OWNER

    if isinstance(step, Msg) and step.params.get("player") == OWNER:
        return Msg(step.id, {**step.params, "player": _("the owner")})
    return step


def _figure_source(fig) -> str:
    said = _("figure from the board data ({source})").format(source=fig.source)
    if fig.single:
        said += " " + _("(one source only: check the deed at your table)")
    return said


def _figure_json(found) -> dict:
    fig, rs = found
    c = rs.cite(fig.clause)
    return {"ruleset": rs.id, "clause": fig.clause, "layer": None, "title": "", "text": _figure_line(fig),
            "citation": {"ruleset": c.ruleset, "clause": c.clause, "file": c.file, "section": c.section,
                         **({"inherited_from": c.inherited_from} if c.inherited_from else {})},
            "score": None, "figure": {"what": fig.what, "amount": fig.amount, "shown": fig.shown, "deed": fig.deed,
                                      "group": fig.group, "houses": fig.houses, "source": fig.source, "single": fig.single}}


def _answer(shipped, q: str, ruleset: str | None, game: str | None, limit: int):
    from referee import search

    if ruleset is None:
        path = _game_file(game)
        if path is not None:
            eid = _as_shipped(path, shipped)
            if eid is not None:  # a game on a shipped edition as it stands: the editions index answers
                return shipped.ask(q, eid, limit)
            rs = _game_ruleset(path)
            idx, key = search.ruleset_index(rs, shipped)
            answer = idx.ask(q, key, limit)
            answer.ruleset = rs.id
            return answer
    name = ruleset or DEFAULT_EDITION
    if name in (shipped.meta.get("editions") or {}):  # an edition by its id: nothing to match
        return shipped.ask(q, name, limit)
    found = search.store.cached_overlay(shipped, name)  # a variant asked about alone, its index cached
    idx, key = found or search.resolve_ruleset(shipped, name)
    return idx.ask(q, key, limit)


def game_path(explicit: str | None) -> Path:
    """referee.store.ledger.default_path, repeated so a question asked outside a game need not import the ledger.

    A test checks the two agree.
    """
    if explicit:
        return Path(explicit)
    env = os.environ.get("REFEREE_GAME")
    return Path(env) if env else Path.cwd() / "referee-game.sqlite"


def _game_file(game: str | None) -> Path | None:
    """The current game's file, or None when there is no game file here."""
    from referee.cli.context import STATE

    explicit = game or STATE["game"]
    path = game_path(explicit)
    if not path.exists():
        if explicit:
            from referee.errors import InputError

            raise InputError(_("no game at {path}: leave out --game to ask about an edition (--ruleset)").format(path=path))
        return None
    return path


GAME_SCHEMAS = ("1", "2")  # the game file schemas the ledger reads (a test checks against referee.store.ledger.SCHEMA_VERSION)


def _as_shipped(path: Path, shipped) -> str | None:
    """The edition a game plays when it is a shipped edition exactly as the editions index holds it, else None.

    Reads the game file's recorded ruleset and language only, without the ledger: the clauses are
    then those of the index (the values the table recorded for its deeds change the board, never a
    clause). Anything unusual (another ruleset, an older copy of the edition, a damaged or newer
    file, no recorded language) returns None, and the game is opened as every command opens it."""
    from referee.search.store import shipped_edition
    from referee.store.gamefile import peek

    looked = peek(path, ("schema_version", "ruleset", "spec", "initial"))
    if looked is None:
        return None
    meta, whole = looked
    if meta.get("schema_version") not in GAME_SCHEMAS or not isinstance(meta.get("ruleset"), str) or "initial" not in meta or not whole:
        return None
    try:
        eid = shipped_edition(meta["ruleset"], shipped)
        import json

        spec = json.loads(meta.get("spec") or "null") if eid else None
    except ValueError:
        return None
    if not isinstance(spec, dict) or not spec.get("language"):
        return None
    if not i18n.explicit():  # as referee.cli.context.speak_game: the game's language unless --lang/REFEREE_LANG chose
        i18n.offer_game(spec["language"])
    if eid and i18n.current() != "en":  # the answer in the words of the edition's book (alquiler, renta)
        from referee.ruleset import loader

        i18n.use_words(loader.load(eid).words)
    return eid


def _game_ruleset(path: Path):
    """The ruleset of the game in `path`, whose language is then spoken (unless one was asked for)."""
    from referee.cli.context import speak_game
    from referee.store.ledger import Game

    g = Game(path)
    speak_game(g)
    return g.ruleset()


# ---------------------------------------------------------------- printing
def _quote(q: str) -> str:
    return f"“{q}”"


def _print_answer(answer, shipped, fig=None) -> None:
    from rich.markup import escape

    from referee.cli.common import hanging, out, para

    if not answer.found and fig is None:
        _print_none(answer.ruleset, shipped, answer)
        return
    lang = i18n.current()
    lines: list = [f"[bold]{escape(answer.ruleset)}[/bold] — {escape(_quote(answer.question))}"]
    if fig is not None:  # the board's figure first: the clauses below say how it applies
        from referee.words.messages import render

        f, rs = fig
        lines += ["", hanging("→", f"[bold]{escape(_figure_line(f))}[/bold]")]
        lines += [para(escape(render(_as_owner(step), rs.fmt)), 3) for step in f.steps]
        lines.append(para(f"[cyan]— {escape(_figure_source(f))}; {escape(str(rs.cite(f.clause)))}[/cyan]", 3))
    for i, h in enumerate(answer.hits, 1):
        title, text = h.said(lang)  # the clause in the table's language, as the index stored it
        title = f" — {escape(title)}" if title else ""
        score = _("score {score}").format(score=f"{i18n.number(h.score)}%")  # the ranker's share among the answers
        lines += ["", hanging(f"{i}.", f"[bold]{escape(h.label)}[/bold]{title}  [dim]({score})[/dim]"),
                  para(escape(text), 3), para(f"[cyan]— {escape(_cite(h.citation))}[/cyan]", 3)]
    if not out.is_terminal:  # one print: Rich parses markup once; a clause's ":word:" is no emoji code
        out.print("\n".join(lines), emoji=False)
        return
    for line in lines:
        out.print(line, emoji=False)


def _cite(c: dict) -> str:
    from referee.errors import Citation

    return str(Citation(**{k: v for k, v in c.items() if k != "source"}))  # the title is looked up again


def _print_none(ruleset: str, shipped, answer=None) -> None:
    from rich.markup import escape

    from referee.cli.common import out

    lines = ["[yellow]" + escape(_("No clause of {ruleset} answers {question} well.").format(
        ruleset=ruleset, question=_quote(answer.question if answer else ""))) + "[/yellow]"]
    if answer is not None and answer.offtopic:
        lines.append("  " + escape(_("(it asks about the game itself, such as its history, its sale or strategy, which no rule settles)")))
    elif answer is not None and not answer.terms:
        lines.append("  " + escape(_("(the question has no words to search for: name the rule, e.g. rent, jail, mortgage, auction)")))
    topics = _topics(ruleset, shipped)
    edition = ruleset.split("+")[0]
    lines.append("  " + _("Look it up by topic: {command}").format(command=f"[bold]referee rules show {escape(edition)} {escape(_('TOPIC'))}[/bold]"))
    if topics:
        from referee.words.phrases import topic_word

        lines.append("  " + escape(_("topics: {topics}").format(topics=", ".join(sorted(topic_word(t) for t in topics)))))
    out.print("\n".join(lines), emoji=False)


def _topics(ruleset: str, shipped) -> list[str]:
    """The topics of the edition (the editions index, already open)."""
    eid = ruleset.split("+")[0]
    return shipped.topics(eid) if eid in shipped.rulesets() else []


def _ask_all(q: str, as_json: bool) -> None:
    from rich.markup import escape
    from rich.table import Table as RTable
    from rich.text import Text

    from referee import search
    from referee.cli.common import out

    def cell(markup: str) -> Text:
        """What the table would make of the markup, without looking for emoji codes (the clauses have none)."""
        return Text.from_markup(markup, emoji=False)

    rows = search.ask_all(q)
    i18n.speak_the_question(q)
    found = [r for r in rows if r.hit]
    if as_json:
        items = [dict(r.hit.as_json(), text_group=r.group, agrees=r.agrees, odd_amounts=sorted(r.odd_amounts))
                 for r in sorted(found, key=lambda r: -r.hit.score)]
        import json

        print(json.dumps(items, ensure_ascii=False, indent=1))
        if not found:
            raise typer.Exit(1)
        return
    if not found:
        out.print("[yellow]" + escape(_("No clause of any edition answers {question} well.").format(question=_quote(q))) + "[/yellow]\n"
                  + "  " + _("Look it up by topic: {command}").format(command="[bold]referee rules show RULESET TOPIC[/bold]")
                  + " " + _("(referee rules list names the editions)"), emoji=False)
        raise typer.Exit(1)
    differ = [r for r in found if not r.agrees]
    title = Text.from_markup(_("How each edition answers {question}").format(question=_quote(q)), style="table.title", emoji=False)
    tab = RTable(title=title, title_justify="left", show_lines=True)
    tab.add_column(cell(_("edition")), style="bold", no_wrap=True)
    tab.add_column(cell(_("text")), justify="center", no_wrap=True)
    tab.add_column(cell(""), justify="center", no_wrap=True)
    tab.add_column(cell(_("clause")), no_wrap=True)
    tab.add_column(cell(_("answer")), ratio=3)
    tab.add_column(cell(_("source")), style="cyan", ratio=1)
    for r in rows:
        if not r.hit:
            tab.add_row(*map(cell, (escape(r.edition), "", "", "—", "[dim]" + _("no clause answers this well") + "[/dim]", "")))
            continue
        h, c = r.hit, r.hit.citation
        text = _mark(h.said(i18n.current())[1], r.odd_amounts)
        src = (f"{c.get('source') or __import__('referee.words.sources', fromlist=['title']).title(c['file'])} § {c['section']}"
               + (" " + _("(from {ruleset})").format(ruleset=c["inherited_from"]) if c.get("inherited_from") else ""))
        mark = "" if r.agrees else "[bold yellow]≠[/bold yellow]"
        tab.add_row(*map(cell, (escape(r.edition), r.group or "", mark, escape(h.clause), text if r.agrees else f"[yellow]{text}[/yellow]",
                                escape(src))))
    out.print(tab)
    same: dict[str | None, list[str]] = {}
    for r in found:
        same.setdefault(r.group, []).append(r.edition)
    shared = [" = ".join(eds) for eds in same.values() if len(eds) > 1]
    words = (_("Same words: {editions}; ").format(editions="; ".join(shared)) if shared else "") + _("other wordings may still differ in substance: read them.")
    if not differ:
        out.print("[green]" + _("No edition answers with another clause or another amount.") + f"[/green] {escape(words)}", emoji=False)
        return
    main = next(r.hit.clause for r in found if r.agrees) if any(r.agrees for r in found) else None
    parts = []
    for r in differ:
        why = [", ".join(sorted(r.odd_amounts))] if r.odd_amounts else []
        if main and r.hit.clause != main:
            why.append(_("answers with {clause}").format(clause=r.hit.clause))
        parts.append(f"{r.edition} ({'; '.join(why)})")
    out.print("[bold yellow]" + _("The editions disagree") + f"[/bold yellow] (≠): {escape('; '.join(parts))}. "
              + _("Amounts most editions do not give are in bold.") + f" {escape(words)}", emoji=False)


def _mark(text: str, odd: frozenset) -> str:
    """The clause text with the amounts in `odd` in bold, escaped for Rich."""
    from rich.markup import escape

    from referee import search

    parts, pos = [], 0
    for start, end, val in search.amount_spans(text):
        parts.append(escape(text[pos:start]))
        parts.append(f"[bold]{escape(val)}[/bold]" if val in odd else escape(val))
        pos = end
    parts.append(escape(text[pos:]))
    return "".join(parts)

