/* SPDX-License-Identifier: MIT */
/*
 * The project's seeded pseudo-random number generator.
 *
 * xoshiro256** seeded through splitmix64: 256 bits of state, passes BigCrush,
 * a handful of instructions per draw, and fully specified by its public
 * reference so the same seed gives the same maze on every machine. Bounded
 * draws use Lemire's multiply-and-reject method, so they are exactly
 * uniform (no modulo bias) and never touch floating point.
 */
#ifndef MAZEGEN_RNG_H
#define MAZEGEN_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct maze_rng {
    uint64_t s[4];
};

/* Seeds the state from any 64-bit value (splitmix64 expands it). */
void maze_rng_seed(struct maze_rng *rng, uint64_t seed);

/* The next 64 uniformly distributed bits. */
uint64_t maze_rng_next(struct maze_rng *rng);

/* A uniform integer in [0, bound); bound must be at least 1. */
uint64_t maze_rng_below(struct maze_rng *rng, uint64_t bound);

/*
 * Derives an independent seed from a base seed and a stream number (for
 * example puzzle N of a book), with splitmix64 mixing.
 */
uint64_t maze_seed_derive(uint64_t base, uint64_t stream);

#ifdef __cplusplus
}
#endif

#endif
