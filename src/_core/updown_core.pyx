"""The compiled Up/Down duel (see updown_core.pxd): ``DuelCore``, the Python
face that ``cardavia.updown`` drives, and ``selfplay``, a compiled loop of
random-agent matches for the benchmarks and the statistics."""
from libc.stdint cimport uint64_t, uint8_t
from cardavia._core.rng cimport rng_next, rng_seed, rng_uniform
from cardavia._core.betting cimport bet_policy
from cardavia._core.betting import ERRORS

# The self-play loop spends most of its time in the stock's shuffle, whose
# inner draw loop is short enough to be bound by instruction fetch, so
# where it lands against a 64-byte boundary moves the benchmark by several
# per cent with any edit of this module.  Align loops to 64 bytes here
# (a GCC pragma; other compilers skip it).
cdef extern from *:
    """
    #if defined(__GNUC__) && !defined(__clang__)
    #pragma GCC optimize ("align-loops=64")
    #endif
    """

_MASK64 = (1 << 64) - 1

#: The phases of a deal, by the core's own numbers (``DuelCore.phase``).
LOCK = UD_LOCK
BETTING = UD_BET
DEALT_OUT = UD_DEALT_OUT
PHASES = {UD_LOCK: "lock", UD_BET: "betting", UD_DEALT_OUT: "settled"}
#: The action ``policy`` gives for a lock (its amount is the card's index).
LOCK_ACTION = -1


cdef class DuelCore:
    """One Up/Down match position: ``DuelCore(seed, chips=20)``.  The
    betting figures (``level``, ``stacks``, ``bets``, ``to_call(p)`` …) are
    those of ``BettingFigures``."""

    def __cinit__(self):
        self.bp = &self.d.b

    def __init__(self, seed, int chips=20, first_draws=None):
        """``first_draws``: the four cards of the first deal in drawing
        order (seat 0, seat 1, seat 0, seat 1), else drawn from the stock."""
        cdef uint8_t forced[4]
        cdef int i
        if chips < 1:
            raise ValueError("each player needs at least one chip")
        if first_draws is not None:
            first_draws = list(first_draws)
            if len(first_draws) != 4 or any(not 0 <= c < 52 for c in first_draws):
                raise ValueError("the first deal draws four card ids 0-51")
            for i in range(4):
                forced[i] = first_draws[i]
        if not ud_new_match(&self.d, <uint64_t>(int(seed) & _MASK64), chips,
                            forced if first_draws is not None else NULL):
            raise ValueError("two packs hold only two copies of each card")

    def copy(self):
        cdef DuelCore other = DuelCore.__new__(DuelCore)
        other.d = self.d
        return other

    @property
    def phase(self):
        return self.d.phase

    @property
    def actor(self):
        return ud_actor(&self.d)

    @property
    def starter(self):
        return self.d.starter

    @property
    def deal_no(self):
        return self.d.deal_no

    def hand(self, int p):
        return [self.d.hand[p][0], self.d.hand[p][1]]

    def locked_index(self, int p):
        return self.d.locked[p]

    def locked_card(self, int p):
        return None if self.d.locked[p] < 0 else self.d.hand[p][self.d.locked[p]]

    @property
    def up_counts(self):
        return [self.d.up[0], self.d.up[1]]

    @property
    def chips(self):
        """Chips at the start of the deal (after a settlement: after it)."""
        return [self.d.chips[0], self.d.chips[1]]

    @property
    def winner(self):
        return self.d.winner

    @property
    def folded(self):
        return self.d.folded

    @property
    def won(self):
        return [self.d.won[0], self.d.won[1]]

    @property
    def stock_size(self):
        return self.d.nstock

    @property
    def discard_size(self):
        return self.d.ndiscard

    @property
    def reshuffles(self):
        return self.d.reshuffles

    def stock(self):
        return [self.d.stock[i] for i in range(self.d.nstock)]

    def discards(self):
        return [self.d.discard[i] for i in range(self.d.ndiscard)]

    def lock(self, int index):
        if self.d.phase != UD_LOCK or index not in (0, 1):
            raise ValueError("no lock is due, or a bad card index")
        ud_lock(&self.d, index)

    def check(self, int action, int amount=0):
        if self.d.phase != UD_BET:
            return BET_NO_ACTOR
        return bet_check(&self.d.b, action, amount)

    def act(self, int action, int amount=0):
        cdef int e = self.check(action, amount)
        if e != BET_OK:
            raise ValueError(f"illegal betting action: {ERRORS[e]}")
        ud_act(&self.d, action, amount)

    def menu(self):
        cdef int acts[BET_MAXMENU]
        cdef int amts[BET_MAXMENU]
        cdef int k, m
        if self.d.phase != UD_BET:
            return []
        m = bet_menu(&self.d.b, acts, amts)
        return [(acts[k], amts[k]) for k in range(m)]

    def next_deal(self, draws=None):
        """Start the next deal; False when the match is over.  ``draws``:
        the two cards drawn (starter first), else the top of the stock."""
        cdef uint8_t forced[2]
        cdef int r
        if self.d.phase != UD_DEALT_OUT:
            raise ValueError("the deal is not settled yet")
        if draws is not None:
            draws = list(draws)
            if len(draws) != 2 or any(not 0 <= c < 52 for c in draws):
                raise ValueError("a deal draws two card ids 0-51")
            forced[0] = draws[0]
            forced[1] = draws[1]
        r = ud_next_deal(&self.d, forced if draws is not None else NULL)
        if r < 0:
            raise ValueError("a drawn card is not in the stock")
        return r == 1


