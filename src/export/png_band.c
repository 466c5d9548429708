/* SPDX-License-Identifier: MIT */
/*
 * PNG of any grid kind: cairo draws the maze in horizontal bands of a few
 * megabytes, and each band's pixel rows go to libpng (png_write.c), so
 * the image is never whole in memory. Rectangles keep the exact pixel
 * path of png.c; every other kind (hexagons, triangles, masks, arcs)
 * comes here, antialiased like the vector formats. The rows are 8-bit
 * RGB, or, where walls lie along the axes (few colours), a palette or
 * grey levels of the colours a first drawing of the bands counted.
 *
 * A band draws only the cells that reach it. When the grid numbers its
 * cells from top to bottom (every kind whose cells go row by row), those
 * are a window of cell numbers that slides down with the bands, found
 * with no memory at all; otherwise each band lists its cells once, 4
 * bytes a cell. Walls are the sides of those cells (a shared wall from the
 * lower-numbered of its two cells, so it is drawn once) and their stair
 * marks, the solution the pieces of its polyline that reach the band (each
 * band's segments listed once), the markers every band, the labels that
 * reach it: a band's work is what it shows, not the whole maze.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "core/checked.h"
#include "core/fractal.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "export/cairo_util.h"
#include "export/common.h"
#include "export/png_impl.h"
#include "export/png_write.h"
#include "layout/layout.h"

/* About this many bytes of pixels per band (a variable so the tests can
 * cut an image into many bands and compare it with one). */
size_t maze__png_band_bytes = (size_t)1 << 20;
size_t maze__png_kept_bytes = (size_t)1 << 20;
_Atomic unsigned long long maze__png_band_work;
_Atomic unsigned long long maze__png_band_draws;
bool maze__png_band_rgb;
#define TAU 6.28318530717958647693

/* cairo's largest image surface side. */
#define CAIRO_MAX_SIDE 32767

/* The most colours a palette holds, and the census's table of them: a
 * colour's slot by hash (a quarter full at most), CENSUS_EMPTY when free
 * (no RGB24 pixel, masked to 24 bits, is all ones). */
#define PALETTE_MAX 256
#define CENSUS_BITS 10
#define CENSUS_SLOTS (1u << CENSUS_BITS)
#define CENSUS_EMPTY 0xffffffffu

struct band {
    const struct maze *m;
    struct maze__page pg;
    struct maze__layout lay; /* the band's walls, and the markers */
    size_t run_cap;
    struct maze_point *sol;
    size_t sol_n;
    /* The solution's segments (i to i + 1) reaching each band, in order:
     * band k's are seg[seg_start[k] .. seg_start[k + 1]). */
    uint32_t *seg_start, *seg;
    size_t stair_cap;
    unsigned long long work; /* this band's, for maze__png_band_work */
    /* Cells in top-to-bottom order: the sliding window (exact: their
     * reaches never go back up at all, so it is found by search); else the
     * lists. */
    bool sorted, exact;
    uint32_t lo, hi;
    uint32_t *list_start, *list;
    uint32_t rows, band_rows, bands;
    cairo_surface_t *surface;
    uint8_t *row;
    /* A fractal maze's block sides (lay.levels its levels), else 1. */
    uint32_t bx, by;
    /* What the image is written as; for a palette or grey levels, the
     * colours drawn (take_census()), sorted, and each one's index by its
     * census slot. */
    enum maze__png_colour colour;
    unsigned depth, colours;
    uint32_t census[CENSUS_SLOTS];
    uint32_t palette[PALETTE_MAX];
    uint8_t index[CENSUS_SLOTS];
    /* A palette of greys and the markers' colours (take_marker_census()):
     * the grey levels it holds (0: not such a palette), and each grey's
     * index, that of the nearest level. */
    unsigned greys;
    uint8_t grey_index[256];
    /* The census's drawing of rows [0, kept) (whole bands), kept for the
     * body so that it does not draw them again (keep_rows()): row y is
     * row_len[y] runs from kept_runs[row_at[y]], each a colour's census slot
     * (high 16 bits) and a length; a row the same as the one above it
     * shares its runs. */
    uint32_t kept, rows_cap;
    uint32_t *row_at, *row_len, *kept_runs;
    size_t kept_n, kept_cap;
    unsigned long long kept_work; /* the drawing's, of the kept bands */
};

static int
compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The vertical reach of a cell, in grid units. */
static void
cell_reach(const struct maze_grid *g, uint32_t c, double *top, double *bottom)
{
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze_grid_cell_sides(g, c, sides);
    *top = INFINITY;
    *bottom = -INFINITY;
    for (unsigned i = 0; i < n; i++) {
        const struct maze_side *s = &sides[i];
        /* Comparisons, not fmin() and fmax(): a side's points are never
         * NaN, and these inline (the calls were a fifth of the reach). */
        double lo = s->a.y < s->b.y ? s->a.y : s->b.y;
        double hi = s->a.y > s->b.y ? s->a.y : s->b.y;
        if (s->shape == MAZE_SIDE_ARC) {
            /* The arc reaches the circle's bottom (angle pi/2, y down)
             * or top (3 pi/2) only if it passes that angle. */
            double span = s->angle1 - s->angle0;
            double to_bottom = fmod(fmod(TAU / 4 - s->angle0, TAU) + TAU, TAU);
            double to_top = fmod(fmod(3 * TAU / 4 - s->angle0, TAU) + TAU, TAU);
            if (to_bottom <= span) {
                hi = fmax(hi, s->center.y + s->radius);
            }
            if (to_top <= span) {
                lo = fmin(lo, s->center.y - s->radius);
            }
        }
        *top = lo < *top ? lo : *top;
        *bottom = hi > *bottom ? hi : *bottom;
    }
}

/* The grid units a band of pixel rows [y0, y1) covers, walls included. */
static void
band_reach(const struct band *b, uint32_t y0, uint32_t y1, double *top,
           double *bottom)
{
    double pad = maze__page_outer(&b->pg) + 2;
    *top = (y0 - b->pg.y - pad) / b->pg.cell;
    *bottom = (y1 - b->pg.y + pad) / b->pg.cell;
}

/* Whether cells come top to bottom: their reaches never go back up (by
 * more than rounding); *exact when they never go back up at all. */
static bool
cells_sorted(const struct maze_grid *g, bool *exact)
{
    double top0 = -INFINITY, bottom0 = -INFINITY;
    *exact = true;
    for (uint32_t c = 0; c < g->cells; c++) {
        double top, bottom;
        cell_reach(g, c, &top, &bottom);
        if (top < top0 - 1e-9 || bottom < bottom0 - 1e-9) {
            *exact = false;
            return false;
        }
        *exact = *exact && top >= top0 && bottom >= bottom0;
        top0 = top;
        bottom0 = bottom;
    }
    return true;
}

