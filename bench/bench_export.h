/* SPDX-License-Identifier: MIT */
/*
 * The sections of the bench program that write mazes (bench_export.c):
 * every exporter, a puzzle book, and the PNG exporter against bare
 * libpng. bench.c runs them in its order.
 */
#ifndef MAZEGEN_BENCH_BENCH_EXPORT_H
#define MAZEGEN_BENCH_BENCH_EXPORT_H

/* Every registered format at two sizes, with output size and segments. */
void bench_export_section(void);

/* A 100-page puzzle book with its answer keys, made and written whole. */
void bench_book_section(void);

/* PNG export against libpng encoding the same rows: ratio rows. */
void bench_png_ratio_section(void);

/* SVG and PDF of a backtracker maze: CPU microseconds a cell, at 500 and
 * 2000 a side (ratio rows). */
void bench_vector_cost_section(void);

#endif
