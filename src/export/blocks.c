/* SPDX-License-Identifier: MIT */
/*
 * Block maps: the maze as the (2W + 1) x (2H + 1) grid of wall and floor
 * blocks that game programs build levels from. Cell (x, y) is block
 * (2x + 1, 2y + 1); the block between two cells is floor when their
 * passage is open; blocks on even rows and even columns are wall, and so
 * is the border but for the openings of start and finish. Three forms:
 * characters of the caller's choice ("blocks"), one byte a block with
 * values 0 to 3 ("blocks-raw"), and those values as CSV ("blocks-csv").
 * Rows come from the row window (rect_rows.h): a streamed maze maps the
 * same way in memory O(width). A map holds the maze, not a drawing, so it
 * has no provenance line and leaves any solution out; it is not read back
 * by load.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "export/common.h"
#include "export/export_impl.h"
#include "export/rect_rows.h"

/* Block values, also the index into the characters of --blocks. */
enum { WALL = 0, FLOOR, START, FINISH };

enum form { CHARS, CSV, RAW };

/* Rows are handed to the sink once about this many bytes are waiting. */
#define FLUSH_AT 65536

struct map {
    const struct maze__rows *rows;
    enum form form;
    const char *chars;
    char *buf;
    size_t len, cap;
};

bool
maze_blocks_valid(const char *s)
{
    if (s == NULL || strlen(s) != 4) {
        return false;
    }
    for (int i = 0; i < 4; i++) {
        if (s[i] < ' ' || s[i] > '~' || strchr(s + i + 1, s[i]) != NULL) {
            return false;
        }
    }
    return true;
}

static void
put(struct map *m, unsigned v, bool first)
{
    switch (m->form) {
    case CHARS:
        m->buf[m->len++] = m->chars[v];
        break;
    case CSV:
        if (!first) {
            m->buf[m->len++] = ',';
        }
        m->buf[m->len++] = (char)('0' + v);
        break;
    case RAW:
        m->buf[m->len++] = (char)v;
        break;
    }
}

static void
end_line(struct map *m)
{
    if (m->form != RAW) {
        m->buf[m->len++] = '\n';
    }
}

static unsigned
cell(const struct maze__rows *r, uint32_t x, uint32_t y)
{
    /* A 1 x 1 maze starts and finishes in its cell: start wins. */
    return x == r->start_x && y == r->start_y     ? START
           : x == r->finish_x && y == r->finish_y ? FINISH
                                                  : FLOOR;
}

/* Block row 2j, lattice line j: posts, and a wall or a gap above each
 * cell. */
static void
line_row(struct map *m, const struct maze__window *w)
{
    for (uint32_t x = 0; x < m->rows->width; x++) {
        put(m, WALL, x == 0);
        put(m, maze__bit_get(w->hwall, x) ? WALL : FLOOR, false);
    }
    put(m, WALL, false);
    end_line(m);
}

/* Block row 2y + 1: vertical walls or gaps, and the cells between. */
static void
cell_row(struct map *m, const struct maze__window *w, uint32_t y)
{
    uint32_t width = m->rows->width;
    for (uint32_t i = 0; i <= width; i++) {
        put(m, maze__bit_get(w->vwall, i) ? WALL : FLOOR, i == 0);
        if (i < width) {
            put(m, cell(m->rows, i, y), false);
        }
    }
    end_line(m);
}

static int
flush(struct map *m, const struct maze_sink *sink, bool force)
{
    if (!force && m->cap - m->len > m->cap / 2) {
        return MAZE_OK;
    }
    int rc = maze__sink_write(sink, m->buf, m->len);
    m->len = 0;
    return rc;
}

static int
write_map(struct map *m, struct maze__window *w, const struct maze_sink *sink)
{
    int rc = MAZE_OK;
    for (uint32_t j = 0; j <= m->rows->height && rc == MAZE_OK; j++) {
        rc = maze__window_advance(w, j);
        if (rc == MAZE_OK) {
            line_row(m, w);
            if (j < m->rows->height) {
                cell_row(m, w, j);
            }
            rc = flush(m, sink, false);
        }
    }
    return rc == MAZE_OK ? flush(m, sink, true) : rc;
}

