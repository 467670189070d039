"""Climbing-game machinery shared by Dou Dizhu and Zheng Shangyou.

One implementation of rank counts, shape detection and move generation
(leading and responding), parameterised by a small ``Rules`` struct per game.
Moves live in the core as ``CMove`` structs (kind, main rank, chain length,
rank counts) and become ``ClimbMove`` values only at the Python boundary.
The position of a deal (``Pos``, the ``pos_*`` functions) holds every rule of
bidding, play and scoring once: the Python states wrap it (``Position``), and
the compiled self-play loops, the world sampler (``WorldSampler``: hidden
cards dealt again) and the rollout policy (``policy_c``) drive it, ``nogil``.
No module-global scratch buffer: every buffer is per call or per object, so
positions can be played from several threads at once.
"""
cimport cython
from cpython.object cimport PyObject, PyTypeObject
from libc.stdint cimport uint64_t, uint8_t, uint32_t, int64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy, memset

from cardavia._core.cards cimport climb_rank, climb_counts, pop_lowest, cv_popcount, cv_ctz
from cardavia._core.rng cimport Random, Rng, rng_seed, rng_next, rng_below, rng_shuffle, rng_shuffle_packs, rng_uniform

cdef enum:
    CAP = 8192

cdef Rules RULES[2]

# Dou Dizhu (RULES.md section 1).
RULES[0].game = GAME_DDZ
RULES[0].seq_max = R_A
RULES[0].min_straight = 5
RULES[0].min_pair_run = 3
RULES[0].min_airplane = 2
RULES[0].triple_kickers = 1
RULES[0].wings = 1
RULES[0].four_two = 1
RULES[0].rocket = 1
RULES[0].ace_bomb = 0
RULES[0].heavenly = 0

# Zheng Shangyou (RULES.md section 3).
RULES[1].game = GAME_ZSY
RULES[1].seq_max = R_A
RULES[1].min_straight = 5
RULES[1].min_pair_run = 2
RULES[1].min_airplane = 0
RULES[1].triple_kickers = 0
RULES[1].wings = 0
RULES[1].four_two = 0
RULES[1].rocket = 0
RULES[1].ace_bomb = 1
RULES[1].heavenly = 1

KIND_NAMES = (
    "pass", "single", "pair", "triple", "triple_single", "triple_pair",
    "straight", "pair_run", "airplane", "airplane_single_wings",
    "airplane_pair_wings", "four_two_singles", "four_two_pairs", "bomb",
    "ace_bomb", "heavenly_bomb", "rocket", "bid",
)
KIND_IDS = {name: i for i, name in enumerate(KIND_NAMES)}
RANK_CHARS = "3456789TJQKA2BR"
_RANK_INDEX = {c: i for i, c in enumerate(RANK_CHARS)}
_RANK_INDEX.update({"t": 7, "j": 8, "q": 9, "k": 10, "a": 11, "b": 13, "r": 14})

# Order in which the kinds are generated (and the default reading of a set
# of ranks with several readings: the first kind in this order).
cdef int LEAD_ORDER[16]
LEAD_ORDER[:] = [K_SINGLE, K_PAIR, K_TRIPLE, K_TRIPLE_SINGLE, K_TRIPLE_PAIR,
                 K_STRAIGHT, K_PAIR_RUN, K_AIRPLANE, K_AIRPLANE_SINGLE,
                 K_AIRPLANE_PAIR, K_FOUR_TWO_SINGLES, K_FOUR_TWO_PAIRS,
                 K_BOMB, K_ACE_BOMB, K_HEAVENLY, K_ROCKET]


# ---------------------------------------------------------------------------
# Rank-count helpers

cdef inline uint64_t NB(int r) noexcept nogil:
    return (<uint64_t>1) << (4 * r)

cdef inline int nib(uint64_t c, int r) noexcept nogil:
    return <int>((c >> (4 * r)) & 15)

cdef Rules* game_rules(int game) noexcept nogil:
    return &RULES[game]

cdef void counts_to_array(uint64_t counts, uint8_t* cnt) noexcept nogil:
    cdef int r
    for r in range(NUM_RANKS):
        cnt[r] = (counts >> (4 * r)) & 15

cdef extern from *:
    """
    /* counts_to_array for a 16-byte buffer, bit-parallel: the even and the
       odd nibbles spread to the even and the odd bytes of two words. */
    static inline uint64_t cv_spread4(uint64_t v) {
        v &= 0xFFFFFFFFULL;
        v = (v | (v << 16)) & 0x0000FFFF0000FFFFULL;
        return (v | (v << 8)) & 0x00FF00FF00FF00FFULL;
    }
    static inline void cv_nibbles16(uint64_t x, uint8_t* out) {
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        uint64_t lo = x & 0x0F0F0F0F0F0F0F0FULL, hi = (x >> 4) & 0x0F0F0F0F0F0F0F0FULL;
        uint64_t w0 = cv_spread4(lo) | (cv_spread4(hi) << 8);
        uint64_t w1 = cv_spread4(lo >> 32) | (cv_spread4(hi >> 32) << 8);
        memcpy(out, &w0, 8);
        memcpy(out + 8, &w1, 8);
    #else
        int r;
        for (r = 0; r < 16; r++) out[r] = (uint8_t)((x >> (4 * r)) & 15);
    #endif
    }
    """
    void cv_nibbles16(uint64_t x, uint8_t* out) noexcept nogil


cdef inline int counts_total(uint64_t c) noexcept nogil:
    cdef int r, t = 0
    for r in range(NUM_RANKS):
        t += (c >> (4 * r)) & 15
    return t

cdef uint64_t HIGH = 0x0888888888888888  # the top bit of each of the 15 nibbles

cdef bint counts_le(uint64_t a, uint64_t b) noexcept nogil:
    """Every nibble of a <= that of b (nibbles hold 0..4: no borrow)."""
    return (((b | <uint64_t>HIGH) - a) & <uint64_t>HIGH) == <uint64_t>HIGH


# ---------------------------------------------------------------------------
# Comparison

cdef int bomb_power(const CMove* m) noexcept nogil:
    """0 for ordinary shapes; bombs by strength; 100 for the unbeatable."""
    if m.kind == K_BOMB:
        return 1 + m.rank
    if m.kind == K_ACE_BOMB:
        return 50
    if m.kind == K_ROCKET or m.kind == K_HEAVENLY:
        return 100
    return 0

cdef bint beats(const CMove* a, const CMove* last) noexcept nogil:
    """Does play ``a`` beat ``last`` (DDZ-3.1/3.4/3.5/4.5, ZSY-3.1/4.2-4.4)?"""
    cdef int pa = bomb_power(a), pl = bomb_power(last)
    if pa > 0:
        return pa > pl
    return (pl == 0 and a.kind == last.kind and a.length == last.length
            and a.rank > last.rank)


# ---------------------------------------------------------------------------
# Generation

cdef inline void emit(Gen* g, uint64_t counts, int kind, int rank, int length,
                      int ncards) noexcept nogil:
    if g.exact != 0 and counts != g.exact:
        return
    if g.opening and (counts & 15) == 0:
        return
    if g.n >= g.cap:
        g.overflow = 1
        return
    cdef CMove* m = &g.out[g.n]
    m.counts = counts
    m.kind = kind
    m.rank = rank
    m.length = length
    m.ncards = ncards
    g.n += 1

cdef void pick_singles(const uint8_t* avail, int r, int k, uint64_t acc, int kind,
                       int rank, int length, int ncards, Gen* g) noexcept nogil:
    """Every multiset of k cards, at most avail[s] of rank s, from rank r up;
    never both jokers (DDZ-4.3, DDZ-4.4)."""
    cdef int t, top
    if k == 0:
        if ((acc >> (4 * R_BJ)) & 15) and ((acc >> (4 * R_RJ)) & 15):
            return
        emit(g, acc, kind, rank, length, ncards)
        return
    if r >= NUM_RANKS:
        return
    top = avail[r] if avail[r] < k else k
    for t in range(top + 1):
        pick_singles(avail, r + 1, k - t, acc + t * NB(r), kind, rank, length, ncards, g)

cdef void pick_pairs(const uint8_t* ok, int r, int k, uint64_t acc, int kind,
                     int rank, int length, int ncards, Gen* g) noexcept nogil:
    """Every set of k distinct ranks s >= r with ok[s], one pair each."""
    cdef int s
    if k == 0:
        emit(g, acc, kind, rank, length, ncards)
        return
    for s in range(r, NUM_RANKS):
        if ok[s]:
            pick_pairs(ok, s + 1, k - 1, acc + 2 * NB(s), kind, rank, length, ncards, g)

cdef void chains(const uint8_t* cnt, const Rules* R, int w, int mn, int kind,
                 int length, int minrank, Gen* g) noexcept nogil:
    """Runs of w cards per rank, at least mn ranks long, ending at seq_max."""
    cdef int lo, hi, L
    cdef uint64_t acc
    for lo in range(minrank + 1, R.seq_max + 1):
        acc = 0
        for hi in range(lo, R.seq_max + 1):
            if cnt[hi] < w:
                break
            acc += w * NB(hi)
            L = hi - lo + 1
            if L >= mn and (length == 0 or L == length):
                emit(g, acc, kind, lo, L, w * L)

cdef void airplanes(const uint8_t* cnt, const Rules* R, int kind, int length,
                    int minrank, Gen* g) noexcept nogil:
    """Airplanes (DDZ-4.2, DDZ-4.3): a chain of triples, then no wings, one
    single wing per triple (no triple, bomb, rocket or core rank among them)
    or one pair of a distinct rank per triple."""
    cdef int lo, hi, L, s
    cdef uint64_t core
    cdef uint8_t avail[15]
    for lo in range(minrank + 1, R.seq_max + 1):
        core = 0
        for hi in range(lo, R.seq_max + 1):
            if cnt[hi] < 3:
                break
            core += 3 * NB(hi)
            L = hi - lo + 1
            if L < R.min_airplane or (length != 0 and L != length):
                continue
            if kind == K_AIRPLANE:
                emit(g, core, kind, lo, L, 3 * L)
                continue
            for s in range(NUM_RANKS):
                if lo <= s <= hi:
                    avail[s] = 0
                elif kind == K_AIRPLANE_SINGLE:
                    avail[s] = cnt[s] if cnt[s] < 2 else 2
                else:
                    avail[s] = cnt[s] >= 2
            if kind == K_AIRPLANE_SINGLE:
                pick_singles(avail, 0, L, core, kind, lo, L, 4 * L, g)
            else:
                pick_pairs(avail, 0, L, core, kind, lo, L, 5 * L, g)

