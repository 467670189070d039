"""``CFRAgent`` (``cfr``): the Up/Down duel played by an equilibrium of the
single deal, computed by CFR+ in the compiled core (``cardavia._core.duel_cfr``).

Solving.  A deal's strategy depends on the chips each player has when it
starts.  With stacks (a, b) every bet above the smaller stack ``e = min(a,
b)`` only puts the other all-in (the excess is returned, UD-3.3), so the
deal is the (e, e) game with such bets read as all-in: the agent solves the
(e, e) deal once per ``e`` it meets (``solved(e)``), with the starter as the
solver's player 0.  Up to ``FULL_TREE_STACK`` chips the tree holds every
legal bet (the exact game); above it the core's abstraction (min raise,
half pot, pot, twice the pot, all-in; see duel_cfr.pyx), onto which real
bets are mapped by the pseudo-harmonic rule (Ganzfried and Sandholm 2013):
a bet of x pots between the tree's A and B pots reads as A with chance
(B - x)(1 + A) / ((B - A)(1 + x)), else B.  A solve runs ``iterations``
CFR+ iterations; the average strategy is kept in memory and on disk
(``cache_dir()``), so the agent's ``__init__`` solves the game's own stacks
once and later stacks are solved when first met.

Playing.  The agent reads only its observation: its two cards, its lock,
the opponent's signal, the stacks at the deal's start and the deal's public
betting.  It walks the tree along that betting and draws its move from the
solved strategy with its own RNG.

Locking in a match.  The single-deal equilibrium locks for this deal only.
In a match, where the equilibrium mixes between the two locks (each at
least ``MIX_SHARE``), the two are worth the same this deal against the
solved opponent, and the agent locks the one that keeps the better card:
the card's next-deal value is the mean, over the card drawn next (two packs
less the cards it has seen) and both seats, of the solved single-deal value
of the resulting hand at the same stacks.  Elsewhere it locks as the
equilibrium does.  (Scoring every lock by this deal's value plus the kept
card's, also against the equilibrium's pure choices, lost the edge: in
5-chip matches against heuristic, -0.05 [-0.15, +0.05] per match against
+0.66 [+0.56, +0.75] for the equilibrium's locks and +0.59 [+0.50, +0.69]
for this rule, 600 duplicate matches each.)
"""
from __future__ import annotations

import os
import queue
import tempfile
import threading
from collections import OrderedDict
from typing import Any

import numpy as np

from cardavia._core import betting as B
from cardavia._core import duel_cfr as _dc
from cardavia._core.duel_cfr import DuelSolver
from cardavia.ai.agent import Agent
from cardavia.betting import BetMove, public_actions
from cardavia.cards import card_id
from cardavia.game import CHANCE, LegalMoves, Move, Observation

__all__ = ["CFRAgent", "DEFAULT_ITERATIONS", "Solved", "cache_dir", "query_strategy", "ready", "remember",
           "solve_later", "solved"]

DEFAULT_ITERATIONS = 600
"""CFR+ iterations of a solve: the 20-20 deal's exploitability is then
below 0.005 chips per deal (``bench/bench_duel_cfr.py``)."""
CACHE_VERSION = 1
MIX_SHARE = 0.05
"""A lock the equilibrium plays at least this often is one the match rule may choose."""
_TIE = 1e-9


def cache_dir() -> str | None:
    """Where solved strategies are kept: ``$CARDAVIA_CACHE`` (empty: no
    disk cache), else the user's cache directory."""
    env = os.environ.get("CARDAVIA_CACHE")
    if env is not None:
        return env or None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cardavia")


