"""Click's own words (Usage:, Options:, its usage errors) in the table's language.

Typer's private copy of Click writes them in English without gettext, so the
help formatter translates its headings and option help here, and a usage error
is matched against Click's sentences and said again through our catalog.
"""

from __future__ import annotations

import re
from typing import Any

import typer.core

from referee.words.i18n import N_, _, pgettext

_Context: Any = typer.core.TyperGroup.context_class
_Formatter: Any = _Context.formatter_class

# Click's fixed words, marked so that extraction puts them in the catalog
HEADINGS = (N_("Usage: "), N_("Options"), N_("Commands"), N_("Arguments"), N_("Show this message and exit."),
            N_("Install completion for the current shell."),
            N_("Show completion for the current shell, to copy it or customize the installation."))


# the arguments' names as the usage line shows them (Typer writes a required one as a raw `{name}`)
METAVARS = {w.lower(): w for w in (
    N_("FILES"), N_("FILE"), N_("PATH"), N_("PATHS"), N_("NAME"), N_("PLAYER"), N_("PLAYERS"), N_("DEED"),
    N_("COUNT"), N_("CARD"), N_("DICE"), N_("ENTRY"), N_("N"), N_("PRICE"), N_("QUESTION"), N_("RULESET"),
    N_("TOPIC"), N_("WORDS"), N_("PAYER"), N_("PAYEE"), N_("AMOUNT"), N_("CHOICE"), N_("DEEDS"), N_("DEBTOR"),
    N_("REASON"), N_("GROUP"))}


def _metavar(word: str) -> str:
    known = METAVARS.get(word.lower())
    return _(known) if known else word.upper()


def usage_args(args: str) -> str:
    """`{files}...` → `FILES...`, `[ruleset]` → `[RULESET]`, in the table's language."""
    def words(m: re.Match) -> str:
        return re.sub(r"[A-Za-z_]\w*", lambda w: _metavar(w.group(0)), m.group(1))

    args = re.sub(r"\{([^{}]+)\}", words, args)
    args = re.sub(r"\b(OPTIONS|COMMAND|ARGS)\b", lambda m: _click_word(m.group(1)), args)
    return _named_caps(re.sub(r"\[([a-z_][\w ]*)\]", lambda m: "[" + words(m) + "]", args))


def _named_caps(text: str) -> str:
    """An argument a command already names in capitals (`[PLAYER] D1 D2`) in the table's language."""
    return re.sub(r"\b[A-Z][A-Z_]+\b", lambda w: _(METAVARS[w.group(0).lower()]) if w.group(0).lower() in METAVARS else w.group(0), text)


def _click_word(word: str) -> str:
    """Click's own placeholders in a usage line (`[OPTIONS] COMMAND [ARGS]...`)."""
    if word == "OPTIONS":
        return pgettext("usage", "OPTIONS")
    if word == "COMMAND":
        return pgettext("usage", "COMMAND")
    return pgettext("usage", "ARGS")


