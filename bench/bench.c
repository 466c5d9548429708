/* SPDX-License-Identifier: MIT */
/*
 * mazegen-bench: how fast mazegen makes, solves, streams and writes
 * mazes, and how much memory it needs, printed as a stable text table.
 * It is a program, not a test: it measures and prints, and never fails
 * because something was slow.
 *
 * Every measurement runs several times, each in a fresh child process
 * (measure.c), and the table gives the median time and the peak memory.
 * Baselines run in the same session (a plain depth-first search for the
 * backtracker, bare libpng for the PNG exporter), so the ratios printed
 * at the end hold on a noisy, shared machine even when absolute times
 * drift. docs/performance.md records a run and explains the figures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <mazegen/mazegen.h>

#include "bench_export.h"
#include "common.h"
#include "kinds.h"
#include "png_kinds.h"
#include "reference.h"

/* ---- Generators -------------------------------------------------------- */

/* The baselines of reference.h, in place of an algorithm. */
enum reference { REF_NONE, REF_DFS, REF_KRUSKAL };

struct gen_job {
    const char *alg; /* NULL: the reference ref */
    uint32_t w, h;
    enum reference ref;
};

static void
run_generate(void *arg, struct sample *s)
{
    const struct gen_job *j = arg;
    uint64_t cells = (uint64_t)j->w * j->h;
    uint64_t seed = bench_cfg.seed + bench_run_index();
    if (j->alg == NULL) {
        uint64_t *bits;
        bench_start(s);
        uint64_t opened = j->ref == REF_KRUSKAL
                              ? reference_kruskal(j->w, j->h, seed, &bits)
                              : reference_dfs(j->w, j->h, seed, &bits);
        bench_stop(s);
        free(bits);
        s->status = opened + 1 == cells ? 0 : 1;
        return;
    }
    struct maze_grid *g = NULL;
    struct maze *m = NULL;
    s->status = maze_grid_create_rect(j->w, j->h, &g);
    if (s->status == MAZE_OK) {
        s->status = maze_create(g, &m);
    }
    if (s->status == MAZE_OK) {
        /* Corner endpoints: the carve alone (the endpoint search is
         * measured with the solver). */
        struct maze_generate_options o = {
            .struct_size = sizeof(struct maze_generate_options),
            .algorithm = j->alg,
            .seed = seed,
            .endpoints = MAZE_ENDPOINTS_CORNERS};
        bench_start(s);
        s->status = maze_generate(m, &o);
        bench_stop(s);
    }
    /* A perfect maze has exactly cells - 1 passages. */
    if (s->status == MAZE_OK && maze_algorithm_find(j->alg)->perfect &&
        maze_passage_count(m) + 1 != cells) {
        s->status = 1;
    }
    maze_destroy(m);
    maze_grid_destroy(g);
}

static const struct {
    uint32_t side;
    bool quick;
} gen_sizes[] = {{1000, true}, {4000, true}, {10000, false}};

static void
gen_row(const char *name, const struct gen_job *j)
{
    uint64_t cells = (uint64_t)j->w * j->h;
    unsigned runs = bench_runs(cells);
    double median;
    struct sample s;
    char size[32];
    snprintf(size, sizeof(size), "%ux%u", (unsigned)j->w, (unsigned)j->h);
    if (!bench_repeat(run_generate, (void *)j, runs, &median, &s)) {
        printf("%-14s %-12s %4u  failed\n", name, size, runs);
        return;
    }
    char estimate[32] = "-";
    uint64_t est;
    struct maze_generate_options o = {.struct_size =
                                          sizeof(struct maze_generate_options),
                                      .algorithm = j->alg,
                                      .endpoints = MAZE_ENDPOINTS_CORNERS};
    if (j->alg != NULL &&
        maze_generate_estimate(j->w, j->h, &o, &est) == MAZE_OK) {
        snprintf(estimate, sizeof(estimate), "%.3f", (double)est / cells);
    }
    printf("%-14s %-12s %4u %10.4f %10.1f %9.3f %9s %8.4f\n", name, size, runs,
           median, cells / median / 1e6, (double)s.peak / cells, estimate,
           s.cpu);
    fflush(stdout);
}

