/* SPDX-License-Identifier: MIT */
/*
 * maze_load_json(): a wall-graph file (docs/wall-graph.md) back into a
 * grid and a maze. The JSON is checked whole first, so a syntax error is
 * reported as such wherever it is; then the members are read in a fixed
 * order (format and version first, so a file from a newer mazegen is
 * named as that rather than as whatever its new members break), whatever
 * order the file lists them in. Nothing is allocated for the maze until
 * the rows have been checked against the grid size, so a small file
 * claiming a huge grid costs nothing.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/fractal.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "load/cell_pairs.h"
#include "load/checks.h"
#include "load/json_text.h"
#include "load/loader.h"
#include "load/rect_rows.h"
#include <mazegen/generate.h>
#include <mazegen/load.h>
#include <mazegen/mask.h>
#include <mazegen/status.h>

/* The file no larger than any file of its grid (maze_load_json_limit()). */
static bool
check_size(struct maze__loader *l)
{
    uint64_t most = maze__load_bound(maze_grid_edge_slots(l->grid),
                                     maze_grid_size(l->grid, MAZE_SIZE_HEIGHT));
    if (l->j.len > most) {
        maze__json_fail(&l->j,
                        maze__json_value_at(&l->j, l->at[MAZE__TOP_GRID]),
                        MAZE_ERR_RANGE,
                        "grid: the file has %zu bytes, more than the %" PRIu64
                        " a wall-graph file of this grid can take",
                        l->j.len, most);
        return false;
    }
    return true;
}

static bool
read_format(struct maze__loader *l, size_t root)
{
    static const char *const names[] = {"format", "version"};
    char format[32];
    uint64_t version = 0;
    if (!maze__load_require(l, root, "", names, 2, l->at)) {
        return false;
    }
    size_t at = l->at[MAZE__TOP_FORMAT];
    if (maze__json_type(&l->j, at) != MAZE__JSON_STRING ||
        maze__json_string(&l->j, at, format, sizeof(format)) == SIZE_MAX ||
        strcmp(format, MAZE_WALL_GRAPH_FORMAT) != 0) {
        maze__json_fail(&l->j, at, MAZE_ERR_INVALID,
                        "format: expected \"" MAZE_WALL_GRAPH_FORMAT "\"");
        return false;
    }
    at = l->at[MAZE__TOP_VERSION];
    enum maze__json_uint_result r = maze__json_uint(&l->j, at, &version);
    if (r == MAZE__JSON_UINT_TOO_LARGE ||
        (r == MAZE__JSON_UINT_OK && version > MAZE_WALL_GRAPH_VERSION)) {
        char text[32];
        maze__json_fail(&l->j, at, MAZE_ERR_INVALID,
                        "version %s is newer than this mazegen reads (%d)",
                        maze__json_excerpt(&l->j, at, text, sizeof(text)),
                        MAZE_WALL_GRAPH_VERSION);
        return false;
    }
    if (r != MAZE__JSON_UINT_OK || version < 1) {
        maze__json_fail(&l->j, at, MAZE_ERR_INVALID,
                        "version: expected 1 to %d", MAZE_WALL_GRAPH_VERSION);
        return false;
    }
    l->version = (unsigned)version;
    return true;
}

/* The grid's size parameters by name, in maze_grid_params order. */
static const char *const size_names[MAZE_SIZE_COUNT] = {
    "width", "height", "levels", "room", "panels"};

/* grid.kind: a registered kind (version 1 files hold rectangles only). */
static bool
read_kind(struct maze__loader *l, size_t pos)
{
    char kind[32];
    if (maze__json_type(&l->j, pos) != MAZE__JSON_STRING) {
        maze__json_fail(&l->j, pos, MAZE_ERR_INVALID,
                        "grid.kind: expected a string");
        return false;
    }
    bool ok = maze__json_string(&l->j, pos, kind, sizeof(kind)) != SIZE_MAX;
    l->kind = ok ? maze_grid_kind_find(kind) : NULL;
    /* The canonical name only: aliases are for people typing. */
    if (l->kind != NULL && strcmp(l->kind->name, kind) == 0 &&
        (l->version > 1 || l->kind->rectangle)) {
        return true;
    }
    char names[160] = "", text[40];
    for (size_t i = 0; i < maze_grid_kind_count(); i++) {
        size_t n = strlen(names);
        snprintf(names + n, sizeof(names) - n, "%s\"%s\"", i ? ", " : "",
                 maze_grid_kind_at(i)->name);
    }
    maze__json_fail(&l->j, pos, MAZE_ERR_UNSUPPORTED,
                    "grid.kind: unknown grid kind %s (this mazegen reads %s)",
                    maze__json_excerpt(&l->j, pos, text, sizeof(text)),
                    l->version > 1 ? names : "\"rect\" in version 1");
    return false;
}

