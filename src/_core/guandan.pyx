"""Guandan core: combinations with wilds, move generation, and the position.

Everything works on a count per card id (two packs: 0-2 copies of each of
the 54 ids).  ``gd_generate`` lists the *templates* of the legal plays (a
reading plus the natural cards per rank and the wilds); the exact cards of a
template are suit choices, counted by ``GdTmpl.count`` and produced one at a
time by ``gd_unrank``.  ``gd_count`` counts the plays section by section in
closed form and ``gd_play_at`` builds only the play asked for.

``GdPos`` is the one copy of the rules of a deal and a match (tribute,
anti-tribute, return, play, levels, the Ace rule): ``gd_legal_count`` /
``gd_legal_at`` / ``gd_check`` / ``gd_apply`` / ``gd_returns``, all typed
and ``nogil``, with no Python object and no module-global buffer.
``Position`` is its Python face, which ``cardavia.guandan.GuandanState``
wraps; ``selfplay`` and ``selfplay_matches`` play random deals and matches
through the same functions.
"""
from libc.stdint cimport uint8_t, int8_t, uint64_t, uint32_t
from libc.stdlib cimport malloc, free
from libc.string cimport memset, memcpy
from cardavia._core.rng cimport (Rng, rng_seed, rng_next, rng_below, rng_shuffle, rng_shuffle_packs, splitmix64,
                                 rng_uniform)
from cardavia._core.cards cimport BLACK_JOKER, RED_JOKER, NUM_CARDS, card_rank

SHAPES = ("single", "pair", "triple", "fullhouse", "straight", "pairs", "triples",
          "bomb", "straightflush", "jokerbomb")
MAIN_CHARS = "23456789TJQKABR"

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
    # with want_shape >= 0, only templates of that reading and size count
    int want_shape
    int want_main
    int want_n


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
    if c.want_shape >= 0 and (shape != c.want_shape or main != c.want_main or n != c.want_n):
        return
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
    c.want_shape = -1


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

# -- the position: deal, tribute, return, play, levels, match -------------------
#
# ``GdPos`` is the one place the rules of a Guandan deal and match live: the
# Python ``State``, the compiled self-play loop, the world sampler and the
# rollouts all count, check and apply moves through these functions.

cdef inline uint64_t _below64(Rng* r, uint64_t n) noexcept nogil:
    cdef uint64_t mask = n - 1, x
    mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4
    mask |= mask >> 8; mask |= mask >> 16; mask |= mask >> 32
    while True:
        x = rng_next(r) & mask
        if x < n:
            return x


cdef uint64_t gd_derive_seed(uint64_t seed, uint64_t index) noexcept nogil:
    """``cardavia._core.rng.derive_seed``: the seed of deal ``index`` of a match."""
    cdef uint64_t x = seed ^ (<uint64_t>0xD1B54A32D192ED03 * index)
    splitmix64(&x)
    return splitmix64(&x)


cdef void gd_deal_cards(Rng* r, uint8_t* hands) noexcept nogil:
    """Two shuffled packs, 27 cards to each player (GD-2.1): 4 x 54 counts."""
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


cdef inline int _card_value(int c, int level) noexcept nogil:
    """Single-card order of GD-4.2 (a wild counts as the level rank)."""
    return gd_value(card_rank(c), level)


cdef int _strongest(const GdPos* s, int p) noexcept nogil:
    """The tribute card: strongest non-wild card, lowest id among equals (GD-3.1); -1: none."""
    cdef int c, v, best = -1, best_v = -1, wild = 4 * s.level + 2
    for c in range(NUM_CARDS):
        if s.h[p].cnt[c] and c != wild:
            v = _card_value(c, s.level)
            if v > best_v:
                best = c
                best_v = v
    return best


cdef inline void _give(GdPos* s, int src, int dst, int c) noexcept nogil:
    cdef uint8_t cnt[54]
    memcpy(cnt, s.h[src].cnt, NUM_CARDS)
    cnt[c] -= 1
    gd_prepare(&s.h[src], cnt, s.level)
    memcpy(cnt, s.h[dst].cnt, NUM_CARDS)
    cnt[c] += 1
    gd_prepare(&s.h[dst], cnt, s.level)
    s.size[src] -= 1
    s.size[dst] += 1


cdef inline int _payers(const int* prev, int* payers, int* receivers) noexcept nogil:
    """Who pays the tribute after finishing order ``prev``, and to whom;
    returns how many pay (GD-3.1, GD-3.2)."""
    cdef int partner = (prev[0] + 2) & 3
    if prev[1] == partner:  # double tribute: both opponents pay
        payers[0] = prev[2]; payers[1] = prev[3]
        receivers[0] = prev[0]; receivers[1] = prev[1]
        return 2
    # single: the last pays the 1st; the 3rd when the last is the 1st's partner
    payers[0] = prev[3] if prev[3] != partner else prev[2]
    receivers[0] = prev[0]
    return 1


cdef int gd_start_deal(GdPos* s, const uint8_t* hands, int level, int leader, const int* prev) noexcept nogil:
    """Start a deal from four hands (54 counts each) at a level; after a deal
    (``prev``: its finishing order) pay the tribute (GD-3).  Returns
    -1 - payer when a payer holds no card he may give (no deal reaches
    that), else 0."""
    cdef int p, c, k, first, partner, a, b, ca, cb, np = 0
    cdef int payers[2]
    cdef int receivers[2]
    cdef int cards[2]
    s.level = level
    for c in range(NUM_CARDS):
        k = 2
        for p in range(4):
            k -= hands[p * 54 + c]
        s.outside[c] = k if k > 0 else 0
    for p in range(4):
        gd_prepare(&s.h[p], &hands[p * 54], level)
        k = 0
        for c in range(NUM_CARDS):
            k += hands[p * 54 + c]
        s.size[p] = k
        s.out[p] = 0
        s.order[p] = -1
    s.nout = 0
    s.lshape = -1
    s.lmain = 0
    s.ln = 0
    s.last_player = -1
    s.need = 0
    s.passes = 0
    s.trick_leader = -1
    s.trick_moves = 0
    s.anti = False
    s.ntrib = 0
    s.nret = 0
    s.moves_in_deal = 0
    memset(s.played, 0, sizeof(s.played))
    s.cum_ok = False
    s.has_prev = prev != NULL
    s.phase = GD_PH_PLAY
    s.cur = leader
    s.tribute_leader = leader
    if prev == NULL:
        return 0
    for p in range(4):
        s.prev[p] = prev[p]
    first = prev[0]
    np = _payers(prev, payers, receivers)
    k = 0
    for p in range(np):
        k += s.h[payers[p]].cnt[RED_JOKER]
    if k == 2:  # GD-3.3: the payers hold both Red Jokers
        s.anti = True
        s.cur = first
        s.tribute_leader = first
        return 0
    for p in range(np):
        cards[p] = _strongest(s, payers[p])
        if cards[p] < 0:
            return -1 - payers[p]
    if np == 2:  # the higher tribute to the 1st; equal ones in turn order after him
        a = payers[0]; b = payers[1]; ca = cards[0]; cb = cards[1]
        if ((b - first) & 3) < ((a - first) & 3):
            a, b = b, a
            ca, cb = cb, ca
        if _card_value(cb, level) > _card_value(ca, level):
            a, b = b, a
            ca, cb = cb, ca
        payers[0] = a; payers[1] = b; cards[0] = ca; cards[1] = cb
    for p in range(np):
        s.trib[p][0] = payers[p]
        s.trib[p][1] = receivers[p]
        s.trib[p][2] = cards[p]
        _give(s, payers[p], receivers[p], cards[p])
    s.ntrib = np
    s.tribute_leader = payers[0]
    s.phase = GD_PH_RETURN
    s.cur = receivers[0]
    return 0


