/* SPDX-License-Identifier: MIT */
/*
 * The geometry of the PNG exporter: sizing a maze in pixels, and drawing
 * each pixel row of it from the walls around the current row (rect_rows.h)
 * into one packed row buffer. A pixel row is drawn only when it differs
 * from the one before (a cell row has at most a handful of distinct pixel
 * rows), so drawing costs next to nothing beside libpng's deflate. The
 * start and finish arrows (png_arrow.c) lie in the margin, and are painted
 * over copies of the few rows they touch as those go out.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/rowbits.h"
#include "export/png_impl.h"
#include "export/png_write.h"

/* ---- Geometry ---------------------------------------------------------- */

/* The first pixel of lattice line i, and of the interior of cell i. */
static uint32_t
band(const struct maze__png_raster *r, uint32_t i)
{
    return r->margin + i * r->c;
}

static uint32_t
interior(const struct maze__png_raster *r, uint32_t i)
{
    return r->margin + i * r->c + r->t;
}

/* Paints pixels [x0, x1) of a packed row, whole bytes at a time. */
static void
fill(const struct maze__png_raster *r, uint8_t *row, uint32_t x0, uint32_t x1,
     unsigned v)
{
    unsigned per = 8 / r->depth;
    while (x0 < x1 && x0 % per != 0) {
        maze__png_set_px(row, r->depth, x0++, v);
    }
    while (x1 > x0 && x1 % per != 0) {
        maze__png_set_px(row, r->depth, --x1, v);
    }
    if (x0 < x1) {
        uint8_t byte = r->depth == 1 ? (v ? 0xff : 0x00) : (uint8_t)(v * 0x11);
        memset(row + x0 / per, byte, (x1 - x0) / per);
    }
}

/* Fills the whole row with floor, padding bits after the last pixel 0. */
static void
clear_row(const struct maze__png_raster *r, uint8_t *row)
{
    memset(row, 0, r->row_bytes);
    fill(r, row, 0, r->width, MAZE__PNG_FLOOR);
}

/* How pixel row k of a cell row's interior cuts the square markers and
 * the solution line; rows that cut them alike are drawn alike. */
struct cut {
    bool start, finish; /* a marker row of the start, of the finish */
    bool finish_hollow; /* inside the finish outline's hole */
    unsigned path;      /* 0 above the solution line, 1 on it, 2 below */
};

static struct cut
cut_at(const struct maze__png_raster *r, uint32_t y, uint32_t k)
{
    const struct maze__rows *rw = r->rows;
    bool marker = k >= r->mark_at && k < r->mark_at + r->mark;
    struct cut cut = {
        .start = marker && r->square[0] && y == rw->start_y,
        .finish = marker && r->square[1] && y == rw->finish_y,
        .path = k < r->line_at             ? 0
                : k < r->line_at + r->line ? 1
                                           : 2,
    };
    uint32_t ring = r->depth == 1 ? r->ring : 0;
    cut.finish_hollow = cut.finish && ring != 0 && k >= r->mark_at + ring &&
                        k < r->mark_at + r->mark - ring;
    if (rw->path == NULL) {
        cut.path = 0;
    }
    return cut;
}

static bool
same_cut(struct cut a, struct cut b)
{
    return a.start == b.start && a.finish == b.finish &&
           a.finish_hollow == b.finish_hollow && a.path == b.path;
}

/* The part of a square marker on cell (x, y) that lies in this row. */
static void
draw_marker(const struct maze__png_raster *r, uint8_t *row, uint32_t x,
            unsigned colour, bool hollow)
{
    uint32_t left = interior(r, x) + r->mark_at;
    if (!hollow) {
        fill(r, row, left, left + r->mark, colour);
    } else {
        fill(r, row, left, left + r->ring, colour);
        fill(r, row, left + r->mark - r->ring, left + r->mark, colour);
    }
}

static void
draw_markers(const struct maze__png_raster *r, uint8_t *row, struct cut cut)
{
    const struct maze__rows *rw = r->rows;
    bool bilevel = r->depth == 1;
    if (cut.start) {
        draw_marker(r, row, rw->start_x,
                    bilevel ? MAZE__PNG_INK : MAZE__PNG_START, false);
    }
    if (cut.finish) {
        draw_marker(r, row, rw->finish_x,
                    bilevel ? MAZE__PNG_INK : MAZE__PNG_FINISH,
                    cut.finish_hollow);
    }
}

