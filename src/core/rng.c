/* SPDX-License-Identifier: MIT */
/*
 * The public face of the PRNG (xoshiro256** seeded by splitmix64). 64-bit
 * bounded draws reject on the top of the range, so they are exactly
 * uniform without 128-bit arithmetic.
 */
#include "core/rng.h"

void
maze_rng_seed(struct maze_rng *rng, uint64_t seed)
{
    uint64_t state = seed;
    for (int i = 0; i < 4; i++) {
        rng->s[i] = maze__splitmix64(&state);
    }
}

uint64_t
maze_rng_next(struct maze_rng *rng)
{
    return maze__rng_next(rng);
}

uint64_t
maze_rng_below(struct maze_rng *rng, uint64_t bound)
{
    if (bound <= 1) {
        return 0;
    }
    if (bound <= UINT32_MAX) {
        return maze__rng_below32(rng, (uint32_t)bound);
    }
    /* Reject the incomplete top block so every residue is equally likely. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x;
    do {
        x = maze__rng_next(rng);
    } while (x >= limit);
    return x % bound;
}

uint64_t
maze_seed_derive(uint64_t base, uint64_t stream)
{
    uint64_t state = base ^ maze__rotl(stream * 0xd1342543de82ef95u, 31);
    (void)maze__splitmix64(&state);
    return maze__splitmix64(&state);
}
