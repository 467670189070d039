"""The shared no-limit betting round (see betting.pxd), with a thin Python
face, ``BettingRound``, for the game State classes and tests."""
from libc.stdint cimport uint32_t

FOLD = ACT_FOLD
CHECK = ACT_CHECK
CALL = ACT_CALL
BET = ACT_BET

OK = BET_OK
NO_ACTOR = BET_NO_ACTOR
CHECK_OWES = BET_CHECK_OWES
CALL_NOTHING = BET_CALL_NOTHING
NO_RAISE_CHIPS = BET_NO_RAISE_CHIPS
NO_RAISE_OPPONENT = BET_NO_RAISE_OPPONENT
NOT_REOPENED = BET_NOT_REOPENED
TOO_SMALL = BET_TOO_SMALL
TOO_LARGE = BET_TOO_LARGE
FOLD_FREE = BET_FOLD_FREE

MAX_PLAYERS = BET_MAXP


cdef class BettingFigures:
    """The betting figures of a position: the round's level and last full
    raise, each seat's stack, round bet and hand total, and what the player
    ``p`` owes, whether he may raise and between which totals."""

    @property
    def level(self):
        return self.bp.level

    @property
    def full_raise(self):
        return self.bp.full_raise

    @property
    def stacks(self):
        return [self.bp.stack[i] for i in range(self.bp.n)]

    @property
    def bets(self):
        return [self.bp.bet[i] for i in range(self.bp.n)]

    @property
    def totals(self):
        return [self.bp.total[i] for i in range(self.bp.n)]

    def to_call(self, int p):
        return bet_to_call(self.bp, p)

    def raise_error(self, int p):
        """0 when p may bet or raise now, else the error code."""
        return bet_raise_error(self.bp, p)

    def min_to(self, int p):
        return bet_min_to(self.bp, p)

    def max_to(self, int p):
        return bet_max_to(self.bp, p)


cdef class BettingRound(BettingFigures):
    """One hand's betting: stacks, round bets, contributions, turn order.

    ``BettingRound(stacks, min_bet)``; seats with no chips are not dealt in.
    """

    def __cinit__(self):
        self.bp = &self.b

    def __init__(self, stacks, int min_bet):
        cdef int n = len(stacks), i
        cdef int st[BET_MAXP]
        if not 1 <= n <= BET_MAXP:
            raise ValueError(f"1 to {BET_MAXP} seats, got {n}")
        if min_bet < 1:
            raise ValueError("the minimum bet must be at least 1")
        for i in range(n):
            st[i] = stacks[i]
            if st[i] < 0:
                raise ValueError("stacks cannot be negative")
        bet_init(&self.b, n, st, min_bet)

    def copy(self):
        cdef BettingRound other = BettingRound.__new__(BettingRound)
        other.b = self.b
        return other

    # -- setup ------------------------------------------------------------
    def post(self, int p, int amount, bint live=True):
        """Post a blind (``live``) or an ante; returns the chips posted."""
        return bet_post(&self.b, p, amount, live)

    def begin(self, int first, int level=0):
        bet_begin(&self.b, first % self.b.n, level)

    def new_street(self):
        bet_new_street(&self.b)

    def fold_out(self, int p):
        """Take p out of the hand without an action (not dealt in)."""
        self.b.folded[p] = 1

    # -- reading ----------------------------------------------------------
    @property
    def n(self):
        return self.b.n

    @property
    def actor(self):
        return self.b.actor

    @property
    def min_bet(self):
        return self.b.min_bet

    @property
    def folded(self):
        return [bool(self.b.folded[i]) for i in range(self.b.n)]

    @property
    def complete(self):
        return self.b.actor < 0

    def in_hand(self):
        return bet_in_hand(&self.b)

    def able_count(self):
        return bet_able_count(&self.b)

    def check(self, int action, int amount=0):
        """0 when the actor may take the action, else the error code."""
        return bet_check(&self.b, action, amount)

    def apply(self, int action, int amount=0):
        cdef int e = bet_check(&self.b, action, amount)
        if e != BET_OK:
            raise ValueError(f"illegal betting action: {ERRORS[e]}")
        bet_apply(&self.b, action, amount)

    def menu(self):
        """The listed moves of the actor: [(action, amount), ...]."""
        cdef int acts[BET_MAXMENU]
        cdef int amts[BET_MAXMENU]
        cdef int k, m = bet_menu(&self.b, acts, amts)
        return [(acts[k], amts[k]) for k in range(m)]

    def pots(self):
        """[(amount, [eligible seats]), ...]: the main pot, then side pots."""
        cdef int amounts[BET_MAXP]
        cdef uint32_t el[BET_MAXP]
        cdef int k, i, np = bet_pots(&self.b, amounts, el)
        return [(amounts[k], [i for i in range(self.b.n) if el[k] & (1u << i)]) for k in range(np)]

    def award(self, strength, int first):
        """Chips won by each seat, pots to the highest ``strength`` among the
        eligible, odd chips clockwise from ``first``."""
        cdef int s[BET_MAXP]
        cdef int won[BET_MAXP]
        cdef int i
        strength = list(strength)
        if len(strength) != self.b.n:
            raise ValueError(f"need {self.b.n} strengths, got {len(strength)}")
        for i in range(self.b.n):
            s[i] = strength[i]
        bet_award(&self.b, s, first % self.b.n, won)
        return [won[i] for i in range(self.b.n)]

    def getstate(self):
        """A JSON-ready snapshot (for tests and debugging)."""
        return {"stacks": self.stacks, "bets": self.bets, "totals": self.totals,
                "folded": self.folded, "level": self.b.level, "full_raise": self.b.full_raise,
                "actor": self.b.actor}


ERRORS = {
    BET_OK: "legal",
    BET_NO_ACTOR: "the betting round is complete",
    BET_CHECK_OWES: "you owe chips: call or fold instead of checking",
    BET_CALL_NOTHING: "there is nothing to call: check instead",
    BET_NO_RAISE_CHIPS: "calling already takes all your chips, so you cannot raise",
    BET_NO_RAISE_OPPONENT: "you cannot raise when no other player can still bet",
    BET_NOT_REOPENED: "a short all-in did not reopen raising for a player who already acted",
    BET_TOO_SMALL: "below the minimum bet or raise, and not all-in",
    BET_TOO_LARGE: "more chips than you have",
    BET_FOLD_FREE: "you owe nothing: check instead of folding",
}
