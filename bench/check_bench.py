"""Benchmark `referee check`: 1,000 scenario files in one run.

Copies the scenario library round-robin into a temporary folder until there
are N files (board paths made absolute), then times `referee check --expect
--json FOLDER` as one subprocess (Python start-up, imports, every ruleset
combination composed once, every file parsed and ruled), cold (empty ruleset
cache) and warm. Prints the figures; the target is <= 2 s wall for 1,000
files. Not a test: timings are never asserted.

    python bench/check_bench.py [N]
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(n: int, dest: Path) -> int:
    sys.path.insert(0, str(ROOT))
    from referee.check import collect

    lib = collect([str(ROOT / "scenarios")])
    for i in range(n):
        src = lib[i % len(lib)]
        text = src.read_text(encoding="utf-8")
        for line in text.splitlines():
            if line.startswith("board: "):
                board = (src.parent / line.split(": ", 1)[1].strip()).resolve()
                text = text.replace(line, f"board: {board}")
        (dest / f"{i:04d}-{src.parent.name}-{src.name}").write_text(text, encoding="utf-8")
    return len(lib)


def run(folder: Path, cache: Path) -> tuple[float, dict]:
    exe = Path(sys.executable).parent / "referee"
    env = dict(os.environ, REFEREE_CACHE=str(cache))
    t0 = time.perf_counter()
    p = subprocess.run([str(exe if exe.exists() else "referee"), "check", "--expect", "--json", str(folder)],
                       capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise SystemExit(f"check exited {p.returncode}: {p.stderr[:500]}")
    return wall, json.loads(p.stdout)["summary"]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    tmp = Path(tempfile.mkdtemp(prefix="check-bench-"))
    try:
        folder = tmp / "scenarios"
        folder.mkdir()
        lib = build(n, folder)
        cache = tmp / "cache"
        cold, summary = run(folder, cache)
        warm = [run(folder, cache)[0] for _ in range(3)]
        print(f"{n} scenario files ({lib} distinct in the library), {summary['total']['claims']} claims, "
              f"{len(summary['by_ruleset'])} ruleset combinations")
        print(f"  cold ruleset cache: {cold:.2f} s wall")
        print(f"  warm: median {statistics.median(warm):.2f} s, best {min(warm):.2f} s  (target <= 2 s)")
        print(f"  per file (warm median): {statistics.median(warm) / n * 1000:.2f} ms")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
