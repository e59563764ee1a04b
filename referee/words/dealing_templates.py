"""The words of who may make a move and what may change hands between players: the owner's rights, loans
and gifts, the bank's auction after a bankruptcy, a hotel broken unevenly. Merged into referee.words.templates.TEMPLATES;
kept apart so each module stays short."""

from __future__ import annotations

from typing import Any


def dealing_templates() -> dict[str, Any]:
    return {
        "refused.gift": "{player} would give something for nothing: loans and gifts between players are not allowed",
        "refused.not_owner": "{player} does not own {deed}: {owner} does, and only the owner may do that",
        "refused.money_for_nothing": "{player} would hand over money for nothing in return: only the bank lends money",
        "trade.gift": "{player} gives it for nothing: deeds change hands for whatever amount both players agree",
        "refused.loan": "{payer} would lend {payee} money: players do not lend to each other (a debt to a player is recorded by the move that causes it)",
        "refused.gift_pay": "{payer} would give {payee} money as a gift: players do not give each other money",
        "refused.hotel_break_uneven": ("the bank has {houses} houses to break {deed}'s hotel into, so the group would be left uneven "
                                       "({highs:list} stand higher): sell the group's hotels together, or wait for houses"),
        "refused.bank_auctions": "{deed} came to the bank in a bankruptcy: the bank auctions it, it is not sold at its printed price",
    }
