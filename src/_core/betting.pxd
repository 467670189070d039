# One no-limit betting round for every betting game (Hold'em, the Up/Down
# duel): a plain C struct and inline nogil functions, parameterised by the
# minimum bet.  The Python State classes drive it through the `BettingRound`
# wrapper of betting.pyx; the compiled self-play loops use it directly.
#
# Amounts are whole chips.  `bet[p]` is p's bet in the current round (what a
# raise "to" amount counts), `total[p]` everything p put in this hand (blinds,
# antes and all rounds), `stack[p]` the chips p still has behind.
#
# Rules (RULES.md TH-3, UD-3): a bet or raise is entered as the round total; it
# must raise the level by at least the last full bet or raise increment (and
# never by less than the minimum bet), as far as the player's chips allow;
# an all-in may be smaller.  A short all-in does not reopen raising for a
# player who already acted: he may raise again only once the total increase
# he faces since his last action reaches a full raise.  Nobody may raise when
# no other player can still put in more chips.
from libc.stdint cimport uint32_t, uint8_t

cdef enum:
    BET_MAXP = 10
    BET_MAXMENU = 8

cdef enum BetAction:
    ACT_FOLD = 0
    ACT_CHECK = 1
    ACT_CALL = 2
    ACT_BET = 3      # bet (nobody has bet this round) or raise, "to" an amount

cdef enum BetError:
    BET_OK = 0
    BET_NO_ACTOR = 1        # the round is complete
    BET_CHECK_OWES = 2      # cannot check: a bet is owed
    BET_CALL_NOTHING = 3    # nothing to call: check instead
    BET_NO_RAISE_CHIPS = 4  # calling already takes every chip
    BET_NO_RAISE_OPPONENT = 5  # nobody else can put in more chips
    BET_NOT_REOPENED = 6    # a short all-in did not reopen raising
    BET_TOO_SMALL = 7       # below the minimum bet/raise and not all-in
    BET_TOO_LARGE = 8       # more chips than the player has
    BET_FOLD_FREE = 9       # nothing is owed: check instead of folding

ctypedef struct Betting:
    int n                       # seats
    int stack[BET_MAXP]
    int bet[BET_MAXP]
    int total[BET_MAXP]
    int acted_level[BET_MAXP]   # the level when p last acted this round; -1 = not yet
    uint8_t folded[BET_MAXP]    # folded, or never dealt in (no claim on any pot)
    int level                   # the bet to match this round
    int full_raise              # the last full bet or raise increment (>= min_bet)
    int min_bet                 # minimum opening bet and raise increment
    uint32_t need               # players who must still act this round (bit p)
    int actor                   # seat to act, -1 when the round is complete


cdef inline void bet_init(Betting* b, int n, const int* stacks, int min_bet) noexcept nogil:
    """A new hand: seats with no chips are not dealt in."""
    cdef int i
    b.n = n
    for i in range(n):
        b.stack[i] = stacks[i]
        b.bet[i] = 0
        b.total[i] = 0
        b.acted_level[i] = -1
        b.folded[i] = 1 if stacks[i] <= 0 else 0
    b.level = 0
    b.min_bet = min_bet
    b.full_raise = min_bet
    b.need = 0
    b.actor = -1


cdef inline int bet_post(Betting* b, int p, int amount, bint live) noexcept nogil:
    """Post a forced bet (blind when `live`, counted in the round bet; an ante
    otherwise); a player who cannot cover it posts all he has.  Returns the
    chips posted."""
    if amount > b.stack[p]:
        amount = b.stack[p]
    b.stack[p] -= amount
    b.total[p] += amount
    if live:
        b.bet[p] += amount
    return amount


cdef inline bint bet_able(const Betting* b, int p) noexcept nogil:
    """Still in the hand with chips behind (can bet)."""
    return not b.folded[p] and b.stack[p] > 0