cdef void _first_deal(GdPos* s, uint64_t seed) noexcept nogil:
    cdef Rng r
    cdef uint8_t hands[216]
    rng_seed(&r, gd_derive_seed(seed, 0))
    gd_deal_cards(&r, hands)
    gd_start_deal(s, hands, s.team_level[0], rng_below(&r, 4), NULL)


cdef void gd_new_match(GdPos* s, uint64_t seed, bint match) noexcept nogil:
    """A seeded deal (or match): both teams at level 2, a random first leader (GD-2.3)."""
    s.match = match
    s.seed = seed
    s.deal_no = 0
    s.team_level[0] = s.team_level[1] = 0
    s.winner_team = -1
    s.deals = 0
    s.team_wins[0] = s.team_wins[1] = 0
    s.team_gained[0] = s.team_gained[1] = 0
    s.moves_total = 0
    s.last_winner = -1
    s.last_gained = 0
    _first_deal(s, seed)


cdef int gd_return_choices(const GdPos* s, int* out) noexcept nogil:
    """The cards the receiver may return, ascending ids: non-wild 2-10, else
    his lowest cards in this deal's order (GD-3.4)."""
    cdef const uint8_t* cnt = s.h[s.cur].cnt
    cdef int c, n = 0, low = 99, wild = 4 * s.level + 2
    for c in range(36):
        if cnt[c] and c != wild:
            out[n] = c
            n += 1
    if n:
        return n
    for c in range(NUM_CARDS):
        if cnt[c] and _card_value(c, s.level) < low:
            low = _card_value(c, s.level)
    for c in range(NUM_CARDS):
        if cnt[c] and _card_value(c, s.level) == low:
            out[n] = c
            n += 1
    return n


cdef uint64_t gd_legal_count(GdPos* s) noexcept nogil:
    """Number of legal moves (plays in generation order, then the pass)."""
    cdef int ch[54]
    if s.phase == GD_PH_OVER:
        return 0
    if s.phase == GD_PH_RETURN:
        return gd_return_choices(s, ch)
    if not s.cum_ok:
        s.total = gd_count(&s.h[s.cur], s.lshape, s.lmain, s.ln, s.cum)
        s.cum_ok = True
    return s.total + (1 if s.lshape >= 0 else 0)


cdef inline void _sort_cards(uint8_t* a, int n) noexcept nogil:
    cdef int i, j
    cdef uint8_t x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef void gd_legal_at(GdPos* s, uint64_t idx, GdMove* mv) noexcept nogil:
    """Legal move number ``idx`` (< gd_legal_count); the cards in the
    template's order (the Python face sorts them)."""
    cdef int ch[54]
    cdef GdTmpl t
    cdef uint8_t cards[16]
    cdef int m, i
    mv.shape = -1
    mv.main = -1
    if s.phase == GD_PH_RETURN:
        gd_return_choices(s, ch)
        mv.kind = GD_MV_RETURN
        mv.n = 1
        mv.cards[0] = ch[idx]
        return
    if not s.cum_ok:
        gd_legal_count(s)
    if idx >= s.total:
        mv.kind = GD_MV_PASS
        mv.n = 0
        return
    m = gd_play_at(&s.h[s.cur], s.lshape, s.lmain, s.ln, s.cum, idx, &t, cards)
    mv.kind = GD_MV_PLAY
    mv.shape = t.shape
    mv.main = t.main
    mv.n = m
    for i in range(m):
        mv.cards[i] = cards[i]


cdef inline int _section_of(int shape, int main, int suit) noexcept nogil:
    """The template section holding a reading (see _gen_section); -1: none."""
    if shape == GD_SINGLE:
        return 0
    if shape == GD_PAIR:
        return 1
    if shape == GD_TRIPLE:
        return 2
    if shape == GD_FULLHOUSE:
        return 3 + main if 0 <= main < 13 else -1
    if shape == GD_STRAIGHT:
        return 16 + main - 3 if 3 <= main < 13 else -1
    if shape == GD_PAIRS:
        return 26 + main - 1 if 1 <= main < 13 else -1
    if shape == GD_TRIPLES:
        return 38 + main if 0 <= main < 13 else -1
    if shape == GD_BOMB:
        return 51 + main if 0 <= main < 13 else -1
    if shape == GD_SFLUSH:
        return 64 + 10 * suit + main - 3 if 3 <= main < 13 else -1
    if shape == GD_JOKERBOMB:
        return 104 if main == GD_RANK_RJ else -1
    return -1


cdef bint gd_reading_ok(const uint8_t* cards, int m, int shape, int main, int level) noexcept nogil:
    """Whether exactly these cards can be read as (shape, main) (GD-5)."""
    cdef GdHand h
    cdef Ctx c
    cdef int i, sec, suit, r
    if m < 1 or m > 10:
        return False
    cdef bint seen[15]
    memset(h.cnt, 0, NUM_CARDS)
    memset(h.sc, 0, sizeof(h.sc))
    memset(h.nat, 0, sizeof(h.nat))
    memset(seen, 0, sizeof(seen))
    for i in range(m):
        if h.cnt[cards[i]] == 2:
            return False
        h.cnt[cards[i]] += 1
    h.level = level
    h.wild = 4 * level + 2
    h.W = h.cnt[h.wild]
    h.bsf_ok = False
    # only the ranks played are prepared: generation reads the ways to pick
    # k cards of a rank only for k <= its natural count (0 elsewhere)
    for i in range(m):
        r = card_rank(cards[i])
        if not seen[r]:
            seen[r] = True
            _prep_rank(&h, r)
    _ctx(&c, &h, -1, 0, 0, NULL, 0)
    c.want_shape = shape
    c.want_main = main
    c.want_n = m
    for suit in range(4 if shape == GD_SFLUSH else 1):
        sec = _section_of(shape, main, suit)
        if sec < 0:
            return False
        _gen_section(&c, sec)
        if c.total:
            return True
    return False


cdef int gd_check(GdPos* s, const GdMove* mv) noexcept nogil:
    """GD_OK if ``mv`` is legal here, else the GD_E_* code of the rule it breaks."""
    cdef int ch[54]
    cdef uint8_t need[54]
    cdef int i, n
    if s.phase == GD_PH_OVER:
        return GD_E_OVER
    if mv.kind < GD_MV_PASS or mv.kind > GD_MV_RETURN:
        return GD_E_KIND
    if s.phase == GD_PH_RETURN:
        if mv.kind != GD_MV_RETURN:
            return GD_E_MUST_RETURN
        if mv.n != 1:
            return GD_E_NOT_RETURNABLE
        n = gd_return_choices(s, ch)
        for i in range(n):
            if ch[i] == mv.cards[0]:
                return GD_OK
        return GD_E_NOT_RETURNABLE
    if mv.kind == GD_MV_RETURN:
        return GD_E_NO_TRIBUTE
    if mv.kind == GD_MV_PASS:
        return GD_E_LEAD_PASS if s.lshape < 0 else GD_OK
    if mv.n < 1 or mv.n > 10:
        return GD_E_READING
    memset(need, 0, NUM_CARDS)
    for i in range(mv.n):
        if mv.cards[i] >= NUM_CARDS:
            return GD_E_NOT_HELD
        need[mv.cards[i]] += 1
        if need[mv.cards[i]] > s.h[s.cur].cnt[mv.cards[i]]:
            return GD_E_NOT_HELD
    if not gd_reading_ok(mv.cards, mv.n, mv.shape, mv.main, s.level):
        return GD_E_READING
    if s.lshape >= 0 and not gd_beats(mv.shape, mv.main, mv.n, s.lshape, s.lmain, s.ln, s.level):
        return GD_E_BOMB if _is_bomb(mv.shape) or _is_bomb(s.lshape) else GD_E_LOW
    return GD_OK


