"""Cards: the canonical ids, the ``CardSet`` bit set, and card text.

Text forms: ``"3h"``, ``"Ts"`` or ``"10s"``, ``"BJ"`` / ``"RJ"`` for the jokers;
suits may also be Unicode (``"A♠"``).  Several cards may be separated by
spaces or commas, or written together (``"AhKh"``).
"""
from libc.stdint cimport uint64_t

from cardavia._core.errors import ArgumentTypeError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
_RANKS = {c: i for i, c in enumerate(RANK_CHARS)}
_RANKS.update({"t": 8, "j": 9, "q": 10, "k": 11, "a": 12})
_SUITS = {"c": 0, "d": 1, "h": 2, "s": 3,
          "♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_JOKERS = {"BJ": 52, "RJ": 53}
_FULL = (1 << 54) - 1

# Rank orders of each family of games, as (card id -> rank index) tables.
ORDERS = {
    "poker": tuple(card_rank(c) for c in range(54)),
    "climbing": tuple(climb_rank(c) for c in range(54)),
}
ORDER_RANK_CHARS = {
    "poker": "23456789TJQKABR",
    "climbing": "3456789TJQKA2BR",
}


class InvalidCardError(ValueError):
    """Card text that does not name a card."""


def card_text(card):
    """``"3h"``, ``"Ts"``, ``"BJ"``, ``"RJ"`` for a card id 0-53."""
    if isinstance(card, bool) or not isinstance(card, int):
        raise ArgumentTypeError(f"a card id is an int 0-53, not {type(card).__name__}")
    if card < 0 or card > 53:
        raise InvalidCardError(f"card id {card if abs(card) < 1 << 64 else 'a huge number'} is out of range 0-53")
    if card >= 52:
        return "BJ" if card == 52 else "RJ"
    return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3]


def _bad(token, text, why):
    where = "" if token == text else f" in {text!r}"
    return InvalidCardError(f"bad card {token!r}{where}: {why}")


def parse_cards(text):
    """Parse card text into a list of card ids, in the order written.

    Duplicates are kept (two-pack games hold two copies of a card).
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"card text must be a str, not {type(text).__name__}")
    out = []
    for chunk in text.replace(",", " ").split():
        i = 0
        n = len(chunk)
        while i < n:
            head = chunk[i:i + 2].upper()
            if head in _JOKERS:
                out.append(_JOKERS[head])
                i += 2
                continue
            if chunk[i:i + 2] == "10":
                rank, i2 = 8, i + 2
            elif chunk[i] in _RANKS:
                rank, i2 = _RANKS[chunk[i]], i + 1
            else:
                raise _bad(chunk[i:i + 2] or chunk, text,
                           "expected a rank 2-9, T/10, J, Q, K, A or a joker BJ/RJ")
            if i2 >= n:
                raise _bad(chunk[i:], text, "a suit c, d, h, s (or ♣ ♦ ♥ ♠) must follow the rank")
            suit = _SUITS.get(chunk[i2].lower())
            if suit is None:
                raise _bad(chunk[i:i2 + 1], text, "expected a suit c, d, h, s (or ♣ ♦ ♥ ♠)")
            out.append(4 * rank + suit)
            i = i2 + 1
    return out


def card_id(text):
    """The id of exactly one card given as text."""
    ids = parse_cards(text)
    if len(ids) != 1:
        raise InvalidCardError(f"expected exactly one card, got {text!r}")
    return ids[0]


def to_card_ids(cards):
    """Accept card text, a CardSet or an iterable of ids; return a list of ids."""
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, CardSet):
        return list(cards)
    try:
        items = iter(cards)
    except TypeError:
        raise ArgumentTypeError(f"cards are card text, a CardSet or card ids, not {type(cards).__name__}") from None
    out = []
    for c in items:
        if isinstance(c, str):
            out.extend(parse_cards(c))
            continue
        try:
            v = int(c)
        except (TypeError, ValueError, OverflowError):
            raise InvalidCardError(f"bad card {c!r:.40}: expected card text or an id 0-53") from None
        if v != c or v < 0 or v > 53 or isinstance(c, bool):
            raise InvalidCardError(f"bad card {c!r:.40}: card ids are integers 0-53")
        out.append(v)
    return out


def sort_key(order="poker"):
    """A key function sorting card ids by a game's rank order, then suit."""
    if not isinstance(order, str) or order not in ORDERS:
        raise ValueError(f"unknown rank order {order!r:.40}; known: {', '.join(ORDERS)}")
    table = ORDERS[order]
    return lambda c: (table[c], c)


