"""Shengji benchmarks: legal-move generation when following a tractor, and
random deals per second through the Python API and the compiled loop.

No peer library implements Shengji with these rules (RLCard's games are
blackjack, Leduc/limit/no-limit Hold'em, Dou Dizhu, Mahjong, UNO, Gin Rummy
and Bridge; OpenSpiel has no Tractor), so, as DESIGN.md asks, each figure
compares the compiled core with the Python API on one thread and prints the
ratio.

    python bench/bench_shengji.py [--deals N]
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import cardavia
from cardavia._core import shengji as core
from cardavia.cards import parse_cards


def timed(fn, min_time=0.5):
    """(result, seconds per call) of ``fn``, repeated for at least ``min_time``."""
    n, start = 0, time.perf_counter()
    while True:
        res = fn()
        n += 1
        el = time.perf_counter() - start
        if el >= min_time:
            return res, el / n


def tractor_positions(game):
    """A void follower (> 100,000 plays) and a follower short of pairs, against 3s3s4s4s5s5s."""
    lead = parse_cards("3s 3s 4s 4s 5s 5s")
    out = {}
    for name, hand1 in [
        ("void follower", "2c 2c 3h 4h 4d 3d 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 5d 6d 7d 8d 9d Td Jd Qd Kd"),
        ("follower with 1 pair in 9 spades", "7s 7s 8s 9s Ts Js Qs Ks As 3h 4h 5h 6h 7h 8h 9h "
                                             "Th Jh Qh Kh 3c 4c 5c 6c 7c"),
    ]:
        h1 = parse_cards(hand1)
        rest = Counter({c: 2 for c in range(54)})
        rest.subtract(h1 + lead)
        pool = sorted(rest.elements())
        s = game.from_hands([lead + pool[:19], h1, pool[19:44], pool[44:69]], kitty=pool[69:], trump="D")
        s.play("3s 3s 4s 4s 5s 5s")
        out[name] = s
    return out


def bench_legal(game):
    print("Legal-move generation, following a 3-pair tractor (level 2, diamonds trump)")
    for name, s in tractor_positions(game).items():
        view = s.legal_moves()
        n = len(view)
        deal = s.deal
        _, t_count = timed(deal.count)
        _, t_core = timed(deal.enumerate_all)
        cap = min(n, 20_000)

        def py_iter():
            it = iter(view)
            for _ in range(cap):
                next(it)
        _, t_py = timed(py_iter)
        core_rate = n / t_core
        py_rate = cap / t_py
        print(f"  {name}: {n:,} legal plays")
        print(f"    count (closed form, core)        {1e6 * t_count:10.2f} us")
        print(f"    every play unranked in the core  {core_rate:12,.0f} plays/s")
        print(f"    Python LegalMoves iteration      {py_rate:12,.0f} plays/s")
        print(f"    ratio core / Python              {core_rate / py_rate:12.1f}x")
        rng = random.Random(1)
        _, t_sample = timed(lambda: view.sample(rng), 0.3)
        print(f"    one uniform sample (Python API)  {1e6 * t_sample:10.2f} us")


def bench_deals(game, deals):
    print(f"\nRandom deals (uniform random legal moves, {deals} deals, one thread)")
    rng = random.Random(0)

    def py_deals():
        for i in range(deals):
            s = game.new_state(seed=i)
            while not s.is_over:
                s.play(s.legal_moves().sample(rng))
    _, t_py = timed(py_deals, 0.1)
    core_deals = deals * 20
    _, t_core = timed(lambda: core.selfplay_deals(core_deals, 0), 0.1)
    py_rate, core_rate = deals / t_py, core_deals / t_core
    print(f"    Python API (Game/State)          {py_rate:12,.0f} deals/s")
    print(f"    compiled loop (selfplay_deals)   {core_rate:12,.0f} deals/s")
    print(f"    ratio compiled / Python          {core_rate / py_rate:12.1f}x")
    _, t_m = timed(lambda: core.selfplay_matches(50, 0), 0.1)
    print(f"    compiled whole matches           {50 / t_m:12,.0f} matches/s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    args = ap.parse_args()
    game = cardavia.load("shengji", match=False)
    print("No peer implements Shengji: compiled core vs the Python API.\n")
    bench_legal(game)
    bench_deals(game, args.deals)


if __name__ == "__main__":
    main()
