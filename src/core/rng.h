/* SPDX-License-Identifier: MIT */
/*
 * Inline xoshiro256** for the library's hot loops; the public functions in
 * rng.c wrap these. Reference: Blackman and Vigna, "Scrambled linear
 * pseudorandom number generators" (2018).
 */
#ifndef MAZE_CORE_RNG_H
#define MAZE_CORE_RNG_H

#include <stdint.h>

#include <mazegen/rng.h>

static inline uint64_t
maze__rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t
maze__splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static inline uint64_t
maze__rng_next(struct maze_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = maze__rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = maze__rotl(s[3], 45);
    return result;
}

/*
 * Lemire's nearly-divisionless bounded draw over 32-bit bounds (every bound
 * the generators need): one multiply, and a division only on the rare
 * rejection path. Exactly uniform.
 */
static inline uint32_t
maze__rng_below32(struct maze_rng *rng, uint32_t bound)
{
    uint64_t m = (maze__rng_next(rng) >> 32) * (uint64_t)bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (maze__rng_next(rng) >> 32) * (uint64_t)bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif
