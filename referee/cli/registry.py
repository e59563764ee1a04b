"""The command table: every `referee` command, where its function lives, its help.

Adding a command is one line in COMMANDS. Nothing here imports a command module:
the root group builds a command from its function only when that command is run
(Typer converts a signature in about a millisecond; thirty of them on every call
would double the banker's start-up), and the root `--help` lists the table's help
without importing anything.
"""

from __future__ import annotations

import importlib
from typing import Any

import typer
import typer.core
import typer.main

from referee.cli.click_words import LangContext
from referee.words.i18n import N_, _


class Command:
    """One command: its name, "module:function" (module under referee.cli), its one-line help.

    `rest`: the command takes the rest of the line as it stands, options included (`amend N COMMAND…`).
    """

    __slots__ = ("name", "target", "help", "hidden", "rest")  # a plain class: a dataclass costs a millisecond at start-up

    def __init__(self, name: str, target: str, help: str, hidden: bool = False, rest: bool = False) -> None:
        self.name, self.target, self.help, self.hidden, self.rest = name, target, help, hidden, rest


class Group:
    """A command with sub-commands (`tax income`, `rules show`…)."""

    __slots__ = ("name", "help", "commands", "hidden")

    def __init__(self, name: str, help: str, commands: tuple[Command, ...], hidden: bool = False) -> None:
        self.name, self.help, self.commands, self.hidden = name, help, commands, hidden


