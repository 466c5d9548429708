/* SPDX-License-Identifier: MIT */
/*
 * Text of 3D mazes: the levels side by side, each drawn as the text
 * exporter draws a rectangle (posts, walls, two columns a cell), three
 * spaces apart, under a line naming them. A cell's first column holds its
 * stair mark: '^' (UTF-8 U+25B2) up, 'v' (U+25BC) down, 'X' (U+25C6) both;
 * the solution fills the rest as in a flat maze, and changes level where
 * a mark is. The maze is in memory (3D mazes do not stream), so this
 * builds one text line at a time from the passage bitset.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "export/common.h"
#include "export/text_glyphs.h"
#include "export/export_impl.h"
#include "export/rect_rows.h"

/* Glyphs as the flat text exporter spells them. */

/* The widest glyph is three bytes. */
#define GLYPH_MAX 3

struct levels_text {
    const struct maze *m;
    const struct glyphs *g;
    uint32_t w, h, levels;
    /* MAZE__LINK_* and MAZE__ON_PATH per cell, or NULL. */
    uint8_t *path;
    char *buf;
    size_t len;
};

static void
put(struct levels_text *t, const char *s)
{
    size_t n = strlen(s);
    memcpy(t->buf + t->len, s, n);
    t->len += n;
}

static uint32_t
cell_of(const struct levels_text *t, uint32_t l, uint32_t x, uint32_t y)
{
    return (l * t->h + y) * t->w + x;
}

/* Whether side s of the cell is an endpoint's opening. */
static bool
opening(const struct levels_text *t, uint32_t c, unsigned s)
{
    const struct maze *m = t->m;
    return (c == m->start && m->start_opening == s) ||
           (c == m->finish && m->finish_opening == s);
}

/* A wall above cell (x, j) of level l, on lattice line j (0 .. h). */
static bool
hwall(const struct levels_text *t, uint32_t l, uint32_t x, uint32_t j)
{
    if (j == 0) {
        return !opening(t, cell_of(t, l, x, 0), MAZE__SIDE_N);
    }
    if (j == t->h) {
        return !opening(t, cell_of(t, l, x, j - 1), MAZE__SIDE_S);
    }
    return !maze__is_open(t->m, 3 * cell_of(t, l, x, j - 1) + 1);
}

/* A wall on vertical line i (0 .. w) of row y of level l. */
static bool
vwall(const struct levels_text *t, uint32_t l, uint32_t i, uint32_t y)
{
    if (i == 0) {
        return !opening(t, cell_of(t, l, 0, y), MAZE__SIDE_W);
    }
    if (i == t->w) {
        return !opening(t, cell_of(t, l, i - 1, y), MAZE__SIDE_E);
    }
    return !maze__is_open(t->m, 3 * cell_of(t, l, i - 1, y));
}

static unsigned
bits(const struct levels_text *t, uint32_t c)
{
    return t->path ? t->path[c] : 0;
}

static void
lattice_line(struct levels_text *t, uint32_t l, uint32_t j)
{
    for (uint32_t i = 0; i <= t->w; i++) {
        unsigned arms = 0;
        arms |= j > 0 && vwall(t, l, i, j - 1) ? ARM_UP : 0;
        arms |= j < t->h && vwall(t, l, i, j) ? ARM_DOWN : 0;
        arms |= i > 0 && hwall(t, l, i - 1, j) ? ARM_LEFT : 0;
        arms |= i < t->w && hwall(t, l, i, j) ? ARM_RIGHT : 0;
        put(t, t->g->post[arms]);
        if (i == t->w) {
            break;
        }
        bool marked =
            (j < t->h && (bits(t, cell_of(t, l, i, j)) & MAZE__LINK_N)) ||
            (j > 0 && (bits(t, cell_of(t, l, i, j - 1)) & MAZE__LINK_S));
        put(t, hwall(t, l, i, j) ? t->g->hwall : marked ? t->g->hpath : "  ");
    }
}

static void
cell_line(struct levels_text *t, uint32_t l, uint32_t y)
{
    const struct maze *m = t->m;
    for (uint32_t i = 0; i <= t->w; i++) {
        bool marked =
            (i < t->w && (bits(t, cell_of(t, l, i, y)) & MAZE__LINK_W)) ||
            (i > 0 && (bits(t, cell_of(t, l, i - 1, y)) & MAZE__LINK_E));
        put(t, vwall(t, l, i, y) ? t->g->vwall : marked ? t->g->vpath : " ");
        if (i == t->w) {
            break;
        }
        uint32_t c = cell_of(t, l, i, y);
        unsigned stairs = maze__cell_stairs(m, c);
        const char *fill = bits(t, c) & MAZE__ON_PATH ? t->g->path : " ";
        if (c == m->start || c == m->finish) {
            put(t, c == m->start ? "S" : "F");
            put(t, stairs                            ? t->g->stair[stairs]
                   : c == m->start && c == m->finish ? "F"
                                                     : " ");
            continue;
        }
        put(t, stairs ? t->g->stair[stairs] : fill);
        put(t, fill);
    }
}

