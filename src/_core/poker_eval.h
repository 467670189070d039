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

#if defined(__SSE2__)
/* Key and lanes of one row, summed in two chains (one 128-bit add per card). */
static inline __m128i cv_eval_sum(const cv_card_t *t, const uint8_t *r, const int k,
                                  __m128i base) {
    __m128i acc = _mm_add_epi64(base, _mm_loadu_si128((const __m128i *)&t[r[0]]));
    __m128i acc2 = _mm_loadu_si128((const __m128i *)&t[r[1]]);
    for (int j = 2; j < k; j += 2) {
        acc = _mm_add_epi64(acc, _mm_loadu_si128((const __m128i *)&t[r[j]]));
        if (j + 1 < k)
            acc2 = _mm_add_epi64(acc2, _mm_loadu_si128((const __m128i *)&t[r[j + 1]]));
    }
    return _mm_add_epi64(acc, acc2);
}

static inline int cv_eval_one(const cv_eval_t *e, __m128i x, int32_t *out, const int k) {
    uint64_t v = (uint64_t)_mm_cvtsi128_si64(x);
    uint64_t m = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x));
    *out = cv_eval_finish(e, v, m);
    return __builtin_popcountll(m) ^ k;
}
#endif

/* Rank `count` rows of `k` ids; returns 0 when every row held k distinct
 * ids 0..51, else nonzero (the caller then looks for the first bad row). */
static inline int cv_eval_rows(const cv_eval_t *ep, const uint8_t *a, int32_t *out,
                               int64_t count, const int k) {
    /* A local copy: stores to `out` cannot alias it, so nothing reloads. */
    const cv_eval_t e = *ep;
    const cv_card_t *t = e.cards;
    int bad = 0;
    int64_t i = 0;
#if defined(__SSE2__)
    /* Two rows per turn: more independent work in flight. */
    __m128i base = _mm_set_epi64x(0, (long long)e.base);
    for (; i + 1 < count; i += 2) {
        __m128i x = cv_eval_sum(t, a + k * i, k, base);
        __m128i y = cv_eval_sum(t, a + k * (i + 1), k, base);
        bad |= cv_eval_one(&e, x, out + i, k);
        bad |= cv_eval_one(&e, y, out + i + 1, k);
    }
    if (i < count)                     /* an odd row left over */
        bad |= cv_eval_one(&e, cv_eval_sum(t, a + k * i, k, base), out + i, k);
#else
    for (; i < count; i++) {
        const uint8_t *r = a + k * i;
        uint64_t v = e.base, m = 0;
        for (int j = 0; j < k; j++) {
            v += t[r[j]].key;
            m += t[r[j]].lanes;
        }
        bad |= __builtin_popcountll(m) ^ k;
        out[i] = cv_eval_finish(&e, v, m);
    }
#endif
    return bad;
}

static int cv_eval_batch(const cv_eval_t *e, const uint8_t *a, int32_t *out,
                         int64_t count, int k) {
    switch (k) {
    case 5: return cv_eval_rows(e, a, out, count, 5);
    case 6: return cv_eval_rows(e, a, out, count, 6);
    default: return cv_eval_rows(e, a, out, count, 7);
    }
}
#endif
