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


MAX_COUNT = 10**9
"""Rollouts, iterations, samples or nodes an agent's option may ask for at most
(10**9 rollouts is about a day of one core's search)."""
MAX_BUDGET_MS = 86_400_000
"""The longest time budget a decision may be given: a day."""


def check_count(agent: str, key: str, value: Any, low: int = 1) -> None:
    """A count option (``rollouts``, ``iterations``...): an int in ``low``..``MAX_COUNT``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_COUNT:
        raise ValueError(f"{agent}: {key} must be an int {low}-{MAX_COUNT:,}, not {_said(value)}")


def check_budget_ms(agent: str, value: Any) -> None:
    """A ``budget_ms`` option: None, or milliseconds above 0 and at most ``MAX_BUDGET_MS``."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                              or not 0 < value <= MAX_BUDGET_MS):
        raise ValueError(f"{agent}: budget_ms must be a number of milliseconds above 0 and at most "
                         f"{MAX_BUDGET_MS:,} (a day), not {_said(value)}")


def _said(value: Any) -> str:
    """A refused value as the error quotes it: its repr, cut at 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


class Agent(abc.ABC):
    """Chooses moves for one seat.  Subclasses implement ``choose``."""

    name = "agent"
    searches = False
    """True for agents whose decisions are searches (timed by the arena)."""
    advising = False
    """True where the move is shown to a person as a hint, not played: an
    agent that mixes its moves (``cfr``) then gives its likeliest one, so
    the hint is the same for the same hand in every game."""

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


MOST_CARDS_IN_A_PLAY = {"doudizhu": 20, "zhengshangyou": 16, "guandan": 10}
"""The climbing games, each with the most cards one play may hold (Guandan:
a bomb of ten, GD-5.4): with more in hand, nobody goes out at once."""


def going_out(game: Any, observation: Observation, legal_moves: LegalMoves) -> Move | None:
    """In a climbing game, a legal play of every card the mover holds, or None.

    Going out ends the deal for the mover's side at once (DDZ-5.1, ZSY-1) or
    takes the best place left (GD-1.1): no search or rule of thumb may be
    trusted to see that, as tied or noisy estimates (a lone card played now
    or after a pass) and the Guandan policy's sparing of wilds did not.
    Among several such plays a bomb, which doubles Dou Dizhu's stakes and
    earns Zheng Shangyou's bomb bonus (DDZ-5.2, ZSY-5.2)."""
    most = MOST_CARDS_IN_A_PLAY.get(getattr(game, "name", ""))
    data = getattr(observation, "data", observation)
    if most is None or data.get("phase", "play") != "play":
        return None
    held = len(data["hand"])
    if held > most:
        return None
    outs = [m for m in legal_moves if str(m) != "pass" and _cards_in(m) == held]
    if not outs:
        return None
    return next((m for m in outs if getattr(m, "is_bomb", False)), outs[0])


def _cards_in(move: Any) -> int:
    """How many cards a climbing game's move plays."""
    n = getattr(move, "ncards", None)
    return len(move.cards) if n is None else n


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
        move = self.game.policy_move(observation, legal_moves, self.rng)
        out = going_out(self.game, observation, legal_moves)
        # The compiled Guandan policy spares wilds before it looks for the
        # play that goes out: keep its choice only when it goes out too.
        if out is None or (str(move) != "pass" and _cards_in(move) == _cards_in(out)):
            return move
        return out


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
