"""The phone page's own words, translated on the server (the page has no catalog).

The state JSON carries `labels`: key → the word in the game's language. The page
fills `{fields}` itself and falls back to its English when a key is missing.
"""

from __future__ import annotations

from referee.i18n import N_, _

WORDS = {
    "live": N_("live"),
    "reconnecting": N_("disconnected — reconnecting…"),
    "connecting": N_("connecting…"),
    "who_owes": N_("Who owes whom"),
    "last_moves": N_("Last moves"),
    "tap_hint": N_("Tap your name to highlight your row on this phone."),
    "tap_me": N_("tap: this is me"),
    "out": N_("out of the game"),
    "worth": N_("worth {amount}"),
    "in_jail": N_("in jail"),
    "tries": N_("{n} tries"),
    "try": N_("{n} try"),
    "on": N_("on {square}"),
    "jail_card": N_("{n} get-out-of-jail card"),
    "jail_cards": N_("{n} get-out-of-jail cards"),
    "misses": N_("misses {n} turn"),
    "misses_n": N_("misses {n} turns"),
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
    "Railroads": N_("Railroads"),
    "Utilities": N_("Utilities"),
}


def labels() -> dict[str, str]:
    """Every page word in the language now spoken (English when no catalog applies)."""
    return {key: _(text) for key, text in WORDS.items()}
