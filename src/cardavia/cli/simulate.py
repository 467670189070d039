"""``cardavia simulate``: many seeded deals or matches, and their figures."""
from __future__ import annotations

from cardavia.cli.common import (UserError, add_run_arguments, check_agents, check_output, run_setting,
                                 stop_at_interrupt, write_json)


def _format_value(v):
    if isinstance(v, float):
        return f"{v:,.4f}" if abs(v) < 1000 else f"{v:,.0f}"
    if isinstance(v, list):
        return "[" + ", ".join(_format_value(x) for x in v) + "]"
    return str(v)


def run(args) -> int:
    from cardavia import simulate

    options, count = run_setting(args)
    agents = check_agents(args.agents)
    check_output(args.json)
    try:
        result = stop_at_interrupt(lambda: simulate.run(
            args.game, count, seed=args.seed, workers=args.workers, agents=agents, options=options,
            progress=not args.quiet, records=args.records, resume=args.resume, replays=args.replays,
            backend=args.backend, address=args.address))
    except (ValueError, OSError) as e:
        raise UserError(str(e)) from None
    for key, value in result.items():
        if key in ("options",):
            continue
        print(f"{key.replace('_', ' ')}: {_format_value(value)}")
    write_json(args.json, result)
    return 0


def add_parser(sub) -> None:
    sim = sub.add_parser("simulate", help="play many seeded deals and print statistics",
                         description="Play N seeded deals (or matches) in parallel worker processes "
                         "and print the game's statistics. Results depend only on --seed, "
                         "never on --workers or --backend.")
    sim.add_argument("--agents", "-a", default="random", metavar="A,B,…",
                     help="one agent for every seat, or one per seat; options follow a colon: "
                     "mc:rollouts=500,heuristic,random is mc with 500 rollouts, heuristic and random "
                     "(default: random)")
    add_run_arguments(sim, 1000, "stream one JSON line per deal (run, deal, seed, agents, the deal's figures) "
                      "to FILE (.jsonl, or .csv)")
    sim.set_defaults(func=run)
