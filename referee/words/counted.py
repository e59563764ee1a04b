"""A template whose words follow a number: "1 player", "3 players", never "player(s)" (issue 29)."""

from __future__ import annotations

from typing import NamedTuple


class Counted(NamedTuple):
    """The parameter named by `by` chooses the catalog's form, singular or plural, in the table's language
    (`templates.render` asks `npgettext` under the message id)."""

    by: str
    singular: str
    plural: str
