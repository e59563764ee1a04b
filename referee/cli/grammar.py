"""One grammar for every command, one-shot or in the console.

- **Names without quotes**: `referee buy Eva st charles` means
  `referee buy Eva "st charles"`: the words left over once a command's other
  arguments are placed are joined into its deed or card argument (`join_names`,
  used by `main()` and by the console alike).
- **The player first wherever a player acts**: `mortgage Ana reading`,
  `build Ana boardwalk 2`, `sell Ana boardwalk`; the deed-only form
  (`mortgage reading`) is still accepted, since a deed has one owner
  (`player_and_deed`). A named player who is not the owner is refused.
"""

from __future__ import annotations

import re
from typing import Any

import typer.core

from referee.cli.shorthand import JOINABLE
from referee.words.i18n import _

ROOT_OPTIONS_WITH_VALUE = {"--game", "-g"}


_GROUPED = re.compile(r"\d{1,3}(?:[.,]\d{3})+")  # 1,500 or 10.000: thousands grouped as the edition writes them


def looks_amount(w: str) -> bool:
    s = w.strip("$£€").replace("_", "")
    return s.isdigit() or bool(_GROUPED.fullmatch(s)) or w.upper().startswith("L.")


def fits(param: Any, word: str) -> bool:
    from referee.cli import common

    if common.is_click(param.type, "IntParamType"):
        return word.lstrip("-").isdigit()
    if param.name in ("price", "amount", "value"):
        return looks_amount(word)
    return True


def command_of(group: Any, words: list[str]) -> tuple[Any, list[str]]:
    """The (sub)command the words name and the words naming it; (None, …) when they name none."""
    cmd: Any = group
    path: list[str] = []
    for w in words:
        if not isinstance(cmd, typer.core.TyperGroup):
            break
        getter = getattr(cmd, "get_command", None)
        sub = cmd.commands.get(w) if w in cmd.commands or getter is None else _get(cmd, w)
        if sub is None:
            return None, path
        cmd = sub
        path.append(w)
    return (cmd if path else None), path


def _get(group: Any, name: str) -> Any:
    try:
        return group.get_command(None, name)
    except Exception:  # a lazy group that cannot build without a context: treat as unknown
        return group.commands.get(name)


def join_names(group: Any, words: list[str]) -> list[str]:
    """Let `rent Ben st charles place` mean `rent Ben "st charles place"`."""
    if words and words[0] == "amend" and len(words) > 2:  # `amend N COMMAND…`: names as that command takes them
        return words[:2] + join_names(group, words[2:])
    cmd, path = command_of(group, words)
    if cmd is None or isinstance(cmd, typer.core.TyperGroup):
        return words
    start = len(path)
    args = [p for p in cmd.params if isinstance(p, typer.core.TyperArgument)]
    if not args or any(p.nargs != 1 for p in args):
        return words
    opts = {o: p for p in cmd.params if isinstance(p, typer.core.TyperOption) for o in (*p.opts, *p.secondary_opts)}
    pos: list[int] = []
    i = start
    while i < len(words):
        w = words[i]
        if w.startswith("-") and not looks_amount(w):
            p = opts.get(w.split("=", 1)[0])
            if p is not None and not p.is_flag and not p.count and "=" not in w:
                i += 1
        else:
            pos.append(i)
        i += 1
    if len(pos) < 2 or len(pos) < sum(1 for p in args if p.required):
        return words
    j = next((k for k, p in enumerate(args) if p.name in JOINABLE), None)
    if j is None or j >= len(pos):
        return words
    after = args[j + 1:]
    need_after = sum(1 for p in after if p.required)
    for k_after in range(min(len(after), len(pos) - j - 1), need_after - 1, -1):
        mid = len(pos) - j - k_after  # tokens for the name
        if mid < 1:
            continue
        tail = pos[len(pos) - k_after:] if k_after else []
        ok = all(fits(after[n], words[tail[n]]) for n in range(k_after))
        if ok and j + mid + k_after == len(pos):
            name_idx = pos[j:j + mid]
            if name_idx != list(range(name_idx[0], name_idx[-1] + 1)):
                return words
            merged = " ".join(words[k] for k in name_idx)
            return words[:name_idx[0]] + [merged] + words[name_idx[-1] + 1:]
    return words


def join_argv(group: Any, argv: list[str]) -> list[str]:
    """`join_names` on a whole command line, past the root options (`--game FILE`…)."""
    i = 0
    while i < len(argv) and argv[i].startswith("-"):
        i += 2 if argv[i] in ROOT_OPTIONS_WITH_VALUE else 1
    if i >= len(argv) or "--help" in argv:
        return argv
    return argv[:i] + join_names(group, argv[i:])


