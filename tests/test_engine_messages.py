"""The renderer: every message id the engine emits has English words, and next-actions become commands."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from referee.msg import Msg, Next
from referee.words.messages import TEMPLATES, render, render_next

CORE = Path(__file__).resolve().parent.parent / "referee" / "core"


def _message_ids(tree: ast.AST) -> set[str]:
    """The ids passed to Msg(…), ev.say/note(…), refuse(rs, clause, …), invalid(…) and doing(…), conditional ones too."""
    position = {"Msg": 0, "say": 0, "note": 0, "refuse": 2, "invalid": 0, "doing": 0}
    ids: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        if name not in position or len(node.args) <= position[name]:
            continue
        for c in ast.walk(node.args[position[name]]):
            if isinstance(c, ast.Constant) and isinstance(c.value, str):
                ids.add(("doing." if name == "doing" else "") + c.value)
    return ids


def test_every_message_id_written_in_the_core_has_a_template():
    ids: set[str] = set()
    for f in CORE.glob("*.py"):
        ids |= _message_ids(ast.parse(f.read_text()))
    ids -= {"doing."}  # the helper that builds them
    assert len(ids) > 100, "the scan found too few message ids"
    assert ids <= set(TEMPLATES), ids - set(TEMPLATES)


def _strings(tree: ast.AST) -> list[tuple[int, str]]:
    """Every string literal (f-string parts included) except docstrings."""
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def test_no_command_syntax_is_written_in_the_core():
    syntax = re.compile(r"--[a-z][a-z-]+|`(roll|next|turn|draw|referee|cards)\b|referee [a-z]|record (each|the rent) with|lists them")
    for f in CORE.glob("*.py"):
        for line, text in _strings(ast.parse(f.read_text())):
            assert not syntax.search(text), f"{f.name}:{line}: {text}"


def test_next_actions_render_as_the_commands_players_type():
    assert render_next(Next("buy", {"player": "Ana", "deed": "Park Place"})) == 'buy Ana "Park Place"'
    assert render_next(Next("auction", {"winner": None, "deed": "Boardwalk", "price": None})) == "auction WINNER Boardwalk PRICE"
    assert render_next(Next("rent", {"player": "Ben", "deed": "Electric Company", "dice": None})) == 'rent Ben "Electric Company" --dice N'
    assert render_next(Next("rent", {"player": "Ben", "deed": "Water Works", "card": "nearest-utility", "dice": 8})) \
        == 'rent Ben "Water Works" --card nearest-utility --dice 8'
    assert render_next(Next("tax", {"tax": "income", "player": "Ana", "choice": ["percent", "flat"]})) \
        == "tax income Ana --choice percent|flat"


def test_money_is_formatted_by_the_given_formatter():
    msg = Msg("square.luxury_tax", {"player": "Ana", "amount": 75})
    assert render(msg, lambda n: f"${n}") == "Ana pays $75 luxury tax (tax luxury Ana)"
    assert render(msg, lambda n: f"L. {n:,}".replace(",", ".")) == "Ana pays L. 75 luxury tax (tax luxury Ana)"