class Solved:
    """A solved (e, e) deal: the tree (``solver``), the average strategy
    (``bets``, ``locks``) and the values the lock choice reads."""

    def __init__(self, solver: DuelSolver, bets: np.ndarray, locks: np.ndarray):
        self.solver = solver
        self.bets = np.asarray(bets, dtype=np.float64)
        self.locks = np.asarray(locks, dtype=np.float64)
        self.on_disk = False
        """Whether the disk cache holds it too (memory may then drop it)."""
        self._values: list[np.ndarray] | None = None
        self._hand_values: list[np.ndarray] | None = None

    @property
    def stack(self) -> int:
        return self.solver.stack

    def state_values(self, role: int) -> np.ndarray:
        """Expected chips of the deal for the player in ``role`` (0 starter)
        holding each global state (opponent's signal * 169 + state), both
        playing the solved strategy."""
        if self._values is None:
            values = []
            chance = np.array([[_dc.state_chance(k, y) for k in range(_dc.STATES)] for y in range(3)]).reshape(-1)
            for p in (0, 1):
                cfv = self.solver.root_values(p, self.bets, self.locks)
                values.append(np.divide(cfv, chance, out=np.zeros_like(cfv), where=chance > 0))
            self._values = values
        return self._values[role]

    def hand_values(self, role: int) -> np.ndarray:
        """Expected chips of a deal for ``role`` holding each hand (91),
        over the opponent's signal and the solved lock."""
        if self._hand_values is None:
            out = []
            for p in (0, 1):
                values = self.state_values(p)
                hv = np.zeros(_dc.HANDS)
                weight = np.zeros(_dc.HANDS)
                for lo in range(13):
                    for hi in range(lo, 13):
                        h = _dc.hand_index(lo, hi)
                        for y in range(3):
                            locks = self.lock_probabilities(p, y, lo, hi)
                            for (locked, other), share in zip(((lo, hi), (hi, lo)), locks):
                                k = _dc.state_index(locked, other)
                                w = _dc.state_chance(k, y)
                                hv[h] += share * w * values[y * _dc.STATES + k]
                            weight[h] += _dc.state_chance(_dc.state_index(lo, hi), y)
                out.append(hv / weight)
            self._hand_values = out
        return self._hand_values[role]

    def lock_probabilities(self, role: int, opp_signal: int, a: int, b: int) -> tuple[float, float]:
        """Chances of locking the lower and the higher rank of {a, b}."""
        h = _dc.hand_index(a, b)
        i = ((role * _dc.LOCKSETS) + opp_signal * _dc.HANDS + h) * 2
        return float(self.locks[i]), float(self.locks[i + 1])

    def action_probabilities(self, node: int, g: int) -> np.ndarray:
        n = len(self.solver.children(node))
        off = self.solver.node_offset(node) + g * n
        return self.bets[off:off + n]


_SOLVED: OrderedDict[tuple[int, int], Solved] = OrderedDict()
"""The solutions in memory, the least recently used first."""
KEEP_SOLVED = 4
"""Solutions kept in memory at most: beyond them the least recently used
that the disk cache holds are dropped, to be read again when met (a
20-chip deal takes 100 MB and 0.4 s to read)."""
_lock = threading.Lock()
"""Guards the solutions in memory and the background solver's queue."""


def _keep(key: tuple[int, int], result: Solved, on_disk: bool) -> Solved:
    """Hold ``result`` in memory as the solution ``key``, dropping the least
    recently used of those the disk cache also holds beyond ``KEEP_SOLVED``."""
    result.on_disk = on_disk
    with _lock:
        _SOLVED[key] = result
        _SOLVED.move_to_end(key)
        droppable = [k for k, v in _SOLVED.items() if v.on_disk and k != key]
        for k in droppable[:max(0, len(_SOLVED) - KEEP_SOLVED)]:
            del _SOLVED[k]
    return result


def _held(key: tuple[int, int]) -> Solved | None:
    with _lock:
        found = _SOLVED.get(key)
        if found is not None:
            _SOLVED.move_to_end(key)
        return found


def _cache_path(solver: DuelSolver, iterations: int) -> str | None:
    folder = cache_dir()
    if not folder:
        return None
    kind = "full" if solver.full else "abstract"
    return os.path.join(folder, "duel_cfr", f"v{CACHE_VERSION}_{kind}_stack{solver.stack}_it{iterations}.npz")


def solved(stack: int, iterations: int = DEFAULT_ITERATIONS, cache: bool = True) -> Solved:
    """The (stack, stack) deal solved by ``iterations`` CFR+ iterations
    (from memory, the disk cache, or solved now)."""
    found = ready(stack, iterations, cache)
    if found is not None:
        return found
    solver = DuelSolver(stack)
    solver.solve(iterations)
    return remember(solver, cache)


