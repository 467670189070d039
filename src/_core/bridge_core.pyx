# Contract Bridge core (RULES.md §7).  Every rule is written here once: the
# auction (BR-3), the play (BR-4) and the duplicate score (BR-5) of one
# position; the Python State (cardavia.bridge) translates, and the self-play
# loops, the sampler of hidden cards and the rollouts drive the same code.
#
# Seats South 0, West 1, North 2, East 3; side = seat & 1 (0 North-South).
# A move is one small int: a card id 0-51 in the play, a call 52-89 in the
# auction (BR_PASS, BR_DOUBLE, BR_REDOUBLE, BR_BID + bid rank).
from libc.stdint cimport uint8_t, int8_t, uint64_t, uint32_t
from libc.string cimport memset, memcpy

from cardavia._core.rng cimport Rng, rng_seed, rng_next, rng_below, rng_shuffle
from cardavia._core.errors import ArgumentTypeError

cdef extern from "bits.h" nogil:
    int cv_popcount(uint64_t x)
    int cv_ctz(uint64_t x)
    int cv_clz(uint64_t x)

cdef uint64_t FULL = (<uint64_t>1 << 52) - 1
cdef uint64_t CLUBS = <uint64_t>0x1111111111111

# Binomial coefficients up to 13 (a suit): read-only after import.
cdef uint64_t BINOM[14][14]


cdef void _init_binom() noexcept nogil:
    cdef int n, k
    for n in range(14):
        for k in range(14):
            BINOM[n][k] = 0
        BINOM[n][0] = 1
        for k in range(1, n + 1):
            BINOM[n][k] = BINOM[n - 1][k - 1] + (BINOM[n - 1][k] if k < n else 0)


_init_binom()

PASS = BR_PASS
DOUBLE = BR_DOUBLE
REDOUBLE = BR_REDOUBLE
BID = BR_BID
NMOVES = BR_NMOVES
AUCTION = BR_AUCTION
PLAY = BR_PLAY
OVER = BR_OVER
ERRORS = {
    "OVER": BR_E_OVER, "NOMOVE": BR_E_NOMOVE, "CARD_IN_AUCTION": BR_E_CARD_IN_AUCTION,
    "CALL_IN_PLAY": BR_E_CALL_IN_PLAY, "LOW_BID": BR_E_LOW_BID, "NO_BID": BR_E_NO_BID,
    "OWN_SIDE": BR_E_OWN_SIDE, "DOUBLED": BR_E_DOUBLED, "NOT_DOUBLED": BR_E_NOT_DOUBLED,
    "REDOUBLE_SIDE": BR_E_REDOUBLE_SIDE, "NOT_HELD": BR_E_NOT_HELD, "REVOKE": BR_E_REVOKE,
}
SCORE_PARTS = ("trick_points", "overtricks", "undertricks", "game", "part_score", "slam", "insult")


cdef inline uint64_t suit_mask(int s) noexcept nogil:
    return CLUBS << s


cdef inline int lowest(uint64_t m) noexcept nogil:
    return cv_ctz(m)


cdef inline int highest(uint64_t m) noexcept nogil:
    return 63 - cv_clz(m)


cdef inline uint64_t above(int c) noexcept nogil:
    """The cards of c's suit that outrank it."""
    return suit_mask(c & 3) & ~((<uint64_t>2 << c) - 1)


# -- the position: setup ---------------------------------------------------------
cdef void br_init(BRPos* p, const uint64_t* dealt, int vul) noexcept nogil:
    cdef int s, k
    memset(p, 0, sizeof(BRPos))
    for s in range(4):
        p.hand[s] = dealt[s]
        p.dealt[s] = dealt[s]
        for k in range(5):
            p.first_namer[s & 1][k] = -1
    p.phase = BR_AUCTION
    p.vul = vul
    p.turn = 0                      # BR-2.1 South deals and calls first
    p.last_bid = -1
    p.last_bidder = -1
    p.declarer = -1
    p.leader = -1


cdef void br_deal(BRPos* p, Rng* rng, int vul) noexcept nogil:
    """BR-2.1: a shuffled pack dealt one at a time clockwise from West."""
    cdef uint8_t pack[52]
    cdef uint64_t hands[4]
    cdef int i
    for i in range(52):
        pack[i] = <uint8_t>i
    rng_shuffle(rng, pack, 52)
    hands[0] = hands[1] = hands[2] = hands[3] = 0
    for i in range(52):
        hands[(1 + i) & 3] |= <uint64_t>1 << pack[i]
    br_init(p, hands, vul)


# -- whose turn --------------------------------------------------------------------
cdef int br_seat_to_play(const BRPos* p) noexcept nogil:
    if p.phase != BR_PLAY:
        return -1
    return (p.leader + (p.nplayed & 3)) & 3


cdef int br_current(const BRPos* p) noexcept nogil:
    """The player to move: the caller, the seat to play, or declarer for
    dummy (BR-4.1); -1 once the deal is over."""
    cdef int seat
    if p.phase == BR_AUCTION:
        return p.turn
    if p.phase == BR_PLAY:
        seat = br_seat_to_play(p)
        return p.declarer if seat == ((p.declarer + 2) & 3) else seat
    return -1


# -- legal moves ---------------------------------------------------------------------
cdef inline bint _may_double(const BRPos* p) noexcept nogil:
    return p.last_bid >= 0 and p.doubled == 0 and (p.last_bidder & 1) != (p.turn & 1)


cdef inline bint _may_redouble(const BRPos* p) noexcept nogil:
    return p.doubled == 1 and (p.last_bidder & 1) == (p.turn & 1)


cdef inline uint64_t _playable(const BRPos* p) noexcept nogil:
    """BR-4.2: the cards the hand to play may play (follow suit if it can)."""
    cdef int seat = br_seat_to_play(p)
    cdef uint64_t h = p.hand[seat], follow
    if p.nplayed & 3:
        follow = h & suit_mask(p.played[p.nplayed - (p.nplayed & 3)] & 3)
        if follow:
            return follow
    return h


