"""The compiled Texas Hold'em hand (see holdem_core.pxd) and its Python face
``HoldemHand``, which ``cardavia.holdem`` drives."""
from libc.stdint cimport uint8_t, uint64_t
import numpy as np
from cardavia._core.betting import ERRORS
from cardavia._core.poker cimport rank_hand
from cardavia._core.rng cimport Rng, rng_seed, rng_shuffle, rng_below
from cardavia._core.betting cimport BettingRound, bet_policy
from cardavia._core.rng cimport rng_uniform

#: The streets of a hand, by the core's own numbers (``HoldemHand.street``).
STREETS = {ST_PREFLOP: "preflop", ST_FLOP: "flop", ST_TURN: "turn", ST_RIVER: "river",
           ST_SHOWDOWN: "showdown", ST_OVER: "over"}
SHOWDOWN = ST_SHOWDOWN
OVER = ST_OVER


cdef class HoldemHand:
    """One hand: ``HoldemHand(stacks, button, deck, sb=10, bb=20)`` with
    ``deck`` the 52 card ids in dealing order.  The betting figures
    (``level``, ``stacks``, ``bets``, ``to_call(p)`` …) are those of
    ``BettingFigures``."""

    def __cinit__(self):
        self.bp = &self.h.b

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
    def deck(self):
        """The 52 card ids in dealing order (TH-2.4)."""
        return [self.h.deck[i] for i in range(52)]

    @property
    def sb(self):
        return self.h.sb

    @property
    def bb(self):
        return self.h.bb

    @property
    def final_stacks(self):
        return [self.h.b.stack[i] + self.h.won[i] for i in range(self.h.n)]

    def check(self, int action, int amount=0):
        if self.h.b.actor < 0:
            return BET_NO_ACTOR
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

    def showdown(self):
        """Rank the hands still in and award the pots (``street == 4``);
        returns the seats that showed."""
        if self.h.street != ST_SHOWDOWN:
            raise ValueError("no showdown is due")
        live = [p for p in range(self.h.n) if not self.h.b.folded[p]]
        hand_showdown(&self.h)
        return live

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


cdef inline void hand_showdown(Hand* h) noexcept nogil:
    """Rank every hand still in (TH-4) and award the pots (TH-5)."""
    cdef uint8_t cards[7]
    cdef int strength[BET_MAXP]
    cdef int p, k
    for p in range(h.n):
        if h.b.folded[p]:
            strength[p] = -1
            continue
        cards[0] = h.hole[p][0]
        cards[1] = h.hole[p][1]
        for k in range(5):
            cards[2 + k] = h.board[k]
        strength[p] = rank_hand(cards, 7)
    hand_settle(h, strength)


cdef enum:
    POLICY_SAMPLES = 24     # deals behind each strength estimate


cdef double hand_strength(const Hand* h, int p, Rng* r) noexcept nogil:
    """The chance that p wins the pot at a showdown (ties shared), from what
    p sees: his hole cards, the board and who is still in.  Monte Carlo over
    POLICY_SAMPLES deals of the other players' hole cards and the rest of
    the board, drawn from the cards p has not seen."""
    cdef uint8_t unseen[52]
    cdef uint8_t cards[7]
    cdef uint64_t seen = 0
    cdef int i, j, k, q, nu = 0, need, opp = 0, nb = h.nboard, mine, best, tied, rk, pos, tmp
    cdef double total = 0.0
    seen |= (<uint64_t>1) << h.hole[p][0]
    seen |= (<uint64_t>1) << h.hole[p][1]
    for i in range(nb):
        seen |= (<uint64_t>1) << h.board[i]
    for i in range(52):
        if not (seen >> i) & 1:
            unseen[nu] = i
            nu += 1
    for q in range(h.n):
        if q != p and not h.b.folded[q]:
            opp += 1
    if opp == 0:
        return 1.0
    need = 5 - nb + 2 * opp
    for i in range(POLICY_SAMPLES):
        for j in range(need):           # a partial Fisher-Yates: the first `need` cards
            k = j + <int>rng_below(r, nu - j)
            tmp = unseen[j]
            unseen[j] = unseen[k]
            unseen[k] = tmp
        for k in range(nb):
            cards[2 + k] = h.board[k]
        for k in range(5 - nb):
            cards[2 + nb + k] = unseen[k]
        cards[0] = h.hole[p][0]
        cards[1] = h.hole[p][1]
        mine = rank_hand(cards, 7)
        best = 0
        tied = 0
        pos = 5 - nb
        for q in range(opp):
            cards[0] = unseen[pos]
            cards[1] = unseen[pos + 1]
            pos += 2
            rk = rank_hand(cards, 7)
            if rk > mine:
                best = 1
                break
            if rk == mine:
                tied += 1
        if not best:
            total += 1.0 / (tied + 1)
    return total / POLICY_SAMPLES


