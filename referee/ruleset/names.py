"""One name matcher for everything a person names: players, deeds, cards,
editions, variants, house rules, valuation methods, and the bank.

At a table people type `bw`, `park`, `st charles`, `bank error` or `Vía Rápida`
without the accent, so the forgiving mode tries stricter tiers first and stops
at the first tier that matches; several matches in one tier are ambiguous and
change nothing. Files and ruleset names use the exact mode: a name or a
declared alias (after folding case, accents and punctuation), a near miss is
pointed out ("did you mean"), never guessed — a typo must not start another
edition.

Player names are checked here too, so the same folding that tells names apart
when matching also decides which names may sit at one table.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Literal, TypeVar

from referee.errors import Ambiguous, InputError
from referee.words.i18n import N_, _, data, pgettext

K = TypeVar("K", bound=Hashable)
Mode = Literal["forgiving", "words", "prefix", "exact"]

_PUNCT = re.compile(r"[^\w\s]")

# The bank and the Free Parking pot as people call them, in the languages of
# the shipped editions (English, Spanish, Italian, Portuguese, French, German).
# A player may not take one of these names: `pay Ana Banco 50` must not be
# able to mean two different things.
BANK_NAMES = ("bank", "banker", "the bank", "banco", "el banco", "banca", "la banca", "banquero", "banchiere",
              "banque", "banquier", "bankier")
POT_NAMES = ("pot", "jackpot", "bote", "pozo", "piatto", "montepremi", "cagnotte")
MAX_PLAYER_NAME = 24


@lru_cache(maxsize=8192)  # the same names are folded again at every lookup
def norm(text: str) -> str:
    """Fold case, accents and punctuation: 'Vía-Rápida!' -> 'via rapida'."""
    t = unicodedata.normalize("NFKD", str(text))
    t = "".join(ch for ch in t if not unicodedata.combining(ch)).casefold()
    t = _PUNCT.sub(" ", t).replace("_", " ").replace("-", " ")
    return " ".join(t.split())


def _initials(n: str) -> str:
    return "".join(w[0] for w in n.split() if w)


def _subseq(q: str, n: str) -> bool:
    if not q or not n or q[0] != n[0]:
        return False
    it = iter(n)
    return all(ch in it for ch in q)


def _words_prefix(q: str, n: str) -> bool:
    """Every word typed starts a word of the name, in any order ('error bank' finds 'Bank error …')."""
    words = n.split()
    return all(any(w.startswith(p) for w in words) for p in q.split())


class Names(dict[Any, Any]):
    """Choices (key -> names) whose folded names are computed once, for lookups repeated against one set."""

    @property
    def normed(self) -> dict[Any, Any]:
        cached = self.__dict__.get("_normed")
        if cached is None:
            cached = self.__dict__["_normed"] = {key: [norm(n) for n in names] for key, names in self.items()}
        return cached

    @property
    def exact(self) -> dict[Any, Any]:
        cached = self.__dict__.get("_exact")
        if cached is None:
            cached = self.__dict__["_exact"] = _exact_index(self.normed)
        return cached


def _exact_index(normed: dict[Any, Any]) -> dict[Any, Any]:
    """Folded name without spaces -> the keys it names (the exact tier as one lookup)."""
    out: dict[Any, Any] = {}
    for key, ns in normed.items():
        for n in ns:
            keys = out.setdefault(n.replace(" ", ""), [])
            if key not in keys:
                keys.append(key)
    return out


# what a name names, as the error messages say it (translated where shown)
WHAT = (N_("player"), N_("deed"), N_("card"), N_("deck"), N_("ruleset"), N_("variant"), N_("valuation method"), N_("square"),
        N_("edition"), N_("house rule"), N_("board"))


CLEAR_MARGIN = 0.1  # a near miss this much nearer (difflib ratio) than the next is the one meant


def match(text: str, choices: Mapping[K, Sequence[str]], what: str, *, mode: Mode = "forgiving", hint: str = "") -> K:
    """The key whose names match `text`; raise Ambiguous (several) or InputError (none, with 'did you mean').

    `choices` maps each key to its names, the first being the one shown.
    mode: 'exact' a name or alias after folding; 'prefix' also a unique start
    of a name (files); 'words' also every word typed starting a word of the name
    (a name found inside a sentence, `referee ask`); 'forgiving' also initials,
    letters in order and near misses (what a person types at the table).
    """
    if has_controls(text):  # '\x1b[2JAna' is not Ana: an escape code typed or pasted is refused, never folded away
        raise InputError(_("'{text}' holds control characters or escape codes; type the name in letters").format(text=ascii(text)[1:-1]))
    q = norm(text)
    if not q:
        raise InputError(_("empty {what} name").format(what=_(what)))
    normed = choices.normed if isinstance(choices, Names) else {key: [norm(n) for n in names] for key, names in choices.items()}
    qs = q.replace(" ", "")
    exact: list[K]
    if isinstance(choices, Names):
        exact = choices.exact.get(qs, [])
    else:
        exact = [key for key, ns in normed.items() if any(n.replace(" ", "") == qs for n in ns)]
    if len(exact) == 1:
        return exact[0]
    if len(exact) > 1:
        raise Ambiguous(what, text, [choices[h][0] for h in exact])
    tiers: list[Callable[[str], bool]] = [
        lambda n: n.startswith(q),
        lambda n: _words_prefix(q, n),
        lambda n: len(qs) >= 2 and _initials(n) == qs,
        lambda n: len(qs) >= 2 and _subseq(qs, n.replace(" ", "")),
    ]
    upto = {"exact": 0, "prefix": 1, "words": 2, "forgiving": len(tiers)}[mode]
    for test in tiers[:upto]:
        hits = [key for key, ns in normed.items() if any(test(n) for n in ns)]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise Ambiguous(what, text, [choices[h][0] for h in hits])
    flat = {n: key for key, ns in normed.items() for n in ns}
    if mode == "forgiving":
        close = difflib.get_close_matches(q, list(flat), n=3, cutoff=0.75)
        keys = list(dict.fromkeys(flat[c] for c in close))
        if len(keys) == 1:
            return keys[0]
        if len(keys) > 1:  # one spelling far nearer than the others: "avenida oriantal" is Oriental, not Indiana
            ratio = {k: max(difflib.SequenceMatcher(None, q, c).ratio() for c in close if flat[c] == k) for k in keys}
            best, second = sorted(ratio.values(), reverse=True)[:2]
            if best - second >= CLEAR_MARGIN:
                return max(ratio, key=lambda k: ratio[k])
        if len(keys) > 1:
            raise Ambiguous(what, text, [choices[k][0] for k in keys])
    raise InputError(_("unknown {what} '{text}'{did_you_mean}").format(what=_(what), text=text, did_you_mean=did_you_mean(q, flat, choices))
                     + (pgettext("list", "; ") + hint if hint else ""))


def closest(word: str, candidates: Iterable[str], cutoff: float = 0.6, rivals: Iterable[str] = ()) -> str | None:
    """The one spelling suggestion of the whole program: the candidate closest to `word`, if any is close enough.
    Names (players, deeds, cards) go through `match`, which says it with their printed names; keys, commands and
    clause ids come here. `rivals` are words of another kind (the players' names where a command is expected):
    when one of them is the closest, nothing is suggested — a misspelt name is never offered as a command.
    Case is ignored ('quin' is nearer 'Quinn' than 'quit'); the candidate is returned as spelt."""
    spelt: dict[str, str] = {}
    for c in candidates:
        spelt.setdefault(str(c).casefold(), c)
    known = set(spelt)
    others = [r.casefold() for r in rivals if r.casefold() not in known]
    close = difflib.get_close_matches(str(word).casefold(), list(spelt) + others, n=1, cutoff=cutoff)
    return spelt[close[0]] if close and close[0] in known else None


def key_hint(word: str, known: Iterable[str]) -> str:
    """' (did you mean 'x'?)' after an unknown key, or ''."""
    near = closest(word, known)
    return _(" (did you mean '{word}'?)").format(word=near) if near else ""


def did_you_mean(q: str, flat: dict[Any, Any], choices: Mapping[Any, Any]) -> str:
    """' (did you mean X?)': the closest spelling, and any name the query holds as a whole word ('uk' in 'uk-classic')."""
    keys = [flat[c] for c in difflib.get_close_matches(q, list(flat), n=1, cutoff=0.5)]
    words = set(q.split())
    keys += [k for n, k in flat.items() if n in words and len(n) > 1]
    shown = [choices[k][0] for k in dict.fromkeys(keys)][:3]
    return " " + _("(did you mean {names}?)").format(names=_(" or ").join(shown)) if shown else ""


def match_one(text: str, choices: dict[Any, Any], what: str, hint: str = "", strict: bool = False) -> Any:
    """The older spelling of `match` (strict = exact mode)."""
    return match(text, choices, what, mode="exact" if strict else "forgiving", hint=hint)


# ---------------------------------------------------------------- the bank and players
def bank_party(text: str) -> str | None:
    """'bank' or 'pot' when `text` names the bank or the jackpot in any shipped language, else None."""
    n = norm(text)
    if n in _BANK:
        return "bank"
    if n in _POT:
        return "pot"
    return None


_BANK = frozenset(norm(x) for x in BANK_NAMES)
_POT = frozenset(norm(x) for x in POT_NAMES)


def party(text: str, players: Sequence[str], allow_bank: bool = False, mode: Mode = "forgiving", hint: str = "") -> str:
    """A player's name, or 'bank'/'pot' where the bank may be meant."""
    if allow_bank:
        reserved = bank_party(text)
        if reserved is not None:
            return reserved
    return match(text, {p: [p] for p in players}, "player", mode=mode, hint=hint)


_CONTROL = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}  # controls, format (bidi overrides, zero-width), separators, unassigned
MAX_TEXT = 200  # a payment's reason, a note: a sentence, not a page


