"""A small explicit random generator shared by the engine (xoshiro256**).

``Random`` is the Python face of the C-level ``Rng`` struct: states own one,
clone it with their own copy, and serialise it as four integers, so every
deal replays the same on every machine.
"""
from libc.stdint cimport uint64_t, uint8_t

_MASK64 = (1 << 64) - 1


def derive_seed(seed, index):
    """The seed of deal ``index`` of a run seeded with ``seed``.

    Results do not depend on how deals are split between worker processes.
    """
    cdef uint64_t x = (<uint64_t>(int(seed) & _MASK64)) ^ (<uint64_t>0xD1B54A32D192ED03 * <uint64_t>(int(index) & _MASK64))
    splitmix64(&x)
    return splitmix64(&x)


cdef class Random:
    """xoshiro256** seeded with splitmix64; ``Random(seed)``."""

    def __init__(self, seed=0):
        rng_seed(&self.state, <uint64_t>(int(seed) & _MASK64))

    def next_u64(self):
        return rng_next(&self.state)

    def randbelow(self, n):
        """Uniform int in [0, n); n between 1 and 2**32."""
        if n < 1 or n > 0xFFFFFFFF:
            raise ValueError(f"randbelow needs 1 <= n < 2**32, got {n}")
        return rng_below(&self.state, <unsigned int>n)

    def random(self):
        return rng_uniform(&self.state)

    def shuffle_ids(self, ids):
        """Return a new list: ``ids`` (ints 0..255) shuffled."""
        cdef int n = len(ids)
        cdef bytearray buf = bytearray(ids)
        cdef uint8_t[::1] view = buf
        if n > 1:
            rng_shuffle(&self.state, &view[0], n)
        return list(buf)

    def copy(self):
        cdef Random other = Random.__new__(Random)
        other.state = self.state
        return other

    def getstate(self):
        return (self.state.s[0], self.state.s[1], self.state.s[2], self.state.s[3])

    def setstate(self, st):
        for i in range(4):
            self.state.s[i] = <uint64_t>(int(st[i]) & _MASK64)

    def __reduce__(self):
        return (_restore, (self.getstate(),))


def _restore(st):
    r = Random(0)
    r.setstate(st)
    return r
