/* The batch kernel of the poker evaluator (see poker.pyx for the scheme).
 *
 * Each card owns a 16-byte pair {key, lanes}: key = rank multiplier + one
 * suit-counter nibble, lanes = 1 << (16 * suit + rank).  One 128-bit add per
 * card sums both words at once.  Summing the lane bits instead of OR-ing
 * them is exact for distinct cards, and tells duplicates apart: a sum of k
 * powers of two has exactly k bits set only when no two are equal (every
 * carry loses a bit), and ids >= 52 carry no bit at all.
 */
#ifndef CARDAVIA_POKER_EVAL_H
#define CARDAVIA_POKER_EVAL_H
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define CV_ROW_BITS 13
#define CV_SLOT_BITS 17
#define CV_SLOTS (1u << CV_SLOT_BITS)

typedef struct {
    uint64_t key;
    uint64_t lanes;
} cv_card_t;

typedef struct {
    const cv_card_t *cards;      /* 256 entries, zero beyond id 51 */
    const uint16_t *flush;       /* 8192 */
    const uint16_t *offset;      /* 1 << CV_ROW_BITS, half displacements */
    const uint16_t *table;       /* CV_SLOTS */
    uint64_t mul;
    uint64_t base;               /* suit counters start at 3 */
} cv_eval_t;

static inline int cv_eval_finish(const cv_eval_t *e, uint64_t v, uint64_t m) {
    uint32_t f = (uint32_t)(v >> 32) & 0x8888u;
    if (f)
        return e->flush[(m >> ((__builtin_ctz(f) >> 2) << 4)) & 0x1fff];
    uint64_t h = (uint64_t)(uint32_t)v * e->mul;
    uint32_t slot = ((uint32_t)(h >> (64 - CV_ROW_BITS - CV_SLOT_BITS))
                     + 2u * e->offset[h >> (64 - CV_ROW_BITS)]) & (CV_SLOTS - 1);
    return e->table[slot];
}

/* The kernel is written once as a macro and stamped out per integer type of
 * the input (NumPy's default int64 as well as uint8), so no array is ever
 * converted first.  IDX(x) maps a card id to its table entry: uint8 ids
 * index the 256-entry table directly (ids >= 52 hold zeros); wider or
 * signed ids are clamped to entry 52 (zeros) when outside 0..51, so every
 * read stays inside the table and a bad id still shows in the popcount. */
#define CV_IDX_U8(x) (x)
#define CV_IDX_WIDE(x) ((uint64_t)(x) < 52u ? (uint32_t)(x) : 52u)

#if defined(__SSE2__)
#define CV_EVAL_ROWS(NAME, T, IDX)                                              \
/* Key and lanes of one row, summed in two chains (one 128-bit add per card). */ \
static inline __m128i cv_eval_sum_##NAME(const cv_card_t *t, const T *r, const int k, \
                                         __m128i base) {                        \
    __m128i acc = _mm_add_epi64(base, _mm_loadu_si128((const __m128i *)&t[IDX(r[0])])); \
    __m128i acc2 = _mm_loadu_si128((const __m128i *)&t[IDX(r[1])]);             \
    for (int j = 2; j < k; j += 2) {                                            \
        acc = _mm_add_epi64(acc, _mm_loadu_si128((const __m128i *)&t[IDX(r[j])])); \
        if (j + 1 < k)                                                          \
            acc2 = _mm_add_epi64(acc2, _mm_loadu_si128((const __m128i *)&t[IDX(r[j + 1])])); \
    }                                                                           \
    return _mm_add_epi64(acc, acc2);                                            \
}                                                                               \
/* Rank `count` rows of `k` ids; returns 0 when every row held k distinct      \
 * ids 0..51, else nonzero (the caller then looks for the first bad row). */   \
