/* Double-dummy bridge solver (the search behind cardavia._core.dds).
 *
 * Seats: 0 North, 1 East, 2 South, 3 West (clockwise, PBN order); N-S is the
 * side of even seats.  Suits 0..3 = clubs, diamonds, hearts, spades; trump 4
 * is no-trump.  A hand is four 13-bit rank masks (bit r = rank r, 0 = two).
 *
 * The search answers one yes/no question: "does North-South take at least
 * `target` of the remaining tricks?" (a null-window alpha-beta on trick
 * counts); the exact count is found by stepping the target from a guess.
 * What keeps it fast, in the manner of Haglund's DDS (written here from its
 * published ideas):
 *  - a transposition table probed at every trick boundary.  A position is its
 *    suit lengths per hand, the leader and the trump suit (no-trump once the
 *    trumps are gone), and for every suit the owner of its 1st, 2nd, ...
 *    highest remaining card.  Each stored bound (lower/upper on N-S tricks)
 *    pins only the top k cards of each suit that the result depended on
 *    (partition search), so one entry serves every position that differs
 *    only in the low cards;
 *  - quick tricks for the side on lead (cashable winners, long cards, a suit
 *    cashed last through partner, a small card to partner's winners), sure
 *    trump tricks for either side, later-trick bounds when the side on lead
 *    needs (almost) every trick, and a sure trick in second seat followed by
 *    the winner's top cards;
 *  - equivalent cards (touching once the cards between them are gone) are
 *    searched once, and once a low card of a suit has failed, the others
 *    below every rank that mattered are skipped;
 *  - move ordering: first the lead that last cut off at the same depth,
 *    then the table's best lead, then by card-play sense: leads into suits
 *    where the opponents must follow (a void discards anything, a large
 *    tree), finesse positions, cashing winners, knocking out their top card,
 *    sequences; second hand low but splitting a sequence, third hand high,
 *    cheap wins in fourth seat, discards from long suits keeping guards.
 */
#ifndef CARDAVIA_DDS_SOLVER_H
#define CARDAVIA_DDS_SOLVER_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DDS_NT 4

/* One stored bound.  A position matches when its suit lengths per hand
 * (dist), leader and trump are equal and, in every suit, the owners of the
 * top k cards are the same (k per suit, from the ranks that mattered to the
 * result: the partition-search idea); the lower cards may lie anywhere. */
typedef struct {
    uint64_t dist;
    uint64_t v0, v1;           /* the owners of each suit's top k cards (key layout) */
    uint16_t kk;               /* k per suit, 4 bits each */
    uint8_t meta;              /* leader | trump << 2 */
    int8_t lo, hi;             /* bounds on N-S tricks from this trick on */
    uint8_t best_suit, best_idx;  /* best lead: suit, index from the top of the leader's suit */
} dds_entry;

/* Entries sharing a hash chain live in buckets of seven (256 bytes, four
 * cache lines), newest first, so a probe reads neighbouring memory instead
 * of following one pointer per entry.  The first bucket of every chain sits
 * at its hash's slot in the table itself (one memory access to reach it);
 * older entries spill into buckets linked behind it.  A slot holds entries
 * only while its bit in the live bitmap is set: clearing resets the bitmap. */
#define DDS_BUCKET 7
typedef struct {
    int32_t next;
    uint16_t n;
    dds_entry e[DDS_BUCKET];
} __attribute__((aligned(64))) dds_bucket;

typedef struct {
    uint16_t hand[4][4];
    int trump;
    int leader;          /* leader of the current trick */
    int ncards;          /* cards on the table, 0..3 */
    int tricks_left;     /* tricks not yet complete, the current one included */
    int tsuit[4], trank[4];          /* the current trick's cards */
    int win_p[4], win_s[4], win_r[4]; /* the trick's winner after card i */
    dds_bucket *pool;               /* slots [0, n_slots), then spill buckets */
    void *pool_mem;
    uint32_t slot_mask;
    int32_t pool_size, pool_used;   /* in buckets */
    uint64_t *live;                 /* one bit per slot holding entries: a probe
                                     * of an empty slot costs no memory access */
    long long nodes;
    int8_t killer[14][2];           /* last cutting lead per number of tricks left */
    uint16_t deal[4][4];            /* the cards the table's entries come from */
    uint32_t code[4];   /* per suit: owner of the i-th lowest card in hand, bits 2i..2i+1 */
    uint64_t dist;      /* suit lengths, 4 bits per (suit, hand) */
    uint16_t gone[4];   /* cards of completed tricks (and never dealt) */
    uint16_t held[4];   /* per suit: the cards still in the four hands */
    int have_deal;
} dds_solver;

/* The key of a trick-boundary position. */
typedef struct {
    uint64_t dist, w0, w1;
    unsigned meta;
    int len[4];
    uint32_t h;          /* chain of entries pinning only some suits' top cards */
    uint32_t h2;         /* chain of entries pinning the top card of every suit */
} dds_key_t;

/* ---- tables ------------------------------------------------------------ */
static uint8_t dds_p7[128][128];   /* pext of 7-bit values */
static uint8_t dds_p6[64][64];
static uint32_t dds_spread[8192];  /* bit i -> bit 2i */
static uint8_t dds_pop7[128];
static uint64_t dds_kmask[256];    /* top 2k bits of two 26-bit fields, k = 4-bit pair */
static int dds_tables_ready = 0;

static inline int dds_popc(unsigned x) { return __builtin_popcount(x); }
/* the highest card of a 13-bit suit mask, by table: without LZCNT (not in
 * the x86-64-v2 baseline) a bit scan is a slow instruction on many CPUs */
static uint8_t dds_top13[8192];
static inline int dds_top(unsigned x) { return dds_top13[x]; }   /* 0 < x < 8192 */
static inline int dds_low(unsigned x) { return __builtin_ctz(x); }        /* x != 0 */
/* the rank of the k-th highest card of m (1 <= k <= its cards) */
static inline int dds_kth_top(unsigned m, int k) {
    for (int i = 1; i < k; i++) m &= ~(1u << dds_top(m));
    return dds_top(m);
}

static void dds_init_tables(void) {
    if (dds_tables_ready) return;
    for (int m = 0; m < 128; m++) {
        dds_pop7[m] = (uint8_t)dds_popc(m);
        for (int x = 0; x < 128; x++) {
            int out = 0, k = 0;
            for (int b = 0; b < 7; b++)
                if (m >> b & 1) { if (x >> b & 1) out |= 1 << k; k++; }
            dds_p7[m][x] = (uint8_t)out;
            if (m < 64 && x < 64) dds_p6[m][x] = (uint8_t)out;
        }
    }
    for (int b = 0; b < 256; b++) {
        int k0 = b & 15, k1 = b >> 4;
        uint64_t m0 = k0 ? ((((uint64_t)1 << (2 * k0)) - 1) << (26 - 2 * k0)) : 0;
        uint64_t m1 = k1 ? ((((uint64_t)1 << (2 * k1)) - 1) << (26 - 2 * k1)) : 0;
        dds_kmask[b] = m0 | m1 << 26;
    }
    for (int x = 0; x < 8192; x++) {
        uint32_t s = 0;
        for (int b = 0; b < 13; b++) if (x >> b & 1) s |= 1u << (2 * b);
        dds_spread[x] = s;
    }
    for (int x = 1; x < 8192; x++) dds_top13[x] = (uint8_t)(31 - __builtin_clz(x));
    dds_tables_ready = 1;
}

