"""The `referee` command: a thin layer that parses, calls the core, and prints.

Library code raises RefereeError subclasses; this module turns them into one
line on stderr and an exit code (1 refused, 2 bad input). Heavy modules are
imported inside the commands that need them, so `status` stays fast.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Optional

import typer

from referee.cli import common
from referee.errors import RefereeError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="referee: the banker and rules lawyer for a physical game of Monopoly, in any edition.",
)
tax_app = typer.Typer(no_args_is_help=True, help="Income and luxury tax.")
jail_app = typer.Typer(no_args_is_help=True, help="Jail: send, pay the fine, use a card, a throw in jail.")
app.add_typer(tax_app, name="tax")
app.add_typer(jail_app, name="jail")

GameOpt = Annotated[Optional[str], typer.Option("--game", "-g", help="Game file (default: $REFEREE_GAME or ./referee-game.sqlite).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]

_STATE: dict = {"game": None}


@app.callback()
def _root(game: GameOpt = None) -> None:
    _STATE["game"] = game


def open_game(game: str | None):
    from referee.ledger import Game, default_path

    return Game(default_path(game or _STATE["game"]))


def _record(game: str | None, build, as_json: bool = False):
    g = open_game(game)
    rs = g.ruleset()
    ev = g.record(lambda rs_, t: build(rs_, t))
    common.print_event(rs, ev, as_json)
    if ev.t.over and any(op[0] == "over" for op in ev.ops):
        from referee.cli.score_cmd import print_final

        print_final(rs, ev.t)
    return ev


# ================================================================ setup
@app.command()
def new(
    players: Annotated[list[str], typer.Argument(help="Player names in turn order.")],
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help="Edition (referee rules list).")] = "us-classic",
    variant: Annotated[Optional[list[str]], typer.Option("--variant", help="short-game, time-limit…")] = None,
    house_rule: Annotated[Optional[list[str]], typer.Option("--house-rule", help="free-parking-jackpot, double-go…")] = None,
    board: Annotated[Optional[str], typer.Option("--board", help="Board file for an edition whose board is unknown.")] = None,
    random_deal: Annotated[bool, typer.Option("--random", help="Deal the setup deeds at random (editions that deal deeds).")] = False,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Random seed for --random.")] = None,
    track_turns: Annotated[bool, typer.Option("--turns", help="Track turns and dice (table mode).")] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing game file.")] = False,
    game: GameOpt = None,
) -> None:
    """Start a game: one SQLite file holding every move."""
    from referee.core import setup
    from referee.ledger import Game, default_path
    from referee.ruleset import loader

    rs = loader.load(ruleset, variant or [], house_rule or [], board)
    path = default_path(game or _STATE["game"])
    table, ops, deals = setup.new_game(rs, players, random_deal=random_deal, seed=seed, track_turns=track_turns)
    spec = {"ruleset": rs.edition, "variants": variant or [], "house_rules": house_rule or [], "board": board, "players": players}
    g = Game.create(path, rs.data, spec, table, ops, force=force)
    common.out.print(f"[bold]New game[/bold] {rs.id} — {rs.title}")
    common.out.print(f"  file: {path}")
    for p in table.players:
        common.out.print(f"  {p.name}: {rs.fmt(rs.for_players('starting_cash', len(players)))}")
    common.out.print(f"  [cyan]— {rs.cite('setup.cash')}[/cyan]")
    n_deal = rs.for_players("deal_deeds", len(players)) or 0
    if deals:
        for name, idxs in deals.items():
            ev = g.record(lambda rs_, t, name=name, idxs=idxs: __import__("referee.core.actions", fromlist=["deal"]).deal(rs_, t, name, idxs))
            common.print_event(rs, ev)
    elif n_deal:
        common.out.print(
            f"  [yellow]{rs.id} deals {n_deal} deeds to each player: record the cards dealt with `referee deal PLAYER DEED…` (or start again with --random)[/yellow]"
        )


@app.command()
def deal(player: str, deeds: list[str], game: GameOpt = None) -> None:
    """Record the deeds dealt to a player at the start (paid at printed price where the edition says so)."""
    from referee.core import actions

    def build(rs, t):
        return actions.deal(rs, t, common.resolve_player(t, player), [common.resolve_deed(rs, d) for d in deeds])

    _record(game, build)


# ================================================================ money
@app.command()
def go(player: str, landed: Annotated[bool, typer.Option("--landed", help="Landed exactly on GO (some house rules pay more).")] = False, game: GameOpt = None) -> None:
    """Pay the salary for passing or landing on GO."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.salary(rs, t, common.resolve_player(t, player), landed))


