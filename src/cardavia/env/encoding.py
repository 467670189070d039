"""What every game's encoder shares: the encoder protocol, the named layout
of an observation vector and the card encodings.

An encoder turns ``state.observation(seat)`` into a fixed-shape float32
vector and maps actions (ints) to the game's moves.  It may look at the
state only for the legal moves of the player to move, which that player
knows; everything else comes from his observation.
"""
from __future__ import annotations

import abc
from typing import Any, Iterable

import numpy as np
from gymnasium import spaces

import cardavia
from cardavia.cards import card_text
from cardavia.game import IllegalMoveError

CARD_ID = {card_text(c): c for c in range(54)}
"""Card text -> canonical id (``"Th"`` -> 34)."""
CLIMB_RANKS = "3456789TJQKA2BR"
"""The climbing games' rank order; jokers are ranks 13 (B) and 14 (R)."""
CLIMB_RANK = {text: (13 if c == 52 else 14 if c == 53 else (c // 4 - 1) % 13) for text, c in CARD_ID.items()}
"""Card text -> its rank index in ``CLIMB_RANKS``."""


class Layout:
    """Named slices of an observation vector, in order (``layout["hand"]``)."""

    def __init__(self, parts: Iterable[tuple[str, int]]):
        self.slices: dict[str, slice] = {}
        size = 0
        for name, n in parts:
            self.slices[name] = slice(size, size + n)
            size += n
        self.size = size

    def __getitem__(self, name: str) -> slice:
        return self.slices[name]

    def __repr__(self) -> str:
        return "Layout(" + ", ".join(f"{k}={v.stop - v.start}" for k, v in self.slices.items()) + ")"


class Encoder(abc.ABC):
    """A game's observation encoding and action space.

    Subclasses set ``num_actions`` and ``layout`` and implement ``encode``
    (observation -> vector) and ``decide`` (the legal actions of the player
    to move and their moves, from his legal moves and his observation).
    ``decide`` runs once a decision: ``decision()`` keeps its answer for the
    state until a move is played.
    """

    num_actions: int
    layout: Layout
    low = 0.0
    """Lowest value of the observation vector (chips won or lost go below 0)."""

    def __init__(self, game: cardavia.Game):
        self.game = game
        self.players = game.num_players
        self._cached: tuple | None = None

    def reset(self) -> None:
        """Forget anything kept between actions (a new episode starts)."""
        self._cached = None

    def observation_space(self) -> spaces.Dict:
        return spaces.Dict({
            "observation": spaces.Box(self.low, 1.0, (self.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })

    def observe(self, state: cardavia.State, player: int) -> dict[str, np.ndarray]:
        """The PettingZoo observation of ``player``: his encoded observation,
        and the mask of his legal actions (all zero when he does not move)."""
        obs = state.observation(player)
        mask = np.zeros(self.num_actions, np.int8)
        if not state.is_over and state.current_player == player:
            mask[self.legal_actions(state, obs)] = 1
        return {"observation": self.encode(obs), "action_mask": mask}

    @abc.abstractmethod
    def encode(self, obs: cardavia.Observation) -> np.ndarray:
        """The observation vector of what ``obs`` shows."""

    @abc.abstractmethod
    def decide(self, state: cardavia.State, obs: cardavia.Observation) -> Any:
        """Action -> move for every legal action of the player to move
        (``obs`` is his observation)."""

    def decision(self, state: cardavia.State, obs: cardavia.Observation | None = None) -> Any:
        """``decide`` of this state, kept until a move is played.  The cache
        holds the state itself, so no other state can take its place."""
        moves = len(state.history)
        cached = self._cached
        if cached is not None and cached[0] is state and cached[1] == moves:
            return cached[2]
        if obs is None:
            player = state.current_player
            assert player is not None, "a finished game has no decision"
            obs = state.observation(player)
        value = self.decide(state, obs)
        self._cached = (state, moves, value)
        return value

    def legal_actions(self, state: cardavia.State, obs: cardavia.Observation | None = None) -> list[int]:
        """The legal actions of the player to move, ascending."""
        return sorted(self.decision(state, obs))

    def move(self, state: cardavia.State, action: int) -> Any:
        """The move of ``action`` (None: not complete yet, the same player acts again)."""
        self.check_action(action)
        move = self.decision(state).get(action)
        if move is None:
            raise self.not_legal(action)
        return move

    def check_action(self, action: int) -> None:
        if not 0 <= action < self.num_actions:
            raise IllegalMoveError(f"action {action} is outside the action space 0-{self.num_actions - 1}")

    def not_legal(self, action: int) -> IllegalMoveError:
        return IllegalMoveError(f"action {action} is not legal now (its action_mask entry is 0)")


def relative(seat: int | None, player: int, players: int) -> int | None:
    """``seat`` counted from ``player`` (0 = himself, 1 = the next seat …)."""
    return None if seat is None else (seat - player) % players


def one_hot(vec: np.ndarray, part: slice, index: int | None) -> None:
    """Set entry ``index`` of ``vec[part]`` (nothing for None)."""
    if index is not None:
        vec[part.start + index] = 1.0


def card_plane(vec: np.ndarray, part: slice, texts: Iterable[str], weight: float = 1.0) -> None:
    """Add ``weight`` per card to ``vec[part]`` indexed by card id (two
    packs: weight 0.5 counts the copies)."""
    start = part.start
    for t in texts:
        vec[start + CARD_ID[t]] += weight


def two_pack_cards(vec: np.ndarray, layout: "Layout", data: dict, me: int) -> None:
    """The four-seat two-pack games' shared planes: the hand, and the cards
    each seat has played, seats counted from ``me``."""
    card_plane(vec, layout["hand"], data["hand"], 0.5)
    for seat, cards in enumerate(data["played"]):
        card_plane(vec, slice(layout["played"].start + 54 * ((seat - me) % 4), None), cards, 0.5)


def rank_planes(vec: np.ndarray, part: slice, ranks: Iterable[int], ranks_count: int) -> None:
    """Rank counts as planes (rlcard style): entry ``k * ranks_count + r``
    is set when rank ``r`` appears more than ``k`` times."""
    seen = [0] * ranks_count
    start = part.start
    for r in ranks:
        vec[start + seen[r] * ranks_count + r] = 1.0
        seen[r] += 1


class ListedMovesEncoder(Encoder):
    """Action ``i`` is the ``i``-th legal move in the game's own order
    (``state.legal_moves()[i]``), for games whose moves are combinatorial.

    The observation adds ``"moves"``: one row of ``move_features`` per legal
    move, zero rows after the last.  ``num_actions`` is a proven bound on the
    number of legal moves of every reachable position (each game module
    gives its argument); a position with more raises instead of cutting.
    """

    move_features: int
    move_dtype: Any = np.float32
    move_high: float = 1.0

    def observation_space(self) -> spaces.Dict:
        space = super().observation_space()
        space.spaces["moves"] = spaces.Box(0, self.move_high, (self.num_actions, self.move_features),
                                           self.move_dtype)
        return space

    def observe(self, state: cardavia.State, player: int) -> dict[str, np.ndarray]:
        obs = state.observation(player)
        mask = np.zeros(self.num_actions, np.int8)
        rows = np.zeros((self.num_actions, self.move_features), self.move_dtype)
        if not state.is_over and state.current_player == player:
            moves = self.decision(state, obs)
            mask[:len(moves)] = 1
            for i, m in enumerate(moves):
                self.write_move(rows[i], m)
        return {"observation": self.encode(obs), "action_mask": mask, "moves": rows}

    @abc.abstractmethod
    def write_move(self, row: np.ndarray, move: Any) -> None:
        """The feature row of one listed move."""

    def decide(self, state: cardavia.State, obs: cardavia.Observation) -> list:
        """The legal moves in the game's order (a list: action ``i`` is ``moves[i]``)."""
        moves = list(state.legal_moves())
        if len(moves) > self.num_actions:
            raise AssertionError(f"{len(moves)} legal moves exceed the proven bound {self.num_actions} of "
                                 f"{self.game.name}: the bound's argument is wrong")
        return moves

    def legal_actions(self, state: cardavia.State, obs: cardavia.Observation | None = None) -> list[int]:
        return list(range(len(self.decision(state, obs))))

    def move(self, state: cardavia.State, action: int) -> Any:
        self.check_action(action)
        moves = self.decision(state)
        if action >= len(moves):
            raise self.not_legal(action)
        return moves[action]


def count_planes(vec: np.ndarray, start: int, counts: int, ranks_count: int) -> None:
    """``rank_planes`` of a climbing move's packed counts (4 bits a rank)."""
    for r in range(ranks_count):
        for k in range((counts >> 4 * r) & 15):
            vec[start + k * ranks_count + r] = 1.0
