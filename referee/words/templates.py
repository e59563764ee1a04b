"""The English templates of the engine's messages, by message id (the msgids of the catalogs).

A template is a `str.format` string; ``{x:money}`` formats an int with the
ruleset's currency, ``{x:cmd}`` renders a next-action as the command a player
types, ``{x:list}`` joins a list with commas. Messages whose wording depends on
their parameters are small functions instead. referee/words/messages.py renders them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.msg import Msg, Next
from referee.words.commands import line, option_word, sub_word, word
from referee.words.counted import Counted
from referee.words.i18n import N_, _, data, npgettext
from referee.words.i18n import pgettext as _p
from referee.words.next_actions import name_arg, render_next
from referee.words.phrases import debt_reason, deed_change, value_words
from referee.words.valuation_words import COMPONENT_NAMES as COMPONENT_NAMES  # re-exported
from referee.words.valuation_words import basis as basis
from referee.words.valuation_words import component_line
from referee.words.valuation_words import valuation_lines as valuation_lines

Fmt = Callable[[int], str]
Params = Mapping[str, Any]

# ---------------------------------------------------------------- templates
def _for_sale(p: Params, f: Fmt) -> str:
    buy = render_next(Next("buy", {"player": p["player"], "deed": p["square"]}))
    text = _p("square.for_sale", "{square} is for sale: {player} may buy it for {price} ({command})").format(
        square=p["square"], player=p["player"], price=f(p["price"]), command=buy)
    if p["cash"] < p["price"]:
        text += _p("square.for_sale", ", holding only {cash}").format(cash=f(p["cash"]))
    if p["auction"]:
        auction = render_next(Next("auction", {"winner": None, "deed": p["square"], "price": None}))
        return text + _p("square.for_sale", "; if not, the bank auctions it ({command})").format(command=auction)
    return text + _p("square.for_sale", "; if not, it stays with the bank")


def _rent(p: Params, f: Fmt) -> str:
    text = _p("square.rent", "{player} owes {owner} {amount} rent on {square} ({command})").format(
        player=p["player"], owner=p["owner"], amount=f(p["amount"]), square=p["square"], command=render_next(p["next"]))
    if p.get("until"):
        if p["until"] == p["player"]:
            text += _p("square.rent", "; claimable until {player} throws again").format(player=p["until"])
        else:
            text += _p("square.rent", "; claimable until {player} throws").format(player=p["until"])
    return text


def choice_word(choice: str) -> str:
    """The income-tax choice as the table says it (percent, flat), not as the command types it."""
    return {"flat": _p("tax.choice", "flat"), "percent": _p("tax.choice", "percent")}.get(choice, choice)


def _income_choice(p: Params, f: Fmt) -> str:
    def one(c: str) -> str:
        if c == "flat" and p.get("flat") is not None:
            return _p("square.income_tax_choice", "flat ({amount})").format(amount=f(p["flat"]))
        if c == "percent" and p.get("percent") is not None:
            return _p("square.income_tax_choice", "percent ({percent} % of net worth)").format(percent=p["percent"])
        return c

    return _p("square.income_tax_choice", "{player} pays income tax, declaring before counting: {choices} ({command})").format(
        player=p["player"], choices=_or(one(c) for c in p["choices"]), command=render_next(p["next"]))


def _shortfall(verdict: str) -> Callable[[Params, Fmt], str]:
    def render_(p: Params, f: Fmt) -> str:
        if verdict == "bankrupt":
            why = _p("debt.shortfall", "bankrupt: even raising everything ({raisable}) does not cover {owed}").format(raisable=f(p["raisable"]), owed=f(p["owed"]))
        else:
            why = _p("debt.shortfall", "not bankrupt: {player} can raise up to {can} by selling buildings and mortgaging").format(player=p["player"], can=f(p["can"]))
        return _p("debt.shortfall", "{player} cannot pay {amount} in cash: owes {owed}, holds {cash}, {short} short; {why}. "
                       "The debt is recorded until paid ({settle}) or bankruptcy.").format(
            settle=word("settle"), player=p["player"], amount=f(p["amount"]), owed=f(p["owed"]), cash=f(p["cash"]), short=f(p["short"]), why=why)

    return render_


def _after_bankruptcies(p: Params, f: Fmt) -> str:
    totals = "; ".join(f"{name} {f(total)}" for name, total in p["totals"])
    if p["winner"]:
        return _p("end.after_bankruptcies", "game over at bankruptcy {count}: {totals} — {winner} wins").format(count=p["count"], totals=totals, winner=p["winner"])
    return _p("end.after_bankruptcies", "game over at bankruptcy {count}: {totals} — a tie").format(count=p["count"], totals=totals)


def _nearest_rent(p: Params, f: Fmt) -> str:
    return _p("card.nearest_rent", "if {deed} is owned, record the rent with: {command}").format(deed=p["deed"], command=render_next(p["next"]))


def _buildings(houses: int, hotels: int) -> str:
    parts = []
    if houses:
        parts.append(npgettext("build", "a house", "{n} houses", houses).format(n=houses))
    if hotels:
        parts.append(_p("build", "a hotel"))
    return _and(parts)


def _standing(p: Params) -> str:
    if p["now_hotel"]:
        return _p("build", "a hotel")
    return npgettext("build", "{n} house", "{n} houses", p["now_houses"]).format(n=p["now_houses"])


def _side(s: Params, f: Fmt) -> str:
    parts = list(s["deeds"])
    if s["cash"]:
        parts.append(f(s["cash"]))
    parts += [_p("trade", "a Get Out of Jail Free card")] * s["jail_cards"]
    return ", ".join(parts) or _p("trade", "nothing")


AUCTION_OPENINGS = {"printed_price": N_("the printed price"), "fixed": N_("the fixed opening bid"), "any": N_("any price")}
HOTEL_SALE = {"break": N_("a hotel broken into houses, one at a time"), "group": N_("all the hotels of a colour group at once"),
              "bare": N_("a hotel straight back to bare land")}
ORDINALS = {1: N_("first"), 2: N_("second"), 3: N_("third"), 4: N_("fourth"), 5: N_("fifth")}


def _sale(key: str) -> str:
    return _(HOTEL_SALE[key])


def _opening(key: str) -> str:
    return _(AUCTION_OPENINGS[key])


def _or(items: Any) -> str:
    return _p("list", " or ").join(items)


def _and(items: list[str]) -> str:
    return _p("list", " and ").join(items)


def _named_square(said: str, square: str | None) -> str:
    """A tax in the table's words, and the board's name for its square when they lack it: 'luxury tax (Super Tax)'."""
    return said + f" ({square})" if square and square.casefold() not in said.casefold() else said


def _owner(name: str | None) -> str:
    """A deed's holder in a refusal: a player, or the bank in the table's words."""
    return name if name and name != "bank" else _("bank")


def _rounded(how: str | None) -> str:
    """How an odd percentage was rounded, in the table's words."""
    return {"down": _p("rounding", "rounded down"), "half_up": _p("rounding", "rounded to the nearest")}.get(how or "up", _p("rounding", "rounded up"))


