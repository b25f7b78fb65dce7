/*
 * Double-dummy solver core for Preferans (3 hands of up to 10 cards, or 2 hands in the
 * Balkan variant).
 *
 * A hand is a 32-bit mask: suit s occupies byte s, a higher bit is a higher card.
 * The search answers one zero-window question, "can the max side make the counted tricks
 * reach at least `target`?", and an MTD(f)-style driver narrows [lo, hi] with such
 * questions. Techniques: transposition table at trick boundaries keyed by relative ranks
 * (cards gone in earlier tricks are squeezed out, so equivalent positions collapse) storing
 * lower/upper bounds and the best move; equivalent-card pruning; quick-trick bounds; move
 * ordering by simple trick-winning heuristics. All state lives in a per-call context, so
 * calls are re-entrant and run in parallel without the GIL.
 *
 * Objectives are reduced to two flags per seat: `win[s]` (a trick won by seat s is counted)
 * and `maxside[s]` (seat s wants the count high). Tricks: only the declarer is counted and
 * maximises. Misere / raspasy: the declarer is counted and the two others maximise.
 *
 * Raspasy tricks led by talon cards (RULES §8): `talon[tpos..ntalon-1]` name the suits of
 * the current and next tricks; first hand (`first`) plays first in each and leads the trick
 * after the last. Every hand follows the named suit if able; the named suit wins, else the
 * suit of the first card played, so for the winner the named suit acts as a trump. With
 * `talon_wins` (4 players) the talon card itself is the card to beat and, unbeaten, takes
 * the trick for the sitting-out dealer (winner -1, counted for nobody). Talon-trick nodes
 * skip the transposition table and the lead-only bounds: they are few.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

typedef struct {
    uint64_t k1;
    uint32_t k2;
    int8_t lb, ub;
    uint8_t best; /* (suit << 3 | relative rank) + 1, 0 = none */
    uint8_t gen;  /* entry valid only when equal to the context's generation */
} Entry;

#define TT_BITS 16

typedef struct {
    uint32_t hand[3];
    int nactive;
    int next[3];
    int trump; /* -1: no trumps */
    int maxside[3];
    int win[3];
    int trick[3];
    int misere; /* the declarer minimises: the misère bounds apply */
    int declarer;
    int talon[2], ntalon, tpos, talon_wins, first;
    /* killer leads: per seat and cards in hand, the last lead that cut there; sibling
     * positions differ by one trick, so it often cuts again (-6 to -9% nodes) */
    int killer[3][17];
    Entry *tt;
    uint32_t ttmask;
    uint8_t gen;
} Ctx;

/* COMPRESS[rem][hand]: the hand's bits re-indexed among the remaining cards of a suit.
 * Filled once at import, read-only afterwards: shared safely between threads. */
static uint8_t COMPRESS[256][256];
static uint8_t TOPRUN[256][256]; /* TOPRUN[rem][hand]: how many top cards of rem hand holds */
/* REPS[mine][theirs]: the top card of each run of `mine` not split by a card of `theirs`
 * (one suit): one move stands for its equivalent cards. */
static uint8_t REPS[256][256];
static uint8_t POP8[256];
/* SURE[mine][theirs]: trumps of `mine` that surely take a trick against the trumps of
 * `theirs` (one suit): each of his trumps is played on a trick of its own and wins it
 * unless a higher trump of theirs falls on it, each of theirs on one trick at most; so
 * his count less the largest matching of theirs to lower trumps of his. */
static uint8_t SURE[256][256];

static void init_tables(void) {
    for (int rem = 0; rem < 256; rem++) {
        for (int hand = 0; hand < 256; hand++) {
            int out = 0, j = 0, run = 0, counting = 1;
            for (int b = 0; b < 8; b++) {
                if (rem >> b & 1) {
                    if (hand >> b & 1) out |= 1 << j;
                    j++;
                }
            }
            for (int b = 7; b >= 0; b--) {
                if (!(rem >> b & 1)) continue;
                if (counting && (hand >> b & 1)) run++;
                else counting = 0;
            }
            COMPRESS[rem][hand] = (uint8_t)out;
            TOPRUN[rem][hand] = (uint8_t)run;
        }
    }
    for (int mine = 0; mine < 256; mine++) {
        POP8[mine] = (uint8_t)__builtin_popcount((unsigned)mine);
        for (int theirs = 0; theirs < 256; theirs++) {
            int reps = 0, in_run = 0;
            for (int b = 7; b >= 0; b--) {
                if (mine >> b & 1) {
                    if (!in_run) reps |= 1 << b;
                    in_run = 1;
                } else if (theirs >> b & 1) {
                    in_run = 0;
                }
            }
            REPS[mine][theirs] = (uint8_t)reps;
            int higher = 0, beaten = 0;
            for (int b = 7; b >= 0; b--) {
                if (theirs >> b & 1) higher++;
                else if ((mine >> b & 1) && higher) {
                    higher--;
                    beaten++;
                }
            }
            SURE[mine][theirs] = (uint8_t)(__builtin_popcount((unsigned)mine) - beaten);
        }
    }
}

/* Bit count: the POPCNT instruction where the build may use it (setup.py asks for it on
 * x86-64 processors that have it: -4% instructions), else shifts and masks (without the
 * instruction __builtin_popcount is a call to a slow library routine). */
static inline int popc(uint32_t x) {
#ifdef __POPCNT__
    return __builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
#endif
}
static inline uint32_t suit_byte(uint32_t m, int s) { return (m >> (8 * s)) & 0xFFu; }
/* The suits a hand holds, as 4 bits. */
static inline int held_suits(uint32_t m) {
    return (m & 0xFFu ? 1 : 0) | (m & 0xFF00u ? 2 : 0) | (m & 0xFF0000u ? 4 : 0) |
           (m & 0xFF000000u ? 8 : 0);
}

static inline int beats(int card, int best, int trump) {
    if ((card >> 3) == (best >> 3)) return card > best;
    return (card >> 3) == trump;
}

static inline int in_talon(const Ctx *c) { return c->tpos < c->ntalon; }

/* The suit that wins the current trick over the others: trumps, or the talon card's. */
static inline int rule_trump(const Ctx *c) {
    return in_talon(c) ? c->talon[c->tpos] >> 3 : c->trump;
}

/* The card to beat before anyone plays: the talon card when it can win, else none. */
static inline int start_wc(const Ctx *c) {
    return in_talon(c) && c->talon_wins ? c->talon[c->tpos] : -1;
}

/* Talon cards still to lead that can win a trick: they separate equivalent cards. */
static inline uint32_t talon_cards(const Ctx *c) {
    uint32_t m = 0;
    if (c->talon_wins)
        for (int i = c->tpos; i < c->ntalon; i++) m |= 1u << c->talon[i];
    return m;
}

static inline int counted(const Ctx *c, int ws) { return ws >= 0 ? c->win[ws] : 0; }

static inline uint32_t legal_moves(const Ctx *c, int seat, int k) {
    uint32_t hand = c->hand[seat];
    int led = in_talon(c) ? c->talon[c->tpos] >> 3 : k ? c->trick[0] >> 3 : -1;
    if (led < 0) return hand;
    uint32_t f = hand & (0xFFu << (8 * led));
    if (f) return f;
    if (c->trump >= 0) {
        uint32_t t = hand & (0xFFu << (8 * c->trump));
        if (t) return t;
    }
    return hand;
}

/* Tricks the leader cashes in suit s without a ruff to fear: his unbroken top run, and
 * when that run is at least as long as every other hand's holding, the others are void
 * after it and all his remaining cards of the suit win too (length tricks). */
static inline int cash_suit(const Ctx *c, int leader, uint32_t all, int s) {
    uint32_t mine = suit_byte(c->hand[leader], s);
    int run = TOPRUN[suit_byte(all, s)][mine];
    if (!run) return 0;
    for (int o = 0; o < 3; o++)
        if (o != leader && POP8[suit_byte(c->hand[o], s)] > run) return run;
    return POP8[mine];
}

/* Trumps: the side-suit tricks the leader cashes before anyone else with trumps can ruff:
 * per suit his top run, but only as many rounds as each such hand can follow (an opponent
 * would win the trick, a partner would be forced to and take the lead away). */
