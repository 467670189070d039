"""Poker hand ranking (RULES.md TH-4) and equity, in the compiled core.

How a hand is ranked
--------------------
Each card owns a 64-bit *key*.  Its low 32 bits add up a rank key: one
multiplier per rank, found by a greedy search (smallest next multiplier that
keeps every multiset of at most seven ranks, at most four of each, on its own
sum).  Bits 32-47 hold four suit counters, one nibble per suit, that start at
3: a nibble reaches 8 (its top bit) exactly when five cards share the suit.
A second word collects one bit per card in a 16-bit lane per suit.

* Flush: the flush suit's 13-bit lane indexes an 8192-entry table.
* Otherwise: a perfect hash of the rank key.  The key times an odd constant
  gives a row (top 13 bits) and a column (next 17 bits); the column plus the
  row's offset, modulo 2**17, is the slot.  Offsets are even and stored
  halved in 16 bits (a 16 KB array that stays in L1), placed first-fit,
  fullest rows first, so that the 73,775 rank multisets of five, six and
  seven cards each get their own slot.

A value is ``category << 12 | index``: categories 0 (high card) to 8
(straight flush), the index dense inside its category, so 7,462 values in
all and ``value >> 12`` is the category.  Tables are built at import (a few
milliseconds): each rank multiset is ranked by a direct reading of the rules.
The batch loop is the C kernel of ``poker_eval.h``.

Equity (``_equity``) enumerates exactly or samples (Monte Carlo, ``Rng``),
both without the GIL; see ``_rank_leaf`` for the ranks-first enumeration.
"""
cimport cython
from cpython.object cimport PyObject

cdef extern from "Python.h":
    ctypedef struct PyTupleObject:
        PyObject* ob_item[1]
    ctypedef struct PyListObject:
        PyObject** ob_item
    Py_ssize_t PyTuple_GET_SIZE(object o)
    Py_ssize_t PyList_GET_SIZE(object o)
    bint PyLong_CheckExact(PyObject* o)
    long _as_long "PyLong_AsLongAndOverflow" (PyObject* o, int* overflow)
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int8_t, int16_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, free, qsort
from libc.string cimport memset

from cardavia._core.cards cimport cv_ctz, cv_popcount
from cardavia._core.rng cimport Rng, rng_below, rng_seed

import numpy as np

from cardavia._core.cards import parse_cards

# ----------------------------------------------------------------------------
# Tables

cdef enum:
    _ROW_BITS = 13               # perfect hash: 8192 rows ...
    _SLOT_BITS = 17              # ... displaced into 131072 slots
    _SLOTS = 1 << 17
    _NUM_CLASSES = 7462          # distinct five-card strengths

# Rank-key multipliers for 2..A (see the module docstring).
cdef uint32_t _MULT[13]
_MULT[:] = [1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453,
            1526359, 3453520]

cdef extern from "poker_eval.h":
    enum:
        CV_ROW_BITS
        CV_SLOT_BITS
    ctypedef struct cv_card_t:
        uint64_t key
        uint64_t lanes
    ctypedef struct cv_eval_t:
        const cv_card_t* cards
        const uint16_t* flush
        const uint16_t* offset
        const uint16_t* table
        uint64_t mul
        uint64_t base
    int cv_eval_batch_u8(const cv_eval_t* e, const uint8_t* a, int* out, Py_ssize_t count, int k) noexcept nogil
    int cv_eval_batch_i8(const cv_eval_t* e, const int8_t* a, int* out, Py_ssize_t count, int k) noexcept nogil
    int cv_eval_batch_u16(const cv_eval_t* e, const uint16_t* a, int* out, Py_ssize_t count, int k) noexcept nogil
    int cv_eval_batch_i16(const cv_eval_t* e, const int16_t* a, int* out, Py_ssize_t count, int k) noexcept nogil
    int cv_eval_batch_u32(const cv_eval_t* e, const uint32_t* a, int* out, Py_ssize_t count, int k) noexcept nogil
    int cv_eval_batch_i32(const cv_eval_t* e, const int32_t* a, int* out, Py_ssize_t count, int k) noexcept nogil
    int cv_eval_batch_u64(const cv_eval_t* e, const uint64_t* a, int* out, Py_ssize_t count, int k) noexcept nogil
    int cv_eval_batch_i64(const cv_eval_t* e, const int64_t* a, int* out, Py_ssize_t count, int k) noexcept nogil

cdef uint64_t _SUIT_BASE = (<uint64_t>0x3333) << 32
cdef uint64_t _CARD_KEY[256]     # ids >= 52 map to 0: memory-safe, never valid
cdef uint64_t _CARD_BIT[256]
cdef uint16_t _FLUSH[8192]
cdef uint16_t _OFFSET[1 << _ROW_BITS]   # half the displacement (even displacements only)
cdef uint16_t _TABLE[_SLOTS]
cdef uint64_t _HASH_MUL = 0
cdef cv_card_t _CARD_PAIR[256]   # {_CARD_KEY, _CARD_BIT} for the batch kernel
cdef cv_eval_t _EVAL
# Odd multipliers tried in turn for the perfect hash (the first one works;
# the others are a fallback should a build ever find a fixed collision).
_HASH_MULTS = (0x9E3779B97F4A7C15, 0xD6E8FEB86659FD93, 0xA0761D6478BD642F,
               0xE7037ED1A0B428DB, 0x8EBC6AF09C88C6E3)
