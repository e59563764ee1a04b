"""`trade`: a private deal between two players."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.cli.context import GameOpt, record
from referee.words.i18n import N_


def trade(
    a: str,
    b: str,
    give: Annotated[Optional[list[str]], typer.Option("--give", help=N_("What A gives: deed names, amounts, 'jail-card' (or the card's words)."))] = None,
    take: Annotated[Optional[list[str]], typer.Option("--take", help=N_("What B gives to A."))] = None,
    lift: Annotated[Optional[list[str]], typer.Option("--lift", help=N_("Mortgaged deed the receiver lifts at once."))] = None,
    game: GameOpt = None,
) -> None:
    from referee.moves import model

    def build(rs, t):
        pa, pb = common.resolve_player(t, a), common.resolve_player(t, b)
        return model.Trade(pa, pb, _side(rs, t, pa, give or []).__dict__, _side(rs, t, pb, take or []).__dict__,
                                        tuple(common.resolve_deed(rs, d) for d in lift or []))

    record(game, build)


# a Get Out of Jail Free card, as the table says it: "jail-card", "uscite gratis di prigione", "salga de la cárcel"
_JAIL_WORDS = ("jail", "prigion", "carcel")


def _side(rs, t, who: str, items: list[str]):
    """One side of the deal from its words: amounts, deed names, jail cards."""
    from referee.core.trades import Side
    from referee.ruleset.names import norm

    s = Side()
    for raw in items:
        for item in [x.strip() for x in raw.split(",") if x.strip()]:
            n = norm(item)
            if n.replace(" ", "") in ("jailcard", "goojf", "card", "carta", "tarjeta") or any(w in n for w in _JAIL_WORDS):
                cards = [c for c in t.player(who).jail_cards if c not in s.jail_cards or t.player(who).jail_cards.count(c) > s.jail_cards.count(c)]
                s.jail_cards.append(cards[0] if cards else "?")
                continue
            if item[:1].isdigit() or not item[:1].isalpha() or item.upper().startswith("L."):
                s.cash += common.amount(rs, t, item)  # the edition's own money, no more than the game holds
                continue
            s.deeds.append(common.resolve_deed(rs, item))
    return s