static inline int ruff_safe_tricks(const Ctx *c, int leader, uint32_t all) {
    int t = c->trump, qt = 0;
    uint32_t mine = c->hand[leader];
    for (int s = 0; s < 4; s++) {
        if (s == t) continue;
        int k = TOPRUN[suit_byte(all, s)][suit_byte(mine, s)];
        if (!k) continue;
        for (int o = 0; o < 3; o++) {
            if (o == leader || !suit_byte(c->hand[o], t)) continue;
            int len = POP8[suit_byte(c->hand[o], s)];
            if (len < k) k = len;
        }
        qt += k;
    }
    return qt;
}

/* Quick tricks the leader can cash on his own: top cards, safe from ruffs. Cashing one
 * suit never spoils another: the others' discards only remove cards that could have
 * stopped him. */
static int quick_tricks(const Ctx *c, int leader) {
    uint32_t all = c->hand[0] | c->hand[1] | c->hand[2];
    int qt = 0;
    if (c->trump < 0) {
        for (int s = 0; s < 4; s++) qt += cash_suit(c, leader, all, s);
        return qt;
    }
    int t = c->trump;
    uint32_t mine = c->hand[leader];
    int run = TOPRUN[suit_byte(all, t)][suit_byte(mine, t)];
    int drawn = 1; /* his top trumps leave nobody else a trump */
    for (int o = 0; o < 3; o++)
        if (o != leader && POP8[suit_byte(c->hand[o], t)] > run) drawn = 0;
    if (drawn) {
        /* he draws every trump first, keeping the lead: then his other trumps and the
         * side suits are cashed as in no-trumps */
        qt = POP8[suit_byte(mine, t)];
        for (int s = 0; s < 4; s++)
            if (s != t) qt += cash_suit(c, leader, all, s);
        return qt;
    }
    /* his trump tricks: each trump takes one unless a higher trump of the other side falls
     * on it (a partner's overruff keeps the trick for the side); they are other tricks than
     * the side-suit ones, cashed first */
    uint32_t opp = 0;
    for (int o = 0; o < 3; o++)
        if (o != leader && c->win[o] != c->win[leader]) opp |= c->hand[o];
    return SURE[suit_byte(mine, t)][suit_byte(opp, t)] + ruff_safe_tricks(c, leader, all);
}

/* Tricks objective, a defender on lead: tricks the declarer surely takes all the same.
 * (1) When he holds the top card of every suit the leader holds, safe from a ruff (every
 * defender with trumps follows it) or trumps: he wins this trick with it and keeps his
 * quick tricks as leader (that suit's count falls by the trick he takes, no other count
 * falls; with trumps drawn as in quick_tricks the defenders' trump lengths do not change).
 * (2) With trumps, when the defenders hold none and he holds one: a suit whose top card he
 * holds he wins, one he holds without it he follows with a card not counted, one he lacks
 * he ruffs and wins; while they keep the lead the same holds at the next trick. (3) With
 * trumps, when his trumps take one trick or more against theirs (SURE >= 1): his sure
 * trump tricks and his ruff-safe side-suit tricks. Until he first wins a trick he loses
 * only cards not counted: a suit he holds without a counted card he follows low, one he
 * lacks he ruffs, and a trump of his beaten by a higher one of theirs leaves the sure count
 * as it was (that pair leaves the matching); he cannot run out of trumps first, since at
 * least SURE of them win. A counted side card wins (every defender with trumps follows),
 * and from the lead he cashes the side tricks; his trumps take their count whatever
 * happens. (4) Otherwise: min(quick tricks, m - W), W the sum over the suits whose top
 * card a defender holds or that can be ruffed (side suits some defender with trumps
 * lacks) of the defenders' longest holding there, when W <= m - tau (tau: the other suits
 * where they hold cards). Until his first trick every trick is led in a suit of W (else
 * he wins with his top card) and takes a card from its longest defender holding, so there
 * are at most W of them; he plays cards not counted first (following in a suit of W, a
 * trump that is beaten, which leaves the sure count, discarding), then counted ones other
 * than the top card of a suit of tau, and there are m - tau >= W of those (a suit leaving
 * W joins tau), so no suit of tau changes hands. Each counted card he loses costs one
 * quick trick: he keeps quick tricks - max(0, W - (m - quick tricks)) from his first
 * trick on. With trumps on both sides and no sure trump trick his quick tricks are the
 * ruff-safe side tricks, and he cannot hold the top trump. */
static int declarer_sure(const Ctx *c, int leader) {
    int t = c->trump, d = c->declarer;
    uint32_t mine = c->hand[d], theirs = 0;
    for (int o = 0; o < 3; o++)
        if (o != d) theirs |= c->hand[o];
    uint32_t all = mine | theirs;
    int first = 1;
    for (int s = 0; s < 4 && first; s++) {
        if (!suit_byte(c->hand[leader], s)) continue;
        uint32_t m = suit_byte(mine, s);
        if (!(m >> (31 - __builtin_clz(suit_byte(all, s))) & 1)) first = 0;
        else if (t >= 0 && s != t)
            for (int o = 0; o < 3; o++)
                if (o != d && suit_byte(c->hand[o], t) && !suit_byte(c->hand[o], s)) first = 0;
    }
    if (first) return quick_tricks(c, d);
    if (t >= 0 && suit_byte(mine, t)) {
        uint32_t dt = suit_byte(mine, t), ot = suit_byte(theirs, t);
        if (!ot) return quick_tricks(c, d);
        int sure = SURE[dt][ot];
        if (sure) return sure + ruff_safe_tricks(c, d, all);
    }
    /* (4) W = the defenders' longest holdings in the suits whose top card is theirs or
     * can be ruffed (trumps, and side suits some defender with trumps lacks), tau = the
     * other suits where they hold cards */
    int w = 0, tau = 0, m = popc(mine), unsafe = 0;
    if (t >= 0)
        for (int o = 0; o < 3; o++)
            if (o != d && suit_byte(c->hand[o], t)) unsafe |= ~held_suits(c->hand[o]);
    for (int s = 0; s < 4; s++) {
        uint32_t th = suit_byte(theirs, s);
        if (!th) continue;
        if (suit_byte(mine, s) > th && !(unsafe >> s & 1)) {
            tau++;
            continue;
        }
        int len = 0;
        for (int o = 0; o < 3; o++)
            if (o != d && POP8[suit_byte(c->hand[o], s)] > len)
                len = POP8[suit_byte(c->hand[o], s)];
        w += len;
    }
    if (w > m - tau || m - w <= 0) return 0;
    int qt = quick_tricks(c, d);
    return qt < m - w ? qt : m - w;
}

/* Tricks objective, a defender on lead: can he hand the lead to his partner? Yes when he
 * has a card in a suit whose top card the partner holds, and the declarer cannot ruff that
 * trick (the suit is trumps, or he follows it, or he has no trumps). Then the partner wins
 * it and cashes his own quick tricks: one of them is this trick, and neither the trick nor
 * the discards on it shorten the others. Returns the partner, or -1. */
static int partner_entry(const Ctx *c, int leader) {
    if (c->nactive != 3) return -1;
    int d = c->declarer, mate = 3 - leader - d;
    uint32_t all = c->hand[0] | c->hand[1] | c->hand[2];
    int t = c->trump;
    int d_trumps = t >= 0 && suit_byte(c->hand[d], t);
    for (int s = 0; s < 4; s++) {
        uint32_t m = suit_byte(c->hand[mate], s);
        if (!m || !suit_byte(c->hand[leader], s)) continue;
        if (31 - __builtin_clz(m) != 31 - __builtin_clz(suit_byte(all, s))) continue;
        if (s == t || !d_trumps || suit_byte(c->hand[d], s)) return mate;
    }
    return -1;
}

/* Misère / raspasy, a loader on lead: does leading rank r of suit s force the counted seat
 * to win the trick? Yes when all its cards there are above r and the partner, if he plays
 * in between, can stay under them (or is void). */
static inline int forcing(const Ctx *c, int seat, int s, int r) {
    int d = c->declarer;
    uint32_t dm = suit_byte(c->hand[d], s);
    if (!dm || (int)__builtin_ctz(dm) < r) return 0;
    int lo = __builtin_ctz(dm);
    for (int o = c->next[seat]; o != d; o = c->next[o]) {
        uint32_t pm = suit_byte(c->hand[o], s);
        if (pm && (int)__builtin_ctz(pm) > lo) return 0;
    }
    return 1;
}

