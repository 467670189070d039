"""Regressions found by a review of the Python API as analysis and RL users
meet it: the PettingZoo environments' seeds and actions, and what the
README says about them."""
from __future__ import annotations

import os
import warnings
from pathlib import Path

import numpy as np
import pytest

if not os.environ.get("CI"):  # under CI a missing extra is a failure, not a skip
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from cardavia import IllegalMoveError
from cardavia.env import aec_env, raw_env

README = Path(__file__).resolve().parent.parent / "README.md"


def first_hand(env, seed):
    env.reset(seed=seed)
    return env.unwrapped.state.hand(0)


def test_reset_takes_a_numpy_integer_seed():
    """A seed drawn from a NumPy Generator replays like the same int (it
    raised random.Random's TypeError)."""
    env = raw_env("doudizhu")
    assert first_hand(env, np.int64(5)) == first_hand(env, 5)
    assert first_hand(env, np.uint32(5)) == first_hand(env, 5)


@pytest.mark.parametrize("seed", [-5, 1.5, "5", True, 1 << 64])
def test_reset_refuses_what_is_not_a_seed(seed):
    """random.Random hashed these (seed -5 replayed the episodes of seed 5):
    the env takes the seeds ``game.new_state`` takes."""
    env = raw_env("doudizhu")
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=seed)


@pytest.mark.parametrize("name", ["doudizhu", "bridge", "updown"])
def test_a_zero_d_integer_array_is_an_action(name):
    """``Discrete.contains(np.array(a))`` holds, so the wrapped env let a 0-d
    array through and the env then refused it with a ValueError."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        env = aec_env(name)
    env.reset(seed=1)
    agent = env.agent_selection
    obs = env.observe(agent)
    action = np.array(np.flatnonzero(obs["action_mask"])[0])
    assert env.action_space(agent).contains(action)
    env.step(action)
    assert not any(env.terminations.values())
    assert len(env.unwrapped.state.history) >= 1
    raw = raw_env(name)
    raw.reset(seed=1)
    raw.step(np.array(int(action), dtype=np.uint8))
    with pytest.raises(ValueError, match="an action is an int"):
        raw.step(np.array(0.0))


def readme_rl_section() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("## Reinforcement learning", 1)[1].split("\n## ", 1)[0]


def test_readme_states_what_an_illegal_action_does():
    """The README said only that rewards are the game's returns: it now
    gives the wrapper's penalty, which this checks against the env."""
    section = readme_rl_section()
    assert "-1" in section and "IllegalMoveError" in section and "59 actions" in section
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        env = aec_env("doudizhu")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    offender = env.agent_selection
    env.step(illegal)
    assert env.rewards == {a: (-1 if a == offender else 0) for a in env.possible_agents}
    assert all(env.terminations.values())
    raw = raw_env("doudizhu")
    raw.reset(seed=1)
    before = raw.unwrapped.state.to_json()
    with pytest.raises(IllegalMoveError):
        raw.step(illegal)
    assert raw.unwrapped.state.to_json() == before
    assert raw_env("updown").action_space("player_0").n == 59

