"""`jail send|pay|card|roll`: each read into its move and recorded through `moves.apply` (which checks the turn)."""

from __future__ import annotations

from referee.cli import common
from referee.cli.context import ForceOpt, GameOpt, record


def send(player: str, force: ForceOpt = None, game: GameOpt = None) -> None:
    from referee.moves import model

    _record(game, lambda t: model.JailSend(common.resolve_player(t, player), forced=common.forced(force)))


def pay(player: str, force: ForceOpt = None, game: GameOpt = None) -> None:
    from referee.moves import model

    _record(game, lambda t: model.JailPay(common.resolve_player(t, player), forced=common.forced(force)))


def card(player: str, force: ForceOpt = None, game: GameOpt = None) -> None:
    from referee.moves import model

    _record(game, lambda t: model.JailCard(common.resolve_player(t, player), forced=common.forced(force)))


def roll(player: str, d1: int, d2: int, game: GameOpt = None) -> None:
    from referee.moves import model

    _record(game, lambda t: model.JailRoll(common.resolve_player(t, player), (d1, d2)))


def _record(game, move) -> None:

    record(game, lambda rs, t: move(t))
