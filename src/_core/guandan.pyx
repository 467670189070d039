"""Guandan core: combinations with wilds, move generation, random deals.

Everything works on a count per card id (two packs: 0-2 copies of each of
the 54 ids).  ``gd_generate`` lists the *templates* of the legal plays (a
reading plus the natural cards per rank and the wilds); the exact cards of a
template are suit choices, counted by ``GdTmpl.count`` and produced one at a
time by ``gd_unrank``.  ``MoveGen`` is the Python face used by the game
module (count, index, iterate); ``selfplay`` plays whole random deals in C,
each step counting the plays section by section (``gd_count``) and building
only the one drawn (``gd_play_at``), with no list of plays or templates.
"""
from libc.stdint cimport uint8_t, int8_t, uint64_t, uint32_t
from libc.stdlib cimport malloc, free
from libc.string cimport memset, memcpy
from cardavia._core.rng cimport Rng, rng_seed, rng_next, rng_below, rng_shuffle, rng_shuffle_packs
from cardavia._core.cards cimport BLACK_JOKER, RED_JOKER, NUM_CARDS, card_rank

SHAPES = ("single", "pair", "triple", "fullhouse", "straight", "pairs", "triples",
          "bomb", "straightflush", "jokerbomb")
MAIN_CHARS = "23456789TJQKABR"

cdef GdTmpl _scratch[GD_MAX_TMPL]

# -- hand preparation ---------------------------------------------------------

cdef inline int _card(int rank, int suit) noexcept nogil:
    """Card id of a part's rank (0-12, or card_rank 13/14 of the jokers)."""
    if rank < 13:
        return 4 * rank + suit
    return BLACK_JOKER if rank == GD_RANK_BJ else RED_JOKER


cdef void _prep_rank(GdHand* h, int r) noexcept nogil:
    """Natural copies per suit of rank r and the ways to pick k of them."""
    cdef int s, k, x, c, n
    cdef uint64_t tot
    if r < 13:
        for s in range(4):
            h.sc[r][s] = h.cnt[4 * r + s] if 4 * r + s != h.wild else 0
    else:
        h.sc[r][0] = h.cnt[BLACK_JOKER if r == GD_RANK_BJ else RED_JOKER]
    n = h.sc[r][0] + h.sc[r][1] + h.sc[r][2] + h.sc[r][3]
    h.nat[r] = n
    memset(h.suf[r], 0, sizeof(h.suf[r]))
    h.suf[r][4][0] = 1
    for s in range(3, -1, -1):  # no more than n cards can be picked
        c = h.sc[r][s]
        for k in range(n + 1):
            tot = 0
            for x in range(0, (c if c < k else k) + 1):
                tot += h.suf[r][s + 1][k - x]
            h.suf[r][s][k] = tot


cdef void gd_prepare(GdHand* h, const uint8_t* cnt, int level) noexcept nogil:
    cdef int r
    memcpy(h.cnt, cnt, NUM_CARDS)
    h.level = level
    h.wild = 4 * level + 2
    h.W = cnt[h.wild]
    memset(h.sc, 0, sizeof(h.sc))
    h.bsf_ok = False
    for r in range(15):
        _prep_rank(h, r)


cdef void gd_remove(GdHand* h, const uint8_t* cards, int m) noexcept nogil:
    """Take played cards out of a prepared hand, redoing only their ranks."""
    cdef int i, r
    cdef bint done[15]
    memset(done, 0, sizeof(done))
    for i in range(m):
        h.cnt[cards[i]] -= 1
    h.W = h.cnt[h.wild]
    h.bsf_ok = False
    for i in range(m):
        r = card_rank(cards[i])
        if not done[r]:
            done[r] = True
            _prep_rank(h, r)

# -- comparison ---------------------------------------------------------------

cdef int gd_value(int main, int level) noexcept nogil:
    """Order of same-rank sets (GD-4.2): 2..A, then level, BJ, RJ."""
    if main == level:
        return 13
    if main >= 13:
        return main + 1
    return main


cdef inline bint _is_bomb(int shape) noexcept nogil:
    return shape >= GD_BOMB


cdef inline bint _is_seq(int shape) noexcept nogil:
    return shape == GD_STRAIGHT or shape == GD_PAIRS or shape == GD_TRIPLES


cdef inline int _bomb_power(int shape, int main, int n, int level) noexcept nogil:
    """GD-5.4: size first; straight flushes between 5- and 6-card bombs."""
    if shape == GD_JOKERBOMB:
        return 1000
    if shape == GD_SFLUSH:
        return 32 + main
    if n <= 5:
        return (n - 4) * 16 + gd_value(main, level)
    return (n - 3) * 16 + gd_value(main, level)


