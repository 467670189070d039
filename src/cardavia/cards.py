"""The canonical card encoding (see DESIGN.md "Cards"), from the compiled core."""
from __future__ import annotations

from typing import Any

from cardavia._core.cards import (
    ORDER_RANK_CHARS,
    ORDERS,
    RANK_CHARS,
    SUIT_CHARS,
    CardSet,
    InvalidCardError,
    card_id,
    card_text,
    format_cards,
    parse_cards,
    sort_key,
    to_card_ids,
)

BLACK_JOKER = 52
RED_JOKER = 53


def two_pack_counts(cards: Any) -> bytes:
    """The number of copies (0-2) of each of the 54 card ids in ``cards``
    (card text or ids) drawn from two packs; ValueError for a third copy."""
    counts = bytearray(54)
    for c in to_card_ids(cards):
        counts[c] += 1
        if counts[c] > 2:
            raise ValueError(f"more than two copies of {card_text(c)}: two packs hold two of each card")
    return bytes(counts)


def rank_index(rank: Any, what: str = "rank") -> int:
    """A rank as index 0-12 (2..A) from rank text (``"5"``, ``"10"``/``"T"``,
    ``"J"`` … ``"A"``) or its face value as an int 2-14 (J=11, Q=12, K=13,
    A=14).  ``what`` names the value in the ValueError raised otherwise
    (e.g. ``"level"``)."""
    if isinstance(rank, bool):
        raise ValueError(f"bad {what} {rank!r}")
    if isinstance(rank, int):
        if 2 <= rank <= 14:
            return rank - 2
        raise ValueError(f"{what} must be 2-14 (J=11, Q=12, K=13, A=14), got {rank}")
    if isinstance(rank, str):
        t = rank.strip().upper()
        if t == "10":
            return 8
        if len(t) == 1 and t in RANK_CHARS:
            return RANK_CHARS.index(t)
    raise ValueError(f"bad {what} {rank!r}: use 2-14 or a rank 2-10 (or T), J, Q, K, A")

__all__ = [
    "BLACK_JOKER", "RED_JOKER", "ORDERS", "ORDER_RANK_CHARS", "RANK_CHARS",
    "SUIT_CHARS", "CardSet", "InvalidCardError", "card_id", "card_text",
    "format_cards", "parse_cards", "rank_index", "sort_key", "to_card_ids", "two_pack_counts",
]
