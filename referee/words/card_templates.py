"""The words of a Chance or Community Chest card drawn (core/cards.py): what it paid, where it moved the token.
Merged into referee.words.templates.TEMPLATES; kept apart so each module stays short."""

from __future__ import annotations

from typing import Any

from referee.words.counted import Counted


def card_templates() -> dict[str, Any]:
    return {
        "card.drawn": "{player} draws '{card}'",
        "card.collect": "{player} draws '{card}': collects {amount:money} from the bank",
        "card.moves": "{player} draws '{card}': moves to {square}",
        "card.moves_salary": "{player} draws '{card}': moves to {square}, collects the {amount:money} salary",
        "card.pay_bank": "{player} draws '{card}': pays {amount:money} to the bank",
        "card.pay_pot": "{player} draws '{card}': pays {amount:money} into the Free Parking pot",
        "card.collect_all": "{player} draws '{card}': collects {amount:money} in all",
        "card.pay_all": "{player} draws '{card}': pays {amount:money} in all",
        "card.repairs": "{player} draws '{card}': pays {amount:money}",
        "card.each": Counted("players", "{players} player × {each:money} = {total:money}", "{players} players × {each:money} = {total:money}"),
        "card.repairs_sum": 'houses: {houses} × {per_house:money}; hotels: {hotels} × {per_hotel:money}; in all {amount:money}',
        "card.go_salary": 'passes or lands on GO: salary {amount:money}',
        "card.moves_to": 'moves to {square}',
    }
