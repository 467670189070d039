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
    ArgumentTypeError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSetupError,
    LegalMoves,
    Move,
    Observation,
    Outcome,
    State,
    load_state_json,
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


def game_class(name: str) -> type[Game]:
    """The Game class of the game called ``name``."""
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
    """The game called ``name`` (see ``available_games()``) with options.

    ``match=False`` plays single deals of the match games and is accepted
    (and changes nothing) by the single-deal games.
    """
    return game_class(name)(**options)


def from_json(data) -> State:
    """Rebuild a state of any game from ``State.to_json()``: the JSON names
    its game and options."""
    data = load_state_json(data)
    name = data.get("game")
    if not isinstance(name, str) or name not in GAMES:   # (a list or an object names no game)
        raise InvalidSetupError(f"state JSON names an unknown game {str(name)[:40]!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise InvalidSetupError("the state JSON's \"options\" must be an object")
    return game_class(name)(**options).from_json(data)


__all__ = [
    "CHANCE", "ArgumentTypeError", "CardSet", "GAMES", "Game", "IllegalMoveError",
    "InvalidCardError", "InvalidMoveError", "InvalidSetupError", "LegalMoves", "Move",
    "Observation", "Outcome", "State", "available_games", "card_text", "format_cards",
    "from_json", "game_class", "load", "parse_cards",
]
