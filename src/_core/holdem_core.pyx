"""The compiled Texas Hold'em hand (see holdem_core.pxd) and its Python face
``HoldemHand``, which ``cardavia.holdem`` drives."""
from libc.stdint cimport uint8_t
from cardavia._core.betting import ERRORS
from cardavia._core.betting cimport BettingRound


cdef class HoldemHand:
    """One hand: ``HoldemHand(stacks, button, deck, sb=10, bb=20)`` with
    ``deck`` the 52 card ids in dealing order."""

    def __init__(self, stacks, int button, deck, int sb=10, int bb=20):
        cdef int n = len(stacks), i
        cdef int st[BET_MAXP]
        cdef uint8_t d[52]
        stacks = list(stacks)
        deck = list(deck)
        if not 2 <= n <= BET_MAXP:
            raise ValueError(f"2 to {BET_MAXP} seats, got {n}")
        if len(deck) != 52 or sorted(deck) != list(range(52)):
            raise ValueError("deck must hold each of the 52 card ids once")
        if sum(1 for s in stacks if s > 0) < 2:
            raise ValueError("a hand needs two players with chips")
        for i in range(n):
            st[i] = stacks[i]
            if st[i] < 0:
                raise ValueError("stacks cannot be negative")
        if not 0 <= button < n or st[button] <= 0:
            raise ValueError("the button must be a seat with chips")
        for i in range(52):
            d[i] = deck[i]
        hand_start(&self.h, n, st, button, sb, bb, d)

    def copy(self):
        cdef HoldemHand other = HoldemHand.__new__(HoldemHand)
        other.h = self.h
        return other

    # -- reading ----------------------------------------------------------
    @property
    def n(self):
        return self.h.n

    @property
    def street(self):
        return self.h.street

    @property
    def actor(self):
        return self.h.b.actor

    @property
    def button(self):
        return self.h.button

    @property
    def sb_seat(self):
        return self.h.sb_seat

    @property
    def bb_seat(self):
        return self.h.bb_seat

    @property
    def level(self):
        return self.h.b.level

    @property
    def full_raise(self):
        return self.h.b.full_raise

    @property
    def board(self):
        return [self.h.board[i] for i in range(self.h.nboard)]

    def hole(self, int p):
        return [self.h.hole[p][0], self.h.hole[p][1]]

    @property
    def dealt(self):
        return [self.h.start[i] > 0 for i in range(self.h.n)]

    @property
    def start_stacks(self):
        return [self.h.start[i] for i in range(self.h.n)]

    @property
    def stacks(self):
        return [self.h.b.stack[i] for i in range(self.h.n)]

    @property
    def bets(self):
        return [self.h.b.bet[i] for i in range(self.h.n)]

    @property
    def totals(self):
        return [self.h.b.total[i] for i in range(self.h.n)]

    @property
    def folded(self):
        return [bool(self.h.b.folded[i]) for i in range(self.h.n)]

    @property
    def pot(self):
        return sum(self.h.b.total[i] for i in range(self.h.n))

    @property
    def deck_pos(self):
        return self.h.deck_pos

    @property
    def won(self):
        return [self.h.won[i] for i in range(self.h.n)]

    @property
    def final_stacks(self):
        return [self.h.b.stack[i] + self.h.won[i] for i in range(self.h.n)]

    def to_call(self, int p):
        return bet_to_call(&self.h.b, p)

    def raise_error(self, int p):
        return bet_raise_error(&self.h.b, p)

    def min_to(self, int p):
        return bet_min_to(&self.h.b, p)

    def max_to(self, int p):
        return bet_max_to(&self.h.b, p)

    def check(self, int action, int amount=0):
        if self.h.b.actor < 0:
            return 1
        return bet_check(&self.h.b, action, amount)

    def apply(self, int action, int amount=0):
        cdef int e = self.check(action, amount)
        if e != BET_OK:
            raise ValueError(f"illegal betting action: {ERRORS[e]}")
        bet_apply(&self.h.b, action, amount)
        hand_advance(&self.h)

    def menu(self):
        cdef int acts[BET_MAXMENU]
        cdef int amts[BET_MAXMENU]
        cdef int k, m = hand_menu(&self.h, acts, amts)
        return [(acts[k], amts[k]) for k in range(m)]

    def pots(self):
        cdef BettingRound r = BettingRound.__new__(BettingRound)
        r.b = self.h.b
        return r.pots()

    def settle(self, strengths):
        """Award the pots at the showdown (``street == 4``)."""
        cdef int s[BET_MAXP]
        cdef int i
        if self.h.street != ST_SHOWDOWN:
            raise ValueError("no showdown is due")
        strengths = list(strengths)
        if len(strengths) != self.h.n:
            raise ValueError(f"need {self.h.n} strengths, got {len(strengths)}")
        for i in range(self.h.n):
            s[i] = strengths[i]
        hand_settle(&self.h, s)


def showdown_strengths(holes, board):
    """TEMP eval7 stand-in until rank_hand lands."""
    import eval7
    names = "23456789TJQKA"
    out = []
    for h in holes:
        if not h:
            out.append(-1)
            continue
        cards = [eval7.Card(names[c >> 2] + "cdhs"[c & 3]) for c in list(h) + list(board)]
        out.append(eval7.evaluate(cards))
    return out