cdef void gen_kind(const uint8_t* cnt, const Rules* R, int kind, int length,
                   int minrank, Gen* g) noexcept nogil:
    """Every move of one kind (chain ``length``, 0 = any) with main rank
    above ``minrank`` (-1 = any) that the rank counts ``cnt`` hold."""
    cdef int r, s, need
    cdef uint8_t avail[15]
    if kind == K_SINGLE:
        for r in range(minrank + 1, NUM_RANKS):
            if cnt[r]:
                emit(g, NB(r), kind, r, 1, 1)
    elif kind == K_PAIR:
        for r in range(minrank + 1, R_2 + 1):
            if cnt[r] >= 2:
                emit(g, 2 * NB(r), kind, r, 1, 2)
    elif kind == K_TRIPLE:
        for r in range(minrank + 1, R_2 + 1):
            if cnt[r] >= 3 and not (R.ace_bomb and r == R_A):
                emit(g, 3 * NB(r), kind, r, 1, 3)
    elif kind == K_TRIPLE_SINGLE or kind == K_TRIPLE_PAIR:
        if not R.triple_kickers:
            return
        need = 1 if kind == K_TRIPLE_SINGLE else 2
        for r in range(minrank + 1, R_2 + 1):
            if cnt[r] >= 3:
                for s in range(NUM_RANKS):
                    if s != r and cnt[s] >= need:
                        emit(g, 3 * NB(r) + need * NB(s), kind, r, 1, 3 + need)
    elif kind == K_STRAIGHT:
        chains(cnt, R, 1, R.min_straight, kind, length, minrank, g)
    elif kind == K_PAIR_RUN:
        chains(cnt, R, 2, R.min_pair_run, kind, length, minrank, g)
    elif kind == K_AIRPLANE or kind == K_AIRPLANE_SINGLE or kind == K_AIRPLANE_PAIR:
        if R.min_airplane == 0 or (kind != K_AIRPLANE and not R.wings):
            return
        airplanes(cnt, R, kind, length, minrank, g)
    elif kind == K_FOUR_TWO_SINGLES or kind == K_FOUR_TWO_PAIRS:
        if not R.four_two:
            return
        for r in range(minrank + 1, R_2 + 1):
            if cnt[r] != 4:
                continue
            for s in range(NUM_RANKS):
                if s == r:
                    avail[s] = 0
                elif kind == K_FOUR_TWO_SINGLES:
                    avail[s] = cnt[s] if cnt[s] < 2 else 2
                else:
                    avail[s] = cnt[s] >= 2
            if kind == K_FOUR_TWO_SINGLES:
                pick_singles(avail, 0, 2, 4 * NB(r), kind, r, 1, 6, g)
            else:
                pick_pairs(avail, 0, 2, 4 * NB(r), kind, r, 1, 8, g)
    elif kind == K_BOMB:
        for r in range(minrank + 1, R_2 + 1):
            if cnt[r] == 4 and not (R.heavenly and g.opening and r == 0):
                emit(g, 4 * NB(r), kind, r, 1, 4)
    elif kind == K_ACE_BOMB:
        if R.ace_bomb and cnt[R_A] == 3:
            emit(g, 3 * NB(R_A), kind, R_A, 1, 3)
    elif kind == K_HEAVENLY:
        if R.heavenly and g.opening and cnt[0] == 4:
            emit(g, 4 * NB(0), kind, 0, 1, 4)
    elif kind == K_ROCKET:
        if R.rocket and cnt[R_BJ] and cnt[R_RJ]:
            emit(g, NB(R_BJ) + NB(R_RJ), kind, R_BJ, 1, 2)

cdef void gen_leading(const uint8_t* cnt, const Rules* R, Gen* g) noexcept nogil:
    """Every play a leader may make with these rank counts."""
    cdef int i
    for i in range(16):
        gen_kind(cnt, R, LEAD_ORDER[i], 0, -1, g)

cdef void gen_responses(const uint8_t* cnt, const Rules* R, const CMove* last,
                        Gen* g) noexcept nogil:
    """Every play that beats ``last`` (pass not included)."""
    cdef int p = bomb_power(last)
    if p == 0:
        gen_kind(cnt, R, last.kind, last.length, last.rank, g)
        gen_kind(cnt, R, K_BOMB, 0, -1, g)
    elif last.kind == K_BOMB:
        gen_kind(cnt, R, K_BOMB, 0, last.rank, g)
    if p < 50:
        gen_kind(cnt, R, K_ACE_BOMB, 0, -1, g)
    if p < 100:
        gen_kind(cnt, R, K_ROCKET, 0, -1, g)

cdef inline void gen_init(Gen* g, CMove* buf, int cap) noexcept nogil:
    g.out = buf
    g.n = 0
    g.cap = cap
    g.overflow = 0
    g.exact = 0
    g.opening = 0

cdef int generate_c(int game, uint64_t hand, const CMove* last, int opening,
                    CMove* buf, int cap) noexcept nogil:
    cdef Gen g
    cdef uint8_t cnt[16]     # 15 ranks (and the nibble above)
    gen_init(&g, buf, cap)
    g.opening = opening
    cv_nibbles16(hand, cnt)
    if last == NULL:
        gen_leading(cnt, &RULES[game], &g)
    else:
        gen_responses(cnt, &RULES[game], last, &g)
    return -1 if g.overflow else g.n

cdef int classify_c(int game, uint64_t counts, int opening, CMove* buf, int cap) noexcept nogil:
    cdef Gen g
    cdef uint8_t cnt[15]
    gen_init(&g, buf, cap)
    g.exact = counts
    g.opening = opening
    counts_to_array(counts, cnt)
    if counts != 0:
        gen_leading(cnt, &RULES[game], &g)
    return g.n


# ---------------------------------------------------------------------------
# Python boundary: move values

cdef enum:
    LOCAL_CAP = 1024     # moves in a per-call stack buffer before the heap


cdef int grow_generate(int game, uint64_t hand, const CMove* last, int opening,
                       CMove* local, int local_cap, CMove** out) noexcept nogil:
    """generate_c into ``local``, or into a larger heap buffer (``out``; the
    caller frees it when it is not ``local``) for hands so large (analysis of
    more cards than a deal holds) that their plays overflow it; -1 only when
    memory runs out."""
    cdef int n = generate_c(game, hand, last, opening, local, local_cap)
    cdef int cap = local_cap
    cdef CMove* buf
    out[0] = local
    while n < 0 and cap < (1 << 26):
        cap *= 4
        buf = <CMove*>malloc(cap * sizeof(CMove))
        if buf == NULL:
            return -1
        n = generate_c(game, hand, last, opening, buf, cap)
        if n >= 0:
            out[0] = buf
        else:
            free(buf)
    return n


_move_types = {}
cdef tuple _EMPTY = ()

cdef extern from "Python.h":
    void PyObject_GC_UnTrack(void* op)


def register_move_type(int game, cls):
    """The Python class (a subclass of ClimbMove) of a game's moves."""
    if not issubclass(cls, ClimbMove):
        raise TypeError("move types must subclass ClimbMove")
    _move_types[game] = cls


def counts_text(uint64_t counts):
    """Rank counts as ranks in ascending order: ``"33344456"``, ``"BR"``."""
    cdef int r, k
    out = []
    for r in range(NUM_RANKS):
        k = nib(counts, r)
        if k:
            out.append(RANK_CHARS[r] * k)
    return "".join(out)


def parse_ranks(str text):
    """Ranks text (``"33344456"``, ``"10JQKA"``) to rank counts; ValueError
    naming the bad character when it is not ranks."""
    cdef uint64_t counts = 0
    cdef int i = 0, n = len(text), r
    if n == 0:
        raise ValueError("empty ranks")
    while i < n:
        ch = text[i]
        if ch == "1" and i + 1 < n and text[i + 1] == "0":
            r = 7
            i += 2
        else:
            r = _RANK_INDEX.get(ch, -1)
            if r < 0:
                raise ValueError(f"{ch!r} is not a rank")   # (the game names its ranks: climbing.parse_play)
            i += 1
        if nib(counts, r) >= (1 if r >= R_BJ else 4):
            raise ValueError(f"too many {RANK_CHARS[r]!r} in {text!r}")
        counts += NB(r)
    return counts


def card_counts(uint64_t bits):
    """Rank counts (climbing order) of a card bit set."""
    return climb_counts(bits)


def take_cards(uint64_t hand, uint64_t counts, int first=-1):
    """The cards of ``hand`` making up ``counts``: the lowest card ids of each
    rank (card ``first`` taken before the others of its rank when held).
    Returns the bit set of the cards, or -1 when the hand lacks them."""
    cdef uint64_t out = take_bits(hand, counts, first)
    return -1 if out == 0 and counts != 0 else out


@cython.no_gc
cdef class ClimbMove:
    """A move of a climbing game: pass, a bid, or a play (its rank counts and
    its reading).  Immutable and hashable; ``str()`` is its text form."""

    cdef readonly int game
    cdef readonly int kind_id
    cdef readonly uint64_t counts
    cdef readonly int rank
    cdef readonly int length
    cdef readonly int ncards
    cdef object _text

    @property
    def kind(self):
        """The reading: ``"pass"``, ``"bid"``, ``"single"``, … ``"rocket"``."""
        return KIND_NAMES[self.kind_id]

    @property
    def ranks(self):
        """The ranks played, ascending (``""`` for pass and bids)."""
        return counts_text(self.counts)

    @property
    def is_play(self):
        return self.kind_id != K_PASS and self.kind_id != K_BID

    @property
    def is_bomb(self):
        cdef CMove m = to_cmove(self)
        return bomb_power(&m) > 0

    def rank_counts(self):
        """How many cards of each rank, in climbing order 3..A, 2, BJ, RJ."""
        return [nib(self.counts, r) for r in range(NUM_RANKS)]

    def beats(self, ClimbMove other):
        """Does this play beat ``other`` on the table?"""
        cdef CMove a = to_cmove(self), b = to_cmove(other)
        return bool(self.is_play and other.is_play and beats(&a, &b))

    def __str__(self):
        cdef CMove buf[64]
        cdef int n
        if self._text is None:
            if self.kind_id == K_PASS:
                self._text = "pass"
            elif self.kind_id == K_BID:
                self._text = f"bid {self.rank}"
            else:
                text = counts_text(self.counts)
                # The default reading is the one read without any state (not
                # the opening): the heavenly bomb is written with its prefix,
                # so the text reads back to the same move anywhere.
                n = classify_c(self.game, self.counts, 0, buf, 64)
                if n > 0 and buf[0].kind != self.kind_id:
                    text = f"{KIND_NAMES[self.kind_id]}:{text}"
                self._text = text
        return self._text

    def __eq__(self, other):
        if not isinstance(other, ClimbMove):
            return NotImplemented
        cdef ClimbMove o = <ClimbMove>other
        return (o.game == self.game and o.kind_id == self.kind_id
                and o.counts == self.counts and o.rank == self.rank)

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return hash((self.game, self.kind_id, self.counts, self.rank))

    def __reduce__(self):
        return (make_move, (self.game, self.kind_id, self.counts, self.rank, self.length, self.ncards))


cdef inline CMove to_cmove(ClimbMove m):
    cdef CMove c
    c.counts = m.counts
    c.kind = m.kind_id
    c.rank = m.rank
    c.length = m.length
    c.ncards = m.ncards
    return c


cdef inline ClimbMove from_cmove(int game, type cls, const CMove* c):
    # The subclass inherits ClimbMove's tp_new: call it directly (no lookup).
    cdef ClimbMove m = <ClimbMove>(<PyTypeObject*>cls).tp_new(cls, <PyObject*>_EMPTY, NULL)
    # A move refers to nothing but its text: it can never be in a cycle, so
    # the collector need not track it (Python subclasses are GC types).
    PyObject_GC_UnTrack(<void*>m)
    m.game = game
    m.kind_id = c.kind
    m.counts = c.counts
    m.rank = c.rank
    m.length = c.length
    m.ncards = c.ncards
    return m


