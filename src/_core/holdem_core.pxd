# One no-limit Texas Hold'em hand (RULES.md §5) in C: blinds, dealing from a
# given deck order with burns (TH-2.4), the four betting rounds on the shared
# betting core, the automatic run-out, and the settlement of every pot.
# The Python `cardavia.holdem` State and the compiled self-play loop both
# drive this struct, so they cannot disagree.
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from cardavia._core.rng cimport Rng, rng_shuffle
from cardavia._core.betting cimport (
    Betting, BettingFigures, BET_MAXP, ACT_FOLD, ACT_CHECK, ACT_CALL, ACT_BET, BET_OK,
    bet_init, bet_post, bet_begin, bet_new_street, bet_in_hand, bet_to_call,
    bet_raise_error, bet_min_to, bet_max_to, bet_check, bet_apply, bet_award, bet_menu,
    BET_MAXMENU, BET_NO_ACTOR,
)

cdef enum:
    ST_PREFLOP = 0
    ST_FLOP = 1
    ST_TURN = 2
    ST_RIVER = 3
    ST_SHOWDOWN = 4   # betting is over, strengths wanted (hand_settle)
    ST_OVER = 5

ctypedef struct Hand:
    Betting b
    int n
    int button
    int sb_seat
    int bb_seat
    int sb
    int bb
    int street
    uint8_t deck[52]
    int deck_pos
    uint8_t hole[BET_MAXP][2]
    uint8_t board[5]
    int nboard
    int start[BET_MAXP]     # stacks before the blinds
    int won[BET_MAXP]       # chips won from the pots (after settlement)


cdef inline int hand_next_seat(const Hand* h, int seat) noexcept nogil:
    """The next seat clockwise after `seat` that is dealt in."""
    cdef int k, p
    for k in range(1, h.n + 1):
        p = (seat + k) % h.n
        if h.start[p] > 0:
            return p
    return seat


cdef inline int hand_draw(Hand* h) noexcept nogil:
    cdef int c = h.deck[h.deck_pos]
    h.deck_pos += 1
    return c


cdef inline void hand_advance(Hand* h) noexcept nogil:
    """Deal streets while no betting is due; stop at the next decision, the
    showdown (ST_SHOWDOWN) or an uncontested end (settled, ST_OVER)."""
    cdef int i, k, strength[BET_MAXP]
    while h.b.actor < 0 and h.street < ST_SHOWDOWN:
        if bet_in_hand(&h.b) <= 1:
            for i in range(h.n):
                strength[i] = 0
            bet_award(&h.b, strength, (h.button + 1) % h.n, h.won)
            h.street = ST_OVER
            return
        if h.street == ST_RIVER:
            h.street = ST_SHOWDOWN
            return
        hand_draw(h)  # burn
        k = 3 if h.street == ST_PREFLOP else 1
        for i in range(k):
            h.board[h.nboard] = hand_draw(h)
            h.nboard += 1
        h.street += 1
        bet_new_street(&h.b)
        bet_begin(&h.b, (h.button + 1) % h.n, 0)


cdef inline void hand_start(Hand* h, int n, const int* stacks, int button, int sb, int bb,
                            const uint8_t* deck) noexcept nogil:
    """Post the blinds, deal the hole cards one at a time clockwise from the
    small blind (two rounds) and open the preflop betting.  `button` must be
    a seat with chips; seats with no chips are not dealt in."""
    cdef int i, r, p, dealt = 0
    h.n = n
    h.button = button
    h.sb = sb
    h.bb = bb
    for i in range(n):
        h.start[i] = stacks[i]
        h.won[i] = 0
        if stacks[i] > 0:
            dealt += 1
    for i in range(52):
        h.deck[i] = deck[i]
    h.deck_pos = 0
    h.nboard = 0
    h.street = ST_PREFLOP
    bet_init(&h.b, n, stacks, bb)
    if dealt == 2:           # heads-up: the button posts the small blind (TH-2.2)
        h.sb_seat = button
    else:
        h.sb_seat = hand_next_seat(h, button)
    h.bb_seat = hand_next_seat(h, h.sb_seat)
    bet_post(&h.b, h.sb_seat, sb, True)
    bet_post(&h.b, h.bb_seat, bb, True)
    for r in range(2):
        p = h.sb_seat
        for i in range(dealt):
            h.hole[p][r] = hand_draw(h)
            p = hand_next_seat(h, p)
    # Everyone faces the full big blind even when it was posted short (TH-2.5).
    bet_begin(&h.b, hand_next_seat(h, h.bb_seat), bb)
    hand_advance(h)