/* The cell lists of every band (cells not in top-to-bottom order). */
static int
build_lists(struct band *b)
{
    const struct maze_grid *g = b->m->grid;
    b->list_start = calloc((size_t)b->bands + 1, sizeof(uint32_t));
    if (b->list_start == NULL) {
        return MAZE_ERR_NOMEM;
    }
    /* Twice: count, then place. */
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t c = 0; c < g->cells; c++) {
            double top, bottom;
            cell_reach(g, c, &top, &bottom);
            double p0 = b->pg.y + top * b->pg.cell - b->pg.wall - 2;
            double p1 = b->pg.y + bottom * b->pg.cell + b->pg.wall + 2;
            long f = (long)floor(p0 / b->band_rows);
            long l = (long)floor(p1 / b->band_rows);
            f = f < 0 ? 0 : f;
            l = l >= (long)b->bands ? (long)b->bands - 1 : l;
            for (long k = f; k <= l; k++) {
                if (pass == 0) {
                    b->list_start[k + 1]++;
                } else {
                    b->list[b->list_start[k]++] = c;
                }
            }
        }
        if (pass == 0) {
            for (uint32_t k = 0; k < b->bands; k++) {
                b->list_start[k + 1] += b->list_start[k];
            }
            b->list = maze__alloc_array(b->list_start[b->bands] + 1,
                                        sizeof(uint32_t), false);
            if (b->list == NULL) {
                return MAZE_ERR_NOMEM;
            }
        }
    }
    /* Placing moved each start to the next band's: shift them back. */
    memmove(b->list_start + 1, b->list_start, b->bands * sizeof(uint32_t));
    b->list_start[0] = 0;
    return MAZE_OK;
}

static int
push_run(struct band *b, const struct maze_side *s)
{
    if (b->lay.run_count == b->run_cap) {
        size_t cap = b->run_cap ? 2 * b->run_cap : 1024;
        struct maze__run *r = maze__alloc_array(cap, sizeof(*r), false);
        if (r == NULL) {
            return MAZE_ERR_NOMEM;
        }
        if (b->lay.run_count > 0) {
            memcpy(r, b->lay.runs, b->lay.run_count * sizeof(*r));
        }
        free(b->lay.runs);
        b->lay.runs = r;
        b->run_cap = cap;
    }
    unsigned level = 0;
    if (b->lay.levels > 0) {
        /* A fractal maze is a rectangle: sides lie along lattice lines. */
        const struct maze_grid *g = b->m->grid;
        level = s->a.y == s->b.y
                    ? maze__fractal_line((uint32_t)s->a.y, g->height, b->by,
                                         b->lay.levels)
                    : maze__fractal_line((uint32_t)s->a.x, g->width, b->bx,
                                         b->lay.levels);
    }
    b->lay.runs[b->lay.run_count++] = (struct maze__run){
        .level = level,
        .a = s->a,
        .b = s->b,
        .arc = s->shape == MAZE_SIDE_ARC,
        .center = s->center,
        .radius = s->radius,
        .angle0 = s->angle0,
        .angle1 = s->angle1,
    };
    return MAZE_OK;
}

static int
push_stair(struct band *b, uint32_t c, unsigned kind)
{
    if (b->lay.stair_count == b->stair_cap) {
        size_t cap = b->stair_cap ? 2 * b->stair_cap : 256;
        struct maze__stair *v = maze__alloc_array(cap, sizeof(*v), false);
        if (v == NULL) {
            return MAZE_ERR_NOMEM;
        }
        if (b->lay.stair_count > 0) {
            memcpy(v, b->lay.stairs, b->lay.stair_count * sizeof(*v));
        }
        free(b->lay.stairs);
        b->lay.stairs = v;
        b->stair_cap = cap;
    }
    b->lay.stairs[b->lay.stair_count++] =
        (struct maze__stair){maze_grid_cell_center(b->m->grid, c), kind};
    return MAZE_OK;
}

/* The walls of cell c (maze__cell_walls()), and its stair mark: a mark
 * lies inside its cell, so a band shows the marks of its own cells. */
static int
cell_walls(struct band *b, uint32_t c)
{
    struct maze_side walls[MAZE__CELL_WALLS_MAX];
    unsigned n = maze__cell_walls(b->m, c, walls);
    b->work++;
    for (unsigned i = 0; i < n; i++) {
        int rc = push_run(b, &walls[i]);
        if (rc != MAZE_OK) {
            return rc;
        }
    }
    unsigned stairs = maze__cell_stairs(b->m, c);
    if (stairs != 0) {
        b->work++;
        return push_stair(b, c, stairs);
    }
    return MAZE_OK;
}

/* Whether the window passes cell c: when `above`, the cell lies wholly
 * above grid units `limit` (its bottom is); else it starts at or above
 * them (its top is). */
static bool
passes(struct band *b, uint32_t c, bool above, double limit)
{
    double top, bottom;
    b->work++;
    cell_reach(b->m->grid, c, &top, &bottom);
    return above ? bottom < limit : top <= limit;
}

/*
 * The first cell from c on that the window does not pass (passes()), or
 * the cell count. Where reaches never go back up (b->exact) the cells it
 * passes come first, so a search finds that cell: steps doubling from c,
 * then halving, a few reaches a band where a walk looked at every cell
 * twice (and all of them once more when the census draws the markers'
 * rows). Its first look is at c, as the walk's was, so a window that
 * stays put costs one reach; the answer is the walk's.
 */
static uint32_t
skip_cells(struct band *b, uint32_t c, bool above, double limit)
{
    uint32_t n = b->m->grid->cells;
    if (!b->exact) {
        while (c < n && passes(b, c, above, limit)) {
            c++;
        }
        return c;
    }
    if (c >= n || !passes(b, c, above, limit)) {
        return c;
    }
    /* c is passed; the answer is in (ok, bad]. */
    uint32_t ok = c, bad = n, step = 1;
    while (n - ok > step) {
        if (!passes(b, ok + step, above, limit)) {
            bad = ok + step;
            break;
        }
        ok += step;
        step = step < n / 2 ? 2 * step : step;
    }
    while (bad - ok > 1) {
        uint32_t mid = ok + (bad - ok) / 2;
        if (passes(b, mid, above, limit)) {
            ok = mid;
        } else {
            bad = mid;
        }
    }
    return bad;
}

