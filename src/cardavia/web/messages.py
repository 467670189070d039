"""The English of the AI's explanations (``Agent.explain``): one message per id.

An agent explains a move with an id and its parameters, e.g. ``("bid.1nt",
{"low": 15, "high": 17})``; the page shows ``render_explanation(id, params)``.
An id missing here, or a message whose parameters are missing, falls back to
the id and the parameters as they are (``bid.1nt (low 15, high 17)``), so a
new agent's explanations show before their English is written.
"""
from __future__ import annotations

from typing import Any

MESSAGES: dict[str, str] = {
    # Bridge bidding (the ids of the bidding system's agent).
    "bid.pass": "Pass: nothing worth showing",
    "bid.1nt": "{low}-{high} points and a balanced hand",
    "bid.2nt": "{low}-{high} points and a balanced hand",
    "bid.open_suit": "An opening bid: {low}-{high} points, the longest suit",
    "bid.open_major": "An opening bid: {low}-{high} points and five or more cards in the major",
    "bid.raise": "Support for partner's suit and {low}-{high} points",
    "bid.stayman": "Stayman: asks partner for a four-card major",
    "bid.transfer": "A transfer: shows five or more {suit}",
    "bid.overcall": "An overcall: {low}-{high} points and a good suit",
    "bid.takeout_double": "A takeout double: short in their suit, support for the others",
    "bid.game": "Enough points between the two hands for game",
    "bid.slam": "Enough points between the two hands for slam",
    # Any game.
    "play.only_move": "The only legal move",
    "play.heuristic": "The usual play here",
}


def render_explanation(ident: str, params: dict[str, Any]) -> str:
    """The English of an explanation (the id and parameters when it has none)."""
    template = MESSAGES.get(ident)
    if template is not None:
        try:
            return template.format_map(params)
        except (KeyError, IndexError, ValueError, AttributeError):
            pass
    if not params:
        return ident
    return f"{ident} ({', '.join(f'{k} {v}' for k, v in params.items())})"
