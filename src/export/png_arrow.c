/* SPDX-License-Identifier: MIT */
/*
 * The start and finish arrows of a rectangle's PNG image: the very outline
 * the vector formats draw (maze__marker_shape() of cairo_util.c, sized in
 * points and turned into pixels at the dpi), filled row by row into the
 * packed rows of png_raster.c.
 *
 * An arrow lies in the margin beside its opening, so it touches a few
 * dozen rows at most and the rows of the maze's interior never see it.
 * Each pixel it touches is covered exactly across the row and by
 * SUBROWS sample lines down it; the palette image shows the coverage as
 * one of a few blends of the arrow's colour over the floor, the bilevel
 * one inks pixels at least half covered.
 */
#include <math.h>
#include <string.h>

#include "export/page.h"
#include "export/png_impl.h"
#include "export/png_write.h"

/* Sample lines down each pixel row. */
#define SUBROWS 8

long
maze__png_default_margin(long c, unsigned dpi)
{
    double pt = dpi / 72.0;
    return lround(maze__marker_room(c / pt) * pt);
}

/* Cell (x, y) of a rectangle, and the opening on its side `side`, as the
 * layout describes it (the middle of the side, and its outward normal). */
static struct maze__marker
rect_marker(uint32_t x, uint32_t y, unsigned side)
{
    struct maze_point centre = {x + 0.5, y + 0.5};
    struct maze__marker mk = {centre, centre, {0, 0}};
    switch (side) {
    case MAZE__SIDE_N:
        mk.at = (struct maze_point){x + 0.5, y};
        mk.outward = (struct maze_point){0, -1};
        break;
    case MAZE__SIDE_E:
        mk.at = (struct maze_point){x + 1.0, y + 0.5};
        mk.outward = (struct maze_point){1, 0};
        break;
    case MAZE__SIDE_S:
        mk.at = (struct maze_point){x + 0.5, y + 1.0};
        mk.outward = (struct maze_point){0, 1};
        break;
    case MAZE__SIDE_W:
        mk.at = (struct maze_point){x, y + 0.5};
        mk.outward = (struct maze_point){-1, 0};
        break;
    default:
        break;
    }
    return mk;
}

/* The whole pixels [*lo, *hi) that [a, b] reaches, within [0, n). */
static void
pixel_span(double a, double b, uint32_t n, uint32_t *lo, uint32_t *hi)
{
    double f = floor(a), c = ceil(b);
    *lo = f <= 0 ? 0 : f >= n ? n : (uint32_t)f;
    *hi = c <= 0 ? 0 : c >= n ? n : (uint32_t)c;
}

void
maze__png_arrows_plan(struct maze__png_raster *r, unsigned dpi)
{
    const struct maze__rows *rw = r->rows;
    /* The page the vector formats would draw, in pixels: grid line i runs
     * down the middle of lattice band i, and the free space reaches from
     * the outer grid line to the edge of the image. */
    double line = r->margin + r->t / 2.0;
    struct maze__page pg = {
        .width = r->width,
        .height = r->height,
        .x = line,
        .y = line,
        .cell = r->c,
        .wall = r->t,
        .room = line,
        .pt = dpi / 72.0,
    };
    const uint32_t xs[2] = {rw->start_x, rw->finish_x};
    const uint32_t ys[2] = {rw->start_y, rw->finish_y};
    const unsigned sides[2] = {rw->start_opening, rw->finish_opening};
    for (int i = 0; i < 2; i++) {
        struct maze__marker mk = rect_marker(xs[i], ys[i], sides[i]);
        struct maze__marker_shape sh;
        maze__marker_shape(sides[i], &mk, i == 0, &pg, &sh);
        struct maze__png_arrow *a = &r->arrow[i];
        *a = (struct maze__png_arrow){.start = i == 0};
        r->square[i] = !sh.arrow;
        if (!sh.arrow) {
            continue;
        }
        memcpy(a->pts, sh.pts, sizeof(a->pts));
        double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
        for (int k = 0; k < 7; k++) {
            x0 = fmin(x0, a->pts[k][0]);
            x1 = fmax(x1, a->pts[k][0]);
            y0 = fmin(y0, a->pts[k][1]);
            y1 = fmax(y1, a->pts[k][1]);
        }
        pixel_span(x0, x1, r->width, &a->x0, &a->x1);
        pixel_span(y0, y1, r->height, &a->y0, &a->y1);
    }
}

size_t
maze__png_arrow_span(const struct maze__png_raster *r)
{
    uint32_t n = 1;
    for (int i = 0; i < 2; i++) {
        uint32_t w = r->arrow[i].x1 - r->arrow[i].x0;
        n = w > n ? w : n;
    }
    return n;
}

/* Adds weight times the share of each pixel from x0 on that [a, b)
 * covers to cover (n pixels). */
static void
add_span(float *cover, uint32_t x0, uint32_t n, double a, double b,
         double weight)
{
    a = fmax(a - x0, 0);
    b = fmin(b - x0, n);
    for (double p = floor(a); p < b; p++) {
        cover[(uint32_t)p] += (float)((fmin(b, p + 1) - fmax(a, p)) * weight);
    }
}

/* Adds one sample line at height sy through a's outline to cover. */
static void
add_line(const struct maze__png_arrow *a, double sy, float *cover)
{
    double xs[7];
    int n = 0;
    for (int i = 0; i < 7; i++) {
        const double *p = a->pts[i], *q = a->pts[(i + 1) % 7];
        /* Half-open in y, so a vertex is crossed once. */
        if ((p[1] <= sy) != (q[1] <= sy)) {
            double x = p[0] + (sy - p[1]) * (q[0] - p[0]) / (q[1] - p[1]);
            int k = n++;
            for (; k > 0 && xs[k - 1] > x; k--) {
                xs[k] = xs[k - 1];
            }
            xs[k] = x;
        }
    }
    /* The outline is simple, so the crossings pair off inside it. */
    for (int i = 0; i + 1 < n; i += 2) {
        add_span(cover, a->x0, a->x1 - a->x0, xs[i], xs[i + 1], 1.0 / SUBROWS);
    }
}

void
maze__png_arrow_row(const struct maze__png_raster *r,
                    const struct maze__png_arrow *a, uint32_t y, uint8_t *row)
{
    if (y < a->y0 || y >= a->y1) {
        return;
    }
    uint32_t n = a->x1 - a->x0;
    memset(r->cover, 0, n * sizeof(float));
    for (int s = 0; s < SUBROWS; s++) {
        add_line(a, y + (s + 0.5) / SUBROWS, r->cover);
    }
    unsigned full = a->start ? MAZE__PNG_START : MAZE__PNG_FINISH;
    unsigned shade = a->start ? MAZE__PNG_START_SHADE : MAZE__PNG_FINISH_SHADE;
    for (uint32_t i = 0; i < n; i++) {
        float c = r->cover[i];
        if (r->depth == 1) {
            if (c >= 0.5f) {
                maze__png_set_px(row, 1, a->x0 + i, MAZE__PNG_INK);
            }
            continue;
        }
        long level = lroundf(c * (MAZE__PNG_SHADES + 1));
        if (level > 0) {
            unsigned v =
                level > MAZE__PNG_SHADES ? full : shade + (unsigned)level - 1;
            maze__png_set_px(row, r->depth, a->x0 + i, v);
        }
    }
}
