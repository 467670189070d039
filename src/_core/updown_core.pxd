# The Up/Down duel (RULES.md §6) in C: two packs, antes, the lock phase, one
# betting round on the shared betting core (minimum bet 1), the comparison
# of the locked cards (2 beats A), the kept card and the reshuffle of the
# discards.  The Python `cardavia.updown` State and the compiled self-play
# loop both drive this struct.
from libc.stdint cimport uint8_t, uint32_t
from cardavia._core.rng cimport Rng, rng_seed, rng_shuffle, rng_shuffle_packs, rng_below
from cardavia._core.betting cimport (
    Betting, BettingFigures, ACT_FOLD, ACT_CHECK, ACT_CALL, ACT_BET, BET_OK, BET_MAXMENU, BET_NO_ACTOR,
    bet_init, bet_post, bet_begin, bet_in_hand, bet_apply, bet_check, bet_award, bet_menu,
    bet_to_call, bet_raise_error, bet_min_to, bet_max_to,
)

cdef enum:
    UD_LOCK = 0        # players lock a card
    UD_BET = 1         # the betting round
    UD_DEALT_OUT = 2   # the deal is settled
    UD_CARDS = 104

ctypedef struct Duel:
    Betting b
    Rng rng
    uint8_t stock[UD_CARDS]     # card ids 0..51, two of each; the top is the end
    int nstock
    uint8_t discard[UD_CARDS]
    int ndiscard
    uint8_t hand[2][2]          # the two cards each player holds
    int locked[2]               # index (0/1) into hand of the locked card, -1 = not yet
    int chips[2]                # chips at the start of the deal (before the ante)
    int up[2]                   # UP cards held at the start of the deal (UD-2.3)
    int starter                 # who locks and bets first this deal
    int turn                    # who is to lock (lock phase)
    int phase
    int deal_no                 # deals started so far
    int winner                  # of the settled deal: 0, 1, or -1 for a tie
    int folded                  # the player who folded, or -1
    int won[2]                  # chips won from the pot at the settlement
    int reshuffles


cdef inline bint ud_up(int card) noexcept nogil:
    """8, 9, 10, J, Q, K, A are UP; 2-7 are DOWN (UD-2.3)."""
    return (card >> 2) >= 6


cdef inline int ud_compare(int a, int b) noexcept nogil:
    """1 when card a beats card b, -1 when b beats a, 0 for equal ranks:
    A > K > ... > 2, except that a 2 beats an A (UD-4)."""
    cdef int ra = a >> 2, rb = b >> 2
    if ra == rb:
        return 0
    if ra == 0 and rb == 12:
        return 1
    if ra == 12 and rb == 0:
        return -1
    return 1 if ra > rb else -1


cdef inline int ud_draw(Duel* d) noexcept nogil:
    """The top card of the stock."""
    d.nstock -= 1
    return d.stock[d.nstock]


cdef inline void ud_draw_prepare(Duel* d) noexcept nogil:
    """Shuffle the discards back in before a deal's draws when fewer than
    two cards remain (so both replacements come from the same stock)."""
    cdef int i
    if d.ndiscard == 0:
        return
    for i in range(d.ndiscard):
        d.stock[d.nstock] = d.discard[i]
        d.nstock += 1
    d.ndiscard = 0
    rng_shuffle(&d.rng, d.stock, d.nstock)
    d.reshuffles += 1


cdef inline bint ud_force_top(Duel* d, int card) noexcept nogil:
    """Bring a copy of `card` to the top of the stock (a replayed or sampled
    deal draws it next); False when the stock holds no copy."""
    cdef int i
    cdef uint8_t t
    for i in range(d.nstock - 1, -1, -1):
        if d.stock[i] == card:
            t = d.stock[d.nstock - 1]
            d.stock[d.nstock - 1] = d.stock[i]
            d.stock[i] = t
            return True
    return False


cdef inline void ud_open_deal(Duel* d) noexcept nogil:
    """The hands are dealt: take the antes and fix the public signals."""
    cdef int p, st[2]
    for p in range(2):
        d.locked[p] = -1
        d.up[p] = ud_up(d.hand[p][0]) + ud_up(d.hand[p][1])
        st[p] = d.chips[p]
    bet_init(&d.b, 2, st, 1)
    bet_post(&d.b, 0, 1, False)
    bet_post(&d.b, 1, 1, False)
    d.deal_no += 1
    d.phase = UD_LOCK
    d.turn = d.starter
    d.winner = -1
    d.folded = -1
    d.won[0] = 0
    d.won[1] = 0


