"""Cardavia's one family of exceptions: every bad argument is a ValueError.

They live in the core so that compiled modules raise them too; ``cardavia``
and ``cardavia.game`` re-export them.
"""
from __future__ import annotations


class IllegalMoveError(ValueError):
    """A move the rules forbid; ``rule`` is the RULES.md id it breaks.

    ``msgid`` and ``params`` let a page translate it: ``msgid`` is the English
    template (``message`` is its English, filled), a catalog's msgid."""

    def __init__(self, message: str, rule: str | None = None, *, msgid: str | None = None,
                 params: dict | None = None):
        self.rule = rule
        self.msgid = msgid
        self.params = params or {}
        super().__init__(f"{message} ({rule})" if rule else message)


class InvalidMoveError(ValueError):
    """Move text that does not parse as a move of the game."""


class InvalidSetupError(ValueError):
    """A setup (``from_hands``, ``from_json``, ``from_deal``, options) that no
    deal of the rules could reach; ``rule`` is the RULES.md id it breaks."""

    def __init__(self, message: str, rule: str | None = None, *, msgid: str | None = None,
                 params: dict | None = None):
        self.rule = rule
        self.msgid = msgid
        self.params = params or {}
        super().__init__(f"{message} ({rule})" if rule else message)


class ArgumentTypeError(TypeError, ValueError):
    """An argument of the wrong type: both a ``TypeError`` and, like every
    other bad input to Cardavia, a ``ValueError``."""


# Tracebacks name them where users import them from.
for _cls in (IllegalMoveError, InvalidMoveError, InvalidSetupError, ArgumentTypeError):
    _cls.__module__ = "cardavia"
del _cls