static inline unsigned dds_pext13(unsigned x, unsigned u) {
    unsigned lo = u & 0x7F, hi = u >> 7;
    return dds_p7[lo][x & 0x7F] | ((unsigned)dds_p6[hi][(x >> 7) & 0x3F] << dds_pop7[lo]);
}

/* ---- solver lifetime -------------------------------------------------- */
static void dds_clear(dds_solver *S) {
    memset(S->live, 0, ((S->slot_mask >> 6) + 1) * sizeof(uint64_t));
    S->pool_used = (int32_t)S->slot_mask + 1;
    S->have_deal = 0;
}

static dds_solver *dds_new(int log2_entries) {
    dds_init_tables();
    dds_solver *S = (dds_solver *)calloc(1, sizeof(dds_solver));
    if (!S) return NULL;
    if (log2_entries < 10) log2_entries = 10;
    if (log2_entries > 26) log2_entries = 26;
    S->pool_size = (int32_t)1 << (log2_entries - 1);
    S->slot_mask = ((uint32_t)1 << (log2_entries - 2)) - 1;
    /* zeroed memory, committed as it fills; 64-byte aligned */
    S->pool_mem = calloc((size_t)S->pool_size * sizeof(dds_bucket) + 64, 1);
    if (!S->pool_mem) { free(S); return NULL; }
    S->pool = (dds_bucket *)(((uintptr_t)S->pool_mem + 63) & ~(uintptr_t)63);
    S->live = (uint64_t *)malloc(((S->slot_mask >> 6) + 1) * sizeof(uint64_t));
    if (!S->live) { free(S->pool_mem); free(S); return NULL; }
    dds_clear(S);
    return S;
}

static void dds_free(dds_solver *S) {
    if (!S) return;
    free(S->pool_mem);
    free(S->live);
    free(S);
}

/* ---- transposition table ------------------------------------------------ */
/* The owner codes and lengths from scratch (play and undo keep them after). */
static inline void dds_recode(dds_solver *S) {
    uint64_t dist = 0;
    for (int s = 0; s < 4; s++) {
        unsigned h0 = S->hand[0][s], h1 = S->hand[1][s], h2 = S->hand[2][s], h3 = S->hand[3][s];
        unsigned u = h0 | h1 | h2 | h3;
        S->held[s] = (uint16_t)u;
        S->code[s] = dds_spread[dds_pext13(h1, u)] + 2 * dds_spread[dds_pext13(h2, u)]
                   + 3 * dds_spread[dds_pext13(h3, u)];
        dist |= ((uint64_t)dds_popc(h0) | (uint64_t)dds_popc(h1) << 4 |
                 (uint64_t)dds_popc(h2) << 8 | (uint64_t)dds_popc(h3) << 12) << (16 * s);
    }
    S->dist = dist;
}

static inline void dds_key(const dds_solver *S, dds_key_t *K) {
    uint64_t code[4];
    uint64_t dist = S->dist;
    for (int s = 0; s < 4; s++) {
        code[s] = S->code[s];
        K->len[s] = dds_popc(S->held[s]);
    }
    K->dist = dist;
    /* each suit's owner sequence top-aligned in 26 bits: the top k cards
     * are then the field's top 2k bits whatever the suit's length */
    for (int s = 0; s < 4; s++) code[s] <<= 2 * (13 - K->len[s]);
    K->w0 = code[0] | (code[1] << 26);
    K->w1 = code[2] | (code[3] << 26);
    /* with every trump gone a suit contract plays as no-trump: one key for
     * both, so the strains of a table share their endings */
    int t = S->trump;
    if (t != DDS_NT && !(S->held[t])) t = DDS_NT;
    K->meta = (unsigned)(S->leader | t << 2);
    uint64_t h = (dist ^ K->meta) * 0x9E3779B97F4A7C15ULL;
    K->h = (uint32_t)(h >> 32);
    uint64_t tops = 0;
    for (int s = 0; s < 4; s++)
        if (K->len[s]) tops |= ((code[s] >> 24) & 3) << (2 * s);
    uint64_t h2 = (h ^ ((tops + 1) * 0xD6E8FEB86659FD93ULL)) * 0x9E3779B97F4A7C15ULL;
    K->h2 = (uint32_t)(h2 >> 32);
}

/* Rank masks (absolute) of the cards an entry's masks pin down. */
static inline void dds_entry_rel(const dds_solver *S, const dds_entry *e, const dds_key_t *K, uint16_t rel[4]) {
    for (int s = 0; s < 4; s++) {
        int k = e->kk >> (4 * s) & 15;
        if (k) {
            rel[s] |= (uint16_t)(1u << dds_kth_top(S->held[s], k));   /* the k-th highest remaining */
        }
    }
}

/* Combined bounds of every matching entry; *hint gets a best-move entry. */
static inline void dds_lookup(dds_solver *S, const dds_key_t *K, int target, int *lo, int *hi,
                              dds_entry **lo_e, dds_entry **hi_e, dds_entry **hint) {
    /* both slots at once: the second probe's memory is on its way */
    uint32_t i1 = K->h2 & S->slot_mask, i2 = K->h & S->slot_mask;
    int l1 = S->live[i1 >> 6] >> (i1 & 63) & 1, l2 = S->live[i2 >> 6] >> (i2 & 63) & 1;
    if (l2) __builtin_prefetch(&S->pool[i2]);
    for (int pass = 0; pass < 2; pass++) {
        if (!(pass ? l2 : l1)) continue;
        dds_bucket *B = &S->pool[pass ? i2 : i1];
        for (;;) {
            for (int j = 0; j < B->n; j++) {
                dds_entry *e = &B->e[j];
                /* one test, not a chain of hard-to-predict branches */
                if ((e->dist == K->dist) & (e->meta == K->meta) &
                    ((K->w0 & dds_kmask[e->kk & 0xFF]) == e->v0) & ((K->w1 & dds_kmask[e->kk >> 8]) == e->v1)) {
                    int cut = 0;
                    if (e->lo > *lo) { *lo = e->lo; *lo_e = e; if (*lo >= target && target >= 0) cut = 1; }
                    if (e->hi < *hi) { *hi = e->hi; *hi_e = e; if (*hi < target && target >= 0) cut = 1; }
                    if (e->best_suit != 255 && !*hint) *hint = e;
                    if (cut) {
                        if (j > 0) {
                            /* keep the useful entry first in its bucket */
                            dds_entry t = B->e[0]; B->e[0] = *e; *e = t;
                            if (*lo_e == e) *lo_e = &B->e[0]; else if (*lo_e == &B->e[0]) *lo_e = e;
                            if (*hi_e == e) *hi_e = &B->e[0]; else if (*hi_e == &B->e[0]) *hi_e = e;
                            if (*hint == e) *hint = &B->e[0]; else if (*hint == &B->e[0]) *hint = e;
                        }
                        return;
                    }
                }
            }
            if (B->next < 0) break;
            B = &S->pool[B->next];
        }
    }
}


