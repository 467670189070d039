"""The agent protocol and the two agents every game has: ``random`` and
``heuristic``.

An agent chooses a move from what one player may know: ``choose(observation,
legal_moves)`` is handed ``state.observation(player)`` and
``state.legal_moves()`` only, never the state behind them.  Each agent owns
a seeded RNG and the decision budget it was built with; it is built once
(per worker of a simulation) and ``reset(seed)`` at the start of each deal,
so an agent that prepares something does it once.
"""
from __future__ import annotations

import abc
import random
from typing import Any

from cardavia.game import LegalMoves, Move, Observation, State


class Agent(abc.ABC):
    """Chooses moves for one seat.  Subclasses implement ``choose``."""

    name = "agent"
    searches = False
    """True for agents whose decisions are searches (timed by the arena)."""

    def __init__(self, seed: Any = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def reset(self, seed: Any = None) -> None:
        """Start a new deal: reseed the agent's RNG (and drop anything that
        belonged to the last deal; what was prepared for the game stays)."""
        self.seed = seed
        self.rng.seed(seed)

    @abc.abstractmethod
    def choose(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        """Pick one of ``legal_moves`` knowing only ``observation``."""

    def explain(self, observation: Observation, move: Move) -> tuple[str, dict] | None:
        """Why this agent chose ``move`` knowing ``observation``: a message id
        and its parameters (``("bid.1nt", {"low": 15, "high": 17})``, shown
        in English by ``cardavia.ai.explanations``), or None: this agent gives
        no explanation (the default)."""
        return None

    def reads(self, observation: Observation, move: Move) -> tuple[str, dict] | None:
        """What ``move``, made by the player who sees ``observation``,
        shows as this agent reads it (what an AI partner assumes that player
        showed): a message id and its parameters like ``explain``, or None:
        the move shows nothing this agent reads (the default)."""
        return None

    def act(self, state: State) -> Move:
        """Choose for the player to move in ``state`` (seeing only what he may)."""
        player = state.current_player
        if player is None:
            raise ValueError("the game is over: nobody is to move")
        return self.choose(state.observation(player), state.legal_moves())

    @property
    def spec(self) -> str:
        """The agent's text on the command line (``mc:rollouts=2000``)."""
        return self.name

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"


class RandomAgent(Agent):
    """Plays a uniformly random legal move."""

    name = "random"

    def __init__(self, seed: Any = None, game: Any = None):
        super().__init__(seed)

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
        super().__init__(seed)
        self.game = game

    def choose(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        return self.game.policy_move(observation, legal_moves, self.rng)


def play_out(state: State, agents: list[Agent], max_moves: int = 1_000_000) -> State:
    """Play ``state`` to the end with one agent per seat; returns the state."""
    moves = 0
    while not state.is_over:
        player = state.current_player
        assert player is not None
        state.play(agents[player].act(state))
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"{state.game.name} did not end within {max_moves} moves")
    return state
