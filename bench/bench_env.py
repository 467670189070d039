"""Environment steps per second, random legal actions, in one run:

- Cardavia's ``doudizhu`` environment against rlcard's ``doudizhu`` env
  (both unwrapped: rlcard's env has no PettingZoo layer);
- Cardavia's ``holdem`` against PettingZoo classic's
  ``texas_holdem_no_limit_v6`` (both through PettingZoo's wrapped AEC API,
  4 players, one hand an episode).

    python bench/bench_env.py [--seconds 3]

A step is one action of the player to move, its observation read back the
way each library hands it out (``env.last()`` / rlcard's state dict).
Rule differences: rlcard's Dou Dizhu has no bidding (its deal starts at the
play) and lets airplane wings hold a triple (DDZ-4.3 forbids it); ours bids
first.  Cardavia's Hold'em observation and raise sizes are described in
``cardavia.env.encode_holdem``; PettingZoo's env wraps rlcard's no-limit
game (its own actions: fold, check/call, half pot, pot, all-in).
"""
from __future__ import annotations

import argparse
import time

import numpy as np
from benchutil import rate

from cardavia.env import aec_env, raw_env

try:  # the peers (the bench extra)
    import rlcard
    from pettingzoo.classic import texas_holdem_no_limit_v6
except ImportError as e:  # pragma: no cover
    raise SystemExit(f"bench_env needs rlcard and pettingzoo: {e}") from None


def pettingzoo_steps(env, rng, episodes: int = 5) -> int:
    """Steps of ``episodes`` episodes of a PettingZoo AEC env, random legal actions."""
    steps = 0
    for _ in range(episodes):
        env.reset(seed=int(rng.integers(1 << 31)))
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps


def rlcard_steps(env, rng, episodes: int = 5) -> int:
    steps = 0
    for _ in range(episodes):
        state, _ = env.reset()
        while not env.is_over():
            actions = list(state["legal_actions"])
            state, _ = env.step(actions[int(rng.integers(len(actions)))])
            steps += 1
    return steps


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(0)

    ours = raw_env("doudizhu")
    theirs = rlcard.make("doudizhu", config={"seed": 0})
    a = rate(lambda: pettingzoo_steps(ours, rng), args.seconds)
    b = rate(lambda: rlcard_steps(theirs, rng), args.seconds)
    print(f"doudizhu env steps/s   cardavia {a:10.0f}   rlcard doudizhu {b:10.0f}   ratio {a / b:5.2f}x")

    ours = aec_env("holdem")
    theirs = texas_holdem_no_limit_v6.env(num_players=4)
    t0 = time.perf_counter()
    a = rate(lambda: pettingzoo_steps(ours, rng, 20), args.seconds)
    b = rate(lambda: pettingzoo_steps(theirs, rng, 20), args.seconds)
    print(f"holdem env steps/s     cardavia {a:10.0f}   pettingzoo texas_holdem_no_limit_v6 {b:10.0f}   "
          f"ratio {a / b:5.2f}x   ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
