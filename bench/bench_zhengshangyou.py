"""Zheng Shangyou benchmark: random full deals per second through the Python
API and through the compiled self-play loop, move generation, worlds
sampled per second and policy rollouts per second.

    python bench/bench_zhengshangyou.py [--deals 1000] [--hands 500] [--positions 200]

No peer library implements Zheng Shangyou (Run Fast 48), so, as DESIGN.md
asks, the compiled loop is compared with the Python API, and the compiled
generator with ``zhengshangyou.moves()`` (move values out).  One thread.

The helpers below (``bench_deals``, ``bench_worlds``, ``bench_rollouts``,
``bench_parse``) serve ``bench_doudizhu.py`` too.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np
from benchutil import each, timeit

import cardavia
from cardavia import zhengshangyou as zsy
from cardavia._core import climb
from cardavia.cards import CardSet, format_cards


def bench_deals(game_name: str, n: int) -> None:
    """Random deals per second: the Python API loop
    ``state.play(state.legal_moves().sample(rng))`` against the compiled loop."""
    game = cardavia.load(game_name)
    rng = random.Random(1)
    t0 = time.perf_counter()
    for i in range(n):
        s = game.new_state(seed=i)
        while not s.is_over:
            s.play(s.legal_moves().sample(rng))
    py = n / (time.perf_counter() - t0)
    loop = climb.ddz_selfplay if game.game_id == 0 else climb.zsy_selfplay
    nc = 50 * n
    t0 = time.perf_counter()
    loop(nc, 1)
    comp = nc / (time.perf_counter() - t0)
    print("\nRandom full deals per second (one thread)")
    print(f"  Python API                 {py:>12,.0f}")
    print(f"  compiled self-play loop    {comp:>12,.0f}")
    print(f"  compiled / Python API      x{comp / py:,.1f}")


def mid_game_states(game_name: str, n: int, seed: int):
    """Random mid-game states (random moves from a fresh deal), not over."""
    game = cardavia.load(game_name)
    rng = random.Random(seed)
    out = []
    i = 0
    while len(out) < n:
        s = game.new_state(seed=seed * 100_000 + i)
        i += 1
        for _ in range(rng.randrange(4, 50)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if not s.is_over:
            out.append(s)
    return out


def bench_worlds(game_name: str, positions: int, per: int = 200) -> None:
    """Median microseconds per world over random mid-game observations:
    drawn in the core from one sampler, through ``sampler.sample()`` (a
    Position out), and ``game.sample_world(obs, rng)`` on a fresh
    observation (the sampler built each time)."""
    game = cardavia.load(game_name)
    states = mid_game_states(game_name, positions, 7)
    core, py, fresh = [], [], []
    rng = random.Random(2)
    for s in states:
        p = rng.randrange(3)
        obs = s.observation(p)
        sampler = game.world_sampler(obs)
        t0 = time.perf_counter()
        sampler.time_worlds(per, 3)
        core.append((time.perf_counter() - t0) / per * 1e6)
        t0 = time.perf_counter()
        for k in range(per // 4):
            sampler.sample(k)
        py.append((time.perf_counter() - t0) / (per // 4) * 1e6)
        fresh_obs = [s.observation(p) for _ in range(5)]   # new objects: no sampler cached
        t0 = time.perf_counter()
        for k, o in enumerate(fresh_obs):
            game.sample_world(o, k)
        fresh.append((time.perf_counter() - t0) / 5 * 1e6)
    print(f"\nWorlds (hidden cards dealt again), {positions} random mid-game observations; "
          "median µs per world (target <= 50)")
    print(f"  in the core, one sampler           {statistics.median(core):>10,.2f}  "
          f"(90th percentile {sorted(core)[int(0.9 * len(core))]:,.2f})")
    print(f"  sampler.sample() -> Position       {statistics.median(py):>10,.2f}")
    print(f"  game.sample_world(fresh obs, rng)  {statistics.median(fresh):>10,.2f}  "
          "(builds the sampler from the observation)")


def check_worlds(game_name: str, n: int) -> None:
    """Thousands of random mid-game states (issue 12 part 2): every world
    shows the observer his own observation, replays its own JSON and plays
    on to a zero-sum end; how many differ from the real deal."""
    game = cardavia.load(game_name)
    rng = random.Random(5)
    bad = differ = 0
    t0 = time.perf_counter()
    for s in mid_game_states(game_name, n, 13):
        p = rng.randrange(3)
        w = s.resample(p, rng)
        ok = w.observation(p) == s.observation(p) and game.from_json(w.to_json()).to_json() == w.to_json()
        differ += any(w.hand(q) != s.hand(q) for q in range(3))
        while not w.is_over:
            w.play(w.legal_moves().sample(rng))
        bad += not ok or sum(w.returns()) != 0
    print(f"\nWorlds checked on {n} random mid-game states: {bad} failures, {differ} differ from the "
          f"real deal ({time.perf_counter() - t0:.1f} s)")


def bench_rollouts(game_name: str, positions: int, api_positions: int = 30) -> None:
    """Policy rollouts per second from random mid-game positions: in the core
    (``game.rollout``) against the same playouts through the Python API
    (``game.policy_move`` on each observation, ``state.play``)."""
    game = cardavia.load(game_name)
    states = mid_game_states(game_name, positions, 11)
    worlds = [s.position for s in states]
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 1.0:
        for w in worlds:
            climb.rollouts(w, 20)
            n += 20
    comp = n / (time.perf_counter() - t0)
    rng = random.Random(3)
    t0 = time.perf_counter()
    same = 0
    for s, w in zip(states[:api_positions], worlds):
        c = s.clone()
        while not c.is_over:
            p = c.current_player
            c.play(game.policy_move(c.observation(p), None, rng))
        same += tuple(c.returns()) == game.rollout(w)
    py = api_positions / (time.perf_counter() - t0)
    print(f"\nPolicy rollouts per second from {positions} random mid-game positions (one thread)")
    print(f"  compiled (game.rollout)            {comp:>12,.0f}")
    print(f"  Python API (policy_move + play)    {py:>12,.1f}   "
          f"({same}/{api_positions} playouts end the same as the compiled ones)")
    print(f"  compiled / Python API              x{comp / py:,.0f}")


def bench_parse(game_name: str, module, size: int, pack) -> None:
    """``moves(text)`` against ``moves(CardSet)``: the card text reader must
    cost no more than the move generation it feeds."""
    rng = random.Random(4)
    hands = [rng.sample(pack, size) for _ in range(300)]
    texts = [format_cards(h) for h in hands]
    sets = [CardSet(h) for h in hands]
    t_text = timeit(lambda reps: each(module.moves, texts, reps)) / len(hands) * 1e6
    t_set = timeit(lambda reps: each(module.moves, sets, reps)) / len(hands) * 1e6
    t_parse = timeit(lambda reps: each(climb.parse_card_bits, texts, reps)) / len(hands) * 1e6
    counts = np.array([climb.card_counts(s.bits) for s in sets], dtype=np.uint64)
    t_gen = timeit(lambda reps: climb.bench_generate(module.GAME_ID, counts, None, reps)) / len(hands) * 1e6
    print(f"\nCard text, {size}-card hands (µs per call)")
    print(f"  moves(text)          {t_text:>8.2f}")
    print(f"  moves(CardSet)       {t_set:>8.2f}   text costs x{t_text / t_set:.2f}")
    print(f"  parse_card_bits      {t_parse:>8.2f}   compiled generation alone {t_gen:.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--check", type=int, default=0, help="also check this many resampled worlds")
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

    bench_parse("zhengshangyou", zsy, 16, list(zsy.PACK))
    bench_deals("zhengshangyou", args.deals)
    bench_worlds("zhengshangyou", args.positions)
    bench_rollouts("zhengshangyou", args.positions)
    if args.check:
        check_worlds("zhengshangyou", args.check)


if __name__ == "__main__":
    main()