/* grid.mask: rows of '#' (kept) and '.' (cut), height rows of width. */
static bool
read_mask(struct maze__loader *l, size_t pos, const uint32_t *size,
          struct maze_mask **out)
{
    struct maze__json *j = &l->j;
    struct maze__json_iter it;
    size_t row;
    uint32_t y = 0;
    if (!l->kind->maskable || maze__json_type(j, pos) != MAZE__JSON_ARRAY) {
        maze__json_fail(j, pos, MAZE_ERR_INVALID,
                        l->kind->maskable
                            ? "grid.mask: expected an array of strings"
                            : "grid.mask: this grid kind takes no mask");
        return false;
    }
    /* A character a cell: a picture larger than the file is not in it
     * (and is refused before its bytes are allocated). */
    if ((uint64_t)size[MAZE_SIZE_WIDTH] * size[MAZE_SIZE_HEIGHT] > l->j.len) {
        maze__json_fail(j, pos, MAZE_ERR_RANGE,
                        "grid.mask: expected %" PRIu32 " rows (grid.height) "
                        "of %" PRIu32 " characters (grid.width)",
                        size[MAZE_SIZE_HEIGHT], size[MAZE_SIZE_WIDTH]);
        return false;
    }
    int rc =
        maze_mask_create(size[MAZE_SIZE_WIDTH], size[MAZE_SIZE_HEIGHT], out);
    if (rc != MAZE_OK) {
        maze__json_fail(j, pos, rc, "grid.mask: %s", maze_strerror(rc));
        return false;
    }
    maze__json_iter_init(&it, pos);
    for (; maze__json_next_element(j, &it, &row); y++) {
        size_t c = row + 1, at;
        uint32_t cp, x = 0;
        bool ok = y < size[MAZE_SIZE_HEIGHT] &&
                  maze__json_type(j, row) == MAZE__JSON_STRING;
        while (ok && maze__json_next_char(j, &c, &cp, &at)) {
            ok = x < size[MAZE_SIZE_WIDTH] && (cp == '#' || cp == '.');
            maze_mask_set(*out, x++, y, cp == '#');
        }
        if (!ok || x != size[MAZE_SIZE_WIDTH]) {
            maze__json_fail(j, row, MAZE_ERR_RANGE,
                            "grid.mask[%" PRIu32 "]: expected %" PRIu32
                            " characters '#' or '.' (grid.width) in each of "
                            "%" PRIu32 " rows (grid.height)",
                            y, size[MAZE_SIZE_WIDTH], size[MAZE_SIZE_HEIGHT]);
            return false;
        }
    }
    if (y != size[MAZE_SIZE_HEIGHT] || maze_mask_count(*out) == 0) {
        maze__json_fail(j, pos, MAZE_ERR_RANGE,
                        "grid.mask: expected %" PRIu32 " rows (grid.height) "
                        "keeping at least one cell",
                        size[MAZE_SIZE_HEIGHT]);
        return false;
    }
    return true;
}

/* A count the file states against the grid's own. */
static bool
count_is(struct maze__loader *l, size_t pos, const char *path, uint64_t v,
         uint32_t want)
{
    if (v == want) {
        return true;
    }
    maze__json_fail(&l->j, maze__json_value_at(&l->j, pos), MAZE_ERR_RANGE,
                    "%s: %" PRIu64 ", but the grid has %" PRIu32, path, v,
                    want);
    return false;
}

/*
 * The grid member, and the grid it describes (made at once: every kind's
 * grid is arithmetic or sized by its mask, which the file holds; the
 * maze's own bits wait until the passages are checked against it).
 */
