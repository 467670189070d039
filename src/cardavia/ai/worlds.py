"""What the generic search needs from a game, in one place: draw a world
(a compiled position) from an observation, play a move on a copy of it,
and play it out with the game's compiled rollout policy.

Every game's core position applies a move in its own terms (the climbing
``Position`` takes the move value, Bridge a move index, Guandan the kind
code, shape, main rank and cards, Shengji the kind code and cards, Hold'em and the duel an action and an
amount); ``Searcher`` hides that behind ``child``.
A game without ``sample_world`` and ``rollout`` has no searcher (yet).
"""
from __future__ import annotations

from typing import Any, Callable

TEAMS: dict[str, tuple[tuple[int, ...], ...]] = {
    "bridge": ((0, 2), (1, 3)),
    "guandan": ((0, 2), (1, 3)),
    "shengji": ((0, 2), (1, 3)),
}
"""Fixed partnerships by game (Dou Dizhu's sides form in the bidding, and a
farmer's return is his side's: no table is needed for it)."""


def teams_of(game: Any) -> tuple[tuple[int, ...], ...] | None:
    """The game's fixed partnerships, or None."""
    return TEAMS.get(game.name)


def _climb_apply(pos, move) -> None:
    pos.apply(move)


def _bridge_apply_factory():
    from cardavia import bridge
    index = {m: i for i, m in enumerate(bridge.MOVES)}

    def apply(pos, move) -> None:
        pos.apply(index[move])
    return apply


def _guandan_apply_factory():
    from cardavia._core import guandan as core
    code = {k: i for i, k in enumerate(core.MOVE_KINDS)}

    def apply(pos, move) -> None:
        pos.apply(code[move.kind], move.shape, move.main, move.cards)
    return apply


def _shengji_apply_factory():
    from cardavia._core import shengji as core
    code = {k: i for i, k in enumerate(core.KIND_NAMES)}

    def apply(pos, move) -> None:
        pos.apply(code[move.kind], move.cards)
    return apply


def _bet_apply(pos, move) -> None:
    pos.apply(move.action, move.amount)


def _duel_apply(pos, move) -> None:
    card = getattr(move, "card", None)
    if card is not None:
        pos.lock(list(pos.hand(pos.actor)).index(card))
    else:
        pos.act(move.action, move.amount)


_APPLY: dict[str, Callable[[], Callable[[Any, Any], None]]] = {
    "doudizhu": lambda: _climb_apply,
    "zhengshangyou": lambda: _climb_apply,
    "bridge": _bridge_apply_factory,
    "guandan": _guandan_apply_factory,
    "shengji": _shengji_apply_factory,
    "holdem": lambda: _bet_apply,
    "updown": lambda: _duel_apply,
}


def _climb_batch():
    try:
        from cardavia._core import mc_climb
    except ImportError:
        return None
    return mc_climb.score


_BATCH: dict[str, Callable[[], Any]] = {"doudizhu": _climb_batch, "zhengshangyou": _climb_batch}
"""Compiled drivers: every candidate in every world in one call of the core."""


def _duel_settled(world: Any, child: Any, returns: tuple) -> tuple:
    # The duel's rollout counts chips from those at the deal's start and
    # gives (0, 0) once the deal is settled: without this a fold and a call
    # that ends the betting (a sure win too) were both worth nothing.  That
    # mc raised or folded, and beat this one head to head (-2.14 chips a deal
    # [-2.53, -1.74], 1,500 deals), but folded to every all-in: a player who
    # always shoves took 12.7 chips a deal more from it (+2.36 [+1.45, +3.28]
    # against +15.11 [+13.71, +16.51] with this, 400 deals).
    return tuple(r + c - w for r, c, w in zip(returns, child.chips, world.chips))


_SETTLED: dict[str, Callable[[Any, Any, tuple], tuple]] = {"updown": _duel_settled}
"""Games whose rollout of a position misses what the move into it settled:
``(world, child, returns)`` to the returns counted from ``world``."""


_HORIZON: dict[str, str] = {"guandan": "deal"}
"""Games whose search plays only the current deal of a match (see
``GuandanGame.rollout``): a whole match of playouts costs ten deals and
ends in a single +-1."""


def searchable(game: Any) -> bool:
    """True when ``game`` gives what the Monte Carlo search needs."""
    return (game.name in _APPLY and hasattr(game, "sample_world") and hasattr(game, "rollout"))


class Searcher:
    """Worlds, moves on copies of them and rollouts for one game."""

    def __init__(self, game: Any):
        if not searchable(game):
            raise ValueError(f"{game.name} has no compiled worlds and rollouts for the mc agent yet")
        self.game = game
        self.apply = _APPLY[game.name]()
        # The climbing games build a sampler once per observation and draw
        # many worlds from it.
        self._sampler = getattr(game, "world_sampler", None)
        self.batch = _BATCH[game.name]() if game.name in _BATCH else None
        """``batch(worlds, moves, player)``: the summed returns of each move
        over the worlds, played out in the core (None: one call a playout)."""

    def worlds(self, observation: Any) -> Callable[[int], Any]:
        """A function from a 64-bit seed to a world of ``observation``."""
        if self._sampler is not None:
            return self._sampler(observation).sample
        sample = self.game.sample_world
        return lambda seed: sample(observation, seed)

    def child(self, world: Any, move: Any) -> Any:
        """A copy of ``world`` after ``move``."""
        pos = world.copy()
        self.apply(pos, move)
        return pos

    def playout(self, world: Any, move: Any, seed: int) -> tuple:
        """The returns of ``move`` in ``world``, the rest played out by the policy."""
        child = self.child(world, move)
        returns = self.rollout(child, seed)
        settled = _SETTLED.get(self.game.name)
        return returns if settled is None else settled(world, child, returns)

    def rollout(self, position: Any, seed: int) -> tuple:
        horizon = _HORIZON.get(self.game.name)
        if horizon:
            return self.game.rollout(position, seed, horizon=horizon)
        return self.game.rollout(position, seed)