cdef int br_count(const BRPos* p) noexcept nogil:
    if p.phase == BR_AUCTION:
        return 1 + _may_double(p) + _may_redouble(p) + 34 - p.last_bid
    if p.phase == BR_PLAY:
        return cv_popcount(_playable(p))
    return 0


cdef int br_legal(const BRPos* p, int* out) noexcept nogil:
    """List the legal moves into ``out`` (room for BR_MAXMOVES); return
    their number.  Calls: pass, X or XX, then the bids upwards; cards by id."""
    cdef int n = 0, r
    cdef uint64_t m
    if p.phase == BR_AUCTION:
        out[n] = BR_PASS
        n += 1
        if _may_double(p):
            out[n] = BR_DOUBLE
            n += 1
        if _may_redouble(p):
            out[n] = BR_REDOUBLE
            n += 1
        for r in range(p.last_bid + 1, 35):
            out[n] = BR_BID + r
            n += 1
    elif p.phase == BR_PLAY:
        m = _playable(p)
        while m:
            out[n] = lowest(m)
            m &= m - 1
            n += 1
    return n


cdef int br_unrank(const BRPos* p, int k) noexcept nogil:
    """The k-th legal move in br_legal's order (-1 out of range)."""
    cdef uint64_t m
    if k < 0 or k >= br_count(p):
        return -1
    if p.phase == BR_AUCTION:
        if k == 0:
            return BR_PASS
        k -= 1
        if _may_double(p):
            if k == 0:
                return BR_DOUBLE
            k -= 1
        if _may_redouble(p):
            if k == 0:
                return BR_REDOUBLE
            k -= 1
        return BR_BID + p.last_bid + 1 + k
    m = _playable(p)
    while k:
        m &= m - 1
        k -= 1
    return lowest(m)


cdef int br_check(const BRPos* p, int move) noexcept nogil:
    """0 when ``move`` is legal, else the BR_E_ code of the rule it breaks."""
    cdef int seat, led
    if p.phase == BR_OVER:
        return BR_E_OVER
    if move < 0 or move >= BR_NMOVES:
        return BR_E_NOMOVE
    if p.phase == BR_AUCTION:
        if move < 52:
            return BR_E_CARD_IN_AUCTION
        if move == BR_PASS:
            return BR_OK
        if move == BR_DOUBLE:                       # BR-3.2
            if p.last_bid < 0:
                return BR_E_NO_BID
            if (p.last_bidder & 1) == (p.turn & 1):
                return BR_E_OWN_SIDE
            if p.doubled:
                return BR_E_DOUBLED
            return BR_OK
        if move == BR_REDOUBLE:
            if p.doubled != 1:
                return BR_E_NOT_DOUBLED
            if (p.last_bidder & 1) != (p.turn & 1):
                return BR_E_REDOUBLE_SIDE
            return BR_OK
        if move - BR_BID <= p.last_bid:             # BR-3.1
            return BR_E_LOW_BID
        return BR_OK
    if move >= 52:
        return BR_E_CALL_IN_PLAY
    seat = br_seat_to_play(p)
    if not (p.hand[seat] >> move) & 1:             # BR-4.1
        return BR_E_NOT_HELD
    if p.nplayed & 3:                               # BR-4.2
        led = p.played[p.nplayed - (p.nplayed & 3)] & 3
        if (move & 3) != led and p.hand[seat] & suit_mask(led):
            return BR_E_REVOKE
    return BR_OK


# -- moves ---------------------------------------------------------------------------
cdef int br_trick_winner(const uint8_t* cards, int leader, int strain) noexcept nogil:
    """BR-4.2: the highest trump, else the highest card of the suit led."""
    cdef int i, best = 0, c, b
    for i in range(1, 4):
        c = cards[i]
        b = cards[best]
        if (c & 3) == (b & 3):
            if c > b:
                best = i
        elif strain < 4 and (c & 3) == strain:
            best = i
    return (leader + best) & 3


