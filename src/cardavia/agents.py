"""Agents: objects that choose a move from an observation and the legal moves.

An agent never reads hidden cards: it is handed ``state.observation(player)``
and ``state.legal_moves()`` only.
"""
from __future__ import annotations

import abc
import random
from typing import Any

from cardavia.game import LegalMoves, Move, Observation, State


class Agent(abc.ABC):
    name = "agent"

    @abc.abstractmethod
    def choose(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        """Pick one of ``legal_moves`` knowing only ``observation``."""

    def act(self, state: State) -> Move:
        """Choose for the player to move in ``state`` (seeing only what he may)."""
        return self.choose(state.observation(state.current_player), state.legal_moves())


class RandomAgent(Agent):
    """Plays a uniformly random legal move."""

    name = "random"

    def __init__(self, seed: Any = None):
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        return legal_moves.sample(self.rng)

    def act(self, state: State) -> Move:
        # Needs no observation: skip building one on every move.
        return state.legal_moves().sample(self.rng)


class HeuristicAgent(Agent):
    """Plays the game's compiled rollout policy (``game.policy_move``): the
    quick rules of thumb the Monte Carlo AI plays its rollouts with."""

    name = "heuristic"

    def __init__(self, game: Any, seed: Any = None):
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        return self.game.policy_move(observation, legal_moves, self.rng)


AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent}
"""The agents ``make_agent`` builds by name."""


def make_agent(name: str, game: Any, seed: Any = None) -> Agent:
    """Build the agent called ``name`` for ``game`` (a Game or its name)."""
    import cardavia

    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r}; available: {', '.join(sorted(AGENTS))}")
    if isinstance(game, str):
        game = cardavia.load(game, match=False)
    if name == "random":
        return RandomAgent(seed=seed)
    if not hasattr(game, "policy_move"):
        raise ValueError(f"{game.name} has no {name} agent yet")
    return HeuristicAgent(game, seed=seed)


def play_out(state: State, agents: list[Agent], max_moves: int = 1_000_000) -> State:
    """Play ``state`` to the end with one agent per seat; returns the state."""
    moves = 0
    while not state.is_over:
        state.play(agents[state.current_player].act(state))
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"{state.game.name} did not end within {max_moves} moves")
    return state