cdef inline void ud_policy(const Duel* d, Rng* r, int* action, int* amount) noexcept nogil:
    """The rollout policy (issue 12 part 3): lock the card more likely to
    win (either when equal), then bet on that chance and the pot odds
    (bet_policy).  Reads only what the mover sees."""
    cdef int p = ud_actor(d)
    cdef double a, b
    if d.phase == UD_LOCK:
        a = ud_card_strength(d, p, d.hand[p][0])
        b = ud_card_strength(d, p, d.hand[p][1])
        action[0] = -1          # LOCK_ACTION
        amount[0] = (1 if b > a else 0) if a != b else <int>rng_below(r, 2)
        return
    bet_policy(&d.b, ud_card_strength(d, p, d.hand[p][d.locked[p]]), rng_uniform(r), action, amount)


cdef inline void ud_rollout(Duel* d, Rng* r) noexcept nogil:
    """Play the deal to its settlement with the policy in both seats."""
    cdef int action, amount
    while d.phase != UD_DEALT_OUT:
        ud_policy(d, r, &action, &amount)
        if action < 0:          # LOCK_ACTION
            ud_lock(d, amount)
        else:
            ud_act(d, action, amount)


def rollout(DuelCore position, seed):
    """Chips each player wins or loses in the deal of ``position`` played
    to its settlement by the policy in both seats (``position`` is not
    changed)."""
    cdef Duel d = position.d
    cdef Rng r
    cdef int start0 = d.chips[0], start1 = d.chips[1]
    if d.phase == UD_DEALT_OUT:
        return (0, 0)
    rng_seed(&r, <uint64_t>(int(seed) & _MASK64))
    with nogil:
        ud_rollout(&d, &r)
    return (d.chips[0] - start0, d.chips[1] - start1)


def rollouts(DuelCore position, long long count, seed):
    """The mean chips of each player over ``count`` rollouts of ``position``."""
    cdef Duel d
    cdef Rng r
    cdef long long i
    cdef double s0 = 0, s1 = 0
    if position.d.phase == UD_DEALT_OUT or count <= 0:
        return (0.0, 0.0)
    rng_seed(&r, <uint64_t>(int(seed) & _MASK64))
    with nogil:
        for i in range(count):
            d = position.d
            ud_rollout(&d, &r)
            s0 += d.chips[0] - position.d.chips[0]
            s1 += d.chips[1] - position.d.chips[1]
    return (s0 / count, s1 / count)


def policy(DuelCore position, seed):
    """The policy's move for the player to act: ``(-1, index)`` to lock
    ``hand(p)[index]``, else the betting ``(action, amount)``."""
    cdef Rng r
    cdef int action, amount
    if ud_actor(&position.d) < 0:
        raise ValueError("nobody is to act")
    rng_seed(&r, <uint64_t>(int(seed) & _MASK64))
    with nogil:
        ud_policy(&position.d, &r, &action, &amount)
    return action, amount


