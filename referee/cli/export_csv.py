"""`referee export --csv`: the ledger as a spreadsheet, one row per move that counts.

Columns: entry (the log's number), time (UTC, ISO 8601), player (whom the move
is about), action (the kind of move), description, amount (the move's main
figure, in whole units of the edition's money), then one `cash NAME` column
per player, holding that player's cash after the move — the column a
spreadsheet charts. Undone and voided entries are left out; amended ones
appear as corrected. The headers are in the table's language, and so is the
action: the command word a banker at that table types for it (paga, compra).
"""

from __future__ import annotations

import csv
import sys
from typing import TextIO

from referee.words.i18n import ngettext, own_words, pgettext


def header(names: list[str]) -> list[str]:
    heads = [pgettext("csv", "entry"), pgettext("csv", "time"), pgettext("csv", "player"), pgettext("csv", "action"),
             pgettext("csv", "description"), pgettext("csv", "amount")]
    return heads + [pgettext("csv", "cash {name}").format(name=n) for n in names]


def action(kind: str) -> str:
    """A move's kind as the table types it: `pay` → paga, `tax.income` → tassa patrimoniale (in Italian)."""
    from referee.cli.fix_cmd import COMMAND_OF  # the command that records the kind (turn.next is typed `next`)
    from referee.words.commands import SUB_WORDS, sub_word, word

    head, _dot, sub = kind.partition(".")
    typed = COMMAND_OF.get(kind)
    if typed and len(typed) == 1 and typed[0] != head:
        head, sub = typed[0], ""
    said = word(head)
    if said == head:  # no word of the table's own (English): the kind as the ledger names it
        return kind
    if sub and head in SUB_WORDS:
        said = f"{said} {sub_word(head, sub)}"
    elif sub:
        said += f".{sub}"
    return own_words(said)  # a word here, not a line to type: the edition's own (tarjeta, not carta, in Mexico)


def write_rows(g, f: TextIO) -> int:
    from referee.store.summary import rows

    names, rs_rows = rows(g)
    w = csv.writer(f, lineterminator="\n")
    w.writerow(header(names))
    for r in rs_rows:
        w.writerow([r.entry, r.time, r.player or "", action(r.type), r.text, "" if r.amount is None else r.amount]
                   + [r.cash[n] for n in names])
    return len(rs_rows)


def export_csv(g, path: str | None) -> None:
    from referee.cli.common import out

    if path is None:
        write_rows(g, sys.stdout)
        return
    with open(path, "w", encoding="utf-8", newline="") as f:
        n = write_rows(g, f)
    out.print(ngettext("wrote {path} ({n} move)", "wrote {path} ({n} moves)", n).format(path=path, n=n))
