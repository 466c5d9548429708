/*
 * mazegen: the command-line face of libmazegen. It is a plain client of
 * the public API: parse every option first (so bad input never creates a
 * file), generate, solve if asked, then write each output atomically.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include <mazegen/mazegen.h>

#include "cli/difficulty.h"
#include "cli/estimate.h"
#include "cli/options.h"
#include "cli/output.h"
#include "cli/progress.h"
#include "cli/stats.h"
#include "cli/stream.h"

enum { EXIT_RUNTIME = 1, EXIT_USAGE = 2 };

static uint64_t
system_seed(void)
{
    uint64_t seed;
    if (getrandom(&seed, sizeof(seed), 0) == (ssize_t)sizeof(seed)) {
        return seed;
    }
    /* No entropy source: fall back to something that still varies. */
    return (uint64_t)time(NULL) * 0x9e3779b97f4a7c15u ^ (uint64_t)getpid();
}

/* Gives a bare length the format's unit: pixels for raster, else points. */
static struct maze_length
resolve(const struct cli_length *l, bool raster)
{
    struct maze_length len = l->len;
    if (l->bare) {
        len.unit = raster ? MAZE_UNIT_PX : MAZE_UNIT_PT;
    }
    return len;
}

/* A maze being made: its grid, the maze, and its solution if asked. */
struct job {
    struct maze_grid *grid;
    struct maze *maze;
    struct maze_path *path;
};

static void
job_finish(struct job *j)
{
    maze_path_destroy(j->path);
    maze_destroy(j->maze);
    maze_grid_destroy(j->grid);
    *j = (struct job){0};
}

/* Generates and shapes the maze for one seed into j (grid already made). */
static int
carve(const struct cli_options *opt, uint64_t seed, struct job *j)
{
    const struct cli_difficulty *d = opt->difficulty;
    struct maze_generate_options g = {
        .algorithm = d ? d->algorithm : opt->algorithm,
        .seed = seed,
        .bias = opt->bias,
        .growing = opt->growing,
        .room_size = opt->rooms,
        .progress = cli_progress_hook(),
    };
    /* No need to search for the longest path when both ends are given,
     * or when nothing is drawn or measured (-t none alone times the
     * carve). */
    bool unused = strcmp(opt->format, CLI_FORMAT_NONE) == 0 &&
                  opt->stats == CLI_STATS_NONE && !opt->solution;
    if (d == NULL && ((opt->start.set && opt->finish.set) || unused)) {
        g.endpoints = MAZE_ENDPOINTS_CORNERS;
    }
    if (d && d->growing) {
        (void)maze_growing_parse(d->growing, &g.growing);
    }
    int rc = maze_generate(j->maze, &g);
    uint32_t braid = d ? d->braid : opt->braid;
    if (rc == MAZE_OK && braid > 0) {
        /* Its own stream of the seed, so -s alone regenerates it. */
        rc = maze_braid(j->maze, braid, maze_seed_derive(seed, 1));
    }
    return rc;
}

/* Tries derived seeds until the maze fits the difficulty level. */
static int
carve_to_level(const struct cli_options *opt, uint64_t *seed, struct job *j)
{
    const struct cli_difficulty *d = opt->difficulty;
    for (unsigned i = 0; i < CLI_DIFFICULTY_TRIES; i++) {
        uint64_t s = i == 0 ? *seed : maze_seed_derive(*seed, i);
        struct maze_metrics m;
        int rc = carve(opt, s, j);
        if (rc == MAZE_OK) {
            rc = maze_measure(j->maze, &m);
        }
        if (rc != MAZE_OK) {
            return rc;
        }
        if (cli_difficulty_fits(d, &m)) {
            if (!opt->quiet) {
                fprintf(stderr,
                        "mazegen: difficulty %s: kept seed %llu after %u "
                        "%s (regenerate with -a %s%s%s%s%s -s %llu)\n",
                        d->name, (unsigned long long)s, i + 1,
                        i == 0 ? "try" : "tries", d->algorithm,
                        d->growing ? " --growing " : "",
                        d->growing ? d->growing : "",
                        d->braid ? " --braid " : "",
                        d->braid ? d->braid_text : "", (unsigned long long)s);
            }
            *seed = s;
            return MAZE_OK;
        }
    }
    if (!opt->quiet) {
        fprintf(stderr,
                "mazegen: difficulty %s: no maze of %u tries fit the "
                "level; kept seed %llu\n",
                d->name, CLI_DIFFICULTY_TRIES, (unsigned long long)*seed);
    }
    return carve(opt, *seed, j);
}

/* Replaces the maze by its unicursal labyrinth. */
static int
make_unicursal(struct job *j)
{
    struct maze_grid *grid;
    struct maze *maze;
    int rc = maze_unicursal(j->maze, &grid, &maze);
    if (rc == MAZE_OK) {
        job_finish(j);
        j->grid = grid;
        j->maze = maze;
    }
    return rc;
}

static int
build_maze(const struct cli_options *opt, uint64_t *seed, struct job *j)
{
    int rc = maze_grid_create_rect(opt->width, opt->height, &j->grid);
    if (rc == MAZE_OK) {
        rc = maze_create(j->grid, &j->maze);
    }
    if (rc == MAZE_OK) {
        rc = opt->difficulty ? carve_to_level(opt, seed, j)
                             : carve(opt, *seed, j);
    }
    if (rc == MAZE_OK && opt->unicursal) {
        rc = make_unicursal(j);
    }
    if (rc != MAZE_OK || !(opt->start.set || opt->finish.set)) {
        return rc;
    }
    uint32_t start = maze_start(j->maze), finish = maze_finish(j->maze);
    if (opt->start.set) {
        maze_grid_cell_at(j->grid, opt->start.x, opt->start.y, &start);
    }
    if (opt->finish.set) {
        maze_grid_cell_at(j->grid, opt->finish.x, opt->finish.y, &finish);
    }
    return maze_set_endpoints(j->maze, start, finish);
}

