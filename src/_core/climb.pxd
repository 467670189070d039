# Shared climbing-game machinery (Dou Dizhu, Zheng Shangyou): rank counts,
# shape detection and move generation, parameterised by a small rules struct.
#
# Ranks are the climbing order of cards.pxd: 0-11 = 3..A, 12 = 2,
# 13 = Black Joker, 14 = Red Joker.  A set of cards is reasoned on as rank
# counts: 4-bit nibbles of a uint64 (nibble r = how many cards of rank r).
from libc.stdint cimport uint64_t, uint8_t

cdef enum:
    R_A = 11
    R_2 = 12
    R_BJ = 13
    R_RJ = 14
    NUM_RANKS = 15

# Kinds of moves, shared by every climbing game (a game's rules decide
# which of them exist).
cdef enum:
    K_PASS = 0
    K_SINGLE = 1
    K_PAIR = 2
    K_TRIPLE = 3
    K_TRIPLE_SINGLE = 4
    K_TRIPLE_PAIR = 5
    K_STRAIGHT = 6
    K_PAIR_RUN = 7
    K_AIRPLANE = 8
    K_AIRPLANE_SINGLE = 9
    K_AIRPLANE_PAIR = 10
    K_FOUR_TWO_SINGLES = 11
    K_FOUR_TWO_PAIRS = 12
    K_BOMB = 13
    K_ACE_BOMB = 14
    K_HEAVENLY = 15
    K_ROCKET = 16
    K_BID = 17
    NUM_KINDS = 18

cdef enum:
    GAME_DDZ = 0
    GAME_ZSY = 1

ctypedef struct CMove:
    uint64_t counts    # rank counts of the cards played (nibbles)
    uint8_t kind       # K_*
    uint8_t rank       # main rank: the (lowest) core rank; the bid for K_BID
    uint8_t length     # chain length (ranks in the core); 1 for other shapes
    uint8_t ncards

ctypedef struct Rules:
    int game
    int seq_max         # highest rank allowed in sequences (R_A: no 2, no joker)
    int min_straight
    int min_pair_run
    int min_airplane    # 0: no airplanes
    int triple_kickers  # triple with a single / with a pair
    int wings           # airplanes with single or pair wings
    int four_two        # four with two singles / two pairs
    int rocket          # BJ + RJ
    int ace_bomb        # three Aces are the top bomb, never a triple
    int heavenly        # four 3s as the opening play: the heavenly bomb

ctypedef struct Gen:
    CMove* out
    int n
    int cap
    int overflow
    uint64_t exact      # nonzero: emit only moves of exactly these counts
    int opening         # the first play of the deal (ZSY: must hold a 3)

cdef Rules* game_rules(int game) noexcept nogil
cdef void counts_to_array(uint64_t counts, uint8_t* cnt) noexcept nogil
cdef bint counts_le(uint64_t a, uint64_t b) noexcept nogil
cdef int bomb_power(const CMove* m) noexcept nogil
cdef bint beats(const CMove* a, const CMove* last) noexcept nogil
cdef void gen_kind(const uint8_t* cnt, const Rules* R, int kind, int length,
                   int minrank, Gen* g) noexcept nogil
cdef void gen_leading(const uint8_t* cnt, const Rules* R, Gen* g) noexcept nogil
cdef void gen_responses(const uint8_t* cnt, const Rules* R, const CMove* last,
                        Gen* g) noexcept nogil
