"""`rules list|show|diff|validate` and `board`: look at, compare and validate rulesets.

They read no game, but inside one (a game file at hand) they speak its language, as
the commands that do. (`rules coverage` lives with `check`, in referee.cli.check_cmd.)
"""

from __future__ import annotations

import json
from typing import Annotated, Optional

import typer
from rich.markup import escape
from rich.table import Table as RTable

from referee.cli.common import out, para
from referee.cli.context import open_game, speak_game_at_hand
from referee.words.i18n import N_, _, data, ngettext
from referee.words.phrases import topic_word

VariantOpt = Annotated[Optional[list[str]], typer.Option("--variant", help=N_("Variant overlay (short-game, time-limit)."))]
HouseOpt = Annotated[Optional[list[str]], typer.Option("--house-rule", help=N_("House rule overlay."))]
BoardOpt = Annotated[Optional[str], typer.Option("--board", help=N_("Board file."))]


def _load(ruleset: str, variant=None, house_rule=None, board=None, game: str | None = None):
    """A named ruleset, in the language of the game at hand (if any: its words and errors are shown at that table)."""
    from referee.ruleset import loader

    speak_game_at_hand(game)
    return loader.load(ruleset, variant or [], house_rule or [], board)


def list_rulesets(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    from referee.ruleset import loader

    speak_game_at_hand()
    cat = loader.catalog()
    if as_json:
        print(json.dumps({k: {kk: v.get(kk) for kk in ("kind", "title", "aliases", "extends")} for k, v in cat.index.items()}, ensure_ascii=False))
        return
    for kind, label in (("edition", _("Editions (--ruleset)")), ("variant", _("Variants (--variant)")), ("house-rule", _("House rules (--house-rule)"))):
        tab = RTable(title=label, title_justify="left")
        tab.add_column("id", style="bold")
        tab.add_column(_("title"))
        tab.add_column(_("aliases / extends"), style="dim")
        for rid in cat.ids(kind):
            e = cat.index[rid]
            extra = ", ".join(e.get("aliases") or [])
            if e.get("extends"):
                extra += (" · " if extra else "") + _("extends {ruleset}").format(ruleset=e["extends"])
            tab.add_row(rid, escape(data(e.get("title", ""))), escape(extra))
        out.print(tab)


def show(
    ruleset: str,
    topic_words: Annotated[Optional[list[str]], typer.Argument(metavar="TOPIC", help=N_("A topic (rent, jail…) or clause id prefix."))] = None,
    variant: VariantOpt = None,
    house_rule: HouseOpt = None,
    origin: Annotated[bool, typer.Option("--origin", help=N_("Show which file and line set each parameter."))] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    from referee.ruleset.names import norm

    rs = _load(ruleset, variant, house_rule)
    clauses = rs.clauses
    topic = " ".join(topic_words or []) or None  # "free parking" unquoted is one topic
    if topic:
        q = norm(topic)
        from referee.ruleset.clause_text import words as said

        clauses = [c for c in clauses if q in (norm(c.topic), norm(topic_word(c.topic))) or c.id.startswith(topic) or q in norm(c.title)
                   or q in norm(said(rs, c.id)[0])]
        if not clauses:
            topics = sorted({topic_word(c.topic) for c in rs.clauses})
            from referee.errors import InputError

            raise InputError(_("no clause of {ruleset} on '{topic}'; topics: {topics}").format(ruleset=rs.id, topic=topic, topics=", ".join(topics)))
    if as_json:
        print(json.dumps([{"clause": c.id, "topic": c.topic, "title": c.title, "text": c.text,
                           "citation": rs.cite(c.id).as_dict()} for c in clauses], ensure_ascii=False))
        return
    from referee.ruleset.clause_text import words

    out.print(f"[bold]{escape(rs.id)}[/bold] — {escape(data(rs.title))}  [dim](" + _("layers: {layers}").format(layers=" → ".join(rs.layers)) + ")[/dim]")
    for c in sorted(clauses, key=lambda c: (c.topic, c.id)):
        title, text = words(rs, c.id)
        out.print(f"\n[bold]{c.id}[/bold] [dim]({escape(topic_word(c.topic))})[/dim] {escape(title)}")
        out.print(para(escape(text)))
        out.print(para(f"[cyan]— {escape(str(rs.cite(c.id)))}[/cyan]"))
    if origin:
        from referee.ruleset.loader import SCHEMA_DEFAULT

        out.print("\n[bold]" + escape(_("Parameters and where they come from")) + "[/bold]")
        for key, val in _flat(rs.data.get("rules") or {}, "rules"):
            where = rs.origin_of(key)
            where = _("schema default") + " (referee/ruleset/schema.py)" if where == SCHEMA_DEFAULT else where
            out.print(f"  {key} = {escape(json.dumps(val, ensure_ascii=False))}  [dim]{escape(where)}[/dim]")  # YAML's words: true, null


def _flat(d, prefix: str):
    for k, v in d.items():
        key = f"{prefix}.{k}"
        if isinstance(v, dict):
            yield from _flat(v, key)
        else:
            yield key, v


def _params(rs) -> dict[str, object]:
    raw = rs.data
    out_: dict[str, object] = {}
    c = raw.get("currency") or {}
    code = f" ({c['code']})" if c.get("code") else ""  # an edition may leave the ISO code unset (null)
    out_["currency"] = _("{symbol}{code}, e.g. {amount}").format(symbol=c.get("symbol") or "", code=code, amount=rs.fmt(1500))
    for k in ("players", "bank", "setup"):
        for key, val in _flat(raw.get(k) or {}, k):
            out_[key] = val
        if k == "setup":
            for sub in ("starting_cash", "notes", "deal_deeds"):
                v = (raw.get("setup") or {}).get(sub)
                if isinstance(v, dict):
                    out_[f"setup.{sub}"] = v
    for key, val in _flat(raw.get("rules") or {}, "rules"):
        out_[key] = val
    b = raw.get("board") or {}
    out_["board.status"] = b.get("status", "known")
    out_["board.squares"] = ", ".join(s.name for s in rs.squares[:2]) + " …" if rs.squares else "(unknown)"
    tax_sq = {s.tax: s.name for s in rs.squares if s.kind == "tax"}
    for k, v in tax_sq.items():
        out_[f"board.{k}_tax_square"] = v
    for d_id, deck in (raw.get("decks") or {}).items():
        n = len(deck.get("cards") or [])
        out_[f"decks.{d_id}"] = ngettext("{deck}: {n} card kind", "{deck}: {n} card kinds", n).format(deck=data(deck.get("name", d_id)), n=n)
    for name in rs.valuation_names():
        out_[f"valuations.{name}"] = {k: v for k, v in rs.valuation(name).items() if k not in ("title", "clause")}
    return out_


def diff(
    a: str,
    b: str,
    variant: VariantOpt = None,
    house_rule: HouseOpt = None,
    clauses: Annotated[bool, typer.Option("--clauses/--no-clauses", help=N_("Also compare clause texts."))] = True,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    ra, rb = _load(a, variant, house_rule), _load(b, variant, house_rule)
    pa, pb = _params(ra), _params(rb)
    rows = []
    for key in list(dict.fromkeys(list(pa) + list(pb))):
        va, vb = pa.get(key, "—"), pb.get(key, "—")
        if key.startswith("setup.") and key.rsplit(".", 1)[-1].isdigit():
            continue
        if va != vb:
            rows.append((key, va, vb))
    crow = []
    if clauses:
        ids = list(dict.fromkeys([c.id for c in ra.clauses] + [c.id for c in rb.clauses]))
        for cid in ids:
            ca = ra.clause(cid) if ra.has_clause(cid) else None
            cb = rb.clause(cid) if rb.has_clause(cid) else None
            if (ca.text if ca else None) != (cb.text if cb else None):
                crow.append((cid, ca, cb))
    if as_json:
        print(json.dumps({
            "a": ra.id, "b": rb.id,
            "parameters": [{"key": k, "a": _plain(x), "b": _plain(y)} for k, x, y in rows],
            "clauses": [{"clause": cid, "a": ca.text if ca else None, "b": cb.text if cb else None} for cid, ca, cb in crow],
        }, ensure_ascii=False))
        return
    tab = RTable(title=_("{a} vs {b}: parameters").format(a=ra.id, b=rb.id), title_justify="left")
    tab.add_column(_("parameter"), style="bold", overflow="fold")
    tab.add_column(ra.id)
    tab.add_column(rb.id)
    for k, x, y in rows:
        tab.add_row(k, escape(_show(x)), escape(_show(y)))
    out.print(tab)
    if crow:
        ct = RTable(title=_("clauses that read differently"), title_justify="left", show_lines=True)
        ct.add_column(_("clause"), style="bold", overflow="fold")
        ct.add_column(ra.id)
        ct.add_column(rb.id)
        for cid, ca, cb in crow:
            ct.add_row(cid, escape(_ctext(ra, ca)), escape(_ctext(rb, cb)))
        out.print(ct)
    if not rows and not crow:
        out.print(_("no differences"))


def _plain(v):
    return v if isinstance(v, (int, str, bool, type(None), list)) else (
        {str(k): x for k, x in v.items()} if isinstance(v, dict) else str(v))


def _show(v) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{k}: {x}" for k, x in v.items())
    return str(v)


def _ctext(rs, c) -> str:
    if c is None:
        return "—"
    from referee.ruleset.clause_text import words
    from referee.words.sources import title

    return f"{words(rs, c.id)[1]}\n({data(title(c.file))} § {c.section})"


def validate(files: list[str]) -> None:
    from referee.errors import InputError, ValidationErrors
    from referee.ruleset import loader

    problems = 0
    for f in files:
        try:
            rs = loader.validate_file(f)
            out.print(f"{f}: ok" + (" (" + _("{clauses} clauses, {squares} squares").format(clauses=len(rs.clauses), squares=len(rs.squares)) + ")" if rs else ""))
        except ValidationErrors as e:
            for x in e.errors:
                out.print(escape(str(x)))
            problems += len(e.errors)
        except InputError as e:
            out.print(escape(str(e)))
            problems += 1
    if problems:
        raise typer.Exit(2)


def board(
    ruleset: Annotated[Optional[str], typer.Argument(help=N_("Edition (default: the current game's)."))] = None,
    variant: VariantOpt = None,
    board_file: BoardOpt = None,
    game: Annotated[Optional[str], typer.Option("--game", "-g")] = None,
    export: Annotated[Optional[str], typer.Option("--export", help=N_("Write the game's board, with the values read at the table, as a board file."))] = None,
) -> None:
    if ruleset:
        rs = _load(ruleset, variant, None, board_file, game)
    else:
        rs = open_game(game).ruleset()
    if export:
        from referee.cli.deed_cmd import export_board

        export_board(rs, export)
        return
    rs.require_board()
    from referee.cli.render.board import board_tables

    for tab in board_tables(rs, out):
        out.print(tab)
