/* SPDX-License-Identifier: MIT */
/*
 * cairo drawing for the vector exporters (pdf.c, sheets, PNG bands), and
 * the surface plumbing they share; the page they draw on is page.c. The whole
 * maze is four paint operations whatever its size: the solution as one
 * polyline, then every wall run in one path stroked once (square caps close the
 * corners where runs meet), then the two markers on top.
 */
#include <math.h>

#include "export/cairo_util.h"
#include "export/sheet.h"

/* M_PI is not C11. */
#define TAU 6.283185307179586

static void
set_rgb(cairo_t *cr, unsigned long rgb)
{
    cairo_set_source_rgb(cr, (double)(rgb >> 16 & 0xff) / 255,
                         (double)(rgb >> 8 & 0xff) / 255,
                         (double)(rgb & 0xff) / 255);
}

void
maze__draw_solution(cairo_t *cr, const struct maze_point *pts, size_t n,
                    const struct maze__page *pg)
{
    /* A NaN point lifts the pen (a 3D path changing level); each piece
     * starts with a zero-length segment, so that a one-cell piece still
     * shows: with round caps it is a dot. */
    bool lifted = true;
    for (size_t i = 0; i < n; i++) {
        double x, y;
        if (isnan(pts[i].x)) {
            lifted = true;
            continue;
        }
        maze__page_point(pg, pts[i], &x, &y);
        if (lifted) {
            cairo_move_to(cr, x, y);
            lifted = false;
        }
        cairo_line_to(cr, x, y);
    }
    cairo_set_line_width(cr, maze__solution_width(pg));
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    set_rgb(cr, MAZE__RGB_SOLUTION);
    cairo_stroke(cr);
}

void
maze__draw_stairs(cairo_t *cr, const struct maze__stair *v, size_t n,
                  const struct maze__page *pg)
{
    if (n == 0) {
        return;
    }
    for (size_t i = 0; i < n; i++) {
        struct maze_point pts[MAZE__STAIR_POINTS];
        unsigned k = maze__stair_shape(&v[i], pts);
        for (unsigned j = 0; j < k; j++) {
            double x, y;
            maze__page_point(pg, pts[j], &x, &y);
            if (j == 0) {
                cairo_move_to(cr, x, y);
            } else {
                cairo_line_to(cr, x, y);
            }
        }
        cairo_close_path(cr);
    }
    set_rgb(cr, MAZE__RGB_WALL);
    cairo_fill(cr);
}

unsigned
maze__draw_labels(cairo_t *cr, const struct maze *maze,
                  const struct maze__page *pg)
{
    /* Only the labels that reach the clip (a PNG band) are set: text is
     * the dearest thing drawn, and a band should cost what it shows. */
    double cx0, cy0, cx1, cy1;
    cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1);
    unsigned drawn = 0;
    struct maze__label lb;
    for (unsigned i = 0; maze__label_place(maze, i, &lb) > i; i++) {
        double x, y, size = maze__label_size(&lb) * pg->cell;
        maze__page_point(pg, lb.at, &x, &y);
        double reach = lb.height * pg->cell + 2 * size;
        if (y + reach < cy0 || y - reach > cy1) {
            continue;
        }
        drawn++;
        if (pg->sheet != NULL) {
            /* A sheet's names, in its language and its type. */
            char text[320];
            maze__sheet_level_name(pg->sheet, &lb, text, sizeof(text));
            set_rgb(cr, MAZE__RGB_WALL);
            maze__sheet_set_label(pg->sheet, cr, text, x,
                                  y + lb.height * pg->cell / 2, size,
                                  lb.width * pg->cell);
            continue;
        }
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                               CAIRO_FONT_WEIGHT_BOLD);
        cairo_set_font_size(cr, size);
        cairo_text_extents_t te;
        cairo_text_extents(cr, lb.text, &te);
        /* Centred across the band, its capitals in the band's middle. */
        cairo_move_to(cr, x - te.x_advance / 2,
                      y + (lb.height * pg->cell + 0.7 * size) / 2);
        set_rgb(cr, MAZE__RGB_WALL);
        cairo_show_text(cr, lb.text);
        cairo_new_path(cr);
    }
    return drawn;
}

/* The runs of one level as a path, stroked `width` wide. */
static void
walls_at(cairo_t *cr, const struct maze__layout *lay,
         const struct maze__page *pg, unsigned level, double width)
{
    for (size_t i = 0; i < lay->run_count; i++) {
        const struct maze__run *r = &lay->runs[i];
        double x, y;
        if (r->level != level) {
            continue;
        }
        if (r->arc) {
            /* A true arc, not chords: ring walls stay round at any size. */
            maze__page_point(pg, r->center, &x, &y);
            cairo_new_sub_path(cr);
            cairo_arc(cr, x, y, r->radius * pg->cell, r->angle0, r->angle1);
            continue;
        }
        maze__page_point(pg, r->a, &x, &y);
        cairo_move_to(cr, x, y);
        maze__page_point(pg, r->b, &x, &y);
        cairo_line_to(cr, x, y);
    }
    bool square = lay->square;
    cairo_set_line_width(cr, width);
    /* Square caps close the corners of walls that meet at right angles;
     * walls meeting at other angles (hexagons, triangles, arcs) would
     * show the caps' corners, and round caps join them cleanly. */
    cairo_set_line_cap(cr,
                       square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr,
                        square ? CAIRO_LINE_JOIN_MITER : CAIRO_LINE_JOIN_ROUND);
    set_rgb(cr, MAZE__RGB_WALL);
    cairo_stroke(cr);
}

