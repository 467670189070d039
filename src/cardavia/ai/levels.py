"""The opponents' strength levels a person picks at a table (``cardavia play``
and ``cardavia serve``): each level names agents to try in order, and the
first one that exists and plays the game wins."""
from __future__ import annotations

from typing import Any

from cardavia.ai.mc import DEFAULT_ROLLOUTS

LEVELS: dict[str, tuple[tuple[str, dict], ...]] = {
    "easy": (("heuristic", {}), ("random", {})),
    "normal": (("mc", {"rollouts": DEFAULT_ROLLOUTS // 5}), ("heuristic", {}), ("random", {})),
    "hard": (("mc", {}), ("heuristic", {}), ("random", {})),
}
LEVEL_TITLES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


def level_agent(level: str, game: Any) -> tuple[str, dict]:
    """The agent name and options that play ``game`` at ``level``."""
    from cardavia.ai import AGENTS, make_agent

    if level not in LEVELS:
        raise ValueError(f"unknown level {str(level)[:20]!r}; one of {', '.join(LEVELS)}")
    for name, options in LEVELS[level]:
        if name not in AGENTS:
            continue
        try:
            make_agent(name, game, seed=0, **options)
        except ValueError:  # this game has no such agent yet
            continue
        return name, dict(options)
    return "random", {}


def make_level_agent(level: str, game: Any, seed: Any = None) -> Any:
    """An agent of ``level`` for ``game``, seeded."""
    from cardavia.ai import make_agent

    name, options = level_agent(level, game)
    return make_agent(name, game, seed=seed, **options)
