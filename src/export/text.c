/*
 * The text exporter: a rectangular maze drawn in characters, ASCII ("+--+"
 * and "|") or UTF-8 box drawing, each cell two columns wide, followed by a
 * "# " line naming what regenerates it. Each output line is built straight
 * from the passage bitset and written at once, so memory is one line,
 * O(width), however tall the maze; drawing a solution adds one byte per
 * cell recording which sides the path crosses.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "export/export_impl.h"
#include "export/rect_rows.h"

/* Arms of a lattice point that carry a wall, indexing glyphs.post. */
enum { ARM_UP = 1, ARM_RIGHT = 2, ARM_DOWN = 4, ARM_LEFT = 8 };

struct glyphs {
    const char *post[16];
    const char *hwall, *hpath, *vwall, *vpath, *cell_path;
};

static const struct glyphs ascii = {
    .post = {"+", "+", "+", "+", "+", "+", "+", "+", "+", "+", "+", "+", "+",
             "+", "+", "+"},
    .hwall = "--",
    .hpath = "**",
    .vwall = "|",
    .vpath = "*",
    .cell_path = "**",
};

/* Spelled as bytes so the output does not depend on the source charset. */
static const struct glyphs utf8 = {
    .post = {" ", "\xe2\x95\xb5", /* up: U+2575 */
             "\xe2\x95\xb6",      /* right: U+2576 */
             "\xe2\x94\x94",      /* up right: U+2514 */
             "\xe2\x95\xb7",      /* down: U+2577 */
             "\xe2\x94\x82",      /* up down: U+2502 */
             "\xe2\x94\x8c",      /* right down: U+250C */
             "\xe2\x94\x9c",      /* up right down: U+251C */
             "\xe2\x95\xb4",      /* left: U+2574 */
             "\xe2\x94\x98",      /* up left: U+2518 */
             "\xe2\x94\x80",      /* right left: U+2500 */
             "\xe2\x94\xb4",      /* up right left: U+2534 */
             "\xe2\x94\x90",      /* down left: U+2510 */
             "\xe2\x94\xa4",      /* up down left: U+2524 */
             "\xe2\x94\xac",      /* right down left: U+252C */
             "\xe2\x94\xbc"},     /* all four: U+253C */
    .hwall = "\xe2\x94\x80\xe2\x94\x80",
    .hpath = "\xe2\x96\x91\xe2\x96\x91",
    .vwall = "\xe2\x94\x82",
    .vpath = "\xe2\x96\x91",
    .cell_path = "\xe2\x96\x91\xe2\x96\x91",
};

/* The widest glyph is three bytes; cells and wall runs are two glyphs. */
#define GLYPH_MAX 3

struct text {
    const struct maze *m;
    const struct glyphs *g;
    const uint8_t *path; /* NULL without a solution */
    char *buf;
    size_t len;
};

/* The wall on horizontal lattice line j (0..height) above cell column x. */
static bool
hwall(const struct maze *m, uint32_t x, uint32_t j)
{
    uint32_t h = m->grid->height;
    return j < h ? maze__rect_wall(m, x, j, MAZE__SIDE_N)
                 : maze__rect_wall(m, x, h - 1, MAZE__SIDE_S);
}

/* The wall on vertical lattice line i (0..width) left of cell row y. */
static bool
vwall(const struct maze *m, uint32_t i, uint32_t y)
{
    uint32_t w = m->grid->width;
    return i < w ? maze__rect_wall(m, i, y, MAZE__SIDE_W)
                 : maze__rect_wall(m, w - 1, y, MAZE__SIDE_E);
}

static unsigned
bits_at(const struct text *t, uint32_t x, uint32_t y)
{
    return t->path ? t->path[(size_t)y * t->m->grid->width + x] : 0;
}

static void
put(struct text *t, const char *s)
{
    size_t n = strlen(s);
    memcpy(t->buf + t->len, s, n);
    t->len += n;
}

static const char *
post(const struct text *t, uint32_t i, uint32_t j)
{
    const struct maze_grid *g = t->m->grid;
    unsigned arms = 0;
    arms |= j > 0 && vwall(t->m, i, j - 1) ? ARM_UP : 0;
    arms |= i < g->width && hwall(t->m, i, j) ? ARM_RIGHT : 0;
    arms |= j < g->height && vwall(t->m, i, j) ? ARM_DOWN : 0;
    arms |= i > 0 && hwall(t->m, i - 1, j) ? ARM_LEFT : 0;
    return t->g->post[arms];
}

