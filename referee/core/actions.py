"""Transitional facade: the transactions by their old names, now living in one module per chapter.

Kept only so that call sites other helpers are reshaping at the same time (the
CLI's command table, the check package) keep working through the merge; new
code imports from the chapter modules (money, buying, rent, buildings, …).
"""

from __future__ import annotations

from referee.core.bankruptcy import bankrupt, bankruptcy_check, partial_payment
from referee.core.buildings import build, sell_buildings
from referee.core.buying import auction, auction_minimum, buy
from referee.core.cards import draw_card, find_card
from referee.core.events import Event
from referee.core.jail import jail_card, jail_pay, jail_roll, jail_square, send_to_jail
from referee.core.money import charge, pay, salary, settle
from referee.core.mortgages import lift_cost, mortgage, unmortgage
from referee.core.rent import last_landing, rent
from referee.core.setup import deal
from referee.core.taxes import free_parking, income_tax, income_tax_options, luxury_tax
from referee.core.trades import Side, trade

__all__ = [
    "Event", "Side", "auction", "auction_minimum", "bankrupt", "bankruptcy_check", "build",
    "buy", "charge", "deal", "draw_card", "find_card", "free_parking", "income_tax", "income_tax_options",
    "jail_card", "jail_pay", "jail_roll", "jail_square", "last_landing", "lift_cost", "luxury_tax", "mortgage",
    "partial_payment", "pay", "rent", "salary", "sell_buildings", "send_to_jail", "settle", "trade", "unmortgage",
]
