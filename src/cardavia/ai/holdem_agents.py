"""Hold'em agents: the range search behind ``mc`` and four rule baselines.

``mc`` for Hold'em (``RangeAgent``) keeps a range for every opponent,
narrowed by each of his actions through the action model of
``cardavia.ai.holdem_model``, and chooses among the listed moves (fold,
check or call, the minimum raise, half pot, pot, all in; no raise above
``MAX_OVERBET`` pots past the call but the smallest) by expected chips:
it draws deals from those ranges (the board to come at random)
and plays every candidate out in each with the compiled rollout policy in
every seat (``cardavia._core.holdem_core.rollouts``, without the GIL), the
same worlds and seeds for every candidate.  Its budget ``rollouts`` is the
playouts per decision (``PLAYOUTS`` per candidate per world), or
``budget_ms`` a time budget.  It mixes: it plays a move with
probability proportional to ``exp(EV / temperature)``, so that moves within
a few chips of each other share the choice and its bets are not a tell;
as a hint (``advising``) it gives the move of the best EV.

Position, pot odds, stack-to-pot ratio and multiway pots need no rule of
their own: the worlds are the real table (every stack, bet and player
still in), and the playouts price them.

Baselines (rules only; strength is the percentile of ``holdem_model``):

- ``station``: checks or calls, never folds, never raises;
- ``maniac``: raises the pot (or goes all in when that is the only raise)
  whenever it may, else calls;
- ``nit``: folds to any bet, except with the top 5 % of starting hands
  before the flop (which it raises) and the top 10 % of made hands after
  it (which it bets the pot and calls with); checks when it owes nothing;
- ``tag``: tight-aggressive: before the flop it raises with the top 20 %
  when nobody has raised, re-raises with the top 5 % and calls with the top
  12 % facing a raise; after the flop it bets half the pot with equity 0.6
  against random hands (one per opponent still in, the compiled equity
  engine), raises with 0.8, calls when its equity beats the pot odds by
  0.1, and otherwise checks or folds.
"""
from __future__ import annotations

import abc
import math
import time
from typing import Any

import numpy as np

from cardavia._core import holdem_core as _hc
from cardavia.ai import holdem_model as hm
from cardavia.ai.agent import Agent
from cardavia.betting import BetMove, observation_data
from cardavia.game import draw_seed
from cardavia.cards import card_id
from cardavia.game import LegalMoves, Move, Observation

PLAYOUTS = 1
"""Playouts of each candidate in each world (one core call plays them).  One:
the spread of a move's value is mostly in the opponents' holdings, so the
budget buys more worlds (4 until December 2026: at 240 rollouts, the normal
level, a candidate's value spread 100-400 chips over about 10 worlds, while
folding is exactly 0, and it folded AK to a raise 15 times in 89, KK once in
29; with 1, +12.5 chips a hand [+3.4, +21.6] against 4 over 1,200 duplicate
hands, seed 11; at 1,200 rollouts -1.4 [-8.4, +5.6], 600 hands, seed 12;
decisions about 40 % longer, from making the worlds)."""
MAX_OVERBET = 1.5
"""The largest raise ``mc`` considers, past the call, in pots after the call
(the minimum raise is always a candidate).  The rollout policy calls by pot
odds against random hands, so it folds almost everything to an overbet and a
shove for the blinds looks free in the playouts; real players call an
overbet with the hands that beat it (the nit's 5 %, the tight player's
12 %).  A diagnosis over 150 decks against the nit: preflop shoves with
trash lost 500 chips each."""


def _ids(cards) -> list[int]:
    return [c if isinstance(c, int) else card_id(c) for c in cards]


def _pick(moves: list[Move], kind: str) -> Move | None:
    for m in moves:
        if isinstance(m, BetMove) and m.kind == kind:
            return m
    return None


def _raises(moves: list[Move]) -> list[BetMove]:
    return [m for m in moves if isinstance(m, BetMove) and m.kind in ("bet", "raise")]


def _passive(moves: list[Move]) -> Move:
    return _pick(moves, "check") or _pick(moves, "call") or moves[0]


def _sized(data: dict, raises: list[BetMove], fraction: float) -> BetMove:
    """The listed raise closest to calling and then raising ``fraction`` of
    the pot after the call (``data["pot"]`` counts this round's bets)."""
    to_call = data["to_call"]
    target = data["bets"][data["player"]] + to_call + fraction * (data["pot"] + to_call)
    return min(raises, key=lambda m: (abs(m.amount - target), m.amount))