def format_cards(cards, order="poker"):
    """Cards as text, sorted ascending in the given rank order."""
    ids = sorted(to_card_ids(cards), key=sort_key(order))
    return " ".join(card_text(c) for c in ids)


cdef class CardSet:
    """An immutable set of cards from one pack, stored as a 54-bit mask.

    >>> CardSet("3h 3s BJ") | CardSet("4d")
    CardSet('3h 3s 4d BJ')
    """

    def __init__(self, cards=()):
        cdef uint64_t bits = 0
        cdef uint64_t b
        if isinstance(cards, CardSet):
            self.bits = (<CardSet>cards).bits
            return
        for c in to_card_ids(cards):
            b = (<uint64_t>1) << c
            if bits & b:
                raise InvalidCardError(f"card {card_text(c)!r} appears twice in one pack")
            bits |= b
        self.bits = bits

    @staticmethod
    def from_bits(bits):
        """Build from an integer mask whose bit ``id`` marks card ``id``."""
        if isinstance(bits, bool) or not isinstance(bits, int):
            raise ArgumentTypeError(f"a card set mask is an int, not {type(bits).__name__}")
        if bits < 0 or bits > _FULL:
            raise ValueError(f"card set mask must lie in 0..2**54-1, got {bits if abs(bits) < 1 << 64 else 'a huge number'}")
        cdef CardSet s = CardSet.__new__(CardSet)
        s.bits = bits
        return s

    @staticmethod
    def full_pack(jokers=True):
        return CardSet.from_bits(_FULL if jokers else (1 << 52) - 1)

    cdef CardSet _make(self, uint64_t bits):
        cdef CardSet s = CardSet.__new__(CardSet)
        s.bits = bits
        return s

    def __len__(self):
        return cv_popcount(self.bits)

    def __bool__(self):
        return self.bits != 0

    def __iter__(self):
        cdef uint64_t b = self.bits
        while b:
            yield pop_lowest(&b)

    def __contains__(self, card):
        if isinstance(card, str):
            card = card_id(card)
        if not isinstance(card, int) or card < 0 or card > 53:
            return False
        return (self.bits >> card) & 1 == 1

    def _coerce(self, other):
        return other if isinstance(other, CardSet) else CardSet(other)

    def __or__(self, other):
        return self._make(self.bits | (<CardSet>self._coerce(other)).bits)

    def __and__(self, other):
        return self._make(self.bits & (<CardSet>self._coerce(other)).bits)

    def __sub__(self, other):
        return self._make(self.bits & ~(<CardSet>self._coerce(other)).bits)

    def __xor__(self, other):
        return self._make(self.bits ^ (<CardSet>self._coerce(other)).bits)

    def union(self, other):
        return self | other

    def difference(self, other):
        return self - other

    def issubset(self, other):
        cdef uint64_t o = (<CardSet>self._coerce(other)).bits
        return self.bits & ~o == 0

    def __le__(self, other):
        return self.issubset(other)

    def __eq__(self, other):
        if isinstance(other, CardSet):
            return self.bits == (<CardSet>other).bits
        return NotImplemented

    def __hash__(self):
        return hash(("CardSet", self.bits))

    def rank_counts(self, order="poker"):
        """How many cards of each rank, indexed by the game's rank order.

        ``"poker"``: 2..A then the two jokers (15 entries);
        ``"climbing"`` (Dou Dizhu, Run Fast): 3..A, 2, BJ, RJ (15 entries).
        """
        cdef uint64_t b = self.bits
        if order not in ORDERS:
            raise ValueError(f"unknown rank order {order!r}; known: {', '.join(ORDERS)}")
        counts = [0] * 15
        table = ORDERS[order]
        while b:
            counts[table[pop_lowest(&b)]] += 1
        return counts

    def suit(self, suit):
        """The cards of one suit (0 clubs .. 3 spades)."""
        if isinstance(suit, bool) or not isinstance(suit, int):
            raise ArgumentTypeError(f"a suit is an int 0-3 (clubs .. spades), not {type(suit).__name__}")
        if not 0 <= suit <= 3:
            raise ValueError(f"a suit is 0-3 (clubs, diamonds, hearts, spades), got {suit if abs(suit) < 1 << 64 else 'a huge number'}")
        return self._make(self.bits & <uint64_t>(0x1111111111111 << suit))

    def format(self, order="poker"):
        return format_cards(list(self), order)

    def __str__(self):
        return " ".join(card_text(c) for c in self)

    def __repr__(self):
        return f"CardSet({str(self)!r})"

    def __reduce__(self):
        return (CardSet.from_bits, (self.bits,))