static void
generator_section(void)
{
    bench_section("generators (carving only, corner endpoints)",
                  "algorithm      size         runs   median s  Mcells/s "
                  "peak B/c  est. B/c    cpu s");
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const char *alg = maze_algorithm_at(a)->name;
        bool slow_cover = strcmp(alg, "aldous-broder") == 0;
        for (size_t k = 0; k < sizeof(gen_sizes) / sizeof(gen_sizes[0]); k++) {
            uint32_t side = gen_sizes[k].side;
            /* Aldous-Broder's cover time grows too fast beyond 4000. */
            if ((bench_cfg.quick && !gen_sizes[k].quick) ||
                (slow_cover && side > (bench_cfg.quick ? 1000 : 4000))) {
                continue;
            }
            struct gen_job j = {alg, side, side, REF_NONE};
            if (bench_wanted(alg)) {
                gen_row(alg, &j);
            }
            if (strcmp(alg, "backtracker") == 0 && bench_wanted("reference")) {
                struct gen_job ref = {NULL, side, side, REF_DFS};
                gen_row("reference-dfs", &ref);
            }
            if (strcmp(alg, "kruskal") == 0 &&
                bench_wanted("reference-kruskal")) {
                struct gen_job ref = {NULL, side, side, REF_KRUSKAL};
                gen_row("ref-kruskal", &ref);
            }
        }
    }
}

/* ---- Solver ------------------------------------------------------------ */

/* A grid of about 16 million cells of each kind, for the solver's rows and
 * ratios (the theta grid's rings grow outwards, so fewer of them). */
static const struct solve_grid {
    const char *kind;
    uint32_t w, h, levels;
} solve_grids[] = {
    {"rect", 4000, 4000, 0},     {"hex", 4000, 4000, 0},
    {"triangle", 4000, 4000, 0}, {"upsilon", 4000, 4000, 0},
    {"zeta", 4000, 4000, 0},     {"weave", 4000, 4000, 0},
    {"3d", 1000, 1000, 16},      {"theta", 0, 2300, 0},
};

enum solve_task {
    SOLVE_PATH,      /* maze_solve() between the generated corners */
    SOLVE_ENDPOINTS, /* maze_boundary_path_ends() */
    SOLVE_BOTH,      /* the default endpoints placed, then maze_solve() */
    SOLVE_GENERATE,  /* the backtracker's carve, for the ratio */
};

struct solve_job {
    enum solve_task task;
    struct solve_grid grid;
};

static int
solve_grid_create(const struct solve_grid *sg, struct maze_grid **g)
{
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    p.size[MAZE_SIZE_WIDTH] = sg->w;
    p.size[MAZE_SIZE_HEIGHT] = sg->h;
    p.size[MAZE_SIZE_LEVELS] = sg->levels;
    return maze_grid_create(maze_grid_kind_find(sg->kind), &p, g);
}

static void
run_solve(void *arg, struct sample *s)
{
    const struct solve_job *j = arg;
    struct maze_grid *g = NULL;
    struct maze *m = NULL;
    s->status = solve_grid_create(&j->grid, &g);
    if (s->status == MAZE_OK) {
        s->status = maze_create(g, &m);
    }
    struct maze_generate_options o = MAZE_GENERATE_OPTIONS_INIT;
    o.seed = bench_cfg.seed + bench_run_index();
    o.endpoints = MAZE_ENDPOINTS_CORNERS;
    if (s->status == MAZE_OK && j->task == SOLVE_GENERATE) {
        bench_start(s);
        s->status = maze_generate(m, &o);
        bench_stop(s);
    } else if (s->status == MAZE_OK) {
        s->status = maze_generate(m, &o);
    }
    if (s->status == MAZE_OK && j->task != SOLVE_GENERATE) {
        struct maze_path *path = NULL;
        uint32_t a, b;
        bench_start(s);
        if (j->task == SOLVE_ENDPOINTS) {
            s->status = maze_boundary_path_ends(m, &a, &b);
        } else {
            if (j->task == SOLVE_BOTH) {
                s->status =
                    maze_place_endpoints(m, MAZE_ENDPOINTS_LONGEST, NULL);
            }
            if (s->status == MAZE_OK) {
                s->status = maze_solve(m, &path);
            }
        }
        bench_stop(s);
        s->count = path ? path->length : 0;
        maze_path_destroy(path);
    }
    maze_destroy(m);
    maze_grid_destroy(g);
}

