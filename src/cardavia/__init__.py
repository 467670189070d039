"""Cardavia: a compiled card-game engine for Python.

>>> import cardavia
>>> game = cardavia.load("doudizhu")
>>> state = game.new_state(seed=7)
"""
from __future__ import annotations

import importlib
import importlib.util

from cardavia.cards import CardSet, InvalidCardError, card_text, format_cards, parse_cards
from cardavia.game import (
    CHANCE,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    LegalMoves,
    Move,
    Observation,
    State,
)

__version__ = "0.1.0"

# Game name -> module defining ``GAME`` (its Game subclass).
GAMES = {
    "doudizhu": "cardavia.doudizhu",
    "guandan": "cardavia.guandan",
    "zhengshangyou": "cardavia.zhengshangyou",
    "shengji": "cardavia.shengji",
    "holdem": "cardavia.holdem",
    "updown": "cardavia.updown",
    "bridge": "cardavia.bridge",
}


def _game_class(name: str) -> type[Game]:
    if not isinstance(name, str) or name not in GAMES:
        known = ", ".join(available_games())
        raise ValueError(f"unknown game {name!r}; available: {known}")
    try:
        module = importlib.import_module(GAMES[name])
    except ModuleNotFoundError as e:
        if e.name == GAMES[name]:
            raise ValueError(f"game {name!r} is not part of this build yet") from None
        raise
    return module.GAME


def available_games() -> list[str]:
    """Names of the games this build plays."""
    out = []
    for name, module in GAMES.items():
        if importlib.util.find_spec(module) is not None:
            out.append(name)
    return out


def load(name: str, **options) -> Game:
    """The game called ``name`` (see ``available_games()``) with options."""
    return _game_class(name)(**options)


__all__ = [
    "CHANCE", "CardSet", "GAMES", "Game", "IllegalMoveError", "InvalidCardError",
    "InvalidMoveError", "LegalMoves", "Move", "Observation", "State",
    "available_games", "card_text", "format_cards", "load", "parse_cards",
]
