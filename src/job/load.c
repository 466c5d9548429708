/* SPDX-License-Identifier: MIT */
/*
 * --load (see load.h). The wall-graph reader does the parsing and
 * checking; this file reads the bytes, bounded, and turns a rejection into
 * the one-line message "--load: FILE:LINE:COLUMN: what is wrong".
 */
#include "job/load.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "job/estimate.h"
#include "job/grid.h"
#include "job/input.h"
#include "job/sheets.h"

bool
maze__job_check_load(const struct maze_job *opt)
{
    if (opt->load == NULL) {
        return true;
    }
    const struct {
        bool set;
        const char *name;
    } makers[] = {
        {opt->width_set, "-W/--width"},
        {opt->height_set, "-H/--height"},
        {opt->levels != 0, "-L/--levels"},
        {opt->algorithm != NULL, "-a/--algorithm"},
        {opt->bias_set, "-b/--bias"},
        {opt->seed_set, "-s/--seed"},
        {opt->growing_set, "--growing"},
        {opt->rooms_set, "--rooms"},
        {opt->braid_set, "--braid"},
        {opt->fractal_set, "--fractal"},
        {opt->weave_set, "--weave"},
        {opt->unicursal, "--unicursal"},
        {opt->difficulty != NULL, "--difficulty"},
        {opt->sheet.count_set, "--count"},
        {opt->sheet.puzzle != 0, "--puzzle"},
        {opt->stream, "--stream"},
        {opt->openings_set, "--openings"},
    };
    for (size_t i = 0; i < sizeof(makers) / sizeof(makers[0]); i++) {
        if (makers[i].set) {
            maze__job_usage_error(
                "--load: the maze comes from the file, which "
                "already fixes what %s would set; expected no "
                "%s with --load",
                makers[i].name, makers[i].name);
            return false;
        }
    }
    return true;
}

/* Whether byte c can be in a wall-graph file: JSON's whitespace, printable
 * ASCII, and UTF-8's bytes in strings; no control character. */
static bool
text_byte(unsigned char c)
{
    return c >= 0x20 ? c != 0x7f : c == '\t' || c == '\n' || c == '\r';
}

/* What look_json() has seen of the input so far. */
struct json_look {
    bool started;  /* past the whitespace before the first value */
    bool not_json; /* stopped at a first byte that is not '{' */
    bool grid;     /* the grid has gone by: `most` is its files' bound */
    uint64_t most; /* the most bytes a file so begun can hold */
};

/*
 * A wall-graph file as it arrives (maze__job_input_look): its first byte past
 * whitespace must open a JSON object, and no byte may be a control
 * character, so /dev/zero or /dev/urandom stop at their first bytes; and
 * once its grid has gone by, it may hold no more than a file of that
 * grid can (maze_load_json_limit()), so an endless stream stops there.
 * The chunks arrive one after another in one buffer (maze__job_read_bounded()),
 * so the bytes so far end with this chunk.
 */
static bool
look_json(void *ctx, const char *chunk, size_t n, size_t offset, size_t *bad)
{
    struct json_look *l = ctx;
    if (!l->grid) {
        l->grid = maze_load_json_limit(chunk - offset, offset + n, &l->most);
    }
    if (offset + n > l->most) {
        *bad = l->most;
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)chunk[i];
        bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (!text_byte(c) || (!l->started && !space && c != '{')) {
            l->not_json = text_byte(c);
            *bad = offset + i;
            return false;
        }
        l->started = l->started || !space;
    }
    return true;
}

uint64_t
maze__job_load_limit(const struct maze_job *opt)
{
    uint64_t have = maze__job_memory_available();
    if (opt->max_memory > 0 && opt->max_memory < have) {
        have = opt->max_memory;
    }
    uint64_t half = have / 2;
    return half < (uint64_t)SIZE_MAX / 4 ? half : (uint64_t)SIZE_MAX / 4;
}

/* Says why the input was turned away (maze__job_read_bounded()'s error); the
 * exit status. */
