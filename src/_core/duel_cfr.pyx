"""The Up/Down duel's single deal solved by CFR+ (issue 15 part 4).

The game.  A fresh deal of two French packs (104 cards, 8 of each rank):
two cards each, ante 1 each, both with ``stack`` chips before the ante; the
starter (player 0 here) locks and bets first (UD-2, UD-3).  Only ranks
matter (suits never decide anything, UD-4), so a hand is an unordered rank
pair, dealt with its exact two-pack probability (card removal included),
and a player's private state after his lock is (locked rank, other rank).
Both signals (UP counts, UD-2.3) are public: the game splits into nine
independent subgames, one per signal pair, solved together as vectors.

Information sets.  The lock: (opponent's signal, own hand); the betting:
(betting history = tree node, opponent's signal, own private state).  The
opponent's lock is public only as "locked", which tells nothing.

The tree.  The betting is the shared core's (``betting.pxd``, minimum bet
1).  With ``full`` the tree holds every legal total (the exact game; 6388
decision nodes at 20-20).  Otherwise an abstraction: the minimum bet or
raise, half the pot, the pot, twice the pot (each after calling) and
all-in, at most ``ABSTRACT_RAISES`` bets or raises and then only all-in;
real bets are mapped onto it by the agent (``cardavia.ai.cfr``).

CFR+.  Regret matching+ (regrets floored at 0), alternating updates (player
0 then 1 each iteration), the average strategy weighted quadratically
(iteration t counts t * t times: at 10-10 stacks it reaches in 630
iterations what linear weights reach in about 1000).  Values are chips of the deal for the player, weighted by
the chance of the cards (a counterfactual value is the expected chips times
the chance of the state, summed over the opponent's reach).

Exploitability (chips per deal).  For a profile (sigma0, sigma1):
``(BR0(sigma1) + BR1(sigma0)) / 2`` where ``BRp`` is the exact best-response
value of player p in the single deal.  It is 0 exactly at an equilibrium;
each half of the sum is what a best responder wins from that seat beyond
the game value.
"""
from libc.stdlib cimport malloc, free
from libc.string cimport memset
from cardavia._core.betting cimport (
    Betting, ACT_FOLD, ACT_CHECK, ACT_CALL, ACT_BET, BET_OK, BET_MAXMENU,
    bet_init, bet_post, bet_begin, bet_apply, bet_check, bet_menu, bet_raise_error,
    bet_min_to, bet_max_to, bet_in_hand, bet_policy,
)
from cardavia._core.updown_core cimport Duel, ud_card_strength, ud_compare, ud_up

import numpy as np

# The showdown and fold values are dense block products that take most of
# a solve; where GCC can, they are also compiled for AVX2/FMA and the CPU
# picks the build at load time (function multiversioning).
cdef extern from *:
    """
    #if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
    __attribute__((target_clones("avx2", "default")))
    #endif
    static void dc_block_product(double* o, const float* blk, const double* r, int nx, int ny, double coef)
    {
        int ii, jj;
        for (ii = 0; ii < nx; ii++) o[ii] = 0;
        for (jj = 0; jj < ny; jj++) {
            double rv = r[jj];
            if (rv != 0) {
                const float* row = blk + (long)jj * nx;
                rv *= coef;
                for (ii = 0; ii < nx; ii++) o[ii] += row[ii] * rv;
            }
        }
    }
    """
    void dc_block_product(double* o, const float* blk, const double* r, int nx, int ny, double coef) noexcept nogil

ABSTRACT_RAISES = 4
"""Bets and raises of the abstraction before only all-in is left."""
FULL_TREE_STACK = 20
"""Stacks up to this get the full tree by default (every legal bet)."""
STATES = DC_STATES
NG = DC_NG
HANDS = DC_HANDS
LOCKSETS = DC_LOCKSETS

# -- the card tables -------------------------------------------------------------
cdef int STATE_L[DC_STATES]        # locked rank of each private state (0 = '2' ... 12 = 'A')
cdef int STATE_O[DC_STATES]        # the other rank
cdef int STATE_OF[13][13]          # (locked, other) -> state
cdef int SIG_OFF[3]
cdef int SIG_N[3]
cdef int HAND_LO[DC_HANDS]         # unordered hand: the lower rank, the higher
cdef int HAND_HI[DC_HANDS]
cdef int HAND_OF[13][13]
cdef int BLOCK_OFF[3][3]           # of block (my signal, opponent's signal) in the matrices
# Single precision: the blocks then stay in cache beside the strategy streams
# (the chance weights are exact to 1e-7 of themselves).
cdef float W_BLOCKS[DC_STATES * DC_STATES]    # chance of the two hands, [opp state][my state] per block
cdef float S_BLOCKS[DC_STATES * DC_STATES]    # the same times compare(my locked, opp locked)
cdef double STATE_CHANCE[DC_STATES * 3]       # chance of (my hand, opponent's signal), per state