def make_move(int game, int kind, uint64_t counts, int rank, int length, int ncards):
    """Rebuild a move from its fields (pickling); plays are re-validated."""
    cdef CMove c
    cdef CMove buf[64]
    cdef int n, i
    c.counts = counts
    c.kind = kind
    c.rank = rank
    c.length = length
    c.ncards = ncards
    if kind != K_PASS and kind != K_BID:
        n = classify_c(game, counts, kind == K_HEAVENLY, buf, 64)
        for i in range(n):
            if buf[i].kind == kind:
                c = buf[i]
                break
        else:
            raise ValueError(f"{counts_text(counts)!r} cannot be read as {KIND_NAMES[kind]}")
    return from_cmove(game, _move_types[game], &c)


def pass_move(int game):
    return make_move(game, K_PASS, 0, 0, 0, 0)


def bid_move(int game, int bid):
    return make_move(game, K_BID, 0, bid, 0, 0)


def classify(int game, uint64_t counts, bint opening=False):
    """Every reading of a set of ranks, as moves (empty when none)."""
    cdef CMove buf[64]
    cdef int n = classify_c(game, counts, opening, buf, 64)
    cls = _move_types[game]
    return [from_cmove(game, cls, &buf[i]) for i in range(n)]


def count_moves(int game, uint64_t hand_counts, ClimbMove last=None, bint opening=False):
    """How many plays the rank counts hold (leading, or beating ``last``);
    nothing is built."""
    cdef CMove lc
    cdef CMove local[LOCAL_CAP]
    cdef CMove* buf
    cdef int n
    if last is not None and last.is_play:
        lc = to_cmove(last)
        n = grow_generate(game, hand_counts, &lc, 0, local, LOCAL_CAP, &buf)
    else:
        n = grow_generate(game, hand_counts, NULL, opening, local, LOCAL_CAP, &buf)
    if buf != local:
        free(buf)
    return n


cdef inline bint has_response_c(int game, uint64_t hand_counts, const CMove* last) noexcept nogil:
    # A one-move buffer: any response overflows it (-1).
    cdef CMove one
    return generate_c(game, hand_counts, last, 0, &one, 1) != 0


def has_response(int game, uint64_t hand_counts, ClimbMove last):
    """Can these counts beat ``last``?"""
    cdef CMove lc = to_cmove(last)
    return has_response_c(game, hand_counts, &lc)


def counts_within(uint64_t a, uint64_t b):
    """Are the rank counts ``a`` held within ``b``?"""
    return bool(counts_le(a, b))


# ---------------------------------------------------------------------------
# Benchmark entry points: generation over many hands inside the core.

def bench_generate(int game, const uint64_t[::1] hands, const uint64_t[:, ::1] lasts=None,
                   int reps=1):
    """Generate the plays of every hand ``reps`` times (responding to the
    matching row of ``lasts``, ``pack_move`` values, when given); return the
    total number of moves generated."""
    cdef int64_t total = 0
    cdef int i, k, n, nh = hands.shape[0]
    cdef CMove lc
    cdef bint respond = lasts is not None
    if respond and lasts.shape[0] < nh:
        raise ValueError("lasts needs one row per hand")
    cdef CMove* buf = <CMove*>malloc(CAP * sizeof(CMove))
    with nogil:
        for k in range(reps):
            for i in range(nh):
                if respond:
                    unpack_cmove(lasts[i, 0], lasts[i, 1], &lc)
                    n = generate_c(game, hands[i], &lc, 0, buf, CAP)
                else:
                    n = generate_c(game, hands[i], NULL, 0, buf, CAP)
                total += n
    free(buf)
    return total


cdef inline void unpack_cmove(uint64_t counts, uint64_t fields, CMove* c) noexcept nogil:
    c.counts = counts
    c.kind = fields & 255
    c.rank = (fields >> 8) & 255
    c.length = (fields >> 16) & 255
    c.ncards = (fields >> 24) & 255


def pack_move(ClimbMove m):
    """A play as two uint64 (its counts; kind, rank, length and size), one
    row of the ``lasts`` array of ``bench_generate``."""
    return (m.counts, m.kind_id | (m.rank << 8) | (m.length << 16) | (m.ncards << 24))


# ---------------------------------------------------------------------------
# The position of a deal.  Each rule of bidding, play and scoring is written
# here once; the Python states, the compiled self-play loops, the world
# sampler and the rollouts all drive these functions.

cdef enum:
    THREE_OF_HEARTS = 6
    TWO_OF_SPADES = 3

cdef uint8_t ZSY_PACK[48]
ZSY_PACK[:] = [c for c in range(52) if not ((c >> 2) == 0 and c != 3) and c != 50]
cdef uint64_t ZSY_PACK_BITS = sum(1 << c for c in ZSY_PACK[:48])


cdef inline uint64_t rank_bits(int r) noexcept nogil:
    """The card ids of climbing rank ``r`` as a bit set (the 4 suits of 3..A
    and 2; one bit for each joker)."""
    if r < R_2:
        return (<uint64_t>15) << (4 * r + 4)
    if r == R_2:
        return <uint64_t>15
    return (<uint64_t>1) << (39 + r)


cdef inline uint64_t counts_of_bits(uint64_t bits) noexcept nogil:
    """climb_counts (cards.pxd) bit-parallel: each 4-bit group of a pack is
    one poker rank (2..A), so a nibble popcount gives the counts, moved into
    climbing order (3..A down one nibble, the 2 up to nibble 12, the jokers
    one nibble each)."""
    cdef uint64_t x = bits & <uint64_t>0x000FFFFFFFFFFFFF
    x = x - ((x >> 1) & <uint64_t>0x5555555555555555)
    x = (x & <uint64_t>0x3333333333333333) + ((x >> 2) & <uint64_t>0x3333333333333333)
    return ((x >> 4) | ((x & 15) << (4 * R_2))
            | (((bits >> 52) & 1) << (4 * R_BJ)) | (((bits >> 53) & 1) << (4 * R_RJ)))


cdef inline uint64_t take_bits(uint64_t hand, uint64_t counts, int first) noexcept nogil:
    """The cards of ``hand`` making up ``counts``: the lowest card ids of each
    rank, card ``first`` (when held and wanted) before the others of its rank.
    0 when the hand lacks them."""
    cdef uint64_t out = 0, avail, b
    cdef uint64_t c = counts & <uint64_t>0x0FFFFFFFFFFFFFFF   # the 15 rank nibbles
    cdef int r, k
    while c:
        r = cv_ctz(c) >> 2
        k = <int>((c >> (4 * r)) & 15)
        c &= ~((<uint64_t>15) << (4 * r))
        avail = hand & rank_bits(r)
        if 0 <= first < 54 and climb_rank(first) == r and (avail >> first) & 1:
            out |= (<uint64_t>1) << first
            avail &= ~((<uint64_t>1) << first)
            k -= 1
        while k > 0:
            if avail == 0:
                return 0
            b = avail & (~avail + 1)
            out |= b
            avail ^= b
            k -= 1
    return out


cdef inline bint is_bomb_kind(int kind) noexcept nogil:
    return kind == K_BOMB or kind == K_ACE_BOMB or kind == K_HEAVENLY or kind == K_ROCKET


cdef void pos_clear(Pos* p, int game) noexcept nogil:
    # Everything but the settlement lines (the last field, 1 kB), which are
    # read only below nlines and written whole when added (zsy_line).
    memset(p, 0, <size_t>(<char*>&p.lines[0] - <char*>p))
    p.game = game
    p.last_player = -1
    p.winner = -1
    p.landlord = -1
    p.high_bidder = -1
    p.first_bidder = -1
    p.pending = -1
    p.mult = 1


cdef inline void pos_set_counts(Pos* p) noexcept nogil:
    cdef int q
    for q in range(3):
        p.counts[q] = counts_of_bits(p.hand[q])


# -- Dou Dizhu: deal and bidding (DDZ-2) -------------------------------------

cdef inline uint64_t deck_bits(const uint8_t* deck, int n) noexcept nogil:
    """The bit set of ``n`` dealt cards (accumulated in a register)."""
    cdef uint64_t b = 0
    cdef int i
    for i in range(n):
        b |= (<uint64_t>1) << deck[i]
    return b


cdef void ddz_shuffle_deal(Pos* p) noexcept nogil:
    """DDZ-2.1: 17 cards each (in blocks of the shuffled pack), 3 bottom."""
    cdef uint8_t deck[54]
    rng_shuffle_packs(&p.rng, deck, 54, 54)
    p.hand[0] = deck_bits(deck, 17)
    p.hand[1] = deck_bits(deck + 17, 17)
    p.hand[2] = deck_bits(deck + 34, 17)
    p.bottom = deck_bits(deck + 51, 3)


cdef void ddz_start_bidding(Pos* p, int first) noexcept nogil:
    p.phase = PH_BID
    p.first_bidder = first
    p.cur = first
    p.high = 0
    p.high_bidder = -1
    p.npass = 0
    p.nbids = 0
    pos_set_counts(p)


cdef void ddz_start_play(Pos* p, int landlord, int bid) noexcept nogil:
    """DDZ-2.4: the landlord takes the bottom cards and leads."""
    p.landlord = landlord
    p.bid = bid
    p.hand[landlord] |= p.bottom
    p.counts[landlord] = counts_of_bits(p.hand[landlord])
    p.phase = PH_PLAY
    p.cur = landlord


cdef void pos_new_ddz(Pos* p, uint64_t seed) noexcept nogil:
    """A seeded deal: the shuffle, then the first bidder drawn (DDZ-2.2)."""
    pos_clear(p, GAME_DDZ)
    rng_seed(&p.rng, seed)
    ddz_shuffle_deal(p)
    ddz_start_bidding(p, rng_below(&p.rng, 3))


cdef void pos_ddz_hands(Pos* p, const uint64_t* hands, uint64_t bottom, int landlord,
                        int bid, int first_bidder, uint64_t seed) noexcept nogil:
    """Given hands: the play starts (``landlord`` >= 0) or the bidding at
    ``first_bidder``; redeals shuffle with the generator seeded ``seed``."""
    pos_clear(p, GAME_DDZ)
    rng_seed(&p.rng, seed)
    p.hand[0] = hands[0]
    p.hand[1] = hands[1]
    p.hand[2] = hands[2]
    p.bottom = bottom
    if landlord >= 0:
        pos_set_counts(p)
        ddz_start_play(p, landlord, bid)
    else:
        ddz_start_bidding(p, first_bidder)


cdef void ddz_redeal(Pos* p) noexcept nogil:
    """DDZ-2.5: all passed: a new deal and a new first bidder from the same
    generator; the same deal for scoring."""
    p.redeals += 1
    ddz_shuffle_deal(p)
    ddz_start_bidding(p, rng_below(&p.rng, 3))


cdef void ddz_finish(Pos* p, int winner) noexcept nogil:
    """DDZ-5.1, DDZ-5.3: the deal ends; a spring doubles once more."""
    cdef int ll = p.landlord
    p.winner = winner
    if winner == ll:
        p.spring = p.plays[(ll + 1) % 3] == 0 and p.plays[(ll + 2) % 3] == 0
    else:
        p.spring = p.plays[ll] == 1
    if p.spring:
        p.mult *= 2
    p.phase = PH_OVER


# -- Zheng Shangyou: deal and settlement (ZSY-2, ZSY-5) ------------------------

