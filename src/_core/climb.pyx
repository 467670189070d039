"""Climbing-game machinery shared by Dou Dizhu and Zheng Shangyou.

One implementation of rank counts, shape detection and move generation
(leading and responding), parameterised by a small ``Rules`` struct per game.
Moves live in the core as ``CMove`` structs (kind, main rank, chain length,
rank counts) and become ``ClimbMove`` values only at the Python boundary.
The compiled self-play loops (random agents, whole deals, ``nogil``) used by
the benchmarks and simulations are here too.
"""
cimport cython
from cpython.object cimport PyObject, PyTypeObject
from libc.stdint cimport uint64_t, uint8_t, uint32_t, int64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy, memset

from cardavia._core.cards cimport climb_rank, climb_counts, pop_lowest, cv_popcount, cv_ctz
from cardavia._core.rng cimport Rng, rng_seed, rng_next, rng_below, rng_shuffle, rng_shuffle_packs

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
    cdef uint8_t cnt[15]
    gen_init(&g, buf, cap)
    g.opening = opening
    counts_to_array(hand, cnt)
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

cdef CMove SCRATCH[CAP]


cdef int generate_any(int game, uint64_t hand, const CMove* last, int opening,
                      CMove** out) noexcept nogil:
    """generate_c into SCRATCH, or into a larger heap buffer (``out``; the
    caller frees it when it is not SCRATCH) for hands so large (analysis of
    more cards than a deal holds) that their plays overflow SCRATCH; -1 only
    when memory runs out."""
    cdef int n = generate_c(game, hand, last, opening, SCRATCH, CAP)
    cdef int cap = CAP
    cdef CMove* buf
    out[0] = SCRATCH
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
                raise ValueError(f"{ch!r} is not a rank (ranks are {RANK_CHARS}, jokers B and R)")
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
    cdef uint64_t out = 0, b, fb = 0
    cdef int c, r, need[15]
    for r in range(NUM_RANKS):
        need[r] = nib(counts, r)
    if 0 <= first < 54 and (hand >> first) & 1 and need[climb_rank(first)] > 0:
        fb = (<uint64_t>1) << first
        out |= fb
        need[climb_rank(first)] -= 1
    b = hand & ~fb
    while b:
        c = pop_lowest(&b)
        r = climb_rank(c)
        if need[r] > 0:
            need[r] -= 1
            out |= (<uint64_t>1) << c
    for r in range(NUM_RANKS):
        if need[r]:
            return -1
    return out


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
    cdef int n = classify_c(game, counts, opening, SCRATCH, CAP)
    cls = _move_types[game]
    return [from_cmove(game, cls, &SCRATCH[i]) for i in range(n)]


def count_moves(int game, uint64_t hand_counts, ClimbMove last=None, bint opening=False):
    """How many plays the rank counts hold (leading, or beating ``last``);
    nothing is built."""
    cdef CMove lc
    cdef CMove* buf
    cdef int n
    if last is not None and last.is_play:
        lc = to_cmove(last)
        n = generate_any(game, hand_counts, &lc, 0, &buf)
    else:
        n = generate_any(game, hand_counts, NULL, opening, &buf)
    if buf != SCRATCH:
        free(buf)
    return n


def has_response(int game, uint64_t hand_counts, ClimbMove last):
    """Can these counts beat ``last``?"""
    cdef CMove lc = to_cmove(last)
    cdef int n = generate_c(game, hand_counts, &lc, 0, SCRATCH, CAP)
    return n > 0 or n < 0   # -1: more responses than SCRATCH holds


def can_beat(ClimbMove move, ClimbMove last):
    cdef CMove a = to_cmove(move), b = to_cmove(last)
    return bool(beats(&a, &b))


def counts_within(uint64_t a, uint64_t b):
    """Are the rank counts ``a`` held within ``b``?"""
    return bool(counts_le(a, b))


def unplayed_bombs(int game, uint64_t hand_counts):
    """Bombs held (four of a rank; three Aces where they are a bomb)."""
    cdef int r, n = 0
    for r in range(R_2 + 1):
        if nib(hand_counts, r) == 4:
            n += 1
    if RULES[game].ace_bomb and nib(hand_counts, R_A) == 3:
        n += 1
    return n


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
# Compiled self-play: random agents, whole deals, no Python objects.

cdef inline int pick_play(int game, uint64_t hand, const CMove* last, int opening,
                          CMove* buf, Rng* rng, int allow_pass, CMove* out) noexcept nogil:
    """Uniform random legal choice; returns 0 for pass, 1 for a play."""
    cdef int n = generate_c(game, hand, last, opening, buf, CAP)
    cdef int k
    if n < 0:
        n = CAP
    if allow_pass:
        k = rng_below(rng, n + 1)
        if k == n:
            return 0
    else:
        if n == 0:
            return 0
        k = rng_below(rng, n)
    out[0] = buf[k]
    return 1