static bool
read_grid(struct maze__loader *l)
{
    static const char *const names[] = {"kind",       "width",      "height",
                                        "levels",     "room",       "panels",
                                        "cell_count", "edge_count", "mask"};
    enum { KIND, SIZES, CELLS = SIZES + MAZE_SIZE_COUNT, EDGES, MASK, MEMBERS };
    size_t pos = l->at[MAZE__TOP_GRID], at[MEMBERS];
    if (!maze__load_members(l, pos, "grid", names, MEMBERS, at) ||
        !maze__load_require(l, pos, "grid", names, 1, at) ||
        !read_kind(l, at[KIND])) {
        return false;
    }
    const struct maze_grid_kind *k = l->kind;
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    for (int i = 0; i < MAZE_SIZE_COUNT; i++) {
        char path[32];
        uint64_t v;
        snprintf(path, sizeof(path), "grid.%s", size_names[i]);
        if (k->sizes[i].meaning == NULL) {
            continue;
        }
        if (at[SIZES + i] == MAZE__ABSENT && k->sizes[i].min == 0) {
            continue; /* chosen by the grid, as when the file was made */
        }
        if (at[SIZES + i] == MAZE__ABSENT) {
            maze__json_fail(&l->j, maze__json_value_at(&l->j, pos),
                            MAZE_ERR_INVALID, "grid: missing member \"%s\"",
                            size_names[i]);
            return false;
        }
        if (!maze__load_uint(l, at[SIZES + i], path, k->sizes[i].min,
                             k->sizes[i].max, &v)) {
            return false;
        }
        p.size[i] = (uint32_t)v;
    }
    if (l->version > 1 &&
        !maze__load_require(l, pos, "grid", names + CELLS, 2, at + CELLS)) {
        return false;
    }
    struct maze_mask *mask = NULL;
    if (l->version > 1 && at[MASK] != MAZE__ABSENT &&
        !read_mask(l, maze__json_value_at(&l->j, at[MASK]), p.size, &mask)) {
        maze_mask_destroy(mask);
        return false;
    }
    p.mask = mask;
    int rc = maze_grid_measure(k, &p, NULL, NULL, NULL);
    if (rc == MAZE_ERR_RANGE) {
        maze_mask_destroy(mask);
        maze__json_fail(&l->j, maze__json_value_at(&l->j, pos), rc,
                        "grid: a %s grid of this size has more than the %u "
                        "cells a maze may have",
                        k->name, MAZE_MAX_CELLS);
        return false;
    }
    if (rc == MAZE_OK) {
        rc = maze_grid_create(k, &p, &l->grid);
    }
    maze_mask_destroy(mask);
    if (rc != MAZE_OK) {
        maze__json_fail(&l->j, maze__json_value_at(&l->j, pos), rc, "grid: %s",
                        maze_strerror(rc));
        return false;
    }
    l->width = l->grid->width;
    l->height = l->grid->height;
    uint64_t v;
    if (l->version > 1 &&
        (!maze__load_uint(l, at[CELLS], "grid.cell_count", 0, UINT32_MAX, &v) ||
         !count_is(l, at[CELLS], "grid.cell_count", v, l->grid->cells) ||
         !maze__load_uint(l, at[EDGES], "grid.edge_count", 0, UINT32_MAX, &v) ||
         !count_is(l, at[EDGES], "grid.edge_count", v, l->grid->edges))) {
        return false;
    }
    return true;
}

/* start or finish: an object of the cell's numbers ({"x": X, "y": Y} on
 * flat grids), on the grid, into a cell number. */
static bool
read_point(struct maze__loader *l, size_t pos, const char *path, uint32_t *cell)
{
    const struct maze_grid_kind *k = l->kind;
    size_t at[MAZE_MAX_COORDS];
    uint32_t v[MAZE_MAX_COORDS];
    if (!maze__load_members(l, pos, path, k->coord_names, k->coord_count, at) ||
        !maze__load_require(l, pos, path, k->coord_names, k->coord_count, at)) {
        return false;
    }
    for (unsigned c = 0; c < k->coord_count; c++) {
        char p[40];
        uint64_t x;
        snprintf(p, sizeof(p), "%s.%s", path, k->coord_names[c]);
        if (!maze__load_uint(l, at[c], p, 0, UINT32_MAX, &x)) {
            return false;
        }
        v[c] = (uint32_t)x;
    }
    if (maze_grid_cell_at(l->grid, v, k->coord_count, cell) != MAZE_OK) {
        char form[48];
        maze__load_cell_form(k, form, sizeof(form));
        maze__json_fail(&l->j, maze__json_value_at(&l->j, pos), MAZE_ERR_RANGE,
                        "%s: not a cell of the %" PRIu32 "x%" PRIu32 " %s "
                        "grid; expected its %s",
                        path, l->grid->width, l->grid->height, k->name, form);
        return false;
    }
    return true;
}

