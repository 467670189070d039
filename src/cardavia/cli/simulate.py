"""``cardavia simulate``: many seeded deals or matches, and their figures."""
from __future__ import annotations

import json

import cardavia
from cardavia.cli.common import (MAX_GAMES, MAX_MATCHES, MAX_WORKERS, UserError, bounded_int,
                                 nonempty_path, seed_arg)


def _format_value(v):
    if isinstance(v, float):
        return f"{v:,.4f}" if abs(v) < 1000 else f"{v:,.0f}"
    if isinstance(v, list):
        return "[" + ", ".join(_format_value(x) for x in v) + "]"
    return str(v)


def run(args) -> int:
    from cardavia import simulate

    if args.game not in cardavia.GAMES:
        raise UserError(f"unknown game {args.game!r}; available: {', '.join(cardavia.available_games())}")
    if args.game not in cardavia.available_games():
        raise UserError(f"game {args.game!r} is not part of this build yet")
    options = {}
    game_cls = cardavia.game_class(args.game)
    if args.matches is not None:
        if not game_cls.plays_matches:
            raise UserError(f"{args.game} is played as single deals; use --games")
        options["match"] = True
        count = args.matches
    else:
        if game_cls.plays_matches:
            options["match"] = False
        count = args.games
    from cardavia.ai import split_specs

    agents = split_specs(args.agents) if args.agents else ["random"]
    if args.resume and not args.records:
        raise UserError("--resume continues a run from its records: give --records FILE")
    out_file = None
    if args.json:
        try:
            out_file = open(args.json, "w")
        except OSError as e:
            raise UserError(f"cannot write {args.json}: {e.strerror}") from None
    try:
        result = simulate.run(args.game, count, seed=args.seed, workers=args.workers,
                              agents=agents, options=options, progress=not args.quiet,
                              records=args.records, resume=args.resume)
    except ValueError as e:
        raise UserError(str(e)) from None
    for key, value in result.items():
        if key in ("options",):
            continue
        print(f"{key.replace('_', ' ')}: {_format_value(value)}")
    if out_file:
        with out_file:
            json.dump(result, out_file, indent=2)
    return 0


def add_parser(sub) -> None:
    sim = sub.add_parser("simulate", help="play many seeded deals and print statistics",
                         description="Play N seeded deals (or matches) in parallel worker processes "
                         "and print the game's statistics. Results depend only on --seed, "
                         "never on --workers.")
    sim.add_argument("game", help=f"one of: {', '.join(cardavia.GAMES)}")
    sim.add_argument("--games", "-n", type=bounded_int(MAX_GAMES), default=1000, metavar="N",
                     help=f"number of deals to play, 1..{MAX_GAMES:,} (default 1000)")
    sim.add_argument("--matches", type=bounded_int(MAX_MATCHES), default=None, metavar="N",
                     help=f"play N whole matches instead, 1..{MAX_MATCHES:,} "
                     "(Guandan, Shengji, Hold'em, Up/Down)")
    sim.add_argument("--seed", "-s", type=seed_arg, default=0, metavar="S", help="run seed (default 0)")
    sim.add_argument("--workers", "-w", type=bounded_int(MAX_WORKERS), default=None, metavar="W",
                     help=f"worker processes, 1..{MAX_WORKERS} (default: every core, never more "
                     "than there is work)")
    sim.add_argument("--agents", "-a", default="random", metavar="A,B,…",
                     help="one agent name for every seat, or one per seat (default: random)")
    sim.add_argument("--json", type=nonempty_path, metavar="FILE", help="also write the results as JSON to FILE")
    sim.add_argument("--records", type=nonempty_path, metavar="FILE.jsonl|.csv",
                     help="stream one JSON line per deal (run, deal, seed, agents, the deal's figures) to FILE")
    sim.add_argument("--resume", action="store_true",
                     help="continue the interrupted run that --records FILE holds (same game, agents, seed)")
    sim.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    sim.set_defaults(func=run)
