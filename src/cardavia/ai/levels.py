"""The opponents' strength levels a person picks at a table (``cardavia play``
and ``cardavia serve``): each level names agents to try in order, and the
first one that exists and plays the game wins."""
from __future__ import annotations

from typing import Any

from cardavia.ai import ismcts, mc

FIFTH: dict = {"budget": 1 / 5}
"""Options of a searching agent at a fifth of its game's default budget."""
BUDGET_SHARES = {"ismcts": ismcts.budget_share, "mc": mc.budget_share}
"""A searching agent's options at a share of its default budget for a game."""
# Where the arena found information-set MCTS stronger than flat Monte Carlo
# at equal time (Dou Dizhu, Zheng Shangyou: bench/bench_ismcts.py), the
# searching levels try it first; elsewhere ismcts is refused and mc plays.
# The duel's hard level is its solved equilibrium (``cfr``; against mc: +0.57
# chips a deal [+0.21, +0.94], 400 deals, seed 5; 67 % of 200 matches won,
# +0.34 a match [+0.20, +0.48], seed 7); a deal not yet solved is played by
# mc while a background thread solves it (``wait=0``).
LEVELS: dict[str, tuple[tuple[str, dict], ...]] = {
    "easy": (("heuristic", {}), ("random", {})),
    "normal": (("ismcts", FIFTH), ("mc", FIFTH), ("heuristic", {}), ("random", {})),
    "hard": (("cfr", {"wait": 0}), ("ismcts", {}), ("mc", {}), ("heuristic", {}), ("random", {})),
}
LEVEL_TITLES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
DEFAULT_LEVEL = "normal"
"""What a person plays against unless they choose, in the terminal and on the web: the Monte
Carlo AI at a fifth of its budget (a move in a fraction of a second)."""


def level_agent(level: str, game: Any) -> tuple[str, dict]:
    """The agent name and options that play ``game`` at ``level``."""
    from cardavia.ai import make_agent

    if level not in LEVELS:
        raise ValueError(f"unknown level {str(level)[:20]!r}; one of {', '.join(LEVELS)}")
    for name, _ in LEVELS[level]:
        options = level_options(level, name, game)
        try:
            make_agent(name, game, seed=0, **options)
        except ValueError:  # this game has no such agent yet
            continue
        return name, dict(options)
    return "random", {}


def level_options(level: str, name: str, game: Any) -> dict:
    """The options agent ``name`` plays ``game`` with at ``level`` (a budget
    share such as FIFTH made concrete by the agent: ``BUDGET_SHARES``); {}
    where the level does not list it."""
    options = next((o for n, o in LEVELS.get(level, ()) if n == name), {})
    if "budget" in options:
        return BUDGET_SHARES[name](game, options["budget"])
    return dict(options)


def make_level_agent(level: str, game: Any, seed: Any = None) -> Any:
    """An agent of ``level`` for ``game``, seeded."""
    from cardavia.ai import make_agent

    name, options = level_agent(level, game)
    return make_agent(name, game, seed=seed, **options)
