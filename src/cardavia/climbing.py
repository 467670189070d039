"""The Python layer shared by the climbing games (Dou Dizhu, Zheng Shangyou).

Both games keep their rules in one compiled module, ``cardavia._core.climb``:
the position of a deal (``Position``: legal moves, check, apply, returns) and
the move generation it uses.  This module turns it into the game-facing
pieces: move text parsing, hands given as cards, the lazy legal-move view and
the state that wraps a position.

Move text: ``pass``, ``bid 1``..``bid 3`` (Dou Dizhu), or a play written as
its ranks in ascending order in the RLCard notation ``3456789TJQKA2BR``
(``T`` or ``10`` for tens, ``B``/``R`` for the Black/Red Joker), e.g.
``"33344456"``.  When one set of ranks has several readings (DDZ-4.6), the
plain ranks mean the first reading in generation order and any reading can
be named with a prefix: ``"airplane_single_wings:33344456"``.  ``str(move)``
writes the prefix only when the move is not that default reading, so the
text of every move is unambiguous and reads back to the same move.
"""
from __future__ import annotations

import os
from typing import Any

from cardavia._core import climb as _core
from cardavia._core.rng import Random
from cardavia.cards import CardSet, InvalidCardError, card_text, to_card_ids
from cardavia.game import (ArgumentTypeError, IllegalMoveError, InvalidMoveError, LegalMoves, State,
                           randbelow)

KIND_NAMES = _core.KIND_NAMES
KIND = _core.KIND_IDS
"""Kind ids by name, from the core (``KIND["bomb"]``)."""
ERRORS = _core.ERRORS
"""Error codes of ``Position.check`` by name, from the core."""
RANK_CHARS = _core.RANK_CHARS
ClimbMove = _core.ClimbMove
Position = _core.Position
_FULL_PACK = (1 << 54) - 1
_parse_card_bits = _core.parse_card_bits


def bits_of(cards: Any) -> int:
    """Card text, a CardSet, card ids or a bit set of the 54-card pack to a
    bit set (each card once); InvalidCardError for anything else."""
    if type(cards) is str:
        return _parse_card_bits(cards)
    if isinstance(cards, CardSet):
        return cards.bits
    if isinstance(cards, bool):
        raise ArgumentTypeError(f"cards must be card text or ids, not {cards!r}")
    if isinstance(cards, int):
        if cards < 0 or cards > _FULL_PACK:
            raise InvalidCardError(f"a hand given as a bit set holds only bits 0-53 (card ids 0-53), "
                                   f"not {cards if abs(cards) < 1 << 70 else 'a huge number'}")
        return cards
    if isinstance(cards, (bytes, bytearray, dict, float)) or cards is None:
        raise ArgumentTypeError(f"cards must be card text or ids, not {type(cards).__name__}")
    bits = 0
    try:
        ids = to_card_ids(cards)
    except TypeError:
        raise ArgumentTypeError(f"cards must be card text or ids, not {type(cards).__name__}") from None
    for c in ids:
        b = 1 << c
        if bits & b:
            raise InvalidCardError(f"card {card_text(c)!r} is given twice")
        bits |= b
    return bits


cards_text = _core.cards_text
"""Cards of a bit set as text, ascending in climbing order (3 … A, 2, BJ, RJ)."""
cards_list = _core.cards_list
"""Cards of a bit set as a list of texts, ascending in climbing order."""
cards_ids = _core.cards_ids
"""Card ids of a bit set as a tuple, ascending in climbing order."""


def parse_play(game_id: int, text: str, rule: str, opening: bool = False) -> ClimbMove:
    """A play's text (ranks, optionally ``kind:`` first) to its move."""
    kind = None
    body = text
    if ":" in text:
        kind, _, body = text.partition(":")
        kind = kind.strip().lower()
        body = body.strip()
        if kind not in _core.KIND_IDS or kind in ("pass", "bid"):
            raise InvalidMoveError(f"{text!r}: unknown reading {kind!r}; readings are "
                                   + ", ".join(KIND_NAMES[1:-1]))
    try:
        counts = _core.parse_ranks(body)
    except ValueError as e:
        raise InvalidMoveError(f"{text!r} is not a move: {e}") from None
    readings = _core.classify(game_id, counts, False)
    if opening:
        readings = _core.classify(game_id, counts, True) + readings
    if kind is not None:
        if kind == "heavenly_bomb" and not opening:
            # Named explicitly: read it (the state refuses it after the opening).
            readings = _core.classify(game_id, counts, True)
        for m in readings:
            if m.kind == kind:
                return m
        raise IllegalMoveError(f"{body!r} cannot be read as {kind}", rule=rule)
    if not readings:
        raise IllegalMoveError(f"{body!r} is not a combination", rule=rule)
    return readings[0]