cdef uint32_t _RAW[_NUM_CLASSES]     # sorted raw values of the 7,462 classes
cdef int _CAT_START[10]              # first class of each category in _RAW


cdef inline uint32_t _slot(uint32_t key) noexcept nogil:
    cdef uint64_t h = key * _HASH_MUL
    return (<uint32_t>(h >> (64 - _ROW_BITS - _SLOT_BITS)) + 2 * <uint32_t>_OFFSET[h >> (64 - _ROW_BITS)]) & (_SLOTS - 1)


cdef inline int _finish(uint64_t v, uint64_t m) noexcept nogil:
    cdef uint32_t f = <uint32_t>(v >> 32) & 0x8888
    if f:
        return _FLUSH[(m >> ((cv_ctz(f) >> 2) << 4)) & 0x1fff]
    return _TABLE[_slot(<uint32_t>v)]


cdef int rank_hand(const uint8_t* cards, int n) noexcept nogil:
    cdef uint64_t v = _SUIT_BASE
    cdef uint64_t m = 0
    cdef int i
    for i in range(n):
        v += _CARD_KEY[cards[i]]
        m |= _CARD_BIT[cards[i]]
    return _finish(v, m)


# ----------------------------------------------------------------------------
# Building the tables: rank multisets read directly from the rules

cdef inline uint32_t _pack(int cat, int a, int b, int c, int d, int e) noexcept nogil:
    return (<uint32_t>cat << 20) | (a << 16) | (b << 12) | (c << 8) | (d << 4) | e


cdef int _straight_top(int mask) noexcept nogil:
    """Top rank of the best five-card straight in a 13-bit rank mask, else -1."""
    cdef int t
    for t in range(12, 3, -1):
        if ((mask >> (t - 4)) & 0x1f) == 0x1f:
            return t
    if (mask & 0x100f) == 0x100f:      # A-2-3-4-5: the ace plays low
        return 3
    return -1


cdef int _top(const int* cnt, int need, int skip1, int skip2, int below) noexcept nogil:
    """Highest rank < below with at least ``need`` cards, skipping two ranks."""
    cdef int r
    for r in range(below - 1, -1, -1):
        if cnt[r] >= need and r != skip1 and r != skip2:
            return r
    return -1


cdef uint32_t _raw_ranks(const int* cnt) noexcept nogil:
    """Raw strength of the best five cards of a rank multiset (no flush)."""
    cdef int mask = 0, r, q, t, p, p2, k1, k2, k3, k4, k5, st
    for r in range(13):
        if cnt[r]:
            mask |= 1 << r
    q = _top(cnt, 4, -1, -1, 13)
    if q >= 0:
        return _pack(7, q, _top(cnt, 1, q, -1, 13), 0, 0, 0)
    t = _top(cnt, 3, -1, -1, 13)
    if t >= 0:
        p = _top(cnt, 2, t, -1, 13)
        if p >= 0:
            return _pack(6, t, p, 0, 0, 0)
    st = _straight_top(mask)
    if st >= 0:
        return _pack(4, st, 0, 0, 0, 0)
    if t >= 0:
        k1 = _top(cnt, 1, t, -1, 13)
        k2 = _top(cnt, 1, t, -1, k1)
        return _pack(3, t, k1, k2, 0, 0)
    p = _top(cnt, 2, -1, -1, 13)
    if p >= 0:
        p2 = _top(cnt, 2, -1, -1, p)
        if p2 >= 0:
            return _pack(2, p, p2, _top(cnt, 1, p, p2, 13), 0, 0)
        k1 = _top(cnt, 1, p, -1, 13)
        k2 = _top(cnt, 1, p, -1, k1)
        k3 = _top(cnt, 1, p, -1, k2)
        return _pack(1, p, k1, k2, k3, 0)
    k1 = _top(cnt, 1, -1, -1, 13)
    k2 = _top(cnt, 1, -1, -1, k1)
    k3 = _top(cnt, 1, -1, -1, k2)
    k4 = _top(cnt, 1, -1, -1, k3)
    k5 = _top(cnt, 1, -1, -1, k4)
    return _pack(0, k1, k2, k3, k4, k5)


cdef uint32_t _raw_flush(int mask) noexcept nogil:
    """Raw strength of the best five cards of one suit (13-bit rank mask)."""
    cdef int st = _straight_top(mask)
    cdef int k[5]
    cdef int i = 0, r
    if st >= 0:
        return _pack(8, st, 0, 0, 0, 0)
    for r in range(12, -1, -1):
        if i < 5 and (mask >> r) & 1:
            k[i] = r
            i += 1
    return _pack(5, k[0], k[1], k[2], k[3], k[4])


cdef int _cmp_u32(const void* a, const void* b) noexcept nogil:
    cdef uint32_t x = (<const uint32_t*>a)[0]
    cdef uint32_t y = (<const uint32_t*>b)[0]
    return (x > y) - (x < y)


cdef int _class_of(uint32_t raw) noexcept nogil:
    """Value ``category << 12 | index`` of a raw strength (binary search)."""
    cdef int lo = 0, hi = _NUM_CLASSES - 1, mid, cat
    while lo < hi:
        mid = (lo + hi) >> 1
        if _RAW[mid] < raw:
            lo = mid + 1
        else:
            hi = mid
    cat = raw >> 20
    return (cat << 12) | (lo - _CAT_START[cat])


