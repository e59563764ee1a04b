"""`new` and `deal`: starting a game."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import GameOpt, game_path, record


def new(
    players: Annotated[list[str], typer.Argument(help="Player names in turn order.")],
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help="Edition (referee rules list).")] = "us-classic",
    variant: Annotated[Optional[list[str]], typer.Option("--variant", help="short-game, time-limit…")] = None,
    house_rule: Annotated[Optional[list[str]], typer.Option("--house-rule", help="free-parking-jackpot, double-go…")] = None,
    board: Annotated[Optional[str], typer.Option("--board", help="Board file for an edition whose board is unknown.")] = None,
    random_deal: Annotated[bool, typer.Option("--random", help="Deal the setup deeds at random (editions that deal deeds).")] = False,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Random seed for --random.")] = None,
    track_turns: Annotated[bool, typer.Option("--turns", help="Track turns and dice (table mode).")] = False,
    ends: Annotated[Optional[str], typer.Option("--ends", help="Time-limit games: the agreed finishing time (22:00).")] = None,
    minutes: Annotated[Optional[int], typer.Option("--minutes", help="Time-limit games: play for N minutes from now.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing game file.")] = False,
    game: GameOpt = None,
) -> None:
    from referee.core import actions, setup
    from referee.ledger import Game
    from referee.ruleset import loader

    rs = loader.load(ruleset, variant or [], house_rule or [], board)
    path = game_path(game)
    table, ops, deals = setup.new_game(rs, players, random_deal=random_deal, seed=seed, track_turns=track_turns)
    spec = {"ruleset": rs.edition, "variants": variant or [], "house_rules": house_rule or [], "board": board, "players": players}
    import time

    from referee.view import agreed_end

    spec.update(agreed_end(rs, ends, minutes, time.time()))
    g = Game.create(path, rs.data, spec, table, ops, force=force)
    from rich.markup import escape

    common.out.print(f"[bold]New game[/bold] {escape(rs.id)} — {escape(rs.title)}")
    common.out.print(f"  file: {escape(str(path))}")
    for p in table.players:
        common.out.print(f"  {escape(p.name)}: {rs.fmt(rs.for_players('starting_cash', len(players)))}")
    common.out.print(f"  [cyan]— {rs.cite('setup.cash')}[/cyan]")
    if spec.get("ends"):
        common.out.print(f"  ends at {spec['ends_text']} (the agreed time; `watch` and `serve` show the countdown)")
    n_deal = rs.for_players("deal_deeds", len(players)) or 0
    if deals:
        for name, idxs in deals.items():

            def dealt(rs_, t, name: str = name, idxs: list[int] = idxs):
                return actions.deal(rs_, t, name, idxs)

            common.print_event(rs, g.record(dealt))
    elif n_deal:
        common.out.print(
            f"  [yellow]{rs.id} deals {n_deal} deeds to each player: record the cards dealt with `referee deal PLAYER DEED…` (or start again with --random)[/yellow]"
        )


def deal(player: str, deeds: list[str], game: GameOpt = None) -> None:
    from referee.core import actions

    def build(rs, t):
        return actions.deal(rs, t, common.resolve_player(t, player), [common.resolve_deed(rs, d) for d in deeds])

    record(game, build)
