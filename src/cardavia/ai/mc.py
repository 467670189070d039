"""``MonteCarloAgent`` (``mc``): determinized Monte Carlo search.

For one decision the agent draws worlds with ``game.sample_world`` (hidden
cards dealt again under what its player has seen; never the real state),
and in every world plays each candidate move on a copy of the world and
the rest of the deal with the game's compiled rollout policy
(``game.rollout``, in the core without the GIL).  It plays the candidate
with the best mean return for its seat, which is its side's return in the
team games (partners share a score).  Every candidate is played out in the
same worlds with the same rollout seed (common random numbers), so the
comparison between candidates is sharper than the means alone.

Budget.  ``rollouts`` is the number of playouts per decision: the agent
draws ``max(1, rollouts // candidates)`` worlds and plays every candidate
out once in each.  With a rollout budget and a seed, the choice is the same
on any machine and with any number of threads (``threads=``: worlds are
drawn in order from the agent's RNG before any thread starts, and the
returns are summed as integers).  Ties go to the earlier legal move.
``budget_ms`` instead draws worlds until that much time has passed (at
least one): for play, not reproducible.

Pruning.  When the candidates exceed ``max_candidates`` (default 64), the
search keeps the heuristic's move, ``pass`` where it is legal, and an evenly
spaced selection of the other legal moves in their legal order, up to
``max_candidates`` in all.  A game may first drop moves no search should
weigh (its ``searched_moves``: Guandan's bombs over the partner's standing
play that do not go out).

Dou Dizhu's bidding (DDZ-2) is not searched move by move: the agent
estimates its chance of winning as landlord (the share of worlds it wins
after taking the bottom cards, every world played out by the policy) and
bids when that clears ``bid_threshold``, one level higher for every
``bid_step`` above it (bid 1, 2 or 3; a level not above the highest bid so
far means pass).  The defaults were tuned in the arena, against the
heuristic (``bench/bench_arena_climbing.py --tune-bidding``) and against
``mc`` itself (``BID_THRESHOLD``).

Bridge's card play is not played out by the policy: the agent solves
sampled deals double dummy (``cardavia.ai.bridge_play``; ``samples`` deals
per card, ``nodes`` the solver's work cap, ``budget_ms`` a time cap); its
calls are searched by playouts.  Shengji's calls, bury and plays have their
own search (``cardavia.ai.shengji_mc``).  Both come in through
``GAME_DECISIONS``.

Forced moves are played at once and are not decisions, and neither is a
climbing game's play that goes out (``cardavia.ai.agent.going_out``).
"""
from __future__ import annotations

import importlib
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cardavia.ai.agent import Agent, check_budget_ms, check_count, going_out
from cardavia.ai.worlds import Searcher
from cardavia.game import LegalMoves, Move, Observation

DEFAULT_ROLLOUTS = 20000
"""The default rollout count per decision: on the 2-core reference machine a
climbing-game decision takes about 0.1 s at the median (150,000-250,000
rollouts a second through the compiled driver; ``bench/bench_arena_climbing.py``)."""

GAME_ROLLOUTS = {"guandan": 3000, "shengji": 4000, "holdem": 1200}
"""Games whose playouts are slower get a smaller default (Guandan: 4,000-8,000
playouts a second; a median decision of about 0.5 s; Shengji: about 40,000
playouts a CPU second, a median decision of about 0.1 s of CPU, calls and
buries about 0.3 s: ``bench/bench_arena_shengji.py --calibrate``; Hold'em: a
median decision of about 20-30 ms, ``bench/bench_holdem_arena.py --calibrate``)."""

GAME_DECISIONS = {"shengji": "cardavia.ai.shengji_mc", "bridge": "cardavia.ai.bridge_play"}
"""Games whose decisions have their own search: a module whose
``choose(agent, observation, legal_moves)`` plays every unforced move and
``evaluate`` (the same arguments) gives the candidates, values and worlds;
it may hand a decision back to the playouts (``agent.search_move``,
``agent.search_values``), as Bridge does for its calls."""

