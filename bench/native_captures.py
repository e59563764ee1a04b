"""Captures for a native reader (issue 29): each language's whole corpus game, on every screen a player sees.

For each table below, the corpus game (tests/corpus/EDITION.moves) is made and replayed at the console as its
banker typed it, and the screens are written to docs/review/captures/TABLE/:
  console.txt   what the console said for every line, errors a banker makes included
  screens.txt   status, summary (terminal and Markdown), CSV, log, score, why, a refusal, `ask`, usage errors
  watch-45.txt, watch-80.txt   `referee watch` in a real terminal (tmux) 45 and 80 columns wide
  phone.png, spectator.png     the page at 390×844: the seat of the player on turn, and the table's page
Run: python bench/native_captures.py [TABLE ...]   (needs tmux and /usr/bin/chromium for the last two kinds)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_bench import BIN, CHROMIUM, screenshots  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "review" / "captures"
# table: (corpus game, language flag or None for the edition's own, a question, a refused move, a misspelt move)
TABLES = {
    "it-lire": ("it-lire", None, "quanto si paga di affitto con un albergo?", "compra Anna Parco della Vittoria",
                "paga Ana banca 50"),
    "mx-hasbro": ("mx-hasbro", None, "¿cuánto se paga de renta con un hotel?", "compra Ana Paseo de la Reforma",
                  "paga Anna banco 50"),
    "latam-ciudades": ("latam-ciudades", None, "¿cuánto se paga de alquiler con un hotel?", "compra Ana Bogotá",
                       "paga Anna banco 50"),
    "us-classic-fr": ("us-classic", "fr", "combien coûte le loyer avec un hôtel ?", "achete Ana Boardwalk",
                      "paie Anna banque 50"),
    "us-classic-it": ("us-classic", "it", "quanto si paga di affitto con un albergo?", "compra Ana Boardwalk",
                      "paga Anna banca 50"),
    "us-classic-es": ("us-classic", "es", "¿cuánto se paga de renta con un hotel?", "compra Ana Boardwalk",
                      "paga Anna banco 50"),
    "uk-fr": ("uk-short-game", "fr", "combien coûte le loyer avec un hôtel ?", "achète Alf Mayfair", "paie Alff banque 50"),
    "us-classic-en": ("us-classic", "en", "how much is the rent with a hotel?", "buy Ana Boardwalk", "pay Anna bank 50"),
}


def cli(game: Path, lang: str | None, *args: str, stdin: str | None = None) -> str:
    argv = [str(BIN), "--game", str(game), *(("--lang", lang) if lang else ()), *args]
    r = subprocess.run(argv, input=stdin, capture_output=True, text=True, env={**os.environ, "COLUMNS": "80"})
    return f"$ referee {' '.join(args)}\n{r.stdout}{r.stderr}[exit {r.returncode}]\n\n"


def watch_in_tmux(game: Path, lang: str | None, width: int) -> str:
    """`referee watch` as a terminal shows it: tmux's own pane, `width` columns by 40 lines."""
    if not shutil.which("tmux"):
        return cli(game, lang, "watch", "--once")
    name = f"cap{os.getpid()}{width}"
    cmd = " ".join([str(BIN), "--game", str(game), *(("--lang", lang) if lang else ()), "watch"])
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", str(width), "-y", "40", cmd], check=True)
    try:
        time.sleep(2.5)
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", name], capture_output=True, text=True).stdout
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def shots(game: Path, lang: str | None, out: Path) -> None:
    seats = json.loads(subprocess.run([str(BIN), "--game", str(game), "seats", "--json"], capture_output=True, text=True,
                                      check=True).stdout)
    status = json.loads(subprocess.run([str(BIN), "--game", str(game), "status", "--json"], capture_output=True,
                                       text=True).stdout or "{}")
    turn = status.get("turn") or seats[0]["seat"]
    link = next((s["link"] for s in seats if s["seat"] == turn), seats[0]["link"])
    screenshots(game, [("/" + link.split("/", 3)[3], out / "phone.png"), ("/", out / "spectator.png")], full_page=True)


def capture(table: str, tmp: Path) -> Path:
    edition, lang, question, refused, misspelt = TABLES[table]
    src = (ROOT / "tests" / "corpus" / f"{edition}.moves").read_text(encoding="utf-8").splitlines()
    new = next(x[2:] for x in src if x.startswith("# new ")).split()
    lines = [x for x in src if x and not x.startswith("#")]
    game = tmp / f"{table}.sqlite"
    out = OUT / table
    out.mkdir(parents=True, exist_ok=True)
    console = cli(game, lang, *new)
    console += cli(game, lang, "play", stdin="\n".join([*lines, misspelt, refused]) + "\n")
    (out / "console.txt").write_text(console, encoding="utf-8")
    screens = "".join(cli(game, lang, *argv) for argv in (
        ("status",), ("summary",), ("summary", "--markdown"), ("export", "--csv"), ("log",), ("score",), ("why",),
        ("ask", question), ("rules", "list"), *[tuple(refused.split())], ("pay", "--nope")))
    (out / "screens.txt").write_text(screens, encoding="utf-8")
    for width in (45, 80):
        (out / f"watch-{width}.txt").write_text(watch_in_tmux(game, lang, width), encoding="utf-8")
    if Path(CHROMIUM).exists():
        shots(game, lang, out)
    return out


def main(argv: list[str]) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="native-captures-"))
    os.environ.setdefault("REFEREE_CACHE", str(tmp / "cache"))
    for table in argv or list(TABLES):
        if table not in TABLES:
            raise SystemExit(f"unknown table {table!r}: one of {', '.join(TABLES)}")
        print(f"{table}: {capture(table, tmp)}")


if __name__ == "__main__":
    main(sys.argv[1:])
