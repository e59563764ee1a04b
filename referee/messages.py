"""The English words for the engine's structured messages, and next-actions as command lines.

The core says what happened as `Msg(id, params)` and suggests what to do as
`Next(action, args)` (referee/core/msg.py); this module is the one place that
turns them into sentences and command syntax. Another language plugs in here
(a catalogue per id); another front end (a web page) renders `Next` its own way.

A template is a `str.format` string; ``{x:money}`` formats an int with the
ruleset's currency, ``{x:cmd}`` renders a next-action as the command a player
types, ``{x:list}`` joins a list with commas. Messages whose wording depends on
their parameters are small functions instead.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

from referee.core.msg import Msg, Next

Fmt = Callable[[int], str]
Params = Mapping[str, Any]


def name_arg(name: str) -> str:
    """A square or player name as typed in a command line (quoted when it has spaces)."""
    return f'"{name}"' if any(ch.isspace() for ch in name) else name


# ---------------------------------------------------------------- next actions as commands
def _opt(args: Params, key: str, placeholder: str) -> str:
    v = args.get(key)
    return placeholder if v is None else name_arg(str(v))


def render_next(nxt: Next | Mapping[str, Any]) -> str:
    """The command line that carries out a suggested action (placeholders in capitals)."""
    action, args = (nxt.action, nxt.args) if isinstance(nxt, Next) else (nxt["action"], nxt.get("args") or {})
    if action == "buy":
        return f"buy {name_arg(args['player'])} {name_arg(args['deed'])}"
    if action == "auction":
        return f"auction {_opt(args, 'winner', 'WINNER')} {name_arg(args['deed'])} {_opt(args, 'price', 'PRICE')}"
    if action == "rent":
        cmd = f"rent {name_arg(args['player'])} {name_arg(args['deed'])}"
        if args.get("card"):
            cmd += f" --card {args['card']}"
        if "dice" in args:
            cmd += f" --dice {_opt(args, 'dice', 'N')}"
        return cmd
    if action == "tax":
        cmd = f"tax {args['tax']} {name_arg(args['player'])}"
        if args.get("choice"):
            choice = args["choice"]
            cmd += " --choice " + ("|".join(choice) if isinstance(choice, list) else str(choice))
        return cmd
    if action == "draw":
        return f"draw {name_arg(args['player'])} {_opt(args, 'card', 'CARD')}"
    if action == "deed":  # values read from a deed at the table
        cmd = f'deed "{args["deed"]}"'
        if "houses" in args:
            cmd += f" --houses {args['houses']} --value {_opt(args, 'value', 'N')}"
        if "hotel" in args:
            cmd += f" --hotel {_opt(args, 'hotel', 'N')}"
        for key in ("rent", "multipliers"):
            if key in args:
                cmd += f" --{key} " + ",".join("ABCD"[: args[key]])
        if "or_multipliers" in args:
            cmd += " (or --multipliers " + ",".join("ABCD"[: args["or_multipliers"]]) + " if it multiplies the dice)"
        return cmd
    if action == "parking":
        return f"parking {name_arg(args['player'])}"
    words = [action] + [name_arg(str(v)) for v in args.values() if v is not None]
    return " ".join(words)


# ---------------------------------------------------------------- templates
def _for_sale(p: Params, f: Fmt) -> str:
    buy = render_next(Next("buy", {"player": p["player"], "deed": p["square"]}))
    text = f"{p['square']} is for sale: {p['player']} may buy it for {f(p['price'])} ({buy})"
    if p["cash"] < p["price"]:
        text += f", holding only {f(p['cash'])}"
    if p["auction"]:
        auction = render_next(Next("auction", {"winner": None, "deed": p["square"], "price": None}))
        return text + f"; if not, the bank auctions it ({auction})"
    return text + "; if not, it stays with the bank"


def _rent(p: Params, f: Fmt) -> str:
    text = f"{p['player']} owes {p['owner']} {f(p['amount'])} rent on {p['square']} ({render_next(p['next'])})"
    if p.get("until"):
        text += f"; claimable until {p['until']} throws" + (" again" if p["until"] == p["player"] else "")
    return text


def _income_choice(p: Params, f: Fmt) -> str:
    def one(c: str) -> str:
        if c == "flat" and p.get("flat") is not None:
            return f"flat ({f(p['flat'])})"
        if c == "percent" and p.get("percent") is not None:
            return f"percent ({p['percent']} % of net worth)"
        return c

    return (f"{p['player']} pays income tax, declaring before counting: " + " or ".join(one(c) for c in p["choices"])
            + f" ({render_next(p['next'])})")


def _shortfall(verdict: str) -> Callable[[Params, Fmt], str]:
    def render_(p: Params, f: Fmt) -> str:
        if verdict == "bankrupt":
            why = f"bankrupt: even raising everything ({f(p['raisable'])}) does not cover {f(p['owed'])}"
        else:
            why = f"not bankrupt: {p['player']} can raise up to {f(p['can'])} by selling buildings and mortgaging"
        return (f"{p['player']} cannot pay {f(p['amount'])} in cash: owes {f(p['owed'])}, holds {f(p['cash'])}, "
                f"{f(p['short'])} short; {why}. The debt is recorded until paid (settle) or bankruptcy.")

    return render_


def _after_bankruptcies(p: Params, f: Fmt) -> str:
    totals = "; ".join(f"{name} {f(total)}" for name, total in p["totals"])
    return f"game over at bankruptcy {p['count']}: {totals}" + (f" — {p['winner']} wins" if p["winner"] else " — a tie")


def _nearest_rent(p: Params, f: Fmt) -> str:
    return f"if {p['deed']} is owned, record the rent with: {render_next(p['next'])}"


def _buildings(houses: int, hotels: int) -> str:
    parts = []
    if houses:
        parts.append("a house" if houses == 1 else f"{houses} houses")
    if hotels:
        parts.append("a hotel")
    return " and ".join(parts)


def _standing(p: Params) -> str:
    return "a hotel" if p["now_hotel"] else f"{p['now_houses']} house(s)"


def _side(s: Params, f: Fmt) -> str:
    parts = list(s["deeds"])
    if s["cash"]:
        parts.append(f(s["cash"]))
    parts += ["a Get Out of Jail Free card"] * s["jail_cards"]
    return ", ".join(parts) or "nothing"


AUCTION_OPENINGS = {"printed_price": "the printed price", "fixed": "the fixed opening bid", "any": "any price"}
HOTEL_SALE = {"break": "a hotel broken into houses, one at a time", "group": "all the hotels of a colour group at once",
              "bare": "a hotel straight back to bare land"}
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _ordinal(n: int) -> str:
    return ORDINALS.get(n, f"{n}th")


def _nested(value: Any, f: Fmt) -> str:
    return render(Msg.from_dict(value) if isinstance(value, dict) else value, f)


Template = str | Callable[[Params, Fmt], str]
TEMPLATES: dict[str, Template] = {
    "text": "{text}",  # a sentence stored by an older game file
    # what happened (an event's headline)
    "deal": lambda p, f: f"{p['player']} is dealt {', '.join(p['deeds'])}",
    "deal.paid": lambda p, f: f"{p['player']} is dealt {', '.join(p['deeds'])} and pays {f(p['total'])}",
    "salary": "{player} collects {amount:money} salary",
    "salary.landed": "{player} collects {amount:money} salary (landed on GO)",
    "pay": lambda p, f: f"{p['payer']} pays {p['payee']} {f(p['amount'])}" + (f" ({p['reason']})" if p["reason"] else ""),
    "pay.debt": lambda p, f: (f"{p['payer']} owes {p['payee']} {f(p['amount'])}" + (f" ({p['reason']})" if p["reason"] else "")
                              + f": a debt is recorded, nothing paid yet ({p['payer']} holds {f(p['cash'])})"),
    "settle": lambda p, f: f"{p['player']} pays {f(p['paid'])} owed" + (f"; still owes {f(p['left'])}" if p["left"] else ""),
    "buy": "{player} buys {deed} for {price:money}",
    "auction": "{player} wins {deed} at auction for {price:money}",
    "rent": "{payer} pays {owner} {amount:money} rent on {deed}",
    "tax.income": "{player} pays {amount:money} income tax ({choice})",
    "tax.luxury": "{player} pays {amount:money} luxury tax",
    "free_parking.pot": "{player} lands on Free Parking and collects the pot, {amount:money}",
    "free_parking.nothing": "{player} lands on Free Parking: nothing happens",
    "mortgage": "{player} mortgages {deed} for {amount:money}",
    "unmortgage": "{player} lifts the mortgage on {deed}: {amount:money}",
    "build": lambda p, f: (f"{p['player']} builds {_buildings(p['houses'], p['hotels'])} on {p['deed']} for {f(p['cost'])} "
                           f"(now {_standing(p)})"),
    "sell": lambda p, f: (f"{p['player']} sells {p['count']} building(s) on {p['deed']} to the bank for {f(p['payout'])} "
                          f"(now {_standing(p)})"),
    "trade": lambda p, f: f"trade: {p['a']} gives {_side(p['a_gives'], f)}; {p['b']} gives {_side(p['b_gives'], f)}",
    "jail.send": lambda p, f: (f"{p['player']} goes to jail" + (f" ({_nested(p['reason'], f)})" if p["reason"] else "")
                               + "; no salary for this move"),
    "jail.reason.card": "card",
    "jail.reason.landed": "landed on {square}",
    "jail.reason.doubles": lambda p, f: f"{_ordinal(p['run'])} doubles in a row",
    "jail.pay": "{player} pays the {fine:money} fine and leaves jail",
    "jail.card": "{player} uses a Get Out of Jail Free card; it goes back under its deck",
    "jail.roll.doubles": lambda p, f: f"{p['player']} throws doubles ({p['d1']}+{p['d2']}) and leaves jail, moving {p['d1'] + p['d2']}",
    "jail.roll.last": lambda p, f: (f"{p['player']} fails on turn {p['turns']} in jail: must pay {f(p['fine'])} "
                                    f"and moves {p['d1'] + p['d2']}"),
    "jail.roll.stays": "{player} stays in jail (turn {turns} of {max_turns})",
    "card.drawn": "{player} draws '{card}'",
    "card.collect": "{player} draws '{card}': collects {amount:money} from the bank",
    "card.pay_bank": "{player} draws '{card}': pays {amount:money} to the bank",
    "card.pay_pot": "{player} draws '{card}': pays {amount:money} into the Free Parking pot",
    "card.collect_all": "{player} draws '{card}': collects {amount:money} in all",
    "card.pay_all": "{player} draws '{card}': pays {amount:money} in all",
    "card.repairs": "{player} draws '{card}': pays {amount:money}",
    "bankrupt.to_player": "{player} is bankrupt to {creditor}",
    "bankrupt.to_bank": "{player} is bankrupt to the bank",
    "partial_payment": lambda p, f: (f"{p['debtor']} pays {p['creditor']} {f(p['value'])} in property ({', '.join(p['deeds'])})"
                                     + (f"; still owes {f(p['rest'])}" if p["rest"] else "")),
    "roll": lambda p, f: f"{p['player']} throws {p['d1']}+{p['d2']} = {p['d1'] + p['d2']}" + (" (doubles)" if p["doubles"] else ""),
    "roll.doubles_to_jail": lambda p, f: f"{p['player']} throws {p['d1']}+{p['d2']}: {_ordinal(p['run'])} doubles in a row",
    "roll.go": lambda p, f: ("lands on" if p["landed"] else "passes") + " GO: " + (_nested(p["salary"], f) if p["salary"] else ""),
    "turn.ends": "{player}'s turn ends; {next} to throw",
    "board.unknown_at_table": lambda p, f: (
        f"{p['ruleset']}: {p['what']} is unknown — no source prints it. Read it on the deed and record it: "
        f"referee {render_next(p['next'])} (it applies from now on; `referee board --export FILE` keeps it for the next game)."),
    "board.single_source": lambda p, f: (f"{p['what']} from a single unverified source: check the deed; "
                                         f"if yours differs: referee {render_next(p['next'])}"),
    "board.table_values": ("board: {count} value(s) read from the deeds at the table (`referee log`); "
                           "`referee board --export FILE` keeps them for the next game"),
    # what a player is doing, inside a refusal
    "doing.buying": "buying",
    "doing.bidding": "bidding",
    "doing.building": "building",
    "doing.lifting": "lifting a mortgage",
    "doing.deed": "{deed}",
    "doing.winning_bid": "the winning bid on {deed}",
    "doing.lifting_deed": "lifting the mortgage on {deed}",
    "doing.jail_fine": "the jail fine",
    "doing.trade_cash": "the cash in this trade",
    "doing.dealt_deeds": "paying for the dealt deeds",
    "doing.buildings": "the buildings",
    # refusals (each cites its clause)
    "refused.account_closed": "{player} is bankrupt and out of the game: nothing can be paid to, charged to or moved for {player}",
    "refused.bankrupt_player": "{player} is bankrupt and out of the game",
    "refused.game_over": lambda p, f: "the game is over" + (f": {p['winner']} won" if p["winner"] else "") + " (undo to continue)",
    "refused.owes_first": lambda p, f: (f"{p['player']} owes {f(p['owed'])} and must pay it before {_nested(p['doing'], f)} "
                                        "(settle, or raise money by selling buildings and mortgaging)"),
    "refused.short": lambda p, f: (f"{p['player']} has {f(p['cash'])}, {_nested(p['doing'], f)} costs {f(p['amount'])}: "
                                   f"{f(p['short'])} short (raise it first by mortgaging or selling buildings; players cannot lend)"),
    "refused.bank_deed": "{deed} belongs to the bank",
    "refused.owned": "{deed} already belongs to {owner}",
    "refused.no_auctions": "this ruleset holds no auctions: a declined property stays with the bank",
    "refused.auction_owned": "{deed} belongs to {owner}; only the bank's deeds are auctioned",
    "refused.bid_too_low": lambda p, f: (f"the bidding starts at {AUCTION_OPENINGS[p['opening']]}, {f(p['minimum'])}; "
                                         f"{f(p['price'])} is below it"),
    "refused.no_pot": "this ruleset keeps no Free Parking pot",
    "refused.pot_holds": "the pot holds {pot:money}",
    "refused.already_mortgaged": "{deed} is already mortgaged",
    "refused.mortgage_built": "sell every building on the {group} group first ({built:list} has buildings)",
    "refused.not_mortgaged": "{deed} is not mortgaged",
    "refused.in_jail": "{player} is already in jail",
    "refused.not_in_jail": "{player} is not in jail",
    "refused.no_jail_card": "{player} holds no Get Out of Jail Free card (one can be bought from another player with a trade)",
    "refused.tax_choice": lambda p, f: f"{p['ruleset']} has no '{p['choice']}' income tax; it takes only: {', '.join(p['choices'])}",
    "refused.not_theirs": "{deed} does not belong to {player}",
    "refused.trade_built": "{deed} cannot change hands while its group has buildings ({built:list}): sell them to the bank first",
    "refused.no_jail_card_of_deck": "{player} holds no Get Out of Jail Free card of that deck",
    "refused.jail_cards_not_traded": "Get Out of Jail Free cards cannot be traded in this ruleset",
    "refused.gift": "{player} would give something for nothing: loans and gifts between players are not allowed",
    "refused.not_a_lot": "{deed} is not a colour-group lot: nothing can be built on it",
    "refused.split_group": lambda p, f: (f"{p['player']} does not own the whole {p['group']} group ("
                                         + ", ".join(f"{deed} ({owner or 'bank'})" for deed, owner in p["others"]) + ")"),
    "refused.build_mortgaged": lambda p, f: (f"{', '.join(p['deeds'])} is mortgaged: lift the mortgage before building"
                                             + (" anywhere on the group" if p["group"] else "")),
    "refused.hotel_needs_houses": "a hotel on {deed} needs {houses} houses on it first",
    "refused.hotel_needs_houses_has": "a hotel on {deed} needs {houses} houses on it first (it has {has})",
    "refused.hotel_every_lot": "a hotel needs {houses} houses on every lot of the group; {short:list} has fewer",
    "refused.no_hotels": "the bank has no hotels left",
    "refused.no_houses": ("the bank has no houses left: wait until some are sold back "
                          "(when several players want the last ones, they are auctioned)"),
    "refused.build_unevenly": "houses must be built evenly: {deed} would have {level} while {lows:list} has {low}",
    "refused.shortage_opening": "a shortage auction opens at {minimum:money}",
    "refused.has_hotel": "{deed} already has a hotel, the most a lot can hold",
    "refused.hotel_breaking": ("in tournament play a hotel may be broken into houses only to raise money the player needs, "
                               "not to starve the others of houses"),
    "refused.sell_unevenly": "houses must be sold evenly: sell from {highs:list} first ({high} there, {houses} on {deed})",
    "refused.nothing_to_sell": "{deed} has no buildings to sell",
    "refused.no_debt": ("{player} owes nothing recorded: a player goes bankrupt only over a debt they cannot pay "
                        "(record the payment first)"),
    "refused.can_raise": "{player} owes {owed:money} but can raise {raisable:money} (cash, buildings sold back, mortgages): not bankrupt",
    "refused.no_payment_in_property": "{ruleset} does not allow paying a debt in property",
    "refused.payment_built": "only unbuilt deeds can be given in payment; {deed} has buildings",
    "refused.rent_unowned": "nobody owns {deed}: no rent is due (it may be bought)",
    "refused.rent_mortgaged": "{deed} is mortgaged: no rent can be collected on it",
    "refused.rent_in_jail": "{player} is in jail and this ruleset collects no rent in jail",
    "refused.rent_paid": "{player} already paid the rent for landing on {deed}",
    "refused.rent_own": "{player} owns {deed}: no rent to pay",
    "refused.rent_late": "the rent on {deed} was not asked for in time ({since} player(s) have rolled since)",
    "refused.nobody_left": "nobody is left to throw",
    "refused.jail_cards_out": "every Get Out of Jail Free card of that deck is already held by a player",
    "refused.player_count": lambda p, f: (f"{p['ruleset']} is played by {p['lo']} to {p['hi']} players"
                                          + (f" ({p['hi_alt']} if the banker does not play)" if p["hi_alt"] else "")
                                          + f", not {p['count']}"),
    "refused.deal_too_many": "{each} deeds each for {players} players is more than the {deeds} deeds",
    "refused.already_dealt": "{deed} was already dealt to {owner}",
    # the reasoning under a ruling (arithmetic steps)
    "bankrupt.buildings_sold": 'buildings sold back to the bank at {percent} %: {amount:money}',
    "bankrupt.receives": '{creditor} receives {cash:money} and {deeds} deed(s)',
    "bankrupt.claim_passes": "{debtor}'s debt of {amount:money} to {player} is now owed to {heir}",
    "bankrupt.claim_cancelled": "{debtor}'s debt of {amount:money} to {player} is cancelled: {player} leaves the game",
    "bankrupt.bank_pays": 'the bank pays {creditor} the {amount:money} owed in full',
    "bankrupt.final_keeps_buildings": 'this bankruptcy ends the game: the buildings go to {creditor} with the deeds',
    "build.hotel": 'hotel on {deed}: {cost:money} and its {houses} houses go back to the bank',
    "build.shortage_price": 'bought at a shortage auction for {price:money} instead of {cost:money}',
    "sell.hotel": 'hotel on {deed} sold for {percent} % of {value:money} = {got:money}; {houses} house(s) come back onto the lot',
    "sell.house": 'house on {deed} sold for {percent} % of {value:money} = {got:money}',
    "buy.printed_price": 'printed price of {deed}: {price:money}',
    "card.each": '{players} player(s) × {each:money} = {total:money}',
    "card.repairs_sum": '{houses} house(s) × {per_house:money} + {hotels} hotel(s) × {per_hotel:money} = {amount:money}',
    "card.go_salary": 'passes or lands on GO: salary {amount:money}',
    "card.moves_to": 'moves to {square}',
    "unmortgage.cost": 'mortgage {value:money} + {percent} % interest {interest:money} (rounded {rounding}) = {total:money}',
    "mortgage.lifted_at_once": '{player} lifts the mortgage on {deed} at once: {value:money} + {interest:money} interest',
    "mortgage.kept": '{player} keeps {deed} mortgaged and pays the bank {interest:money} interest now; lifting later costs {total:money}',
    "rent.hotel": '{deed} with a hotel → {amount:money}',
    "rent.houses": '{deed} with {houses} house(s) → {amount:money}',
    "rent.base": 'base rent of {deed}: {amount:money}',
    "rent.group_mortgaged": '{player} owns the whole {group} group but a lot of it is mortgaged: no double',
    "rent.railroads": '{player} owns {count} railroad(s) → {amount:money}',
    "rent.card_times": "card '{card}': pay ×{times} → {amount:money}",
    "rent.fixed_utility": '{player} owns {count} of these → {amount:money}',
    "rent.card_dice": "card '{card}': {times} × the throw {dice} = {amount:money}",
    "tax.flat": 'flat income tax: {amount:money}',
    "tax.percent": 'net worth {net_worth:money} × {percent} % = {amount:money}',
    "tax.square": '{square}: {amount:money}',
    "roll.moves": '{start} → {to}',
    "roll.straight_to_jail": '{player} does not move by this throw and goes straight to jail',
    "auction.opening": lambda p, f: (f"opening rule: {AUCTION_OPENINGS[p['opening']]}"
                                     + (f" ({f(p['minimum'])})" if p["minimum"] > 1 else "")),
    "rent.full_group": lambda p, f: (f"{p['player']} owns the whole {p['group']} group, unimproved"
                                     + (" (another lot of it is mortgaged, this one is not)" if p["other_mortgaged"] else "")
                                     + f" → ×{p['times']} = {f(p['amount'])}"),
    "rent.utilities": lambda p, f: (f"{p['player']} owns {p['count']} utilit{'y' if p['count'] == 1 else 'ies'} → "
                                    f"{p['times']} × the throw {p['dice']} = {f(p['amount'])}"),
    # input the engine cannot act on
    "invalid.owes_no_player": '{player} owes no player anything',
    "deed.name_taken": "another square is already called '{name}'",
    "deed.too_many_rents": 'there are {count} squares like {deed}: give at most {count} rents (by number owned)',
    "deed.no_hotel": '{deed} takes no hotel',
    "deed.too_many_multipliers": 'there are {count} companies: give at most {count} multipliers (by number owned)',
    "invalid.build_count": 'build at least one building, not {count}',
    "invalid.sell_count": 'sell at least one building, not {count}',
    "invalid.not_buyable": '{deed} is not a property that can be bought',
    "invalid.not_a_property": '{deed} is not a property',
    "invalid.bid": 'a winning bid must be a positive whole number, not {price}',
    "invalid.no_card_texts": "{ruleset} lists no card texts; record the card's effect with pay/collect instead",
    "invalid.card_effect": "card effect '{effect}' is not handled",
    "invalid.no_such_square": 'no {kind} on this board',
    "invalid.die": 'a die shows 1 to 6, not {value}',
    "invalid.amount": 'an amount must be a positive whole number, not {amount}',
    "invalid.same_party": 'payer and payee are the same',
    "invalid.owes_nothing": '{player} owes nothing',
    "invalid.throw": 'a throw of two dice is between 2 and 12, not {total}',
    "invalid.no_rent_square": '{deed} is not a property: no rent',
    "invalid.card_on_lot": "the card '{card}' does not change the rent of a lot",
    "invalid.no_tax_square": 'this board ({ruleset}) has no {tax} tax square',
    "invalid.trade_cash": 'cash in a trade must be positive',
    "invalid.trade_same_player": 'a trade needs two different players',
    "invalid.trade_empty": 'the trade moves nothing',
    "deed.not_a_group_lot": lambda p, f: f"{p['deed']} is not a lot of a colour group: no {p['field'].replace('_', ' ')}",
    "deed.six_rents": lambda p, f: (f"a lot's deed has 6 rents (site, 1-4 houses, hotel), not {len(p['rent'])}: "
                                    f"--rent {','.join(map(str, p['rent']))}"),
    "deed.houses_range": "--houses is 0 (the bare site) to 4, on a lot",
    "deed.no_houses": "{deed} has no houses: give its rents with --rent",
    "deed.houses_need_value": "--houses N needs the rent printed for it: --value AMOUNT",
    "deed.value_needs_houses": "--value goes with --houses N (which rent it is)",
    "deed.not_a_company": "{deed} is not a company: --multipliers is for companies (rent = N × the dice)",
    "deed.nothing": ("nothing to record: give --rent, --houses N --value V, --hotel, --price, --mortgage, "
                     "--house-cost, --hotel-cost, --multipliers or --name"),
    "deed.recorded": lambda p, f: f"deed {p['square']}: " + "; ".join(p["changes"]) + " (read at the table)",
    "deed.applies": "recorded in the game log: applies from now on, undo takes it back",
    # money
    "debt.shortfall.bankrupt": _shortfall("bankrupt"),
    "debt.shortfall.can_raise": _shortfall("can_raise"),
    # rent
    "rent.needs_dice": "rent on {deed} depends on the dice: give the throw with --dice N",
    "rent.no_landing": "no landing of {player} on {deed} is on record: the claim window was not checked",
    # taxes
    "tax.income.choose": lambda p, f: (f"{p['ruleset']} lets the player choose the income tax, before adding anything up: give "
                                       + " or ".join(f"--choice {c}" for c in p["choices"])),
    # trades
    "trade.lift_not_mortgaged": "--lift names {deed}, which is not a mortgaged deed in this trade",
    # jail and cards
    "jail.loses_next_turn": "{player} also loses the next turn",
    "card.nearest_rent": _nearest_rent,
    # bankruptcy and the end
    "bankruptcy.bank_auctions": "the bank now auctions: {deeds:list} (record each with: auction DEED WINNER PRICE)",
    "end.last_player": lambda p, f: f"game over: {p['winner'] or 'nobody'} is the last player left",
    "end.after_bankruptcies": _after_bankruptcies,
    # turns and dice
    "turns.not_tracked": ("this game does not track turns and dice: start one with `referee new --turns NAME NAME …`, "
                          "or start tracking this one with `referee turn PLAYER` (who throws next)"),
    "turns.tracking_starts": "turns and dice are tracked from now on",
    "dice.unreadable": "give the two dice, e.g. `roll 3 4`, not '{words}'",
    "turn.not_yours": "it is {current}'s turn to throw, not {player}'s (`next` passes the turn, `turn PLAYER` corrects it)",
    "turn.must_throw_again": "{player} threw doubles and throws again before the turn passes (`turn PLAYER` overrides)",
    "turn.to_throw": "{player} to throw",
    "turn.throws_again": "doubles: {player} throws again",
    "turn.did_not_throw": "{player} did not throw this turn",
    "turn.loses_turn": lambda p, f: f"{p['player']} loses this turn" + (" (in jail)" if p["in_jail"] else ""),
    # what a square means
    "square.on": "{player} is on {square}",
    "square.for_sale": _for_sale,
    "square.own": "{player} owns {square}: nothing to pay",
    "square.card": lambda p, f: (f"{p['player']} draws a {p['deck']} card: enter it with "
                                 f"`draw {name_arg(p['player'])} CARD` (`cards` lists them)"),
    "square.go_to_jail": "{player} goes to jail",
    "square.go_to_jail.landed": "{player} lands on {square} and goes to jail; no salary for this move",
    "square.in_jail": "{player} is in jail",
    "square.visiting": "{player} is just visiting the jail",
    "square.go": "{player} is on GO",
    "square.pot": lambda p, f: f"{p['player']} may collect the Free Parking pot, {f(p['pot'])} (parking {name_arg(p['player'])})",
    "square.rest": "{player} rests on {square}: nothing happens",
    "square.unknown": "{player} is on {square}: {reason}",
    "square.no_rent": "{player} is on {owner}'s {square}: {reason}",
    "square.rent_by_dice": "{player} owes {owner} rent on {square} by the dice: {next:cmd}",
    "square.rent": _rent,
    "square.rent_expired": "{player} landed on {owner}'s {square}, but the rent was not asked for in time",
    "square.luxury_tax": lambda p, f: f"{p['player']} pays {f(p['amount'])} luxury tax (tax luxury {name_arg(p['player'])})",
    "square.income_tax": lambda p, f: f"{p['player']} pays {f(p['amount'])} income tax (tax income {name_arg(p['player'])})",
    "square.income_tax_choice": _income_choice,
    "square.moved_on": "{player} moved on from {square}",
    # the turn's rulings (throw, jail turns, auctions, shortages, hotel sales, the tax declaration)
    "refused.jail_after_throw": lambda p, f: (f"{p['player']} has already thrown this turn and stays in jail: "
                                              + ("paying the fine" if p["what"] == "fine" else "using the card")
                                              + f" comes before the throw, on {p['player']}'s next turn"),
    "card.position_unknown": ("{player}'s square is not stated, so whether this move passes GO is not known: "
                              "no salary is paid (state the square, or that the move passes GO)"),
    "refused.bid_unpaid": "{deed} is {winner}'s only once the winning bid is paid: it cannot be mortgaged to pay its own bid",
    "invalid.lift_not_mortgaged": "{deed} is named to be lifted, but it is not a mortgaged deed of the bankrupt player",
    "auction.no_bids": "nobody bids for {deed}: it stays with the bank",
    "auction.owed": ("{player} wins {deed} at auction for {price:money} but holds {cash:money}: "
                     "{player} owes the bank the bid; the deed passes on payment"),
    "auction.bid_binds": "the bid binds; the deed is handed over once the bid is paid, so it cannot be mortgaged to pay it",
    "refused.nothing_to_declare": lambda p, f: f"{p['ruleset']} leaves no choice to declare: the income tax is {' or '.join(p['choices'])}",
    "invalid.declare_choice": lambda p, f: f"declare one of: {', '.join(p['choices'])}, not '{p['choice']}'",
    "refused.declared": "{player} declared {declared} before counting and cannot switch to {choice} now",
    "tax.declared": "{player} declares the income tax by {choice}, before counting",
    "refused.hotel_sale_way": lambda p, f: (f"{p['ruleset']} does not sell {HOTEL_SALE[p['way']]}: a hotel goes back as "
                                            + " or ".join(HOTEL_SALE[w] for w in p["ways"])),
    "refused.no_hotel": "{deed} has no hotel to sell",
    "refused.group_not_all_hotels": "the group is not all hotels ({lots:list} has houses): sell those first",
    "sell.hotel_whole": lambda p, f: (f"hotel on {p['deed']}: {p['percent']} % of {f(p['value'])} (hotel {f(p['hotel'])} + "
                                      f"{p['houses']} houses at {f(p['house'])}) = {f(p['got'])}"),
    "sell.hotels_whole": lambda p, f: (f"{p['player']} sells the hotel(s) on {', '.join(p['deeds'])} outright to the bank "
                                       f"for {f(p['payout'])}; bare land again"),
    "invalid.shortage_owner": "{owner} owns {deed} but is not among the players who want buildings",
    "refused.shortage_none": "the bank has no {what} left: nobody builds until some are sold back",
    "refused.shortage_auction": ("{players} players want {wanted} {what} and the bank holds {stock}: they are auctioned "
                                 "to the highest bidder (give the winning bid)"),
    "refused.shortage_no_auction": ("no auction: the bank's {stock} {what} cover what is wanted ({wanted}), or only one "
                                    "player wants them; they are bought at the price on the deed"),
    "shortage.demand": lambda p, f: f"the bank holds {p['stock']} {p['what']}; {', '.join(p['players']) or 'nobody'} want(s) {p['wanted']}",
    "shortage.houses_first": "tournament order: house buyers are served before a player breaking hotels into houses",
    "invalid.no_card_here": "{player} is on {square}, not on a card square: no card is drawn there",
    "invalid.card_deck": "{square} draws from the {deck} deck, not '{card}' of {card_deck}",
}


class _Formatter(string.Formatter):
    def __init__(self, fmt: Fmt):
        self.fmt = fmt

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "money":
            return self.fmt(value)
        if format_spec == "cmd":
            return render_next(value)
        if format_spec == "list":
            return ", ".join(str(v) for v in value)
        return super().format_field(value, format_spec)


def render(msg: Msg | str, fmt: Fmt | None = None) -> str:
    """The sentence for a message; `fmt` is the ruleset's money formatter (plain numbers without one)."""
    if isinstance(msg, str):
        return msg
    f: Fmt = fmt or str
    template = TEMPLATES.get(msg.id)
    if template is None:
        raise KeyError(f"no template for message {msg.id!r}")
    if isinstance(template, str):
        return _Formatter(f).format(template, **msg.params)
    return template(msg.params, f)


def render_event(d: dict[str, Any], fmt: Fmt | None = None) -> dict[str, Any]:
    """A stored or encoded event (a dict) with its words: `text`, steps and notes as sentences, and
    the square it reached with the sentence and the command shown for it (the shape `--json` gives)."""
    d = dict(d)
    d["text"] = render_all([d["msg"]], fmt)[0] if d.get("msg") else d.get("text", "")
    for key in ("notes", "steps"):
        if d.get(key):
            d[key] = render_all(d[key], fmt)
    sq = d.get("square")
    if isinstance(sq, dict) and "msg" in sq:
        d["square"] = dict(sq, text=render_all([sq["msg"]], fmt)[0], steps=render_all(sq.get("steps") or [], fmt),
                           command=render_next(sq["next"]) if sq.get("next") else None)
    return d


def render_all(msgs: list[Any], fmt: Fmt | None = None) -> list[str]:
    """Notes and steps as stored may be Msg objects, their dicts, or sentences (older game files, arithmetic steps)."""
    out = []
    for m in msgs:
        if isinstance(m, dict):
            m = Msg.from_dict(m)
        out.append(render(m, fmt))
    return out