/* Misère, when the loaders need every remaining trick: can the declarer lose one of them?
 * On lead, yes when he has a safe exit: a suit where another hand (the forced hand) holds
 * only cards above his lowest, so it must go over. When a loader leads, yes when there is
 * such a suit that lasts a trick: a lead of it he loses with his lowest, and if he must
 * win the trick (following another suit, so his lowest stays) he exits there next. It
 * lasts when the forced hand keeps a card there: it holds two (one may go in a discard),
 * or it is the leader, or it is the leader's partner and the leader has no forcing lead
 * in a suit the partner lacks (the loaders must force this trick, so the partner follows
 * suit). Else yes unless the loader has a forcing lead; his lowest card in a suit is the
 * one that forces most easily (all the declarer's cards above it), so if none of those
 * forces, the declarer can stay under or discard whatever is led. */
static int declarer_loses_one(const Ctx *c, int leader) {
    int d = c->declarer, discard = 1; /* can the forced partner be made to discard? */
    if (leader != d) {
        int mate = 3 - leader - d; /* with two hands: the seat out of play, void */
        discard = 0;
        for (int s = 0; s < 4; s++) {
            uint32_t l = suit_byte(c->hand[leader], s);
            if (l && !suit_byte(c->hand[mate], s) && forcing(c, leader, s, __builtin_ctz(l)))
                discard = 1;
        }
    }
    for (int s = 0; s < 4; s++) {
        uint32_t m = suit_byte(c->hand[d], s);
        if (!m) continue;
        for (int o = 0; o < 3; o++) {
            uint32_t t = suit_byte(c->hand[o], s);
            if (o != d && t && __builtin_ctz(t) > __builtin_ctz(m) &&
                (leader == d || POP8[t] >= 2 || o == leader || !discard))
                return 1;
        }
    }
    if (leader == d) return 0;
    for (int s = 0; s < 4; s++) {
        uint32_t m = suit_byte(c->hand[leader], s);
        if (m && forcing(c, leader, s, __builtin_ctz(m))) return 0;
    }
    return 1;
}

/* Misère, a loader on lead: how many tricks the declarer surely loses. Count, for each
 * loader, the suits where he is the forced hand with two cards or more (all above the
 * declarer's lowest there); with k such suits for one loader, the declarer loses k tricks
 * out of the next 2k: a lead of one of them he loses (the hand follows, the others keep
 * their cards); another trick lost leaves k - 1 of them with two cards (one discard at
 * most); a trick he must win (following another suit) leaves k - 1 of them with two cards
 * and the last with one: he exits there and loses, the hand following. */
static int declarer_loses_led(const Ctx *c) {
    int d = c->declarer, k = 0;
    for (int o = 0; o < 3; o++) {
        if (o == d) continue;
        int suits = 0;
        for (int s = 0; s < 4; s++) {
            uint32_t m = suit_byte(c->hand[d], s), t = suit_byte(c->hand[o], s);
            if (m && POP8[t] >= 2 && __builtin_ctz(t) > __builtin_ctz(m)) suits++;
        }
        if (suits > k) k = suits;
    }
    return k;
}

/* Misère, the declarer on lead: how many tricks he surely loses. He exits in a suit A
 * (another hand holds only cards above his lowest there) and loses; then a loader leads
 * and declarer_loses_led counts, for a loader, the suits other than A where that loader is
 * the forced hand with two cards or more, one fewer when he lacks A and one of them has
 * just two (he may discard there on A), and A itself when he holds three cards there
 * above the declarer's second lowest (he follows A and keeps two). */
static int declarer_loses_on_lead(const Ctx *c, int n) {
    int d = c->declarer, exits = 0, best = 0;
    int two[3] = {0, 0, 0}, only_two[3] = {0, 0, 0};
    for (int s = 0; s < 4; s++) {
        uint32_t m = suit_byte(c->hand[d], s);
        if (!m) continue;
        for (int o = 0; o < 3; o++) {
            uint32_t t = suit_byte(c->hand[o], s);
            if (o == d || !t || __builtin_ctz(t) < __builtin_ctz(m)) continue;
            exits |= 1 << s;
            if (POP8[t] >= 2) two[o] |= 1 << s;
            if (POP8[t] == 2) only_two[o] |= 1 << s;
        }
    }
    for (int a = 0; a < 4; a++) {
        if (!(exits >> a & 1)) continue;
        uint32_t m = suit_byte(c->hand[d], a), m2 = m & (m - 1);
        for (int o = 0; o < 3; o++) {
            if (o == d) continue;
            uint32_t t = suit_byte(c->hand[o], a);
            int k = POP8[two[o] & ~(1 << a)];
            if (!t && (only_two[o] & ~(1 << a))) k--;
            if (m2 && POP8[t] >= 3 && __builtin_ctz(t) > __builtin_ctz(m2)) k++;
            if (k > (n - 1) / 2) k = (n - 1) / 2;
            if (1 + k > best) best = 1 + k;
        }
    }
    return best;
}

/* Misère, the trick from here: must the declarer win it? On lead, yes when he has no safe
 * exit: in every suit he holds, each other hand with cards there has one below his lowest
 * (the loaders then stay under whatever he leads, or discard). When a loader leads, yes
 * when the loader has a lower card than all the declarer's in a suit, and the other loader
 * can stay under the declarer's cards there (or is void). */
static int declarer_wins_one(const Ctx *c, int leader) {
    int d = c->declarer;
    uint32_t mine = c->hand[d];
    if (leader == d) {
        for (int s = 0; s < 4; s++) {
            uint32_t m = suit_byte(mine, s);
            if (!m) continue;
            for (int o = 0; o < 3; o++) {
                uint32_t t = suit_byte(c->hand[o], s);
                if (o != d && t && __builtin_ctz(t) > __builtin_ctz(m)) return 0;
            }
        }
        return 1;
    }
    for (int s = 0; s < 4; s++) {
        uint32_t l = suit_byte(c->hand[leader], s), m = suit_byte(mine, s);
        if (!l || !m || __builtin_ctz(m) < __builtin_ctz(l)) continue;
        /* his lowest card loses only to a hand that must go over it: the other loader
         * with all his cards of the suit above it, whether before or after him */
        int lo = __builtin_ctz(m), other = 3 - leader - d;
        uint32_t t = suit_byte(c->hand[other], s);
        if (!t || __builtin_ctz(t) < lo) return 1;
    }
    return 0;
}

/* Misère: how many tricks in a row the declarer surely loses from here. In a suit both
 * sides hold, his low cards are those below all of the others' there: on a loader's lead
 * of the suit he plays one and loses, on a lead of a suit he lacks he discards and loses,
 * and on lead he exits with one (from a suit that never runs short, if any, else from the
 * one with most). A trick takes one card from him (a discard need not be a low one: a
 * suit that can run short holds a card that is not), and the others' cards only leave, so
 * low cards stay low. A suit never runs short when all his cards there are low, or when
 * no loader holds more of it than his low cards (every round takes a card from each
 * holder); otherwise it lasts as many rounds as he has low cards there. The answer is the
 * fewest such rounds: all the tricks when no suit runs short and a loader leads, none when
 * he is on lead and no suit is held by both sides. */
static int declarer_low_cards(const Ctx *c, int leader) {
    int d = c->declarer, low = 16, mixed = 0;
    uint32_t mine = c->hand[d], theirs = 0;
    for (int o = 0; o < 3; o++)
        if (o != d) theirs |= c->hand[o];
    for (int s = 0; s < 4; s++) {
        uint32_t m = suit_byte(mine, s), t = suit_byte(theirs, s);
        if (!m || !t) continue;
        mixed = 1;
        int l = POP8[m & ((1u << __builtin_ctz(t)) - 1)];
        int rounds = 0; /* rounds the loaders can lead: the longest holding */
        for (int o = 0; o < 3; o++)
            if (o != d && POP8[suit_byte(c->hand[o], s)] > rounds)
                rounds = POP8[suit_byte(c->hand[o], s)];
        if (l == POP8[m] || rounds <= l) continue; /* never short of low cards here */
        if (l < low) low = l;
    }
    return leader == d && !mixed ? 0 : low;
}

/* Misère: is the declarer stuck with winners? True when in every suit he holds nobody
 * else has a card above his lowest one, and he is on lead or the other side's leader holds
 * one of his suits (leading it makes him win): whatever he leads then wins, and he stays on
 * lead with the same kind of cards, so he takes every remaining trick. */
