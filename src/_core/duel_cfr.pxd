# The single deal of the Up/Down duel (RULES.md §6) as an extensive game for
# CFR+ (issue 15 part 4).  See duel_cfr.pyx for the model.
#
# A player's private state is the ordered pair (locked rank, other rank):
# 169 of them, grouped by the player's public signal (0, 1 or 2 UP cards:
# 36, 84 and 49 states).  Both signals are public, so a player's information
# set at a betting node is (node, opponent's signal, private state): the
# "global" index g = opp_signal * 169 + state, NG = 507 per player.  The
# lock is the player's first decision: information set (opp_signal, hand).

from cardavia._core.betting cimport Betting

cdef enum:
    DC_STATES = 169
    DC_NG = 507          # 3 opponent signals x 169 states
    DC_HANDS = 91        # unordered rank pairs
    DC_LOCKSETS = 273    # 3 opponent signals x 91 hands


cdef class DuelSolver:
    cdef readonly int stack             # chips of each player at the deal's start (before the ante)
    cdef readonly bint full             # every legal bet total is in the tree (else the abstraction)
    cdef readonly int nodes             # decision and terminal nodes
    cdef readonly int decisions
    cdef readonly int edges
    cdef readonly long long size        # entries of a betting strategy (sum of DC_NG * actions)
    cdef readonly long long iterations  # CFR+ iterations run
    cdef int max_actions, max_depth
    # the tree: node arrays, then edge arrays (children of a node are contiguous)
    cdef int[::1] actor                 # 0/1, or -1 terminal
    cdef int[::1] nact
    cdef int[::1] first_edge
    cdef long long[::1] offset          # of the node's block in a betting strategy
    cdef int[::1] term_folder           # -1 showdown, else who folded
    cdef int[::1] term_amount           # chips that change hands (showdown: the matched bet)
    cdef int[::1] edge_child
    cdef int[::1] edge_action
    cdef int[::1] edge_amount
    # CFR+ state (allocated by the first solve)
    cdef double[::1] regret
    cdef double[::1] avg
    cdef double[::1] lock_regret        # 2 players x 273 lock sets x 2
    cdef double[::1] lock_avg
    cdef double[::1] scratch            # per-depth buffers of the traversals

    cdef int _grow(self, Betting b, int raises, int depth, tuple lists) except -1
    cdef int _edge_of(self, int node, int action, int amount) except -2
    cdef int _heuristic_walk(self, int node, Betting b, object bets) except -1
    cdef int _random_walk(self, int node, Betting b, object bets) except -1
    cdef void _terminal(self, int node, int p, const double* ropp, double* out) noexcept nogil
    cdef void _cfr(self, int node, int depth, int p, const double* ropp, const double* rown,
                   double* out, double weight) noexcept nogil
    cdef void _value(self, int node, int depth, int p, const double* ropp, double* out,
                     const double* strat, bint best) noexcept nogil
