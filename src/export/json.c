/* SPDX-License-Identifier: MIT */
/*
 * The wall-graph exporter: the maze as a versioned JSON document (grid,
 * passages, endpoints, provenance, optionally the solution) that
 * maze_load_json() reads back into the same maze; docs/wall-graph.md
 * describes it. Bytes go straight from the passage bitset through one
 * small fixed buffer, so memory stays constant however large the maze.
 * Whitespace and member order are fixed and no floating point is written,
 * so the same maze gives the same bytes on every machine.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/utf8.h"
#include "export/common.h"
#include "export/export_impl.h"
#include <mazegen/generate.h>
#include <mazegen/load.h>
#include <mazegen/version.h>

/* Output gathered into sink writes of a few kilobytes. */
struct out {
    const struct maze_sink *sink;
    int rc; /* the first failure; once set, nothing more is written */
    size_t len;
    char buf[4096];
};

static void
flush(struct out *o)
{
    if (o->rc == MAZE_OK) {
        o->rc = maze__sink_write(o->sink, o->buf, o->len);
    }
    o->len = 0;
}

static void
put(struct out *o, const char *s, size_t n)
{
    while (n > 0 && o->rc == MAZE_OK) {
        if (o->len == sizeof(o->buf)) {
            flush(o);
            continue;
        }
        size_t k = sizeof(o->buf) - o->len;
        k = n < k ? n : k;
        memcpy(o->buf + o->len, s, k);
        o->len += k;
        s += k;
        n -= k;
    }
}

static void
puts_out(struct out *o, const char *s)
{
    put(o, s, strlen(s));
}

/* Integers only: %u and friends are the same under every locale. */
static void putf(struct out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
putf(struct out *o, const char *fmt, ...)
{
    char line[160];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    if (n > 0) {
        put(o, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
    }
}

/*
 * A C string as a JSON string. Provenance text may hold any bytes a
 * caller stored: well-formed UTF-8 is copied, '"' and '\\' escaped, and
 * each control character (C0, DEL, C1), which the reader refuses, and
 * each byte that is not part of well-formed UTF-8 becomes '?', never
 * more bytes than it replaces, so the text never grows and a file that
 * was written can always be read back into the same fixed-size fields.
 */
static void
put_string(struct out *o, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t n = strlen(text);
    put(o, "\"", 1);
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        uint32_t cp;
        size_t len = maze__utf8_decode(s + i, n - i, &cp);
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            put(o, esc, 2);
        } else if (len > 0 && (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))) {
            put(o, "?", 1);
        } else if (len == 0) {
            put(o, "?", 1);
            len = 1;
        } else {
            put(o, text + i, len);
        }
        i += len ? len : 1;
    }
    put(o, "\"", 1);
}

/* The digit of cell (x, y): 1 = passage east, 2 = passage south. */
static unsigned
cell_digit(const struct maze *m, uint32_t x, uint32_t y)
{
    const struct maze_grid *g = m->grid;
    uint32_t cell = y * g->width + x;
    unsigned d = 0;
    if (x + 1 < g->width && maze__is_open(m, maze__rect_east(cell))) {
        d |= 1;
    }
    if (y + 1 < g->height && maze__is_open(m, maze__rect_south(cell))) {
        d |= 2;
    }
    return d;
}

/*
 * Whether sol is a path of the maze from start to finish: every cell on
 * the grid, each next to the one before through an open passage. Checked
 * before anything is written, so that a file is never refused by the
 * loader for a solution the writer accepted.
 */
static bool
path_valid(const struct maze *m, const struct maze_path *sol)
{
    const struct maze_grid *g = m->grid;
    if (sol->cells == NULL || sol->cells[0] != m->start ||
        sol->cells[sol->length - 1] != m->finish) {
        return false;
    }
    for (size_t i = 0; i < sol->length; i++) {
        uint32_t c = sol->cells[i];
        if (c >= g->cells) {
            return false;
        }
        if (i == 0) {
            continue;
        }
        uint32_t edge = maze_grid_edge_between(g, sol->cells[i - 1], c);
        if (edge == MAZE_NONE || !maze__is_open(m, edge)) {
            return false;
        }
    }
    return true;
}

/*
 * ",\n  \"openings\": {...}" when the openings are not the ones
 * maze_set_endpoints() would choose for these cells, so that a loaded
 * maze opens where the saved one did; nothing otherwise.
 */