ctypedef struct DdzDeal:
    int landlord
    int bid
    int winner
    int bombs
    int multiplier
    int spring
    int redeals
    int score[3]
    int moves


cdef void ddz_deal(Rng* rng, CMove* buf, DdzDeal* out) noexcept nogil:
    """One Dou Dizhu deal with bidding, every choice uniform among the legal
    moves (as a random agent through the Python API)."""
    cdef uint8_t deck[54]
    cdef uint64_t hand[3]
    cdef int i, p, first, high, hb, npass, c, cur, last_player, passes
    cdef int plays[3]
    cdef int has_last, mult, bombs, moves = 0
    cdef CMove last, mv
    out.redeals = 0
    while True:
        rng_shuffle_packs(rng, deck, 54, 54)
        first = rng_below(rng, 3)
        hand[0] = hand[1] = hand[2] = 0
        for i in range(51):
            hand[i % 3] += NB(climb_rank(deck[i]))
        high = 0
        hb = -1
        npass = 0
        p = first
        while True:
            c = rng_below(rng, 4 - high)
            moves += 1
            if c == 0:
                npass += 1
            else:
                high += c
                hb = p
                npass = 0
            if high == 3:
                break
            if hb >= 0 and npass == 2:
                break
            if hb < 0 and npass == 3:
                break
            p = (p + 1) % 3
        if hb >= 0:
            break
        out.redeals += 1
    for i in range(51, 54):
        hand[hb] += NB(climb_rank(deck[i]))
    plays[0] = plays[1] = plays[2] = 0
    cur = hb
    has_last = 0
    last_player = -1
    passes = 0
    mult = 1
    bombs = 0
    while True:
        moves += 1
        if pick_play(GAME_DDZ, hand[cur], &last if has_last else NULL, 0, buf, rng,
                     has_last, &mv):
            hand[cur] -= mv.counts
            plays[cur] += 1
            if mv.kind == K_BOMB or mv.kind == K_ROCKET:
                bombs += 1
                mult *= 2
            last = mv
            has_last = 1
            last_player = cur
            passes = 0
            if hand[cur] == 0:
                break
        else:
            passes += 1
            if passes == 2:
                has_last = 0
                passes = 0
        cur = (cur + 1) % 3
    out.spring = 0
    if cur == hb:
        if plays[(hb + 1) % 3] == 0 and plays[(hb + 2) % 3] == 0:
            out.spring = 1
    elif plays[hb] == 1:
        out.spring = 1
    if out.spring:
        mult *= 2
    out.landlord = hb
    out.bid = high
    out.winner = cur
    out.bombs = bombs
    out.multiplier = mult
    out.moves = moves
    for p in range(3):
        if p == hb:
            out.score[p] = 2 * high * mult * (1 if cur == hb else -1)
        else:
            out.score[p] = high * mult * (-1 if cur == hb else 1)


def ddz_selfplay(int deals, uint64_t seed):
    """Play ``deals`` random Dou Dizhu deals (with bidding) in the core.
    Returns totals: landlord wins, score per seat, bombs, springs, redeals,
    moves."""
    cdef Rng rng
    cdef DdzDeal d
    cdef int64_t lwins = 0, bombs = 0, springs = 0, redeals = 0, moves = 0
    cdef int64_t score[3]
    cdef int i
    cdef CMove* buf = <CMove*>malloc(CAP * sizeof(CMove))
    score[0] = score[1] = score[2] = 0
    rng_seed(&rng, seed)
    with nogil:
        for i in range(deals):
            ddz_deal(&rng, buf, &d)
            lwins += d.winner == d.landlord
            bombs += d.bombs
            springs += d.spring
            redeals += d.redeals
            moves += d.moves
            score[0] += d.score[0]
            score[1] += d.score[1]
            score[2] += d.score[2]
    free(buf)
    return {"deals": deals, "landlord_wins": lwins, "score": [score[0], score[1], score[2]],
            "bombs": bombs, "springs": springs, "redeals": redeals, "moves": moves}


ctypedef struct ZsyDeal:
    int winner
    int bombs
    int score[3]
    int moves


cdef int ZSY_DECK_N = 48


cdef void zsy_pay_bonus(int* score, int owner) noexcept nogil:
    cdef int q
    for q in range(3):
        if q != owner:
            score[q] -= 10
            score[owner] += 10