static void dds_store(dds_solver *S, const dds_key_t *K, const uint16_t rel[4], int tl,
                      int lo, int hi, int best_suit, int best_idx) {
    unsigned kk = 0;
    int kp[4];
    for (int s = 0; s < 4; s++) {
        kp[s] = rel[s] ? dds_popc(S->held[s] >> dds_low(rel[s])) : 0;
        kk |= (unsigned)kp[s] << (4 * s);
    }
    uint64_t m0 = dds_kmask[kk & 0xFF], m1 = dds_kmask[kk >> 8];
    uint64_t v0 = K->w0 & m0, v1 = K->w1 & m1;
    int all_tops = 1;
    for (int s = 0; s < 4; s++) {
        /* a suit held by one hand needs no pinning: the lengths place it */
        unsigned u = S->held[s];
        int one_hand = u == S->hand[0][s] || u == S->hand[1][s] || u == S->hand[2][s] || u == S->hand[3][s];
        if (K->len[s] && !kp[s] && !one_hand) all_tops = 0;
    }
    uint32_t hh = all_tops ? K->h2 : K->h;
    uint32_t slot = hh & S->slot_mask;
    dds_bucket *D = &S->pool[slot];
    if (!(S->live[slot >> 6] >> (slot & 63) & 1)) { D->n = 0; D->next = -1; }
    for (dds_bucket *B = D; B; B = B->next >= 0 ? &S->pool[B->next] : NULL) {
        for (int j = 0; j < B->n; j++) {
            dds_entry *e = &B->e[j];
            if (e->dist != K->dist || e->meta != K->meta) continue;
            uint64_t em0 = dds_kmask[e->kk & 0xFF], em1 = dds_kmask[e->kk >> 8];
            if (e->kk == kk && e->v0 == v0 && e->v1 == v1) {
                if (lo > e->lo) e->lo = (int8_t)lo;
                if (hi < e->hi) e->hi = (int8_t)hi;
                if (best_suit != 255) { e->best_suit = (uint8_t)best_suit; e->best_idx = (uint8_t)best_idx; }
                return;
            }
            if ((em0 & m0) == m0 && (em1 & m1) == m1 && (e->v0 & m0) == v0 && (e->v1 & m1) == v1 &&
                lo >= e->lo && hi <= e->hi) {
                /* the new bound is tighter and holds wherever the old one
                 * did (it pins a subset of its cards): it replaces it */
                if (best_suit == 255) { best_suit = e->best_suit; best_idx = e->best_idx; }
                e->kk = (uint16_t)kk; e->v0 = v0; e->v1 = v1;
                e->lo = (int8_t)lo; e->hi = (int8_t)hi;
                e->best_suit = (uint8_t)best_suit; e->best_idx = (uint8_t)best_idx;
                return;
            }
        }
    }
    if (D->n < DDS_BUCKET) {
        /* room in the slot: the new entry goes first */
        memmove(&D->e[1], &D->e[0], (size_t)D->n * sizeof(dds_entry));
    } else {
        if (S->pool_used >= S->pool_size) {
            dds_clear(S);
            D->next = -1;
        } else {
            /* the slot's entries move to a spill bucket behind it */
            S->pool[S->pool_used] = *D;
            D->next = S->pool_used++;
        }
        D->n = 0;
    }
    D->n++;
    dds_entry *e = &D->e[0];
    e->dist = K->dist; e->meta = (uint8_t)K->meta;
    e->kk = (uint16_t)kk; e->v0 = v0; e->v1 = v1;
    e->lo = (int8_t)lo; e->hi = (int8_t)hi;
    e->best_suit = (uint8_t)best_suit; e->best_idx = (uint8_t)best_idx;
    S->live[slot >> 6] |= (uint64_t)1 << (slot & 63);
}

/* ---- quick tricks: sure tricks for the side on lead ------------------- */
/* What hand p can cash while it holds the lead.  keep[s] tricks in suit s
 * leave the lead with p (its cards above every other card of the suit, or
 * all its cards once the others are exhausted); one further suit may be
 * cashed last when the lead may pass to partner there (p's top card beats
 * the opponents but partner holds a higher one; or the opponents are void
 * and the two hands take min(p's, partner's length) rounds).  pin[s] is
 * the rank whose prefix a count depends on (-1 when only lengths matter). */
typedef struct {
    int keep[4], pin[4];
    int last_suit, last_extra, last_pin;
    int last_dep;                 /* the last suit counts on partner's cards */
    int total;
} dds_cash;

static inline void dds_cashable(const dds_solver *S, int p, dds_cash *C) {
    int lho = (p + 1) & 3, rho = (p + 3) & 3, pard = (p + 2) & 3;
    int trump = S->trump;
    int lho_tr = trump != DDS_NT && S->hand[lho][trump];
    int rho_tr = trump != DDS_NT && S->hand[rho][trump];
    int qt = 0;
    int dep_extra = 0, dep_suit = -1, dep_pin = -1;
    C->last_suit = -1; C->last_extra = 0; C->last_pin = -1; C->last_dep = 0;
    for (int s = 0; s < 4; s++) {
        unsigned mine = S->hand[p][s];
        C->pin[s] = -1;
        C->keep[s] = 0;
        if (!mine) continue;
        unsigned lc = S->hand[lho][s], rc = S->hand[rho][s], opp = lc | rc;
        unsigned pc = S->hand[pard][s];
        int ruff = s != trump && (lho_tr || rho_tr);   /* an opponent may ruff once void */
        int lim = 13;
        if (s != trump) {
            if (lho_tr && dds_popc(lc) < lim) lim = dds_popc(lc);
            if (rho_tr && dds_popc(rc) < lim) lim = dds_popc(rc);
        }
        unsigned others = opp | pc;
        int k = others ? dds_popc(mine >> (dds_top(others) + 1)) : dds_popc(mine);
        if (k > lim) k = lim;
        int kp = -1;
        if (k && others) kp = dds_kth_top(mine, k);
        if (!ruff && k && k >= dds_popc(lc) && k >= dds_popc(rc) && k >= dds_popc(pc))
            k = dds_popc(mine);              /* the rest are long cards */
        C->keep[s] = k;
        C->pin[s] = kp;
        qt += k;
        /* cashed last, the lead possibly passing to partner */
        int extra = 0, epin = -1;
        if (!k && lim && (!opp || (mine >> (dds_top(opp) + 1)))) {
            extra = 1;                        /* p's top card beats the opponents */
            epin = opp ? dds_top(mine) : -1;
        }
        if (extra > C->last_extra) { C->last_extra = extra; C->last_suit = s; C->last_pin = epin; }
        /* the same, counting on partner's cards in the suit */
        extra = 0; epin = -1;
        if (!opp && pc && !ruff) {
            int a = dds_popc(mine), b = dds_popc(pc);
            int r = a < b ? a : b;
            if (r - k > extra) { extra = r - k; epin = -1; }
        }
        if (opp && pc) {
            /* both hands' winners: p cashes its own while partner follows
             * small, then a small card crosses to partner's */
            unsigned wp = mine >> (dds_top(opp) + 1), wq = pc >> (dds_top(opp) + 1);
            int a = dds_popc(wp), b = dds_popc(wq);
            int sp = dds_popc(mine) - a, sq = dds_popc(pc) - b;
            if (b && sp >= 1 && sq >= a) {
                int c = a + b;
                if (c > lim) c = lim;
                if (c - k > extra) {
                    extra = c - k;
                    epin = dds_low((wp | wq) << (dds_top(opp) + 1));
                }
            }
        }
        if (extra > dep_extra) { dep_extra = extra; dep_suit = s; dep_pin = epin; }
    }
    if (dep_extra > C->last_extra) {
        /* partner must keep that suit while p cashes the rest: his other
         * cards have to cover the discards */
        int need_d = 0, spare = 0;
        for (int y = 0; y < 4; y++) {
            if (y == dep_suit) continue;
            int lq = dds_popc(S->hand[pard][y]);
            if (C->keep[y] > lq) need_d += C->keep[y] - lq; else spare += lq - C->keep[y];
        }
        if (need_d <= spare) {
            C->last_extra = dep_extra; C->last_suit = dep_suit; C->last_pin = dep_pin; C->last_dep = 1;
        }
    }
    C->total = qt + C->last_extra;
}