static void
put_openings(struct out *o, const struct maze *m)
{
    const struct maze_grid *g = m->grid;
    unsigned s = maze__grid_opening(g, m->start, false, MAZE_NONE);
    unsigned f = maze__grid_opening(g, m->finish, true,
                                    m->start == m->finish ? s : MAZE_NONE);
    if (s == m->start_opening && f == m->finish_opening) {
        return;
    }
    putf(o, ",\n  \"openings\": {\"start\": %u, \"finish\": %u}",
         m->start_opening, m->finish_opening);
}

/* A cell as an object of its named numbers: {"x": 3, "y": 4}. */
static void
put_cell_object(struct out *o, const struct maze_grid *g, uint32_t cell)
{
    const struct maze_grid_kind *k = maze_grid_kind(g);
    uint32_t c[MAZE_MAX_COORDS];
    unsigned n = maze_grid_cell_coords(g, cell, c);
    for (unsigned i = 0; i < n; i++) {
        putf(o, "%s\"%s\": %" PRIu32, i ? ", " : "{", k->coord_names[i], c[i]);
    }
    puts_out(o, "}");
}

/* A cell as an array of its numbers: [3, 4]. */
static void
put_cell_array(struct out *o, const struct maze_grid *g, uint32_t cell)
{
    uint32_t c[MAZE_MAX_COORDS];
    unsigned n = maze_grid_cell_coords(g, cell, c);
    for (unsigned i = 0; i < n; i++) {
        putf(o, "%s%" PRIu32, i ? ", " : "[", c[i]);
    }
    puts_out(o, "]");
}

/* The grid's size parameters by name, in maze_grid_params order. */
static const char *const size_names[MAZE_SIZE_COUNT] = {
    "width", "height", "levels", "room", "panels"};

static void
write_head(struct out *o, const struct maze *m)
{
    const struct maze_grid *g = m->grid;
    const struct maze_grid_kind *k = maze_grid_kind(g);
    const struct maze_provenance *p = &m->provenance;
    char bias[128];
    maze_bias_format(&p->bias, k, bias, sizeof(bias));
    puts_out(o, "{\n  \"format\": \"" MAZE_WALL_GRAPH_FORMAT "\",\n");
    putf(o, "  \"version\": %d,\n", MAZE_WALL_GRAPH_VERSION);
    puts_out(o, "  \"generator\": \"mazegen " MAZEGEN_VERSION "\",\n");
    putf(o, "  \"grid\": {\"kind\": \"%s\"", k->name);
    for (int i = 0; i < MAZE_SIZE_COUNT; i++) {
        if (k->sizes[i].meaning != NULL) {
            putf(o, ", \"%s\": %" PRIu32, size_names[i], g->size[i]);
        }
    }
    putf(o, ", \"cell_count\": %" PRIu32 ", \"edge_count\": %" PRIu32, g->cells,
         g->edges);
    if (g->base != NULL) {
        /* The mask, as the rows of a text picture (maze_mask_read_text):
         * which cells are kept, and so how they are numbered. */
        puts_out(o, ",\n    \"mask\": [");
        const struct maze_grid *b = g->base;
        for (uint32_t y = 0; y < b->height && o->rc == MAZE_OK; y++) {
            puts_out(o, y ? ",\n      \"" : "\n      \"");
            for (uint32_t x = 0; x < b->width; x++) {
                uint32_t xy[2] = {x, y};
                uint32_t c = b->ops->cell_at(b, xy);
                put(o, g->from_base[c] != MAZE_NONE ? "#" : ".", 1);
            }
            puts_out(o, "\"");
        }
        puts_out(o, "\n    ]");
    }
    puts_out(o, "},\n  \"start\": ");
    put_cell_object(o, g, m->start);
    puts_out(o, ",\n  \"finish\": ");
    put_cell_object(o, g, m->finish);
    put_openings(o, m);
    puts_out(o, ",\n  \"provenance\": {\n    \"algorithm\": ");
    put_string(o, p->algorithm);
    putf(o, ",\n    \"seed\": \"%" PRIu64 "\",\n", p->seed);
    putf(o, "    \"bias\": \"%s\",\n    \"params\": ", bias);
    put_string(o, p->params);
    putf(o, ",\n    \"perfect\": %s\n  },\n", p->perfect ? "true" : "false");
    putf(o, "  \"passage_count\": %" PRIu64 ",\n", maze_passage_count(m));
}

