"""Dou Dizhu from a fixed landlord (``bidding=False``, as the DouZero papers
evaluate): an agent against rlcard's rule agent (issue 13 part 6).

Every deal is played twice: the agent as landlord against two rule farmers,
and two copies of the agent as farmers against a rule landlord.  WP is the
share of deals won by the agent's side over its two roles; the unit of the
statistics is the deal (its mean over the two roles), with a 95 % Student t
interval.  Decision times count searched decisions only.  ``rlcard`` runs
in this bench only (bench extra).

    python bench/bench_ddz_rlcard.py [--agent mc] [--deals 1000] [--workers 2] [--seed 0] [--records F.jsonl]
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import rlcard_ddz

import cardavia
from cardavia._core.rng import derive_seed
from cardavia.sim import stats
from cardavia.sim.arena import play_seating


def play(args) -> list[tuple]:
    """Both roles of the given deals: rows (deal, landlord won, farmers
    won, landlord's score, farmers' score, the agent's decision times) and
    the rule agent's replaced answers."""
    agent, seed, deals = args
    game = cardavia.load("doudizhu", bidding=False)
    before = rlcard_ddz.RlcardRuleAgent.fallbacks
    out = []
    for i in deals:
        s = derive_seed(seed, i)
        lord, t_lord = play_seating(game, (agent, "rlcard", "rlcard"), s)
        farm, t_farm = play_seating(game, ("rlcard", agent, agent), s)
        out.append((i, lord.returns()[0] > 0, farm.returns()[1] > 0, lord.returns()[0],
                    farm.returns()[1] + farm.returns()[2], t_lord[agent] + t_farm[agent]))
    return out, rlcard_ddz.RlcardRuleAgent.fallbacks - before


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", default="mc")
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--chunk", type=int, default=5)
    ap.add_argument("--records", help="JSON lines, one per deal; an existing file's deals are kept (resume)")
    args = ap.parse_args()
    rlcard_ddz.register()
    rows = []
    fallbacks = 0
    run = {"agent": args.agent, "seed": args.seed}
    if args.records and Path(args.records).exists():
        for line in Path(args.records).read_text().splitlines():
            r = json.loads(line)
            if r["run"] == run and r["row"][0] < args.deals:
                rows.append(tuple(r["row"]))
                fallbacks += r["fallbacks"]
    done = {r[0] for r in rows}
    todo = [i for i in range(args.deals) if i not in done]
    tasks = [(args.agent, args.seed, todo[a:a + args.chunk]) for a in range(0, len(todo), args.chunk)]
    out = open(args.records, "a") if args.records else None
    t0 = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for part, replaced in pool.imap_unordered(play, tasks):
            rows += part
            fallbacks += replaced
            if out:
                for k, r in enumerate(part):
                    out.write(json.dumps({"run": run, "row": r, "fallbacks": replaced if k == 0 else 0}) + "\n")
                out.flush()
            print(f"\r{len(rows)}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    rows.sort()
    wp, wp_ci = stats.mean_ci([(a + b) / 2 for _, a, b, *_ in rows])
    lord, lord_ci = stats.mean_ci([float(a) for _, a, *_ in rows])
    farm, farm_ci = stats.mean_ci([float(b) for _, _, b, *_ in rows])
    score, score_ci = stats.mean_ci([(x + y) / 2 for *_, x, y, _ in rows])
    times = sorted(t for *_, ts in rows for t in ts)
    med, p99 = stats.percentile(times, 50), stats.percentile(times, 99)
    print(f"Dou Dizhu, fixed landlord (seat 0, bid 1): {args.agent} against rlcard's DouDizhuRuleAgentV1, "
          f"{len(rows)} deals x 2 roles, seed {args.seed}, {time.perf_counter() - t0:.0f} s (95% Student t over deals)")
    print(f"  WP {wp:.3f} [{wp_ci[0]:.3f}, {wp_ci[1]:.3f}]  (landlord {lord:.3f} [{lord_ci[0]:.3f}, {lord_ci[1]:.3f}], "
          f"farmers {farm:.3f} [{farm_ci[0]:.3f}, {farm_ci[1]:.3f}])")
    print(f"  mean score of {args.agent}'s side per role {score:+.3f} [{score_ci[0]:+.3f}, {score_ci[1]:+.3f}]")
    if times:
        print(f"  {args.agent} decisions: median {med:.1f} ms, p99 {p99:.1f} ms ({len(times)} searched)")
    print(f"  rule agent answers replaced (outside the offered moves): {fallbacks}")


if __name__ == "__main__":
    main()