/*
 * The part of the solution line through a cell row (its solution bits
 * `bits`) that lies in this pixel row: across the row (the line itself),
 * or above or below it, where only links north or south show. Each path
 * cell is a centred square stretched to the far side of the lattice line
 * towards each neighbour it is linked to (to the outer edge of the maze at
 * an opening), so consecutive cells join without a seam.
 */
enum { ABOVE = 0, ACROSS = 1, BELOW = 2 };

static void
draw_path_row(const struct maze__png_raster *r, uint8_t *row,
              const uint8_t *bits, unsigned where)
{
    uint32_t w = r->rows->width;
    for (uint32_t x = 0; x < w; x++) {
        unsigned b = bits[x];
        if (!(b & MAZE__ON_PATH)) {
            continue;
        }
        uint32_t left = interior(r, x) + r->line_at;
        if (where == ACROSS) {
            uint32_t x0 = b & MAZE__LINK_W ? band(r, x) : left;
            uint32_t x1 =
                b & MAZE__LINK_E ? band(r, x + 1) + r->t : left + r->line;
            fill(r, row, x0, x1, MAZE__PNG_SOLUTION);
        } else if ((where == ABOVE && (b & MAZE__LINK_N)) ||
                   (where == BELOW && (b & MAZE__LINK_S))) {
            fill(r, row, left, left + r->line, MAZE__PNG_SOLUTION);
        }
    }
}

/*
 * The posts of the window's lattice line: a point gets one only where a
 * wall meets it. In a perfect maze every point has one, but an open room or
 * a braided loop leaves points with none, which would show as stray dots.
 * Point x meets the walls of line segments x - 1 and x and of vertical
 * lines x in the rows above and below, so this is four words ORed a word
 * at a time.
 */
static void
find_posts(struct maze__png_raster *r)
{
    const struct maze__window *w = &r->win;
    uint64_t carry = 0;
    for (size_t i = 0; i < w->words; i++) {
        r->post[i] = w->hwall[i] | w->hwall[i] << 1 | carry | w->vwall[i] |
                     w->vwall_prev[i];
        carry = w->hwall[i] >> 63;
    }
}

/* Walls of a pixel row inside the band of the window's lattice line. */
static void
draw_hwalls(const struct maze__png_raster *r, uint8_t *row)
{
    uint32_t w = r->rows->width;
    for (uint32_t x = 0; x <= w; x++) {
        if (maze__bit_get(r->post, x)) {
            fill(r, row, band(r, x), band(r, x) + r->t, MAZE__PNG_INK);
        }
        if (x < w && maze__bit_get(r->win.hwall, x)) {
            fill(r, row, interior(r, x), band(r, x + 1), MAZE__PNG_INK);
        }
    }
}

/* Walls of a pixel row crossing the interiors of the window's cell row. */
static void
draw_vwalls(const struct maze__png_raster *r, uint8_t *row)
{
    uint32_t w = r->rows->width;
    for (uint32_t i = 0; i <= w; i++) {
        if (maze__bit_get(r->win.vwall, i)) {
            fill(r, row, band(r, i), band(r, i) + r->t, MAZE__PNG_INK);
        }
    }
}

/*
 * The general renderer, for any cell size and for the palette image.
 * Walls go last so that nothing else, not even a solution that steps
 * through a closed wall, can cut the lattice; the markers go over the
 * solution, which is as wide as they are when the walls are thick (it
 * is at least twice a wall), so both ends stay marked.
 */
static void
render_band(const struct maze__png_raster *r, uint8_t *row)
{
    clear_row(r, row);
    if (r->win.path_cur != NULL) {
        draw_path_row(r, row, r->win.path_cur, ABOVE);
    }
    if (r->win.path_prev != NULL) {
        draw_path_row(r, row, r->win.path_prev, BELOW);
    }
    draw_hwalls(r, row);
}

static void
render_interior(const struct maze__png_raster *r, uint8_t *row, struct cut cut)
{
    clear_row(r, row);
    if (r->win.path_cur != NULL) {
        draw_path_row(r, row, r->win.path_cur, cut.path);
    }
    draw_markers(r, row, cut);
    draw_vwalls(r, row);
}