cdef inline int bet_in_hand(const Betting* b) noexcept nogil:
    cdef int i, c = 0
    for i in range(b.n):
        if not b.folded[i]:
            c += 1
    return c


cdef inline int bet_able_count(const Betting* b) noexcept nogil:
    cdef int i, c = 0
    for i in range(b.n):
        if bet_able(b, i):
            c += 1
    return c


cdef inline int bet_next_actor(const Betting* b, int start) noexcept nogil:
    """The first seat from `start` clockwise that must still act, or -1."""
    cdef int k, p
    if b.need == 0:
        return -1
    for k in range(b.n):
        p = (start + k) % b.n
        if b.need & (1u << p):
            return p
    return -1


cdef inline void bet_begin(Betting* b, int first, int level) noexcept nogil:
    """Start a betting round with `level` to match (0, or the big blind
    preflop) and `first` the first seat to consider.  A player who owes
    nothing and whom nobody else can bet against (every other player's bet
    and chips together do not exceed his bet) has no decision and is not
    asked."""
    cdef int i, q
    cdef bint contested
    b.level = level
    b.full_raise = b.min_bet
    b.need = 0
    for i in range(b.n):
        b.acted_level[i] = -1
        if not bet_able(b, i):
            continue
        contested = b.bet[i] < level
        for q in range(b.n):
            if q != i and not b.folded[q] and b.stack[q] + b.bet[q] > b.bet[i]:
                contested = True
        if contested:
            b.need |= 1u << i
    if bet_in_hand(b) <= 1:
        b.need = 0
    b.actor = bet_next_actor(b, first)


cdef inline void bet_new_street(Betting* b) noexcept nogil:
    """Clear the round bets before a new betting round."""
    cdef int i
    for i in range(b.n):
        b.bet[i] = 0
    b.level = 0


cdef inline int bet_to_call(const Betting* b, int p) noexcept nogil:
    """Chips p must add to call (all he has if he cannot cover it)."""
    cdef int owe = b.level - b.bet[p]
    if owe < 0:
        owe = 0
    return owe if owe < b.stack[p] else b.stack[p]


cdef inline int bet_raise_error(const Betting* b, int p) noexcept nogil:
    """BET_OK when p may bet or raise now, else why not."""
    cdef int q
    if b.stack[p] <= b.level - b.bet[p]:
        return BET_NO_RAISE_CHIPS
    if b.acted_level[p] >= 0 and b.level - b.acted_level[p] < b.full_raise:
        return BET_NOT_REOPENED
    for q in range(b.n):
        if q != p and not b.folded[q] and b.stack[q] > 0 and b.stack[q] + b.bet[q] > b.level:
            return BET_OK
    return BET_NO_RAISE_OPPONENT


cdef inline int bet_min_to(const Betting* b, int p) noexcept nogil:
    """Smallest legal bet/raise total (all-in when short)."""
    cdef int t = b.level + b.full_raise
    cdef int cap = b.stack[p] + b.bet[p]
    return t if t < cap else cap


cdef inline int bet_max_to(const Betting* b, int p) noexcept nogil:
    return b.stack[p] + b.bet[p]


cdef inline int bet_check(const Betting* b, int action, int amount) noexcept nogil:
    """BET_OK when the actor may take `action` (`amount` = the total for
    ACT_BET), else the error code.  Never changes anything."""
    cdef int p = b.actor, e
    if p < 0:
        return BET_NO_ACTOR
    if action == ACT_FOLD:
        return BET_OK if b.bet[p] < b.level else BET_FOLD_FREE
    if action == ACT_CHECK:
        return BET_OK if b.bet[p] >= b.level else BET_CHECK_OWES
    if action == ACT_CALL:
        return BET_OK if b.bet[p] < b.level else BET_CALL_NOTHING
    e = bet_raise_error(b, p)
    if e != BET_OK:
        return e
    if amount > b.stack[p] + b.bet[p]:
        return BET_TOO_LARGE
    if amount < bet_min_to(b, p):
        return BET_TOO_SMALL
    return BET_OK


