"""Agents: the protocol (``Agent``), ``random``, ``heuristic``, the Monte
Carlo search ``mc`` and, for the climbing games, the information-set tree
search ``ismcts`` (``cardavia.ai.ismcts``), built by name with ``make_agent``.

On the command line an agent with options is written ``name:key=value,…``
(``mc:rollouts=2000``, ``mc:budget_ms=200,threads=2``); ``parse_spec``
reads that text and ``make_agent`` accepts it too.

Build an agent, choose a budget, measure it::

    import cardavia
    from cardavia.ai import make_agent
    from cardavia.sim import arena

    game = cardavia.load("doudizhu")
    mc = make_agent("mc", game, seed=1, rollouts=5000)    # reproducible anywhere
    fast = make_agent("mc", game, budget_ms=200)          # for play: not reproducible
    state = game.new_state(seed=7)
    move = mc.choose(state.observation(state.current_player), state.legal_moves())
    out = arena.run("doudizhu", ["mc:rollouts=2000", "heuristic"], 100, seed=0)
    out["results"]["mc:rollouts=2000"]["mean_score_ci"]

The ``mc`` options: ``rollouts`` (playouts per decision, default
``DEFAULT_ROLLOUTS``, smaller for Guandan: ``cardavia.ai.mc.default_rollouts``),
``budget_ms`` (a time budget instead), ``threads`` (spread the rollouts; the
choice does not change), ``max_candidates`` (pruning), ``bid_threshold`` and
``bid_step`` (Dou Dizhu's bidding), ``samples`` and ``nodes`` (Bridge's card
play: deals solved and the solver's work cap per card,
``cardavia.ai.bridge_play``); see ``cardavia.ai.mc``.
"""
from __future__ import annotations

import math

from typing import Any

from cardavia.ai.agent import Agent, HeuristicAgent, RandomAgent, play_out
from cardavia.ai.holdem_agents import BASELINES, RangeAgent
from cardavia.ai.ismcts import InformationSetMCTSAgent
from cardavia.ai.mc import DEFAULT_ROLLOUTS, MonteCarloAgent
from cardavia.ai.worlds import searchable, teams_of

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent, "mc": MonteCarloAgent,
                                  "ismcts": InformationSetMCTSAgent, **BASELINES}
"""The agents ``make_agent`` builds by name."""

_OPTIONS: dict[str, dict[str, type]] = {
    "random": {},
    "heuristic": {},
    "mc": {"rollouts": int, "budget_ms": float, "threads": int, "max_candidates": int,
           "bid_threshold": float, "bid_step": float, "samples": int, "nodes": int, "temperature": float},
    **{name: {} for name in BASELINES},
    "ismcts": {"iterations": int, "budget_ms": float, "c": float, "max_candidates": int, "bid_threshold": float,
               "bid_step": float},
}


_FACTORIES: dict[str, Any] = {}
"""Agents added with ``register_agent``: name -> factory(game, seed, **options)."""


def register_agent(name: str, factory: Any, options: dict[str, type] | None = None) -> None:
    """Make ``name`` buildable by ``make_agent`` (and so seatable in
    ``cardavia simulate``/``arena`` runs of this process and its forked
    workers): ``factory(game, seed=…, **options)`` returns an ``Agent``;
    ``options`` names its option types for specs (``name:key=value``).
    The built-in names cannot be replaced."""
    if not isinstance(name, str) or not name.isidentifier() or name in AGENTS:
        raise ValueError(f"cannot register an agent named {name!r}")
    if not callable(factory):
        raise ValueError("an agent factory must be callable")
    _OPTIONS[name] = dict(options or {})
    _FACTORIES[name] = factory


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mc:rollouts=2000,threads=2"`` to ``("mc", {"rollouts": 2000, "threads": 2})``."""
    if not isinstance(spec, str):
        raise ValueError(f"an agent is named by text, not {type(spec).__name__}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    if name not in AGENTS and name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; available: {', '.join(sorted({*AGENTS, *_FACTORIES}))}")
    options: dict[str, Any] = {}
    if rest.strip():
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            key, value = key.strip(), value.strip()
            kinds = _OPTIONS[name]
            if not eq or key not in kinds:
                known = ", ".join(sorted(kinds)) or "none"
                raise ValueError(f"agent {name}: bad option {item.strip()!r} (options: {known}; "
                                 f"write {name}:key=value,…)")
            if key in options:
                raise ValueError(f"agent {name}: option {key} given twice")
            try:
                options[key] = kinds[key](value)
            except ValueError:
                raise ValueError(f"agent {name}: {key} must be a number, not {value!r}") from None
            if not math.isfinite(options[key]):   # (int() of inf would overflow, of nan fail obscurely)
                raise ValueError(f"agent {name}: {key} must be a finite number, not {value[:40]!r}")
            if kinds[key] is float and options[key] == int(options[key]):
                options[key] = int(options[key])
    return name, options