class RangeAgent(Agent):
    """``mc`` for Hold'em: ranges, then expected chips by compiled playouts."""

    name = "mc"
    searches = True

    def __init__(self, game: Any, seed: Any = None, rollouts: int | None = None,
                 budget_ms: float | None = None, temperature: float = 4.0):
        super().__init__(seed)
        from cardavia.ai.mc import checked_budget

        rollouts = checked_budget(game, rollouts, budget_ms)
        if isinstance(temperature, bool) or not isinstance(temperature, (int, float)) or temperature < 0:
            raise ValueError(f"mc: temperature must be a number >= 0, not {temperature!r}")
        self.game = game
        self.rollouts = rollouts
        self.budget_ms = budget_ms
        self.temperature = float(temperature)
        self._options = {"rollouts": rollouts, "budget_ms": budget_ms, "temperature": temperature}
        self.last_values: dict[str, float] = {}
        """Mean chips of each candidate at the last decision."""
        self.last_worlds = 0

    @property
    def spec(self) -> str:
        from cardavia.ai.mc import default_rollouts

        defaults = {"rollouts": default_rollouts(self.game), "budget_ms": None, "temperature": 4.0}
        opts = [f"{k}={v}" for k, v in self._options.items() if v != defaults[k]]
        return "mc" + (":" + ",".join(opts) if opts else "")

    def evaluate(self, observation: Observation, legal_moves: LegalMoves) -> tuple[list[Move], list[float], int]:
        """The candidates, their mean chips for the player to act and the
        worlds drawn (``MonteCarloAgent.evaluate``'s shape: the terminal's
        hint unpacks all three)."""
        data = observation_data(observation, "holdem")
        me = data["player"]
        cands: list[Any] = candidates(data, list(legal_moves))
        weights = hm.ranges(data)
        gen = np.random.default_rng(self.rng.getrandbits(64))
        mine = _ids(data["hand"])
        shown = {int(p): _ids(c) for p, c in data["shown"].items()}
        n = len(data["stacks"])
        board = _ids(data["board"])
        tracker_actions = _public_actions(data)
        sb, bb = data["blinds"]
        totals = [0.0] * len(cands)
        deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000
        worlds = max(1, self.rollouts // (PLAYOUTS * len(cands)))
        done = 0
        while True:
            holes: list[Any] = [()] * n
            holes[me] = mine
            for p, cards in shown.items():
                holes[p] = cards
            for q, pair in hm.sample_holes(weights, gen).items():
                holes[q] = list(pair)
            world = _hc.world(data["start_stacks"], data["button"], sb, bb, holes, board, tracker_actions,
                              int(gen.integers(1 << 63)))
            seed = int(gen.integers(1 << 63))
            for i, m in enumerate(cands):
                child = world.copy()
                child.apply(m.action, m.amount)
                totals[i] += _hc.rollouts(child, PLAYOUTS, seed)[me]
            done += 1
            if deadline is None:
                if done >= worlds:
                    break
            elif time.perf_counter() >= deadline:
                break
        self.last_worlds = done
        values = [t / done for t in totals]
        self.last_values = {str(m): v for m, v in zip(cands, values)}
        return cands, values, done

    def choose(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        if len(legal_moves) == 1:
            self.last_values = {}   # (an explanation then prices nothing: not the last decision's moves)
            return legal_moves[0]
        cands, values = self.evaluate(observation, legal_moves)[:2]
        best = max(values)
        if self.temperature <= 0 or self.advising:   # a hint gives the best move, not a mixed one
            return cands[values.index(best)]
        weights = [math.exp((v - best) / self.temperature) for v in values]
        x = self.rng.random() * sum(weights)
        for m, w in zip(cands, weights):
            x -= w
            if x <= 0:
                return m
        return cands[values.index(best)]

    def explain(self, observation: Observation, move: Move) -> tuple[str, dict] | None:
        data = observation_data(observation, "holdem")
        weights = hm.ranges(data)
        eq = hm.equity_against(_ids(data["hand"]), _ids(data["board"]), weights, seed=draw_seed(self.rng))
        params = {"equity": round(100 * eq), "pot_odds": round(100 * hm.pot_odds(data["to_call"], data["pot"]))}
        if str(move) not in self.last_values:   # a move it did not price: no chips to quote
            return "holdem.equity", params
        return "holdem.ev", {**params, "ev": round(self.last_values[str(move)])}


def candidates(data: dict, moves: list[Move]) -> list[Move]:
    """The moves ``mc`` prices: every move but raises larger than
    ``MAX_OVERBET`` pots after the call (the smallest raise stays)."""
    to_call = data["to_call"]
    call_total = data["bets"][data["player"]] + to_call
    cap = MAX_OVERBET * (data["pot"] + to_call)
    raises = _raises(moves)
    smallest = min((m.amount for m in raises), default=0)
    overbets = [m for m in raises if m.amount > smallest and m.amount - call_total > cap]
    return [m for m in moves if m not in overbets]


def _public_actions(data: dict) -> list[tuple[int, int]]:
    from cardavia.betting import public_actions
    history = data["history"]
    return public_actions(str(t) for p, t in history[hm.hand_start(history) + 1:] if p >= 0)


class _RuleAgent(Agent):
    def __init__(self, game: Any = None, seed: Any = None):
        super().__init__(seed)
        self.game = game

    def choose(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        moves = list(legal_moves)
        if len(moves) == 1:
            return moves[0]
        return self.rule(observation_data(observation, "holdem"), moves)

    @abc.abstractmethod
    def rule(self, data: dict, moves: list[Move]) -> Move:
        """The baseline's move among ``moves`` (two or more) from the observation's data."""


class CallingStation(_RuleAgent):
    """Checks or calls, never folds, never raises."""

    name = "station"

    def rule(self, data: dict, moves: list[Move]) -> Move:
        return _passive(moves)


class Maniac(_RuleAgent):
    """Raises the pot whenever it may (all in when that is the only raise)."""

    name = "maniac"

    def rule(self, data: dict, moves: list[Move]) -> Move:
        raises = _raises(moves)
        if not raises:
            return _passive(moves)
        return _sized(data, raises, 1.0)


class Nit(_RuleAgent):
    """Folds to any bet but with the top 5 % of starting hands preflop and
    the top 10 % of made hands after the flop."""

    name = "nit"

    def rule(self, data: dict, moves: list[Move]) -> Move:
        hand, board = _ids(data["hand"]), _ids(data["board"])
        s = hm.strength_of(hand, board)
        premium = s >= (0.95 if not board else 0.90)
        raises = _raises(moves)
        if premium and raises:
            return _sized(data, raises, 1.0)
        if data["to_call"] > 0 and not premium:
            return _pick(moves, "fold") or _passive(moves)
        return _passive(moves)


class TightAggressive(_RuleAgent):
    """The tight-aggressive rule agent of the module's text."""

    name = "tag"

    def rule(self, data: dict, moves: list[Move]) -> Move:
        hand, board = _ids(data["hand"]), _ids(data["board"])
        raises = _raises(moves)
        fold = _pick(moves, "fold")
        passive = _passive(moves)
        to_call, pot = data["to_call"], data["pot"]
        bb = data["blinds"][1]

        if not board:
            s = hm.strength_of(hand, board)
            raised = max(data["bets"]) > bb
            if not raised:
                if s >= 0.80 and raises:
                    return _sized(data, raises, 1.0)
                return passive if to_call == 0 or s >= 0.6 else (fold or passive)
            if s >= 0.95 and raises:
                return _sized(data, raises, 1.0)
            if s >= 0.88:
                return passive
            return fold or passive
        opponents = sum(1 for q, live in enumerate(data["in_hand"]) if live and q != data["player"])
        eq = _random_equity(hand, board, max(1, opponents), draw_seed(self.rng))
        if raises and eq >= (0.8 if to_call else 0.6):
            return _sized(data, raises, 0.5 if not to_call else 1.0)
        if to_call and eq < hm.pot_odds(to_call, pot) + 0.1:
            return fold or passive
        return passive


def _random_equity(hand: list[int], board: list[int], opponents: int, seed: int) -> float:
    live = hm.live_mask([*hand, *board])
    weights = {q: live.astype(float) / live.sum() for q in range(opponents)}
    return hm.equity_against(hand, board, weights, seed, trials=600, sample=300)


BASELINES: dict[str, type[_RuleAgent]] = {"station": CallingStation, "maniac": Maniac, "nit": Nit,
                                          "tag": TightAggressive}
"""The rule baselines by name (Hold'em only)."""
