# Guandan combinations with wild cards (RULES.md §2, GD-4.2, GD-5).
#
# A hand is a count per card id (uint8[54], 0-2 copies: two packs).  Move
# generation works on "templates": a reading (shape, main rank) plus how many
# natural cards each rank contributes and how many wilds fill the rest.  The
# exact cards of a template are the suit choices within each rank; they are
# counted, ranked and unranked without being listed, so the legal moves can
# be counted and sampled uniformly without building them.
from libc.stdint cimport uint8_t, int8_t, uint64_t
from cardavia._core.rng cimport Rng

cdef enum:
    GD_SINGLE = 0
    GD_PAIR = 1
    GD_TRIPLE = 2
    GD_FULLHOUSE = 3
    GD_STRAIGHT = 4      # exactly 5 consecutive singles
    GD_PAIRS = 5         # exactly 3 consecutive pairs
    GD_TRIPLES = 6       # exactly 2 consecutive triples
    GD_BOMB = 7          # 4-10 cards of one rank
    GD_SFLUSH = 8        # 5 consecutive cards of one suit
    GD_JOKERBOMB = 9     # BJ BJ RJ RJ
    GD_NSHAPES = 10
    GD_RANK_BJ = 13      # "rank" of the Black Joker in parts and main ranks
    GD_RANK_RJ = 14
    GD_MAX_TMPL = 4096
    GD_NSECTIONS = 105   # template sections (see guandan.pyx)

ctypedef struct GdPart:
    int8_t rank          # 0-12 natural rank (2..A), 13 BJ, 14 RJ
    uint8_t k            # natural cards of that rank taken

ctypedef struct GdTmpl:
    int8_t shape
    int8_t main          # natural rank index 0-14; sequences: highest natural rank
    int8_t suit          # -1: any suits; 0-3: straight flush suit
    uint8_t wilds
    uint8_t n
    uint8_t nparts
    GdPart parts[5]
    uint64_t count       # number of distinct card choices

ctypedef struct GdHand:
    uint8_t cnt[54]
    int level            # level rank index 0-12
    int wild             # card id of the wild (heart of the level rank)
    int W                # wilds held
    uint8_t nat[15]      # natural (non-wild) cards per rank; 13 BJ, 14 RJ
    uint8_t sc[15][4]    # natural copies per rank and suit
    uint64_t suf[15][5][11]  # ways to pick k cards from suits s..3 of a rank
    bint bsf_ok          # bsf holds this hand's counts (reset on any change)
    uint64_t bsf[53]     # plays of the bomb and straight flush sections, not after a bomb

cdef void gd_prepare(GdHand* h, const uint8_t* cnt, int level) noexcept nogil
cdef void gd_remove(GdHand* h, const uint8_t* cards, int m) noexcept nogil
cdef int gd_generate(const GdHand* h, int lshape, int lmain, int ln,
                     GdTmpl* out, int cap) noexcept nogil
cdef uint64_t gd_count(GdHand* h, int lshape, int lmain, int ln,
                       uint64_t* cum) noexcept nogil
cdef int gd_play_at(const GdHand* h, int lshape, int lmain, int ln, const uint64_t* cum,
                    uint64_t idx, GdTmpl* t, uint8_t* cards) noexcept nogil
cdef int gd_unrank(const GdHand* h, const GdTmpl* t, uint64_t idx, uint8_t* cards) noexcept nogil
cdef bint gd_beats(int shape, int main, int n, int lshape, int lmain, int ln, int level) noexcept nogil
cdef int gd_value(int main, int level) noexcept nogil
cdef int gd_random_deal(Rng* r, int level, int leader, uint8_t* hands,
                        int* order, uint64_t* trace, int trace_cap) noexcept nogil
