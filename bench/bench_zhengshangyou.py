"""Zheng Shangyou benchmark: random full deals per second through the Python
API and through the compiled self-play loop, and move generation per second.

    python bench/bench_zhengshangyou.py [--deals 1000] [--hands 500]

No peer library implements Zheng Shangyou (Run Fast 48), so, as DESIGN.md
asks, the compiled loop is compared with the Python API, and the compiled
generator with ``zhengshangyou.moves()`` (move values out).  One thread.
"""
from __future__ import annotations

import argparse
import random
import time

import numpy as np
from benchutil import each, timeit

import cardavia
from cardavia import zhengshangyou as zsy
from cardavia._core import climb
from cardavia.cards import CardSet


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--hands", type=int, default=500)
    args = ap.parse_args()
    rng = random.Random(1)

    hands = [CardSet(rng.sample(zsy.PACK, 16)) for _ in range(args.hands)]
    counts = np.array([climb.card_counts(h.bits) for h in hands], dtype=np.uint64)
    lasts = [rng.choice(zsy.moves(CardSet(rng.sample(zsy.PACK, 16)))) for _ in hands]
    packed = np.array([climb.pack_move(m) for m in lasts], dtype=np.uint64)
    pairs = list(zip(hands, lasts))
    n = len(hands)
    mean_lead = np.mean([len(zsy.moves(h)) for h in hands])
    print(f"Move generation, 16-card hands ({mean_lead:.1f} leading moves on average)")
    t_core = timeit(lambda reps: climb.bench_generate(1, counts, None, reps)) / n
    t_py = timeit(lambda reps: each(zsy.moves, hands, reps)) / n
    r_core = timeit(lambda reps: climb.bench_generate(1, counts, packed, reps)) / n
    r_py = timeit(lambda reps: each(lambda hm: zsy.moves(*hm), pairs, reps)) / n
    print(f"  {'':<36} {'compiled':>14} {'moves()':>14}  ratio")
    print(f"  {'leading generations / s':<36} {1 / t_core:>14,.0f} {1 / t_py:>14,.0f}  x{t_py / t_core:,.1f}")
    print(f"  {'response generations / s':<36} {1 / r_core:>14,.0f} {1 / r_py:>14,.0f}  x{r_py / r_core:,.1f}")

    game = cardavia.load("zhengshangyou")
    t0 = time.perf_counter()
    for i in range(args.deals):
        s = game.new_state(seed=i)
        while not s.is_over:
            s.play(s.legal_moves().sample(rng))
    py = args.deals / (time.perf_counter() - t0)
    nc = 50 * args.deals
    t0 = time.perf_counter()
    climb.zsy_selfplay(nc, 1)
    comp = nc / (time.perf_counter() - t0)
    print("\nRandom full deals per second")
    print(f"  Python API                 {py:>12,.0f}")
    print(f"  compiled self-play loop    {comp:>12,.0f}")
    print(f"  compiled / Python API      x{comp / py:,.1f}")


if __name__ == "__main__":
    main()
