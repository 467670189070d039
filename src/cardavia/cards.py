"""The canonical card encoding (see DESIGN.md "Cards"), from the compiled core."""
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

__all__ = [
    "BLACK_JOKER", "RED_JOKER", "ORDERS", "ORDER_RANK_CHARS", "RANK_CHARS",
    "SUIT_CHARS", "CardSet", "InvalidCardError", "card_id", "card_text",
    "format_cards", "parse_cards", "sort_key", "to_card_ids",
]