/* The solution as per-cell bits: sides crossed within a level, and the
 * openings the path leaves through at its ends. */
static int
path_bits(struct levels_text *t, const struct maze_path *p)
{
    if (p == NULL || p->length == 0) {
        return MAZE_OK;
    }
    const struct maze_grid *g = t->m->grid;
    t->path = calloc(g->cells, 1);
    if (t->path == NULL) {
        return MAZE_ERR_NOMEM;
    }
    for (size_t i = 0; i < p->length; i++) {
        uint32_t c = p->cells[i];
        if (c >= g->cells) {
            return MAZE_ERR_INVALID;
        }
        t->path[c] |= MAZE__ON_PATH;
        if (i == 0) {
            continue;
        }
        uint32_t a = p->cells[i - 1];
        uint32_t lo = a < c ? a : c, hi = a < c ? c : a;
        if (hi == lo + 1) {
            t->path[lo] |= MAZE__LINK_E;
            t->path[hi] |= MAZE__LINK_W;
        } else if (hi == lo + t->w) {
            t->path[lo] |= MAZE__LINK_S;
            t->path[hi] |= MAZE__LINK_N;
        }
    }
    const struct maze *m = t->m;
    uint32_t ends[2] = {p->cells[0], p->cells[p->length - 1]};
    for (int e = 0; e < 2; e++) {
        if (ends[e] == m->start && m->start_opening < 4) {
            t->path[ends[e]] |= 1u << m->start_opening;
        }
        if (ends[e] == m->finish && m->finish_opening < 4) {
            t->path[ends[e]] |= 1u << m->finish_opening;
        }
    }
    return MAZE_OK;
}

/* The line naming the levels, each over its panel. */
static void
title_line(struct levels_text *t)
{
    for (uint32_t l = 0; l < t->levels; l++) {
        char name[32];
        int n = snprintf(name, sizeof(name), "Level %u", (unsigned)l + 1);
        put(t, name);
        /* A panel is 2w + 1 columns wide, three spaces to the next. */
        for (uint32_t k = (uint32_t)n; k < 2 * t->w + 4; k++) {
            put(t, " ");
        }
    }
}

/* Ends a line without the spaces that pad it. */
static void
end_line(struct levels_text *t)
{
    while (t->len > 0 && t->buf[t->len - 1] == ' ') {
        t->len--;
    }
    put(t, "\n");
}

int
maze__text_levels(const struct maze *m, const struct maze_export_options *opt,
                  const struct maze_sink *sink)
{
    const struct maze_grid *g = m->grid;
    struct levels_text t = {
        .m = m,
        .g = opt->charset == MAZE_CHARSET_UTF8 ? &utf8 : &ascii,
        .w = g->width,
        .h = g->height,
        .levels = g->size[MAZE_SIZE_LEVELS],
    };
    /* A line: per level a post and two glyphs a cell, its last post and
     * three spaces (or the level's name, shorter than 2w + 4 plus 16). */
    size_t per, cap;
    if (!maze__mul_size((size_t)t.w + 1, 3 * GLYPH_MAX, &per) ||
        !maze__mul_size(per + 16, t.levels, &cap) || cap > SIZE_MAX - 256) {
        return MAZE_ERR_NOMEM;
    }
    t.buf = malloc(cap + 256);
    int rc = t.buf ? path_bits(&t, opt->solution) : MAZE_ERR_NOMEM;
    if (rc == MAZE_OK) {
        title_line(&t);
        end_line(&t);
        rc = maze__sink_write(sink, t.buf, t.len);
    }
    for (uint32_t row = 0; row <= 2 * t.h && rc == MAZE_OK; row++) {
        t.len = 0;
        for (uint32_t l = 0; l < t.levels; l++) {
            if (l > 0) {
                put(&t, "   ");
            }
            if (row % 2 == 0) {
                lattice_line(&t, l, row / 2);
            } else {
                cell_line(&t, l, row / 2);
            }
        }
        end_line(&t);
        rc = maze__sink_write(sink, t.buf, t.len);
    }
    if (rc == MAZE_OK) {
        char desc[256];
        maze__describe(m, desc, sizeof(desc));
        char line[sizeof(desc) + 128];
        int n = snprintf(line, sizeof(line),
                         "# %s\n# %s up, %s down, %s both: stairs to the "
                         "next level and the one before\n",
                         desc, t.g->stair[1], t.g->stair[2], t.g->stair[3]);
        rc = maze__sink_write(sink, line, (size_t)n);
    }
    free(t.path);
    free(t.buf);
    return rc;
}