/* Horizontal lattice line j: posts and the walls (or path gaps) between. */
static void
wall_line(struct text *t, uint32_t j)
{
    const struct maze_grid *g = t->m->grid;
    for (uint32_t x = 0; x < g->width; x++) {
        put(t, post(t, x, j));
        bool marked = (j < g->height && (bits_at(t, x, j) & MAZE__LINK_N)) ||
                      (j > 0 && (bits_at(t, x, j - 1) & MAZE__LINK_S));
        put(t, hwall(t->m, x, j) ? t->g->hwall : marked ? t->g->hpath : "  ");
    }
    put(t, post(t, g->width, j));
    put(t, "\n");
}

static const char *
cell_text(const struct text *t, uint32_t x, uint32_t y)
{
    uint32_t cell = y * t->m->grid->width + x;
    bool start = cell == t->m->start, finish = cell == t->m->finish;
    if (start || finish) {
        return start && finish ? "SF" : start ? "S " : "F ";
    }
    return bits_at(t, x, y) & MAZE__ON_PATH ? t->g->cell_path : "  ";
}

/* Cell row y: vertical walls (or path gaps) and the cells between. */
static void
cell_line(struct text *t, uint32_t y)
{
    uint32_t w = t->m->grid->width;
    for (uint32_t i = 0; i <= w; i++) {
        bool marked = (i < w && (bits_at(t, i, y) & MAZE__LINK_W)) ||
                      (i > 0 && (bits_at(t, i - 1, y) & MAZE__LINK_E));
        put(t, vwall(t->m, i, y) ? t->g->vwall : marked ? t->g->vpath : " ");
        if (i < w) {
            put(t, cell_text(t, i, y));
        }
    }
    put(t, "\n");
}

static int
flush(struct text *t, const struct maze_sink *sink)
{
    int rc = maze__sink_write(sink, t->buf, t->len);
    t->len = 0;
    return rc;
}

static int
write_lines(struct text *t, const struct maze_sink *sink)
{
    uint32_t h = t->m->grid->height;
    int rc = MAZE_OK;
    for (uint32_t y = 0; y < h && rc == MAZE_OK; y++) {
        wall_line(t, y);
        rc = flush(t, sink);
        if (rc == MAZE_OK) {
            cell_line(t, y);
            rc = flush(t, sink);
        }
    }
    if (rc == MAZE_OK) {
        wall_line(t, h);
        rc = flush(t, sink);
    }
    if (rc == MAZE_OK) {
        char desc[256];
        maze__describe(t->m, desc, sizeof(desc));
        char line[sizeof(desc) + 3];
        int n = snprintf(line, sizeof(line), "# %s\n", desc);
        rc = maze__sink_write(sink, line, (size_t)n);
    }
    return rc;
}

static int
text_write(const struct maze *m, const struct maze_export_options *opt,
           const struct maze_sink *sink)
{
    if (!maze__grid_is_rect(m->grid)) {
        return MAZE_ERR_UNSUPPORTED;
    }
    if (opt->charset != MAZE_CHARSET_ASCII &&
        opt->charset != MAZE_CHARSET_UTF8) {
        return MAZE_ERR_INVALID;
    }
    struct text t = {
        .m = m,
        .g = opt->charset == MAZE_CHARSET_UTF8 ? &utf8 : &ascii,
    };
    /* Per cell: a post or vertical glyph and two glyphs; one more post. */
    size_t w = m->grid->width, cap;
    if (!maze__mul_size(w + 1, 3 * GLYPH_MAX, &cap) || cap == SIZE_MAX) {
        return MAZE_ERR_NOMEM;
    }
    uint8_t *path;
    int rc = maze__rect_path_bits(m, opt->solution, &path);
    if (rc != MAZE_OK) {
        return rc;
    }
    t.path = path;
    t.buf = malloc(cap + 1);
    if (t.buf == NULL) {
        rc = MAZE_ERR_NOMEM;
        goto free_path;
    }
    rc = write_lines(&t, sink);
    free(t.buf);
free_path:
    free(path);
    return rc;
}

static const char *const extensions[] = {"txt", NULL};

const struct maze__exporter maze__export_text = {
    .info =
        {
            .name = "text",
            .extensions = extensions,
            .description = "plain text, ASCII or UTF-8 box drawing",
            .flags = MAZE_FORMAT_TEXT,
        },
    .write = text_write,
};