def ready(stack: int, iterations: int = DEFAULT_ITERATIONS, cache: bool = True) -> Solved | None:
    """The solved (stack, stack) deal if it is in memory or the disk cache
    (loaded now), else None: never solves."""
    key = (stack, iterations)
    found = _held(key)
    if found is not None:
        return found
    solver = DuelSolver(stack) if cache and cache_dir() else None
    path = _cache_path(solver, iterations) if solver is not None else None
    if solver is None or path is None:
        return None
    try:
        with np.load(path) as data:
            bets, locks = data["bets"].astype(np.float64), data["locks"].astype(np.float64)
    except (OSError, KeyError, ValueError):
        return None                     # missing or unreadable: solve again
    if bets.shape != (solver.size,) or locks.shape != (2 * _dc.LOCKSETS * 2,):
        return None
    return _keep(key, Solved(solver, bets, locks), on_disk=True)


_queue: queue.SimpleQueue = queue.SimpleQueue()
_queued: set[tuple[int, int, bool]] = set()
_solver_thread: threading.Thread | None = None


def solve_later(stack: int, iterations: int = DEFAULT_ITERATIONS, cache: bool = True) -> None:
    """Solve the (stack, stack) deal on a background thread, one solve at a
    time in the order asked (the core's solve releases the GIL; a 20-chip
    deal takes about a minute on one core); ``ready`` has it once done."""
    global _solver_thread
    job = (stack, iterations, cache)
    with _lock:
        if job in _queued or (stack, iterations) in _SOLVED:
            return
        _queued.add(job)
        _queue.put(job)
        if _solver_thread is None or not _solver_thread.is_alive():
            # a daemon: leaving the program does not wait for a solve
            _solver_thread = threading.Thread(target=_solve_queued, name="cardavia-cfr", daemon=True)
            _solver_thread.start()


def _solve_queued() -> None:
    while True:
        job = _queue.get()
        try:
            solved(*job)
        finally:
            with _lock:
                _queued.discard(job)


def remember(solver: DuelSolver, cache: bool = True) -> Solved:
    """Keep a solver's average strategy (in memory and, with ``cache``, on
    disk) as the solution at its stack and iteration count; frees its regrets."""
    iterations = solver.iterations
    bets, locks = solver.average_strategy()
    result = Solved(solver, bets, locks)
    solver.release()
    path = _cache_path(solver, iterations) if cache else None
    written = False
    if path:
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".npz")
            with os.fdopen(fd, "wb") as f:
                np.savez_compressed(f, bets=bets.astype(np.float32), locks=locks.astype(np.float32))
            os.replace(tmp, path)       # atomic: parallel workers may solve the same deal
            written = True
        except OSError:
            pass                        # a read-only cache: keep it in memory only
    return _keep((solver.stack, iterations), result, on_disk=written)


def _rank(text: str) -> int:
    return card_id(text) >> 2


def _deal_betting(history: list) -> list[tuple[int, int]]:
    """The (action, amount) of this deal's bets, in order."""
    i = len(history) - 1
    while not (history[i][0] == CHANCE and str(history[i][1]).startswith("deal ")):
        i -= 1
    return public_actions(t for p, t in history[i + 1:] if p != CHANCE and not str(t).startswith("lock"))