cdef void zsy_opening_leader(Pos* p) noexcept nogil:
    cdef int q
    p.cur = 0
    for q in range(3):
        if (p.hand[q] >> THREE_OF_HEARTS) & 1:
            p.cur = q


cdef void pos_new_zsy(Pos* p, uint64_t seed) noexcept nogil:
    """ZSY-2.1-2.3: 16 cards each of the 48-card pack; the 3 of hearts leads."""
    cdef uint8_t deck[48]
    cdef Rng rng
    pos_clear(p, GAME_ZSY)
    rng_seed(&rng, seed)
    memcpy(deck, ZSY_PACK, 48)
    rng_shuffle(&rng, deck, 48)
    p.hand[0] = deck_bits(deck, 16)
    p.hand[1] = deck_bits(deck + 16, 16)
    p.hand[2] = deck_bits(deck + 32, 16)
    pos_set_counts(p)
    zsy_opening_leader(p)
    p.opening = 1
    p.phase = PH_PLAY


cdef void pos_zsy_hands(Pos* p, const uint64_t* hands, int leader, int opening) noexcept nogil:
    pos_clear(p, GAME_ZSY)
    p.hand[0] = hands[0]
    p.hand[1] = hands[1]
    p.hand[2] = hands[2]
    pos_set_counts(p)
    zsy_opening_leader(p)
    if leader >= 0:
        p.cur = leader
    p.opening = opening
    p.phase = PH_PLAY


cdef void zsy_line(Pos* p, int payer, int payee, int points, int reason,
                   const CMove* move, int ncards) noexcept nogil:
    cdef ZLine* z
    p.score[payer] -= points
    p.score[payee] += points
    if p.nlines < MAX_LINES:
        z = &p.lines[p.nlines]
        p.nlines += 1
        z.payer = payer
        z.payee = payee
        z.points = points
        z.reason = reason
        z.ncards = ncards
        if move != NULL:
            z.move = move[0]
        else:
            memset(&z.move, 0, sizeof(CMove))


cdef void zsy_bomb_bonus(Pos* p, int owner, int reason) noexcept nogil:
    """ZSY-5.2: a response bomb unbeaten in its round earns 10 from each."""
    cdef int q
    for q in range(3):
        if q != owner:
            zsy_line(p, q, owner, 10, reason, &p.last, 0)


cdef void zsy_settle(Pos* p, int winner) noexcept nogil:
    """ZSY-5.1: cards left (doubled for who never played), the 2 of spades
    and every unplayed bomb cost the loser; the winner takes it all."""
    cdef int q, n, r, k
    cdef CMove b
    p.winner = winner
    p.pending = -1
    p.phase = PH_OVER
    for q in range(3):
        if q == winner:
            continue
        n = cv_popcount(p.hand[q])
        if p.plays[q] == 0:
            zsy_line(p, q, winner, 2 * n, Z_LEFT_DOUBLED, NULL, n)
        else:
            zsy_line(p, q, winner, n, Z_LEFT, NULL, n)
        if (p.hand[q] >> TWO_OF_SPADES) & 1:
            zsy_line(p, q, winner, 10, Z_TWO_SPADES, NULL, 0)
        for r in range(13):
            k = nib(p.counts[q], r)
            if k == 4 or (r == R_A and k == 3):
                memset(&b, 0, sizeof(CMove))
                b.counts = k * NB(r)
                b.kind = K_BOMB if k == 4 else K_ACE_BOMB
                b.rank = r
                b.length = 1
                b.ncards = k
                zsy_line(p, q, winner, 10, Z_UNPLAYED_BOMB, &b, 0)


# -- every game: legal moves, check, apply, returns ------------------------------

cdef inline void set_move(CMove* m, int kind, int rank) noexcept nogil:
    m.counts = 0
    m.kind = kind
    m.rank = rank
    m.length = 0
    m.ncards = 0


cdef int pos_legal(const Pos* p, CMove* buf, int cap) noexcept nogil:
    """The legal moves into ``buf``: bidding pass then bids; plays, then pass
    when following (DDZ) or when no play beats the table (ZSY-3.2); -1 when
    ``cap`` is too small."""
    return legal_in(p, buf, cap)


# pos_legal and pos_apply are written once, as the inline functions below,
# so the compiled loops get them inlined while the other callers go through
# the exported (.pxd) names.

cdef inline int legal_in(const Pos* p, CMove* buf, int cap) noexcept nogil:
    cdef int n, b
    if p.phase == PH_OVER:
        return 0
    if p.phase == PH_BID:
        if cap < 4 - p.high:
            return -1
        set_move(&buf[0], K_PASS, 0)
        n = 1
        for b in range(p.high + 1, 4):
            set_move(&buf[n], K_BID, b)
            n += 1
        return n
    n = generate_c(p.game, p.counts[p.cur], &p.last if p.has_last else NULL, p.opening,
                   buf, cap)
    if n < 0:
        return -1
    if p.has_last and (p.game == GAME_DDZ or n == 0):
        if n >= cap:
            return -1
        set_move(&buf[n], K_PASS, 0)
        n += 1
    return n


cdef int pos_legal_any(const Pos* p, CMove* local, int local_cap, CMove** out) noexcept nogil:
    """pos_legal into ``local`` or a larger heap buffer (see grow_generate)."""
    cdef int n = pos_legal(p, local, local_cap)
    cdef int cap = local_cap
    cdef CMove* buf
    out[0] = local
    while n < 0 and cap < (1 << 26):
        cap *= 4
        buf = <CMove*>malloc(cap * sizeof(CMove))
        if buf == NULL:
            return -1
        n = pos_legal(p, buf, cap)
        if n >= 0:
            out[0] = buf
        else:
            free(buf)
    return n


cdef int pos_check(const Pos* p, const CMove* m) noexcept nogil:
    """E_OK when ``m`` (a pass, a bid or a play read by classify) is legal."""
    cdef int kind = m.kind
    if p.phase == PH_OVER:
        return E_OVER
    if p.phase == PH_BID:
        if kind == K_PASS:
            return E_OK
        if kind != K_BID:
            return E_BID_FIRST
        if m.rank <= p.high or m.rank > 3:
            return E_BID_LOW
        return E_OK
    if kind == K_BID:
        return E_BID_OVER
    if kind == K_PASS:
        if not p.has_last:
            return E_LEADER_PASS
        if p.game == GAME_ZSY and has_response_c(p.game, p.counts[p.cur], &p.last):
            return E_MUST_BEAT
        return E_OK
    if not counts_le(m.counts, p.counts[p.cur]):
        return E_NOT_HELD
    if p.game == GAME_ZSY:
        if p.opening:
            if (m.counts & 15) == 0 or not ((p.hand[p.cur] >> THREE_OF_HEARTS) & 1):
                return E_OPENING_3H
            if kind == K_BOMB and m.rank == 0:
                return E_OPENING_FOUR_3S
        elif kind == K_HEAVENLY:
            return E_HEAVENLY_LATE
    if p.has_last and not beats(m, &p.last):
        return E_NOT_BEAT
    return E_OK


cdef int pos_apply(Pos* p, const CMove* m) noexcept nogil:
    """Play a legal move (checked by pos_check); returns 1 when it made a
    redeal (DDZ-2.5), else 0.  A play takes the lowest card ids of its ranks
    (the 3 of hearts first at the opening, ZSY-2.3)."""
    return apply_in(p, m)


cdef int pos_apply_cards(Pos* p, const CMove* m, uint64_t cards) noexcept nogil:
    """pos_apply with the cards of a play given (a replayed public history,
    whose cards are known); ``cards`` must hold the move's rank counts."""
    return apply_cards_in(p, m, cards)


cdef inline int apply_in(Pos* p, const CMove* m) noexcept nogil:
    cdef uint64_t cards = 0
    if p.phase == PH_PLAY and m.kind != K_PASS:
        cards = take_bits(p.hand[p.cur], m.counts, THREE_OF_HEARTS if p.opening else -1)
    return apply_cards_in(p, m, cards)


cdef inline int apply_cards_in(Pos* p, const CMove* m, uint64_t cards) noexcept nogil:
    cdef int q = p.cur
    cdef int kind = m.kind
    if p.phase == PH_BID:
        if p.nbids < MAX_BIDS:
            p.bids[p.nbids] = m.rank if kind == K_BID else 0
            p.nbids += 1
        if kind == K_PASS:
            p.npass += 1
        else:
            p.high = m.rank
            p.high_bidder = q
            p.npass = 0
        if p.high == 3 or (p.high_bidder >= 0 and p.npass == 2):
            ddz_start_play(p, p.high_bidder, p.high)     # DDZ-2.3
        elif p.high_bidder < 0 and p.npass == 3:
            ddz_redeal(p)
            return 1
        else:
            p.cur = (q + 1) % 3
        return 0
    if kind == K_PASS:
        p.passes += 1
        if p.passes == 2:                  # DDZ-3.2, ZSY-3.3
            if p.pending >= 0:
                zsy_bomb_bonus(p, p.pending, Z_BONUS_ROUND)
                p.pending = -1
            p.has_last = 0
            p.passes = 0
        p.cur = (q + 1) % 3
        return 0
    p.hand[q] &= ~cards
    p.counts[q] -= m.counts
    p.played[q] |= cards
    p.plays[q] += 1
    if is_bomb_kind(kind):
        p.bombs += 1
        if p.game == GAME_DDZ:
            p.mult *= 2                    # DDZ-5.2
        else:
            # ZSY-5.2: only a bomb played on another player's cards earns.
            p.pending = q if (p.has_last and kind != K_HEAVENLY) else -1
    else:
        p.pending = -1
    p.opening = 0
    p.last = m[0]
    p.has_last = 1
    p.last_player = q
    p.passes = 0
    if p.hand[q] == 0:
        if p.game == GAME_DDZ:
            ddz_finish(p, q)
        else:
            if p.pending >= 0:
                zsy_bomb_bonus(p, p.pending, Z_BONUS_END)
            zsy_settle(p, q)
    else:
        p.cur = (q + 1) % 3
    return 0


cdef void pos_returns(const Pos* p, int* out) noexcept nogil:
    """DDZ-5.4: bid x multiplier per farmer, twice that for the landlord;
    ZSY-5: the settlement lines so far.  Zero-sum."""
    cdef int q, unit, sign
    if p.game == GAME_ZSY:
        for q in range(3):
            out[q] = p.score[q]
        return
    out[0] = out[1] = out[2] = 0
    if p.phase != PH_OVER:
        return
    unit = p.bid * p.mult
    sign = 1 if p.winner == p.landlord else -1
    for q in range(3):
        out[q] = 2 * unit * sign if q == p.landlord else -unit * sign


# ---------------------------------------------------------------------------
# Compiled self-play: random agents, whole deals, the position's own rules.

cdef inline const CMove* random_pick(const Pos* p, Rng* rng, CMove* buf, int cap) noexcept nogil:
    """A uniformly random legal move (as a random agent through the API),
    in ``buf``; NULL when there is none."""
    cdef int n = legal_in(p, buf, cap)
    if n <= 0:
        return NULL
    return &buf[rng_below(rng, n)]


cdef inline int random_move(const Pos* p, Rng* rng, CMove* buf, int cap, CMove* out) noexcept nogil:
    cdef const CMove* m = random_pick(p, rng, buf, cap)
    if m == NULL:
        return 0
    out[0] = m[0]
    return 1