/* Pin the ranks behind `need` of the tricks counted by dds_cashable,
 * taking suit `first` (an entry suit) before the others. */
static inline void dds_pin(const dds_cash *C, int need, int first, uint16_t rel[4]) {
    int got = 0;
    if (first >= 0) {
        got += C->keep[first];
        if (C->pin[first] >= 0) rel[first] |= (uint16_t)(1u << C->pin[first]);
    }
    for (int s = 0; s < 4 && got < need; s++)
        if (s != first && C->keep[s]) {
            got += C->keep[s];
            if (C->pin[s] >= 0) rel[s] |= (uint16_t)(1u << C->pin[s]);
        }
    if (got < need && C->last_suit >= 0) {
        int s = C->last_suit;
        if (C->pin[s] >= 0) rel[s] |= (uint16_t)(1u << C->pin[s]);
        if (C->last_pin >= 0) rel[s] |= (uint16_t)(1u << C->last_pin);
    }
}

/* Sure tricks for p's side with p on lead: p's own winners, or a small card
 * led to partner's winner and then partner's winners. */
static inline int dds_quick_tricks(const dds_solver *S, int p, int need, uint16_t rel[4]) {
    dds_cash A, B;
    dds_cashable(S, p, &A);
    if (A.total >= need) { dds_pin(&A, need, -1, rel); return A.total; }
    int pard = (p + 2) & 3;
    dds_cashable(S, pard, &B);
    if (B.last_dep) {
        /* our lead to the entry changes the holdings that count relied on */
        B.total -= B.last_extra;
        B.last_extra = 0; B.last_suit = -1; B.last_dep = 0;
    }
    if (B.total > A.total) {
        for (int s = 0; s < 4; s++) {
            unsigned mine = S->hand[p][s];
            /* entry: partner's kept winners lie above every card of ours in the suit */
            if (!mine || !B.keep[s]) continue;
            int e = B.pin[s] >= 0 ? B.pin[s] : dds_low(S->hand[pard][s]);
            if (dds_top(mine) < e) {
                dds_pin(&B, need, s, rel);
                rel[s] |= (uint16_t)(1u << e);
                return B.total;
            }
        }
    }
    dds_pin(&A, need, -1, rel);
    return A.total;
}

/* ---- later tricks: when the side on lead needs (nearly) every trick ---- */
static inline int dds_owner(const dds_solver *S, int s, int r) {
    for (int h = 0; h < 4; h++) if (S->hand[h][s] >> r & 1) return h;
    return -1;
}

/* 1 when p's side, on lead, cannot take `need` of the tl tricks left: the
 * opponents are sure of tl - need + 1 of them.  Only the cases where p's side
 * needs all the tricks, or all but one, are decided; rel gets the ranks the
 * proof rests on (suit lengths are part of every table key). */
static inline int dds_later_tricks(const dds_solver *S, int p, int need, int tl, uint16_t rel[4]) {
    if (need < tl - 1) return 0;
    int pard = p ^ 2, trump = S->trump;
    unsigned tr_all = 0;
    if (trump != DDS_NT)
        tr_all = S->held[trump];
    if (!tr_all) {
        if (need != tl) return 0;
        /* Every trick is led by p's side and won by the highest card of its
         * suit: rounds of the suits p's side heads number at most the longer
         * of its two holdings, and a suit the opponents head costs a trick. */
        int sum = 0, lead_ok = 0;
        unsigned tops = 0;
        for (int s = 0; s < 4; s++) {
            unsigned u = S->held[s];
            if (!u) continue;
            int t = dds_top(u);
            int w = dds_owner(S, s, t);
            if ((w & 1) == (p & 1)) {
                int a = dds_popc(S->hand[p][s]), b = dds_popc(S->hand[pard][s]);
                sum += a > b ? a : b;
                if (S->hand[p][s]) lead_ok = 1;
            } else if (u != S->hand[w][s]) {
                tops |= 1u << s;
            }
        }
        if (sum >= tl && lead_ok) return 0;
        /* the opponents' top cards are what beats us (whichever rule held) */
        for (int s = 0; s < 4; s++)
            if (tops >> s & 1) {
                unsigned u = S->held[s];
                rel[s] |= (uint16_t)(1u << dds_top(u));
            }
        return 1;
    }
    int t1 = dds_top(tr_all);
    int w1 = dds_owner(S, trump, t1);
    unsigned rest = tr_all & ~(1u << t1);
    int t2 = rest ? dds_top(rest) : -1;
    int w2 = rest ? dds_owner(S, trump, t2) : -1;
    if ((w1 & 1) != (p & 1)) {
        /* the opponents head the trumps */
        if (!S->hand[p][trump] && !S->hand[pard][trump]) {
            /* every trump of their longer holding takes a trick */
            int a = dds_popc(S->hand[p ^ 1][trump]), b = dds_popc(S->hand[p ^ 3][trump]);
            if (tl - (a > b ? a : b) < need) return 1;
        }
        if (need == tl) { rel[trump] |= (uint16_t)(1u << t1); return 1; }
        /* need == tl - 1: their top two trumps take two tricks unless both are bare */
        if (w2 >= 0 && (w2 & 1) != (p & 1) &&
            (dds_popc(S->hand[w2][trump]) > 1 || dds_popc(S->hand[w2 ^ 2][trump]) > 1)) {
            rel[trump] |= (uint16_t)(1u << t2);
            return 1;
        }
        return 0;
    }
    if (need != tl || w2 < 0 || (w2 & 1) == (p & 1) || dds_popc(S->hand[w2][trump]) < 2) return 0;
    /* we head the trumps; their second-best trump with a guard scores when it
     * sits over our top trump, or when they also hold the third best */
    if (((w2 + 3) & 3) == w1) { rel[trump] |= (uint16_t)(1u << t2); return 1; }
    unsigned rest2 = rest & ~(1u << t2);
    if (rest2) {
        int t3 = dds_top(rest2);
        if ((dds_owner(S, trump, t3) & 1) != (p & 1)) { rel[trump] |= (uint16_t)(1u << t3); return 1; }
    }
    return 0;
}

/* p's side wins the current trick (led in ls) with hand hh, which then
 * leads.  At no-trump (or with the trumps gone) hh cashes its top cards: the next card down in ls if
 * it holds it, and the top card of each other suit it holds.  1 when that
 * makes `need`; rel gets the ranks it rests on (pin: the winning card). */