static int declarer_wins_all(const Ctx *c, int leader) {
    int d = c->declarer;
    uint32_t mine = c->hand[d], theirs = 0;
    for (int o = 0; o < 3; o++)
        if (o != d) theirs |= c->hand[o];
    int forced = 0; /* a suit of his the other leader holds: leading it puts him on lead */
    for (int s = 0; s < 4; s++) {
        uint32_t m = suit_byte(mine, s), t = suit_byte(theirs, s);
        if (m && t && 31 - __builtin_clz(t) > __builtin_ctz(m)) return 0;
        if (m && suit_byte(c->hand[leader], s)) forced = 1;
    }
    return leader == d || forced;
}

static inline Entry *tt_probe(Ctx *c, uint64_t k1, uint32_t k2, int n) {
    uint64_t h = (k1 * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)k2 * 0xC2B2AE3D27D4EB4Full);
    h ^= h >> 29;
    uint32_t i = (uint32_t)(h >> 20) & c->ttmask & ~1u;
    Entry *a = &c->tt[i], *b = &c->tt[i | 1];
    if (a->gen == c->gen && a->k1 == k1 && a->k2 == k2) return a;
    if (b->gen == c->gen && b->k1 == k1 && b->k2 == k2) return b;
    Entry *e = (a->gen != c->gen) ? a : (b->gen != c->gen) ? b : ((h & 1) ? a : b);
    e->k1 = k1;
    e->k2 = k2;
    e->gen = c->gen;
    e->best = 0;
    e->lb = 0;
    e->ub = (int8_t)n;
    return e;
}

/* The table key: hands 0 and 1 among the remaining cards with the played ones squeezed
 * out (hand 2 is the rest), the suit lengths and the leader. With BMI2 the squeeze is one
 * bit-gather per hand over all four suits (the lengths keep the suits apart); otherwise
 * suit by suit from COMPRESS. Either way equivalent positions share a key. */
static inline void make_key(const Ctx *c, int leader, uint64_t *k1, uint32_t *k2) {
    uint32_t all = c->hand[0] | c->hand[1] | c->hand[2];
    uint32_t r0 = 0, r1 = 0, lens = 0;
#ifdef __BMI2__
    r0 = _pext_u32(c->hand[0], all);
    r1 = _pext_u32(c->hand[1], all);
    for (int s = 0; s < 4; s++) lens |= (uint32_t)POP8[suit_byte(all, s)] << (4 * s);
#else
    for (int s = 0; s < 4; s++) {
        uint32_t rem = suit_byte(all, s);
        r0 |= (uint32_t)COMPRESS[rem][suit_byte(c->hand[0], s)] << (8 * s);
        r1 |= (uint32_t)COMPRESS[rem][suit_byte(c->hand[1], s)] << (8 * s);
        lens |= (uint32_t)POP8[rem] << (4 * s);
    }
#endif
    *k1 = (uint64_t)r0 | ((uint64_t)r1 << 32);
    *k2 = lens | ((uint32_t)leader << 16);
}

/* One representative per run of equivalent cards, suit by suit, high cards first; returns
 * the count. */
static int group_moves(uint32_t legal, uint32_t others, int *out) {
    int n = 0;
    for (int s = 0; s < 4; s++) {
        uint32_t mine = suit_byte(legal, s);
        if (!mine) continue;
        uint32_t reps = REPS[mine][suit_byte(others, s)];
        while (reps) {
            int b = 31 - __builtin_clz(reps);
            out[n++] = 8 * s + b;
            reps ^= 1u << b;
        }
    }
    return n;
}

/* Tricks objective, following with cards of one suit: one card per run of equivalent
 * cards, in the order order_moves would give them: when the trick is already going the
 * seat's way, the cards that do not beat it from the lowest, then the winners from the
 * lowest; otherwise the cheapest winners first, then the lowest losers. */
static inline int follow_moves(const Ctx *c, int seat, int ws, int wc, uint32_t legal,
                               uint32_t others, int *out) {
    int s = __builtin_ctz(legal) >> 3, n = 0;
    if (legal & ~(0xFFu << (8 * s))) {
        /* discards (void in the suit led and, with trumps, in trumps): none wins, the
         * lowest first, suit by suit within a rank */
        uint32_t reps = 0;
        for (int u = 0; u < 4; u++)
            reps |= (uint32_t)REPS[suit_byte(legal, u)][suit_byte(others, u)] << (8 * u);
        for (int r = 0; r < 8; r++) {
            uint32_t m = reps >> r & 0x01010101u;
            while (m) {
                out[n++] = (__builtin_ctz(m) & ~7) + r;
                m &= m - 1;
            }
        }
        return n;
    }
    uint32_t reps = REPS[suit_byte(legal, s)][suit_byte(others, s)], win;
    if (wc >> 3 == s) win = reps & ~((2u << (wc & 7)) - 1);
    else win = s == c->trump ? reps : 0;
    uint32_t lose = reps & ~win, first = win, then = lose;
    if (counted(c, ws) == c->maxside[seat]) {
        first = lose;
        then = win;
    }
    while (first) {
        out[n++] = 8 * s + __builtin_ctz(first);
        first &= first - 1;
    }
    while (then) {
        out[n++] = 8 * s + __builtin_ctz(then);
        then &= then - 1;
    }
    return n;
}