def split_specs(text: str) -> list[str]:
    """A comma-separated list of agents to specs: a piece ``key=value``
    (no ``:``) continues the options of the agent before it, so
    ``"mc:rollouts=500,threads=2,heuristic"`` is ``["mc:rollouts=500,threads=2", "heuristic"]``."""
    out: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if "=" in piece and ":" not in piece and out:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def make_agent(name: str, game: Any, seed: Any = None, **options: Any) -> Agent:
    """Build the agent ``name`` (or a spec such as ``"mc:rollouts=500"``)
    for ``game`` (a Game or its name); ``options`` add to the spec's."""
    import cardavia

    base, spec_options = parse_spec(name)
    for k in options:
        if k not in _OPTIONS[base]:
            raise ValueError(f"agent {base} has no option {k!r}")
    spec_options.update(options)
    if isinstance(game, str):
        game = cardavia.load(game, match=False)
    if base in _FACTORIES:
        return _FACTORIES[base](game, seed=seed, **spec_options)
    if base == "random":
        return RandomAgent(seed=seed)
    if base in BASELINES:
        if game.name != "holdem":
            raise ValueError(f"{base} is a Hold'em baseline; {game.name} has no {base} agent")
        return BASELINES[base](game, seed=seed)
    if base == "mc" and game.name == "holdem":
        return _holdem_mc(game, seed, spec_options)
    if "temperature" in spec_options:
        raise ValueError(f"mc: temperature is an option of Hold'em's mc only, not of {game.name}'s")
    if not hasattr(game, "policy_move"):
        raise ValueError(f"{game.name} has no {base} agent yet")
    if base == "heuristic":
        return _with_bidding_system(game, HeuristicAgent(game, seed=seed))
    if not searchable(game):
        raise ValueError(f"{game.name} has no {base} agent yet (it needs the game's sample_world and rollout)")
    if base == "ismcts":
        return InformationSetMCTSAgent(game, seed=seed, **spec_options)
    return _with_bidding_system(game, MonteCarloAgent(game, seed=seed, **spec_options))


_HOLDEM_MC_OPTIONS = ("rollouts", "budget_ms", "temperature")


def _holdem_mc(game: Any, seed: Any, options: dict) -> Agent:
    """Hold'em's ``mc`` is the range search (``cardavia.ai.holdem_agents``)."""
    for k in options:
        if k not in _HOLDEM_MC_OPTIONS:
            raise ValueError(f"mc for holdem has no option {k!r} (options: {', '.join(_HOLDEM_MC_OPTIONS)})")
    return RangeAgent(game, seed=seed, **options)


def _with_bidding_system(game: Any, agent: Agent) -> Agent:
    """Bridge's agents bid with the bidding system (``cardavia.ai.bridge_bidding``)."""
    if getattr(game, "name", None) != "bridge":
        return agent
    from cardavia.ai.bridge_bidding import SystemAgent
    return SystemAgent(agent)


__all__ = ["AGENTS", "Agent", "DEFAULT_ROLLOUTS", "HeuristicAgent", "InformationSetMCTSAgent", "MonteCarloAgent",
           "RandomAgent", "make_agent", "parse_spec", "play_out", "register_agent", "searchable", "split_specs",
           "teams_of"]

register_agent("cfr", __import__("cardavia.ai.cfr", fromlist=["CFRAgent"]).CFRAgent, {"iterations": int, "wait": int})
