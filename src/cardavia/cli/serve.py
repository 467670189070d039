"""``cardavia serve``: the web table, to play against the AI in a browser."""
from __future__ import annotations

import argparse
import math
import signal
import sqlite3
import sys

from cardavia.cli.common import UserError, bounded_int, nonempty_path


def hours(text: str) -> float:
    """argparse type: a positive number of hours, at most ten years."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of hours, got {text[:40]!r}") from None
    if not math.isfinite(v) or not 0 < v <= 24 * 3653:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 87672 hours, got {text[:40]}")
    return v


def run(args) -> int:
    try:
        import uvicorn

        from cardavia.web import create_app
        from cardavia.web.store import default_db_path
    except ImportError as e:
        raise UserError(f"cardavia serve needs the web extra ({e.name} is missing): "
                        "pip install 'cardavia[web]'") from None
    _Server = _server_class()
    db = args.db or default_db_path()
    try:
        app = create_app(db, idle_hours=args.idle_hours, max_games=args.max_games,
                         max_games_per_client=args.max_games_per_client, workers=args.workers, undo=not args.no_undo)
    except OSError as e:
        raise UserError(f"cannot open the database {db}: {e.strerror or e}") from None
    except sqlite3.Error as e:  # a folder, or a file that is no database
        raise UserError(f"cannot open the database {db}: {e}") from None
    print(f"cardavia: serving on http://{args.host}:{args.port}/ (games kept in {db})", flush=True)
    # No per-message deflate: compressing every pushed view cost the event loop
    # more than sending it does (bench/bench_web_load.py).
    server = _Server(uvicorn.Config(app, host=args.host, port=args.port,
                                    log_level="warning" if args.quiet else "info", ws_per_message_deflate=False))
    try:
        server.run()
    except SystemExit as e:   # it could not listen (uvicorn exits with 3); it has logged why
        if e.code not in (0, None):
            raise UserError(f"cannot serve on {args.host}:{args.port} (the reason is logged above)") from None
        raise
    if server.interrupted:   # Ctrl-C: the games were saved as it shut down; exit as every command does
        print("cardavia: interrupted", file=sys.stderr)
        return 130
    return 0


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, remembering whether Ctrl-C stopped it (it shuts down
        gracefully and returns, where every other command exits with 130)."""

        interrupted = False

        def handle_exit(self, sig, frame) -> None:
            self.interrupted = self.interrupted or sig == signal.SIGINT
            super().handle_exit(sig, frame)

    return Server


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help="play against the AI in a web browser",
                       description="Start a local web server with a table for every game: pick a game, "
                       "press Start game and play your seat against AI opponents. Games in progress are "
                       "kept in a SQLite file, so a page refresh or a restart resumes them.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=bounded_int(65535), default=8000, help="port (default 8000)")
    p.add_argument("--db", type=nonempty_path, default=None, metavar="PATH",
                   help="SQLite file of the games (default: web.sqlite3 under the user's data folder); "
                   "the cookie secret is kept beside it as PATH.secret")
    p.add_argument("--idle-hours", type=hours, default=24.0, metavar="H",
                   help="games idle for longer expire (default 24)")
    p.add_argument("--max-games", type=bounded_int(100_000), default=200, metavar="N",
                   help="games in progress at most (default 200)")
    p.add_argument("--max-games-per-client", type=bounded_int(100_000), default=20, metavar="N",
                   help="games in progress (and, apart, opened replays) of one browser session at most; "
                   "a new one drops its longest idle one (default 20)")
    p.add_argument("--workers", type=bounded_int(256), default=None, metavar="W",
                   help="AI worker threads (default: one per core)")
    p.add_argument("--no-undo", action="store_true", help="switch undo off in every game")
    p.add_argument("--quiet", "-q", action="store_true", help="log warnings only")
    p.set_defaults(func=run)