cdef void _end_deal(GdPos* s) noexcept nogil:
    """GD-1.1, GD-1.2, GD-6: score the deal; in a match, deal the next one."""
    cdef int i, win, place = 3, gain, before
    cdef Rng r
    cdef uint8_t hands[216]
    cdef int order[4]
    win = s.order[0] & 1
    for i in range(1, 4):
        if s.order[i] == ((s.order[0] + 2) & 3):
            place = i
    gain = 4 - place  # partner 2nd: 3, 3rd: 2, 4th: 1
    for i in range(4):
        s.last_order[i] = s.order[i]
        order[i] = s.order[i]
    s.last_winner = win
    s.last_gained = gain
    s.last_level = s.level
    s.deals += 1
    s.team_wins[win] += 1
    s.team_gained[win] += gain
    s.moves_total += s.moves_in_deal
    before = s.team_level[win]
    if not s.match or (before == GD_ACE and s.level == GD_ACE and place != 3):
        s.phase = GD_PH_OVER
        s.winner_team = win
        s.cum_ok = False
        return
    s.team_level[win] = before + gain if before + gain < GD_ACE else GD_ACE
    s.deal_no += 1
    rng_seed(&r, gd_derive_seed(s.seed, s.deal_no))
    gd_deal_cards(&r, hands)
    gd_start_deal(s, hands, s.team_level[win], 0, order)


cdef void gd_apply(GdPos* s, const GdMove* mv) noexcept nogil:
    """Play a move ``gd_check`` accepted."""
    cdef int p = s.cur, q, lp, i
    s.moves_in_deal += 1
    s.cum_ok = False
    if mv.kind == GD_MV_RETURN:
        i = s.nret
        s.ret[i][0] = p
        s.ret[i][1] = s.trib[i][0]
        s.ret[i][2] = mv.cards[0]
        _give(s, p, s.trib[i][0], mv.cards[0])
        s.nret += 1
        if s.nret < s.ntrib:
            s.cur = s.trib[s.nret][1]
        else:
            s.phase = GD_PH_PLAY
            s.cur = s.tribute_leader
        return
    if mv.kind == GD_MV_PASS:
        s.need -= 1
        s.passes += 1
        s.trick_moves += 1
        if s.need == 0:  # everyone still in passed (GD-4.1)
            lp = s.last_player
            s.lshape = -1
            s.passes = 0
            s.trick_leader = -1
            s.trick_moves = 0
            if not s.out[lp]:
                s.cur = lp
            elif not s.out[(lp + 2) & 3]:
                s.cur = (lp + 2) & 3
            else:
                s.cur = _next_in(s.out, lp)
        else:
            s.cur = _next_in(s.out, p)
        return
    if s.lshape < 0:  # a lead opens a trick
        s.trick_leader = p
        s.trick_moves = 0
    s.trick_moves += 1
    gd_remove(&s.h[p], mv.cards, mv.n)
    s.size[p] -= mv.n
    for i in range(mv.n):
        s.played[p][mv.cards[i]] += 1
    s.lshape = mv.shape
    s.lmain = mv.main
    s.ln = mv.n
    for i in range(mv.n):
        s.lcards[i] = mv.cards[i]
    s.last_player = p
    s.passes = 0
    if s.size[p] == 0:
        s.out[p] = 1
        s.order[s.nout] = p
        s.nout += 1
        if s.nout == 3:  # GD-6.1
            for q in range(4):
                if not s.out[q]:
                    s.order[3] = q
            _end_deal(s)
            return
    s.need = 0
    for q in range(4):
        if q != p and not s.out[q]:
            s.need += 1
    s.cur = _next_in(s.out, p)


cdef void gd_returns(const GdPos* s, int* out) noexcept nogil:
    """Zero while live; a deal: +-levels gained; a match: +-1 (GD-1)."""
    cdef int p, v
    for p in range(4):
        if s.phase != GD_PH_OVER:
            out[p] = 0
            continue
        v = 1 if s.match else s.last_gained
        out[p] = v if (p & 1) == s.winner_team else -v


cdef uint64_t gd_random_play(GdPos* s, Rng* r, uint64_t* trace, int trace_cap) noexcept nogil:
    """Play to the end with uniformly random legal moves: count, draw an
    index, build only that move.  With ``trace``, step i stores (player,
    choices, choice) at 3i.  Returns the number of moves."""
    cdef GdMove mv
    cdef uint64_t total, x, moves = 0
    while s.phase != GD_PH_OVER:
        total = gd_legal_count(s)
        x = _below64(r, total)
        if trace != NULL and moves < <uint64_t>trace_cap:
            trace[3 * moves] = s.cur
            trace[3 * moves + 1] = total
            trace[3 * moves + 2] = x
        moves += 1
        gd_legal_at(s, x, &mv)
        gd_apply(s, &mv)
    return moves

# -- worlds: the hidden cards dealt again (issue 12 part 2) ------------------------
#
# What a player knows of the others' cards: how many each holds, what was
# played, and what the tribute showed (GD-3.1).  A tribute or returned card
# stays with its receiver until he plays or passes it on: he holds at least
# received - given - played copies of it (``_known``).  The tribute itself
# says more: the payer gave his strongest non-wild card (lowest id among
# equals), so he held nothing stronger; a payer who gave a Red Joker held no
# second one (else no tribute, GD-3.3); after an anti-tribute only the payers
# can hold the Red Jokers; a receiver who returned a card above 10 (or a
# wild) held no non-wild 2-10 and nothing lower (GD-3.4).  These are per
# player masks over card ids (``_allowed``).  Every other card is dealt
# uniformly over the physical cards, as a shuffle would: the cards are
# grouped by the set of players who may hold them, the counts of the groups
# that two players share are drawn with their exact weights (products of
# binomials and the multinomial of the unrestricted rest), and each group is
# shuffled into its share.  No rejection, so it never stalls.

cdef extern from "math.h":
    double lgamma(double x) noexcept nogil
    double exp(double x) noexcept nogil


cdef inline double _lf(int n) noexcept nogil:
    return lgamma(n + 1.0)


cdef void _known(const GdPos* s, int q, uint8_t* out) noexcept nogil:
    """Copies of each card ``q`` is known to hold: received - given - played, at least 0."""
    cdef int k[54]
    cdef int i, c
    for c in range(NUM_CARDS):
        k[c] = -s.played[q][c]
    for i in range(s.ntrib):
        if s.trib[i][1] == q:
            k[s.trib[i][2]] += 1
        if s.trib[i][0] == q:
            k[s.trib[i][2]] -= 1
    for i in range(s.nret):
        if s.ret[i][1] == q:
            k[s.ret[i][2]] += 1
        if s.ret[i][0] == q:
            k[s.ret[i][2]] -= 1
    for c in range(NUM_CARDS):
        out[c] = k[c] if k[c] > 0 else 0


cdef void _allowed(const GdPos* s, int q, uint8_t* ok) noexcept nogil:
    """Which card ids player ``q``'s unknown cards may be (1) after the tribute."""
    cdef int i, c, t, v, np, wild = 4 * s.level + 2
    cdef int payers[2]
    cdef int receivers[2]
    cdef bint payer
    for c in range(NUM_CARDS):
        ok[c] = 1
    if not s.has_prev:
        return
    if s.anti:  # only the payers can hold the Red Jokers (GD-3.3)
        np = _payers(s.prev, payers, receivers)
        payer = q == payers[0] or (np == 2 and q == payers[1])
        if not payer:
            ok[RED_JOKER] = 0
        return
    for i in range(s.ntrib):
        if s.trib[i][0] == q:
            t = s.trib[i][2]
            v = _card_value(t, s.level)
            for c in range(NUM_CARDS):
                if c != wild and (_card_value(c, s.level) > v or (_card_value(c, s.level) == v and c < t)):
                    ok[c] = 0
            if t == RED_JOKER:
                ok[RED_JOKER] = 0
    for i in range(s.nret):
        if s.ret[i][0] == q:
            t = s.ret[i][2]
            if t < 36 and t != wild:
                continue  # his choice among 2-10s: nothing learnt
            v = _card_value(t, s.level)
            for c in range(NUM_CARDS):
                if (c < 36 and c != wild) or _card_value(c, s.level) < v:
                    ok[c] = 0


