"""Poker hands (RULES.md TH-4): ranking, ranges and equity.

>>> from cardavia import poker
>>> poker.describe(poker.evaluate("Kh Ks 9d 9c 2s"))
'Two Pair, Kings and Nines'
>>> poker.evaluate("AhKh Qh Jh Th") > poker.evaluate("9c 9d 9h 9s Ac")
True
>>> round(poker.equity(["AhKh", "QsQd"]).equity[0], 7)
0.4621446

A strength is one int, higher is better and equal is a tie; ``rank >> 12``
is the category.  The evaluator and the equity loops live in the compiled
core (``cardavia._core.poker``).
"""
from __future__ import annotations

import enum
import functools
import math
import re
from dataclasses import dataclass
from math import comb

import numpy as np

from cardavia._core import poker as _core
from cardavia.cards import InvalidCardError, card_text, parse_cards, to_card_ids
from cardavia.game import ArgumentTypeError, check_int, check_seed

__all__ = [
    "Category", "EquityResult", "category", "describe", "equity", "evaluate",
    "evaluate_batch", "parse_range",
]

#: Strength of the best five of 5, 6 or 7 cards (text, ids, bytes or CardSet).
evaluate = _core.evaluate
#: Strengths of an (N, 5|6|7) integer array of card ids, as an int32 array.
evaluate_batch = _core.evaluate_batch


class Category(enum.IntEnum):
    """Hand categories, low to high (TH-4.1)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").title().replace(" A ", " a ").replace(" Of ", " of ")

    def __str__(self) -> str:
        return self.label


_NAMES = ["Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
          "Jack", "Queen", "King", "Ace"]
_PLURAL = [n + ("es" if n == "Six" else "s") for n in _NAMES]


MAX_RANK = (8 << 12) | 9
"""The strongest value ``evaluate`` returns (the royal flush)."""


def _rank_arg(rank) -> int:
    if isinstance(rank, np.integer):
        rank = int(rank)
    return check_int(rank, "a hand strength", 0, MAX_RANK)


def category(rank: int) -> Category:
    """The category of a strength returned by ``evaluate``."""
    return Category(_core._rank_fields(_rank_arg(rank))[0])


def describe(rank: int) -> str:
    """The strength in words: ``"Two Pair, Kings and Nines"``, ``"Royal Flush"``."""
    cat, f = _core._rank_fields(_rank_arg(rank))
    cat = Category(cat)
    if cat == Category.STRAIGHT_FLUSH and f[0] == 12:
        return "Royal Flush"
    if cat in (Category.HIGH_CARD, Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH):
        detail = f"{_NAMES[f[0]]} high"
    elif cat == Category.TWO_PAIR:
        detail = f"{_PLURAL[f[0]]} and {_PLURAL[f[1]]}"
    elif cat == Category.FULL_HOUSE:
        detail = f"{_PLURAL[f[0]]} over {_PLURAL[f[1]]}"
    else:
        detail = _PLURAL[f[0]]
    return f"{cat.label}, {detail}"


# ----------------------------------------------------------------------------
# Ranges

_RANK_CHARS = "23456789TJQKA"
_COMBO = re.compile(r"^[2-9TJQKA][CDHS♣♦♥♠][2-9TJQKA][CDHS♣♦♥♠]$", re.IGNORECASE)
_HAND = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([SO]?)$", re.IGNORECASE)


def _kind_combos(hi: int, lo: int, kind: str) -> list[tuple[int, int]]:
    """Combos of ranks hi >= lo: kind 's' suited, 'o' offsuit, '' both."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            if hi == lo and s2 <= s1:
                continue
            if hi != lo and ((kind == "s" and s1 != s2) or (kind == "o" and s1 == s2)):
                continue
            out.append((4 * hi + s1, 4 * lo + s2))
    return out


def _hand_token(tok: str, entry: str):
    m = _HAND.match(tok)
    if not m:
        raise ValueError(f"bad range token {tok!r} in {entry!r}: expected a hand like "
                         "'AKs', 'KQo', 'QQ', 'T9' or two cards like 'AhKh'")
    a, b = _RANK_CHARS.index(m.group(1).upper()), _RANK_CHARS.index(m.group(2).upper())
    kind = m.group(3).lower()
    if a == b and kind:
        raise ValueError(f"bad range token {tok!r} in {entry!r}: a pair is neither suited nor offsuit")
    return max(a, b), min(a, b), kind


