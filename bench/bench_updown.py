"""Up/Down duel benchmark: random full deals and matches per second through
the Python API and through the compiled self-play loop, and move generation
per second.  No peer library plays this game, so the compiled loop is
compared with the Python API (DESIGN.md "Checks that keep it honest").

    python bench/bench_updown.py
"""
import random
import time

from benchutil import rate

import cardavia
from cardavia._core.updown_core import selfplay


def python_deals(match):
    game = cardavia.load("updown", match=match)
    seeds = iter(range(10**9))

    def run():
        seed = next(seeds)
        rng = random.Random(seed)
        s = game.new_state(seed=seed)
        while not s.is_over:
            s.play(s.legal_moves().sample(rng))
        return s._deals
    return run


def python_movegen():
    game = cardavia.load("updown")
    states = []
    for seed in range(50):
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 8)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if not s.is_over:
            states.append(s)

    def run():
        for s in states:
            list(s.legal_moves())
        return len(states)
    return run


def main():
    print("Up/Down duel, random agents, one thread")
    py_single = rate(python_deals(False))
    py_match = rate(python_deals(True))
    t0 = time.perf_counter()
    out = selfplay(200_000, seed=1, match=False)
    c_single = out["deals"] / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    out = selfplay(50_000, seed=1, match=True)
    dt = time.perf_counter() - t0
    c_match = out["deals"] / dt
    c_moves = out["moves"] / dt
    py_gen = rate(python_movegen())
    print(f"single deals/s   python API {py_single:12,.0f}   compiled {c_single:14,.0f}   ratio {c_single / py_single:8.1f}x")
    print(f"deals/s in match python API {py_match:12,.0f}   compiled {c_match:14,.0f}   ratio {c_match / py_match:8.1f}x")
    print(f"move generation  python legal_moves() lists/s {py_gen:12,.0f}; compiled loop moves (generate + apply)/s {c_moves:14,.0f}")
    print(f"compiled: {out['matches']:,} matches, {out['deals'] / out['matches']:.2f} deals per match")


if __name__ == "__main__":
    main()