def _ordinal(n: int) -> str:
    if n in ORDINALS:
        return _(ORDINALS[n])
    return _p("ordinal", "{n}th").format(n=n)


def _nested(value: Any, f: Fmt) -> str:
    return render(Msg.from_dict(value) if isinstance(value, dict) else value, f)


def _pay(p: Params, f: Fmt) -> str:
    if p["payee"] == "bank":
        text = _p("pay", "{payer} pays bank {amount}").format(payer=p["payer"], amount=f(p["amount"]))
    elif p["payer"] == "bank":
        text = _p("pay", "bank pays {payee} {amount}").format(payee=p["payee"], amount=f(p["amount"]))
    else:
        text = _p("pay", "{payer} pays {payee} {amount}").format(payer=p["payer"], payee=p["payee"], amount=f(p["amount"]))
    return text + (f" ({debt_reason(p['reason'])})" if p["reason"] else "")


def _pay_debt(p: Params, f: Fmt) -> str:
    if p["payee"] == "bank":
        text = _p("pay.debt", "{payer} owes bank {amount}").format(payer=p["payer"], amount=f(p["amount"]))
    else:
        text = _p("pay.debt", "{payer} owes {payee} {amount}").format(payer=p["payer"], payee=p["payee"], amount=f(p["amount"]))
    return (text + (f" ({debt_reason(p['reason'])})" if p["reason"] else "")
            + _p("pay.debt", ": a debt is recorded, nothing paid yet ({payer} holds {cash})").format(payer=p["payer"], cash=f(p["cash"])))