def _token_combos(tok: str, entry: str) -> list[tuple[int, int]]:
    if tok.lower() in ("random", "any", "xx"):
        return [(a, b) for a in range(52) for b in range(a)]
    if _COMBO.match(tok):
        a, b = parse_cards(tok)
        if a == b:
            raise ValueError(f"bad range token {tok!r} in {entry!r}: the same card twice")
        return [(max(a, b), min(a, b))]
    tok10 = tok.replace("10", "T")
    if "-" in tok10:
        left, _, right = tok10.partition("-")
        h1, l1, k1 = _hand_token(left, entry) if left else _hand_token(tok, entry)
        h2, l2, k2 = _hand_token(right, entry) if right else _hand_token(tok, entry)
        if k1 != k2:
            raise ValueError(f"bad range token {tok!r} in {entry!r}: both ends must be "
                             "suited, offsuit or unmarked alike")
        if h1 == l1 and h2 == l2:             # QQ-99
            lo, hi = sorted((h1, h2))
            return [c for r in range(lo, hi + 1) for c in _kind_combos(r, r, "")]
        if h1 != h2 or h1 == l1 or h2 == l2:
            raise ValueError(f"bad range token {tok!r} in {entry!r}: a span keeps its top "
                             "card ('A2s-A5s') or spans pairs ('22-55')")
        lo, hi = sorted((l1, l2))
        return [c for r in range(lo, hi + 1) for c in _kind_combos(h1, r, k1)]
    plus = tok10.endswith("+")
    hi, lo, kind = _hand_token(tok10[:-1] if plus else tok10, entry)
    if not plus:
        return _kind_combos(hi, lo, kind)
    if hi == lo:                              # QQ+ : QQ, KK, AA
        return [c for r in range(hi, 13) for c in _kind_combos(r, r, "")]
    return [c for r in range(lo, hi) for c in _kind_combos(hi, r, kind)]   # ATs+: AT..AK


def parse_range(entry) -> list[tuple[int, int]]:
    """The two-card combos of a hand or range, as ``(high id, low id)`` pairs.

    ``"AhKh"`` (two cards), ``"AKs"``, ``"KQo"``, ``"AK"`` (both), ``"QQ+"``,
    ``"ATs+"``, ``"A2s-A5s"``, ``"22-55"``, ``"random"``, and lists of these
    separated by commas or spaces (``"22+, ATs+, KQo"``).  Raises ValueError
    quoting the bad token.
    """
    if isinstance(entry, str):
        try:
            ids = parse_cards(entry)
        except InvalidCardError:
            ids = None
        if ids is not None and len(ids) == 2 and "," not in entry:
            if ids[0] == ids[1] or max(ids) > 51:
                raise ValueError(f"bad hand {entry!r}: two different cards 2..A are needed")
            return [(max(ids), min(ids))]
        tokens = entry.replace(",", " ").split()
        if not tokens:
            raise ValueError(f"empty hand or range {entry!r}")
        seen: dict[tuple[int, int], None] = {}
        for tok in tokens:
            for c in _token_combos(tok, entry):
                seen[c] = None
        return list(seen)
    try:
        ids = to_card_ids(entry)
    except (InvalidCardError, TypeError) as e:
        raise ValueError(f"bad hand {entry!r}: {e}") from None
    if len(ids) != 2 or ids[0] == ids[1] or max(ids) > 51:
        raise ValueError(f"bad hand {entry!r}: two different cards 2..A are needed")
    return [(max(ids), min(ids))]


# ----------------------------------------------------------------------------
# Equity

#: Exact enumeration is chosen when its estimated time is below this (s).
EXACT_BUDGET = 0.5
#: Monte Carlo trials when exact enumeration is too dear and none are given
#: (scaled down, to no fewer than MIN_TRIALS, when ranges often collide).
DEFAULT_TRIALS = 1_000_000
MIN_TRIALS = 100_000
#: The most Monte Carlo trials one ``equity`` call runs.
MAX_TRIALS = 10**12


@dataclass(frozen=True)
class EquityResult:
    """Equity of each player: wins plus split shares, over every deal counted.

    ``wins[i]``: deals player i wins alone; ``ties[i]``: deals he splits;
    ``deals``: deals counted (boards times hand combinations when exact,
    trials otherwise); ``std_error[i]``: standard error of ``equity[i]``
    (0 when exact); ``combos[i]``: combinations of player i's range left
    after the board and dead cards.
    """

    hands: tuple
    equity: tuple
    wins: tuple
    ties: tuple
    deals: int
    exact: bool
    std_error: tuple
    combos: tuple

    @property
    def losses(self) -> tuple:
        return tuple(self.deals - w - t for w, t in zip(self.wins, self.ties))

    def __str__(self) -> str:
        width = max(len(str(h)) for h in self.hands)
        lines = []
        for i, h in enumerate(self.hands):
            eq = f"{100 * self.equity[i]:7.3f}%"
            if not self.exact:
                eq += f" ± {100 * self.std_error[i]:.3f}%"
            lines.append(f"{str(h):<{width}}  {eq}  win {100 * self.wins[i] / self.deals:6.3f}%"
                         f"  tie {100 * self.ties[i] / self.deals:6.3f}%")
        how = (f"exact: {self.deals:,} deals" if self.exact
               else f"Monte Carlo: {self.deals:,} trials")
        return "\n".join(lines + [how])


def _cards_arg(cards, what) -> list[int]:
    if cards is None or cards == "":
        return []
    try:
        ids = to_card_ids(cards)
    except (InvalidCardError, TypeError) as e:
        raise ValueError(f"bad {what} {cards!r}: {e}") from None
    if any(c > 51 for c in ids):
        raise ValueError(f"bad {what} {cards!r}: no jokers in Hold'em")
    if len(set(ids)) != len(ids):
        raise ValueError(f"bad {what} {cards!r}: a card appears twice")
    return ids