static void order_moves(const Ctx *c, int seat, int k, int ws, int wc, int *moves, int n,
                        int ttbest, int target) {
    int score[16];
    int want = c->win[seat] == c->maxside[seat];
    if (wc < 0) {
        /* per-suit facts first: the loop over the moves then only looks them up */
        uint32_t all = c->hand[0] | c->hand[1] | c->hand[2];
        int top[4], bonus[4];
        uint32_t opp[3];
        int nopp = 0, mate = -1;
        for (int o = 0; o < 3; o++) {
            if (o == seat) continue;
            if (c->win[o] != c->win[seat]) opp[nopp++] = c->hand[o];
            else if (c->hand[o]) mate = o;
        }
        /* with trumps, for a seat that wants tricks: suits where an opponent void in them
         * can ruff (a top card there is no safe winner), and safe suits the partner
         * lacks and can ruff (a lead there makes his trumps tricks: tried first). Low
         * cards: a defender leads the ruffable suits late, the declarer early (it shortens
         * the defenders' trumps) and his low trumps last */
        int unsafe = 0, ruff = 0, tb[4] = {0, 0, 0, 0};
        if (want && c->trump >= 0) {
            int t = c->trump;
            for (int i = 0; i < nopp; i++)
                if (suit_byte(opp[i], t)) unsafe |= ~held_suits(opp[i]);
            unsafe &= ~(1 << t) & 0xF;
            if (mate >= 0 && suit_byte(c->hand[mate], t))
                ruff = ~held_suits(c->hand[mate]) & ~unsafe & ~(1 << t) & 0xF;
            for (int s = 0; s < 4; s++) {
                if (unsafe >> s & 1) tb[s] = mate >= 0 ? -30 : 30;
                if (ruff >> s & 1) tb[s] = 1000;
            }
            if (mate < 0) tb[t] = -60;
        }
        for (int s = 0; s < 4; s++) {
            uint32_t rem = suit_byte(all, s);
            if (!suit_byte(c->hand[seat], s)) continue;
            int hi = 31 - __builtin_clz(rem);
            top[s] = unsafe >> s & 1 ? -1 : hi;
            bonus[s] = 0;
            if (want) {
                /* lead towards a partner's top card */
                if (mate >= 0 && (suit_byte(c->hand[mate], s) >> hi & 1)) bonus[s] = 80;
                bonus[s] += tb[s];
            }
        }
        int cards = popc(c->hand[seat]), killer = c->killer[seat][cards];
        /* a loader on lead: the counted seat's safe exit suits (another hand holds only
         * cards above his lowest there), and whether the loaders can spare a trick */
        int dexit = 0, spare = 0;
        if (!want && !c->win[seat]) {
            int d = c->declarer;
            spare = cards > target;
            for (int s = 0; s < 4; s++) {
                uint32_t m = suit_byte(c->hand[d], s);
                if (!m) continue;
                for (int o = 0; o < 3; o++) {
                    uint32_t t = suit_byte(c->hand[o], s);
                    if (o != d && t && __builtin_ctz(t) > __builtin_ctz(m)) dexit |= 1 << s;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            int card = moves[i], s = card >> 3, r = card & 7, sc;
            if (want) {
                sc = top[s] == r ? 200 + r : 50 - r + bonus[s];
            } else if (c->win[seat]) {
                /* the counted seat avoids: safe exits (someone must go over) first, the
                 * ones with most of the others' cards below them (low ones stay for later
                 * exits); then leads with many of the others' cards below */
                sc = 50 - r;
                int safe = 0, under = 0;
                for (int j = 0; j < nopp; j++) {
                    uint32_t theirs = suit_byte(opp[j], s);
                    if (!theirs) continue;
                    if (theirs >> r) sc += 20;
                    if ((int)__builtin_ctz(theirs) > r) safe = 1;
                    under += POP8[theirs & ((1u << r) - 1)];
                }
                if (safe) sc = 200 + 8 * under + r;
                else sc += 10 * under;
            } else {
                /* a loader. Needing every trick left: the highest forcing card, in the
                 * counted seat's shortest suit. With a trick to spare (the loaders need
                 * fewer than all the tricks left), first the leads
                 * that take a low card from him (he has cards below the lead): those
                 * in his safe exit suits, so that he cannot exit later, and among the
                 * others first the suits where he must play under (his longest first,
                 * the lead high), then those where he may; forcing leads after them */
                uint32_t dm = suit_byte(c->hand[c->declarer], s);
                int under = dm & ((1u << r) - 1), over = dm >> r;
                if (spare && under) {
                    sc = over ? 220 - r : 300 + 20 * POP8[dm] + r;
                    if (dexit >> s & 1) sc += 900;
                } else if (forcing(c, seat, s, r)) {
                    sc = 200 + r - 12 * POP8[dm];
                } else {
                    sc = 50 - r; /* lead under his cards */
                    if (over) sc += 20;                             /* he can go over */
                    if (dm && (int)__builtin_ctz(dm) > r) sc += 30; /* he must go over */
                }
            }
            if (card == killer) sc += 500;
            score[i] = ttbest == card ? sc + 1000 : sc;
        }
    } else {
        int rt = rule_trump(c);
        int good_now = counted(c, ws) == c->maxside[seat];
        int last = k + 1 == c->nactive;
        for (int i = 0; i < n; i++) {
            int card = moves[i], r = card & 7, sc;
            int wins = beats(card, wc, rt);
            if (want) {
                if (good_now) sc = wins ? 10 - r : 100 - r;
                else sc = wins ? 200 - r : 100 - r;
            } else if (!good_now && !c->win[seat]) {
                /* a loader while the counted seat is not winning: shed the highest card
                 * that leaves the counted seat something to beat (last: anything) */
                sc = wins && !last ? 10 - r : 100 + r;
            } else {
                if (wins) sc = last ? 10 + r : 10 - r;
                else sc = good_now ? 100 + r : 100 - r;
            }
            score[i] = ttbest == card ? sc + 1000 : sc;
        }
    }
    for (int i = 1; i < n; i++) { /* insertion sort, best first */
        int m = moves[i], sc = score[i], j = i - 1;
        while (j >= 0 && score[j] < sc) {
            moves[j + 1] = moves[j];
            score[j + 1] = score[j];
            j--;
        }
        moves[j + 1] = m;
        score[j + 1] = sc;
    }
}

static int rel_to_card(uint32_t all, int best) {
    int s = (best - 1) >> 3, j = (best - 1) & 7;
    uint32_t rem = suit_byte(all, s);
    for (int b = 0; b < 8; b++) {
        if (rem >> b & 1) {
            if (j == 0) return 8 * s + b;
            j--;
        }
    }
    return -1;
}

static int search(Ctx *c, int leader, int seat, int k, int ws, int wc, int target);

/* Search on from a closed trick won by `winner` (-1: a talon card): after a talon trick
 * first hand leads again, otherwise the winner does. */
static int next_trick(Ctx *c, int winner, int target) {
    if (!in_talon(c)) return search(c, winner, winner, 0, -1, -1, target);
    c->tpos++;
    int r = search(c, c->first, c->first, 0, -1, start_wc(c), target);
    c->tpos--;
    return r;
}

/* The cards of `legal` that beat `wc` (no trumps: the higher cards of its suit). */
static inline uint32_t beating(uint32_t legal, int wc) {
    int s = wc >> 3;
    return legal & (0xFFu << (8 * s)) & ~((2u << wc) - 1);
}

/* Who wins the current trick so far and with what card (-1, -1: nothing to beat yet). */
static void trick_so_far(const Ctx *c, int leader, int k, int *ws, int *wc) {
    int s = leader;
    *ws = -1;
    *wc = start_wc(c);
    for (int i = 0; i < k; i++) {
        if (*wc < 0 || beats(c->trick[i], *wc, rule_trump(c))) {
            *wc = c->trick[i];
            *ws = s;
        }
        s = c->next[s];
    }
}

/* One card each: the last trick plays itself. */
static int last_trick_winner(const Ctx *c, int leader) {
    int ws = leader, wc = __builtin_ctz(c->hand[leader]);
    for (int s = c->next[leader]; s != leader; s = c->next[s]) {
        int card = __builtin_ctz(c->hand[s]);
        if (beats(card, wc, c->trump)) {
            wc = card;
            ws = s;
        }
    }
    return ws;
}

/* Can the max side make the counted tricks from here at least `target`? */
#ifdef DD_STATS
static long long st_nodes, st_searches, st_ttcut, st_qt;
/* st_c: at trick starts 0 probes, 1-2 table cuts (lower, upper), 3-4 trump bounds, 5-6 quick
 * tricks; 10-11 cut nodes at trick starts and those cut by the first move, 12-13 the same
 * inside tricks; 20 + 20 * (a defender leads) + 2 * gap + result: expanded trick starts,
 * gap = tricks left - target (9: 9 or more) */
static long long st_c[128];
#define STAT(x) (x)++
#define CNT(i) (st_c[i]++)
#else
#define STAT(x)
#define CNT(i)
#endif

static int search(Ctx *c, int leader, int seat, int k, int ws, int wc, int target) {
    Entry *e = NULL;
    uint64_t k1 = 0;
    uint32_t k2 = 0;
    STAT(st_nodes);
    int ttbest = -1;
    if (k > 2) __builtin_unreachable(); /* a trick has at most three cards */
    if (k == 0) {
        int n = popc(c->hand[leader]);
        if (target <= 0) return 1;
        if (target > n) return 0;
    }
    if (k == 0 && !in_talon(c)) {
        int n = popc(c->hand[leader]);
        if (n == 1) return counted(c, last_trick_winner(c, leader)) >= target;
        /* the table first: a hit there saves the quick tricks, and the quick tricks' bound
         * is kept in the entry for the next visit */
        make_key(c, leader, &k1, &k2);
        e = tt_probe(c, k1, k2, n);
        CNT(0);
        if (e->lb >= target) { CNT(1); return 1; }
        if (e->ub < target) { CNT(2); return 0; }
        if (c->trump >= 0) {
            /* trump tricks that one hand takes whoever leads: the declarer's against both
             * defenders' trumps, a defender's against the declarer's (a trick his partner
             * overtrumps is the defenders' all the same) */
            int t = c->trump, d = c->declarer;
            uint32_t dt = suit_byte(c->hand[d], t), ot = 0;
            int lo = 0, hi = n;
            for (int o = 0; o < 3; o++) {
                if (o == d) continue;
                uint32_t m = suit_byte(c->hand[o], t);
                ot |= m;
                if (n - SURE[m][dt] < hi) hi = n - SURE[m][dt];
            }
            lo = SURE[dt][ot];
            if (lo > e->lb) e->lb = (int8_t)lo;
            if (hi < e->ub) e->ub = (int8_t)hi;
            if (lo >= target) { CNT(3); return 1; }
            if (hi < target) { CNT(4); return 0; }
        }
        if (c->misere) {
            int low = declarer_low_cards(c, leader);
            if (n - low < target) {
                e->ub = (int8_t)(n - low < 0 ? 0 : n - low);
                return 0;
            }
            if (declarer_wins_all(c, leader)) {
                e->lb = (int8_t)n;
                return 1; /* n >= target here */
            }
            if (target == n && declarer_loses_one(c, leader)) {
                e->ub = (int8_t)(n - 1);
                return 0;
            }
            /* the loaders can spare a trick or more: a cut needs the declarer to lose more
             * than they spare, and he loses at most half the tricks when a loader leads,
             * one more on lead (with every trick wanted the check above is the same) */
            int gap = n - target;
            if (gap >= 1 && (leader != c->declarer ? gap < n / 2 : gap <= (n - 1) / 2)) {
                int lost;
                if (leader != c->declarer) {
                    lost = declarer_loses_led(c);
                    if (lost > n / 2) lost = n / 2;
                } else {
                    lost = declarer_loses_on_lead(c, n);
                }
                if (lost > gap) {
                    e->ub = (int8_t)(n - lost);
                    return 0;
                }
            }
            if (target == 1 && declarer_wins_one(c, leader)) {
                e->lb = 1;
                return 1;
            }
        }
        if (c->win[leader] == c->maxside[leader]) {
            int qt = quick_tricks(c, leader);
            if (!c->maxside[leader] && n - qt >= target) {
                int mate = partner_entry(c, leader);
                if (mate >= 0) {
                    int mq = quick_tricks(c, mate);
                    if (mq > qt) qt = mq;
                }
            }
            if (c->maxside[leader]) {
                if (qt > e->lb) e->lb = (int8_t)qt;
                if (qt >= target) { CNT(5); return 1; }
            } else {
                if (n - qt < e->ub) e->ub = (int8_t)(n - qt);
                if (n - qt < target) { CNT(6); return 0; }
                int dq = declarer_sure(c, leader);
                if (dq > e->lb) e->lb = (int8_t)dq;
                if (dq >= target) { CNT(7); return 1; }
            }
        }
        if (e->best) ttbest = rel_to_card(c->hand[0] | c->hand[1] | c->hand[2], e->best);
    }
    uint32_t legal = legal_moves(c, seat, k);
    if (k > 0 && c->misere && !in_talon(c) && target == popc(c->hand[seat])) {
        /* the loaders need this trick too: the declarer loses it once he has played under
         * the winning card, or when he is to play and has a card that stays under it (or a
         * discard) */
        int d = c->declarer, played = 0;
        for (int o = leader, i = 0; i < k; o = c->next[o], i++) played |= o == d;
        if (played ? ws != d : seat == d && (legal & ~beating(legal, wc))) return 0;
    }
    uint32_t others = (c->hand[0] | c->hand[1] | c->hand[2]) ^ c->hand[seat];
    for (int i = 0; i < k; i++) others |= 1u << c->trick[i];
    if (c->ntalon) others |= talon_cards(c);
    int moves[16], n;
    /* tricks objective, following: runs straight in order, no scores */
    if (k > 0 && !c->misere) {
        n = follow_moves(c, seat, ws, wc, legal, others, moves);
    } else {
    n = group_moves(legal, others, moves);
#ifdef DD_STATS
    st_c[100 + 2 * k]++;
    st_c[101 + 2 * k] += n;
#endif
    if (n > 1) order_moves(c, seat, k, ws, wc, moves, n, ttbest, target);
    }
    int maxi = c->maxside[seat];
    int result = !maxi, best = -1;
    int rt = rule_trump(c);
#ifdef DD_STATS
    long long nodes0 = st_nodes;
#endif
    for (int i = 0; i < n; i++) {
        int card = moves[i];
        int nws = ws, nwc = wc;
#ifdef DD_STATS
        long long mstart = st_nodes;
#endif
        if (wc < 0 || beats(card, wc, rt)) {
            nws = seat;
            nwc = card;
        }
        c->hand[seat] ^= 1u << card;
        c->trick[k] = card;
        int r;
        if (k + 1 == c->nactive) {
            /* the next tricks reuse c->trick: keep ours for the remaining moves */
            int saved[3] = {c->trick[0], c->trick[1], c->trick[2]};
            r = next_trick(c, nws, target - counted(c, nws));
            memcpy(c->trick, saved, sizeof saved);
        } else
            r = search(c, leader, c->next[seat], k + 1, nws, nwc, target);
        c->hand[seat] ^= 1u << card;
#ifdef DD_STATS
        if (r == maxi) { /* cut nodes, and those where the first move cut */
            st_c[k == 0 ? 10 : 12]++;
            if (i == 0) st_c[k == 0 ? 11 : 13]++;
            /* 14 + k * 2 + (seat is a defender): nodes spent before the cutting move */
            if (i > 0) st_c[14 + k * 2 + !c->win[seat]] += mstart - nodes0;
        }
#endif
        if (r == maxi) {
            if (k == 0) c->killer[seat][popc(c->hand[seat])] = card;
            result = r;
            best = card;
            break;
        }
    }
#ifdef DD_STATS
    if (k == 0 && e) {
        int gap = popc(c->hand[leader]) - target; if (gap > 9) gap = 9;
        int side = c->win[leader] ? 0 : 1;
        st_c[20 + side * 20 + gap * 2 + result]++;
        if (c->trump >= 0 && side && result) {
            uint32_t th = 0;
            for (int o = 0; o < 3; o++) if (o != c->declarer) th |= c->hand[o];
            st_c[106 + 2 * !!suit_byte(th, c->trump) + !!suit_byte(c->hand[c->declarer], c->trump)]++;
        }
    }
#endif
    if (e) {
        /* re-probe: deeper searches may have replaced our slot */
        e = tt_probe(c, k1, k2, popc(c->hand[leader]));
        if (result) {
            if (e->lb < target) e->lb = (int8_t)target;
        } else if (e->ub > target - 1) {
            e->ub = (int8_t)(target - 1);
        }
        if (best >= 0) {
            uint32_t rem = suit_byte(c->hand[0] | c->hand[1] | c->hand[2], best >> 3);
            int rel = popc(rem & ((1u << (best & 7)) - 1));
            e->best = (uint8_t)(((best >> 3) << 3 | rel) + 1);
        }
    }
    return result;
}

/* Raspasy as played (mode 2): every seat plays to take the fewest tricks itself, and a
 * seat whose choices tie on that loads the declarer seat (so the value is never above the
 * paranoid raspasy value); the declarer's own ties go to the seat after him (any fixed
 * rule would do for him, but one, so the value is the same in every move order). Max-n
 * search: no window can cut, so the table at trick boundaries does the work, storing each
 * seat's tricks (the third is the rest). Three hands, no trumps, no talon tricks; `v`
 * gets each seat's tricks from here. */
static void selfish(Ctx *c, int leader, int seat, int k, int ws, int wc, int v[3]) {
    Entry *e = NULL;
    uint64_t k1 = 0;
    uint32_t k2 = 0;
    int n = popc(c->hand[seat]);
    if (k == 0) {
        v[0] = v[1] = v[2] = 0;
        if (n == 0) return;
        if (n == 1) {
            v[last_trick_winner(c, leader)] = 1;
            return;
        }
        make_key(c, leader, &k1, &k2);
        e = tt_probe(c, k1, k2, n);
        if (e->best == 0xFF) {
            v[0] = e->lb;
            v[1] = e->ub;
            v[2] = n - e->lb - e->ub;
            return;
        }
    }
    STAT(st_nodes);
    int trick[3];
    memcpy(trick, c->trick, sizeof trick); /* deeper tricks write over c->trick */
    uint32_t legal = legal_moves(c, seat, k), others = 0;
    for (int o = 0; o < 3; o++)
        if (o != seat) others |= c->hand[o];
    for (int i = 0; i < k; i++) others |= 1u << trick[i];
    int moves[16], nm = group_moves(legal, others, moves), best[3] = {99, 99, 99};
    int tie = seat != c->declarer ? c->declarer : c->next[c->declarer];
    for (int i = 0; i < nm; i++) {
        int card = moves[i], cv[3], nws = ws, nwc = wc;
        if (wc < 0 || beats(card, wc, -1)) {
            nws = seat;
            nwc = card;
        }
        memcpy(c->trick, trick, sizeof trick);
        c->trick[k] = card;
        c->hand[seat] ^= 1u << card;
        if (k + 1 == c->nactive) {
            selfish(c, nws, nws, 0, -1, -1, cv);
            cv[nws]++;
        } else {
            selfish(c, leader, c->next[seat], k + 1, nws, nwc, cv);
        }
        c->hand[seat] ^= 1u << card;
        if (cv[seat] < best[seat] || (cv[seat] == best[seat] && cv[tie] > best[tie]))
            memcpy(best, cv, sizeof best);
    }
    memcpy(c->trick, trick, sizeof trick);
    memcpy(v, best, sizeof best);
    if (k == 0) {
        e = tt_probe(c, k1, k2, n); /* the entry may have been taken meanwhile */
        e->lb = (int8_t)v[0];
        e->ub = (int8_t)v[1];
        e->best = 0xFF;
    }
}

/* A position as the Python layer hands it over. */
typedef struct {
    uint32_t hand[3];
    int present[3];
    int leader, trump, k, trick[3], mode, declarer;
    int talon[2], ntalon, talon_wins;
    int result;
} Task;

static void ctx_setup(Ctx *c, const Task *t) {
    int active[3], na = 0;
    for (int s = 0; s < 3; s++) {
        c->hand[s] = t->present[s] ? t->hand[s] : 0;
        if (t->present[s]) active[na++] = s;
        c->win[s] = s == t->declarer;
        c->maxside[s] = t->mode == 0 ? s == t->declarer : s != t->declarer;
        c->next[s] = s;
    }
    for (int i = 0; i < na; i++) c->next[active[i]] = active[(i + 1) % na];
    c->nactive = na;
    c->trump = t->trump;
    c->misere = t->mode == 1 && t->trump < 0;
    c->declarer = t->declarer;
    for (int i = 0; i < 3; i++) c->trick[i] = t->trick[i];
    c->ntalon = t->ntalon;
    c->tpos = 0;
    c->talon_wins = t->talon_wins;
    c->first = t->leader;
    memset(c->killer, -1, sizeof c->killer);
    for (int i = 0; i < 2; i++) c->talon[i] = t->talon[i];
}

/* Exact value from a (possibly mid-trick) position by zero-window searches. */
static int mtd(Ctx *c, int leader, int k, int guess) {
    int seat = leader;
    for (int i = 0; i < k; i++) seat = c->next[seat];
    int ws, wc;
    trick_so_far(c, leader, k, &ws, &wc);
    int lo = 0, hi = popc(c->hand[seat]);
    int g = guess < lo ? lo : guess > hi ? hi : guess;
    while (lo < hi) {
        int t = g <= lo ? lo + 1 : g;
        STAT(st_searches);
        if (search(c, leader, seat, k, ws, wc, t)) {
            lo = t;
            g = t + 1 > hi ? hi : t + 1;
            if (g == lo) break;
            g = lo; /* next question: lo + 1 */
        } else {
            hi = t - 1;
            g = hi;
        }
    }
    return lo;
}

/* One table per thread, kept for the thread's life and reused by every call on it: a
 * fresh generation invalidates the previous call's entries without clearing (the table is
 * zeroed only when the 8-bit generation wraps). Threads never share a table, so the batch
 * workers and Python threads calling `solve` at once need no locking; the key's destructor
 * frees a table when its thread ends. */
typedef struct {
    Entry *tt;
    uint8_t gen;
} Table;

static pthread_key_t table_key;

static void free_table(void *p) {
    Table *t = p;
    free(t->tt);
    free(t);
}

static int alloc_tt(Ctx *c) {
    Table *t = pthread_getspecific(table_key);
    if (!t) {
        t = calloc(1, sizeof(Table));
        if (!t) return 0;
        t->tt = calloc((size_t)1 << TT_BITS, sizeof(Entry));
        if (!t->tt || pthread_setspecific(table_key, t) != 0) {
            free(t->tt);
            free(t);
            return 0;
        }
    }
    if (++t->gen == 0) {
        memset(t->tt, 0, ((size_t)1 << TT_BITS) * sizeof(Entry));
        t->gen = 1;
    }
    c->ttmask = (1u << TT_BITS) - 1;
    c->tt = t->tt;
    c->gen = t->gen;
    return 1;
}

/* The first question of the driver. Contracts: a quarter of the tricks (two of ten), so
 * the driver mostly climbs: with the declarer's sure tricks on a defender's lead the "yes,
 * he reaches t" searches became the cheap ones, and climbing asks one costly "no"
 * (instructions per deal -22% trump, -20% no-trump against half the tricks; one trick
 * gives a lower median but a higher p99). Misère and raspasy: one trick, so the driver
 * climbs: there the "yes, the declarer can be loaded with t" searches are the cheap ones
 * and every "no" is costly, and climbing asks only one "no" (nodes -3% against starting
 * at a third of the tricks). */
static int initial_guess(const Task *t) {
    int n = 0;
    for (int s = 0; s < 3; s++)
        if (t->present[s] && popc(t->hand[s]) > n) n = popc(t->hand[s]);
    return t->mode == 0 ? n / 4 : 1;
}

static int solve_task(Ctx *c, const Task *t) {
    ctx_setup(c, t);
    if (t->mode >= 2) {
        int ws, wc, v[3], seat = t->leader;
        for (int i = 0; i < t->k; i++) seat = c->next[seat];
        trick_so_far(c, t->leader, t->k, &ws, &wc);
        selfish(c, t->leader, seat, t->k, ws, wc, v);
        /* mode 3: every seat's tricks, four bits each (seat 0 lowest) */
        return t->mode == 2 ? v[t->declarer] : v[0] | v[1] << 4 | v[2] << 8;
    }
    return mtd(c, t->leader, t->k, initial_guess(t));
}

/* ---------------------------------------------------------------- Python glue -------- */

static int parse_task(PyObject *hands, int leader, int trump, PyObject *played, int mode,
                      int declarer, PyObject *talon, int talon_wins, Task *t) {
    PyObject *seq = PySequence_Fast(hands, "hands must be a sequence");
    if (!seq) return 0;
    if (PySequence_Fast_GET_SIZE(seq) != 3) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "hands must have 3 entries");
        return 0;
    }
    int na = 0;
    for (int s = 0; s < 3; s++) {
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, s));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return 0;
        }
        if (v < -1 || v > 0xFFFFFFFFll) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "hand mask out of range");
            return 0;
        }
        t->present[s] = v >= 0;
        t->hand[s] = v >= 0 ? (uint32_t)v : 0;
        na += t->present[s];
    }
    Py_DECREF(seq);
    seq = PySequence_Fast(played, "played must be a sequence");
    if (!seq) return 0;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    if (k >= na) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "too many cards on the current trick");
        return 0;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return 0;
        }
        if (v < 0 || v > 31) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "played card out of range 0-31");
            return 0;
        }
        t->trick[i] = (int)v;
    }
    Py_DECREF(seq);
    if (na < 2 || leader < 0 || leader > 2 || !t->present[leader] || declarer < 0 ||
        declarer > 2 || !t->present[declarer] || trump < -1 || trump > 3 || mode < 0 ||
        mode > 3 || (mode >= 2 && (na != 3 || trump != -1))) {
        PyErr_SetString(PyExc_ValueError, "bad leader, declarer, trump or mode");
        return 0;
    }
    /* Sizes must fit the trick, or the search would read garbage. */
    int order[3], no = 0, s = leader;
    do {
        order[no++] = s;
        do s = (s + 1) % 3; while (!t->present[s]);
    } while (s != leader);
    int n = popc(t->hand[order[k]]);
    for (int i = 0; i < no; i++) {
        int want = i < k ? n - 1 : n;
        if (popc(t->hand[order[i]]) != want || n > 16 || (k && n == 0)) {
            PyErr_SetString(PyExc_ValueError, "hand sizes do not fit the current trick");
            return 0;
        }
    }
    /* Talon tricks: at most two, raspasy or misere only, three hands, cards out of play. */
    seq = PySequence_Fast(talon, "talon must be a sequence");
    if (!seq) return 0;
    Py_ssize_t nt = PySequence_Fast_GET_SIZE(seq);
    uint32_t used = t->hand[0] | t->hand[1] | t->hand[2];
    for (Py_ssize_t i = 0; i < k; i++) used |= 1u << t->trick[i];
    if (nt > 2 || (nt && (na != 3 || trump != -1 || mode != 1 || nt > n))) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError,
                        "talon tricks need raspasy or misere, no trumps, three hands");
        return 0;
    }
    for (Py_ssize_t i = 0; i < nt; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return 0;
        }
        if (v < 0 || v > 31 || (used >> v & 1)) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "talon card out of range or already in play");
            return 0;
        }
        used |= 1u << v;
        t->talon[i] = (int)v;
    }
    Py_DECREF(seq);
    t->ntalon = (int)nt;
    t->talon_wins = nt ? talon_wins != 0 : 0;
    t->k = (int)k;
    t->leader = leader;
    t->trump = trump;
    t->mode = mode;
    t->declarer = declarer;
    return 1;
}

