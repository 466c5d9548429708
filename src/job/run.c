/* SPDX-License-Identifier: MIT */
/*
 * A checked job's run (<mazegen/job.h>): the mazes made (a lone maze, or
 * puzzles 1 to --count of a book, each from its own derived seed;
 * generated, or read by --load), shaped, their ends placed, solved and
 * measured as asked; then each output drawn to the sink the program
 * gives. --animate and --frames record the carve on a timeline the job
 * keeps, and draw from it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/maze_impl.h"
#include "core/status_impl.h"
#include "job/difficulty.h"
#include "job/estimate.h"
#include "job/grid.h"
#include "job/load.h"
#include "job/sheets.h"
#include "job/stream.h"
#include "job/watch.h"

static void
made_finish(struct maze__job_made *j)
{
    maze_path_destroy(j->path);
    maze_destroy(j->maze);
    maze_grid_destroy(j->grid);
    *j = (struct maze__job_made){0};
}

/* The steps the carve of grid reports: to the job's timeline when the
 * carve is recorded (--animate, --frames), else to the program's hook. */
static const struct maze_steps *
steps_for(struct maze_job *job, const struct maze_grid *grid)
{
    if (!job->watch.animate && job->watch.frames == NULL) {
        return job->hooks->steps;
    }
    maze_timeline_destroy(job->timeline);
    job->timeline = NULL;
    if (maze_timeline_create(grid, &job->timeline) != MAZE_OK) {
        return NULL;
    }
    return maze_timeline_listener(job->timeline);
}

