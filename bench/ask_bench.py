"""Median wall time of `referee ask`, start-up included, against the bare imports.

    python bench/ask_bench.py [--runs 21] [--referee PATH]

Each sample is a fresh `referee ask` subprocess: Python start-up, imports, the
cached index opened and checked against the ruleset files, the question
answered and printed. The index is built once before timing, in a temporary
cache directory, as it is by the first question on a machine. Cases are
interleaved so machine noise hits them alike. Bytecode is written and used
(PYTHONDONTWRITEBYTECODE is cleared for the runs), as in an installed copy.
Targets (issues 6, 14): median ≤ 150 ms and ≤ 1.3 × the bare imports.
The child's CPU time (user + sys) is shown too: on a shared machine wall time
swings with the load, CPU time much less.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CASES = [
    ("one edition", ["can I collect rent while I'm in jail?", "--ruleset", "us-classic"]),
    ("Spanish", ["¿cuánto cuesta levantar la hipoteca?", "--ruleset", "latam-ciudades"]),
    ("Italian", ["quanto si paga per uscire di prigione", "--ruleset", "it-lire"]),
    ("--json", ["who can bid in an auction", "--ruleset", "mx-hasbro", "--json"]),
    ("--all-editions", ["what does free parking do", "--all-editions"]),
    ("no good match", ["what is the capital of France", "--ruleset", "us-1950s"]),
    ("a variant (--ruleset)", ["how does the game end?", "--ruleset", "short-game"]),
    ("inside a game", ["how much is the jail fine"]),
    ("a board figure", ["rent on Boardwalk with a hotel", "--ruleset", "us-classic"]),
]


def referee_cmd(explicit: str | None) -> list[str]:
    if explicit:
        return [explicit]
    here = Path(sys.executable).with_name("referee")
    if here.exists():
        return [str(here)]
    found = shutil.which("referee")
    return [found] if found else [sys.executable, "-m", "referee"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=21, help="samples per case (default 21)")
    ap.add_argument("--referee", help="the referee executable (default: next to this Python)")
    args = ap.parse_args()
    cmd = referee_cmd(args.referee)
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as cwd:
        env = dict(os.environ, REFEREE_CACHE=cache, COLUMNS="100")
        for k in ("REFEREE_GAME", "PYTHONDONTWRITEBYTECODE"):
            env.pop(k, None)
        game = str(Path(cwd) / "game.sqlite")
        subprocess.run(cmd + ["--game", game, "new", "Ana", "Ben", "--ruleset", "us-classic"], env=env, cwd=cwd,
                       check=True, stdout=subprocess.DEVNULL)
        t0 = time.perf_counter()
        subprocess.run(cmd + ["ask", "rent"], env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        print(f"first question (builds the index): {(time.perf_counter() - t0) * 1000:.0f} ms")
        argvs = {label: cmd + ["ask", *q] + (["--game", game] if label == "inside a game" else []) for label, q in CASES}
        argvs["bare imports (baseline)"] = [sys.executable, "-c", "import typer, rich.console, sqlite3"]
        for argv in argvs.values():  # warm: bytecode written, files in the page cache
            subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples: dict[str, list[float]] = {k: [] for k in argvs}
        cpu: dict[str, list[float]] = {k: [] for k in argvs}
        for _ in range(args.runs):
            for label, argv in argvs.items():
                r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
                t = time.perf_counter()
                r = subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                samples[label].append((time.perf_counter() - t) * 1000)
                r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu[label].append((r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000)
                if r.returncode not in (0, 1):
                    print(f"{label}: exit {r.returncode}: {r.stderr.decode().strip()}", file=sys.stderr)
                    return 2
        print(f"{'case':<26} {'median':>9} {'min':>7} {'p25':>7} {'p75':>7} {'cpu':>9}   ({args.runs} runs each, interleaved)")
        for label, ts in samples.items():
            q = statistics.quantiles(ts, n=4)
            print(f"{label:<26} {statistics.median(ts):>6.0f} ms {min(ts):>4.0f} ms {q[0]:>4.0f} ms {q[2]:>4.0f} ms "
                  f"{statistics.median(cpu[label]):>6.0f} ms")
        ask = [t for label, ts in samples.items() if not label.startswith("bare") for t in ts]
        ask_cpu = [t for label, ts in cpu.items() if not label.startswith("bare") for t in ts]
        med, base = statistics.median(ask), statistics.median(samples["bare imports (baseline)"])
        base_cpu = statistics.median(cpu["bare imports (baseline)"])
        print(f"{'all ask runs, CPU time':<26} {statistics.median(ask_cpu):>6.0f} ms   = {statistics.median(ask_cpu) / base_cpu:.2f} × the bare imports' CPU time")
        print(f"{'all ask runs':<26} {med:>6.0f} ms   = {med / base:.2f} × the bare imports; "
              f"target ≤ 150 ms: {'met' if med <= 150 else 'NOT met'}, ≤ 1.3 ×: {'met' if med <= 1.3 * base else 'NOT met'} "
              f"(load average {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