COMMANDS: tuple[Command | Group, ...] = (
    # setup
    Command("new", "commands.setup:new", N_("Start a game: one SQLite file holding every move.")),
    Command("deal", "commands.setup:deal", N_("Record the deeds dealt to a player at the start (paid at printed price where the edition says so).")),
    # money and GO
    Command("go", "commands.money:go", N_("Pay the salary for passing or landing on GO.")),
    Command("pay", "commands.money:pay", N_("Pay money between any two parties; `bank` is a party (pay Ana bank 50, pay bank Ana 100).")),
    Command("collect", "commands.money:collect", N_("The bank pays a player (a card, a refund…).")),
    Command("settle", "commands.money:settle", N_("Pay recorded debts once the player has raised the cash.")),
    # deeds: buying, auctions, rent, mortgages
    Command("buy", "commands.deeds:buy", N_("Buy an unowned deed from the bank at its printed price.")),
    Command("auction", "commands.deeds:auction", N_("Record the winner and price of an auction (checked against the edition's opening rule).")),
    Command("rent", "commands.deeds:rent", N_("Charge the rent on DEED to PAYER; the owner and the amount are computed.")),
    Command("mortgage", "commands.deeds:mortgage", N_("Mortgage a deed to the bank (no buildings may stand on its group).")),
    Command("unmortgage", "commands.deeds:unmortgage", N_("Lift a mortgage: its value plus the edition's interest.")),
    Command("lift", "commands.deeds:unmortgage", N_("Alias of unmortgage."), hidden=True),
    # buildings and trades
    Command("build", "commands.buildings:build", N_("Build houses (then a hotel) on a lot, checking group, evenness and the bank's stock.")),
    Command("sell", "commands.buildings:sell", N_("Sell buildings on a lot back to the bank (half price, evenly; a hotel breaks into houses).")),
    Command("trade", "commands.trade:trade", N_("A private deal between two players: cash, deeds and Get Out of Jail Free cards.")),
    # taxes, Free Parking, jail, cards
    Group("tax", N_("Income and luxury tax."), (
        Command("income", "commands.tax:income", N_("Income tax: the player's declared choice where the edition allows one.")),
        Command("luxury", "commands.tax:luxury", N_("Luxury tax.")),
    )),
    Command("parking", "commands.tax:parking", N_("A player lands on Free Parking (collects the pot under the jackpot house rule).")),
    Group("jail", N_("Jail: send, pay the fine, use a card, a throw in jail."), (
        Command("send", "commands.jail:send", N_("Send a player to jail (no salary for that move).")),
        Command("pay", "commands.jail:pay", N_("Pay the fine and leave jail.")),
        Command("card", "commands.jail:card", N_("Use a Get Out of Jail Free card.")),
        Command("roll", "commands.jail:roll", N_("A throw in jail: doubles free the player; the last allowed turn forces the fine.")),
    )),
    Command("card", "commands.cards:card", N_("Apply a drawn Chance/Community Chest card (repairs and 'each player' amounts computed).")),
    Command("cards", "commands.cards:cards", N_("List the cards of the game's (or a named) ruleset.")),
    # bankruptcy
    Command("bankrupt", "commands.bankruptcy:bankrupt", N_("Declare a player bankrupt over their recorded debts (the edition's procedure).")),
    Command("pay-in-property", "commands.bankruptcy:pay_in_property", N_("Pay part of a debt with unbuilt deeds (editions that allow it).")),
    # the record
    Command("undo", "commands.history:undo", N_("Take back the last move(s); recorded as a new event, nothing is deleted.")),
    Command("redo", "commands.history:redo", N_("Bring back what the last undo took back (until a new move is recorded); appended as an event.")),
    Command("log", "commands.history:log", N_("The game's history with amounts.")),
    Command("why", "commands.why:why", N_("The reasoning behind a move: its steps, notes and the clauses it rests on (the last move by default).")),
    Command("export", "commands.history:export", N_("Write the game's history as YAML (or CSV).")),
    Command("void", "fix_cmd:void", N_("Remove one past entry and re-run every later move (refused, naming the move, if one no longer holds).")),
    Command("amend", "fix_cmd:amend", N_("Replace one past entry with a corrected move and re-run every later move."), rest=True),
    Command("verify", "commands.verify:verify", N_("Check a game file: integrity, schema, every event re-run by the engine, the replay against the snapshot.")),
    Command("summary", "summary_cmd:summary", N_("The game at its end (or so far): who won, the final count by the game's own method, the turning points.")),
    Command("status", "commands.status:status", N_("The table at a glance: cash, deeds, buildings, mortgages, net worth, the bank's stock.")),
    Command("score", "commands.score:score", N_("Value every player by a named method: components, total and ranking (ties shown as ties).")),
    # table mode
    Command("roll", "commands.table:roll", N_("The player to throw throws the dice: move, salary, doubles, jail; then what the square means.")),
    Command("next", "commands.table:next_turn", N_("End the current player's turn: the next player (skipping lost turns) throws.")),
    Command("turn", "commands.table:turn", N_("Whose turn it is and what the last landing means; with PLAYER, say who throws next.")),
    Command("draw", "commands.table:draw", N_("Apply a drawn Chance/Community Chest card; a card that moves the token says what the new square means.")),
    Command("play", "commands.table:play", N_("Table mode: an interactive console on the current game (or replay moves from a file or standard input).")),
    Command("no-bid", "rulings_cmd:no_bid", N_("An auction ends with no bid: the deed stays with the bank.")),
    Command("declare", "rulings_cmd:declare", N_("Declare the income-tax choice (percent or flat) before counting; it binds.")),
    Command("shortage", "rulings_cmd:shortage", N_("Buildings from a short bank: the owner of DEED buys COUNT at the deed price, or at PRICE when rivals force an auction.")),
    Command("sell-hotels", "rulings_cmd:sell_hotels", N_("Sell hotels outright at half their full cost: every hotel of DEED's group at once (or --bare: this one).")),
    Command("watch", "commands.table:watch", N_("A live display of the table for a second screen: refreshes as soon as a move is recorded anywhere.")),
    Command("serve", "serve_cmd:serve", N_("The table live on the players' phones, where each player acts from their own (--lan: local network, with a token and a QR code).")),
    Command("seats", "serve_cmd:seats", N_("Each player's own link to act from their phone, the banker's and the spectators' (--reset NAME: a lost phone).")),
    # rules
    Group("rules", N_("Editions, variants and house rules: list, show, diff, validate."), (
        Command("list", "commands.rules:list_rulesets", N_("Every edition, variant and house rule that can be named.")),
        Command("show", "commands.rules:show", N_("The clauses of a ruleset with their citations, optionally for one topic.")),
        Command("diff", "commands.rules:diff", N_("Every parameter and clause that differs between two rulesets, side by side.")),
        Command("validate", "commands.rules:validate", N_("Validate ruleset files; every problem is printed as FILE:LINE: message (exit 2 if any).")),
        Command("coverage", "check_cmd:coverage_cmd", N_("Each clause with the scenarios that exercise it (cite it in a ruling, or list it under exercises:).")),
    )),
    Command("board", "commands.rules:board", N_("The deeds of a ruleset as a table: prices, rents, mortgage values, building costs.")),
    Command("deed", "deed_cmd:deed", N_("Record values read from a deed at the table, in the edition's money: they apply from now on.")),
    Command("ask", "ask_cmd:ask", N_("Answer a rules question from the clauses of the ruleset, with the book's citation.")),
    Command("check", "check_cmd:check", N_("Rule on the claims in scenario files: upheld or rejected, with the reasoning and the clauses.")),
    Command("freeze", "check_cmd:freeze", N_("Freeze the current table of the game into a scenario file; add the claim being argued and run `referee check`.")),
)


