/* SPDX-License-Identifier: MIT */
/*
 * The baselines the bench measures mazegen against, in the same run so
 * that their ratios survive a noisy machine: a plain iterative depth-first
 * maze over bitsets (what the backtracker has to beat), a plain
 * union-find Kruskal (what kruskal has to beat), and libpng
 * encoding given pixel rows with no maze work at all (what the PNG
 * exporter has to come near).
 */
#ifndef MAZEGEN_BENCH_REFERENCE_H
#define MAZEGEN_BENCH_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

#include <mazegen/mazegen.h>

/*
 * Carves a width x height maze by the textbook iterative depth-first
 * search: a stack of cell numbers, a visited bit per cell, the passages in
 * the same 2-bits-per-cell layout as a maze, and one uniform draw from the
 * library's public PRNG per choice. Returns the number of passages opened
 * (cells - 1 when it worked), or 0 when out of memory. *bits receives the
 * passage bitset; the caller frees it.
 */
uint64_t reference_dfs(uint32_t width, uint32_t height, uint64_t seed,
                       uint64_t **bits);

/*
 * Carves a width x height maze by the textbook Kruskal: every interior
 * wall in one array, shuffled by Fisher-Yates with one maze_rng_below()
 * per wall, then knocked down in that order when its two cells are in
 * different sets of a union-find (a parent per cell, union by rank with a
 * byte of rank per cell, path halving), until one set is left. The
 * passages go to the same 2-bits-per-cell layout as a maze. Returns the
 * passages opened (cells - 1 when it worked), or 0 when out of memory;
 * *bits receives the passage bitset, which the caller frees.
 */
uint64_t reference_kruskal(uint32_t width, uint32_t height, uint64_t seed,
                           uint64_t **bits);

/* Pixel rows of a decoded PNG and the header fields to write them again. */
struct png_rows {
    uint32_t width, height;
    int depth, color_type;
    size_t row_bytes;
    uint8_t *pixels; /* height * row_bytes */
    int palette_size;
    uint8_t palette[16][3];
};

/* Decodes a PNG held in memory; 0 on success. Free with png_rows_free(). */
int png_rows_decode(const void *data, size_t len, struct png_rows *out);
void png_rows_free(struct png_rows *rows);

/*
 * Encodes rows with libpng as the exporter does (same header, no filter,
 * default compression), the bytes going to sink. Returns 0 on success.
 */
int png_rows_encode(const struct png_rows *rows, const struct maze_sink *sink);

#endif
