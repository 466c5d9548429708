/*
 * --load (see load.h). The library does the parsing and checking; this
 * file reads the bytes and turns a rejection into the one-line message
 * "mazegen: --load: FILE:LINE:COLUMN: what is wrong".
 */
#include "cli/load.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/grid.h"
#include "cli/sheets.h"

bool
cli_check_load(const struct cli_options *opt)
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
        {opt->unicursal, "--unicursal"},
        {opt->difficulty != NULL, "--difficulty"},
        {opt->sheet.count_set, "--count"},
        {opt->sheet.puzzle != 0, "--puzzle"},
        {opt->stream, "--stream"},
        {opt->openings_set, "--openings"},
    };
    for (size_t i = 0; i < sizeof(makers) / sizeof(makers[0]); i++) {
        if (makers[i].set) {
            cli_usage_error("--load: the maze comes from the file, which "
                            "already fixes what %s would set; expected no "
                            "%s with --load",
                            makers[i].name, makers[i].name);
            return false;
        }
    }
    return true;
}

/* Reads all of f into *data (*len bytes); errno-style result. */
static int
read_all(FILE *f, char **data, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (buf == NULL) {
        return ENOMEM;
    }
    for (;;) {
        if (n == cap) {
            if (cap > SIZE_MAX / 2) {
                free(buf);
                return ENOMEM;
            }
            char *p = realloc(buf, cap * 2);
            if (p == NULL) {
                free(buf);
                return ENOMEM;
            }
            buf = p;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            break;
        }
    }
    if (ferror(f)) {
        int e = errno ? errno : EIO;
        free(buf);
        return e;
    }
    *data = buf;
    *len = n;
    return 0;
}

/* The options given against the loaded maze's size. */
static bool
check_fit(const struct cli_options *opt, const struct maze_grid *g)
{
    const struct cli_point *pts[2] = {&opt->start, &opt->finish};
    const char *names[2] = {"--start", "--finish"};
    for (int i = 0; i < 2; i++) {
        uint32_t cell;
        if (pts[i]->set && !cli_grid_cell(g, pts[i], names[i], &cell)) {
            return false;
        }
    }
    double ew, eh;
    maze_grid_extent(g, &ew, &eh);
    return !opt->sheet.on || cli_check_sheet_fit(opt, ew, eh);
}

int
cli_load(const struct cli_options *opt, struct maze_grid **grid,
         struct maze **maze)
{
    bool std_in = strcmp(opt->load, "-") == 0;
    const char *name = std_in ? "standard input" : opt->load;
    FILE *f = std_in ? stdin : fopen(opt->load, "rb");
    struct stat st;
    if (f != NULL && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        f = NULL;
        errno = EISDIR;
    }
    if (f == NULL) {
        cli_usage_error("--load: cannot read '%s': %s; expected a wall-graph "
                        "file written with -t json",
                        opt->load, strerror(errno));
        return CLI_STATUS_USAGE;
    }
    char *data = NULL;
    size_t len = 0;
    int e = read_all(f, &data, &len);
    if (!std_in) {
        fclose(f);
    }
    if (e != 0) {
        fprintf(stderr, "mazegen: --load: cannot read %s: %s\n", name,
                strerror(e));
        return CLI_STATUS_RUNTIME;
    }
    struct maze_load_error err;
    int rc = maze_load_json(data, len, grid, maze, &err);
    free(data);
    if (rc == MAZE_ERR_NOMEM) {
        fprintf(stderr, "mazegen: --load: %s: %s\n", name, maze_strerror(rc));
        return CLI_STATUS_RUNTIME;
    }
    if (rc != MAZE_OK) {
        if (err.line > 0) {
            fprintf(stderr, "mazegen: --load: %s:%lu:%lu: %s\n", name, err.line,
                    err.column, err.message);
        } else {
            fprintf(stderr, "mazegen: --load: %s: %s\n", name, err.message);
        }
        return CLI_STATUS_USAGE;
    }
    if (!check_fit(opt, *grid)) {
        maze_destroy(*maze);
        maze_grid_destroy(*grid);
        *maze = NULL;
        *grid = NULL;
        return CLI_STATUS_USAGE;
    }
    return 0;
}
