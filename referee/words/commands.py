"""The table's command words in each language, and a command line spelt in them.

One vocabulary serves both directions: the console and the one-shot CLI read a
Spanish or Italian word as its command (`compra`, `costruisci`), and a hint the
engine suggests is printed with the word of the table's language
(`costruisci "Viale Monterosa"` at an Italian table), never as English syntax.
The first word listed for a command in a language is the one printed.
Options too: `--dados 7` is `--dice 7` at a Spanish table, and a hint prints it
so (`OPTION_WORDS`); the English spelling is always understood.
"""

from __future__ import annotations

from referee.words.i18n import _, current

# the books' own verbs and nouns (shared/glossary.md), accepted whatever the language
WORDS: dict[str, dict[str, str]] = {
    "es": {
        "compra": "buy", "comprar": "buy", "paga": "pay", "pagar": "pay", "cobra": "collect", "cobrar": "collect",
        "renta": "rent", "alquiler": "rent", "subasta": "auction", "remate": "auction",
        "hipoteca": "mortgage", "hipotecar": "mortgage", "deshipoteca": "unmortgage", "levanta": "unmortgage", "libera": "unmortgage",
        "construye": "build", "construir": "build", "casa": "build", "vende": "sell", "vender": "sell",
        "intercambio": "trade", "trato": "trade", "impuesto": "tax", "estacionamiento": "parking",
        "cárcel": "jail", "carcel": "jail", "salida": "go", "sueldo": "go", "salda": "settle", "liquida": "settle",
        "quiebra": "bankrupt", "bancarrota": "bankrupt", "deshacer": "undo", "rehacer": "redo", "estado": "status", "puntos": "score",
        "tira": "roll", "dados": "roll", "siguiente": "next", "turno": "turn", "saca": "draw", "carta": "card",
        "cartas": "cards", "historial": "log", "reparte": "deal", "tablero": "board", "escritura": "deed",
        "reglas": "rules", "pregunta": "ask", "resumen": "summary", "explica": "why", "anula": "void", "corrige": "amend",
        "sin-ofertas": "no-bid", "exporta": "export", "verifica": "verify",
    },
    "it": {
        "compra": "buy", "comprare": "buy", "paga": "pay", "pagare": "pay", "incassa": "collect", "riscuoti": "collect",
        "affitto": "rent", "rendita": "rent", "asta": "auction", "ipoteca": "mortgage", "ipotecare": "mortgage",
        "riscatta": "unmortgage", "costruisci": "build", "costruire": "build", "vendi": "sell", "vendere": "sell",
        "scambio": "trade", "tassa": "tax", "posteggio": "parking", "prigione": "jail", "via": "go",
        "salda": "settle", "fallimento": "bankrupt", "annulla": "undo", "ripristina": "redo", "stato": "status", "punteggio": "score",
        "tira": "roll", "dadi": "roll", "avanti": "next", "prossimo": "next", "turno": "turn", "pesca": "draw",
        "carta": "card", "carte": "cards", "registro": "log", "distribuisci": "deal", "tabellone": "board",
        "contratto": "deed", "regole": "rules", "chiedi": "ask", "riepilogo": "summary", "perché": "why", "perche": "why",
        "cancella": "void", "correggi": "amend", "nessuna-offerta": "no-bid", "esporta": "export", "verifica": "verify",
    },
    "fr": {
        "achète": "buy", "achete": "buy", "acheter": "buy", "paie": "pay", "paye": "pay", "payer": "pay",
        "encaisse": "collect", "touche": "collect", "loyer": "rent", "enchère": "auction", "enchere": "auction",
        "enchères": "auction", "hypothèque": "mortgage", "hypotheque": "mortgage", "lève": "unmortgage",
        "leve": "unmortgage", "rachète": "unmortgage", "construis": "build", "construire": "build", "vends": "sell",
        "vendre": "sell", "échange": "trade", "echange": "trade", "impôt": "tax", "impot": "tax", "taxe": "tax",
        "parc": "parking", "prison": "jail", "départ": "go", "depart": "go", "règle": "settle", "regle": "settle",
        "faillite": "bankrupt", "annule": "undo", "rétablis": "redo", "retablis": "redo", "état": "status",
        "etat": "status", "points": "score", "lance": "roll", "dés": "roll", "des": "roll", "suivant": "next",
        "tour": "turn", "tire": "draw", "carte": "card", "cartes": "cards", "journal": "log", "distribue": "deal",
        "plateau": "board", "titre": "deed", "règles": "rules", "regles": "rules", "demande": "ask",
        "résumé": "summary", "resume": "summary", "pourquoi": "why", "supprime": "void", "corrige": "amend",
        "aucune-offre": "no-bid", "exporte": "export", "vérifie": "verify", "verifie": "verify",
    },
}
# the table's words for the options a move or a hint uses, per language: the first listed for an option is printed
OPTION_WORDS: dict[str, dict[str, str]] = {
    "es": {
        "--dados": "--dice", "--tarjeta": "--card", "--carta": "--card", "--elige": "--choice", "--cantidad": "--count",
        "--pide": "--wants", "--sin-casas": "--bare", "--paga": "--pay", "--cobra": "--collect", "--cada-uno": "--each",
        "--paso-por-salida": "--passed-go", "--pasó-por-salida": "--passed-go", "--tarde": "--late", "--da": "--give",
        "--recibe": "--take", "--levanta": "--lift", "--libera": "--lift", "--cayo": "--landed", "--cayó": "--landed", "--por": "--for",
        "--valor": "--value", "--precio": "--price", "--forzar": "--force", "--casas": "--houses",
        "--hipoteca": "--mortgage", "--costo-casa": "--house-cost", "--costo-hotel": "--hotel-cost",
        "--multiplicadores": "--multipliers", "--renta": "--rent", "--alquiler": "--rent",
    },
    "it": {
        "--dadi": "--dice", "--carta": "--card", "--scelta": "--choice", "--numero": "--count", "--albergo": "--hotel",
        "--chiede": "--wants", "--senza-case": "--bare", "--paga": "--pay", "--incassa": "--collect",
        "--ciascuno": "--each", "--passato-dal-via": "--passed-go", "--tardi": "--late", "--da": "--give",
        "--ricevi": "--take", "--riscatta": "--lift", "--sosta": "--landed", "--arrivato": "--landed", "--per": "--for", "--valore": "--value",
        "--prezzo": "--price", "--forza": "--force", "--case": "--houses", "--ipoteca": "--mortgage",
        "--costo-casa": "--house-cost", "--costo-albergo": "--hotel-cost", "--moltiplicatori": "--multipliers",
        "--affitto": "--rent",
    },
    "fr": {
        "--dés": "--dice", "--des": "--dice", "--carte": "--card", "--choix": "--choice", "--nombre": "--count",
        "--hôtel": "--hotel", "--demande": "--wants", "--sans-maisons": "--bare", "--paie": "--pay",
        "--encaisse": "--collect", "--chacun": "--each", "--passé-départ": "--passed-go", "--passe-depart": "--passed-go",
        "--tard": "--late", "--donne": "--give", "--reçoit": "--take", "--recoit": "--take", "--lève": "--lift",
        "--leve": "--lift", "--tombe": "--landed", "--pour": "--for", "--valeur": "--value", "--prix": "--price",
        "--maisons": "--houses", "--hypothèque": "--mortgage", "--hypotheque": "--mortgage",
        "--cout-maison": "--house-cost", "--cout-hotel": "--hotel-cost", "--multiplicateurs": "--multipliers",
        "--loyer": "--rent",
    },
}
# the word before a group's level (`build Pink to 3`), as `cli.grammar.TO_WORDS` reads it back
TO_WORD = {"es": "hasta", "it": "fino a", "fr": "à"}
# the words after a group's command (cárcel paga Ana, prigione carta Ana, impuesto ingresos Ana), per language
SUB_WORDS_BY_LANG: dict[str, dict[str, dict[str, str]]] = {
    "es": {"jail": {"paga": "pay", "multa": "pay", "carta": "card", "tira": "roll", "dados": "roll", "manda": "send", "envía": "send", "envia": "send"},
           "tax": {"ingresos": "income", "lujo": "luxury", "porcentaje": "percent", "fijo": "flat"}},
    "it": {"jail": {"paga": "pay", "multa": "pay", "carta": "card", "tira": "roll", "dadi": "roll", "manda": "send"},
           "tax": {"patrimoniale": "income", "lusso": "luxury", "percentuale": "percent", "fisso": "flat", "fissa": "flat"}},
    "fr": {"jail": {"paie": "pay", "amende": "pay", "carte": "card", "lance": "roll", "dés": "roll", "des": "roll", "envoie": "send"},
           "tax": {"revenu": "income", "revenus": "income", "luxe": "luxury", "pourcentage": "percent", "forfait": "flat",
                   "fixe": "flat"}},  # forfait first: the word the screens print ("(forfait)")
}
SUB_WORDS: dict[str, dict[str, str]] = {}
for _subs in SUB_WORDS_BY_LANG.values():
    for _group, _words in _subs.items():
        SUB_WORDS.setdefault(_group, {}).update(_words)