static void
solver_row(const char *name, const struct solve_job *j, const char *size,
           uint64_t cells)
{
    unsigned runs = bench_runs(cells);
    double median;
    struct sample s;
    if (!bench_repeat(run_solve, (void *)j, runs, &median, &s)) {
        printf("%-14s %-16s %4u  failed\n", name, size, runs);
        return;
    }
    printf("%-14s %-16s %4u %10.4f %10.1f %9.3f %8.4f\n", name, size, runs,
           median, cells / median / 1e6, (double)s.peak / cells, s.cpu);
    fflush(stdout);
}

static void
solver_section(void)
{
    bench_section("solver (backtracker mazes; peak beyond the maze)",
                  "task           grid and size    runs   median s  Mcells/s "
                  "peak B/c    cpu s");
    static const char *const names[] = {"solve", "endpoints", "both"};
    for (int t = 0; t < 3; t++) {
        if (!bench_wanted(names[t])) {
            continue;
        }
        /* Rectangles at every size. */
        for (size_t k = 0; k < sizeof(gen_sizes) / sizeof(gen_sizes[0]); k++) {
            if (bench_cfg.quick && !gen_sizes[k].quick) {
                continue;
            }
            uint32_t side = gen_sizes[k].side;
            struct solve_job j = {(enum solve_task)t, {"rect", side, side, 0}};
            char size[32];
            snprintf(size, sizeof(size), "rect %ux%u", (unsigned)side,
                     (unsigned)side);
            solver_row(names[t], &j, size, (uint64_t)side * side);
        }
        /* Every other kind at about 4000 x 4000 cells. */
        for (size_t k = 1; k < sizeof(solve_grids) / sizeof(solve_grids[0]);
             k++) {
            struct solve_job j = {(enum solve_task)t, solve_grids[k]};
            struct maze_grid *g = NULL;
            if (solve_grid_create(&j.grid, &g) != MAZE_OK) {
                continue;
            }
            uint64_t cells = maze_grid_cell_count(g);
            maze_grid_destroy(g);
            char size[32];
            snprintf(size, sizeof(size), "%s %.1fM", j.grid.kind, cells / 1e6);
            solver_row(names[t], &j, size, cells);
        }
    }
}

/* The endpoint search and the solution (the "both" rows) against the
 * backtracker's carve of the same grid, interleaved. */
static void
solver_ratios(void)
{
    if (!bench_wanted("both")) {
        return;
    }
    for (size_t k = 0; k < sizeof(solve_grids) / sizeof(solve_grids[0]); k++) {
        struct solve_job gen = {SOLVE_GENERATE, solve_grids[k]};
        struct solve_job both = {SOLVE_BOTH, solve_grids[k]};
        char size[32];
        snprintf(size, sizeof(size), "%s", solve_grids[k].kind);
        bench_interleaved_time("endpoints+solve time / backtracker time", size,
                               run_solve, &both, run_solve, &gen,
                               bench_cfg.runs_medium);
    }
    if (bench_cfg.quick) {
        return;
    }
    /* The largest rectangle of the generator rows: where the search's
     * memory traffic shows. */
    struct solve_job gen = {SOLVE_GENERATE, {"rect", 10000, 10000, 0}};
    struct solve_job both = {SOLVE_BOTH, {"rect", 10000, 10000, 0}};
    bench_interleaved_time("endpoints+solve time / backtracker time",
                           "rect 10000", run_solve, &both, run_solve, &gen,
                           bench_cfg.runs_large);
}

/* ---- Streaming --------------------------------------------------------- */

struct stream_job {
    const char *alg, *format;
    uint32_t w, h;
};

static void
run_stream(void *arg, struct sample *s)
{
    const struct stream_job *j = arg;
    struct maze_generate_options o = {
        .struct_size = sizeof(struct maze_generate_options),
        .algorithm = j->alg,
        .seed = bench_cfg.seed + bench_run_index()};
    struct maze_stream *st;
    s->status = maze_stream_create(j->w, j->h, &o, &st);
    if (s->status != MAZE_OK) {
        return;
    }
    struct maze_sink sink = bench_counting_sink(&s->bytes);
    struct maze_export_options e = {.struct_size =
                                        sizeof(struct maze_export_options),
                                    .cell_size = {2, MAZE_UNIT_PX}};
    bench_start(s);
    if (j->format == NULL) {
        const uint64_t *east, *south;
        while (maze_stream_next_row(st, &east, &south) == MAZE_OK) {
        }
    } else {
        s->status = maze_stream_export(st, j->format, &e, &sink);
    }
    bench_stop(s);
    maze_stream_destroy(st);
}