static inline int dds_won_trick_then_cash(const dds_solver *S, int hh, int ls, int pin, int played,
                                          int need, uint16_t rel[4]) {
    uint16_t got_rel[4] = {0, 0, 0, 0};
    if (pin >= 0) got_rel[ls] = (uint16_t)(1u << pin);
    int got = 1, t = S->trump;
    if (got < need && (t == DDS_NT || !(S->held[t]))) {
        unsigned u = S->held[ls];
        unsigned rest = played >= 0 ? u & ~(1u << played) : u;
        if (rest && (S->hand[hh][ls] >> dds_top(rest) & 1)) {
            got++;                                        /* the next card down too */
            got_rel[ls] |= (uint16_t)(1u << dds_top(rest));
        }
        for (int s = 0; s < 4 && got < need; s++) {
            unsigned mine = S->hand[hh][s];
            if (s == ls || !mine) continue;
            unsigned all = S->held[s];
            if (all == mine) got += dds_popc(mine);       /* nobody else holds the suit */
            else if (mine >> dds_top(all) & 1) { got++; got_rel[s] |= (uint16_t)(1u << dds_top(all)); }
        }
    }
    if (got < need) return 0;
    for (int s = 0; s < 4; s++) rel[s] |= got_rel[s];
    return 1;
}

/* Second hand: p's side is sure of this trick (a card above the led card
 * and third hand's cards, or a ruff that third hand, following suit, cannot
 * overruff).  At no-trump the hand that wins it then cashes its top cards.
 * 1 when that covers the `need` tricks p's side still needs. */
static inline int dds_second_hand_wins(const dds_solver *S, int p, int need, uint16_t rel[4]) {
    if (need <= 0) return 1;
    int ls = S->tsuit[0], lr = S->trank[0], trump = S->trump;
    int third = (p + 1) & 3, pard = (p + 2) & 3;
    unsigned ours = S->hand[p][ls] | S->hand[pard][ls];
    unsigned thirds = S->hand[third][ls];
    int third_ruffs = trump != DDS_NT && ls != trump && !thirds && S->hand[third][trump];
    if (need == 1 && trump != DDS_NT && ls != trump && !third_ruffs &&
        ((!S->hand[p][ls] && S->hand[p][trump]) || (!S->hand[pard][ls] && S->hand[pard][trump])))
        return 1;                         /* we ruff; third hand must follow */
    if (third_ruffs || !ours) return 0;
    int t = dds_top(ours);
    if (t < lr || (thirds && t < dds_top(thirds))) return 0;
    int hh = S->hand[p][ls] >> t & 1 ? p : pard;     /* wins the trick, leads next */
    return dds_won_trick_then_cash(S, hh, ls, t, t, need, rel);
}

/* ---- move generation ------------------------------------------------- */
typedef struct { int8_t s, r; int16_t w; int8_t multi; } dds_move;  /* multi: the group has 2+ cards */

/* Cards still in play in suit s: every hand and the table. */
static inline unsigned dds_alive(const dds_solver *S, int s) {
    return ~S->gone[s] & 0x1FFFu;
}

/* The group of p's cards in suit s that holds rank r: r and p's cards above
 * it, up to the next card still in play that is not p's. */
static inline unsigned dds_group_of(const dds_solver *S, int p, int s, int r) {
    unsigned m = S->hand[p][s];
    unsigned others = dds_alive(S, s) & ~m & ~((2u << r) - 1);
    unsigned below_next = others ? (1u << dds_low(others)) - 1 : 0x1FFFu;
    return m & below_next & ~((1u << r) - 1);
}

/* Add one move per group of equivalent cards of mask m in suit s (lowest card of each group). */
static inline int dds_groups(unsigned m, unsigned alive, int s, dds_move *out, int n) {
    while (m) {
        int r = dds_top(m);
        /* walk down while the next alive card below belongs to us */
        int low = r;
        for (;;) {
            unsigned below = alive & ((1u << low) - 1);
            if (!below) break;
            int nr = dds_top(below);
            if (!(m >> nr & 1)) break;
            low = nr;
        }
        out[n].s = (int8_t)s;
        out[n].r = (int8_t)low;
        out[n].w = 0;
        out[n].multi = (int8_t)(low != r);
        n++;
        m &= (1u << low) - 1;
    }
    return n;
}

static int dds_gen_moves(const dds_solver *S, int p, dds_move *mv) {
    int n = 0;
    int nc = S->ncards;
    if (nc > 0) {
        int ls = S->tsuit[0];
        if (S->hand[p][ls]) return dds_groups(S->hand[p][ls], dds_alive(S, ls), ls, mv, 0);
    }
    for (int s = 0; s < 4; s++)
        if (S->hand[p][s]) n = dds_groups(S->hand[p][s], dds_alive(S, s), s, mv, n);
    return n;
}

