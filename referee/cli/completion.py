"""Tab completion, prompt and toolbar for the table console (prompt_toolkit).

Completion knows the commands (and their sub-commands and options) from the
same Click app the console dispatches to, and fills players, deeds and cards
from the game, by the position of the word in the command's arguments.
"""

from __future__ import annotations

import functools
import html

import typer.core
from prompt_toolkit.completion import Completer, Completion

from referee.cli.shorthand import ALIASES, DEED_PARAMS, HELP, NOT_HERE, PLAYER_PARAMS, QUIT, expand_sub, split_line, words_of
from referee.ruleset.names import norm as _norm
from referee.words import i18n
from referee.words.i18n import N_, _, data, ngettext

norm = functools.lru_cache(maxsize=8192)(_norm)  # names repeat at every prompt


class _Item:
    __slots__ = ("text", "display", "meta", "keys")

    def __init__(self, text: str, display: str, meta: str = "", keys: tuple[str, ...] = ()):
        self.text, self.display, self.meta = text, display, meta
        self.keys = tuple(norm(k) for k in (display, *keys) if k)


def _quote(name: str) -> str:
    return f'"{name}"' if any(ch.isspace() for ch in name) else name


KINDS = (N_("railroad"), N_("utility"))  # a deed's kind, shown beside it