cdef bint gd_beats(int shape, int main, int n, int lshape, int lmain, int ln, int level) noexcept nogil:
    if lshape < 0:
        return True
    if _is_bomb(shape):
        if not _is_bomb(lshape):
            return True
        return _bomb_power(shape, main, n, level) > _bomb_power(lshape, lmain, ln, level)
    if _is_bomb(lshape) or shape != lshape or n != ln:
        return False
    if _is_seq(shape):
        return main > lmain
    return gd_value(main, level) > gd_value(lmain, level)

# -- generation -----------------------------------------------------------------

ctypedef struct Ctx:
    const GdHand* h
    GdTmpl* out
    int cap
    int n
    int lshape
    int lmain
    int ln
    # without a buffer (out == NULL): count the plays into ``total``, or, with
    # ``pick``, find the template holding play number ``target`` (left in
    # ``hit``, ``target`` then indexing its card choices)
    bint pick
    bint found
    uint64_t total
    uint64_t target
    GdTmpl hit


cdef inline bint _want(Ctx* c, int shape) noexcept nogil:
    if c.lshape < 0:
        return True
    if _is_bomb(shape):
        return True
    return (not _is_bomb(c.lshape)) and shape == c.lshape


cdef void _emit(Ctx* c, int shape, int main, int suit, int wilds, int nparts,
                const int* ranks, const int* ks) noexcept nogil:
    cdef int i, n = wilds
    cdef uint64_t count = 1
    cdef GdTmpl* t
    for i in range(nparts):
        n += ks[i]
    if not gd_beats(shape, main, n, c.lshape, c.lmain, c.ln, c.h.level):
        return
    if suit < 0:
        for i in range(nparts):
            if ks[i] != 0:
                count *= c.h.suf[ranks[i]][0][ks[i]]
        if count == 0:
            return
    if c.out == NULL:
        if not c.pick:
            c.total += count
            return
        if c.found:
            return
        if c.target >= count:
            c.target -= count
            return
        c.found = True
        t = &c.hit
    else:
        if c.n >= c.cap:
            return
        t = &c.out[c.n]
        c.n += 1
    t.shape = shape
    t.main = main
    t.suit = suit
    t.wilds = wilds
    t.n = n
    t.nparts = 0
    t.count = count
    for i in range(nparts):
        if ks[i] == 0:
            continue
        t.parts[t.nparts].rank = ranks[i]
        t.parts[t.nparts].k = ks[i]
        t.nparts += 1


cdef inline int _seq_rank(int lo, int i) noexcept nogil:
    """Natural rank of position i of a sequence starting at lo (-1 = low Ace)."""
    return 12 if lo + i < 0 else lo + i


cdef void _seq_rec(Ctx* c, int shape, int main, int suit, int* ranks, int* ks,
                   int pos, int length, int width, int wilds) noexcept nogil:
    """Choose the natural count of each position; wilds fill the rest."""
    cdef int k, avail, need
    if c.found:
        return
    if pos == length:
        _emit(c, shape, main, suit, wilds, length, ranks, ks)
        return
    if suit >= 0:
        avail = c.h.sc[ranks[pos]][suit]
        if avail > 1:
            avail = 1
    else:
        avail = c.h.nat[ranks[pos]]
        if avail > width:
            avail = width
    for k in range(avail, -1, -1):
        need = width - k
        if wilds + need > c.h.W:
            break
        ks[pos] = k
        _seq_rec(c, shape, main, suit, ranks, ks, pos + 1, length, width, wilds + need)


cdef void _gen_seq(Ctx* c, int shape, int length, int width, int suit, int hi) noexcept nogil:
    """The sequence templates of one highest rank (and suit, for straight flushes)."""
    cdef int lo = hi - length + 1, i
    cdef int ranks[5]
    cdef int ks[5]
    # every template here has this main rank and length * width cards
    if not gd_beats(shape, hi, length * width, c.lshape, c.lmain, c.ln, c.h.level):
        return
    for i in range(length):
        ranks[i] = _seq_rank(lo, i)
    _seq_rec(c, shape, hi, suit, ranks, ks, 0, length, width, 0)


