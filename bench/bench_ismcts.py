"""Arena of ``ismcts`` (information-set MCTS) against ``mc`` (flat
determinized Monte Carlo) at equal time a decision (issue 13 part 2), in Dou
Dizhu and Zheng Shangyou: duplicate deals (six seatings a deal), both agents
on the same ``budget_ms``; the per-deal mean score difference ismcts - mc
with its 95 % Student t interval, and both agents' median decision times
(and their ratio) to show the time was equal.

    nice -n 10 python bench/bench_ismcts.py [--deals 30] [--budget-ms 50] [--c 1.4]
                                            [--games doudizhu,zhengshangyou] [--workers 2] [--seed 0]
"""
from __future__ import annotations

import argparse

from cardavia.sim import arena


def fmt_ci(ci) -> str:
    return f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


def show(out: dict, ours: str, peer: str) -> None:
    print(f"{out['game']}: {out['deals']} deals x {len(out['seatings'])} seatings, "
          f"{out['seconds']:.0f} s ({out['interval']})")
    for spec, r in out["results"].items():
        print(f"  {spec:>28}: win rate {r['win_rate']:.3f} {fmt_ci(r['win_rate_ci'])}  "
              f"mean score {r['mean_score']:+.3f} {fmt_ci(r['mean_score_ci'])}  "
              f"decisions {r['decisions']}  ms median {r['decision_ms_median']:.1f} "
              f"p99 {r['decision_ms_p99']:.1f}")
    a, b = out["results"][ours], out["results"][peer]
    ratio = a["decision_ms_median"] / b["decision_ms_median"] if b["decision_ms_median"] else float("nan")
    print(f"  median decision ms: ismcts {a['decision_ms_median']:.1f}, mc {b['decision_ms_median']:.1f}, "
          f"ratio {ratio:.2f}")
    d = out["difference"]
    lo, hi = d["mean_score_ci"]
    verdict = "ismcts stronger" if lo > 0 else "mc stronger" if hi < 0 else "no difference shown"
    print(f"  {d['agents'][0]} - {d['agents'][1]}: {d['mean_score']:+.3f} {fmt_ci(d['mean_score_ci'])} "
          f"({verdict})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--budget-ms", type=float, default=50)
    ap.add_argument("--c", type=float, default=None, help="ismcts's exploration constant (default: its own)")
    ap.add_argument("--games", default="doudizhu,zhengshangyou")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    budget = f"budget_ms={args.budget_ms:g}"
    ours = f"ismcts:{budget}" + ("" if args.c is None else f",c={args.c:g}")
    peer = f"mc:{budget}"
    for game in args.games.split(","):
        out = arena.run(game.strip(), [ours, peer], args.deals, seed=args.seed, workers=args.workers)
        show(out, ours, peer)


if __name__ == "__main__":
    main()