class TableCompleter(Completer):
    def __init__(self, console):
        self.console = console
        group = console.group
        names = [n for n, c in group.commands.items() if not getattr(c, "hidden", False) and n not in NOT_HERE]
        self.commands = [_Item(n, n, (group.commands[n].get_short_help_str(limit=50) or "")) for n in sorted(names)]
        self.commands += [_Item(a, a, f"= {full}") for a, full in sorted(words_of(i18n.current()).items()) if len(a) > 1]
        self.commands += [_Item("help", "help", _("commands and shortcuts")), _Item("quit", "quit", _("leave (Ctrl-D)"))]
        self.players: list[_Item] = []
        self.deeds: list[_Item] = []
        self.cards: list[_Item] = []
        self.toolbar = ""
        self._prompt = "referee › "

    # ------------------------------------------------------------ per prompt
    def refresh(self) -> None:
        from referee.core import turns

        try:
            rs, t = self.console.snapshot()
        except Exception:  # a damaged file must not stop the prompt; the next command reports it
            rs, t = None, None
        if t is None:
            self.players, self.deeds, self.cards = [], [], []
            self.toolbar, self._prompt = " " + _("no game yet: new NAME NAME … --turns"), "<b>referee</b> › "
            return
        self.players = [_Item(_quote(p.name), p.name, _("bankrupt") if p.bankrupt else rs.fmt(p.cash)) for p in t.players]
        self.players.append(_Item("bank", "bank", _("the bank")))
        self.deeds = []
        for sq in rs.deeds:
            d = t.deeds.get(sq.index)
            owner = (d.owner or _("bank")) if d else _("bank")
            meta = f"{data(rs.group_name(sq.group)) if sq.group else _(sq.kind)} · {owner}" + (" · " + _("mortgaged") if d and d.mortgaged else "")
            self.deeds.append(_Item(_quote(sq.name), sq.name, meta, sq.aliases))
        self.cards = []
        for deck_id, deck in rs.decks().items():
            for c in deck.get("cards") or []:
                self.cards.append(_Item(c["id"], c["id"], f"{deck.get('name', deck_id)}: {c.get('text', '')}"[:60], (c.get("text", ""),)))
        parts = []
        for p in t.players:
            if p.bankrupt:
                parts.append(_("{player} out").format(player=p.name))
                continue
            mark = " " + _("(jail)") if p.in_jail else ""
            owes = sum(d.amount for d in t.debts_of(p.name))
            parts.append(f"{p.name} {rs.fmt(p.cash)}{mark}" + (" " + _("owes {amount}").format(amount=rs.fmt(owes)) if owes else ""))
        self.toolbar_parts = parts + [_("bank: {houses}, {hotels}").format(
            houses=ngettext("{n} house", "{n} houses", t.bank_houses).format(n=t.bank_houses),
            hotels=ngettext("{n} hotel", "{n} hotels", t.bank_hotels).format(n=t.bank_hotels))]
        self.toolbar = " " + " │ ".join(parts) + " — " + self.toolbar_parts[-1]
        info = turns.turn_info(rs, t)
        if t.over:
            self._prompt = "<b>" + html.escape(_("game over")) + "</b> › "
        elif info["current"]:
            text = _("{player} to throw again") if info["throws_again"] else _("{player} to throw")
            self._prompt = html.escape(text).format(player="<b>" + html.escape(info["current"]) + "</b>") + " › "
        else:
            self._prompt = "<b>referee</b> › "

    def toolbar_for(self, width: int) -> str:
        """The toolbar on as many lines as the terminal needs: players, then the bank, never cut off."""
        parts = getattr(self, "toolbar_parts", None)
        if not parts or len(self.toolbar) <= width:
            return self.toolbar
        lines = [""]
        for part in parts:
            joined = f"{lines[-1]} │ {part}" if lines[-1] else f" {part}"
            if lines[-1] and len(joined) > width:
                lines.append(f" {part}")
            else:
                lines[-1] = joined
        return "\n".join(lines)

    def prompt_html(self) -> str:
        return self._prompt

    # ------------------------------------------------------------ completion
    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        word = _current_word(text)
        before = text[: len(text) - len(word)]
        prev = split_line(before)
        q = norm(word.lstrip('"'))
        if not prev:
            yield from _matches(self.commands, q, word)
            return
        head = prev[0].lower()
        if head in HELP:
            yield from _matches(self.commands, q, word)
            return
        if head in QUIT:
            return
        words = expand_sub([ALIASES.get(head, head), *prev[1:]])
        cmd, path = self.console._command(words)
        if cmd is None:
            yield from _matches(self.players + self.deeds, q, word)
            return
        if isinstance(cmd, typer.core.TyperGroup):
            subs = [_Item(n, n, c.get_short_help_str(limit=50) or "") for n, c in sorted(cmd.commands.items())]
            yield from _matches(subs, q, word)
            return
        opts = {o: p for p in cmd.params if isinstance(p, typer.core.TyperOption) for o in (*p.opts, *p.secondary_opts)}
        if word.startswith("-"):
            items = [_Item(o, o, (p.help or "")[:50]) for o, p in opts.items() if o.startswith("--")]
            yield from _matches(items, word, word, raw=True)
            return
        # which argument is this word?
        rest = words[len(path):]
        last_opt = None
        n_pos = 0
        skip = False
        for w in rest:
            if skip:
                skip, last_opt = False, None
                continue
            if w.startswith("-") and w in opts:
                p = opts[w]
                if not p.is_flag and not p.count:
                    skip, last_opt = True, p
                continue
            n_pos += 1
        if skip and last_opt is not None:  # completing an option's value
            kind = "deed" if last_opt.name in ("give", "take", "lift") else "card" if last_opt.name == "card" else None
            pool = self.deeds if kind == "deed" else self.cards if kind == "card" else []
            yield from _matches(pool, q, word)
            return
        args = [p for p in cmd.params if isinstance(p, typer.core.TyperArgument)]
        param = None
        if args:
            for a in args:
                if a.nargs == -1:
                    param = a
                    break
                if n_pos == 0:
                    param = a
                    break
                n_pos -= 1
        yield from _matches(self._pool(cmd.name, param, n_pos), q, word)

    def _pool(self, cmd_name: str | None, param, n_after: int) -> list[_Item]:
        if param is None:
            return []
        name = param.name
        if cmd_name in ("card",) and name == "name":
            return self.cards
        if cmd_name == "draw":
            return (self.players[:-1] + self.cards) if n_after == 0 else self.cards
        if cmd_name == "roll":
            return self.players[:-1] if n_after == 0 else []
        if name == "words":  # [PLAYER] DEED [COUNT] (mortgage, unmortgage, build, sell)
            return (self.players[:-1] + self.deeds) if n_after == 0 else self.deeds
        if name in PLAYER_PARAMS:
            return self.players if cmd_name == "pay" else self.players[:-1]
        if name in DEED_PARAMS:
            return self.deeds
        return []


def _current_word(text: str) -> str:
    """The word being typed: from the last unquoted space (an open quote belongs to the word)."""
    in_q = None
    start = 0
    for i, ch in enumerate(text):
        if in_q:
            if ch == in_q:
                in_q = None
        elif ch in "\"'":
            in_q = ch
            if i == start or text[i - 1].isspace():
                start = i
        elif ch.isspace():
            start = i + 1
    return text[start:]


def _matches(items: list[_Item], q: str, word: str, raw: bool = False):
    first, then = [], []
    for it in items:
        keys = (it.text,) if raw else it.keys
        if not q:
            first.append(it)
        elif any(k.startswith(q) for k in keys):
            first.append(it)
        elif not raw and any(w.startswith(q) for k in keys for w in k.split()):
            then.append(it)
    for it in first + then:
        yield Completion(it.text, start_position=-len(word), display=it.display, display_meta=it.meta)