/* The walls of the cells reaching band k, pixel rows [y0, y1). */
static int
band_walls(struct band *b, uint32_t k, uint32_t y0, uint32_t y1)
{
    b->lay.run_count = 0;
    b->lay.stair_count = 0;
    if (!b->sorted) {
        for (uint32_t i = b->list_start[k]; i < b->list_start[k + 1]; i++) {
            int rc = cell_walls(b, b->list[i]);
            if (rc != MAZE_OK) {
                return rc;
            }
        }
        return MAZE_OK;
    }
    double top, bottom;
    band_reach(b, y0, y1, &top, &bottom);
    /* Cells wholly above the band are done for good. */
    b->lo = skip_cells(b, b->lo, true, top);
    if (b->hi < b->lo) {
        b->hi = b->lo;
    }
    b->hi = skip_cells(b, b->hi, false, bottom);
    for (uint32_t c = b->lo; c < b->hi; c++) {
        int rc = cell_walls(b, c);
        if (rc != MAZE_OK) {
            return rc;
        }
    }
    return MAZE_OK;
}

/* Whether segment i of the solution (points i and i + 1) reaches the
 * band of pixel rows [y0, y1): its span of y does, with half the line's
 * width (0.2 cells) around it. */
static bool
segment_reaches(const struct band *b, size_t i, uint32_t y0, uint32_t y1)
{
    double top, bottom, pad = 0.2;
    band_reach(b, y0, y1, &top, &bottom);
    /* fmax and fmin pass over a NaN (a lifted pen): such a segment is
     * its other point. */
    return fmax(b->sol[i].y, b->sol[i + 1].y) >= top - pad &&
           fmin(b->sol[i].y, b->sol[i + 1].y) <= bottom + pad;
}

/*
 * The segments of the solution reaching each band, listed once (4 bytes a
 * segment and band it reaches), so that a band looks only at its own: a
 * segment's first and last band come from its span of y, widened by one
 * either side and then trimmed by segment_reaches() itself, so the bands
 * draw exactly what a scan of the whole line would give them.
 */
static int
build_segments(struct band *b)
{
    b->seg_start = calloc((size_t)b->bands + 1, sizeof(uint32_t));
    if (b->seg_start == NULL) {
        return MAZE_ERR_NOMEM;
    }
    size_t segs = b->sol_n > 1 ? b->sol_n - 1 : 0;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < segs; i++) {
            double lo = fmin(b->sol[i].y, b->sol[i + 1].y);
            double hi = fmax(b->sol[i].y, b->sol[i + 1].y);
            if (isnan(lo)) {
                continue; /* two lifted points: nothing to draw */
            }
            double pad = maze__page_outer(&b->pg) + 2 + 0.2 * b->pg.cell;
            double p0 = b->pg.y + lo * b->pg.cell - pad;
            double p1 = b->pg.y + hi * b->pg.cell + pad;
            long f = (long)floor(p0 / b->band_rows) - 1;
            long l = (long)floor(p1 / b->band_rows) + 1;
            f = f < 0 ? 0 : f;
            l = l >= (long)b->bands ? (long)b->bands - 1 : l;
            for (long k = f; k <= l; k++) {
                uint32_t y0 = (uint32_t)k * b->band_rows;
                uint32_t y1 =
                    y0 + b->band_rows < b->rows ? y0 + b->band_rows : b->rows;
                if (!segment_reaches(b, i, y0, y1)) {
                    continue;
                }
                if (pass == 0) {
                    b->seg_start[k + 1]++;
                } else {
                    b->seg[b->seg_start[k]++] = (uint32_t)i;
                }
            }
        }
        if (pass == 0) {
            for (uint32_t k = 0; k < b->bands; k++) {
                b->seg_start[k + 1] += b->seg_start[k];
            }
            b->seg = maze__alloc_array((size_t)b->seg_start[b->bands] + 1,
                                       sizeof(uint32_t), false);
            if (b->seg == NULL) {
                return MAZE_ERR_NOMEM;
            }
        }
    }
    memmove(b->seg_start + 1, b->seg_start, b->bands * sizeof(uint32_t));
    b->seg_start[0] = 0;
    return MAZE_OK;
}

/* The pieces of the solution reaching band k, each a polyline: the runs
 * of consecutive segments in the band's list. */
static void
band_solution(cairo_t *cr, struct band *b, uint32_t k, uint32_t y0, uint32_t y1)
{
    if (b->sol_n == 1) {
        double top, bottom, pad = 0.2;
        band_reach(b, y0, y1, &top, &bottom);
        if (b->sol[0].y >= top - pad && b->sol[0].y <= bottom + pad) {
            maze__draw_solution(cr, b->sol, 1, &b->pg);
        }
        b->work++;
        return;
    }
    if (b->seg_start == NULL) {
        return;
    }
    uint32_t i = b->seg_start[k], end = b->seg_start[k + 1];
    while (i < end) {
        uint32_t j = i;
        while (j + 1 < end && b->seg[j + 1] == b->seg[j] + 1) {
            j++;
        }
        b->work += j - i + 1;
        maze__draw_solution(cr, b->sol + b->seg[i], b->seg[j] - b->seg[i] + 2,
                            &b->pg);
        i = j + 1;
    }
}

/* Draws band k, pixel rows [y0, y1), into b->surface. */
static int
draw_band(struct band *b, uint32_t k, uint32_t y0, uint32_t y1)
{
    maze__png_band_draws++;
    int rc = band_walls(b, k, y0, y1);
    if (rc != MAZE_OK) {
        return rc;
    }
    cairo_t *cr = cairo_create(b->surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_translate(cr, 0, -(double)y0);
    band_solution(cr, b, k, y0, y1);
    maze__draw_walls(cr, &b->lay, &b->pg);
    maze__draw_stairs(cr, b->lay.stairs, b->lay.stair_count, &b->pg);
    maze__draw_markers(cr, b->m, &b->lay, &b->pg);
    b->work += maze__draw_labels(cr, b->m, &b->pg);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(b->surface);
    return st == CAIRO_STATUS_SUCCESS ? MAZE_OK : maze__cairo_result(st, false);
}

/* The index of colour px (0x00RRGGBB) in the census's table: its slot. */
static uint32_t
census_slot(const struct band *b, uint32_t px)
{
    uint32_t h = (px * 2654435761u) >> (32 - CENSUS_BITS);
    while (b->census[h] != px && b->census[h] != CENSUS_EMPTY) {
        h = (h + 1) & (CENSUS_SLOTS - 1);
    }
    return h;
}

/* Counts colour px (0x00RRGGBB) in the census and the palette unless
 * it is there already, its slot in *slot; false when it is new and the
 * palette is full. */
static bool
census_add(struct band *b, uint32_t px, uint32_t *slot)
{
    uint32_t h = *slot = census_slot(b, px);
    if (b->census[h] == CENSUS_EMPTY) {
        if (b->colours == PALETTE_MAX) {
            return false;
        }
        b->census[h] = px;
        b->palette[b->colours++] = px;
    }
    return true;
}

/* Counts the colours of the first `rows` rows of the band drawn, greys
 * too unless skip_greys; *fits turns false past PALETTE_MAX. */
static void
count_colours(struct band *b, uint32_t rows, bool skip_greys, bool *fits)
{
    const unsigned char *data = cairo_image_surface_get_data(b->surface);
    int stride = cairo_image_surface_get_stride(b->surface);
    uint32_t width = (uint32_t)b->pg.width;
    for (uint32_t y = 0; y < rows && *fits; y++) {
        const unsigned char *src = data + (size_t)y * (size_t)stride;
        uint32_t last = CENSUS_EMPTY;
        for (uint32_t x = 0; x < width; x++) {
            uint32_t px;
            memcpy(&px, src + 4 * (size_t)x, 4);
            px &= 0xffffff;
            if (px == last) {
                continue;
            }
            last = px;
            if (skip_greys && px >> 16 == (px & 0xff) &&
                (px >> 8 & 0xff) == (px & 0xff)) {
                continue;
            }
            uint32_t h;
            if (!census_add(b, px, &h)) {
                *fits = false;
                break;
            }
        }
    }
}

/* The end of the run of colour px (0x00RRGGBB) in the row of pixels src
 * that goes on at pixel x: the first pixel of another colour, or stop. */
static uint32_t
run_end(const unsigned char *src, uint32_t px, uint32_t x, uint32_t stop)
{
#ifdef __SSE2__
    /* Four pixels a compare; the first that differs by its bytes' mask. */
    const __m128i rgb = _mm_set1_epi32(0xffffff),
                  want = _mm_set1_epi32((int)px);
    while (stop - x >= 4) {
        __m128i q = _mm_and_si128(
            _mm_loadu_si128((const __m128i *)(src + 4 * (size_t)x)), rgb);
        unsigned same = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi32(q, want));
        if (same != 0xffff) {
            return x + (uint32_t)__builtin_ctz(~same) / 4;
        }
        x += 4;
    }
#endif
    for (; x < stop; x++) {
        uint32_t q;
        memcpy(&q, src + 4 * (size_t)x, 4);
        if ((q & 0xffffff) != px) {
            break;
        }
    }
    return x;
}

