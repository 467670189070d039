# Shengji / Tractor core (RULES.md §4): two packs held as counts per card
# id (0-2 copies of each of the 54 ids), the trump order that moves with the
# level, shapes (single, pair, tractor), the follow rules counted and
# unranked combinatorially, trick winners, scoring, and self-play loops.
from libc.stdint cimport uint8_t, int8_t, uint64_t
from cardavia._core.rng cimport Rng

cdef enum:
    SJ_DECK = 108
    SJ_HAND = 25
    SJ_KITTY = 8
    SJ_MAXPLAY = 32
    SJ_TRUMP = 4          # effective suit of trumps; also the "NT" contract
    # phases
    SJ_DECLARE = 0
    SJ_BURY = 1
    SJ_PLAY = 2
    SJ_OVER = 3
    # move kinds
    SJ_PASS = 0
    SJ_DECL = 1
    SJ_BURYMOVE = 2
    SJ_PLAYMOVE = 3

# Error codes of sj_check (0 = legal); cardavia.shengji maps them to rules.
cdef enum:
    SJ_OK = 0
    SJ_E_PHASE = 1        # move of the wrong kind for the phase
    SJ_E_NOTHELD = 2      # cards not in the mover's hand
    SJ_E_DECLSHAPE = 3    # not a level card, level pair or joker pair
    SJ_E_WEAK = 4         # declaration not strictly stronger
    SJ_E_SHAPE = 5        # lead is not a single, pair or tractor
    SJ_E_COUNT = 6        # follow with the wrong number of cards
    SJ_E_SUIT = 7         # did not follow the effective suit
    SJ_E_PAIRS = 8        # did not play enough pairs of the led suit
    SJ_E_SHORT = 9        # short in the suit but kept some of it

ctypedef struct SJDeal:
    uint8_t hand[4][54]
    uint8_t kitty[8]          # the undealt cards, in deal order
    uint8_t buried[8]
    int8_t eff[54]            # effective suit 0-3, or SJ_TRUMP
    int8_t ordv[54]           # order inside the effective suit (equal = equal)
    int level                 # rank 0-12 (2..A)
    int trump                 # 0-3 suit, 4 no-trump, -1 not fixed yet
    int phase
    int turn
    int dealer                # -1 while the first deal's dealer is open
    int scheduled             # dealer if nobody declares
    int decl_player, decl_strength, decl_suit, passes, first_declarer
    int kitty_revealed
    int nburied
    int leader, lead_n, lead_k, lead_suit, nplayed
    uint8_t trick[4][32]
    int best_seat, best_key
    int trick_points
    int attacker_points       # with the kitty bonus once the deal is over
    int card_points           # tricks won by the attackers, before the bonus
    int defender_points       # tricks won by the defenders
    int kitty_points, kitty_mult
    int tricks_done
    int last_winner
    uint8_t gone[54]          # copies of each card played in tricks so far (public)

cdef void sj_shuffle(Rng* rng, uint8_t* deck) noexcept nogil
cdef void sj_init(SJDeal* d, const uint8_t* deck, int level, int start, int dealer) noexcept nogil
cdef void sj_set_trump(SJDeal* d, int trump) noexcept nogil
cdef uint64_t sj_count(SJDeal* d) noexcept nogil
cdef int sj_unrank(SJDeal* d, uint64_t idx, int* kind, uint8_t* out) noexcept nogil
cdef int sj_check(SJDeal* d, int kind, const uint8_t* cards, int n) noexcept nogil
cdef void sj_apply(SJDeal* d, int kind, const uint8_t* cards, int n) noexcept nogil
cdef int sj_lead_shape(SJDeal* d, const uint8_t* cards, int n, int* k, int* suit, int* top) noexcept nogil
cdef void sj_outcome(int points, int* attackers_win, int* levels) noexcept nogil
cdef int sj_sample(SJDeal* d, Rng* rng, int* kind, uint8_t* out) noexcept nogil
cdef void sj_random_deal(SJDeal* d, Rng* rng) noexcept nogil
cdef int sj_policy(SJDeal* d, Rng* rng, int* kind, uint8_t* out) noexcept nogil
cdef void sj_rollout(SJDeal* d, Rng* rng) noexcept nogil
