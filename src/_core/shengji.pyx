"""Shengji / Tractor compiled core (RULES.md §4).

Hands are counts per card id (two packs: 0-2 copies of each of the 54 ids).
Every legality question is answered here without Python objects: the trump
order of SJ-3.2 as two tables (effective suit, order), lead shapes (SJ-3.4),
the follow rules (SJ-3.5) counted combinatorially and unranked, so that a
uniform random legal move costs one count and one unrank however many moves
there are, trick winners (SJ-3.6) and scoring (SJ-4).

Legal moves of a position are numbered 0..count-1 in a fixed order:
declaration phase: ``pass``, then the declarations (singles by suit, level
pairs by suit, Black Joker pair, Red Joker pair); burying: the distinct
cards of the dealer's hand, ascending; leading: singles, pairs, then
tractors; following: the sub-multisets of the hand allowed by SJ-3.5, by
number of pairs, then by the combinations of doubled and single cards.
"""
from libc.stdint cimport uint8_t, int8_t, uint64_t, uint32_t
from libc.string cimport memset, memcpy
from cardavia._core.cards cimport cv_ctz
from cardavia._core.rng cimport Rng, rng_seed, rng_next, rng_below, rng_shuffle, rng_shuffle_packs, rng_uniform

cdef uint64_t BINOM[66][66]


cdef void _init_binom() noexcept nogil:
    cdef int n, k
    memset(BINOM, 0, sizeof(BINOM))
    for n in range(66):
        BINOM[n][0] = 1
        for k in range(1, n + 1):
            BINOM[n][k] = BINOM[n - 1][k - 1] + (BINOM[n - 1][k] if k < n else 0)


_init_binom()


cdef inline uint64_t binom(int n, int k) noexcept nogil:
    if n < 0 or k < 0 or k > n:
        return 0
    return BINOM[n][k]


cdef inline int card_points(int c) noexcept nogil:
    if c >= 52:
        return 0
    cdef int r = c >> 2
    if r == 3:
        return 5
    if r == 8 or r == 11:
        return 10
    return 0


# ---------------------------------------------------------------------------
# Setup, trump tables, declaration strength

cdef void sj_shuffle(Rng* rng, uint8_t* deck) noexcept nogil:
    rng_shuffle_packs(rng, deck, SJ_DECK, 54)


cdef void _reset(SJDeal* d, int level, int start, int dealer) noexcept nogil:
    memset(d, 0, sizeof(SJDeal))
    d.level = level
    d.trump = -1
    d.phase = SJ_DECLARE
    d.turn = start
    d.dealer = dealer
    d.scheduled = start
    d.decl_player = -1
    d.first_declarer = -1
    d.best_seat = -1
    d.last_winner = -1


cdef void sj_init(SJDeal* d, const uint8_t* deck, int level, int start, int dealer) noexcept nogil:
    """Deal a shuffled deck: card i to seat i % 4, the last 8 to the kitty."""
    cdef int i
    _reset(d, level, start, dealer)
    for i in range(100):
        d.hand[i & 3][deck[i]] += 1
    for i in range(SJ_KITTY):
        d.kitty[i] = deck[100 + i]


cdef void sj_set_trump(SJDeal* d, int trump) noexcept nogil:
    """SJ-3.2/3.3: effective suits and orders for level ``d.level``."""
    cdef int c, r, s, L = d.level
    d.trump = trump
    for c in range(52):
        r = c >> 2
        s = c & 3
        if r == L:
            d.eff[c] = SJ_TRUMP
            d.ordv[c] = 13 if s == trump else 12
        else:
            d.eff[c] = SJ_TRUMP if s == trump else s
            d.ordv[c] = r if r < L else r - 1
    d.eff[52] = SJ_TRUMP
    d.eff[53] = SJ_TRUMP
    if trump == SJ_TRUMP:
        d.ordv[52] = 13
        d.ordv[53] = 14
    else:
        d.ordv[52] = 14
        d.ordv[53] = 15


cdef inline int _decl_strength(SJDeal* d, const uint8_t* cards, int n, int* suit) noexcept nogil:
    """SJ-2.4: 1 single level card, 2 level pair, 3 Black Joker pair, 4 Red Joker pair; 0 none."""
    cdef int c = cards[0]
    if n == 1:
        if c < 52 and (c >> 2) == d.level:
            suit[0] = c & 3
            return 1
        return 0
    if n == 2 and cards[1] == c:
        if c < 52 and (c >> 2) == d.level:
            suit[0] = c & 3
            return 2
        suit[0] = SJ_TRUMP
        if c == 52:
            return 3
        if c == 53:
            return 4
    return 0


cdef inline int _hand_size(SJDeal* d, int seat) noexcept nogil:
    cdef int c, t = 0
    for c in range(54):
        t += d.hand[seat][c]
    return t


# ---------------------------------------------------------------------------
# Shapes (SJ-3.4)

