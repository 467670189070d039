"""The one PettingZoo AEC environment over any Cardavia game.

An episode is one ``game.new_state(seed)`` played to its end: a deal, or a
whole match for the match games loaded with ``match=True``.  The agent
``player_i`` is seat ``i``; only the player to move acts.  Observations come
from the game's encoder (``encode_*`` modules), which reads nothing but
``state.observation(seat)`` and, for the player to move, his legal moves.
Rewards are ``state.returns()`` once the game is over (zero-sum), nothing
before; every agent terminates then.  ``reset(seed=s)`` starts a generator
of deal seeds, so a seed replays the same episodes (``s``: an int
0..2**64-1, a NumPy integer too, as ``game.new_state`` takes).  The
position in play is the attribute ``env.unwrapped.state`` (a Cardavia
``State``), so PettingZoo's optional global ``state()`` method is not
offered.
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import cardavia
from cardavia.env.encoding import Encoder
from cardavia.game import check_seed


class CardaviaEnv(AECEnv):
    """A Cardavia game as a PettingZoo AEC environment (``cardavia.env.aec_env``)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: cardavia.Game, encoder: Encoder, render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"not {render_mode!r}")
        self.game = game
        self.encoder = encoder
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"cardavia_{game.name}_v0")
        self.possible_agents = [f"player_{i}" for i in range(game.num_players)]
        self.agents = self.possible_agents[:]
        space = encoder.observation_space()
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(encoder.num_actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state: cardavia.State | None = None

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the episode -------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            if isinstance(seed, np.integer):   # a seed drawn from a NumPy Generator
                seed = int(seed)
            # Cardavia's seed check: a float, text or a negative seed is refused, not
            # hashed (random.Random(-3) would replay the episodes of seed 3).
            self._seeds = random.Random(check_seed(seed))
        self.state = self.game.new_state(seed=self._seeds.getrandbits(63))
        self.encoder.reset()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        assert self.state is not None
        player = self.state.current_player
        return self.possible_agents[0 if player is None else player]

    def observe(self, agent: str) -> dict:
        if self.state is None:
            raise RuntimeError("call reset() before observe()")
        return self.encoder.observe(self.state, self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
            action = action.item()  # a 0-d integer array is in the Discrete space too
        if action is None or isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"an action is an int 0-{self.encoder.num_actions - 1}, not {action!r}")
        move = self.encoder.move(state, int(action))
        self._cumulative_rewards[self.agent_selection] = 0
        if move is None:      # a move built over several actions goes on (Shengji)
            self._accumulate_rewards()
            return
        state.play(move)
        if state.is_over:
            returns = state.returns()
            self.rewards = {a: returns[i] for i, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
        self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- showing -------------------------------------------------------------
    def render(self) -> str | None:
        if self.state is None:
            raise RuntimeError("call reset() before render()")
        text = render_text(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def render_text(state: cardavia.State) -> str:
    """A short text picture of the state for a person watching (never an
    agent's input): who moves, every hand, the last moves."""
    lines = [f"{state.game.title}: " + ("over, returns " + str(state.returns()) if state.is_over
                                       else f"player {state.current_player} to move")]
    for p in range(state.game.num_players):
        hand = state.observation(p)["hand"]
        lines.append(f"  player {p}: {' '.join(hand) if hand else '-'}")
    recent = [f"{p if p >= 0 else '*'}:{m}" for p, m in state.history[-8:]]
    lines.append("  last moves: " + (", ".join(recent) if recent else "none"))
    return "\n".join(lines)