@app.command()
def pay(
    payer: str,
    payee: str,
    amount: str,
    reason: Annotated[str, typer.Option("--for", help="What the payment is for.")] = "",
    game: GameOpt = None,
) -> None:
    """Pay money between any two parties; `bank` is a party (pay Ana bank 50, pay bank Ana 100)."""
    from referee.core import actions

    amt = common.parse_amount(amount)
    _record(game, lambda rs, t: actions.pay(rs, t, common.resolve_player(t, payer, True), common.resolve_player(t, payee, True), amt, reason))


@app.command()
def collect(player: str, amount: str, reason: Annotated[str, typer.Option("--for")] = "", game: GameOpt = None) -> None:
    """The bank pays a player (a card, a refund…)."""
    from referee.core import actions
    from referee.core.state import BANK

    amt = common.parse_amount(amount)
    _record(game, lambda rs, t: actions.pay(rs, t, BANK, common.resolve_player(t, player), amt, reason))


@app.command()
def settle(player: str, game: GameOpt = None) -> None:
    """Pay recorded debts once the player has raised the cash."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.settle(rs, t, common.resolve_player(t, player)))


# ================================================================ property
@app.command()
def buy(player: str, deed: str, game: GameOpt = None) -> None:
    """Buy an unowned deed from the bank at its printed price."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.buy(rs, t, common.resolve_player(t, player), common.resolve_deed(rs, deed)))


@app.command()
def auction(player: str, deed: str, price: str, game: GameOpt = None) -> None:
    """Record the winner and price of an auction (checked against the edition's opening rule)."""
    from referee.core import auction_rules  # a winner short of cash owes the bank the bid

    amt = common.parse_amount(price, "the price")
    _record(game, lambda rs, t: auction_rules.bid_won(rs, t, common.resolve_player(t, player), common.resolve_deed(rs, deed), amt))


@app.command()
def rent(
    payer: str,
    deed: str,
    dice: Annotated[Optional[int], typer.Option("--dice", help="The throw (utilities).")] = None,
    card: Annotated[Optional[str], typer.Option("--card", help="The card that sent the player there (nearest railroad/utility).")] = None,
    late: Annotated[Optional[int], typer.Option("--late", help="How many following players have rolled since (claim window).")] = None,
    game: GameOpt = None,
) -> None:
    """Charge the rent on DEED to PAYER; the owner and the amount are computed."""
    from referee.core import actions

    def build(rs, t):
        c = actions.find_card(rs, card) if card else None
        idx = common.resolve_deed(rs, deed)
        who = common.resolve_player(t, payer)
        landing = actions.last_landing(t, who, idx) if late is None and t.extra.get("tracking") else None
        return actions.rent(rs, t, who, idx, dice, c, late, landing)

    _record(game, build)


@app.command()
def mortgage(deed: str, game: GameOpt = None) -> None:
    """Mortgage a deed to the bank (no buildings may stand on its group)."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.mortgage(rs, t, common.resolve_deed(rs, deed)))


@app.command("unmortgage")
def unmortgage_cmd(deed: str, game: GameOpt = None) -> None:
    """Lift a mortgage: its value plus the edition's interest."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.unmortgage(rs, t, common.resolve_deed(rs, deed)))


@app.command("lift", hidden=True)
def lift_cmd(deed: str, game: GameOpt = None) -> None:
    """Alias of unmortgage."""
    unmortgage_cmd(deed, game)


@app.command()
def build(
    deed: str,
    count: Annotated[int, typer.Argument(help="How many buildings to add on this lot.")] = 1,
    hotel: Annotated[bool, typer.Option("--hotel", help="Build a hotel (when the edition allows one before 4 houses).")] = False,
    price: Annotated[Optional[str], typer.Option("--price", help="Price paid at a building-shortage auction.")] = None,
    game: GameOpt = None,
) -> None:
    """Build houses (then a hotel) on a lot, checking group, evenness and the bank's stock."""
    from referee.core import actions

    p = common.parse_amount(price, "the price") if price else None
    _record(game, lambda rs, t: actions.build(rs, t, common.resolve_deed(rs, deed), count, hotel, p))


