/* SPDX-License-Identifier: MIT */
/*
 * What every section of the bench program shares (common.h): the
 * settings, the row filter, the repeated and interleaved runs, and the
 * look of the table. It sits below the sections and knows none of them.
 */
#include "common.h"

#include <stdio.h>
#include <string.h>

struct bench_config bench_cfg = {
    .runs_small = 5, .runs_medium = 3, .runs_large = 3, .seed = 1};

/* The run being measured (0, 1, ...), so each can use its own seed. */
static unsigned run_index;

unsigned
bench_run_index(void)
{
    return run_index;
}

bool
bench_wanted(const char *name)
{
    if (bench_cfg.filter == NULL) {
        return true;
    }
    /* A comma-separated list of pieces, any of which may match. */
    const char *p = bench_cfg.filter;
    for (;;) {
        size_t n = strcspn(p, ",");
        for (const char *q = name; n > 0 && *q; q++) {
            if (strncmp(q, p, n) == 0) {
                return true;
            }
        }
        if (p[n] == '\0') {
            return false;
        }
        p += n + 1;
    }
}

unsigned
bench_runs(uint64_t cells)
{
    if (cells <= 4000000) {
        return bench_cfg.runs_small;
    }
    return cells <= 16000000 ? bench_cfg.runs_medium : bench_cfg.runs_large;
}

bool
bench_repeat(bench_fn fn, void *arg, unsigned n, double *median,
             struct sample *last)
{
    double t[BENCH_MAX_RUNS], c[BENCH_MAX_RUNS];
    uint64_t peak = 0;
    n = n > BENCH_MAX_RUNS ? BENCH_MAX_RUNS : n < 1 ? 1 : n;
    for (unsigned i = 0; i < n; i++) {
        run_index = i;
        if (!bench_run(fn, arg, last)) {
            return false;
        }
        t[i] = last->seconds;
        c[i] = last->cpu;
        peak = last->peak > peak ? last->peak : peak;
    }
    *median = bench_median(t, n);
    last->cpu = bench_median(c, n);
    last->peak = peak;
    return true;
}

static int
count_bytes(void *ctx, const void *data, size_t len)
{
    (void)data;
    *(uint64_t *)ctx += len;
    return 0;
}

struct maze_sink
bench_counting_sink(uint64_t *bytes)
{
    return (struct maze_sink){count_bytes, bytes};
}

void
bench_section(const char *title, const char *columns)
{
    printf("\n== %s ==\n%s\n", title, columns);
}

bool
bench_alternate(bench_fn fa, void *a, bench_fn fb, void *b, unsigned n,
                double wall[2], double cpu[2])
{
    double wa[BENCH_MAX_RUNS], wb[BENCH_MAX_RUNS];
    double ca[BENCH_MAX_RUNS], cb[BENCH_MAX_RUNS];
    for (unsigned i = 0; i < n; i++) {
        struct sample sa, sb;
        run_index = i;
        if (!bench_run(fa, a, &sa) || !bench_run(fb, b, &sb)) {
            return false;
        }
        wa[i] = sa.seconds;
        ca[i] = sa.cpu;
        wb[i] = sb.seconds;
        cb[i] = sb.cpu;
    }
    wall[0] = bench_median(wa, n);
    wall[1] = bench_median(wb, n);
    cpu[0] = bench_median(ca, n);
    cpu[1] = bench_median(cb, n);
    return true;
}

void
bench_interleaved_time(const char *what, const char *size, bench_fn fa, void *a,
                       bench_fn fb, void *b, unsigned n)
{
    double wall[2], cpu[2];
    n = n > BENCH_MAX_RUNS ? BENCH_MAX_RUNS : n < 1 ? 1 : n;
    if (!bench_alternate(fa, a, fb, b, n, wall, cpu)) {
        printf("%-44s %-12s  failed\n", what, size);
        return;
    }
    printf("%-44s %-12s %7.2f %7.2f   (wall %.4f s vs %.4f s, cpu %.4f s vs "
           "%.4f s, %u runs)\n",
           what, size, wall[0] / wall[1], cpu[0] / cpu[1], wall[0], wall[1],
           cpu[0], cpu[1], n);
    fflush(stdout);
}

void
bench_interleaved(const char *what, const char *size, bench_fn fa, void *a,
                  bench_fn fb, void *b, unsigned n)
{
    double wall[2], cpu_s[2];
    n = n > BENCH_MAX_RUNS ? BENCH_MAX_RUNS : n < 1 ? 1 : n;
    if (!bench_alternate(fa, a, fb, b, n, wall, cpu_s)) {
        printf("%-44s %-12s  failed\n", what, size);
        return;
    }
    double ma = wall[0], mb = wall[1], xa = cpu_s[0], xb = cpu_s[1];
    printf("%-44s %-12s %7.2f %7.2f   (%.4f s vs %.4f s, %u runs)\n", what,
           size, mb / ma, xb / xa, ma, mb, n);
    fflush(stdout);
}