def counts_of(cards: Any, check_bits: Any = None) -> int:
    """Rank counts of a set of cards (card text or ids, a CardSet) or of ranks
    text such as ``"33344456"``; ``check_bits(bits)`` (when given) vets the
    bits of cards and returns them (or raises InvalidCardError)."""
    if isinstance(cards, str):
        try:
            bits = bits_of(cards)
        except InvalidCardError:
            try:
                return _core.parse_ranks(cards.replace(" ", ""))
            except ValueError:
                raise InvalidCardError(f"{cards!r} is neither cards nor ranks") from None
    else:
        bits = bits_of(cards)
    return _core.card_counts(bits if check_bits is None else check_bits(bits))


def coerce_last(game, last: Any) -> ClimbMove | None:
    if last is None:
        return None
    if isinstance(last, str):
        last = game.parse_move(last)
    if not isinstance(last, ClimbMove) or last.game != game.game_id:
        raise ArgumentTypeError(f"last must be a {game.name} move or its text, not {last!r}")
    return last if last.is_play else None


def seed_from(rng: Any) -> int:
    """One 64-bit seed drawn from ``rng``: a Cardavia ``Random``, a
    ``random.Random``, a NumPy ``Generator``, an int seed, or None (fresh)."""
    if rng is None:
        return int.from_bytes(os.urandom(8), "little")
    if isinstance(rng, Random):
        return rng.next_u64()
    if isinstance(rng, bool):
        raise ArgumentTypeError("rng must be a random generator or an int seed, not a bool")
    if isinstance(rng, int):
        if not 0 <= rng < 1 << 64:
            raise ValueError("an int rng is a seed in 0..2**64-1")
        return Random(rng).next_u64()
    if hasattr(rng, "getrandbits"):
        return rng.getrandbits(64)
    if hasattr(rng, "integers"):
        return int(rng.integers(0, 1 << 63)) << 1 | int(rng.integers(0, 2))
    raise ArgumentTypeError(f"rng must be a random.Random, a NumPy Generator, a cardavia Random "
                            f"or a seed, not {type(rng).__name__}")


class ClimbLegalMoves(_core.PlayView, LegalMoves):
    """Legal moves of a climbing game, listed by the compiled position
    (built as move values only when looked at).  Made by
    ``State.legal_moves()`` through ``_core.make_view``."""

    def __new__(cls, state):
        # ``ClimbLegalMoves(state)`` (the base-class way) gives the view the
        # state builds; the core makes views without calling this.
        return state.legal_moves()

    def __init__(self, state):
        pass

    def sample(self, rng: Any = None):
        """A uniform random legal move (``rng``: ``random.Random``, NumPy
        ``Generator``, Cardavia ``Random`` or a seed)."""
        total = len(self)
        if type(rng) is _PyRandom and total > 0:
            # Exactly random.Random.randrange(total), without its overhead.
            bits = total.bit_length()
            k = rng.getrandbits(bits)
            while k >= total:
                k = rng.getrandbits(bits)
            return self[k]
        return self[randbelow(rng, total)]

    __contains__ = LegalMoves.__contains__
    __repr__ = LegalMoves.__repr__


import random as _random  # noqa: E402

_PyRandom = _random.Random
_make_view = _core.make_view


class ClimbState(State):
    """What the climbing games' states share: the compiled position
    (``_pos``) that owns the rules, and the lazy legal-move view."""

    legal_moves_class = ClimbLegalMoves
    _pos: Any

    @property
    def current_player(self) -> int | None:
        return self._pos.current_player

    @property
    def is_over(self) -> bool:
        return self._pos.is_over

    @property
    def position(self):
        """A copy of the compiled position (for rollouts and analysis)."""
        return self._pos.copy()

    def hand(self, player: int) -> tuple:
        """The card ids in ``player``'s hand, ascending in climbing order."""
        return cards_ids(self._pos.hand_bits(player))

    @property
    def last_play(self):
        """The play to beat, or None when the player to move leads."""
        return self._pos.last_play

    @property
    def last_player(self) -> int | None:
        """Who made the play to beat (None when there is none)."""
        return self._pos.last_player

    @property
    def bombs(self) -> int:
        """Bombs (and rockets) played so far."""
        return self._pos.bombs

    @property
    def winner(self) -> int | None:
        """The seat that went out (None while the deal goes on)."""
        return self._pos.winner

    def legal_moves(self) -> ClimbLegalMoves:
        return _make_view(ClimbLegalMoves, self, self._pos)

    def _legal(self):
        return list(self.legal_moves())

    def returns(self) -> list:
        return list(self._pos.returns())

    def _copy(self):
        c = self._shallow_copy()
        c._pos = self._pos.copy()
        return c

    def _common_observation(self, player: int) -> dict:
        pos = self._pos
        last = pos.last_play
        return {
            "hand": cards_list(pos.hand_bits(player)),
            "hand_sizes": pos.hand_sizes(),
            "played": [cards_list(pos.played_bits(q)) for q in range(3)],
            "last_play": None if last is None else str(last),
            "last_player": pos.last_player,
            "bombs": pos.bombs,
        }