cdef int _walk(int r, int size, int lo, int hi, int* cnt, uint32_t key,
               uint32_t* keys, uint32_t* raws, int pos) noexcept nogil:
    """Visit every rank multiset (at most four of a rank) of lo..hi cards."""
    cdef int k
    if r == 13:
        if size >= lo:
            keys[pos] = key
            raws[pos] = _raw_ranks(cnt)
            return pos + 1
        return pos
    for k in range(0, (4 if hi - size > 4 else hi - size) + 1):
        cnt[r] = k
        pos = _walk(r + 1, size + k, lo, hi, cnt, key + k * _MULT[r], keys, raws, pos)
    cnt[r] = 0
    return pos


cdef bint _place(const uint32_t* keys, int n, uint64_t mul) except -1:
    """Choose the row offsets of the perfect hash for multiplier ``mul``:
    rows (by the hash's top bits) from the fullest down, each at the first
    displacement where all its keys land on free slots.  False if two keys
    of one row share a column (then no displacement can separate them)."""
    cdef int nrows = 1 << _ROW_BITS
    cdef int* row_count = <int*>calloc(nrows + 1, sizeof(int))
    cdef int* row_start = <int*>calloc(nrows + 1, sizeof(int))
    cdef int* order = <int*>malloc(nrows * sizeof(int))
    cdef uint32_t* cols = <uint32_t*>malloc(n * sizeof(uint32_t))
    cdef uint8_t* occupied = <uint8_t*>calloc(_SLOTS, 1)
    cdef int i, j, row, c, best, used
    cdef uint32_t off, a, b
    cdef uint64_t h
    cdef bint ok, fits = True
    global _HASH_MUL
    if not row_count or not row_start or not order or not cols or not occupied:
        free(row_count); free(row_start); free(order); free(cols); free(occupied)
        raise MemoryError()
    with nogil:
        for i in range(n):
            row_count[(keys[i] * mul) >> (64 - _ROW_BITS)] += 1
        for row in range(nrows):
            row_start[row + 1] = row_start[row] + row_count[row]
        memset(row_count, 0, nrows * sizeof(int))
        for i in range(n):
            h = keys[i] * mul
            row = h >> (64 - _ROW_BITS)
            cols[row_start[row] + row_count[row]] = <uint32_t>(h >> (64 - _ROW_BITS - _SLOT_BITS)) & (_SLOTS - 1)
            row_count[row] += 1
        best = 0
        for row in range(nrows):
            if row_count[row] > best:
                best = row_count[row]
        used = 0
        for c in range(best, 0, -1):
            for row in range(nrows):
                if row_count[row] == c:
                    order[used] = row
                    used += 1
        for row in range(nrows):
            _OFFSET[row] = 0
        for j in range(used):
            row = order[j]
            for a in range(row_start[row], row_start[row + 1]):
                for b in range(a + 1, row_start[row + 1]):
                    if cols[a] == cols[b]:
                        fits = False
            if not fits:
                break
            off = 0
            while off < _SLOTS:
                ok = True
                for i in range(row_start[row], row_start[row + 1]):
                    if occupied[(cols[i] + off) & (_SLOTS - 1)]:
                        ok = False
                        break
                if ok:
                    break
                off += 2
            if off >= _SLOTS:
                fits = False
                break
            _OFFSET[row] = off >> 1
            for i in range(row_start[row], row_start[row + 1]):
                occupied[(cols[i] + off) & (_SLOTS - 1)] = 1
    free(row_count); free(row_start); free(order); free(cols); free(occupied)
    if fits:
        _HASH_MUL = mul
    return fits


cdef int _build() except -1:
    cdef int cnt[13]
    cdef int n5, n, i, j, c
    cdef uint32_t* keys
    cdef uint32_t* raws
    cdef uint32_t* sorted_keys

    for c in range(256):
        _CARD_KEY[c] = 0
        _CARD_BIT[c] = 0
    for c in range(52):
        _CARD_KEY[c] = _MULT[c >> 2] + ((<uint64_t>1) << (32 + 4 * (c & 3)))
        _CARD_BIT[c] = (<uint64_t>1) << (16 * (c & 3) + (c >> 2))

    keys = <uint32_t*>malloc(80000 * sizeof(uint32_t))
    raws = <uint32_t*>malloc(80000 * sizeof(uint32_t))
    sorted_keys = <uint32_t*>malloc(80000 * sizeof(uint32_t))
    if not keys or not raws or not sorted_keys:
        raise MemoryError()
    try:
        # 1. The 7,462 five-card classes: rank multisets plus flush masks.
        memset(cnt, 0, sizeof(cnt))
        n5 = _walk(0, 0, 5, 5, cnt, 0, keys, raws, 0)
        for c in range(8192):
            if cv_popcount(c) == 5:
                raws[n5] = _raw_flush(c)
                n5 += 1
        qsort(raws, n5, sizeof(uint32_t), _cmp_u32)
        j = 0
        for i in range(n5):
            if i == 0 or raws[i] != raws[i - 1]:
                if j >= _NUM_CLASSES:
                    raise RuntimeError("poker tables: too many five-card classes")
                _RAW[j] = raws[i]
                j += 1
        if j != _NUM_CLASSES:
            raise RuntimeError(f"poker tables: {j} five-card classes, expected 7462")
        for c in range(10):
            _CAT_START[c] = _NUM_CLASSES
        for i in range(_NUM_CLASSES - 1, -1, -1):
            _CAT_START[_RAW[i] >> 20] = i

        # 2. Flush table: every 13-bit lane with five or more ranks.
        for c in range(8192):
            _FLUSH[c] = _class_of(_raw_flush(c)) if cv_popcount(c) >= 5 else 0

        # 3. Rank multisets of 5..7 cards, through a perfect hash.
        memset(cnt, 0, sizeof(cnt))
        n = _walk(0, 0, 5, 7, cnt, 0, keys, raws, 0)
        for i in range(n):
            sorted_keys[i] = keys[i]
        qsort(sorted_keys, n, sizeof(uint32_t), _cmp_u32)
        for i in range(1, n):
            if sorted_keys[i] == sorted_keys[i - 1]:
                raise RuntimeError("poker tables: rank multipliers collide")
        for i in range(len(_HASH_MULTS)):
            if _place(keys, n, _HASH_MULTS[i]):
                break
        else:
            raise RuntimeError("poker tables: no perfect hash found")
        for i in range(_SLOTS):
            _TABLE[i] = 0
        for i in range(n):
            _TABLE[_slot(keys[i])] = _class_of(raws[i])
        if CV_ROW_BITS != _ROW_BITS or CV_SLOT_BITS != _SLOT_BITS:
            raise RuntimeError("poker tables: poker_eval.h disagrees on the hash shape")
        for c in range(256):
            _CARD_PAIR[c].key = _CARD_KEY[c]
            _CARD_PAIR[c].lanes = _CARD_BIT[c]
        _EVAL.cards = _CARD_PAIR
        _EVAL.flush = _FLUSH
        _EVAL.offset = _OFFSET
        _EVAL.table = _TABLE
        _EVAL.mul = _HASH_MUL
        _EVAL.base = _SUIT_BASE
    finally:
        free(keys)
        free(raws)
        free(sorted_keys)
    return 0


