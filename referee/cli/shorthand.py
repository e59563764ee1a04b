"""The table console's vocabulary: aliases, words that leave or ask for help, and
which argument names take a player or a deed. Shared by the console and its
completion (which is why it is a module of its own).
"""

from __future__ import annotations

from referee.words.i18n import N_

ALIASES = {
    "b": "buy", "r": "rent", "a": "auction", "p": "pay", "c": "collect", "s": "status", "st": "status",
    "m": "mortgage", "um": "unmortgage", "h": "build", "house": "build", "sl": "sell", "tr": "trade",
    "n": "next", "t": "turn", "d": "draw", "rl": "roll", "dice": "roll", "u": "undo", "z": "undo",
    "l": "log", "salary": "go", "bk": "bankrupt", "x": "tax", "k": "card",
}
# The command words of the tables that speak Spanish and Italian (the books' own verbs and
# nouns, shared/glossary.md), accepted whatever the language; `help` and completion show
# those of the table's language.
WORDS = {
    "es": {
        "compra": "buy", "comprar": "buy", "paga": "pay", "pagar": "pay", "cobra": "collect", "cobrar": "collect",
        "renta": "rent", "alquiler": "rent", "subasta": "auction", "remate": "auction",
        "hipoteca": "mortgage", "hipotecar": "mortgage", "deshipoteca": "unmortgage", "levanta": "unmortgage",
        "construye": "build", "construir": "build", "casa": "build", "vende": "sell", "vender": "sell",
        "intercambio": "trade", "trato": "trade", "impuesto": "tax", "estacionamiento": "parking",
        "cárcel": "jail", "carcel": "jail", "salida": "go", "sueldo": "go", "salda": "settle", "liquida": "settle",
        "quiebra": "bankrupt", "bancarrota": "bankrupt", "deshacer": "undo", "rehacer": "redo", "estado": "status", "puntos": "score",
        "tira": "roll", "dados": "roll", "siguiente": "next", "turno": "turn", "saca": "draw", "carta": "card",
        "cartas": "cards", "historial": "log", "reparte": "deal", "tablero": "board", "escritura": "deed",
        "reglas": "rules", "pregunta": "ask",
    },
    "it": {
        "compra": "buy", "comprare": "buy", "paga": "pay", "pagare": "pay", "incassa": "collect", "riscuoti": "collect",
        "affitto": "rent", "rendita": "rent", "asta": "auction", "ipoteca": "mortgage", "ipotecare": "mortgage",
        "riscatta": "unmortgage", "costruisci": "build", "costruire": "build", "vendi": "sell", "vendere": "sell",
        "scambio": "trade", "tassa": "tax", "posteggio": "parking", "prigione": "jail", "via": "go",
        "salda": "settle", "fallimento": "bankrupt", "annulla": "undo", "ripristina": "redo", "stato": "status", "punteggio": "score",
        "tira": "roll", "dadi": "roll", "avanti": "next", "prossimo": "next", "turno": "turn", "pesca": "draw",
        "carta": "card", "carte": "cards", "registro": "log", "distribuisci": "deal", "tabellone": "board",
        "contratto": "deed", "regole": "rules", "chiedi": "ask",
    },
}
# the words after `jail` (cárcel paga Ana, prigione carta Ana)
SUB_WORDS = {
    "jail": {"paga": "pay", "multa": "pay", "carta": "card", "tira": "roll", "dados": "roll", "dadi": "roll",
             "manda": "send", "envía": "send", "envia": "send"},
    "tax": {"ingresos": "income", "lujo": "luxury", "patrimoniale": "income", "lusso": "luxury",
            "porcentaje": "percent", "fijo": "flat", "percentuale": "percent", "fisso": "flat", "fissa": "flat"},
}
for _words in WORDS.values():
    for _w, _cmd in _words.items():
        ALIASES.setdefault(_w, _cmd)


def words_of(lang: str) -> dict[str, str]:
    """The aliases shown in `help` and completion at a table speaking `lang`: the shortcuts and that language's words."""
    other = {w for code, ws in WORDS.items() if code != lang for w in ws}
    mine = WORDS.get(lang, {})
    return {a: c for a, c in ALIASES.items() if a in mine or a not in other}


def expand_sub(words: list[str]) -> list[str]:
    """`cárcel paga Ana` → `jail pay Ana`: a group's sub-command word in Spanish or Italian."""
    if len(words) > 1 and words[0] in SUB_WORDS:
        sub = SUB_WORDS[words[0]].get(words[1].lower())
        if sub:
            return [words[0], sub, *words[2:]]
    return words


QUIT = ("quit", "exit", "q", "bye", "salir", "esci")
HELP = ("help", "?", "h?", "ayuda", "aiuto")
NOT_HERE = {  # the reasons are translated where they are shown
    "play": "you are in the console already",
    "watch": "run `referee watch` in a second terminal",
}
N_REASONS = (N_("you are in the console already"), N_("run `referee watch` in a second terminal"))
PLAYER_PARAMS = {"player", "payer", "payee", "a", "b", "debtor", "winner"}
DEED_PARAMS = {"deed", "deeds"}
JOINABLE = {"deed", "name"}


def split_line(line: str) -> list[str]:
    import shlex  # the console's line splitting; a one-shot command never needs it

    try:
        return shlex.split(line, comments=True)
    except ValueError:
        return line.split()