def has_controls(text: str) -> bool:
    return any(unicodedata.category(ch) in _CONTROL for ch in text)


def free_text(raw: str, what: str, limit: int = MAX_TEXT) -> str:
    """The one rule for a free-text field typed at the table (a payment's reason, a note): NFC, trimmed, printable —
    no newline, escape code or bidi override, which could forge a log line or repaint a screen — and at most
    `limit` characters. InputError otherwise; `what` names the field in the message."""
    text = unicodedata.normalize("NFC", str(raw)).strip()
    if has_controls(text):
        raise InputError(_("{what} holds control characters, line breaks or escape codes ('{text}'); write it on one line in plain text").format(
            what=what, text=ascii(text)[1:-1][:60]))
    if len(text) > limit:
        raise InputError(_("{what} is longer than {n} characters").format(what=what, n=limit))
    return text


def player_name(raw: str) -> str:
    """A player's name as stored: NFC, trimmed, printable, not too long, not the bank's. InputError otherwise."""
    name = unicodedata.normalize("NFC", str(raw)).strip()
    shown = ascii(name)[1:-1] if has_controls(name) else name
    if not name:
        raise InputError(_("a player name cannot be empty"))
    if has_controls(name):
        raise InputError(_("the player name '{name}' holds control characters or escape codes; use letters, digits and spaces").format(name=shown))
    if not norm(name):
        raise InputError(_("the player name '{name}' needs a letter or a digit").format(name=name))
    if len(name) > MAX_PLAYER_NAME:
        raise InputError(_("the player name '{name}…' is longer than {n} characters").format(name=name[:MAX_PLAYER_NAME], n=MAX_PLAYER_NAME))
    if bank_party(name) is not None:
        raise InputError(_("'{name}' is reserved for the bank; give the player another name").format(name=name))
    return name