cdef inline void hand_policy(const Hand* h, Rng* r, int* action, int* amount) noexcept nogil:
    """The rollout policy's move for the player to act (see bet_policy)."""
    bet_policy(&h.b, hand_strength(h, h.b.actor, r), rng_uniform(r), action, amount)


cdef inline void hand_rollout(Hand* h, Rng* r) noexcept nogil:
    """Play the hand to its end with the policy in every seat.  A player's
    strength changes only with the board and with who is still in, so it is
    estimated once per street and field (the same policy as hand_policy,
    whose estimate is drawn afresh at each move)."""
    cdef int action, amount, p, key
    cdef double strength[BET_MAXP]
    cdef int known[BET_MAXP]
    for p in range(h.n):
        known[p] = -1
    while h.street < ST_SHOWDOWN:
        p = h.b.actor
        key = h.street * 16 + bet_in_hand(&h.b)
        if known[p] != key:
            strength[p] = hand_strength(h, p, r)
            known[p] = key
        bet_policy(&h.b, strength[p], rng_uniform(r), &action, &amount)
        bet_apply(&h.b, action, amount)
        hand_advance(h)
    if h.street == ST_SHOWDOWN:
        hand_showdown(h)


def rollout(HoldemHand position, seed):
    """Chips each seat wins or loses in the hand of ``position`` played to
    its end by the policy in every seat (``position`` is not changed)."""
    cdef Hand h = position.h
    cdef Rng r
    cdef int p
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    with nogil:
        hand_rollout(&h, &r)
    return tuple(h.b.stack[p] + h.won[p] - h.start[p] for p in range(h.n))


def rollouts(HoldemHand position, long long count, seed):
    """The mean chips of each seat over ``count`` rollouts of ``position``."""
    cdef Hand h
    cdef Rng r
    cdef long long i
    cdef int p
    cdef double sums[BET_MAXP]
    for p in range(BET_MAXP):
        sums[p] = 0
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    with nogil:
        for i in range(count):
            h = position.h
            hand_rollout(&h, &r)
            for p in range(h.n):
                sums[p] += h.b.stack[p] + h.won[p] - h.start[p]
    return tuple(sums[p] / count for p in range(position.h.n)) if count > 0 else ()


def policy(HoldemHand position, seed):
    """The policy's ``(action, amount)`` for the player to act."""
    cdef Rng r
    cdef int action, amount
    if position.h.b.actor < 0 or position.h.street >= ST_SHOWDOWN:
        raise ValueError("nobody is to act")
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    with nogil:
        hand_policy(&position.h, &r, &action, &amount)
    return action, amount


def world(stacks, int button, int sb, int bb, holes, board, actions, seed):
    """A ``HoldemHand`` its observer cannot tell from the real one (see
    ``hand_world``): ``holes`` per seat (two ids, or an empty entry for
    unknown cards), ``board`` the known board ids, ``actions`` the public
    ``(action, amount)`` pairs of the hand so far, ``seed`` a 64-bit seed."""
    cdef HoldemHand out = HoldemHand.__new__(HoldemHand)
    cdef int n = len(stacks), i, p, count, e
    cdef int st[BET_MAXP]
    cdef uint8_t hl[2 * BET_MAXP]
    cdef uint8_t bd[5]
    cdef Rng r
    if not 2 <= n <= BET_MAXP or len(holes) != n:
        raise ValueError(f"2 to {BET_MAXP} seats, with one hole entry each")
    if not 0 <= button < n or sb < 0 or bb < 0:   # (hand_world indexes the seats with the button)
        raise ValueError("the button is a seat, the blinds are not negative")
    for p in range(n):
        st[p] = stacks[p]
        if st[p] < 0:
            raise ValueError("stacks cannot be negative")
        h = holes[p]
        if h and (len(h) != 2 or not 0 <= h[0] < 52 or not 0 <= h[1] < 52):
            raise ValueError("a hole entry is two card ids 0-51, or empty")
        hl[2 * p] = h[0] if h else 255
        hl[2 * p + 1] = h[1] if h else 255
    board = list(board)
    if len(board) > 5 or any(not 0 <= c < 52 for c in board):
        raise ValueError("a board has at most five card ids 0-51")
    for i in range(5):
        bd[i] = board[i] if i < len(board) else 255
    count = len(actions)
    cdef int[::1] acts = np.empty(max(count, 1), dtype=np.int32)
    cdef int[::1] amts = np.empty(max(count, 1), dtype=np.int32)
    for i in range(count):
        acts[i] = actions[i][0]
        amts[i] = actions[i][1]
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    with nogil:
        e = hand_world(&out.h, n, st, button, sb, bb, hl, bd, &acts[0], &amts[0], count, &r)
    if e >= 0:
        raise ValueError("no hand is consistent with this observation "
                         + ("(a card is known twice)" if e > count else f"(action {e} is illegal)"))
    return out


