/* SPDX-License-Identifier: MIT */
/*
 * mazegen: the command-line face of libmazegen. It is a plain client of
 * the public API: parse every option first (so bad input never creates a
 * file), make the mazes (one, or the puzzles of a book), solve them if
 * asked, then write each output atomically; or, with -i, ask for sizes and
 * print one maze after another (interactive.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include <mazegen/mazegen.h>

#include "cli/difficulty.h"
#include "cli/estimate.h"
#include "cli/grid.h"
#include "cli/interactive.h"
#include "cli/load.h"
#include "cli/options.h"
#include "cli/output.h"
#include "cli/play.h"
#include "cli/progress.h"
#include "cli/sheets.h"
#include "cli/stats.h"
#include "cli/stream.h"
#include "cli/watch.h"

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

/* A maze being made: its grid, the maze, its solution if asked, and its
 * number in the book (0 for a lone maze). */
struct job {
    struct maze_grid *grid;
    struct maze *maze;
    struct maze_path *path;
    unsigned number;
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
        .struct_size = sizeof(struct maze_generate_options),
        .algorithm = d && d->algorithm ? d->algorithm : opt->algorithm,
        .seed = seed,
        .bias = opt->bias,
        .growing = opt->growing,
        .room_size = opt->rooms,
        .fractal = opt->fractal,
        .weave = opt->weave,
        .endpoints = opt->openings,
        .progress = cli_progress_hook(),
        .steps = cli_record_start(opt, j->grid),
    };
    g.endpoints = cli_endpoints(opt);
    bool pinned = opt->start.set && opt->finish.set;
    if (d && d->growing) {
        (void)maze_growing_parse(d->growing, &g.growing);
    }
    int rc = maze_generate(j->maze, &g);
    uint32_t braid = d && d->algorithm ? d->braid : opt->braid;
    if (rc == MAZE_OK && braid > 0) {
        /* Its own stream of the seed, so -s alone regenerates it. */
        rc = maze_braid(j->maze, braid, maze_seed_derive(seed, 1));
        /* Loops change which ends are hardest: find them again (pinned
         * ends are set afterwards anyway). */
        if (rc == MAZE_OK && !pinned && g.endpoints != MAZE_ENDPOINTS_CORNERS) {
            rc = maze_place_endpoints(j->maze, g.endpoints, g.progress);
        }
    }
    return rc;
}

/* Set when a failure was already reported in full (one line). */
static bool reported;

/* Tries derived seeds until the maze fits the difficulty level; says
 * which seed it kept when `tell`. */
