"""The English of the AI's explanations (``Agent.explain``): one message per id.

An agent explains a move with an id and its parameters, e.g. ``("open.nt",
{"low": 15, "high": 17})``; the page shows ``render_explanation(id, params)``.
An id missing here, or a message whose parameters are missing, falls back to
the id and the parameters as they are (``bid.1nt (low 15, high 17)``), so a
new agent's explanations show before their English is written.
"""
from __future__ import annotations

from typing import Any

MESSAGES: dict[str, str] = {
    # Any game.
    "play.only_move": "The only legal move",
    "play.heuristic": "The usual play here",
}


def render_explanation(ident: str, params: dict[str, Any]) -> str:
    """The English of an explanation (the id and parameters when it has none).
    Bridge calls are the bidding system's own messages
    (``cardavia.ai.bridge_bidding.system.MESSAGES``), rendered by it."""
    from cardavia.ai.bridge_bidding import system

    if ident in system.MESSAGES:
        try:
            return system.render(ident, params)
        except ValueError:
            pass
    template = MESSAGES.get(ident)
    if template is not None:
        try:
            return template.format_map(params)
        except (KeyError, IndexError, ValueError, AttributeError):
            pass
    if not params:
        return ident
    return f"{ident} ({', '.join(f'{k} {v}' for k, v in params.items())})"
