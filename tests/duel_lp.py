"""The Up/Down single deal solved exactly another way: the sequence-form
linear program (Koller, Megiddo and von Stengel 1996) with SciPy's HiGHS,
for the exact check of the CFR+ solver (tests/test_duel_cfr.py and
bench/bench_duel_cfr.py).

It reads only the betting tree of the core's ``DuelSolver`` (its nodes,
actions and terminals); the chance of the cards is computed here again in
double precision from the two packs, independently of the core's tables.
"""
from __future__ import annotations

import itertools
from math import comb

import numpy as np

from cardavia._core import duel_cfr as dc

UP_FROM = 6     # ranks 8 and above are UP (UD-2.3)


def _state_signal(k: int) -> int:
    locked, other = dc.state_ranks(k)
    return (locked >= UP_FROM) + (other >= UP_FROM)


def _hand_ways(a: int, b: int, left: list[int]) -> int:
    return comb(left[a], 2) if a == b else left[a] * left[b]


def chance_matrix() -> np.ndarray:
    """P(player 0's hand is that of state i, player 1's that of state j)."""
    w = np.zeros((dc.STATES, dc.STATES))
    for i, j in itertools.product(range(dc.STATES), repeat=2):
        a, b = dc.state_ranks(i)
        c, d = dc.state_ranks(j)
        left = [8] * 13
        first = _hand_ways(a, b, left) / comb(104, 2)
        left[a] -= 1
        left[b] -= 1
        w[i, j] = first * _hand_ways(c, d, left) / comb(102, 2)
    return w


def _compare(a: int, b: int) -> int:
    if a == b:
        return 0
    if (a, b) == (0, 12):
        return 1
    if (a, b) == (12, 0):
        return -1
    return 1 if a > b else -1


def _lock_action(k: int) -> tuple[int, int]:
    """(hand, lock action) that leads to state k."""
    locked, other = dc.state_ranks(k)
    return dc.hand_index(locked, other), 0 if locked <= other else 1


class _Sequences:
    """One player's sequences and information sets."""

    def __init__(self) -> None:
        self.index = {(): 0}
        self.infosets: list[tuple[int, list[int]]] = []     # (parent sequence, action sequences)
        self.keys: dict[int, tuple] = {}

    def add_infoset(self, parent: int, keys: list) -> list[int]:
        seqs = []
        for key in keys:
            self.keys[len(self.index)] = key
            self.index[key] = len(self.index)
            seqs.append(self.index[key])
        self.infosets.append((parent, seqs))
        return seqs


def _model(solver):
    """Both players' sequences and the sparse payoff matrix (player 0's chips)."""
    seqs = [_Sequences(), _Sequences()]
    signal = np.array([_state_signal(k) for k in range(dc.STATES)])
    for p in (0, 1):
        for y in range(3):
            for lo in range(13):
                for hi in range(lo, 13):
                    h = dc.hand_index(lo, hi)
                    acts = [0] if lo == hi else [0, 1]
                    seqs[p].add_infoset(0, [("lock", y, h, a) for a in acts])

    def own_parent(p: int, last, g: int) -> int:
        if last is None:
            y, k = divmod(g, dc.STATES)
            h, a = _lock_action(k)
            return seqs[p].index[("lock", y, h, a)]
        return seqs[p].index[("bet", last[0], g, last[1])]

    w = chance_matrix()
    cmp = np.array([[_compare(dc.state_ranks(i)[0], dc.state_ranks(j)[0]) for j in range(dc.STATES)]
                    for i in range(dc.STATES)])
    rows, cols, vals = [], [], []
    ii, jj = np.meshgrid(np.arange(dc.STATES), np.arange(dc.STATES), indexing="ij")
    ii, jj = ii.reshape(-1), jj.reshape(-1)
    g0 = signal[jj] * dc.STATES + ii          # player 0's global state: opponent's signal, own state
    g1 = signal[ii] * dc.STATES + jj

    def walk(node: int, last: list) -> None:
        p = solver.node_actor(node)
        if p < 0:
            folder, amount = solver.terminal(node)
            if folder < 0:
                pay = amount * cmp[ii, jj]
            else:
                pay = np.full(len(ii), float(amount if folder == 1 else -amount))
            s0 = np.array([own_parent(0, last[0], g) for g in g0])
            s1 = np.array([own_parent(1, last[1], g) for g in g1])
            rows.append(s0)
            cols.append(s1)
            vals.append(w[ii, jj] * pay)
            return
        kids = solver.children(node)
        for g in range(dc.NG):
            seqs[p].add_infoset(own_parent(p, last[p], g), [("bet", node, g, a) for a in range(len(kids))])
        for a, (_, _, child) in enumerate(kids):
            nxt = list(last)
            nxt[p] = (node, a)
            walk(child, nxt)

    walk(0, [None, None])
    from scipy.sparse import coo_matrix

    A = coo_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))),
                   shape=(len(seqs[0].index), len(seqs[1].index))).tocsr()
    return seqs, A