/*
 * Counts the colours of the rows [y0, y1) of the band just drawn (as
 * count_colours() does; *fits turns false past PALETTE_MAX) and, while
 * *keep, adds them to the rows kept; *keep turns false (that band not
 * kept) when they do not fit. One scan does both: a row the same as the
 * one above (most rows, where walls lie along the axes) is neither
 * counted again nor kept twice, and a run of one colour is looked up
 * once.
 */
static void
census_rows(struct band *b, uint32_t y0, uint32_t y1, bool *fits, bool *keep)
{
    const unsigned char *data = cairo_image_surface_get_data(b->surface);
    int stride = cairo_image_surface_get_stride(b->surface);
    uint32_t width = (uint32_t)b->pg.width;
    size_t start = b->kept_n;
    *keep = *keep && y1 <= b->rows_cap;
    for (uint32_t y = y0; y < y1 && *fits; y++) {
        const unsigned char *src = data + (size_t)(y - y0) * (size_t)stride;
        if (y > y0 && memcmp(src - stride, src, 4 * (size_t)width) == 0) {
            if (*keep) {
                b->row_at[y] = b->row_at[y - 1];
                b->row_len[y] = b->row_len[y - 1];
            }
            continue;
        }
        size_t at = b->kept_n, n = 0;
        uint32_t x = 0;
        while (x < width) {
            uint32_t px;
            memcpy(&px, src + 4 * (size_t)x, 4);
            px &= 0xffffff;
            uint32_t end = run_end(src, px, x + 1,
                                   width - x > 0xffff ? x + 0xffff : width);
            uint32_t h;
            if (!census_add(b, px, &h)) {
                *fits = false;
                break;
            }
            if (*keep && at + n == b->kept_cap) {
                *keep = false;
            }
            if (*keep) {
                b->kept_runs[at + n++] = h << 16 | (end - x);
            }
            x = end;
        }
        if (!*keep) {
            continue;
        }
        if (y > 0 && b->row_len[y - 1] == n &&
            memcmp(b->kept_runs + b->row_at[y - 1], b->kept_runs + at,
                   n * sizeof(uint32_t)) == 0) {
            at = b->row_at[y - 1];
        } else {
            b->kept_n = at + n;
        }
        b->row_at[y] = (uint32_t)at;
        b->row_len[y] = (uint32_t)n;
    }
    if (!*keep) {
        b->kept_n = start;
    }
}

/* Kept row y as RGB24 pixels, as cairo drew it, into dst. */
static void
kept_row(const struct band *b, uint32_t y, unsigned char *dst)
{
    const uint32_t *r = b->kept_runs + b->row_at[y];
    uint32_t x = 0;
    for (uint32_t i = 0; i < b->row_len[y]; i++) {
        uint32_t px = b->census[r[i] >> 16], len = r[i] & 0xffff;
        for (uint32_t j = 0; j < len; j++, x++) {
            memcpy(dst + 4 * (size_t)x, &px, 4);
        }
    }
}

/*
 * The colours of the image, drawn once for them: b->colours of them in
 * b->palette, in increasing order, and each one's index in b->index by
 * its census slot; false (and nothing kept) past PALETTE_MAX.
 * The drawing is the one the body does, so the choice depends on the
 * pixels alone, never on the threads.
 */
static int
take_census(struct band *b, bool *fits)
{
    unsigned long long work = b->work;
    *fits = true;
    memset(b->census, 0xff, sizeof(b->census));
    b->colours = 0;
    bool keeping = b->kept_runs != NULL;
    b->kept = 0;
    b->kept_n = 0;
    for (uint32_t k = 0; k < b->bands && *fits; k++) {
        uint32_t y0 = k * b->band_rows;
        uint32_t y1 = y0 + b->band_rows < b->rows ? y0 + b->band_rows : b->rows;
        unsigned long long before = b->work;
        int rc = draw_band(b, k, y0, y1);
        if (rc != MAZE_OK) {
            return rc;
        }
        census_rows(b, y0, y1, fits, &keeping);
        if (keeping && *fits) {
            b->kept = y1;
            b->kept_work += b->work - before;
        }
    }
    /* The body draws the bands not kept again, from the top. */
    b->lo = b->hi = 0;
    b->work = work;
    if (!*fits) {
        b->kept = 0;
        b->kept_work = 0;
        return MAZE_OK;
    }
    qsort(b->palette, b->colours, sizeof(b->palette[0]), compare_u32);
    for (unsigned i = 0; i < b->colours; i++) {
        b->index[census_slot(b, b->palette[i])] = (uint8_t)i;
    }
    return MAZE_OK;
}

/* The most colours besides greys a palette of greys takes: with at least
 * 128 grey levels, evenly spaced, every grey is within one of a level. */
#define MARKER_COLOURS_MAX 128

/* The nearest of n grey levels, evenly spaced from black to white, to
 * grey v (grey_palette_row() computes the same, eight at a time). */