static void
stream_section(void)
{
    bench_section("streaming (png at 2px cells; peak memory in total)",
                  "algorithm      format size          runs   median s  "
                  "Mcells/s  MB/s out  peak MiB");
    static const struct {
        uint32_t w, h;
        bool quick;
    } sizes[] = {{4000, 1000, true}, {4000, 4000, true}, {4000, 16000, false}};
    static const char *const formats[] = {NULL, "png", "text"};
    for (size_t a = 0; a < maze_algorithm_count(); a++) {
        const struct maze_algorithm_info *info = maze_algorithm_at(a);
        if (!info->streamable || !bench_wanted(info->name)) {
            continue;
        }
        for (size_t f = 0; f < 3; f++) {
            for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
                if (bench_cfg.quick && !sizes[k].quick) {
                    continue;
                }
                struct stream_job j = {info->name, formats[f], sizes[k].w,
                                       sizes[k].h};
                uint64_t cells = (uint64_t)j.w * j.h;
                double median;
                struct sample s;
                char size[32];
                snprintf(size, sizeof(size), "%ux%u", (unsigned)j.w,
                         (unsigned)j.h);
                const char *fname = j.format ? j.format : "rows";
                unsigned runs = bench_runs(cells);
                if (!bench_repeat(run_stream, &j, runs, &median, &s)) {
                    printf("%-14s %-6s %-13s %4u  failed\n", info->name, fname,
                           size, runs);
                    continue;
                }
                printf("%-14s %-6s %-13s %4u %10.4f %10.1f %9.1f %9.2f\n",
                       info->name, fname, size, runs, median,
                       cells / median / 1e6, s.bytes / median / 1e6,
                       s.peak / 1048576.0);
                fflush(stdout);
            }
        }
    }
}

/* ---- Ratios ------------------------------------------------------------ */

static void
ratio_section(void)
{
    bench_section("ratios (interleaved runs; by wall-clock and by CPU time)",
                  "what                                         size      "
                  "    wall     cpu");
    for (size_t k = 0; k < sizeof(gen_sizes) / sizeof(gen_sizes[0]); k++) {
        uint32_t side = gen_sizes[k].side;
        if ((bench_cfg.quick && !gen_sizes[k].quick) ||
            !bench_wanted("backtracker")) {
            continue;
        }
        struct gen_job bt = {"backtracker", side, side, REF_NONE};
        struct gen_job ref = {NULL, side, side, REF_DFS};
        char size[32];
        snprintf(size, sizeof(size), "%ux%u", (unsigned)side, (unsigned)side);
        bench_interleaved("backtracker speed / reference-dfs speed", size,
                          run_generate, &bt, run_generate, &ref,
                          bench_runs((uint64_t)side * side));
    }
    if (bench_wanted("kruskal") || bench_wanted("wilson")) {
        struct gen_job w = {"wilson", 4000, 4000, REF_NONE};
        struct gen_job k = {"kruskal", 4000, 4000, REF_NONE};
        bench_interleaved_time("wilson time / kruskal time", "4000x4000",
                               run_generate, &w, run_generate, &k,
                               bench_cfg.runs_medium);
    }
    /* Kruskal against the textbook one at each size the layouts are
     * chosen for. */
    static const struct {
        uint32_t side;
        bool quick;
    } kruskal_sizes[] = {
        {1000, true}, {2000, true}, {4000, true}, {8000, false}};
    for (size_t k = 0; k < sizeof(kruskal_sizes) / sizeof(kruskal_sizes[0]);
         k++) {
        uint32_t side = kruskal_sizes[k].side;
        if ((bench_cfg.quick && !kruskal_sizes[k].quick) ||
            !bench_wanted("kruskal")) {
            continue;
        }
        struct gen_job kr = {"kruskal", side, side, REF_NONE};
        struct gen_job ref = {NULL, side, side, REF_KRUSKAL};
        char size[32];
        snprintf(size, sizeof(size), "%ux%u", (unsigned)side, (unsigned)side);
        bench_interleaved_time("kruskal time / reference-kruskal time", size,
                               run_generate, &kr, run_generate, &ref,
                               bench_runs((uint64_t)side * side));
    }
    /* The row carvers' cost a cell, by CPU time. */
    static const char *const rows[] = {"binary-tree", "sidewinder", "eller"};
    for (size_t a = 0; a < sizeof(rows) / sizeof(rows[0]); a++) {
        if (!bench_wanted(rows[a])) {
            continue;
        }
        struct gen_job j = {rows[a], 4000, 4000, REF_NONE};
        unsigned runs = bench_runs((uint64_t)j.w * j.h);
        double median;
        struct sample s;
        char what[64];
        snprintf(what, sizeof(what), "%s ns a cell (cpu)", rows[a]);
        if (!bench_repeat(run_generate, &j, runs, &median, &s)) {
            printf("%-44s %-12s  failed\n", what, "4000x4000");
            continue;
        }
        printf("%-44s %-12s %7.2f %7.2f   (%u runs)\n", what, "4000x4000",
               median / 16e6 * 1e9, s.cpu / 16e6 * 1e9, runs);
        fflush(stdout);
    }
    solver_ratios();
    bench_png_ratio_section();
    bench_vector_cost_section();
}

