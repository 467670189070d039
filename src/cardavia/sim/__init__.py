"""Simulation: the seeded runner (``cardavia simulate``), the duplicate
arena (``cardavia arena``) and their statistics."""
