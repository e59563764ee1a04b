"""Table mode benchmark: console latency per command, and how soon `referee watch` redraws.

    /work/venv/bin/python bench/table_bench.py [--events 1000] [--rounds 200] [--trials 30]

Measures, on a game already holding --events moves (so the figures are those
of a long evening, not of an empty file):

1. in-process: `TableConsole.run_line` per command (the console's own work:
   parse, expand, dispatch to the Click command, core, ledger commit, print);
2. through a pseudo-terminal: a person's view, from Enter to the next prompt
   of a running `referee play` (prompt_toolkit redraw included);
3. `referee watch`: from the commit of a move in another process to its text
   appearing on the watch's terminal output; and the CPU an idle watch uses.

Targets (issue 7): each console command answers in <= 20 ms; the display
refreshes within 500 ms of a change. This is a benchmark, not a test: it
prints figures and exits 0.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REFEREE = str(Path(sys.executable).with_name("referee"))


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def line(name: str, xs: list[float]) -> str:
    ms = [x * 1000 for x in xs]
    return f"  {name:<22} n={len(ms):<4} median {statistics.median(ms):6.2f} ms   p95 {pct(ms, 95):6.2f} ms   max {max(ms):6.2f} ms"


def dice(rng: random.Random) -> tuple[int, int]:
    while True:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        if a != b:
            return a, b


def make_game(path: Path, events: int, env: dict) -> None:
    subprocess.run([REFEREE, "new", "Ana", "Ben", "Cy", "Dee", "--turns", "--force"], env=env, check=True, capture_output=True)
    from referee.core import money, turns
    from referee.store.ledger import Game

    g = Game(path)
    rng = random.Random(7)
    for i in range(events):
        if i % 2:
            g.record(lambda rs, t: turns.roll(rs, t, *dice(rng)))
        else:
            a, b = rng.sample(["Ana", "Ben", "Cy", "Dee"], 2)
            g.record(lambda rs, t, a=a, b=b: money.pay(rs, t, a, b, 1, "filler"))
    g.close()


def bench_in_process(path: Path, rounds: int) -> dict[str, list[float]]:
    from referee.cli.console import TableConsole

    con = TableConsole(path)
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        con.warm_up()
    rng = random.Random(11)
    times: dict[str, list[float]] = {}
    cmds = [
        ("roll (bare dice)", lambda: "{} {}".format(*dice(rng))),
        ("pay", lambda: "pay Ana Ben 1 --for bench"),
        ("rent (refused)", lambda: "rent Ana boardwalk"),
        ("buy Ana st charles…", lambda: "b Ana st charles place"),
        ("undo", lambda: "undo"),
        ("turn", lambda: "turn"),
        ("status", lambda: "status"),
    ]
    for _ in range(rounds):
        for name, make in cmds:
            text = make()
            sink.seek(0)
            sink.truncate()
            with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
                t0 = time.perf_counter()
                con.run_line(text)
                dt = time.perf_counter() - t0
            times.setdefault(name, []).append(dt)
    return times


def bench_pty(env: dict, rounds: int) -> tuple[float, dict[str, list[float]]]:
    import pexpect

    penv = dict(env, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm")
    t0 = time.perf_counter()
    c = pexpect.spawn(REFEREE, ["play"], env=penv, encoding="utf-8", timeout=10, dimensions=(40, 140))
    c.delaybeforesend = None
    c.expect("to throw ›")
    startup = time.perf_counter() - t0
    rng = random.Random(5)
    times: dict[str, list[float]] = {}
    cmds = [
        ("roll", lambda: "{} {}".format(*dice(rng))),
        ("pay", lambda: "pay Ana Ben 1"),
        ("rent (refused)", lambda: "rent Ana boardwalk"),
        ("undo", lambda: "undo"),
        ("status", lambda: "status"),
    ]
    for _ in range(rounds):
        for name, make in cmds:
            text = make()
            t0 = time.perf_counter()
            c.sendline(text)
            # prompt_toolkit turns bracketed paste off when it accepts the line and on again
            # for the next prompt: time until the next prompt is drawn, output included
            c.expect_exact("\x1b[?2004l")
            c.expect_exact("\x1b[?2004h")
            c.expect_exact("›")
            times.setdefault(name, []).append(time.perf_counter() - t0)
    c.sendcontrol("d")
    c.expect(pexpect.EOF)
    c.close()
    return startup, times


def bench_watch(path: Path, env: dict, trials: int) -> tuple[list[float], float]:
    import pexpect

    from referee.core import money
    from referee.store.ledger import Game

    c = pexpect.spawn(REFEREE, ["watch"], env=dict(env, TERM="xterm"), encoding="utf-8", timeout=10, dimensions=(40, 160))
    c.expect("last moves")
    time.sleep(0.5)
    g = Game(path)
    lat = []
    rng = random.Random(3)
    for i in range(trials):
        mark = f"mark{i:03d}x"
        time.sleep(rng.uniform(0.05, 0.3))  # land anywhere in the poll cycle
        g.record(lambda rs, t, mark=mark: money.pay(rs, t, "Ana", "Ben", 1, mark))
        t0 = time.perf_counter()
        c.expect(mark)
        lat.append(time.perf_counter() - t0)
    # idle CPU over 3 s
    stat = Path(f"/proc/{c.pid}/stat")
    cpu = None
    if stat.exists():
        tick = os.sysconf("SC_CLK_TCK")

        def cputime() -> float:
            f = stat.read_text().rsplit(")", 1)[1].split()
            return (int(f[11]) + int(f[12])) / tick

        c0, w0 = cputime(), time.perf_counter()
        end = time.monotonic() + 3
        while time.monotonic() < end:  # keep draining the pty so the child never blocks
            with contextlib.suppress(pexpect.TIMEOUT):
                c.read_nonblocking(4096, timeout=0.2)
        cpu = (cputime() - c0) / (time.perf_counter() - w0) * 100
    g.close()
    c.sendcontrol("c")
    with contextlib.suppress(Exception):
        c.expect(pexpect.EOF, timeout=3)
    c.close(force=True)
    return lat, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=100)
    ap.add_argument("--pty-rounds", type=int, default=30)
    ap.add_argument("--trials", type=int, default=30)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "bench.sqlite"
        cache = os.environ.get("REFEREE_CACHE") or str(Path(d) / "cache")
        os.environ["REFEREE_CACHE"] = cache
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env.update(REFEREE_GAME=str(path), REFEREE_CACHE=cache)
        t0 = time.perf_counter()
        make_game(path, a.events, env)
        print(f"game with {a.events} moves built in {time.perf_counter() - t0:.1f} s ({os.cpu_count()} CPUs)")

        t0 = time.perf_counter()
        subprocess.run([REFEREE, "status"], env=env, check=True, capture_output=True)
        print(f"for comparison, one `referee status` process: {(time.perf_counter() - t0) * 1000:.0f} ms")

        print("\n1. console, in-process (run_line: parse, expand, Click dispatch, core, SQLite commit, print)")
        for name, xs in bench_in_process(path, a.rounds).items():
            print(line(name, xs))

        print("\n2. console through a pseudo-terminal (Enter to the next prompt, as a person waits)")
        startup, times = bench_pty(env, a.pty_rounds)
        print(f"  start-up to first prompt: {startup * 1000:.0f} ms (once per session)")
        allp = []
        for name, xs in times.items():
            print(line(name, xs))
            allp += xs
        print(line("all commands", allp))

        print("\n3. referee watch (commit in another process -> text on the watch's terminal)")
        lat, cpu = bench_watch(path, env, a.trials)
        print(line("refresh latency", lat))
        if cpu is not None:
            print(f"  idle watch CPU: {cpu:.2f} % of one core")


if __name__ == "__main__":
    main()