static uint8_t
grey_level_index(unsigned v, unsigned n)
{
    return (uint8_t)((v * (n - 1) + 127) / 255);
}

/* The pixel rows [*r0, *r1) marker mk (the start's if start) can tint,
 * its antialiased edges and outline included; false if its shape is not
 * finite. */
static bool
marker_rows(const struct band *b, unsigned opening,
            const struct maze__marker *mk, bool start, uint32_t *r0,
            uint32_t *r1)
{
    struct maze__marker_shape sh;
    maze__marker_shape(opening, mk, start, &b->pg, &sh);
    double lo = sh.cy - sh.r, hi = sh.cy + sh.r;
    if (sh.arrow) {
        lo = hi = sh.pts[0][1];
        for (int i = 1; i < 7; i++) {
            lo = fmin(lo, sh.pts[i][1]);
            hi = fmax(hi, sh.pts[i][1]);
        }
    }
    if (!isfinite(lo) || !isfinite(hi)) {
        return false;
    }
    double pad = maze__marker_outline(&b->pg) + 2;
    lo = floor(lo - pad);
    hi = ceil(hi + pad) + 1;
    *r0 = lo < 0 ? 0 : lo >= b->rows ? b->rows : (uint32_t)lo;
    *r1 = hi < 0 ? 0 : hi >= b->rows ? b->rows : (uint32_t)hi;
    return true;
}

/*
 * The colours of a drawing with no solution and no labels, where walls
 * are black on white and so every pixel but the markers' is a grey: the
 * rows the markers reach (drawn once more, a few dozen of them: cairo
 * draws a row the same whatever the band around it) hold all its other
 * colours, b->colours of them in b->palette. The image is then a palette
 * of those colours and 256 - b->colours grey levels, evenly spaced
 * (b->greys), every grey written as the nearest level: within one of its
 * value, a change no eye sees, for a third of the bytes to deflate
 * (docs/performance.md). When they are more than MARKER_COLOURS_MAX, the
 * image stays RGB; with none, it is 8-bit grey, exact.
 */
static int
take_marker_census(struct band *b)
{
    const struct maze *m = b->m;
    uint32_t r[2][2];
    if (!marker_rows(b, m->start_opening, &b->lay.start, true, &r[0][0],
                     &r[0][1]) ||
        !marker_rows(b, m->finish_opening, &b->lay.finish, false, &r[1][0],
                     &r[1][1])) {
        return MAZE_OK;
    }
    /* The two ranges in order, once: the sliding window of cells only
     * goes down. */
    if (r[1][0] < r[0][0]) {
        uint32_t t0 = r[0][0], t1 = r[0][1];
        r[0][0] = r[1][0];
        r[0][1] = r[1][1];
        r[1][0] = t0;
        r[1][1] = t1;
    }
    if (r[1][0] < r[0][1]) {
        r[0][1] = r[1][1] > r[0][1] ? r[1][1] : r[0][1];
        r[1][0] = r[1][1] = 0;
    }
    unsigned long long work = b->work;
    memset(b->census, 0xff, sizeof(b->census));
    b->colours = 0;
    bool fits = true;
    for (int i = 0; i < 2 && fits; i++) {
        for (uint32_t y0 = r[i][0]; y0 < r[i][1] && fits;) {
            /* Within one band, so that its list of cells holds them. */
            uint32_t k = y0 / b->band_rows;
            uint32_t end = (k + 1) * b->band_rows;
            uint32_t y1 = end < r[i][1] ? end : r[i][1];
            int rc = draw_band(b, k, y0, y1);
            if (rc != MAZE_OK) {
                return rc;
            }
            count_colours(b, y1 - y0, true, &fits);
            y0 = y1;
        }
    }
    b->lo = b->hi = 0;
    b->work = work;
    if (!fits || b->colours > MARKER_COLOURS_MAX) {
        return MAZE_OK;
    }
    if (b->colours == 0) {
        b->colour = MAZE__PNG_GRAY;
        b->depth = 8;
        return MAZE_OK;
    }
    qsort(b->palette, b->colours, sizeof(b->palette[0]), compare_u32);
    unsigned n = PALETTE_MAX - b->colours;
    b->greys = n;
    for (unsigned v = 0; v < 256; v++) {
        b->grey_index[v] = grey_level_index(v, n);
    }
    for (unsigned i = 0; i < b->colours; i++) {
        b->index[census_slot(b, b->palette[i])] = (uint8_t)(n + i);
    }
    b->colour = MAZE__PNG_PALETTE;
    b->depth = 8;
    return MAZE_OK;
}

/* Grey level i of the palette of b->greys levels. */
static uint8_t
grey_level(const struct band *b, unsigned i)
{
    return (uint8_t)((i * 255 + (b->greys - 1) / 2) / (b->greys - 1));
}

/* The palette index of colour px (0x00RRGGBB). */
static uint8_t
palette_index(const struct band *b, uint32_t px)
{
    uint32_t v = px & 0xff;
    if (b->greys > 0 && px >> 16 == v && (px >> 8 & 0xff) == v) {
        return b->grey_index[v];
    }
    uint32_t h = census_slot(b, px);
    if (b->census[h] == CENSUS_EMPTY) {
        /* Not counted (no drawing makes one): the grey of its mean. */
        v = ((px >> 16) + (px >> 8 & 0xff) + v) / 3;
        return b->greys > 0 ? b->grey_index[v] : 0;
    }
    return b->index[h];
}

/* A pixel row as 8-bit RGB into dst. */
static void
rgb_row(uint8_t *dst, const unsigned char *src, uint32_t width)
{
    uint32_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* Two pixels, words 0x??RRGGBB, each byte-swapped to 0x00BBGGRR
     * (bytes R, G, B in memory), to six bytes, written as eight: the
     * next pair's overwrites the two beyond, and the last pixels, whose
     * two would lie past the row, go one by one. */
    for (; x + 3 <= width; x += 2) {
        uint64_t pair;
        memcpy(&pair, src + 4 * (size_t)x, sizeof(pair));
        uint64_t p0 = __builtin_bswap32((uint32_t)pair) >> 8,
                 p1 = __builtin_bswap32((uint32_t)(pair >> 32)) >> 8;
        uint64_t out = p0 | p1 << 24;
        memcpy(dst + 3 * (size_t)x, &out, sizeof(out));
    }
#endif
    for (; x < width; x++) {
        /* RGB24 pixels are native-endian words 0x00RRGGBB. */
        uint32_t px;
        memcpy(&px, src + 4 * (size_t)x, 4);
        dst[3 * (size_t)x] = (uint8_t)(px >> 16);
        dst[3 * (size_t)x + 1] = (uint8_t)(px >> 8);
        dst[3 * (size_t)x + 2] = (uint8_t)px;
    }
}

