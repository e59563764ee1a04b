"""A recorded game as a scenario: the table at `new`, every move that counts as a `given:` step, the last one claimed.

`check` then replays the game through its claim kinds (the scenario notation,
`moves/scenario_notation.py`) where the console replayed it through the
commands; both must reach the same table (tests/test_corpus.py). Values read
from the deeds at the table go into a board file beside the scenario, laid
from the start (each was read before its first use).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.errors import InputError
from referee.moves import model
from referee.moves.scenario_notation import claim
from referee.store.ledger import Game
from referee.store.replay import live_moves


def scenario_of(g: Game, folder: Path) -> Path:
    """Write the game as `folder/game.yaml` (and `folder/board.yaml` when the table read deed values); its path."""
    import yaml

    from referee.core.board_values import board_file

    rs, evs, spec = g.ruleset(), g._events(), g.spec
    start = g._replay(evs, before=evs[1][0]) if len(evs) > 1 else g.state()
    steps: list[dict[str, Any]] = []
    read_values = False
    for m in live_moves(evs):
        mv = model.from_event(m["type"], m.get("args") or {}, f"#{m['entry']}")
        if isinstance(mv, model.DeedValues):
            read_values = True
            continue
        step = claim(rs, mv)
        if step is None:
            raise InputError(f"#{m['entry']} ({m['type']}) has no claim kind to say it in a scenario")
        steps.append(step)
    if not steps:
        raise InputError("the game has no move to claim")
    end = g.state()
    doc: dict[str, Any] = {"ruleset": spec["ruleset"], "variants": spec.get("variants") or [], "house_rules": spec.get("house_rules") or [],
                           "players": {p.name: {"cash": p.cash, **({"deeds": _holdings(rs, start, p.name)} if _holdings(rs, start, p.name) else {})}
                                       for p in start.players},
                           "claims": [dict({"says": "the recorded game, move for move", "given": steps[:-1]}, **steps[-1],
                                           cash={p.name: p.cash for p in end.players if not p.bankrupt})]}
    if start.extra.get("tracking"):
        doc["turn"] = spec["players"][0]
    if read_values:
        (folder / "board.yaml").write_text(yaml.safe_dump(board_file(rs), allow_unicode=True, sort_keys=False), encoding="utf-8")
        doc["board"] = "board.yaml"
    out = folder / "game.yaml"
    out.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return out


def _holdings(rs: Any, t: Any, name: str) -> list[str]:
    return [rs.squares[i].name for i, d in sorted(t.deeds.items()) if d.owner == name]
