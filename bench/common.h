/* SPDX-License-Identifier: MIT */
/*
 * Shared parts of the bench program: its settings, how runs repeat, and
 * the table it prints. The sections live above it, in bench.c
 * (generators, solver, streaming, ratios) and bench_export.c (exporters
 * and the libpng baseline); this file uses neither.
 */
#ifndef MAZEGEN_BENCH_COMMON_H
#define MAZEGEN_BENCH_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/mazegen.h>

#include "measure.h"

#define BENCH_MAX_RUNS 31

struct bench_config {
    /* Runs per measurement at small, medium and large sizes. */
    unsigned runs_small, runs_medium, runs_large;
    bool quick;
    /* Only rows whose name contains this (NULL: all). */
    const char *filter;
    uint64_t seed;
};

extern struct bench_config bench_cfg;

/* The run bench_repeat() or bench_interleaved() is on (0, 1, ...), so
 * each can use its own seed. */
unsigned bench_run_index(void);

/* Whether a row named name is wanted. */
bool bench_wanted(const char *name);

/* The runs for a measurement of this many cells. */
unsigned bench_runs(uint64_t cells);

/*
 * Runs fn n times, each in its own child, and gives the median seconds,
 * the largest peak and the last run's bytes and count; last->cpu is the
 * median CPU seconds. False if any run failed.
 */
bool bench_repeat(bench_fn fn, void *arg, unsigned n, double *median,
                  struct sample *last);

/*
 * Runs job a and job b alternately, n runs each (a, b, a, b, ...), and
 * gives their median wall and CPU seconds, a's first. False if any run
 * failed.
 */
bool bench_alternate(bench_fn fa, void *a, bench_fn fb, void *b, unsigned n,
                     double wall[2], double cpu[2]);

/*
 * Times job a and job b alternately, n runs each, so both see the same
 * minutes of a shared machine, and prints the ratio of their median
 * times (b over a: a's speed over b's), on the clock and on the CPU.
 */
void bench_interleaved(const char *what, const char *size, bench_fn fa, void *a,
                       bench_fn fb, void *b, unsigned n);

/*
 * As bench_interleaved(), printing the ratio of a's median time to b's,
 * on the clock and on the CPU, then the medians behind them in the same
 * order: a's and b's wall seconds, a's and b's CPU seconds.
 */
void bench_interleaved_time(const char *what, const char *size, bench_fn fa,
                            void *a, bench_fn fb, void *b, unsigned n);

/* A sink that only adds the bytes written to *bytes. */
struct maze_sink bench_counting_sink(uint64_t *bytes);

/* Section headings and rules, so every section looks the same. */
void bench_section(const char *title, const char *columns);

#endif