static PyObject *dd_solve(PyObject *self, PyObject *args) {
    PyObject *hands, *played, *talon;
    int leader, trump, mode, declarer, talon_wins;
    Task t;
    Ctx c;
    if (!PyArg_ParseTuple(args, "OiiOiiOi", &hands, &leader, &trump, &played, &mode, &declarer,
                          &talon, &talon_wins))
        return NULL;
    if (!parse_task(hands, leader, trump, played, mode, declarer, talon, talon_wins, &t))
        return NULL;
    if (!alloc_tt(&c)) return PyErr_NoMemory();
    int r;
    Py_BEGIN_ALLOW_THREADS
    r = solve_task(&c, &t);
    Py_END_ALLOW_THREADS
    return PyLong_FromLong(r);
}

static PyObject *dd_analyse(PyObject *self, PyObject *args) {
    PyObject *hands, *played, *talon;
    int leader, trump, mode, declarer, talon_wins;
    Task t;
    Ctx c;
    if (!PyArg_ParseTuple(args, "OiiOiiOi", &hands, &leader, &trump, &played, &mode, &declarer,
                          &talon, &talon_wins))
        return NULL;
    if (!parse_task(hands, leader, trump, played, mode, declarer, talon, talon_wins, &t))
        return NULL;
    if (mode >= 2) { /* selfish raspasy is analysed card by card in Python */
        PyErr_SetString(PyExc_ValueError, "analyse takes modes 0 and 1");
        return NULL;
    }
    if (!alloc_tt(&c)) return PyErr_NoMemory();
    int cards[16], values[32], nc = 0;
    uint32_t legal = 0, others = 0;
    Py_BEGIN_ALLOW_THREADS
    ctx_setup(&c, &t);
    int k = t.k, seat = t.leader;
    for (int i = 0; i < k; i++) seat = c.next[seat];
    legal = legal_moves(&c, seat, k);
    for (int o = 0; o < 3; o++)
        if (o != seat) others |= c.hand[o];
    for (int i = 0; i < k; i++) others |= 1u << c.trick[i];
    others |= talon_cards(&c);
    nc = group_moves(legal, others, cards);
    int guess = initial_guess(&t);
    for (int i = 0; i < 32; i++) values[i] = -1;
    for (int i = 0; i < nc; i++) {
        int card = cards[i];
        memcpy(c.trick, t.trick, sizeof c.trick); /* earlier searches reused it */
        /* winner so far, including this card */
        int ws, wc;
        trick_so_far(&c, t.leader, k, &ws, &wc);
        if (wc < 0 || beats(card, wc, rule_trump(&c))) {
            wc = card;
            ws = seat;
        }
        c.hand[seat] ^= 1u << card;
        c.trick[k] = card;
        int v;
        if (k + 1 == c.nactive) {
            int gain = counted(&c, ws);
            if (in_talon(&c)) {
                c.tpos++;
                v = gain + mtd(&c, c.first, 0, guess - gain);
                c.tpos--;
            } else {
                v = gain + mtd(&c, ws, 0, guess - gain);
            }
        } else {
            v = mtd(&c, t.leader, k + 1, guess);
        }
        c.hand[seat] ^= 1u << card;
        guess = v;
        values[card] = v;
    }
    /* equivalent cards share their representative's value */
    for (int i = 0; i < nc; i++) {
        int card = cards[i], s = card >> 3;
        uint32_t mine = suit_byte(legal, s), theirs = suit_byte(others, s);
        for (int b = (card & 7) - 1; b >= 0; b--) {
            if (theirs >> b & 1) break;
            if (mine >> b & 1) values[8 * s + b] = values[card];
        }
    }
    Py_END_ALLOW_THREADS
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int card = 0; card < 32; card++) {
        if (!(legal >> card & 1)) continue;
        PyObject *pair = Py_BuildValue("(ii)", card, values[card]);
        if (!pair || PyList_Append(out, pair) < 0) {
            Py_XDECREF(pair);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(pair);
    }
    return out;
}

