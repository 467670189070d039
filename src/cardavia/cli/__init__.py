"""The ``cardavia`` command line: one module per command in this package.

Every command module defines ``add_parser(subparsers)``; its handler takes
the parsed args, returns an exit code and raises ``UserError`` for a one-line
error (exit code 2).  Ctrl-C stops any command with exit code 130 and no
traceback.
"""
from __future__ import annotations

import argparse
import importlib
import sys

import cardavia
from cardavia.cli.common import UserError, _Parser

COMMANDS = ["simulate", "arena", "equity", "dd", "serve", "replay"]


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cardavia", description="Cardavia: a compiled card-game engine. "
                "Simulate seeded deals of seven card games with AI agents.")
    p.add_argument("--version", action="version", version=f"cardavia {cardavia.__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        importlib.import_module(f"cardavia.cli.{name}").add_parser(sub)
    return p


def main(argv=None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help()
            return 2
        return args.func(args)
    except UserError as e:
        print(f"cardavia: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardavia: interrupted", file=sys.stderr)
        return 130


__all__ = ["UserError", "build_parser", "main"]