cdef int _ways(int a, int b, const int* left) noexcept nogil:
    """Card combinations of the rank pair {a, b} among `left` cards per rank."""
    if a == b:
        return left[a] * (left[a] - 1) // 2
    return left[a] * left[b]


cdef void _tables():
    cdef int s, l, o, k = 0, h = 0, x, y, ii, jj, i, j, off = 0
    cdef int left[13]
    cdef double w, first = 104.0 * 103.0 / 2.0, second = 102.0 * 101.0 / 2.0
    for s in range(3):
        SIG_OFF[s] = k
        for l in range(13):
            for o in range(13):
                if ud_up(l << 2) + ud_up(o << 2) == s:
                    STATE_L[k] = l
                    STATE_O[k] = o
                    STATE_OF[l][o] = k
                    k += 1
        SIG_N[s] = k - SIG_OFF[s]
    for l in range(13):
        for o in range(l, 13):
            HAND_LO[h] = l
            HAND_HI[h] = o
            HAND_OF[l][o] = h
            HAND_OF[o][l] = h
            h += 1
    for x in range(3):
        for y in range(3):
            BLOCK_OFF[x][y] = off
            for jj in range(SIG_N[y]):
                j = SIG_OFF[y] + jj
                for ii in range(SIG_N[x]):
                    i = SIG_OFF[x] + ii
                    for s in range(13):
                        left[s] = 8
                    w = _ways(STATE_L[i], STATE_O[i], left) / first
                    left[STATE_L[i]] -= 1
                    left[STATE_O[i]] -= 1
                    w *= _ways(STATE_L[j], STATE_O[j], left) / second
                    W_BLOCKS[off + jj * SIG_N[x] + ii] = w
                    S_BLOCKS[off + jj * SIG_N[x] + ii] = w * ud_compare(STATE_L[i] << 2, STATE_L[j] << 2)
            off += SIG_N[x] * SIG_N[y]
    for x in range(3):
        for ii in range(SIG_N[x]):
            for y in range(3):
                w = 0
                for jj in range(SIG_N[y]):
                    w += W_BLOCKS[BLOCK_OFF[x][y] + jj * SIG_N[x] + ii]
                STATE_CHANCE[(SIG_OFF[x] + ii) * 3 + y] = w


_tables()


def state_index(int locked, int other):
    """The private state of (locked rank, other rank), ranks 0 ('2') to 12 ('A')."""
    if not (0 <= locked < 13 and 0 <= other < 13):
        raise ValueError("ranks are 0-12")
    return STATE_OF[locked][other]


def state_ranks(int state):
    """(locked rank, other rank) of a private state."""
    if not 0 <= state < DC_STATES:
        raise ValueError("a private state is 0-168")
    return STATE_L[state], STATE_O[state]


def hand_index(int a, int b):
    """The hand {a, b} (ranks); its lock actions lock the lower rank (0) or the higher (1)."""
    if not (0 <= a < 13 and 0 <= b < 13):
        raise ValueError("ranks are 0-12")
    return HAND_OF[a][b]


def state_chance(int state, int opp_signal):
    """The chance of being dealt this state's hand with the opponent showing ``opp_signal``."""
    return STATE_CHANCE[state * 3 + opp_signal]


cdef inline int _lock_actions(int h) noexcept nogil:
    return 1 if HAND_LO[h] == HAND_HI[h] else 2


cdef inline int _lock_state(int h, int a) noexcept nogil:
    """The private state after locking action a of hand h."""
    return STATE_OF[HAND_LO[h]][HAND_HI[h]] if a == 0 else STATE_OF[HAND_HI[h]][HAND_LO[h]]


