"""`jail send|pay|card|roll`."""

from __future__ import annotations

from referee.cli import common
from referee.cli.context import ForceOpt, GameOpt, record


def send(player: str, force: ForceOpt = None, game: GameOpt = None) -> None:
    from referee.core import jail as jail_rules

    record(game, lambda rs, t: _jailed(rs, t, player, "send", force, lambda who: jail_rules.send_to_jail(rs, t, who)))


def pay(player: str, force: ForceOpt = None, game: GameOpt = None) -> None:
    from referee.core import jail as jail_rules

    record(game, lambda rs, t: _jailed(rs, t, player, "pay", force, lambda who: jail_rules.jail_pay(rs, t, who)))


def card(player: str, force: ForceOpt = None, game: GameOpt = None) -> None:
    from referee.core import jail as jail_rules

    record(game, lambda rs, t: _jailed(rs, t, player, "card", force, lambda who: jail_rules.jail_card(rs, t, who)))


def roll(player: str, d1: int, d2: int, game: GameOpt = None) -> None:
    from referee.core import jail as jail_rules

    record(game, lambda rs, t: _jailed(rs, t, player, "roll", None, lambda who: jail_rules.jail_roll(rs, t, who, d1, d2)))


def _jailed(rs, t, player: str, action: str, force, run):
    """The jail move, then the turn check (the transaction's own refusals come first)."""
    from referee.core import turn_checks

    who = common.resolve_player(t, player)
    ev = run(who)
    return turn_checks.mark(ev, turn_checks.check(rs, t, f"jail.{action}", who, force=force))
