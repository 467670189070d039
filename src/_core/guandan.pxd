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
    GD_MAX_PLAY = 10     # the most cards one play holds: a bomb of ten
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

# -- the position: one deal or a whole match (GD-1 to GD-6) -------------------
cdef enum:
    GD_PH_RETURN = 0     # a tribute receiver returns a card (GD-3.4)
    GD_PH_PLAY = 1
    GD_PH_OVER = 2
    GD_MV_PASS = 0       # move kinds
    GD_MV_PLAY = 1
    GD_MV_RETURN = 2
    GD_ACE = 12          # level rank index of the Ace
    # check codes (gd_check): 0 is legal
    GD_OK = 0
    GD_E_OVER = 1        # the game is over (GD-6.1)
    GD_E_MUST_RETURN = 2 # a return is due (GD-3.4)
    GD_E_NOT_RETURNABLE = 3  # not a card the receiver may return (GD-3.4)
    GD_E_NO_TRIBUTE = 4  # a return with no tribute waiting (GD-3.4)
    GD_E_LEAD_PASS = 5   # the leader must play (GD-4.1)
    GD_E_NOT_HELD = 6    # cards not in the hand (GD-2.1)
    GD_E_READING = 7     # the cards cannot be read so (GD-5.1)
    GD_E_LOW = 8         # does not beat the last play (GD-4.2)
    GD_E_BOMB = 9        # bomb order (GD-5.4)
    GD_E_KIND = 10       # unknown move kind

ctypedef struct GdMove:
    int8_t kind          # GD_MV_*
    int8_t shape         # plays: reading shape and main rank
    int8_t main
    uint8_t n            # cards (a return: 1)
    uint8_t cards[10]

ctypedef struct GdPos:
    GdHand h[4]          # the hands, prepared at the deal's level
    int size[4]          # cards held
    int level            # this deal's level rank index 0-12
    int team_level[2]
    bint match           # a match to the Ace (GD-1.2), else one deal
    uint64_t seed        # deals after the first: deal k from derive_seed(seed, k)
    int deal_no          # 0-based
    int phase            # GD_PH_*
    int cur
    int lshape           # the play to beat (-1: a lead)
    int lmain
    int ln
    uint8_t lcards[10]
    int last_player      # -1: nobody (the Python face says None)
    int need             # passes still needed to end the trick
    int passes           # passes since the last play
    int trick_leader     # who led the current trick (-1: no trick yet)
    int trick_moves      # plays and passes in the current trick
    int out[4]
    int order[4]
    int nout
    bint has_prev        # the deal followed another (tribute applied)
    int prev[4]          # the previous deal's finishing order
    bint anti            # tribute cancelled by the Red Jokers (GD-3.3)
    int ntrib            # tributes paid (0-2): payer, receiver, card
    int trib[2][3]
    int nret             # returns made: receiver, payer, card
    int ret[2][3]
    int tribute_leader
    int moves_in_deal
    uint8_t played[4][54]  # cards each player played this deal
    uint8_t outside[54]  # cards in no hand and never played (a from_hands position of fewer than 108)
    # finished deals: the last one's order, winner team and levels gained,
    # and totals for the simulation figures
    int winner_team      # -1 while live
    int last_order[4]
    int last_winner
    int last_gained
    int last_level
    int deals
    int team_wins[2]
    int team_gained[2]
    long long moves_total
    bint cum_ok          # cum/total hold this position's count
    uint64_t total
    uint64_t cum[GD_NSECTIONS]

cdef uint64_t gd_derive_seed(uint64_t seed, uint64_t index) noexcept nogil
cdef void gd_deal_cards(Rng* r, uint8_t* hands) noexcept nogil
cdef int gd_start_deal(GdPos* s, const uint8_t* hands, int level, int leader, const int* prev) noexcept nogil
cdef void gd_new_match(GdPos* s, uint64_t seed, bint match) noexcept nogil
cdef uint64_t gd_legal_count(GdPos* s) noexcept nogil
cdef void gd_legal_at(GdPos* s, uint64_t idx, GdMove* mv) noexcept nogil
cdef int gd_check(GdPos* s, const GdMove* mv) noexcept nogil
cdef void gd_apply(GdPos* s, const GdMove* mv) noexcept nogil
cdef void gd_returns(const GdPos* s, int* out) noexcept nogil
cdef int gd_return_choices(const GdPos* s, int* out) noexcept nogil
cdef int gd_sample_world(GdPos* w, const GdPos* s, int player, Rng* r) noexcept nogil

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
