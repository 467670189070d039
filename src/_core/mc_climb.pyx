"""The Monte Carlo agent's inner loop for the climbing games (Dou Dizhu,
Zheng Shangyou): every candidate move played out in every world, in the
core, with no Python object per playout.

``score(worlds, moves, player)`` takes the worlds drawn for one decision
(``Position`` values of ``cardavia._core.climb``) and the candidate moves
(``ClimbMove`` values), and for each world and candidate copies the world,
applies the candidate (``pos_apply``) and plays the rest of the deal with
the compiled policy (``rollout_c``), summing ``player``'s returns per
candidate as integers (exact, so the order of the sums never matters).
The loop runs without the GIL, so threads calling it run in parallel.

"""
from libc.stdint cimport uint64_t, int64_t
from libc.stdlib cimport malloc, free

from cardavia._core.climb cimport CMove, Pos, PH_OVER, Position, pos_apply, pos_returns, rollout_c

cdef enum:
    CAP = 8192

cdef inline Pos* pos_of(object world):
    return &(<Position>world).p


def score(list worlds, list moves, int player, bint wins=False):
    """Per candidate, the summed returns of ``player`` over the worlds (with
    ``wins``: the number of worlds where ``player``'s return is positive)."""
    cdef Py_ssize_t nw = len(worlds), nm = len(moves), i, j
    cdef int r[3]
    cdef Pos q
    cdef Pos** ps
    cdef CMove* ms
    cdef CMove* buf
    cdef int64_t* totals
    if not 0 <= player <= 2:
        raise ValueError("player is 0-2")
    for w in worlds:
        if type(w) is not Position:
            raise TypeError("worlds are climb.Position values")
    ps = <Pos**>malloc((nw + 1) * sizeof(Pos*))
    ms = <CMove*>malloc((nm + 1) * sizeof(CMove))
    buf = <CMove*>malloc(CAP * sizeof(CMove))
    totals = <int64_t*>malloc((nm + 1) * sizeof(int64_t))
    if ps == NULL or ms == NULL or buf == NULL or totals == NULL:
        free(ps); free(ms); free(buf); free(totals)
        raise MemoryError()
    try:
        for i in range(nw):
            ps[i] = pos_of(worlds[i])
        for j in range(nm):
            m = moves[j]
            ms[j].counts = m.counts
            ms[j].kind = m.kind_id
            ms[j].rank = m.rank
            ms[j].length = m.length
            ms[j].ncards = m.ncards
            totals[j] = 0
        with nogil:
            for i in range(nw):
                for j in range(nm):
                    q = ps[i][0]
                    if q.phase != PH_OVER:
                        pos_apply(&q, &ms[j])
                        rollout_c(&q, buf, CAP)
                    pos_returns(&q, r)
                    if wins:
                        totals[j] += 1 if r[player] > 0 else 0
                    else:
                        totals[j] += r[player]
        return [totals[j] for j in range(nm)]
    finally:
        free(ps); free(ms); free(buf); free(totals)
