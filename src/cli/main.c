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

#include "cli/options.h"
#include "cli/output.h"

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

static int
build_maze(const struct cli_options *opt, struct maze_grid **grid,
           struct maze **maze)
{
    int rc = maze_grid_create_rect(opt->width, opt->height, grid);
    if (rc == MAZE_OK) {
        rc = maze_create(*grid, maze);
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    struct maze_generate_options g = {
        .algorithm = opt->algorithm,
        .seed = opt->seed,
        .bias = opt->bias,
    };
    rc = maze_generate(*maze, &g);
    if (rc != MAZE_OK || !(opt->start.set || opt->finish.set)) {
        return rc;
    }
    uint32_t start = maze_start(*maze), finish = maze_finish(*maze);
    if (opt->start.set) {
        maze_grid_cell_at(*grid, opt->start.x, opt->start.y, &start);
    }
    if (opt->finish.set) {
        maze_grid_cell_at(*grid, opt->finish.x, opt->finish.y, &finish);
    }
    return maze_set_endpoints(*maze, start, finish);
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
            fprintf(stderr, "mazegen: cannot create %s: %s\n", paths[i],
                    strerror(out[i].error));
            status = EXIT_RUNTIME;
            break;
        }
        opened++;
        e.solution = solutions[i];
        int rc = maze_export(maze, opt->format, &e, &out[i].sink);
        if (rc != MAZE_OK) {
            status = report_export(rc, &out[i], opt->format);
        }
    }
    /* Both files appear, or neither does. */
    for (int i = 0; i < opened; i++) {
        if (!cli_output_close(&out[i], status == 0) && status == 0) {
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

    struct maze_grid *grid = NULL;
    struct maze *maze = NULL;
    struct maze_path *path = NULL;
    int status = 0;
    int rc = build_maze(&opt, &grid, &maze);
    if (rc == MAZE_OK && (opt.solution || opt.answer_key)) {
        rc = maze_solve(maze, &path);
    }
    if (rc != MAZE_OK) {
        fprintf(stderr, "mazegen: cannot generate the maze: %s\n",
                maze_strerror(rc));
        status = EXIT_RUNTIME;
    } else {
        status = write_outputs(&opt, maze, path);
    }
    maze_path_destroy(path);
    maze_destroy(maze);
    maze_grid_destroy(grid);
    return status;
}