static const char *
display_name(const char *path)
{
    return path == NULL || strcmp(path, "-") == 0 ? "standard output" : path;
}

/* Reports an export failure; returns the exit status it deserves. */
static int
report_export(int rc, const struct cli_output *out, const char *format)
{
    cli_progress_stop();
    if (rc == MAZE_ERR_RANGE) {
        cli_usage_error("-c/--cell-size, --wall-width, --margin, --paper: "
                        "the maze does not fit in %s output with these "
                        "sizes; expected a wall width below the cell size "
                        "and a smaller maze or cell size",
                        format);
        return EXIT_USAGE;
    }
    if (rc == MAZE_ERR_IO || out->error != 0) {
        fprintf(stderr, "mazegen: cannot write %s: %s\n",
                display_name(out->path),
                strerror(out->error ? out->error : EIO));
    } else {
        fprintf(stderr, "mazegen: cannot export %s: %s\n", format,
                maze_strerror(rc));
    }
    return EXIT_RUNTIME;
}

static int
write_outputs(const struct cli_options *opt, const struct maze *maze,
              const struct maze_path *path)
{
    bool raster = maze_format_find(opt->format)->flags & MAZE_FORMAT_RASTER;
    struct maze_export_options e = {
        .cell_size = resolve(&opt->cell_size, raster),
        .wall_width = resolve(&opt->wall_width, raster),
        .margin = resolve(&opt->margin, raster),
        .dpi = opt->dpi,
        .charset = opt->charset,
        .paper = opt->paper,
    };
    const char *paths[2] = {opt->output, opt->answer_key};
    const struct maze_path *solutions[2] = {
        opt->solution && !opt->answer_key ? path : NULL, path};
    struct cli_output out[2];
    int n = opt->answer_key ? 2 : 1;
    int status = 0;
    int opened = 0;
    for (int i = 0; i < n && status == 0; i++) {
        if (!cli_output_open(&out[i], paths[i])) {
            cli_progress_stop();
            fprintf(stderr, "mazegen: cannot create %s: %s\n", paths[i],
                    strerror(out[i].error));
            status = EXIT_RUNTIME;
            break;
        }
        opened++;
        e.solution = solutions[i];
        struct maze_sink sink = cli_progress_sink(&out[i].sink, paths[i]);
        int rc = maze_export(maze, opt->format, &e, &sink);
        if (rc != MAZE_OK) {
            status = report_export(rc, &out[i], opt->format);
        }
    }
    /* Both files appear, or neither does. */
    for (int i = 0; i < opened; i++) {
        if (!cli_output_close(&out[i], status == 0) && status == 0) {
            cli_progress_stop();
            fprintf(stderr, "mazegen: cannot write %s: %s\n",
                    display_name(paths[i]), strerror(out[i].error));
            status = EXIT_RUNTIME;
        }
    }
    for (int i = 0; i < n && status == 0 && opt->verbose; i++) {
        fprintf(stderr, "mazegen: wrote %s\n", display_name(paths[i]));
    }
    return status;
}

int
main(int argc, char **argv)
{
    struct cli_options opt;
    switch (cli_parse(argc, argv, &opt)) {
    case CLI_EXIT_OK:
        return fflush(stdout) == 0 ? 0 : EXIT_RUNTIME;
    case CLI_EXIT_USAGE:
        return EXIT_USAGE;
    case CLI_RUN:
        break;
    }
    cli_output_install_signals();
    opt.verbose = opt.verbose && !opt.quiet;
    if (!opt.seed_set) {
        opt.seed = system_seed();
    }
    if (opt.verbose) {
        fprintf(stderr, "mazegen: seed %llu\n", (unsigned long long)opt.seed);
    }
    if (!cli_check_memory(&opt)) {
        return EXIT_RUNTIME;
    }
    cli_progress_start(!opt.quiet && isatty(STDERR_FILENO));
    if (opt.stream) {
        return cli_stream_run(&opt);
    }

    struct job job = {0};
    int status = 0;
    int rc = build_maze(&opt, &opt.seed, &job);
    if (rc == MAZE_OK && (opt.solution || opt.answer_key)) {
        cli_progress_phase("solving");
        rc = maze_solve(job.maze, &job.path);
    }
    if (rc == MAZE_OK && opt.stats != CLI_STATS_NONE) {
        /* Text stats go to standard error, where the line is. */
        if (opt.stats == CLI_STATS_TEXT) {
            cli_progress_stop();
        }
        cli_progress_phase("measuring");
        rc = cli_print_stats(job.maze, opt.stats);
    }
    if (rc != MAZE_OK) {
        cli_progress_stop();
        fprintf(stderr, "mazegen: cannot generate the maze: %s\n",
                maze_strerror(rc));
        status = EXIT_RUNTIME;
    } else if (strcmp(opt.format, CLI_FORMAT_NONE) != 0) {
        status = write_outputs(&opt, job.maze, job.path);
    }
    cli_progress_stop();
    job_finish(&job);
    return status;
}
