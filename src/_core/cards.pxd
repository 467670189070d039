# The canonical card encoding shared by every game (DESIGN.md "Cards"):
# id = 4 * rank + suit, rank 0-12 = 2..A, suit 0-3 = clubs, diamonds,
# hearts, spades; 52 = Black Joker, 53 = Red Joker.  A single pack is a
# uint64 bit set with bit `id` set for each card.
from libc.stdint cimport uint64_t, uint8_t

cdef extern from "bits.h":
    int cv_popcount(uint64_t x) noexcept nogil
    int cv_ctz(uint64_t x) noexcept nogil
    int cv_clz(uint64_t x) noexcept nogil

cdef enum:
    BLACK_JOKER = 52
    RED_JOKER = 53
    NUM_CARDS = 54

cdef inline int card_rank(int card) noexcept nogil:
    """Poker rank 0-12 (2..A); 13 Black Joker, 14 Red Joker."""
    return (card >> 2) if card < 52 else card - 39

cdef inline int card_suit(int card) noexcept nogil:
    return card & 3

cdef inline int climb_rank(int card) noexcept nogil:
    """Dou Dizhu / Run Fast order 0-14: 3..K, A, 2, Black Joker, Red Joker."""
    return ((card >> 2) + 12) % 13 if card < 52 else card - 39

cdef inline int pop_lowest(uint64_t* bits) noexcept nogil:
    """Remove and return the lowest card id of a non-empty set."""
    cdef int c = cv_ctz(bits[0])
    bits[0] &= bits[0] - 1
    return c

cdef inline uint64_t climb_counts(uint64_t bits) noexcept nogil:
    """Rank counts in climbing order, 4 bits per rank (nibble r = rank r)."""
    cdef uint64_t counts = 0
    while bits:
        counts += (<uint64_t>1) << (4 * climb_rank(pop_lowest(&bits)))
    return counts

cdef class CardSet:
    cdef readonly uint64_t bits
    cdef CardSet _make(self, uint64_t bits)
