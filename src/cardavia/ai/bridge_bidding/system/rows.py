"""The rows' shape, and ``Rows``: one phase's rows, each added by ``rule``."""
from __future__ import annotations

from typing import Any

SUITS = "CDHS"
MAJORS = "HS"

Rule = tuple[str, str, dict[str, Any], str, dict[str, Any]]
"""(context, call, constraints, message id, parameters)."""



class Rows(list[Rule]):
    """One phase's rows, in the order they are tried."""

    def rule(self, context: str, call: str, message: str, params: dict | None = None, **constraints: Any) -> None:
        self.append((context, call, constraints, message, dict(params or {})))

    def answer_invitation(self, context: str, call: str, low: int, high: int = 40, points: str = "hcp",
                          message: str = "rebid.accept") -> None:
        """Partner invited: ``call`` with ``low`` to ``high`` (HCP, or ``points="pts"``), else a pass.
        (Every invitation accepted a point lighter, as double dummy makes thin games: held-out seeds 13,
        15, 17 -0.006, -0.042, +0.020 IMPs a deal, 53 auctions changed, 16 better, 25 worse; two points
        lighter, seeds 13, 15 -0.006, -0.034: noise, left out.)"""
        self.rule(context, call, message, {"low": low}, **{points: (low, high)})
        self.rule(context, "pass", "rebid.decline", {"high": low - 1})


def advance_own_suit(rows: Rows, ctx: str, advanced: str, x: str, y: str, level: int, high: int,
                     raise_from: int) -> None:
    """Partner overcalled ``y`` at ``level`` over 1``x``, no fit: the advancer names a five-card suit
    of his own (8+ at the cheapest level, 10+ a level higher, to ``high`` HCP); the overcaller raises
    it with three and ``raise_from`` points, else rebids a six-card suit of his own, else passes.
    ``advanced``: the context before the advancer's bid (``ctx`` with his bid and a pass follow it)."""
    others = "".join(z for z in SUITS if z not in (x, y))
    for z in others:
        bid = cheapest_level(z, y, level)
        low = 8 if bid == level else 10
        rows.rule(ctx, f"{bid}{z}", "advance.free", {"suit": z, "length": 5, "low": low}, hcp=(low, high),
                  len={z: (5, 13)}, best_of=(others, z))
        then = rf"{advanced} {bid}{z} P$"
        rows.rule(then, f"{bid + 1}{z}", "advance.raise", {"suit": z, "length": 3}, pts=(raise_from, 40),
                  len={z: (3, 13)})
        rows.rule(then, f"{level + 1}{y}", "rebid.own_suit", {"suit": y, "length": 6}, len={y: (6, 13)})
        rows.rule(then, "pass", "pass.minimum", {})


def above(suit: str) -> str:
    return SUITS[SUITS.index(suit) + 1:]


def below(suit: str) -> str:
    return SUITS[:SUITS.index(suit)]


def cheapest_level(suit: str, over: str, level: int) -> int:
    """The lowest level at which ``suit`` outranks a bid of ``over`` at ``level``."""
    return level if suit in above(over) else level + 1


NT_RANGE = {"low": 15, "high": 17}
COMPETE_LEVELS = (2, 3, 4)  # the levels the law of total tricks competes to