# The templates come in GD_NSECTIONS sections, always in this order (the
# order of the play indices): 0 singles, 1 pairs, 2 triples, 3-15 full houses
# by triple rank, 16-25 straights, 26-37 runs of pairs and 38-50 runs of
# triples by highest rank, 51-63 bombs by rank, 64-103 straight flushes by
# suit then highest rank, 104 the four-joker bomb (GD_NSECTIONS in all).
cdef void _gen_section(Ctx* c, int sec) noexcept nogil:
    cdef const GdHand* h = c.h
    cdef int r, p, w, k, wt, wp, L = h.level, W = h.W
    cdef int ranks[2]
    cdef int ks[2]
    if sec == 0:
        if _want(c, GD_SINGLE):
            for r in range(15):
                if h.nat[r] >= 1:
                    ranks[0] = r; ks[0] = 1
                    _emit(c, GD_SINGLE, r, -1, 0, 1, ranks, ks)
            if W >= 1:  # a wild alone keeps its level rank (GD-5.3)
                _emit(c, GD_SINGLE, L, -1, 1, 0, ranks, ks)
    elif sec == 1:
        if _want(c, GD_PAIR):
            for r in range(15):
                ranks[0] = r
                if h.nat[r] >= 2:
                    ks[0] = 2
                    _emit(c, GD_PAIR, r, -1, 0, 1, ranks, ks)
                if r < 13 and h.nat[r] >= 1 and W >= 1:
                    ks[0] = 1
                    _emit(c, GD_PAIR, r, -1, 1, 1, ranks, ks)
            if W >= 2:
                _emit(c, GD_PAIR, L, -1, 2, 0, ranks, ks)
    elif sec == 2:
        if _want(c, GD_TRIPLE):
            for r in range(13):
                ranks[0] = r
                for w in range(0, (W if W < 2 else 2) + 1):
                    ks[0] = 3 - w
                    if h.nat[r] >= ks[0]:
                        _emit(c, GD_TRIPLE, r, -1, w, 1, ranks, ks)
    elif sec < 16:
        r = sec - 3
        if not _want(c, GD_FULLHOUSE) or not gd_beats(GD_FULLHOUSE, r, 5, c.lshape, c.lmain, c.ln, L):
            return
        for wt in range(0, (W if W < 2 else 2) + 1):
            if h.nat[r] < 3 - wt:
                continue
            ranks[0] = r; ks[0] = 3 - wt
            for p in range(15):
                if p == r:
                    continue
                ranks[1] = p
                for wp in range(0, 2):
                    if p >= 13 and wp > 0:
                        break  # two identical jokers, never a wild joker
                    if wt + wp > W or h.nat[p] < 2 - wp:
                        continue
                    ks[1] = 2 - wp
                    _emit(c, GD_FULLHOUSE, r, -1, wt + wp, 2, ranks, ks)
            if W - wt >= 2:  # two wilds as the pair
                _emit(c, GD_FULLHOUSE, r, -1, wt + 2, 1, ranks, ks)
    elif sec < 26:
        if _want(c, GD_STRAIGHT):
            _gen_seq(c, GD_STRAIGHT, 5, 1, -1, sec - 16 + 3)
    elif sec < 38:
        if _want(c, GD_PAIRS):
            _gen_seq(c, GD_PAIRS, 3, 2, -1, sec - 26 + 1)
    elif sec < 51:
        if _want(c, GD_TRIPLES):
            _gen_seq(c, GD_TRIPLES, 2, 3, -1, sec - 38)
    elif sec < 64:  # bombs (GD-5.4)
        r = sec - 51
        ranks[0] = r
        for w in range(0, W + 1):
            for k in range(0, h.nat[r] + 1):
                if k + w >= 4:
                    ks[0] = k
                    _emit(c, GD_BOMB, r, -1, w, 1, ranks, ks)
    elif sec < 104:
        _gen_seq(c, GD_SFLUSH, 5, 1, (sec - 64) // 10, (sec - 64) % 10 + 3)
    elif h.nat[13] == 2 and h.nat[14] == 2:
        ranks[0] = 13; ks[0] = 2; ranks[1] = 14; ks[1] = 2
        _emit(c, GD_JOKERBOMB, 14, -1, 0, 2, ranks, ks)


cdef inline void _ctx(Ctx* c, const GdHand* h, int lshape, int lmain, int ln,
                      GdTmpl* out, int cap) noexcept nogil:
    c.h = h
    c.out = out
    c.cap = cap
    c.n = 0
    c.lshape = lshape
    c.lmain = lmain
    c.ln = ln
    c.pick = False
    c.found = False
    c.total = 0
    c.target = 0


cdef int gd_generate(const GdHand* h, int lshape, int lmain, int ln,
                     GdTmpl* out, int cap) noexcept nogil:
    """Templates of every play beating (lshape, lmain, ln); lshape < 0 leads."""
    cdef Ctx c
    cdef int sec
    _ctx(&c, h, lshape, lmain, ln, out, cap)
    for sec in range(GD_NSECTIONS):
        _gen_section(&c, sec)
    return c.n


cdef uint64_t _seq_count(const GdHand* h, int length, int width, int suit, int hi) noexcept nogil:
    """Plays of one sequence section, as ``_seq_rec`` would find them: each
    position takes k natural cards (suit choices) and width - k wilds, with
    at most W wilds in all."""
    cdef uint64_t dp[3]
    cdef uint64_t nd[3]
    cdef uint64_t tot = 0
    cdef int i, k, w, rk, avail, W = h.W
    if W == 0:  # no wilds: every position takes ``width`` naturals
        tot = 1
        for i in range(length):
            rk = _seq_rank(hi - length + 1, i)
            tot *= (1 if h.sc[rk][suit] else 0) if suit >= 0 else h.suf[rk][0][width]
            if tot == 0:
                break
        return tot
    dp[0] = 1; dp[1] = 0; dp[2] = 0
    for i in range(length):
        rk = _seq_rank(hi - length + 1, i)
        nd[0] = 0; nd[1] = 0; nd[2] = 0
        if suit >= 0:
            avail = 1 if h.sc[rk][suit] else 0
        else:
            avail = h.nat[rk] if h.nat[rk] < width else width
        for k in range(avail + 1):
            for w in range(W + 1):
                if w + width - k <= W:
                    nd[w + width - k] += dp[w] * (1 if suit >= 0 else h.suf[rk][0][k])
        dp[0] = nd[0]; dp[1] = nd[1]; dp[2] = nd[2]
    for w in range(W + 1):
        tot += dp[w]
    return tot


cdef uint64_t _count_section(Ctx* c, int sec, uint64_t p0, uint64_t p1) noexcept nogil:
    """Plays of one section (the same number ``_gen_section`` walks to),
    in closed form where the section has many templates; ``p0``, ``p1``:
    the ways to make a natural pair, or one natural card of a wild pair,
    summed over all ranks."""
    cdef const GdHand* h = c.h
    cdef int r, w, k, wt, W = h.W, L = h.level
    cdef uint64_t tot = 0, tw, q0, q1
    if sec == 0:  # singles: a natural card of rank r, or a wild alone at the level rank
        if _want(c, GD_SINGLE):
            for r in range(15):
                if h.nat[r] and gd_beats(GD_SINGLE, r, 1, c.lshape, c.lmain, c.ln, L):
                    tot += h.suf[r][0][1]  # distinct cards, not copies
            if W >= 1 and gd_beats(GD_SINGLE, L, 1, c.lshape, c.lmain, c.ln, L):
                tot += 1
        return tot
    if sec == 1:  # pairs: two naturals, one natural and a wild, or two wilds
        if _want(c, GD_PAIR):
            for r in range(15):
                if h.nat[r] and gd_beats(GD_PAIR, r, 2, c.lshape, c.lmain, c.ln, L):
                    tot += h.suf[r][0][2]
                    if r < 13 and W >= 1:
                        tot += h.suf[r][0][1]
            if W >= 2 and gd_beats(GD_PAIR, L, 2, c.lshape, c.lmain, c.ln, L):
                tot += 1
        return tot
    if sec == 2:  # triples: 3 - w naturals and w <= 2 wilds
        if _want(c, GD_TRIPLE):
            for r in range(13):
                if h.nat[r] and gd_beats(GD_TRIPLE, r, 3, c.lshape, c.lmain, c.ln, L):
                    for w in range(0, (W if W < 2 else 2) + 1):
                        tot += h.suf[r][0][3 - w]
        return tot
    if 3 <= sec < 16:  # full houses of triple rank r
        r = sec - 3
        if not _want(c, GD_FULLHOUSE) or not gd_beats(GD_FULLHOUSE, r, 5, c.lshape, c.lmain, c.ln, L):
            return 0
        q0 = p0 - h.suf[r][0][2]
        q1 = p1 - h.suf[r][0][1]
        for wt in range(0, (W if W < 2 else 2) + 1):
            tw = h.suf[r][0][3 - wt]
            tot += tw * (q0 + (q1 if wt + 1 <= W else 0) + (1 if W - wt >= 2 else 0))
        return tot
    if 16 <= sec < 26:
        if not _want(c, GD_STRAIGHT) or not gd_beats(GD_STRAIGHT, sec - 13, 5, c.lshape, c.lmain, c.ln, L):
            return 0
        return _seq_count(h, 5, 1, -1, sec - 13)
    if 26 <= sec < 38:
        if not _want(c, GD_PAIRS) or not gd_beats(GD_PAIRS, sec - 25, 6, c.lshape, c.lmain, c.ln, L):
            return 0
        return _seq_count(h, 3, 2, -1, sec - 25)
    if 38 <= sec < 51:
        if not _want(c, GD_TRIPLES) or not gd_beats(GD_TRIPLES, sec - 38, 6, c.lshape, c.lmain, c.ln, L):
            return 0
        return _seq_count(h, 2, 3, -1, sec - 38)
    c.total = 0
    _gen_section(c, sec)
    return c.total


cdef extern from *:
    int __builtin_popcount(unsigned int x) noexcept nogil


cdef uint64_t gd_count(GdHand* h, int lshape, int lmain, int ln,
                       uint64_t* cum) noexcept nogil:
    """Number of plays beating (lshape, lmain, ln), counted without listing
    templates; ``cum[s]`` gets the plays of sections 0..s."""
    cdef Ctx c
    cdef int sec, p, r, w, k, s, hi, W = h.W, L = h.level
    cdef uint64_t acc = 0, p0 = 0, p1 = 0
    cdef unsigned int ext
    cdef bint after_bomb = lshape >= 0 and _is_bomb(lshape)
    _ctx(&c, h, lshape, lmain, ln, NULL, 0)
    if lshape < 0 or lshape == GD_FULLHOUSE:
        for p in range(15):
            p0 += h.suf[p][0][2]
            if p < 13:
                p1 += h.suf[p][0][1]
    for sec in range(51):
        # following: only the sections of the last play's shape
        if lshape < 0 or (sec < 3 and not after_bomb) or (
                (3 <= sec < 16 and lshape == GD_FULLHOUSE) or (16 <= sec < 26 and lshape == GD_STRAIGHT)
                or (26 <= sec < 38 and lshape == GD_PAIRS) or (38 <= sec < 51 and lshape == GD_TRIPLES)):
            acc += _count_section(&c, sec, p0, p1)
        cum[sec] = acc
    if not after_bomb and h.bsf_ok:  # the same hand as last time: no need to recount
        for sec in range(51, 104):
            acc += h.bsf[sec - 51]
            cum[sec] = acc
        acc += _count_section(&c, 104, p0, p1)
        cum[104] = acc
        return acc
    for r in range(13):  # bombs (GD-5.4): k naturals and w wilds, k + w >= 4
        if h.nat[r] + W >= 4:
            for w in range(0, W + 1):
                for k in range(4 - w if 4 - w > 1 else 1, h.nat[r] + 1):
                    if not after_bomb or gd_beats(GD_BOMB, r, k + w, lshape, lmain, ln, L):
                        acc += h.suf[r][0][k]
        cum[51 + r] = acc
    for s in range(4):  # straight flushes: k of the 5 cards held in the suit,
        # the 5 - k others wilds, and up to W - (5 - k) held ones wilds too
        ext = 1 if h.sc[12][s] else 0  # bit 0: the low Ace, bit r + 1: rank r
        for r in range(13):
            if h.sc[r][s]:
                ext |= 2u << r
        for hi in range(3, 13):
            k = __builtin_popcount((ext >> (hi - 3)) & 31)
            if 5 - k <= W and (not after_bomb or gd_beats(GD_SFLUSH, hi, 5, lshape, lmain, ln, L)):
                acc += 1
                if W - (5 - k) >= 1:
                    acc += k
                if W - (5 - k) >= 2:
                    acc += k * (k - 1) // 2
            cum[64 + 10 * s + hi - 3] = acc
    if not after_bomb:
        for sec in range(51, 104):
            h.bsf[sec - 51] = cum[sec] - cum[sec - 1]
        h.bsf_ok = True
    acc += _count_section(&c, 104, p0, p1)
    cum[104] = acc
    return acc


cdef int gd_play_at(const GdHand* h, int lshape, int lmain, int ln, const uint64_t* cum,
                    uint64_t idx, GdTmpl* t, uint8_t* cards) noexcept nogil:
    """The cards (and, in ``t``, the template) of play number ``idx`` in the
    order of ``gd_generate``, given ``gd_count``'s ``cum``: only the section
    holding it is walked.  Returns the number of cards."""
    cdef Ctx c
    cdef int lo = 0, hi = GD_NSECTIONS - 1, mid
    while lo < hi:
        mid = (lo + hi) // 2
        if cum[mid] > idx:
            hi = mid
        else:
            lo = mid + 1
    _ctx(&c, h, lshape, lmain, ln, NULL, 0)
    c.pick = True
    c.target = idx - (cum[lo - 1] if lo > 0 else 0)
    _gen_section(&c, lo)
    t[0] = c.hit
    return gd_unrank(h, &c.hit, c.target, cards)


cdef int gd_unrank(const GdHand* h, const GdTmpl* t, uint64_t idx, uint8_t* cards) noexcept nogil:
    """The cards of choice ``idx`` (0 <= idx < t.count) of a template."""
    cdef int i, s, x, k, r, m = 0, lim
    cdef uint64_t ways, sub
    for i in range(t.nparts):
        r = t.parts[i].rank
        k = t.parts[i].k
        if t.suit >= 0:
            for x in range(k):
                cards[m] = _card(r, t.suit)
                m += 1
            continue
        ways = h.suf[r][0][k]
        sub = idx % ways
        idx = idx // ways
        for s in range(4):
            lim = h.sc[r][s] if h.sc[r][s] < k else k
            for x in range(0, lim + 1):
                ways = h.suf[r][s + 1][k - x]
                if sub < ways:
                    break
                sub -= ways
            k -= x
            while x > 0:
                cards[m] = _card(r, s)
                m += 1
                x -= 1
    for i in range(t.wilds):
        cards[m] = h.wild
        m += 1
    return m

# -- random deals -----------------------------------------------------------------

cdef inline uint64_t _below64(Rng* r, uint64_t n) noexcept nogil:
    cdef uint64_t mask = n - 1, x
    mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4
    mask |= mask >> 8; mask |= mask >> 16; mask |= mask >> 32
    while True:
        x = rng_next(r) & mask
        if x < n:
            return x


cdef void _deal(Rng* r, uint8_t* hands) noexcept nogil:
    cdef uint8_t deck[108]
    cdef int i
    rng_shuffle_packs(r, deck, 108, 54)
    memset(hands, 0, 4 * 54)
    for i in range(108):
        hands[(i // 27) * 54 + deck[i]] += 1


cdef inline int _next_in(const int* out, int p) noexcept nogil:
    cdef int i
    for i in range(1, 5):
        if not out[(p + i) & 3]:
            return (p + i) & 3
    return p


cdef int gd_random_deal(Rng* r, int level, int leader, uint8_t* hands,
                        int* order, uint64_t* trace, int trace_cap) noexcept nogil:
    """Play a deal with uniformly random legal moves (pass included).

    Each step counts the plays (``gd_count``), draws an index uniformly among
    them and the pass, and builds only the play drawn (``gd_play_at``): the
    same index order as ``MoveGen``, and no list of plays or templates.
    Fills ``order`` with the finishing order and returns the number of moves.
    With a ``trace`` buffer, step i stores (player, choices, choice) at 3i.
    """
    cdef GdHand hs[4]
    cdef GdTmpl t
    cdef uint64_t cum[GD_NSECTIONS]
    cdef int out[4]
    cdef int nout = 0, cur = leader, lshape = -1, lmain = 0, ln = 0
    cdef int last_player = -1, need = 0, p, m, moves = 0
    cdef uint64_t total, x
    cdef uint8_t cards[16]
    out[0] = out[1] = out[2] = out[3] = 0
    for p in range(4):
        gd_prepare(&hs[p], &hands[p * 54], level)
    while nout < 3:
        total = gd_count(&hs[cur], lshape, lmain, ln, cum)
        moves += 1
        x = _below64(r, total + (0 if lshape < 0 else 1))
        if trace != NULL and moves <= trace_cap:
            trace[3 * moves - 3] = cur
            trace[3 * moves - 2] = total + (0 if lshape < 0 else 1)
            trace[3 * moves - 1] = x
        if x == total:  # pass
            need -= 1
            if need == 0:
                lshape = -1
                if not out[last_player]:
                    cur = last_player
                elif not out[(last_player + 2) & 3]:
                    cur = (last_player + 2) & 3
                else:
                    cur = _next_in(out, last_player)
            else:
                cur = _next_in(out, cur)
            continue
        m = gd_play_at(&hs[cur], lshape, lmain, ln, cum, x, &t, cards)
        for p in range(m):
            hands[cur * 54 + cards[p]] -= 1
        gd_remove(&hs[cur], cards, m)
        lshape = t.shape
        lmain = t.main
        ln = m
        last_player = cur
        need = 0
        for p in range(54):
            if hands[cur * 54 + p]:
                break
        else:
            out[cur] = 1
            order[nout] = cur
            nout += 1
        for p in range(4):
            if p != cur and not out[p]:
                need += 1
        cur = _next_in(out, cur)
    for p in range(4):
        if not out[p]:
            order[3] = p
    return moves

# -- Python face -------------------------------------------------------------------

def deal(seed):
    """The four hands (bytes of 54 counts) and the random first leader of a deal."""
    cdef Rng r
    cdef uint8_t hands[216]
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    _deal(&r, hands)
    leader = rng_below(&r, 4)
    return [bytes(hands[p * 54:(p + 1) * 54]) for p in range(4)], leader


cdef class MoveGen:
    """The plays of a hand that beat ``last`` (shape -1: leading)."""

    cdef GdHand h
    cdef GdTmpl* t
    cdef uint64_t* cum
    cdef readonly int ntemplates
    cdef readonly object total

    def __cinit__(self, const uint8_t[::1] hand, int level, int lshape=-1, int lmain=0, int ln=0):
        cdef int i
        cdef uint64_t acc = 0
        if hand.shape[0] != 54:
            raise ValueError("a hand is 54 counts, one per card id")
        if not 0 <= level <= 12:
            raise ValueError("level rank index must be 0-12")
        gd_prepare(&self.h, &hand[0], level)
        self.ntemplates = gd_generate(&self.h, lshape, lmain, ln, _scratch, GD_MAX_TMPL)
        self.t = <GdTmpl*>malloc(sizeof(GdTmpl) * (self.ntemplates + 1))
        self.cum = <uint64_t*>malloc(sizeof(uint64_t) * (self.ntemplates + 1))
        if self.t == NULL or self.cum == NULL:
            raise MemoryError()
        memcpy(self.t, _scratch, sizeof(GdTmpl) * self.ntemplates)
        for i in range(self.ntemplates):
            acc += self.t[i].count
            self.cum[i] = acc
        self.total = acc

    def __dealloc__(self):
        free(self.t)
        free(self.cum)

    cdef object _move(self, int i, uint64_t idx):
        cdef uint8_t cards[16]
        cdef int m = gd_unrank(&self.h, &self.t[i], idx, cards)
        return (self.t[i].shape, self.t[i].main, tuple(cards[:m]))

    def move_at(self, index):
        """(shape, main, cards) of legal play number ``index``."""
        cdef uint64_t x
        cdef int lo = 0, hi = self.ntemplates - 1, mid
        if index < 0 or index >= self.total:
            raise IndexError("move index out of range")
        x = index
        while lo < hi:
            mid = (lo + hi) // 2
            if self.cum[mid] > x:
                hi = mid
            else:
                lo = mid + 1
        return self._move(lo, x - (self.cum[lo - 1] if lo > 0 else 0))

    def moves(self):
        """Every play as (shape, main, cards), in index order."""
        cdef int i
        cdef uint64_t j
        out = []
        for i in range(self.ntemplates):
            for j in range(self.t[i].count):
                out.append(self._move(i, j))
        return out

    def counts_by_shape(self):
        out = [0] * GD_NSHAPES
        for i in range(self.ntemplates):
            out[self.t[i].shape] += self.t[i].count
        return out


def readings(cards, int level):
    """Every (shape, main) reading of exactly these card ids."""
    cdef uint8_t cnt[54]
    cdef GdHand h
    cdef int n, i, total = 0
    memset(cnt, 0, 54)
    for c in cards:
        if not 0 <= c < 54:
            raise ValueError(f"card id {c} out of range")
        if cnt[c] == 2:
            return []
        cnt[c] += 1
        total += 1
    if total == 0 or total > 10:
        return []
    gd_prepare(&h, cnt, level)
    n = gd_generate(&h, -1, 0, 0, _scratch, GD_MAX_TMPL)
    out = []
    for i in range(n):
        if _scratch[i].n == total:
            key = (_scratch[i].shape, _scratch[i].main)
            if key not in out:
                out.append(key)
    return out


def beats(int shape, int main, int n, int lshape, int lmain, int ln, int level):
    return gd_beats(shape, main, n, lshape, lmain, ln, level)


def value(int main, int level):
    """Order of a main rank (0-14) among singles and same-rank sets at a level."""
    return gd_value(main, level)


def card_value(int card, int level):
    """Order of a single card at a level (GD-4.2): 2..A, level, BJ, RJ."""
    if not 0 <= card < NUM_CARDS:
        raise ValueError(f"card id {card} out of range")
    return gd_value(card_rank(card), level)


def selfplay(int deals, seed, int level=0):
    """Play ``deals`` random deals in C (first-deal rules: random leader, no
    tribute); return team wins, levels gained by the winners and move counts."""
    cdef Rng r
    cdef uint8_t hands[216]
    cdef int order[4]
    cdef int d, moves, leader, partner_place, i
    cdef long long total_moves = 0, wins0 = 0, gained = 0
    cdef long long ups[3]
    ups[0] = ups[1] = ups[2] = 0
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    with nogil:
        for d in range(deals):
            _deal(&r, hands)
            leader = rng_below(&r, 4)
            moves = gd_random_deal(&r, level, leader, hands, order, NULL, 0)
            total_moves += moves
            if (order[0] & 1) == 0:
                wins0 += 1
            for i in range(1, 4):
                if order[i] == ((order[0] + 2) & 3):
                    partner_place = i
            gained += 4 - partner_place
            ups[3 - partner_place] += 1
    return {"deals": deals, "team0_wins": wins0, "levels_gained": gained, "moves": total_moves,
            "winner_up_1_2_3": [ups[2], ups[1], ups[0]]}


def trace_deal(seed, int level=0):
    """One random deal in C, recorded: the hands, the leader, each step's
    (player, number of legal moves, index chosen) and the finishing order."""
    cdef Rng r
    cdef uint8_t hands[216]
    cdef int order[4]
    cdef int moves, leader, i, cap = 20000
    cdef uint64_t* trace = <uint64_t*>malloc(sizeof(uint64_t) * 3 * cap)
    if trace == NULL:
        raise MemoryError()
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    _deal(&r, hands)
    leader = rng_below(&r, 4)
    start = [bytes(hands[p * 54:(p + 1) * 54]) for p in range(4)]
    moves = gd_random_deal(&r, level, leader, hands, order, trace, cap)
    steps = [(int(trace[3 * i]), int(trace[3 * i + 1]), int(trace[3 * i + 2])) for i in range(min(moves, cap))]
    free(trace)
    return {"hands": start, "leader": leader, "steps": steps, "order": [order[i] for i in range(4)]}


def unranked_plays(const uint8_t[::1] hand, int level, int lshape=-1, int lmain=0, int ln=0):
    """The plays as the self-play loop finds them, without a template list:
    the count (``gd_count``) and every play by index (``gd_play_at``), as
    (shape, main, cards) in index order."""
    cdef GdHand h
    cdef GdTmpl t
    cdef uint64_t cum[GD_NSECTIONS]
    cdef uint64_t total, i
    cdef uint8_t cards[16]
    cdef int m
    if hand.shape[0] != 54:
        raise ValueError("a hand is 54 counts, one per card id")
    if not 0 <= level <= 12:
        raise ValueError("level rank index must be 0-12")
    gd_prepare(&h, &hand[0], level)
    total = gd_count(&h, lshape, lmain, ln, cum)
    out = []
    for i in range(total):
        m = gd_play_at(&h, lshape, lmain, ln, cum, i, &t, cards)
        out.append((t.shape, t.main, tuple(cards[:m])))
    return total, out


def draw_plays(const uint8_t[::1] hand, int level, int lshape, int lmain, int ln, int n, seed):
    """``n`` steps of the self-play loop on one hand: each counts the plays,
    draws an index uniformly (the pass last when following) and builds only
    that play.  Returns the number of choices and, per index drawn, how often."""
    cdef Rng r
    cdef GdHand h
    cdef GdTmpl t
    cdef uint64_t cum[GD_NSECTIONS]
    cdef uint64_t total, x, choices
    cdef uint8_t cards[16]
    cdef int i, m
    if hand.shape[0] != 54:
        raise ValueError("a hand is 54 counts, one per card id")
    if not 0 <= level <= 12:
        raise ValueError("level rank index must be 0-12")
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    gd_prepare(&h, &hand[0], level)
    draws = []
    for i in range(n):
        total = gd_count(&h, lshape, lmain, ln, cum)
        choices = total + (0 if lshape < 0 else 1)
        x = _below64(&r, choices)
        if x == total:
            draws.append(None)
        else:
            m = gd_play_at(&h, lshape, lmain, ln, cum, x, &t, cards)
            draws.append((t.shape, t.main, tuple(cards[:m])))
    return choices, draws


def section_counts(const uint8_t[::1] hand, int level, int lshape=-1, int lmain=0, int ln=0):
    """The self-play loop's count of the plays in each template section
    (``gd_count``) and the same counted by walking the templates."""
    cdef GdHand h
    cdef Ctx c
    cdef uint64_t cum[GD_NSECTIONS]
    cdef int sec
    if hand.shape[0] != 54:
        raise ValueError("a hand is 54 counts, one per card id")
    if not 0 <= level <= 12:
        raise ValueError("level rank index must be 0-12")
    gd_prepare(&h, &hand[0], level)
    gd_count(&h, lshape, lmain, ln, cum)
    counted = [cum[sec] - (cum[sec - 1] if sec else 0) for sec in range(GD_NSECTIONS)]
    walked = []
    for sec in range(GD_NSECTIONS):
        _ctx(&c, &h, lshape, lmain, ln, NULL, 0)
        _gen_section(&c, sec)
        walked.append(c.total)
    return counted, walked