cdef inline void bet_apply(Betting* b, int action, int amount) noexcept nogil:
    """Apply a legal action (see bet_check) of the actor; moves the turn."""
    cdef int p = b.actor, add, inc, i
    b.need &= ~(1u << p)
    if action == ACT_FOLD:
        b.folded[p] = 1
    elif action == ACT_CALL:
        add = bet_to_call(b, p)
        b.stack[p] -= add
        b.bet[p] += add
        b.total[p] += add
    elif action == ACT_BET:
        add = amount - b.bet[p]
        b.stack[p] -= add
        b.bet[p] = amount
        b.total[p] += add
        inc = amount - b.level
        if inc >= b.full_raise:
            b.full_raise = inc
        if amount > b.level:
            b.level = amount
            for i in range(b.n):
                if i != p and bet_able(b, i):
                    b.need |= 1u << i
    b.acted_level[p] = b.level
    if bet_in_hand(b) <= 1:
        b.need = 0
    b.actor = bet_next_actor(b, (p + 1) % b.n)


cdef inline int bet_pots(const Betting* b, int* amounts, uint32_t* eligible) noexcept nogil:
    """Main pot and side pots from the hand's contributions: one pot per
    distinct contribution of a player still in, each eligible to the players
    in whose contribution covers it (RULES TH-5.2).  Folded chips stay in
    up to the largest live contribution; a folded player's chips above it
    were matched by nobody and are not in any pot (TH-5.1: unmatched excess
    is returned, see bet_award).  Returns the number of pots."""
    cdef int levels[BET_MAXP]
    cdef int nl = 0, i, j, k, t, lo, hi, amt, top = 0
    cdef uint32_t el
    for i in range(b.n):
        if b.folded[i] or b.total[i] <= 0:
            continue
        t = b.total[i]
        j = 0
        while j < nl and levels[j] < t:
            j += 1
        if j < nl and levels[j] == t:
            continue
        k = nl
        while k > j:
            levels[k] = levels[k - 1]
            k -= 1
        levels[j] = t
        nl += 1
    lo = 0
    for k in range(nl):
        hi = levels[k]
        amt = 0
        el = 0
        for i in range(b.n):
            t = b.total[i]
            if t > lo:
                amt += (t if t < hi else hi) - lo
            if not b.folded[i] and t >= hi:
                el |= 1u << i
        amounts[k] = amt
        eligible[k] = el
        lo = hi
    return nl


cdef inline void bet_award(const Betting* b, const int* strength, int first, int* won) noexcept nogil:
    """Chips each seat wins: every pot goes to its eligible players of the
    highest `strength`; a split's odd chips go one each to the tied winners
    in seat order from `first` (the button's left) clockwise (TH-5.2).
    Chips that no player still in matched (a folded player's excess over
    every live contribution, e.g. a small blind folded to a big blind posted
    short, TH-2.5) are returned to their owner (TH-5.1)."""
    cdef int amounts[BET_MAXP]
    cdef uint32_t eligible[BET_MAXP]
    cdef int np = bet_pots(b, amounts, eligible)
    cdef int k, i, p, best, nw, share, rem, top = 0
    cdef uint32_t winners
    for i in range(b.n):
        if not b.folded[i] and b.total[i] > top:
            top = b.total[i]
    for i in range(b.n):
        won[i] = b.total[i] - top if b.total[i] > top else 0
    for k in range(np):
        best = -2147483647
        for i in range(b.n):
            if eligible[k] & (1u << i) and strength[i] > best:
                best = strength[i]
        winners = 0
        nw = 0
        for i in range(b.n):
            if eligible[k] & (1u << i) and strength[i] == best:
                winners |= 1u << i
                nw += 1
        share = amounts[k] // nw
        rem = amounts[k] - share * nw
        for i in range(b.n):
            p = (first + i) % b.n
            if winners & (1u << p):
                won[p] += share
                if rem > 0:
                    won[p] += 1
                    rem -= 1