cdef inline void _shuffle_ints(Rng* r, int* a, int n) noexcept nogil:
    cdef int i, j, x
    for i in range(n - 1, 0, -1):
        j = rng_below(r, i + 1)
        x = a[i]; a[i] = a[j]; a[j] = x


cdef inline double _share_lw(const int* ncls, const int* cap, int n_all, int x0, int x1, int x2,
                            bint* fits) noexcept nogil:
    """Log-weight of giving x0 of group {0,1} to 0, x1 of {0,2} to 0, x2 of {1,2} to 1."""
    cdef int c0 = cap[0] - x0 - x1
    cdef int c1 = cap[1] - (ncls[3] - x0) - x2
    cdef int c2 = cap[2] - (ncls[5] - x1) - (ncls[6] - x2)
    fits[0] = c0 >= 0 and c1 >= 0 and c2 >= 0 and c0 + c1 + c2 == n_all
    if not fits[0]:
        return 0.0
    return (_lf(ncls[3]) - _lf(x0) - _lf(ncls[3] - x0) + _lf(ncls[5]) - _lf(x1) - _lf(ncls[5] - x1)
            + _lf(ncls[6]) - _lf(x2) - _lf(ncls[6] - x2) + _lf(n_all) - _lf(c0) - _lf(c1) - _lf(c2))


cdef int _sample_with_outside(GdPos* w, const GdPos* s, const int* hid, const int* cap,
                              uint8_t (*known)[54], uint8_t (*ok)[54], Rng* r) noexcept nogil:
    """A position of fewer than 108 cards: the unseen cards (the others'
    unknown ones and those in no hand) shuffled into the others' free
    places, the rest left out; masks by rejection (an analysis position
    only: a dealt deal has no card outside)."""
    cdef int pool[108]
    cdef uint8_t cnt[3][54]
    cdef int n = 0, i, j, k, c, q, tries
    cdef bint good
    for i in range(3):
        q = hid[i]
        for c in range(NUM_CARDS):
            for j in range(s.h[q].cnt[c] - known[i][c]):
                pool[n] = c
                n += 1
    for c in range(NUM_CARDS):
        for j in range(s.outside[c]):
            pool[n] = c
            n += 1
    for tries in range(100000):
        _shuffle_ints(r, pool, n)
        good = True
        k = 0
        for i in range(3):
            memcpy(cnt[i], known[i], NUM_CARDS)
            for j in range(cap[i]):
                if not ok[i][pool[k]]:
                    good = False
                cnt[i][pool[k]] += 1
                k += 1
        if good:
            w[0] = s[0]
            memset(w.outside, 0, NUM_CARDS)
            for j in range(k, n):
                w.outside[pool[j]] += 1
            for i in range(3):
                gd_prepare(&w.h[hid[i]], cnt[i], s.level)
            w.seed = rng_next(r)
            w.cum_ok = False
            return 0
    return -1


cdef int gd_sample_world(GdPos* w, const GdPos* s, int player, Rng* r) noexcept nogil:
    """``w``: ``s`` with the cards ``player`` cannot see dealt again uniformly
    under what he knows; later deals from a fresh seed.  -1: no world fits."""
    cdef int hid[3]
    cdef int cap[3]
    cdef uint8_t known[3][54]
    cdef uint8_t ok[3][54]
    cdef uint8_t cnt[3][54]
    cdef int cls[8][108]     # pool cards by the set of hidden players allowed (bit i: hid[i])
    cdef int ncls[8]
    cdef int give[8][3]      # how many of each group go to each hidden player
    cdef int i, j, q, c, k, g, sets, x0, x1, x2, n_all, p0, p1, p2, n_out
    cdef double lw, top = -1e300, tot = 0.0, target
    cdef bint fits, found = False
    k = 0
    for q in range(4):
        if q != player:
            hid[k] = q
            k += 1
    memset(ncls, 0, sizeof(ncls))
    memset(give, 0, sizeof(give))
    for i in range(3):
        _known(s, hid[i], known[i])
        _allowed(s, hid[i], ok[i])
        cap[i] = s.size[hid[i]]
        for c in range(NUM_CARDS):
            if known[i][c] > s.h[hid[i]].cnt[c]:
                return -1
            cap[i] -= known[i][c]
    for i in range(3):
        q = hid[i]
        for c in range(NUM_CARDS):
            for j in range(s.h[q].cnt[c] - known[i][c]):
                sets = ok[0][c] | (ok[1][c] << 1) | (ok[2][c] << 2)
                cls[sets][ncls[sets]] = c
                ncls[sets] += 1
    n_out = 0
    for c in range(NUM_CARDS):
        n_out += s.outside[c]
    if n_out:
        return _sample_with_outside(w, s, hid, cap, known, ok, r)
    if ncls[0]:
        return -1
    for i in range(3):  # cards only one player may hold
        if ncls[1 << i] > cap[i]:
            return -1
        give[1 << i][i] = ncls[1 << i]
        cap[i] -= ncls[1 << i]
    n_all = ncls[7]
    # the shares of the groups two players share, drawn with their weights
    for x0 in range(ncls[3] + 1):
        for x1 in range(ncls[5] + 1):
            for x2 in range(ncls[6] + 1):
                lw = _share_lw(ncls, cap, n_all, x0, x1, x2, &fits)
                if fits and lw > top:
                    top = lw
                    found = True
    if not found:
        return -1
    for x0 in range(ncls[3] + 1):
        for x1 in range(ncls[5] + 1):
            for x2 in range(ncls[6] + 1):
                lw = _share_lw(ncls, cap, n_all, x0, x1, x2, &fits)
                if fits:
                    tot += exp(lw - top)
    target = rng_uniform(r) * tot
    tot = 0.0
    p0 = p1 = p2 = -1
    for x0 in range(ncls[3] + 1):
        for x1 in range(ncls[5] + 1):
            for x2 in range(ncls[6] + 1):
                lw = _share_lw(ncls, cap, n_all, x0, x1, x2, &fits)
                if fits:
                    p0 = x0; p1 = x1; p2 = x2
                    tot += exp(lw - top)
                    if tot > target:
                        break
            if tot > target and p0 >= 0:
                break
        if tot > target and p0 >= 0:
            break
    give[3][0] = p0; give[3][1] = ncls[3] - p0
    give[5][0] = p1; give[5][2] = ncls[5] - p1
    give[6][1] = p2; give[6][2] = ncls[6] - p2
    give[7][0] = cap[0] - p0 - p1
    give[7][1] = cap[1] - (ncls[3] - p0) - p2
    give[7][2] = cap[2] - (ncls[5] - p1) - (ncls[6] - p2)
    # deal: each group shuffled into its shares
    for i in range(3):
        memcpy(cnt[i], known[i], NUM_CARDS)
    for g in range(1, 8):
        _shuffle_ints(r, cls[g], ncls[g])
        j = 0
        for i in range(3):
            for k in range(give[g][i]):
                cnt[i][cls[g][j]] += 1
                j += 1
    w[0] = s[0]
    for i in range(3):
        gd_prepare(&w.h[hid[i]], cnt[i], s.level)
    w.seed = rng_next(r)
    w.cum_ok = False
    return 0


# -- the rollout policy (issue 12 part 3) --------------------------------------------
#
# A quick heuristic that reads only what the mover knows (his hand, the play
# to beat, who made it, the hand sizes): lead the combination that sheds the
# most cards, low ones first, without breaking a bomb or spending a wild;
# follow with the smallest play that wins, but pass rather than split a bomb
# before the end (a pair of Kings out of four Kings: +0.84 levels a deal
# over the policy that split it, 2,000 duplicate deals); never beat the
# partner's play;
# keep bombs for an opponent close to going out (or a hand nearly empty);
# return the lowest card the tribute allows.  Wilds are kept out of the
# plays it considers until nothing else is left.