cdef void br_apply(BRPos* p, int move) noexcept nogil:
    """Play a legal move (br_check first: nothing is checked here)."""
    cdef int seat, k, r, w, led
    if p.phase == BR_AUCTION:
        seat = p.turn
        p.calls[p.ncalls] = <uint8_t>move
        p.ncalls += 1
        if move >= BR_BID:
            r = move - BR_BID
            p.last_bid = r
            p.last_bidder = seat
            p.doubled = 0
            p.passes = 0
            if p.first_namer[seat & 1][r % 5] < 0:
                p.first_namer[seat & 1][r % 5] = seat
        elif move == BR_DOUBLE:
            p.doubled = 1
            p.passes = 0                            # BR-3.2 restarts the passes
        elif move == BR_REDOUBLE:
            p.doubled = 2
            p.passes = 0
        else:
            p.passes += 1
        p.turn = (seat + 1) & 3
        if p.last_bid < 0:
            if p.passes == 4:                       # BR-3.3 passed out
                p.phase = BR_OVER
        elif p.passes == 3:                         # BR-3.3 the auction ends
            p.level = p.last_bid // 5 + 1
            p.strain = p.last_bid % 5
            p.declarer = p.first_namer[p.last_bidder & 1][p.strain]
            p.phase = BR_PLAY
            p.leader = (p.declarer + 1) & 3         # BR-4.1 declarer's LHO leads
        return
    seat = br_seat_to_play(p)
    k = p.nplayed & 3
    if k:
        led = p.played[p.nplayed - k] & 3
        if (move & 3) != led:
            p.voids[seat] |= <uint8_t>(1 << led)
    p.hand[seat] &= ~(<uint64_t>1 << move)
    p.played[p.nplayed] = <uint8_t>move
    p.nplayed += 1
    if k == 3:
        w = br_trick_winner(&p.played[p.nplayed - 4], p.leader, p.strain)
        p.winner[p.nplayed // 4 - 1] = <uint8_t>w
        p.tricks_won[w & 1] += 1
        p.leader = w                                # the winner leads next
        if p.nplayed == 52:
            p.phase = BR_OVER


cdef int br_card_seat(const BRPos* p, int i) noexcept nogil:
    """The seat that played the i-th card of the play."""
    cdef int t = i >> 2
    cdef int ld = ((p.declarer + 1) & 3) if t == 0 else p.winner[t - 1]
    return (ld + (i & 3)) & 3


# -- the score (BR-5) ------------------------------------------------------------------
cdef int br_score(int level, int strain, int doubled, int vulnerable, int tricks, int* parts) noexcept nogil:
    """The declaring side's duplicate score; ``parts`` gets the BR_NPARTS
    figures (undertricks as a negative amount)."""
    cdef int i, need = 6 + level, mult, tp, over, down, pen, each, total = 0
    for i in range(BR_NPARTS):
        parts[i] = 0
    mult = 1 << doubled
    if tricks >= need:
        if strain == 4:                             # BR-5.1
            tp = 40 + 30 * (level - 1)
        else:
            tp = (20 if strain < 2 else 30) * level
        tp *= mult
        parts[BR_TRICK_POINTS] = tp
        if tp >= 100:                               # BR-5.2
            parts[BR_GAME] = 500 if vulnerable else 300
        else:
            parts[BR_PART_SCORE] = 50
        if level == 6:                              # BR-5.3
            parts[BR_SLAM] = 750 if vulnerable else 500
        elif level == 7:
            parts[BR_SLAM] = 1500 if vulnerable else 1000
        parts[BR_INSULT] = 50 * doubled             # BR-5.4
        over = tricks - need                        # BR-5.5
        if doubled == 0:
            each = 20 if strain < 2 else 30
        else:
            each = (200 if vulnerable else 100) * doubled
        parts[BR_OVERTRICKS] = over * each
    else:
        down = need - tricks                        # BR-5.6
        if doubled == 0:
            pen = down * (100 if vulnerable else 50)
        elif vulnerable:
            pen = 200 + 300 * (down - 1)
        else:
            pen = 100 + 200 * (down - 1 if down < 3 else 2) + 300 * (down - 3 if down > 3 else 0)
        if doubled == 2:
            pen *= 2
        parts[BR_UNDERTRICKS] = -pen
    for i in range(BR_NPARTS):
        total += parts[i]
    return total


cdef inline bint _vulnerable(int vul, int seat) noexcept nogil:
    return vul == BR_VUL_BOTH or (vul == BR_VUL_NS and not seat & 1) or (vul == BR_VUL_EW and seat & 1)


cdef int br_ns_score(const BRPos* p) noexcept nogil:
    """North-South's score of a finished deal (0 while live or passed out)."""
    cdef int parts[BR_NPARTS]
    cdef int s
    if p.phase != BR_OVER or p.declarer < 0:
        return 0
    s = br_score(p.level, p.strain, p.doubled, _vulnerable(p.vul, p.declarer),
                 p.tricks_won[p.declarer & 1], parts)
    return -s if p.declarer & 1 else s


# -- sampling the hidden cards (issue 12 part 2) ---------------------------------------
cdef void br_view(const BRPos* p, int player, BRView* v) noexcept nogil:
    """What ``player`` knows of the cards: his own hand, dummy's once the
    opening lead is made (BR-4.1), every card played, and the voids shown."""
    cdef int s, dummy
    cdef uint64_t known = 0
    for s in range(4):
        v.seen[s] = 0
        v.voids[s] = p.voids[s]
    v.seen[player] = p.hand[player]
    if p.declarer >= 0 and p.nplayed > 0:
        dummy = (p.declarer + 2) & 3
        v.seen[dummy] = p.hand[dummy]
    for s in range(4):
        known |= v.seen[s]
        v.need[s] = cv_popcount(p.hand[s]) - cv_popcount(v.seen[s])
    v.unseen = (p.hand[0] | p.hand[1] | p.hand[2] | p.hand[3]) & ~known


cdef inline uint64_t _below64(Rng* rng, uint64_t n) noexcept nogil:
    """Uniform in [0, n), n >= 1 (masked rejection)."""
    cdef uint64_t mask = n - 1, x
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    mask |= mask >> 16
    mask |= mask >> 32
    while True:
        x = rng_next(rng) & mask
        if x < n:
            return x


cdef inline uint64_t _void_mask(uint8_t voids) noexcept nogil:
    cdef uint64_t m = 0
    cdef int s
    for s in range(4):
        if (voids >> s) & 1:
            m |= suit_mask(s)
    return m


cdef int _deal_exact(const BRView* v, Rng* rng, uint64_t* hands, const int* o, int m) noexcept nogil:
    """Uniform deal of the unseen cards by suit-length allocation: count the
    deals of every allocation of each suit's unseen cards to the open hands
    (respecting their voids), draw an allocation suit by suit in proportion
    to the deals it leaves, then deal each suit's cards at random."""
    cdef uint64_t f[5][14][14]
    cdef int u[4]
    cdef int R[5]
    cdef int need[3]
    cdef uint8_t vd[3]
    cdef int k, r0, r1, r2, a0, a1, a2, i, n, j
    cdef uint64_t w, total, x
    cdef uint8_t cards[13]
    for i in range(3):
        need[i] = v.need[o[i]] if i < m else 0
        vd[i] = v.voids[o[i]] if i < m else 0
    for k in range(4):
        u[k] = cv_popcount(v.unseen & suit_mask(k))
    R[4] = 0
    for k in range(3, -1, -1):
        R[k] = R[k + 1] + u[k]
    for k in range(5):
        for r0 in range(14):
            for r1 in range(14):
                f[k][r0][r1] = 0
    f[4][0][0] = 1
    for k in range(3, -1, -1):
        for r0 in range(need[0] + 1):
            for r1 in range(need[1] + 1):
                r2 = R[k] - r0 - r1
                if r2 < 0 or r2 > need[2]:
                    continue
                total = 0
                for a0 in range(min(u[k], r0) + 1):
                    if a0 and (vd[0] >> k) & 1:
                        break
                    for a1 in range(min(u[k] - a0, r1) + 1):
                        if a1 and (vd[1] >> k) & 1:
                            break
                        a2 = u[k] - a0 - a1
                        if a2 > r2 or (a2 and (vd[2] >> k) & 1):
                            continue
                        total += BINOM[u[k]][a0] * BINOM[u[k] - a0][a1] * f[k + 1][r0 - a0][r1 - a1]
                f[k][r0][r1] = total
    if f[0][need[0]][need[1]] == 0:
        return -1
    r0, r1, r2 = need[0], need[1], need[2]
    for k in range(4):
        x = _below64(rng, f[k][r0][r1])
        a0 = a1 = a2 = -1
        for i in range(min(u[k], r0) + 1):
            if i and (vd[0] >> k) & 1:
                break
            for j in range(min(u[k] - i, r1) + 1):
                if j and (vd[1] >> k) & 1:
                    break
                n = u[k] - i - j
                if n > r2 or (n and (vd[2] >> k) & 1):
                    continue
                w = BINOM[u[k]][i] * BINOM[u[k] - i][j] * f[k + 1][r0 - i][r1 - j]
                if x < w:
                    a0, a1, a2 = i, j, n
                    break
                x -= w
            if a0 >= 0:
                break
        n = 0
        w = v.unseen & suit_mask(k)
        while w:
            cards[n] = <uint8_t>lowest(w)
            w &= w - 1
            n += 1
        rng_shuffle(rng, cards, n)
        for i in range(n):
            j = 0 if i < a0 else (1 if i < a0 + a1 else 2)
            hands[o[j]] |= <uint64_t>1 << cards[i]
        r0 -= a0
        r1 -= a1
        r2 -= a2
    return 0


cdef int br_deal_unseen(const BRView* v, Rng* rng, uint64_t* hands, int exact) noexcept nogil:
    """Deal the unseen cards uniformly among the hands that hide them, each
    getting its count and none a card of a suit it showed out of.  ``hands``
    receives the four full hands.  Rejection first; after 32 misses the
    exact count by suit-length allocation (the mixture stays uniform: each
    branch is uniform on the same set); ``exact`` goes straight to the
    count.  -1 when no deal fits."""
    cdef uint8_t cards[52]
    cdef int o[4]
    cdef uint64_t vm[4]
    cdef int s, n = 0, m = 0, total = 0, tries, i, j, constrained = 0
    cdef uint64_t w = v.unseen
    while w:
        cards[n] = <uint8_t>lowest(w)
        w &= w - 1
        n += 1
    for s in range(4):
        hands[s] = v.seen[s]
        if v.need[s] < 0:
            return -1
        if v.need[s] > 0:
            o[m] = s
            vm[m] = _void_mask(v.voids[s])
            if vm[m] & v.unseen:
                constrained = 1
            m += 1
            total += v.need[s]
    if total != n:
        return -1
    for tries in range(0 if exact else (32 if constrained else 1)):
        rng_shuffle(rng, cards, n)
        j = 0
        for i in range(m):
            w = 0
            for s in range(v.need[o[i]]):
                w |= <uint64_t>1 << cards[j]
                j += 1
            if w & vm[i]:
                break
            hands[o[i]] = v.seen[o[i]] | w
        else:
            return 0
    if m > 3:
        return -1
    for i in range(m):
        hands[o[i]] = v.seen[o[i]]
    return _deal_exact(v, rng, hands, o, m)


cdef int br_sample(const BRPos* p, int player, Rng* rng, BRPos* out, int exact) noexcept nogil:
    """A world ``player`` cannot tell from ``p``: the same history and what
    he has seen, every unseen card dealt again uniformly (br_deal_unseen).
    The history does not depend on the hidden cards, so the world is ``p``
    with its hands replaced."""
    cdef BRView v
    cdef uint64_t hands[4]
    cdef uint64_t played[4]
    cdef int s, i
    br_view(p, player, &v)
    if br_deal_unseen(&v, rng, hands, exact) < 0:
        return -1
    memcpy(out, p, sizeof(BRPos))
    for s in range(4):
        played[s] = 0
    for i in range(p.nplayed):
        played[br_card_seat(p, i)] |= <uint64_t>1 << p.played[i]
    for s in range(4):
        out.hand[s] = hands[s]
        out.dealt[s] = hands[s] | played[s]
    return 0


# -- the rollout policy (issue 12 part 3) ---------------------------------------------
# It reads only what the mover knows: his hand (and dummy's, for declarer),
# the auction and the cards played, so its move is the same in every world
# he cannot tell apart.
cdef inline int _hcp(uint64_t h) noexcept nogil:
    return (4 * cv_popcount(h & (<uint64_t>0xF << 48)) + 3 * cv_popcount(h & (<uint64_t>0xF << 44))
            + 2 * cv_popcount(h & (<uint64_t>0xF << 40)) + cv_popcount(h & (<uint64_t>0xF << 36)))


cdef inline int _bid_at(const BRPos* p, int level, int strain) noexcept nogil:
    """The bid ``level strain`` if it is legal, else -1."""
    cdef int r = 5 * (level - 1) + strain
    if level < 1 or level > 7 or r <= p.last_bid:
        return -1
    return BR_BID + r


cdef inline int _cheapest(const BRPos* p, int strain) noexcept nogil:
    """The lowest level at which ``strain`` may be bid now (8 if none)."""
    cdef int lv
    for lv in range(1, 8):
        if 5 * (lv - 1) + strain > p.last_bid:
            return lv
    return 8


cdef int _call_policy(const BRPos* p) noexcept nogil:
    """A natural opening, response, rebid and overcall by points and shape;
    everything else passes, so each seat bids at most twice and the auction
    ends (BR-3.3)."""
    cdef int me = p.turn, partner = (p.turn + 2) & 3
    cdef uint64_t h = p.hand[me]
    cdef int hcp = _hcp(h)
    cdef int L[4]
    cdef int s, i, seat, r, m, lv
    cdef int opener = -1, opening = -1, nmine = 0, npartner = 0, partner_last = -1
    cdef int longest = 3, second = 0, shortness = 0, doubletons = 0, bal
    for s in range(4):
        L[s] = cv_popcount(h & suit_mask(s))
    for i in range(4):
        if L[3 - i] > L[longest]:
            longest = 3 - i
    for s in range(4):
        if s != longest and L[s] > second:
            second = L[s]
        if L[s] == 2:
            doubletons += 1
    bal = L[0] >= 2 and L[1] >= 2 and L[2] >= 2 and L[3] >= 2 and doubletons <= 1
    for i in range(p.ncalls):
        seat = i & 3                 # South called first
        if p.calls[i] >= BR_BID:
            r = p.calls[i] - BR_BID
            if opener < 0:
                opener, opening = seat, r
            if seat == me:
                nmine += 1
            elif seat == partner:
                npartner += 1
                partner_last = r
    if nmine >= 2:
        return BR_PASS
    if opener < 0:                                   # opening
        if hcp >= 12 or (hcp >= 10 and hcp + L[longest] + second >= 20):
            if bal and 15 <= hcp <= 17:
                return _bid_at(p, 1, 4)
            if bal and 20 <= hcp <= 21:
                return _bid_at(p, 2, 4)
            if L[3] >= 5 and L[3] >= L[2]:
                return _bid_at(p, 1, 3)
            if L[2] >= 5:
                return _bid_at(p, 1, 2)
            return _bid_at(p, 1, 1 if L[1] > L[0] or (L[1] == L[0] and L[1] >= 4) else 0)
        return BR_PASS
    if opener == partner and nmine == 0:             # responding
        s = opening % 5
        if opening == 4:                             # partner's 1NT
            for i in range(2):
                m = 3 - i
                if L[m] >= 5:
                    r = _bid_at(p, 4 if hcp >= 10 else 2, m)
                    return r if r >= 0 else BR_PASS
            r = -1
            if hcp + 16 >= 25:
                r = _bid_at(p, 3, 4)
            elif hcp + 16 >= 23:
                r = _bid_at(p, 2, 4)
            return r if r >= 0 else BR_PASS
        if s >= 2 and s < 4 and L[s] >= 3:            # a major fit
            for m in range(4):
                if m != s and L[m] < 3:
                    shortness += 3 - L[m]
            lv = 4 if hcp + shortness >= 13 else (3 if hcp + shortness >= 10 else (2 if hcp + shortness >= 6 else 0))
            r = _bid_at(p, lv, s) if lv else -1
            return r if r >= 0 else BR_PASS
        if hcp < 6:
            return BR_PASS
        if hcp >= 13 and bal:
            r = _bid_at(p, 3, 4)
            return r if r >= 0 else BR_PASS
        for i in range(2):
            m = 2 + i
            if L[m] >= 4 and m != s:
                r = _bid_at(p, 1, m)
                if r >= 0:
                    return r
        r = _bid_at(p, 1, 4) if hcp <= 10 else _bid_at(p, 2, 4)
        return r if r >= 0 else BR_PASS
    if opener == me and nmine == 1 and npartner >= 1:   # opener's rebid
        s = partner_last % 5
        lv = partner_last // 5 + 1
        m = opening % 5
        r = -1
        if s == m and m >= 2 and m < 4:              # partner raised my major
            if (lv == 2 and hcp >= 19) or (lv == 3 and hcp >= 14):
                r = _bid_at(p, 4, m)
            elif lv == 2 and hcp >= 17:
                r = _bid_at(p, 3, m)
        elif s == 4:
            if lv == 2 and hcp >= 14:
                r = _bid_at(p, 3, 4)
        elif s >= 2 and L[s] >= 4:                   # support partner's major
            r = _bid_at(p, 4 if hcp >= 19 else (3 if hcp >= 16 else _cheapest(p, s)), s)
        elif s != m and m < 4 and L[m] >= 6 and _cheapest(p, m) <= 3:
            r = _bid_at(p, _cheapest(p, m), m)
        return r if r >= 0 else BR_PASS
    if (opener & 1) != (me & 1) and nmine == 0 and npartner == 0:   # overcall
        if L[longest] >= 5 and hcp >= 10 and _cheapest(p, longest) <= 2:
            return _bid_at(p, _cheapest(p, longest), longest)
        if bal and 15 <= hcp <= 18 and _cheapest(p, 4) == 1:
            return _bid_at(p, 1, 4)
    return BR_PASS


cdef inline int _cheapest_equal(int c, uint64_t h, uint64_t played) noexcept nogil:
    """The lowest card of ``h`` worth as much as ``c``: every card between
    them is in ``h`` or played."""
    cdef int d = c - 4
    while d >= 0:
        if (h >> d) & 1:
            c = d
        elif not (played >> d) & 1:
            break
        d -= 4
    return c


cdef int _discard(uint64_t h, int strain, uint64_t opp) noexcept nogil:
    """The lowest card of the longest side suit that holds no winner; a
    trump only when nothing else is left."""
    cdef int s, best = -1, best_key = -1000, key, low
    cdef uint64_t x, side = h & ~(suit_mask(strain) if strain < 4 else 0)
    if not side:
        return lowest(h)
    for s in range(4):
        x = side & suit_mask(s)
        if not x:
            continue
        low = lowest(x)
        key = 4 * cv_popcount(x) - (low >> 2)
        if not (opp & above(highest(x))):
            key -= 100                              # the suit is all winners: keep it
        if key > best_key:
            best_key, best = key, low
    return best


cdef int _card_policy(const BRPos* p) noexcept nogil:
    """Second hand low, third hand high, cash winners, ruff when void,
    follow with the lowest card when the trick cannot be won."""
    cdef int seat = br_seat_to_play(p), partner = (br_seat_to_play(p) + 2) & 3
    cdef int strain = p.strain, decl = p.declarer, dummy = (p.declarer + 2) & 3
    cdef int k = p.nplayed & 3, i, s, t, c, bc, best_i, ls, fourth, best_len
    cdef uint64_t h = p.hand[seat], played, mine, opp, x, follow, trumps, d
    cdef bint ours = (seat & 1) == (decl & 1)
    played = FULL & ~(p.hand[0] | p.hand[1] | p.hand[2] | p.hand[3])
    mine = h | (p.hand[partner] if ours else 0)
    opp = FULL & ~played & ~mine                     # where an opponent's card may be
    trumps = suit_mask(strain) if strain < 4 else 0
    if k == 0:
        if strain < 4 and ours and (opp & trumps) and (h & trumps):
            t = highest(h & trumps)
            if not (opp & above(t)):                 # draw trumps with a winner
                return _cheapest_equal(t, h, played)
        for i in range(4):                           # cash a side winner
            s = 3 - i
            x = h & suit_mask(s)
            if s == strain or not x:
                continue
            t = highest(x)
            if not (opp & above(t)):
                return t
        best_len = 0
        s = -1
        for i in range(4):
            x = h & suit_mask(3 - i)
            if 3 - i != strain and cv_popcount(x) > best_len:
                best_len = cv_popcount(x)
                s = 3 - i
        if s < 0:
            return lowest(h)
        x = h & suit_mask(s)
        t = highest(x)
        if best_len >= 2 and (t >> 2) >= 9 and (x >> (t - 4)) & 1:
            return t                                 # top of a sequence
        return lowest(x)                             # low from length
    ls = p.played[p.nplayed - k] & 3
    best_i = 0
    for i in range(1, k):
        c = p.played[p.nplayed - k + i]
        bc = p.played[p.nplayed - k + best_i]
        if ((c & 3) == (bc & 3) and c > bc) or ((c & 3) != (bc & 3) and strain < 4 and (c & 3) == strain):
            best_i = i
    bc = p.played[p.nplayed - k + best_i]
    cdef bint partner_winning = ((p.leader + best_i) & 3) == partner
    fourth = (p.leader + 3) & 3
    follow = h & suit_mask(ls)
    if follow:
        if k == 1:
            return lowest(follow)                    # second hand low
        if partner_winning:
            if k == 3 or not (opp & above(bc)):
                return lowest(follow)
        if (bc & 3) != ls:
            return lowest(follow)                    # ruffed: following cannot win
        x = follow & above(bc)
        if not x:
            return lowest(follow)
        if k == 3:
            return lowest(x)                         # win as cheaply as possible
        if not ours and fourth == dummy:             # third hand sees dummy, playing last
            d = p.hand[dummy] & suit_mask(ls)
            if d:
                x = follow & above(highest(d) if highest(d) > bc else bc)
                return lowest(x) if x else lowest(follow)
            if p.hand[dummy] & trumps:
                return lowest(follow)
            return lowest(x)
        return _cheapest_equal(highest(follow), h, played)   # third hand high
    if partner_winning and (k == 3 or not (opp & above(bc))):
        return _discard(h, strain, opp)
    x = h & trumps
    if x:
        if (bc & 3) == strain:
            x &= above(bc)                           # overruff or nothing
            if not x:
                return _discard(h, strain, opp)
        return lowest(x)                             # ruff when void
    return _discard(h, strain, opp)


cdef int br_policy(const BRPos* p) noexcept nogil:
    """The rollout policy's move (-1 when the deal is over)."""
    if p.phase == BR_AUCTION:
        return _call_policy(p)
    if p.phase == BR_PLAY:
        return _card_policy(p)
    return -1


cdef int br_rollout(BRPos* p) noexcept nogil:
    """Play to the end with the policy in every seat; North-South's score."""
    while p.phase != BR_OVER:
        br_apply(p, br_policy(p))
    return br_ns_score(p)


# -- the Python boundary -----------------------------------------------------------------
cdef uint64_t _mask_arg(object m, str what) except? 0:
    if isinstance(m, bool) or not isinstance(m, int):
        raise ArgumentTypeError(f"{what} must be an int card mask, not {type(m).__name__}")
    if m < 0 or m > FULL:
        raise ValueError(f"{what} holds bits beyond the 52 cards")
    return <uint64_t>m


cdef int _int_arg(object v, str what, int low, int high) except? -1:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ArgumentTypeError(f"{what} must be an int, not {type(v).__name__}")
    if not low <= v <= high:
        raise ValueError(f"{what} must be in {low}..{high}")
    return <int>v


cdef uint64_t _seed_arg(object seed) except? 0:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentTypeError(f"seed must be an int, not {type(seed).__name__}")
    return <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)


