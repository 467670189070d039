"""The Up/Down duel solved by CFR+ (issue 15 parts 4 and 5): exploitability
over iterations at 20-20 stacks and the solve time; the exploitability of
cfr, heuristic and random at 20-20 and of mc at 3-3 stacks (mc asked once
at every information set of the 3-3 deal); the exact check against the
sequence-form LP at 2-2 (SciPy); the arena, single deals and matches; the
cfr agent's decision time.

Exploitability (chips per deal) = (BR0(sigma1) + BR1(sigma0)) / 2, exact
best responses in the full single-deal game (see src/_core/duel_cfr.pyx).
No peer library plays this game: the reference figures are our own
heuristic, random and mc agents and the LP's exact game value.

    python bench/bench_duel_cfr.py                  # everything at the defaults
    python bench/bench_duel_cfr.py --quick          # small stacks, a smoke run
    python bench/bench_duel_cfr.py --matches 200    # and the arena in 20-chip matches

Measured on the 2-core reference machine (shared, so times are upper
bounds), ``--deals 4000``: exploitability at 20-20 after 10/50/100/200/400/
600 iterations 1.01/0.127/0.056/0.018/0.0060/0.0035 chips per deal, solve
324 s; heuristic 3.46 (989x cfr's), random 7.55 (2,154x); at 3-3 cfr
0.00003, heuristic 0.44, random 1.13, mc:rollouts=200 0.82 (asked at every
information set: 41 s).  LP at 2-2: value -0.01436394, CFR+ (2000
iterations) -0.01436405.  Arena, single deals (cfr - other per deal, 95 %):
heuristic +1.61 [+1.32, +1.89], random +6.06 [+5.73, +6.39]; 200 matches:
heuristic +1.05 [+0.88, +1.22] (cfr wins 76 %), random +1.35 [+1.20, +1.50]
(84 %).  cfr decision median 0.02-0.03 ms.
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

import cardavia
from cardavia._core.duel_cfr import DuelSolver
from cardavia.ai import make_agent
from cardavia.ai import cfr
from cardavia.sim import arena


def curve(stack, iterations):
    solver = DuelSolver(stack)
    print(f"\n== exploitability of cfr over iterations, {stack}-{stack} stacks "
          f"({solver.decisions} decision nodes, {solver.size:,} strategy entries) ==")
    print(f"{'iterations':>10} {'exploitability':>15} {'BR0':>9} {'BR1':>9} {'solve s':>8}")
    marks = sorted({m for m in (10, 25, 50, 100, 200, 300, 400, 500, 600, 800, 1000, 1500, 2000)
                    if m <= iterations} | {iterations})
    spent = 0.0
    for m in marks:
        t = time.perf_counter()
        solver.solve(m - solver.iterations)
        spent += time.perf_counter() - t
        x = solver.exploitability()
        print(f"{m:>10} {x['exploitability']:>15.6f} {x['br0']:>9.4f} {x['br1']:>9.4f} {spent:>8.1f}", flush=True)
    bets, locks = solver.average_strategy()
    value = solver.value(0, bets, locks)
    print(f"game value for the starter (seat 0): {value:+.5f} chips per deal; solve time {spent:.1f} s "
          f"for {iterations} iterations; target exploitability <= 0.005: "
          f"{'met' if x['exploitability'] <= 0.005 else 'NOT met'}")
    cfr.remember(solver)            # the arena below plays this very solution
    return x["exploitability"], spent


def table(stack, iterations, small, mc_rollouts):
    print("\n== exploitability (chips per deal) ==")
    sol = cfr.solved(stack, iterations)
    s = sol.solver
    rows = [("cfr", stack, s.exploitability(sol.bets, sol.locks)),
            ("heuristic", stack, s.exploitability(*s.heuristic_strategy())),
            ("random", stack, s.exploitability(*s.random_strategy()))]
    small_solved = cfr.solved(small, iterations)
    t = small_solved.solver
    game = cardavia.load("updown", chips=small, match=False)
    agent = make_agent(f"mc:rollouts={mc_rollouts}", game, seed=1)
    start = time.perf_counter()
    mc_strategy = cfr.query_strategy(agent, t, game)
    mc_seconds = time.perf_counter() - start
    rows += [("cfr", small, t.exploitability(small_solved.bets, small_solved.locks)),
             ("heuristic", small, t.exploitability(*t.heuristic_strategy())),
             ("random", small, t.exploitability(*t.random_strategy())),
             (f"mc:rollouts={mc_rollouts}", small, t.exploitability(*mc_strategy))]
    print(f"{'agent':<18} {'stacks':>7} {'exploitability':>15} {'BR0':>9} {'BR1':>9}  ratio to cfr")
    base = {stack: rows[0][2]["exploitability"], small: rows[3][2]["exploitability"]}
    for name, st, x in rows:
        ratio = x["exploitability"] / base[st] if base[st] > 0 else float("inf")
        print(f"{name:<18} {f'{st}-{st}':>7} {x['exploitability']:>15.6f} {x['br0']:>9.4f} {x['br1']:>9.4f}  "
              f"{ratio:,.0f}x")
    print(f"(mc asked at every information set of the {small}-{small} deal: {mc_seconds:.0f} s)")


def lp_check(stack, iterations):
    print(f"\n== exact check: sequence-form LP at {stack}-{stack} ==")
    try:
        import duel_lp
    except ImportError as e:
        print(f"skipped: {e}")
        return
    try:
        solver = DuelSolver(stack)
        t = time.perf_counter()
        exact = duel_lp.solve(solver)
    except ImportError as e:
        print(f"skipped (scipy missing: {e})")
        return
    lp_seconds = time.perf_counter() - t
    t = time.perf_counter()
    solver.solve(iterations)
    cfr_seconds = time.perf_counter() - t
    bets, locks = solver.average_strategy()
    v = solver.value(0, bets, locks)
    print(f"game value: LP {exact['value']:+.8f} ({lp_seconds:.1f} s), CFR+ {v:+.8f} ({iterations} iterations, "
          f"{cfr_seconds:.2f} s); difference {v - exact['value']:+.2e}")
    print(f"exploitability: CFR+ {solver.exploitability()['exploitability']:.2e}, "
          f"the LP's equilibrium {solver.exploitability(exact['bets'], exact['locks'])['exploitability']:.2e}")


def play(deals, match, workers):
    kind = "matches" if match else "single deals"
    print(f"\n== arena, {kind} (duplicate: every deal in both seatings) ==")
    for other in ("heuristic", "random"):
        out = arena.run("updown", ["cfr", other], deals, seed=0, workers=workers, options={"match": match})
        d = out["difference"]
        r = out["results"]
        lo, hi = d["mean_score_ci"]
        print(f"cfr vs {other}: {deals} {kind}, mean {'result' if match else 'chips'} per deal "
              f"cfr {r['cfr']['mean_score']:+.3f}, {other} {r[other]['mean_score']:+.3f}, difference "
              f"{d['mean_score']:+.3f} [{lo:+.3f}, {hi:+.3f}] ({'excludes' if lo > 0 or hi < 0 else 'includes'} 0); "
              f"cfr win rate {r['cfr']['win_rate']:.3f}; cfr decision median {r['cfr']['decision_ms_median']:.2f} ms, "
              f"p99 {r['cfr']['decision_ms_p99']:.2f} ms; {other} median {r[other]['decision_ms_median']:.2f} ms; "
              f"{out['seconds']:.0f} s")


def decision_times(stack, count):
    game = cardavia.load("updown", chips=stack, match=False)
    agent = make_agent("cfr", game, seed=3)
    other = make_agent("heuristic", game, seed=4)
    times = []
    seed = 0
    while len(times) < count:
        state = game.new_state(seed=seed)
        seed += 1
        while not state.is_over:
            p = state.current_player
            if p == 0:
                t = time.perf_counter()
                move = agent.act(state)
                times.append(time.perf_counter() - t)
            else:
                move = other.act(state)
            state.play(move)
    print(f"\ncfr decision time over {len(times)} decisions at {stack}-{stack}: median "
          f"{statistics.median(times) * 1000:.2f} ms (target <= 1000 ms), max {max(times) * 1000:.1f} ms")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stack", type=int, default=20)
    ap.add_argument("--small", type=int, default=3, help="stacks of the mc measurement")
    ap.add_argument("--iterations", type=int, default=cfr.DEFAULT_ITERATIONS)
    ap.add_argument("--mc-rollouts", type=int, default=200)
    ap.add_argument("--deals", type=int, default=2000, help="single deals per arena pairing")
    ap.add_argument("--matches", type=int, default=0, help="matches per arena pairing (0: none)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="5-5 stacks, 200 iterations, 200 deals")
    args = ap.parse_args()
    if args.quick:
        args.stack, args.iterations, args.deals = 5, 200, 200
    curve(args.stack, args.iterations)
    table(args.stack, args.iterations, args.small, args.mc_rollouts)
    lp_check(2, 2000)
    decision_times(args.stack, 500)
    if args.deals:
        play(args.deals, False, args.workers)
    if args.matches:
        play(args.matches, True, args.workers)


if __name__ == "__main__":
    main()