cdef inline bint _breaks_bomb(const GdHand* h, const GdTmpl* t) noexcept nogil:
    cdef int i
    if t.shape >= GD_BOMB:
        return False
    for i in range(t.nparts):
        if t.parts[i].rank < 13 and h.nat[t.parts[i].rank] >= 4:
            return True
    return False


cdef int _policy_pick(const GdPos* s, const GdHand* h, GdTmpl* buf, int cap, bint bombs_ok,
                      Rng* r) noexcept nogil:
    """Index in ``buf`` of the chosen template (generated on ``h``), -1: pass."""
    cdef int n, i, best = -1, me = s.cur, ties = 0
    cdef long score, best_score = -1 << 40
    cdef bint lead = s.lshape < 0
    n = gd_generate(h, s.lshape, s.lmain, s.ln, buf, cap)
    for i in range(n):
        if buf[i].n == s.size[me]:
            return i  # out in one play
    for i in range(n):
        if buf[i].shape >= GD_BOMB:
            if not bombs_ok:
                continue
            # the smallest bomb that does it
            score = -100000 - _bomb_power(buf[i].shape, buf[i].main, buf[i].n, s.level) * 16 - buf[i].wilds
        elif lead:
            score = 100 * buf[i].n - gd_value(buf[i].main, s.level) * 4 - 300 * buf[i].wilds
            if _breaks_bomb(h, &buf[i]):
                score -= 1000
        else:
            score = -gd_value(buf[i].main, s.level) * 4 - 300 * buf[i].wilds - (buf[i].main if _is_seq(buf[i].shape) else 0)
            if _breaks_bomb(h, &buf[i]):
                score -= 1000
        if score > best_score:
            best_score = score
            best = i
            ties = 1
        elif score == best_score:  # equal choices: one at random
            ties += 1
            if rng_below(r, ties) == 0:
                best = i
    return best


cdef inline int _out_in_one(const GdPos* s, const GdHand* h, GdTmpl* buf, int cap) noexcept nogil:
    """Index in ``buf`` of a play of the mover's whole hand (generated on ``h``), -1: none."""
    cdef int i, n = gd_generate(h, s.lshape, s.lmain, s.ln, buf, cap)
    for i in range(n):
        if buf[i].n == s.size[s.cur]:
            return i
    return -1


cdef void gd_policy_move(GdPos* s, Rng* r, GdTmpl* buf, int cap, GdMove* mv) noexcept nogil:
    """The heuristic's move for the player to move (``buf``: caller-owned
    room for ``cap`` templates)."""
    cdef int ch[54]
    cdef int n, i, k, me = s.cur, lp, best = -1
    cdef uint8_t cnt[54]
    cdef uint8_t cards[16]
    cdef GdHand nowild
    cdef const GdHand* h = &s.h[me]
    cdef bint bombs_ok, endgame, used_nowild = False
    if s.phase == GD_PH_RETURN:  # the lowest card allowed (GD-3.4)
        n = gd_return_choices(s, ch)
        k = 0
        for i in range(1, n):
            if _card_value(ch[i], s.level) < _card_value(ch[k], s.level):
                k = i
        mv.kind = GD_MV_RETURN
        mv.shape = -1
        mv.main = -1
        mv.n = 1
        mv.cards[0] = ch[k]
        return
    mv.kind = GD_MV_PASS
    mv.shape = -1
    mv.main = -1
    mv.n = 0
    lp = s.last_player
    # near the end (the player to beat or the mover at 6 cards or fewer) the
    # follower spends bombs, and splits them, to win the trick
    endgame = s.lshape >= 0 and (s.size[lp] <= 6 or s.size[me] <= 6)
    if s.lshape < 0:
        bombs_ok = True
    elif lp == ((me + 2) & 3):
        bombs_ok = False
    else:
        bombs_ok = _is_bomb(s.lshape) or endgame
    if h.W > 0 and s.size[me] <= GD_MAX_PLAY:  # wilds are spared, but never at the cost of going out
        best = _out_in_one(s, h, buf, cap)
    if best < 0 and h.W > 0 and s.size[me] > h.W:  # first without the wilds
        memcpy(cnt, h.cnt, NUM_CARDS)
        cnt[h.wild] = 0
        gd_prepare(&nowild, cnt, s.level)
        best = _policy_pick(s, &nowild, buf, cap, bombs_ok, r)
        if best >= 0:
            used_nowild = True
    if best < 0:
        best = _policy_pick(s, h, buf, cap, bombs_ok, r)
    if (best >= 0 and s.lshape >= 0 and not endgame and buf[best].n != s.size[me]
            and _breaks_bomb(&nowild if used_nowild else h, &buf[best])):
        return  # a bomb split to follow early costs more than the trick: pass
    if best < 0 or (s.lshape >= 0 and lp == ((me + 2) & 3) and buf[best].n != s.size[me]):
        if s.lshape >= 0:
            return
        best = _policy_pick(s, h, buf, cap, True, r)  # a lead must play
        used_nowild = False
    n = gd_unrank(&nowild if used_nowild else h, &buf[best], 0, cards)
    mv.kind = GD_MV_PLAY
    mv.shape = buf[best].shape
    mv.main = buf[best].main
    mv.n = n
    for i in range(n):
        mv.cards[i] = cards[i]


cdef int gd_rollout(GdPos* s, Rng* r, GdTmpl* buf, int cap, int* returns) noexcept nogil:
    """Play to the end with the policy in every seat; fills ``returns``; the moves made."""
    cdef GdMove mv
    cdef int moves = 0
    while s.phase != GD_PH_OVER:
        gd_policy_move(s, r, buf, cap, &mv)
        gd_apply(s, &mv)
        moves += 1
    gd_returns(s, returns)
    return moves


cdef enum:
    GD_MATCH_BONUS = 4  # a decided match counts as this many levels more


cdef int gd_rollout_deal(GdPos* s, Rng* r, GdTmpl* buf, int cap, int* returns) noexcept nogil:
    """Play the current deal to its end with the policy (the search's horizon
    in a match): each seat gets its team's levels gained in that deal, plus
    ``GD_MATCH_BONUS`` when the deal decides the match; the moves made.  For
    a single deal this is ``gd_rollout``."""
    cdef GdMove mv
    cdef int moves = 0, deals = s.deals, p, v
    if s.phase == GD_PH_OVER:
        gd_returns(s, returns)
        return 0
    while s.phase != GD_PH_OVER and s.deals == deals:
        gd_policy_move(s, r, buf, cap, &mv)
        gd_apply(s, &mv)
        moves += 1
    v = s.last_gained + (GD_MATCH_BONUS if s.match and s.phase == GD_PH_OVER else 0)
    for p in range(4):
        returns[p] = v if (p & 1) == s.last_winner else -v
    return moves


# -- Python face -------------------------------------------------------------------

def deal(seed):
    """The four hands (bytes of 54 counts) and the random first leader of a deal."""
    cdef Rng r
    cdef uint8_t hands[216]
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    gd_deal_cards(&r, hands)
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
        self.t = <GdTmpl*>malloc(sizeof(GdTmpl) * GD_MAX_TMPL)
        if self.t == NULL:
            raise MemoryError()
        self.ntemplates = gd_generate(&self.h, lshape, lmain, ln, self.t, GD_MAX_TMPL)
        self.cum = <uint64_t*>malloc(sizeof(uint64_t) * (self.ntemplates + 1))
        if self.cum == NULL:
            raise MemoryError()
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
    cdef GdTmpl* buf
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
    buf = <GdTmpl*>malloc(sizeof(GdTmpl) * GD_MAX_TMPL)
    if buf == NULL:
        raise MemoryError()
    n = gd_generate(&h, -1, 0, 0, buf, GD_MAX_TMPL)
    out = []
    for i in range(n):
        if buf[i].n == total:
            key = (buf[i].shape, buf[i].main)
            if key not in out:
                out.append(key)
    free(buf)
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


