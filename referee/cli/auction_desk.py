"""The auction helper of the table console: `auction DEED` opens the bidding.

While it is open, a line is a bid (`Ana 120`, `Ben 130`), `sold` (the high
bidder buys through the very `auction WINNER DEED PRICE` command the shell
runs; with no bid, `no-bid DEED`: the deed stays with the bank), `undo` (takes back the last
bid), `bids`, or `cancel` (nothing recorded). Read-only commands (status,
score, turn, log, why…) still work. The bids are kept in the game file's
`live` table, never as moves: the players' phones bid into the same auction
(`POST /api/bid`), and the desk reads them before each of its own steps. The
ledger records the outcome, one move. The rules are in referee.core.bidding.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape

from referee.cli import common
from referee.errors import InputError, RefereeError
from referee.words.i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from referee.core.bidding import Bidding

CLOSE = ("sold", "done", "close", "vendido", "vendida", "venduto", "venduta", "aggiudicato", "adjugé", "adjuge", "vendu", "vendue")  # the table's word in any shipped language
CANCEL = ("cancel", "stop", "abort", "cancelar")
READ_ONLY = {"status", "s", "st", "score", "turn", "t", "log", "l", "why", "board", "cards", "rules", "ask", "help", "?"}


def _arg(name: str) -> str:
    return f'"{name}"' if any(ch.isspace() for ch in name) else name


def _amount(word: str, rs=None, t=None) -> int | None:
    """A bid as the table says it, in the edition's money when the game is known (10.000, L. 10.000, $1,500)."""
    try:
        return common.amount(rs, t, word) if rs is not None and t is not None else common.parse_amount(word)
    except InputError:
        return None