def _solve_side(mine: _Sequences, theirs: _Sequences, A) -> tuple[float, np.ndarray]:
    """max over my realization plan x of min over theirs of x' A y."""
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix, hstack

    nx, ny = A.shape
    nq = 1 + len(theirs.infosets)
    # E x = e: the root sequence is 1, each information set's actions sum to its parent.
    r, c, v = [0], [0], [1.0]
    for row, (parent, acts) in enumerate(mine.infosets, start=1):
        r += [row] * (len(acts) + 1)
        c += acts + [parent]
        v += [1.0] * len(acts) + [-1.0]
    E = coo_matrix((v, (r, c)), shape=(1 + len(mine.infosets), nx))
    # F' q <= A' x, F the opponent's constraints (row 0: the root).
    r, c, v = [0], [0], [1.0]
    for row, (parent, acts) in enumerate(theirs.infosets, start=1):
        r += [row] * (len(acts) + 1)
        c += acts + [parent]
        v += [1.0] * len(acts) + [-1.0]
    F = coo_matrix((v, (r, c)), shape=(nq, ny))
    A_ub = hstack([-A.T, F.T]).tocsr()
    A_eq = hstack([E, coo_matrix((E.shape[0], nq))]).tocsr()
    b_eq = np.zeros(E.shape[0])
    b_eq[0] = 1
    cost = np.zeros(nx + nq)
    cost[nx] = -1
    res = linprog(cost, A_ub=A_ub, b_ub=np.zeros(ny), A_eq=A_eq, b_eq=b_eq,
                  bounds=[(0, None)] * nx + [(None, None)] * nq, method="highs")
    assert res.status == 0, res.message
    return -res.fun, res.x[:nx]


def _place(solver, seqs: _Sequences, p: int, s: int, q: float, bets, locks) -> None:
    key = seqs.keys[s]
    if key[0] == "lock":
        _, y, h, a = key
        locks[((p * dc.LOCKSETS) + y * dc.HANDS + h) * 2 + a] = q
    else:
        _, node, g, a = key
        n = len(solver.children(node))
        bets[solver.node_offset(node) + g * n + a] = q


def solve(solver) -> dict:
    """The exact solution of ``solver``'s deal: ``value`` (player 0's
    chips), ``bets`` and ``locks`` (an equilibrium in the solver's layout)."""
    seqs, A = _model(solver)
    v0, x = _solve_side(seqs[0], seqs[1], A)
    v1, y = _solve_side(seqs[1], seqs[0], -A.T.tocsr())
    bets = np.zeros(solver.size)
    locks = np.zeros(2 * dc.LOCKSETS * 2)
    for p, plan in ((0, x), (1, y)):
        for parent, acts in seqs[p].infosets:
            total = plan[parent]
            for s in acts:
                q = max(plan[s], 0.0) / total if total > 1e-12 else 1.0 / len(acts)
                _place(solver, seqs[p], p, s, q, bets, locks)
    return {"value": v0, "value_1": v1, "bets": bets, "locks": locks}
