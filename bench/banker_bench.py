"""Banker speed: `status` and a rent payment, start-up included, against the bare
framework import, on a fresh game and on a 5,000-event game.

Run: python bench/banker_bench.py [--runs N]
Targets (issue 3): median ≤ 100 ms; ≤ 1.3× `python -c "import typer, rich.console,
rich.table, yaml, sqlite3"`; the 5,000-event game within 1.2× of the fresh one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent / "referee"


def timed(argv: list[str], env: dict, runs: int) -> float:
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1000


def make_big_game(path: Path, events: int) -> None:
    from referee.core import buying, money
    from referee.core.setup import new_game
    from referee.ruleset import loader
    from referee.store.ledger import Game

    rs = loader.load("us-classic")
    t, ops, _ = new_game(rs, ["Ana", "Ben", "Carla"])
    g = Game.create(path, rs.data, {"ruleset": rs.id}, t, ops)
    g.record(lambda rs, t: buying.buy(rs, t, "Ana", 39))
    g.con.execute("PRAGMA synchronous=OFF")  # building the fixture only
    for i in range(events - 2):
        g.record(lambda rs, t, i=i: money.salary(rs, t, ["Ana", "Ben", "Carla"][i % 3]))
    g.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    env = dict(os.environ, REFEREE_CACHE=str(tmp / "cache"), COLUMNS="120")
    # an installed package has its bytecode compiled; don't measure recompiling every module
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    fresh, big = tmp / "fresh.sqlite", tmp / "big.sqlite"
    subprocess.run([str(BIN), "--game", str(fresh), "new", "Ana", "Ben", "Carla"], env=env, check=True, capture_output=True)
    subprocess.run([str(BIN), "--game", str(fresh), "buy", "Ana", "Boardwalk"], env=env, check=True, capture_output=True)
    make_big_game(big, 5000)
    base = [sys.executable, "-c", "import typer, rich.console, rich.table, yaml, sqlite3"]
    rows = []
    # interleave so machine noise hits every figure alike
    results: dict[str, list[float]] = {}
    cases = {
        "bare import (baseline)": base,
        "status (fresh game)": [str(BIN), "--game", str(fresh), "status"],
        "status (5,000 events)": [str(BIN), "--game", str(big), "status"],
        "rent (fresh game)": [str(BIN), "--game", str(fresh), "rent", "Ben", "Boardwalk"],
        "rent (5,000 events)": [str(BIN), "--game", str(big), "rent", "Ben", "Boardwalk"],
    }
    for argv in cases.values():  # warm-up: bytecode, ruleset cache, OS file cache
        timed(argv, env, 1)
    for _ in range(args.runs):
        for name, argv in cases.items():
            results.setdefault(name, []).append(timed(argv, env, 1))
    med = {k: statistics.median(v) for k, v in results.items()}
    b = med["bare import (baseline)"]
    print(f"{'case':<26} {'median ms':>10} {'× baseline':>11}")
    for k, v in med.items():
        rows.append((k, v))
        print(f"{k:<26} {v:>10.1f} {v / b:>11.2f}")
    print(f"status 5,000 vs fresh: {med['status (5,000 events)'] / med['status (fresh game)']:.2f}×; "
          f"rent 5,000 vs fresh: {med['rent (5,000 events)'] / med['rent (fresh game)']:.2f}×")


if __name__ == "__main__":
    main()