class AuctionDesk:
    def __init__(self, console: Any):
        self.con = console
        self.bidding: Bidding | None = None  # while an auction is open
        self.deed_name = ""
        self.example = "Ana 120"

    @property
    def active(self) -> bool:
        return self.bidding is not None

    # ------------------------------------------------------------ opening
    @staticmethod
    def opens(words: list[str]) -> bool:
        """`auction` or `auction DEED…` with no amount: the helper (with an amount it is the one-shot record)."""
        from referee.cli.shorthand import ALIASES

        if not words or ALIASES.get(words[0].lower(), words[0].lower()) != "auction":
            return False
        return not any(_amount(w) for w in words[1:]) and not any(w.startswith("-") for w in words[1:])

    def open(self, words: list[str]) -> int:
        from referee.core import bidding

        rs, t = self.con.snapshot()
        if t is None:
            raise InputError(_("no game yet: start one with `new NAME NAME …`"))
        if words[1:]:
            idx = common.resolve_deed(rs, " ".join(words[1:]))
        else:
            land = t.landings[-1] if t.landings else None
            if land is None or not rs.squares[land["square"]].is_deed or t.deeds[land["square"]].owner is not None:
                raise InputError(_("say which deed: auction DEED"))
            idx = land["square"]
        from referee.words.templates import AUCTION_OPENINGS

        b = self.bidding = bidding.open_bidding(rs, t, idx)
        self.deed_name = rs.squares[idx].name
        price = rs.squares[idx].price
        bid = price if isinstance(price, int) and price > 0 else max(b.minimum, 1) * 10
        self.example = f"{t.players[0].name} {bid}"  # a bid in the edition's money: `Anna 20000` in lire, `Ana 120` in dollars
        why = _(AUCTION_OPENINGS[b.opening])
        opening = f"{why} ({rs.fmt(b.minimum)})" if b.minimum > 1 else why
        self.con.out.print("[bold]" + escape(_("auction: {deed}").format(deed=self.deed_name)) + "[/bold] — " + escape(
            _("bidding opens at {opening}; bids as NAME AMOUNT, then `sold` (`undo` takes back a bid, `cancel` stops)").format(opening=opening)))
        self.publish()
        return 0

    # ------------------------------------------------------------ one line while open
    def line(self, words: list[str], where: str = "") -> int:
        b = self.bidding
        assert b is not None  # called only while an auction is open
        head = words[0].lower()
        if head in CLOSE and len(words) == 1:
            return self.sold(where)
        if head in CANCEL and len(words) == 1:
            self.con.out.print(escape(_("auction of {deed} cancelled: nothing recorded").format(deed=self.deed_name)))
            self.bidding = None
            self.publish()
            return 0
        if head in ("undo", "u", "z", "deshacer", "annulla", "annule") and len(words) == 1:
            gone = self._shared(b.withdraw)
            rs, _t = self.con.snapshot()
            self.con.out.print(escape(_("bid withdrawn: {player} {amount}").format(player=gone[0], amount=rs.fmt(gone[1])) if gone
                                      else _("no bid to take back")))
            self.print_high(rs)
            return 0
        if head in ("bids", "ofertas", "offerte", "offres") and len(words) == 1:
            self._shared(lambda: None)  # with the phones' bids
            rs, _t = self.con.snapshot()
            for who, amt in b.bids:
                self.con.out.print(f"  {escape(who)} {rs.fmt(amt)}")
            self.print_high(rs)
            return 0
        if len(words) >= 3 and words[-2].upper() == "L.":  # "Bruno L. 10.000": the sign and the amount are one word
            words = [*words[:-2], f"{words[-2]} {words[-1]}"]
        rs_, t_ = self.con.snapshot()
        amount = _amount(words[-1], rs_, t_) if len(words) >= 2 else None
        if amount is not None and len(words) > 2 and self._a_command(head):  # `paga Ana Zorro 10`, `dados 1 1`: not a bid
            raise InputError(_("the auction of {deed} is open: a bid is NAME AMOUNT ({example}), then `sold`; `cancel` stops it").format(
                deed=self.deed_name, example=self.example))
        if amount is not None:
            return self.bid(" ".join(words[:-1]), amount)
        if head in READ_ONLY:
            return -1  # the console runs it as usual
        raise InputError(_("the auction of {deed} is open: a bid is NAME AMOUNT ({example}), then `sold`; `cancel` stops it").format(
                deed=self.deed_name, example=self.example))

    def _a_command(self, head: str) -> bool:
        """A command's word (in any shipped language) that is not also a player's name."""
        from referee.cli.shorthand import ALIASES

        if head not in ALIASES and head not in self.con.group.commands:
            return False
        _rs, t = self.con.snapshot()
        return t is None or all(p.name.casefold() != head for p in t.players)

    def _shared(self, act: Any) -> Any:
        """`act()` on the bids as the game file holds them (the phones bid there too), kept there after: one
        write transaction, so a phone's bid and the desk's never overwrite each other."""
        g = self.con.game()
        if g is None:
            return act()
        out: list[Any] = []

        def change(old: dict | None) -> dict | None:
            kept = old if isinstance(old, dict) and old.get("deed") == self.deed_name else None
            if kept is not None and self.bidding is not None:
                self.bidding.bids = [(str(w), int(a)) for w, a in kept.get("bids") or []]
            out.append(act())
            if self.bidding is None:
                return None
            return {"deed": self.deed_name, "bids": [list(x) for x in self.bidding.bids], "ids": kept.get("ids", []) if kept else []}

        try:
            g.update_live("auction", change)
        finally:
            g.close()
        return out[0]

    def bid(self, name: str, amount: int) -> int:
        from referee.core import bidding

        rs, t = self.con.snapshot()
        assert self.bidding is not None
        who = common.resolve_player(t, name)
        from referee.words.messages import render

        b = self.bidding
        warn = self._shared(lambda: bidding.bid(rs, t, b, who, amount))
        said = f" [yellow]({escape(render(warn, rs.fmt))})[/yellow]" if warn else ""
        self.con.out.print(escape(_("{player} bids {amount}").format(player=who, amount=rs.fmt(amount))) + said)
        return 0

    def print_high(self, rs) -> None:
        assert self.bidding is not None
        high = self.bidding.high
        said = _("high bid: {player} {amount}").format(player=high[0], amount=rs.fmt(high[1])) if high else _("no bid yet")
        self.con.out.print(f"[dim]{escape(said)}[/dim]")

    def sold(self, where: str = "") -> int:
        """The result, through the very command the shell runs: `auction WINNER DEED PRICE`, or `no-bid DEED`."""
        assert self.bidding is not None
        self._shared(lambda: None)  # the phones' bids count: the high bid is the file's
        high = self.bidding.high
        if high is None:
            args = ["no-bid", self.deed_name]
            shown = f"no-bid {_arg(self.deed_name)}"
        else:
            args = ["auction", high[0], self.deed_name, str(high[1])]
            shown = f"auction {_arg(high[0])} {_arg(self.deed_name)} {high[1]}"
        from referee.cli import common as c

        if c.detail() != "quiet":
            self.con.out.print(f"[dim]→ {escape(shown)}[/dim]")
        code = self.con.dispatch(args, where)
        if code == 0:
            self.bidding = None
            self.publish()
            self.next_bank_auction()
        else:
            self.con.out.print("[yellow]" + escape(_("the auction is still open: `undo` takes back that bid, `cancel` stops")) + "[/yellow]")
        return code

    def publish(self) -> None:
        """The auction as it stands, where `watch`, the page and the phones see it (the game file's `live` table):
        opened with no bid, cleared when it closes."""
        g = self.con.game()
        if g is None:
            return
        try:
            b = self.bidding
            g.set_live("auction", {"deed": self.deed_name, "bids": [list(x) for x in b.bids], "ids": []} if b is not None else None)
        except Exception:  # the screens' nicety must never stop the auction
            pass
        finally:
            g.close()

    def next_bank_auction(self) -> None:
        """A bankruptcy to the bank hands its deeds over for auction: the desk opens them one after another, each
        ending in a sale or a no-bid (`cancel` leaves the rest for `auction DEED` later)."""
        if self.active:
            return
        rs, t = self.con.snapshot()
        if t is None:
            return
        from referee.core.buying import AUCTIONS

        pending = [i for i in t.extra.get(AUCTIONS) or [] if t.deeds[i].owner is None]
        if not pending:
            return
        self.con.out.print("[bold]" + escape(ngettext("the bank auctions the deeds it received: {n} to go", "the bank auctions the deeds it received: {n} to go",
                                                      len(pending)).format(n=len(pending))) + "[/bold]")
        self.open(["auction", rs.squares[pending[0]].name])

    def prompt_html(self) -> str | None:
        import html

        if self.bidding is None:
            return None
        rs, _t = self.con.snapshot()
        high = self.bidding.high
        now = f"{html.escape(high[0])} {html.escape(rs.fmt(high[1]))}" if high else html.escape(_("no bid"))
        word = pgettext("prompt", "auction")
        return f"<b>{html.escape(word)}</b> {html.escape(self.deed_name)}: {now} › "

    def run(self, words: list[str], where: str = "") -> int | None:
        """The console's hook: handle the line if it belongs to an auction; None lets the console run it."""
        try:
            if self.active:
                code = self.line(words, where)
                return None if code == -1 else code
            if self.opens(words):
                return self.open(words)
        except RefereeError as e:
            self.con.report(str(e), e.exit_code, where)
            return e.exit_code
        return None
