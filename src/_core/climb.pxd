# Shared climbing-game machinery (Dou Dizhu, Zheng Shangyou): rank counts,
# shape detection and move generation, parameterised by a small rules struct.
#
# Ranks are the climbing order of cards.pxd: 0-11 = 3..A, 12 = 2,
# 13 = Black Joker, 14 = Red Joker.  A set of cards is reasoned on as rank
# counts: 4-bit nibbles of a uint64 (nibble r = how many cards of rank r).
from libc.stdint cimport uint64_t, uint8_t, int16_t
from cardavia._core.rng cimport Rng

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

cdef int generate_c(int game, uint64_t hand, const CMove* last, int opening,
                    CMove* buf, int cap) noexcept nogil


# ---------------------------------------------------------------------------
# The position of a deal (RULES.md sections 1 and 3): every rule of play,
# bidding and scoring lives in the pos_* functions of climb.pyx, which the
# Python states, the compiled self-play loops, the world sampler and the
# rollouts all drive.

cdef enum:
    PH_BID = 0
    PH_PLAY = 1
    PH_OVER = 2

# Why pos_check refuses a move (the Python layer names the rule).
cdef enum:
    E_OK = 0
    E_OVER = 1           # the deal is over
    E_BID_FIRST = 2      # a play during the bidding (DDZ-2.2)
    E_BID_LOW = 3        # a bid not above the highest (DDZ-2.2)
    E_BID_OVER = 4       # a bid after the bidding (DDZ-2.3); no bids in ZSY
    E_LEADER_PASS = 5    # DDZ-3.1, ZSY-3.3
    E_NOT_HELD = 6       # the cards are not in hand (DDZ-3.1, ZSY-3.1)
    E_MUST_BEAT = 7      # a pass with a response in hand (ZSY-3.2)
    E_OPENING_3H = 8     # the opening play lacks the 3 of hearts (ZSY-2.3)
    E_OPENING_FOUR_3S = 9  # four 3s at the opening are the heavenly bomb (ZSY-4.4)
    E_HEAVENLY_LATE = 10   # the heavenly bomb after the opening (ZSY-4.4)
    E_NOT_BEAT = 11      # does not beat the play on the table
    NUM_ERRORS = 12

# Reasons of Zheng Shangyou settlement lines (ZSY-5).
cdef enum:
    Z_BONUS_ROUND = 0    # response bomb unbeaten in the round
    Z_BONUS_END = 1      # response bomb ending the deal
    Z_LEFT = 2           # cards left
    Z_LEFT_DOUBLED = 3   # cards left, doubled: never played
    Z_TWO_SPADES = 4     # 2 of spades in hand
    Z_UNPLAYED_BOMB = 5  # an unplayed bomb

cdef enum:
    MAX_LINES = 48
    MAX_BIDS = 16

ctypedef struct ZLine:
    CMove move           # the bomb of a bonus or unplayed-bomb line
    int16_t points
    uint8_t payer
    uint8_t payee
    uint8_t reason       # Z_*
    uint8_t ncards       # cards left (Z_LEFT*)

ctypedef struct Pos:
    int game             # GAME_DDZ / GAME_ZSY
    int phase            # PH_*
    int cur              # the player to move
    uint64_t hand[3]     # card bit sets
    uint64_t counts[3]   # their rank counts
    uint64_t played[3]   # cards each seat has played
    int plays[3]         # plays (not passes) each seat has made
    CMove last           # the play to beat (when has_last)
    int has_last
    int last_player      # -1: none
    int passes           # consecutive passes since the last play
    int bombs            # bombs (and rockets) played
    int winner           # -1 while the deal goes on
    # Dou Dizhu
    uint64_t bottom
    int landlord, bid, high, high_bidder, npass, first_bidder
    int mult, redeals, spring
    int nbids
    uint8_t bids[MAX_BIDS]   # this round's bids (0 = pass)
    Rng rng              # redeals (DDZ-2.5)
    # Zheng Shangyou
    int opening          # the first play of the deal is to come
    int pending          # owner of a response bomb awaiting its bonus, or -1
    int score[3]
    int nlines
    ZLine lines[MAX_LINES]

cdef void pos_new_ddz(Pos* p, uint64_t seed) noexcept nogil
cdef void pos_ddz_hands(Pos* p, const uint64_t* hands, uint64_t bottom, int landlord,
                        int bid, int first_bidder, uint64_t seed) noexcept nogil
cdef void pos_new_zsy(Pos* p, uint64_t seed) noexcept nogil
cdef void pos_zsy_hands(Pos* p, const uint64_t* hands, int leader, int opening) noexcept nogil
cdef int pos_legal(const Pos* p, CMove* buf, int cap) noexcept nogil
cdef int pos_check(const Pos* p, const CMove* m) noexcept nogil
cdef int pos_apply(Pos* p, const CMove* m) noexcept nogil
cdef int pos_apply_cards(Pos* p, const CMove* m, uint64_t cards) noexcept nogil
cdef void pos_returns(const Pos* p, int* out) noexcept nogil

# The rollout policy (reads only the mover's hand and the public state).
cdef int policy_c(const Pos* p, CMove* buf, int cap, CMove* out, bint finish) noexcept nogil
cdef int rollout_c(Pos* p, CMove* buf, int cap) noexcept nogil

# The position object, declared here so that other compiled modules (the
# Monte Carlo driver) reach its ``Pos`` directly.
cdef class Position:
    cdef Pos p