def world(int me, mine, int my_lock, chips, int starter, int deal_no, int kept_up, int their_up,
          bint they_locked, discards, actions, seed):
    """A ``DuelCore`` that player ``me`` cannot tell from the real position
    (see ``ud_world``); ``mine`` his two cards (kept card first),
    ``my_lock`` the index of his locked card or -1, ``actions`` the
    ``(action, amount)`` bets of this deal so far."""
    cdef DuelCore out = DuelCore.__new__(DuelCore)
    cdef uint8_t m[2]
    cdef uint8_t disc[UD_CARDS]
    cdef int ch[2]
    cdef int acts[512]
    cdef int amts[512]
    cdef int i, e, nd = len(discards), count = len(actions)
    cdef uint64_t sd = <uint64_t>(int(seed) & _MASK64)
    # (ud_world indexes its tables with all of these: out of range they read outside them)
    if (count > 512 or nd > UD_CARDS - 4 or not 0 <= me <= 1 or not 0 <= starter <= 1 or not -1 <= my_lock <= 1
            or len(mine) != 2 or len(chips) != 2 or deal_no < 1):
        raise ValueError("not a position of the duel")
    m[0] = mine[0]
    m[1] = mine[1]
    ch[0] = chips[0]
    ch[1] = chips[1]
    if m[0] >= 52 or m[1] >= 52 or ch[0] < 1 or ch[1] < 1:
        raise ValueError("not a position of the duel: a card id or a stack is out of range")
    for i in range(nd):
        disc[i] = discards[i]
        if disc[i] >= 52:
            raise ValueError("not a position of the duel: a discard's card id is out of range")
    for i in range(count):
        acts[i] = actions[i][0]
        amts[i] = actions[i][1]
    with nogil:
        e = ud_world(&out.d, sd, ch, starter, deal_no, me, m, my_lock,
                     kept_up, their_up, they_locked, disc, nd, acts, amts, count)
    if e >= 0:
        raise ValueError("no duel position is consistent with this observation "
                         + ("(the signals or the cards seen)" if e > count else f"(bet {e} is illegal)"))
    return out


def is_up(int card):
    """True for 8, 9, 10, J, Q, K, A (UP), False for 2-7 (DOWN) (UD-2.3)."""
    return ud_up(card)


def compare(int a, int b):
    """1 if card a beats card b, -1 if b wins, 0 for a tie (UD-4)."""
    return ud_compare(a, b)


cdef inline int _random_move(Duel* d, Rng* r) noexcept nogil:
    cdef int acts[BET_MAXMENU]
    cdef int amts[BET_MAXMENU]
    cdef int m, k
    if d.phase == UD_LOCK:
        ud_lock(d, rng_below(r, 2))
        return 1
    m = bet_menu(&d.b, acts, amts)
    k = rng_below(r, m)
    ud_act(d, acts[k], amts[k])
    return 1


def selfplay(int matches, seed=0, int chips=20, bint match=True):
    """Play ``matches`` random-agent matches (or single deals when
    ``match=False``) in compiled code, agents choosing uniformly among the
    listed moves.  Returns totals: deals, moves, wins per seat, ties, folds,
    showdowns, reshuffles and the longest match."""
    cdef Duel d
    cdef Rng r
    cdef long long deals = 0, moves = 0, ties = 0, folds = 0, longest = 0, reshuffles = 0
    cdef long long wins0 = 0, wins1 = 0
    cdef int i, start
    rng_seed(&r, <uint64_t>(int(seed) & _MASK64))
    with nogil:
        for i in range(matches):
            ud_new_match(&d, rng_next(&r), chips, NULL)
            start = 0
            while True:
                while d.phase != UD_DEALT_OUT:
                    moves += _random_move(&d, &r)
                deals += 1
                start += 1
                if d.winner < 0:
                    ties += 1
                if d.folded >= 0:
                    folds += 1
                if not match or ud_next_deal(&d, NULL) <= 0:
                    break
            reshuffles += d.reshuffles
            if start > longest:
                longest = start
            if match:
                if d.chips[0] > 0:
                    wins0 += 1
                else:
                    wins1 += 1
    return {"matches": matches, "deals": deals, "moves": moves, "seat_wins": [wins0, wins1],
            "tied_deals": ties, "folds": folds, "reshuffles": reshuffles, "longest_match": longest}
