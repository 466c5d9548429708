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

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "load/loader.h"
#include "load/rect_rows.h"
#include <mazegen/generate.h>
#include <mazegen/load.h>
#include <mazegen/status.h>

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
    if (r != MAZE__JSON_UINT_OK || version != MAZE_WALL_GRAPH_VERSION) {
        maze__json_fail(&l->j, at, MAZE_ERR_INVALID, "version: expected %d",
                        MAZE_WALL_GRAPH_VERSION);
        return false;
    }
    return true;
}

static bool
read_grid(struct maze__loader *l)
{
    static const char *const names[] = {"kind", "width", "height"};
    size_t pos = l->at[MAZE__TOP_GRID], at[3];
    uint64_t w, h;
    char kind[16];
    if (!maze__load_members(l, pos, "grid", names, 3, at) ||
        !maze__load_require(l, pos, "grid", names, 3, at)) {
        return false;
    }
    if (maze__json_type(&l->j, at[0]) != MAZE__JSON_STRING) {
        maze__json_fail(&l->j, at[0], MAZE_ERR_INVALID,
                        "grid.kind: expected a string");
        return false;
    }
    if (maze__json_string(&l->j, at[0], kind, sizeof(kind)) == SIZE_MAX ||
        strcmp(kind, "rect") != 0) {
        char text[40];
        maze__json_fail(&l->j, at[0], MAZE_ERR_UNSUPPORTED,
                        "grid.kind: unknown grid kind %s (this mazegen "
                        "reads \"rect\")",
                        maze__json_excerpt(&l->j, at[0], text, sizeof(text)));
        return false;
    }
    if (!maze__load_uint(l, at[1], "grid.width", 1, MAZE_MAX_CELLS, &w) ||
        !maze__load_uint(l, at[2], "grid.height", 1, MAZE_MAX_CELLS, &h)) {
        return false;
    }
    if (w * h > MAZE_MAX_CELLS) { /* both below 2^31: no overflow */
        maze__json_fail(&l->j, maze__json_value_at(&l->j, pos), MAZE_ERR_RANGE,
                        "grid: %" PRIu64 " x %" PRIu64 " cells is more than "
                        "the %u a maze may have",
                        w, h, MAZE_MAX_CELLS);
        return false;
    }
    l->width = (uint32_t)w;
    l->height = (uint32_t)h;
    return true;
}

/* start or finish: {"x": X, "y": Y} on the grid, into a cell number. */
static bool
read_point(struct maze__loader *l, size_t pos, const char *path, uint32_t *cell)
{
    static const char *const names[] = {"x", "y"};
    size_t at[2];
    uint64_t x, y;
    char px[24], py[24];
    snprintf(px, sizeof(px), "%s.x", path);
    snprintf(py, sizeof(py), "%s.y", path);
    if (!maze__load_members(l, pos, path, names, 2, at) ||
        !maze__load_require(l, pos, path, names, 2, at) ||
        !maze__load_uint(l, at[0], px, 0, l->width - 1, &x) ||
        !maze__load_uint(l, at[1], py, 0, l->height - 1, &y)) {
        return false;
    }
    *cell = (uint32_t)(y * l->width + x);
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
    char text[64];
    if (!maze__load_string(l, pos, "provenance.bias", text, sizeof(text))) {
        return false;
    }
    if (strcmp(text, "h=0,v=0") == 0) {
        memset(&l->prov.bias, 0, sizeof(l->prov.bias));
        return true;
    }
    int rc = maze_bias_parse(text, maze_grid_kind_find("rect"), &l->prov.bias);
    if (rc != MAZE_OK) {
        maze__json_fail(&l->j, maze__json_value_at(&l->j, pos), rc,
                        "provenance.bias: expected weights \"h=W,v=W\", "
                        "each from 0 to 1000 with at most six decimals");
        return false;
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
        !maze__load_string(l, at[0], "provenance.algorithm", p->algorithm,
                           sizeof(p->algorithm)) ||
        !read_seed(l, at[1]) || !read_bias(l, at[2]) ||
        !maze__load_string(l, at[3], "provenance.params", p->params,
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

static bool
read_passages(struct maze__loader *l)
{
    static const char *const names[] = {"encoding", "rows"};
    size_t pos = l->at[MAZE__TOP_PASSAGES], at[2];
    uint64_t edges = (uint64_t)(l->width - 1) * l->height +
                     (uint64_t)l->width * (l->height - 1);
    char encoding[16];
    if (!maze__load_uint(l, l->at[MAZE__TOP_PASSAGE_COUNT], "passage_count", 0,
                         edges, &l->passage_count) ||
        !maze__load_members(l, pos, "passages", names, 2, at) ||
        !maze__load_require(l, pos, "passages", names, 2, at)) {
        return false;
    }
    if (maze__json_type(&l->j, at[0]) != MAZE__JSON_STRING) {
        maze__json_fail(&l->j, at[0], MAZE_ERR_INVALID,
                        "passages.encoding: expected a string");
        return false;
    }
    if (maze__json_string(&l->j, at[0], encoding, sizeof(encoding)) ==
            SIZE_MAX ||
        strcmp(encoding, "rect-rows") != 0) {
        char text[40];
        maze__json_fail(&l->j, at[0], MAZE_ERR_UNSUPPORTED,
                        "passages.encoding: unknown encoding %s (this "
                        "mazegen reads \"rect-rows\")",
                        maze__json_excerpt(&l->j, at[0], text, sizeof(text)));
        return false;
    }
    l->rows_at = maze__json_value_at(&l->j, at[1]);
    return maze__load_check_rows(l);
}

/* Everything after the JSON check; errors are recorded in l->j. */
static int
read_document(struct maze__loader *l)
{
    static const char *const names[] = {
        "format",     "version",       "grid",     "start",   "finish",
        "provenance", "passage_count", "passages", "solution"};
    size_t root = maze__json_value_at(&l->j, 0);
    if (maze__json_type(&l->j, root) != MAZE__JSON_OBJECT) {
        return maze__json_fail(&l->j, root, MAZE_ERR_INVALID,
                               "expected a JSON object (a mazegen "
                               "wall-graph file)");
    }
    maze__load_members(l, root, "", names, MAZE__TOP_COUNT, l->at);
    if (!read_format(l, root) ||
        !maze__load_require(l, root, "", names, MAZE__TOP_SOLUTION, l->at) ||
        !read_grid(l) ||
        !read_point(l, l->at[MAZE__TOP_START], "start", &l->start) ||
        !read_point(l, l->at[MAZE__TOP_FINISH], "finish", &l->finish) ||
        !read_provenance(l) || !read_passages(l)) {
        return l->j.status;
    }
    int rc = maze_grid_create_rect(l->width, l->height, &l->grid);
    if (rc == MAZE_OK) {
        rc = maze_create(l->grid, &l->maze);
    }
    if (rc != MAZE_OK) {
        return maze__json_fail(&l->j, MAZE__ABSENT, rc, "%s",
                               maze_strerror(rc));
    }
    maze__load_fill_rows(l);
    if (!maze__load_check_perfect(l) || !maze__load_check_solution(l)) {
        return l->j.status;
    }
    (void)maze_set_endpoints(l->maze, l->start, l->finish); /* on the grid */
    maze_set_provenance(l->maze, &l->prov);
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