BID_THRESHOLD = 0.45
"""The chance as landlord from which ``mc`` bids (0.15 until December 2026,
when searching agents bid 3 on nearly every deal: the policy's chance has a
median of 0.58, while a searching landlord among searching farmers wins
42-47 %).  Against ``mc:rollouts=2000`` at 0.15, duplicate deals, mean
score: 0.35 +0.80 [+0.19, +1.41], 0.45 +1.22 [+0.41, +2.03], 0.55 +1.47
[+0.53, +2.41] (150 deals, seed 31); 0.45 again +1.25 [+0.70, +1.79] (300
deals, seed 32).  Against ``heuristic``, which bids by its cards' strength
(``bench/bench_arena_climbing.py --tune-bidding``, 60 deals each): 0.15
+4.75, 0.25 +4.66, 0.35 +4.49, 0.45 +4.29, 0.55 +3.56, 0.65 +2.66
(intervals about +-1.2); again on 150 deals, seed 33, 0.15 +5.56 [+4.42,
+6.71], 0.45 +5.07 [+3.93, +6.22]: 0.45 serves against both."""
BID_STEP = 0.1


def ply_of(observation: Observation) -> int:
    """Where in the game ``observation`` was seen: its count of moves so far."""
    return len(getattr(observation, "data", observation).get("history") or ())


def default_rollouts(game: Any) -> int:
    """The default ``rollouts`` of ``mc`` for ``game``."""
    return GAME_ROLLOUTS.get(getattr(game, "name", game), DEFAULT_ROLLOUTS)


def budget_share(game: Any, share: float) -> dict:
    """``mc``'s options for ``game`` at ``share`` of its default budget: the
    game's own search's (a ``GAME_DECISIONS`` module's ``budget_share``), else
    a share of its rollouts."""
    hook = GAME_DECISIONS.get(getattr(game, "name", game))
    own = getattr(importlib.import_module(hook), "budget_share", None) if hook else None
    return own(share) if own else {"rollouts": max(1, int(default_rollouts(game) * share))}


def checked_budget(game: Any, rollouts: Any, budget_ms: Any) -> int:
    """``rollouts`` (the game's default for None), after checking it and
    ``budget_ms``; ValueError naming the bad option."""
    if rollouts is None:
        rollouts = default_rollouts(game)
    check_count("mc", "rollouts", rollouts)
    check_budget_ms("mc", budget_ms)
    return rollouts


