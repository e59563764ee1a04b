"""The phone page's own words, translated on the server (the page has no catalog).

The state JSON carries `labels`: key → the word in the game's language. The page
fills `{fields}` itself and falls back to its English when a key is missing.
"""

from __future__ import annotations

from referee.words.i18n import N_, _, ngettext

WORDS = {
    "title": N_("referee — the table"),
    "live": N_("live"),
    "reconnecting": N_("disconnected — reconnecting…"),
    "connecting": N_("connecting…"),
    "rescan": N_("This link is no longer valid: scan the QR code on the banker's screen again."),
    "who_owes": N_("Who owes whom"),
    "last_moves": N_("Last moves"),
    "tap_hint": N_("Tap your name to highlight your row on this phone."),
    "done": N_("done"),
    "stale": N_("The table changed: look again, then tap."),
    "no_answer": N_("No answer from the banker's computer: try again."),
    "lift": N_("Lift the mortgage"),
    "pay_fine": N_("Pay the fine"),
    "use_card": N_("Use the jail card"),
    "go_bankrupt": N_("Declare bankruptcy"),
    "sure_bankrupt": N_("Leave the game: everything you own goes to your creditor?"),
    "build": N_("Build"),
    "sell_one": N_("Sell one"),
    "trade_with": N_("Propose a trade to:"),
    "you_give": N_("You give"),
    "you_get": N_("{player} gives"),
    "cash": N_("cash"),
    "send_offer": N_("Send the offer"),
    "cancel": N_("Cancel"),
    "accept": N_("Accept"),
    "reject": N_("Decline"),
    "withdraw": N_("Withdraw"),
    "your_bid": N_("your bid"),
    "bid": N_("Bid"),
    "mortgage": N_("Mortgage"),
    "tap_me": N_("tap: this is me"),
    "out": N_("out of the game"),
    "worth": N_("worth {amount}"),
    "in_jail": N_("in jail"),
    "on": N_("on {square}"),
    "owes_to": N_("owes {amount} to {player}"),
    "owes": N_("{debtor} owes {creditor} {amount}"),
    "the_bank": N_("the bank"),
    "mortgaged": N_("mortgaged"),
    "times_up": N_("Time's up ({time})"),
    "left": N_("left · ends at {time}"),
    "times_up_count": N_("Time's up — the final count"),
    "game_over": N_("Game over"),
    "wins": N_("{player} wins"),
    "a_tie": N_("a tie"),
    "to_throw": N_("{player} to throw"),
    "throws_again": N_("{player} throws again"),
    "last_throw": N_("last throw: {text}"),
    "bank": N_("Bank: {houses} houses, {hotels} hotels"),
    "pot": N_("Free Parking pot {amount}"),
    "move": N_("move #{n}"),
    "rank": N_("{n}th"),  # a place in the standings; the page keeps its own English (1st, 2nd, 3rd…)
    "rank_first": N_("{n}st"),  # the first place, where a language writes it apart (1er in French)
    "Railroads": N_("Railroads"),
    "Utilities": N_("Utilities"),
}


def labels() -> dict[str, str]:
    """Every page word in the language now spoken (English when no catalog applies)."""
    words = {key: _(text) for key, text in WORDS.items()}
    # the page picks the form by n == 1, as English, Spanish and Italian all do
    words["try"], words["tries"] = ngettext("{n} try", "{n} tries", 1), ngettext("{n} try", "{n} tries", 2)
    words["jail_card"], words["jail_cards"] = (ngettext("{n} get-out-of-jail card", "{n} get-out-of-jail cards", 1),
                                               ngettext("{n} get-out-of-jail card", "{n} get-out-of-jail cards", 2))
    words["misses"], words["misses_n"] = ngettext("misses {n} turn", "misses {n} turns", 1), ngettext("misses {n} turn", "misses {n} turns", 2)
    return words
