# Python boundary of the double-dummy solver (the search is C, dds_solver.h).
#
# Hands come in as four card sets (uint64 masks of canonical card ids,
# id = 4 * rank + suit) in seat order North, East, South, West.
from libc.stdint cimport uint16_t, uint64_t, uint8_t

from cardavia._core.rng cimport Rng, rng_seed, rng_shuffle, rng_below

STRAINS = "CDHSN"


cdef int _split(object hands, uint16_t out[4][4]) except -1:
    cdef uint64_t m, seen = 0
    cdef int p, c
    if len(hands) != 4:
        raise ValueError("a deal needs four hands (North, East, South, West)")
    for p in range(4):
        m = <uint64_t>int(hands[p])
        if m >> 52:
            raise ValueError("bridge hands hold only the 52 cards (no jokers)")
        if m & seen:
            raise ValueError("a card is in two hands")
        seen |= m
        out[p][0] = out[p][1] = out[p][2] = out[p][3] = 0
        c = 0
        while m:
            if m & 1:
                out[p][c & 3] |= <uint16_t>(1 << (c >> 2))
            m >>= 1
            c += 1
    return 0


cdef class Solver:
    """A double-dummy solver with its own transposition table.

    The table persists between calls on one deal (the 20 solves of a
    table, or the positions of one play as its cards go) and starts afresh
    when a call brings cards the deal did not hold.  It takes
    ``128 * 2**log2_entries`` bytes (256-byte buckets of up to seven entries,
    committed as they fill).  The search releases the GIL: use one Solver
    per thread.
    """

    def __cinit__(self, int log2_entries=20):
        self.S = dds_new(log2_entries)
        if self.S == NULL:
            raise MemoryError("cannot allocate the double-dummy table")

    def __dealloc__(self):
        dds_free(self.S)

    def clear(self):
        """Forget every stored position."""
        dds_clear(self.S)

    @property
    def nodes(self):
        """Search nodes visited so far (a work counter)."""
        return self.S.nodes

    def table(self, hands):
        """``out[strain][declarer]``: tricks declarer takes, strains C D H S NT,
        declarers N E S W, for a full 13-card deal."""
        cdef uint16_t h[4][4]
        cdef int out[5][4]
        cdef int r
        _split(hands, h)
        with nogil:
            r = dds_table(self.S, h, out)
        if r < 0:
            raise ValueError("every hand of a deal to solve must hold 13 cards")
        return [[out[s][d] for d in range(4)] for s in range(5)]

    def solve(self, hands, int trump, int leader):
        """Tricks of the leader's side with best play, ``leader`` on lead."""
        cdef uint16_t h[4][4]
        cdef int ns
        _check_strain_seat(trump, leader)
        _split(hands, h)
        with nogil:
            ns = dds_solve_full(self.S, h, trump, leader, -1)
        if ns < 0:
            raise ValueError("the hands must hold equal numbers of cards")
        cdef int tl = 0
        for s in range(4):
            tl += bin(h[0][s]).count("1")
        return ns if leader % 2 == 0 else tl - ns

    def solve_board(self, hands, int trump, int leader, trick=()):
        """Every legal card of the player to move with the tricks his side
        takes from the current trick on.

        ``hands`` are the cards still held; ``trick`` lists the card ids
        already played to the current trick (0-3), led by ``leader``.
        Returns ``[(card_id, tricks), ...]``, best first, ties by card.
        """
        cdef uint16_t h[4][4]
        cdef int ts[4]
        cdef int tr[4]
        cdef int os[13]
        cdef int orr[13]
        cdef unsigned og[13]
        cdef int ov[13]
        cdef int n, i, nc, c, r, tl
        _check_strain_seat(trump, leader)
        _split(hands, h)
        trick = list(trick)
        nc = len(trick)
        if nc > 3:
            raise ValueError("the current trick holds at most 3 cards")
        cdef uint64_t held = 0
        for i in range(4):
            held |= <uint64_t>int(hands[i])
        for i in range(nc):
            c = int(trick[i])
            if not 0 <= c < 52 or (held >> c) & 1:
                raise ValueError(f"trick card {c} is not a card out of the hands")
            if i > 0 and c & 3 != ts[0] and h[(leader + i) & 3][ts[0]]:
                raise ValueError("a card of the current trick does not follow suit")
            ts[i] = c & 3
            tr[i] = c >> 2
        tl = dds_set(self.S, h, trump, leader, nc, ts, tr)
        if tl < 0:
            raise ValueError("the hands' sizes do not fit the current trick")
        if tl == 0:
            return []
        with nogil:
            n = dds_root_moves(self.S, os, orr, og, ov)
        out = []
        for i in range(n):
            for r in range(13):
                if (og[i] >> r) & 1:
                    out.append((4 * r + os[i], ov[i]))
        out.sort(key=lambda cv: (-cv[1], cv[0]))
        return out


def _check_strain_seat(int trump, int leader):
    if not 0 <= trump <= 4:
        raise ValueError(f"strain must be 0..4 (C, D, H, S, NT), got {trump}")
    if not 0 <= leader <= 3:
        raise ValueError(f"seat must be 0..3 (N, E, S, W), got {leader}")


def random_deals_played(uint64_t seed, int count):
    """Compiled self-play loop for the benchmarks: deal ``count`` random deals
    and play each out with uniformly random legal cards (trump drawn at
    random, leader West).  Returns the tricks N-S took over all deals."""
    cdef Rng rng
    cdef uint8_t pack[52]
    cdef uint16_t h[4][4]
    cdef int d, i, p, trick, s, led, best_p, best_s, best_r, r, n, k, trump, ns_total = 0
    cdef int cards[13]
    rng_seed(&rng, seed)
    with nogil:
        for d in range(count):
            for i in range(52):
                pack[i] = <uint8_t>i
            rng_shuffle(&rng, pack, 52)
            for p in range(4):
                h[p][0] = h[p][1] = h[p][2] = h[p][3] = 0
            for i in range(52):
                h[i & 3][pack[i] & 3] |= <uint16_t>(1 << (pack[i] >> 2))
            trump = rng_below(&rng, 5)
            led = 3
            for trick in range(13):
                best_p = -1
                best_s = best_r = 0
                s = -1
                for k in range(4):
                    p = (led + k) & 3
                    n = 0
                    if k > 0 and h[p][s]:
                        for r in range(13):
                            if (h[p][s] >> r) & 1:
                                cards[n] = 4 * r + s
                                n += 1
                    else:
                        for i in range(52):
                            if (h[p][i & 3] >> (i >> 2)) & 1:
                                cards[n] = i
                                n += 1
                    i = cards[rng_below(&rng, n)]
                    h[p][i & 3] &= <uint16_t>~(1 << (i >> 2))
                    if k == 0:
                        s = i & 3
                        best_p, best_s, best_r = p, i & 3, i >> 2
                    elif (i & 3 == best_s and (i >> 2) > best_r) or (trump != 4 and i & 3 == trump and best_s != trump):
                        best_p, best_s, best_r = p, i & 3, i >> 2
                led = best_p
                if led % 2 == 0:
                    ns_total += 1
    return ns_total
