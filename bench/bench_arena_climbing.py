"""Arena of the climbing games (issue 13 part 6): ``mc`` against
``heuristic`` and ``heuristic`` against ``random`` in Dou Dizhu and Zheng
Shangyou, on duplicate deals (six seatings a deal), with 95 % Student t
intervals over the deals; then the Monte Carlo agent's speed: rollouts per
second through its compiled driver (``cardavia._core.mc_climb``) and
through one ``game.rollout`` call a playout (the Python API), with the
ratio, and its decision times at the rollout budget given.

    python bench/bench_arena_climbing.py [--deals 40] [--rollouts 2000] [--workers 2] [--seed 0]
"""
from __future__ import annotations

import argparse
import statistics
import time

import cardavia
from cardavia.ai import make_agent
from cardavia.sim import arena


def fmt_ci(ci) -> str:
    return f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


def show(out: dict) -> None:
    print(f"{out['game']}: {out['deals']} deals x {len(out['seatings'])} seatings, "
          f"{out['seconds']:.0f} s ({out['interval']})")
    for spec, r in out["results"].items():
        med, p99 = r["decision_ms_median"], r["decision_ms_p99"]
        print(f"  {spec:>22}: win rate {r['win_rate']:.3f} {fmt_ci(r['win_rate_ci'])}  "
              f"mean score {r['mean_score']:+.3f} {fmt_ci(r['mean_score_ci'])}  "
              f"decision ms median {med:.2f} p99 {p99:.2f}")
    d = out["difference"]
    verdict = "excludes 0" if d["mean_score_ci"][0] > 0 or d["mean_score_ci"][1] < 0 else "includes 0"
    print(f"  {d['agents'][0]} - {d['agents'][1]}: {d['mean_score']:+.3f} {fmt_ci(d['mean_score_ci'])} "
          f"({verdict})")


def speed(name: str, rollouts: int, decisions: int = 30) -> None:
    """Rollouts per second of the compiled driver and of one game.rollout
    call a playout, on the same decisions (the first player's, heuristic
    seats elsewhere)."""
    game = cardavia.load(name, match=False)
    mc = make_agent("mc", game, seed=1, rollouts=rollouts)
    slow = make_agent("mc", game, seed=1, rollouts=rollouts)
    slow.searcher.batch = None
    hs = [make_agent("heuristic", game, seed=p) for p in range(3)]
    t_fast = t_slow = 0.0
    n_fast = n_slow = 0
    times = []
    seed = 0
    while len(times) < decisions:
        st = game.new_state(seed=seed)
        seed += 1
        while not st.is_over and len(times) < decisions:
            p = st.current_player
            legal = st.legal_moves()
            if p == 0 and len(legal) > 1:
                obs = st.observation(p)
                k = len(times)
                mc.reset(k)
                t = time.perf_counter()
                move = mc.choose(obs, legal)
                dt = time.perf_counter() - t
                times.append(dt * 1000)
                t_fast += dt
                n_fast += mc.last_rollouts
                slow.reset(k)
                t = time.perf_counter()
                assert slow.choose(obs, legal) == move
                t_slow += time.perf_counter() - t
                n_slow += slow.last_rollouts
            else:
                move = hs[p].act(st)
            st.play(move)
    fast, py = n_fast / t_fast, n_slow / t_slow
    times.sort()
    print(f"{name}: mc:rollouts={rollouts}, {decisions} decisions: median {statistics.median(times):.1f} ms, "
          f"p99 {times[int(0.99 * (len(times) - 1))]:.1f} ms; rollouts/s compiled driver {fast:,.0f}, "
          f"one game.rollout call a playout {py:,.0f} (ratio {fast / py:.2f}x; the same moves)")


def threads(name: str, rollouts: int, decisions: int = 10) -> None:
    """Decision time with the rollouts spread over 1 and 2 threads (the
    same moves: the choice never depends on the thread count)."""
    game = cardavia.load(name)
    hs = [make_agent("heuristic", game, seed=p) for p in range(3)]
    spots = []
    seed = 100
    while len(spots) < decisions:
        st = game.new_state(seed=seed)
        seed += 1
        while not st.is_over and len(spots) < decisions:
            if st.current_player == 0 and len(st.legal_moves()) > 1:
                spots.append((st.observation(0), st.legal_moves()))
            st.play(hs[st.current_player].act(st))
    line = []
    moves = []
    for t in (1, 2):
        agent = make_agent("mc", game, seed=1, rollouts=rollouts, threads=t)
        t0 = time.perf_counter()
        chosen = []
        for k, (obs, legal) in enumerate(spots):
            agent.reset(k)
            chosen.append(agent.choose(obs, legal))
        line.append((time.perf_counter() - t0) / len(spots) * 1000)
        moves.append(chosen)
    assert moves[0] == moves[1]
    print(f"{name}: mc:rollouts={rollouts} mean decision {line[0]:.1f} ms on 1 thread, {line[1]:.1f} ms on 2 "
          f"(speed-up {line[0] / line[1]:.2f}x; the same moves)")


def tune_bidding(deals: int, rollouts: int, seed: int, workers: int, thresholds: list[float]) -> None:
    """Dou Dizhu's bidding threshold (``mc`` option ``bid_threshold``), tuned
    in the arena: each threshold plays the same duplicate deals against
    ``heuristic``; the best mean score difference wins."""
    best = None
    for t in thresholds:
        out = arena.run("doudizhu", [f"mc:rollouts={rollouts},bid_threshold={t}", "heuristic"], deals,
                        seed=seed, workers=workers)
        d = out["difference"]
        print(f"  bid_threshold={t}: mc - heuristic {d['mean_score']:+.3f} {fmt_ci(d['mean_score_ci'])} "
              f"({out['deals']} deals, {out['seconds']:.0f} s)", flush=True)
        if best is None or d["mean_score"] > best[1]:
            best = (t, d["mean_score"])
    assert best is not None
    print(f"  best: bid_threshold={best[0]} ({best[1]:+.3f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--rollouts", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", default="doudizhu,zhengshangyou",
                    help="comma-separated games (guandan too: its playouts go one game.rollout call each)")
    ap.add_argument("--no-speed", action="store_true", help="skip the speed lines")
    ap.add_argument("--tune-bidding", metavar="T,T,...",
                    help="only tune Dou Dizhu's bid_threshold over these values (e.g. 0.35,0.45,0.55,0.65)")
    args = ap.parse_args()
    if args.tune_bidding:
        tune_bidding(args.deals, args.rollouts, args.seed, args.workers,
                     [float(t) for t in args.tune_bidding.split(",")])
        return
    names = args.games.split(",")
    for name in names if not args.no_speed else ():
        if name != "guandan":
            speed(name, args.rollouts)
            threads(name, 20000)
    for name in names:
        for pair in ([f"mc:rollouts={args.rollouts}", "heuristic"], ["heuristic", "random"]):
            show(arena.run(name, pair, args.deals, seed=args.seed, workers=args.workers,
                           options={"match": False} if name == "guandan" else None))


if __name__ == "__main__":
    main()