def showdown_strengths(holes, board):
    """Hand strengths (``rank_hand`` of the poker core; higher is better,
    equal ties) of each player's hole cards with the board; -1 for an empty
    entry (folded or not dealt in)."""
    cdef uint8_t cards[7]
    cdef int i, n
    out = []
    for hole in holes:
        if not hole:
            out.append(-1)
            continue
        cs = list(hole) + list(board)
        n = len(cs)
        if not 5 <= n <= 7:
            raise ValueError("a showdown needs 5 to 7 cards per player")
        for i in range(n):
            cards[i] = cs[i]
        out.append(rank_hand(cards, n))
    return out


cdef inline void _random_action(Hand* h, Rng* r) noexcept nogil:
    """The benchmark agent: uniform among check/call, fold (when owing), and
    when raising is allowed the minimum and the maximum raise."""
    cdef const Betting* b = &h.b
    cdef int p = b.actor, k, m = 1
    cdef bint owes = b.bet[p] < b.level
    cdef bint can_raise = bet_raise_error(b, p) == BET_OK
    if owes:
        m += 1
    if can_raise:
        m += 2
    k = rng_below(r, m)
    if k == 0:
        bet_apply(&h.b, ACT_CALL if owes else ACT_CHECK, 0)
    elif k == 1 and owes:
        bet_apply(&h.b, ACT_FOLD, 0)
    elif k == m - 2:
        bet_apply(&h.b, ACT_BET, bet_min_to(b, p))
    else:
        bet_apply(&h.b, ACT_BET, bet_max_to(b, p))
    hand_advance(h)


def selfplay(long long hands, seed=0, int players=4, int stack=1000, int sb=10, int bb=20):
    """Play ``hands`` random hands in compiled code (fresh stacks each hand,
    the button moving round the table): the benchmark loop.  Agents choose
    uniformly among check/call, fold, the minimum and the maximum raise.
    Returns counts: hands, actions, showdowns, flops, chips moved."""
    cdef Hand h
    cdef Rng r
    cdef uint8_t deck[52]
    cdef uint8_t cards[7]
    cdef int stacks[BET_MAXP]
    cdef int strength[BET_MAXP]
    cdef long long i, actions = 0, showdowns = 0, flops = 0, moved = 0
    cdef int k, p
    if not 2 <= players <= BET_MAXP or stack < 1 or not 1 <= sb <= bb:
        raise ValueError("bad table")
    rng_seed(&r, <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF))
    for k in range(players):
        stacks[k] = stack
    with nogil:
        for i in range(hands):
            for k in range(52):
                deck[k] = k
            rng_shuffle(&r, deck, 52)
            hand_start(&h, players, stacks, <int>(i % players), sb, bb, deck)
            while h.street < ST_SHOWDOWN:
                _random_action(&h, &r)
                actions += 1
            if h.nboard >= 3:
                flops += 1
            if h.street == ST_SHOWDOWN:
                showdowns += 1
                hand_showdown(&h)
            for p in range(players):
                if h.won[p] > h.b.total[p]:
                    moved += h.won[p] - h.b.total[p]
    return {"hands": hands, "actions": actions, "showdowns": showdowns, "flops": flops,
            "chips_moved": moved}