Template = str | Counted | Callable[[Params, Fmt], str]
TEMPLATES: dict[str, Template] = {
    "text": "{text}",  # a sentence stored by an older game file
    # what happened (an event's headline)
    "deal": lambda p, f: _p("deal", "{player} is dealt {deeds}").format(player=p["player"], deeds=", ".join(p["deeds"])),
    "deal.paid": lambda p, f: _p("deal.paid", "{player} is dealt {deeds} and pays {total}").format(player=p["player"], deeds=", ".join(p["deeds"]), total=f(p["total"])),
    "salary": "{player} collects {amount:money} salary",
    "salary.landed": "{player} collects {amount:money} salary (landed on GO)",
    "pay": lambda p, f: _pay(p, f),
    "pay.debt": lambda p, f: _pay_debt(p, f),
    "settle": lambda p, f: (_p("settle", "{player} pays {paid} owed").format(player=p["player"], paid=f(p["paid"]))
                           + (_p("settle", "; still owes {left}").format(left=f(p["left"])) if p["left"] else "")),
    "buy": "{player} buys {deed} for {price:money}",
    "auction": "{player} wins {deed} at auction for {price:money}",
    "rent": "{payer} pays {owner} {amount:money} rent on {deed}",
    "owed": lambda p, f: _nested(p["what"], f) + " " + _p("owed", "— owed: the cash did not cover it, so a debt is recorded"),
    "tax.income": lambda p, f: _p("tax.income", "{player} pays {amount} income tax ({choice})").format(
        player=p["player"], amount=f(p["amount"]), choice=choice_word(p["choice"])),
    "tax.luxury": lambda p, f: _named_square(_p("tax.luxury", "{player} pays {amount} luxury tax").format(player=p["player"], amount=f(p["amount"])),
                                             p.get("square")),
    "free_parking.pot": lambda p, f: _p("free_parking.pot", "{player} lands on {square} and collects the pot, {amount}").format(
        player=p["player"], square=p.get("square") or _p("square", "Free Parking"), amount=f(p["amount"])),
    "free_parking.nothing": lambda p, f: _p("free_parking.nothing", "{player} lands on {square}: nothing happens").format(
        player=p["player"], square=p.get("square") or _p("square", "Free Parking")),
    "mortgage": "{player} mortgages {deed} for {amount:money}",
    "unmortgage": "{player} lifts the mortgage on {deed}: {amount:money}",
    "build": lambda p, f: _p("build", "{player} builds {what} on {deed} for {cost} (now {standing})").format(
        player=p["player"], what=_buildings(p["houses"], p["hotels"]), deed=p["deed"], cost=f(p["cost"]), standing=_standing(p)),
    "sell": lambda p, f: npgettext("sell", "{player} sells {count} building on {deed} to the bank for {payout} (now {standing})",
                                  "{player} sells {count} buildings on {deed} to the bank for {payout} (now {standing})", p["count"]).format(
        player=p["player"], count=p["count"], deed=p["deed"], payout=f(p["payout"]), standing=_standing(p)),
    "trade": lambda p, f: _p("trade", "trade: {a} gives {a_gives}; {b} gives {b_gives}").format(
        a=p["a"], a_gives=_side(p["a_gives"], f), b=p["b"], b_gives=_side(p["b_gives"], f)),
    "jail.send": lambda p, f: (_p("jail.send", "{player} goes to jail ({reason}); no salary for this move").format(player=p["player"], reason=_nested(p["reason"], f))
                              if p["reason"] else _p("jail.send", "{player} goes to jail; no salary for this move").format(player=p["player"])),
    "jail.reason.card": "card",
    "jail.reason.landed": "landed on {square}",
    "jail.reason.doubles": lambda p, f: _p("jail.reason.doubles", "{ordinal} doubles in a row").format(ordinal=_ordinal(p["run"])),
    "jail.pay": "{player} pays the {fine:money} fine and leaves jail",
    "jail.card": "{player} uses a Get Out of Jail Free card; it goes back under its deck",
    "jail.roll.doubles": lambda p, f: _p("jail.roll.doubles", "{player} throws doubles ({d1}+{d2}) and leaves jail, moving {total}").format(
        player=p["player"], d1=p["d1"], d2=p["d2"], total=p["d1"] + p["d2"]),
    "jail.roll.last": lambda p, f: _p("jail.roll.last", "{player} fails on turn {turns} in jail: must pay {fine} and moves {total}").format(
        player=p["player"], turns=p["turns"], fine=f(p["fine"]), total=p["d1"] + p["d2"]),
    "jail.roll.stays": "{player} stays in jail (turn {turns} of {max_turns})",
    "bankrupt.to_player": "{player} is bankrupt to {creditor}",
    "bankrupt.to_bank": "{player} is bankrupt to the bank",
    "partial_payment": lambda p, f: (_p("partial_payment", "{debtor} pays {creditor} {value} in property ({deeds})").format(
        debtor=p["debtor"], creditor=p["creditor"], value=f(p["value"]), deeds=", ".join(p["deeds"]))
        + (_p("partial_payment", "; still owes {rest}").format(rest=f(p["rest"])) if p["rest"] else "")),
    "refused.no_time_end": "{ruleset} ends when one player is left: no agreed time ends it (play it with the time-limit variant)",
    "end.total": "{player}: {amount:money}",
    "end.time_up": lambda p, f: (_p("end.time_up", "the agreed time is up: {winner} wins with {amount}").format(winner=p["winner"], amount=f(p["amount"]))
                                 if p["winner"] else _p("end.time_up", "the agreed time is up: {players} tie with {amount}").format(
                                     players=_and(p["players"]), amount=f(p["amount"]))),
    "partial_payment.change": "the deeds' value passes the {debt:money} owed: {creditor} pays {debtor} the other {amount:money}",
    "roll": lambda p, f: (_p("roll", "{player} throws {d1}+{d2} = {total}").format(player=p["player"], d1=p["d1"], d2=p["d2"], total=p["d1"] + p["d2"])
                         + (" " + _p("roll", "(doubles)") if p["doubles"] else "")),
    "roll.doubles_to_jail": lambda p, f: _p("roll.doubles_to_jail", "{player} throws {d1}+{d2}: {ordinal} doubles in a row").format(
        player=p["player"], d1=p["d1"], d2=p["d2"], ordinal=_ordinal(p["run"])),
    "roll.go": lambda p, f: ((_p("roll.go", "lands on GO: ") if p["landed"] else _p("roll.go", "passes GO: "))
                            + (_nested(p["salary"], f) if p["salary"] else "")),
    "valuation.component": lambda p, f: "  " + component_line(p, f),
    "turn.ends": "{player}'s turn ends; {next} to throw",
    "board.unknown_at_table": lambda p, f: _p("board.unknown_at_table",
        "{ruleset}: {what} is unknown — no source prints it. Read it on the deed and record it: referee {command} "
        "(it applies from now on; `referee board --export FILE` keeps it for the next game).").format(
        ruleset=p["ruleset"], what=value_words(p["what"]), command=render_next(p["next"])),
    "board.unknown_no_game": ("{ruleset}: {what} is unknown — the rulebook does not print it. Supply a board file: copy "
                              "{template}, fill it in from your deeds, then pass it with --board FILE (e.g. referee new "
                              "--ruleset {edition} --board myboard.yaml ANA BEN)."),
    "board.single_source": lambda p, f: _p("board.single_source", "{what} from a single unverified source: check the deed; if yours differs: referee {command}").format(
        what=value_words(p["what"]), command=render_next(p["next"])),
    "board.table_values": Counted("count", "board: {count} value read from the deeds at the table (`referee log`); "
                                  "`referee board --export FILE` keeps it for the next game",
                                  "board: {count} values read from the deeds at the table (`referee log`); "
                                  "`referee board --export FILE` keeps them for the next game"),
    # what a player is doing, inside a refusal
    "doing.buying": "buying",
    "doing.bidding": "bidding",
    "doing.building": "building",
    "doing.lifting": "lifting a mortgage",
    "doing.deed": "{deed}",
    "doing.winning_bid": "the winning bid on {deed}",
    "doing.lifting_deed": "lifting the mortgage on {deed}",
    "doing.interest_deed": "the 10 % interest on mortgaged {deed}",
    "doing.jail_fine": "the jail fine",
    "doing.trade_cash": "the cash in this trade",
    "doing.dealt_deeds": "paying for the dealt deeds",
    "doing.buildings": "building them",
    # refusals (each cites its clause)
    "refused.account_closed": "{player} is bankrupt and out of the game: nothing can be paid to, charged to or moved for {player}",
    "refused.bankrupt_player": "{player} is bankrupt and out of the game",
    "refused.game_over": lambda p, f: (_p("refused.game_over", "the game is over: {winner} won (undo to continue)").format(winner=p["winner"]) if p["winner"]
                                      else _p("refused.game_over", "the game is over (undo to continue)")),
    "refused.owes_first": lambda p, f: _p("refused.owes_first", "{player} owes {owed} and must pay it before {doing} "
                                            "(settle, or raise money by selling buildings and mortgaging)").format(
        player=p["player"], owed=f(p["owed"]), doing=_nested(p["doing"], f)),
    "refused.short": lambda p, f: _p("refused.short", "{player} has {cash}, {doing} costs {amount}: {short} short "
                                       "(raise it first by mortgaging or selling buildings; players cannot lend)").format(
        player=p["player"], cash=f(p["cash"]), doing=_nested(p["doing"], f), amount=f(p["amount"]), short=f(p["short"])),
    "refused.bank_deed": "{deed} belongs to the bank",
    "refused.owned": "{deed} already belongs to {owner}",
    "refused.no_auctions": "this ruleset holds no auctions: a declined property stays with the bank",
    "refused.auction_owned": "{deed} belongs to {owner}; only the bank's deeds are auctioned",
    "refused.bid_too_low": lambda p, f: _p("refused.bid_too_low", "the bidding starts at {opening}, {minimum}; {price} is below it").format(
        opening=_opening(p["opening"]), minimum=f(p["minimum"]), price=f(p["price"])),
    "refused.no_pot": "this ruleset keeps no Free Parking pot",
    "refused.pot_holds": "the pot holds {pot:money}",
    "refused.already_mortgaged": "{deed} is already mortgaged",
    "refused.mortgage_built": lambda p, f: npgettext("refused.mortgage_built", "sell every building on the {group} group first ({built} has buildings)",
                                                   "sell every building on the {group} group first ({built} have buildings)", len(p["built"])).format(
        group=p["group"], built=", ".join(p["built"])),
    "refused.not_mortgaged": "{deed} is not mortgaged",
    "refused.in_jail": "{player} is already in jail",
    "refused.not_in_jail": "{player} is not in jail",
    "refused.no_jail_card": "{player} holds no Get Out of Jail Free card (one can be bought from another player with a trade)",
    "refused.tax_choice": lambda p, f: _p("refused.tax_choice", "{ruleset} has no '{choice}' income tax; it takes only: {choices}").format(
        ruleset=p["ruleset"], choice=choice_word(p["choice"]), choices=", ".join(choice_word(c) for c in p["choices"])),
    "refused.not_theirs": "{deed} does not belong to {player}",
    "refused.trade_built": "{deed} cannot change hands while its group has buildings ({built:list}): sell them to the bank first",
    "refused.no_jail_card_of_deck": "{player} holds no Get Out of Jail Free card of that deck",
    "refused.jail_cards_not_traded": "Get Out of Jail Free cards cannot be traded in this ruleset",
    "refused.not_a_lot": "{deed} is not a colour-group lot: nothing can be built on it",
    "refused.split_group": lambda p, f: _p("refused.split_group", "{player} does not own the whole {group} group ({others})").format(
        player=p["player"], group=p["group"], others=", ".join(f"{deed} ({_owner(owner)})" for deed, owner in p["others"])),
    "refused.build_mortgaged": lambda p, f: (_p("refused.build_mortgaged", "{deeds} is mortgaged: lift the mortgage before building anywhere on the group") if p["group"]
                                            else _p("refused.build_mortgaged", "{deeds} is mortgaged: lift the mortgage before building")).format(deeds=", ".join(p["deeds"])),
    "refused.hotel_needs_houses": "a hotel on {deed} needs {houses} houses on it first",
    "refused.hotel_needs_houses_has": "a hotel on {deed} needs {houses} houses on it first (it has {has})",
    "refused.hotel_every_lot": lambda p, f: npgettext("refused.hotel_every_lot", "a hotel needs {houses} houses on every lot of the group; {short} has fewer",
                                                    "a hotel needs {houses} houses on every lot of the group; {short} have fewer", len(p["short"])).format(
        houses=p["houses"], short=", ".join(p["short"])),
    "refused.no_hotels": "the bank has no hotels left",
    "refused.no_houses": ("the bank has no houses left: wait until some are sold back "
                          "(when several players want the last ones, they are auctioned)"),
    "refused.past_max_houses": "{deed} has {has} houses: {count} more would pass {max} on a lot (a hotel is built on its own, with --hotel)",
    "refused.build_unevenly": lambda p, f: npgettext("refused.build_unevenly", "houses must be built evenly: {deed} would have {level} while {lows} has {low}",
                                                   "houses must be built evenly: {deed} would have {level} while {lows} have {low}", len(p["lows"])).format(
        deed=p["deed"], level=p["level"], lows=", ".join(p["lows"]), low=p["low"]),
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
    "refused.tax_paid": "{player} already paid the tax for landing on {square}",
    "refused.card_drawn": "{player} already drew a card for landing on {square}",
    "refused.rent_own": "{player} owns {deed}: no rent to pay",
    "refused.rent_late": Counted("since", "the rent on {deed} was not asked for in time ({since} player has rolled since)",
                                 "the rent on {deed} was not asked for in time ({since} players have rolled since)"),
    "refused.nobody_left": "nobody is left to throw",
    "refused.jail_cards_out": "every Get Out of Jail Free card of that deck is already held by a player",
    "refused.player_count": lambda p, f: (_p("refused.player_count", "{ruleset} is played by {lo} to {hi} players ({hi_alt} if the banker does not play), not {count}")
                                          if p["hi_alt"] else _p("refused.player_count", "{ruleset} is played by {lo} to {hi} players, not {count}")).format(
        ruleset=p["ruleset"], lo=p["lo"], hi=p["hi"], hi_alt=p["hi_alt"], count=p["count"]),
    "refused.deal_count": lambda p, f: npgettext("refused.deal_count", "with {players} players each is dealt {each} deed; {player} would hold {count}",
                                           "with {players} players each is dealt {each} deeds; {player} would hold {count}", p["each"]).format(**p),
    "refused.deal_too_many": "{each} deeds each for {players} players is more than the {deeds} deeds",
    "refused.already_dealt": "{deed} was already dealt to {owner}",
    # the reasoning under a ruling (arithmetic steps)
    "bankrupt.buildings_sold": 'buildings sold back to the bank at {percent} %: {amount:money}',
    "bankrupt.receives": Counted("deeds", "{creditor} receives {cash:money} and {deeds} deed", "{creditor} receives {cash:money} and {deeds} deeds"),
    "bankrupt.claim_passes": "{debtor}'s debt of {amount:money} to {player} is now owed to {heir}",
    "bankrupt.claim_cancelled": "{debtor}'s debt of {amount:money} to {player} is cancelled: {player} leaves the game",
    "bankrupt.bank_pays": 'the bank pays {creditor} the {amount:money} owed in full',
    "bankrupt.final_keeps_buildings": 'this bankruptcy ends the game: the buildings go to {creditor} with the deeds',
    "build.hotel": 'hotel on {deed}: {cost:money} and its {houses} houses go back to the bank',
    "build.shortage_price": 'bought at a shortage auction for {price:money} instead of {cost:money}',
    "sell.hotel": Counted("houses", "hotel on {deed} sold for {percent} % of {value:money} = {got:money}; {houses} house comes back onto the lot",
                          "hotel on {deed} sold for {percent} % of {value:money} = {got:money}; {houses} houses come back onto the lot"),
    "sell.house": 'house on {deed} sold for {percent} % of {value:money} = {got:money}',
    "buy.printed_price": 'printed price of {deed}: {price:money}',
    "unmortgage.cost": lambda p, f: (
        _p("unmortgage.cost", "mortgage {value} + {percent} % interest {interest} = {total}") if p["value"] * p["percent"] % 100 == 0 else
        _p("unmortgage.cost", "mortgage {value} + {percent} % interest {interest} ({rounded}) = {total}")).format(
        value=f(p["value"]), percent=p["percent"], interest=f(p["interest"]), total=f(p["total"]), rounded=_rounded(p.get("rounding"))),
    "mortgage.lifted_at_once": '{player} lifts the mortgage on {deed} at once: {value:money} + {interest:money} interest',
    "mortgage.kept": '{player} keeps {deed} mortgaged and pays the bank {interest:money} interest now; lifting later costs {total:money}',
    "rent.hotel": '{deed} with a hotel → {amount:money}',
    "rent.houses": lambda p, f: npgettext("rent.houses", "{deed} with {houses} house → {amount}", "{deed} with {houses} houses → {amount}",
                                          p["houses"]).format(deed=p["deed"], houses=p["houses"], amount=f(p["amount"])),
    "rent.base": 'base rent of {deed}: {amount:money}',
    "rent.group_mortgaged": '{player} owns the whole {group} group but a lot of it is mortgaged: no double',
    "rent.railroads": lambda p, f: (_p("rent.railroads", "{player} owns {count} of the {kinds} → {amount}").format(
        player=p["player"], count=p["count"], kinds=data(p["kinds"]), amount=f(p["amount"])) if p.get("kinds") else
        npgettext("rent.railroads", "{player} owns {count} railroad → {amount}", "{player} owns {count} railroads → {amount}", p["count"]).format(
            player=p["player"], count=p["count"], amount=f(p["amount"]))),
    "rent.card_times": "card '{card}': pay ×{times} → {amount:money}",
    "rent.fixed_utility": '{player} owns {count} of these → {amount:money}',
    "rent.card_dice": "card '{card}': {times} × the throw {dice} = {amount:money}",
    "tax.flat": 'flat income tax: {amount:money}',
    "tax.square": '{square}: {amount:money}',
    "roll.moves": '{start} → {to}',
    "roll.straight_to_jail": '{player} does not move by this throw and goes straight to jail',
    "auction.opening": lambda p, f: (_p("auction.opening", "opening rule: {opening}").format(opening=_opening(p["opening"]))
                                     + (f" ({f(p['minimum'])})" if p["minimum"] > 1 else "")),
    "rent.full_group": lambda p, f: (_p("rent.full_group", "{player} owns the whole {group} group, unimproved (another lot of it is mortgaged, this one is not) → ×{times} = {amount}")
                                     if p["other_mortgaged"] else _p("rent.full_group", "{player} owns the whole {group} group, unimproved → ×{times} = {amount}")).format(
        player=p["player"], group=p["group"], times=p["times"], amount=f(p["amount"])),
    "rent.utilities": lambda p, f: npgettext("rent.utilities", "{player} owns {count} utility → {times} × the throw {dice} = {amount}",
                                             "{player} owns {count} utilities → {times} × the throw {dice} = {amount}", p["count"]).format(
        player=p["player"], count=p["count"], times=p["times"], dice=p["dice"], amount=f(p["amount"])),
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
    "invalid.unknown_card_ref": "card '{card}' is not in {ruleset}'s decks",
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
    "deed.not_a_group_lot": lambda p, f: _p("deed.not_a_group_lot", "{deed} is not a lot of a colour group: no {field}").format(deed=p["deed"], field=p["field"].replace("_", " ")),
    "deed.six_rents": lambda p, f: _p("deed.six_rents", "a lot's deed has 6 rents (site, 1-4 houses, hotel), not {count}: --rent {rents}").format(
        count=len(p["rent"]), rents=",".join(map(str, p["rent"]))),
    "deed.houses_range": "--houses is 0 (the bare site) to 4, on a lot",
    "deed.no_houses": "{deed} has no houses: give its rents with --rent",
    "deed.houses_need_value": "--houses N needs the rent printed for it: --value AMOUNT",
    "deed.value_needs_houses": "--value goes with --houses N (which rent it is)",
    "deed.not_a_company": "{deed} is not a company: --multipliers is for companies (rent = N × the dice)",
    "deed.company_by_dice": "{deed}'s rent is the dice times a multiplier on this board: give them with --multipliers (e.g. 4,10)",
    "deed.nothing": ("nothing to record: give --rent, --houses N --value V, --hotel, --price, --mortgage, "
                     "--house-cost, --hotel-cost, --multipliers or --name"),
    "deed.recorded": lambda p, f: _p("deed.recorded", "deed {square}: {changes} (read at the table)").format(square=p["square"], changes="; ".join(deed_change(c) for c in p["changes"])),
    "deed.applies": "recorded in the game log: applies from now on, undo takes it back",
    # money
    "debt.shortfall.bankrupt": _shortfall("bankrupt"),
    "debt.shortfall.can_raise": _shortfall("can_raise"),
    # rent
    "rent.needs_dice": "rent on {deed} depends on the dice: give the throw with --dice N",
    "rent.no_landing": "no landing of {player} on {deed} is on record: the claim window was not checked",
    # taxes
    "tax.income.choose": lambda p, f: _p("tax.income.choose", "{ruleset} lets the player choose the income tax, before adding anything up: give {options}").format(
        ruleset=p["ruleset"], options=_or(f"{option_word('--choice')} {sub_word('tax', c)}" for c in p["choices"])),
    # trades
    "trade.lift_not_mortgaged": "--lift names {deed}, which is not a mortgaged deed in this trade",
    # jail and cards
    "jail.loses_next_turn": "{player} also loses the next turn",
    "card.nearest_rent": _nearest_rent,
    # bankruptcy and the end
    "bankruptcy.bank_auctions": "the bank now auctions: {deeds:list} (record each with: auction WINNER DEED PRICE)",
    "end.last_player": lambda p, f: (_p("end.last_player", "game over: {winner} is the last player left").format(winner=p["winner"]) if p["winner"]
                                     else _p("end.last_player", "game over: nobody is the last player left")),
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
    "refused.turn_lost": "{player} was sent to jail and loses the next turn: no throw now; {player} throws on the turn after",
    "turn.loses_turn": lambda p, f: (_p("turn.loses_turn", "{player} loses this turn (in jail)") if p["in_jail"]
                                     else _p("turn.loses_turn", "{player} loses this turn")).format(player=p["player"]),
    # what a square means
    "square.on": "{player} is on {square}",
    "square.for_sale": _for_sale,
    "square.own": "{player} owns {square}: nothing to pay",
    "square.card": lambda p, f: _p("square.card", "{player} draws a {deck} card: enter it with `{command}` (`{cards}` lists them)").format(
        player=p["player"], deck=p["deck"], command=line("draw", p["player"], _p("placeholder", "CARD")), cards=word("cards")),
    "square.go_to_jail": "{player} goes to jail",
    "square.go_to_jail.landed": "{player} lands on {square} and goes to jail; no salary for this move",
    "square.in_jail": "{player} is in jail",
    "square.visiting": "{player} is just visiting the jail",
    "square.go": "{player} is on GO",
    "square.pot": lambda p, f: _p("square.pot", "{player} may collect the Free Parking pot, {pot} ({command})").format(player=p["player"], pot=f(p["pot"]), command=line("parking", p["player"])),
    "square.rest": "{player} rests on {square}: nothing happens",
    "square.unknown": "{player} is on {square}: {reason}",
    "square.no_rent": "{player} is on {owner}'s {square}: {reason}",
    "square.rent_by_dice": "{player} owes {owner} rent on {square} by the dice: {next:cmd}",
    "square.rent": _rent,
    "square.rent_expired": "{player} landed on {owner}'s {square}, but the rent was not asked for in time",
    "square.luxury_tax": lambda p, f: _p("square.luxury_tax", "{player} pays {amount} luxury tax (tax luxury {arg})").format(player=p["player"], amount=f(p["amount"]), arg=name_arg(p["player"])),
    "square.income_tax": lambda p, f: _p("square.income_tax", "{player} pays {amount} income tax (tax income {arg})").format(player=p["player"], amount=f(p["amount"]), arg=name_arg(p["player"])),
    "square.income_tax_choice": _income_choice,
    "square.moved_on": "{player} moved on from {square}",
    "square.rent_recorded": "{player}'s rent on {square} is recorded",
    # the turn's rulings (throw, jail turns, auctions, shortages, hotel sales, the tax declaration)
    "refused.jail_fine_turns": lambda p, f: _p("refused.jail_fine_turns", "this is {player}'s turn {turn} in jail: the fine is paid before throwing only on the first {turns}; now {player} throws, and pays after a throw without doubles").format(player=p["player"], turn=p["turn"], turns=p["turns"]),
    "refused.jail_after_throw": lambda p, f: (_p("refused.jail_after_throw", "{player} has already thrown this turn and stays in jail: paying the fine comes before the throw, on {player}'s next turn")
                                              if p["what"] == "fine" else
                                              _p("refused.jail_after_throw", "{player} has already thrown this turn and stays in jail: using the card comes before the throw, on {player}'s next turn")).format(player=p["player"]),
    "card.position_unknown": ("{player}'s square is not stated, so whether this move passes GO is not known: "
                              "no salary is paid (state the square, or that the move passes GO)"),
    "refused.bid_unpaid": "{deed} is {winner}'s only once the winning bid is paid: it cannot be mortgaged to pay its own bid",
    "invalid.lift_not_mortgaged": "{deed} is named to be lifted, but it is not a mortgaged deed of the bankrupt player",
    "auction.no_bids": "nobody bids for {deed}: it stays with the bank",
    "auction.owed": ("{player} wins {deed} at auction for {price:money} but holds {cash:money}: "
                     "{player} owes the bank the bid; the deed passes on payment"),
    "auction.bid_binds": "the bid binds; the deed is handed over once the bid is paid, so it cannot be mortgaged to pay it",
    "refused.nothing_to_declare": lambda p, f: _p("refused.nothing_to_declare", "{ruleset} leaves no choice to declare: the income tax is {choices}").format(ruleset=p["ruleset"], choices=_or(p["choices"])),
    "invalid.declare_choice": lambda p, f: _p("invalid.declare_choice", "declare one of: {choices}, not '{choice}'").format(choices=", ".join(p["choices"]), choice=p["choice"]),
    "refused.declared": "{player} declared {declared} before counting and cannot switch to {choice} now",
    "tax.declared": "{player} declares the income tax by {choice}, before counting",
    "refused.hotel_sale_way": lambda p, f: _p("refused.hotel_sale_way", "{ruleset} does not sell {way}: a hotel goes back as {ways}").format(
        ruleset=p["ruleset"], way=_sale(p["way"]), ways=_or(_sale(w) for w in p["ways"])),
    "refused.no_hotel": "{deed} has no hotel to sell",
    "refused.group_not_all_hotels": "the group is not all hotels ({lots:list} has houses): sell those first",
    "sell.hotel_whole": lambda p, f: _p("sell.hotel_whole", "hotel on {deed}: {percent} % of {value} (hotel {hotel} + {houses} houses at {house}) = {got}").format(
        deed=p["deed"], percent=p["percent"], value=f(p["value"]), hotel=f(p["hotel"]), houses=p["houses"], house=f(p["house"]), got=f(p["got"])),
    "sell.hotels_whole": lambda p, f: npgettext("sell.hotels_whole", "{player} sells the hotel on {deeds} outright to the bank for {payout}; bare land again",
                                                "{player} sells the hotels on {deeds} outright to the bank for {payout}; bare land again",
                                                len(p["deeds"])).format(player=p["player"], deeds=", ".join(p["deeds"]), payout=f(p["payout"])),
    "invalid.no_card_here": "{player} is on {square}, not on a card square: no card is drawn there",
    "invalid.card_deck": "{square} draws from the {deck} deck, not '{card}' of {card_deck}",
}