cdef inline void hand_settle(Hand* h, const int* strength) noexcept nogil:
    """Award every pot at the showdown given each player's hand strength."""
    bet_award(&h.b, strength, (h.button + 1) % h.n, h.won)
    h.street = ST_OVER


cdef inline int hand_menu(const Hand* h, int* actions, int* amounts) noexcept nogil:
    """The listed moves of the actor (see bet_menu)."""
    return bet_menu(&h.b, actions, amounts)


cdef inline int hand_replay(Hand* h, const int* actions, const int* amounts, int count) noexcept nogil:
    """Play `count` betting actions (ACT_*, the total for ACT_BET) from the
    current position; the index of the first illegal one, or -1."""
    cdef int i
    for i in range(count):
        if h.b.actor < 0 or bet_check(&h.b, actions[i], amounts[i]) != BET_OK:
            return i
        bet_apply(&h.b, actions[i], amounts[i])
        hand_advance(h)
    return -1


cdef inline int hand_world(Hand* h, int n, const int* stacks, int button, int sb, int bb,
                           const uint8_t* holes, const uint8_t* board,
                           const int* actions, const int* amounts, int count, Rng* r) noexcept nogil:
    """A hand its observer cannot tell from the real one (issue 12 part 2):
    the cards he knows stay where the dealing order (TH-2.4) put them —
    `holes[2 * p + i]` (his own hole cards and the hands shown at a
    showdown) and `board[k]`, 255 where unknown — and every other card of
    the pack is dealt uniformly into the other places (one Fisher-Yates
    shuffle of the unseen cards: exact, nothing rejected).  The public
    betting `actions` are then replayed.  Returns -1, or the index of an
    action the world refuses (the observation was not of this hand), or
    count + 1 when a known card is given twice."""
    cdef Hand slots
    cdef uint8_t ident[52]
    cdef uint8_t deck[52]
    cdef uint8_t unseen[52]
    cdef uint64_t known = 0, bit
    cdef int i, p, k, nu = 0, dealt = 0, pos
    for i in range(52):
        ident[i] = i
        deck[i] = 255
    # Which deck position each hole card and board card comes from: the same
    # dealing code run over the identity order.
    hand_start(&slots, n, stacks, button, sb, bb, ident)
    for p in range(n):
        if stacks[p] > 0:
            dealt += 1
    for p in range(n):
        if stacks[p] <= 0:
            continue
        for i in range(2):
            if holes[2 * p + i] < 52:
                bit = (<uint64_t>1) << holes[2 * p + i]
                if known & bit:
                    return count + 1
                known |= bit
                deck[slots.hole[p][i]] = holes[2 * p + i]
    pos = 2 * dealt
    for k in range(5):
        if board[k] < 52:
            bit = (<uint64_t>1) << board[k]
            if known & bit:
                return count + 1
            known |= bit
            deck[pos + (1 + k if k < 3 else (5 if k == 3 else 7))] = board[k]
    for i in range(52):
        if not (known >> i) & 1:
            unseen[nu] = i
            nu += 1
    rng_shuffle(r, unseen, nu)
    k = 0
    for i in range(52):
        if deck[i] == 255:
            deck[i] = unseen[k]
            k += 1
    hand_start(h, n, stacks, button, sb, bb, deck)
    return hand_replay(h, actions, amounts, count)


cdef class HoldemHand(BettingFigures):
    cdef Hand h
