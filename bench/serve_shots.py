"""Screenshots of a player's phone for docs/serve.md: the seat's page at 390×844 in English, Spanish and Italian.

A game per language (us-classic, mx-hasbro, it-lire), a few moves, a landing that
asks to buy; `referee serve --lan` on 127.0.0.1 and Ana's own link
(`referee seats`) opened in Debian's Chromium. Writes docs/img/serve-phone-LANG.png.
Run: python bench/serve_shots.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_bench import BIN, referee, screenshots  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs" / "img"
GAMES = {"en": ("us-classic", ["Ana", "Ben", "Carla"]), "es": ("mx-hasbro", ["Ana", "Beto", "Carla"]),
         "it": ("it-lire", ["Ana", "Bruno", "Carla"])}


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="serve-shots-"))
    os.environ.setdefault("REFEREE_CACHE", str(tmp / "cache"))
    DOCS.mkdir(exist_ok=True)
    for lang, (edition, names) in GAMES.items():
        game = tmp / f"{lang}.sqlite"
        referee(game, "new", *names, "--ruleset", edition, "--turns")
        for cmd in (["roll", "1", "2"], ["buy", names[0], "3"], ["roll", "1", "2"], ["rent", names[1], "3"],
                    ["roll", "2", "4"], ["pay", names[2], names[1], "2000"]):
            referee(game, *cmd)
        referee(game, "roll", "1", "1")  # Ana: 3 -> 5 and on; the page shows what her landing asks
        seats = json.loads(subprocess.run([str(BIN), "--game", str(game), "seats", "--json"], capture_output=True, text=True,
                                          check=True).stdout)
        link = next(s["link"] for s in seats if s["seat"] == names[0])
        out = DOCS / f"serve-phone-{lang}.png"
        screenshots(game, [("/" + link.split("/", 3)[3], out)])
        print(f"{lang}: {out}")


if __name__ == "__main__":
    main()
