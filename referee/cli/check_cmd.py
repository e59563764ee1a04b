"""`referee check`, `referee freeze` and `referee rules coverage`: the CLI over referee.check."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.markup import escape
from rich.table import Table as RTable

from referee.cli.common import err, out, para, print_details
from referee.words import i18n
from referee.words.i18n import N_, _, ngettext, pgettext


def _default_scenarios() -> Path:
    cwd = Path.cwd() / "scenarios"
    if cwd.is_dir():
        return cwd
    from referee.check.coverage import shipped_scenarios

    return shipped_scenarios()


def check(
    paths: Annotated[list[str], typer.Argument(help=N_("Scenario files and folders (every *.yaml under a folder)."))],
    as_json: Annotated[bool, typer.Option("--json", help=N_("Machine-readable output."))] = False,
    expect: Annotated[bool, typer.Option("--expect", help=N_("Compare each ruling with the scenario's expect: (exit 1 on any difference)."))] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help=N_("With many files, show every ruling, not only the summary."))] = False,
) -> None:
    """Rule on the claims in scenario files: upheld or rejected, with the reasoning and the clauses.

    Exit 0 when every claim is upheld, 1 when any is rejected, 2 when a file is invalid.
    With --expect: 0 when every ruling matches its expected ruling, 1 otherwise, 2 when a file is invalid.
    """
    from referee import check as sc
    from referee.cli.context import speak_game_at_hand

    files = sc.collect(paths)
    if not i18n.explicit():  # an it-lire dispute is ruled in Italian; the table's own game, if at hand, speaks over it
        i18n.offer_game(sc.edition_language(files))
    speak_game_at_hand()  # a dispute at an Italian table is ruled in Italian, as `rules show` is
    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        from referee.errors import InputError

        raise InputError(_("no such file or folder"), missing[0])
    if not files:
        from referee.errors import InputError

        raise InputError(_("no scenario files (*.yaml) under {paths}").format(paths=", ".join(paths)))
    results = _run(files, show_progress=len(files) > 1 and not as_json)
    if as_json:
        print(json.dumps({"files": [r.as_dict() for r in results], "summary": _summary(results)}, ensure_ascii=False))
    elif len(results) == 1 or verbose:
        for r in results:
            _print_file(r, expect)
        if len(results) > 1:
            _print_summary(results, expect)
    else:
        _print_problems(results, expect)
        _print_summary(results, expect)
    invalid = any(r.error for r in results)
    if invalid:
        raise typer.Exit(2)
    if expect:
        raise typer.Exit(0 if all(r.matches_expected for r in results) else 1)
    raise typer.Exit(0 if all(r.status == "upheld" for r in results) else 1)


def _run(files, show_progress: bool):
    from referee import check as sc

    if not show_progress or not err.is_terminal:
        return [sc.check_file(f) for f in files]
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    results = []
    with Progress(TextColumn(_("checking")), BarColumn(), MofNCompleteColumn(), console=err, transient=True) as bar:
        task = bar.add_task("check", total=len(files))
        for f in files:
            results.append(sc.check_file(f))
            bar.advance(task)
    return results


def _summary(results) -> dict:
    per: dict[str, dict] = {}
    for r in results:
        row = per.setdefault(r.ruleset, {"upheld": 0, "rejected": 0, "invalid": 0, "claims": 0, "mismatched": 0})
        row[r.status] += 1
        row["claims"] += len(r.rulings)
        if r.has_expectations and not r.matches_expected and not r.error:
            row["mismatched"] += 1
    total = {k: sum(v[k] for v in per.values()) for k in ("upheld", "rejected", "invalid", "claims", "mismatched")}
    return {"files": len(results), "by_ruleset": per, "total": total}


def _verdict(r) -> str:
    return "[green]✔ " + _("UPHELD") + "[/green]" if r.upheld else "[red]✘ " + _("REJECTED") + "[/red]"


def _print_file(res, expect: bool) -> None:
    head = f"[bold]{escape(res.path)}[/bold]"
    if res.error:
        out.print(f"{head}  [red]" + _("invalid") + "[/red]")
        out.print(para(f"[red]{escape(res.error)}[/red]"))
        return
    from referee.words import i18n

    i18n.use_words(res.words or None)  # each file in its own edition's words, not the last file's
    out.print(f"{head}  [dim]{escape(res.ruleset)}[/dim]" + (f" — {escape(res.title)}" if res.title else ""))
    for r in res.rulings:
        where = _("line {n}").format(n=r.line) if r.line else _("claim {n}").format(n=r.index + 1)
        says = f" “{escape(r.says)}”" if r.says else f" ({r.kind})"
        out.print(para(f"{_verdict(r)} [dim]{where}[/dim]{says}", 2))  # a long claim wraps under its verdict
        out.print(para(escape(r.text), 4))
        if r.amount is not None and r.kind not in ("rule",):
            out.print("    [bold]" + _("correct amount:") + f"[/bold] {escape(_fmt(res, r.amount))}")
        out.print("    [bold]" + (_("allowed") if r.allowed else _("not allowed")) + "[/bold]")
        for reason in r.reasons:
            out.print(para(f"[red]• {escape(reason)}[/red]", 4))
        print_details(r.steps, r.notes, r.citations, "    ")
        if expect and r.expected is not None:
            if r.mismatches:
                for m in r.mismatches:
                    out.print(para(f"[magenta]≠ {escape(m)}[/magenta]", 4))
            else:
                out.print("    [dim]" + _("as expected") + "[/dim]")


def _fmt(res, amount: int) -> str:
    from referee import check as sc

    rs = sc.loaded(res.ruleset)
    return rs.fmt(amount) if rs is not None else str(amount)


def _print_problems(results, expect: bool) -> None:
    for res in results:
        if res.error:
            out.print("[red]" + _("invalid") + f"[/red]  {escape(res.error)}")
        elif expect and not res.matches_expected:
            for r in res.rulings:
                for m in r.mismatches:
                    out.print(f"[magenta]≠[/magenta] {escape(res.path)}:{r.line}: {escape(m)}")
        elif not expect and res.status == "rejected":
            for r in res.rulings:
                if not r.upheld:
                    out.print("[red]" + _("rejected") + f"[/red] {escape(res.path)}:{r.line}: {escape(r.says or r.kind)} — {escape('; '.join(r.reasons))}")


def _print_summary(results, expect: bool) -> None:
    s = _summary(results)
    files = ngettext("{n} scenario file", "{n} scenario files", s["files"]).format(n=s["files"])
    claims = ngettext("{n} claim", "{n} claims", s["total"]["claims"]).format(n=s["total"]["claims"])
    tab = RTable(title=f"{files}, {claims}", title_justify="left")
    # the headline counts claims, so do the columns (a file is invalid, or off what it expects, as a whole)
    cols = [_("ruleset"), pgettext("check.column", "claims upheld"), pgettext("check.column", "claims rejected"),
            pgettext("check.column", "invalid files")] + ([pgettext("check.column", "files ≠ expected")] if expect else [])
    for i, c in enumerate(cols):
        tab.add_column(c, justify="left" if i == 0 else "right")
    rows: dict[str, list[int]] = {}
    for r in results:
        row = rows.setdefault(r.ruleset, [0, 0, 0, 0])
        row[0] += sum(1 for x in r.rulings if x.upheld)
        row[1] += sum(1 for x in r.rulings if not x.upheld)
        row[2] += r.status == "invalid"
        row[3] += bool(r.has_expectations and not r.matches_expected and not r.error)
    total = [sum(v[i] for v in rows.values()) for i in range(4)]
    for name, row in [*((escape(rid), rows[rid]) for rid in sorted(rows)), ("[bold]" + _("total") + "[/bold]", total)]:
        tab.add_row(name, *(str(n) for n in row[: 4 if expect else 3]))
    out.print(tab)


# ================================================================ freeze
def freeze(
    path: Annotated[Optional[str], typer.Argument(help=N_("Scenario file to write (default: stdout)."))] = None,
    game: Annotated[Optional[str], typer.Option("--game", "-g", help=N_("Game file (default: $REFEREE_GAME or ./referee-game.sqlite)."))] = None,
    title: Annotated[str, typer.Option("--title", help=N_("A title for the scenario."))] = "",
    force: Annotated[bool, typer.Option("--force", help=N_("Overwrite an existing file."))] = False,
) -> None:
    """Freeze the current table of the game into a scenario file; add the claim being argued and run `referee check`."""
    from referee.cli.context import open_game
    from referee.errors import InputError

    g = open_game(game)
    text = freeze_text(g, title)
    if path:
        p = Path(path)
        if p.exists() and not force:
            raise InputError(_("{path} exists: pick another name or use --force").format(path=path))
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        err.print(_("wrote {path}: add the claim under claims:, then run `referee check {path}`").format(path=path))
    else:
        print(text, end="")


def freeze_text(g, title: str = "") -> str:
    """The scenario YAML for a game's current table (claims left for the disputants)."""
    import yaml

    rs, t, spec = g.ruleset(), g.state(), g.spec
    doc: dict = {"title": title or _("frozen from {file}").format(file=g.path.name), "ruleset": spec.get("ruleset", rs.edition)}
    if spec.get("variants"):
        doc["variants"] = list(spec["variants"])
    if spec.get("house_rules"):
        doc["house_rules"] = list(spec["house_rules"])
    if spec.get("board"):
        b = Path(spec["board"])
        doc["board"] = str(b.resolve()) if b.exists() else spec["board"]
    players: dict = {}
    for p in t.players:
        e: dict = {"cash": p.cash}
        deeds: dict = {}
        for idx in t.owned_by(p.name):
            d = t.deeds[idx]
            name = rs.squares[idx].name
            deeds[name] = "hotel" if d.hotel else ("mortgaged" if d.mortgaged else (d.houses or None))
        if deeds:
            e["deeds"] = deeds
        if p.in_jail:
            e["in_jail"] = True
            if p.jail_turns:
                e["jail_turns"] = p.jail_turns
        if p.jail_cards:
            e["jail_cards"] = list(p.jail_cards)
        if t.extra.get("tracking"):
            e["position"] = rs.squares[p.position].name if rs.squares else p.position
        declared = (t.extra.get("tax_declared") or {}).get(p.name)
        if declared:
            e["declared"] = declared
        if p.bankrupt:
            e["bankrupt"] = True
        if p.skip_turns:
            e["skip_turns"] = p.skip_turns
        players[p.name] = e
    doc["players"] = players
    doc["bank"] = {"houses": t.bank_houses, "hotels": t.bank_hotels}
    if t.pot:
        doc["pot"] = t.pot
    if t.bankruptcies:
        doc["bankruptcies"] = t.bankruptcies
    if t.extra.get("tracking") and t.players:
        cur = t.current_player()
        if cur:
            doc["turn"] = cur.name
    if t.debts:
        doc["debts"] = [{"debtor": d.debtor, "creditor": d.creditor, "amount": d.amount, "for": d.reason} for d in t.debts]
    hist = []
    for land in t.landings:
        sq = land.get("square")
        e = {"player": land.get("player")}
        if land.get("dice"):
            e["roll"] = land["dice"]
        if sq is not None and rs.squares:
            e["lands"] = rs.squares[sq].name
        hist.append(e)
    _doubles_this_turn(t, hist)
    for who, dice in (t.extra.get("jail_thrown") or {}).items():  # a failed throw in jail this turn
        hist.append({"player": who, "roll": list(dice)})
    if hist:
        doc["history"] = hist
    body = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, default_flow_style=False)
    # the example claim with this table's own players, a street of its board and that street's printed rent
    names = [p.name for p in t.players] + ["Ana", "Ben"]
    lot = next((sq for sq in rs.squares if sq.kind == "lot" and sq.rent and isinstance(sq.rent[0], int)), None)
    deed, rent = (lot.name, lot.rent[0]) if lot else ("Boardwalk", 50)
    says = _("{player} owes {owner} {amount} rent on {square}").format(player=names[1], owner=names[0], amount=rs.fmt(rent), square=deed)
    return (
        "# " + _("Frozen by `referee freeze` from {path} (event #{n}).").format(path=g.path, n=g.last_seq()) + "\n"
        "# " + _("Add the claim being argued under claims: (see docs/scenarios.md), then: referee check THIS_FILE") + "\n"
        + body
        + "claims: []\n"
        f"# - says: {json.dumps(says, ensure_ascii=False)}\n"
        f"#   rent: {{payer: {names[1]}, deed: {deed}}}\n"
        f"#   amount: {rent}\n"
    )


