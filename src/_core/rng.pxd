# Explicit, seedable random generator (xoshiro256**, seeded by splitmix64).
# Every game state and simulation owns one; there is no module-global RNG.
from libc.stdint cimport uint64_t, uint32_t, uint8_t

ctypedef struct Rng:
    uint64_t s[4]

cdef inline uint64_t splitmix64(uint64_t* x) noexcept nogil:
    x[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)

cdef inline void rng_seed(Rng* r, uint64_t seed) noexcept nogil:
    cdef uint64_t x = seed
    r.s[0] = splitmix64(&x)
    r.s[1] = splitmix64(&x)
    r.s[2] = splitmix64(&x)
    r.s[3] = splitmix64(&x)

cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))

cdef inline uint64_t rng_next(Rng* r) noexcept nogil:
    cdef uint64_t result = _rotl(r.s[1] * 5, 7) * 9
    cdef uint64_t t = r.s[1] << 17
    r.s[2] ^= r.s[0]
    r.s[3] ^= r.s[1]
    r.s[1] ^= r.s[2]
    r.s[0] ^= r.s[3]
    r.s[2] ^= t
    r.s[3] = _rotl(r.s[3], 45)
    return result

cdef inline uint32_t rng_below(Rng* r, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n), n >= 1, by masked rejection (no modulo bias)."""
    cdef uint32_t mask = n - 1
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    mask |= mask >> 16
    cdef uint32_t x
    while True:
        x = <uint32_t>(rng_next(r) >> 32) & mask
        if x < n:
            return x

cdef inline void rng_shuffle(Rng* r, uint8_t* items, int n) noexcept nogil:
    """Fisher-Yates shuffle in place."""
    cdef int i, j
    cdef uint8_t tmp
    for i in range(n - 1, 0, -1):
        j = rng_below(r, i + 1)
        tmp = items[i]
        items[i] = items[j]
        items[j] = tmp

cdef inline void rng_shuffle_packs(Rng* r, uint8_t* deck, int n, int pack) noexcept nogil:
    """A shuffled deck of ``n`` cards: card ids 0 .. pack-1 repeated (one
    pack after another: ``deck[i] = i % pack``), then Fisher-Yates."""
    cdef int i
    for i in range(n):
        deck[i] = i % pack
    rng_shuffle(r, deck, n)

cdef inline double rng_uniform(Rng* r) noexcept nogil:
    return (rng_next(r) >> 11) * (1.0 / 9007199254740992.0)

cdef class Random:
    cdef Rng state