cdef int play_random(Pos* p, Rng* rng, CMove* buf, int cap) noexcept nogil:
    """Play the position to its end with uniform random moves; the moves made."""
    cdef const CMove* m
    cdef int moves = 0
    while p.phase != PH_OVER:
        m = random_pick(p, rng, buf, cap)
        if m == NULL:
            break
        apply_in(p, m)
        moves += 1
    return moves


def ddz_selfplay(int deals, uint64_t seed):
    """Play ``deals`` random Dou Dizhu deals (with bidding) in the core.
    Returns totals: landlord wins, score per seat, bombs, springs, redeals,
    moves."""
    cdef Rng rng
    cdef Pos p
    cdef int64_t lwins = 0, bombs = 0, springs = 0, redeals = 0, moves = 0
    cdef int64_t score[3]
    cdef int r[3]
    cdef int i
    cdef CMove* buf = <CMove*>malloc(CAP * sizeof(CMove))
    if buf == NULL:
        raise MemoryError()
    score[0] = score[1] = score[2] = 0
    rng_seed(&rng, seed)
    with nogil:
        for i in range(deals):
            pos_new_ddz(&p, rng_next(&rng))
            moves += play_random(&p, &rng, buf, CAP)
            pos_returns(&p, r)
            lwins += p.winner == p.landlord
            bombs += p.bombs
            springs += p.spring
            redeals += p.redeals
            score[0] += r[0]
            score[1] += r[1]
            score[2] += r[2]
    free(buf)
    return {"deals": deals, "landlord_wins": lwins, "score": [score[0], score[1], score[2]],
            "bombs": bombs, "springs": springs, "redeals": redeals, "moves": moves}


def zsy_pack():
    """The 48 card ids of ZSY-2.1."""
    return [ZSY_PACK[i] for i in range(48)]


def zsy_selfplay(int deals, uint64_t seed):
    """Play ``deals`` random Zheng Shangyou deals in the core; return totals:
    wins and score per seat, bombs, moves."""
    cdef Rng rng
    cdef Pos p
    cdef int64_t bombs = 0, moves = 0
    cdef int64_t score[3]
    cdef int64_t wins[3]
    cdef int r[3]
    cdef int i
    cdef CMove* buf = <CMove*>malloc(CAP * sizeof(CMove))
    if buf == NULL:
        raise MemoryError()
    for i in range(3):
        score[i] = 0
        wins[i] = 0
    rng_seed(&rng, seed)
    with nogil:
        for i in range(deals):
            pos_new_zsy(&p, rng_next(&rng))
            moves += play_random(&p, &rng, buf, CAP)
            pos_returns(&p, r)
            wins[p.winner] += 1
            bombs += p.bombs
            score[0] += r[0]
            score[1] += r[1]
            score[2] += r[2]
    free(buf)
    return {"deals": deals, "wins": [wins[0], wins[1], wins[2]],
            "score": [score[0], score[1], score[2]], "bombs": bombs, "moves": moves}


# ---------------------------------------------------------------------------
# Card text in climbing order (3 … A, 2, BJ, RJ; suits c d h s within a rank).

from cardavia._core.cards import card_text as _card_text, parse_cards as _parse_cards

cdef list _CARD_TEXT = [_card_text(c) for c in range(54)]
cdef int CLIMB_ORDER[54]
CLIMB_ORDER[:] = sorted(range(54), key=lambda c: (climb_rank(c), c))


def cards_text(uint64_t bits):
    """The cards of a bit set as text, ascending in climbing order."""
    return " ".join(cards_list(bits))


cpdef list cards_list(uint64_t bits):
    """The cards of a bit set as a list of texts, ascending in climbing order."""
    cdef int i, c
    cdef list parts = []
    if bits == 0:
        return parts
    for i in range(54):
        c = CLIMB_ORDER[i]
        if (bits >> c) & 1:
            parts.append(_CARD_TEXT[c])
    return parts


cpdef tuple cards_ids(uint64_t bits):
    """The card ids of a bit set, ascending in climbing order."""
    cdef int i, c
    cdef list out = []
    for i in range(54):
        c = CLIMB_ORDER[i]
        if (bits >> c) & 1:
            out.append(c)
    return tuple(out)


# Card text to a bit set at the speed of the move generation it feeds
# (issue 12 part 7): one pass over ASCII text; anything else (Unicode suits,
# errors) goes to cards.parse_cards for its reading and its messages.
cdef signed char RANK_OF[128]
cdef signed char SUIT_OF[128]
memset(RANK_OF, -1, 128)
memset(SUIT_OF, -1, 128)
for _i, _ch in enumerate("23456789TJQKA"):
    RANK_OF[ord(_ch)] = _i
    RANK_OF[ord(_ch.lower())] = _i
for _i, _ch in enumerate("cdhs"):
    SUIT_OF[ord(_ch)] = _i
    SUIT_OF[ord(_ch.upper())] = _i


cdef int parse_fast(const unsigned char* s, Py_ssize_t n, uint64_t* out) noexcept nogil:
    """0 and the bits; 1 when a card repeats (its id in out); -1 when the
    text is not plain ASCII cards (the slow reader decides)."""
    cdef Py_ssize_t i = 0
    cdef uint64_t bits = 0, b
    cdef int ch, r, su, card
    while i < n:
        ch = s[i]
        if ch == 32 or ch == 44 or ch == 9 or ch == 10:
            i += 1
            continue
        if ch >= 128:
            return -1
        if (ch == 66 or ch == 98 or ch == 82 or ch == 114) and i + 1 < n and (s[i + 1] == 74 or s[i + 1] == 106):
            card = 52 if (ch == 66 or ch == 98) else 53
            i += 2
        else:
            if ch == 49 and i + 1 < n and s[i + 1] == 48:
                r = 8
                i += 2
            else:
                r = RANK_OF[ch]
                if r < 0:
                    return -1
                i += 1
            if i >= n or s[i] >= 128:
                return -1
            su = SUIT_OF[s[i]]
            if su < 0:
                return -1
            i += 1
            card = 4 * r + su
        b = (<uint64_t>1) << card
        if bits & b:
            out[0] = card
            return 1
        bits |= b
    out[0] = bits
    return 0


cdef object _InvalidCardError = None


def parse_card_bits(str text):
    """Card text to a bit set (each card once); InvalidCardError otherwise."""
    global _InvalidCardError
    cdef uint64_t out = 0, b
    cdef bytes raw
    cdef int rc = -1
    if text.isascii():
        raw = text.encode("ascii")
        rc = parse_fast(raw, len(raw), &out)
        if rc == 0:
            return out
    if _InvalidCardError is None:
        from cardavia._core.cards import InvalidCardError
        _InvalidCardError = InvalidCardError
    if rc == 1:
        raise _InvalidCardError(f"card {_CARD_TEXT[out]!r} is given twice")
    out = 0
    for c in _parse_cards(text):
        b = (<uint64_t>1) << c
        if out & b:
            raise _InvalidCardError(f"card {_CARD_TEXT[c]!r} is given twice")
        out |= b
    return out


# ---------------------------------------------------------------------------
# The Python face of a position: no rule here, only translation.

ERROR_NAMES = ("ok", "over", "bid_first", "bid_low", "bid_over", "leader_pass", "not_held",
               "must_beat", "opening_3h", "opening_four_3s", "heavenly_late", "not_beat")
ERRORS = {name: i for i, name in enumerate(ERROR_NAMES)}
LINE_REASONS = ("bonus_round", "bonus_end", "left", "left_doubled", "two_of_spades",
                "unplayed_bomb")
PHASES = ("bidding", "play", "over")


cdef class Position:
    """A compiled position of a Dou Dizhu (``game`` 0) or Zheng Shangyou
    (``game`` 1) deal: copy, legal moves, check, apply, returns (its ``Pos``
    is declared in climb.pxd)."""

    @staticmethod
    def new_deal(int game, uint64_t seed):
        """A seeded deal, as ``game.new_state(seed)`` deals it."""
        cdef Position x = Position.__new__(Position)
        if game != GAME_DDZ and game != GAME_ZSY:
            raise ValueError("game is 0 (Dou Dizhu) or 1 (Zheng Shangyou)")
        if game == GAME_DDZ:
            pos_new_ddz(&x.p, seed)
        else:
            pos_new_zsy(&x.p, seed)
        return x

    @staticmethod
    def from_hands(int game, hands, uint64_t bottom=0, int landlord=-1, int bid=1,
                   int first_bidder=0, uint64_t seed=0, int leader=-1, bint opening=False):
        """A position from hands (bit sets); the setup is validated before."""
        cdef Position x = Position.__new__(Position)
        cdef uint64_t h[3]
        if len(hands) != 3:
            raise ValueError("a position needs three hands")
        if not (-1 <= landlord <= 2 and 1 <= bid <= 3 and 0 <= first_bidder <= 2 and -1 <= leader <= 2):
            raise ValueError("seats are 0-2 (-1: none) and bids 1-3")
        for i in range(3):
            h[i] = hands[i]
            if h[i] >> 54 or (game == GAME_ZSY and h[i] & ~ZSY_PACK_BITS):
                raise ValueError("a hand holds cards of the game's pack only")
        if bottom >> 54:
            raise ValueError("the bottom holds card ids 0-53 only")
        if game != GAME_DDZ and game != GAME_ZSY:
            raise ValueError("game is 0 (Dou Dizhu) or 1 (Zheng Shangyou)")
        if game == GAME_DDZ:
            pos_ddz_hands(&x.p, h, bottom, landlord, bid, first_bidder, seed)
        else:
            pos_zsy_hands(&x.p, h, leader, opening)
        return x

    def copy(self):
        cdef Position x = Position.__new__(Position)
        x.p = self.p
        return x

    def __copy__(self):
        return self.copy()

    def set_deal(self, hands, uint64_t bottom, int first_bidder):
        """Put the cards of a given redeal in place of the shuffled ones
        (a replayed setup that names its redeals; DDZ-2.5)."""
        if self.p.phase != PH_BID or self.p.nbids != 0:
            raise ValueError("a deal is set only at the start of the bidding")
        if not 0 <= first_bidder <= 2 or len(hands) != 3:
            raise ValueError("three hands and a first bidder 0-2")
        for i in range(3):
            self.p.hand[i] = hands[i]
        self.p.bottom = bottom
        ddz_start_bidding(&self.p, first_bidder)

    # -- what the rules decide ------------------------------------------------
    def check(self, ClimbMove move):
        """0 when legal, else an error code (``ERRORS``)."""
        cdef CMove m = to_cmove(move)
        if move.game != self.p.game:
            return E_BID_FIRST if self.p.phase == PH_BID else E_NOT_HELD
        return pos_check(&self.p, &m)

    def apply(self, ClimbMove move):
        """Play a checked move; True when it made a redeal."""
        cdef CMove m = to_cmove(move)
        return pos_apply(&self.p, &m) == 1

    def play_checked(self, ClimbMove move):
        """Check and play in one call: the error code (0: played; -1:
        played, and it made a redeal)."""
        cdef CMove m = to_cmove(move)
        cdef int e
        if move.game != self.p.game:
            return E_BID_FIRST if self.p.phase == PH_BID else E_NOT_HELD
        e = pos_check(&self.p, &m)
        if e == E_OK and pos_apply(&self.p, &m):
            return -1
        return e

    def legal_count(self):
        cdef CMove local[LOCAL_CAP]
        cdef CMove* buf
        cdef int n = pos_legal_any(&self.p, local, LOCAL_CAP, &buf)
        if buf != local:
            free(buf)
        return n

    def returns(self):
        cdef int r[3]
        pos_returns(&self.p, r)
        return (r[0], r[1], r[2])

    def play_random(self, uint64_t seed):
        """Play to the end with uniform random moves; the returns."""
        cdef Rng rng
        cdef CMove* buf = <CMove*>malloc(CAP * sizeof(CMove))
        if buf == NULL:
            raise MemoryError()
        rng_seed(&rng, seed)
        with nogil:
            play_random(&self.p, &rng, buf, CAP)
        free(buf)
        return self.returns()

    # -- what a person reads ----------------------------------------------------
    @property
    def game(self):
        return self.p.game

    @property
    def is_over(self):
        return self.p.phase == PH_OVER

    @property
    def phase(self):
        return PHASES[self.p.phase]

    @property
    def current_player(self):
        return None if self.p.phase == PH_OVER else self.p.cur

    def hand_bits(self, int player):
        if not 0 <= player <= 2:
            raise ValueError("player must be 0-2")
        return self.p.hand[player]

    def hand_counts(self, int player):
        if not 0 <= player <= 2:
            raise ValueError("player must be 0-2")
        return self.p.counts[player]

    def played_bits(self, int player):
        if not 0 <= player <= 2:
            raise ValueError("player must be 0-2")
        return self.p.played[player]

    def hand_sizes(self):
        return [cv_popcount(self.p.hand[q]) for q in range(3)]

    @property
    def plays(self):
        return (self.p.plays[0], self.p.plays[1], self.p.plays[2])

    @property
    def last_play(self):
        """The play to beat (a move value), or None."""
        if not self.p.has_last:
            return None
        return from_cmove(self.p.game, _move_types[self.p.game], &self.p.last)

    @property
    def last_player(self):
        return self.p.last_player if self.p.has_last else None

    @property
    def passes(self):
        return self.p.passes

    @property
    def bombs(self):
        return self.p.bombs

    @property
    def winner(self):
        return None if self.p.winner < 0 else self.p.winner

    @property
    def bottom_bits(self):
        return self.p.bottom

    @property
    def landlord(self):
        return None if self.p.landlord < 0 else self.p.landlord

    @property
    def bid(self):
        return self.p.bid

    @property
    def highest_bid(self):
        return self.p.high

    @property
    def first_bidder(self):
        return None if self.p.first_bidder < 0 else self.p.first_bidder

    @property
    def bids(self):
        return [self.p.bids[i] for i in range(self.p.nbids)]

    @property
    def multiplier(self):
        return self.p.mult

    @property
    def redeals(self):
        return self.p.redeals

    @property
    def spring(self):
        return bool(self.p.spring)

    @property
    def opening(self):
        return bool(self.p.opening)

    def lines(self):
        """The Zheng Shangyou settlement lines so far: (payer, payee, points,
        reason name, bomb move or None, cards left)."""
        cdef int i
        cdef ZLine* z
        out = []
        for i in range(self.p.nlines):
            z = &self.p.lines[i]
            bomb = None
            if z.reason in (Z_BONUS_ROUND, Z_BONUS_END, Z_UNPLAYED_BOMB):
                bomb = from_cmove(self.p.game, _move_types[self.p.game], &z.move)
            out.append((z.payer, z.payee, z.points, LINE_REASONS[z.reason], bomb, z.ncards))
        return out


