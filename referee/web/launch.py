"""Start the page: pick the address, bind the socket, print the link (and its
QR code for the phones), run uvicorn until Ctrl-C."""

from __future__ import annotations

import socket
from pathlib import Path

from referee.errors import InputError
from referee.words.i18n import _

LOOPBACK = "127.0.0.1"
ANY = "0.0.0.0"


def bind_host(lan: bool) -> str:
    """Loopback unless --lan: by default no other machine can reach the page."""
    return ANY if lan else LOOPBACK


def token_for(game: Path) -> str:
    """The spectators' token (128 random bits and more), kept (mode 600) so the page's link and a dropped
    connection still work after the server restarts, the cache off included (store/seats.py)."""
    from referee.store import seats

    return seats.spectators_token(game)


def lan_address() -> str:
    """This machine's address on the local network, as the phones will reach it.
    (A UDP socket's connect() only picks a route; it sends nothing.)"""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: never contacted
        addr = s.getsockname()[0]
    except OSError:
        addr = ""
    finally:
        s.close()
    if not addr or addr.startswith("127."):
        try:
            addr = socket.gethostbyname(socket.gethostname())
        except OSError:
            addr = LOOPBACK
    return addr


def bind(host: str, port: int) -> socket.socket:
    if not 0 <= port <= 65535:
        raise InputError(_("--port must be between 1 and 65535 (or 0 for any free port), not {port}").format(port=port))
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind((host, port))
    except OSError as e:
        s.close()
        raise InputError(_("cannot listen on {host}:{port} ({why}): pick another with --port N").format(host=host, port=port, why=e.strerror)) from None
    s.listen(128)
    s.set_inheritable(True)
    return s


def qr_text(url: str) -> str:
    import io

    import segno

    buf = io.StringIO()
    segno.make(url, error="m").terminal(out=buf, compact=True, border=2)
    return buf.getvalue()


def run(game: Path, port: int, lan: bool, say=print, players_roll: bool = False, confirm: bool = False) -> None:
    import uvicorn

    from referee.web.server import create_app

    host = bind_host(lan)
    sock = bind(host, port)
    real_port = sock.getsockname()[1]
    token = token_for(game) if lan else None
    host_name = lan_address() if lan else LOOPBACK
    if lan:
        url = f"http://{host_name}:{real_port}/?token={token}"
    else:
        url = f"http://{LOOPBACK}:{real_port}/"
    say("[bold]referee serve[/bold] — " + _("{game}: the players act from their own links (`referee seats`)").format(game=game.name))
    say("  " + _("page: {url}").format(url=url), markup=False)
    if lan:
        print(qr_text(url), end="", flush=True)
        say("  " + _("phones on the same network: scan the code (the link carries this game's token; without it: 403)"))
    else:
        say("  " + _("only this computer can open it; `referee serve --lan` puts it on the local network for the phones"))
    say("  " + _("Ctrl-C stops it"), style="dim")
    import sys

    sys.stdout.flush()  # the link must show now, even when stdout is a pipe
    from referee.web.guard import GuardedH11, raise_open_files_limit

    raise_open_files_limit()  # every phone's connection is an open file; the guard caps them well below the limit
    app = create_app(game, token, players_roll=players_roll, confirm=confirm, lan_host=host_name if lan else None)
    # GuardedH11: a deadline for each request's head and caps on connections (referee/web/guard.py);
    # keep-alive short, request heads at most 16 KiB, no WebSocket
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", http=GuardedH11,
                            timeout_keep_alive=5, h11_max_incomplete_event_size=16 * 1024,
                            timeout_graceful_shutdown=2, ws="none", server_header=False)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
