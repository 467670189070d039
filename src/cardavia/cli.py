"""The ``cardavia`` command line."""
from __future__ import annotations

import argparse
import importlib
import json
import sys

import cardavia


# Modules adding their own subcommands: each defines ``add_cli(subparsers)``,
# whose handlers take the parsed args, return an exit code, and raise
# ``UserError`` for a one-line error (exit code 2).
COMMAND_MODULES = ["cardavia.poker", "cardavia.bridge"]


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit code 2, no usage dump
        self.exit(2, f"{self.prog}: error: {message}\n")


def positive_int(text: str) -> int:
    """argparse type: an integer of 1 or more."""
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return v


def seed_arg(text: str) -> int:
    """argparse type: a seed, an integer of 0 or more (``0x`` prefixes read too)."""
    try:
        v = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer seed, got {text!r}") from None
    if v < 0:
        raise argparse.ArgumentTypeError(f"seed must not be negative, got {text!r}")
    return v


def _format_value(v):
    if isinstance(v, float):
        return f"{v:,.4f}" if abs(v) < 1000 else f"{v:,.0f}"
    if isinstance(v, list):
        return "[" + ", ".join(_format_value(x) for x in v) + "]"
    return str(v)


def cmd_simulate(args) -> int:
    from cardavia import simulate

    if args.game not in cardavia.GAMES:
        raise UserError(f"unknown game {args.game!r}; available: {', '.join(cardavia.available_games())}")
    if args.game not in cardavia.available_games():
        raise UserError(f"game {args.game!r} is not part of this build yet")
    options = {}
    game_cls = cardavia._game_class(args.game)
    if args.matches is not None:
        if not game_cls.plays_matches:
            raise UserError(f"{args.game} is played as single deals; use --games")
        options["match"] = True
        count = args.matches
    else:
        if game_cls.plays_matches:
            options["match"] = False
        count = args.games
    agents = [a.strip() for a in args.agents.split(",")] if args.agents else ["random"]
    out_file = None
    if args.json:
        try:
            out_file = open(args.json, "w")
        except OSError as e:
            raise UserError(f"cannot write {args.json}: {e.strerror}")
    try:
        result = simulate.run(args.game, count, seed=args.seed, workers=args.workers,
                              agents=agents, options=options, progress=not args.quiet)
    except ValueError as e:
        raise UserError(str(e))
    for key, value in result.items():
        if key in ("options",):
            continue
        print(f"{key.replace('_', ' ')}: {_format_value(value)}")
    if out_file:
        with out_file:
            json.dump(result, out_file, indent=2)
    return 0


class UserError(Exception):
    """A user error: printed as one line, exit code 2."""


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cardavia", description="Cardavia: a compiled card-game engine. "
                "Simulate seeded deals of seven card games with AI agents.")
    p.add_argument("--version", action="version", version=f"cardavia {cardavia.__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sim = sub.add_parser("simulate", help="play many seeded deals and print statistics",
                         description="Play N seeded deals (or matches) in parallel worker processes "
                         "and print the game's statistics. Results depend only on --seed, "
                         "never on --workers.")
    sim.add_argument("game", help=f"one of: {', '.join(cardavia.GAMES)}")
    sim.add_argument("--games", "-n", type=positive_int, default=1000, metavar="N",
                     help="number of deals to play (default 1000)")
    sim.add_argument("--matches", type=positive_int, default=None, metavar="N",
                     help="play N whole matches instead (Guandan, Shengji, Hold'em, Up/Down)")
    sim.add_argument("--seed", "-s", type=seed_arg, default=0, metavar="S", help="run seed (default 0)")
    sim.add_argument("--workers", "-w", type=positive_int, default=None, metavar="W",
                     help="worker processes (default: every core)")
    sim.add_argument("--agents", "-a", default="random", metavar="A,B,…",
                     help="one agent name for every seat, or one per seat (default: random)")
    sim.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    sim.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    sim.set_defaults(func=cmd_simulate)
    for module_name in COMMAND_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name != module_name:
                raise
            continue
        module.add_cli(sub)
    return p


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except UserError as e:
        print(f"cardavia: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardavia: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