class CFRAgent(Agent):
    """Plays the CFR+ equilibrium of the Up/Down single deal (see the module doc)."""

    name = "cfr"
    searches = True
    """Timed by the arena like a search (a decision is a walk of the solved tree)."""

    def __init__(self, game: Any, seed: Any = None, iterations: int = DEFAULT_ITERATIONS, cache: bool = True,
                 wait: int = 1):
        super().__init__(seed)
        if getattr(game, "name", None) != "updown":
            raise ValueError(f"{getattr(game, 'name', game)} has no cfr agent (it solves the Up/Down duel)")
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= 1_000_000:
            raise ValueError(f"cfr: iterations must be an int 1-1000000, not {iterations!r}")
        if wait not in (0, 1):
            raise ValueError(f"cfr: wait must be 1 (solve before playing) or 0 (mc plays until solved), not {wait!r}")
        self.game = game
        self.iterations = iterations
        self.cache = cache
        self.wait = bool(wait)
        self.match = bool(game.options.get("match"))
        self._mapped: dict[tuple, int] = {}
        self._stand_in: Agent | None = None
        if self.wait:
            solved(game.options["chips"], iterations, cache)      # prepared once, before any fork
        # (without waiting, the first decision at a stack asks for its solve:
        # building the agent, as a level's list does to see it exists, solves nothing)

    @property
    def spec(self) -> str:
        options = [f"iterations={self.iterations}"] * (self.iterations != DEFAULT_ITERATIONS)
        options += ["wait=0"] * (not self.wait)
        return "cfr" + (":" + ",".join(options) if options else "")

    def reset(self, seed: Any = None) -> None:
        super().reset(seed)
        self._mapped.clear()
        if self._stand_in is not None:
            self._stand_in.reset(seed)

    def solution(self, stack: int) -> Solved | None:
        """The solved deal at ``stack`` (solved now if the agent waits), or
        None while a background solve is at work."""
        if self.wait:
            return solved(stack, self.iterations, self.cache)
        found = ready(stack, self.iterations, self.cache)
        if found is None:
            solve_later(stack, self.iterations, self.cache)
        return found

    def stand_in(self) -> Agent:
        """Who plays while the deal is being solved (``wait=0``): ``mc``."""
        if self._stand_in is None:
            from cardavia.ai.mc import MonteCarloAgent

            self._stand_in = MonteCarloAgent(self.game, seed=self.seed)
        return self._stand_in

    def choose(self, observation: Observation, legal_moves: LegalMoves) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        data = observation.data if isinstance(observation, Observation) else observation
        sol = self.solution(min(data["start_stacks"]))
        if sol is None:
            return self.stand_in().choose(observation, legal_moves)
        role, ranks, opp_signal = _seat_view(data)
        if data["phase"] == "lock":
            return self._lock(sol, role, opp_signal, ranks, data, legal_moves)
        kids, probs = self._betting(sol, data, ranks, opp_signal)
        pick = int(np.argmax(probs)) if self.advising else _draw(self.rng.random(), probs)
        action, amount, _ = kids[pick]
        return _real_move(action, amount, data)

    def explain(self, observation: Observation, move: Move) -> tuple[str, dict] | None:
        """How often the solved equilibrium plays ``move`` here, or that the
        match rule chose the lock for the card it keeps; the stand-in's
        reason while the deal is not solved."""
        data = observation.data if isinstance(observation, Observation) else observation
        sol = ready(min(data["start_stacks"]), self.iterations, self.cache)
        if sol is None:
            return self.stand_in().explain(observation, move)
        role, ranks, opp_signal = _seat_view(data)
        if data["phase"] == "lock":
            lo, hi = sorted(ranks)
            shares = sol.lock_probabilities(role, opp_signal, lo, hi)
            if lo != hi and self._match_lock(sol, shares, lo, hi, data) is not None:
                return "duel.keep", {}
            rank = getattr(move, "card", -1) >> 2
            share = 1.0 if lo == hi else shares[0] if rank == lo else shares[1]
        else:
            kids, probs = self._betting(sol, data, ranks, opp_signal)
            share = sum(float(q) for (action, amount, _), q in zip(kids, probs)
                        if _real_move(action, amount, data) == move)
        return "duel.equilibrium", {"share": round(100 * share)}

    # -- the lock ------------------------------------------------------------
    def _lock(self, sol: Solved, role: int, opp_signal: int, ranks: list[int], data: dict,
              legal_moves: LegalMoves) -> Move:
        lo, hi = sorted(ranks)
        shares = sol.lock_probabilities(role, opp_signal, lo, hi)
        pick = (0 if shares[0] >= shares[1] else 1) if self.advising else 0 if self.rng.random() < shares[0] else 1
        kept = self._match_lock(sol, shares, lo, hi, data)
        rank = (lo, hi)[pick if kept is None else kept]
        for m in legal_moves:
            if getattr(m, "card", -1) >> 2 == rank:
                return m
        raise AssertionError("a lock of a held card")       # the hand holds both ranks

    def _match_lock(self, sol: Solved, shares: tuple[float, float], lo: int, hi: int, data: dict) -> int | None:
        """In a match, where the equilibrium mixes: lock the lower (0) or the
        higher (1) rank to keep the card worth more next deal; None where
        the equilibrium's own draw decides."""
        if not self.match or min(shares) < MIX_SHARE:
            return None
        seen = [_rank(t) for t in data["hand"]] + [_rank(t) for t in data.get("discard_pile", [])]
        keep_hi, keep_lo = _kept_value(sol, hi, seen), _kept_value(sol, lo, seen)
        if abs(keep_hi - keep_lo) <= _TIE:
            return None
        return 0 if keep_hi > keep_lo else 1

    # -- the betting ---------------------------------------------------------
    def _betting(self, sol: Solved, data: dict, ranks: list[int], opp_signal: int) -> tuple[list, np.ndarray]:
        """The tree's actions at this point of the deal's betting and the
        solved chances of each for this hand."""
        locked = _rank(data["locked"])
        other = ranks[1] if ranks[0] == locked else ranks[0]
        node = self._walk(sol, data)
        g = opp_signal * _dc.STATES + _dc.state_index(locked, other)
        return sol.solver.children(node), sol.action_probabilities(node, g)

    def _walk(self, sol: Solved, data: dict) -> int:
        """The tree node of this deal's betting so far (real bets mapped)."""
        solver = sol.solver
        node = 0
        real = B.BettingRound(data["start_stacks"], 1)
        tree = B.BettingRound([sol.stack, sol.stack], 1)
        starter = data["starter"]
        for r in (real, tree):
            r.post(0, 1, False)
            r.post(1, 1, False)
        real.begin(starter)
        tree.begin(0)
        for i, (action, amount) in enumerate(_deal_betting(data["history"])):
            kids = solver.children(node)
            a = self._map(kids, action, amount, real, tree, (data["deal"], i))
            real.apply(action, amount)
            tree.apply(kids[a][0], kids[a][1])
            node = kids[a][2]
        return node

    def _map(self, kids: list, action: int, amount: int, real: Any, tree: Any, key: tuple) -> int:
        if action != B.BET:
            for a, (act, _, _) in enumerate(kids):
                if act == action:
                    return a
            raise ValueError("the betting left the solved tree")
        bets = [(a, amt) for a, (act, amt, _) in enumerate(kids) if act == B.BET]
        for a, amt in bets:
            if amt == amount:
                return a
        if amount >= bets[-1][1]:
            return bets[-1][0]          # all-in of the smaller stack, or beyond the abstraction
        if key not in self._mapped:
            x = _pot_fraction(real, amount)
            below = max((b for b in bets if b[1] < amount), key=lambda b: b[1], default=bets[0])
            above = min(b for b in bets if b[1] > amount)
            fa, fb = _pot_fraction(tree, below[1]), _pot_fraction(tree, above[1])
            p_below = 1.0 if fb <= fa else (fb - x) * (1 + fa) / ((fb - fa) * (1 + x))
            self._mapped[key] = below[0] if self.rng.random() < p_below else above[0]
        return self._mapped[key]


