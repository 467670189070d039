"""What a Hold'em agent knows about hands: strength, ranges and the action model.

Everything here reads only an observation (the seat's hole cards, the board
and the public betting), so an agent built on it never sees another
player's cards.

Combos.  The 1,326 two-card hands are numbered by ``COMBOS`` (a row
``(high id, low id)``, card id ``4 * rank + suit``, rank 0 the deuce).

Strength.  A combo's strength is a percentile in 0-1 (1 the best):
preflop, the rank of its hand class (``AKs``, ``72o`` …) by equity against
one random hand, from the compiled equity engine (computed once per
process, 169 Monte Carlo runs of 5,000 deals); after the flop, the
percentile of its made hand with the board among the combos still possible.

Ranges.  A player's range is a weight for every combo, 1 at the start of the
hand and 0 for any combo holding a card the observer sees.  Every public
action the player takes multiplies each combo's weight by the chance the
action model gives that action with that combo (Bayes' rule).  The action
model, for a combo of strength ``s``:

- facing a bet, with pot odds ``q = to_call / (pot + to_call)``, it goes on
  (calls or raises) with chance ``sig((s - f) / 0.08)``, ``f = 0.25 + 0.9 q``
  (preflop ``0.15 + 0.8 q``: more hands are played before the flop);
- having gone on, it raises with chance ``sig((s - r) / 0.06)`` where ``r``
  grows with the raise's size against the pot: ``0.72 + 0.24 min(x, 1.5) / 1.5``;
- every bet or raise already made in the round adds ``RERAISE_STEP`` to
  ``r`` (a re-raise is stronger than a raise), and from the second on to ``f``;
- owing nothing, it bets with chance ``0.1 + 0.9 sig((s - b) / 0.07)``,
  ``b = 0.7`` for a bet of half the pot, up to 0.85 for a pot-sized or
  larger bet (the 0.1 is the share of bluffs);

and every chance is kept within 0.02-0.98.  The range is then mixed with
the unconditioned one, ``(1 - PRIOR_SHARE) * posterior + PRIOR_SHARE *
prior``, so that no line of actions ever rules a hand out: players bluff and
slow-play, and a maniac's raises must not read as the nuts.  ``sig`` is the logistic
function.  The model is deliberately simple: it narrows ranges in the
direction every player's actions point, without assuming any one opponent.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

import numpy as np

from cardavia._core import poker as _poker

COMBOS = np.array([(a, b) for a in range(52) for b in range(a)], dtype=np.uint8)
"""Every two-card hand as ``(high id, low id)``, 1,326 rows."""
_COMBO_MASK = (np.uint64(1) << COMBOS[:, 0].astype(np.uint64)) | (np.uint64(1) << COMBOS[:, 1].astype(np.uint64))
_FLOOR = 0.02
PRIOR_SHARE = 0.08
"""The share of the unconditioned range kept in every range."""
RERAISE_STEP = 0.10
"""How much stronger each earlier bet or raise of the round makes a raise (and,
from the second, a call) read.  Set with the raise-size slope (0.24) from a
diagnosis against the nit over 800 hands: at 0.07 and 0.18, ``mc`` lost 15.7
chips a hand in the 270 hands it raised preflop (it paid off premium
re-raises); at 0.10 and 0.24, 0.3."""


def combo_index(a: int, b: int) -> int:
    """The row of ``COMBOS`` holding cards ``a`` and ``b``."""
    hi, lo = (a, b) if a > b else (b, a)
    return hi * (hi - 1) // 2 + lo


def hand_class(a: int, b: int) -> int:
    """The hand class 0-168 of two cards: ``13 * high rank + low rank`` for
    pairs and suited hands (high >= low; pairs on the diagonal), the mirror
    for offsuit hands."""
    ra, rb = a >> 2, b >> 2
    hi, lo = max(ra, rb), min(ra, rb)
    if hi == lo or (a & 3) == (b & 3):
        return 13 * hi + lo
    return 13 * lo + hi


@lru_cache(maxsize=1)
def preflop_strength() -> np.ndarray:
    """Every combo's preflop strength percentile (see the module's text)."""
    equity = np.zeros(169)
    pick: dict[int, tuple[int, int]] = {}
    for a, b in COMBOS:
        pick.setdefault(hand_class(int(a), int(b)), (int(a), int(b)))
    for cls, (a, b) in pick.items():
        rest = COMBOS[(COMBOS[:, 0] != a) & (COMBOS[:, 1] != a) & (COMBOS[:, 0] != b) & (COMBOS[:, 1] != b)]
        combos = np.ascontiguousarray(np.vstack([np.array([[a, b]], dtype=np.uint8), rest]))
        starts = np.array([0, 1, len(combos)], dtype=np.int32)
        deals, _, _, pots, _, _ = _poker._equity(combos, starts, [], 0, 5000, 0x9E3779B9 + cls)
        equity[cls] = pots[0] / deals
    classes = np.array([hand_class(int(a), int(b)) for a, b in COMBOS])
    per_combo = equity[classes]
    order = per_combo.argsort(kind="stable")
    pct = np.empty(len(COMBOS))
    pct[order] = (np.arange(len(COMBOS)) + 0.5) / len(COMBOS)
    # Combos of one class share the class's percentile.
    for cls in range(169):
        sel = classes == cls
        if sel.any():
            pct[sel] = pct[sel].mean()
    return pct


def board_strength(board: Sequence[int], live: np.ndarray) -> np.ndarray:
    """Every combo's strength with ``board`` (3-5 ids): the percentile of its
    made hand among the ``live`` combos (a boolean mask); 0 where not live."""
    out = np.zeros(len(COMBOS))
    idx = np.flatnonzero(live)
    if len(idx) == 0:
        return out
    cards = np.empty((len(idx), 2 + len(board)), dtype=np.uint8)
    cards[:, :2] = COMBOS[idx]
    cards[:, 2:] = np.array(board, dtype=np.uint8)
    ranks = _poker.evaluate_batch(cards)
    # Average rank of ties: equal hands get equal strength.
    order = ranks.argsort(kind="stable")
    sorted_ranks = ranks[order]
    first = np.searchsorted(sorted_ranks, sorted_ranks, side="left")
    last = np.searchsorted(sorted_ranks, sorted_ranks, side="right") - 1
    pct = np.empty(len(idx))
    pct[order] = ((first + last) / 2 + 0.5) / len(idx)
    out[idx] = pct
    return out


def strength_of(cards: Sequence[int], board: Sequence[int]) -> float:
    """The strength percentile of one hand (two ids) with ``board``."""
    if not board:
        return float(preflop_strength()[combo_index(*cards)])
    live = live_mask(list(board))
    live[combo_index(*cards)] = True
    return float(board_strength(board, live)[combo_index(*cards)])


def live_mask(seen: Sequence[int]) -> np.ndarray:
    """The combos holding none of the ``seen`` card ids."""
    mask = np.uint64(0)
    for c in seen:
        mask |= np.uint64(1) << np.uint64(c)
    return (_COMBO_MASK & mask) == 0


def _sig(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


def _clip(p: np.ndarray) -> np.ndarray:
    return np.clip(p, _FLOOR, 1.0 - _FLOOR)


def action_likelihood(kind: str, s: np.ndarray, to_call: int, pot: int, amount_over: int,
                      preflop: bool, raises: int = 0) -> np.ndarray:
    """The action model's chance of ``kind`` (``check``, ``call``, ``bet``,
    ``raise``) for combos of strength ``s``; ``amount_over`` is the chips a
    bet or raise adds above the call (its size against ``pot``), ``raises``
    the bets and raises already made this round (each makes going on and
    raising again call for a stronger hand)."""
    if to_call > 0:
        q = to_call / (pot + to_call)
        f = (0.15 + 0.8 * q) if preflop else (0.25 + 0.9 * q)
        f += RERAISE_STEP * max(0, raises - 1)
        go_on = _clip(_sig((s - f) / 0.08))
        lift = RERAISE_STEP * raises
        if kind in ("call", "check"):
            raise_share = _clip(_sig((s - (0.78 + lift)) / 0.06))
            return go_on * (1.0 - raise_share)
        x = min(amount_over / max(pot + to_call, 1), 1.5)
        raise_share = _clip(_sig((s - (0.72 + 0.24 * x / 1.5 + lift)) / 0.06))
        return go_on * raise_share
    if kind in ("check", "call"):
        x = 0.5
        return 1.0 - _clip(0.1 + 0.9 * _sig((s - (0.7 + 0.15 * (x - 0.5) / 0.5)) / 0.07))
    x = min(max(amount_over / max(pot, 1), 0.5), 1.0)
    return _clip(0.1 + 0.9 * _sig((s - (0.7 + 0.15 * (x - 0.5) / 0.5)) / 0.07))


def hand_start(history: Sequence[Any]) -> int:
    """The index of the current hand's opening entry ("hand N: ...") in an
    observation's history (0 if there is none)."""
    for i in range(len(history) - 1, -1, -1):
        p, text = history[i]
        if p < 0 and str(text).startswith("hand "):
            return i
    return 0