_build()


# ----------------------------------------------------------------------------
# Python face of the evaluator

def _bad_cards(cards, why):
    return ValueError(f"cannot rank {cards!r}: {why}")


cdef int _load(object cards, uint8_t* buf, object orig=None) except -1:
    """Card ids of ``cards`` into ``buf``; return how many (checked: 5-7,
    distinct ids 0..51).  ``orig``: what the caller passed, for messages."""
    cdef int n, i
    cdef long c
    cdef uint64_t seen = 0
    cdef const uint8_t[::1] view
    if orig is None:
        orig = cards
    if isinstance(cards, (tuple, list)):
        n = len(cards)
        for i in range(n):
            if isinstance(cards[i], str):
                return _load(parse_cards(" ".join([str(x) for x in cards])), buf, orig)
        if n < 5 or n > 7:
            raise _bad_cards(orig, f"need 5, 6 or 7 cards, got {n}")
        for i in range(n):
            item = cards[i]
            if not isinstance(item, int) or not 0 <= item <= 51:
                raise _bad_cards(orig, f"card {item!r} is not an id 0..51 or card text")
            buf[i] = <uint8_t>item
    elif isinstance(cards, str):
        return _load(parse_cards(cards), buf, orig)
    elif isinstance(cards, (bytes, bytearray)):
        n = len(cards)
        if n < 5 or n > 7:
            raise _bad_cards(orig, f"need 5, 6 or 7 cards, got {n}")
        view = cards
        for i in range(n):
            if view[i] > 51:
                raise _bad_cards(orig, f"card id {view[i]} is not in 0..51")
            buf[i] = view[i]
    else:
        try:
            items = list(cards)
        except TypeError:
            raise _bad_cards(orig, "expected card text, card ids, bytes or a CardSet") from None
        return _load(items, buf, orig)
    for i in range(n):
        if (seen >> buf[i]) & 1:
            raise _bad_cards(orig, f"card {buf[i]} ({'23456789TJQKA'[buf[i] >> 2]}{'cdhs'[buf[i] & 3]}) appears twice")
        seen |= (<uint64_t>1) << buf[i]
    return n


@cython.always_allow_keywords(False)
def evaluate(cards):
    """Strength of the best five of 5, 6 or 7 cards: higher is better, equal
    is a tie (TH-4).  ``cards``: text (``"AhKh Qs Jd Tc"``), a sequence of
    ids 0..51 or of card texts, bytes of ids, or a CardSet.  A tuple of ints
    is the fastest form."""
    cdef uint8_t buf[8]
    cdef Py_ssize_t n, i
    cdef long c
    cdef uint64_t seen = 0, bit
    cdef int overflow = 0
    cdef PyObject** items
    cdef const unsigned char* p
    if type(cards) is tuple or type(cards) is list:
        # Borrowed items, no reference counting: this is the hot path.
        if type(cards) is tuple:
            n = PyTuple_GET_SIZE(cards)
            items = &(<PyTupleObject*>cards).ob_item[0]
        else:
            n = PyList_GET_SIZE(cards)
            items = (<PyListObject*>cards).ob_item
        if 5 <= n <= 7:
            for i in range(n):
                if not PyLong_CheckExact(items[i]):
                    break
                c = _as_long(items[i], &overflow)
                bit = (<uint64_t>1) << (c & 63)
                if overflow or c < 0 or c > 51 or seen & bit:
                    break
                seen |= bit
                buf[i] = <uint8_t>c
            else:
                return rank_hand(buf, <int>n)
    elif type(cards) is bytes:
        n = len(<bytes>cards)
        p = <const unsigned char*><char*>cards
        if 5 <= n <= 7:
            for i in range(n):
                bit = (<uint64_t>1) << (p[i] & 63)
                if p[i] > 51 or seen & bit:
                    break
                seen |= bit
            else:
                return rank_hand(p, <int>n)
    return rank_hand(buf, _load(cards, buf))


