/* SPDX-License-Identifier: MIT */
/*
 * The text exporter: a rectangular maze drawn in characters, ASCII ("+--+"
 * and "|") or UTF-8 box drawing, each cell two columns wide (or in the
 * underscore style of text_underscore.c), followed by a
 * "# " line naming what regenerates it. Lines are drawn from rows of
 * passages (rect_rows.h), whether the maze is in memory or being carved
 * while it is written, so memory is a few lines, O(width), however tall
 * the maze; drawing a solution adds one byte per cell recording which
 * sides the path crosses.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "export/common.h"
#include "export/export_impl.h"
#include "export/rect_rows.h"
#include "export/text_glyphs.h"

/* The widest glyph is three bytes; cells and wall runs are two glyphs. */
#define GLYPH_MAX 3
/* Lines are gathered up to about this many bytes before the sink sees
 * them, so narrow mazes do not cost a write per line. */
#define FLUSH_AT 65536

struct text {
    const struct maze__rows *rows;
    const struct glyphs *g;
    struct maze__window win;
    char *buf;
    size_t len, cap;
};

static void
put(struct text *t, const char *s)
{
    size_t n = strlen(s);
    memcpy(t->buf + t->len, s, n);
    t->len += n;
}

/* The post at vertical line i of the window's lattice line. */
static const char *
post(const struct text *t, uint32_t i)
{
    const struct maze__window *w = &t->win;
    unsigned arms = 0;
    arms |= maze__bit_get(w->vwall_prev, i) ? ARM_UP : 0;
    arms |= maze__bit_get(w->hwall, i) ? ARM_RIGHT : 0;
    arms |= maze__bit_get(w->vwall, i) ? ARM_DOWN : 0;
    arms |= i > 0 && maze__bit_get(w->hwall, i - 1) ? ARM_LEFT : 0;
    return t->g->post[arms];
}

static unsigned
path_at(const uint8_t *row, uint32_t x)
{
    return row ? row[x] : 0;
}

/* The window's lattice line: posts and the walls (or path gaps) between. */
static void
wall_line(struct text *t)
{
    const struct maze__window *w = &t->win;
    uint32_t width = t->rows->width;
    for (uint32_t x = 0; x < width; x++) {
        put(t, post(t, x));
        bool marked = (path_at(w->path_cur, x) & MAZE__LINK_N) ||
                      (path_at(w->path_prev, x) & MAZE__LINK_S);
        put(t, maze__bit_get(w->hwall, x) ? t->g->hwall
               : marked                   ? t->g->hpath
                                          : "  ");
    }
    put(t, post(t, width));
    put(t, "\n");
}

static const char *
cell_text(const struct text *t, uint32_t x, uint32_t y)
{
    const struct maze__rows *r = t->rows;
    bool start = x == r->start_x && y == r->start_y;
    bool finish = x == r->finish_x && y == r->finish_y;
    if (start || finish) {
        return start && finish ? "SF" : start ? "S " : "F ";
    }
    return path_at(t->win.path_cur, x) & MAZE__ON_PATH ? t->g->cell_path : "  ";
}

/* Cell row y: vertical walls (or path gaps) and the cells between. */
static void
cell_line(struct text *t, uint32_t y)
{
    const struct maze__window *w = &t->win;
    uint32_t width = t->rows->width;
    for (uint32_t i = 0; i <= width; i++) {
        bool marked = (i < width && (path_at(w->path_cur, i) & MAZE__LINK_W)) ||
                      (i > 0 && (path_at(w->path_cur, i - 1) & MAZE__LINK_E));
        put(t, maze__bit_get(w->vwall, i) ? t->g->vwall
               : marked                   ? t->g->vpath
                                          : " ");
        if (i < width) {
            put(t, cell_text(t, i, y));
        }
    }
    put(t, "\n");
}

/* Hands the gathered lines to the sink once they fill the buffer (or at
 * the end, with force). */