/* The index of pixel px (masked to 0x00RRGGBB) in a palette of grey
 * levels and colours: a grey's straight from its level's table. */
static inline uint8_t
grey_palette_index(const struct band *b, uint32_t px)
{
    uint32_t v = px & 0xff;
    return px == v * 0x010101u ? b->grey_index[v] : palette_index(b, px);
}

/* Pixels [x0, x1) of a row into a palette of grey levels and colours, a
 * byte each; runs of one colour looked up once. */
static void
grey_palette_span(struct band *b, const unsigned char *src, uint32_t x0,
                  uint32_t x1)
{
    uint32_t last = CENSUS_EMPTY;
    uint8_t v = 0;
    for (uint32_t x = x0; x < x1; x++) {
        uint32_t px;
        memcpy(&px, src + 4 * (size_t)x, 4);
        px &= 0xffffff;
        if (px != last) {
            last = px;
            v = grey_palette_index(b, px);
        }
        b->row[x] = v;
    }
}

/*
 * A row into a palette of grey levels and colours (b->greys > 0). Nearly
 * every pixel is a grey (R = G = B): eight at a time, when all eight
 * are, SSE2 computes their levels as take_marker_census() made
 * grey_index (grey_level_index()); a group holding a colour goes pixel by
 * pixel.
 */
static void
grey_palette_row(struct band *b, const unsigned char *src, uint32_t width)
{
    uint32_t x = 0;
#ifdef __SSE2__
    const __m128i rgb = _mm_set1_epi32(0xffffff), blue = _mm_set1_epi32(0xff);
    const __m128i n1 = _mm_set1_epi16((short)(b->greys - 1)),
                  half = _mm_set1_epi16(127), one = _mm_set1_epi16(1);
    for (; x + 8 <= width; x += 8) {
        const unsigned char *at = src + 4 * (size_t)x;
        __m128i p0 = _mm_and_si128(_mm_loadu_si128((const __m128i *)at), rgb);
        __m128i p1 =
            _mm_and_si128(_mm_loadu_si128((const __m128i *)(at + 16)), rgb);
        __m128i v0 = _mm_and_si128(p0, blue), v1 = _mm_and_si128(p1, blue);
        __m128i g0 = _mm_or_si128(
            v0, _mm_or_si128(_mm_slli_epi32(v0, 8), _mm_slli_epi32(v0, 16)));
        __m128i g1 = _mm_or_si128(
            v1, _mm_or_si128(_mm_slli_epi32(v1, 8), _mm_slli_epi32(v1, 16)));
        __m128i grey =
            _mm_and_si128(_mm_cmpeq_epi32(p0, g0), _mm_cmpeq_epi32(p1, g1));
        if (_mm_movemask_epi8(grey) != 0xffff) {
            grey_palette_span(b, src, x, x + 8);
            continue;
        }
        /* grey_index[v], (v (n - 1) + 127) / 255, in 16-bit lanes:
         * t / 255 is (t + 1 + (t >> 8)) >> 8 for t below 65535 (t is at
         * most 255 * 255 + 127). */
        __m128i t =
            _mm_add_epi16(_mm_mullo_epi16(_mm_packs_epi32(v0, v1), n1), half);
        __m128i q = _mm_srli_epi16(
            _mm_add_epi16(_mm_add_epi16(t, one), _mm_srli_epi16(t, 8)), 8);
        _mm_storel_epi64((__m128i *)(b->row + x), _mm_packus_epi16(q, q));
    }
#endif
    grey_palette_span(b, src, x, width);
}

/* Indices of b->depth bits (below 8) packed into b->row, 8 / depth to a
 * byte, the first in the high bits; pack_end() writes a last byte begun. */
struct packer {
    uint8_t *row;
    size_t out;
    unsigned depth, per, acc, n;
};

static inline struct packer
packer_start(const struct band *b)
{
    return (struct packer){b->row, 0, b->depth, 8 / b->depth, 0, 0};
}

static inline void
pack(struct packer *k, unsigned v)
{
    k->acc = k->acc << k->depth | v;
    if (++k->n == k->per) {
        k->row[k->out++] = (uint8_t)k->acc;
        k->acc = 0;
        k->n = 0;
    }
}

static inline void
pack_end(struct packer *k)
{
    if (k->n > 0) {
        k->row[k->out] = (uint8_t)(k->acc << (k->depth * (k->per - k->n)));
    }
}

/* Band k's pixel row y as the image's pixels: RGB, or packed indices
 * (of the palette, or grey levels) of b->depth bits. */
static void
convert_row(struct band *b, const unsigned char *src, uint32_t width)
{
    if (b->colour == MAZE__PNG_RGB) {
        rgb_row(b->row, src, width);
        return;
    }
    if (b->greys > 0) {
        /* Only take_marker_census() makes such a palette, of 8 bits. */
        grey_palette_row(b, src, width);
        return;
    }
    uint32_t last = CENSUS_EMPTY;
    uint8_t v = 0;
    if (b->depth == 8) {
        /* A byte a pixel; runs of one colour are looked up once. */
        for (uint32_t x = 0; x < width; x++) {
            uint32_t px;
            memcpy(&px, src + 4 * (size_t)x, 4);
            px &= 0xffffff;
            if (px != last) {
                last = px;
                v = b->colour == MAZE__PNG_GRAY ? (uint8_t)px
                                                : palette_index(b, px);
            }
            b->row[x] = v;
        }
        return;
    }
    struct packer k = packer_start(b);
    for (uint32_t x = 0; x < width; x++) {
        uint32_t px;
        memcpy(&px, src + 4 * (size_t)x, 4);
        px &= 0xffffff;
        if (px != last) {
            last = px;
            v = b->colour == MAZE__PNG_GRAY
                    ? (uint8_t)((px & 0xff) >> (8 - b->depth))
                    : palette_index(b, px);
        }
        pack(&k, v);
    }
    pack_end(&k);
}

/* Kept row y as the image's pixels, packed indices of b->depth bits (a
 * palette's, or grey levels), into b->row: what convert_row() makes of
 * kept_row()'s pixels, with each run's colour taken from its census slot
 * once and no pixels in between. */
static void
kept_indices(struct band *b, uint32_t y)
{
    const uint32_t *r = b->kept_runs + b->row_at[y];
    struct packer k = packer_start(b);
    for (uint32_t i = 0; i < b->row_len[y]; i++) {
        uint32_t slot = r[i] >> 16, len = r[i] & 0xffff, px = b->census[slot];
        uint8_t v = b->colour == MAZE__PNG_PALETTE ? b->index[slot]
                    : b->depth == 8                ? (uint8_t)px
                                    : (uint8_t)((px & 0xff) >> (8 - b->depth));
        if (b->depth == 8) {
            memset(b->row + k.out, v, len);
            k.out += len;
            continue;
        }
        for (uint32_t j = 0; j < len; j++) {
            pack(&k, v);
        }
    }
    pack_end(&k);
}