/* ---- Main -------------------------------------------------------------- */

/* The value of the first line of /proc/cpuinfo starting with key, or
 * "?"; the same text lscpu shows ("Model name", "CPU family", "Model"). */
static void
cpuinfo(const char *key, char *out, size_t size)
{
    snprintf(out, size, "?");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL) {
        return;
    }
    char line[512];
    size_t len = strlen(key);
    while (fgets(line, sizeof(line), f) != NULL) {
        const char *colon = strchr(line, ':');
        if (strncmp(line, key, len) == 0 && colon != NULL &&
            strspn(line + len, " \t") == (size_t)(colon - line - len)) {
            snprintf(out, size, "%.200s",
                     colon[1] == ' ' ? colon + 2 : colon + 1);
            out[strcspn(out, "\n")] = '\0';
            break;
        }
    }
    fclose(f);
}

static void
machine(void)
{
    char model[256], family[32], number[32];
    cpuinfo("model name", model, sizeof(model));
    cpuinfo("cpu family", family, sizeof(family));
    cpuinfo("model", number, sizeof(number));
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    double mem = (double)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE);
    printf("mazegen %s bench; %s (family %s, model %s), %ld CPUs, %.1f GiB; "
           "seed %llu%s\n",
           MAZEGEN_VERSION, model, family, number, cpus, mem / 1073741824.0,
           (unsigned long long)bench_cfg.seed,
           bench_cfg.quick ? "; quick" : "");
}

static void
usage(FILE *out)
{
    fprintf(out,
            "Usage: mazegen-bench [--quick] [--runs N] [--filter TEXT] "
            "[--seed N]\n"
            "  --quick        smaller sizes and fewer runs (a few minutes)\n"
            "  --runs N       runs per measurement, 1 to %d (default 5 at\n"
            "                 up to 4M cells, else 3)\n"
            "  --filter TEXT  only rows whose name contains TEXT (or any of\n"
            "                 a comma-separated list)\n"
            "  --seed N       first seed (runs use N, N+1, ...)\n",
            BENCH_MAX_RUNS);
}

int
main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--quick") == 0) {
            bench_cfg.quick = true;
            bench_cfg.runs_small = 3;
            bench_cfg.runs_medium = bench_cfg.runs_large = 1;
        } else if (strcmp(a, "--runs") == 0 && v != NULL && atoi(v) >= 1 &&
                   atoi(v) <= BENCH_MAX_RUNS) {
            unsigned n = (unsigned)atoi(v);
            bench_cfg.runs_small = bench_cfg.runs_medium = n;
            bench_cfg.runs_large = n;
            i++;
        } else if (strcmp(a, "--filter") == 0 && v != NULL) {
            bench_cfg.filter = v;
            i++;
        } else if (strcmp(a, "--seed") == 0 && v != NULL) {
            bench_cfg.seed = strtoull(v, NULL, 10);
            i++;
        } else if (strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    machine();
    generator_section();
    bench_kinds_section();
    solver_section();
    stream_section();
    bench_export_section();
    bench_png_kinds_section();
    bench_book_section();
    ratio_section();
    return 0;
}
