/* SPDX-License-Identifier: MIT */
/*
 * Rows of a rectangular maze as two plain bitsets, and their place in the
 * maze's own bitset.
 *
 * A maze stores cell c's east passage in slot 2c and its south passage in
 * slot 2c + 1, so a row is one run of 2 * width interleaved bits starting
 * at slot 2 * y * width, at any bit alignment. Row-based code (the row
 * generators, the text and PNG exporters, streaming) works on a row as two
 * separate bitsets, east and south, bit x for cell x, which lets it handle
 * 64 cells per word. These helpers move rows between the two layouts 32
 * cells at a time with shifts and masks (no per-bit loop), so the copy
 * costs well under a nanosecond per cell.
 */
#ifndef MAZE_CORE_ROWBITS_H
#define MAZE_CORE_ROWBITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Bit i of a bitset (visited cells, a row's walls), and setting and
 * clearing it; the index is wide enough for any bitset in memory. */
static inline bool
maze__bit_get(const uint64_t *bits, size_t i)
{
    return (bits[i >> 6] >> (i & 63)) & 1u;
}

static inline void
maze__bit_set(uint64_t *bits, size_t i)
{
    bits[i >> 6] |= (uint64_t)1 << (i & 63);
}

static inline void
maze__bit_clear(uint64_t *bits, size_t i)
{
    bits[i >> 6] &= ~((uint64_t)1 << (i & 63));
}

/* Words of a row bitset of width bits. */
static inline size_t
maze__row_words(uint32_t width)
{
    return ((size_t)width + 63) / 64;
}

/*
 * Word i of a row bitset whose bits [0, width) are set: all ones, or the
 * low bits of the word holding bit width - 1, or 0 past it.
 */
static inline uint64_t
maze__row_mask(uint64_t width, size_t i)
{
    uint64_t first = 64 * (uint64_t)i;
    if (width >= first + 64) {
        return ~(uint64_t)0;
    }
    return width <= first ? 0 : ((uint64_t)1 << (width - first)) - 1;
}

/* Spreads the 32 bits of v to the even bits of the result. */
static inline uint64_t
maze__spread32(uint32_t v)
{
    uint64_t x = v;
    x = (x | (x << 16)) & 0x0000ffff0000ffffu;
    x = (x | (x << 8)) & 0x00ff00ff00ff00ffu;
    x = (x | (x << 4)) & 0x0f0f0f0f0f0f0f0fu;
    x = (x | (x << 2)) & 0x3333333333333333u;
    x = (x | (x << 1)) & 0x5555555555555555u;
    return x;
}

/* Gathers the even bits of v into 32 bits (the inverse of spread32). */
static inline uint32_t
maze__gather32(uint64_t x)
{
    x &= 0x5555555555555555u;
    x = (x | (x >> 1)) & 0x3333333333333333u;
    x = (x | (x >> 2)) & 0x0f0f0f0f0f0f0f0fu;
    x = (x | (x >> 4)) & 0x00ff00ff00ff00ffu;
    x = (x | (x >> 8)) & 0x0000ffff0000ffffu;
    x = (x | (x >> 16)) & 0x00000000ffffffffu;
    return (uint32_t)x;
}

/* Bits [32 * k, 32 * k + 32) of a row bitset. */
static inline uint32_t
maze__row_half(const uint64_t *row, size_t k)
{
    return (uint32_t)(row[k / 2] >> ((k & 1) * 32));
}

/*
 * ORs the n <= 64 low bits of v into bits [pos, pos + n) of dst. The bits
 * of v at and above n must be zero.
 */
static inline void
maze__bits_or(uint64_t *dst, uint64_t pos, uint64_t v, unsigned n)
{
    size_t w = (size_t)(pos / 64);
    unsigned s = (unsigned)(pos % 64);
    dst[w] |= v << s;
    if (s != 0 && s + n > 64) {
        dst[w + 1] |= v >> (64 - s);
    }
}

/* Bits [pos, pos + n) of src, n <= 64, in the low bits of the result. */
static inline uint64_t
maze__bits_get(const uint64_t *src, uint64_t pos, unsigned n)
{
    size_t w = (size_t)(pos / 64);
    unsigned s = (unsigned)(pos % 64);
    uint64_t v = src[w] >> s;
    if (s != 0 && s + n > 64) {
        v |= src[w + 1] << (64 - s);
    }
    return n == 64 ? v : v & (((uint64_t)1 << n) - 1);
}

/*
 * ORs a row (east and south bitsets of width bits) into a maze bitset
 * whose row starts at slot `first`, which must still be all zero there.
 */
static inline void
maze__row_store(uint64_t *bits, uint64_t first, const uint64_t *east,
                const uint64_t *south, uint32_t width)
{
    size_t halves = ((size_t)width + 31) / 32;
    for (size_t k = 0; k < halves; k++) {
        uint64_t v = maze__spread32(maze__row_half(east, k)) |
                     maze__spread32(maze__row_half(south, k)) << 1;
        uint32_t cells = width - (uint32_t)(32 * k);
        unsigned n = cells >= 32 ? 64 : 2 * cells;
        maze__bits_or(bits, first + 64 * (uint64_t)k, v, n);
    }
}

/*
 * Reads the row starting at slot `first` of a maze bitset into east and
 * south (maze__row_words(width) words each, bits past width zero).
 */
static inline void
maze__row_load(const uint64_t *bits, uint64_t first, uint64_t *east,
               uint64_t *south, uint32_t width)
{
    size_t words = maze__row_words(width);
    memset(east, 0, words * sizeof(uint64_t));
    memset(south, 0, words * sizeof(uint64_t));
    size_t halves = ((size_t)width + 31) / 32;
    for (size_t k = 0; k < halves; k++) {
        uint32_t cells = width - (uint32_t)(32 * k);
        unsigned n = cells >= 32 ? 64 : 2 * cells;
        uint64_t v = maze__bits_get(bits, first + 64 * (uint64_t)k, n);
        unsigned shift = (unsigned)(k & 1) * 32;
        east[k / 2] |= (uint64_t)maze__gather32(v) << shift;
        south[k / 2] |= (uint64_t)maze__gather32(v >> 1) << shift;
    }
}

#endif