def command_of(word: str) -> str | None:
    """The command a Spanish, Italian or French word names (`costruisci` → build), or None. The table's own language
    is asked first: a word two languages share may name two commands (`carte`: the cards in Italian, a card in French)."""
    w = word.lower()
    for words in (WORDS.get(current(), {}), *WORDS.values()):
        if w in words:
            return words[w]
    return None


def expand_sub(words: list[str]) -> list[str]:
    """`jail paga Ana` → `jail pay Ana`: a group's sub-command word in Spanish or Italian (the group already in English)."""
    if len(words) > 1 and words[0] in SUB_WORDS:
        sub = SUB_WORDS[words[0]].get(words[1].lower())
        if sub:
            return [words[0], sub, *words[2:]]
    return words


def word(command: str, lang: str | None = None) -> str:
    """The word a table speaking `lang` (default: the language shown) types for `command`."""
    for w, c in WORDS.get(lang or current(), {}).items():
        if c == command:
            return w
    return command


def typed_command(line: str) -> str:
    """A line's command (and a group's subcommand) as the table types it: `buy PLAYER DEED` → `compra PLAYER DEED`
    at an Italian table, `jail pay` → `prigione paga`; the rest of the line as it is."""
    head, _sep, rest = line.partition(" ")
    said = word(head)
    if said != head and rest:
        sub, _sep, after = rest.partition(" ")
        typed = sub_word(head, sub)
        rest = typed + (" " + after if after else "") if typed != sub else rest
    return said + (" " + rest if rest else "")


