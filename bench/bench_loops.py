"""Random deals per second, every game: the Python API against the compiled
self-play loop, in one run (issue 12 part 8).

The Python loop is ``state.play(state.legal_moves().sample(rng))`` on one
thread with no fast path for the random agent; the compiled loop is the
game's own self-play entry point in the core.  No peer plays all seven
games, so the compiled loop is the reference and the ratio is Python/compiled.
Run: python bench/bench_loops.py [--seconds S]; run it with a second
build's interpreter (a worktree of an older commit) for before and after.
"""
from __future__ import annotations

import argparse
import random
import time

import cardavia
from cardavia._core import climb, guandan, holdem_core, shengji, updown_core

try:
    from cardavia._core.bridge_core import random_deals as bridge_deals
except ImportError:  # a build from before bridge's compiled position (to compare with)
    from cardavia._core.dds import random_deals_played

    def bridge_deals(seed, n):
        return random_deals_played(seed, n)

# Each game's compiled loop: deals -> (called with n, seed).
COMPILED = {
    "doudizhu": lambda n: climb.ddz_selfplay(n, 1),
    "zhengshangyou": lambda n: climb.zsy_selfplay(n, 1),
    "guandan": lambda n: guandan.selfplay(n, 1),
    "shengji": lambda n: shengji.selfplay_deals(n, 1),
    "holdem": lambda n: holdem_core.selfplay(n, seed=1),
    "updown": lambda n: updown_core.selfplay(n, seed=1, match=False),
    "bridge": lambda n: bridge_deals(1, n),
}


def single_deal_game(name: str):
    try:
        return cardavia.load(name, match=False)
    except ValueError:  # builds before every game took match=
        return cardavia.load(name)


def python_rate(name: str, seconds: float) -> float:
    game = single_deal_game(name)
    rng = random.Random(1)
    deals, seed, t0 = 0, 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_state(seed=seed)
        while not state.is_over:
            state.play(state.legal_moves().sample(rng))
        deals += 1
        seed += 1
    return deals / (time.perf_counter() - t0)


def compiled_rate(name: str, seconds: float) -> float:
    run, n = COMPILED[name], 16
    while True:
        t0 = time.perf_counter()
        run(n)
        dt = time.perf_counter() - t0
        if dt > seconds or n > 1 << 26:
            return n / dt
        n *= 2


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    print(f"{'game':14} {'Python API':>14} {'compiled':>14} {'Python/compiled':>16}")
    for name in cardavia.GAMES:
        py = python_rate(name, args.seconds)
        core = compiled_rate(name, args.seconds)
        print(f"{name:14} {py:11,.0f}/s {core:11,.0f}/s {py / core:15.3f}  (1/{core / py:,.1f})")


if __name__ == "__main__":
    main()
