"""What every command shares: argument types with documented bounds, the
one-line error, and running a long computation so Ctrl-C stops it at once."""
from __future__ import annotations

import argparse
import os
import sys
import threading
from typing import Any, Callable

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
    """argparse type: a seed, an integer in 0..2**64-1 (``0x`` prefixes read too)."""
    try:
        v = int(text, 0)
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
        sys.stderr.write("cardavia: interrupted\n")
        sys.stderr.flush()
        sys.stdout.flush()
        os._exit(130)
    if "error" in box:
        raise box["error"]
    return box.get("value")
