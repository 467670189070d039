"""A proven upper bound on the number of legal moves of any Guandan position.

The argument.  A deal's legal moves are the tribute returns (one per card of
the receiver, who holds 28 cards until he returns one, GD-3.4), or ``pass``
and plays of the mover's hand (at most 27 cards, GD-2.1 and GD-3: a
tribute and its return leave 27; leading has every play a follower has).  A play is a reading and a
multiset of cards, so for each shape we bound the plays of a hand and then
maximise that bound over every hand of 27 cards; the sum over the shapes of
these maxima bounds every position (each shape is maximised on its own, so
the sum can only be larger than the true maximum).

A hand is relaxed to: ``W`` (0-2) wild cards (the level rank's hearts,
GD-2.2), and for each of the 13 ranks a multiplicity 0-2 of each of its
4 suits (the level rank's hearts too, so the relaxation holds more than any
hand), costing one card each, at most ``27 - W`` in all; jokers are counted
apart.  ``c_k(m)`` is the number of multisets of ``k`` natural cards of a
rank with multiplicities ``m``.  A play then maps one-to-one to a choice,
per rank it uses, of natural cards and of how many wilds stand there
(GD-5.3) — the reading fixes the ranks, the multiset the cards — so it is
counted at most once by these sums:

- single: one per distinct card, at most 27;
- pair: per rank ``c_2 + c_1`` (one wild), plus the wild pair and the two
  joker pairs; triple: per rank ``c_3 + c_2 + c_1``;
- full house: at most (triples) x (pairs + the wild pair + 2 joker pairs);
- straight (10 windows, A-2-3-4-5 … 10-J-Q-K-A, GD-5.2): per window the
  sum over the positions that wilds fill of the product of the other
  positions' distinct suits; straight flush: per window and suit the
  number of ways wilds fill missing positions, at most 16: 640 in all;
- three consecutive pairs (12 windows) and two consecutive triples (13
  windows): per window the sum over the wilds at each position of the
  product of ``c_(2 - wilds)`` (``c_(3 - wilds)``) of its ranks;
- bomb: per rank the multisets of at least four natural cards and wilds;
  the four-joker bomb: 1; and ``pass``.

The separable shapes are maximised by a knapsack over the ranks, the full
house by a knapsack keeping the triple count, the windows by a dynamic
programme over the ranks in order (the Ace both low and high) keeping the
last ranks' choice: exact maxima of the relaxed counts.
"""
from __future__ import annotations

import functools
import itertools

import numpy as np

HAND = 27
NEG = -(10 ** 12)


def _rank_options() -> list[tuple[int, tuple[int, ...]]]:
    """(cost, (c_0 … c_8)) of every suit multiplicity vector of a rank."""
    out = []
    for m in itertools.product(range(3), repeat=4):
        poly = [1]
        for mult in m:
            new = [0] * (len(poly) + mult)
            for i, v in enumerate(poly):
                for j in range(mult + 1):
                    new[i + j] += v
            poly = new
        out.append((sum(m), tuple(poly + [0] * (9 - len(poly)))))
    return out


OPTIONS = _rank_options()


def _knapsack(values: list[tuple[int, int]], budget: int, ranks: int = 13) -> int:
    """Max of the sum of per-rank values over ``ranks`` ranks, each taking
    one (cost, value) option, costs at most ``budget``."""
    best = np.full(budget + 1, NEG, np.int64)
    best[0] = 0
    for _ in range(ranks):
        new = np.full(budget + 1, NEG, np.int64)
        for cost, value in values:
            if cost <= budget:
                new[cost:] = np.maximum(new[cost:], best[:budget + 1 - cost] + value)
        best = new
    return int(best.max())


def _pareto(rows: set[tuple]) -> list[tuple]:
    """Rows (cost, v1, v2 …) not dominated by a row as cheap and as good everywhere."""
    rows_list = sorted(rows)
    return [r for r in rows_list
            if not any(o != r and o[0] <= r[0] and all(a >= b for a, b in zip(o[1:], r[1:])) for o in rows_list)]


