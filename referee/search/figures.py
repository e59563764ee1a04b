"""The board's own figures for `referee ask`: a deed's price, rent, mortgage, a group's house cost, the box's stock.

A clause says how rent works; the deed says how much. A question that asks for an
amount and names a deed, a colour group or a railroad ("rent on Boardwalk with a
hotel", "quanto costano le case dei verdi", "caí en Avenida Illinois con 4 casas")
is answered here from the edition's board data, before the clauses, with the clause
that applies the figure and where the figure comes from (the board file, and its
grade when it rests on one source). A rent is computed by the engine
(`core.rent.rent_due` on a table set up as the question tells), never read off a
text. Names are found with `referee.ruleset.names` (the resolver every command uses).

Pure data out: `Figure` holds the amount and the engine's steps (`Msg`); the words
are the CLI's. A question that asks no amount ("can I…", no "how much", "cost",
"rent"…) returns None before any ruleset is loaded, so `ask` stays cheap.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from referee.ruleset.names import norm

# Words that ask for an amount or a count, in the shipped editions' languages and French (folded: no accents).
_AMOUNT = {"much", "many", "cost", "costs", "price", "rent", "owe", "pay", "worth", "value", "mortgage",
           "cuanto", "cuanta", "cuantos", "cuantas", "cuesta", "cuestan", "vale", "valen", "precio", "renta", "alquiler",
           "hipoteca", "pago", "pagar", "cobra", "quanto", "quanta", "quanti", "quante", "costa", "costano", "prezzo",
           "affitto", "ipoteca", "paga", "pagare", "pagato", "combien", "coute", "coutent", "prix", "loyer", "paie", "payer", "paye", "vaut", "valent", "hypotheque"}
# the box or the bank's supply: "how many houses are there in the box", not "how many houses before a hotel"
_STOCK = {"box", "bank", "there", "exist", "exists", "come", "total", "altogether", "scatola", "banca",
          "caja", "banco", "trae", "traen", "hay", "existen", "sono", "esistono", "boite", "banque"}
_NOT_STOCK = {"before", "need", "needed", "antes", "necesito", "falta", "prima", "servono", "occorrono", "avant", "faut"}  # houses before a hotel
_HOW_MUCH = {"cuanto", "cuanta", "quanto", "quanta", "combien"}  # and "how much" (a pair: "too much cash" asks nothing)
_COUNT = {"cuantos", "cuantas", "quanti", "quante"}  # and "how many" (pieces in the box)
_RENT = {"rent", "owe", "pay", "landed", "land", "collect", "charge", "renta", "alquiler", "pago", "pagar", "cobra", "cobro",
         "cobrar", "cai", "caigo", "caer", "incasso", "incassare", "prendo", "darmi",
         "affitto", "paga", "pagare", "finito", "fermato", "loyer", "paie", "payer", "paye", "tombe", "arrete", "touche", "toucher", "encaisse"}
_PRICE = {"cost", "costs", "price", "buy", "worth", "cuesta", "cuestan", "precio", "comprar", "costa", "costano",
          "prezzo", "comprare", "coute", "coutent", "prix", "acheter"}  # not "vale": "¿se vale?" asks whether it is allowed
_LIFT = {"unmortgage", "lift", "deshipotecar", "levantar", "togliere", "riscattare", "interest", "interes", "interesse", "back",
         "riscatto", "riscattarla", "riscattarlo", "recuperar", "recuperarla", "lever", "leve", "interet", "interets", "racheter"}
# selling back to the bank is half of what was paid: the clause's arithmetic, not a printed figure
_SELL = {"sell", "selling", "sold", "sells", "vender", "vendo", "vendiendo", "vendere", "rivendo", "rivendere", "rivendi", "ridà", "rida", "vendre", "vends", "vend", "revendre"}
_HOUSE = {"house", "houses", "casa", "casas", "case", "casetta", "casette", "maison", "maisons"}
_HOTEL = {"hotel", "hotels", "hoteles", "albergo", "alberghi"}
_NONE = {"no", "sin", "senza", "without", "unimproved", "empty", "vacia", "vuoto", "nude", "sans", "nu", "nue", "nus"}
_ALL = {"all", "both", "whole", "todos", "todas", "ambos", "ambas", "tutti", "tutte", "entrambi", "entrambe", "tout", "tous", "toutes"}
# a permission, a limit or a procedure is a clause's business, not a figure's
_NOT_FIGURE = {"can", "may", "could", "allowed", "puedo", "puede", "pueden", "posso", "puo", "possono",
               "max", "maximum", "most", "limit", "maximo", "limite", "massimo",
               "auction", "asta", "subasta", "bid", "bids", "puja", "pujar", "offerto", "ofertar", "peux", "peut", "peuvent", "enchere", "encheres", "encherir"}  # an auction's opening is a clause's
_RAILROAD = {"railroad", "railroads", "railway", "station", "stations", "ferrocarril", "ferrocarriles", "estacion",
             "estaciones", "stazione", "stazioni", "gare", "gares"}
_UTILITY = {"utility", "utilities", "company", "companies", "compania", "companias", "servicio", "societa", "compagnie", "compagnies"}
_WHAT = {"what", "whats", "cual", "quale", "quel", "quelle"}
# a yes-or-no question ("do I owe rent…?", "devo pagare…?"): whether, not how much
_WHETHER = {"do", "does", "did", "is", "are", "should", "still", "if", "si", "se", "devo", "debo", "tengo", "hay", "ancora",
            "todavia", "deve", "debe", "true", "vero", "verdad", "dois", "doit", "encore", "vrai"}
# a square that is no deed: its amount is a clause's ("landed on Super Tax right before Mayfair")
_OTHER_SQUARE = {"tax", "tassa", "impuesto", "impuestos", "jail", "prigione", "carcel", "parking", "posteggio", "parada",
                 "transito", "visiting", "impot", "impots", "taxe", "prison", "parc", "visite"}
# words many names share or that are common words alone ("the short version", "la piazza"): no deed by themselves
_GENERIC = {"short", "line", "place", "avenue", "street", "gardens", "plaza", "avenida", "via", "viale", "corso", "piazza",
            "largo", "vicolo", "stazione", "ferrocarril", "company", "works"}
# a card or its deck named ("the doctor's fee card", "la carta di Probabilità", "tarjeta de Arca Comunal")
_CARD = {"card", "cards", "chance", "chest", "carta", "carte", "tarjeta", "tarjetas", "fortuna", "arca", "imprevisti",
         "imprevisto", "probabilita", "caisse", "communaute"}
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4,
            "due": 2, "tre": 3, "quattro": 4, "une": 1, "deux": 2, "trois": 3, "quatre": 4}
OWNER = "owner"  # the deed's owner on the table a rent is computed on; the CLI says it in the table's words


class Figure:
    """A figure of the board: `amount` in the edition's money (or a count), what it is, the clause applying it.

    A plain class, not a dataclass: building one costs every `referee ask` a millisecond of start-up.
    what: price | rent | mortgage | house_cost | hotel_cost | stock_houses | stock_hotels | card;
    shown: the amount as the edition writes it ("L. 20.000", "$2,000", "32"); houses: a rent's houses on the lot
    (5: a hotel) or the railroads owned; source: where the board's figures come from (file:line of the ruleset);
    single: the figure rests on one source (the deed at the table may say otherwise); steps: the engine's
    arithmetic (Msg) for a rent; card, deck: a card's printed text and its deck's name."""

    __slots__ = ("what", "amount", "shown", "clause", "ruleset", "deed", "group", "houses", "source", "single", "steps", "card", "deck")

    def __init__(self, what: str, amount: int, shown: str, clause: str, ruleset: str, deed: str | None = None,
                 group: str | None = None, houses: int | None = None, source: str = "", single: bool = False,
                 steps: list[Any] | None = None, card: str | None = None, deck: str | None = None):
        self.what, self.amount, self.shown, self.clause, self.ruleset = what, amount, shown, clause, ruleset
        self.deed, self.group, self.houses, self.source, self.single = deed, group, houses, source, single
        self.steps: list[Any] = steps or []
        self.card, self.deck = card, deck

    def __repr__(self) -> str:
        return f"Figure({self.what} {self.shown} {self.clause} {self.deed or self.group or self.card or ''})"


def asks_amount(question: str, board: list[str] | None = None) -> bool:
    """Whether the question asks for an amount or a count, and (given the words of the board's deed names,
    `board_words`, stored in the editions index) may name the board: cheap, no ruleset loaded.

    Asking is saying "how much", "how many", "price", "what do I owe", or naming the figure alone ("rent on
    Boardwalk with a hotel", "ipoteca di Vicolo Corto"); "do I owe rent if…", "mi deve l'affitto?" ask whether,
    and a story with a sum in it ("he mortgaged Boardwalk and wants rent") asks a rule."""
    seq = norm(question).split()
    words = _with_how(seq)
    if not words & _AMOUNT or (words & _NOT_FIGURE and not words & _HOW_MUCH) or words & (_LIFT | _SELL):
        return False
    explicit = words & (_HOW_MUCH | _COUNT | _PRICE) or (words & _WHAT and words & _RENT and not words & _WHETHER)
    terse = len(seq) <= 7 and not words & _WHETHER
    if not (explicit or terse) or words & _OTHER_SQUARE:
        return False
    if board is None or words & (_HOUSE | _HOTEL | _RAILROAD | _UTILITY | _CARD):
        return True
    return any(len(w) >= 4 and any(b.startswith(w) for b in board) for w in words if w not in _AMOUNT)


def _with_how(seq: list[str]) -> set[str]:
    """The question's words, with "how much" and "how many" read as the Spanish and Italian single words are."""
    words = set(seq)
    for a, b in zip(seq, seq[1:]):
        if a == "how" and b == "much":
            words.add("cuanto")
        elif a == "how" and b == "many":
            words.add("cuantos")
    return words


def board_words(rs) -> list[str]:
    """The words of the deeds' names and aliases, folded (the editions index keeps them for `asks_amount`)."""
    return sorted({w for sq in rs.deeds for n in (sq.name, *sq.aliases) for w in norm(n).split() if len(w) >= 4})


def answer(question: str, ruleset: str, rs=None, not_alone: Iterable[str] | None = None) -> Figure | None:
    """The figure the question asks for on `ruleset`'s board, or None (a rule question, or no board data).
    `not_alone`: the synonyms file's lone-word list as the index stored it (`not_alone_words`), so a question
    need not parse that file again."""
    if not asks_amount(question):
        return None
    if rs is None:
        from referee.ruleset import loader

        rs = loader.load(ruleset.split("+")[0])
    if not rs.squares or rs.board_status == "unknown":
        return None
    words = norm(question).split()
    ws = _with_how(words)
    if ws & _CARD:  # a card named: its own amount, or none (a card that moves a token changes what is due: clauses)
        return _card(rs, words)
    house, hotel = bool(ws & _HOUSE), bool(ws & _HOTEL)
    if ws & _COUNT and ws & _STOCK and not ws & _NOT_STOCK and (house or hotel):
        return _stock(rs, hotel and not house)
    colour, said = _group(rs, words)
    if any(w.startswith(("mortgaged", "ipotecat", "hipotecad")) for w in words):
        return None  # a mortgaged deed: what is owed on it, or to lift it, is the clauses' business
    idx = _deed(rs, words, said | (frozenset(not_alone) if not_alone is not None else not_alone_words()))
    if idx == -1:
        return None
    if idx is not None and rs.squares[idx].kind != "lot" and (house or hotel):
        return None  # "short game … houses before a hotel": no railroad or utility takes buildings, so no deed was meant
    group = rs.squares[idx].group if idx is not None else colour
    for kind, said_kind in (("railroad", _RAILROAD), ("utility", _UTILITY)):
        if idx is None and ws & said_kind:  # "a railroad", "the utility": every one of them has the same deed
            same = rs.squares_of_kind(kind)
            idx = same[0].index if same else None
    if idx is None and group is None:
        return None
    if idx is not None and any(w.startswith(("mortgag", "ipotec", "hipotec")) for w in words):
        return _plain(rs, idx, "mortgage", rs.squares[idx].mortgage, "mortgage.value")
    if (house or hotel) and group and not ws & _RENT and (ws & _PRICE or (idx is None and ws & _HOW_MUCH)):
        return _building_cost(rs, group, hotel and not house)
    if idx is None:
        return None
    if ws & _RENT or _houses(words) is not None or hotel:
        return _rent(rs, idx, words)
    if ws & (_PRICE | _HOW_MUCH):  # "how much is Old Kent Road": its price
        return _plain(rs, idx, "price", rs.squares[idx].price, "buy.printed_price")
    return None


# ---------------------------------------------------------------- what the question names
def not_alone_words() -> frozenset:
    """Words of deed names that alone are common words (Reading, Park, States): the synonyms file's `board.not_alone`,
    the list the index reads the boards' names with."""
    global _NOT_ALONE
    if _NOT_ALONE is None:
        from pathlib import Path

        import yaml

        data = yaml.load((Path(__file__).parent / "synonyms.yaml").read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        _NOT_ALONE = frozenset(norm(w) for w in ((data.get("board") or {}).get("not_alone") or []))
    return _NOT_ALONE


_NOT_ALONE: frozenset | None = None


def _deed(rs, words: list[str], skip: frozenset = frozenset()) -> int | None:
    """The deed the question names: the longest run of its words that names one deed (names.match: a name or
    its start first, then every word starting a word of the name). `skip`: words said as something else (a
    colour: "i verdi" are the green group, not Via Verdi)."""
    from referee.errors import RefereeError
    from referee.ruleset.names import Names, match

    choices = Names({sq.index: [sq.name, *sq.aliases] for sq in rs.deeds})
    vocab = {w for ns in choices.normed.values() for n in ns for w in n.split()}
    for mode in ("prefix", "words"):
        for size in range(min(5, len(words)), 0, -1):
            for i in range(len(words) - size + 1):
                gram = words[i:i + size]
                if all(len(w) < 4 for w in gram) or (size == 1 and (gram[0] not in vocab or gram[0] in skip or gram[0] in _GENERIC)):
                    continue  # small words alone ("de el"), or one word that is only the start of a name's ("costa"), name nothing
                if not all(any(v.startswith(w) for v in vocab) for w in gram):
                    continue
                try:
                    found = int(match(" ".join(gram), choices, "deed", mode=mode))
                except RefereeError:
                    continue
                rest = words[:i] + words[i + size:]
                if _deed(rs, rest, skip) not in (None, found):
                    return -1  # two deeds named: a situation to rule on, which the clauses do
                return found
    return None


def _card(rs, words: list[str]) -> Figure | None:
    """The card the question names by words of its printed text ("doctor's fee", "bank error"), with its amount."""
    from referee.errors import RefereeError
    from referee.ruleset.names import Names, card_choices, match

    choices, cards = card_choices(rs.decks())
    named = Names(choices)
    vocab = {w for ns in named.normed.values() for n in ns for w in n.split()}
    content = [w for w in words if w not in _CARD and w not in _AMOUNT]
    for size in range(min(5, len(content)), 0, -1):
        for i in range(len(content) - size + 1):
            gram = content[i:i + size]
            if all(len(w) < 4 for w in gram) or not all(any(v.startswith(w) for v in vocab) for w in gram):
                continue
            try:
                key = match(" ".join(gram), named, "card", mode="words")
            except RefereeError:
                continue
            c = cards[key]
            amount = c.get("amount")
            if not isinstance(amount, int):
                return None  # a card that moves or jails: what it does to rent is the clauses' business
            deck = (rs.decks().get(c["deck"]) or {}).get("name", c["deck"])
            return Figure("card", amount if isinstance(amount, int) else 0, rs.fmt(amount) if isinstance(amount, int) else "",
                          "cards.draw", rs.id, source=rs.origin_of(f"decks.{c['deck']}.cards"), card=c.get("text", c["id"]), deck=deck)
    return None


def _group(rs, words: list[str]) -> tuple[str | None, frozenset]:
    """The colour group the question names by its colour ("the greens", "las rojas", "i verdi"), and the words said."""
    from referee.store.view import COLOUR_WORDS, group_colour

    text = " ".join(words)
    found: str | None = None
    every: frozenset = frozenset()
    for g in rs.groups:
        colour = group_colour(rs, g)
        said = [w for w, c in COLOUR_WORDS.items() if c == colour and "_" not in w]
        for w in said:
            forms = {w, w + "s", w + "es"} | ({w[:-1] + "i", w[:-1] + "as", w[:-1] + "os", w[:-1] + "a", w[:-1] + "e"} if w[-1] in "oe" else set())
            said_as = frozenset(f for f in forms if re.search(rf"\b{re.escape(f)}\b", text))
            if said_as and colour and sum(group_colour(rs, other) == colour for other in rs.groups) == 1:
                found = found or g
                every |= said_as
    return found, every


def _number_near(words: list[str], targets: set[str]) -> int | None:
    for i, w in enumerate(words):
        if w in targets:
            for j in range(i - 1, max(-1, i - 4), -1):  # the nearest word first: "3 celestes sin casas" is none
                n = int(words[j]) if words[j].isdigit() else _NUMBERS.get(words[j])
                if n is not None and 0 <= n <= 5:
                    return n
                if words[j] in _NONE:
                    return 0
    return None


def _houses(words: list[str]) -> int | None:
    """The houses the question puts on the lot: '3 houses', 'tiene 4 casas', 'senza case' (0)."""
    return _number_near(words, _HOUSE)


# ---------------------------------------------------------------- the figures
def _source(rs) -> str:
    return rs.origin_of("board.squares")


def _plain(rs, idx: int, what: str, value: int | None, clause: str) -> Figure | None:
    from referee.core import board_values as bv

    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return None  # unknown on this board (an edition whose board is partly known)
    sq = rs.squares[idx]
    return Figure(what, value, rs.fmt(value), clause, rs.id, deed=sq.name, group=sq.group, source=_source(rs),
                  single=bv.square_grade(rs, idx, what if what != "mortgage" else "mortgage") == "single")


def _building_cost(rs, group: str, hotel: bool) -> Figure | None:
    from referee.core import board_values as bv

    g = rs.groups.get(group) or {}
    value = g.get("hotel_cost") if hotel else None
    value = value if value is not None else g.get("house_cost")
    if not isinstance(value, int) or value < 0:
        return None
    field_ = "hotel_cost" if hotel else "house_cost"
    return Figure(field_, value, rs.fmt(value), "building.hotel" if hotel else "building.full_group", rs.id,
                  group=rs.group_name(group), source=_source(rs), single=bv.group_grade(rs, group, field_) == "single")


def _stock(rs, hotels: bool) -> Figure | None:
    n = rs.bank("hotels" if hotels else "houses")
    if not isinstance(n, int):
        return None
    return Figure("stock_hotels" if hotels else "stock_houses", n, str(n), "bank.stock", rs.id,
                  source=rs.origin_of("bank.hotels" if hotels else "bank.houses"))


def _rent(rs, idx: int, words: list[str]) -> Figure | None:
    """The rent the engine charges on the deed as the question sets the table: the houses or hotel on it, the
    railroads its owner holds, the whole group owned ('both', 'all')."""
    from referee.core.rent import rent_due
    from referee.core.state import new_table
    from referee.errors import RefereeError

    sq = rs.squares[idx]
    ws = set(words)
    t = new_table([(OWNER, 0), ("visitor", 0)], [d.index for d in rs.deeds], rs.bank("houses") or 0, rs.bank("hotels") or 0)
    t.deeds[idx].owner = OWNER
    houses = None
    if sq.kind == "lot":
        houses = 5 if ws & _HOTEL else (_houses(words) or 0)
        if houses == 5:
            t.deeds[idx].hotel = True
        else:
            t.deeds[idx].houses = houses
        if houses == 0 and (ws & _ALL or _group(rs, words)[0] == sq.group):  # "tengo las 3 celestes": the group is theirs
            for i in rs.group_members(sq.group or ""):
                t.deeds[i].owner = OWNER
    elif sq.kind == "railroad":
        rails = [s.index for s in rs.squares_of_kind("railroad")]
        n = next((int(w) if w.isdigit() else _NUMBERS[w] for w in words if (w.isdigit() or w in _NUMBERS) and 1 <= (int(w) if w.isdigit() else _NUMBERS[w]) <= len(rails)), None)
        n = n or (len(rails) if ws & _ALL else None)
        if n is None:
            return None  # how many the owner holds is not said: the clause gives the rent for one to four
        for i in [idx, *[r for r in rails if r != idx]][:n]:
            t.deeds[i].owner = OWNER
        houses = n
    else:
        return None  # a utility's rent needs the dice: the clause says how
    try:
        ruling = rent_due(rs, t, idx)
    except RefereeError:
        return None
    from referee.core import board_values as bv

    grade = (bv.square_grade(rs, idx, "rent", houses) if sq.kind == "lot" else bv.board_grade(rs, "railroad_rent", (houses or 1) - 1))
    return Figure("rent", ruling.amount, rs.fmt(ruling.amount), ruling.clauses[-1] if ruling.clauses else "rent.lot", rs.id,
                  deed=sq.name, group=sq.group, houses=houses, source=_source(rs), single=grade == "single", steps=list(ruling.steps))