# ---------------------------------------------------------------------------
# The rollout policy (issue 12 part 3): a fast heuristic that reads only
# what the mover knows (his hand and the public state), so it makes the same
# move in every world he cannot tell apart.
#
# - A play that empties the hand is made at once; so is a play (not a bomb)
#   nobody can beat, judged against all the unseen cards together, that
#   leaves one play (``finish``: the heuristic's own moves and compiled
#   self-play; the search's rollouts skip that look, which made its
#   decisions 30-46 % slower, and rarely need it: the search finds it).
# - Leading: the play shedding the most cards that breaks no bomb (nor the
#   rocket), the lowest such; bombs only when nothing else is left.
# - Following: a Dou Dizhu farmer lets his partner's play stand; otherwise
#   the smallest play that beats the table without breaking a bomb; a bomb
#   (the smallest) only when the player who made the play is close to going
#   out, or when the rules leave no choice (ZSY-3.2); else pass.
# - Bidding (DDZ-2.2): a bid by hand strength (jokers, 2s, aces, bombs).

cdef inline uint64_t bomb_ranks_mask(const Pos* p, uint64_t counts) noexcept nogil:
    """Nibble mask of the ranks whose cards form a bomb in hand (four of a
    kind, three Aces in Zheng Shangyou, both jokers in Dou Dizhu)."""
    cdef uint64_t m = 0
    cdef int r
    for r in range(13):
        if nib(counts, r) == 4:
            m |= (<uint64_t>15) << (4 * r)
    if p.game == GAME_ZSY and nib(counts, R_A) == 3:
        m |= (<uint64_t>15) << (4 * R_A)
    if p.game == GAME_DDZ and nib(counts, R_BJ) and nib(counts, R_RJ):
        m |= (<uint64_t>15) << (4 * R_BJ) | (<uint64_t>15) << (4 * R_RJ)
    return m


cdef inline int ddz_bid_strength(uint64_t c) noexcept nogil:
    """Twice a hand's strength: jokers, 2s, aces and bombs."""
    cdef int r, s = 3 * nib(c, R_RJ) + 2 * nib(c, R_BJ) + 2 * nib(c, R_2) + nib(c, R_A)
    for r in range(13):
        if nib(c, r) == 4:
            s += 4
    return s


cdef uint64_t LOW_BITS = 0x0111111111111111   # the low bit of each of the 15 nibbles
cdef uint64_t LOW_BITS_13 = 0x1111111111111   # the same of the 13 ranks below the jokers


