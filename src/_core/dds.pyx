# Python boundary of the double-dummy solver (the search is C, dds_solver.h).
#
# Hands come in as four card sets (uint64 masks of canonical card ids,
# id = 4 * rank + suit) in seat order North, East, South, West.
from libc.stdint cimport uint16_t, uint64_t, uint8_t

from cardavia._core.errors import ArgumentTypeError


STRAINS = "CDHSN"


cdef extern from *:
    """
    /* Count the given hands as cards of the deal the table holds, so that
       dds_set keeps the table for them: its entries are keyed by the owners
       of the remaining cards (suit lengths, owners of the top ranks), which
       is as sound for another deal of the same cards as for the same deal. */
    static void dds_adopt(dds_solver *S, const uint16_t hand[4][4]) {
        if (!S->have_deal) return;
        for (int p = 0; p < 4; p++)
            for (int s = 0; s < 4; s++) S->deal[p][s] |= hand[p][s];
    }
    /* Forget the table and the move-ordering hints: a search after this
       visits the same nodes as on a new solver. */
    static void dds_forget(dds_solver *S) {
        dds_clear(S);
        memset(S->killer, 0, sizeof(S->killer));
    }
    """
    void dds_adopt(dds_solver* S, const uint16_t hand[4][4]) nogil
    void dds_forget(dds_solver* S) nogil


cdef int _split(object hands, uint16_t out[4][4]) except -1:
    cdef uint64_t m, seen = 0
    cdef int p, c
    if len(hands) != 4:
        raise ValueError("a deal needs four hands (North, East, South, West)")
    for p in range(4):
        v = hands[p]
        if isinstance(v, bool) or not isinstance(v, int):
            raise ArgumentTypeError(f"a hand is a card mask (an int), not {type(v).__name__}")
        if v < 0 or v >> 52:
            raise ValueError("bridge hands hold only the 52 cards (no jokers)")
        m = <uint64_t>v
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
        """Forget every stored position (and the move-ordering hints: the
        next search visits the nodes a new solver's would)."""
        dds_forget(self.S)

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

    def solve(self, hands, trump_arg, leader_arg):
        """Tricks of the leader's side with best play, ``leader`` on lead."""
        cdef uint16_t h[4][4]
        cdef int ns
        cdef int trump = _small_int(trump_arg, "strain", 4), leader = _small_int(leader_arg, "seat", 3)
        _split(hands, h)
        with nogil:
            ns = dds_solve_full(self.S, h, trump, leader, -1)
        if ns < 0:
            raise ValueError("the hands must hold equal numbers of cards")
        cdef int tl = 0
        for s in range(4):
            tl += bin(h[0][s]).count("1")
        return ns if leader % 2 == 0 else tl - ns

    def solve_board(self, hands, trump_arg, leader_arg, trick=(), keep=False):
        """Every legal card of the player to move with the tricks his side
        takes from the current trick on.

        ``hands`` are the cards still held; ``trick`` lists the card ids
        already played to the current trick (0-3), led by ``leader``.
        With ``keep`` the table is kept even when the hands are another
        deal's (the sampled deals of one decision: positions are keyed by
        who holds which remaining cards, so the entries stay sound).
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
        cdef int trump = _small_int(trump_arg, "strain", 4), leader = _small_int(leader_arg, "seat", 3)
        _split(hands, h)
        trick = list(trick)
        nc = len(trick)
        if nc > 3:
            raise ValueError("the current trick holds at most 3 cards")
        cdef uint64_t held = 0
        for i in range(4):
            held |= <uint64_t>int(hands[i])
        for i in range(nc):
            c = _small_int(trick[i], "a trick card id", 51)
            if (held >> c) & 1:
                raise ValueError(f"trick card {c} is not a card out of the hands")
            if i > 0 and c & 3 != ts[0] and h[(leader + i) & 3][ts[0]]:
                raise ValueError("a card of the current trick does not follow suit")
            ts[i] = c & 3
            tr[i] = c >> 2
        if keep:
            dds_adopt(self.S, h)
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


cdef int _small_int(object v, str what, int high) except -1:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ArgumentTypeError(f"{what} must be an int 0..{high}, not {type(v).__name__}")
    if not 0 <= v <= high:
        raise ValueError(f"{what} must be 0..{high}, got {v if -10**6 < v < 10**6 else 'a huge number'}")
    return <int>v
