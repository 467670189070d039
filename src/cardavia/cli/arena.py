"""``cardavia arena``: agents against each other on duplicate deals."""
from __future__ import annotations

import json

import cardavia
from cardavia.cli.common import (MAX_GAMES, MAX_MATCHES, MAX_WORKERS, UserError, bounded_int, nonempty_path,
                                 seed_arg)


def _fmt(v) -> str:
    if v is None:
        return "-"
    return f"{v:,.3f}" if abs(v) < 1000 else f"{v:,.0f}"


def _interval(ci) -> str:
    return f"[{_fmt(ci[0])}, {_fmt(ci[1])}]"


def run(args) -> int:
    from cardavia.ai import split_specs
    from cardavia.sim import arena

    if args.game not in cardavia.GAMES:
        raise UserError(f"unknown game {args.game!r}; available: {', '.join(cardavia.available_games())}")
    if args.game not in cardavia.available_games():
        raise UserError(f"game {args.game!r} is not part of this build yet")
    game_cls = cardavia.game_class(args.game)
    options = {}
    if args.matches is not None:
        if not game_cls.plays_matches:
            raise UserError(f"{args.game} is played as single deals; use --games")
        options["match"] = True
        count = args.matches
    else:
        if game_cls.plays_matches:
            options["match"] = False
        count = args.games
    agents = split_specs(args.agents)
    if args.resume and not args.records:
        raise UserError("--resume continues a run from its records: give --records FILE")
    out_file = None
    if args.json:
        try:
            out_file = open(args.json, "w")
        except OSError as e:
            raise UserError(f"cannot write {args.json}: {e.strerror}") from None
    try:
        result = arena.run(args.game, agents, count, seed=args.seed, workers=args.workers, options=options,
                           records=args.records, resume=args.resume, progress=not args.quiet)
    except (ValueError, OSError) as e:
        raise UserError(str(e)) from None
    print(f"{args.game}: {result['deals']} deals x {len(result['seatings'])} seatings, seed {result['seed']} "
          f"(intervals: {result['interval']})")
    for spec, r in result["results"].items():
        print(f"  {spec}: win rate {_fmt(r['win_rate'])} {_interval(r['win_rate_ci'])}, "
              f"mean score {_fmt(r['mean_score'])} {_interval(r['mean_score_ci'])}, "
              f"decision ms median {_fmt(r['decision_ms_median'])} p99 {_fmt(r['decision_ms_p99'])}")
    d = result.get("difference")
    if d:
        print(f"  {d['agents'][0]} - {d['agents'][1]}: mean score {_fmt(d['mean_score'])} "
              f"{_interval(d['mean_score_ci'])}")
    print(f"  seconds: {result['seconds']:,.1f}")
    if out_file:
        with out_file:
            json.dump(result, out_file, indent=2)
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("arena", help="measure agents against each other on duplicate deals",
                       description="Play N seeded deals, each under every seating of the agents "
                       "(duplicate: the cards cancel out), and print each agent's win rate and mean "
                       "score with 95 % Student t intervals over the deals, and its decision times. "
                       "Results depend only on --seed, never on --workers.")
    p.add_argument("game", help=f"one of: {', '.join(cardavia.GAMES)}")
    p.add_argument("--agents", "-a", required=True, metavar="A,B",
                   help="two agents, or one per seat; options follow a colon: mc:rollouts=500,threads=2,heuristic "
                   "is mc with two options against heuristic")
    p.add_argument("--games", "-n", type=bounded_int(MAX_GAMES), default=100, metavar="N",
                   help=f"number of deals, 1..{MAX_GAMES:,} (default 100)")
    p.add_argument("--matches", type=bounded_int(MAX_MATCHES), default=None, metavar="N",
                   help="play N whole matches instead (Guandan, Shengji, Hold'em, Up/Down)")
    p.add_argument("--seed", "-s", type=seed_arg, default=0, metavar="S", help="run seed (default 0)")
    p.add_argument("--workers", "-w", type=bounded_int(MAX_WORKERS), default=None, metavar="W",
                   help=f"worker processes, 1..{MAX_WORKERS} (default: every core)")
    p.add_argument("--json", type=nonempty_path, metavar="FILE", help="also write the results as JSON to FILE")
    p.add_argument("--records", type=nonempty_path, metavar="FILE.jsonl|.csv",
                   help="stream one row per deal and seating to FILE (.jsonl: JSON lines; .csv: CSV)")
    p.add_argument("--resume", action="store_true",
                   help="continue the interrupted run that --records FILE holds")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.set_defaults(func=run)