static int
map_rows(const struct maze__rows *rows, const struct maze_export_options *opt,
         const struct maze_sink *sink, enum form form)
{
    struct map m = {.rows = rows, .form = form, .chars = opt->blocks};
    if (m.chars == NULL) {
        m.chars = MAZE_BLOCKS_DEFAULT;
    }
    if (form == CHARS && !maze_blocks_valid(m.chars)) {
        return MAZE_ERR_INVALID;
    }
    /* Two block rows at up to two bytes a block (CSV), with newlines. */
    size_t blocks, two_rows;
    if (!maze__mul_size((size_t)rows->width + 1, 2, &blocks) ||
        !maze__mul_size(blocks + 1, 4, &two_rows) ||
        two_rows > SIZE_MAX - FLUSH_AT) {
        return MAZE_ERR_NOMEM;
    }
    m.cap = two_rows + FLUSH_AT;
    struct maze__window w;
    int rc = maze__window_init(&w, rows);
    if (rc != MAZE_OK) {
        return rc;
    }
    m.buf = malloc(m.cap);
    rc = m.buf == NULL ? MAZE_ERR_NOMEM : write_map(&m, &w, sink);
    free(m.buf);
    maze__window_finish(&w);
    return rc;
}

static int
chars_rows(const struct maze__rows *rows, const struct maze_export_options *opt,
           const struct maze_sink *sink)
{
    return map_rows(rows, opt, sink, CHARS);
}

static int
csv_rows(const struct maze__rows *rows, const struct maze_export_options *opt,
         const struct maze_sink *sink)
{
    return map_rows(rows, opt, sink, CSV);
}

static int
raw_rows(const struct maze__rows *rows, const struct maze_export_options *opt,
         const struct maze_sink *sink)
{
    return map_rows(rows, opt, sink, RAW);
}

/* Whole rectangles only (maze__export_by_rows() refuses the rest): other
 * kinds' cells, and a mask's missing ones, have no place on the block
 * lattice. */
static int
map_maze(const struct maze *m, const struct maze_export_options *opt,
         const struct maze_sink *sink, maze__rows_writer write)
{
    return maze__export_by_rows(m, opt, sink, write);
}

static int
chars_write(const struct maze *m, const struct maze_export_options *opt,
            const struct maze_sink *sink)
{
    return map_maze(m, opt, sink, chars_rows);
}

static int
csv_write(const struct maze *m, const struct maze_export_options *opt,
          const struct maze_sink *sink)
{
    return map_maze(m, opt, sink, csv_rows);
}

static int
raw_write(const struct maze *m, const struct maze_export_options *opt,
          const struct maze_sink *sink)
{
    return map_maze(m, opt, sink, raw_rows);
}

static const char *const chars_ext[] = {"blocks", NULL};
static const char *const csv_ext[] = {"csv", NULL};
static const char *const raw_ext[] = {"raw", NULL};

const struct maze__exporter maze__export_blocks = {
    .info =
        {
            .name = "blocks",
            .extensions = chars_ext,
            .description = "block map, one character a block (--blocks)",
            .flags = MAZE_FORMAT_TEXT | MAZE_FORMAT_DATA,
            .draws = MAZE_DRAWS_RECT | MAZE_DRAWS_ROWS | MAZE_DRAWS_LONE,
            .reads = MAZE_READS_BLOCKS,
            .unit = MAZE_UNIT_PX,
            .memory = {.solution_per_cell = 1},
        },
    .write = chars_write,
    .write_rows = chars_rows,
};

const struct maze__exporter maze__export_blocks_csv = {
    .info =
        {
            .name = "blocks-csv",
            .extensions = csv_ext,
            .description = "block map as CSV: 0 wall, 1 floor, 2 start, "
                           "3 finish",
            .flags = MAZE_FORMAT_TEXT | MAZE_FORMAT_DATA,
            .draws = MAZE_DRAWS_RECT | MAZE_DRAWS_ROWS | MAZE_DRAWS_LONE,
            .unit = MAZE_UNIT_PX,
            .memory = {.solution_per_cell = 1},
        },
    .write = csv_write,
    .write_rows = csv_rows,
};

const struct maze__exporter maze__export_blocks_raw = {
    .info =
        {
            .name = "blocks-raw",
            .extensions = raw_ext,
            .description = "block map, one byte a block: 0 wall, 1 floor, "
                           "2 start, 3 finish",
            .flags = MAZE_FORMAT_DATA,
            .draws = MAZE_DRAWS_RECT | MAZE_DRAWS_ROWS | MAZE_DRAWS_LONE,
            .unit = MAZE_UNIT_PX,
            .memory = {.solution_per_cell = 1},
        },
    .write = raw_write,
    .write_rows = raw_rows,
};
