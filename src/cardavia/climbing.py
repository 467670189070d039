"""The Python layer shared by the climbing games (Dou Dizhu, Zheng Shangyou).

Both games reason on rank counts and generate their moves in one compiled
module, ``cardavia._core.climb``; this module turns its results into the
game-facing pieces: move text parsing, hands given as cards, and the lazy
legal-move view.

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

from typing import Any

from cardavia._core import climb as _core
from cardavia.cards import CardSet, InvalidCardError, card_text, to_card_ids
from cardavia.game import IllegalMoveError, InvalidMoveError, LegalMoves, State

KIND_NAMES = _core.KIND_NAMES
RANK_CHARS = _core.RANK_CHARS
ClimbMove = _core.ClimbMove


def bits_of(cards: Any) -> int:
    """Card text, a CardSet or card ids to a bit set (each card once)."""
    if isinstance(cards, CardSet):
        return cards.bits
    if isinstance(cards, int) and not isinstance(cards, bool):
        return cards
    bits = 0
    for c in to_card_ids(cards):
        b = 1 << c
        if bits & b:
            raise InvalidCardError(f"card {card_text(c)!r} is given twice")
        bits |= b
    return bits


cards_text = _core.cards_text
"""Cards of a bit set as text, ascending in climbing order (3 … A, 2, BJ, RJ)."""


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
        raise TypeError(f"last must be a {game.name} move or its text, not {last!r}")
    return last if last.is_play else None


class ClimbLegalMoves(_core.PlayView, LegalMoves):
    """Legal moves of a climbing game: plays generated in the compiled core
    (built as move values only when looked at) plus pass or bids.  Made by
    ``State.legal_moves()`` through ``_core.make_view``."""

    def __new__(cls, state):
        # ``ClimbLegalMoves(state)`` (the base-class way) gives the view the
        # state builds; the core makes views without calling this.
        return state.legal_moves()

    def __init__(self, state):
        pass

    __contains__ = LegalMoves.__contains__
    __repr__ = LegalMoves.__repr__


class ClimbState(State):
    """What the climbing games' states share: hands as bit sets
    (``_hands``), their rank counts (``_counts``), the cards each seat has
    played (``_played``) and its number of plays (``_plays``), and the lazy
    legal-move view."""

    legal_moves_class = ClimbLegalMoves

    def hand(self, player: int) -> str:
        return cards_text(self._hands[player])

    def _legal(self):
        return list(self.legal_moves())

    def _copy(self):
        c = self._shallow_copy()
        c._hands = list(self._hands)
        c._counts = list(self._counts)
        c._played = list(self._played)
        c._plays = list(self._plays)
        return c