@functools.cache
def _rank_multisets(k: int) -> int:
    """Rank multisets of k board cards (at most four of a rank)."""
    # coefficient of x^k in (1 + x + x^2 + x^3 + x^4)^13
    poly = [1]
    for _ in range(13):
        nxt = [0] * (len(poly) + 4)
        for i, a in enumerate(poly):
            for j in range(5):
                nxt[i + j] += a
        poly = nxt
    return poly[k]


def _exact_seconds(counts, k, nrem, players) -> float:
    """Rough time of exact enumeration (deals upper bound x per-deal cost)."""
    deals = math.prod(counts)
    if k >= 3:
        per = _rank_multisets(k) * (players + 4) * 30e-9
    else:
        per = comb(nrem, k) * players * 8e-9
    return deals * per


def _default_trials(arr, starts, board, dead_mask, seed, counts) -> int:
    """Monte Carlo trials when none are given: ``DEFAULT_TRIALS``, fewer when
    ranges collide so often that most drawn deals are rejected (a seeded
    pilot run measures how often), never below ``MIN_TRIALS``."""
    if all(c == 1 for c in counts):
        return DEFAULT_TRIALS
    pilot = 5000
    *_, attempts = _core._equity(arr, starts, board, dead_mask, pilot, seed & ((1 << 64) - 1))
    per_deal = attempts / pilot
    return max(MIN_TRIALS, min(DEFAULT_TRIALS, int(DEFAULT_TRIALS / per_deal) // 1000 * 1000))


def equity(hands, board="", dead="", trials=None, seed=None) -> EquityResult:
    """Each player's equity for 2-9 players (Hold'em, TH-4).

    ``hands``: one entry per player, two cards (``"AhKh"``, ids) or a range
    (``"QQ+, AKs"``, see ``parse_range``); ranges count every
    non-conflicting combination of the players' hands equally.  ``board``:
    0-5 known cards, ``dead``: cards out of the deck.  Without ``trials`` the
    answer is exact when enumeration is cheap (about half a second at most),
    else Monte Carlo (``DEFAULT_TRIALS`` deals, fewer when the ranges collide
    often); with ``trials``, always Monte Carlo.  Monte Carlo is seeded by
    ``seed`` (None means 0, so results repeat).
    """
    if isinstance(hands, str):
        raise ValueError("hands must be a list with one hand or range per player")
    try:
        hands = list(hands)
    except TypeError:
        raise ArgumentTypeError(f"hands must be a list with one hand or range per player, "
                                f"not {type(hands).__name__}") from None
    if not 2 <= len(hands) <= 9:
        raise ValueError(f"equity needs 2 to 9 players, got {len(hands)}")
    b = _cards_arg(board, "board")
    d = _cards_arg(dead, "dead cards")
    if len(b) > 5:
        raise ValueError(f"bad board {board!r}: at most 5 cards")
    if set(b) & set(d):
        raise ValueError("a card is both on the board and dead")
    blocked = set(b) | set(d)
    if 2 * len(hands) + 5 + len(d) > 52:
        raise ValueError("not enough cards in the deck for these players, board and dead cards")
    combos, starts, counts = [], [0], []
    for i, h in enumerate(hands):
        cs = [c for c in parse_range(h) if c[0] not in blocked and c[1] not in blocked]
        if not cs:
            raise ValueError(f"player {i + 1}: every hand of {h!r} uses a board or dead card")
        combos.extend(cs)
        starts.append(len(combos))
        counts.append(len(cs))
    if trials is not None:
        if isinstance(trials, np.integer):
            trials = int(trials)
        check_int(trials, "trials", 1, MAX_TRIALS)
    if seed is None:
        seed = 0
    if isinstance(seed, np.integer):
        seed = int(seed)
    check_seed(seed)
    k = 5 - len(b)
    nrem = 52 - len(blocked) - 2 * len(hands)
    exact = trials is None and _exact_seconds(counts, k, nrem, len(hands)) <= EXACT_BUDGET
    arr = np.array(combos, dtype=np.uint8).reshape(-1, 2)
    starts_arr = np.array(starts, dtype=np.int32)
    dead_mask = sum(1 << c for c in d)
    if not exact and trials is None:
        trials = _default_trials(arr, starts_arr, b, dead_mask, seed, counts)
    deals, wins, ties, pots, squares, _ = _core._equity(
        arr, starts_arr, b, dead_mask, 0 if exact else trials, seed & ((1 << 64) - 1))
    eq = tuple(p / deals for p in pots)
    if exact:
        se = tuple(0.0 for _ in hands)
    else:
        se = tuple(math.sqrt(max(sq / deals - e * e, 0.0) / deals) for sq, e in zip(squares, eq))
    return EquityResult(hands=tuple(h if isinstance(h, str) else " ".join(card_text(c) for c in to_card_ids(h))
                                    for h in hands),
                        equity=eq, wins=tuple(wins), ties=tuple(ties), deals=deals,
                        exact=exact, std_error=se, combos=tuple(counts))