/* A decimal string of 0 to 2^64 - 1, digits only, no leading zero. */
static bool
read_seed(struct maze__loader *l, size_t pos)
{
    char text[24];
    if (!maze__load_string(l, pos, "provenance.seed", text, sizeof(text))) {
        return false;
    }
    size_t n = strlen(text);
    uint64_t v = 0;
    bool ok = n > 0 && n <= 20 && (text[0] != '0' || n == 1);
    for (size_t i = 0; ok && i < n; i++) {
        unsigned d = (unsigned)(text[i] - '0');
        ok = d <= 9 && v <= (UINT64_MAX - d) / 10;
        v = v * 10 + d;
    }
    if (!ok) {
        maze__json_fail(&l->j, maze__json_value_at(&l->j, pos), MAZE_ERR_RANGE,
                        "provenance.seed: expected a decimal string from "
                        "\"0\" to \"18446744073709551615\"");
        return false;
    }
    l->prov.seed = v;
    return true;
}

/*
 * Bias weights as maze_bias_format() writes them. "h=0,v=0" is the bias
 * of a maze that was never generated (maze_create() leaves it so), which
 * maze_bias_parse() rightly refuses as an option but a file must keep.
 */
static bool
read_bias(struct maze__loader *l, size_t pos)
{
    char text[128], zero[128];
    if (!maze__load_string(l, pos, "provenance.bias", text, sizeof(text))) {
        return false;
    }
    struct maze_bias none = {{0}};
    maze_bias_format(&none, l->kind, zero, sizeof(zero));
    if (strcmp(text, zero) == 0) {
        l->prov.bias = none;
        return true;
    }
    int rc = maze_bias_parse(text, l->kind, &l->prov.bias);
    if (rc != MAZE_OK) {
        char form[128];
        struct maze_bias one;
        for (int c = 0; c < MAZE_MAX_CLASSES; c++) {
            one.weight[c] = MAZE_WEIGHT_ONE;
        }
        maze_bias_format(&one, l->kind, form, sizeof(form));
        maze__json_fail(&l->j, maze__json_value_at(&l->j, pos), rc,
                        "provenance.bias: expected weights like \"%s\", "
                        "each from 0 to 1000 with at most six decimals",
                        form);
        return false;
    }
    return true;
}

/* The provenance's free text, which --stats, titles and metadata show:
 * no control character (C0, DEL or C1), however it was escaped. */
static bool
read_text(struct maze__loader *l, size_t pos, const char *path, char *buf,
          size_t cap)
{
    if (!maze__load_string(l, pos, path, buf, cap)) {
        return false;
    }
    for (const unsigned char *c = (const unsigned char *)buf; *c; c++) {
        if (*c < 0x20 || *c == 0x7f ||
            (c[0] == 0xc2 && c[1] >= 0x80 && c[1] <= 0x9f)) {
            maze__json_fail(&l->j, maze__json_value_at(&l->j, pos),
                            MAZE_ERR_INVALID,
                            "%s: expected text without control characters "
                            "(U+0000 to U+001F, U+007F to U+009F)",
                            path);
            return false;
        }
    }
    return true;
}

static bool
read_provenance(struct maze__loader *l)
{
    static const char *const names[] = {"algorithm", "seed", "bias", "params",
                                        "perfect"};
    size_t pos = l->at[MAZE__TOP_PROVENANCE], at[5];
    struct maze_provenance *p = &l->prov;
    if (!maze__load_members(l, pos, "provenance", names, 5, at) ||
        !maze__load_require(l, pos, "provenance", names, 5, at) ||
        !read_text(l, at[0], "provenance.algorithm", p->algorithm,
                   sizeof(p->algorithm)) ||
        !read_seed(l, at[1]) || !read_bias(l, at[2]) ||
        !read_text(l, at[3], "provenance.params", p->params,
                   sizeof(p->params))) {
        return false;
    }
    if (!maze__json_bool(&l->j, at[4], &p->perfect)) {
        maze__json_fail(&l->j, maze__json_value_at(&l->j, at[4]),
                        MAZE_ERR_INVALID,
                        "provenance.perfect: expected true or false");
        return false;
    }
    l->perfect_at = maze__json_value_at(&l->j, at[4]);
    return true;
}