@app.command()
def sell(deed: str, count: Annotated[int, typer.Argument()] = 1, game: GameOpt = None) -> None:
    """Sell buildings on a lot back to the bank (half price, evenly; a hotel breaks into houses)."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.sell_buildings(rs, t, common.resolve_deed(rs, deed), count))


@app.command()
def trade(
    a: str,
    b: str,
    give: Annotated[Optional[list[str]], typer.Option("--give", help="What A gives: deed names, amounts, 'jail-card'.")] = None,
    take: Annotated[Optional[list[str]], typer.Option("--take", help="What B gives to A.")] = None,
    lift: Annotated[Optional[list[str]], typer.Option("--lift", help="Mortgaged deed the receiver lifts at once.")] = None,
    game: GameOpt = None,
) -> None:
    """A private deal between two players: cash, deeds and Get Out of Jail Free cards."""
    from referee.core import actions

    def build(rs, t):
        pa, pb = common.resolve_player(t, a), common.resolve_player(t, b)
        return actions.trade(
            rs, t, pa, pb, _side(rs, t, pa, give or []), _side(rs, t, pb, take or []),
            [common.resolve_deed(rs, d) for d in lift or []],
        )

    _record(game, build)


def _side(rs, t, who: str, items: list[str]):
    from referee.core.actions import Side
    from referee.names import norm

    s = Side()
    for raw in items:
        for item in [x.strip() for x in raw.split(",") if x.strip()]:
            n = norm(item)
            if n.replace(" ", "") in ("jailcard", "jail", "goojf", "card") or "jail" in n:
                cards = [c for c in t.player(who).jail_cards if c not in s.jail_cards or t.player(who).jail_cards.count(c) > s.jail_cards.count(c)]
                s.jail_cards.append(cards[0] if cards else "?")
                continue
            stripped = item.lstrip("$£").replace(",", "")
            if stripped.replace(".", "").isdigit() or item.upper().startswith("L."):
                s.cash += common.parse_amount(item)
                continue
            s.deeds.append(common.resolve_deed(rs, item))
    return s


# ================================================================ taxes
@tax_app.command("income")
def tax_income(
    player: str,
    choice: Annotated[Optional[str], typer.Option("--choice", help="percent or flat, declared before counting.")] = None,
    preview: Annotated[bool, typer.Option("--preview", help="Show both amounts without paying (not the official order of play).")] = False,
    game: GameOpt = None,
) -> None:
    """Income tax: the player's declared choice where the edition allows one."""
    from referee.core import actions

    if choice is not None and choice not in ("percent", "flat"):
        raise __import__("referee.errors", fromlist=["InputError"]).InputError(f"--choice is percent or flat, not '{choice}'")
    if preview:
        g = open_game(game)
        rs, t = g.ruleset(), g.state()
        who = common.resolve_player(t, player)
        opts = actions.income_tax_options(rs, t, who)
        common.out.print("[yellow]preview — not the official order of play: the books have the player choose before adding up[/yellow]")
        if "net_worth" in opts:
            for line in opts["net_worth"].lines:
                common.out.print(f"  {line}")
            pct = rs.param("taxes.income.percent", 10)
            common.out.print(f"  net worth {rs.fmt(opts['net_worth'].total)} → {pct} % = {rs.fmt(opts['percent_amount'])}")
        if "flat" in opts:
            common.out.print(f"  flat: {rs.fmt(opts['flat'])}")
        common.out.print(f"  choices in {rs.id}: {', '.join(opts['choices'])}")
        return
    _record(game, lambda rs, t: actions.income_tax(rs, t, common.resolve_player(t, player), choice))


@tax_app.command("luxury")
def tax_luxury(player: str, game: GameOpt = None) -> None:
    """Luxury tax."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.luxury_tax(rs, t, common.resolve_player(t, player)))


@app.command()
def parking(player: str, game: GameOpt = None) -> None:
    """A player lands on Free Parking (collects the pot under the jackpot house rule)."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.free_parking(rs, t, common.resolve_player(t, player)))


# ================================================================ jail and cards
@jail_app.command("send")
def jail_send(player: str, game: GameOpt = None) -> None:
    """Send a player to jail (no salary for that move)."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.send_to_jail(rs, t, common.resolve_player(t, player)))


@jail_app.command("pay")
def jail_pay(player: str, game: GameOpt = None) -> None:
    """Pay the fine and leave jail."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.jail_pay(rs, t, common.resolve_player(t, player)))