static int
flush(struct text *t, const struct maze_sink *sink, bool force)
{
    if (!force && t->cap - t->len > t->cap / 2) {
        return MAZE_OK;
    }
    int rc = maze__sink_write(sink, t->buf, t->len);
    t->len = 0;
    return rc;
}

static int
write_lines(struct text *t, const struct maze_sink *sink)
{
    uint32_t h = t->rows->height;
    int rc = MAZE_OK;
    for (uint32_t y = 0; y <= h && rc == MAZE_OK; y++) {
        rc = maze__window_advance(&t->win, y);
        if (rc == MAZE_OK) {
            wall_line(t);
            rc = flush(t, sink, false);
        }
        if (rc == MAZE_OK && y < h) {
            cell_line(t, y);
            rc = flush(t, sink, false);
        }
    }
    if (rc == MAZE_OK) {
        rc = flush(t, sink, true);
    }
    if (rc == MAZE_OK) {
        char desc[256];
        maze__describe_size(t->rows->width, h, t->rows->provenance, desc,
                            sizeof(desc));
        char line[sizeof(desc) + 3];
        int n = snprintf(line, sizeof(line), "# %s\n", desc);
        rc = maze__sink_write(sink, line, (size_t)n);
    }
    return rc;
}

static int
text_write_rows(const struct maze__rows *rows,
                const struct maze_export_options *opt,
                const struct maze_sink *sink)
{
    if (opt->charset == MAZE_CHARSET_UNDERSCORE) {
        return maze__text_underscore(rows, opt, sink);
    }
    if (opt->charset != MAZE_CHARSET_ASCII &&
        opt->charset != MAZE_CHARSET_UTF8) {
        return MAZE_ERR_INVALID;
    }
    struct text t = {
        .rows = rows,
        .g = opt->charset == MAZE_CHARSET_UTF8 ? &utf8 : &ascii,
    };
    /* A line is at most a post or vertical glyph and two glyphs per cell,
     * one more post and a newline; the buffer holds at least two lines
     * and the closing comment. */
    size_t w = rows->width, line;
    if (!maze__mul_size(w + 1, 3 * GLYPH_MAX, &line) ||
        !maze__mul_size(line + 1, 2, &t.cap) || t.cap > SIZE_MAX - FLUSH_AT) {
        return MAZE_ERR_NOMEM;
    }
    t.cap += FLUSH_AT;
    int rc = maze__window_init(&t.win, rows);
    if (rc != MAZE_OK) {
        return rc;
    }
    t.buf = malloc(t.cap);
    if (t.buf == NULL) {
        rc = MAZE_ERR_NOMEM;
    } else {
        rc = write_lines(&t, sink);
    }
    free(t.buf);
    maze__window_finish(&t.win);
    return rc;
}

static int
text_write(const struct maze *m, const struct maze_export_options *opt,
           const struct maze_sink *sink)
{
    if (m->grid->ops->stairs != NULL && !maze_grid_masked(m->grid)) {
        if (opt->charset == MAZE_CHARSET_UNDERSCORE) {
            return MAZE_ERR_UNSUPPORTED; /* no room for the stairs */
        }
        if (opt->charset != MAZE_CHARSET_ASCII &&
            opt->charset != MAZE_CHARSET_UTF8) {
            return MAZE_ERR_INVALID;
        }
        return maze__text_levels(m, opt, sink);
    }
    return maze__export_by_rows(m, opt, sink, text_write_rows);
}

static const char *const extensions[] = {"txt", NULL};

const struct maze__exporter maze__export_text = {
    .info =
        {
            .name = "text",
            .extensions = extensions,
            .description = "plain text: ASCII, UTF-8 box drawing or |_",
            .flags = MAZE_FORMAT_TEXT,
            .draws = MAZE_DRAWS_RECT | MAZE_DRAWS_LEVELS | MAZE_DRAWS_ROWS |
                     MAZE_DRAWS_LONE | MAZE_DRAWS_SOLUTION,
            .reads = MAZE_READS_CHARSET,
            .unit = MAZE_UNIT_PX,
            .memory = {.solution_per_cell = 1},
        },
    .write = text_write,
    .write_rows = text_write_rows,
};
