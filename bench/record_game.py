"""Record a whole game for the corpus: a seeded table plays it through the console, as a banker would type it.

    python bench/record_game.py                    # every game of CORPUS into tests/corpus/
    python bench/record_game.py it-lire            # one

Each turn the player to throw throws two seeded dice and the table does what the
landing asks (the engine's own `next` for the square): buys when the cash
allows, else the bank auctions it (a seeded bidder, or no bid); pays the rent,
the tax, the fine; draws a seeded card of the square's deck; builds a group it
holds when rich; raises cash by mortgaging when a debt is recorded, and goes
bankrupt when nothing is left. Only the lines the engine accepted are written:
the file is a game as recorded at a table, not a script of attempts. The first
lines say how the game was started and what it ends with; tests/test_corpus.py
replays each file through the console and through its own printed moves.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "corpus"

# name -> (the `new` words, seed, moves to record)
CORPUS: dict[str, tuple[str, int, int]] = {
    "us-classic": ("new Ana Ben Cy Dee --turns", 1, 240),
    "us-2008-double-go": ("new Ana Ben Cy --turns -r us-2008 --house-rule double-go", 2, 240),
    "uk-short-game": ("new Alf Bea Col --turns -r uk --variant short-game --seed 7 --random", 3, 200),
    "it-lire": ("new Anna Bruno Carla Dario --turns -r it-lire --seed 4 --random", 4, 240),
    "mx-hasbro": ("new Ana Beto Memo Ximena --turns -r mx-hasbro", 5, 240),
    "latam-ciudades": ("new Ana Beto Caro --turns -r latam-ciudades", 6, 240),  # its deeds' values read at the table
}


def record(new: str, seed: int, moves: int) -> tuple[list[str], dict[str, int]]:
    from referee.cli.console import TableConsole
    from referee.store.ledger import Game

    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.sqlite"
        con = TableConsole(path)
        assert con.run_line(new) == 0, new
        lines: list[str] = []

        def do(line: str) -> bool:
            ok = con.run_line(line) == 0
            if ok:
                lines.append(line)
            return ok

        def look():
            g = Game(path)
            try:
                return g.ruleset(), g.state(), g.events()
            finally:
                g.close()

        def q(name: str) -> str:
            return f'"{name}"' if " " in name else name

        stall = 0
        while len(lines) < moves and stall < 50:
            rs, t, evs = look()
            alive = [p for p in t.players if not p.bankrupt]
            if len(alive) < 2:
                break
            debtor = next((d.debtor for d in t.debts if not t.player(d.debtor).bankrupt), None)
            if debtor is not None:  # a recorded debt first: pay it, raise cash, or give up
                if do(f"settle {debtor}"):
                    continue
                built = [i for i, d in t.deeds.items() if d.owner == debtor and (d.houses or d.hotel)]
                if built and do(f"sell {q(rs.squares[built[0]].name)}"):
                    continue
                own = [i for i, d in t.deeds.items() if d.owner == debtor and not d.mortgaged and not d.houses and not d.hotel]
                if any(do(f"mortgage {q(rs.squares[i].name)}") for i in own[:3]):
                    continue
                if do(f"bankrupt {debtor}"):
                    continue
                stall += 1
                continue
            from referee.core.turns import current

            who = current(t)
            p = t.player(who) if who else alive[0]
            if p.in_jail and p.cash > 200 and rnd.random() < 0.5:
                do(f"jail pay {p.name}")
            d1, d2 = rnd.randint(1, 6), rnd.randint(1, 6)
            if not do(f"roll {d1} {d2}"):
                stall += 1
                continue
            for _ in range(3):  # what the landing asks (a card may send the token on)
                rs, t, evs = look()
                sq = evs[-1].get("square") or {}
                if isinstance(sq.get("square"), int) and _unknown(rs, sq["square"]):
                    do(_read_deed(rs, sq["square"], q))  # the deed in front of the players, read aloud
                    rs, t, evs = look()
                nxt = sq.get("next") or {}
                action, args = nxt.get("action"), nxt.get("args") or {}
                player = args.get("player")
                if action == "buy":
                    price = sq.get("amount") or 0
                    if t.player(player).cash >= price + 100 and do(f"buy {player} {q(args['deed'])}"):
                        break
                    rich = [o for o in t.players if not o.bankrupt and o.cash > price]
                    if rich and rnd.random() < 0.8:
                        winner = rnd.choice(rich)
                        do(f"auction {winner.name} {q(args['deed'])} {max(1, price * rnd.randint(5, 12) // 10)}")
                    else:
                        do(f"no-bid {q(args['deed'])}")
                    break
                if action == "rent":
                    line = f"rent {player} {q(args['deed'])}"
                    if "dice" in args:
                        line += f" --dice {d1 + d2}"
                    if args.get("card"):
                        line += f" --card {args['card']}"
                    do(line)
                    break
                if action == "tax":
                    choice = args.get("choice")
                    do(f"tax {args['tax']} {player}" + (f" --choice {rnd.choice(choice) if isinstance(choice, list) else choice}" if choice else ""))
                    break
                if action == "parking":
                    do(f"parking {player}")
                    break
                if action == "draw":
                    deck = rs.squares[sq["square"]].deck
                    cards = [c["id"] for c in (rs.decks().get(deck) or {}).get("cards") or []]
                    if not cards or not do(f"card {player} {rnd.choice(cards)}"):
                        break
                    continue
                break
            rs, t, evs = look()
            _dealings(rs, t, rnd, do, q)
            rs, t, evs = look()
            for g, members in _groups(rs).items():  # a rich owner of a whole group builds it up
                owners = {t.deeds[i].owner for i in members if i in t.deeds}
                if len(owners) == 1 and None not in owners:
                    owner = t.player(owners.pop())
                    if owner.cash > 1200 and rnd.random() < 0.5:
                        top = max(t.deeds[i].houses for i in members)
                        do(f"build {owner.name} {q(rs.group_name(g))} to {min(top + 1, rs.p.building.max_houses)}")
        rs, t, _ = look()
        return lines, {p.name: p.cash for p in t.players}


def _dealings(rs, t, rnd, do, q) -> None:
    """Between throws: a deed sold to another player now and then, a mortgage when cash runs low, a lift when rich."""
    players = [p for p in t.players if not p.bankrupt]
    plain = {i: d for i, d in t.deeds.items() if d.owner and not d.houses and not d.hotel}
    if rnd.random() < 0.06 and len(players) > 1:
        mine = [i for i, d in plain.items() if not d.mortgaged]
        if mine:
            i = rnd.choice(mine)
            seller = t.player(plain[i].owner)
            buyers = [p for p in players if p.name != seller.name and p.cash > 400]
            if buyers:
                price = rs.squares[i].price if isinstance(rs.squares[i].price, int) else 100
                do(f"trade {seller.name} {rnd.choice(buyers).name} --give {q(rs.squares[i].name)} --take {price}")
    for p in players:
        if p.cash < 150:
            own = [i for i, d in plain.items() if d.owner == p.name and not d.mortgaged]
            if own:
                do(f"mortgage {q(rs.squares[own[0]].name)}")
        elif p.cash > 900 and rnd.random() < 0.3:
            lifted = [i for i, d in plain.items() if d.owner == p.name and d.mortgaged]
            if lifted:
                do(f"unmortgage {q(rs.squares[lifted[0]].name)}")


def _unknown(rs, idx: int) -> bool:
    sq = rs.squares[idx]
    if sq.kind == "lot":
        group = rs.groups.get(sq.group) or {}
        return "unknown" in (sq.price, sq.mortgage, group.get("house_cost")) or "unknown" in (sq.rent or ("unknown",))
    if sq.kind == "railroad":
        return sq.price == "unknown" or "unknown" in (rs.data.get("board") or {}).get("railroad_rent", [])
    if sq.kind == "utility":
        return sq.price == "unknown" or "unknown" in (rs.utility_multipliers or ["unknown"])
    return False


def _read_deed(rs, idx: int, q) -> str:
    """Made-up values for a deed no source prints (a test board, not the real one), as `referee deed` takes them."""
    sq = rs.squares[idx]
    price = 60 + 10 * (idx // 2) * 2
    line = f"deed {q(sq.name)} --price {price} --mortgage {price // 2}"
    if sq.kind == "lot":
        base = max(2, price // 15)
        line += " --rent " + ",".join(str(base * k) for k in (1, 5, 15, 45, 60, 75))
        cost = 50 * (1 + idx // 10)
        line += f" --house-cost {cost} --hotel-cost {cost}"
    elif sq.kind == "railroad":
        line += " --rent " + ",".join(str(25 * 2 ** k) for k in range(len(rs.squares_of_kind("railroad"))))
    else:
        line += " --multipliers " + ",".join(str(4 + 6 * k) for k in range(len(rs.squares_of_kind("utility"))))
    return line


def _groups(rs) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for sq in rs.squares:
        if sq.kind == "lot" and sq.group:
            out.setdefault(sq.group, []).append(sq.index)
    return out


def main(names: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in names or list(CORPUS):
        new, seed, moves = CORPUS[name]
        lines, cash = record(new, seed, moves)
        head = [f"# {name}: recorded by bench/record_game.py (seed {seed}); replayed by tests/test_corpus.py",
                f"# {new}", "# cash: " + ", ".join(f"{k} {v}" for k, v in cash.items())]
        (OUT / f"{name}.moves").write_text("\n".join(head + lines) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} moves; cash {cash}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
