"""Guandan benchmarks: move generation with wilds, and random deals per second.

No peer library implements Guandan with our rules (rlcard and OpenSpiel have
no Guandan), so, as DESIGN.md asks when no peer exists, each figure compares
the compiled core with the Python API over the same work, in one run, one
thread.

    python bench/bench_guandan.py [--deals N] [--hands N]
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
    """Best wall time of ``repeat`` runs (the machine may be shared) and the result."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn(*args)
        best = min(best, time.perf_counter() - t)
    return best, out


def bench_movegen(n_hands: int, level: int) -> None:
    print(f"Move generation, leading with a 27-card hand at level {level + 2} "
          f"({n_hands} hands per row); no peer: compiled core vs Python API")
    print(f"{'wilds':>5} {'moves/hand':>11} {'core count (hands/s)':>21} {'core list (hands/s)':>20} "
          f"{'Python API (hands/s)':>21} {'count/API':>10}")
    for w, hands in hands_by_wilds(n_hands, level).items():
        as_lists = [[c for c in range(54) for _ in range(h[c])] for h in hands]
        core.MoveGen(hands[0], level).moves()  # warm up
        t_count, totals = timed(lambda: [core.MoveGen(h, level).total for h in hands])
        t_list, _ = timed(lambda: [core.MoveGen(h, level).moves() for h in hands])
        t_api, _ = timed(lambda: [py_moves(h, level + 2) for h in as_lists])
        mean = sum(totals) / len(totals)
        print(f"{w:>5} {mean:>11.0f} {n_hands / t_count:>21,.0f} {n_hands / t_list:>20,.0f} "
              f"{n_hands / t_api:>21,.0f} {t_api / t_count:>9.0f}x")


def bench_deals(n_deals: int) -> None:
    print(f"\nRandom deals (uniform random legal moves, first-deal rules, level 2), one thread")
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
    py_rate, c_rate = n_deals / t_py, n_c / t_c
    print(f"  Python API (State.play + lazy legal_moves().sample): {py_rate:>9,.0f} deals/s "
          f"({moves / n_deals:.0f} moves/deal)")
    print(f"  compiled loop (selfplay: count, draw, unrank one):   {c_rate:>9,.0f} deals/s "
          f"({out['moves'] / n_c:.0f} moves/deal)")
    print(f"  ratio compiled / Python API: {c_rate / py_rate:.0f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--hands", type=int, default=300)
    args = ap.parse_args()
    bench_movegen(args.hands, level=0)
    bench_movegen(args.hands, level=7)
    bench_deals(args.deals)


if __name__ == "__main__":
    main()