cdef int sj_lead_shape(SJDeal* d, const uint8_t* cards, int n, int* k, int* suit, int* top) noexcept nogil:
    """0 and (pairs k, effective suit, top order) for a single, pair or tractor; -1 otherwise."""
    cdef uint8_t cnt[54]
    cdef int i, c, s, o
    cdef uint32_t mask = 0
    if n < 1 or n > SJ_MAXPLAY:
        return -1
    s = d.eff[cards[0]]
    if n == 1:
        k[0] = 0
        suit[0] = s
        top[0] = d.ordv[cards[0]]
        return 0
    if n & 1:
        return -1
    memset(cnt, 0, 54)
    for i in range(n):
        c = cards[i]
        if d.eff[c] != s:
            return -1
        cnt[c] += 1
    # every distinct card exactly twice, each pair on its own order:
    # two different cards of one order (off-suit level cards) never chain
    for c in range(54):
        if not cnt[c]:
            continue
        if cnt[c] != 2:
            return -1
        o = d.ordv[c]
        if (mask >> o) & 1:
            return -1
        mask |= (<uint32_t>1) << o
    o = cv_ctz(mask)
    if (mask >> o) != ((<uint32_t>1) << (n // 2)) - 1:
        return -1
    k[0] = n // 2
    suit[0] = s
    top[0] = o + n // 2 - 1
    return 0


# ---------------------------------------------------------------------------
# Pools of cards for the follow rules (SJ-3.5)

ctypedef struct Pool:
    uint8_t pairs[54]
    uint8_t singles[54]
    int a, b              # distinct ids held twice / once
    int m, jmin           # cards to take from the pool, least number of pairs
    uint8_t fixed[SJ_MAXPLAY]
    int nfixed            # cards that must be played whatever the choice


cdef void _follow_pool(SJDeal* d, int seat, Pool* p) noexcept nogil:
    cdef int c, h = 0, S = d.lead_suit, n = d.lead_n, apairs = 0
    cdef uint8_t* hand = d.hand[seat]
    p.a = 0
    p.b = 0
    p.nfixed = 0
    for c in range(54):
        if hand[c] and d.eff[c] == S:
            h += hand[c]
            if hand[c] == 2:
                apairs += 1
    if h >= n:
        # enough of the suit: n cards of it, with as many pairs as possible
        for c in range(54):
            if hand[c] and d.eff[c] == S:
                if hand[c] == 2:
                    p.pairs[p.a] = c
                    p.a += 1
                else:
                    p.singles[p.b] = c
                    p.b += 1
        p.m = n
        p.jmin = d.lead_k if d.lead_k < apairs else apairs
        return
    # short (all of the suit, then anything) or void (anything)
    for c in range(54):
        if not hand[c]:
            continue
        if h > 0 and d.eff[c] == S:
            p.fixed[p.nfixed] = c
            p.nfixed += 1
            if hand[c] == 2:
                p.fixed[p.nfixed] = c
                p.nfixed += 1
        elif hand[c] == 2:
            p.pairs[p.a] = c
            p.a += 1
        else:
            p.singles[p.b] = c
            p.b += 1
    p.m = n - h
    p.jmin = 0


cdef uint64_t _pool_count(Pool* p) noexcept nogil:
    cdef uint64_t t = 0
    cdef int j
    for j in range(p.jmin, p.a + 1):
        if 2 * j > p.m:
            break
        t += binom(p.a, j) * binom(p.a - j + p.b, p.m - 2 * j)
    return t


cdef void _comb_unrank(int N, int K, uint64_t r, int* out) noexcept nogil:
    """The r-th K-subset of 0..N-1 in lexicographic order."""
    cdef int i, x = 0
    cdef uint64_t c
    for i in range(K):
        while True:
            c = binom(N - 1 - x, K - 1 - i)
            if r < c:
                break
            r -= c
            x += 1
        out[i] = x
        x += 1


cdef int _pool_unrank(Pool* p, uint64_t idx, uint8_t* out) noexcept nogil:
    cdef int j, i, n = 0, nrest, q
    cdef uint64_t blk, inner = 1
    cdef int pick[54]
    cdef uint8_t rest[54]
    cdef uint8_t used[54]
    for i in range(p.nfixed):
        out[n] = p.fixed[i]
        n += 1
    j = p.jmin
    while True:
        inner = binom(p.a - j + p.b, p.m - 2 * j)
        blk = binom(p.a, j) * inner
        if idx < blk:
            break
        idx -= blk
        j += 1
    _comb_unrank(p.a, j, idx // inner, pick)
    memset(used, 0, 54)
    for i in range(j):
        used[pick[i]] = 1
        out[n] = p.pairs[pick[i]]
        out[n + 1] = p.pairs[pick[i]]
        n += 2
    nrest = 0
    for i in range(p.a):
        if not used[i]:
            rest[nrest] = p.pairs[i]
            nrest += 1
    for i in range(p.b):
        rest[nrest] = p.singles[i]
        nrest += 1
    q = p.m - 2 * j
    _comb_unrank(nrest, q, idx % inner, pick)
    for i in range(q):
        out[n] = rest[pick[i]]
        n += 1
    return n


# ---------------------------------------------------------------------------
# Leads: singles, pairs, tractors (enumerated; a hand has few)

ctypedef struct PairTable:
    uint8_t ids[5][16][4]
    uint8_t num[5][16]


cdef void _pair_table(SJDeal* d, int seat, PairTable* t) noexcept nogil:
    cdef int c, s, o
    memset(t.num, 0, sizeof(t.num))
    for c in range(54):
        if d.hand[seat][c] == 2:
            s = d.eff[c]
            o = d.ordv[c]
            t.ids[s][o][t.num[s][o]] = c
            t.num[s][o] += 1


cdef uint64_t _leads(SJDeal* d, int seat, uint64_t target, uint8_t* out, int* nout) noexcept nogil:
    """Count the leads; when ``target`` < count, write lead number ``target`` to ``out``."""
    cdef uint64_t total = 0, blk, r
    cdef int c, s, o, L, i, digit
    cdef PairTable t
    cdef uint8_t* hand = d.hand[seat]
    for c in range(54):
        if hand[c]:
            if total == target:
                out[0] = c
                nout[0] = 1
            total += 1
    for c in range(54):
        if hand[c] == 2:
            if total == target:
                out[0] = c
                out[1] = c
                nout[0] = 2
            total += 1
    _pair_table(d, seat, &t)
    for s in range(5):
        for o in range(15):
            if not t.num[s][o]:
                continue
            blk = t.num[s][o]
            L = 1
            while o + L < 16 and t.num[s][o + L]:
                blk *= t.num[s][o + L]
                L += 1
                if target >= total and target - total < blk:
                    r = target - total
                    for i in range(L - 1, -1, -1):
                        digit = r % t.num[s][o + i]
                        r //= t.num[s][o + i]
                        out[2 * i] = t.ids[s][o + i][digit]
                        out[2 * i + 1] = t.ids[s][o + i][digit]
                    nout[0] = 2 * L
                total += blk
    return total


# ---------------------------------------------------------------------------
# Counting, unranking, checking and applying moves

cdef int _declarations(SJDeal* d, uint8_t* opts) noexcept nogil:
    """Declarations open to the player to move, as codes 1-10 (see _decl_cards)."""
    cdef int n = 0, s, L = d.level
    cdef uint8_t* hand = d.hand[d.turn]
    if d.decl_strength < 1:
        for s in range(4):
            if hand[4 * L + s]:
                opts[n] = 1 + s
                n += 1
    if d.decl_strength < 2:
        for s in range(4):
            if hand[4 * L + s] == 2:
                opts[n] = 5 + s
                n += 1
    if d.decl_strength < 3 and hand[52] == 2:
        opts[n] = 9
        n += 1
    if d.decl_strength < 4 and hand[53] == 2:
        opts[n] = 10
        n += 1
    return n


cdef int _decl_cards(SJDeal* d, int code, uint8_t* out) noexcept nogil:
    if code <= 4:
        out[0] = 4 * d.level + code - 1
        return 1
    if code <= 8:
        out[0] = 4 * d.level + code - 5
        out[1] = out[0]
        return 2
    out[0] = 52 if code == 9 else 53
    out[1] = out[0]
    return 2


cdef uint64_t sj_count(SJDeal* d) noexcept nogil:
    cdef uint8_t opts[16]
    cdef uint8_t out[SJ_MAXPLAY]
    cdef int c, n = 0
    cdef Pool p
    if d.phase == SJ_DECLARE:
        return 1 + _declarations(d, opts)
    if d.phase == SJ_BURY:
        for c in range(54):
            if d.hand[d.dealer][c]:
                n += 1
        return n
    if d.phase == SJ_PLAY:
        if d.nplayed == 0:
            return _leads(d, d.turn, <uint64_t>-1, out, &n)
        _follow_pool(d, d.turn, &p)
        return _pool_count(&p)
    return 0


cdef int sj_unrank(SJDeal* d, uint64_t idx, int* kind, uint8_t* out) noexcept nogil:
    """Move number ``idx`` (< sj_count): its kind, and its cards in ``out``; returns the card count."""
    cdef uint8_t opts[16]
    cdef int c, n = 0
    cdef Pool p
    if d.phase == SJ_DECLARE:
        if idx == 0:
            kind[0] = SJ_PASS
            return 0
        _declarations(d, opts)
        kind[0] = SJ_DECL
        return _decl_cards(d, opts[idx - 1], out)
    if d.phase == SJ_BURY:
        kind[0] = SJ_BURYMOVE
        for c in range(54):
            if d.hand[d.dealer][c]:
                if idx == 0:
                    out[0] = c
                    return 1
                idx -= 1
        return 0
    kind[0] = SJ_PLAYMOVE
    if d.nplayed == 0:
        _leads(d, d.turn, idx, out, &n)
        return n
    _follow_pool(d, d.turn, &p)
    return _pool_unrank(&p, idx, out)


cdef int _check_follow(SJDeal* d, const uint8_t* cards, int n) noexcept nogil:
    cdef uint8_t cnt[54]
    cdef int i, c, h = 0, apairs = 0, doubled = 0, need
    cdef int S = d.lead_suit
    cdef uint8_t* hand = d.hand[d.turn]
    if n != d.lead_n:
        return SJ_E_COUNT
    memset(cnt, 0, 54)
    for i in range(n):
        cnt[cards[i]] += 1
    for c in range(54):
        if hand[c] and d.eff[c] == S:
            h += hand[c]
            if hand[c] == 2:
                apairs += 1
    if h >= n:
        for c in range(54):
            if cnt[c]:
                if d.eff[c] != S:
                    return SJ_E_SUIT
                if cnt[c] == 2:
                    doubled += 1
        need = d.lead_k if d.lead_k < apairs else apairs
        if doubled < need:
            return SJ_E_PAIRS
        return SJ_OK
    if h > 0:
        for c in range(54):
            if d.eff[c] == S and cnt[c] != hand[c]:
                return SJ_E_SHORT
    return SJ_OK


cdef int sj_check(SJDeal* d, int kind, const uint8_t* cards, int n) noexcept nogil:
    """SJ_OK, or the error code of the rule the move breaks (the state is unchanged)."""
    cdef uint8_t cnt[54]
    cdef int i, seat, strength, suit = 0, k, top
    if d.phase == SJ_DECLARE:
        if kind == SJ_PASS:
            return SJ_OK
        if kind != SJ_DECL:
            return SJ_E_PHASE
        if n < 1 or n > 2:
            return SJ_E_DECLSHAPE
        strength = _decl_strength(d, cards, n, &suit)
        if strength == 0:
            return SJ_E_DECLSHAPE
        if d.hand[d.turn][cards[0]] < n:
            return SJ_E_NOTHELD
        if strength <= d.decl_strength:
            return SJ_E_WEAK
        return SJ_OK
    if d.phase == SJ_BURY:
        if kind != SJ_BURYMOVE or n != 1:
            return SJ_E_PHASE
        if not d.hand[d.dealer][cards[0]]:
            return SJ_E_NOTHELD
        return SJ_OK
    if d.phase != SJ_PLAY or kind != SJ_PLAYMOVE:
        return SJ_E_PHASE
    if n < 1 or n > SJ_MAXPLAY:
        return SJ_E_COUNT if d.nplayed else SJ_E_SHAPE
    seat = d.turn
    memset(cnt, 0, 54)
    for i in range(n):
        cnt[cards[i]] += 1
        if cnt[cards[i]] > d.hand[seat][cards[i]]:
            return SJ_E_NOTHELD
    if d.nplayed == 0:
        if sj_lead_shape(d, cards, n, &k, &suit, &top) != 0:
            return SJ_E_SHAPE
        return SJ_OK
    return _check_follow(d, cards, n)


cdef void _enter_play(SJDeal* d) noexcept nogil:
    cdef int i
    d.phase = SJ_PLAY
    d.leader = d.dealer
    d.turn = d.dealer
    d.nplayed = 0
    d.kitty_points = 0
    for i in range(d.nburied):
        d.kitty_points += card_points(d.buried[i])


cdef void _fix_trump(SJDeal* d, int trump) noexcept nogil:
    cdef int i
    if d.dealer < 0:
        d.dealer = d.scheduled
    sj_set_trump(d, trump)
    for i in range(SJ_KITTY):
        d.hand[d.dealer][d.kitty[i]] += 1
    d.phase = SJ_BURY
    d.turn = d.dealer


cdef void _end_trick(SJDeal* d) noexcept nogil:
    cdef int w = d.best_seat
    d.tricks_done += 1
    d.last_winner = w
    if (w & 1) != (d.dealer & 1):
        d.card_points += d.trick_points
    else:
        d.defender_points += d.trick_points
    d.attacker_points = d.card_points
    if _hand_size(d, w) == 0:
        d.kitty_mult = 0
        if (w & 1) != (d.dealer & 1):
            d.kitty_mult = 2 * d.lead_n
            d.attacker_points = d.card_points + d.kitty_points * d.kitty_mult
        d.phase = SJ_OVER
        d.turn = -1
        return
    d.leader = w
    d.turn = w
    d.nplayed = 0


cdef void sj_apply(SJDeal* d, int kind, const uint8_t* cards, int n) noexcept nogil:
    """Play a move that sj_check accepted."""
    cdef int i, seat = d.turn, strength, suit = 0, k, s, top, key
    if d.phase == SJ_DECLARE:
        if kind == SJ_PASS:
            d.passes += 1
            if d.decl_strength > 0 and d.passes == 3:
                _fix_trump(d, d.decl_suit)
            elif d.decl_strength == 0 and d.passes == 4:
                d.kitty_revealed = 1
                i = 0
                while d.kitty[i] >= 52:
                    i += 1
                _fix_trump(d, d.kitty[i] & 3)
            else:
                d.turn = (seat + 1) & 3
            return
        strength = _decl_strength(d, cards, n, &suit)
        d.decl_player = seat
        d.decl_strength = strength
        d.decl_suit = suit
        d.passes = 0
        if d.first_declarer < 0:
            d.first_declarer = seat
        if d.dealer < 0:
            d.dealer = seat
        d.turn = (seat + 1) & 3
        return
    if d.phase == SJ_BURY:
        d.hand[seat][cards[0]] -= 1
        d.buried[d.nburied] = cards[0]
        d.nburied += 1
        if d.nburied == SJ_KITTY:
            _enter_play(d)
        return
    # a play
    for i in range(n):
        d.hand[seat][cards[i]] -= 1
        d.trick[seat][i] = cards[i]
        d.gone[cards[i]] += 1
    if d.nplayed == 0:
        sj_lead_shape(d, cards, n, &k, &s, &top)
        d.lead_n = n
        d.lead_k = k
        d.lead_suit = s
        d.best_seat = seat
        d.best_key = (64 if s == SJ_TRUMP else 0) + top + 1
        d.trick_points = 0
    else:
        key = 0
        if sj_lead_shape(d, cards, n, &k, &s, &top) == 0 and k == d.lead_k \
                and (s == d.lead_suit or s == SJ_TRUMP):
            key = (64 if s == SJ_TRUMP else 0) + top + 1
        if key > d.best_key:
            d.best_key = key
            d.best_seat = seat
    for i in range(n):
        d.trick_points += card_points(cards[i])
    d.nplayed += 1
    if d.nplayed == 4:
        _end_trick(d)
    else:
        d.turn = (seat + 1) & 3


cdef void sj_outcome(int points, int* attackers_win, int* levels) noexcept nogil:
    """SJ-4.2: the attackers' points -> who wins the deal and by how many levels."""
    if points < 80:
        attackers_win[0] = 0
        levels[0] = 3 if points <= 0 else (2 if points < 40 else 1)
    else:
        attackers_win[0] = 1
        levels[0] = (points - 80) // 40


cdef void sj_result(SJDeal* d, int* win, int* team, int* levels, int* next_dealer) noexcept nogil:
    """SJ-4.2 for a finished deal: whether the attackers won, the team that goes
    up and by how many levels, and who deals next (the player after the old
    dealer when the attackers take over, else the dealer's partner)."""
    sj_outcome(d.attacker_points, win, levels)
    team[0] = (d.dealer & 1) ^ win[0]
    next_dealer[0] = (d.dealer + 1) & 3 if win[0] else (d.dealer + 2) & 3


cdef inline bint sj_past_ace(int level) noexcept nogil:
    """SJ-4.3: a team whose level (rank index, 12 = Ace) rises beyond Ace wins the match."""
    return level > 12


cdef inline uint64_t _draw(Rng* rng, uint64_t n) noexcept nogil:
    if n <= <uint64_t>0xFFFFFFFF:
        return rng_below(rng, <uint32_t>n)
    return rng_next(rng) % n


cdef int sj_sample(SJDeal* d, Rng* rng, int* kind, uint8_t* out) noexcept nogil:
    """A uniformly random legal move (the deal must not be over); returns its card count."""
    cdef Pool p
    if d.phase == SJ_PLAY and d.nplayed > 0:
        _follow_pool(d, d.turn, &p)
        kind[0] = SJ_PLAYMOVE
        return _pool_unrank(&p, _draw(rng, _pool_count(&p)), out)
    return sj_unrank(d, _draw(rng, sj_count(d)), kind, out)


cdef void sj_random_deal(SJDeal* d, Rng* rng) noexcept nogil:
    """Play the deal to its end with uniformly random legal moves."""
    cdef uint8_t out[SJ_MAXPLAY]
    cdef int kind = 0, n
    while d.phase != SJ_OVER:
        n = sj_sample(d, rng, &kind, out)
        sj_apply(d, kind, out, n)


# ---------------------------------------------------------------------------
# The rollout policy (issue 12 part 3): rules of thumb, read from the mover's
# own hand and the public state only (the trick, the cards gone, the
# declaration), so its move is the same in every world the mover cannot
# tell apart.  Declare from trump length; bury to make voids and keep points
# and trumps; lead sure winners (off-suit aces, tractors, pairs no one can
# top), else low from a long suit, an attacker keeping his top trumps for the
# last trick (SJ-4.1); second hand low, third and fourth hand win as cheaply
# as is safe, give points to a partner who is winning, ruff when void.
# A play the rules refuse (none should be) falls back to a uniform legal move.

cdef enum:
    P_LOW = 0
    P_HIGH = 1
    P_GIVE = 2


cdef inline int _is_trump(SJDeal* d, int c) noexcept nogil:
    return d.eff[c] == SJ_TRUMP


cdef int _outside(SJDeal* d, int c) noexcept nogil:
    """Copies of card c the mover has not seen: not played, not in his hand."""
    return 2 - d.gone[c] - d.hand[d.turn][c]


cdef int _sure(SJDeal* d, int k, int s, int top) noexcept nogil:
    """No other player can hold a higher play of this shape in suit s."""
    cdef int c
    for c in range(54):
        if d.eff[c] == s and d.ordv[c] > top:
            if k == 0 and _outside(d, c) > 0:
                return 0
            if k > 0 and _outside(d, c) == 2:
                return 0
    return 1


cdef int _policy_declare(SJDeal* d, int* kind, uint8_t* out) noexcept nogil:
    cdef uint8_t opts[16]
    cdef int n = _declarations(d, opts), i, s, c, length, best = -1, best_len = 0
    cdef uint8_t* hand = d.hand[d.turn]
    for i in range(n):
        s = (opts[i] - 1) if opts[i] <= 4 else ((opts[i] - 5) if opts[i] <= 8 else SJ_TRUMP)
        length = 0
        for c in range(54):
            if c >= 52 or (c >> 2) == d.level or (s < 4 and (c & 3) == s):
                length += hand[c]
        if s == SJ_TRUMP:
            length += 4            # a joker pair is worth its no-trump
        if length > best_len:
            best_len = length
            best = i
    if best >= 0 and best_len >= 10:
        kind[0] = SJ_DECL
        return _decl_cards(d, opts[best], out)
    kind[0] = SJ_PASS
    return 0


cdef int _policy_bury(SJDeal* d) noexcept nogil:
    cdef int c, s, score, best = -1, best_score = 1 << 30
    cdef int length[5]
    cdef uint8_t* hand = d.hand[d.turn]
    for s in range(5):
        length[s] = 0
    for c in range(54):
        length[d.eff[c]] += hand[c]
    for c in range(54):
        if not hand[c]:
            continue
        if _is_trump(d, c):
            score = 1000 + d.ordv[c]
        else:
            # short suits first (voids), low cards, no points, no pairs, keep aces and kings
            score = length[d.eff[c]] * 6 + d.ordv[c] + card_points(c) * 8 + (30 if hand[c] == 2 else 0)
            if d.ordv[c] >= 10:
                score += 40
        if score < best_score:
            best_score = score
            best = c
    return best


cdef int _policy_lead(SJDeal* d, uint8_t* out) noexcept nogil:
    cdef uint8_t cand[SJ_MAXPLAY]
    cdef uint64_t i, count
    cdef int n = 0, k = 0, s = 0, top = 0, j, pts, score, best_score = -1 << 30, best_n = 0, c
    cdef int length[5]
    cdef uint8_t* hand = d.hand[d.turn]
    for s in range(5):
        length[s] = 0
    for c in range(54):
        length[d.eff[c]] += hand[c]
    cdef uint64_t simple = 0
    cdef int h = 0, hi = -1, hi_n = 0, keep
    for c in range(54):
        simple += (hand[c] > 0) + (hand[c] == 2)
        h += hand[c]
        if hand[c] and d.eff[c] == SJ_TRUMP:
            if d.ordv[c] > hi:
                hi = d.ordv[c]
                hi_n = hand[c]
            elif d.ordv[c] == hi:
                hi_n += hand[c]
    # SJ-4.1: an attacker keeps his top trump(s) for the last trick, where
    # they win the kitty multiplied, and leads them only when nothing else
    # is left.  Attackers only: the same rule for the defenders (who hold
    # the long trumps) cut the attackers' last tricks in self-play from 26 %
    # to 20 %, where the attackers alone raise them to 35 % (20,000 deals, seeds
    # 0-19999); measured in bench/bench_arena_shengji.py's docstring.
    keep = hi >= 0 and h > hi_n and (d.turn & 1) != (d.dealer & 1)
    count = _leads(d, d.turn, <uint64_t>-1, cand, &n)
    for i in range(count):
        # singles and pairs straight from the hand; tractors unranked
        if i < simple:
            c = _nth_simple_lead(hand, <int>i)
            n = 1 if c < 54 else 2
            c = c if c < 54 else c - 54
            cand[0] = c
            cand[1] = c
        else:
            _leads(d, d.turn, i, cand, &n)
        if sj_lead_shape(d, cand, n, &k, &s, &top) != 0:
            continue
        pts = 0
        for j in range(n):
            pts += card_points(cand[j])
        if _sure(d, k, s, top):
            score = (1000 if s != SJ_TRUMP else 600) + 100 * k + 2 * pts + n
        elif k >= 2:
            score = 500 + n
        else:
            score = 300 - 10 * pts - 3 * top + 2 * length[s] - (100 if s == SJ_TRUMP else 0) - 20 * k
        if keep and s == SJ_TRUMP and k <= 1 and top == hi and n >= hi_n:
            score -= 1000           # below every other lead: it takes all the top trumps held
        if score > best_score:
            best_score = score
            best_n = n
            memcpy(out, cand, n)
    return best_n


cdef inline int _nth_simple_lead(const uint8_t* hand, int i) noexcept nogil:
    """Lead number i among the singles then the pairs (_leads' order): c, or 54 + c for a pair."""
    cdef int c
    for c in range(54):
        if hand[c]:
            if i == 0:
                return c
            i -= 1
    for c in range(54):
        if hand[c] == 2:
            if i == 0:
                return 54 + c
            i -= 1
    return 0


cdef int _fill_key(SJDeal* d, int c, int mode) noexcept nogil:
    """Order of the cards to add to a play (smallest first)."""
    cdef int key = d.ordv[c] + (200 if _is_trump(d, c) else 0) + (15 if d.hand[d.turn][c] == 2 else 0)
    if mode == P_GIVE:
        return key - 60 * card_points(c)
    if mode == P_HIGH:
        return -key
    return key + 10 * card_points(c)


cdef int _fill(SJDeal* d, uint8_t* avail, int suit, int m, int mode, uint8_t* out) noexcept nogil:
    """Take m cards from ``avail`` (counts), of effective suit ``suit`` (-1: any), best key first."""
    cdef int i, c, best, key, best_key
    for i in range(m):
        best = -1
        best_key = 1 << 30
        for c in range(54):
            if avail[c] and (suit < 0 or d.eff[c] == suit):
                key = _fill_key(d, c, mode)
                if key < best_key:
                    best_key = key
                    best = c
        if best < 0:
            return i
        avail[best] -= 1
        out[i] = best
    return m


cdef int _pairs(SJDeal* d, uint8_t* avail, int suit, int j, int mode, uint8_t* out) noexcept nogil:
    """Take j pairs of ``suit`` from ``avail``: the lowest (P_LOW), highest (P_HIGH)
    or richest in points (P_GIVE)."""
    cdef int i, c, best, key, best_key
    for i in range(j):
        best = -1
        best_key = 1 << 30
        for c in range(54):
            if avail[c] == 2 and d.eff[c] == suit:
                key = d.ordv[c]
                if mode == P_HIGH:
                    key = -key
                elif mode == P_GIVE:
                    key -= 60 * card_points(c)
                else:
                    key += 10 * card_points(c)
                if key < best_key:
                    best_key = key
                    best = c
        if best < 0:
            return 2 * i
        avail[best] = 0
        out[2 * i] = best
        out[2 * i + 1] = best
    return 2 * j


cdef int _beats(SJDeal* d, const uint8_t* cards, int n) noexcept nogil:
    cdef int k = 0, s = 0, top = 0
    if sj_lead_shape(d, cards, n, &k, &s, &top) != 0 or k != d.lead_k:
        return 0
    if s != d.lead_suit and s != SJ_TRUMP:
        return 0
    return (64 if s == SJ_TRUMP else 0) + top + 1 > d.best_key


cdef int _follow_suit(SJDeal* d, int mode, uint8_t* out) noexcept nogil:
    """n cards of the led suit with as many pairs as the rules ask."""
    cdef uint8_t avail[54]
    cdef int c, apairs = 0, j, n = d.lead_n, S = d.lead_suit, got
    memcpy(avail, d.hand[d.turn], 54)
    for c in range(54):
        if avail[c] == 2 and d.eff[c] == S:
            apairs += 1
    j = d.lead_k if d.lead_k < apairs else apairs
    got = _pairs(d, avail, S, j, mode, out)
    got += _fill(d, avail, S, n - got, mode, out + got)
    return got


cdef int _cheap_win(SJDeal* d, uint8_t* out) noexcept nogil:
    """Third or fourth hand, a single or pair led: the lowest single or pair
    of the led suit that wins the trick (third hand: one the fourth cannot
    top either), so that the higher cards, the top trumps above all, stay
    for later tricks and the last (SJ-4.1); 0 if there is none."""
    cdef uint8_t* hand = d.hand[d.turn]
    cdef int c, n = d.lead_n, best = -1
    for c in range(54):
        if hand[c] < n or d.eff[c] != d.lead_suit:
            continue
        out[0] = c
        out[1] = c
        if not _beats(d, out, n):
            continue
        if d.nplayed == 2 and not _sure(d, d.lead_k, d.lead_suit, d.ordv[c]):
            continue
        if best < 0 or d.ordv[c] < d.ordv[best] or (d.ordv[c] == d.ordv[best] and card_points(c) > card_points(best)):
            best = c
    if best < 0:
        return 0
    out[0] = best
    out[1] = best
    return n


cdef int _policy_follow(SJDeal* d, uint8_t* out) noexcept nogil:
    cdef uint8_t avail[54]
    cdef uint8_t* hand = d.hand[d.turn]
    cdef int c, h = 0, n = d.lead_n, S = d.lead_suit, m, got, i, tpairs = 0
    cdef int partner_wins = d.best_seat == ((d.turn + 2) & 3)
    for c in range(54):
        if d.eff[c] == S:
            h += hand[c]
    if h >= n:
        if partner_wins:
            return _follow_suit(d, P_GIVE, out)
        if d.nplayed >= 2 and d.lead_k == n // 2 and n <= 2:
            got = _cheap_win(d, out)    # a single or pair: win as low as is safe
            if got:
                return got
        if d.nplayed >= 2:          # third and fourth hand: win if we can
            got = _follow_suit(d, P_HIGH, out)
            if _beats(d, out, got):
                return got
        return _follow_suit(d, P_LOW, out)
    memcpy(avail, hand, 54)
    got = 0
    if h > 0:                       # short: all of the suit, then fill
        for c in range(54):
            if d.eff[c] == S:
                for i in range(avail[c]):
                    out[got] = c
                    got += 1
                avail[c] = 0
        return got + _fill(d, avail, -1, n - got, P_GIVE if partner_wins else P_LOW, out + got)
    # void: ruff with the lowest trump play that wins, unless the partner wins
    if not partner_wins and S != SJ_TRUMP and d.lead_k <= 1:
        for c in range(54):
            tpairs += hand[c] == 2 and d.eff[c] == SJ_TRUMP
        if d.lead_k == 0 or tpairs > 0:
            # the lowest trump single or pair that wins
            m = -1
            for c in range(54):
                if d.eff[c] != SJ_TRUMP or hand[c] < n:
                    continue
                out[0] = c
                if n == 2:
                    out[1] = c
                if _beats(d, out, n) and (m < 0 or d.ordv[c] < d.ordv[m]):
                    m = c
            if m >= 0:
                out[0] = m
                if n == 2:
                    out[1] = m
                return n
    return _fill(d, avail, -1, n, P_GIVE if partner_wins else P_LOW, out)


cdef int sj_policy(SJDeal* d, Rng* rng, int* kind, uint8_t* out) noexcept nogil:
    """The heuristic's move for the player to move (the deal must not be over)."""
    cdef int n
    if d.phase == SJ_DECLARE:
        return _policy_declare(d, kind, out)
    if d.phase == SJ_BURY:
        kind[0] = SJ_BURYMOVE
        out[0] = _policy_bury(d)
        return 1
    kind[0] = SJ_PLAYMOVE
    n = _policy_lead(d, out) if d.nplayed == 0 else _policy_follow(d, out)
    if n <= 0 or sj_check(d, SJ_PLAYMOVE, out, n) != SJ_OK:
        return sj_sample(d, rng, kind, out)
    return n


cdef void sj_rollout(SJDeal* d, Rng* rng) noexcept nogil:
    """Play the deal to its end with the policy in every seat."""
    cdef uint8_t out[SJ_MAXPLAY]
    cdef int kind = 0, n
    while d.phase != SJ_OVER:
        n = sj_policy(d, rng, &kind, out)
        sj_apply(d, kind, out, n)


# ---------------------------------------------------------------------------
# Self-play loops (random agents, whole deals or matches), for benchmarks

def selfplay_deals(int deals, seed=0):
    """Play ``deals`` random first deals in the core; return summary figures."""
    cdef SJDeal d
    cdef Rng rng
    cdef uint8_t deck[SJ_DECK]
    cdef int i, win = 0, lv = 0
    cdef long long points = 0, holds = 0, levels = 0, bonus = 0, bad = 0
    rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    with nogil:
        for i in range(deals):
            sj_shuffle(&rng, deck)
            sj_init(&d, deck, 0, 0, -1)
            sj_random_deal(&d, &rng)
            points += d.attacker_points
            bonus += d.attacker_points - d.card_points
            bad += d.card_points + d.defender_points + d.kitty_points != 200
            sj_outcome(d.attacker_points, &win, &lv)
            holds += 1 - win
            levels += lv
    return {"deals": deals, "mean_attacker_points": (<double>points) / max(deals, 1),
            "defender_hold_rate": (<double>holds) / max(deals, 1), "mean_levels": (<double>levels) / max(deals, 1),
            "mean_kitty_bonus": (<double>bonus) / max(deals, 1), "point_total_errors": bad}


cdef int _random_match(Rng* rng, int* deals_out) noexcept nogil:
    """One random match; returns the winning team (0 = seats 0+2)."""
    cdef SJDeal d
    cdef uint8_t deck[SJ_DECK]
    cdef int levels[2]
    cdef int dealer = -1, start = 0, win = 0, lv = 0, team, deals = 0
    levels[0] = 0
    levels[1] = 0
    while True:
        sj_shuffle(rng, deck)
        sj_init(&d, deck, levels[start & 1] if dealer >= 0 else 0, start, dealer)
        sj_random_deal(&d, rng)
        deals += 1
        sj_result(&d, &win, &team, &lv, &dealer)
        levels[team] += lv
        if sj_past_ace(levels[team]):
            deals_out[0] = deals
            return team
        start = dealer


def selfplay_matches(int matches, seed=0):
    """Play ``matches`` random whole matches in the core; return summary figures."""
    cdef Rng rng
    cdef int i, n = 0
    cdef long long total = 0, wins0 = 0
    rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    with nogil:
        for i in range(matches):
            wins0 += _random_match(&rng, &n) == 0
            total += n
    return {"matches": matches, "mean_deals_per_match": (<double>total) / max(matches, 1),
            "team0_win_rate": (<double>wins0) / max(matches, 1), "deals": total}


# ---------------------------------------------------------------------------
# The Python face: names of the core's ids, and one deal's state.  Levels
# are face values 2-14 (J=11, Q=12, K=13, A=14) here as everywhere in the
# API; the struct keeps the rank index 0-12.  "Nobody" is None.

PASS, DECLARE, BURY, PLAY = SJ_PASS, SJ_DECL, SJ_BURYMOVE, SJ_PLAYMOVE
KIND_NAMES = ("pass", "declare", "bury", "play")
DECLARE_PHASE, BURY_PHASE, PLAY_PHASE, OVER_PHASE = SJ_DECLARE, SJ_BURY, SJ_PLAY, SJ_OVER
PHASE_NAMES = ("declare", "bury", "play", "over")
TRUMP = SJ_TRUMP
OK, E_PHASE, E_NOTHELD, E_DECLSHAPE, E_WEAK = SJ_OK, SJ_E_PHASE, SJ_E_NOTHELD, SJ_E_DECLSHAPE, SJ_E_WEAK
E_SHAPE, E_COUNT, E_SUIT, E_PAIRS, E_SHORT = SJ_E_SHAPE, SJ_E_COUNT, SJ_E_SUIT, SJ_E_PAIRS, SJ_E_SHORT
HAND, KITTY, DECK = SJ_HAND, SJ_KITTY, SJ_DECK


cdef inline object _seat(int x):
    return None if x < 0 else x


cdef int _level_index(level) except -1:
    if isinstance(level, bool) or not isinstance(level, int) or not 2 <= level <= 14:
        raise ValueError(f"level must be an int 2-14 (J=11, Q=12, K=13, A=14), not {level!r}")
    return level - 2


cdef int _trump_index(trump) except -2:
    if trump is None:
        return -1
    if isinstance(trump, bool) or not isinstance(trump, int) or not 0 <= trump <= 4:
        raise ValueError(f"trump must be 0-3 (a suit) or 4 (no-trump), not {trump!r}")
    return trump


cdef int _seat_arg(seat, str what, bint allow_none) except -2:
    if seat is None and allow_none:
        return -1
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ValueError(f"{what} must be a seat 0-3{' or None' if allow_none else ''}, not {seat!r}")
    return seat


cdef class Deal:
    """One deal of Shengji held in the core's ``SJDeal`` struct."""
    cdef SJDeal d

    @staticmethod
    def shuffled(seed, level, start, dealer):
        """A deal of a deck shuffled by ``Rng(seed)``; ``dealer`` None lets the first declarer deal."""
        cdef Deal x = Deal.__new__(Deal)
        cdef Rng rng
        cdef uint8_t deck[SJ_DECK]
        cdef int lv = _level_index(level), st = _seat_arg(start, "start", False)
        cdef int dl = _seat_arg(dealer, "dealer", True)
        rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        sj_shuffle(&rng, deck)
        sj_init(&x.d, deck, lv, st, dl)
        return x

    @staticmethod
    def from_hands(hands, kitty, level, trump, dealer, start):
        """Given hands (lists of ids) and kitty (ids, deal order); ``trump`` None
        starts with the declaration, 0-4 at the dealer's lead with ``kitty``
        already buried.  The caller (``ShengjiGame.validate_setup``) has
        checked the pack and the sizes; this checks only what keeps the
        struct sound."""
        cdef Deal x = Deal.__new__(Deal)
        cdef int seat, i, c
        cdef int lv = _level_index(level), tr = _trump_index(trump)
        cdef int st = _seat_arg(start, "start", False), dl = _seat_arg(dealer, "dealer", True)
        if len(hands) != 4 or len(kitty) > SJ_KITTY or (tr >= 0 and dl < 0):
            raise ValueError("four hands, a kitty of at most 8 cards, and a dealer when trump is fixed")
        counts = [0] * 54
        for c in [c for h in hands for c in h] + list(kitty):
            if not 0 <= c <= 53:
                raise ValueError(f"card id {c} out of range 0-53")
            counts[c] += 1
            if counts[c] > 2:
                raise ValueError(f"card id {c} appears more than twice")
        _reset(&x.d, lv, st, dl)
        for seat in range(4):
            for c in hands[seat]:
                x.d.hand[seat][c] += 1
        if tr < 0:
            for i in range(min(len(kitty), SJ_KITTY)):
                x.d.kitty[i] = kitty[i]
            return x
        # trump fixed, kitty already buried: straight to the play
        sj_set_trump(&x.d, tr)
        for i in range(len(kitty)):
            x.d.buried[i] = kitty[i]
            x.d.kitty[i] = kitty[i]
        x.d.nburied = len(kitty)
        _enter_play(&x.d)
        return x

    def copy(self):
        cdef Deal x = Deal.__new__(Deal)
        memcpy(&x.d, &self.d, sizeof(SJDeal))
        return x

    def count(self):
        """The number of legal moves (0 once the deal is over)."""
        return sj_count(&self.d)

    def unrank(self, uint64_t idx):
        """(kind id, cards) of legal move number ``idx``."""
        cdef uint8_t out[SJ_MAXPLAY]
        cdef int kind = 0, n
        if idx >= sj_count(&self.d):
            raise ValueError("legal move index out of range")
        n = sj_unrank(&self.d, idx, &kind, out)
        return kind, tuple([out[i] for i in range(n)])

    def enumerate_all(self):
        """Generate every legal move in the core (a benchmark of move generation); returns the count."""
        cdef uint8_t out[SJ_MAXPLAY]
        cdef int kind = 0
        cdef uint64_t i, n = sj_count(&self.d)
        cdef long long total = 0
        cdef Pool p
        with nogil:
            if self.d.phase == SJ_PLAY and self.d.nplayed > 0:
                _follow_pool(&self.d, self.d.turn, &p)
                for i in range(n):
                    total += _pool_unrank(&p, i, out)
            else:
                for i in range(n):
                    total += sj_unrank(&self.d, i, &kind, out)
        return n

    def check(self, int kind, cards):
        """OK or the error code of the rule the move breaks; cards are ids 0-53."""
        cdef uint8_t buf[SJ_MAXPLAY]
        cdef int n = len(cards), i
        cdef long v
        if kind < SJ_PASS or kind > SJ_PLAYMOVE:
            return SJ_E_PHASE
        if self.d.phase == SJ_OVER:
            return SJ_E_PHASE
        if n > SJ_MAXPLAY:
            return SJ_E_COUNT if self.d.nplayed else SJ_E_SHAPE
        for i in range(n):
            v = cards[i]
            if v < 0 or v > 53:
                return SJ_E_NOTHELD
            buf[i] = <uint8_t>v
        return sj_check(&self.d, kind, buf, n)

    def apply(self, int kind, cards):
        """Play a move that ``check`` accepted (ValueError otherwise, the deal unchanged)."""
        cdef uint8_t buf[SJ_MAXPLAY]
        cdef int n = len(cards), i
        if self.check(kind, cards) != SJ_OK:
            raise ValueError("illegal move")
        for i in range(n):
            buf[i] = cards[i]
        sj_apply(&self.d, kind, buf, n)

    def play_random(self, seed):
        """Finish the deal with uniformly random moves from ``Rng(seed)``."""
        cdef Rng rng
        rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        with nogil:
            sj_random_deal(&self.d, &rng)

    def policy_move(self, seed=0):
        """(kind id, cards) the rollout policy plays for the seat to move."""
        cdef Rng rng
        cdef uint8_t out[SJ_MAXPLAY]
        cdef int kind = 0, n
        if self.d.phase == SJ_OVER:
            raise ValueError("the deal is over")
        rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        n = sj_policy(&self.d, &rng, &kind, out)
        return kind, tuple([out[i] for i in range(n)])

    def rollout(self, seed=0):
        """Play this deal to its end with the policy in every seat (in place, nogil)."""
        cdef Rng rng
        rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        with nogil:
            sj_rollout(&self.d, &rng)

    def result(self):
        """SJ-4.2 of the finished deal: (attackers_win, team going up, levels, next dealer)."""
        cdef int win = 0, lv = 0, team = 0, nxt = 0
        if self.d.phase != SJ_OVER:
            raise ValueError("the deal is not over")
        sj_result(&self.d, &win, &team, &lv, &nxt)
        return bool(win), team, lv, nxt

    def returns(self):
        """Per seat, the deal's score once over (levels gained, + for the winning team)."""
        if self.d.phase != SJ_OVER:
            return (0, 0, 0, 0)
        _win, team, lv, _nxt = self.result()
        return tuple([lv if (p & 1) == team else -lv for p in range(4)])

    @property
    def declaration_cards(self):
        """The cards of the standing declaration (SJ-2.4), or None."""
        cdef uint8_t out[2]
        cdef int code, n, st = self.d.decl_strength
        if st == 0:
            return None
        code = 1 + self.d.decl_suit if st == 1 else (5 + self.d.decl_suit if st == 2 else st + 6)
        n = _decl_cards(&self.d, code, out)
        return [out[i] for i in range(n)]

    def hand(self, int seat):
        """The seat's cards as a list of ids, ascending (a pair appears twice)."""
        cdef int c
        out = []
        for c in range(54):
            for _ in range(self.d.hand[seat][c]):
                out.append(c)
        return out

    def hand_counts(self, int seat):
        """Copies (0-2) of each card id in the seat's hand, as bytes."""
        return bytes([self.d.hand[seat][c] for c in range(54)])

    def hand_size(self, int seat):
        return _hand_size(&self.d, seat)

    def trick(self):
        """[(seat, cards)] of the current trick, in play order."""
        cdef int i, seat
        out = []
        if self.d.phase != SJ_PLAY:
            return out
        for i in range(self.d.nplayed):
            seat = (self.d.leader + i) & 3
            out.append((seat, tuple([self.d.trick[seat][j] for j in range(self.d.lead_n)])))
        return out

    def order(self, int card):
        """(effective suit 0-4, order) of a card once trump is fixed."""
        return self.d.eff[card], self.d.ordv[card]

    @property
    def phase(self):
        return self.d.phase

    @property
    def turn(self):
        """The seat to move, None once the deal is over."""
        return _seat(self.d.turn)

    @property
    def level(self):
        """The level of the deal, 2-14."""
        return self.d.level + 2

    @property
    def trump(self):
        """0-3 (C D H S), 4 no-trump, None while declaring."""
        return None if self.d.trump < 0 else self.d.trump

    @property
    def dealer(self):
        """The dealer's seat; None while the first deal's dealer is open."""
        return _seat(self.d.dealer)

    @property
    def declaration(self):
        """(player, strength, suit) of the standing declaration, or None."""
        if self.d.decl_strength == 0:
            return None
        return (self.d.decl_player, self.d.decl_strength, self.d.decl_suit)

    @property
    def first_declarer(self):
        return _seat(self.d.first_declarer)

    @property
    def kitty(self):
        return [self.d.kitty[i] for i in range(SJ_KITTY)]

    @property
    def kitty_revealed(self):
        return bool(self.d.kitty_revealed)

    @property
    def buried(self):
        return [self.d.buried[i] for i in range(self.d.nburied)]

    @property
    def attacker_points(self):
        return self.d.attacker_points

    @property
    def card_points(self):
        return self.d.card_points

    @property
    def defender_points(self):
        return self.d.defender_points

    @property
    def kitty_points(self):
        return self.d.kitty_points

    @property
    def kitty_mult(self):
        return self.d.kitty_mult

    @property
    def leader(self):
        """The seat that led (or leads) the current trick; None before the play."""
        return self.d.leader if self.d.phase >= SJ_PLAY else None

    @property
    def nplayed(self):
        return self.d.nplayed

    @property
    def lead(self):
        """(cards, pairs, effective suit) of the current trick's lead, or None."""
        if self.d.phase != SJ_PLAY or self.d.nplayed == 0:
            return None
        return (self.d.lead_n, self.d.lead_k, self.d.lead_suit)

    @property
    def best_seat(self):
        return _seat(self.d.best_seat) if self.d.phase == SJ_PLAY and self.d.nplayed else None

    @property
    def last_winner(self):
        return _seat(self.d.last_winner)

    @property
    def tricks_done(self):
        return self.d.tricks_done

    def __reduce__(self):
        raise TypeError("Deal is rebuilt by replaying moves, not pickled")


def shape_of(cards, level, trump):
    """(pairs, effective suit, top order) of a lead, or None (SJ-3.4); level 2-14."""
    cdef SJDeal d
    cdef uint8_t buf[SJ_MAXPLAY]
    cdef int n = len(cards), i, k = 0, s = 0, top = 0
    cdef int lv = _level_index(level), tr = _trump_index(trump)
    if n < 1 or n > SJ_MAXPLAY:
        return None
    if tr < 0:
        raise ValueError("trump must be 0-3 (a suit) or 4 (no-trump)")
    for i in range(n):
        if not 0 <= cards[i] <= 53:
            return None
        buf[i] = cards[i]
    d.level = lv
    sj_set_trump(&d, tr)
    if sj_lead_shape(&d, buf, n, &k, &s, &top) != 0:
        return None
    return k, s, top


def order_table(level, trump):
    """[(effective suit, order)] of every card id for a contract (SJ-3.2/3.3); level 2-14."""
    cdef SJDeal d
    cdef int lv = _level_index(level), tr = _trump_index(trump)
    if tr < 0:
        raise ValueError("trump must be 0-3 (a suit) or 4 (no-trump)")
    d.level = lv
    sj_set_trump(&d, tr)
    return [(d.eff[c], d.ordv[c]) for c in range(54)]


def past_ace(level):
    """SJ-4.3: whether a team at ``level`` (2-14, beyond 14 past Ace) has won the match."""
    return sj_past_ace(level - 2)


def outcome(int points):
    """SJ-4.2: (attackers_win, levels) for the attackers' points."""
    cdef int w = 0, lv = 0
    sj_outcome(points, &w, &lv)
    return bool(w), lv


# ---------------------------------------------------------------------------
# Hidden cards (issue 12 part 2): worlds a player cannot tell from the deal.
#
# A world is dealt hands and a kitty from which the deal's public history
# replays to a position with the observer's own cards and every public
# fact.  The cards the observer has not seen are dealt to the holdings he
# cannot see (the other hands; the kitty or buried cards while they are
# hidden; in an endgame set up with fewer cards, the cards out of play),
# uniformly over the ways of dealing the distinct copies, subject to caps
# per holding and card (voids shown, SJ-3.5's "no pair left") and lower
# bounds (a declarer holds what he declared; the revealed kitty is in the
# dealer's hand or buried).  Rejection sampling first; after a few failed
# draws an exact fallback: a table of completion counts over the classes of
# cards that share constraints (a convolution per holding), sampled class
# by class.  Either draw is uniform on the constrained set, so their mixture
# is too.  Each world is then replayed through sj_check/sj_apply: a world
# that does not replay (a constraint this model lacks) is drawn again, which
# keeps the draw uniform on the worlds that replay.

from libc.stdlib cimport malloc, free

cdef enum:
    W_MAXH = 5
    W_MAXMOVES = 320
    W_MAXLB = 32
    W_MAXCLASS = 96
    W_REJECT = 24             # rejection draws before the exact table is used
    W_MAXTABLE = 6000000      # doubles the exact table may take


cdef double INV_FACT[110]


cdef void _init_fact() noexcept nogil:
    cdef int i
    INV_FACT[0] = 1.0
    for i in range(1, 110):
        INV_FACT[i] = INV_FACT[i - 1] / i


_init_fact()


ctypedef struct WClass:
    int n                     # copies in the class
    int mask                  # eligible holdings (mask class)
    int card                  # the card of a one-card class, -1 for a mask class
    int nsplit
    uint8_t sh1[16]
    uint8_t sh2[16]           # 255: a one-copy split
    double sw[16]
    int first                 # its copies in Sampler.ccards[first:first + n]
    int table                 # index of its first table g_0 (= f of the next class)


cdef class Sampler:
    """The hidden-card model of one observation (built by ``cardavia.shengji``);
    ``sample(seed)`` draws one world as a ``Deal``."""
    cdef int mode, level, trump, start, dealer_arg, dealer, observer, pickup
    cdef int nh, nunseen, nlb, nmoves, kitty_known, nbknown, bhold
    cdef int hseat[W_MAXH]
    cdef int hsize[W_MAXH]
    cdef uint8_t cap[W_MAXH * 54]
    cdef uint8_t unseen[54]
    cdef uint8_t ulist[108]
    cdef uint8_t lb_card[W_MAXLB]
    cdef uint8_t lb_need[W_MAXLB]
    cdef int lb_mask[W_MAXLB]
    cdef uint8_t known[4 * 54]
    cdef uint8_t reserve[54]
    cdef uint8_t kitty[8]
    cdef uint8_t bknown[8]
    cdef uint8_t mkind[W_MAXMOVES]
    cdef uint8_t mn[W_MAXMOVES]
    cdef uint8_t mcards[W_MAXMOVES][SJ_MAXPLAY]
    # the exact fallback
    cdef int built, feasible, nclass, ntables, patience
    cdef long long nstates
    cdef long long stride[W_MAXH]
    cdef WClass cls[W_MAXCLASS]
    cdef uint8_t ccards[108]
    cdef double* tables
    # figures
    cdef public long long draws, rejected, exact_draws, replay_failures

    def __cinit__(self):
        self.tables = NULL

    def __dealloc__(self):
        if self.tables != NULL:
            free(self.tables)

    def __init__(self, int mode, int level, trump, int start, dealer_arg, dealer, int observer, int pickup,
                 holdings, unseen, caps, lbs, known, reserve, kitty_known, bknown, moves):
        cdef int h, c, i, n, k
        self.mode = mode
        self.level = _level_index(level)
        self.trump = _trump_index(trump)
        self.start = _seat_arg(start, "start", False)
        self.dealer_arg = _seat_arg(dealer_arg, "dealer", True)
        self.dealer = _seat_arg(dealer, "dealer", True)
        self.observer = observer
        self.pickup = pickup
        if (mode == 1 or pickup) and self.dealer < 0:
            raise ValueError("the sampler needs the dealer once the kitty is taken")
        if len(holdings) > W_MAXH or len(lbs) > W_MAXLB or len(moves) > W_MAXMOVES or len(bknown) > 8:
            raise ValueError("observation too large for the sampler")
        self.nh = len(holdings)
        self.bhold = -1
        self.nunseen = 0
        for h in range(self.nh):
            self.hseat[h] = holdings[h][0]
            self.hsize[h] = holdings[h][1]
            if self.hseat[h] == -1:
                self.bhold = h
            for c in range(54):
                self.cap[h * 54 + c] = caps[h][c]
        for c in range(54):
            self.unseen[c] = unseen[c]
            for i in range(unseen[c]):
                self.ulist[self.nunseen] = c
                self.nunseen += 1
            self.reserve[c] = reserve[c]
            for i in range(4):
                self.known[i * 54 + c] = known[i][c]
        n = 0
        for h in range(self.nh):
            n += self.hsize[h]
        if n != self.nunseen:
            raise ValueError(f"the holdings hold {n} cards but {self.nunseen} are unseen")
        self.nlb = len(lbs)
        for i in range(self.nlb):
            self.lb_card[i], self.lb_mask[i], self.lb_need[i] = lbs[i]
        self.kitty_known = kitty_known is not None
        if self.kitty_known:
            for i in range(8):
                self.kitty[i] = kitty_known[i]
        self.nbknown = len(bknown)
        for i in range(self.nbknown):
            self.bknown[i] = bknown[i]
        self.nmoves = len(moves)
        for i in range(self.nmoves):
            k, cards = moves[i]
            self.mkind[i] = k
            if cards is None:
                self.mn[i] = 1
                self.mcards[i][0] = 255
            else:
                if len(cards) > SJ_MAXPLAY:
                    raise ValueError("a move of too many cards")
                self.mn[i] = len(cards)
                for c in range(len(cards)):
                    self.mcards[i][c] = cards[c]
        self.built = 0
        self.feasible = 0
        self.draws = self.rejected = self.exact_draws = self.replay_failures = 0
        # rejection draws before the exact table: more where the table is dear
        # (about 10 ns an entry to build against about 1 us a rejection draw)
        est = 1
        for h in range(self.nh):
            est *= self.hsize[h] + 1
        est *= self.nh + 2
        self.patience = W_REJECT + <int>min(est // 200, 100000)

    @property
    def exact_table_states(self):
        """States of the exact table (0 until it is needed, or when it is too large)."""
        return self.nstates * self.ntables if self.feasible else 0

    # -- drawing the holdings ---------------------------------------------
    cdef bint _ok(self, const uint8_t* cnt) noexcept nogil:
        cdef int h, c, i, t
        for h in range(self.nh):
            for c in range(54):
                if cnt[h * 54 + c] > self.cap[h * 54 + c]:
                    return False
        for i in range(self.nlb):
            t = 0
            for h in range(self.nh):
                if (self.lb_mask[i] >> h) & 1:
                    t += cnt[h * 54 + self.lb_card[i]]
            if t < self.lb_need[i]:
                return False
        return True

    cdef bint _reject_draw(self, Rng* rng, uint8_t* cnt) noexcept nogil:
        cdef uint8_t deck[108]
        cdef int h, i, j = 0
        memcpy(deck, self.ulist, self.nunseen)
        rng_shuffle(rng, deck, self.nunseen)
        memset(cnt, 0, W_MAXH * 54)
        for h in range(self.nh):
            for i in range(self.hsize[h]):
                cnt[h * 54 + deck[j]] += 1
                if cnt[h * 54 + deck[j]] > self.cap[h * 54 + deck[j]]:
                    return False      # over a cap: no need to deal on
                j += 1
        return self._ok(cnt)

    cdef int _build(self) except -1:
        """The exact table (once per sampler); leaves ``feasible`` 0 when too large."""
        cdef int h, c, u, i, j, k, m, h1, h2, hb, ok, t, digit
        cdef int masks_n[32]
        cdef int mask_class[32]
        cdef int cursor[W_MAXCLASS]
        cdef uint8_t special[54]
        cdef long long s, st, x, xmax, ntab
        cdef double* cur
        cdef double* prev
        cdef double acc
        cdef WClass* w
        self.built = 1
        self.feasible = 0
        self.nstates = 1
        for h in range(self.nh):
            self.stride[h] = self.nstates
            self.nstates *= self.hsize[h] + 1
        for m in range(32):
            masks_n[m] = 0
            mask_class[m] = -1
        # classes: a card with a bound or a cap below its copies is its own
        # class; every other card joins the class of its eligible holdings
        self.nclass = 0
        for c in range(54):
            special[c] = 0
            u = self.unseen[c]
            if u == 0:
                continue
            for i in range(self.nlb):
                if self.lb_card[i] == c:
                    special[c] = 1
            m = 0
            for h in range(self.nh):
                if self.cap[h * 54 + c] >= 1:
                    m |= 1 << h
                if 0 < self.cap[h * 54 + c] < u:
                    special[c] = 1
            if m == 0:
                raise ValueError("no world fits this observation")
            if not special[c]:
                masks_n[m] += u
                continue
            if self.nclass >= W_MAXCLASS:
                return 0
            w = &self.cls[self.nclass]
            w.n = u
            w.card = c
            w.mask = m
            w.nsplit = 0
            for h1 in range(self.nh):
                for hb in range(h1, self.nh + 1):
                    if u == 1 and hb != self.nh:
                        continue
                    if u == 2 and hb == self.nh:
                        continue
                    h2 = 255 if u == 1 else hb
                    if u == 2 and h1 == h2:
                        ok = self.cap[h1 * 54 + c] >= 2
                    else:
                        ok = self.cap[h1 * 54 + c] >= 1 and (u == 1 or self.cap[h2 * 54 + c] >= 1)
                    for i in range(self.nlb):
                        if ok and self.lb_card[i] == c:
                            t = (self.lb_mask[i] >> h1) & 1
                            if u == 2:
                                t += (self.lb_mask[i] >> h2) & 1
                            ok = t >= self.lb_need[i]
                    if ok:
                        w.sh1[w.nsplit] = h1
                        w.sh2[w.nsplit] = h2
                        w.sw[w.nsplit] = 1.0 if (u == 1 or h1 == h2) else 2.0
                        w.nsplit += 1
            if w.nsplit == 0:
                raise ValueError("no world fits this observation")
            self.nclass += 1
        for m in range(32):
            if masks_n[m]:
                if self.nclass >= W_MAXCLASS:
                    return 0
                w = &self.cls[self.nclass]
                w.n = masks_n[m]
                w.mask = m
                w.card = -1
                w.nsplit = 0
                mask_class[m] = self.nclass
                self.nclass += 1
        j = 0
        for k in range(self.nclass):
            self.cls[k].first = j
            cursor[k] = j
            j += self.cls[k].n
        for c in range(54):
            u = self.unseen[c]
            if u == 0:
                continue
            if special[c]:
                for k in range(self.nclass):
                    if self.cls[k].card == c:
                        break
            else:
                m = 0
                for h in range(self.nh):
                    if self.cap[h * 54 + c] >= 1:
                        m |= 1 << h
                k = mask_class[m]
            for i in range(u):
                self.ccards[cursor[k]] = c
                cursor[k] += 1
        # tables: the end, then per class one per eligible holding (a mask
        # class, a convolution each) or one (a card of its own)
        ntab = 1
        for k in range(self.nclass):
            if self.cls[k].card >= 0:
                ntab += 1
            else:
                for h in range(self.nh):
                    ntab += (self.cls[k].mask >> h) & 1
        if ntab * self.nstates > W_MAXTABLE:
            return 0
        self.ntables = <int>ntab
        self.tables = <double*>malloc(ntab * self.nstates * sizeof(double))
        if self.tables == NULL:
            return 0
        memset(self.tables, 0, ntab * self.nstates * sizeof(double))
        self.tables[0] = 1.0
        t = 0
        u = 0                     # cards of the classes done so far
        with nogil:
            for k in range(self.nclass - 1, -1, -1):
                w = &self.cls[k]
                w.table = t
                u += w.n
                if w.card >= 0:
                    prev = self.tables + t * self.nstates
                    cur = prev + self.nstates
                    for s in range(self.nstates):
                        acc = 0.0
                        for i in range(w.nsplit):
                            st = self._after(s, w.sh1[i], w.sh2[i])
                            if st >= 0:
                                acc += w.sw[i] * prev[st]
                        cur[s] = acc
                    t += 1
                    self._keep_total(cur, u)
                    continue
                for h in range(self.nh):
                    if not (w.mask >> h) & 1:
                        continue
                    prev = self.tables + t * self.nstates
                    cur = prev + self.nstates
                    for s in range(self.nstates):
                        digit = <int>((s // self.stride[h]) % (self.hsize[h] + 1))
                        xmax = digit if digit < w.n else w.n
                        acc = 0.0
                        for x in range(xmax + 1):
                            acc += INV_FACT[x] * prev[s - x * self.stride[h]]
                        cur[s] = acc
                    t += 1
                # the sums over one holding at a time ran over any count of
                # copies: keep the states that hold exactly the cards left
                self._keep_total(self.tables + t * self.nstates, u)
        st = 0
        for h in range(self.nh):
            st += self.hsize[h] * self.stride[h]
        if self.tables[t * self.nstates + st] <= 0.0:
            raise ValueError("no world fits this observation")
        self.feasible = 1
        return 0

    cdef void _keep_total(self, double* f, int total) noexcept nogil:
        """Zero the states of ``f`` whose capacities do not add up to ``total``."""
        cdef long long s, r
        cdef int h, sum_
        for s in range(self.nstates):
            r = s
            sum_ = 0
            for h in range(self.nh):
                sum_ += <int>(r % (self.hsize[h] + 1))
                r //= self.hsize[h] + 1
            if sum_ != total:
                f[s] = 0.0

    cdef long long _after(self, long long s, int h1, int h2) noexcept nogil:
        """The state after one copy goes to h1 (and one to h2 unless 255); -1 if full."""
        cdef int digit = <int>((s // self.stride[h1]) % (self.hsize[h1] + 1))
        if digit < 1:
            return -1
        s -= self.stride[h1]
        if h2 != 255:
            digit = <int>((s // self.stride[h2]) % (self.hsize[h2] + 1))
            if digit < 1:
                return -1
            s -= self.stride[h2]
        return s

    cdef void _exact_draw(self, Rng* rng, uint8_t* cnt) noexcept nogil:
        cdef long long s = 0, x, xmax, st
        cdef int k, h, i, j, digit, pick
        cdef int take[W_MAXH]
        cdef uint8_t copies[108]
        cdef double wts[109]
        cdef double total, r
        cdef double* prev
        cdef WClass* w
        memset(cnt, 0, W_MAXH * 54)
        for h in range(self.nh):
            s += self.hsize[h] * self.stride[h]
        for k in range(self.nclass):
            w = &self.cls[k]
            if w.card >= 0:
                prev = self.tables + w.table * self.nstates
                total = 0.0
                for i in range(w.nsplit):
                    st = self._after(s, w.sh1[i], w.sh2[i])
                    wts[i] = w.sw[i] * prev[st] if st >= 0 else 0.0
                    total += wts[i]
                pick = _pick(rng, wts, w.nsplit, total)
                s = self._after(s, w.sh1[pick], w.sh2[pick])
                cnt[w.sh1[pick] * 54 + w.card] += 1
                if w.sh2[pick] != 255:
                    cnt[w.sh2[pick] * 54 + w.card] += 1
                continue
            # a mask class: the count for each eligible holding, last first
            j = w.table
            for h in range(self.nh):
                j += (w.mask >> h) & 1
            for h in range(self.nh - 1, -1, -1):
                take[h] = 0
                if not (w.mask >> h) & 1:
                    continue
                j -= 1
                prev = self.tables + j * self.nstates
                digit = <int>((s // self.stride[h]) % (self.hsize[h] + 1))
                xmax = digit if digit < w.n else w.n
                total = 0.0
                for x in range(xmax + 1):
                    wts[x] = INV_FACT[x] * prev[s - x * self.stride[h]]
                    total += wts[x]
                x = _pick(rng, wts, <int>xmax + 1, total)
                take[h] = <int>x
                s -= x * self.stride[h]
            memcpy(copies, self.ccards + w.first, w.n)
            rng_shuffle(rng, copies, w.n)
            i = 0
            for h in range(self.nh):
                for x in range(take[h]):
                    cnt[h * 54 + copies[i]] += 1
                    i += 1

    # -- from holdings to a replayed deal -----------------------------------
    cdef int _world(self, Rng* rng, const uint8_t* cnt, SJDeal* d, uint8_t* dealt,
                    uint8_t* kit, uint8_t* bur) noexcept nogil:
        """Deal and replay; 0, or -1 when the world does not replay."""
        cdef int q, h, c, i, j, n, nb = 0, dl = self.dealer, nav
        cdef uint8_t avail[40]
        cdef uint8_t cards[SJ_MAXPLAY]
        memcpy(dealt, self.known, 4 * 54)
        for h in range(self.nh):
            if self.hseat[h] >= 0:
                for c in range(54):
                    dealt[self.hseat[h] * 54 + c] += cnt[h * 54 + c]
        # the buried (or still undealt) cards
        if self.bhold >= 0:
            for c in range(54):
                for i in range(cnt[self.bhold * 54 + c]):
                    bur[nb] = c
                    nb += 1
            rng_shuffle(rng, bur, nb)
        else:
            nb = self.nbknown
            memcpy(bur, self.bknown, nb)
        if self.mode == 0:
            if not self.pickup:
                if nb != 8:
                    return -1
                memcpy(kit, bur, 8)
            else:
                for i in range(nb):
                    dealt[dl * 54 + bur[i]] += 1
                if self.kitty_known:
                    memcpy(kit, self.kitty, 8)
                else:
                    # the kitty the dealer took: 8 of his cards, his declared ones excepted
                    nav = 0
                    for c in range(54):
                        for i in range(dealt[dl * 54 + c] - self.reserve[c]):
                            if nav < 40:
                                avail[nav] = c
                                nav += 1
                    if nav < 8:
                        return -1
                    for i in range(8):
                        j = i + <int>rng_below(rng, nav - i)
                        c = avail[j]
                        avail[j] = avail[i]
                        avail[i] = c
                        kit[i] = c
                for i in range(8):
                    if dealt[dl * 54 + kit[i]] == 0:
                        return -1
                    dealt[dl * 54 + kit[i]] -= 1
            _reset(d, self.level, self.start, self.dealer_arg)
            memcpy(d.hand, dealt, 4 * 54)
            memcpy(d.kitty, kit, 8)
        else:
            _reset(d, self.level, dl, dl)
            memcpy(d.hand, dealt, 4 * 54)
            sj_set_trump(d, self.trump)
            for i in range(nb):
                d.buried[i] = bur[i]
                d.kitty[i] = bur[i]
                kit[i] = bur[i]
            d.nburied = nb
            _enter_play(d)
        j = 0
        for i in range(self.nmoves):
            n = self.mn[i]
            memcpy(cards, self.mcards[i], n)
            if self.mkind[i] == SJ_BURYMOVE and cards[0] == 255:
                if j >= nb:
                    return -1
                cards[0] = bur[j]
                j += 1
            if d.phase == SJ_OVER or sj_check(d, self.mkind[i], cards, n) != SJ_OK:
                return -1
            sj_apply(d, self.mkind[i], cards, n)
        return 0

    cdef int _draw(self, Rng* rng, SJDeal* d, uint8_t* dealt, uint8_t* kit, uint8_t* bur) except -1:
        cdef uint8_t cnt[W_MAXH * 54]
        cdef long long tries = 0, failures = 0
        cdef int exact
        while True:
            if tries >= self.patience and not self.built:
                self._build()
            exact = self.feasible and (tries >= self.patience or self.rejected > 16 * (self.draws + 4))
            tries += 1
            if exact:
                self._exact_draw(rng, cnt)
            elif not self._reject_draw(rng, cnt):
                self.rejected += 1
                if tries > 5000000:
                    raise ValueError("no world found for this observation")
                continue
            if self._world(rng, cnt, d, dealt, kit, bur) == 0:
                self.draws += 1
                self.exact_draws += exact
                return 0
            self.replay_failures += 1
            failures += 1
            if failures > 100000:
                raise ValueError("no world found that replays this observation's history")

    def sample(self, seed):
        """One world as a ``Deal`` (``seed``: an int, drawn once from the caller's rng)."""
        cdef Deal x = Deal.__new__(Deal)
        cdef Rng rng
        cdef uint8_t dealt[4 * 54]
        cdef uint8_t kit[8]
        cdef uint8_t bur[8]
        rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        self._draw(&rng, &x.d, dealt, kit, bur)
        return x

    def sample_setup(self, seed):
        """(Deal, dealt hands as id lists, kitty in deal order, buried cards in bury order)."""
        cdef Deal x = Deal.__new__(Deal)
        cdef Rng rng
        cdef uint8_t dealt[4 * 54]
        cdef uint8_t kit[8]
        cdef uint8_t bur[8]
        cdef int q, c, nb
        rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        self._draw(&rng, &x.d, dealt, kit, bur)
        hands = [[c for c in range(54) for _ in range(dealt[q * 54 + c])] for q in range(4)]
        nb = x.d.nburied
        nk = 8 if self.mode == 0 else nb
        return x, hands, [kit[i] for i in range(nk)], [x.d.buried[i] for i in range(nb)]

    def time_draws(self, int n, seed):
        """Draw ``n`` worlds in the core (a benchmark); returns how many used the exact table."""
        cdef Rng rng
        cdef SJDeal d
        cdef uint8_t dealt[4 * 54]
        cdef uint8_t kit[8]
        cdef uint8_t bur[8]
        cdef int i
        cdef long long before = self.exact_draws
        rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        for i in range(n):
            self._draw(&rng, &d, dealt, kit, bur)
        return self.exact_draws - before


cdef int _pick(Rng* rng, const double* wts, int n, double total) noexcept nogil:
    """Index i with probability wts[i] / total (the last positive one should rounding leave any)."""
    cdef double r = rng_uniform(rng) * total
    cdef int i, last = 0
    for i in range(n):
        if wts[i] > 0:
            last = i
            r -= wts[i]
            if r < 0:
                return i
    return last


def _sampler_debug(Sampler s, seed):
    """(holdings counts of one exact draw, classes) — for tests of the exact fallback."""
    cdef Rng rng
    cdef uint8_t cnt[W_MAXH * 54]
    cdef int h, k
    rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    if not s.built:
        s._build()
    if not s.feasible:
        return None
    s._exact_draw(&rng, cnt)
    counts = [[cnt[h * 54 + c] for c in range(54)] for h in range(s.nh)]
    classes = [(s.cls[k].n, s.cls[k].mask, s.cls[k].card, [s.ccards[s.cls[k].first + i] for i in range(s.cls[k].n)])
               for k in range(s.nclass)]
    return counts, classes, [s.hsize[h] for h in range(s.nh)]


def _policy_raw(Deal x):
    """(legal?, kind, cards) of the policy's own construction, before any fallback (tests)."""
    cdef uint8_t out[SJ_MAXPLAY]
    cdef int kind = SJ_PLAYMOVE, n
    cdef SJDeal* d = &x.d
    if d.phase != SJ_PLAY:
        return None
    n = _policy_lead(d, out) if d.nplayed == 0 else _policy_follow(d, out)
    ok = n > 0 and sj_check(d, SJ_PLAYMOVE, out, n) == SJ_OK
    return ok, kind, tuple([out[i] for i in range(n)])


def policy_deals(int deals, seed=0, int policy_seats=15):
    """Play ``deals`` first deals in the core, the policy in the seats of mask
    ``policy_seats`` and uniform random moves in the others; the mean return per seat."""
    cdef SJDeal d
    cdef Rng rng
    cdef uint8_t deck[SJ_DECK]
    cdef uint8_t out[SJ_MAXPLAY]
    cdef int i, kind = 0, n, win = 0, lv = 0, team = 0, p, nxt = 0
    cdef long long total[4]
    for p in range(4):
        total[p] = 0
    rng_seed(&rng, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    with nogil:
        for i in range(deals):
            sj_shuffle(&rng, deck)
            sj_init(&d, deck, 0, 0, -1)
            while d.phase != SJ_OVER:
                if (policy_seats >> d.turn) & 1:
                    n = sj_policy(&d, &rng, &kind, out)
                else:
                    n = sj_sample(&d, &rng, &kind, out)
                sj_apply(&d, kind, out, n)
            sj_result(&d, &win, &team, &lv, &nxt)
            for p in range(4):
                total[p] += lv if (p & 1) == team else -lv
    return [(<double>total[p]) / max(deals, 1) for p in range(4)]