MOVE_KINDS = ("pass", "play", "return")
"""Move kind names, index = the core's GD_MV_* code."""
KIND_PASS, KIND_PLAY, KIND_RETURN = GD_MV_PASS, GD_MV_PLAY, GD_MV_RETURN
PHASES = ("return", "play", "over")
"""Phase names, index = the core's GD_PH_* code."""
PHASE_RETURN, PHASE_PLAY, PHASE_OVER = GD_PH_RETURN, GD_PH_PLAY, GD_PH_OVER
ERRORS = {"OK": GD_OK, "OVER": GD_E_OVER, "MUST_RETURN": GD_E_MUST_RETURN,
          "NOT_RETURNABLE": GD_E_NOT_RETURNABLE, "NO_TRIBUTE": GD_E_NO_TRIBUTE,
          "LEAD_PASS": GD_E_LEAD_PASS, "NOT_HELD": GD_E_NOT_HELD, "READING": GD_E_READING,
          "LOW": GD_E_LOW, "BOMB": GD_E_BOMB, "KIND": GD_E_KIND}
"""``gd_check`` codes by name."""
_SHAPE_OF_SECTION = bytes([0, 1, 2] + [3] * 13 + [4] * 10 + [5] * 12 + [6] * 13 + [7] * 13 + [8] * 40 + [9])


cdef inline int _move_from(GdMove* mv, int kind, int shape, int main, cards) except -1:
    cdef int n = 0
    mv.kind = kind
    mv.shape = shape
    mv.main = main
    for c in cards:
        if n == 10:
            mv.n = 11
            return 0
        mv.cards[n] = c
        n += 1
    mv.n = n
    return 0


cdef inline tuple _move_tuple(const GdMove* mv):
    cdef int i
    cdef uint8_t c[10]
    for i in range(mv.n):
        c[i] = mv.cards[i]
    _sort_cards(c, mv.n)
    cdef tuple cards = tuple([c[i] for i in range(mv.n)])
    return (mv.kind, mv.shape, mv.main, cards)