cdef class Position:
    """One bridge position in the core's ``BRPos`` struct: copy, legal moves
    (count, list, unrank), check, apply, the score, the sampler and the
    rollout policy.  Moves are ints (cards 0-51, calls PASS, DOUBLE,
    REDOUBLE, BID + rank)."""
    cdef BRPos p

    @staticmethod
    def deal(seed, vul=0):
        """A deal of a pack shuffled by ``Rng(seed)`` (BR-2.1)."""
        cdef Position x = Position.__new__(Position)
        cdef Rng rng
        cdef int v = _int_arg(vul, "vulnerability", 0, 3)
        rng_seed(&rng, _seed_arg(seed))
        br_deal(&x.p, &rng, v)
        return x

    @staticmethod
    def from_hands(hands, vul_arg=0):
        """Four 13-card masks, seats South, West, North, East."""
        cdef Position x = Position.__new__(Position)
        cdef uint64_t h[4]
        cdef uint64_t seen = 0
        cdef int s
        cdef int vul = _int_arg(vul_arg, "vulnerability", 0, 3)
        hands = tuple(hands)
        if len(hands) != 4:
            raise ValueError("a deal has four hands")
        for s in range(4):
            h[s] = _mask_arg(hands[s], "a hand")
            if h[s] & seen or cv_popcount(h[s]) != 13:
                raise ValueError("the hands must hold 13 distinct cards each")
            seen |= h[s]
        br_init(&x.p, h, vul)
        return x

    @staticmethod
    def world(calls, cards, player_arg, own, dummy, vul_arg, seed, bint exact=False):
        """A position built from public history and what ``player`` has
        seen (an observation): ``calls`` and ``cards`` as move ids in order,
        ``own`` his current hand, ``dummy`` dummy's current hand (0 before
        the opening lead).  The unseen cards are dealt uniformly
        (br_deal_unseen) and the history replayed, every move checked.
        ValueError when no deal fits the observation."""
        cdef Position x = Position.__new__(Position)
        cdef BRPos pub
        cdef BRView v
        cdef uint64_t zero[4]
        cdef uint64_t hands[4]
        cdef uint64_t played[4]
        cdef uint64_t seen_all, played_all = 0
        cdef Rng rng
        cdef int i, s, m, dm
        cdef int player = _int_arg(player_arg, "player", 0, 3)
        cdef int vul = _int_arg(vul_arg, "vulnerability", 0, 3)
        if not isinstance(calls, bytes) or not isinstance(cards, bytes):
            raise ArgumentTypeError("calls and cards are bytes of move ids")
        cdef const uint8_t[:] cl = calls
        cdef const uint8_t[:] cd = cards
        rng_seed(&rng, _seed_arg(seed))
        zero[0] = zero[1] = zero[2] = zero[3] = 0
        br_init(&pub, zero, vul)
        if cl.shape[0] > BR_MAXCALLS or cd.shape[0] > 52:
            raise ValueError("the history is longer than a deal")
        for i in range(cl.shape[0]):
            if pub.phase != BR_AUCTION or br_check(&pub, cl[i]) != BR_OK:
                raise ValueError(f"call {i} of the observation is not legal there")
            br_apply(&pub, cl[i])
        for i in range(cd.shape[0]):
            if pub.phase != BR_PLAY or cd[i] >= 52 or (played_all >> cd[i]) & 1:
                raise ValueError(f"card {i} of the observation is not a card out of the hands")
            played_all |= <uint64_t>1 << cd[i]
            pub.hand[br_seat_to_play(&pub)] |= <uint64_t>1 << cd[i]
            br_apply(&pub, cd[i])
        for s in range(4):
            played[s] = 0
            v.seen[s] = 0
            v.voids[s] = pub.voids[s]
        for i in range(pub.nplayed):
            played[br_card_seat(&pub, i)] |= <uint64_t>1 << pub.played[i]
        v.seen[player] = _mask_arg(own, "own hand")
        if pub.declarer >= 0 and pub.nplayed > 0:
            dm = (pub.declarer + 2) & 3
            v.seen[dm] |= _mask_arg(dummy, "dummy's hand")
        seen_all = v.seen[0] | v.seen[1] | v.seen[2] | v.seen[3]
        if seen_all & played_all or cv_popcount(seen_all) != cv_popcount(v.seen[0]) + cv_popcount(v.seen[1]) + cv_popcount(v.seen[2]) + cv_popcount(v.seen[3]):
            raise ValueError("the observation shows a card twice")
        for s in range(4):
            v.need[s] = 13 - cv_popcount(played[s]) - cv_popcount(v.seen[s])
        if v.need[player] != 0 or (pub.declarer >= 0 and pub.nplayed > 0 and v.need[(pub.declarer + 2) & 3] != 0):
            raise ValueError("the observation's hands do not hold 13 cards with the cards played")
        v.unseen = FULL & ~seen_all & ~played_all
        if br_deal_unseen(&v, &rng, hands, exact) < 0:
            raise ValueError("no deal fits the observation (hand sizes or voids)")
        for s in range(4):
            hands[s] |= played[s]
        br_init(&x.p, hands, vul)
        for i in range(cl.shape[0]):
            br_apply(&x.p, cl[i])
        for i in range(cd.shape[0]):
            if br_check(&x.p, cd[i]) != BR_OK:
                raise ValueError(f"card {i} of the observation breaks a rule of play")
            br_apply(&x.p, cd[i])
        return x

    def copy(self):
        cdef Position x = Position.__new__(Position)
        x.p = self.p
        return x

    # -- moves
    def count(self):
        return br_count(&self.p)

    def legal(self):
        """The legal moves as ints (pass, X or XX, bids upwards; cards by id)."""
        cdef int out[BR_MAXMOVES]
        cdef int n = br_legal(&self.p, out), i
        return [out[i] for i in range(n)]

    def unrank(self, k):
        """The k-th legal move of ``legal()`` without listing them."""
        cdef int m = br_unrank(&self.p, _int_arg(k, "a legal move index", 0, BR_MAXMOVES))
        if m < 0:
            raise ValueError("legal move index out of range")
        return m

    def check(self, move):
        """0 when legal, else the error code (ERRORS) of the rule it breaks."""
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move < BR_NMOVES:
            return BR_E_NOMOVE if self.p.phase != BR_OVER else BR_E_OVER
        return br_check(&self.p, <int>move)

    def apply(self, move):
        """Play a move; ValueError (nothing changes) when it is not legal."""
        cdef int e = self.check(move)
        if e:
            raise ValueError(f"move {move} is not legal here (error {e})")
        br_apply(&self.p, move)

    # -- state
    @property
    def phase(self):
        return self.p.phase

    @property
    def is_over(self):
        return self.p.phase == BR_OVER

    @property
    def current_player(self):
        cdef int c = br_current(&self.p)
        return None if c < 0 else c

    @property
    def seat_to_play(self):
        cdef int c = br_seat_to_play(&self.p)
        return None if c < 0 else c

    @property
    def vul(self):
        return self.p.vul

    @property
    def declarer(self):
        return None if self.p.declarer < 0 else self.p.declarer

    @property
    def contract(self):
        """(level, strain, doubled) once the auction ended with a bid, else None."""
        if self.p.declarer < 0:
            return None
        return (self.p.level, self.p.strain, self.p.doubled)

    @property
    def last_bid(self):
        """The highest bid so far as (rank 0-34, bidder, doubled), or None."""
        if self.p.last_bid < 0:
            return None
        return (self.p.last_bid, self.p.last_bidder, self.p.doubled)

    @property
    def leader(self):
        return self.p.leader if self.p.phase == BR_PLAY else None

    @property
    def tricks_won(self):
        return (self.p.tricks_won[0], self.p.tricks_won[1])

    def hand(self, seat):
        return self.p.hand[_int_arg(seat, "seat", 0, 3)]

    def hands(self):
        return (self.p.hand[0], self.p.hand[1], self.p.hand[2], self.p.hand[3])

    def dealt(self):
        return (self.p.dealt[0], self.p.dealt[1], self.p.dealt[2], self.p.dealt[3])

    def calls(self):
        return bytes(self.p.calls[:self.p.ncalls])

    def played(self):
        return bytes(self.p.played[:self.p.nplayed])

    def card_seats(self):
        """The seat of each card played, in order."""
        return [br_card_seat(&self.p, i) for i in range(self.p.nplayed)]

    def winners(self):
        return bytes(self.p.winner[:self.p.nplayed // 4])

    def voids(self):
        return tuple(self.p.voids[s] for s in range(4))

    def ns_score(self):
        return br_ns_score(&self.p)

    def returns(self):
        cdef int ns = br_ns_score(&self.p)
        return (ns, -ns, ns, -ns)

    def __eq__(self, other):
        if not isinstance(other, Position):
            return NotImplemented
        cdef Position o = other
        return (self.dealt() == o.dealt() and self.calls() == o.calls() and self.played() == o.played()
                and self.p.vul == o.p.vul)

    __hash__ = None

    # -- sampling, policy, rollouts
    def sample(self, player_arg, seed, bint exact=False):
        """A world ``player`` cannot tell from this one (br_sample);
        ``exact`` skips the rejection step (for tests of the fallback)."""
        cdef Position x = Position.__new__(Position)
        cdef Rng rng
        cdef int player = _int_arg(player_arg, "player", 0, 3)
        rng_seed(&rng, _seed_arg(seed))
        if br_sample(&self.p, player, &rng, &x.p, exact) < 0:
            raise ValueError("no deal fits what the player has seen")
        return x

    def policy(self):
        """The rollout policy's move for the player to move (None when over)."""
        cdef int m = br_policy(&self.p)
        return None if m < 0 else m

    def rollout(self):
        """Play this position to the end with the policy in every seat (in
        place, without the GIL); return the returns."""
        cdef int ns
        with nogil:
            ns = br_rollout(&self.p)
        return (ns, -ns, ns, -ns)


def score(level, strain, doubled, bint vulnerable, tricks):
    """The declaring side's duplicate score and its parts (SCORE_PARTS order)."""
    cdef int parts[BR_NPARTS]
    cdef int total = br_score(_int_arg(level, "level", 1, 7), _int_arg(strain, "strain", 0, 4),
                              _int_arg(doubled, "doubled", 0, 2), vulnerable,
                              _int_arg(tricks, "tricks", 0, 13), parts)
    return total, tuple(parts[i] for i in range(BR_NPARTS))


def trick_winner(cards, leader, strain):
    """BR-4.2: the seat winning four cards led by ``leader``."""
    cdef uint8_t c[4]
    cards = list(cards)
    if len(cards) != 4:
        raise ValueError("a trick has four cards")
    for i in range(4):
        c[i] = <uint8_t>_int_arg(cards[i], "a card id", 0, 51)
    return br_trick_winner(c, _int_arg(leader, "leader", 0, 3), _int_arg(strain, "strain", 0, 4))


def random_deals(seed, count_arg):
    """Compiled self-play: ``count`` deals dealt and played to the end with
    uniformly random legal moves (auction and play) through the position.
    Returns the total North-South score."""
    cdef Rng rng
    cdef BRPos p
    cdef int out[BR_MAXMOVES]
    cdef int d, n
    cdef long long total = 0
    cdef int count = _int_arg(count_arg, "count", 0, 1 << 30)
    rng_seed(&rng, _seed_arg(seed))
    with nogil:
        for d in range(count):
            br_deal(&p, &rng, 0)
            while p.phase != BR_OVER:
                n = br_legal(&p, out)
                br_apply(&p, out[rng_below(&rng, n)])
            total += br_ns_score(&p)
    return total


def rollouts(Position start, count_arg):
    """``count`` policy rollouts from copies of ``start``, without the GIL;
    the summed North-South score."""
    cdef BRPos p
    cdef int i
    cdef long long total = 0
    cdef int count = _int_arg(count_arg, "count", 0, 1 << 30)
    with nogil:
        for i in range(count):
            p = start.p
            total += br_rollout(&p)
    return total


def sample_worlds(Position start, player_arg, seed, count_arg):
    """``count`` worlds of ``start`` for ``player`` (a benchmark loop)."""
    cdef BRPos p
    cdef Rng rng
    cdef int i, bad = 0
    cdef int player = _int_arg(player_arg, "player", 0, 3)
    cdef int count = _int_arg(count_arg, "count", 0, 1 << 30)
    rng_seed(&rng, _seed_arg(seed))
    with nogil:
        for i in range(count):
            if br_sample(&start.p, player, &rng, &p, 0) < 0:
                bad += 1
    return bad


def policy_deals(seed, count_arg):
    """Compiled self-play with the policy in every seat from fresh deals;
    returns (total North-South score, deals passed out)."""
    cdef Rng rng
    cdef BRPos p
    cdef int d, passed = 0
    cdef long long total = 0
    cdef int count = _int_arg(count_arg, "count", 0, 1 << 30)
    rng_seed(&rng, _seed_arg(seed))
    with nogil:
        for d in range(count):
            br_deal(&p, &rng, 0)
            total += br_rollout(&p)
            if p.declarer < 0:
                passed += 1
    return total, passed


def vulnerable(vul, seat):
    """BR-2.2: whether ``seat``'s side is vulnerable (vul 0 none, 1 N-S, 2 E-W, 3 both)."""
    return bool(_vulnerable(_int_arg(vul, "vulnerability", 0, 3), _int_arg(seat, "seat", 0, 3)))