/* Whether png_fast.c can draw the rows. */
static bool
fast(const struct maze__png_raster *r)
{
    return r->depth == 1 && r->c <= MAZE__PNG_FAST_MAX;
}

long
maze__png_default_wall(long c, unsigned dpi)
{
    /* A fifth of the cell, but a whole pixel and MAZE_MIN_WALL_PT at
     * least, however fine the dpi. */
    long t = (long)ceil(MAZE_MIN_WALL_PT * dpi / 72.0 - 1e-9);
    t = t > 1 ? t : 1;
    return c / 5 > t ? c / 5 : t;
}

bool
maze__png_wall_ok(long c, long t, unsigned dpi)
{
    return t >= 1 && t * 72.0 / dpi >= MAZE_MIN_WALL_PT - 1e-9 &&
           t <= c * (1 - MAZE_MIN_PASSAGE_SHARE);
}

/* Rejects NaN, infinities and absurd lengths before they reach integers. */
static bool
length_ok(struct maze_length len)
{
    return len.value <= 1e9;
}

/*
 * margin + cells*c + t + margin along one axis, if PNG can hold it. Every
 * term is below 2^31 * 2^30 (c, t and margin are at most 10^9), so the
 * 64-bit sum cannot wrap before it is compared.
 */
static bool
extent(uint32_t cells, uint32_t c, uint32_t t, uint32_t margin, uint32_t *out)
{
    uint64_t v = (uint64_t)cells * c + t + 2 * (uint64_t)margin;
    if (v > MAZE__PNG_UINT31_MAX) {
        return false;
    }
    *out = (uint32_t)v;
    return true;
}

int
maze__png_raster_plan(struct maze__png_raster *r, const struct maze__rows *rows,
                      const struct maze_export_options *opt)
{
    unsigned dpi = maze__dpi(opt);
    if (!length_ok(opt->cell_size) || !length_ok(opt->wall_width) ||
        !length_ok(opt->margin)) {
        return MAZE_ERR_RANGE;
    }
    long c = maze__length_px(opt->cell_size, dpi, 10);
    long t =
        maze__length_px(opt->wall_width, dpi, maze__png_default_wall(c, dpi));
    long margin =
        maze__length_px(opt->margin, dpi, maze__png_default_margin(c, dpi));
    double ppm = dpi / 0.0254 + 0.5;
    if (!maze__png_wall_ok(c, t, dpi) || c > 1000000000L ||
        margin > 1000000000L || ppm > MAZE__PNG_UINT31_MAX) {
        return MAZE_ERR_RANGE;
    }
    *r = (struct maze__png_raster){
        .rows = rows,
        .c = (uint32_t)c,
        .t = (uint32_t)t,
        .margin = (uint32_t)margin,
        .ppm = (uint32_t)ppm,
    };
    if (!extent(rows->width, r->c, r->t, r->margin, &r->width) ||
        !extent(rows->height, r->c, r->t, r->margin, &r->height)) {
        return MAZE_ERR_RANGE;
    }
    uint32_t s = r->c - r->t;
    r->mark = s / 2 + (s - s / 2) % 2;
    r->mark_at = (s - r->mark) / 2;
    /* Below 5 pixels an outline has no hole worth seeing. */
    uint32_t ring = r->mark / 4 < r->t ? r->mark / 4 : r->t;
    r->ring = s < 5 ? 0 : ring > 1 ? ring : 1;
    /* A third of the interior, and at least twice the wall (so it reads in
     * grayscale as a band, not as one more wall), with the interior's
     * parity so it is centred: rounded up, or down when that would not
     * fit. */
    uint32_t p = s / 3 > 1 ? s / 3 : 1;
    p = p > 2 * r->t ? p : 2 * r->t;
    p = p < s ? p : s;
    if ((s - p) % 2 != 0) {
        p = p + 1 <= s ? p + 1 : p - 1;
    }
    r->line = p > 0 ? p : 2;
    r->line_at = (s - r->line) / 2;
    maze__png_arrows_plan(r, dpi);
    if (r->c <= MAZE__PNG_FAST_MAX) {
        r->band_open = ((uint64_t)1 << s) - 1;
        r->inner_wall = r->band_open;
        r->inner_open = ((uint64_t)1 << r->c) - 1;
    }
    return MAZE_OK;
}