typedef struct {
    Task *tasks;
    Py_ssize_t n;
    Py_ssize_t next; /* shared work index, taken under the mutex */
    pthread_mutex_t lock;
    int failed;
} Batch;

static void *batch_worker(void *arg) {
    Batch *b = arg;
    Ctx c;
    for (;;) {
        pthread_mutex_lock(&b->lock);
        Py_ssize_t i = b->next++;
        pthread_mutex_unlock(&b->lock);
        if (i >= b->n) break;
        if (!alloc_tt(&c)) {
            /* no table for this thread: the whole batch reports the failure */
            pthread_mutex_lock(&b->lock);
            b->failed = 1;
            pthread_mutex_unlock(&b->lock);
            break;
        }
        b->tasks[i].result = solve_task(&c, &b->tasks[i]);
    }
    return NULL;
}

static PyObject *dd_solve_batch(PyObject *self, PyObject *args) {
    PyObject *list;
    int threads;
    if (!PyArg_ParseTuple(args, "Oi", &list, &threads)) return NULL;
    PyObject *seq = PySequence_Fast(list, "tasks must be a sequence");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    Task *tasks = calloc(n ? (size_t)n : 1, sizeof(Task));
    if (!tasks) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *hands, *played, *talon;
        int leader, trump, mode, declarer, talon_wins;
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyArg_ParseTuple(item, "OiiOiiOi", &hands, &leader, &trump, &played, &mode,
                              &declarer, &talon, &talon_wins) ||
            !parse_task(hands, leader, trump, played, mode, declarer, talon, talon_wins,
                        &tasks[i])) {
            free(tasks);
            Py_DECREF(seq);
            return NULL;
        }
    }
    Py_DECREF(seq);
    if (threads <= 0) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cpus > 0 ? (int)cpus : 1;
    }
    if (threads > 256) threads = 256;
    if (n < threads) threads = n ? (int)n : 1;
    Batch b = {tasks, n, 0, PTHREAD_MUTEX_INITIALIZER, 0};
    pthread_t ids[256];
    int started = 0;
    Py_BEGIN_ALLOW_THREADS
    for (int i = 1; i < threads; i++) {
        if (pthread_create(&ids[started], NULL, batch_worker, &b) == 0) started++;
    }
    batch_worker(&b); /* the calling thread works too */
    for (int i = 0; i < started; i++) pthread_join(ids[i], NULL);
    Py_END_ALLOW_THREADS
    pthread_mutex_destroy(&b.lock);
    if (b.failed) {
        free(tasks);
        return PyErr_NoMemory();
    }
    PyObject *out = PyList_New(n);
    if (!out) {
        free(tasks);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(tasks[i].result));
    free(tasks);
    return out;
}

