"""``cardavia arena``: agents against each other on duplicate deals."""
from __future__ import annotations

from cardavia.cli.common import (UserError, add_run_arguments, check_agents, check_output, run_setting,
                                 stop_at_interrupt, write_json)


def _fmt(v) -> str:
    if v is None:
        return "-"
    return f"{v:,.3f}" if abs(v) < 1000 else f"{v:,.0f}"


def _interval(ci, deals: int = 2) -> str:
    # one deal gives no interval (the library's is then the point itself)
    if deals < 2:
        return "[-, -]"
    return f"[{_fmt(ci[0])}, {_fmt(ci[1])}]"


def run(args) -> int:
    from cardavia.sim import arena

    options, count = run_setting(args)
    agents = check_agents(args.agents)
    check_output(args.json)
    try:
        result = stop_at_interrupt(lambda: arena.run(
            args.game, agents, count, seed=args.seed, workers=args.workers, options=options,
            records=args.records, resume=args.resume, progress=not args.quiet,
            replays=args.replays, backend=args.backend, address=args.address))
    except (ValueError, OSError) as e:
        raise UserError(str(e)) from None
    n = result["deals"]
    one, units = ("match", "matches") if result["options"].get("match") else ("deal", "deals")
    print(f"{args.game}: {n} {one if n == 1 else units} x {len(result['seatings'])} seatings, seed {result['seed']} "
          f"(intervals: {result['interval'].replace('over deals', 'over ' + units)})")
    for spec, r in result["results"].items():
        print(f"  {spec}: win rate {_fmt(r['win_rate'])} {_interval(r['win_rate_ci'], n)}, "
              f"mean score {_fmt(r['mean_score'])} {_interval(r['mean_score_ci'], n)}, "
              f"decision ms median {_fmt(r['decision_ms_median'])} p99 {_fmt(r['decision_ms_p99'])}")
    d = result.get("difference")
    if d:
        print(f"  {d['agents'][0]} - {d['agents'][1]}: mean score {_fmt(d['mean_score'])} "
              f"{_interval(d['mean_score_ci'], n)}")
    imps = result.get("imps")
    if imps:
        print(f"  {imps['agents'][0]} - {imps['agents'][1]}: IMPs a deal {_fmt(imps['mean'])} "
              f"{_interval(imps['ci'], n)}")
    sj = result.get("shengji", {}).get("difference")
    if sj:  # Shengji's duplicate figures: levels and card points per deal
        print(f"  {sj['agents'][0]} - {sj['agents'][1]}: levels per deal {_fmt(sj['levels_per_deal'])} "
              f"{_interval(sj['levels_per_deal_ci'], n)}, points per deal {_fmt(sj['points_per_deal'])} "
              f"{_interval(sj['points_per_deal_ci'], n)}")
    print(f"  seconds: {result['seconds']:,.1f}")
    write_json(args.json, result)
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("arena", help="measure agents against each other on duplicate deals",
                       description="Play N seeded deals, each under every seating of the agents "
                       "(duplicate: the cards cancel out), and print each agent's win rate and mean "
                       "score with 95 % intervals over the deals (Student t; Wilson for win rates), and its "
                       "decision times. "
                       "Results depend only on --seed, never on --workers or --backend.")
    p.add_argument("--agents", "-a", required=True, metavar="A,B",
                   help="two agents, or one per seat; options follow a colon: mc:rollouts=500,threads=2,heuristic "
                   "is mc with two options against heuristic")
    add_run_arguments(p, 100, "stream one row per deal and seating to FILE (.jsonl: JSON lines; .csv: CSV)")
    p.set_defaults(func=run)