def sub_word(group: str, sub: str, lang: str | None = None) -> str:
    for w, s in SUB_WORDS_BY_LANG.get(lang or current(), {}).get(group, {}).items():
        if s == sub:
            return w
    return sub


def option_of(word: str) -> str | None:
    """The English option a table's option word names (`--dadi` → `--dice`, `--dados=7` → `--dice=7`), or None.
    The table's own language is asked first, as for commands."""
    head, eq, value = word.partition("=")
    w = head.lower()
    for words in (OPTION_WORDS.get(current(), {}), *OPTION_WORDS.values()):
        if w in words:
            return words[w] + eq + value
    return None


def english_options(args: list[str]) -> list[str]:
    """A command line's option words in English, as the commands declare them; everything else as typed."""
    return [(option_of(a) or a) if a.startswith("--") else a for a in args]


def option_word(option: str, lang: str | None = None) -> str:
    """The word a table speaking `lang` (default: the language shown) types for the English `option`."""
    for w, o in OPTION_WORDS.get(lang or current(), {}).items():
        if o == option:
            return w
    return option


def name_arg(name: str) -> str:
    """A square or player name as typed in a command line (quoted when it has spaces)."""
    return f'"{name}"' if any(ch.isspace() for ch in name) else name


def line(command: str, *args: str, lang: str | None = None) -> str:
    """A command line in the table's words: `line("build", "Viale Monterosa")` → `costruisci "Viale Monterosa"` in Italian.
    A group's sub-command is the first argument (`line("tax", "income", "Ana")`); an argument starting with `--` is an option."""
    words = [word(command, lang)]
    rest = list(args)
    if rest and command in SUB_WORDS:  # a group (jail, tax): its sub-command comes first
        words.append(sub_word(command, rest.pop(0), lang))
    for a in rest:
        if a == "to" and command in ("build", "sell"):  # a group's level: construye Rosa hasta 3, costruisci Rosa fino a 3
            words.append(TO_WORD.get(lang or current(), "to"))
        elif a == "bank" and (lang or current()) == current():  # as the table calls it (names.BANK_NAMES reads it back)
            words.append(_("bank"))
        else:
            words.append(option_word(a, lang) if a.startswith("--") else name_arg(a))
    return " ".join(words)
