"""Guandan benchmarks: move generation with wilds, and random deals per second.

No peer library implements Guandan with our rules (rlcard and OpenSpiel have
no Guandan), so, as DESIGN.md asks when no peer exists, each figure compares
the compiled core with the Python API over the same work, in one run, one
thread.

    python bench/bench_guandan.py [--deals N] [--hands N] [--states N] [--before /work/venv/bin/python]
"""
from __future__ import annotations

import argparse
import random
import time

import cardavia
from cardavia._core import guandan as core
from cardavia.guandan import moves as py_moves


def hands_by_wilds(n_per_group: int, level: int) -> dict[int, list[bytes]]:
    """27-card hands of random deals at ``level``, grouped by wilds held (0, 1, 2)."""
    groups: dict[int, list[bytes]] = {0: [], 1: [], 2: []}
    wild = 4 * level + 2
    seed = 0
    while min(len(g) for g in groups.values()) < n_per_group:
        hands, _ = core.deal(seed)
        seed += 1
        for h in hands:
            g = groups[h[wild]]
            if len(g) < n_per_group:
                g.append(h)
    return groups


def timed(fn, *args, repeat: int = 3):
    """Best CPU time of ``repeat`` runs and the result.  CPU time of this
    process, not wall time: the machine may be shared, and one thread's CPU
    time is what a loaded machine leaves steady."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        out = fn(*args)
        best = min(best, time.process_time() - t)
    return best, out


def bench_movegen(n_hands: int, level: int) -> None:
    print(f"Move generation, leading with a 27-card hand at level {level + 2} "
          f"({n_hands} hands per row); no peer: compiled core vs Python API")
    print(f"{'wilds':>5} {'moves/hand':>11} {'core count (hands/s)':>21} {'core list (hands/s)':>20} "
          f"{'Python API (hands/s)':>21} {'count/API':>10}")
    for w, hands in hands_by_wilds(n_hands, level).items():
        as_lists = [[c for c in range(54) for _ in range(h[c])] for h in hands]
        core.MoveGen(hands[0], level).moves()  # warm up
        t_count, totals = timed(lambda hs: [core.MoveGen(h, level).total for h in hs], hands)
        t_list, _ = timed(lambda hs: [core.MoveGen(h, level).moves() for h in hs], hands)
        t_api, _ = timed(lambda hs: [py_moves(h, level + 2) for h in hs], as_lists)
        mean = sum(totals) / len(totals)
        print(f"{w:>5} {mean:>11.0f} {n_hands / t_count:>21,.0f} {n_hands / t_list:>20,.0f} "
              f"{n_hands / t_api:>21,.0f} {t_api / t_count:>9.0f}x")


def measure_deals(n_deals: int) -> dict:
    """Random deals per second, one thread: the Python API loop
    (``state.play(state.legal_moves().sample(rng))``, no fast path for the
    random agent) and the compiled self-play loop, in this interpreter."""
    game = cardavia.load("guandan", match=False)

    def python_api():
        rng = random.Random(0)
        moves = 0
        for seed in range(n_deals):
            s = game.new_state(seed=seed)
            while not s.is_over:
                s.play(s.legal_moves().sample(rng))
                moves += 1
        return moves

    t_py, moves = timed(python_api)
    n_c = n_deals * 20
    t_c, out = timed(core.selfplay, n_c, 1)
    return {"python": n_deals / t_py, "compiled": n_c / t_c, "py_moves": moves / n_deals,
            "c_moves": out["moves"] / n_c, "where": cardavia.__file__}


def bench_deals(n_deals: int, before: str | None, rounds: int = 3) -> None:
    print("\nRandom deals (uniform random legal moves, first-deal rules, level 2), one thread")
    # The machine may be shared: before and after alternate for ``rounds``
    # rounds and each keeps its best rate, so both see the same load.
    best: dict[str, dict] = {}

    def keep(name, r):
        if name not in best:
            best[name] = r
        else:
            for k in ("python", "compiled"):
                best[name][k] = max(best[name][k], r[k])

    for _ in range(rounds):
        if before:
            import json
            import subprocess
            out = subprocess.run([before, __file__, "--deals-json", str(n_deals)], capture_output=True, text=True,
                                 check=True, cwd="/")
            keep("before", json.loads(out.stdout.strip().splitlines()[-1]))
        keep("after", measure_deals(n_deals))
    rows = [(name, best[name]) for name in ("before", "after") if name in best]
    print(f"  {'build':<7} {'Python API deals/s':>19} {'compiled deals/s':>17} {'compiled/API':>13}  moves/deal")
    for name, r in rows:
        print(f"  {name:<7} {r['python']:>19,.0f} {r['compiled']:>17,.0f} {r['compiled'] / r['python']:>12.1f}x"
              f"  {r['py_moves']:.0f} / {r['c_moves']:.0f}   ({r['where']})")
    if before:
        (_, b), (_, a) = rows
        print(f"  after/before: Python API {a['python'] / b['python']:.2f}x, compiled loop "
              f"{a['compiled'] / b['compiled']:.2f}x")


def mid_game_states(n: int, match: bool, seed: int = 0):
    """Random mid-game states (random moves from seeded deals), with the player to move."""
    game = cardavia.load("guandan", match=match)
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = game.new_state(seed=rng.getrandbits(32))
        for _ in range(rng.randrange(5, 600 if match else 110)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if not s.is_over:
            out.append(s)
    return game, out


def bench_worlds(n_states: int) -> None:
    import statistics
    print(f"\nWorlds (sample_world: the unseen cards dealt again), {n_states} random mid-game states "
          "per row, median us per world")
    print(f"  {'states':<8} {'core loop':>10} {'sample_world, same obs':>23} {'sample_world, new obs':>22} "
          f"{'state.resample':>15}")
    for match in (False, True):
        game, states = mid_game_states(n_states, match)
        core_us, same_us, new_us, res_us = [], [], [], []
        for i, s in enumerate(states):
            p = s.current_player
            pos = s.position
            t = time.perf_counter()
            pos.worlds(p, i, 200)
            core_us.append((time.perf_counter() - t) / 200 * 1e6)
            obs = s.observation(p)
            t = time.perf_counter()
            game.sample_world(obs, i)
            new_us.append((time.perf_counter() - t) * 1e6)
            t = time.perf_counter()
            for k in range(50):
                game.sample_world(obs, k)
            same_us.append((time.perf_counter() - t) / 50 * 1e6)
            if i % 10 == 0:
                t = time.perf_counter()
                s.resample(p, i)
                res_us.append((time.perf_counter() - t) * 1e6)
        med = statistics.median
        print(f"  {'matches' if match else 'deals':<8} {med(core_us):>10.1f} {med(same_us):>23.1f} "
              f"{med(new_us):>22.1f} {med(res_us):>15.0f}")


def bench_rollouts(n_states: int) -> None:
    print(f"\nRollouts (the compiled policy in every seat, from {n_states} random mid-game deal states to the end)")
    game, states = mid_game_states(n_states, False, seed=1)
    reps = 20
    t = time.perf_counter()
    for i, s in enumerate(states):
        s.position.rollouts(i, reps)
    c_rate = n_states * reps / (time.perf_counter() - t)
    rng = random.Random(0)
    t = time.perf_counter()
    for s in states:
        s = s.clone()
        while not s.is_over:
            s.play(game.policy_move(s.observation(s.current_player), s.legal_moves(), rng))
    py_rate = n_states / (time.perf_counter() - t)
    print(f"  compiled (Position.rollouts, nogil):                  {c_rate:>9,.0f} rollouts/s")
    print(f"  Python API (state.play(game.policy_move(observation))): {py_rate:>7,.1f} rollouts/s")
    print(f"  ratio compiled / Python API: {c_rate / py_rate:,.0f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--before", metavar="PYTHON",
                    help="an interpreter with the build to compare against (e.g. /work/venv/bin/python)")
    ap.add_argument("--deals-json", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--skip-movegen", action="store_true")
    ap.add_argument("--rounds", type=int, default=3, help="alternating before/after rounds (best of each kept)")
    ap.add_argument("--states", type=int, default=200, help="mid-game states for the world and rollout figures")
    args = ap.parse_args()
    if args.deals_json:
        import json
        print(json.dumps(measure_deals(args.deals_json)))
        return
    if not args.skip_movegen:
        bench_movegen(args.hands, level=0)
        bench_movegen(args.hands, level=7)
    bench_deals(args.deals, args.before, args.rounds)
    bench_worlds(args.states)
    bench_rollouts(max(10, args.states // 4))


if __name__ == "__main__":
    main()
