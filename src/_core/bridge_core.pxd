# Contract Bridge core (RULES.md §7): one position (auction, play, duplicate
# score), the hidden-card sampler and the rollout policy, in C structs and
# nogil functions.  Seats South 0, West 1, North 2, East 3 (turn order);
# hands are uint64 masks of canonical card ids (id = 4 * rank + suit).
from libc.stdint cimport uint8_t, int8_t, int16_t, uint64_t
from cardavia._core.rng cimport Rng

cdef enum:
    BR_MAXCALLS = 320     # the longest auction has 319 calls
    BR_MAXMOVES = 40      # legal moves at most (pass, X or XX, 35 bids; 13 cards)
    # phases
    BR_AUCTION = 0
    BR_PLAY = 1
    BR_OVER = 2
    # move ids: the cards 0..51, then the calls
    BR_PASS = 52
    BR_DOUBLE = 53
    BR_REDOUBLE = 54
    BR_BID = 55           # BR_BID + 5 * (level - 1) + strain: 1C = 55 … 7NT = 89
    BR_NMOVES = 90
    BR_NT = 4             # strain no-trump (0-3: clubs, diamonds, hearts, spades)
    BR_NOBODY = -1
    # vulnerability
    BR_VUL_NONE = 0
    BR_VUL_NS = 1
    BR_VUL_EW = 2
    BR_VUL_BOTH = 3

# Error codes of br_check (0 = legal); cardavia.bridge maps them to rules.
cdef enum:
    BR_OK = 0
    BR_E_OVER = 1           # the deal is over
    BR_E_NOMOVE = 2         # not a move id
    BR_E_CARD_IN_AUCTION = 3   # BR-3.1
    BR_E_CALL_IN_PLAY = 4   # BR-4.2
    BR_E_LOW_BID = 5        # BR-3.1 a bid must outrank the last
    BR_E_NO_BID = 6         # BR-3.2 nothing to double
    BR_E_OWN_SIDE = 7       # BR-3.2 doubling partner's or own bid
    BR_E_DOUBLED = 8        # BR-3.2 already doubled
    BR_E_NOT_DOUBLED = 9    # BR-3.2 redouble of an undoubled (or redoubled) bid
    BR_E_REDOUBLE_SIDE = 10 # BR-3.2 redouble by the doubling side
    BR_E_NOT_HELD = 11      # BR-4.1 card not in the hand to play
    BR_E_REVOKE = 12        # BR-4.2 did not follow suit

# Score parts (BR-5), in the order br_score writes them.
cdef enum:
    BR_TRICK_POINTS = 0
    BR_OVERTRICKS = 1
    BR_UNDERTRICKS = 2
    BR_GAME = 3
    BR_PART_SCORE = 4
    BR_SLAM = 5
    BR_INSULT = 6
    BR_NPARTS = 7

ctypedef struct BRPos:
    uint64_t hand[4]          # cards held now
    uint64_t dealt[4]         # the hands as dealt
    uint8_t calls[BR_MAXCALLS]  # every call, as move ids
    uint8_t played[52]        # every card, in order of play
    uint8_t winner[13]        # each finished trick's winner
    uint8_t voids[4]          # suits (bits) each seat has shown out of
    int16_t ncalls
    int8_t nplayed
    int8_t phase
    int8_t vul
    int8_t turn               # the seat to call (auction)
    int8_t last_bid           # 0..34, or -1
    int8_t last_bidder
    int8_t doubled            # 0, 1 (X) or 2 (XX)
    int8_t passes             # consecutive passes
    int8_t first_namer[2][5]  # per side and strain, the first to bid it (-1)
    int8_t declarer           # -1 until the auction ends with a bid
    int8_t level, strain
    int8_t leader             # the seat that led the current trick
    int8_t tricks_won[2]      # North-South, East-West

# What one player knows of the cards (issue 12 part 2): the cards he sees
# in each hand, how many unseen cards each hand holds, and the voids shown.
ctypedef struct BRView:
    uint64_t seen[4]
    uint64_t unseen           # every card he has not seen
    int need[4]
    uint8_t voids[4]

cdef void br_init(BRPos* p, const uint64_t* dealt, int vul) noexcept nogil
cdef void br_deal(BRPos* p, Rng* rng, int vul) noexcept nogil
cdef int br_seat_to_play(const BRPos* p) noexcept nogil
cdef int br_current(const BRPos* p) noexcept nogil
cdef int br_count(const BRPos* p) noexcept nogil
cdef int br_legal(const BRPos* p, int* out) noexcept nogil
cdef int br_unrank(const BRPos* p, int k) noexcept nogil
cdef int br_check(const BRPos* p, int move) noexcept nogil
cdef void br_apply(BRPos* p, int move) noexcept nogil
cdef int br_trick_winner(const uint8_t* cards, int leader, int strain) noexcept nogil
cdef int br_score(int level, int strain, int doubled, int vulnerable, int tricks, int* parts) noexcept nogil
cdef int br_ns_score(const BRPos* p) noexcept nogil
cdef int br_card_seat(const BRPos* p, int i) noexcept nogil
cdef void br_view(const BRPos* p, int player, BRView* v) noexcept nogil
cdef int br_deal_unseen(const BRView* v, Rng* rng, uint64_t* hands, int exact) noexcept nogil
cdef int br_sample(const BRPos* p, int player, Rng* rng, BRPos* out, int exact) noexcept nogil
cdef int br_policy(const BRPos* p) noexcept nogil
cdef int br_rollout(BRPos* p) noexcept nogil