cdef inline bint ud_start_deal(Duel* d, const uint8_t* forced) noexcept nogil:
    """Deal (first deal: two cards each, one at a time from the starter;
    later: each keeps his other card and draws one, starter first), take the
    antes and fix the public signals.  `forced` (or NULL) names the cards
    drawn, in drawing order (4 in the first deal, else 2): a replay of a
    given deal; False when the stock holds no copy of one of them."""
    cdef int r, k, p, j = 0
    if d.deal_no == 0:
        for r in range(2):
            for k in range(2):
                p = (d.starter + k) & 1
                if forced != NULL:
                    if not ud_force_top(d, forced[j]):
                        return False
                    j += 1
                d.hand[p][r] = ud_draw(d)
    else:
        if d.nstock < 2:        # UD-5.2: reshuffle the discards, held cards kept out
            ud_draw_prepare(d)
        for k in range(2):
            p = (d.starter + k) & 1
            d.hand[p][0] = d.hand[p][1 - d.locked[p]]
            if forced != NULL:
                if not ud_force_top(d, forced[k]):
                    return False
            d.hand[p][1] = ud_draw(d)
    ud_open_deal(d)
    return True


cdef inline bint ud_new_match(Duel* d, unsigned long long seed, int chips, const uint8_t* forced) noexcept nogil:
    """A new match from a shuffled stock; `forced` (or NULL): the four cards
    of the first deal in drawing order (see ud_start_deal)."""
    rng_seed(&d.rng, seed)
    d.nstock = UD_CARDS
    rng_shuffle_packs(&d.rng, d.stock, UD_CARDS, 52)
    d.ndiscard = 0
    d.chips[0] = chips
    d.chips[1] = chips
    d.starter = 0
    d.deal_no = 0
    d.reshuffles = 0
    return ud_start_deal(d, forced)


cdef inline void ud_settle(Duel* d) noexcept nogil:
    """After the betting: the locked cards are compared (or the folder
    loses), the pot is paid and the played cards discarded."""
    cdef int s[2], c, p
    cdef int a = d.hand[0][d.locked[0]], b = d.hand[1][d.locked[1]]
    if bet_in_hand(&d.b) <= 1:
        d.folded = 0 if d.b.folded[0] else 1
        d.winner = 1 - d.folded
    else:
        c = ud_compare(a, b)
        d.winner = 0 if c > 0 else (1 if c < 0 else -1)
    s[0] = 1 if d.winner == 0 else 0
    s[1] = 1 if d.winner == 1 else 0
    bet_award(&d.b, s, (d.starter + 1) & 1, d.won)
    for p in range(2):
        d.chips[p] = d.b.stack[p] + d.won[p]
    d.discard[d.ndiscard] = a
    d.discard[d.ndiscard + 1] = b
    d.ndiscard += 2
    d.phase = UD_DEALT_OUT


cdef inline void ud_lock(Duel* d, int index) noexcept nogil:
    """The player to lock locks hand[turn][index] (UD-3.1)."""
    d.locked[d.turn] = index
    if d.turn == d.starter:
        d.turn = 1 - d.starter
        return
    d.phase = UD_BET
    bet_begin(&d.b, d.starter, 0)
    if d.b.actor < 0:
        ud_settle(d)


cdef inline void ud_act(Duel* d, int action, int amount) noexcept nogil:
    bet_apply(&d.b, action, amount)
    if d.b.actor < 0:
        ud_settle(d)


cdef inline bint ud_match_over(const Duel* d) noexcept nogil:
    """A player has no chips (UD-5.3)."""
    return d.chips[0] <= 0 or d.chips[1] <= 0


cdef inline int ud_next_deal(Duel* d, const uint8_t* forced) noexcept nogil:
    """Start the next deal of the match: 1, or 0 when the match is over (a
    player has no chips, UD-5.3), -1 when a `forced` draw (see
    ud_start_deal) is not in the stock.  The deal's winner starts; after a
    tie the previous starter does not (UD-2.2)."""
    if ud_match_over(d):
        return 0
    if d.winner >= 0:
        d.starter = d.winner
    else:
        d.starter = 1 - d.starter
    return 1 if ud_start_deal(d, forced) else -1


cdef inline int ud_actor(const Duel* d) noexcept nogil:
    if d.phase == UD_LOCK:
        return d.turn
    if d.phase == UD_BET:
        return d.b.actor
    return -1


cdef class DuelCore(BettingFigures):
    cdef Duel d
