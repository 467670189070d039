# Poker hand ranking (RULES.md TH-4) for every module of the compiled core.
from libc.stdint cimport uint8_t

# Strength of the best five of ``n`` (5, 6 or 7) distinct cards given as
# canonical ids 0..51: higher is better, equal means a tie.  The value is
# ``category << 12 | index`` (category 0 high card .. 8 straight flush,
# index dense within the category), so ``rank >> 12`` is the category.
cdef int rank_hand(const uint8_t* cards, int n) noexcept nogil