/* Order moves: higher weight first. */
static void dds_order(const dds_solver *S, int p, dds_move *mv, int n, const dds_entry *e) {
    int nc = S->ncards;
    int trump = S->trump;
    int partner = (p + 2) & 3, lho = (p + 1) & 3, rho = (p + 3) & 3;
    if (nc == 0) {
        /* moves come suit by suit: the suit's terms are worked out once */
        int cur = -1, ruffable = 0, top_ours = 0, w_top = 0, w_pard = 0, w_low = 0;
        unsigned opp = 0;
        int tl = S->tricks_left;
        for (int i = 0; i < n; i++) {
            int s = mv[i].s, r = mv[i].r;
            if (s != cur) {
                cur = s;
                opp = S->hand[lho][s] | S->hand[rho][s];
                unsigned pard = S->hand[partner][s];
                unsigned all = opp | pard | S->hand[p][s];
                int tp = dds_top(all);
                top_ours = (S->hand[p][s] | pard) >> tp & 1;
                ruffable = trump != DDS_NT && s != trump &&
                    ((!S->hand[lho][s] && S->hand[lho][trump]) || (!S->hand[rho][s] && S->hand[rho][trump]));
                unsigned rest = all & ~(1u << tp);
                int w2 = rest ? dds_owner(S, s, dds_top(rest)) : -1;   /* holder of the second best */
                int cl = dds_popc(S->hand[lho][s]), cr = dds_popc(S->hand[rho][s]);
                /* small trees first: opponents who must follow have few choices
                 * (a void discards anything) */
                int common = -25 * ((cl ? cl : tl) + (cr ? cr : tl));
                /* we hold the top and LHO the second best: a finesse position */
                if (top_ours && w2 == lho && cl != 1) common += 20;
                if (s == trump) common -= 5;
                if (!pard && trump != DDS_NT && s != trump && S->hand[partner][trump] && !ruffable)
                    common += 20;                            /* partner ruffs */
                w_top = 60 + common;                         /* a card above the opponents' */
                w_pard = 45 + common;                        /* low to partner's winner */
                w_low = common - dds_popc(opp);
                /* RHO over us with a top card: poor; LHO's top under
                 * partner's second best: partner may capture it */
                if (((S->hand[rho][s] >> tp & 1) || w2 == rho) && cr != 1) w_low -= 10;
                /* they hold the top, we the second and third best: knocking
                 * out their top card sets the suit up */
                if (!top_ours && w2 >= 0 && ((w2 ^ p) & 1) == 0) {
                    unsigned rest2 = rest & ~(1u << dds_top(rest));
                    if (rest2 && ((dds_owner(S, s, dds_top(rest2)) ^ p) & 1) == 0) w_low += 50;
                }
                /* at no-trump, leading a suit partner is void in only makes him discard */
                if (!pard && trump == DDS_NT) { w_top -= 30; w_pard -= 30; w_low -= 30; }
                if ((S->hand[lho][s] >> tp & 1) && w2 == partner && dds_popc(pard) != 1) w_low += 100;
            }
            int w;
            if ((1u << r) > opp && !ruffable) w = w_top;
            else if (top_ours && !ruffable) w = w_pard - r;
            else w = w_low - r / 2 + (mv[i].multi ? 12 : 0);   /* a sequence gives nothing cheap away */
            /* the lead that last cut off at this depth outranks every
             * heuristic (and the table's hint): a lead that worked in a
             * sibling position usually works here, e.g. running a long suit
             * the weights put last because the opponents discard on it */
            if (S->killer[tl][0] == s && S->killer[tl][1] == r) w += 1500;
            if (e && e->best_suit == s) {
                unsigned above = S->hand[p][s] >> (r + 1);
                if (dds_popc(above) == e->best_idx) w += 1000;
            }
            mv[i].w = (int16_t)w;
        }
    } else {
        int ls = S->tsuit[0];
        int wp = S->win_p[nc - 1], ws = S->win_s[nc - 1], wr = S->win_r[nc - 1];
        int partner_winning = (wp & 1) == (p & 1);
        /* can the players still to come beat the card now winning? */
        int later_beats = 0;   /* an opponent after us can beat the current winner */
        for (int k = nc + 1; k < 4; k++) {
            int q = (S->leader + k) & 3;
            if ((q & 1) == (p & 1)) continue;
            if (ws == ls) {
                if (S->hand[q][ls] >> (wr + 1)) later_beats = 1;
                else if (!S->hand[q][ls] && trump != DDS_NT && S->hand[q][trump]) later_beats = 1;
            } else if (ws == trump && !S->hand[q][ls] && (S->hand[q][trump] >> (wr + 1))) later_beats = 1;
        }
        /* the highest card the opponents still to play could put on the led suit */
        unsigned opp_after = 0;
        for (int k = nc + 1; k < 4; k++) {
            int q = (S->leader + k) & 3;
            if ((q & 1) != (p & 1)) opp_after |= S->hand[q][ls];
        }
        int cur = -1, w_disc = 0;
        /* second hand whose partner's top card beats the lead and everything
         * third hand can play (no ruff): play lowest, partner wins it */
        int partner_tops = 0;
        if (nc == 1 && S->hand[p][ls]) {
            unsigned pc = S->hand[partner][ls], tc = S->hand[lho][ls];
            int no_ruff = trump == DDS_NT || ls == trump || tc || !S->hand[lho][trump];
            if (no_ruff && pc && dds_top(pc) > wr && (!tc || dds_top(pc) > dds_top(tc))) partner_tops = 1;
        }
        for (int i = 0; i < n; i++) {
            int s = mv[i].s, r = mv[i].r;
            int beats = (s == ws && r > wr) || (trump != DDS_NT && s == trump && ws != trump);
            int w;
            if (partner_tops) {
                w = -r;
            } else if (partner_winning && !later_beats) {
                w = beats ? -r : 40 - r;                 /* partner has it: play low */
            } else if (beats) {
                int safe = nc == 3 || (s == ls && (1u << r) > opp_after) ||
                           (s == trump && ls != trump);  /* cannot be topped in the suit */
                /* 2nd hand low-ish but splitting a sequence (KQ over a small
                 * card forces their ace cheaply), 3rd hand high */
                w = safe ? 60 - r : (nc == 1 ? 20 - r + (mv[i].multi ? 10 : 0) : 30 + r);
                if (s == trump && ls != trump) w -= 8;   /* ruffing costs a trump */
            } else {
                w = 20 - r;
            }
            if (s != ls && s != trump) {
                if (s != cur) {
                    /* discard: from long suits, keeping guards and winners */
                    cur = s;
                    unsigned all = S->held[s];
                    int len = dds_popc(S->hand[p][s]);
                    unsigned below = all & ~(1u << dds_top(all));
                    w_disc = 3 * len;
                    if (len == 2 && below && (S->hand[p][s] >> dds_top(below) & 1)) w_disc -= 5;  /* Kx guard */
                    if (len == 1 && (S->hand[p][s] >> dds_top(all) & 1)) w_disc -= 5;  /* a bare top card */
                }
                w += w_disc;
            }
            mv[i].w = (int16_t)w;
        }
    }
    for (int i = 1; i < n; i++) {
        dds_move t = mv[i];
        int j = i - 1;
        while (j >= 0 && mv[j].w < t.w) { mv[j + 1] = mv[j]; j--; }
        mv[j + 1] = t;
    }
}

/* Store the outcome of a search for `target` at a trick's start: N-S make
 * it (a lower bound) or not (an upper bound). */
static inline void dds_store_result(dds_solver *S, const dds_key_t *K, const uint16_t rel[4], int target,
                                    int ns_makes, int best_suit, int best_idx) {
    int tl = S->tricks_left;
    if (ns_makes) dds_store(S, K, rel, tl, target, tl, best_suit, best_idx);
    else dds_store(S, K, rel, tl, 0, target - 1, best_suit, best_idx);
}

/* Tricks the side of player p still needs for the search of `target`. */
static inline int dds_need(const dds_solver *S, int p, int target) {
    return (p & 1) == 0 ? target : S->tricks_left - target + 1;
}

/* Cutoffs at a trick's start that need no search: sure trump tricks, quick
 * tricks for the side on lead, later-trick bounds.  Returns the result, or
 * -1 when none applies. */
static inline int dds_cuts(dds_solver *S, const dds_key_t *K, int target, int p, int max_side, uint16_t rel[4]) {
    int tl = S->tricks_left;
    if (S->trump != DDS_NT) {
        /* trumps above all the other side's trumps each take a trick when
         * they come from one hand: a side is sure of the larger such count */
        int t = S->trump;
        for (int side = 0; side < 2; side++) {
            unsigned other = S->hand[side ^ 1][t] | S->hand[side ^ 3][t];
            int best = 0, bh = -1;
            for (int h = side; h < 4; h += 2) {
                unsigned m = S->hand[h][t];
                int c = other ? dds_popc(m >> (dds_top(other) + 1)) : dds_popc(m);
                if (c > best) { best = c; bh = h; }
            }
            if (!best) continue;
            int cut = side == 0 ? best >= target : tl - best < target;
            if (cut) {
                if (other) rel[t] = (uint16_t)(1u << dds_kth_top(S->hand[bh][t], best));
                dds_store_result(S, K, rel, target, side == 0, 255, 0);
                return side == 0;
            }
        }
    }
    int need = dds_need(S, p, target);
    uint16_t qrel[4] = {0, 0, 0, 0};
    if (dds_quick_tricks(S, p, need, qrel) >= need) {
        /* the pinned ranks justify the cutoff, not the whole count */
        memcpy(rel, qrel, sizeof(qrel));
        dds_store_result(S, K, rel, target, max_side, 255, 0);
        return max_side;
    }
    uint16_t lrel[4] = {0, 0, 0, 0};
    if (dds_later_tricks(S, p, need, tl, lrel)) {
        memcpy(rel, lrel, sizeof(lrel));
        dds_store_result(S, K, rel, target, !max_side, 255, 0);
        return !max_side;
    }
    return -1;
}

/* ---- the search ------------------------------------------------------- */
static int dds_search(dds_solver *S, int target, uint16_t rel[4]);

