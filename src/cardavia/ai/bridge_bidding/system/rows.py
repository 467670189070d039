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
        """Partner invited: ``call`` with ``low`` to ``high`` (HCP, or ``points="pts"``), else a pass."""
        self.rule(context, call, message, {"low": low}, **{points: (low, high)})
        self.rule(context, "pass", "rebid.decline", {"high": low - 1})


def above(suit: str) -> str:
    return SUITS[SUITS.index(suit) + 1:]


def below(suit: str) -> str:
    return SUITS[:SUITS.index(suit)]


NT_RANGE = {"low": 15, "high": 17}
COMPETE_LEVELS = (2, 3, 4)  # the levels the law of total tricks competes to