/* Whether an arrow touches rows [y, y + n). */
static bool
arrow_rows(const struct maze__png_raster *r, uint32_t y, uint32_t n)
{
    const struct maze__png_arrow *a = r->arrow;
    return (a[0].y0 < y + n && y < a[0].y1) || (a[1].y0 < y + n && y < a[1].y1);
}

/*
 * Hands row to libpng as the image's next n rows. The few an arrow
 * touches get it painted over a copy (row stands for many rows); every
 * other run of rows costs two comparisons more than it did without
 * arrows.
 */
static int
emit(struct maze__png_writer *w, struct maze__png_raster *r, const uint8_t *row,
     uint32_t n)
{
    uint32_t y = r->y, end = y + n;
    r->y = end;
    if (!arrow_rows(r, y, n)) {
        return maze__png_row(w, row, n);
    }
    int rc = MAZE_OK;
    while (y < end && rc == MAZE_OK) {
        uint32_t k = y;
        while (k < end && !arrow_rows(r, k, 1)) {
            k++;
        }
        if (k > y) {
            rc = maze__png_row(w, row, k - y);
            y = k;
            continue;
        }
        memcpy(r->painted, row, r->row_bytes);
        maze__png_arrow_row(r, &r->arrow[0], y, r->painted);
        maze__png_arrow_row(r, &r->arrow[1], y, r->painted);
        rc = maze__png_row(w, r->painted, 1);
        y++;
    }
    return rc;
}

/*
 * Every pixel row, top to bottom. Rows that show the same thing (every
 * pixel row of a wall band; the interior rows of a cell row between the
 * marker and solution edges) are drawn once and handed to libpng again,
 * so drawing costs a few rows per cell row whatever the cell size. Kept
 * out of line: inlined into png_write.c's write_png() (by link-time
 * optimisation) its locals would live across the setjmp there.
 */
__attribute__((noinline)) int
maze__png_raster_rows(struct maze__png_writer *w, struct maze__png_raster *r,
                      uint8_t *row)
{
    const struct maze__rows *rw = r->rows;
    uint32_t s = r->c - r->t;
    /* Bilevel without a solution: rows packed from two bit patterns. */
    bool packed = fast(r) && rw->path == NULL;
    r->y = 0;
    clear_row(r, row);
    int rc = emit(w, r, row, r->margin);
    for (uint32_t j = 0; j <= rw->height && rc == MAZE_OK; j++) {
        rc = maze__window_advance(&r->win, j);
        if (rc != MAZE_OK) {
            return rc;
        }
        find_posts(r);
        if (packed) {
            maze__png_fast_band(r, row);
        } else {
            render_band(r, row);
        }
        rc = emit(w, r, row, r->t);
        if (j == rw->height) {
            break;
        }
        struct cut drawn = {0};
        for (uint32_t k = 0; k < s && rc == MAZE_OK; k++) {
            struct cut cut = cut_at(r, j, k);
            if (k == 0 || !same_cut(cut, drawn)) {
                if (packed) {
                    maze__png_fast_interior(r, row);
                    draw_markers(r, row, cut);
                } else {
                    render_interior(r, row, cut);
                }
                drawn = cut;
            }
            rc = emit(w, r, row, 1);
        }
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    clear_row(r, row);
    return emit(w, r, row, r->margin);
}

int
maze__png_raster_buffers(struct maze__png_raster *r)
{
    r->painted = malloc(r->row_bytes);
    r->cover = maze__alloc_array(maze__png_arrow_span(r), sizeof(float), false);
    r->post = maze__alloc_array(r->win.words, sizeof(uint64_t), true);
    if (r->painted == NULL || r->cover == NULL || r->post == NULL) {
        maze__png_raster_free(r);
        return MAZE_ERR_NOMEM;
    }
    return MAZE_OK;
}

void
maze__png_raster_free(struct maze__png_raster *r)
{
    free(r->painted);
    free(r->cover);
    free(r->post);
    r->painted = NULL;
    r->cover = NULL;
    r->post = NULL;
}