static int
read_failed(const struct maze_job *opt, const char *name, int error,
            const struct json_look *l, size_t at, uint64_t limit)
{
    if (error == EILSEQ && at >= l->most) {
        maze__job_usage_error("--load: %s is larger than the %" PRIu64
                              " bytes a wall-graph file of its grid can hold; "
                              "expected a file written with -t json",
                              name, l->most);
        return JOB_STATUS_USAGE;
    }
    switch (error) {
    case EILSEQ:
        maze__job_usage_error(
            "--load: %s is not a wall-graph file: byte %zu is "
            "%s; expected a file written with -t json",
            name, at + 1,
            l->not_json ? "not the '{' a JSON object opens with"
                        : "a control character");
        return JOB_STATUS_USAGE;
    case EFBIG:
        maze__job_usage_error(
            "--load: %s is larger than the %" PRIu64
            " bytes that half of the memory %s allows; expected "
            "a wall-graph file of a maze that fits, or a larger "
            "--max-memory",
            name, limit, opt->max_memory ? "--max-memory" : "available");
        return JOB_STATUS_USAGE;
    default:
        return maze__job_fail(MAZE_ERR_IO, "--load: cannot read %s: %s", name,
                              strerror(error));
    }
}

/* The options given against the loaded maze's size. */
static bool
check_fit(const struct maze_job *opt, const struct maze_grid *g)
{
    const struct maze__job_point *pts[2] = {&opt->start, &opt->finish};
    const char *names[2] = {"--start", "--finish"};
    for (int i = 0; i < 2; i++) {
        uint32_t cell;
        if (pts[i]->set && !maze__job_grid_cell(g, pts[i], names[i], &cell)) {
            return false;
        }
    }
    double ew, eh;
    maze_grid_extent(g, &ew, &eh);
    return !opt->sheet.on || maze__job_check_sheet_fit(opt, ew, eh);
}

int
maze__job_load(const struct maze_job *opt, struct maze_grid **grid,
               struct maze **maze)
{
    /* Contents given (maze_job_set_data()) are read through a stream of
     * their own, so every bound and message is a file's. */
    const struct maze__job_data *given = &opt->load_data;
    bool std_in = given->bytes == NULL && strcmp(opt->load, "-") == 0;
    const char *name = std_in ? "standard input" : opt->load;
    FILE *f = std_in         ? stdin
              : given->bytes ? fmemopen(given->bytes, given->len, "rb")
                             : fopen(opt->load, "rb");
    if (f == NULL && given->bytes != NULL) {
        return maze__job_fail(MAZE_ERR_NOMEM, "--load: %s: %s", name,
                              maze_strerror(MAZE_ERR_NOMEM));
    }
    struct stat st;
    if (f != NULL && given->bytes == NULL && fstat(fileno(f), &st) == 0 &&
        S_ISDIR(st.st_mode)) {
        fclose(f);
        f = NULL;
        errno = EISDIR;
    }
    if (f == NULL) {
        maze__job_usage_error(
            "--load: cannot read '%s': %s; expected a wall-graph "
            "file written with -t json",
            opt->load, strerror(errno));
        return JOB_STATUS_USAGE;
    }
    char *data = NULL;
    size_t len = 0, at = 0;
    uint64_t limit = maze__job_load_limit(opt);
    struct json_look look = {.most = UINT64_MAX};
    int error =
        maze__job_read_bounded(f, limit, look_json, &look, &data, &len, &at);
    if (!std_in) {
        fclose(f);
    }
    if (error != 0) {
        return read_failed(opt, name, error, &look, at, limit);
    }
    struct maze_load_error err;
    int rc = maze_load_json(data, len, grid, maze, &err);
    free(data);
    if (rc == MAZE_ERR_NOMEM) {
        return maze__job_fail(rc, "--load: %s: %s", name, maze_strerror(rc));
    }
    if (rc != MAZE_OK) {
        if (err.line > 0) {
            maze__job_usage_error("--load: %s:%lu:%lu: %s", name, err.line,
                                  err.column, err.message);
        } else {
            maze__job_usage_error("--load: %s: %s", name, err.message);
        }
        return JOB_STATUS_USAGE;
    }
    if (!check_fit(opt, *grid)) {
        maze_destroy(*maze);
        maze_grid_destroy(*grid);
        *maze = NULL;
        *grid = NULL;
        return JOB_STATUS_USAGE;
    }
    return MAZE_OK;
}
