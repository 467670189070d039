"""Agents (kept for ``from cardavia.agents import …``): see ``cardavia.ai``."""
from cardavia.ai import AGENTS, Agent, HeuristicAgent, MonteCarloAgent, RandomAgent, make_agent, parse_spec, play_out

__all__ = ["AGENTS", "Agent", "HeuristicAgent", "MonteCarloAgent", "RandomAgent", "make_agent", "parse_spec",
           "play_out"]