#ifdef DD_STATS
static PyObject *dd_stats(PyObject *self, PyObject *args) {
    PyObject *r = PyList_New(0);
    PyList_Append(r, PyLong_FromLongLong(st_nodes));
    PyList_Append(r, PyLong_FromLongLong(st_searches));
    for (int i = 0; i < 128; i++) PyList_Append(r, PyLong_FromLongLong(st_c[i]));
    st_nodes = st_searches = st_ttcut = st_qt = 0;
    memset(st_c, 0, sizeof st_c);
    return r;
}
#endif

static PyMethodDef methods[] = {
#ifdef DD_STATS
    {"stats", dd_stats, METH_NOARGS, "debug counters"},
#endif
    {"solve", dd_solve, METH_VARARGS,
     "solve(hands, leader, trump, played, mode, declarer, talon, talon_wins) -> tricks"},
    {"analyse", dd_analyse, METH_VARARGS,
     "analyse(hands, leader, trump, played, mode, declarer, talon, talon_wins) -> "
     "[(card, tricks)]"},
    {"solve_batch", dd_solve_batch, METH_VARARGS,
     "solve_batch([(hands, leader, trump, played, mode, declarer, talon, talon_wins)], "
     "threads) -> [tricks]"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_dd",
                                    "C core of the Preferans double-dummy solver.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__dd(void) {
    init_tables();
    if (pthread_key_create(&table_key, free_table) != 0) {
        PyErr_SetString(PyExc_RuntimeError, "cannot create the solver's thread table key");
        return NULL;
    }
    return PyModule_Create(&module);
}