@jail_app.command("card")
def jail_card(player: str, game: GameOpt = None) -> None:
    """Use a Get Out of Jail Free card."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.jail_card(rs, t, common.resolve_player(t, player)))


@jail_app.command("roll")
def jail_roll(player: str, d1: int, d2: int, game: GameOpt = None) -> None:
    """A throw in jail: doubles free the player; the last allowed turn forces the fine."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.jail_roll(rs, t, common.resolve_player(t, player), d1, d2))


@app.command()
def card(
    player: str,
    name: str,
    passed_go: Annotated[bool, typer.Option("--passed-go", help="The move passes GO (salary).")] = False,
    game: GameOpt = None,
) -> None:
    """Apply a drawn Chance/Community Chest card (repairs and 'each player' amounts computed)."""
    from referee.core import actions

    def build(rs, t):
        who, c = common.resolve_player(t, player), actions.find_card(rs, name)
        if t.extra.get("tracking") and not passed_go:
            from referee.core import turns  # the token moves on the board: record the landing too

            return turns.draw(rs, t, who, c)
        return actions.draw_card(rs, t, who, c, passed_go)

    _record(game, build)


@app.command()
def cards(ruleset: Annotated[Optional[str], typer.Argument()] = None, game: GameOpt = None) -> None:
    """List the cards of the game's (or a named) ruleset."""
    rs = _ruleset_for(ruleset, game)
    for deck_id, deck in rs.decks().items():
        common.out.print(f"[bold]{deck.get('name', deck_id)}[/bold]")
        for c in deck.get("cards") or []:
            common.out.print(f"  {c['id']:<24} {c.get('text', '')}")


# ================================================================ bankruptcy
@app.command()
def bankrupt(
    player: str,
    lift: Annotated[Optional[list[str]], typer.Option("--lift", help="A mortgaged deed the creditor lifts at once (repeat).")] = None,
    game: GameOpt = None,
) -> None:
    """Declare a player bankrupt over their recorded debts (the edition's procedure)."""
    from referee.core import actions

    _record(game, lambda rs, t: actions.bankrupt(rs, t, common.resolve_player(t, player), [common.resolve_deed(rs, d) for d in lift or []]))


@app.command("pay-in-property")
def pay_in_property(
    debtor: str,
    deeds: list[str],
    value: Annotated[str, typer.Option("--value", help="What the creditor values the deeds at.")],
    game: GameOpt = None,
) -> None:
    """Pay part of a debt with unbuilt deeds (editions that allow it)."""
    from referee.core import actions

    v = common.parse_amount(value, "the value")
    _record(game, lambda rs, t: actions.partial_payment(rs, t, common.resolve_player(t, debtor), [common.resolve_deed(rs, d) for d in deeds], v))


# ================================================================ history
@app.command()
def undo(n: Annotated[int, typer.Argument(help="How many moves to take back.")] = 1, game: GameOpt = None) -> None:
    """Take back the last move(s); recorded as a new event, nothing is deleted."""
    g = open_game(game)
    for ev in g.undo(n):
        common.out.print(f"undone: {ev.get('text', ev['type'])}")


@app.command()
def log(as_json: JsonOpt = False, game: GameOpt = None) -> None:
    """The game's history with amounts."""
    import json

    g = open_game(game)
    evs = g.events()
    if as_json:
        for e in evs:
            e.pop("ops", None)
        print(json.dumps(evs, ensure_ascii=False, indent=1))
        return
    for e in evs:
        mark = f" [dim](undone by #{e['undone_by']})[/dim]" if "undone_by" in e else ""
        from rich.markup import escape

        common.out.print(f"#{e['seq']:<4} {escape(e.get('text', e['type']))}{mark}")


@app.command()
def export(path: Annotated[Optional[str], typer.Argument(help="Output file (default: stdout).")] = None, game: GameOpt = None) -> None:
    """Write the game's history as YAML."""
    import yaml

    g = open_game(game)
    doc = {"game": g.spec, "events": g.events()}
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        common.out.print(f"wrote {path}")
    else:
        print(text, end="")


@app.command()
def status(as_json: JsonOpt = False, game: GameOpt = None) -> None:
    """The table at a glance: cash, deeds, buildings, mortgages, net worth, the bank's stock."""
    from referee.cli import status_view

    g = open_game(game)
    status_view.show(g.ruleset(), g.state(), as_json)
    if not as_json:
        from referee.core.board_values import table_values_line

        line = table_values_line(g)
        if line:
            common.out.print(f"[dim]{line}[/dim]")