def player_names(raw: Sequence[str]) -> list[str]:
    """Every player's name checked, and no two the same after folding case and accents ('Zoe' and 'Zoë')."""
    names = [player_name(r) for r in raw]
    seen: dict[str, str] = {}
    for n in names:
        key = norm(n)
        if key in seen:
            if seen[key] == n:
                raise InputError(_("two players have the same name, '{name}'; make them differ by more than case or accents").format(name=n))
            raise InputError(_("two players have names that read the same ('{a}' and '{b}'); make them differ by more than case or "
                               "accents").format(a=seen[key], b=n))
        seen[key] = n
    return names


# ---------------------------------------------------------------- cards
def card_choices(decks: Mapping[str, dict[Any, Any]]) -> tuple[dict[str, list[str]], dict[str, dict[Any, Any]]]:
    """Every card's names — 'Deck: printed text' (first: how a message names it, in the language shown, never by
    its id), 'Deck: id', its id, its printed text — and the card itself (with its deck), by key.

    Any distinctive words of the text find the card ('bank error', 'dividend'),
    so a banker types what is printed on it; a card both decks hold is
    ambiguous unless the deck is named ('chance advance to go').
    """
    choices: dict[str, list[str]] = {}
    cards: dict[str, dict[Any, Any]] = {}
    for deck_id, deck in decks.items():
        dname = deck.get("name", deck_id)
        for c in deck.get("cards") or []:
            key = f"{deck_id}:{c['id']}"
            cards[key] = dict(c, deck=deck_id)
            text = c.get("text", c["id"])
            said = data(text)  # as the table reads it: the card's words in the language shown
            shown = _("{label}: {value}").format(label=data(dname), value=said)  # "Chance : …" in French
            choices[key] = [shown, f"{dname}: {c['id']}", c["id"], text] + ([said, f"{dname}: {said}"] if said != text else [])
            choices[key] += [f"{a}: {c['id']}" for a in deck.get("aliases") or []]
    return choices, cards