cdef void _lock_reach(const double* locks, int player, double* out) noexcept nogil:
    """A player's reach of each global state at the betting root: his lock strategy."""
    cdef int y, h, a, L
    for y in range(3):
        for h in range(DC_HANDS):
            L = y * DC_HANDS + h
            for a in range(_lock_actions(h)):
                out[y * DC_STATES + _lock_state(h, a)] = locks[(player * DC_LOCKSETS + L) * 2 + a]


cdef void _match(const double* r, int n, double* sigma) noexcept nogil:
    """Regret matching over n actions (regrets are >= 0 under CFR+)."""
    cdef int a
    cdef double s = 0
    for a in range(n):
        s += r[a]
    if s > 0:
        for a in range(n):
            sigma[a] = r[a] / s
    else:
        for a in range(n):
            sigma[a] = 1.0 / n


cdef class DuelSolver:
    """``DuelSolver(stack, full=None)``: the single deal with ``stack`` chips
    each (before the ante), the starter being player 0.  ``full`` (default:
    ``stack <= FULL_TREE_STACK``) builds every legal bet, else the bet
    abstraction.  ``solve(n)`` runs n more CFR+ iterations; strategies are
    NumPy arrays ``(bets, locks)`` (see ``average_strategy``)."""

    def __init__(self, int stack, full=None):
        if stack < 1:
            raise ValueError("each player needs at least one chip")
        self.stack = stack
        self.full = stack <= FULL_TREE_STACK if full is None else bool(full)
        self._build()
        self.regret = self.avg = self.lock_regret = self.lock_avg = np.zeros(0)

    # -- the tree ------------------------------------------------------------
    def _build(self):
        cdef Betting b
        cdef int st[2]
        st[0] = self.stack
        st[1] = self.stack
        bet_init(&b, 2, st, 1)
        bet_post(&b, 0, 1, False)
        bet_post(&b, 1, 1, False)
        bet_begin(&b, 0, 0)
        lists = ([], [], [], [], [], [], [], [], [])   # actor nact first folder amount | child action amount
        self.max_actions = 1
        self.max_depth = 0
        self._grow(b, 0, 0, lists)
        actor, nact, first, folder, amount, child, action, amt, _ = lists
        self.nodes = len(actor)
        self.edges = len(child)
        self.actor = np.array(actor, dtype=np.intc)
        self.nact = np.array(nact, dtype=np.intc)
        self.first_edge = np.array(first, dtype=np.intc)
        self.term_folder = np.array(folder, dtype=np.intc)
        self.term_amount = np.array(amount, dtype=np.intc)
        self.edge_child = np.array(child, dtype=np.intc)
        self.edge_action = np.array(action, dtype=np.intc)
        self.edge_amount = np.array(amt, dtype=np.intc)
        offs = np.zeros(self.nodes, dtype=np.int64)
        total = 0
        self.decisions = 0
        for n in range(self.nodes):
            offs[n] = total
            if actor[n] >= 0:
                total += DC_NG * nact[n]
                self.decisions += 1
        self.offset = offs
        self.size = total
        self.scratch = np.zeros((self.max_depth + 2) * DC_NG * (2 * self.max_actions + 1))

    cdef int _grow(self, Betting b, int raises, int depth, tuple lists) except -1:
        cdef int node = len(lists[0]), p = b.actor, k, e0, lo, hi, pot, owe, t
        cdef Betting c
        if depth > self.max_depth:
            self.max_depth = depth
        if p < 0:
            lists[0].append(-1)
            lists[1].append(0)
            lists[2].append(0)
            if bet_in_hand(&b) <= 1:
                k = 0 if b.folded[0] else 1
                lists[3].append(k)
                lists[4].append(b.total[k])
            else:
                lists[3].append(-1)
                lists[4].append(min(b.total[0], b.total[1]))
            return node
        acts = []
        for k in (ACT_FOLD, ACT_CHECK, ACT_CALL):
            if bet_check(&b, k, 0) == BET_OK:
                acts.append((k, 0))
        if bet_raise_error(&b, p) == BET_OK:
            lo = bet_min_to(&b, p)
            hi = bet_max_to(&b, p)
            if self.full:
                totals = list(range(lo, hi + 1))
            else:
                pot = b.total[0] + b.total[1]
                owe = b.level - b.bet[p]
                sizes = {hi}
                if raises < ABSTRACT_RAISES:
                    sizes.add(lo)
                    for t in (b.level + (pot + owe) // 2, b.level + pot + owe, b.level + 2 * (pot + owe)):
                        if lo < t < hi:
                            sizes.add(t)
                totals = sorted(sizes)
            acts += [(ACT_BET, t) for t in totals]
        lists[0].append(p)
        lists[1].append(len(acts))
        e0 = len(lists[5])
        lists[2].append(e0)
        lists[3].append(-1)
        lists[4].append(0)
        if len(acts) > self.max_actions:
            self.max_actions = len(acts)
        for a, t in acts:
            lists[5].append(-1)
            lists[6].append(a)
            lists[7].append(t)
        for k in range(len(acts)):
            c = b
            bet_apply(&c, acts[k][0], acts[k][1])
            lists[5][e0 + k] = self._grow(c, raises + (acts[k][0] == ACT_BET), depth + 1, lists)
        return node

    def node_actor(self, int node):
        """0 or 1 for a decision node, -1 for a terminal."""
        return self.actor[node]

    def children(self, int node):
        """[(action, amount, child), ...] of a decision node (betting core actions)."""
        cdef int e, e0 = self.first_edge[node]
        return [(self.edge_action[e], self.edge_amount[e], self.edge_child[e])
                for e in range(e0, e0 + self.nact[node])]

    def node_offset(self, int node):
        """Where the node's block starts in a betting strategy: entry
        ``offset + g * actions + a`` is action a of global state g."""
        return int(self.offset[node])

    def terminal(self, int node):
        """(folder or -1 for a showdown, chips that change hands)."""
        return self.term_folder[node], self.term_amount[node]

    # -- CFR+ ------------------------------------------------------------------
    cdef void _terminal(self, int node, int p, const double* ropp, double* out) noexcept nogil:
        cdef int x, y, nx, ny, folder = self.term_folder[node]
        cdef double coef = self.term_amount[node]
        cdef const float* M = &W_BLOCKS[0]
        if folder < 0:
            M = &S_BLOCKS[0]
        elif folder == p:
            coef = -coef
        for x in range(3):
            nx = SIG_N[x]
            for y in range(3):
                ny = SIG_N[y]
                dc_block_product(out + y * DC_STATES + SIG_OFF[x], M + BLOCK_OFF[x][y],
                                 ropp + x * DC_STATES + SIG_OFF[y], nx, ny, coef)

    cdef void _cfr(self, int node, int depth, int p, const double* ropp, const double* rown,
                   double* out, double weight) noexcept nogil:
        cdef int n, a, g, e0, q = self.actor[node]
        cdef long long off
        cdef double v, r
        cdef double* sigma
        cdef double* vals
        cdef double* reach
        cdef double* reg
        cdef double* av
        if q < 0:
            self._terminal(node, p, ropp, out)
            return
        n = self.nact[node]
        e0 = self.first_edge[node]
        off = self.offset[node]
        sigma = &self.scratch[0] + <long long>depth * DC_NG * (2 * self.max_actions + 1)
        vals = sigma + DC_NG * self.max_actions
        reach = vals + DC_NG * self.max_actions
        reg = &self.regret[0] + off
        for g in range(DC_NG):
            _match(reg + g * n, n, sigma + g * n)
        if q == p:
            for a in range(n):
                for g in range(DC_NG):
                    reach[g] = rown[g] * sigma[g * n + a]
                self._cfr(self.edge_child[e0 + a], depth + 1, p, ropp, reach, vals + a * DC_NG, weight)
            av = &self.avg[0] + off
            for g in range(DC_NG):
                v = 0
                for a in range(n):
                    v += sigma[g * n + a] * vals[a * DC_NG + g]
                out[g] = v
                for a in range(n):
                    r = reg[g * n + a] + vals[a * DC_NG + g] - v
                    reg[g * n + a] = r if r > 0 else 0
                    av[g * n + a] += weight * rown[g] * sigma[g * n + a]
        else:
            for a in range(n):
                for g in range(DC_NG):
                    reach[g] = ropp[g] * sigma[g * n + a]
                self._cfr(self.edge_child[e0 + a], depth + 1, p, reach, rown, vals + a * DC_NG, weight)
            for g in range(DC_NG):
                v = 0
                for a in range(n):
                    v += vals[a * DC_NG + g]
                out[g] = v

    def _allocate(self):
        if self.lock_regret.shape[0] == 0:
            self.regret = np.zeros(self.size)
            self.avg = np.zeros(self.size)
            self.lock_regret = np.zeros(2 * DC_LOCKSETS * 2)
            self.lock_avg = np.zeros(2 * DC_LOCKSETS * 2)

    def solve(self, long long iterations):
        """Run ``iterations`` more CFR+ iterations (without the GIL)."""
        cdef long long t, last
        cdef int p, y, h, a, L, na, k
        cdef double* ropp
        cdef double* rown
        cdef double* root
        cdef double locks[2 * DC_LOCKSETS * 2]
        cdef double sig[2]
        cdef double v, r, weight
        if iterations < 0:
            raise ValueError("iterations must be >= 0")
        if self.iterations < 0:
            raise ValueError("this solver was released")
        self._allocate()
        buf = np.zeros(3 * DC_NG)
        cdef double[::1] bv = buf
        ropp = &bv[0]
        rown = ropp + DC_NG
        root = rown + DC_NG
        last = self.iterations + iterations
        with nogil:
            for t in range(self.iterations + 1, last + 1):
                weight = <double>t * <double>t
                for p in range(2):
                    for k in range(2 * DC_LOCKSETS):
                        na = _lock_actions(k % DC_HANDS)
                        _match(&self.lock_regret[0] + k * 2, na, locks + k * 2)
                    _lock_reach(locks, 1 - p, ropp)
                    _lock_reach(locks, p, rown)
                    self._cfr(0, 0, p, ropp, rown, root, weight)
                    for y in range(3):
                        for h in range(DC_HANDS):
                            L = (p * DC_LOCKSETS + y * DC_HANDS + h) * 2
                            na = _lock_actions(h)
                            v = 0
                            for a in range(na):
                                sig[a] = locks[L + a]
                                v += sig[a] * root[y * DC_STATES + _lock_state(h, a)]
                            for a in range(na):
                                r = self.lock_regret[L + a] + root[y * DC_STATES + _lock_state(h, a)] - v
                                self.lock_regret[L + a] = r if r > 0 else 0
                                self.lock_avg[L + a] += weight * sig[a]
        self.iterations = last

    def release(self):
        """Free the regrets and sums of the solve (the tree stays, for
        values and best responses); no more iterations can run."""
        self.regret = self.avg = self.lock_regret = self.lock_avg = np.zeros(0)
        self.iterations = -1

    def average_strategy(self):
        """``(bets, locks)``: the normalized average strategy.  ``bets``
        (float64, ``size``): entry ``node_offset(n) + g * actions + a``;
        ``locks`` (2 x 273 x 2): player, lock set ``opp_signal * 91 + hand``,
        lock the lower / higher rank (pairs: action 0 only)."""
        cdef long long off, i
        cdef int node, g, a, n
        cdef double s
        if self.iterations == 0:
            return self.uniform_strategy()
        if self.iterations < 0:
            raise ValueError("this solver was released")
        bets = np.asarray(self.avg).copy()
        locks = np.asarray(self.lock_avg).copy().reshape(2, DC_LOCKSETS, 2)
        for node in range(self.nodes):
            n = self.nact[node]
            if self.actor[node] < 0:
                continue
            block = bets[self.offset[node]:self.offset[node] + DC_NG * n].reshape(DC_NG, n)
            sums = block.sum(axis=1, keepdims=True)
            block[:] = np.where(sums > 0, block / np.where(sums > 0, sums, 1), 1.0 / n)
        return bets, _normalize_locks(locks)

    def uniform_strategy(self):
        """Every action equally likely (as ``average_strategy`` lays it out)."""
        bets = np.zeros(self.size)
        for node in range(self.nodes):
            n = self.nact[node]
            if self.actor[node] >= 0:
                bets[self.offset[node]:self.offset[node] + DC_NG * n] = 1.0 / n
        return bets, _normalize_locks(np.ones((2, DC_LOCKSETS, 2)))

    # -- values and best responses -------------------------------------------
    cdef void _value(self, int node, int depth, int p, const double* ropp, double* out,
                     const double* strat, bint best) noexcept nogil:
        cdef int n, a, g, e0, q = self.actor[node]
        cdef long long off
        cdef double v, x
        cdef double* vals
        cdef double* reach
        cdef const double* s
        if q < 0:
            self._terminal(node, p, ropp, out)
            return
        n = self.nact[node]
        e0 = self.first_edge[node]
        off = self.offset[node]
        s = strat + off
        vals = &self.scratch[0] + <long long>depth * DC_NG * (2 * self.max_actions + 1)
        reach = vals + DC_NG * self.max_actions
        if q == p:
            for a in range(n):
                self._value(self.edge_child[e0 + a], depth + 1, p, ropp, vals + a * DC_NG, strat, best)
            for g in range(DC_NG):
                if best:
                    v = vals[g]
                    for a in range(1, n):
                        x = vals[a * DC_NG + g]
                        if x > v:
                            v = x
                else:
                    v = 0
                    for a in range(n):
                        v += s[g * n + a] * vals[a * DC_NG + g]
                out[g] = v
        else:
            for a in range(n):
                for g in range(DC_NG):
                    reach[g] = ropp[g] * s[g * n + a]
                self._value(self.edge_child[e0 + a], depth + 1, p, reach, vals + a * DC_NG, strat, best)
            for g in range(DC_NG):
                v = 0
                for a in range(n):
                    v += vals[a * DC_NG + g]
                out[g] = v

    def _check(self, bets, locks):
        bets = np.ascontiguousarray(bets, dtype=np.float64)
        locks = np.ascontiguousarray(locks, dtype=np.float64).reshape(-1)
        if bets.shape != (self.size,) or locks.shape != (2 * DC_LOCKSETS * 2,):
            raise ValueError(f"a strategy of this tree is ({self.size},) bets and (2, 273, 2) locks")
        return bets, locks.reshape(-1)

    def root_values(self, int p, bets, locks, bint best=False):
        """p's counterfactual value of each global state at the betting root
        (the opponent playing ``bets``/``locks``; p too unless ``best``)."""
        cdef double[::1] b
        cdef double[::1] lk
        bets, locks = self._check(bets, locks)
        b = bets
        lk = locks
        out = np.zeros(2 * DC_NG)
        cdef double[::1] o = out
        with nogil:
            _lock_reach(&lk[0], 1 - p, &o[0] + DC_NG)
            self._value(0, 0, p, &o[0] + DC_NG, &o[0], &b[0], best)
        return out[:DC_NG].copy()

    def value(self, int p, bets, locks):
        """p's expected chips in the deal when both play the strategy."""
        bets, locks = self._check(bets, locks)
        root = self.root_values(p, bets, locks)
        reach = np.zeros(DC_NG)
        cdef double[::1] lk = locks
        cdef double[::1] rv = reach
        _lock_reach(&lk[0], p, &rv[0])
        return float(np.dot(root, reach))

    def best_response_value(self, int p, bets, locks):
        """p's expected chips when he best-responds to the opponent's part of the strategy."""
        cdef int y, h, a
        cdef double total = 0, v, x
        root = self.root_values(p, bets, locks, True)
        for y in range(3):
            for h in range(DC_HANDS):
                v = root[y * DC_STATES + _lock_state(h, 0)]
                for a in range(1, _lock_actions(h)):
                    x = root[y * DC_STATES + _lock_state(h, a)]
                    if x > v:
                        v = x
                total += v
        return total

    def exploitability(self, bets=None, locks=None):
        """``{"br0", "br1", "exploitability"}`` of a strategy profile (default:
        the average strategy) in chips per deal: ``(br0 + br1) / 2``."""
        if bets is None:
            bets, locks = self.average_strategy()
        b0 = self.best_response_value(0, bets, locks)
        b1 = self.best_response_value(1, bets, locks)
        return {"br0": b0, "br1": b1, "exploitability": (b0 + b1) / 2}

    # -- the strategies of the other agents ------------------------------------
    def heuristic_strategy(self):
        """The compiled rollout policy (``heuristic``, ``ud_policy``) as a
        strategy of this tree, exactly: its bet uses a uniform u only through
        u < 0.1 and u < 0.33, and a lock tie is an even coin."""
        cdef Betting b
        cdef Duel d
        cdef int st[2], y, h, p, a
        cdef double sa, sb
        bets = np.zeros(self.size)
        locks = np.zeros((2, DC_LOCKSETS, 2))
        memset(&d, 0, sizeof(Duel))
        for p in range(2):
            for y in range(3):
                for h in range(DC_HANDS):
                    d.hand[p][0] = HAND_LO[h] << 2
                    d.hand[p][1] = (HAND_HI[h] << 2) | 1
                    d.up[1 - p] = y
                    sa = ud_card_strength(&d, p, d.hand[p][0])
                    sb = ud_card_strength(&d, p, d.hand[p][1])
                    if _lock_actions(h) == 1:
                        locks[p, y * DC_HANDS + h, 0] = 1
                    elif sa == sb:
                        locks[p, y * DC_HANDS + h] = 0.5
                    else:
                        locks[p, y * DC_HANDS + h, 1 if sb > sa else 0] = 1
        st[0] = self.stack
        st[1] = self.stack
        bet_init(&b, 2, st, 1)
        bet_post(&b, 0, 1, False)
        bet_post(&b, 1, 1, False)
        bet_begin(&b, 0, 0)
        self._heuristic_walk(0, b, bets)
        return bets, locks.reshape(-1)

    cdef int _edge_of(self, int node, int action, int amount) except -2:
        cdef int e, e0 = self.first_edge[node]
        for e in range(e0, e0 + self.nact[node]):
            if self.edge_action[e] == action and (action != ACT_BET or self.edge_amount[e] == amount):
                return e - e0
        raise ValueError(f"the move ({action}, {amount}) is not in the tree")

    cdef int _heuristic_walk(self, int node, Betting b, object bets) except -1:
        cdef Duel d
        cdef Betting c
        cdef int p = self.actor[node], n, g, k, act, amt, a, e0, i
        cdef long long off
        cdef double win
        cdef double us[3]
        cdef double ws[3]
        if p < 0:
            return 0
        us[0] = 0.05
        us[1] = 0.2
        us[2] = 0.5
        ws[0] = 0.1
        ws[1] = 0.23
        ws[2] = 0.67
        n = self.nact[node]
        off = self.offset[node]
        memset(&d, 0, sizeof(Duel))
        for g in range(DC_NG):
            k = g % DC_STATES
            d.hand[p][0] = STATE_L[k] << 2
            d.hand[p][1] = (STATE_O[k] << 2) | 1
            d.up[1 - p] = g // DC_STATES
            win = ud_card_strength(&d, p, d.hand[p][0])
            for i in range(3):
                bet_policy(&b, win, us[i], &act, &amt)
                a = self._edge_of(node, act, amt)
                bets[off + g * n + a] += ws[i]
        e0 = self.first_edge[node]
        for a in range(n):
            c = b
            bet_apply(&c, self.edge_action[e0 + a], self.edge_amount[e0 + a])
            self._heuristic_walk(self.edge_child[e0 + a], c, bets)
        return 0

    def random_strategy(self):
        """The ``random`` agent: uniform over the listed moves (``bet_menu``)
        and over the distinct cards to lock."""
        cdef Betting b
        cdef int st[2]
        bets = np.zeros(self.size)
        st[0] = self.stack
        st[1] = self.stack
        bet_init(&b, 2, st, 1)
        bet_post(&b, 0, 1, False)
        bet_post(&b, 1, 1, False)
        bet_begin(&b, 0, 0)
        self._random_walk(0, b, bets)
        return bets, _normalize_locks(np.ones((2, DC_LOCKSETS, 2)))

    cdef int _random_walk(self, int node, Betting b, object bets) except -1:
        cdef Betting c
        cdef int acts[BET_MAXMENU]
        cdef int amts[BET_MAXMENU]
        cdef int p = self.actor[node], n, m, i, a, e0
        cdef long long off
        if p < 0:
            return 0
        n = self.nact[node]
        off = self.offset[node]
        m = bet_menu(&b, acts, amts)
        block = np.zeros(n)
        for i in range(m):
            block[self._edge_of(node, acts[i], amts[i])] += 1.0 / m
        bets[off:off + DC_NG * n] = np.tile(block, DC_NG)
        e0 = self.first_edge[node]
        for a in range(n):
            c = b
            bet_apply(&c, self.edge_action[e0 + a], self.edge_amount[e0 + a])
            self._random_walk(self.edge_child[e0 + a], c, bets)
        return 0


def _normalize_locks(locks):
    """Pairs have one lock action; other lock sets are normalized."""
    locks = np.asarray(locks, dtype=np.float64).reshape(2, DC_LOCKSETS, 2).copy()
    for h in range(DC_HANDS):
        if HAND_LO[h] == HAND_HI[h]:
            locks[:, h::DC_HANDS, 0] = 1
            locks[:, h::DC_HANDS, 1] = 0
    sums = locks.sum(axis=2, keepdims=True)
    locks = np.where(sums > 0, locks / np.where(sums > 0, sums, 1), 0.5)
    return locks.reshape(-1)