static void
write_rows(struct out *o, const struct maze *m)
{
    const struct maze_grid *g = m->grid;
    puts_out(o, "  \"passages\": {\n    \"encoding\": \"rect-rows\",\n"
                "    \"rows\": [\n");
    for (uint32_t y = 0; y < g->height && o->rc == MAZE_OK; y++) {
        put(o, "      \"", 7);
        for (uint32_t x = 0; x < g->width; x++) {
            char digit = (char)('0' + cell_digit(m, x, y));
            put(o, &digit, 1);
        }
        puts_out(o, y + 1 < g->height ? "\",\n" : "\"\n");
    }
    puts_out(o, "    ]\n  }");
}

/* Pairs of cells per line. */
#define PAIRS_PER_LINE 8

/* Every open passage as [a, b], a < b, ordered by a then by the grid's
 * neighbour order. */
static void
write_pairs(struct out *o, const struct maze *m)
{
    const struct maze_grid *g = m->grid;
    puts_out(o, "  \"passages\": {\n    \"encoding\": \"cell-pairs\",\n"
                "    \"pairs\": [");
    uint64_t n = 0;
    for (uint32_t c = 0; c < g->cells && o->rc == MAZE_OK; c++) {
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned k = maze__neighbors(g, c, links);
        for (unsigned i = 0; i < k; i++) {
            if (links[i].cell < c || !maze__is_open(m, links[i].edge)) {
                continue;
            }
            const char *sep = n == 0                    ? "\n      "
                              : n % PAIRS_PER_LINE == 0 ? ",\n      "
                                                        : ", ";
            putf(o, "%s[%" PRIu32 ", %" PRIu32 "]", sep, c, links[i].cell);
            n++;
        }
    }
    puts_out(o, n ? "\n    ]\n  }" : "]\n  }");
}

/* Cells of the solution per line: short lines, but not thousands. */
#define CELLS_PER_LINE 8

static void
write_solution(struct out *o, const struct maze *m, const struct maze_path *sol)
{
    puts_out(o, ",\n  \"solution\": [");
    for (size_t i = 0; i < sol->length && o->rc == MAZE_OK; i++) {
        uint32_t c = sol->cells[i];
        const char *sep = i == 0                    ? "\n    "
                          : i % CELLS_PER_LINE == 0 ? ",\n    "
                                                    : ", ";
        puts_out(o, sep);
        put_cell_array(o, m->grid, c);
    }
    puts_out(o, "\n  ]");
}

static int
json_write(const struct maze *m, const struct maze_export_options *opt,
           const struct maze_sink *sink)
{
    const struct maze_provenance *p = &m->provenance;
    /* Weights past what generation accepts would be written but never
     * read back, so they are refused here instead. */
    for (int c = 0; c < MAZE_MAX_CLASSES; c++) {
        if (p->bias.weight[c] > MAZE_WEIGHT_MAX) {
            return MAZE_ERR_RANGE;
        }
    }
    const struct maze_path *sol = opt->solution;
    if (sol != NULL && sol->length == 0) {
        sol = NULL;
    }
    if (sol != NULL && !path_valid(m, sol)) {
        return MAZE_ERR_INVALID;
    }
    struct out o = {.sink = sink, .rc = MAZE_OK};
    write_head(&o, m);
    if (maze__grid_is_rect(m->grid)) {
        write_rows(&o, m);
    } else {
        write_pairs(&o, m);
    }
    if (sol != NULL) {
        write_solution(&o, m, sol);
    }
    puts_out(&o, "\n}\n");
    flush(&o);
    return o.rc;
}

static const char *const extensions[] = {"json", NULL};

const struct maze__exporter maze__export_json = {
    .info =
        {
            .name = "json",
            .extensions = extensions,
            .description = "wall-graph file: passages, endpoints and "
                           "provenance, loadable again",
            .flags = MAZE_FORMAT_DATA,
            .draws = MAZE_DRAWS_RECT | MAZE_DRAWS_ANY_GRID | MAZE_DRAWS_LONE |
                     MAZE_DRAWS_SOLUTION,
            .unit = MAZE_UNIT_PX,
            .memory = {.solution_per_cell = 1},
        },
    .write = json_write,
};
