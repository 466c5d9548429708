/* SPDX-License-Identifier: MIT */
/*
 * Checked size arithmetic. Every size product in the library goes through
 * these, so an overflow becomes MAZE_ERR_NOMEM instead of a short buffer.
 * Also the greatest common divisor that reduces weights.
 */
#ifndef MAZE_CORE_CHECKED_H
#define MAZE_CORE_CHECKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* *out = a * b; false on overflow. */
static inline bool
maze__mul_size(size_t a, size_t b, size_t *out)
{
    if (b != 0 && a > SIZE_MAX / b) {
        return false;
    }
    *out = a * b;
    return true;
}

/* calloc-like allocation of n elements of size bytes; NULL on overflow. */
void *maze__alloc_array(size_t n, size_t size, bool zero);

/* The size of a huge page, to which maze__alloc_random() rounds. */
#define MAZE__HUGE_PAGE ((size_t)2 << 20)

/*
 * An uninitialised array of n elements of size bytes that will be read and
 * written at random: on huge pages where the system offers them
 * (alloc.c), rounded up to whole ones. NULL on overflow. Freed with free().
 */
void *maze__alloc_random(size_t n, size_t size);

/* The greatest common divisor (gcd(a, 0) = a). */
static inline uint64_t
maze__gcd64(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

#endif
