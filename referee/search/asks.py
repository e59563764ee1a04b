"""How players ask about each clause: the question forms of rulesets/asks/*.yaml.

Each file maps a clause id to the ways players ask about it, by language:

    jail.fine:
      en: ["how do I get out of jail", …]
      es: […]
      it: […]
    short-game:end.game:          # a clause of one variant or house rule only
      en: […]
    _names:                       # how players name a variant or house rule
      short-game: [short game, partida corta, …]
      house-rule: [our house rule, …]   # names every house rule (likewise `variant`)

A key is a clause id of some shipped ruleset (edition, variant or house rule),
or `overlay:clause` for the clause as one variant or house rule states it.
An unknown key is an error with its file and line, so a renamed clause cannot
silently lose its questions. Pure data in, data out; the index calls it.
"""

from __future__ import annotations

from pathlib import Path

from referee.words.i18n import LANGUAGES as LANGS  # a question file may give forms in any language we speak

NAMES = "_names"
KINDS = ("variant", "house-rule")  # `_names` of a kind name every overlay of that kind ("our house rule: …")


class Asks:
    """The question forms by key (clause id or overlay:clause) and the names of each overlay."""

    def __init__(self, forms: dict[str, list[str]], names: dict[str, list[str]], where: dict[str, str]):
        self.forms = forms  # key -> phrases, every language together
        self.names = names  # overlay id -> phrases that name it
        self.where = where  # key -> "file:line" of its first entry, for error messages

    def for_clause(self, clause: str, layer: str | None) -> list[str]:
        """The forms indexed with a clause: its own, plus the overlay's when it comes from one."""
        out = list(self.forms.get(clause, ()))
        if layer:
            out += self.forms.get(f"{layer}:{clause}", ())
        return out

    def check(self, clauses: set[str], overlay_clauses: dict[str, set[str]]) -> list[str]:
        """Problems: keys naming no known clause, names of unknown overlays."""
        bad = []
        for key, at in self.where.items():
            if key.startswith(NAMES + "."):
                ov = key.split(".", 1)[1]
                if ov not in overlay_clauses and ov not in KINDS:
                    bad.append(f"{at}: '{ov}' is no variant or house rule")
                continue
            if ":" in key:
                ov, cid = key.split(":", 1)
                if cid not in overlay_clauses.get(ov, ()):
                    bad.append(f"{at}: '{key}': {ov} has no clause '{cid}'" if ov in overlay_clauses
                               else f"{at}: '{key}': '{ov}' is no variant or house rule")
            elif key not in clauses:
                bad.append(f"{at}: '{key}' is no clause of any shipped ruleset")
        return bad


def files(dirs: list[Path]) -> list[Path]:
    out: list[Path] = []
    for d in dirs:
        dd = d / "asks"
        if dd.is_dir():
            out += sorted(dd.glob("*.yaml"))
    return out


def load(paths: list[Path]) -> Asks:
    """Read the files; a malformed entry is an InputError naming file and line."""
    from referee.errors import InputError
    from referee.ruleset.loader import _display, line_of, read_yaml

    forms: dict[str, list[str]] = {}
    names: dict[str, list[str]] = {}
    where: dict[str, str] = {}
    for p in paths:
        shown = _display(p)
        data, lines = read_yaml(p, shown)
        if data is None:
            continue
        if not isinstance(data, dict):
            raise InputError("an asks file maps clause ids to question forms", shown)
        for key, entry in data.items():
            key = str(key)
            at = f"{shown}:{line_of(lines, (key,)) or 1}"
            if key == NAMES:
                for ov, phrases in (entry or {}).items():
                    names.setdefault(str(ov), []).extend(_phrases(phrases, f"{shown}:{line_of(lines, (key, ov)) or 1}"))
                    where[f"{NAMES}.{ov}"] = f"{shown}:{line_of(lines, (key, ov)) or 1}"
                continue
            if not isinstance(entry, dict) or not set(entry) <= set(LANGS):
                raise InputError(f"'{key}' needs question forms by language ({', '.join(LANGS)})", shown, line_of(lines, (key,)))
            where.setdefault(key, at)  # several files may add forms for one clause (a table's own dir too)
            forms.setdefault(key, []).extend(f for lang in LANGS for f in _phrases(entry.get(lang), at))
    return Asks(forms, names, where)


def _phrases(v, at: str) -> list[str]:
    from referee.errors import InputError

    if v is None:
        return []
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise InputError(f"{at}: question forms must be a list of quoted texts")
    return [x.strip() for x in v if x.strip()]