class MonteCarloAgent(Agent):
    """Determinized Monte Carlo search over the game's compiled rollouts."""

    name = "mc"
    searches = True

    def __init__(self, game: Any, seed: Any = None, rollouts: int | None = None,
                 budget_ms: float | None = None, threads: int = 1, max_candidates: int = 64,
                 bid_threshold: float = BID_THRESHOLD, bid_step: float = BID_STEP,
                 samples: int | None = None, nodes: int | None = None):
        super().__init__(seed)
        rollouts = checked_budget(game, rollouts, budget_ms)
        if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 64:
            raise ValueError(f"mc: threads must be an int 1-64, not {threads!r}")
        check_count("mc", "max_candidates", max_candidates, 2)
        for key, count in (("samples", samples), ("nodes", nodes)):
            if count is not None:
                check_count("mc", key, count)
        for key, value in (("bid_threshold", bid_threshold), ("bid_step", bid_step)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
                raise ValueError(f"mc: {key} must be a number 0-1, not {value!r}")
        self.game = game
        self.searcher = Searcher(game)
        self.rollouts = rollouts
        self.budget_ms = budget_ms
        self.threads = threads
        self.max_candidates = max_candidates
        self.last_rollouts = 0
        """Playouts of the last decision (0 for a forced move)."""
        self.last_worlds = 0
        self.last_values: dict[str, float] = {}
        """The estimates behind its last decision (move text -> mean), the playouts' or a game hook's."""
        self.last_kept = False
        """Whether the policy's move was kept over one whose mean was higher, but not clearly
        (Shengji's ``clearly_better``)."""
        self.bid_threshold = bid_threshold
        self.bid_step = bid_step
        self.last_win_share: float | None = None
        """The estimated chance as landlord behind the last bidding decision."""
        self._values_at: int | None = None
        self._last_bid: tuple[int, float, int, int] | None = None
        self._options = {"rollouts": rollouts, "budget_ms": budget_ms, "threads": threads,
                         "max_candidates": max_candidates, "bid_threshold": bid_threshold,
                         "bid_step": bid_step, "samples": samples, "nodes": nodes}
        self.samples = samples
        self.nodes = nodes
        hook = GAME_DECISIONS.get(getattr(game, "name", ""))
        self.hook = importlib.import_module(hook) if hook else None
        """The game's own search (a module of ``GAME_DECISIONS``), or None."""

    @property
    def spec(self) -> str:
        defaults = {"rollouts": default_rollouts(self.game), "budget_ms": None, "threads": 1,
                    "max_candidates": 64, "bid_threshold": BID_THRESHOLD, "bid_step": BID_STEP,
                    "samples": None, "nodes": None}
        opts = [f"{k}={v}" for k, v in self._options.items() if v != defaults[k]]
        return "mc" + (":" + ",".join(opts) if opts else "")

    # -- the search ---------------------------------------------------------
    def candidates(self, observation: Observation, legal_moves: LegalMoves) -> list[Move]:
        """The moves searched: every legal move, or a pruned set of them."""
        moves = list(legal_moves)
        searched = getattr(self.game, "searched_moves", None)
        if searched is not None:
            moves = searched(observation, moves)
        k = self.max_candidates
        if len(moves) <= k:
            return moves
        keep: list[int] = []
        try:
            h = self.game.policy_move(observation, legal_moves, self.rng.getrandbits(64))
            keep.append(moves.index(h))
        except (ValueError, AttributeError):
            pass
        for i, m in enumerate(moves):
            if str(m) == "pass":
                keep.append(i)
                break
        rest = [i for i in range(len(moves)) if i not in keep]
        need = k - len(keep)
        keep += [rest[(j * len(rest)) // need] for j in range(need)]
        return [moves[i] for i in sorted(set(keep))]

    def _world_totals(self, worlds, cands: list, seeds: list, me: int, wins: bool = False) -> list[int]:
        """The summed returns for seat ``me`` of each candidate over the
        worlds of ``seeds`` (pairs of a world seed, or a world, and a
        rollout seed); with ``wins``, the worlds where that return is positive."""
        playout = self.searcher.playout
        batch = self.searcher.batch
        if batch is not None:
            return batch([worlds(w) if isinstance(w, int) else w for w, _ in seeds], cands, me, wins)
        totals = [0] * len(cands)
        for wseed, rseed in seeds:
            world = worlds(wseed) if isinstance(wseed, int) else wseed
            for j, m in enumerate(cands):
                r = playout(world, m, rseed)[me]
                totals[j] += (r > 0) if wins else r
        return totals

    def evaluate(self, observation: Observation, legal_moves: LegalMoves) -> tuple[list[Move], list[float], int]:
        """Candidates, their mean returns for the agent's seat, and the worlds drawn."""
        if self.hook is not None:
            return self.hook.evaluate(self, observation, legal_moves)
        return self.search_values(observation, legal_moves)

    def search_values(self, observation: Observation, legal_moves: LegalMoves
                      ) -> tuple[list[Move], list[float], int]:
        """``evaluate`` by playouts of sampled worlds, whatever the game."""
        data = getattr(observation, "data", observation)
        me = data["player"]
        cands = self.candidates(observation, legal_moves)
        worlds = self.searcher.worlds(observation)
        rng = self.rng
        if self.budget_ms is None:
            n = max(1, self.rollouts // len(cands))
            seeds = [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(n)]
            if self.threads > 1 and n > 1:
                # Worlds are drawn here, in order (the samplers are not
                # shared between threads); the rollouts run without the GIL.
                seeds = [(worlds(w), r) for w, r in seeds]
                parts = [seeds[t::self.threads] for t in range(self.threads)]
                with ThreadPoolExecutor(self.threads) as ex:
                    results = list(ex.map(lambda s: self._world_totals(worlds, cands, s, me), parts))
                totals = [sum(r[j] for r in results) for j in range(len(cands))]
            else:
                totals = self._world_totals(worlds, cands, seeds, me)
        else:
            deadline = time.perf_counter() + self.budget_ms / 1000
            totals = [0] * len(cands)
            n = 0
            while n == 0 or time.perf_counter() < deadline:
                part = self._world_totals(worlds, cands, [(rng.getrandbits(64), rng.getrandbits(64))], me)
                totals = [a + b for a, b in zip(totals, part)]
                n += 1
        self.last_rollouts = n * len(cands)
        return cands, [t / n for t in totals], n

    def landlord_chance(self, observation: Observation) -> float:
        """Dou Dizhu bidding: the share of sampled worlds the agent wins as
        landlord (taking the bottom cards at once with a bid of 3), each
        played out by the policy; ``rollouts`` worlds (or ``budget_ms``)."""
        data = getattr(observation, "data", observation)
        me = data["player"]
        worlds = self.searcher.worlds(observation)
        take = [self.game.parse_move("bid 3")]
        rng = self.rng
        won = n = 0
        deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000
        while True:
            k = self.rollouts if deadline is None else 64
            seeds = [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(k)]
            won += self._world_totals(worlds, take, seeds, me, wins=True)[0]
            n += k
            if deadline is None or time.perf_counter() >= deadline:
                break
        self.last_rollouts = n
        return won / n

    def bid(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        """Dou Dizhu's bid from the chance as landlord (see the module doc)."""
        p = self.landlord_chance(observation)
        self.last_win_share = p
        level = 0
        if p >= self.bid_threshold:
            level = min(3, 1 + int((p - self.bid_threshold) / self.bid_step if self.bid_step else 2))
        self._last_bid = (ply_of(observation), p, level, self.last_rollouts)
        text = f"bid {level}" if level else "pass"
        for m in legal_moves:
            if str(m) == text:
                return m
        return next(m for m in legal_moves if str(m) == "pass")

    def choose(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        self.last_values = {}
        self.last_kept = False
        self._values_at = ply_of(observation)   # what last_values were estimated seeing
        if len(legal_moves) == 1:
            self.last_rollouts = 0
            return legal_moves[0]
        out = going_out(self.game, observation, legal_moves)
        if out is not None:          # wins outright: nothing to search
            self.last_rollouts = 0
            return out
        if self.hook is not None:
            return self.hook.choose(self, observation, legal_moves)
        data = getattr(observation, "data", observation)
        if self.game.name == "doudizhu" and data.get("phase") == "bidding":
            return self.bid(observation, legal_moves)
        return self.search_move(observation, legal_moves)

    def explain(self, observation: Observation, move: Move) -> tuple[str, dict] | None:
        """A Dou Dizhu bid by its chance as landlord; a move of the game's own
        search by its ``explain`` where its ``GAME_DECISIONS`` module has one
        (Bridge's cards); any other searched move by its playouts."""
        data = getattr(observation, "data", observation)
        if self.game.name == "doudizhu" and data.get("phase") == "bidding":
            return self.bid_reason(observation, move)
        explain = getattr(self.hook, "explain", None)
        if explain is not None:
            return explain(self, observation, move)
        return self.playout_reason(observation, move)

    def playout_reason(self, observation: Observation, move: Move) -> tuple[str, dict] | None:
        """Why the last decision (made seeing ``observation``) was ``move``: the
        candidates played out and its mean score; None if none was searched there."""
        value = self.last_values.get(str(move))
        if value is None or self._values_at != ply_of(observation):
            return None
        params = {"moves": len(self.last_values), "worlds": self.last_worlds, "score": round(value, 2)}
        return ("play.usual_kept" if self.last_kept else "play.playouts"), params

    def bid_reason(self, observation: Observation, move: Move) -> tuple[str, dict] | None:
        """Why the last bid (made seeing ``observation``) was ``move``: the
        chance as landlord against the thresholds; None if no bid was made there."""
        made = self._last_bid
        if made is None or made[0] != ply_of(observation):
            return None
        _, p, level, worlds = made
        params = {"chance": round(100 * p), "worlds": worlds, "level": level,
                  "threshold": round(100 * self.bid_threshold)}
        if str(move) != "pass":
            return "ddz.bid", params
        return ("ddz.pass_outbid" if level else "ddz.pass_weak"), params

    def search_move(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        """The candidate with the best mean over ``search_values``."""
        cands, means, worlds = self.search_values(observation, legal_moves)
        self.last_values = {str(c): m for c, m in zip(cands, means)}
        self.last_worlds = worlds
        best = 0
        for j in range(1, len(cands)):
            if means[j] > means[best]:
                best = j
        return cands[best]