# NumPy integer type -> kernel id (the kernels of poker_eval.h, one per type)
_KERNELS = {np.dtype(np.uint8): 0, np.dtype(np.int8): 1, np.dtype(np.uint16): 2,
            np.dtype(np.int16): 3, np.dtype(np.uint32): 4, np.dtype(np.int32): 5,
            np.dtype(np.uint64): 6, np.dtype(np.int64): 7}


cdef int _run_kernel(int kind, const void* a, int* o, Py_ssize_t count, int k) noexcept nogil:
    if kind == 0:
        return cv_eval_batch_u8(&_EVAL, <const uint8_t*>a, o, count, k)
    if kind == 1:
        return cv_eval_batch_i8(&_EVAL, <const int8_t*>a, o, count, k)
    if kind == 2:
        return cv_eval_batch_u16(&_EVAL, <const uint16_t*>a, o, count, k)
    if kind == 3:
        return cv_eval_batch_i16(&_EVAL, <const int16_t*>a, o, count, k)
    if kind == 4:
        return cv_eval_batch_u32(&_EVAL, <const uint32_t*>a, o, count, k)
    if kind == 5:
        return cv_eval_batch_i32(&_EVAL, <const int32_t*>a, o, count, k)
    if kind == 6:
        return cv_eval_batch_u64(&_EVAL, <const uint64_t*>a, o, count, k)
    return cv_eval_batch_i64(&_EVAL, <const int64_t*>a, o, count, k)


def evaluate_batch(hands, out=None):
    """Strengths of an ``(N, 5|6|7)`` integer array of card ids, as int32.

    Any NumPy integer type (uint8 … int64, NumPy's default) is ranked in
    place, with no conversion: the compiled kernel is stamped out per type.
    Only a non-contiguous or byte-swapped array (or booleans) is copied
    first.  Every row must hold distinct ids 0..51.  ``out``: an optional
    C-contiguous int32 array of length N to fill (and return), saving the
    allocation.
    """
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] < 5 or arr.shape[1] > 7:
        raise ValueError(f"expected an (N, 5|6|7) array of card ids, got shape {arr.shape}")
    if arr.dtype.kind not in "iub":
        raise ValueError(f"card ids must be integers, got dtype {arr.dtype}")
    kind = _KERNELS.get(arr.dtype, -1)
    if kind < 0 or not arr.flags.c_contiguous:
        if kind < 0:                        # booleans, byte-swapped or odd sizes
            if arr.size and (arr.min() < 0 or arr.max() > 51):
                raise ValueError("card ids must lie in 0..51")
            arr = arr.astype(np.uint8)
            kind = 0
        arr = np.ascontiguousarray(arr)
    cdef Py_ssize_t count = arr.shape[0]
    cdef int k = arr.shape[1]
    cdef int kern = kind
    if out is None:
        out = np.empty(count, dtype=np.int32)
    elif not (isinstance(out, np.ndarray) and out.dtype == np.int32 and out.shape == (count,)
              and out.flags.c_contiguous and out.flags.writeable):
        raise ValueError(f"out must be a writable C-contiguous int32 array of shape ({count},)")
    if count == 0:
        return out
    # One byte view of the contiguous rows, whatever their integer type.
    cdef const uint8_t[::1] raw = arr.reshape(-1).view(np.uint8)
    cdef int[::1] o = out
    cdef int flag
    with nogil:
        flag = _run_kernel(kern, &raw[0], &o[0], count, k)
    if flag:
        bad = ((arr < 0) | (arr > 51)).any(axis=1)
        first = int(np.argmax(bad)) if bad.any() else -1
        if first < 0:
            a8 = np.ascontiguousarray(arr, dtype=np.uint8)
            first = _first_bad_rows(a8)
        raise ValueError(f"row {first} of the hands does not hold {k} distinct card ids 0..51: "
                         f"{arr[first].tolist()}")
    return out


def _first_bad_rows(a8):
    cdef const uint8_t[:, ::1] a = a8
    return _first_bad(&a[0, 0], a.shape[0], a.shape[1])


# The batch loop is the C kernel of poker_eval.h (one 128-bit add per card,
# validity folded into one flag); the first bad row is looked for only when
# the flag is up.

cdef Py_ssize_t _first_bad(const uint8_t* a, Py_ssize_t count, int k) noexcept nogil:
    cdef Py_ssize_t i
    cdef int j
    cdef uint64_t m
    for i in range(count):
        m = 0
        for j in range(k):
            m |= _CARD_BIT[a[i * k + j]]
        if cv_popcount(m) != k:
            return i
    return -1


def _rank_fields(int rank):
    """``(category, ranks)`` of a strength: the ranks (0..12 = 2..A) that
    decide it, most significant first."""
    cdef int cat = rank >> 12, idx = rank & 0xfff
    if rank < 0 or cat > 8 or _CAT_START[cat] + idx >= _CAT_START[cat + 1]:
        raise ValueError(f"{rank} is not a hand strength")
    cdef uint32_t raw = _RAW[_CAT_START[cat] + idx]
    fields = [(raw >> s) & 15 for s in (16, 12, 8, 4, 0)]
    return cat, fields


def _class_counts():
    """Number of distinct five-card strengths in each category."""
    return [_CAT_START[c + 1] - _CAT_START[c] for c in range(9)]