def load(target: str) -> Any:
    """The function named by a table target ("module:function", module under referee.cli)."""
    mod, _, attr = target.partition(":")
    return getattr(importlib.import_module(f"referee.cli.{mod}"), attr)


def build(entry: Command | Group) -> Any:
    """The Click command for one table entry (a group's sub-commands are built lazily too)."""
    if isinstance(entry, Group):
        return LazyGroup(name=entry.name, help=_(entry.help), hidden=entry.hidden, no_args_is_help=True, rich_markup_mode=None, entries=entry.commands)
    func = load(entry.target)
    one = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)
    # a docstring, where the function has one, is the long help; its first paragraph is the table's help
    rest = {"allow_extra_args": True, "ignore_unknown_options": True} if entry.rest else None
    one.command(entry.name, help=long_help(func, entry.help), hidden=entry.hidden, context_settings=rest)(func)
    return translate_params(typer.main.get_command(one))


def long_help(func: Any, short: str) -> str | None:
    """The docstring (None: Typer reads it) in English, else its translation, else the table's help translated."""
    if not func.__doc__:
        return _(short)
    if _(short) is short:  # English (or a language without this string): the docstring as written
        return None
    import inspect

    doc = inspect.cleandoc(func.__doc__)
    translated = _(doc)
    return translated if translated != doc else _(short)


def translate_params(cmd: Any) -> Any:
    """Option and argument help in the table's language (the strings in the code are English, marked with N_)."""
    cmd.context_class = LangContext  # Click's own words (Usage:, Options) through the catalog too
    for p in getattr(cmd, "params", ()):
        if getattr(p, "help", None):
            p.help = _(p.help)
    return cmd


class LazyGroup(typer.core.TyperGroup):
    """A Click group whose commands are the table's entries, each built on first use."""

    entries: tuple[Command | Group, ...] = ()
    context_class = LangContext

    def __init__(self, *args: Any, entries: tuple[Command | Group, ...] | None = None, **kw: Any) -> None:
        super().__init__(*args, **kw)
        if entries is not None:
            self.entries = entries
        self._listing = False

    def entry(self, name: str) -> Command | Group | None:
        return next((e for e in self.entries if e.name == name), None)

    def list_commands(self, ctx: Any) -> list[str]:
        return [e.name for e in self.entries]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        cmd = self.commands.get(cmd_name)
        if cmd is not None:
            return cmd
        e = self.entry(cmd_name)
        if e is None:
            if not isinstance(self, RootGroup):
                return None
            # a kind of move with no command of its own, typed by its name (loaded by name, as every command is)
            cmd = load("move_words:command")(cmd_name)
            if cmd is not None:
                self.commands[cmd_name] = cmd
            return cmd
        if self._listing:  # a help listing needs the name and help only: no import
            return typer.core.TyperCommand(name=e.name, help=_(e.help), hidden=e.hidden)
        cmd = self.commands[cmd_name] = build(e)
        return cmd

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        from referee.words.commands import english_options

        args[:] = english_options(args)  # `--dadi 7`, `--recibe X`: the hints print the table's option words
        if args and self.entry(args[0]) is None and args[0] not in self.commands:
            from referee.words.commands import command_of, expand_sub

            english = command_of(args[0])  # `referee costruisci …`: the hints print the table's words, so they are commands too
            if english:
                args[:] = expand_sub([english, *args[1:]])
        try:
            return super().resolve_command(ctx, args)
        except Exception as e:  # Click's UsageError: suggest from the whole table, built or not
            message = getattr(e, "message", None)
            if self.suggest_commands and args and isinstance(message, str) and "Did you mean" not in message:
                from referee.ruleset.names import closest

                near = closest(args[0], self.list_commands(ctx))
                if near:
                    e.message = _("{message}. Did you mean {names}?").format(  # type: ignore[attr-defined]
                        message=message.rstrip("."), names=repr(near))
            raise

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._listing = False

    def load_all(self) -> LazyGroup:
        """Build every command (the console dispatches to any of them, many times)."""
        for e in self.entries:
            cmd = self.get_command(None, e.name)
            if isinstance(cmd, LazyGroup):
                cmd.load_all()
        return self


class RootGroup(LazyGroup):
    entries = COMMANDS

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        if self.help:
            self.help = _(self.help)
        translate_params(self)