/* passages: "rect-rows" on whole rectangles, "cell-pairs" on any grid
 * (version 2). */
static bool
read_passages(struct maze__loader *l)
{
    static const char *const names[] = {"encoding", "rows", "pairs"};
    size_t pos = l->at[MAZE__TOP_PASSAGES], at[3];
    char encoding[16];
    if (!maze__load_uint(l, l->at[MAZE__TOP_PASSAGE_COUNT], "passage_count", 0,
                         l->grid->edges, &l->passage_count) ||
        !maze__load_members(l, pos, "passages", names, 3, at) ||
        !maze__load_require(l, pos, "passages", names, 1, at)) {
        return false;
    }
    if (maze__json_type(&l->j, at[0]) != MAZE__JSON_STRING) {
        maze__json_fail(&l->j, at[0], MAZE_ERR_INVALID,
                        "passages.encoding: expected a string");
        return false;
    }
    bool read =
        maze__json_string(&l->j, at[0], encoding, sizeof(encoding)) != SIZE_MAX;
    bool rows = read && strcmp(encoding, "rect-rows") == 0 &&
                maze__grid_is_rect(l->grid);
    bool pairs = read && strcmp(encoding, "cell-pairs") == 0 && l->version > 1;
    if (!rows && !pairs) {
        char text[40];
        maze__json_fail(&l->j, at[0], MAZE_ERR_UNSUPPORTED,
                        "passages.encoding: unknown encoding %s for this "
                        "grid (this mazegen reads %s)",
                        maze__json_excerpt(&l->j, at[0], text, sizeof(text)),
                        maze__grid_is_rect(l->grid)
                            ? "\"rect-rows\" or \"cell-pairs\""
                            : "\"cell-pairs\"");
        return false;
    }
    if (!maze__load_require(l, pos, "passages", names + (rows ? 1 : 2), 1,
                            at + (rows ? 1 : 2))) {
        return false;
    }
    l->rows_at = maze__json_value_at(&l->j, at[rows ? 1 : 2]);
    l->pairs = pairs;
    if (rows) {
        return maze__load_check_rows(l); /* a digit a cell: bounded */
    }
    /* Pairs name only the open passages: a grid far larger than the file
     * would cost memory the file does not back up. */
    if (l->grid->cells > 64 * (uint64_t)l->j.len + 64) {
        maze__json_fail(&l->j,
                        maze__json_value_at(&l->j, l->at[MAZE__TOP_GRID]),
                        MAZE_ERR_RANGE,
                        "grid: %" PRIu32 " cells, far more than the "
                        "passages of a %zu-byte file can join",
                        l->grid->cells, l->j.len);
        return false;
    }
    return maze__load_check_pairs(l);
}

/*
 * The optional "openings": side indices of the start's and the finish's
 * openings, written when they are not the ones maze_set_endpoints()
 * chooses (maze_place_endpoints() moves them to different sides).
 */
static bool
read_openings(struct maze__loader *l)
{
    static const char *const names[] = {"start", "finish"};
    size_t pos = l->at[MAZE__TOP_OPENINGS], at[2];
    if (pos == MAZE__ABSENT) {
        return true;
    }
    if (!maze__load_members(l, pos, "openings", names, 2, at) ||
        !maze__load_require(l, pos, "openings", names, 2, at)) {
        return false;
    }
    uint64_t side[2];
    for (int i = 0; i < 2; i++) {
        char p[24];
        snprintf(p, sizeof(p), "openings.%s", names[i]);
        if (!maze__load_uint(l, at[i], p, 0, MAZE_GRID_MAX_DEGREE - 1,
                             &side[i])) {
            return false;
        }
    }
    if (maze_set_openings(l->maze, (unsigned)side[0], (unsigned)side[1]) !=
        MAZE_OK) {
        maze__json_fail(&l->j, maze__json_value_at(&l->j, pos), MAZE_ERR_RANGE,
                        "openings: a side that is not on the outer boundary "
                        "of its cell; expected the index, in the cell's side "
                        "order, of a boundary side of start and of finish");
        return false;
    }
    return true;
}