def _pot_fraction(r: Any, total: int) -> float:
    """A bet or raise to ``total`` as a fraction of the pot after calling."""
    p = r.actor
    owe = max(0, r.level - r.bets[p])
    pot = sum(r.totals) + owe
    return max(0.0, (total - r.level) / pot)


def _seat_view(data: dict) -> tuple[int, list[int], int]:
    """The mover's role (0 the starter), the ranks he holds and the opponent's UP count."""
    me = data["player"]
    return 0 if me == data["starter"] else 1, [_rank(t) for t in data["hand"]], data["signals"][1 - me]["up"]


def _draw(u: float, probs: np.ndarray) -> int:
    acc = 0.0
    for a, q in enumerate(probs):
        acc += q
        if u < acc:
            return a
    return int(np.argmax(probs))


def _kept_value(sol: Solved, kept: int, seen: list[int]) -> float:
    """The next deal's value of keeping ``kept``: over the card drawn (two
    packs less the cards seen) and both seats."""
    left = np.full(13, 8.0)
    for r in seen:
        left[r] = max(0.0, left[r] - 1)
    hv = (sol.hand_values(0) + sol.hand_values(1)) / 2
    return float(sum(left[c] * hv[_dc.hand_index(kept, c)] for c in range(13)) / left.sum())