class HandTracker:
    """The public course of the hand in an observation, action by action:
    who acted, with what to call, into what pot, on which board."""

    def __init__(self, data: dict):
        self.data = data
        n = len(data["stacks"])
        sb, bb = data["blinds"]
        start = list(data["start_stacks"])
        history = data["history"]
        begin = hand_start(history)
        self.events: list[dict[str, Any]] = []
        left = start[:]
        bets = [0] * n
        contributed = [0] * n
        board: list[int] = []
        from cardavia.cards import card_id

        def post(p: int, amount: int) -> None:
            amount = min(amount, left[p])
            left[p] -= amount
            bets[p] += amount
            contributed[p] += amount

        post(data["small_blind_seat"], sb)
        post(data["big_blind_seat"], bb)
        level = max(bets)
        raises = 1          # the big blind counts as the round's bet
        for p, text in history[begin + 1:]:
            text = str(text)
            if p < 0:
                word, _, rest = text.partition(" ")
                if word in ("flop", "turn", "river"):
                    board += [card_id(c) for c in rest.split()]
                    bets = [0] * n
                    level = 0
                    raises = 0
                continue
            to_call = max(0, min(level - bets[p], left[p]))
            pot = sum(contributed)
            kind, _, amount = text.partition(" ")
            over = 0
            if kind in ("bet", "raise"):
                total = int(amount)
                over = max(0, total - level)
                post(p, total - bets[p])
                level = max(level, bets[p])
            elif kind == "call":
                post(p, to_call)
            self.events.append({"player": p, "kind": kind, "to_call": to_call, "pot": pot,
                                "over": over, "board": list(board), "raises": raises})
            if kind in ("bet", "raise"):
                raises += 1
        self.board = board