cdef inline int bet_menu(const Betting* b, int* actions, int* amounts) noexcept nogil:
    """The moves listed to the actor: fold (when owing), check or call, then
    bet/raise totals ascending: the minimum, half pot, pot and all-in (those
    legal and distinct; the pot counts every chip put in this hand).  The
    random agents of the self-play loops pick among these.  Returns how many."""
    cdef int p = b.actor, m = 0, lo, hi, pot = 0, owe, i, t, k
    cdef int sizes[2]
    if p < 0:
        return 0
    owe = b.level - b.bet[p]
    if owe > 0:
        actions[m] = ACT_FOLD
        amounts[m] = 0
        m += 1
        actions[m] = ACT_CALL
        amounts[m] = 0
        m += 1
    else:
        actions[m] = ACT_CHECK
        amounts[m] = 0
        m += 1
    if bet_raise_error(b, p) != BET_OK:
        return m
    lo = bet_min_to(b, p)
    hi = bet_max_to(b, p)
    for i in range(b.n):
        pot += b.total[i]
    if owe < 0:
        owe = 0
    sizes[0] = b.level + (pot + owe) // 2     # half the pot after calling
    sizes[1] = b.level + pot + owe            # the pot after calling
    actions[m] = ACT_BET
    amounts[m] = lo
    m += 1
    for k in range(2):
        t = sizes[k]
        if t > amounts[m - 1] and t < hi:
            actions[m] = ACT_BET
            amounts[m] = t
            m += 1
    if hi > amounts[m - 1]:
        actions[m] = ACT_BET
        amounts[m] = hi
        m += 1
    return m


cdef class BettingFigures:
    # The Python readers of a Betting struct, shared by every class holding
    # one (BettingRound, HoldemHand, DuelCore): ``bp`` points at the holder's
    # own struct, set in the holder's __cinit__.
    cdef Betting* bp


cdef class BettingRound(BettingFigures):
    cdef Betting b


cdef inline void bet_policy(const Betting* b, double win, double u, int* action, int* amount) noexcept nogil:
    """The rollout policy's betting move for the actor (issue 12 part 3),
    from his chance `win` of taking the pot at a showdown (0..1, estimated
    by the game from what he can see: his own cards and the public state)
    and a uniform `u` in [0, 1) that mixes in some aggression:

    * strong (win >= 0.7, or >= 0.55 a third of the time): bet or raise,
      the stronger the larger (half the pot to the pot after calling);
    * owing nothing: check, or bet half the pot one time in ten (a bluff);
    * owing chips: call when the chance beats the pot odds (what he must
      put in over the pot after his call), else fold.

    It reads nothing of the other players' cards, so it moves the same in
    every world the actor cannot tell apart."""
    cdef int p = b.actor, owe, pot = 0, i, lo, hi, t
    cdef bint can_raise = bet_raise_error(b, p) == BET_OK
    owe = bet_to_call(b, p)
    for i in range(b.n):
        pot += b.total[i]
    if can_raise and (win >= 0.7 or (win >= 0.55 and u < 0.33) or (owe == 0 and u < 0.1)):
        lo = bet_min_to(b, p)
        hi = bet_max_to(b, p)
        t = b.level + <int>((pot + owe) * (0.5 if win < 0.7 else 0.5 + (win - 0.7) / 0.6))
        action[0] = ACT_BET
        amount[0] = lo if t < lo else (hi if t > hi else t)
        return
    amount[0] = 0
    if b.bet[p] >= b.level:
        action[0] = ACT_CHECK
    elif win * (pot + owe) >= owe:
        action[0] = ACT_CALL
    else:
        action[0] = ACT_FOLD