def _window_max(features: list[tuple], width: int, value, budget: int) -> int:
    """Max over hands of the sum of ``value(window features)`` over the
    Guandan windows of ``width`` ranks (the Ace low first, then 2 … up to
    the Ace high), each rank taking one option (cost, features…)."""
    n_opt = len(features)
    best = NEG
    # Ranks in order 2, 3, …, K, A; the low window is A, 2, …; the Ace is fixed first.
    for ace in range(n_opt):
        ace_cost = features[ace][0]
        if ace_cost > budget:
            continue
        # state: (options of the last width-1 ranks) -> array over budget used
        states: dict[tuple, np.ndarray] = {(): np.full(budget + 1, NEG, np.int64)}
        states[()][ace_cost] = 0
        for rank in range(12):            # 2 … K
            new: dict[tuple, np.ndarray] = {}
            for key, arr in states.items():
                for o in range(n_opt):
                    cost = features[o][0]
                    if cost > budget:
                        continue
                    seq = key + (o,)
                    gain = 0
                    if len(seq) == width:                       # window ending here
                        gain = value([features[i] for i in seq])
                    elif rank == width - 2:                     # the low window A, 2, …
                        gain = value([features[ace]] + [features[i] for i in seq])
                    nk = seq[1:] if len(seq) == width else seq
                    if len(nk) > width - 1:
                        nk = nk[1:]
                    shifted = np.full(budget + 1, NEG, np.int64)
                    shifted[cost:] = arr[:budget + 1 - cost] + gain
                    if nk in new:
                        np.maximum(new[nk], shifted, out=new[nk])
                    else:
                        new[nk] = shifted
            states = new
        for key, arr in states.items():     # the high window …, K, A
            gain = value([features[i] for i in key] + [features[ace]])
            best = max(best, int(arr.max()) + gain)
    return best


def _spread(width: int, wilds: int) -> list[tuple[int, ...]]:
    """Ways to put at most ``wilds`` wilds on ``width`` positions, at most
    ``per`` (2) at one position."""
    return [a for a in itertools.product(range(min(wilds, 2) + 1), repeat=width) if sum(a) <= wilds]


def _stacked(features: list[tuple], spread: list[tuple[int, ...]]) -> int:
    """Consecutive pairs or triples of a window: per way to spread the wilds
    (``a`` at each rank), the product of each rank's ``c_(size - a)``, which
    ``features[i][1 + a]`` holds."""
    total = 0
    for a in spread:
        prod = 1
        for f, wilds in zip(features, a):
            prod *= f[1 + wilds]
        total += prod
    return total


@functools.lru_cache(maxsize=1)
def shape_bounds() -> dict[str, int]:
    """The bound of each Guandan shape (and ``pass``); their sum bounds every position."""
    out = {"single": HAND, "pair": 0, "triple": 0, "fullhouse": 0, "straight": 0, "pairs": 0,
           "triples": 0, "bomb": 0, "straightflush": 10 * 4 * 16, "jokerbomb": 1, "pass": 1}
    for w in range(3):
        budget = HAND - w
        pair = [(cost, c[2] + (c[1] if w >= 1 else 0)) for cost, c in OPTIONS]
        triple = [(cost, c[3] + (c[2] if w >= 1 else 0) + (c[1] if w >= 2 else 0)) for cost, c in OPTIONS]
        out["pair"] = max(out["pair"], _knapsack(pair, budget) + (w == 2) + 2)
        out["triple"] = max(out["triple"], _knapsack(triple, budget))
        bomb = [(cost, sum(c[k] for a in range(w + 1) for k in range(max(4 - a, 1), 9))) for cost, c in OPTIONS]
        out["bomb"] = max(out["bomb"], _knapsack(bomb, budget))
        # full house: keep the triple count, maximise the pairs
        rows = _pareto({(cost, t, p) for (cost, t), (_, p) in zip(triple, pair)})
        t_max = 13 * max(r[1] for r in rows)
        table = np.full((budget + 1, t_max + 1), NEG, np.int64)
        table[0, 0] = 0
        for _ in range(13):
            new = np.full_like(table, NEG)
            for cost, t, p in rows:
                if cost <= budget:
                    new[cost:, t:] = np.maximum(new[cost:, t:], table[:budget + 1 - cost, :t_max + 1 - t] + p)
            table = new
        extra = (w == 2) + 2
        ts = np.arange(t_max + 1)
        fh = np.where(table > NEG // 2, ts[None, :] * (table + extra), 0)
        out["fullhouse"] = max(out["fullhouse"], int(fh.max()))
        # windows
        distinct = _pareto({(cost, c[1]) for cost, c in OPTIONS})
        spread5 = [tuple(i for i in range(5) if a[i]) for a in _spread(5, w) if max(a, default=0) <= 1]

        def straight(fs, spread5=spread5):
            total = 0
            for wild_at in spread5:
                prod = 1
                for i, f in enumerate(fs):
                    if i not in wild_at:
                        prod *= f[1]
                total += prod
            return total
        out["straight"] = max(out["straight"], _window_max(distinct, 5, straight, budget))
        pairs_f = _pareto({(cost, c[2], c[1], c[0]) for cost, c in OPTIONS})
        out["pairs"] = max(out["pairs"], _window_max(
            pairs_f, 3, functools.partial(_stacked, spread=_spread(3, w)), budget))
        triples_f = _pareto({(cost, c[3], c[2], c[1]) for cost, c in OPTIONS})
        out["triples"] = max(out["triples"], _window_max(
            triples_f, 2, functools.partial(_stacked, spread=_spread(2, w)), budget))
    return out


def move_bound() -> int:
    """Legal moves of any Guandan position are at most this many."""
    return sum(shape_bounds().values())