cdef void zsy_deal(Rng* rng, CMove* buf, uint8_t* pack, ZsyDeal* out) noexcept nogil:
    """One Zheng Shangyou deal with random agents: must beat if able."""
    cdef uint8_t deck[48]
    cdef uint64_t hand[3]
    cdef uint64_t h2s[3]
    cdef int i, p, q, cur, last_player, passes, has_last, pending, opening, pen
    cdef int plays[3]
    cdef int bombs = 0, moves = 0
    cdef CMove last, mv
    memcpy(deck, pack, 48)
    rng_shuffle(rng, deck, 48)
    hand[0] = hand[1] = hand[2] = 0
    h2s[0] = h2s[1] = h2s[2] = 0
    cur = 0
    for i in range(48):
        hand[i % 3] += NB(climb_rank(deck[i]))
        if deck[i] == 6:   # 3 of hearts leads (ZSY-2.3)
            cur = i % 3
        if deck[i] == 3:   # 2 of spades
            h2s[i % 3] = 1
    out.score[0] = out.score[1] = out.score[2] = 0
    plays[0] = plays[1] = plays[2] = 0
    has_last = 0
    passes = 0
    pending = -1
    opening = 1
    last_player = -1
    while True:
        moves += 1
        if pick_play(GAME_ZSY, hand[cur], &last if has_last else NULL, opening, buf, rng,
                     0, &mv):
            opening = 0
            hand[cur] -= mv.counts
            plays[cur] += 1
            if mv.kind == K_BOMB or mv.kind == K_ACE_BOMB or mv.kind == K_HEAVENLY:
                bombs += 1
                pending = cur if has_last and mv.kind != K_HEAVENLY else -1
            else:
                pending = -1
            if mv.counts & (<uint64_t>15 << (4 * R_2)):
                h2s[cur] = 0
            last = mv
            has_last = 1
            last_player = cur
            passes = 0
            if hand[cur] == 0:
                break
        else:
            passes += 1
            if passes == 2:
                if pending >= 0:
                    zsy_pay_bonus(out.score, pending)
                    pending = -1
                has_last = 0
                passes = 0
        cur = (cur + 1) % 3
    if pending >= 0:
        zsy_pay_bonus(out.score, pending)
    for q in range(3):
        if q == cur:
            continue
        pen = counts_total(hand[q]) * (2 if plays[q] == 0 else 1)
        pen += 10 * h2s[q]
        for i in range(R_2 + 1):
            if nib(hand[q], i) == 4:
                pen += 10
        if nib(hand[q], R_A) == 3:
            pen += 10
        out.score[q] -= pen
        out.score[cur] += pen
    out.winner = cur
    out.bombs = bombs
    out.moves = moves


def zsy_pack():
    """The 48 card ids of ZSY-2.1."""
    return [c for c in range(52) if not ((c >> 2) == 0 and c != 3) and c != 50]


def zsy_selfplay(int deals, uint64_t seed):
    """Play ``deals`` random Zheng Shangyou deals in the core; return totals:
    wins and score per seat, bombs, moves."""
    cdef Rng rng
    cdef ZsyDeal d
    cdef uint8_t pack[48]
    cdef int64_t bombs = 0, moves = 0
    cdef int64_t score[3]
    cdef int64_t wins[3]
    cdef int i
    for i, c in enumerate(zsy_pack()):
        pack[i] = c
    cdef CMove* buf = <CMove*>malloc(CAP * sizeof(CMove))
    for i in range(3):
        score[i] = 0
        wins[i] = 0
    rng_seed(&rng, seed)
    with nogil:
        for i in range(deals):
            zsy_deal(&rng, buf, pack, &d)
            wins[d.winner] += 1
            bombs += d.bombs
            moves += d.moves
            score[0] += d.score[0]
            score[1] += d.score[1]
            score[2] += d.score[2]
    free(buf)
    return {"deals": deals, "wins": [wins[0], wins[1], wins[2]],
            "score": [score[0], score[1], score[2]], "bombs": bombs, "moves": moves}


# ---------------------------------------------------------------------------
# The legal-move view of a state (the base of climbing.ClimbLegalMoves).

import random as _random
from cardavia.game import randbelow as _randbelow

_PyRandom = _random.Random