def ranges(data: dict) -> dict[int, np.ndarray]:
    """Each opponent's range (combo weights, normalized) after the public
    actions of the hand, from the observer's point of view."""
    me = data["player"]
    seen = [*_ids(data["hand"]), *_ids(data["board"])]
    live = live_mask(seen)
    tracker = HandTracker(data)
    n = len(data["stacks"])
    weights = {q: live.astype(float) for q in range(n)
               if q != me and data["in_hand"][q] and str(q) not in data["shown"]}
    strength_cache: dict[int, np.ndarray] = {}
    for ev in tracker.events:
        q = ev["player"]
        if q not in weights or ev["kind"] == "fold":
            continue
        board = ev["board"]
        key = len(board)
        if key not in strength_cache:
            strength_cache[key] = (preflop_strength() if not board
                                   else board_strength(board, live_mask([*_ids(data["hand"]), *board])))
        weights[q] *= action_likelihood(ev["kind"], strength_cache[key], ev["to_call"], ev["pot"],
                                        ev["over"], preflop=not board, raises=ev["raises"])
    prior = live / live.sum()
    for q, w in weights.items():
        w *= live
        total = w.sum()
        posterior = w / total if total > 0 else prior
        weights[q] = (1 - PRIOR_SHARE) * posterior + PRIOR_SHARE * prior
    return weights


def _ids(cards: Sequence[Any]) -> list[int]:
    from cardavia.cards import card_id
    return [c if isinstance(c, int) else card_id(c) for c in cards]


def sample_holes(weights: dict[int, np.ndarray], rng: np.random.Generator) -> dict[int, tuple[int, int]]:
    """One hole-card pair per opponent drawn from the ranges, no card twice
    (each opponent's draw excludes the cards drawn before it)."""
    used = np.uint64(0)
    out = {}
    for q in sorted(weights):
        w = weights[q]
        if used:
            w = w * ((_COMBO_MASK & used) == 0)
        total = w.sum()
        if total <= 0:
            w = ((_COMBO_MASK & used) == 0).astype(float) * (weights[q] > 0)
            total = w.sum()
        k = int(np.searchsorted(np.cumsum(w), rng.random() * total, side="right"))
        k = min(k, len(COMBOS) - 1)
        a, b = int(COMBOS[k, 0]), int(COMBOS[k, 1])
        out[q] = (a, b)
        used |= (np.uint64(1) << np.uint64(a)) | (np.uint64(1) << np.uint64(b))
    return out


def equity_against(hand: Sequence[int], board: Sequence[int], weights: dict[int, np.ndarray],
                   seed: int, trials: int = 2000, sample: int = 200) -> float:
    """The hand's equity against the opponents' ranges, by the compiled equity
    engine: each range enters as ``sample`` combos drawn by weight."""
    if not weights:
        return 1.0
    rng = np.random.default_rng(seed)
    rows = [np.array([list(hand)], dtype=np.uint8)]
    starts = [0, 1]
    for q in sorted(weights):
        w = weights[q]
        picks = rng.choice(len(COMBOS), size=sample, p=w / w.sum())
        rows.append(COMBOS[picks])
        starts.append(starts[-1] + sample)
    combos = np.ascontiguousarray(np.vstack(rows))
    try:
        deals, _, _, pots, _, _ = _poker._equity(combos, np.array(starts, dtype=np.int32), list(board), 0,
                                                 trials, seed & ((1 << 64) - 1))
    except ValueError:
        return 0.5
    return pots[0] / deals if deals else 0.5


def pot_odds(to_call: int, pot: int) -> float:
    """The share of the final pot a call pays for."""
    return to_call / (pot + to_call) if to_call > 0 else 0.0