def _real_move(action: int, amount: int, data: dict) -> BetMove:
    """The legal move of a tree action (the tree's all-in of the smaller
    stack is at least the minimum raise for the larger)."""
    if action == B.FOLD:
        return BetMove("fold")
    if action in (B.CHECK, B.CALL):
        return BetMove("call" if data["to_call"] else "check")
    span = data["raise_range"]
    if span is None:
        return BetMove("call" if data["to_call"] else "check")
    total = min(max(amount, span[0]), span[1])
    return BetMove("raise" if max(data["bets"]) > 0 else "bet", total)


# -- the strategies of other agents -------------------------------------------------
_SIGNAL_HANDS = {0: (0, 1), 1: (0, 12), 2: (11, 12)}


def query_strategy(agent: Agent, solver: DuelSolver, game: Any = None) -> tuple[np.ndarray, np.ndarray]:
    """``agent``'s strategy in ``solver``'s full tree, asking it once at
    every information set of the deal (for ``exploitability``): each
    answer counts as a pure choice.  It is asked through an observation of
    a real deal with the information set's cards, signals and betting."""
    import cardavia

    if not solver.full:
        raise ValueError("an agent's strategy is read on the full tree")
    game = game or cardavia.load("updown", chips=solver.stack, match=False)
    bets = np.zeros(solver.size)
    locks = np.zeros((2, _dc.LOCKSETS, 2))

    def deal(p: int, mine: tuple[int, int], opp_signal: int):
        theirs = _SIGNAL_HANDS[opp_signal]
        hands = [[mine[0] << 2, (mine[1] << 2) | 1], [(theirs[0] << 2) | 2, (theirs[1] << 2) | 3]]
        return game.from_hands(hands if p == 0 else hands[::-1])

    def ask(state):
        p = state.current_player
        agent.reset(agent.seed)
        return agent.choose(state.observation(p), state.legal_moves())

    for p in (0, 1):
        for y in range(3):
            for lo in range(13):
                for hi in range(lo, 13):
                    L = y * _dc.HANDS + _dc.hand_index(lo, hi)
                    if lo == hi:
                        locks[p, L, 0] = 1
                        continue
                    state = deal(p, (lo, hi), y)
                    if p == 1:
                        state.play(state.legal_moves()[0])
                    move = ask(state)
                    locks[p, L, 0 if move.card >> 2 == lo else 1] = 1
    paths: list[tuple[int, list]] = []

    def collect(node: int, path: list) -> None:
        if solver.node_actor(node) < 0:
            return
        paths.append((node, path))
        for action, amount, child in solver.children(node):
            collect(child, path + [(action, amount)])

    collect(0, [])
    for node, path in paths:
        p = solver.node_actor(node)
        kids = solver.children(node)
        n = len(kids)
        off = solver.node_offset(node)
        for g in range(_dc.NG):
            y, k = divmod(g, _dc.STATES)
            locked, other = _dc.state_ranks(k)
            state = deal(p, (locked, other), y)
            for _ in range(2):          # the locks, the starter's first
                legal = state.legal_moves()
                state.play(next(m for m in legal if m.card >> 2 == locked) if state.current_player == p
                           else legal[0])
            for action, amount in path:
                state.play(_tree_move(state, action, amount))
            move = ask(state)
            a = next(i for i, (act, amt, _) in enumerate(kids)
                     if act == move.action and (act != B.BET or amt == move.amount))
            bets[off + g * n + a] = 1
    return bets, locks.reshape(-1)


def _tree_move(state: Any, action: int, amount: int) -> BetMove:
    if action == B.BET:
        return BetMove("raise" if state.core.level > 0 else "bet", amount)
    return BetMove({B.FOLD: "fold", B.CHECK: "check", B.CALL: "call"}[action])