static inline void dds_play(dds_solver *S, int p, int s, int r) {
    int nc = S->ncards;
    if (S->hand[p][s] >> r & 1) {
        /* drop the card's 2-bit owner entry from its suit's code */
        uint32_t keep = (1u << (2 * dds_popc(S->held[s] & ((1u << r) - 1)))) - 1;
        S->held[s] &= (uint16_t)~(1u << r);
        S->code[s] = (S->code[s] & keep) | ((S->code[s] >> 2) & ~keep);
        S->dist -= (uint64_t)1 << (16 * s + 4 * p);
    }
    S->hand[p][s] &= (uint16_t)~(1u << r);
    S->tsuit[nc] = s;
    S->trank[nc] = r;
    if (nc == 0) {
        S->win_p[0] = p; S->win_s[0] = s; S->win_r[0] = r;
    } else {
        int ws = S->win_s[nc - 1], wr = S->win_r[nc - 1];
        if ((s == ws && r > wr) || (S->trump != DDS_NT && s == S->trump && ws != S->trump)) {
            S->win_p[nc] = p; S->win_s[nc] = s; S->win_r[nc] = r;
        } else {
            S->win_p[nc] = S->win_p[nc - 1]; S->win_s[nc] = ws; S->win_r[nc] = wr;
        }
    }
}

/* The trick of four cards is complete: its winner leads the next one.  The
 * next trick reuses the trick arrays (tsuit .. win_r, adjacent in the
 * solver), so the caller keeps them, with the leader and the gone cards. */
#define DDS_TRICK_BYTES (offsetof(dds_solver, win_r) + sizeof(int[4]) - offsetof(dds_solver, tsuit))
_Static_assert(DDS_TRICK_BYTES == 5 * sizeof(int[4]), "the trick arrays must be adjacent");
typedef struct {
    int leader;
    unsigned char trick[DDS_TRICK_BYTES];
    uint16_t gone[4];
} dds_trick_save;

static inline void dds_close_trick(dds_solver *S, dds_trick_save *T) {
    T->leader = S->leader;
    memcpy(T->trick, S->tsuit, DDS_TRICK_BYTES);
    memcpy(T->gone, S->gone, sizeof T->gone);
    for (int i = 0; i < 4; i++) S->gone[S->tsuit[i]] |= (uint16_t)(1u << S->trank[i]);
    S->leader = S->win_p[3];
    S->ncards = 0;
    S->tricks_left--;
}

static inline void dds_reopen_trick(dds_solver *S, const dds_trick_save *T) {
    S->tricks_left++;
    S->ncards = 3;
    S->leader = T->leader;
    memcpy(S->tsuit, T->trick, DDS_TRICK_BYTES);
    memcpy(S->gone, T->gone, sizeof T->gone);
}

static inline void dds_unplay(dds_solver *S, int p, int s, int r, uint32_t code) {
    S->hand[p][s] |= (uint16_t)(1u << r);
    S->held[s] |= (uint16_t)(1u << r);
    S->code[s] = code;
    S->dist += (uint64_t)1 << (16 * s + 4 * p);
}

/* Play card (s, r) for the player to move, search, undo. */
static inline int dds_try(dds_solver *S, int p, int s, int r, int target, uint16_t rel[4]) {
    int nc = S->ncards;
    int res;
    uint32_t code = S->code[s];
    dds_play(S, p, s, r);
    if (nc == 3) {
        int ws = S->win_s[3], wr = S->win_r[3], ns_won = (S->win_p[3] & 1) == 0;
        /* the winning card mattered by its rank when it beat a card of its suit */
        int by_rank = 0;
        for (int i = 0; i < 4; i++) if (S->tsuit[i] == ws && S->trank[i] != wr) by_rank = 1;
        dds_trick_save T;
        dds_close_trick(S, &T);
        res = dds_search(S, target - ns_won, rel);
        dds_reopen_trick(S, &T);
        if (by_rank) rel[ws] |= (uint16_t)(1u << wr);
    } else {
        S->ncards = nc + 1;
        res = dds_search(S, target, rel);
        S->ncards = nc;
    }
    dds_unplay(S, p, s, r, code);
    return res;
}

static int dds_last_trick_ns(const dds_solver *S, uint16_t rel[4]) {
    /* every hand holds one card; leader leads */
    int l = S->leader;
    int bs = -1, br = -1, bp = l, byrank = 0;
    int cs[4], cr[4];
    for (int i = 0; i < 4; i++) {
        int p = (l + i) & 3;
        int s = 0;
        while (!S->hand[p][s]) s++;
        int r = dds_top(S->hand[p][s]);
        cs[i] = s; cr[i] = r;
        if (i == 0) { bs = s; br = r; bp = p; }
        else if ((s == bs && r > br) || (S->trump != DDS_NT && s == S->trump && bs != S->trump)) {
            bs = s; br = r; bp = p;
        }
    }
    for (int i = 0; i < 4; i++) if (cs[i] == bs && cr[i] != br) byrank = 1;
    if (byrank) rel[bs] |= (uint16_t)(1u << br);
    return (bp & 1) == 0;
}

static int dds_search(dds_solver *S, int target, uint16_t rel[4]) {
    S->nodes++;
    rel[0] = rel[1] = rel[2] = rel[3] = 0;
    int nc = S->ncards;
    int p = (S->leader + nc) & 3;
    int max_side = (p & 1) == 0;   /* N-S to move: needs one good move */
    dds_entry *hint = NULL;
    dds_key_t K;
    if (nc == 0) {
        int tl = S->tricks_left;
        if (target <= 0) return 1;
        if (target > tl) return 0;
        if (tl == 1) return dds_last_trick_ns(S, rel) >= target;
        dds_key(S, &K);
        int c;
        int lo = 0, hi = tl;
        dds_entry *lo_e = NULL, *hi_e = NULL;
        dds_lookup(S, &K, target, &lo, &hi, &lo_e, &hi_e, &hint);
        if (lo >= target) { dds_entry_rel(S, lo_e, &K, rel); return 1; }
        if (hi < target) { dds_entry_rel(S, hi_e, &K, rel); return 0; }
        if ((c = dds_cuts(S, &K, target, p, max_side, rel)) >= 0) return c;
    }
    if (nc == 1 && dds_second_hand_wins(S, p, dds_need(S, p, target), rel))
        return max_side;
    dds_move mv[13];
    int n = dds_gen_moves(S, p, mv);
    if (n > 1) dds_order(S, p, mv, n, hint);
    int result = max_side ? 0 : 1;
    int best = -1;
    uint16_t crel[4];
    /* lw[s]: once a card of suit s below every pinned rank has failed, the
     * other such cards lead to equivalent positions and are skipped */
    int lw[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        if (mv[i].r < lw[mv[i].s]) continue;
        int res = dds_try(S, p, mv[i].s, mv[i].r, target, crel);
        if (max_side ? res : !res) {
            if (nc == 0) {
                S->killer[S->tricks_left][0] = mv[i].s;
                S->killer[S->tricks_left][1] = mv[i].r;
            }
            result = res; best = i;
            rel[0] = crel[0]; rel[1] = crel[1]; rel[2] = crel[2]; rel[3] = crel[3];
            break;
        }
        rel[0] |= crel[0]; rel[1] |= crel[1]; rel[2] |= crel[2]; rel[3] |= crel[3];
        int ms = mv[i].s;
        if (!lw[ms]) {
            int low = rel[ms] ? dds_low(rel[ms]) : 13;
            if (mv[i].r < low) lw[ms] = low;
        }
    }
    if (best < 0) {
        /* every move was searched, one card standing for each group of
         * equivalent cards.  A group wholly below the pinned cards maps onto
         * low cards anywhere, one wholly inside them is the same group in any
         * matching position; a group straddling the boundary is pinned whole. */
        for (int i = 0; i < n; i++) {
            if (!mv[i].multi) continue;
            int ss = mv[i].s;
            if (!rel[ss]) continue;                  /* all below the pinned cards: x-cards */
            int rmin = dds_low(rel[ss]);
            if (mv[i].r >= rmin) continue;           /* inside the pinned prefix already */
            if ((S->hand[p][ss] >> rmin) && dds_top(dds_group_of(S, p, ss, mv[i].r)) >= rmin)
                rel[ss] |= (uint16_t)(1u << mv[i].r);  /* straddles: pin it whole */
        }
    }
    if (nc == 0) {
        int bs = 255, bi = 0;
        if (best >= 0) {
            bs = mv[best].s;
            bi = dds_popc(S->hand[p][bs] >> (mv[best].r + 1));
        }
        dds_store_result(S, &K, rel, target, result, bs, bi);
    }
    return result;
}

