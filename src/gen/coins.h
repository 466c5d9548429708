/* SPDX-License-Identifier: MIT */
/*
 * Biased coins, 64 at a time, with exactly the probability asked for.
 *
 * The row generators toss a coin per cell. Tossing them one by one (one
 * bounded draw each) costs more than everything else they do, so a coin
 * word holds 64 independent tosses: bit i is 1 with probability p = num /
 * den, exactly, for any weights, from integer arithmetic only.
 *
 * How: each lane compares a uniform number U in [0, 1), written in binary
 * and drawn one bit per round (one random word gives that bit to all 64
 * lanes), with the binary expansion of p, computed exactly by long
 * division. A lane is decided at the first bit where U and p differ (U < p
 * if p has the 1 there), which happens with probability 1/2 per round, so
 * 64 lanes need about 8 random words whatever p is; and once the rest of
 * p's expansion is all zeros, every undecided lane has U >= p. A fair coin
 * (p = 1/2) therefore costs exactly one random word per 64 tosses, and
 * p = 3/4 two.
 */
#ifndef MAZE_GEN_COINS_H
#define MAZE_GEN_COINS_H

#include <stdint.h>

#include "core/checked.h"
#include "core/rng.h"

/* A coin that shows 1 with probability num / den (0 <= num <= den). */
struct maze__coin {
    uint64_t num, den;
};

/* The coin with probability a / (a + b), fair when both are 0. */
static inline struct maze__coin
maze__coin_make(uint64_t a, uint64_t b)
{
    if (a == 0 && b == 0) {
        a = b = 1;
    }
    uint64_t x = maze__gcd64(a, b);
    /* x is gcd(a, b) > 0: reduced, so equal weights of any size make the
     * same fair coin and the same draws. */
    return (struct maze__coin){a / x, (a + b) / x};
}

/* 64 independent tosses of coin c; den must be below 2^63. */
static inline uint64_t
maze__coin_word(struct maze_rng *rng, const struct maze__coin *c)
{
    if (c->num == 0) {
        return 0;
    }
    if (c->num == c->den) {
        return ~(uint64_t)0;
    }
    uint64_t undecided = ~(uint64_t)0, heads = 0, rem = c->num;
    while (undecided != 0 && rem != 0) {
        /* The next binary digit of p = rem / den. */
        rem *= 2;
        uint64_t r = maze__rng_next(rng);
        if (rem >= c->den) {
            rem -= c->den;
            heads |= undecided & ~r; /* U's digit 0 under p's 1: U < p */
            undecided &= r;
        } else {
            undecided &= ~r; /* U's digit 1 over p's 0: U > p */
        }
    }
    return heads;
}

/*
 * 32-bit random numbers, two from every 64-bit draw, for the many small
 * bounded draws of the row generators.
 */
struct maze__rand32 {
    uint64_t spare;
    int have;
};

static inline uint32_t
maze__rand32_next(struct maze_rng *rng, struct maze__rand32 *p)
{
    if (p->have) {
        p->have = 0;
        return (uint32_t)p->spare;
    }
    p->spare = maze__rng_next(rng);
    p->have = 1;
    return (uint32_t)(p->spare >> 32);
}

/* maze__rand32_below() once its first number, times bound, is m: the
 * rest of Lemire's draw, which takes more numbers only to reject. */
static inline uint32_t
maze__rand32_below_from(struct maze_rng *rng, struct maze__rand32 *p,
                        uint32_t bound, uint64_t m)
{
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)maze__rand32_next(rng, p) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Lemire's bounded draw (as maze__rng_below32) on those numbers. */
static inline uint32_t
maze__rand32_below(struct maze_rng *rng, struct maze__rand32 *p, uint32_t bound)
{
    return maze__rand32_below_from(rng, p, bound,
                                   (uint64_t)maze__rand32_next(rng, p) * bound);
}

#endif
