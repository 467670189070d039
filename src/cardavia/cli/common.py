"""What every command shares: argument types with documented bounds, the
one-line error, and running a long computation so Ctrl-C stops it at once."""
from __future__ import annotations

import argparse
import math
import os
import sys
import threading
from typing import Any, Callable, NoReturn

MAX_GAMES = 100_000_000
MAX_MATCHES = 1_000_000
MAX_TRIALS = 10_000_000_000
MAX_WORKERS = 256
MAX_SEED = (1 << 64) - 1


class UserError(Exception):
    """A user error: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit code 2, no usage dump
        self.exit(2, f"{self.prog}: error: {message}\n")


def bounded_int(high: int, low: int = 1) -> Callable[[str], int]:
    """argparse type: an integer in [low, high]."""
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text[:40]!r}") from None
        if not low <= v <= high:
            raise argparse.ArgumentTypeError(f"must be {low}..{high:,}, got {text[:40]}")
        return v
    parse.__name__ = "integer"
    return parse


positive_int = bounded_int(MAX_GAMES)


def seed_arg(text: str) -> int:
    """argparse type: a seed, an integer in 0..2**64-1 (``0x`` prefixes read too,
    and a decimal with leading zeros, such as ``010``, is ten)."""
    try:
        v = int(text, 0)
    except ValueError:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer seed, got {text[:40]!r}") from None
    if not 0 <= v <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"seed must be 0..2**64-1, got {text[:40]}")
    return v


def nonempty_path(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a file name, got an empty one")
    return text


def interruptible(work: Callable[[], Any]) -> Any:
    """Run ``work`` in a helper thread so that Ctrl-C, which only the main
    thread sees, stops the process at once even inside a long compiled loop
    that holds no GIL: exit code 130, no traceback."""
    box: dict[str, Any] = {}

    def target():
        try:
            box["value"] = work()
        except BaseException as e:  # handed to the main thread
            box["error"] = e

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.05)
    except KeyboardInterrupt:
        _exit_interrupted()
    if "error" in box:
        raise box["error"]
    return box.get("value")


# -- what simulate and arena share ------------------------------------------
def _exit_interrupted() -> NoReturn:
    """Say so and exit at once with code 130 (Ctrl-C)."""
    # on a terminal, off the line a progress bar (or the echoed ^C) holds
    sys.stderr.write(("\n" if sys.stderr.isatty() else "") + "cardavia: interrupted\n")
    sys.stderr.flush()
    sys.stdout.flush()
    os._exit(130)


def stop_at_interrupt(work: Callable[[], Any]) -> Any:
    """Run ``work`` (whose own cleanup runs as Ctrl-C unwinds it), then on
    Ctrl-C exit at once with code 130: a Ray driver shut down by the
    interpreter at exit can take seconds, or crash."""
    try:
        return work()
    except KeyboardInterrupt:
        _exit_interrupted()


def add_run_arguments(p: argparse.ArgumentParser, default_games: int, records_help: str) -> None:
    """The game, how many deals or matches, the seed, the workers and the outputs."""
    import cardavia

    p.set_defaults(default_games=default_games)
    p.add_argument("game", help=f"one of: {', '.join(cardavia.GAMES)}")
    p.add_argument("--games", "-n", type=bounded_int(MAX_GAMES), default=None, metavar="N",
                   help=f"number of deals, 1..{MAX_GAMES:,} (default {default_games:,})")
    p.add_argument("--matches", type=bounded_int(MAX_MATCHES), default=None, metavar="N",
                   help=f"play N whole matches instead, 1..{MAX_MATCHES:,} (Guandan, Shengji, Hold'em, Up/Down)")
    p.add_argument("--seed", "-s", type=seed_arg, default=0, metavar="S", help="run seed (default 0)")
    p.add_argument("--workers", "-w", type=bounded_int(MAX_WORKERS), default=None, metavar="W",
                   help=f"worker processes, 1..{MAX_WORKERS} (default: every core, never more than there is work)")
    p.add_argument("--json", type=nonempty_path, metavar="FILE", help="also write the results as JSON to FILE")
    p.add_argument("--records", type=nonempty_path, metavar="FILE.jsonl|.csv",
                   help=records_help + "; a FILE already holding records needs --resume")
    p.add_argument("--resume", action="store_true",
                   help="continue the interrupted run that --records FILE holds (same game, agents, seed)")
    p.add_argument("--replays", type=nonempty_path, metavar="DIR",
                   help="write each deal's state JSON to DIR, one file per deal (and seating), "
                   "for cardavia replay FILE or cardavia.from_json")
    p.add_argument("--backend", choices=["local", "ray"], default="local",
                   help="local: worker processes on this machine (default); ray: tasks on a Ray "
                   "cluster (the ray extra), the same results")
    p.add_argument("--address", metavar="ADDR",
                   help="with --backend ray: the cluster to join (auto, HOST:PORT or ray://HOST:10001; "
                   "default: RAY_ADDRESS, else a new local instance)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


def run_setting(args) -> tuple[dict, int]:
    """The game's options (single deals or matches) and the count to play."""
    import cardavia

    if args.game not in cardavia.GAMES:
        raise UserError(f"unknown game {args.game!r}; available: {', '.join(cardavia.available_games())}")
    if args.game not in cardavia.available_games():
        raise UserError(f"game {args.game!r} is not part of this build yet")
    if args.resume and not args.records:
        raise UserError("--resume continues a run from its records: give --records FILE")
    if args.address and args.backend != "ray":
        raise UserError("--address names a Ray cluster: give --backend ray too")
    if args.records:
        check_records_path(args.records, args.resume)
    plays_matches = cardavia.game_class(args.game).plays_matches
    if args.matches is not None:
        if not plays_matches:
            raise UserError(f"{args.game} is played as single deals; use --games")
        if args.games is not None:
            raise UserError("give --games N (deals) or --matches N (whole matches), not both")
        return {"match": True}, args.matches
    games = args.games if args.games is not None else args.default_games
    return ({"match": False} if plays_matches else {}), games