# ---------------------------------------------------------------- [PLAYER] DEED
def player_and_deed(rs, t, words: list[str], counted: bool = False) -> tuple[str | None, int, int | None]:
    """`[PLAYER] DEED… [COUNT]` -> (the player named or None, the deed, the count or None).

    The player form is taken when the first word names a player and the rest a
    deed; otherwise every word is the deed (`mortgage park place` with a player
    called Park still finds Park Place).
    """
    from referee.cli import common
    from referee.errors import InputError, RefereeError

    ws = [w for w in words if w.strip()]
    count = None
    if counted and len(ws) >= 2 and ws[-1].isdigit() and not _deed_number(rs, ws[-1], len(ws)):
        count = int(ws.pop())
    if not ws:
        raise InputError(_("say which deed: [PLAYER] DEED"))
    if len(ws) >= 2:
        try:
            who = common.resolve_player(t, ws[0])
            return who, common.resolve_deed(rs, " ".join(ws[1:])), count
        except RefereeError:
            pass
    return None, common.resolve_deed(rs, " ".join(ws)), count


def _deed_number(rs, word: str, n_words: int) -> bool:
    """A lone number that is a deed's square (`build 39`), not a count."""
    return n_words == 1 and word.isdigit() and int(word) < len(rs.squares or [])


def owner_named(rs, t, player: str | None, idx: int, clause: str) -> None:
    """Refuse when the player named is not the deed's owner (the bank's deeds are refused by the move itself)."""
    from referee.errors import Refusal

    owner = t.deeds[idx].owner
    if player is not None and owner is not None and owner != player:
        c = clause if rs.has_clause(clause) else "buy.printed_price"
        raise Refusal(_("{deed} belongs to {owner}, not {player}").format(deed=rs.squares[idx].name, owner=owner, player=player), rs.cite(c))


# ---------------------------------------------------------------- a colour group and a level: build light blue to 3
TO_WORDS = {"to", "a", "hasta", "fino", "à"}  # build GROUP to N; construye GRUPO a/hasta N; costruisci GRUPPO fino a N; construis GROUPE à N
HOTEL_WORDS = {"hotel", "hotels", "hoteles", "albergo", "alberghi", "hôtel", "hôtels"}


def group_target(words: list[str]) -> tuple[list[str], int | str] | None:
    """`… to 3` / `… to hotel` (in English, Spanish or Italian) -> (the words before, 3 or "hotel"); None otherwise."""
    ws = [w for w in words if w.strip()]
    if len(ws) < 3 or ws[-2].lower() not in TO_WORDS:
        return None
    last = ws[-1].lower()
    if last.isdigit():
        target: int | str = int(last)
    elif last in HOTEL_WORDS:
        target = "hotel"
    else:
        return None
    rest = ws[:-2]
    if len(rest) >= 2 and rest[-1].lower() == "fino":  # fino a 3
        rest = rest[:-1]
    return rest, target


def group_choices(rs) -> dict[str, list[str]]:
    """Each colour group's names: its name and aliases, the words of a name like "Pink (violet)", and the same in
    every language we speak (a family calls the colours in its own language, whatever the table shows)."""
    from referee.words.i18n import LANGUAGES, data_in

    out: dict[str, list[str]] = {}
    for g, spec in rs.groups.items():
        # not the group's id: an edition may keep a US id for another colour (it-lire's dark_blue is brown)
        names = [str(spec.get("name") or g), *[str(a) for a in spec.get("aliases") or []]]
        names += [data_in(lang, n) for lang in LANGUAGES[1:] for n in list(names)]
        words = [w for n in names for w in re.split(r"\s*[()]\s*", n) if w.strip()]
        out[g] = list(dict.fromkeys(names + words))
    return out


def player_and_group(rs, t, words: list[str]) -> tuple[str | None, int]:
    """`[PLAYER] GROUP|DEED` -> (the player named or None, the group's first lot). A colour names its group; a deed
    names the group it belongs to."""
    from referee.cli import common
    from referee.errors import InputError, RefereeError
    from referee.ruleset.names import match

    def lot(text: str) -> int:
        choices = group_choices(rs)
        for mode in ("exact", "prefix"):
            try:
                g = match(text, choices, "group", mode=mode)
                return rs.group_members(g)[0]
            except RefereeError:
                pass
        idx = common.resolve_deed(rs, text)
        if rs.squares[idx].kind != "lot":
            raise InputError(_("{deed} is not in a colour group: houses stand on lots").format(deed=rs.squares[idx].name))
        return idx

    if not words:
        raise InputError(_("say which group: [PLAYER] GROUP to N"))
    if len(words) >= 2:
        try:
            who = common.resolve_player(t, words[0])
            return who, lot(" ".join(words[1:]))
        except RefereeError:
            pass
    return None, lot(" ".join(words))