cdef inline bint may_be_one_play(uint64_t c) noexcept nogil:
    """False when the rank counts ``c`` cannot form one play (a quick test
    before classifying them): more than three ranks, yet neither a run of
    equal counts nor two consecutive triples for an airplane."""
    cdef uint64_t held = (c | c >> 1 | c >> 2) & LOW_BITS      # a bit per rank held
    cdef uint64_t triples = (c >> 2 | (c >> 1 & c)) & LOW_BITS  # a bit per rank held 3+ times
    if cv_popcount(held) <= 3 or triples & (triples >> 4):
        return True
    return c == held * (c >> (4 * (cv_ctz(held) // 4)) & 15)


cdef inline bint holds_bomb(int game, uint64_t c) noexcept nogil:
    """Do the rank counts ``c`` hold a bomb (four of a kind, Zheng
    Shangyou's three Aces, Dou Dizhu's rocket)?"""
    if (c >> 2 & ~(c | c >> 1)) & LOW_BITS_13:   # a count of 4
        return True
    if game == GAME_ZSY:
        return nib(c, R_A) == 3
    return nib(c, R_BJ) != 0 and nib(c, R_RJ) != 0


cdef inline bint can_beat(int game, uint64_t unseen, const CMove* m) noexcept nogil:
    """``has_response_c`` for unseen cards that hold no bomb, with quick
    answers for a single, pair or triple."""
    cdef int shift = 4 * (m.rank + 1)
    if m.length != 1 or not (m.kind == K_SINGLE or m.kind == K_PAIR or m.kind == K_TRIPLE):
        return has_response_c(game, unseen, m)
    if m.kind == K_SINGLE:
        return (unseen >> shift) != 0
    if m.kind == K_PAIR:
        return (((unseen >> 1 | unseen >> 2) & LOW_BITS_13) >> shift) != 0
    return (((unseen >> 2 | (unseen >> 1 & unseen)) & LOW_BITS_13) >> shift) != 0


cdef enum:
    SURE_FINISH_MOST = 10


cdef int sure_finish(const Pos* p, const CMove* buf, int n, uint64_t bombs) noexcept nogil:
    """The index of a play, not a bomb, that goes out for sure in two
    leads, or -1: nobody can beat it (the other hands together are what
    the mover cannot see, so this reads nothing he does not know) and the
    cards left form one play; a play breaking a bomb of the hand (``bombs``)
    is not made, as the bomb kept doubles the stakes (DDZ-5.2) or earns its
    bonus (ZSY-5.2).  A bomb that nobody can beat needs no such
    care: the policy leads the rest first and, if that is beaten, the bomb
    goes out (with Zheng Shangyou's bonus, ZSY-5.2).  Only hands of
    ``SURE_FINISH_MOST`` cards or fewer are looked at: nearly every such
    finish comes there, and the many plays of a larger hand made the
    rollouts slow."""
    cdef uint64_t c = p.counts[p.cur], rest
    cdef uint64_t unseen = p.counts[(p.cur + 1) % 3] + p.counts[(p.cur + 2) % 3]
    cdef int i, held = cv_popcount(p.hand[p.cur])
    cdef CMove one
    if held > SURE_FINISH_MOST or holds_bomb(p.game, unseen):   # a bomb out there beats any play
        return -1
    for i in range(n):
        if buf[i].kind == K_PASS or buf[i].ncards == held or bomb_power(&buf[i]) > 0 or buf[i].counts & bombs:
            continue
        rest = c - buf[i].counts
        if may_be_one_play(rest) and not can_beat(p.game, unseen, &buf[i]) \
                and classify_c(p.game, rest, 0, &one, 1) != 0:
            return i
    return -1


cdef int policy_c(const Pos* p, CMove* buf, int cap, CMove* out, bint finish) noexcept nogil:
    """The heuristic's move for the player to move; 0 when there is none."""
    cdef int n = pos_legal(p, buf, cap)
    cdef int i, best = -1, bomb = -1, passi = -1, q = p.cur, s, want
    cdef uint64_t c = p.counts[q], bombs
    cdef const CMove* m
    if n < 0:
        n = cap
    if n <= 0:
        return 0
    if p.phase == PH_BID:
        s = ddz_bid_strength(c)
        want = 3 if s >= 14 else 2 if s >= 10 else 1 if s >= 7 else 0
        for i in range(n):
            if (buf[i].kind == K_BID and buf[i].rank == want) or (want <= p.high and buf[i].kind == K_PASS):
                out[0] = buf[i]
                return 1
        out[0] = buf[0]
        return 1
    bombs = bomb_ranks_mask(p, c)
    for i in range(n):
        m = &buf[i]
        if m.kind == K_PASS:
            passi = i
            continue
        if m.counts == c:          # goes out
            out[0] = m[0]
            return 1
        if bomb_power(m) > 0:
            if bomb < 0 or bomb_power(m) < bomb_power(&buf[bomb]):
                bomb = i
            continue
        if m.counts & bombs:       # would break a bomb
            continue
        if best < 0:
            best = i
        elif not p.has_last:
            if m.ncards > buf[best].ncards or (m.ncards == buf[best].ncards and m.rank < buf[best].rank):
                best = i
        elif m.rank < buf[best].rank:
            best = i
    i = sure_finish(p, buf, n, bombs) if finish else -1    # before letting a partner's play stand: it wins too
    if i >= 0:
        out[0] = buf[i]
        return 1
    if p.has_last and p.game == GAME_DDZ and passi >= 0 and p.landlord >= 0:
        if q != p.landlord and p.last_player != p.landlord:
            out[0] = buf[passi]    # the partner's play stands
            return 1
    if best >= 0:
        out[0] = buf[best]
        return 1
    if bomb >= 0 and (passi < 0 or not p.has_last
                      or cv_popcount(p.hand[p.last_player]) <= 6):
        out[0] = buf[bomb]
        return 1
    if passi >= 0:
        out[0] = buf[passi]
        return 1
    # Leading with nothing but plays that break a bomb: the lowest of them.
    best = 0
    for i in range(n):
        if bomb_power(&buf[i]) == 0 and (bomb_power(&buf[best]) > 0 or buf[i].rank < buf[best].rank):
            best = i
    out[0] = buf[best]
    return 1


cdef int rollout_c(Pos* p, CMove* buf, int cap) noexcept nogil:
    """Play the position to its end with the policy in every seat."""
    cdef CMove mv
    cdef int moves = 0
    while p.phase != PH_OVER:
        if not policy_c(p, buf, cap, &mv, False):
            break
        pos_apply(p, &mv)
        moves += 1
    return moves


def policy(Position pos):
    """The heuristic's move (a move value) for the player to move in ``pos``."""
    cdef CMove mv
    cdef CMove* buf = <CMove*>malloc(CAP * sizeof(CMove))
    cdef int ok
    if buf == NULL:
        raise MemoryError()
    with nogil:
        ok = policy_c(&pos.p, buf, CAP, &mv, True)
    free(buf)
    if not ok:
        return None
    return from_cmove(pos.p.game, _move_types[pos.p.game], &mv)


def rollout(Position pos):
    """Play a copy of ``pos`` to its end with the policy in every seat, in
    the core; its returns."""
    cdef Pos p = pos.p
    cdef int r[3]
    cdef CMove* buf = <CMove*>malloc(CAP * sizeof(CMove))
    if buf == NULL:
        raise MemoryError()
    with nogil:
        rollout_c(&p, buf, CAP)
    free(buf)
    pos_returns(&p, r)
    return (r[0], r[1], r[2])


def rollouts(Position pos, int n):
    """``n`` policy rollouts of copies of ``pos`` (benchmarks); the summed returns."""
    cdef Pos p
    cdef int r[3]
    cdef int i
    cdef int64_t total[3]
    cdef CMove* buf = <CMove*>malloc(CAP * sizeof(CMove))
    if buf == NULL:
        raise MemoryError()
    total[0] = total[1] = total[2] = 0
    with nogil:
        for i in range(n):
            p = pos.p
            rollout_c(&p, buf, CAP)
            pos_returns(&p, r)
            total[0] += r[0]
            total[1] += r[1]
            total[2] += r[2]
    free(buf)
    return (total[0], total[1], total[2])


def policy_selfplay(int game, int deals, uint64_t seed, int policy_seats=7):
    """Whole deals in the core with the policy in the seats of the bit mask
    ``policy_seats`` and uniform random moves elsewhere; totals of the
    returns per seat and the moves."""
    cdef Rng rng
    cdef Pos p
    cdef CMove mv
    cdef int r[3]
    cdef int i, ok
    cdef int64_t score[3]
    cdef int64_t moves = 0
    cdef CMove* buf = <CMove*>malloc(CAP * sizeof(CMove))
    if buf == NULL:
        raise MemoryError()
    score[0] = score[1] = score[2] = 0
    rng_seed(&rng, seed)
    with nogil:
        for i in range(deals):
            if game == GAME_DDZ:
                pos_new_ddz(&p, rng_next(&rng))
            else:
                pos_new_zsy(&p, rng_next(&rng))
            while p.phase != PH_OVER:
                if (policy_seats >> p.cur) & 1:
                    ok = policy_c(&p, buf, CAP, &mv, True)
                else:
                    ok = random_move(&p, &rng, buf, CAP, &mv)
                if not ok:
                    break
                pos_apply(&p, &mv)
                moves += 1
            pos_returns(&p, r)
            score[0] += r[0]
            score[1] += r[1]
            score[2] += r[2]
    free(buf)
    return {"deals": deals, "score": [score[0], score[1], score[2]], "moves": moves}


# ---------------------------------------------------------------------------
# Worlds: the hidden cards dealt again (issue 12 part 2).
#
# A sampler is built once per observation (in Python: the observer's cards,
# the cards played and shown, the public moves of the current deal with the
# cards each play used).  A world deals the unseen cards uniformly to the
# holdings the observer cannot see (the other hands, the Dou Dizhu bottom
# while unknown), then replays the public moves through pos_check and
# pos_apply_cards from the start of the deal: a world in which some move
# would be illegal (a Zheng Shangyou pass with a response in hand, ZSY-3.2)
# is rejected.  Rejection keeps the draw uniform over the consistent worlds;
# when it stalls, an exact fallback enumerates the splits of the unseen rank
# counts (the constraints read rank counts only), keeps the consistent ones
# weighted by the number of card deals each stands for, and draws from them.

cdef enum:
    MAX_HIST = 512
    REJECT_TRIES = 200
    MAX_SPLITS = 500000


cdef double binom(int n, int k) noexcept nogil:
    cdef double r = 1
    cdef int i
    if k < 0 or k > n:
        return 0
    for i in range(k):
        r = r * (n - i) / (i + 1)
    return r


cdef class WorldSampler:
    """The worlds an observer cannot tell apart from the real deal."""

    cdef readonly int game, player
    cdef int nmoves
    cdef CMove moves[MAX_HIST]
    cdef uint64_t cards[MAX_HIST]
    cdef uint64_t known[3]        # initial-hand cards known (own hand; played cards)
    cdef uint64_t fixed[4]        # current cards known to lie in a hidden holding (3: bottom)
    cdef int slots[4]             # unknown cards of each hidden holding
    cdef uint64_t bottom_known
    cdef readonly int strip_bottom   # the landlord's deal-time hand lacks the bottom
    cdef readonly int landlord, bid, first_bidder, redeals, leader, opening
    cdef uint8_t pool[54]
    cdef int npool
    # the exact fallback (Zheng Shangyou): consistent splits of the rank counts
    cdef uint64_t* splits
    cdef double* cumw
    cdef int nsplits
    cdef int fallback_ready
    cdef int ea, eb
    cdef int eu[15]
    cdef int ek[15]
    cdef int ekb[15]
    cdef int room[16]
    cdef int reject_tries
    cdef uint8_t byrank[60]
    cdef double etotal
    cdef readonly int64_t tries, rejected, fallbacks

    def __cinit__(self):
        self.splits = NULL
        self.cumw = NULL

    def __dealloc__(self):
        free(self.splits)
        free(self.cumw)

    def __init__(self, int game, int player, known, fixed, slots, uint64_t bottom_known,
                 bint strip_bottom, int landlord, int bid, int first_bidder, int redeals,
                 int leader, bint opening, moves, cards, uint64_t pool_bits):
        cdef int i
        if not (0 <= player <= 2 and -1 <= landlord <= 2 and -1 <= first_bidder <= 2
                and -1 <= leader <= 2 and 1 <= bid <= 3 and game in (GAME_DDZ, GAME_ZSY)):
            raise ValueError("seats are 0-2 (-1: none), bids 1-3, game 0 or 1")
        if (game == GAME_DDZ and landlord < 0 and (first_bidder < 0 or strip_bottom)) or min(slots) < 0:
            raise ValueError("a sampler needs a landlord or a first bidder, and no negative holding")
        self.game = game
        self.player = player
        for i in range(3):
            self.known[i] = known[i]
        for i in range(4):
            self.fixed[i] = fixed[i]
            self.slots[i] = slots[i]
        self.bottom_known = bottom_known
        self.strip_bottom = strip_bottom
        self.landlord = landlord
        self.bid = bid
        self.first_bidder = first_bidder
        self.redeals = redeals
        self.leader = leader
        self.opening = opening
        if len(moves) > MAX_HIST:
            raise ValueError("too many moves in the history")
        self.nmoves = len(moves)
        for i in range(self.nmoves):
            self.moves[i] = to_cmove(moves[i])
            self.cards[i] = cards[i]
        self.npool = 0
        for c in range(54):
            if (pool_bits >> c) & 1:
                self.pool[self.npool] = c
                self.npool += 1
        if self.npool < slots[0] + slots[1] + slots[2] + slots[3]:
            raise ValueError("the observation's hand sizes exceed the unseen cards")
        self.fallback_ready = 0
        self.reject_tries = REJECT_TRIES

    cdef int build(self, const uint64_t* hidden, uint64_t seed, Pos* out) noexcept nogil:
        """The world with these hidden holdings (current hands; 3: the
        bottom), replayed and checked: 1 when every public move is legal."""
        cdef uint64_t init[3]
        cdef uint64_t bottom = self.bottom_known | hidden[3]
        cdef int q, i
        for q in range(3):
            if q == self.player:
                init[q] = self.known[q]
            else:
                init[q] = hidden[q] | self.known[q]
        if self.game == GAME_DDZ:
            if self.strip_bottom:
                init[self.landlord] &= ~bottom
            pos_ddz_hands(out, init, bottom, self.landlord if self.first_bidder < 0 else -1,
                          self.bid, self.first_bidder, seed)
            out.redeals = self.redeals
        else:
            pos_zsy_hands(out, init, self.leader, self.opening)
        for i in range(self.nmoves):
            if pos_check(out, &self.moves[i]) != E_OK:
                return 0
            pos_apply_cards(out, &self.moves[i], self.cards[i])
        return 1

    cdef void deal(self, Rng* rng, uint64_t* hidden) noexcept nogil:
        """The unseen cards dealt uniformly to the hidden holdings."""
        cdef uint8_t deck[54]
        cdef int h, j, k = 0
        memcpy(deck, self.pool, self.npool)
        rng_shuffle(rng, deck, self.npool)
        for h in range(4):
            hidden[h] = self.fixed[h]
            for j in range(self.slots[h]):
                hidden[h] |= (<uint64_t>1) << deck[k]
                k += 1

    cdef int sample_c(self, Rng* rng, Pos* out) noexcept nogil:
        """One world: 1 by rejection, 2 by the fallback, 0 when none exists."""
        cdef uint64_t hidden[4]
        cdef int t
        for t in range(self.reject_tries):
            self.deal(rng, hidden)
            self.tries += 1
            if self.build(hidden, rng_next(rng), out):
                return 1
            self.rejected += 1
        if not self.fallback_ready:
            self.prepare_fallback()
        if self.nsplits == 0:
            # Too many splits to list (or none): keep rejecting; still uniform.
            for t in range(REJECT_TRIES * 1000):
                self.deal(rng, hidden)
                self.tries += 1
                if self.build(hidden, rng_next(rng), out):
                    return 1
                self.rejected += 1
            return 0
        self.fallbacks += 1
        self.deal_split(rng, hidden)
        return 2 if self.build(hidden, rng_next(rng), out) else 0

    cdef void hidden_pair(self, int* a, int* b) noexcept nogil:
        """The two hidden hands (Zheng Shangyou: the observer's opponents)."""
        a[0] = (self.player + 1) % 3
        b[0] = (self.player + 2) % 3

    cdef void prepare_fallback(self) noexcept nogil:
        """List every split of the unseen rank counts between the two hidden
        hands (and the cards out of play, in a deal built from smaller
        hands) that some consistent world has, with its weight: the number
        of card deals it stands for (a product of binomials)."""
        cdef int r, i
        cdef int64_t count
        self.fallback_ready = 1
        self.nsplits = 0
        if self.game != GAME_ZSY or self.slots[3] != 0:
            return
        self.hidden_pair(&self.ea, &self.eb)
        for r in range(15):
            self.eu[r] = 0
        for i in range(self.npool):
            r = climb_rank(self.pool[i])
            self.byrank[4 * r + self.eu[r]] = self.pool[i]
            self.eu[r] += 1
        self.room[15] = 0
        for r in range(14, -1, -1):
            self.room[r] = self.room[r + 1] + self.eu[r]
        count = count_splits(self.eu, self.slots[self.ea], self.slots[self.eb])
        if count == 0 or count > MAX_SPLITS:
            return
        self.splits = <uint64_t*>malloc(2 * count * sizeof(uint64_t))
        self.cumw = <double*>malloc(count * sizeof(double))
        if self.splits == NULL or self.cumw == NULL:
            return
        self.etotal = 0
        self.enum_rank(0, self.slots[self.ea], self.slots[self.eb], 1.0)

    cdef void enum_rank(self, int r, int need_a, int need_b, double w) noexcept nogil:
        """Depth-first: ek[r] cards of rank r go to hand ea, ekb[r] to eb."""
        cdef int t, v, i, q
        cdef uint64_t hidden[4]
        cdef uint64_t sa, sb
        cdef Pos tmp
        if r == 15:
            if need_a != 0 or need_b != 0:
                return
            hidden[0] = hidden[1] = hidden[2] = hidden[3] = 0
            hidden[self.ea] = self.fixed[self.ea]
            hidden[self.eb] = self.fixed[self.eb]
            sa = sb = 0
            for q in range(15):
                for i in range(self.ek[q] + self.ekb[q]):
                    if i < self.ek[q]:
                        hidden[self.ea] |= (<uint64_t>1) << self.byrank[4 * q + i]
                    else:
                        hidden[self.eb] |= (<uint64_t>1) << self.byrank[4 * q + i]
                sa |= (<uint64_t>self.ek[q]) << (4 * q)
                sb |= (<uint64_t>self.ekb[q]) << (4 * q)
            if self.build(hidden, 0, &tmp):
                self.etotal += w
                self.splits[2 * self.nsplits] = sa
                self.splits[2 * self.nsplits + 1] = sb
                self.cumw[self.nsplits] = self.etotal
                self.nsplits += 1
            return
        if need_a + need_b > self.room[r]:
            return
        for t in range(self.eu[r] + 1):
            if t > need_a:
                break
            for v in range(self.eu[r] - t + 1):
                if v > need_b:
                    break
                self.ek[r] = t
                self.ekb[r] = v
                self.enum_rank(r + 1, need_a - t, need_b - v,
                               w * binom(self.eu[r], t) * binom(self.eu[r] - t, v))

    cdef void deal_split(self, Rng* rng, uint64_t* hidden) noexcept nogil:
        """A consistent split drawn by weight, its cards dealt uniformly."""
        cdef double x = rng_uniform(rng) * self.cumw[self.nsplits - 1]
        cdef int lo = 0, hi = self.nsplits - 1, mid, a, b, r, i, j, n, ka, kb
        cdef uint8_t deck[4]
        while lo < hi:
            mid = (lo + hi) // 2
            if self.cumw[mid] > x:
                hi = mid
            else:
                lo = mid + 1
        self.hidden_pair(&a, &b)
        hidden[0] = hidden[1] = hidden[2] = hidden[3] = 0
        hidden[a] = self.fixed[a]
        hidden[b] = self.fixed[b]
        for r in range(15):
            n = 0
            for i in range(self.npool):
                if climb_rank(self.pool[i]) == r:
                    deck[n] = self.pool[i]
                    n += 1
            rng_shuffle(rng, deck, n)
            ka = <int>((self.splits[2 * lo] >> (4 * r)) & 15)
            kb = <int>((self.splits[2 * lo + 1] >> (4 * r)) & 15)
            for j in range(ka + kb):
                if j < ka:
                    hidden[a] |= (<uint64_t>1) << deck[j]
                else:
                    hidden[b] |= (<uint64_t>1) << deck[j]

    def set_reject_tries(self, int n):
        """Rejection tries before the exact fallback (tests set 0 to force it)."""
        self.reject_tries = max(0, n)

    def sample(self, uint64_t seed):
        """One world as a Position (seeded)."""
        cdef Rng rng
        cdef Position x = Position.__new__(Position)
        cdef int ok
        rng_seed(&rng, seed)
        with nogil:
            ok = self.sample_c(&rng, &x.p)
        if not ok:
            raise ValueError("no deal of the hidden cards is consistent with this observation")
        return x

    def sample_many(self, int n, uint64_t seed):
        """``n`` worlds drawn in the core (for benchmarks and statistics):
        returns the hidden hands of each as a list of tuples of bit sets."""
        cdef Rng rng
        cdef Pos p
        cdef int i, ok
        out = []
        rng_seed(&rng, seed)
        for i in range(n):
            with nogil:
                ok = self.sample_c(&rng, &p)
            if not ok:
                raise ValueError("no deal of the hidden cards is consistent with this observation")
            out.append((p.hand[0], p.hand[1], p.hand[2], p.bottom))
        return out

    def time_worlds(self, int n, uint64_t seed):
        """Draw ``n`` worlds in the core, keeping none (benchmarks)."""
        cdef Rng rng
        cdef Pos p
        cdef int i, bad = 0
        rng_seed(&rng, seed)
        with nogil:
            for i in range(n):
                if not self.sample_c(&rng, &p):
                    bad += 1
        return bad

    @property
    def fallback_splits(self):
        """How many consistent rank splits the fallback lists (-1: not built)."""
        return self.nsplits if self.fallback_ready else -1


cdef int64_t count_splits(const int* u, int need_a, int need_b) noexcept nogil:
    """Splits of the rank counts (k_r + l_r <= u_r, sum k = need_a, sum l =
    need_b): a small dynamic programme over the ranks."""
    cdef int64_t ways[20][20]
    cdef int64_t nxt[20][20]
    cdef int r, x, y, t, v
    if need_a < 0 or need_b < 0 or need_a >= 20 or need_b >= 20:
        return 0
    for x in range(20):
        for y in range(20):
            ways[x][y] = 0
    ways[0][0] = 1
    for r in range(15):
        for x in range(20):
            for y in range(20):
                nxt[x][y] = 0
        for x in range(need_a + 1):
            for y in range(need_b + 1):
                if ways[x][y]:
                    for t in range(u[r] + 1):
                        for v in range(u[r] - t + 1):
                            if x + t <= need_a and y + v <= need_b:
                                nxt[x + t][y + v] += ways[x][y]
        for x in range(20):
            for y in range(20):
                ways[x][y] = nxt[x][y]
    return ways[need_a][need_b]


# ---------------------------------------------------------------------------
# The legal-move view of a state (the base of climbing.ClimbLegalMoves).

cdef class PlayView:
    """The legal moves of a position, listed in the core; move values are
    built only for the moves looked at."""

    cdef CMove* moves
    cdef int n
    cdef int game
    cdef type cls
    cdef public object _state
    cdef public object _list
    cdef public Py_ssize_t _ply
    """The state's history length when the view was made (-1: a view of a bare position)."""

    def __dealloc__(self):
        free(self.moves)

    cdef inline int _still(self) except -1:
        # a view is of its position: once the state moved on, its own _fresh() says so
        if self._ply >= 0 and len(self._state._history) != self._ply:
            self._fresh()
        return 0

    def __len__(self):
        self._still()
        return self.n

    def __bool__(self):
        self._still()
        return self.n > 0

    def count(self):
        self._still()
        return self.n

    def __getitem__(self, Py_ssize_t i):
        self._still()
        if i < 0:
            i += self.n
        if i < 0 or i >= self.n:
            raise IndexError("move index out of range")
        return from_cmove(self.game, self.cls, &self.moves[i])

    def __iter__(self):
        self._still()
        return self._each()

    def _each(self):
        cdef int i
        for i in range(self.n):
            yield from_cmove(self.game, self.cls, &self.moves[i])

    def _moves(self):
        self._still()
        if self._list is None:
            self._list = list(self)
        return self._list

    def sample(self, rng=None):
        """A uniform random legal move (``rng``: ``random.Random``, NumPy
        ``Generator``, Cardavia ``Random`` or a seed)."""
        cdef Py_ssize_t k
        cdef int bits
        self._still()
        if self.n > 0 and type(rng) is _FAST_RANDOM[0]:
            # Exactly random.Random.randrange(n), without its overhead.
            bits = (<object>self.n).bit_length()
            k = rng.getrandbits(bits)
            while k >= self.n:
                k = rng.getrandbits(bits)
        elif self.n > 0 and type(rng) is Random:
            k = rng_below(&(<Random>rng).state, self.n)
        else:
            k = _FAST_RANDOM[1](rng, self.n)
        return from_cmove(self.game, self.cls, &self.moves[k])


# The Python layer names its random type and its general draw (the core
# imports nothing above it): climbing.py registers random.Random and
# cardavia.game.randbelow.
cdef list _FAST_RANDOM = [None, None]


def register_sampling(random_type, randbelow):
    _FAST_RANDOM[0] = random_type
    _FAST_RANDOM[1] = randbelow


def make_view(cls, state, Position pos):
    """The legal-move view (class ``cls``) of ``state``, whose position is ``pos``."""
    cdef CMove local[LOCAL_CAP]
    cdef CMove* buf
    cdef int n = pos_legal_any(&pos.p, local, LOCAL_CAP, &buf)
    if n < 0:
        raise MemoryError("too many moves")
    cdef PlayView v = PlayView.__new__(cls)
    v.moves = <CMove*>malloc(max(n, 1) * sizeof(CMove))
    if v.moves == NULL:
        if buf != local:
            free(buf)
        raise MemoryError()
    memcpy(v.moves, buf, n * sizeof(CMove))
    if buf != local:
        free(buf)
    v.n = n
    v.game = pos.p.game
    v.cls = _move_types[pos.p.game]
    v._state = state
    v._ply = -1 if state is None else len(state._history)
    return v


def hand_moves(int game, uint64_t hand_bits, ClimbMove last=None, bint opening=False):
    """Every play of a hand given as a card bit set, as a list of move values
    (leading when ``last`` is None or a pass, else the plays beating it)."""
    cdef uint64_t counts = climb_counts(hand_bits)
    cdef CMove lc
    cdef CMove local[LOCAL_CAP]
    cdef CMove* buf
    cdef int n, i
    if last is not None and last.kind_id != K_PASS and last.kind_id != K_BID:
        lc = to_cmove(last)
        n = grow_generate(game, counts, &lc, 0, local, LOCAL_CAP, &buf)
    else:
        n = grow_generate(game, counts, NULL, opening, local, LOCAL_CAP, &buf)
    if n < 0:
        raise MemoryError("too many moves")
    cdef type cls = _move_types[game]
    try:
        return [from_cmove(game, cls, &buf[i]) for i in range(n)]
    finally:
        if buf != local:
            free(buf)