/* ---- entry points ----------------------------------------------------- */

/* Set a position: hands (remaining cards, the table's cards removed),
 * trump, the current trick's leader and its 0..3 cards (suit, rank). */
static int dds_set(dds_solver *S, const uint16_t hand[4][4], int trump, int leader,
                   int ncards, const int *tsuit, const int *trank) {
    /* A position out of the same deal (cards only gone, none new) keeps
     * the table; another deal starts afresh, so that no probe walks past
     * entries that cannot match and no search is cut short by a full table. */
    int same = S->have_deal;
    for (int p = 0; p < 4; p++)
        for (int s = 0; s < 4; s++)
            if (hand[p][s] & ~S->deal[p][s]) same = 0;
    if (!same) {
        dds_clear(S);
        memcpy(S->deal, hand, sizeof(S->deal));
        S->have_deal = 1;
    }
    memcpy(S->hand, hand, sizeof(S->hand));
    S->trump = trump;
    S->leader = leader & 3;
    S->ncards = 0;
    for (int i = 0; i < ncards; i++) {
        int p = (leader + i) & 3;
        dds_play(S, p, tsuit[i], trank[i]);
        /* dds_play removed nothing real: the card was not in the hand */
        S->ncards = i + 1;
    }
    int cnt[4];
    for (int p = 0; p < 4; p++) {
        cnt[p] = 0;
        for (int s = 0; s < 4; s++) cnt[p] += dds_popc(S->hand[p][s]);
    }
    /* players who have played to this trick hold one card fewer */
    int tl = cnt[S->leader] + (ncards > 0);
    for (int i = 0; i < 4; i++) {
        int p = (leader + i) & 3;
        int want = i < ncards ? tl - 1 : tl;
        if (cnt[p] != want) return -1;
    }
    S->tricks_left = tl;
    dds_recode(S);
    for (int s = 0; s < 4; s++) {
        unsigned a = S->held[s];
        for (int i = 0; i < ncards; i++) if (tsuit[i] == s) a |= 1u << trank[i];
        S->gone[s] = (uint16_t)(~a & 0x1FFF);
    }
    return tl;
}

/* N-S tricks from the current position with best play (the stepping of the target). */
static int dds_ns_value(dds_solver *S, int guess) {
    int tl = S->tricks_left;
    if (tl == 0) return 0;
    int lo = 0, hi = tl;       /* answer in [lo, hi] */
    if (S->ncards == 0 && tl > 1) {
        dds_key_t K;
        dds_entry *a = NULL, *b = NULL, *c = NULL;
        dds_key(S, &K);
        dds_lookup(S, &K, -1, &lo, &hi, &a, &b, &c);
    }
    int t = guess;
    if (t < lo) t = lo;
    if (t > hi) t = hi;
    while (lo < hi) {
        if (t <= lo) t = lo + 1;
        if (t > hi) t = hi;
        uint16_t rel[4];
        if (dds_search(S, t, rel)) { lo = t; t++; }
        else { hi = t - 1; t--; }
    }
    return lo;
}

/* Values of each distinct move of the player to move, as tricks for that
 * player's side from the current trick on.  Writes (suit, rank of the lowest
 * card of each group, group mask) and returns the number of groups. */
static int dds_root_moves(dds_solver *S, int *out_s, int *out_r, unsigned *out_group, int *out_val) {
    int nc = S->ncards;
    int p = (S->leader + nc) & 3;
    int ns_side = (p & 1) == 0;
    int tl = S->tricks_left;
    dds_move mv[13];
    int n = dds_gen_moves(S, p, mv);
    int guess = -1;
    for (int i = 0; i < n; i++) {
        int s = mv[i].s, r = mv[i].r;
        unsigned g = dds_group_of(S, p, s, r);
        int v;
        uint32_t code = S->code[s];
        dds_play(S, p, s, r);
        if (nc == 3) {
            int won = (S->win_p[3] & 1) == 0;
            dds_trick_save T;
            dds_close_trick(S, &T);
            v = won + dds_ns_value(S, guess < 0 ? (S->tricks_left + 1) / 2 : guess - won);
            dds_reopen_trick(S, &T);
        } else {
            S->ncards = nc + 1;
            v = dds_ns_value(S, guess < 0 ? (tl + 1) / 2 : guess);
            S->ncards = nc;
        }
        dds_unplay(S, p, s, r, code);
        guess = v;
        out_s[i] = s; out_r[i] = r; out_group[i] = g;
        out_val[i] = ns_side ? v : tl - v;
    }
    return n;
}

/* N-S tricks with `leader` on lead to the first trick of a full deal. */
static int dds_solve_full(dds_solver *S, const uint16_t hand[4][4], int trump, int leader, int guess) {
    int tl = dds_set(S, hand, trump, leader, 0, NULL, NULL);
    if (tl < 0) return -1;
    if (guess < 0) {
        /* first target: N-S's share of the high-card points (A4 K3 Q2 J1);
         * the closer it starts, the fewer searches */
        int hcp = 0;
        for (int p = 0; p < 4; p += 2)
            for (int s = 0; s < 4; s++)
                for (int r = 9; r < 13; r++) hcp += (hand[p][s] >> r & 1) * (r - 8);
        guess = (hcp * tl + 20) / 40;
    }
    return dds_ns_value(S, guess);
}

/* out[strain][seat] = tricks the declarer `seat` takes in strain (0..4). */
static int dds_table(dds_solver *S, const uint16_t hand[4][4], int out[5][4]) {
    for (int k5 = 0; k5 < 5; k5++) {
        /* no-trump first: suit contracts whose trumps are gone reuse its endings */
        int st = 4 - k5;
        int guess = -1;
        static const int order[4] = {0, 2, 1, 3};
        for (int k = 0; k < 4; k++) {
            int decl = order[k];
            int leader = (decl + 1) & 3;
            int ns = dds_solve_full(S, hand, st, leader, guess);
            if (ns < 0) return -1;
            guess = ns;
            out[st][decl] = (decl & 1) ? 13 - ns : ns;
        }
    }
    return 0;
}

#endif
