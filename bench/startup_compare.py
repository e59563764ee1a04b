"""Start-up of two installed builds, interleaved: median CPU time (user+sys) of the child and wall time.

Wall time on a shared 2-core machine swings by ±20 %; the child's CPU time, with the two
builds' runs interleaved, is what tells a 5 % change. Install each build in its own venv
(non-editable, so bytecode is compiled), then:

    python bench/startup_compare.py OLD_VENV/bin/referee NEW_VENV/bin/referee [RUNS]

e.g. OLD = `pip install .` of an earlier commit in a worktree. Each build gets its own game
file and cache; `status`, a rent and `--help` are timed (English, 120 columns).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from time import perf_counter

CMDS = {"status": ["status"], "rent": ["rent", "Ben", "Boardwalk"], "--help": ["--help"]}


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    bins = {"old": sys.argv[1], "new": sys.argv[2]}
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    tmp = Path(tempfile.mkdtemp())

    def env(name: str) -> dict:
        return dict(os.environ, REFEREE_CACHE=str(tmp / f"cache-{name}"), COLUMNS="120", REFEREE_LANG="en")

    for name, b in bins.items():
        g = str(tmp / f"{name}.sqlite")
        for cmd in (["new", "Ana", "Ben", "Carla"], ["buy", "Ana", "Boardwalk"], *CMDS.values()):
            subprocess.run([b, "--game", g, *cmd], env=env(name), capture_output=True)  # set up and warm caches

    def one(name: str, cmd: list[str]) -> tuple[float, float]:
        r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), perf_counter()
        subprocess.run([bins[name], "--game", str(tmp / f"{name}.sqlite"), *cmd], env=env(name),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t1, r1 = perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
        return (r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000, (t1 - t0) * 1000

    print(f"{runs} interleaved runs each; load average {os.getloadavg()[0]:.2f}")
    for label, cmd in CMDS.items():
        res: dict[str, list[tuple[float, float]]] = {n: [] for n in bins}
        for _ in range(runs):
            for name in bins:
                res[name].append(one(name, cmd))
        cpu = {n: statistics.median(c for c, _ in xs) for n, xs in res.items()}
        wall = {n: statistics.median(w for _, w in xs) for n, xs in res.items()}
        print(f"{label:8s} old cpu {cpu['old']:.0f} ms (wall {wall['old']:.0f}) | new cpu {cpu['new']:.0f} ms "
              f"(wall {wall['new']:.0f}) | cpu ratio {cpu['new'] / cpu['old']:.3f}")


if __name__ == "__main__":
    main()