def _exhaustive(int n):
    """Rank every n-card hand (5, 6 or 7 of 52) through ``rank_hand``.

    Returns ``(hands, category_counts, distinct_strengths)``; runs in C.
    """
    if n < 5 or n > 7:
        raise ValueError("n must be 5, 6 or 7")
    cdef uint8_t c[8]
    cdef uint64_t counts[9]
    cdef uint64_t total = 0
    cdef uint8_t* seen = <uint8_t*>calloc(65536, 1)
    cdef int i, r, distinct = 0
    if not seen:
        raise MemoryError()
    memset(counts, 0, sizeof(counts))
    for i in range(n):
        c[i] = i
    with nogil:
        while True:
            r = rank_hand(c, n)
            counts[r >> 12] += 1
            seen[r] = 1
            total += 1
            i = n - 1
            while i >= 0 and c[i] == 52 - n + i:
                i -= 1
            if i < 0:
                break
            c[i] += 1
            i += 1
            while i < n:
                c[i] = c[i - 1] + 1
                i += 1
        for i in range(65536):
            distinct += seen[i]
    free(seen)
    return total, [counts[i] for i in range(9)], distinct


# ----------------------------------------------------------------------------
# Equity: exact enumeration and Monte Carlo over hole-card combinations


cdef enum:
    _MAX_PLAYERS = 9
    _POT = 2520              # lcm(1..9): split shares stay whole numbers


cdef struct _Eq:
    int players
    int k                          # board cards still to come
    uint64_t hv[_MAX_PLAYERS]      # hole-card keys of the current deal
    uint64_t hm[_MAX_PLAYERS]
    uint64_t wins[_MAX_PLAYERS]
    uint64_t ties[_MAX_PLAYERS]
    uint64_t units[_MAX_PLAYERS]   # pots won, in 1/_POT
    double sq[_MAX_PLAYERS]        # sum of squared per-deal shares (Monte Carlo)
    uint64_t deals
    uint64_t attempts              # Monte Carlo: combo tuples drawn, rejects included
    const uint8_t* combos          # (total, 2) card ids
    const int* starts              # player p: combos[starts[p]:starts[p+1]]
    uint8_t rem[52]
    int nrem
    # Rank-level enumeration (see _rank_leaf)
    int avail[13]                  # suits still in the deck, per rank (4 bits)
    uint32_t bkey                  # rank key of the known board
    int bcnt[4]                    # known board cards per suit
    int bmask[4]                   # ... and their ranks
    int maxhole[4]                 # most hole cards any player holds in a suit
    uint32_t hkey[_MAX_PLAYERS]    # rank key of each player's hole cards
    int hmask[_MAX_PLAYERS][4]     # hole ranks per suit
    bint by_ranks


cdef inline void _score(_Eq* e, uint64_t v, uint64_t m) noexcept nogil:
    cdef int p, r, best = -1, nbest = 0, winner = 0
    cdef int rk[_MAX_PLAYERS]
    cdef uint64_t share
    for p in range(e.players):
        r = _finish(v + e.hv[p], m | e.hm[p])
        rk[p] = r
        if r > best:
            best = r
            nbest = 1
            winner = p
        elif r == best:
            nbest += 1
    e.deals += 1
    if nbest == 1:
        e.wins[winner] += 1
        e.units[winner] += _POT
        e.sq[winner] += 1.0
        return
    share = _POT // nbest
    for p in range(e.players):
        if rk[p] == best:
            e.ties[p] += 1
            e.units[p] += share
            e.sq[p] += 1.0 / (nbest * nbest)


cdef void _boards(_Eq* e, uint64_t v0, uint64_t m0) noexcept nogil:
    """Score every way to complete the board from ``e.rem``."""
    cdef int k = e.k, n = e.nrem, d, j, c
    cdef int idx[5]
    cdef uint64_t vs[6]
    cdef uint64_t ms[6]
    cdef uint64_t v, m
    if k == 0:
        _score(e, v0, m0)
        return
    vs[0] = v0
    ms[0] = m0
    if k == 1:
        for j in range(n):
            c = e.rem[j]
            _score(e, v0 + _CARD_KEY[c], m0 | _CARD_BIT[c])
        return
    # Levels 0..k-2 walk as an odometer; the last level is a tight loop.
    d = 0
    idx[0] = 0
    while d >= 0:
        if idx[d] > n - (k - d):
            d -= 1
            if d >= 0:
                idx[d] += 1
            continue
        c = e.rem[idx[d]]
        vs[d + 1] = vs[d] + _CARD_KEY[c]
        ms[d + 1] = ms[d] | _CARD_BIT[c]
        if d == k - 2:
            v = vs[d + 1]
            m = ms[d + 1]
            for j in range(idx[d] + 1, n):
                c = e.rem[j]
                _score(e, v + _CARD_KEY[c], m | _CARD_BIT[c])
            idx[d] += 1
        else:
            idx[d + 1] = idx[d] + 1
            d += 1

cdef int _BINOM[5][5]
_BINOM[:] = [[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 2, 1, 0, 0], [1, 3, 3, 1, 0], [1, 4, 6, 4, 1]]


