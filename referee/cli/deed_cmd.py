"""`referee deed`: record a board value read from the deed at the table, mid-game."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.errors import InputError
from referee.words.i18n import N_, _


def _amounts(rs, t, text: str | None, what: str) -> list[int] | None:
    if text is None:
        return None
    parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
    if not parts:
        raise InputError(_("{what}: give the amounts separated by commas, e.g. 20,100,300,900,1600,2500").format(what=what))
    return [_one(rs, t, p, what) or 0 for p in parts]


def _one(rs, t, text: str | None, what: str) -> int | None:
    """An amount in the game's own money (its sign, its way of grouping thousands: L. 6.000, $1,500)."""
    if text is None:
        return None
    return common.amount(rs, t, text.replace(".", "") if "." in text and not text.upper().startswith("L.") else text, what)


def _plain(text: str) -> list[str]:
    """Multipliers are plain counts (4,10), not money."""
    parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
    bad = [p for p in parts if not (p.isascii() and p.isdigit()) or int(p) > 1000]
    if not parts or bad:
        raise InputError(_("--multipliers: give whole numbers separated by commas, e.g. 4,10"))
    return parts


def deed(
    name: Annotated[str, typer.Argument(help=N_("The deed, as printed (or a square number)."))],
    rent: Annotated[Optional[str], typer.Option("--rent", help=N_("All the rents: a lot's six (site, 1-4 houses, hotel); a station's or company's by number owned."))] = None,
    houses: Annotated[Optional[int], typer.Option("--houses", help=N_("Which rent --value is: 0 (the site) to 4 houses."))] = None,
    value: Annotated[Optional[str], typer.Option("--value", help=N_("The rent printed for --houses N."))] = None,
    hotel: Annotated[Optional[str], typer.Option("--hotel", help=N_("The rent with a hotel."))] = None,
    price: Annotated[Optional[str], typer.Option("--price")] = None,
    mortgage: Annotated[Optional[str], typer.Option("--mortgage")] = None,
    house_cost: Annotated[Optional[str], typer.Option("--house-cost", help=N_("Price of a house (the whole group)."))] = None,
    hotel_cost: Annotated[Optional[str], typer.Option("--hotel-cost", help=N_("Price of a hotel (the whole group)."))] = None,
    multipliers: Annotated[Optional[str], typer.Option("--multipliers", help=N_("Company: times the dice, by number owned (e.g. 4,10)."))] = None,
    new_name: Annotated[Optional[str], typer.Option("--name", help=N_("The name printed on your board (for placeholder squares)."))] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    game: Annotated[Optional[str], typer.Option("--game", "-g")] = None,
) -> None:
    """Record values read from a deed at the table, in the edition's money: they apply from now on.

    Examples: referee deed "Vicolo Corto" --rent 200,1000,3000,9000,16000,25000 ;
    referee deed "Vicolo Corto" --houses 2 --value 3000 ; referee deed "Società Elettrica" --multipliers 4,10.
    The value is an event in the game log (undo takes it back); `referee board --export FILE` writes the
    corrected board for the next game.
    """
    from referee.cli.context import record
    from referee.core import board_values
    from referee.moves import model

    def build(rs, t):
        values = {
            "name": new_name,
            "rent": _amounts(rs, t, rent, "--rent"),
            "houses": houses,
            "value": _one(rs, t, value, "--value"),
            "hotel": _one(rs, t, hotel, "--hotel"),
            "price": _one(rs, t, price, "--price"),
            "mortgage": _one(rs, t, mortgage, "--mortgage"),
            "house_cost": _one(rs, t, house_cost, "--house-cost"),
            "hotel_cost": _one(rs, t, hotel_cost, "--hotel-cost"),
            "multipliers": [int(m) for m in _plain(multipliers)] if multipliers is not None else None,
        }
        return model.DeedValues(tuple(board_values.read_values(rs, common.resolve_deed(rs, name), values)))

    record(game, build, as_json)


def export_board(rs, path: str) -> None:
    """`referee board --export FILE`: the game's board as a board file (`rules validate` checks it)."""
    import os

    import yaml

    from referee.core import board_values

    stem = os.path.splitext(os.path.basename(path))[0] or "table-board"
    doc = board_values.board_file(rs, stem)
    head = (f"# Board file exported by `referee board --export` from a {rs.edition} game.\n"
            f"# Use it for the next game:  referee new --ruleset {rs.edition} --board {path} NAME NAME ...\n"
            f"# Check it:                  referee rules validate {path}\n")
    text = head + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=120)
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    common.out.print(_("wrote {path}: the board of this game ({status}); start the next game with --board {path}").format(
        path=path, status=doc["board"]["status"]))
