"""`new` and `deal`: starting a game."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import GameOpt, applied, game_path, record
from referee.words import i18n
from referee.words.i18n import N_, _, data


def new(
    players: Annotated[list[str], typer.Argument(help=N_("Player names in turn order."))],
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help=N_("Edition (referee rules list)."))] = "us-classic",
    variant: Annotated[Optional[list[str]], typer.Option("--variant", help=N_("short-game, time-limit…"))] = None,
    house_rule: Annotated[Optional[list[str]], typer.Option("--house-rule", help=N_("free-parking-jackpot, double-go…"))] = None,
    board: Annotated[Optional[str], typer.Option("--board", help=N_("Board file for an edition whose board is unknown."))] = None,
    random_deal: Annotated[bool, typer.Option("--random", help=N_("Deal the setup deeds at random (editions that deal deeds)."))] = False,
    seed: Annotated[Optional[int], typer.Option("--seed", help=N_("Random seed for --random."))] = None,
    track_turns: Annotated[bool, typer.Option("--turns", help=N_("Track turns and dice (table mode)."))] = False,
    ends: Annotated[Optional[str], typer.Option("--ends", help=N_("Time-limit games: the agreed finishing time (22:00)."))] = None,
    minutes: Annotated[Optional[int], typer.Option("--minutes", help=N_("Time-limit games: play for N minutes from now."))] = None,
    force: Annotated[bool, typer.Option("--force", help=N_("Replace an existing game file."))] = False,
    game: GameOpt = None,
) -> None:
    from referee.core import setup
    from referee.moves import model
    from referee.ruleset import loader
    from referee.store.ledger import Game

    rs = loader.load(ruleset, variant or [], house_rule or [], board)
    path = game_path(game)
    table, ops, deals = setup.new_game(rs, players, random_deal=random_deal, seed=seed, track_turns=track_turns)
    # the game's language: --lang/REFEREE_LANG if given; else an edition printed in another language speaks its own
    # (it-lire Italian, mx-hasbro Spanish); else the table's locale when we speak it (LANG=es_MX: a us-classic game in
    # Spanish), else the edition's English. The game records the choice: every later command speaks it.
    locale = i18n.locale_language()
    language = i18n.current() if i18n.explicit() else rs.language if rs.language != "en" or not locale else locale
    spec = {"ruleset": rs.edition, "variants": variant or [], "house_rules": house_rule or [], "board": board, "players": players,
            "language": language}
    import time

    from referee.store.view import agreed_end

    spec.update(agreed_end(rs, ends, minutes, time.time()))
    g = Game.create(path, rs.data, spec, table, ops, force=force)
    i18n.offer_game(language)
    i18n.use_words(rs.words)
    from rich.markup import escape

    common.out.print("[bold]" + _("New game") + f"[/bold] {escape(rs.id)} — {escape(data(rs.title))}")
    common.out.print("  " + escape(_("file: {path}").format(path=path)))
    for p in table.players:
        common.out.print("  " + _("{label}: {value}").format(label=escape(p.name), value=rs.fmt(rs.for_players('starting_cash', len(players)))))
    common.out.print(f"  [cyan]— {rs.cite('setup.cash')}[/cyan]")
    if spec.get("ends"):
        common.out.print("  " + escape(_("ends at {time} (the agreed time; `watch` and `serve` show the countdown)").format(time=spec["ends_text"])))
    n_deal = rs.for_players("deal_deeds", len(players)) or 0
    if deals:
        for name, idxs in deals.items():

            def dealt(rs_, t, name: str = name, idxs: list[int] = idxs):
                return model.Deal(name, tuple(idxs))

            common.print_event(rs, g.record(lambda rs_, t, dealt=dealt: applied(rs_, t, dealt(rs_, t))))
    elif n_deal:
        common.out.print(
            "  [yellow]" + _("{ruleset} deals {n} deeds to each player: record the cards dealt with `referee deal PLAYER DEED…` (or start again with --random)").format(
                ruleset=rs.id, n=n_deal) + "[/yellow]"
        )


def deal(player: str, deeds: list[str], game: GameOpt = None) -> None:
    from referee.moves import model

    def build(rs, t):
        return model.Deal(common.resolve_player(t, player), tuple(common.resolve_deed(rs, d) for d in deeds))

    record(game, build)