/* The fewest bits a pixel the census's colours need: b->depth bits of
 * grey when every colour is a grey level of that depth (1, 2, 4 or 8
 * bits: 0 and 255; multiples of 85; of 17; any), else of palette
 * indices when those are fewer; 8-bit RGB stays when neither is. */
static void
choose_format(struct band *b)
{
    unsigned grey = 1;
    for (unsigned i = 0; i < b->colours && grey <= 8; i++) {
        uint32_t px = b->palette[i];
        unsigned v = px & 0xff;
        if (px >> 16 != v || (px >> 8 & 0xff) != v) {
            grey = 16; /* not a grey */
            break;
        }
        /* The depth whose levels include v: v repeats its top bits. */
        while (grey < 8 && (v >> (8 - grey)) * 255 / ((1u << grey) - 1) != v) {
            grey *= 2;
        }
    }
    unsigned index = 1;
    while ((1u << index) < b->colours) {
        index *= 2;
    }
    if (grey <= 8 && grey <= index) {
        b->colour = MAZE__PNG_GRAY;
        b->depth = grey;
    } else if (index <= 8) {
        b->colour = MAZE__PNG_PALETTE;
        b->depth = index;
    }
}

/* The buffers of the kept rows (maze__png_kept_bytes in all): the rows'
 * places for as many rows as the runs can hold one run each at the
 * least; none kept under 12 bytes. */
static int
keep_buffers(struct band *b)
{
    size_t cap = maze__png_kept_bytes / (3 * sizeof(uint32_t));
    if (cap == 0) {
        return MAZE_OK;
    }
    b->rows_cap = b->rows < cap ? b->rows : (uint32_t)cap;
    b->kept_cap = (maze__png_kept_bytes - 2 * sizeof(uint32_t) * b->rows_cap) /
                  sizeof(uint32_t);
    b->row_at = malloc(b->rows_cap * sizeof(uint32_t));
    b->row_len = malloc(b->rows_cap * sizeof(uint32_t));
    b->kept_runs = malloc(b->kept_cap * sizeof(uint32_t));
    if (b->row_at == NULL || b->row_len == NULL || b->kept_runs == NULL) {
        return MAZE_ERR_NOMEM;
    }
    return MAZE_OK;
}

static int
bands_body(struct maze__png_writer *w, void *ctx)
{
    struct band *b = ctx;
    const unsigned char *data = cairo_image_surface_get_data(b->surface);
    int stride = cairo_image_surface_get_stride(b->surface);
    uint32_t width = (uint32_t)b->pg.width;
    for (uint32_t k = 0; k < b->bands; k++) {
        uint32_t y0 = k * b->band_rows;
        uint32_t y1 = y0 + b->band_rows < b->rows ? y0 + b->band_rows : b->rows;
        bool kept = y1 <= b->kept;
        int rc = MAZE_OK;
        if (kept) {
            /* Drawn by the census: its work is this band's. Its rows
             * are written into the idle surface's first row. */
            maze__png_band_work += b->kept_work;
            b->kept_work = 0;
            cairo_surface_mark_dirty(b->surface);
        } else {
            rc = draw_band(b, k, y0, y1);
            maze__png_band_work += b->work;
            b->work = 0;
        }
        if (rc != MAZE_OK) {
            return rc;
        }
        for (uint32_t y = y0; y < y1; y++) {
            const unsigned char *src = data + (size_t)(y - y0) * (size_t)stride;
            if (kept && y > 0 && b->row_at[y] == b->row_at[y - 1] &&
                b->row_len[y] == b->row_len[y - 1]) {
                /* The row above again: b->row holds it. */
            } else if (kept && b->colour != MAZE__PNG_RGB) {
                kept_indices(b, y);
            } else if (kept) {
                /* The surface is idle: its first row holds the pixels. */
                kept_row(b, y, (unsigned char *)data);
                convert_row(b, data, width);
            } else {
                convert_row(b, src, width);
            }
            rc = maze__png_row(w, b->row, 1);
            if (rc != MAZE_OK) {
                return rc;
            }
        }
    }
    return MAZE_OK;
}

/* The default cell, in pixels: 10, or for a grid that names its parts
 * (the levels of 3d) the smallest that sets every name in type of
 * LABEL_PX at least (capitals some 12 px tall, and stair marks some 15 px
 * across, their directions plain), up to LABEL_CELL_MAX. */
#define LABEL_PX 16
#define LABEL_CELL_MAX 48

static long
default_cell(const struct maze_grid *g)
{
    long c = 10;
    struct maze__label lb;
    for (unsigned i = 0;
         g != NULL && g->ops->label != NULL && g->ops->label(g, i, &lb) > i;
         i++) {
        double per_cell = maze__label_size(&lb);
        long need = per_cell > 0 ? (long)ceil(LABEL_PX / per_cell - 1e-9)
                                 : LABEL_CELL_MAX;
        need = need < LABEL_CELL_MAX ? need : LABEL_CELL_MAX;
        c = need > c ? need : c;
    }
    return c;
}

/* The page in pixels of a drawing of grid g (ew x eh grid units large),
 * of `levels` nested levels (a fractal maze's; 0 for any other): cells,
 * walls and a margin that holds the entrance arrows by default
 * (maze__png_default_margin()). */
int
maze__png_band_page(const struct maze_grid *g, double ew, double eh,
                    unsigned levels, double passage,
                    const struct maze_export_options *opt,
                    struct maze__page *pg)
{
    unsigned dpi = maze__dpi(opt);
    long c = maze__length_px(opt->cell_size, dpi, default_cell(g));
    /* Narrower corridors (weave) take walls as much thinner. */
    long across = passage > 0 ? lround(c * passage) : c;
    long t = maze__length_px(opt->wall_width, dpi,
                             maze__png_default_wall(across, dpi));
    long margin =
        maze__length_px(opt->margin, dpi, maze__png_default_margin(c, dpi));
    if (c < 2 || !maze__png_wall_ok(c, t, dpi) || c > 1000000 ||
        margin > 1000000) {
        return MAZE_ERR_RANGE;
    }
    /* The margin is blank outside the outer walls, as on a rectangle's
     * image: the walls are centred on the grid lines, so half of one
     * lies outside the extent. */
    double outer = maze__wall_level(t, c, levels, levels);
    double edge = (double)margin + outer / 2.0;
    double w = ceil(ew * c + 2 * edge), h = ceil(eh * c + 2 * edge);
    if (!(w <= CAIRO_MAX_SIDE) || !(h <= MAZE__PNG_UINT31_MAX)) {
        return MAZE_ERR_RANGE;
    }
    *pg = (struct maze__page){
        .width = w,
        .height = h,
        .x = edge,
        .y = edge,
        .cell = (double)c,
        .wall = (double)t,
        .outer = levels > 0 ? outer : 0,
        .room = edge,
        .pt = dpi / 72.0,
        .passage = passage,
    };
    return MAZE_OK;
}

