"""Climbing-game machinery shared by Dou Dizhu and Zheng Shangyou.

One implementation of rank counts, shape detection and move generation
(leading and responding), parameterised by a small ``Rules`` struct per game.
Moves live in the core as ``CMove`` structs (kind, main rank, chain length,
rank counts) and become ``ClimbMove`` values only at the Python boundary.
The position of a deal (``Pos``, the ``pos_*`` functions) holds every rule of
bidding, play and scoring once: the Python states wrap it (``Position``), and
the compiled self-play loops, the world sampler and the rollout policy drive
it, ``nogil``.
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
# The position of a deal.  Each rule of bidding, play and scoring is written
# here once; the Python states, the compiled self-play loops, the world
# sampler and the rollouts all drive these functions.

cdef enum:
    THREE_OF_HEARTS = 6
    TWO_OF_SPADES = 3

cdef uint8_t ZSY_PACK[48]
ZSY_PACK[:] = [c for c in range(52) if not ((c >> 2) == 0 and c != 3) and c != 50]
cdef uint64_t ZSY_PACK_BITS = sum(1 << c for c in ZSY_PACK[:48])


cdef inline uint64_t take_bits(uint64_t hand, uint64_t counts, int first) noexcept nogil:
    """The cards of ``hand`` making up ``counts``: the lowest card ids of each
    rank, card ``first`` (when held and wanted) before the others of its rank.
    0 when the hand lacks them."""
    cdef uint64_t out = 0, b, fb = 0
    cdef int c, r
    cdef int need[15]
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
            return 0
    return out


cdef inline bint is_bomb_kind(int kind) noexcept nogil:
    return kind == K_BOMB or kind == K_ACE_BOMB or kind == K_HEAVENLY or kind == K_ROCKET


cdef void pos_clear(Pos* p, int game) noexcept nogil:
    memset(p, 0, sizeof(Pos))
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
        p.counts[q] = climb_counts(p.hand[q])


# -- Dou Dizhu: deal and bidding (DDZ-2) -------------------------------------

cdef void ddz_shuffle_deal(Pos* p) noexcept nogil:
    """DDZ-2.1: 17 cards each (in blocks of the shuffled pack), 3 bottom."""
    cdef uint8_t deck[54]
    cdef int i
    rng_shuffle_packs(&p.rng, deck, 54, 54)
    p.hand[0] = p.hand[1] = p.hand[2] = p.bottom = 0
    for i in range(51):
        p.hand[i // 17] |= (<uint64_t>1) << deck[i]
    for i in range(51, 54):
        p.bottom |= (<uint64_t>1) << deck[i]


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
    pos_set_counts(p)
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
    cdef int i
    pos_clear(p, GAME_ZSY)
    rng_seed(&rng, seed)
    memcpy(deck, ZSY_PACK, 48)
    rng_shuffle(&rng, deck, 48)
    for i in range(48):
        p.hand[i // 16] |= (<uint64_t>1) << deck[i]
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
    redeal (DDZ-2.5), else 0."""
    cdef int q = p.cur
    cdef int kind = m.kind
    cdef uint64_t cards
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
    cards = take_bits(p.hand[q], m.counts, THREE_OF_HEARTS if p.opening else -1)
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

cdef inline int random_move(const Pos* p, Rng* rng, CMove* buf, int cap, CMove* out) noexcept nogil:
    """A uniformly random legal move (as a random agent through the API)."""
    cdef int n = pos_legal(p, buf, cap)
    if n <= 0:
        return 0
    out[0] = buf[rng_below(rng, n)]
    return 1


cdef int play_random(Pos* p, Rng* rng, CMove* buf, int cap) noexcept nogil:
    """Play the position to its end with uniform random moves; the moves made."""
    cdef CMove mv
    cdef int moves = 0
    while p.phase != PH_OVER:
        if not random_move(p, rng, buf, cap, &mv):
            break
        pos_apply(p, &mv)
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
    (``game`` 1) deal: copy, legal moves, check, apply, returns."""

    cdef Pos p

    @staticmethod
    def new_deal(int game, uint64_t seed):
        """A seeded deal, as ``game.new_state(seed)`` deals it."""
        cdef Position x = Position.__new__(Position)
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
        for i in range(3):
            h[i] = hands[i]
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
        """Check and play in one call: the error code (0: played)."""
        cdef CMove m = to_cmove(move)
        cdef int e
        if move.game != self.p.game:
            return E_BID_FIRST if self.p.phase == PH_BID else E_NOT_HELD
        e = pos_check(&self.p, &m)
        if e == E_OK:
            pos_apply(&self.p, &m)
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
        return self.p.hand[player]

    def hand_counts(self, int player):
        return self.p.counts[player]

    def played_bits(self, int player):
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

    def __dealloc__(self):
        free(self.moves)

    def __len__(self):
        return self.n

    def __bool__(self):
        return self.n > 0

    def count(self):
        return self.n

    def __getitem__(self, Py_ssize_t i):
        if i < 0:
            i += self.n
        if i < 0 or i >= self.n:
            raise IndexError("move index out of range")
        return from_cmove(self.game, self.cls, &self.moves[i])

    def __iter__(self):
        cdef int i
        for i in range(self.n):
            yield from_cmove(self.game, self.cls, &self.moves[i])

    def _moves(self):
        if self._list is None:
            self._list = list(self)
        return self._list


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
