"""`jail send|pay|card|roll`."""

from __future__ import annotations

from referee.cli import common
from referee.cli.context import GameOpt, record


def send(player: str, game: GameOpt = None) -> None:
    from referee.core import jail

    record(game, lambda rs, t: jail.send_to_jail(rs, t, common.resolve_player(t, player)))


def pay(player: str, game: GameOpt = None) -> None:
    from referee.core import jail

    record(game, lambda rs, t: jail.jail_pay(rs, t, common.resolve_player(t, player)))


def card(player: str, game: GameOpt = None) -> None:
    from referee.core import jail

    record(game, lambda rs, t: jail.jail_card(rs, t, common.resolve_player(t, player)))


def roll(player: str, d1: int, d2: int, game: GameOpt = None) -> None:
    from referee.core import jail

    record(game, lambda rs, t: jail.jail_roll(rs, t, common.resolve_player(t, player), d1, d2))
