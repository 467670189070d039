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


def sample_world_median(match=True, states=300, worlds=20, seed=7):
    """Issue 12 part 2: median microseconds per ``game.sample_world``
    (observation in, compiled position out) over random mid-game states of
    the match, and per ``state.resample`` (a replayable State)."""
    import statistics
    game = cardavia.load("updown", match=match)
    rng = random.Random(seed)
    obs, live = [], []
    for i in range(states):
        s = game.new_state(seed=i)
        for _ in range(rng.randrange(0, 60)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if not s.is_over:
            p = rng.randrange(game.num_players)
            obs.append(s.observation(p))
            live.append((s, p))
    per_world, per_state = [], []
    for o in obs:
        for k in range(worlds):
            t0 = time.perf_counter()
            game.sample_world(o, k)
            per_world.append(time.perf_counter() - t0)
    for s, p in live[:100]:
        t0 = time.perf_counter()
        s.resample(p, 1)
        per_state.append(time.perf_counter() - t0)
    return statistics.median(per_world) * 1e6, statistics.median(per_state) * 1e6, len(obs)


def rollout_rates(match=True, states=100, seed=5):
    """Issue 12 part 3: rollouts per second from random mid-game positions
    to the end of the deal, the policy in every seat: compiled
    (``game.rollout`` on a ``sample_world`` position, one call each, and
    the batch ``rollouts``) against the same playouts through the Python
    API (``game.policy_move`` on each observation, ``state.play``)."""
    from cardavia._core.updown_core import rollouts
    game = cardavia.load("updown", match=match)
    rng = random.Random(seed)
    live = []
    for i in range(states):
        s = game.new_state(seed=i)
        for _ in range(rng.randrange(0, 30)):
            if s.is_over:
                break
            s.play(s.legal_moves().sample(rng))
        if not s.is_over:
            live.append(s)
    worlds = [game.sample_world(s.observation(s.current_player), i) for i, s in enumerate(live)]
    reps = 50
    t0 = time.perf_counter()
    for k in range(reps):
        for w in worlds:
            game.rollout(w, k)
    compiled = reps * len(worlds) / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    for k, w in enumerate(worlds):
        rollouts(w, 2000, k)
    batch = 2000 * len(worlds) / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    done = 0
    for _ in range(3):
        for s in live:
            s = s.clone()
            deal = s.core.deal_no
            while not s.is_over and s.core.deal_no == deal:
                p = s.current_player
                s.play(game.policy_move(s.observation(p), s.legal_moves(), rng))
            done += 1
    python = done / (time.perf_counter() - t0)
    return compiled, batch, python, len(worlds)


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
    print(f"single deals/s   python API {py_single:12,.0f}   compiled {c_single:14,.0f}   "
          f"ratio {c_single / py_single:8.1f}x")
    print(f"deals/s in match python API {py_match:12,.0f}   compiled {c_match:14,.0f}   "
          f"ratio {c_match / py_match:8.1f}x")
    print(f"move generation  python legal_moves() lists/s {py_gen:12,.0f}; "
          f"compiled loop moves (generate + apply)/s {c_moves:14,.0f}")
    print(f"compiled: {out['matches']:,} matches, {out['deals'] / out['matches']:.2f} deals per match")

    w, st, n = sample_world_median()
    print(f"sample_world: median {w:.1f} us per world over {n} mid-match positions (target <= 50 us); "
          f"resample (a replayable State): median {st:.0f} us")

    c, b, py, n = rollout_rates()
    print(f"rollouts/s from {n} mid-game positions, policy in every seat: python API {py:10,.0f}   "
          f"compiled (one call each) {c:12,.0f}   ratio {c / py:7.0f}x   compiled batch {b:12,.0f}   "
          f"ratio {b / py:7.0f}x")


if __name__ == "__main__":
    main()
