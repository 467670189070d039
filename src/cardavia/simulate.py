"""Seeded simulation of many deals (kept for ``from cardavia import simulate``):
see ``cardavia.sim.runner``."""
from cardavia.sim.runner import Progress, play_deals, run

__all__ = ["Progress", "play_deals", "run"]