/* Generates and shapes the maze for one seed into j (grid already made). */
static int
carve(struct maze_job *opt, uint64_t seed, struct maze__job_made *j)
{
    const struct maze__job_difficulty *d = opt->difficulty;
    struct maze_generate_options g = {
        .struct_size = sizeof(struct maze_generate_options),
        .algorithm = d && d->algorithm ? d->algorithm : opt->algorithm,
        .seed = seed,
        .bias = opt->bias,
        .growing = opt->growing,
        .room_size = opt->rooms,
        .fractal = opt->fractal,
        .weave = opt->weave,
        .progress = maze__job_progress(opt),
        .steps = steps_for(opt, j->grid),
    };
    g.endpoints = maze__job_endpoints(opt);
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

/* Tries derived seeds until the maze fits the difficulty level; notes
 * which seed it kept when `tell`. */
static int
carve_to_level(struct maze_job *opt, uint64_t *seed, struct maze__job_made *j,
               bool tell)
{
    const struct maze__job_difficulty *d = opt->difficulty;
    const char *alg = d->algorithm ? d->algorithm : maze__job_algorithm(opt);
    const struct maze_bias *bias = opt->bias_set ? &opt->bias : NULL;
    char again[160];
    for (unsigned i = 0; i < JOB_DIFFICULTY_TRIES; i++) {
        uint64_t s = maze__job_difficulty_seed(*seed, i);
        struct maze_metrics m = MAZE_METRICS_INIT;
        int rc = carve(opt, s, j);
        if (rc == MAZE_OK) {
            rc = maze_measure(j->maze, &m);
        }
        if (rc != MAZE_OK) {
            return rc;
        }
        if (maze__job_difficulty_fits(d, &m)) {
            if (tell) {
                maze__job_difficulty_command(d, alg, maze_grid_kind(j->grid),
                                             bias, s, again, sizeof(again));
                maze__job_note(opt,
                               "difficulty %s: kept seed %llu after %u %s "
                               "(regenerate with %s)",
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
    maze__job_difficulty_bands(d, bands, sizeof(bands));
    return maze__job_fail(MAZE_ERR_RANGE,
                          "--difficulty %s: none of %u mazes%s from seed %llu "
                          "fit (%s); expected another size, seed or target",
                          d->name, JOB_DIFFICULTY_TRIES,
                          j->number ? " of this puzzle" : "",
                          (unsigned long long)*seed, bands);
}

/* Replaces the maze by its unicursal labyrinth. */
static int
make_unicursal(struct maze__job_made *j)
{
    struct maze_grid *grid;
    struct maze *maze;
    int rc = maze_unicursal(j->maze, &grid, &maze);
    if (rc == MAZE_OK) {
        made_finish(j);
        j->grid = grid;
        j->maze = maze;
    }
    return rc;
}

/* --start and --finish, checked against the grid already. */
static int
set_endpoints(const struct maze_job *opt, struct maze__job_made *j)
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

/*
 * The options that shaped the maze beyond its generation, in its
 * provenance: a mask turned over or scaled. Footers and titles state the
 * provenance as options, so typing them back makes the same maze
 * (export/common.c). The mask's file is not named: a picture given as a file or
 * as data (mazegen serve) makes the same bytes. Pinned ends are not either: a
 * streamed maze, whose ends are its corners, has the bytes of the maze
 * made in memory with --start and --finish on them.
 */
static void
note_options(const struct maze_job *opt, struct maze *maze)
{
    if (opt->mask == NULL) {
        return;
    }
    struct maze_provenance p = *maze_provenance(maze);
    if (opt->mask_invert) {
        maze__provenance_append(&p, "mask-invert");
    }
    if (opt->width_set || opt->height_set) {
        /* The picture scaled (-W, -H): the size it was scaled to, which
         * the picture alone does not give. */
        char size[48];
        snprintf(size, sizeof(size), "width=%u", (unsigned)opt->width);
        maze__provenance_append(&p, size);
        snprintf(size, sizeof(size), "height=%u", (unsigned)opt->height);
        maze__provenance_append(&p, size);
    }
    maze_set_provenance(maze, &p);
}

static int
build_maze(struct maze_job *opt, uint64_t *seed, struct maze__job_made *j)
{
    int rc = maze__job_grid_create(opt, &j->grid);
    if (rc == MAZE_OK) {
        rc = maze_create(j->grid, &j->maze);
    }
    if (rc == MAZE_OK) {
        /* A book's puzzles each say which seed they kept in their footer;
         * only a lone maze notes it. */
        bool tell = j->number == 0 || opt->verbose;
        rc = opt->difficulty ? carve_to_level(opt, seed, j, tell)
                             : carve(opt, *seed, j);
    }
    if (rc == MAZE_OK && opt->unicursal) {
        rc = make_unicursal(j);
    }
    if (rc == MAZE_OK) {
        note_options(opt, j->maze);
    }
    return rc == MAZE_OK ? set_endpoints(opt, j) : rc;
}

/* The frames --frames writes, and the carve's steps between them: the
 * carve's from all walls to the maze, and one more with the solution
 * when drawn. */
static void
frame_plan(const struct maze_job *opt, uint64_t *every, uint64_t *frames)
{
    uint64_t n = maze_timeline_length(opt->timeline);
    /* By default about a hundred frames of the carve. */
    *every = opt->watch.frame_every;
    if (*every == 0) {
        *every = n / 100 + (n % 100 != 0);
        *every = *every ? *every : 1;
    }
    *frames = n / *every + (n % *every != 0) + 1 + opt->solution;
}

/* --frames: the frame count is known only once the carve is; past the
 * limit it is refused now, before any file is written. */
static int
check_frames(const struct maze_job *opt)
{
    if (opt->watch.frames == NULL) {
        return MAZE_OK;
    }
    if (opt->timeline == NULL) {
        return maze__job_fail(MAZE_ERR_NOMEM, "--frames: %s",
                              maze_strerror(MAZE_ERR_NOMEM));
    }
    uint64_t n = maze_timeline_length(opt->timeline), every, frames;
    frame_plan(opt, &every, &frames);
    if (frames > JOB_FRAMES_MAX) {
        uint64_t least = (n + JOB_FRAMES_MAX - 3) / (JOB_FRAMES_MAX - 2);
        maze__job_usage_error("--frames: %llu frames at --frame-every %llu are "
                              "more than the limit of %u; expected "
                              "--frame-every %llu or more",
                              (unsigned long long)frames,
                              (unsigned long long)every, JOB_FRAMES_MAX,
                              (unsigned long long)least);
        return MAZE_ERR_INVALID;
    }
    return MAZE_OK;
}

/* Cell c of g as its coordinates are typed ("3,4"). */
static void
cell_text(const struct maze_grid *g, uint32_t c, char *buf, size_t size)
{
    uint32_t v[MAZE_MAX_COORDS];
    unsigned n = maze_grid_cell_coords(g, c, v);
    buf[0] = '\0';
    for (unsigned i = 0; i < n; i++) {
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, "%s%u", i ? "," : "", (unsigned)v[i]);
    }
}

/* A loaded maze whose finish its passages do not reach: the file, not
 * the run, is at fault, and the option that asked for a solution says
 * so (a usage error; nothing is written). */
static int
unreachable(const struct maze_job *job, const struct maze__job_made *j)
{
    char from[48], to[48];
    cell_text(j->grid, maze_start(j->maze), from, sizeof(from));
    cell_text(j->grid, maze_finish(j->maze), to, sizeof(to));
    const char *why = job->solution     ? "--solution"
                      : job->answer_key ? "--answer-key"
                                        : "--answers";
    const char *instead = job->solution     ? "no --solution"
                          : job->answer_key ? "no --answer-key"
                                            : "--answers none";
    maze__job_usage_error(
        "%s: the finish %s of '%s' cannot be reached from its start %s "
        "(its passages do not join them), so there is no solution to draw; "
        "expected a file whose passages lead from start to finish%s, or %s",
        why, to, job->load, from,
        job->start.set || job->finish.set
            ? " (or a --start and --finish they join)"
            : "",
        instead);
    return MAZE_ERR_INVALID;
}

/* Makes one maze of the book into j: the loaded maze, or a new one. */
static int
make_one(struct maze_job *job, unsigned number, struct maze__job_made *j)
{
    const struct maze__job_sheet *s = &job->sheet;
    bool numbered = s->count_set || s->puzzle;
    j->number = numbered ? number : 0;
    uint64_t seed = maze__job_puzzle_seed(job, number);
    if (numbered && job->verbose) {
        maze__job_note(job, "puzzle %u: seed %llu", j->number,
                       (unsigned long long)seed);
    }
    int rc;
    if (job->loaded_maze != NULL) {
        j->grid = job->loaded_grid;
        j->maze = job->loaded_maze;
        job->loaded_grid = NULL;
        job->loaded_maze = NULL;
        rc = set_endpoints(job, j);
    } else {
        rc = build_maze(job, &seed, j);
    }
    if (rc == MAZE_OK && maze__job_needs_solution(job)) {
        maze__job_phase(job, "solving");
        rc = maze_solve(j->maze, &j->path);
        if (rc == MAZE_ERR_RANGE && job->load != NULL) {
            rc = unreachable(job, j);
        }
    }
    if (rc == MAZE_OK && job->hooks->made != NULL) {
        rc = job->hooks->made(job->hooks->ctx, j->maze, j->path, j->number);
    }
    return rc;
}

/* A book of entries: each entry's job made, and their puzzles, in
 * order, numbered through the book. */
static int
make_children(struct maze_job *job, const struct maze_job_hooks *hooks)
{
    size_t total = 0;
    for (size_t i = 0; i < job->entry_count; i++) {
        int rc = maze_job_make(job->children[i], hooks);
        if (rc != MAZE_OK) {
            return rc;
        }
        total += job->children[i]->puzzle_count;
    }
    job->puzzles = calloc(total, sizeof(*job->puzzles));
    if (job->puzzles == NULL) {
        return maze__job_fail(MAZE_ERR_NOMEM, "cannot generate the maze: %s",
                              maze_strerror(MAZE_ERR_NOMEM));
    }
    size_t k = 0;
    for (size_t i = 0; i < job->entry_count; i++) {
        const struct maze_job *c = job->children[i];
        for (size_t m = 0; m < c->puzzle_count; m++, k++) {
            job->puzzles[k] = c->puzzles[m];
            job->puzzles[k].number = (unsigned)k + 1;
        }
    }
    job->puzzle_count = total;
    return MAZE_OK;
}

static const struct maze_job_hooks no_hooks = {
    .struct_size = sizeof(struct maze_job_hooks)};

/* The hooks as the job reads them: every member the caller's struct
 * lacks (an older struct_size) is 0. */
static void
take_hooks(struct maze_job *job, const struct maze_job_hooks *given,
           struct maze_job_hooks *copy)
{
    *copy = no_hooks;
    if (given != NULL) {
        size_t n = given->struct_size < sizeof(*copy) ? given->struct_size
                                                      : sizeof(*copy);
        memcpy(copy, given, n);
        copy->struct_size = sizeof(*copy);
    }
    job->hooks = copy;
}

int
maze_job_make(struct maze_job *job, const struct maze_job_hooks *hooks)
{
    maze__detail_clear();
    if (job == NULL || !job->checked || job->made != NULL) {
        return MAZE_ERR_INVALID;
    }
    struct maze_job_hooks h;
    take_hooks(job, hooks, &h);
    if (job->children != NULL) {
        int rc = make_children(job, hooks);
        job->hooks = NULL;
        return rc;
    }
    unsigned long said = maze__job_recorded();
    int rc = MAZE_OK;
    if (job->load != NULL) {
        rc = maze__job_load(job, &job->loaded_grid, &job->loaded_maze);
    } else if (!maze__job_check_memory(job)) {
        rc = maze__job_last_status();
    }
    if (job->stream) {
        /* Carved as it is written; with -t none, carved now. */
        if (rc == MAZE_OK && strcmp(job->format, JOB_FORMAT_NONE) == 0) {
            rc = maze__job_stream_write(job, NULL);
        }
        job->hooks = NULL;
        return rc;
    }
    const struct maze__job_sheet *s = &job->sheet;
    unsigned first = s->puzzle ? s->puzzle : 1;
    size_t count = maze__job_maze_count(job);
    if (rc == MAZE_OK) {
        job->made = calloc(count, sizeof(*job->made));
        job->puzzles = calloc(count, sizeof(*job->puzzles));
        rc = job->made && job->puzzles ? MAZE_OK : MAZE_ERR_NOMEM;
    }
    for (size_t i = 0; rc == MAZE_OK && i < count; i++) {
        job->made_count = i + 1;
        job->puzzle_count = i + 1;
        struct maze__job_made *j = &job->made[i];
        rc = make_one(job, first + (unsigned)i, j);
        job->puzzles[i] = (struct maze_puzzle){
            .maze = j->maze,
            .solution = j->path,
            .number = j->number,
            .difficulty = job->difficulty ? job->difficulty->name : NULL,
        };
    }
    if (rc == MAZE_OK) {
        rc = check_frames(job);
    }
    if (rc != MAZE_OK && maze__job_recorded() == said) {
        (void)maze__job_fail(rc, "cannot generate the maze: %s",
                             maze_strerror(rc));
    }
    job->hooks = NULL;
    return rc;
}

/* Says what an exporter's refusal means for this job, as the detail. */
static int
export_failed(const struct maze_job *opt, int rc)
{
    const struct maze__job_sheet *s = &opt->sheet;
    if (rc == MAZE_ERR_RANGE && s->on && s->answers == MAZE_ANSWERS_SAME_PAGE) {
        maze__job_usage_error("--answers same-page: the keys do not fit under "
                              "the puzzles with cells of at least 1pt; "
                              "expected --answers end, fewer --per-page or a "
                              "smaller maze");
        return MAZE_ERR_INVALID;
    }
    if (rc == MAZE_ERR_RANGE && s->on) {
        maze__job_usage_error("%s: the sheet does not fit %s (one page for svg "
                              "and png, mazes of at least 1pt cells); expected "
                              "-t sheet, a smaller maze or larger --paper",
                              s->why, opt->format);
        return MAZE_ERR_INVALID;
    }
    if (rc == MAZE_ERR_RANGE) {
        maze__job_usage_error(
            "-c/--cell-size, --wall-width, --margin: the maze "
            "does not fit in %s output with these sizes; "
            "expected a wall width below the cell size and "
            "a smaller maze or cell size",
            opt->format);
        return MAZE_ERR_INVALID;
    }
    if (rc != MAZE_ERR_IO) {
        (void)maze__job_fail(rc, "cannot export %s: %s", opt->format,
                             maze_strerror(rc));
    }
    return rc;
}

/*
 * --page against the book's pages, known only once its mazes are made
 * (how many keys an answer page holds depends on them): past the last,
 * a usage error before a byte is written.
 */
static int
check_page(const struct maze_job *job, const struct maze_sheet_options *so)
{
    if (so->page == 0) {
        return MAZE_OK;
    }
    struct maze_export_options e = maze__job_sheet_export_options(job);
    size_t pages;
    int rc =
        maze_sheet_page_count(job->puzzles, job->puzzle_count, &e, so, &pages);
    if (rc != MAZE_OK) {
        return export_failed(job, rc);
    }
    if (so->page > pages) {
        maze__job_usage_error(
            "--page: page %u is past the end of the book, which has %zu "
            "page%s; expected --page 1 to %zu",
            so->page, pages, pages == 1 ? "" : "s", pages);
        return JOB_STATUS_USAGE;
    }
    return MAZE_OK;
}

size_t
maze_job_page_count(struct maze_job *job)
{
    if (job == NULL || !job->checked || !job->sheet.on || job->stream ||
        job->puzzle_count == 0 || job->taken) {
        return 0;
    }
    const struct maze_grid_kind *kind =
        maze_grid_kind(maze_grid(job->puzzles[0].maze));
    struct maze_export_options e = maze__job_sheet_export_options(job);
    struct maze_sheet_options so = maze__job_sheet_options(job, false, kind);
    size_t pages;
    return maze_sheet_page_count(job->puzzles, job->puzzle_count, &e, &so,
                                 &pages) == MAZE_OK
               ? pages
               : 0;
}

int
maze_job_write(struct maze_job *job, unsigned which,
               const struct maze_sink *sink, const struct maze_job_hooks *hooks)
{
    maze__detail_clear();
    if (job == NULL || sink == NULL || which >= maze_job_output_count(job) ||
        (!job->stream && job->puzzle_count == 0) || job->taken) {
        return MAZE_ERR_INVALID;
    }
    struct maze_job_hooks h;
    take_hooks(job, hooks, &h);
    struct maze_export_options e = maze__job_export_options(job);
    int rc;
    if (job->stream) {
        rc = maze__job_stream_write(job, sink);
    } else if (job->sheet.on) {
        /* A loaded maze's kind is known only now. */
        const struct maze_grid_kind *kind =
            maze_grid_kind(maze_grid(job->puzzles[0].maze));
        struct maze_sheet_options so =
            maze__job_sheet_options(job, which == 1, kind);
        so.page = which == 0 ? job->sheet.page : 0;
        rc = check_page(job, &so);
        if (rc != MAZE_OK) {
            job->hooks = NULL;
            return rc;
        }
        rc = maze_export_sheet(job->puzzles, job->puzzle_count, job->format, &e,
                               &so, sink);
    } else {
        bool solved = which == 1 || (job->solution && !job->answer_key);
        e.solution = solved ? job->made[0].path : NULL;
        if (job->watch.animate) {
            struct maze_animate_options a = {
                .struct_size = sizeof(struct maze_animate_options),
                .step_seconds = job->watch.delay_ms / 1000.0,
            };
            rc = job->timeline == NULL
                     ? MAZE_ERR_NOMEM
                     : maze_export_animated_svg(job->made[0].maze,
                                                job->timeline, &e, &a, sink);
        } else {
            rc = maze_export(job->made[0].maze, job->format, &e, sink);
        }
    }
    job->hooks = NULL;
    return rc == MAZE_OK ? MAZE_OK : export_failed(job, rc);
}

unsigned
maze_job_output_count(const struct maze_job *job)
{
    if (job == NULL || !job->checked ||
        strcmp(job->format, JOB_FORMAT_NONE) == 0) {
        return 0;
    }
    return job->answer_key != NULL ? 2 : 1;
}

const char *
maze_job_output_path(const struct maze_job *job, unsigned which)
{
    if (which >= maze_job_output_count(job)) {
        return NULL;
    }
    const char *path = which == 0 ? job->output : job->answer_key;
    return path == NULL || strcmp(path, "-") == 0 ? NULL : path;
}

const struct maze *
maze_job_maze(const struct maze_job *job, size_t index,
              const struct maze_path **solution, unsigned *number)
{
    if (job == NULL || index >= job->puzzle_count) {
        return NULL;
    }
    if (solution != NULL) {
        *solution = job->puzzles[index].solution;
    }
    if (number != NULL) {
        *number = job->puzzles[index].number;
    }
    return job->puzzles[index].maze;
}

int
maze_job_take(struct maze_job *job, size_t index, struct maze_grid **grid,
              struct maze **maze)
{
    maze__detail_clear();
    if (job == NULL || grid == NULL || maze == NULL ||
        index >= job->made_count || job->made[index].maze == NULL) {
        return MAZE_ERR_INVALID;
    }
    struct maze__job_made *j = &job->made[index];
    *grid = j->grid;
    *maze = j->maze;
    j->grid = NULL;
    j->maze = NULL;
    job->puzzles[index].maze = NULL;
    job->taken = true;
    return MAZE_OK;
}

uint64_t
maze_job_frame_count(const struct maze_job *job)
{
    if (job == NULL || job->watch.frames == NULL || job->timeline == NULL ||
        job->made_count == 0) {
        return 0;
    }
    uint64_t every, frames;
    frame_plan(job, &every, &frames);
    return frames;
}

int
maze_job_write_frame(struct maze_job *job, uint64_t index,
                     const struct maze_sink *sink)
{
    maze__detail_clear();
    uint64_t frames = maze_job_frame_count(job);
    if (index >= frames || sink == NULL || job->taken) {
        return MAZE_ERR_INVALID;
    }
    uint64_t n = maze_timeline_length(job->timeline), every;
    frame_plan(job, &every, &frames);
    /* PNG's units for bare lengths, whatever -o's format. */
    const char *format = job->format;
    job->format = "png";
    struct maze_export_options e = maze__job_export_options(job);
    job->format = format;
    const struct maze *carved = job->made[0].maze;
    struct maze *m;
    int rc = maze_create(maze_grid(carved), &m);
    if (rc != MAZE_OK) {
        return maze__job_fail(rc, "--frames: %s", maze_strerror(rc));
    }
    uint64_t at = index * every;
    rc = maze_timeline_frame(job->timeline, carved, at < n ? at : n, m);
    if (rc == MAZE_OK) {
        /* The last frame of a solved carve shows the solution. */
        e.solution =
            index + 1 == frames && job->solution ? job->made[0].path : NULL;
        rc = maze_export(m, "png", &e, sink);
    }
    maze_destroy(m);
    if (rc != MAZE_OK) {
        const char *format_was = job->format;
        job->format = "png";
        rc = export_failed(job, rc);
        job->format = format_was;
    }
    return rc;
}

void
maze__job_made_free(struct maze_job *job)
{
    for (size_t i = 0; job->made && i < job->made_count; i++) {
        made_finish(&job->made[i]);
    }
    free(job->made);
    free(job->puzzles);
    job->made = NULL;
    job->puzzles = NULL;
    job->made_count = 0;
    job->puzzle_count = 0;
    maze_destroy(job->loaded_maze);
    maze_grid_destroy(job->loaded_grid);
    job->loaded_maze = NULL;
    job->loaded_grid = NULL;
    maze_timeline_destroy(job->timeline);
    job->timeline = NULL;
}