static inline int cv_eval_rows_##NAME(const cv_eval_t *ep, const T *a, int32_t *out, \
                                      int64_t count, const int k) {             \
    /* A local copy: stores to `out` cannot alias it, so nothing reloads. */   \
    const cv_eval_t e = *ep;                                                    \
    const cv_card_t *t = e.cards;                                               \
    int bad = 0;                                                                \
    int64_t i = 0;                                                              \
    /* Two rows per turn: more independent work in flight. */                  \
    __m128i base = _mm_set_epi64x(0, (long long)e.base);                        \
    for (; i + 1 < count; i += 2) {                                             \
        __m128i x = cv_eval_sum_##NAME(t, a + k * i, k, base);                  \
        __m128i y = cv_eval_sum_##NAME(t, a + k * (i + 1), k, base);            \
        bad |= cv_eval_one(&e, x, out + i, k);                                  \
        bad |= cv_eval_one(&e, y, out + i + 1, k);                              \
    }                                                                           \
    if (i < count)                     /* an odd row left over */              \
        bad |= cv_eval_one(&e, cv_eval_sum_##NAME(t, a + k * i, k, base), out + i, k); \
    return bad;                                                                 \
}

static inline int cv_eval_one(const cv_eval_t *e, __m128i x, int32_t *out, const int k) {
    uint64_t v = (uint64_t)_mm_cvtsi128_si64(x);
    uint64_t m = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x));
    *out = cv_eval_finish(e, v, m);
    return __builtin_popcountll(m) ^ k;
}
#else
#define CV_EVAL_ROWS(NAME, T, IDX)                                              \
static inline int cv_eval_rows_##NAME(const cv_eval_t *ep, const T *a, int32_t *out, \
                                      int64_t count, const int k) {             \
    const cv_eval_t e = *ep;                                                    \
    const cv_card_t *t = e.cards;                                               \
    int bad = 0;                                                                \
    for (int64_t i = 0; i < count; i++) {                                       \
        const T *r = a + k * i;                                                 \
        uint64_t v = e.base, m = 0;                                             \
        for (int j = 0; j < k; j++) {                                           \
            v += t[IDX(r[j])].key;                                              \
            m += t[IDX(r[j])].lanes;                                            \
        }                                                                       \
        bad |= __builtin_popcountll(m) ^ k;                                     \
        out[i] = cv_eval_finish(&e, v, m);                                      \
    }                                                                           \
    return bad;                                                                 \
}
#endif

/* One entry point per input type: k = 5, 6, 7 each get a constant-k loop. */
#define CV_EVAL_BATCH(NAME, T, IDX)                                             \
CV_EVAL_ROWS(NAME, T, IDX)                                                      \
static int cv_eval_batch_##NAME(const cv_eval_t *e, const T *a, int32_t *out,   \
                                int64_t count, int k) {                         \
    switch (k) {                                                                \
    case 5: return cv_eval_rows_##NAME(e, a, out, count, 5);                    \
    case 6: return cv_eval_rows_##NAME(e, a, out, count, 6);                    \
    default: return cv_eval_rows_##NAME(e, a, out, count, 7);                   \
    }                                                                           \
}

CV_EVAL_BATCH(u8, uint8_t, CV_IDX_U8)
CV_EVAL_BATCH(i8, int8_t, CV_IDX_WIDE)
CV_EVAL_BATCH(u16, uint16_t, CV_IDX_WIDE)
CV_EVAL_BATCH(i16, int16_t, CV_IDX_WIDE)
CV_EVAL_BATCH(u32, uint32_t, CV_IDX_WIDE)
CV_EVAL_BATCH(i32, int32_t, CV_IDX_WIDE)
CV_EVAL_BATCH(u64, uint64_t, CV_IDX_WIDE)
CV_EVAL_BATCH(i64, int64_t, CV_IDX_WIDE)

/* The uint8 kernel under its historical name. */
static inline int cv_eval_batch(const cv_eval_t *e, const uint8_t *a, int32_t *out,
                                int64_t count, int k) {
    return cv_eval_batch_u8(e, a, out, count, k);
}
#endif