class _Shown:
    """A parameter as a template shows it: `{amount:money}` in the game's money, `{next:cmd}` as a
    command, `{items:list}` joined; any other spec as str.format would (no string.Formatter to load)."""

    __slots__ = ("f", "v")

    def __init__(self, v: Any, f: Fmt):
        self.v, self.f = v, f

    def __format__(self, spec: str) -> str:
        if spec == "money":
            return self.f(self.v)
        if spec == "cmd":
            return render_next(self.v)
        if spec == "list":
            return ", ".join(str(v) for v in self.v)
        return format(self.v, spec)


def render(msg: Msg | str, fmt: Fmt | None = None) -> str:
    """The sentence for a message; `fmt` is the ruleset's money formatter (plain numbers without one)."""
    if isinstance(msg, str):
        return msg
    f: Fmt = fmt or str
    template = TEMPLATES.get(msg.id)
    if template is None:
        raise KeyError(f"no template for message {msg.id!r}")
    params = {k: (data(v) if k in SHOWN_AS_IS else _(v) if k == "what" else v) if isinstance(v, str) else v for k, v in msg.params.items()}
    if isinstance(template, Counted):
        words = npgettext(msg.id, template.singular, template.plural, int(params[template.by]))
        return words.format(**{k: _Shown(v, f) for k, v in params.items()})
    if isinstance(template, str):  # its words in the table's language: the catalog's entry under the message id
        words = _p(msg.id, template) if msg.id != "text" else template
        return words.format(**{k: _Shown(v, f) for k, v in params.items()})
    return template(params, f)


SHOWN_AS_IS = ("group", "deck", "card")  # a ruleset's words (a group's or deck's name, a card's text), translated as data


# the words of the table's helpers, a shortage, houses by the group, sums (a deed's interest, a rounding), the cards
from referee.words.card_templates import card_templates  # noqa: E402
from referee.words.dealing_templates import dealing_templates  # noqa: E402
from referee.words.group_templates import group_templates  # noqa: E402
from referee.words.shortage_templates import shortage_templates  # noqa: E402
from referee.words.sum_templates import sum_templates  # noqa: E402
from referee.words.table_templates import table_templates  # noqa: E402

for _more in (table_templates(_nested), shortage_templates(), group_templates(_standing, _and), sum_templates(_rounded), card_templates(),
              dealing_templates()):
    TEMPLATES.update(_more)
