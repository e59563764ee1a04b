"""What every command shares: the root app object, the global --game option and
the game opener. Imports no command module, so any command may import it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Optional

import typer

from referee import __version__
from referee.cli import common
from referee.cli.registry import RootGroup
from referee.words import i18n
from referee.words.i18n import N_, _

GameOpt = Annotated[Optional[str], typer.Option("--game", "-g", help=N_("Game file (default: $REFEREE_GAME or ./referee-game.sqlite)."))]
JsonOpt = Annotated[bool, typer.Option("--json", help=N_("Machine-readable output."))]
ForceOpt = Annotated[Optional[str], typer.Option("--force", metavar="REASON", help=N_("Record anyway a move the rules question (late with turns tracked, a second salary for one trip), as the banker's correction (the reason is kept in the log)."))]

# The root's --game, for commands that were not given their own.
STATE: dict[str, Any] = {"game": None, "lang_chosen": False}  # lang_chosen: main() chose before parsing

app = typer.Typer(
    cls=RootGroup,
    add_completion=True,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help=N_("referee: the banker and rules lawyer for a physical game of Monopoly, in any edition."),
)


def _version(value: bool) -> None:
    if value:
        common.out.print(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def _lang(value: str | None) -> str | None:
    if value or not STATE["lang_chosen"]:  # a run without main() (the console, tests) chooses here
        i18n.reset(value)
    return value


@app.callback()
def _root(
    game: GameOpt = None,
    lang: Annotated[
        Optional[str],
        typer.Option("--lang", is_eager=True, callback=_lang, metavar="LANG",
                     help=N_("Language of the output: en, es or it (default: $REFEREE_LANG, the game's, the locale's, English).")),
    ] = None,
    version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_version, help=N_("Show the version and exit."))] = False,
    verbose: Annotated[bool, typer.Option("--verbose", help=N_("Every move in full: steps, notes, every clause (one line a move otherwise; --why on a move's line shows that one in full)."))] = False,
) -> None:
    # --verbose and --why are taken off the command line by main() (common.take_detail_flags), anywhere on it;
    # declared here so that --help lists them
    STATE["game"] = game


def game_path(game: str | None):
    """The game file: --game on the command, else on the root, else the default."""
    from referee.store.ledger import default_path

    return default_path(game or STATE["game"])


def open_game(game: str | None):
    from referee.store.ledger import Game

    if STATE.get("capture") is not None:
        from referee.errors import InputError

        raise InputError(_("amend takes a move that the game records, not a command that reads or changes the game itself"))
    g = Game(game_path(game))
    speak_game(g)
    return g


def speak_game(g) -> None:
    """Speak the game's language (recorded at `new`, else its edition's) unless --lang/REFEREE_LANG chose."""
    if not i18n.explicit():
        i18n.offer_game(g.spec.get("language") or g.ruleset().language)  # older game files recorded none at `new`
    i18n.use_words(g.ruleset().words)  # in whatever language is spoken, the edition's book's words


def applied(rs, t, built):
    """What a command read, run: a move through `moves.apply` (the one way a move runs, whoever says it), or the
    event a command that is not a move built (values read from a deed)."""
    from referee.moves.model import Move

    if isinstance(built, Move):
        from referee.moves.apply import apply

        return apply(rs, t, built)
    return built


def record(game: str | None, build: Callable, as_json: bool = False):
    """Record one move built by `build(ruleset, table)`, print it, and the final count if it ended the game."""
    if STATE.get("capture") is not None:  # `amend N COMMAND…` takes the move without recording it
        STATE["capture"].append(build)
        return None
    g = open_game(game)
    rs = g.ruleset()
    _before_the_agreed_time(rs, g.spec)
    ev = g.record(lambda rs_, t: applied(rs_, t, build(rs_, t)))
    common.print_event(rs, ev, as_json)
    if ev.t.over and ev.ends_game:
        from referee.cli.render.score import print_final

        print_final(rs, ev.t)
    elif not as_json:
        _after_the_agreed_time(g.spec if isinstance(g.spec, dict) else {})
    return ev


def _before_the_agreed_time(rs, spec: dict) -> None:
    """A time-limit game ends at the agreed time: a later move is refused (the final count stands), unless the
    banker says it is one the table made before the end (`--after-time`, taken off the line by main())."""
    import time

    ends = spec.get("ends")
    if ends and time.time() >= float(ends) and not STATE.get("after_time"):
        from referee.errors import Refusal

        raise Refusal(_("the agreed time ran out at {time}: the game is over and `referee score` gives the final count "
                        "(a move the table made before the end: add --after-time)").format(
            time=spec.get("ends_text") or time.strftime("%H:%M", time.localtime(float(ends)))), rs.cite("end.game"), fmt=rs.fmt)


def _after_the_agreed_time(spec: dict) -> None:
    """A move recorded after a time-limit game's agreed end: recorded (the banker may be catching up), with the reminder."""
    import time

    ends = spec.get("ends")
    if ends and time.time() >= float(ends):
        from rich.markup import escape

        common.out.print("[yellow]" + escape(_("the agreed time ran out at {time}: the game is over; `referee score` gives the final count").format(
            time=spec.get("ends_text") or time.strftime("%H:%M", time.localtime(float(ends))))) + "[/yellow]")


def peek_language(argv: list[str]) -> str | None:
    """The language of the game `argv` names (or the default game), without opening the ledger; None if none."""
    path = None
    for i, a in enumerate(argv):
        if a in ("--game", "-g") and i + 1 < len(argv):
            path = argv[i + 1]
        elif a.startswith("--game="):
            path = a.split("=", 1)[1]
    return game_language(game_path(path))


def game_language(file) -> str | None:
    """The language recorded in the game file `file`, read-only and without the ledger.

    Never fails: a missing, unreadable, foreign or damaged file has no language (None). With no write-ahead
    log beside it (no game open anywhere) the file is read as immutable, so the look leaves no -wal/-shm behind."""
    import os

    if file is None or not os.path.isfile(file):  # no game here (`ask` with a ruleset): nothing to import or open
        return None
    import json

    from referee.store.gamefile import peek

    looked = peek(file, ("spec", "ruleset"))
    if looked is None:
        return None
    try:
        for key in ("spec", "ruleset"):  # the language chosen at `new`, else the edition's (older game files)
            value = json.loads(looked[0].get(key) or "{}")
            if isinstance(value, dict) and isinstance(value.get("language"), str) and value["language"]:
                return value["language"]
    except (ValueError, TypeError):
        return None
    return None


def speak_game_at_hand(game: str | None = None) -> None:
    """For a command that reads no game (`rules show`…): speak the game's language when a game file is at hand
    (--game, $REFEREE_GAME or ./referee-game.sqlite) unless --lang/REFEREE_LANG chose; without one, nothing changes."""
    if not i18n.explicit():
        i18n.offer_game(game_language(game_path(game)))


def ruleset_for(ruleset: str | None, game: str | None):
    """A named ruleset (in the language of the game at hand, as `rules show` speaks), or the current game's."""
    if ruleset:
        from referee.ruleset import loader

        speak_game_at_hand(game)
        rs = loader.load(ruleset)
        i18n.use_words(rs.words)
        return rs
    return open_game(game).ruleset()