cdef class Position:
    """A Guandan deal or match in the core (``GdPos``): the Python ``State``
    wraps one.  Moves are (kind, shape, main, cards) with GD_MV_* kinds."""

    cdef GdPos s

    @staticmethod
    def from_seed(seed, bint match):
        """A seeded deal (match: the first deal of a match), level 2, random leader."""
        cdef Position p = Position.__new__(Position)
        gd_new_match(&p.s, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF), match)
        return p

    @staticmethod
    def from_hands(hands, int level, team_levels, int leader, previous, seed, bint match, int deal_no=0):
        """A deal from four hands (54 counts each) at a level rank index 0-12;
        ``previous`` (finishing order or None) applies the tribute.  Assumes
        a validated setup; ValueError when a payer has no card to give."""
        cdef Position p = Position.__new__(Position)
        cdef uint8_t buf[216]
        cdef int prev[4]
        cdef int i, c
        cdef GdPos* s = &p.s
        for i in range(4):
            h = hands[i]
            for c in range(54):
                buf[i * 54 + c] = h[c]
        s.match = match
        s.seed = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
        s.deal_no = deal_no
        s.team_level[0] = team_levels[0]
        s.team_level[1] = team_levels[1]
        s.winner_team = -1
        s.deals = 0
        s.team_wins[0] = s.team_wins[1] = 0
        s.team_gained[0] = s.team_gained[1] = 0
        s.moves_total = 0
        s.last_winner = -1
        s.last_gained = 0
        if previous is not None:
            for i in range(4):
                prev[i] = previous[i]
        i = gd_start_deal(s, buf, level, leader, prev if previous is not None else NULL)
        if i < 0:
            raise ValueError(f"player {-1 - i} pays the tribute but holds only wild cards, which are never given")
        return p

    def copy(self):
        cdef Position p = Position.__new__(Position)
        p.s = self.s
        return p

    # -- moves -------------------------------------------------------------
    def count(self):
        """Number of legal moves."""
        return gd_legal_count(&self.s)

    def move_at(self, uint64_t index):
        """Legal move number ``index`` as (kind, shape, main, cards ascending)."""
        cdef GdMove mv
        if index >= gd_legal_count(&self.s):
            raise IndexError("legal move index out of range")
        gd_legal_at(&self.s, index, &mv)
        return _move_tuple(&mv)

    def moves(self):
        """Every legal move in index order (templates listed once, then unranked)."""
        cdef GdTmpl* buf
        cdef uint8_t cards[16]
        cdef GdMove mv
        cdef int n, i, m, k
        cdef uint64_t j, total = gd_legal_count(&self.s)
        if self.s.phase != GD_PH_PLAY:
            out = []
            for j in range(total):
                gd_legal_at(&self.s, j, &mv)
                out.append(_move_tuple(&mv))
            return out
        buf = <GdTmpl*>malloc(sizeof(GdTmpl) * GD_MAX_TMPL)
        if buf == NULL:
            raise MemoryError()
        s = &self.s
        n = gd_generate(&s.h[s.cur], s.lshape, s.lmain, s.ln, buf, GD_MAX_TMPL)
        out = []
        for i in range(n):
            for j in range(buf[i].count):
                m = gd_unrank(&s.h[s.cur], &buf[i], j, cards)
                _sort_cards(cards, m)
                out.append((GD_MV_PLAY, buf[i].shape, buf[i].main, tuple([cards[k] for k in range(m)])))
        free(buf)
        if s.lshape >= 0:
            out.append((GD_MV_PASS, -1, -1, ()))
        return out

    def shape_counts(self):
        """Legal plays per shape code (a list of GD_NSHAPES counts)."""
        cdef int sec
        out = [0] * GD_NSHAPES
        if self.s.phase != GD_PH_PLAY:
            return out
        gd_legal_count(&self.s)
        for sec in range(GD_NSECTIONS):
            out[_SHAPE_OF_SECTION[sec]] += self.s.cum[sec] - (self.s.cum[sec - 1] if sec else 0)
        return out

    def check(self, int kind, int shape, int main, cards):
        """0 when the move is legal, else its ERRORS code; changes nothing."""
        cdef GdMove mv
        _move_from(&mv, kind, shape, main, cards)
        if mv.n > 10:
            return GD_E_READING
        return gd_check(&self.s, &mv)

    def play(self, int kind, int shape, int main, cards):
        """Check and apply; 0 when played (else the ERRORS code, nothing changed)."""
        cdef GdMove mv
        cdef int code
        _move_from(&mv, kind, shape, main, cards)
        if mv.n > 10:
            return GD_E_READING
        code = gd_check(&self.s, &mv)
        if code == GD_OK:
            gd_apply(&self.s, &mv)
        return code

    def apply(self, int kind, int shape, int main, cards):
        """Apply a move ``check`` accepted (unchecked); returns the number of
        deals finished so far (it grows when this move ended one)."""
        cdef GdMove mv
        _move_from(&mv, kind, shape, main, cards)
        gd_apply(&self.s, &mv)
        return self.s.deals

    def play_index(self, uint64_t index):
        """Play legal move number ``index``."""
        cdef GdMove mv
        if index >= gd_legal_count(&self.s):
            raise IndexError("legal move index out of range")
        gd_legal_at(&self.s, index, &mv)
        gd_apply(&self.s, &mv)

    # -- worlds -----------------------------------------------------------------
    def sample_world(self, int player, seed):
        """A new Position: this one with the cards ``player`` cannot see dealt
        again uniformly under what he knows (see gd_sample_world)."""
        cdef Position p = Position.__new__(Position)
        cdef Rng r
        cdef int code
        if not 0 <= player < 4:
            raise ValueError("player must be 0-3")
        rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        with nogil:
            code = gd_sample_world(&p.s, &self.s, player, &r)
        if code < 0:
            raise ValueError("no deal fits what this player has seen")
        return p

    def worlds(self, int player, seed, int n):
        """Sample ``n`` worlds in the core (for benchmarks): returns how many fitted."""
        cdef GdPos* w = <GdPos*>malloc(sizeof(GdPos))
        cdef Rng r
        cdef int i, ok = 0
        if w == NULL:
            raise MemoryError()
        rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        with nogil:
            for i in range(n):
                ok += gd_sample_world(w, &self.s, player, &r) == 0
        free(w)
        return ok

    @staticmethod
    def from_public(int player, own, hand_sizes, played, int level, team_levels, bint match, int deal_no,
                    int phase, int cur, last, int last_player, int passes, finished, previous, bint anti,
                    tributes, returned, int leader, int trick_leader=-1, int trick_moves=0):
        """A position holding what ``player`` knows (own hand: 54 counts; the
        others' hands any cards fitting the counts and known holdings): the
        skeleton ``sample_world`` deals from.  ValueError if the pieces do not fit."""
        cdef Position p = Position.__new__(Position)
        cdef GdPos* s = &p.s
        cdef uint8_t kn[4][54]
        cdef int pool[54]
        cdef uint8_t cnt[54]
        cdef int i, q, c, k, left
        # (the arrays below are indexed with these seats, counts and ids: out of range they write outside them;
        # a hand holds 28 cards between receiving a tribute and returning one)
        seats, seat_or_none = range(4), range(-1, 4)
        if (player not in seats or cur not in seats or passes not in seats or last_player not in seat_or_none
                or leader not in seat_or_none or trick_leader not in seat_or_none or not 0 <= trick_moves
                or not 0 <= level <= 12 or len(own) != 54 or len(hand_sizes) != 4 or len(played) != 4
                or any(len(t) != 54 for t in played) or len(team_levels) != 2
                or any(not 0 <= x <= 12 for x in team_levels) or any(not 0 <= x <= 28 for x in hand_sizes)
                or len(finished) > 4 or len(set(finished)) != len(finished) or any(q not in seats for q in finished)
                or (previous is not None and sorted(previous) != [0, 1, 2, 3])
                or len(tributes) > 2 or len(returned) > 2
                or any(a not in seats or b not in seats or not 0 <= c < 54 for a, b, c in [*tributes, *returned])
                or (last is not None and (len(last[2]) > 10 or any(not 0 <= c < 54 for c in last[2])))):
            raise ValueError("not a Guandan position: a seat, count or card id is out of range")
        memset(s, 0, sizeof(GdPos))
        s.level = level
        s.team_level[0] = team_levels[0]
        s.team_level[1] = team_levels[1]
        s.match = match
        s.deal_no = deal_no
        s.deals = deal_no
        s.winner_team = -1
        s.last_winner = -1
        s.phase = phase
        s.cur = cur
        s.tribute_leader = leader
        s.trick_leader = trick_leader
        s.trick_moves = trick_moves
        s.anti = anti
        s.has_prev = previous is not None
        if previous is not None:
            for i in range(4):
                s.prev[i] = previous[i]
        s.ntrib = len(tributes)
        for i, (a, b, c) in enumerate(tributes):
            s.trib[i][0] = a; s.trib[i][1] = b; s.trib[i][2] = c
        s.nret = len(returned)
        for i, (a, b, c) in enumerate(returned):
            s.ret[i][0] = a; s.ret[i][1] = b; s.ret[i][2] = c
        for q in range(4):
            s.size[q] = hand_sizes[q]
            for c in range(54):
                s.played[q][c] = played[q][c]
        s.nout = len(finished)
        for i in range(4):
            s.order[i] = -1
        for i, q in enumerate(finished):
            s.order[i] = q
            s.out[q] = 1
        s.lshape = -1
        s.last_player = -1
        if last is not None:
            s.lshape, s.lmain = last[0], last[1]
            s.ln = len(last[2])
            for i, c in enumerate(last[2]):
                s.lcards[i] = c
            s.last_player = last_player
            s.passes = passes
            s.need = -passes
            for q in range(4):
                if q != last_player and not s.out[q]:
                    s.need += 1
        for c in range(54):
            pool[c] = 2 - own[c]
            for q in range(4):
                pool[c] -= s.played[q][c]
            if pool[c] < 0:
                raise ValueError("more copies of a card seen than two packs hold")
        gd_prepare(&s.h[player], own, level)
        for q in range(4):  # the known cards first, then any others that fit
            if q == player:
                continue
            _known(s, q, kn[q])
            for c in range(54):
                pool[c] -= kn[q][c]
                if pool[c] < 0:
                    raise ValueError("a known tribute or return card is seen elsewhere")
        for q in range(4):
            if q == player:
                continue
            memcpy(cnt, kn[q], 54)
            left = s.size[q]
            for c in range(54):
                left -= kn[q][c]
            for c in range(54):
                while left > 0 and pool[c] > 0:
                    cnt[c] += 1
                    pool[c] -= 1
                    left -= 1
            if left != 0:
                raise ValueError("the hand sizes do not fit the cards not yet seen")
            gd_prepare(&s.h[q], cnt, level)
        for c in range(54):
            s.outside[c] = pool[c]  # unseen and in no hand: a position of fewer than 108 cards
        return p

    # -- the rollout policy ---------------------------------------------------------
    def policy_move(self, seed=0):
        """The heuristic's move for the player to move, as (kind, shape, main, cards)."""
        cdef GdMove mv
        cdef Rng r
        cdef GdTmpl* buf
        if self.s.phase == GD_PH_OVER:
            raise ValueError("the game is over: no move to choose")
        buf = <GdTmpl*>malloc(sizeof(GdTmpl) * GD_MAX_TMPL)
        if buf == NULL:
            raise MemoryError()
        rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        gd_policy_move(&self.s, &r, buf, GD_MAX_TMPL, &mv)
        free(buf)
        return _move_tuple(&mv)

    def rollout(self, seed=0, bint copy=True):
        """Play to the end with the policy in every seat (on a copy unless
        ``copy=False``), in the core without the GIL; the returns."""
        cdef GdPos* w
        cdef Rng r
        cdef int out[4]
        cdef GdTmpl* buf = <GdTmpl*>malloc(sizeof(GdTmpl) * GD_MAX_TMPL)
        w = <GdPos*>malloc(sizeof(GdPos)) if copy else &self.s
        if buf == NULL or w == NULL:
            free(buf)
            if copy:
                free(w)
            raise MemoryError()
        if copy:
            w[0] = self.s
        rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        with nogil:
            gd_rollout(w, &r, buf, GD_MAX_TMPL, out)
        free(buf)
        if copy:
            free(w)
        return (out[0], out[1], out[2], out[3])

    def rollout_deal(self, seed=0):
        """On a copy, play the current deal to its end with the policy in
        every seat (``gd_rollout_deal``): per seat, the levels its team
        gained in that deal (negative for the losers), plus 4 when the deal
        decides the match."""
        cdef GdPos* w = <GdPos*>malloc(sizeof(GdPos))
        cdef Rng r
        cdef int out[4]
        cdef GdTmpl* buf = <GdTmpl*>malloc(sizeof(GdTmpl) * GD_MAX_TMPL)
        if buf == NULL or w == NULL:
            free(buf)
            free(w)
            raise MemoryError()
        w[0] = self.s
        rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        with nogil:
            gd_rollout_deal(w, &r, buf, GD_MAX_TMPL, out)
        free(buf)
        free(w)
        return (out[0], out[1], out[2], out[3])

    def rollouts(self, seed, int n):
        """``n`` rollouts from copies of this position (for benchmarks); the summed returns."""
        cdef GdPos* w = <GdPos*>malloc(sizeof(GdPos))
        cdef GdTmpl* buf = <GdTmpl*>malloc(sizeof(GdTmpl) * GD_MAX_TMPL)
        cdef Rng r
        cdef int out[4]
        cdef long long tot[4]
        cdef int i, k
        if buf == NULL or w == NULL:
            free(buf)
            free(w)
            raise MemoryError()
        tot[0] = tot[1] = tot[2] = tot[3] = 0
        rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        with nogil:
            for i in range(n):
                w[0] = self.s
                gd_rollout(w, &r, buf, GD_MAX_TMPL, out)
                for k in range(4):
                    tot[k] += out[k]
        free(buf)
        free(w)
        return [tot[0], tot[1], tot[2], tot[3]]

    def played_cards(self, int p):
        """54 counts: the cards ``p`` played this deal."""
        return bytes(self.s.played[p][:54])

    # -- what the State reads ----------------------------------------------------
    @property
    def phase(self):
        return self.s.phase

    @property
    def current(self):
        """The player to move, -1 when over."""
        return -1 if self.s.phase == GD_PH_OVER else self.s.cur

    @property
    def level(self):
        return self.s.level

    @property
    def team_levels(self):
        return [self.s.team_level[0], self.s.team_level[1]]

    @property
    def deal_no(self):
        return self.s.deal_no

    @property
    def seed(self):
        """The seed later deals of the match come from."""
        return self.s.seed

    @property
    def deals(self):
        return self.s.deals

    @property
    def match(self):
        return self.s.match

    @property
    def anti_tribute(self):
        return bool(self.s.anti)

    @property
    def leader(self):
        """Who led the first trick of this deal (after tribute and return)."""
        return self.s.tribute_leader

    def hand(self, int p):
        """54 counts."""
        return bytes(self.s.h[p].cnt[:54])

    def hand_sizes(self):
        return [self.s.size[0], self.s.size[1], self.s.size[2], self.s.size[3]]

    def finished(self):
        return [self.s.order[i] for i in range(self.s.nout)]

    def finishing_order(self):
        """The finishing order of the current (or, when over, last) deal."""
        if self.s.phase == GD_PH_OVER:
            return [self.s.last_order[i] for i in range(4)]
        return [self.s.order[i] for i in range(self.s.nout)]

    def last_play(self):
        """(shape, main, cards, player) of the play to beat, or None."""
        cdef int i
        if self.s.lshape < 0 or self.s.phase != GD_PH_PLAY:
            return None
        return (self.s.lshape, self.s.lmain, tuple([self.s.lcards[i] for i in range(self.s.ln)]),
                self.s.last_player)

    def passes(self):
        return self.s.passes

    def trick(self):
        """(leader of the current trick or -1, plays and passes made in it)."""
        return (self.s.trick_leader if self.s.phase == GD_PH_PLAY else -1,
                self.s.trick_moves if self.s.phase == GD_PH_PLAY else 0)

    def previous(self):
        if not self.s.has_prev:
            return None
        return [self.s.prev[i] for i in range(4)]

    def payers(self):
        """Who pays (or, after an anti-tribute, would have paid) this deal's tribute."""
        cdef int payers[2]
        cdef int receivers[2]
        cdef int n
        if not self.s.has_prev:
            return []
        n = _payers(self.s.prev, payers, receivers)
        return [payers[i] for i in range(n)]

    def tributes(self):
        """(payer, receiver, card) of each tribute paid this deal."""
        return [(self.s.trib[i][0], self.s.trib[i][1], self.s.trib[i][2]) for i in range(self.s.ntrib)]

    def returned(self):
        """(receiver, payer, card) of each return made this deal."""
        return [(self.s.ret[i][0], self.s.ret[i][1], self.s.ret[i][2]) for i in range(self.s.nret)]

    def returns(self):
        cdef int out[4]
        gd_returns(&self.s, out)
        return [out[0], out[1], out[2], out[3]]

    def last_deal(self):
        """The last finished deal: order, winner team, levels gained, level index; None before one ends."""
        if self.s.deals == 0:
            return None
        return ([self.s.last_order[i] for i in range(4)], self.s.last_winner, self.s.last_gained,
                self.s.last_level)

    def summary(self):
        """Figures of the deals finished so far (for ``cardavia simulate``)."""
        return {"winner_team": None if self.s.winner_team < 0 else self.s.winner_team,
                "deals": self.s.deals, "team_deal_wins": [self.s.team_wins[0], self.s.team_wins[1]],
                "levels_gained": [self.s.team_gained[0], self.s.team_gained[1]],
                "moves": self.s.moves_total}

    def random_playout(self, seed):
        """Play to the end with uniformly random moves, in the core; returns the moves made."""
        cdef Rng r
        cdef uint64_t n
        rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        with nogil:
            n = gd_random_play(&self.s, &r, NULL, 0)
        return n