static int
plan(struct band *b, const struct maze_export_options *opt)
{
    double ew, eh;
    maze_grid_extent(b->m->grid, &ew, &eh);
    int rc = maze__png_band_page(b->m->grid, ew, eh, b->lay.levels,
                                 b->lay.passage, opt, &b->pg);
    if (rc != MAZE_OK) {
        return rc;
    }
    double w = b->pg.width, h = b->pg.height;
    b->rows = (uint32_t)h;
    size_t stride = 4 * (size_t)w;
    size_t per = maze__png_band_bytes / stride;
    b->band_rows = per < 1 ? 1 : per > b->rows ? b->rows : (uint32_t)per;
    b->bands = (b->rows + b->band_rows - 1) / b->band_rows;
    return MAZE_OK;
}

static void
describe(const struct maze *m, const struct band *b,
         struct maze__png_meta *meta)
{
    const struct maze_provenance *p = &m->provenance;
    snprintf(meta->title, sizeof(meta->title), "mazegen maze");
    snprintf(meta->size, sizeof(meta->size), "%lux%lu",
             (unsigned long)b->pg.width, (unsigned long)b->rows);
    snprintf(meta->seed, sizeof(meta->seed), "%llu",
             (unsigned long long)p->seed);
    snprintf(meta->algorithm, sizeof(meta->algorithm), "%s",
             p->algorithm[0] ? p->algorithm : "none");
    maze__printable(meta->algorithm);
    maze__describe(m, meta->description, sizeof(meta->description));
}

int
maze__png_write_bands(const struct maze *m,
                      const struct maze_export_options *opt,
                      const struct maze_sink *sink)
{
    struct band b = {.m = m};
    if (!maze__fractal_of(m, &b.lay.levels, &b.bx, &b.by)) {
        b.lay.levels = 0;
    }
    b.lay.passage = m->grid->kind->passage;
    int rc = plan(&b, opt);
    if (rc != MAZE_OK) {
        return rc;
    }
    rc = maze__layout_solution(m, opt->solution, &b.sol, &b.sol_n);
    if (rc != MAZE_OK) {
        return rc;
    }
    maze__layout_markers(m, &b.lay.start, &b.lay.finish);
    b.lay.square = maze__layout_square(m->grid);
    b.sorted = cells_sorted(m->grid, &b.exact);
    if (!b.sorted) {
        rc = build_lists(&b);
    }
    if (rc == MAZE_OK && b.sol_n > 1) {
        rc = build_segments(&b);
    }
    uint32_t width = (uint32_t)b.pg.width;
    if (rc == MAZE_OK) {
        b.surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)width,
                                               (int)b.band_rows);
        b.row = malloc(3 * (size_t)width);
        if (b.row == NULL ||
            cairo_surface_status(b.surface) != CAIRO_STATUS_SUCCESS) {
            rc = MAZE_ERR_NOMEM;
        }
    }
    b.colour = MAZE__PNG_RGB;
    b.depth = 8;
    if (rc == MAZE_OK && b.lay.square && b.lay.passage == 0) {
        /* Walls along the axes, which cairo fills as boxes: drawing them
         * twice costs less than deflating three bytes a pixel, and such
         * images have few colours. Slanted and curved walls make all 256
         * greys, and with the markers more colours than a palette holds;
         * weave's corridors are many short runs, dear to draw twice
         * (docs/performance.md): those stay RGB, drawn once. */
        bool fits;
        rc = keep_buffers(&b);
        if (rc == MAZE_OK) {
            rc = take_census(&b, &fits);
        }
        if (b.kept == 0) {
            /* Nothing kept (too many colours, or a first band too big):
             * the body draws every band, without the kept rows' MiB. */
            free(b.row_at);
            free(b.row_len);
            free(b.kept_runs);
            b.row_at = b.row_len = b.kept_runs = NULL;
        }
        if (rc == MAZE_OK && fits) {
            choose_format(&b);
        }
    } else if (rc == MAZE_OK && b.sol_n == 0 && m->grid->ops->label == NULL &&
               !maze__png_band_rgb) {
        /* No solution: greys but for the markers. */
        rc = take_marker_census(&b);
    }
    uint8_t(*plte)[3] = NULL;
    if (rc == MAZE_OK && b.colour == MAZE__PNG_PALETTE) {
        plte = malloc(sizeof(*plte) * PALETTE_MAX);
        if (plte == NULL) {
            rc = MAZE_ERR_NOMEM;
        }
        for (unsigned i = 0; rc == MAZE_OK && i < b.greys; i++) {
            uint8_t v = grey_level(&b, i);
            plte[i][0] = plte[i][1] = plte[i][2] = v;
        }
        for (unsigned i = 0; rc == MAZE_OK && i < b.colours; i++) {
            plte[b.greys + i][0] = (uint8_t)(b.palette[i] >> 16);
            plte[b.greys + i][1] = (uint8_t)(b.palette[i] >> 8);
            plte[b.greys + i][2] = (uint8_t)b.palette[i];
        }
    }
    if (rc == MAZE_OK) {
        struct maze__png_meta meta;
        describe(m, &b, &meta);
        /* The filter by what is drawn, so bytes are stable: walls along
         * the pixel rows and columns (rectangle lattices, 3d, weave,
         * fractal) repeat rows, which Paeth turns into zeros; slanted
         * and curved walls (hexagons, triangles, arcs) deflate a third
         * smaller, and faster, unfiltered (docs/performance.md). Packed
         * indices are not filtered, as a palette image's rows are not. */
        bool paeth = b.lay.square && b.depth == 8;
        struct maze__png_image im = {
            .width = width,
            .height = b.rows,
            .depth = (int)b.depth,
            .colour = b.colour,
            .palette = (const uint8_t(*)[3])plte,
            .palette_len = (int)(b.greys + b.colours),
            .ppm = (uint32_t)(maze__dpi(opt) / 0.0254 + 0.5),
            .filter = paeth ? MAZE__PNG_FILTER_PAETH : MAZE__PNG_FILTER_NONE,
            .threads = opt->threads,
            .body = bands_body,
            .ctx = &b,
        };
        rc = maze__png_write(sink, &im, &meta);
    }
    if (b.surface != NULL) {
        cairo_surface_destroy(b.surface);
    }
    free(plte);
    free(b.row);
    free(b.row_at);
    free(b.row_len);
    free(b.kept_runs);
    free(b.lay.runs);
    free(b.lay.stairs);
    free(b.sol);
    free(b.list_start);
    free(b.list);
    free(b.seg_start);
    free(b.seg);
    return rc;
}