/* The K of a "fractal=K" token of params (a whole word), or 0. */
static unsigned
fractal_levels(const char *params)
{
    for (const char *p = params; (p = strstr(p, "fractal=")) != NULL; p++) {
        if (p != params && p[-1] != ' ') {
            continue;
        }
        unsigned k = 0;
        for (p += 8; *p >= '0' && *p <= '9' && k <= MAZE__FRACTAL_MAX; p++) {
            k = k * 10 + (unsigned)(*p - '0');
        }
        return (*p == '\0' || *p == ' ') ? k : 0;
    }
    return 0;
}

/*
 * A fractal maze saved to a file says so in its parameters; its nesting
 * is recorded on the maze, so it draws its block walls heavier as the
 * generated one did. Sizes that are not K-th powers make an ordinary
 * maze, as does any grid but a whole rectangle.
 */
static void
set_nesting(struct maze__loader *l)
{
    unsigned k = fractal_levels(l->prov.params);
    const struct maze_grid *g = l->grid;
    uint32_t x, y;
    if (k >= 2 && k <= MAZE__FRACTAL_MAX && maze__grid_is_rect(g) &&
        maze_fractal_base(g->width, g->height, k, &x, &y) == MAZE_OK) {
        maze__set_nesting(l->maze, k, x, y);
    }
}

/* Everything after the JSON check; errors are recorded in l->j. */
static int
read_document(struct maze__loader *l)
{
    static const char *const names[] = {
        "format",     "version",       "grid",     "start",    "finish",
        "provenance", "passage_count", "passages", "solution", "openings"};
    size_t root = maze__json_value_at(&l->j, 0);
    if (maze__json_type(&l->j, root) != MAZE__JSON_OBJECT) {
        return maze__json_fail(&l->j, root, MAZE_ERR_INVALID,
                               "expected a JSON object (a mazegen "
                               "wall-graph file)");
    }
    maze__load_members(l, root, "", names, MAZE__TOP_COUNT, l->at);
    if (!read_format(l, root) ||
        !maze__load_require(l, root, "", names, MAZE__TOP_SOLUTION, l->at) ||
        !read_grid(l) || !check_size(l) ||
        !read_point(l, l->at[MAZE__TOP_START], "start", &l->start) ||
        !read_point(l, l->at[MAZE__TOP_FINISH], "finish", &l->finish) ||
        !read_provenance(l) || !read_passages(l)) {
        return l->j.status;
    }
    int rc = maze_create(l->grid, &l->maze);
    if (rc != MAZE_OK) {
        return maze__json_fail(&l->j, MAZE__ABSENT, rc, "%s",
                               maze_strerror(rc));
    }
    if (l->pairs) {
        if (!maze__load_fill_pairs(l)) {
            return l->j.status;
        }
    } else {
        maze__load_fill_rows(l);
    }
    if (!maze__load_check_perfect(l) || !maze__load_check_solution(l)) {
        return l->j.status;
    }
    (void)maze_set_endpoints(l->maze, l->start, l->finish); /* on the grid */
    if (!read_openings(l)) {
        return l->j.status;
    }
    maze_set_provenance(l->maze, &l->prov);
    set_nesting(l);
    return MAZE_OK;
}

int
maze_load_json(const void *data, size_t len, struct maze_grid **grid,
               struct maze **maze, struct maze_load_error *err)
{
    if (err != NULL) {
        *err = (struct maze_load_error){0};
    }
    if (grid != NULL) {
        *grid = NULL;
    }
    if (maze != NULL) {
        *maze = NULL;
    }
    if (grid == NULL || maze == NULL || (data == NULL && len > 0)) {
        if (err != NULL) {
            snprintf(err->message, sizeof(err->message),
                     "maze_load_json: no data, or nowhere to put the maze");
        }
        return MAZE_ERR_INVALID;
    }
    struct maze__loader l = {0};
    maze__json_init(&l.j, data, len);
    int rc = maze__json_check(&l.j);
    maze__json_finish(&l.j); /* the check's scratch is not needed after */
    if (rc == MAZE_OK) {
        rc = read_document(&l);
    }
    if (rc == MAZE_OK) {
        *grid = l.grid;
        *maze = l.maze;
        return MAZE_OK;
    }
    maze_destroy(l.maze);
    maze_grid_destroy(l.grid);
    if (err != NULL) {
        if (l.j.err_pos != MAZE__ABSENT) {
            maze__json_position(&l.j, l.j.err_pos, &err->line, &err->column);
        }
        snprintf(err->message, sizeof(err->message), "%s",
                 l.j.status != MAZE_OK ? l.j.message : maze_strerror(rc));
    }
    return rc;
}
