"""Shengji benchmarks: legal-move generation when following a tractor,
random deals per second through the Python API and the compiled loop,
hidden-card worlds (microseconds per world) and policy rollouts per second,
compiled against the same playouts through the Python API.

No peer library implements Shengji with these rules (RLCard's games are
blackjack, Leduc/limit/no-limit Hold'em, Dou Dizhu, Mahjong, UNO, Gin Rummy
and Bridge; OpenSpiel has no Tractor), so, as DESIGN.md asks, each figure
compares the compiled core with the Python API on one thread and prints the
ratio.

    python bench/bench_shengji.py [--deals N] [--positions N] [--only SECTION]
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import cardavia
from cardavia._core import shengji as core
from cardavia.cards import parse_cards
from cardavia.shengji import _trusted, world_sampler


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

        def py_iter(view=view, cap=cap):
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
        _, t_sample = timed(lambda view=view, rng=rng: view.sample(rng), 0.3)
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


def mid_game_positions(game, n, seed=0):
    """Random mid-game states: a seeded deal played on by random moves to a random point."""
    rng = random.Random(seed)
    out = []
    i = 0
    while len(out) < n:
        s = game.new_state(seed=seed * 100_000 + i)
        i += 1
        for _ in range(rng.randrange(13, 130)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if not s.is_over:
            out.append(s)
    return out


def bench_worlds(game, positions, draws=400):
    print(f"\nHidden-card worlds ({len(positions)} random mid-game positions, the player to move observing)")
    model, per_world, one_call, exact = [], [], [], 0
    for k, s in enumerate(positions):
        obs = s.observation(s.current_player)
        t0 = time.perf_counter()
        sampler = world_sampler(obs)
        model.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        exact += sampler.time_draws(draws, k)
        per_world.append((time.perf_counter() - t0) / draws)
        rng = random.Random(k)
        t0 = time.perf_counter()
        for _ in range(20):
            game.sample_world(obs, rng)
        one_call.append((time.perf_counter() - t0) / 20)
    q = lambda xs, f: sorted(xs)[int(f * (len(xs) - 1))] * 1e6  # noqa: E731
    print(f"    per world, in the core (sampler reused)   median {q(per_world, .5):8.1f} us   "
          f"p90 {q(per_world, .9):8.1f} us")
    print(f"    game.sample_world(obs, rng), repeated      median {q(one_call, .5):8.1f} us")
    print(f"    reading an observation (once)              median {q(model, .5):8.1f} us")
    print(f"    worlds from the exact fallback             {exact / (draws * len(positions)):8.1%}")


def bench_rollouts(game, positions):
    print(f"\nPolicy rollouts to the end of the deal ({len(positions)} random mid-game positions, one thread)")

    def compiled():
        for k, s in enumerate(positions):
            game.rollout(s.deal, k)

    def python_api():
        for k, s in enumerate(positions):
            c = s.clone()
            while not c.is_over:
                c.play(_trusted(*c.deal.policy_move(k)))

    _, t_core = timed(compiled, 0.3)
    _, t_py = timed(python_api, 0.3)
    n = len(positions)
    print(f"    compiled (game.rollout, nogil)             {n / t_core:12,.0f} rollouts/s")
    print(f"    Python API (state.play of the policy move) {n / t_py:12,.0f} rollouts/s")
    print(f"    ratio compiled / Python                    {t_py / t_core:12.1f}x")
    few = positions[:5]
    t0 = time.perf_counter()
    rng = random.Random(0)
    for s in few:
        c = s.clone()
        while not c.is_over:
            c.play(game.policy_move(c.observation(c.current_player), c.legal_moves(), rng))
    t_agent = (time.perf_counter() - t0) / len(few)
    print(f"    agent path (game.policy_move per move)     {1 / t_agent:12,.1f} rollouts/s "
          "(observation + world per move)")


def check_worlds(game, n):
    """Issue 12 part 2 on ``n`` random mid-game states (a long run of what the
    tests check on a few): every world keeps the player's observation,
    replays from its own dealt hands and round-trips through JSON, and plays
    on to a zero-sum end; count how often it differs from the real deal."""
    rng = random.Random(1)
    differs = 0
    t0 = time.perf_counter()
    for s in mid_game_positions(game, n, seed=7):
        p = rng.randrange(4)
        w = s.resample(p, rng)
        assert w.observation(p) == s.observation(p)
        assert game.from_json(w.to_json()).to_json() == w.to_json()
        differs += any(w.hand(q) != s.hand(q) for q in range(4))
        while not w.is_over:
            w.play(w.legal_moves().sample(rng))
        assert sum(w.returns()) == 0
    print(f"\nWorlds checked on {n} random mid-game states: all keep the observation, replay, "
          f"round-trip and end zero-sum; {differs / n:.0%} differ from the real deal "
          f"({time.perf_counter() - t0:.1f} s)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--only", choices=["legal", "deals", "worlds", "rollouts"])
    ap.add_argument("--check", type=int, default=0, metavar="N",
                    help="also check the worlds of N random mid-game states (thousands on demand)")
    args = ap.parse_args()
    game = cardavia.load("shengji", match=False)
    print("No peer implements Shengji: compiled core vs the Python API.\n")
    if args.only in (None, "legal"):
        bench_legal(game)
    if args.only in (None, "deals"):
        bench_deals(game, args.deals)
    if args.only in (None, "worlds", "rollouts"):
        positions = mid_game_positions(game, args.positions)
        if args.only in (None, "worlds"):
            bench_worlds(game, positions)
        if args.only in (None, "rollouts"):
            bench_rollouts(game, positions)
    if args.check:
        check_worlds(game, args.check)


if __name__ == "__main__":
    main()