def _ruleset_for(ruleset: str | None, game: str | None):
    if ruleset:
        from referee.ruleset import loader

        return loader.load(ruleset)
    return open_game(game).ruleset()


# ================================================================ other groups
_REGISTERED: set[str] = set()
# Command groups that live in their own modules, and the commands each adds.
# Only the module a command needs is imported, so `status` does not pay for `ask`.
_MODULES = {
    "rules_cmd": ("rules", "board"),
    "check_cmd": ("check", "freeze"),
    "ask_cmd": ("ask",),
    "score_cmd": ("score",),
    "table_cmd": ("play", "roll", "watch", "next", "turn"),
    "deed_cmd": ("deed", "play"),  # the console records deed values too
    "rulings_cmd": ("no-bid", "declare", "shortage", "sell-hotels", "play"),
}
_CORE = {"new", "deal", "go", "pay", "collect", "settle", "buy", "auction", "rent", "mortgage", "unmortgage",
         "lift", "build", "sell", "trade", "tax", "parking", "jail", "card", "cards", "bankrupt",
         "pay-in-property", "undo", "log", "export", "status"}


def _command_word(argv: list[str]) -> str | None:
    """The subcommand named in argv, skipping the global --game option and its value."""
    skip = False
    for a in argv:
        if skip:
            skip = False
            continue
        if a in ("--game", "-g"):
            skip = True
            continue
        if a.startswith("-"):
            continue
        return a
    return None


def _only(argv: list[str]):
    """Build only the command being run: Typer otherwise converts all ~30 signatures on every call.

    Returns the full lists so the caller can put them back (the console runs many commands in one process).
    """
    saved = (app.registered_commands, app.registered_groups)
    cmd = _command_word(argv)
    if cmd is None or cmd == "play" or "--help" in argv:  # the console dispatches to every command
        return saved

    def name_of(info) -> str:
        return info.name or info.callback.__name__.replace("_", "-")

    cmds = [c for c in app.registered_commands if name_of(c) == cmd]
    groups = [g for g in app.registered_groups if g.name == cmd]
    if cmds or groups:  # an unknown word keeps everything, so the usage error lists the commands
        app.registered_commands, app.registered_groups = cmds, groups
    return saved


def _register(argv: list[str] | None = None) -> None:
    """Attach the command groups that live in their own modules (each once)."""
    wanted = list(_MODULES)
    if argv is not None:
        cmd = _command_word(argv)
        if cmd in _CORE:
            wanted = []
        else:
            owners = [m for m, cmds in _MODULES.items() if cmd in cmds]
            wanted = owners or wanted
    for mod in wanted:
        if mod in _REGISTERED:
            continue
        _REGISTERED.add(mod)
        if mod == "rules_cmd":
            from referee.cli import rules_cmd

            app.add_typer(rules_cmd.rules_app, name="rules")
            app.command("board")(rules_cmd.board)
            continue
        try:
            m = __import__(f"referee.cli.{mod}", fromlist=["register"])
        except ImportError as e:
            if e.name != f"referee.cli.{mod}":
                raise
            continue
        m.register(app)


def main() -> None:
    argv = sys.argv[1:]
    _register(argv)
    saved = _only(argv)
    try:
        rv = app(args=argv, standalone_mode=False)
        code = rv if isinstance(rv, int) else 0
    except RefereeError as e:
        common.fail(str(e), e.exit_code)
        return
    except KeyboardInterrupt:
        common.err.print("interrupted; nothing half-written (every move is one transaction)")
        code = 130
    except typer.Abort:
        code = 1
    except (OSError, __import__("sqlite3").Error) as e:
        if os.environ.get("REFEREE_DEBUG"):
            raise
        common.fail(f"error: {e}", 2)
        return
    except Exception as e:  # a bug: still one line, never a traceback for the table
        if hasattr(e, "show") and hasattr(e, "exit_code"):  # Typer/click usage errors
            opt = getattr(e, "option_name", "") or ""
            if type(e).__name__ == "NoSuchOption" and opt[1:].replace(",", "").isdigit():
                common.fail(f"amounts must be positive, not {opt} (to move money the other way, swap the two parties)", 2)
            e.show()
            sys.exit(2 if e.exit_code not in (0, 1) else e.exit_code)
        if os.environ.get("REFEREE_DEBUG"):
            raise
        common.fail(f"internal error: {type(e).__name__}: {e} (set REFEREE_DEBUG=1 for details)", 3)
        return
    finally:
        app.registered_commands, app.registered_groups = saved
    sys.exit(code)