cdef class PlayView:
    """Plays generated in the core plus a few extra moves (pass, bids);
    move values are built only for the moves looked at."""

    cdef CMove* moves
    cdef int n
    cdef int game
    cdef type cls
    cdef public object _state
    cdef public object _list
    cdef public tuple _extra

    def __dealloc__(self):
        free(self.moves)

    def __len__(self):
        return self.n + len(self._extra)

    def __bool__(self):
        return self.n + len(self._extra) > 0

    def count(self):
        return self.n + len(self._extra)

    def __getitem__(self, Py_ssize_t i):
        cdef Py_ssize_t total = self.n + len(self._extra)
        if i < 0:
            i += total
        if i < 0 or i >= total:
            raise IndexError("move index out of range")
        if i < self.n:
            return from_cmove(self.game, self.cls, &self.moves[i])
        return self._extra[i - self.n]

    def __iter__(self):
        cdef int i
        for i in range(self.n):
            yield from_cmove(self.game, self.cls, &self.moves[i])
        yield from self._extra

    def _moves(self):
        if self._list is None:
            self._list = list(self)
        return self._list

    def sample(self, rng=None):
        """A uniform random legal move (``rng``: ``random.Random``, NumPy
        ``Generator``, Cardavia ``Random`` or a seed)."""
        cdef Py_ssize_t total = self.n + len(self._extra), k
        if type(rng) is _PyRandom and total > 0:
            # Exactly random.Random.randrange(total), without its overhead.
            bits = (<object>total).bit_length()
            k = rng.getrandbits(bits)
            while k >= total:
                k = rng.getrandbits(bits)
        else:
            k = _randbelow(rng, total)
        return self[k]


def make_view(cls, state, int game, uint64_t hand_counts, ClimbMove last, bint opening,
              tuple extra, tuple if_empty=None):
    """The legal-move view: plays of ``hand_counts`` (leading when ``last`` is
    None, else beating it; none at all when ``game`` < 0) plus ``extra``, or
    plus ``if_empty`` when there is no play (a must-beat rule's pass)."""
    cdef CMove lc
    cdef CMove* buf = SCRATCH
    cdef int n = 0
    if game >= 0:
        if last is not None:
            lc = to_cmove(last)
            n = generate_any(game, hand_counts, &lc, 0, &buf)
        else:
            n = generate_any(game, hand_counts, NULL, opening, &buf)
        if n < 0:
            raise MemoryError("too many moves")
    cdef PlayView v = PlayView.__new__(cls)
    v.moves = <CMove*>malloc(max(n, 1) * sizeof(CMove))
    memcpy(v.moves, buf, n * sizeof(CMove))
    if buf != SCRATCH:
        free(buf)
    v.n = n
    v.game = game
    v.cls = _move_types[game] if game >= 0 else None
    v._state = state
    v._extra = if_empty if (n == 0 and if_empty is not None) else extra
    return v


def hand_moves(int game, uint64_t hand_bits, ClimbMove last=None, bint opening=False):
    """Every play of a hand given as a card bit set, as a list of move values
    (leading when ``last`` is None or a pass, else the plays beating it)."""
    cdef uint64_t counts = climb_counts(hand_bits)
    cdef CMove lc
    cdef CMove* buf
    cdef int n, i
    if last is not None and last.kind_id != K_PASS and last.kind_id != K_BID:
        lc = to_cmove(last)
        n = generate_any(game, counts, &lc, 0, &buf)
    else:
        n = generate_any(game, counts, NULL, opening, &buf)
    if n < 0:
        raise MemoryError("too many moves")
    cdef type cls = _move_types[game]
    try:
        return [from_cmove(game, cls, &buf[i]) for i in range(n)]
    finally:
        if buf != SCRATCH:
            free(buf)


# ---------------------------------------------------------------------------
# Card text in climbing order (3 … A, 2, BJ, RJ; suits c d h s within a rank).

from cardavia._core.cards import card_text as _card_text

cdef list _CARD_TEXT = [_card_text(c) for c in range(54)]
cdef int CLIMB_ORDER[54]
CLIMB_ORDER[:] = sorted(range(54), key=lambda c: (climb_rank(c), c))


def cards_text(uint64_t bits):
    """The cards of a bit set as text, ascending in climbing order."""
    cdef int i, c
    cdef list parts = []
    if bits == 0:
        return ""
    for i in range(54):
        c = CLIMB_ORDER[i]
        if (bits >> c) & 1:
            parts.append(_CARD_TEXT[c])
    return " ".join(parts)


def check_play(ClimbMove move, uint64_t hand_counts, ClimbMove last):
    """0 when the play is held and beats ``last`` (None: leading), 1 when
    the hand lacks its cards, 2 when it does not beat ``last``."""
    cdef CMove a, b
    if not counts_le(move.counts, hand_counts):
        return 1
    if last is not None:
        a = to_cmove(move)
        b = to_cmove(last)
        if not beats(&a, &b):
            return 2
    return 0
