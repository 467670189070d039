"""Hold'em arena (issue 15 parts 3 and 5): ``mc`` against each opponent in
big blinds per 100 hands, 95 % intervals.

Single hands (``match=False``, every stack 1000): each deck is replayed with
``mc`` in each of the four seats against three of the opponent (1 v 3), and,
as a second line-up, every way of seating two against two (2 v 2), so the
cards cancel out.  The unit of the interval is the deck: its figure is the
agent's mean over every seat it held.  Hands played = decks x seatings.
``--matches`` adds whole matches to one survivor (chips won per match).

    python bench/bench_holdem_arena.py [--decks 5000] [--opponents tag,station,maniac,nit,fairpoker]
        [--agent mc] [--records DIR] [--lineups 1v3,2v2] [--workers 1] [--matches 0]
    python bench/bench_holdem_arena.py --calibrate      # decision ms by rollout budget

``fairpoker`` (fairpoker's Hard bot) seats through ``bench/fairpoker_adapter.py``
when that module is present; ``--records DIR`` keeps one resumable records
file per opponent and line-up.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cardavia
from cardavia.ai import make_agent
from cardavia.sim import arena

BB = 20


def _register_peers(opponents: list[str]) -> None:
    if "fairpoker" in opponents:
        import fairpoker_adapter
        fairpoker_adapter.register()


def calibrate(budgets: list[int], hands: int) -> None:
    """Median and p99 decision ms of ``mc`` at each rollout budget, over the
    decisions of ``hands`` hands against ``tag``."""
    game = cardavia.load("holdem", match=False)
    print(f"calibration: mc against 3 tag, {hands} hands each budget")
    for budget in budgets:
        times = []
        for h in range(hands):
            mc = make_agent(f"mc:rollouts={budget}", game, seed=h)
            others = [make_agent("tag", game, seed=h * 4 + p) for p in range(4)]
            state = game.new_state(seed=h)
            seat = h % 4
            while not state.is_over:
                p = state.current_player
                if p == seat and len(state.legal_moves()) > 1:
                    t0 = time.perf_counter()
                    move = mc.act(state)
                    times.append((time.perf_counter() - t0) * 1000)
                else:
                    move = (mc if p == seat else others[p]).act(state)
                state.play(move)
        times.sort()
        print(f"  rollouts={budget:5d}: {len(times)} decisions, median {statistics.median(times):.1f} ms, "
              f"p99 {times[min(len(times) - 1, int(0.99 * len(times)))]:.1f} ms")


def bb100(chips_per_hand: float) -> float:
    return chips_per_hand / BB * 100


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decks", type=int, default=5000)
    ap.add_argument("--agent", default="mc")
    ap.add_argument("--opponents", default="tag,station,maniac,nit,fairpoker")
    ap.add_argument("--lineups", default="1v3", help="1v3, 2v2 or both; empty for matches only")
    ap.add_argument("--matches", type=int, default=0, help="also play N whole matches (1 v 3)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--records", default=None, help="a directory for resumable records")
    ap.add_argument("--json", default=None)
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("--budgets", default="200,400,600,1000")
    args = ap.parse_args(argv)
    if args.calibrate:
        calibrate([int(b) for b in args.budgets.split(",")], hands=40)
        return 0
    opponents = [o for o in args.opponents.split(",") if o]
    _register_peers(opponents)
    if args.records:
        os.makedirs(args.records, exist_ok=True)
    out = []
    print(f"holdem arena: {args.agent} against each opponent, {args.decks} decks, seed {args.seed} "
          f"(bb/100 = big blinds won per 100 hands; 95% Student t over decks)")
    for opp in opponents:
        for lineup in [x for x in args.lineups.split(",") if x]:
            agents = [args.agent, opp] if lineup == "1v3" else [args.agent, args.agent, opp, opp]
            records = (os.path.join(args.records, f"{opp}-{lineup}.jsonl") if args.records else None)
            res = arena.run("holdem", agents, args.decks, seed=args.seed, workers=args.workers,
                            options={"match": False}, records=records,
                            resume=bool(records and os.path.exists(records)))
            seatings = len(res["seatings"])
            a = res["results"][args.agent]
            lo, hi = a["mean_score_ci"]
            hands = args.decks * seatings
            print(f"  {lineup} vs {opp:10s}: {bb100(a['mean_score']):+8.2f} bb/100 "
                  f"[{bb100(lo):+8.2f}, {bb100(hi):+8.2f}]  hands {hands}, "
                  f"decision ms median {a['decision_ms_median']:.1f} p99 {a['decision_ms_p99']:.1f}, "
                  f"{res['seconds']:.0f} s", flush=True)
            out.append({"opponent": opp, "lineup": lineup, "hands": hands,
                        "bb100": bb100(a["mean_score"]), "bb100_ci": [bb100(lo), bb100(hi)],
                        "decision_ms_median": a["decision_ms_median"], "decision_ms_p99": a["decision_ms_p99"]})
        if args.matches:
            res = arena.run("holdem", [args.agent, opp], args.matches, seed=args.seed, workers=args.workers,
                            options={"match": True})
            a = res["results"][args.agent]
            (lo, hi), (wlo, whi) = a["mean_score_ci"], a["win_rate_ci"]
            print(f"  matches vs {opp}: {args.matches * len(res['seatings'])} matches, score a match "
                  f"(+3 won, -1 lost) {a['mean_score']:+.2f} [{lo:+.2f}, {hi:+.2f}], "
                  f"win rate {a['win_rate']:.3f} [{wlo:.3f}, {whi:.3f}] (an even share 0.25)", flush=True)
            out.append({"opponent": opp, "lineup": "match", "matches": args.matches, "chips": a["mean_score"],
                        "chips_ci": a["mean_score_ci"], "win_rate": a["win_rate"]})
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