def _doubles_this_turn(t, hist: list[dict]) -> None:
    """The doubles the player to throw has already thrown this turn, as both dice (a throw from this
    position is then ruled with the third-doubles rule); a doubles total n is n/2 on each die."""
    run, who = t.doubles_run, t.extra.get("thrown")
    if not (t.extra.get("tracking") and run and who):
        return
    mine = [e for e, land in zip(hist, t.landings) if land.get("player") == who and land.get("dice") and not land.get("card")]
    for e in mine[-run:]:
        if isinstance(e.get("roll"), int) and e["roll"] % 2 == 0:
            e["roll"] = [e["roll"] // 2, e["roll"] // 2]


# ================================================================ rules coverage
def coverage_cmd(
    ruleset: Annotated[Optional[str], typer.Argument(help=N_("An edition, variant or house rule (default: every shipped ruleset)."))] = None,
    scenarios: Annotated[Optional[str], typer.Option("--scenarios", help=N_("Scenario folder (default: ./scenarios, else the shipped library)."))] = None,
    missing: Annotated[bool, typer.Option("--missing", help=N_("Only clauses no scenario exercises (exit 1 if any)."))] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Each clause with the scenarios that exercise it (cite it in a ruling, or list it under exercises:)."""
    from referee import check as sc
    from referee.errors import InputError

    folder = Path(scenarios) if scenarios else _default_scenarios()
    if not folder.is_dir():
        raise InputError(_("no scenario folder at {folder} (give one with --scenarios DIR)").format(folder=folder))
    results = [sc.check_file(f) for f in sc.collect([str(folder)])]
    defs = sc.coverage(results)
    rows = list(defs.values())
    if ruleset:
        from referee.ruleset import loader

        cat = loader.catalog()
        rid = None
        for kind in ("edition", "variant", "house-rule"):
            try:
                rid = cat.find(ruleset, kind)
                break
            except InputError:
                continue
        if rid is None:
            raise InputError(_("unknown ruleset '{ruleset}'; referee rules list shows them").format(ruleset=ruleset))
        if cat.index[rid]["kind"] == "edition":
            rs = sc.load_ruleset(rid, (), (), None)
            wanted = {rs.origins.get(f"clauses.{c.id}") for c in rs.clauses}
            rows = [d for d in rows if d.where in wanted]
        else:
            rows = [d for d in rows if d.layer == rid]
    if missing:
        rows = [d for d in rows if not d.scenarios]
    rows.sort(key=lambda d: (d.layer, d.where.split(":")[0], d.clause))
    if as_json:
        print(json.dumps([{"clause": d.clause, "layer": d.layer, "defined": d.where.split(" (")[0], "rulesets": d.rulesets,
                           "scenarios": d.scenarios} for d in rows], ensure_ascii=False))
    else:
        files = ngettext("{n} scenario file", "{n} scenario files", len(results)).format(n=len(results))
        tab = RTable(title=_("clause coverage ({files})").format(files=files), title_justify="left")
        tab.add_column(_("clause"), style="bold")
        tab.add_column(_("defined in"), style="dim")
        tab.add_column(_("scenarios"))
        for d in rows:
            shown = ", ".join(os.path.basename(s) for s in d.scenarios[:4]) + (f" +{len(d.scenarios) - 4}" if len(d.scenarios) > 4 else "")
            tab.add_row(escape(d.clause), escape(d.where.split(" (")[0]), escape(shown) if shown else f"[red]{_('none')}[/red]")
        out.print(tab)
        uncovered = sum(1 for d in rows if not d.scenarios)
        if missing:
            out.print(ngettext("{n} clause definition(s) exercised by no scenario", "{n} clause definition(s) exercised by no scenario",
                               uncovered).format(n=uncovered))
        else:
            out.print(ngettext("{n} of {total} clause definitions exercised", "{n} of {total} clause definitions exercised",
                               len(rows)).format(n=len(rows) - uncovered, total=len(rows)))
    if any(not d.scenarios for d in rows):
        raise typer.Exit(1)