cdef inline void _score_w(_Eq* e, const int* rk, uint64_t w) noexcept nogil:
    """Credit ``w`` deals whose players rank ``rk``."""
    cdef int p, best = -1, nbest = 0, winner = 0
    for p in range(e.players):
        if rk[p] > best:
            best = rk[p]
            nbest = 1
            winner = p
        elif rk[p] == best:
            nbest += 1
    e.deals += w
    if nbest == 1:
        e.wins[winner] += w
        e.units[winner] += w * _POT
        e.sq[winner] += w
        return
    for p in range(e.players):
        if rk[p] == best:
            e.ties[p] += w
            e.units[p] += w * (_POT // nbest)
            e.sq[p] += w / <double>(nbest * nbest)


cdef void _rank_setup(_Eq* e, uint64_t used) noexcept nogil:
    cdef int r, s, p, c
    for r in range(13):
        e.avail[r] = 0
        for s in range(4):
            if not (used >> (4 * r + s)) & 1:
                e.avail[r] |= 1 << s
    for s in range(4):
        e.maxhole[s] = 0
    for p in range(e.players):
        e.hkey[p] = <uint32_t>e.hv[p]
        for s in range(4):
            e.hmask[p][s] = (e.hm[p] >> (16 * s)) & 0x1fff
            c = cv_popcount(e.hmask[p][s])
            if c > e.maxhole[s]:
                e.maxhole[s] = c


cdef void _rank_leaf(_Eq* e, uint32_t key, int nd, const int* dr, const int* dm) noexcept nogil:
    """All boards whose new cards have the ranks ``dr`` (``dm`` of each).

    Without three board cards of one suit nobody has a flush, and the ranks
    alone decide: one lookup per player.  Boards where suit ``s`` holds
    exactly the new ranks of subset ``S`` are counted by a product of
    binomials and ranked once; only the (s, S) that give someone a flush
    are split off from the rank-only count."""
    cdef int nf[_MAX_PLAYERS]
    cdef int rk[_MAX_PLAYERS]
    cdef int p, s, i, need, sub, okbits, lane_add, lane, a, r
    cdef uint64_t total = 1, wsum = 0, count
    for i in range(nd):
        total *= _BINOM[cv_popcount(e.avail[dr[i]])][dm[i]]
    for p in range(e.players):
        nf[p] = _TABLE[_slot(key + e.bkey + e.hkey[p])]
    for s in range(4):
        need = 3 - e.bcnt[s]
        if 5 - e.bcnt[s] - e.maxhole[s] > need:
            need = 5 - e.bcnt[s] - e.maxhole[s]
        if need > nd:
            continue
        if need < 0:
            need = 0
        okbits = 0
        for i in range(nd):
            if (e.avail[dr[i]] >> s) & 1:
                okbits |= 1 << i
        sub = okbits
        while True:
            if cv_popcount(sub) >= need:
                count = 1
                lane_add = 0
                for i in range(nd):
                    a = e.avail[dr[i]]
                    if (sub >> i) & 1:
                        count *= _BINOM[cv_popcount(a) - 1][dm[i] - 1]
                        lane_add |= 1 << dr[i]
                    else:
                        count *= _BINOM[cv_popcount(a & ~(1 << s))][dm[i]]
                if count:
                    for p in range(e.players):
                        lane = e.bmask[s] | lane_add | e.hmask[p][s]
                        rk[p] = _FLUSH[lane] if cv_popcount(lane) >= 5 else nf[p]
                    _score_w(e, rk, count)
                    wsum += count
            if sub == 0:
                break
            sub = (sub - 1) & okbits
    if total > wsum:
        _score_w(e, nf, total - wsum)


cdef void _rank_walk(_Eq* e, int r, int left, uint32_t key, int nd, int* dr, int* dm) noexcept nogil:
    """Every multiset of ``left`` more new board ranks from rank ``r`` up."""
    cdef int mlt, na
    if left == 0:
        _rank_leaf(e, key, nd, dr, dm)
        return
    if r == 13:
        return
    _rank_walk(e, r + 1, left, key, nd, dr, dm)
    na = cv_popcount(e.avail[r])
    dr[nd] = r
    for mlt in range(1, (na if na < left else left) + 1):
        dm[nd] = mlt
        _rank_walk(e, r + 1, left - mlt, key + mlt * _MULT[r], nd + 1, dr, dm)



cdef void _deals(_Eq* e, int p, uint64_t used, uint64_t v0, uint64_t m0) noexcept nogil:
    """Every non-conflicting choice of combos for players p.., then boards."""
    cdef int i, c, n
    cdef int dr[5]
    cdef int dm[5]
    cdef uint64_t b
    if p == e.players:
        n = 0
        for c in range(52):
            if not (used >> c) & 1:
                e.rem[n] = c
                n += 1
        e.nrem = n
        if e.by_ranks:
            _rank_setup(e, used)
            _rank_walk(e, 0, e.k, 0, 0, dr, dm)
        else:
            _boards(e, v0, m0)
        return
    for i in range(e.starts[p], e.starts[p + 1]):
        b = ((<uint64_t>1) << e.combos[2 * i]) | ((<uint64_t>1) << e.combos[2 * i + 1])
        if used & b:
            continue
        e.hv[p] = _CARD_KEY[e.combos[2 * i]] + _CARD_KEY[e.combos[2 * i + 1]]
        e.hm[p] = _CARD_BIT[e.combos[2 * i]] | _CARD_BIT[e.combos[2 * i + 1]]
        _deals(e, p + 1, used | b, v0, m0)


cdef bint _any_deal(_Eq* e, int p, uint64_t used) noexcept nogil:
    cdef int i
    cdef uint64_t b
    if p == e.players:
        return True
    for i in range(e.starts[p], e.starts[p + 1]):
        b = ((<uint64_t>1) << e.combos[2 * i]) | ((<uint64_t>1) << e.combos[2 * i + 1])
        if not used & b and _any_deal(e, p + 1, used | b):
            return True
    return False


cdef int _monte_carlo(_Eq* e, uint64_t used0, uint64_t v0, uint64_t m0,
                      uint64_t trials, uint64_t seed) noexcept nogil:
    """Sample ``trials`` deals: combos uniformly over non-conflicting tuples
    (rejection), then the board from the rest of the deck.  Returns -1 when
    the combos keep conflicting (acceptance below one in a million)."""
    cdef Rng rng
    cdef uint64_t t, used, b, v, m, held = 0
    cdef int p, i, j, c, tries
    cdef bint ok, fixed = True
    rng_seed(&rng, seed)
    # Every player holding one known hand: deal the hole cards once.
    for p in range(e.players):
        if e.starts[p + 1] - e.starts[p] != 1:
            fixed = False
    if fixed:
        for p in range(e.players):
            i = e.starts[p]
            held |= ((<uint64_t>1) << e.combos[2 * i]) | ((<uint64_t>1) << e.combos[2 * i + 1])
            e.hv[p] = _CARD_KEY[e.combos[2 * i]] + _CARD_KEY[e.combos[2 * i + 1]]
            e.hm[p] = _CARD_BIT[e.combos[2 * i]] | _CARD_BIT[e.combos[2 * i + 1]]
    for t in range(trials):
        tries = 0
        while not fixed:
            used = used0
            ok = True
            e.attempts += 1
            for p in range(e.players):
                i = e.starts[p] + <int>rng_below(&rng, e.starts[p + 1] - e.starts[p])
                b = ((<uint64_t>1) << e.combos[2 * i]) | ((<uint64_t>1) << e.combos[2 * i + 1])
                if used & b:
                    ok = False
                    break
                used |= b
                e.hv[p] = _CARD_KEY[e.combos[2 * i]] + _CARD_KEY[e.combos[2 * i + 1]]
                e.hm[p] = _CARD_BIT[e.combos[2 * i]] | _CARD_BIT[e.combos[2 * i + 1]]
            if ok:
                break
            tries += 1
            if tries > 1000000:
                return -1
        if fixed:
            used = used0 | held
        v = v0
        m = m0
        for j in range(e.k):
            while True:
                c = rng_below(&rng, 52)
                if not (used >> c) & 1:
                    break
            used |= (<uint64_t>1) << c
            v += _CARD_KEY[c]
            m |= _CARD_BIT[c]
        _score(e, v, m)
    return 0


def _equity(combos, starts, board, uint64_t dead, uint64_t trials, uint64_t seed, int method=-1):
    """Equity core.  ``combos``: uint8 (total, 2) ids; ``starts``: int32
    offsets per player (players + 1 entries); ``board``: list of ids;
    ``dead``: mask.  ``trials == 0`` enumerates exactly.

    Returns ``(deals, wins, ties, pots, share_squares, attempts)``: per
    player wins, ties, ``pots``
    in whole pots (wins plus split shares).  ``method`` picks the exact
    enumeration (-1 automatic, 0 every board, 1 by ranks).  Raises
    ValueError when no deal is possible."""
    cdef const uint8_t[:, ::1] cv = combos
    cdef const int[::1] sv = starts
    cdef _Eq e
    cdef int p, c, rc = 0
    cdef uint64_t used = dead, v = _SUIT_BASE, m = 0
    memset(&e, 0, sizeof(e))
    e.players = sv.shape[0] - 1
    if e.players < 1 or e.players > _MAX_PLAYERS:
        raise ValueError(f"between 1 and {_MAX_PLAYERS} players")
    if len(board) > 5:
        raise ValueError("a board has at most 5 cards")
    for c in board:
        if c < 0 or c > 51 or (used >> c) & 1:
            raise ValueError(f"bad board card id {c} (ids 0..51, each once, not dead)")
        used |= (<uint64_t>1) << c
        v += _CARD_KEY[c]
        m |= _CARD_BIT[c]
        e.bcnt[c & 3] += 1
        e.bmask[c & 3] |= 1 << (c >> 2)
    e.bkey = <uint32_t>v
    e.k = 5 - len(board)
    # method 1: ranks first, suits counted (_rank_leaf); 0: deal every board.
    # By default ranks first once three or more cards are to come.
    e.by_ranks = method == 1 or (method < 0 and e.k >= 3)
    e.combos = &cv[0, 0] if cv.shape[0] else NULL
    e.starts = &sv[0]
    for p in range(e.players):
        if sv[p + 1] <= sv[p]:
            raise ValueError(f"player {p + 1} has no hands")
    if not _any_deal(&e, 0, used):
        raise ValueError("no possible deal: every combination of the hands "
                         "conflicts with another hand, the board or the dead cards")
    with nogil:
        if trials == 0:
            _deals(&e, 0, used, v, m)
        else:
            rc = _monte_carlo(&e, used, v, m, trials, seed)
    if rc < 0:
        raise ValueError("the hands almost never fit together (fewer than one "
                         "deal in a million avoids a shared card)")
    return (e.deals, [e.wins[p] for p in range(e.players)],
            [e.ties[p] for p in range(e.players)],
            [e.units[p] / <double>_POT for p in range(e.players)],
            [e.sq[p] for p in range(e.players)], e.attempts)