class LangFormatter(_Formatter):
    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(typed_path(prog), usage_args(args), _("Usage: ") if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        self.heading_now = heading  # an argument's row is named as the usage line names it; a command's row is typed
        super().write_heading(_(heading))

    def write_dl(self, rows: Any, *args: Any, **kw: Any) -> None:
        from referee.words.commands import word

        heading = getattr(self, "heading_now", "")
        named = _term if heading == "Arguments" else word if heading == "Commands" else _options if heading == "Options" else str
        super().write_dl([(named(term), extras(_(text))) for term, text in rows], *args, **kw)


def _options(term: str) -> str:
    """An option's row as the table types it: `--force, --forzar, --forza REASON` → `--forzar REASON` at a Spanish
    table, `--dice N` → `--dadi N` at an Italian one (words.commands.OPTION_WORDS); `--game` as it is."""
    from referee.words.commands import option_of, option_word

    words = term.split(" ")
    n = 0
    while n < len(words) and words[n].startswith("-"):  # `--give,` `--da` then the metavar `<str>`
        n += 1
    names = [w.rstrip(",") for w in words[:n]]
    said = [option_word(option_of(x) or x) if x.startswith("--") else x for x in names]
    return " ".join([", ".join(dict.fromkeys(said)), *words[n:]])


def typed_path(path: str) -> str:
    """`referee rent` as the table types it (`referee affitto` at an Italian table)."""
    from referee.words.commands import sub_word, word

    parts = path.split(" ")  # the program's name (which may hold spaces), then the command and a group's subcommand
    if len(parts) >= 3 and sub_word(parts[-2], parts[-1]) != parts[-1]:
        parts[-2:] = [word(parts[-2]), sub_word(parts[-2], parts[-1])]
    elif len(parts) >= 2:
        parts[-1] = word(parts[-1])
    return " ".join(parts)


def _term(term: str) -> str:
    """An argument's row under Arguments: its name as the usage line shows it (`deed` → DEED, PROPRIÉTÉ in French)."""
    m = re.fullmatch(r"([A-Za-z_]+)(\.\.\.)?", term)  # `players...`: a list of them
    return _metavar(m.group(1)) + (m.group(2) or "") if m and m.group(1).lower() in METAVARS else _named_caps(term)


def extras(text: str) -> str:
    """Click's '[default: 1500]' and '[required]' after an option's help."""
    if "[" not in text:
        return text
    return text.replace("[default: ", "[" + _("default: ")).replace("[required]", "[" + _("required") + "]")


class LangContext(_Context):
    formatter_class = LangFormatter


# Click's usage errors: its English sentence → ours, with the same named parts
_ERRORS = (
    (r"Missing command\.", N_("Missing command.")),
    (r"No such command '(?P<name>.+)'\.(?P<rest>.*)", N_("No such command '{name}'.{rest}")),
    (r"Missing argument '(?P<name>.+)'\.(?P<rest>.*)", N_("Missing argument '{name}'.{rest}")),
    (r"Missing option '(?P<name>.+)'\.(?P<rest>.*)", N_("Missing option '{name}'.{rest}")),
    (r"No such option: (?P<name>\S+)(?P<rest>.*)", N_("No such option: {name}{rest}")),
    (r"Option '(?P<name>.+)' requires an argument\.", N_("Option '{name}' requires an argument.")),
    (r"Got unexpected extra argument(?:s|\(s\))? \((?P<name>.*)\)\.?", N_("Got unexpected extra argument(s) ({name})")),
    (r"Invalid value for '(?P<name>.+?)': '(?P<value>.*)' is not a valid int(?:eger)?\.", N_("Invalid value for '{name}': '{value}' is not a whole number.")),
    (r"Invalid value for '(?P<name>.+?)': (?P<rest>.*)", N_("Invalid value for '{name}': {rest}")),
    (r" Did you mean (?P<name>.+)\?", N_(" Did you mean {name}?")),
    # the part after "Invalid value for '…': "
    (r"(?P<value>\S+) is not in the range (?P<range>.+)\.", N_("{value} is not in the range {range}.")),
    (r"'(?P<value>.*)' is not one of (?P<choices>.+)\.", N_("'{value}' is not one of {choices}.")),
    (r"'(?P<value>.*)' is not a valid float\.", N_("'{value}' is not a number.")),
    (r"\(Possible options: (?P<name>.+)\)", N_("(Possible options: {name})")),
)


def translate(message: str) -> str:
    """A Click usage error in the table's language (unchanged when no pattern knows it)."""
    for pattern, template in _ERRORS:
        m = re.fullmatch(pattern, message, re.S)
        if m:
            parts = m.groupdict()
            if template.startswith("Missing argument"):  # as the usage line above names it: 'payer' → PAGANTE
                parts["name"] = _metavar(parts["name"])
            if parts.get("name", "").startswith(("-", "'-")):  # an option as this table types it: '--dice' → '--dadi'
                from referee.words.commands import option_of, option_word

                parts["name"] = re.sub(r"--[\w-]+", lambda o: option_word(option_of(o.group(0)) or o.group(0)), parts["name"])
            if "rest" in parts and parts["rest"]:
                parts["rest"] = translate(parts["rest"])
            if template.startswith("(Possible options"):  # the options as the table types them: --give → --da
                from referee.words.commands import option_of, option_word

                said = (option_word(option_of(o.strip()) or o.strip()) for o in parts["name"].split(","))
                parts["name"] = ", ".join(dict.fromkeys(said))  # another language's spelling said as this table's, once
            return _(template).format(**parts)
    body = message.lstrip()
    if body != message and body:  # " (Possible options: --give)" after an unknown option: the same words, spaced
        return message[: len(message) - len(body)] + translate(body)
    return message


def suggest_options(e: Any) -> None:
    """An unknown option: Click's suggestions replaced by the command's options as this table types them
    (`--rcevi` → `--ricevi` at an Italian table, not the English `--take`)."""
    ctx = getattr(e, "ctx", None)
    if ctx is None or type(e).__name__ != "NoSuchOption":
        return
    import difflib

    from referee.words.commands import option_word

    said = list(dict.fromkeys(option_word(o) for p in ctx.command.params for o in getattr(p, "opts", ()) if o.startswith("--")))
    e.possibilities = difflib.get_close_matches(getattr(e, "option_name", ""), said)


def show_usage_error(e: Any) -> None:
    """Click's UsageError.show(), its words translated: usage, the hint, then the error."""
    from referee.cli import common

    ctx = getattr(e, "ctx", None)
    if type(e).__name__ == "NoArgsIsHelpError":  # its message is the help, already in the language
        e.show()
        return
    suggest_options(e)
    message = translate(e.format_message())
    # two lines: what is wrong first, then the usage with where to read more (Click's own four put the error last)
    common.err.print(_("Error: {message}").format(message=message), markup=False, highlight=False)
    if ctx is not None:
        path = ctx.command_path
        typed = typed_path(path)
        usage = ctx.get_usage().replace("\n", " ").strip().replace(path, typed, 1)
        if ctx.command.get_help_option(ctx) is not None:
            usage += " — " + _("Try '{command} {option}' for help.").format(command=typed, option=ctx.help_option_names[0])
        common.err.print(usage, markup=False, highlight=False, soft_wrap=True)
