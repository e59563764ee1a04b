"""The translation round: extract the marked strings, update the .po catalogs, compile the .mo.

    python scripts/catalogs.py            # extract → referee/locale/referee.pot, update every LANG's .po, compile .mo
    python scripts/catalogs.py --compile  # only compile (after editing a .po by hand)

Needs Babel (in the `test` extra); the program itself reads the committed .mo with
the standard library's gettext. docs/translating.md explains the round.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.frontend import main as pybabel

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "referee" / "locale"
POT = LOCALE / "referee.pot"
LANGS = tuple(sorted(d.name for d in LOCALE.iterdir() if d.is_dir()))  # every catalog folder; a new language: mkdir referee/locale/LANG


def run(*args: str) -> None:
    sys.argv = ["pybabel", "-q", *args]
    try:
        pybabel()
    except SystemExit as e:
        if e.code:
            raise


def compile_mo(po: Path) -> None:
    """The .mo beside the .po. Babel's `compile` would also run its printf checker, which reads '10 % of' as a
    '% o' placeholder; our strings are str.format templates, whose fields tests/test_i18n.py checks instead."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po, "rb") as f:
        catalog = read_po(f)
    with open(po.with_suffix(".mo"), "wb") as f:
        write_mo(f, catalog)
    done = sum(1 for m in catalog if m.id and m.string and not m.fuzzy)
    print(f"{po.relative_to(ROOT)}: {done} of {sum(1 for m in catalog if m.id)} messages translated")


def main() -> None:
    if "--compile" not in sys.argv[1:]:
        run("extract", "-F", str(ROOT / "babel.cfg"), "-o", str(POT), "--no-location", "--sort-output",
            "--project", "referee", "--copyright-holder", "the referee authors", "-c", "TRANSLATORS:", str(ROOT))
        for lang in LANGS:
            po = LOCALE / lang / "LC_MESSAGES" / "referee.po"
            if po.exists():
                run("update", "-i", str(POT), "-o", str(po), "-l", lang, "--no-fuzzy-matching", "--ignore-obsolete", "--no-wrap")
            else:
                run("init", "-i", str(POT), "-o", str(po), "-l", lang, "--no-wrap")
    for lang in LANGS:
        po = LOCALE / lang / "LC_MESSAGES" / "referee.po"
        compile_mo(po)


if __name__ == "__main__":
    main()
