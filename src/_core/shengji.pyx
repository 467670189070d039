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
from cardavia._core.rng cimport Rng, rng_seed, rng_next, rng_below, rng_shuffle, rng_shuffle_packs

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
        sj_outcome(d.attacker_points, &win, &lv)
        team = (d.dealer & 1) ^ win
        levels[team] += lv
        if levels[team] > 12:
            deals_out[0] = deals
            return team
        dealer = (d.dealer + 1) & 3 if win else (d.dealer + 2) & 3
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


def outcome(int points):
    """SJ-4.2: (attackers_win, levels) for the attackers' points."""
    cdef int w = 0, lv = 0
    sj_outcome(points, &w, &lv)
    return bool(w), lv