static int
carve_to_level(const struct cli_options *opt, uint64_t *seed, struct job *j,
               bool tell)
{
    const struct cli_difficulty *d = opt->difficulty;
    const char *alg = d->algorithm ? d->algorithm : cli_algorithm(opt);
    const struct maze_bias *bias = opt->bias_set ? &opt->bias : NULL;
    char again[160];
    for (unsigned i = 0; i < CLI_DIFFICULTY_TRIES; i++) {
        uint64_t s = cli_difficulty_seed(*seed, i);
        struct maze_metrics m = MAZE_METRICS_INIT;
        int rc = carve(opt, s, j);
        if (rc == MAZE_OK) {
            rc = maze_measure(j->maze, &m);
        }
        if (rc != MAZE_OK) {
            return rc;
        }
        if (cli_difficulty_fits(d, &m)) {
            if (tell) {
                cli_difficulty_command(d, alg, maze_grid_kind(j->grid), bias, s,
                                       again, sizeof(again));
                fprintf(stderr,
                        "mazegen: difficulty %s: kept seed %llu after %u "
                        "%s (regenerate with %s)\n",
                        d->name, (unsigned long long)s, i + 1,
                        i == 0 ? "try" : "tries", again);
            }
            *seed = s;
            return MAZE_OK;
        }
    }
    /* Nothing within the tries: a maze that misses the level is not what
     * was asked for, so nothing is written. */
    char bands[200];
    cli_difficulty_bands(d, bands, sizeof(bands));
    fprintf(stderr,
            "mazegen: --difficulty %s: none of %u mazes%s from seed %llu fit "
            "(%s); expected another size, seed or target\n",
            d->name, CLI_DIFFICULTY_TRIES, j->number ? " of this puzzle" : "",
            (unsigned long long)*seed, bands);
    reported = true;
    return MAZE_ERR_RANGE;
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

static int set_endpoints(const struct cli_options *opt, struct job *j);

static int
build_maze(const struct cli_options *opt, uint64_t *seed, struct job *j)
{
    int rc = cli_grid_create(opt, &j->grid);
    if (rc == MAZE_OK) {
        rc = maze_create(j->grid, &j->maze);
    }
    if (rc == MAZE_OK) {
        /* A book's puzzles each say which seed they kept in their footer;
         * only a lone maze reports it here. */
        bool tell = !opt->quiet && (j->number == 0 || opt->verbose);
        rc = opt->difficulty ? carve_to_level(opt, seed, j, tell)
                             : carve(opt, *seed, j);
    }
    if (rc == MAZE_OK && opt->unicursal) {
        rc = make_unicursal(j);
    }
    return rc == MAZE_OK ? set_endpoints(opt, j) : rc;
}

/* --start and --finish, checked against the grid already. */
static int
set_endpoints(const struct cli_options *opt, struct job *j)
{
    if (!(opt->start.set || opt->finish.set)) {
        return MAZE_OK;
    }
    uint32_t start = maze_start(j->maze), finish = maze_finish(j->maze);
    if (opt->start.set) {
        maze_grid_cell_at(j->grid, opt->start.v, opt->start.count, &start);
    }
    if (opt->finish.set) {
        maze_grid_cell_at(j->grid, opt->finish.v, opt->finish.count, &finish);
    }
    int rc = MAZE_OK;
    /* One end pinned onto the other's cell (a circle's start is its
     * outer cell farthest from the centre; its finish the centre): the
     * other goes to the boundary cell farthest from it. */
    if (start == finish && opt->start.set != opt->finish.set) {
        uint32_t *other = opt->start.set ? &finish : &start;
        rc = maze_farthest_boundary(j->maze, start, other);
    }
    if (rc == MAZE_OK) {
        rc = maze_set_endpoints(j->maze, start, finish);
    }
    /* Pinned cells open on the sides --openings asks for, where they can
     * (by default on different sides of the maze). */
    return rc == MAZE_OK ? maze_place_openings(j->maze, opt->openings) : rc;
}

/* The mazes made, and what each output file gets of them. */
struct book {
    const struct cli_options *opt;
    struct job *jobs;
    size_t count;
    struct maze_puzzle *puzzles;
    struct maze_export_options e;
    /* The maze of --load, until make_book() takes it. */
    struct maze_grid *loaded_grid;
    struct maze *loaded_maze;
};

/* Writes output `which` (0: -o, 1: --answer-key) to sink (cli_produce_fn). */
static int
produce(const void *ctx, int which, const struct maze_sink *sink)
{
    const struct book *b = ctx;
    const struct cli_options *opt = b->opt;
    if (opt->sheet.on) {
        /* A loaded maze's kind is known only now. */
        const struct maze_grid_kind *kind =
            maze_grid_kind(maze_grid(b->puzzles[0].maze));
        struct maze_sheet_options so = cli_sheet_options(opt, which == 1, kind);
        return maze_export_sheet(b->puzzles, b->count, opt->format, &b->e, &so,
                                 sink);
    }
    struct maze_export_options e = b->e;
    bool solved = which == 1 || (opt->solution && !opt->answer_key);
    e.solution = solved ? b->jobs[0].path : NULL;
    if (opt->watch.animate) {
        return cli_record_svg(opt, b->jobs[0].maze, &e, sink);
    }
    return maze_export(b->jobs[0].maze, opt->format, &e, sink);
}

/*
 * Makes the mazes: a lone maze from the seed, or puzzles 1 to --count (or
 * just --puzzle N) of a book, each from its own derived seed; solves and
 * measures each as asked.
 */
static int
make_book(struct book *b)
{
    const struct cli_options *opt = b->opt;
    const struct cli_sheet *s = &opt->sheet;
    bool numbered = s->count_set || s->puzzle;
    unsigned first = s->puzzle ? s->puzzle : 1;
    b->count = cli_maze_count(opt);
    b->jobs = calloc(b->count, sizeof(*b->jobs));
    b->puzzles = calloc(b->count, sizeof(*b->puzzles));
    if (b->jobs == NULL || b->puzzles == NULL) {
        return MAZE_ERR_NOMEM;
    }
    for (size_t i = 0; i < b->count; i++) {
        struct job *j = &b->jobs[i];
        int rc;
        j->number = numbered ? first + (unsigned)i : 0;
        uint64_t seed = cli_puzzle_seed(opt, first + (unsigned)i);
        if (numbered && opt->verbose) {
            fprintf(stderr, "mazegen: puzzle %u: seed %llu\n", j->number,
                    (unsigned long long)seed);
        }
        if (b->loaded_maze != NULL) {
            j->grid = b->loaded_grid;
            j->maze = b->loaded_maze;
            b->loaded_grid = NULL;
            b->loaded_maze = NULL;
            rc = set_endpoints(opt, j);
        } else {
            rc = build_maze(opt, &seed, j);
        }
        if (rc == MAZE_OK && cli_needs_solution(opt)) {
            cli_progress_phase("solving");
            rc = maze_solve(j->maze, &j->path);
        }
        if (rc == MAZE_OK && opt->stats != CLI_STATS_NONE) {
            /* Text stats go to standard error, where the line is. */
            if (opt->stats == CLI_STATS_TEXT) {
                cli_progress_stop();
            }
            cli_progress_phase("measuring");
            rc = cli_print_stats(j->maze, opt->stats);
        }
        if (rc != MAZE_OK) {
            return rc;
        }
        b->puzzles[i] = (struct maze_puzzle){
            .maze = j->maze,
            .solution = j->path,
            .number = j->number,
            .difficulty = opt->difficulty ? opt->difficulty->name : NULL,
        };
    }
    return MAZE_OK;
}

static void
book_finish(struct book *b)
{
    for (size_t i = 0; b->jobs && i < b->count; i++) {
        job_finish(&b->jobs[i]);
    }
    free(b->jobs);
    free(b->puzzles);
    maze_destroy(b->loaded_maze);
    maze_grid_destroy(b->loaded_grid);
}

/* Makes the mazes of opt (taking the loaded maze, if any) and writes
 * them; returns the exit status. */
static int
make_and_write(const struct cli_options *opt, struct maze_grid *loaded_grid,
               struct maze *loaded_maze)
{
    struct book book = {
        .opt = opt,
        .e = cli_export_options(opt),
        .loaded_grid = loaded_grid,
        .loaded_maze = loaded_maze,
    };
    int status = 0;
    int rc = make_book(&book);
    if (rc != MAZE_OK) {
        cli_progress_stop();
        if (!reported) {
            fprintf(stderr, "mazegen: cannot generate the maze: %s\n",
                    maze_strerror(rc));
        }
        status = CLI_STATUS_RUNTIME;
    } else if ((status = cli_record_check(opt)) != 0) {
        /* Too many frames: said already, nothing written. */
    } else if ((status = cli_record_frames(opt, book.jobs[0].maze,
                                           opt->solution ? book.jobs[0].path
                                                         : NULL)) != 0) {
        /* A frame failed: said already, no frame kept, -o not written. */
    } else if (strcmp(opt->format, CLI_FORMAT_NONE) != 0) {
        status = cli_write_outputs(opt, produce, &book);
    }
    cli_progress_stop();
    /* The frames are named only now that -o is written. */
    status = cli_record_finish(opt, status);
    book_finish(&book);
    return status;
}

/* One maze of the console (cli_make_fn). */
static int
console_maze(const struct cli_options *opt)
{
    return make_and_write(opt, NULL, NULL);
}

/* The maze of --play (cli_play_make_fn). */
static int
play_maze(const struct cli_options *opt, struct maze_grid **grid,
          struct maze **maze)
{
    struct job j = {0};
    uint64_t seed = opt->seed;
    int rc = build_maze(opt, &seed, &j);
    if (rc != MAZE_OK) {
        if (!reported) {
            fprintf(stderr, "mazegen: cannot generate the maze: %s\n",
                    maze_strerror(rc));
        }
        job_finish(&j);
        return CLI_STATUS_RUNTIME;
    }
    *grid = j.grid;
    *maze = j.maze;
    return 0;
}

/* The run after parsing: opt is parsed and checked. */
static int
run(struct cli_options *o)
{
    struct cli_options opt = *o;
    opt.verbose = opt.verbose && !opt.quiet;
    if (!opt.seed_set) {
        opt.seed = system_seed();
    }
    if (opt.interactive) {
        return cli_interactive(&opt, console_maze);
    }
    if (opt.play) {
        return cli_play(&opt, play_maze);
    }
    cli_output_install_signals();
    if (opt.verbose && !opt.load) {
        fprintf(stderr, "mazegen: seed %llu\n", (unsigned long long)opt.seed);
    }
    if (opt.watch.on) {
        return cli_watch_run(&opt);
    }
    struct maze_grid *loaded_grid = NULL;
    struct maze *loaded_maze = NULL;
    if (opt.load) {
        int st = cli_load(&opt, &loaded_grid, &loaded_maze);
        if (st != 0) {
            return st;
        }
    } else if (!cli_check_memory(&opt)) {
        /* A fractal's size is a usage error: a smaller K fits. */
        return opt.fractal > 1 ? CLI_STATUS_USAGE : CLI_STATUS_RUNTIME;
    }
    cli_progress_start(!opt.quiet && isatty(STDERR_FILENO));
    if (opt.stream) {
        return cli_stream_run(&opt);
    }
    return make_and_write(&opt, loaded_grid, loaded_maze);
}

int
main(int argc, char **argv)
{
    struct cli_options opt;
    int status;
    switch (cli_parse(argc, argv, &opt)) {
    case CLI_EXIT_OK:
        status = fflush(stdout) == 0 ? 0 : CLI_STATUS_RUNTIME;
        break;
    case CLI_EXIT_USAGE:
        status = CLI_STATUS_USAGE;
        break;
    case CLI_RUN:
    default:
        status = run(&opt);
        break;
    }
    maze_mask_destroy(opt.mask);
    /* Nothing of the library is used past here: its fonts and cairo's
     * caches go back now, so a leak checker sees a clean exit. */
    maze_release();
    return status;
}