void
maze__draw_walls(cairo_t *cr, const struct maze__layout *lay,
                 const struct maze__page *pg)
{
    /* A fractal maze strokes each level at its weight, inner first, so
     * the heavier walls of outer blocks lie over the ends of the thin
     * ones that meet them. */
    for (unsigned l = 0; l <= lay->levels; l++) {
        walls_at(cr, lay, pg, l,
                 maze__wall_level(pg->wall, pg->cell, l, lay->levels));
    }
}

static void
draw_marker(cairo_t *cr, unsigned opening, const struct maze__marker *mk,
            bool start, const struct maze__page *pg)
{
    struct maze__marker_shape sh;
    maze__marker_shape(opening, mk, start, pg, &sh);
    set_rgb(cr, start ? MAZE__RGB_START : MAZE__RGB_FINISH);
    cairo_new_path(cr);
    if (sh.arrow) {
        for (int i = 0; i < 7; i++) {
            cairo_line_to(cr, sh.pts[i][0], sh.pts[i][1]);
        }
        cairo_close_path(cr);
    } else {
        cairo_arc(cr, sh.cx, sh.cy, sh.r, 0, TAU);
    }
    if (pg->ink_saving) {
        cairo_set_line_width(cr, maze__marker_outline(pg));
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
        cairo_stroke(cr);
        return;
    }
    cairo_fill(cr);
}

void
maze__draw_markers(cairo_t *cr, const struct maze *maze,
                   const struct maze__layout *lay, const struct maze__page *pg)
{
    draw_marker(cr, maze->start_opening, &lay->start, true, pg);
    draw_marker(cr, maze->finish_opening, &lay->finish, false, pg);
}

void
maze__draw_maze(cairo_t *cr, const struct maze *maze,
                const struct maze__layout *lay, const struct maze__page *pg)
{
    cairo_save(cr);
    cairo_new_path(cr);
    /* The solution goes under the walls, so where it meets a corner the
     * wall stays crisp and the line reads as running inside the corridor. */
    if (lay->solution_count > 0) {
        maze__draw_solution(cr, lay->solution, lay->solution_count, pg);
    }
    maze__draw_walls(cr, lay, pg);
    maze__draw_stairs(cr, lay->stairs, lay->stair_count, pg);
    maze__draw_markers(cr, maze, lay, pg);
    maze__draw_labels(cr, maze, pg);
    cairo_restore(cr);
}

cairo_status_t
maze__cairo_write(void *closure, const unsigned char *data, unsigned int length)
{
    struct maze__cairo_sink *cs = closure;
    /* After one refusal the sink sees nothing more: the output is lost. */
    if (cs->failed || maze__sink_write(cs->sink, data, length) != MAZE_OK) {
        cs->failed = true;
        return CAIRO_STATUS_WRITE_ERROR;
    }
    return CAIRO_STATUS_SUCCESS;
}

int
maze__cairo_result(cairo_status_t status, bool sink_failed)
{
    if (sink_failed) {
        return MAZE_ERR_IO;
    }
    switch (status) {
    case CAIRO_STATUS_SUCCESS:
        return MAZE_OK;
    case CAIRO_STATUS_NO_MEMORY:
        return MAZE_ERR_NOMEM;
    default:
        return MAZE_ERR_BACKEND;
    }
}

/*
 * Destroys cr, finishes the surface and says how it went: rc if drawing
 * already failed, else what cairo or the sink reported.
 */
int
maze__cairo_finish(cairo_surface_t *surface, cairo_t *cr, int rc,
                   const bool *sink_failed)
{
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    /* Finishing flushes the document: only now are write errors known. */
    cairo_surface_finish(surface);
    if (st == CAIRO_STATUS_SUCCESS) {
        st = cairo_surface_status(surface);
    }
    int cairo_rc = maze__cairo_result(st, *sink_failed);
    return rc != MAZE_OK && cairo_rc == MAZE_OK ? rc : cairo_rc;
}

/* Draws the page, finishes the surface and says how it went. */
int
maze__drawing_render(cairo_surface_t *surface, const struct maze *maze,
                     const struct maze__drawing *d, const bool *sink_failed)
{
    cairo_t *cr = cairo_create(surface);
    maze__draw_maze(cr, maze, &d->lay, &d->pg);
    return maze__cairo_finish(surface, cr, MAZE_OK, sink_failed);
}

/*
 * Accepts SOURCE_DATE_EPOCH only as plain decimal seconds up to the end of
 * year 9999; anything else falls back to the epoch rather than failing.
 */