def check_records_path(path: str, resume: bool) -> None:
    """Refuse, before the run, a --records FILE that cannot hold records
    (``records.check_path``: a directory, a device or pipe, a missing or
    read-only folder, records already there without --resume)."""
    from cardavia.sim import records

    try:
        records.check_path(path, resume)
    except ValueError as e:
        raise UserError(str(e)) from None


def check_agents(text: str, option: str = "--agents") -> list[str]:
    """The agent specs of ``text`` (``mc:rollouts=500,heuristic``), each
    checked by ``parse_spec`` (a name, finite numbers for options)."""
    from cardavia.ai import parse_spec, split_specs

    specs = split_specs(text)
    for spec in specs:
        if not spec.partition(":")[0].strip():
            raise UserError(f"{option} {text[:80]!r}: an agent name is empty")
        try:
            parse_spec(spec)
        except ValueError as e:
            raise UserError(str(e)) from None
    return specs


def check_output(path: str | None) -> None:
    """Check the --json file can be written, before the run so a bad path
    fails at once, without emptying a file the run has not replaced yet."""
    if not path:
        return
    existed = os.path.exists(path)
    try:
        with open(path, "a"):
            pass
    except OSError as e:
        raise UserError(f"cannot write {path}: {e.strerror}") from None
    if not existed:
        try:
            os.remove(path)
        except OSError:
            pass


def write_json(path: str | None, result: Any) -> None:
    """Write the --json file after the run; a failed write is a one-line error."""
    if not path:
        return
    import json

    def finite(v: Any) -> Any:   # an unbounded interval (one deal) is null: JSON has no infinity
        if isinstance(v, float) and not math.isfinite(v):
            return None
        if isinstance(v, dict):
            return {k: finite(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [finite(x) for x in v]
        return v

    try:
        with open(path, "w") as f:
            json.dump(finite(result), f, indent=2)
    except OSError as e:
        raise UserError(f"cannot write {path}: {e.strerror or e}") from None
