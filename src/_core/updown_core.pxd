# The Up/Down duel (RULES.md §6) in C: two packs, antes, the lock phase, one
# betting round on the shared betting core (minimum bet 1), the comparison
# of the locked cards (2 beats A), the kept card and the reshuffle of the
# discards.  The Python `cardavia.updown` State and the compiled self-play
# loop both drive this struct.
from libc.stdint cimport uint8_t, uint32_t, uint64_t
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
    # The shuffle draws from a local copy of the generator, so that its state
    # stays in registers instead of being written back to d.rng after every
    # swap (under -fno-strict-aliasing the card stores may alias it); the
    # draws are the same.
    cdef Rng rng
    rng_seed(&rng, seed)
    d.nstock = UD_CARDS
    rng_shuffle_packs(&rng, d.stock, UD_CARDS, 52)
    d.rng = rng
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


cdef inline int ud_pick(Rng* r, uint8_t* pool, int* n, int want_up) noexcept nogil:
    """Take a uniformly chosen card of the group `want_up` (1 UP, 0 DOWN,
    -1 either) out of `pool`; -1 when the pool holds none."""
    cdef int i, k = 0, j, c
    for i in range(n[0]):
        if want_up < 0 or ud_up(pool[i]) == want_up:
            k += 1
    if k == 0:
        return -1
    j = rng_below(r, k)
    for i in range(n[0]):
        if want_up < 0 or ud_up(pool[i]) == want_up:
            if j == 0:
                c = pool[i]
                n[0] -= 1
                pool[i] = pool[n[0]]
                return c
            j -= 1
    return -1


cdef inline int ud_world(Duel* d, uint64_t seed, const int* chips, int starter, int deal_no,
                         int me, const uint8_t* mine, int my_lock, int kept_up, int their_up,
                         bint they_locked, const uint8_t* discards, int ndiscard,
                         const int* actions, const int* amounts, int count) noexcept nogil:
    """A position of the current deal that player `me` cannot tell from the
    real one (issue 12 part 2).  Known: his two cards `mine` (in the core's
    order: kept card, then the new one) and which he locked (`my_lock`, -1
    not yet), the discard pile, the chips at the deal's start, the starter,
    the public signals and the betting.  Unknown, dealt uniformly: the
    opponent's two cards among the cards `me` has not seen (two packs less
    his hand and the discard pile) under the signals (UD-2.3: `their_up` UP
    cards in all; `kept_up` the group of the card he kept from the last deal
    (0/1), which that deal's signal less its revealed card shows, or -1 in
    the first deal), the card he locked (either, when `they_locked`), and
    the order of the stock.  Each card is chosen uniformly within its group,
    the rest shuffled: exact, nothing rejected.  Returns -1, or the index of
    an action the world refuses, or count + 1 when no cards fit the signals."""
    cdef uint8_t pool[UD_CARDS]
    cdef int cnt[52]
    cdef int i, n = 0, p, c0, c1, them = 1 - me, lock_index[2]
    for i in range(52):
        cnt[i] = 2
    cnt[mine[0]] -= 1
    cnt[mine[1]] -= 1
    for i in range(ndiscard):
        cnt[discards[i]] -= 1
    for i in range(52):
        if cnt[i] < 0:
            return count + 1
        for p in range(cnt[i]):
            pool[n] = i
            n += 1
    rng_seed(&d.rng, seed)
    if kept_up < 0:                       # the first deal: both cards drawn now
        if their_up == 1:
            c0 = ud_pick(&d.rng, pool, &n, 1)
            c1 = ud_pick(&d.rng, pool, &n, 0)
            if rng_below(&d.rng, 2):
                c0, c1 = c1, c0
        else:
            c0 = ud_pick(&d.rng, pool, &n, 1 if their_up == 2 else 0)
            c1 = ud_pick(&d.rng, pool, &n, 1 if their_up == 2 else 0)
    else:
        c0 = ud_pick(&d.rng, pool, &n, kept_up)
        c1 = ud_pick(&d.rng, pool, &n, their_up - kept_up) if 0 <= their_up - kept_up <= 1 else -1
    if c0 < 0 or c1 < 0:
        return count + 1
    rng_shuffle(&d.rng, pool, n)
    for i in range(n):
        d.stock[i] = pool[i]
    d.nstock = n
    for i in range(ndiscard):
        d.discard[i] = discards[i]
    d.ndiscard = ndiscard
    d.hand[me][0] = mine[0]
    d.hand[me][1] = mine[1]
    d.hand[them][0] = c0
    d.hand[them][1] = c1
    d.chips[0] = chips[0]
    d.chips[1] = chips[1]
    d.starter = starter
    d.deal_no = deal_no - 1
    d.reshuffles = 0
    ud_open_deal(d)
    lock_index[me] = my_lock
    lock_index[them] = rng_below(&d.rng, 2) if they_locked else -1
    # The locks of this deal, in turn order, then the betting.
    while d.phase == UD_LOCK and lock_index[d.turn] >= 0:
        ud_lock(d, lock_index[d.turn])
    for i in range(count):
        if d.phase != UD_BET or bet_check(&d.b, actions[i], amounts[i]) != BET_OK:
            return i
        ud_act(d, actions[i], amounts[i])
    return -1


cdef inline double ud_card_strength(const Duel* d, int p, int card) noexcept nogil:
    """The chance that `card`, locked by p, beats the opponent's locked card
    (ties count half), from what p sees: the opponent's card is one of the
    cards p has not seen (two packs less his hand and the discard pile),
    UP with the chance the opponent's signal gives (UD-2.3)."""
    cdef int cnt[13]
    cdef int i, rk, up_total = 0, down_total = 0, them = 1 - p
    cdef double win_up = 0, win_down = 0, pu, res = 0
    cdef int c
    for i in range(13):
        cnt[i] = 8
    cnt[d.hand[p][0] >> 2] -= 1
    cnt[d.hand[p][1] >> 2] -= 1
    for i in range(d.ndiscard):
        cnt[d.discard[i] >> 2] -= 1
    for rk in range(13):
        c = ud_compare(card, rk << 2)
        if rk >= 6:
            up_total += cnt[rk]
            win_up += cnt[rk] * (1.0 if c > 0 else (0.5 if c == 0 else 0.0))
        else:
            down_total += cnt[rk]
            win_down += cnt[rk] * (1.0 if c > 0 else (0.5 if c == 0 else 0.0))
    pu = d.up[them] / 2.0
    if up_total > 0:
        res += pu * win_up / up_total
    if down_total > 0:
        res += (1 - pu) * win_down / down_total
    return res


cdef class DuelCore(BettingFigures):
    cdef Duel d
