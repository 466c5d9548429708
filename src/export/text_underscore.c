/* SPDX-License-Identifier: MIT */
/*
 * The text format's underscore style: the "|_" drawing of early console
 * maze programs. Each cell is two columns, its floor ('_' when a wall
 * closes it to the south, else a space) and its east side ('|' for a
 * wall); a row of '_' above closes the top, a '|' the west side. Gaps in
 * the outer wall are the openings, the only marks of start and finish
 * (one column of floor has no room for a letter and a wall). Rows come
 * from the row window (rect_rows.h), so a streamed maze draws the same
 * way in memory O(width).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/checked.h"
#include "export/common.h"
#include "export/export_impl.h"
#include "export/rect_rows.h"

/* Lines are handed to the sink once about this many bytes are waiting. */
#define FLUSH_AT 65536

struct lines {
    char *buf;
    size_t len, cap;
};

/* Passes the waiting lines on when the buffer is half full, or with
 * force. */
static int
flush(struct lines *l, const struct maze_sink *sink, bool force)
{
    if (!force && l->cap - l->len > l->cap / 2) {
        return MAZE_OK;
    }
    int rc = maze__sink_write(sink, l->buf, l->len);
    l->len = 0;
    return rc;
}

/* The top line: a floor above each cell, the spaces between them. */
static void
top_line(struct lines *l, const struct maze__window *w, uint32_t width)
{
    for (uint32_t x = 0; x < width; x++) {
        l->buf[l->len++] = ' ';
        l->buf[l->len++] = maze__bit_get(w->hwall, x) ? '_' : ' ';
    }
    l->buf[l->len++] = '\n';
}

/* Row y, once the window is at lattice line y + 1: its vertical walls are
 * vwall_prev, the walls below it hwall. */
static void
row_line(struct lines *l, const struct maze__window *w, uint32_t width)
{
    l->buf[l->len++] = maze__bit_get(w->vwall_prev, 0) ? '|' : ' ';
    for (uint32_t x = 0; x < width; x++) {
        l->buf[l->len++] = maze__bit_get(w->hwall, x) ? '_' : ' ';
        l->buf[l->len++] =
            maze__bit_get(w->vwall_prev, (uint64_t)x + 1) ? '|' : ' ';
    }
    l->buf[l->len++] = '\n';
}

static int
write_lines(struct lines *l, struct maze__window *w,
            const struct maze__rows *rows, const struct maze_sink *sink)
{
    int rc = maze__window_advance(w, 0);
    if (rc == MAZE_OK) {
        top_line(l, w, rows->width);
    }
    for (uint32_t j = 1; j <= rows->height && rc == MAZE_OK; j++) {
        rc = maze__window_advance(w, j);
        if (rc == MAZE_OK) {
            row_line(l, w, rows->width);
            rc = flush(l, sink, false);
        }
    }
    if (rc == MAZE_OK) {
        rc = flush(l, sink, true);
    }
    if (rc == MAZE_OK) {
        char desc[256];
        maze__describe_size(rows->width, rows->height, rows->provenance, desc,
                            sizeof(desc));
        char line[sizeof(desc) + 3];
        int n = snprintf(line, sizeof(line), "# %s\n", desc);
        rc = maze__sink_write(sink, line, (size_t)n);
    }
    return rc;
}

int
maze__text_underscore(const struct maze__rows *rows,
                      const struct maze_export_options *opt,
                      const struct maze_sink *sink)
{
    (void)opt;
    if (rows->path != NULL) {
        return MAZE_ERR_UNSUPPORTED;
    }
    /* A line is two bytes a cell, the west wall and a newline; the
     * buffer holds a line past FLUSH_AT. */
    size_t line;
    struct lines l = {0};
    if (!maze__mul_size((size_t)rows->width + 1, 2, &line) ||
        line > SIZE_MAX - FLUSH_AT) {
        return MAZE_ERR_NOMEM;
    }
    l.cap = line + FLUSH_AT;
    struct maze__window w;
    int rc = maze__window_init(&w, rows);
    if (rc != MAZE_OK) {
        return rc;
    }
    l.buf = malloc(l.cap);
    rc = l.buf == NULL ? MAZE_ERR_NOMEM : write_lines(&l, &w, rows, sink);
    free(l.buf);
    maze__window_finish(&w);
    return rc;
}
