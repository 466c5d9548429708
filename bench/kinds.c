/* SPDX-License-Identifier: MIT */
/*
 * Generators on every grid kind: each algorithm that carves a kind, on a
 * grid of that kind of about a million cells (a quarter of that with
 * --quick), by CPU time a cell, and that cost over the same algorithm's
 * on a rectangle of the same number of cells. The kinds go through the
 * general grid interface (neighbours and edges asked of the kind), the
 * rectangle through the algorithms' fast paths, so the last column is
 * what generality costs. Each kind's runs alternate with runs of the
 * rectangle (kind, rectangle, kind, ...), so the ratio compares CPU time
 * of the same minutes of a shared machine.
 */
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "kinds.h"

struct kind_job {
    const struct maze_grid_kind *kind;
    struct maze_grid_params params;
    const char *alg;
};

static void
run_kind(void *arg, struct sample *s)
{
    const struct kind_job *j = arg;
    struct maze_grid *g = NULL;
    struct maze *m = NULL;
    s->status = maze_grid_create(j->kind, &j->params, &g);
    if (s->status == MAZE_OK) {
        s->status = maze_create(g, &m);
    }
    if (s->status == MAZE_OK) {
        struct maze_generate_options o = MAZE_GENERATE_OPTIONS_INIT;
        o.algorithm = j->alg;
        o.seed = bench_cfg.seed + bench_run_index();
        o.endpoints = MAZE_ENDPOINTS_CORNERS;
        bench_start(s);
        s->status = maze_generate(m, &o);
        bench_stop(s);
        s->count = maze_grid_cell_count(g);
    }
    /* A perfect maze has exactly cells - 1 passages. */
    if (s->status == MAZE_OK && maze_algorithm_find(j->alg)->perfect &&
        maze_passage_count(m) + 1 != maze_grid_cell_count(g)) {
        s->status = 1;
    }
    maze_destroy(m);
    maze_grid_destroy(g);
}

/* Sets the kind's sizes to side (width, height) and its levels to 4. */
static void
set_side(const struct maze_grid_kind *k, uint32_t side,
         struct maze_grid_params *p)
{
    *p = (struct maze_grid_params)MAZE_GRID_PARAMS_INIT;
    static const enum maze_grid_size sides[] = {MAZE_SIZE_WIDTH,
                                                MAZE_SIZE_HEIGHT};
    for (size_t i = 0; i < 2; i++) {
        const struct maze_grid_size_info *info = &k->sizes[sides[i]];
        if (info->meaning != NULL) {
            uint32_t v = side < info->min ? info->min : side;
            p->size[sides[i]] = v > info->max ? info->max : v;
        }
    }
    if (k->sizes[MAZE_SIZE_LEVELS].meaning != NULL) {
        p->size[MAZE_SIZE_LEVELS] = 4;
    }
}

/* The kind's grid of the most cells up to target, by the side. */
static bool
params_for(const struct maze_grid_kind *k, uint64_t target,
           struct maze_grid_params *p, uint64_t *cells)
{
    uint32_t lo = 2, hi = 1u << 20;
    bool found = false;
    while (lo <= hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        struct maze_grid_params t;
        set_side(k, mid, &t);
        uint64_t n;
        if (maze_grid_measure(k, &t, &n, NULL, NULL) == MAZE_OK &&
            n <= target) {
            *p = t;
            *cells = n;
            found = true;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return found;
}

void
bench_kinds_section(void)
{
    bool headed = false;
    uint64_t target = bench_cfg.quick ? 250000 : 1000000;
    size_t algs = maze_algorithm_count();
    const struct maze_grid_kind *rect = maze_grid_kind_find("rect");
    struct kind_job base = {.kind = rect};
    uint64_t base_cells = 0;
    if (rect == NULL || !params_for(rect, target, &base.params, &base_cells)) {
        printf("no rectangle of up to %llu cells\n",
               (unsigned long long)target);
        return;
    }
    for (size_t i = 0; i < maze_grid_kind_count(); i++) {
        const struct maze_grid_kind *k = maze_grid_kind_at(i);
        struct kind_job j = {.kind = k};
        uint64_t cells = 0;
        if (!params_for(k, target, &j.params, &cells)) {
            printf("%-9s no grid of up to %llu cells\n", k->name,
                   (unsigned long long)target);
            continue;
        }
        struct maze_grid *g;
        if (maze_grid_create(k, &j.params, &g) != MAZE_OK) {
            continue;
        }
        for (size_t a = 0; a < algs; a++) {
            const struct maze_algorithm_info *alg = maze_algorithm_at(a);
            if (!maze_algorithm_supports(alg, g)) {
                continue;
            }
            /* Rows are named "kinds KIND ALGORITHM": --filter kinds runs
             * them all, --filter "kinds hex" one kind's. */
            char row[64];
            snprintf(row, sizeof(row), "kinds %s %s", k->name, alg->name);
            if (!bench_wanted(row)) {
                continue;
            }
            if (!headed) {
                bench_section(
                    "generators on every grid kind (carving only, cpu time)",
                    "kind      algorithm      cells      runs    cpu s  "
                    "ns/cell  rect ns  x rect");
                headed = true;
            }
            j.alg = alg->name;
            base.alg = alg->name;
            /* Drawing again until no passages cross: refused where that
             * could take for ever, as the library refuses it. */
            uint64_t most = maze_algorithm_conflict_limit(alg, g, NULL);
            if (most != UINT64_MAX &&
                maze_grid_conflict_pairs(g, most + 1) > most) {
                printf("%-9s %-14s %9llu  refused: more than %llu crossing "
                       "pairs\n",
                       k->name, alg->name, (unsigned long long)cells,
                       (unsigned long long)most);
                continue;
            }
            unsigned runs = bench_cfg.quick ? 1 : 3;
            double cost, base_cost = 0, cpu;
            bool ok;
            if (k == rect) {
                double median;
                struct sample s;
                ok = bench_repeat(run_kind, &j, runs, &median, &s);
                cpu = s.cpu;
            } else {
                double wall[2], both[2];
                ok = bench_alternate(run_kind, &j, run_kind, &base, runs, wall,
                                     both);
                cpu = both[0];
                base_cost = both[1] / (double)base_cells;
            }
            if (!ok) {
                printf("%-9s %-14s %9llu %6u  failed\n", k->name, alg->name,
                       (unsigned long long)cells, runs);
                continue;
            }
            cost = cpu / (double)cells;
            char base_ns[16] = "-", ratio[16] = "-";
            if (base_cost > 0) {
                snprintf(base_ns, sizeof(base_ns), "%.1f", base_cost * 1e9);
                snprintf(ratio, sizeof(ratio), "%.2f", cost / base_cost);
            }
            printf("%-9s %-14s %9llu %6u %8.4f %8.1f %8s %7s\n", k->name,
                   alg->name, (unsigned long long)cells, runs, cpu, cost * 1e9,
                   base_ns, ratio);
            fflush(stdout);
        }
        maze_grid_destroy(g);
    }
}