def selfplay(int deals, seed, int level=0):
    """Play ``deals`` random deals in C (first-deal rules: random leader, no
    tribute) through the position; return team wins, levels gained by the
    winners and move counts."""
    cdef Rng r
    cdef GdPos* s = <GdPos*>malloc(sizeof(GdPos))
    cdef uint8_t hands[216]
    cdef int d, leader, partner_place = 3, i
    cdef long long total_moves = 0, wins0 = 0, gained = 0
    cdef long long ups[3]
    if s == NULL:
        raise MemoryError()
    ups[0] = ups[1] = ups[2] = 0
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    with nogil:
        for d in range(deals):
            gd_deal_cards(&r, hands)
            leader = rng_below(&r, 4)
            s.match = False
            s.team_level[0] = s.team_level[1] = level
            s.deals = 0
            s.team_wins[0] = s.team_wins[1] = 0
            s.team_gained[0] = s.team_gained[1] = 0
            s.moves_total = 0
            gd_start_deal(s, hands, level, leader, NULL)
            total_moves += gd_random_play(s, &r, NULL, 0)
            if s.winner_team == 0:
                wins0 += 1
            gained += s.last_gained
            ups[s.last_gained - 1] += 1
    free(s)
    return {"deals": deals, "team0_wins": wins0, "levels_gained": gained, "moves": total_moves,
            "winner_up_1_2_3": [ups[0], ups[1], ups[2]]}


def selfplay_matches(int matches, seed):
    """Play ``matches`` whole random matches in C (tribute, return, levels,
    the Ace rule); return team match wins, deals and moves."""
    cdef Rng r
    cdef GdPos* s = <GdPos*>malloc(sizeof(GdPos))
    cdef int d
    cdef long long deals = 0, moves = 0, wins0 = 0
    if s == NULL:
        raise MemoryError()
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    with nogil:
        for d in range(matches):
            gd_new_match(s, rng_next(&r), True)
            moves += gd_random_play(s, &r, NULL, 0)
            deals += s.deals
            if s.winner_team == 0:
                wins0 += 1
    free(s)
    return {"matches": matches, "team0_wins": wins0, "deals": deals, "moves": moves}


def trace_deal(seed, int level=0):
    """One random deal in C, recorded: the hands, the leader, each step's
    (player, number of legal moves, index chosen) and the finishing order."""
    cdef Rng r
    cdef uint8_t hands[216]
    cdef int leader, i, cap = 20000
    cdef uint64_t moves
    cdef GdPos* s = <GdPos*>malloc(sizeof(GdPos))
    cdef uint64_t* trace = <uint64_t*>malloc(sizeof(uint64_t) * 3 * cap)
    if trace == NULL or s == NULL:
        free(s)
        free(trace)
        raise MemoryError()
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    gd_deal_cards(&r, hands)
    leader = rng_below(&r, 4)
    start = [bytes(hands[p * 54:(p + 1) * 54]) for p in range(4)]
    s.match = False
    s.team_level[0] = s.team_level[1] = level
    s.deals = 0
    gd_start_deal(s, hands, level, leader, NULL)
    moves = gd_random_play(s, &r, trace, cap)
    steps = [(int(trace[3 * i]), int(trace[3 * i + 1]), int(trace[3 * i + 2])) for i in range(min(moves, cap))]
    order = [s.last_order[i] for i in range(4)]
    free(trace)
    free(s)
    return {"hands": start, "leader": leader, "steps": steps, "order": order}


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
