/* SPDX-License-Identifier: MIT */
/*
 * A maze as SVG text (svg_draw.h). cairo's SVG surface can neither name
 * a layer nor group one without moving it into <defs>, so the maze is
 * written here instead, from the layout and the marker geometry cairo
 * draws with: walls as one path of the runs (arcs as true arcs), the
 * solution as one polyline under them, the markers on top. The writer
 * buffers 8 KiB, so memory does not grow with the drawing.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/svg_draw.h"
#include "export/sheet.h"
#include "core/utf8.h"
#include "layout/plotter.h"
#include <mazegen/version.h>

#define TAU 6.283185307179586

void
maze__svg_write(struct maze__svg_out *o, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0 && o->rc == MAZE_OK) {
        if (o->n == sizeof(o->buf)) {
            maze__svg_flush(o);
            continue;
        }
        size_t k = sizeof(o->buf) - o->n < len ? sizeof(o->buf) - o->n : len;
        memcpy(o->buf + o->n, p, k);
        o->n += k;
        p += k;
        len -= k;
    }
}

void
maze__svg_put(struct maze__svg_out *o, const char *s)
{
    maze__svg_write(o, s, strlen(s));
}

int
maze__svg_flush(struct maze__svg_out *o)
{
    if (o->rc == MAZE_OK) {
        o->rc = maze__sink_write(o->sink, o->buf, o->n);
    }
    o->n = 0;
    return o->rc;
}

/*
 * The integer q = v * 10^4 rounded half away from zero, exactly as
 * llround() gives it: truncation, then the exact remainder (x - trunc(x)
 * is always representable) decides. |x| < 10^16 fits a long long.
 */
static long long
ten_thousandths(double v)
{
    double x = v * 10000;
    long long q = (long long)x;
    double rest = x - (double)q;
    return q + (rest >= 0.5) - (rest <= -0.5);
}

/* "00" to "99": two digits a division. */
static const char pairs[] = "00010203040506070809"
                            "10111213141516171819"
                            "20212223242526272829"
                            "30313233343536373839"
                            "40414243444546474849"
                            "50515253545556575859"
                            "60616263646566676869"
                            "70717273747576777879"
                            "80818283848586878889"
                            "90919293949596979899";

size_t
maze__svg_num_text(char *text, double v)
{
    /* Pages are at most 10^6 points a side: ten-thousandths fit easily. */
    if (!(fabs(v) < 1e12)) {
        v = 0;
    }
    long long q = ten_thousandths(v);
    unsigned long long a =
        q < 0 ? 0ull - (unsigned long long)q : (unsigned long long)q;
    unsigned long long whole = a / 10000;
    unsigned frac = (unsigned)(a % 10000);
    size_t n = 0;
    if (q < 0) {
        text[n++] = '-';
    }
    /* The whole part's digits, counted, then written from the right two
     * at a time: no printf, whose parsing and locale lookups were half
     * the time of writing a maze. */
    size_t len = 1;
    for (unsigned long long t = 10; len < 12 && whole >= t; t *= 10) {
        len++;
    }
    n += len;
    char *p = text + n;
    while (whole >= 100) {
        p -= 2;
        memcpy(p, pairs + 2 * (whole % 100), 2);
        whole /= 100;
    }
    if (whole >= 10) {
        memcpy(p - 2, pairs + 2 * whole, 2);
    } else {
        p[-1] = (char)('0' + whole);
    }
    if (frac != 0) {
        /* Up to four decimals, without trailing zeros. */
        text[n] = '.';
        memcpy(text + n + 1, pairs + 2 * (frac / 100), 2);
        memcpy(text + n + 3, pairs + 2 * (frac % 100), 2);
        n += frac % 10 ? 5 : frac % 100 ? 4 : frac % 1000 ? 3 : 2;
    }
    return n;
}

void
maze__svg_num(struct maze__svg_out *o, double v)
{
    if (sizeof(o->buf) - o->n >= MAZE__SVG_NUM_MAX) {
        o->n += maze__svg_num_text(o->buf + o->n, v);
        return;
    }
    char text[MAZE__SVG_NUM_MAX];
    maze__svg_write(o, text, maze__svg_num_text(text, v));
}

void
maze__svg_escaped(struct maze__svg_out *o, const char *s)
{
    /* Every text reaches the document well formed: XML's five specials
     * as entities, and whatever XML 1.0 forbids (control characters,
     * U+FFFE, U+FFFF, bytes that are not UTF-8) as U+FFFD. */
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    for (size_t i = 0, len; i < n; i += len) {
        uint32_t cp;
        len = maze__utf8_decode(p + i, n - i, &cp);
        if (len == 0 || !maze__xml_char(cp)) {
            maze__svg_put(o, "\xef\xbf\xbd");
            len = len ? len : 1;
            continue;
        }
        const char *e = cp == '&'    ? "&amp;"
                        : cp == '<'  ? "&lt;"
                        : cp == '>'  ? "&gt;"
                        : cp == '"'  ? "&quot;"
                        : cp == '\'' ? "&apos;"
                                     : NULL;
        if (e) {
            maze__svg_put(o, e);
        } else {
            maze__svg_write(o, s + i, len);
        }
    }
}

void
maze__svg_point(struct maze__svg_out *o, double x, double y)
{
    maze__svg_num(o, x);
    maze__svg_write(o, " ", 1);
    maze__svg_num(o, y);
}

void
maze__svg_page_point(struct maze__svg_out *o, const struct maze__page *pg,
                     struct maze_point p)
{
    double x, y;
    maze__page_point(pg, p, &x, &y);
    maze__svg_point(o, x, y);
}

static void
color(struct maze__svg_out *o, unsigned long rgb)
{
    char text[8];
    snprintf(text, sizeof(text), "#%06lx", rgb & 0xffffff);
    maze__svg_put(o, text);
}

/* An id: prefix-name, or prefix-name-index for one maze of several. */
static void
id(struct maze__svg_out *o, const struct maze__svg_maze *how, const char *name)
{
    maze__svg_put(o, " id=\"");
    maze__svg_put(o, how->prefix);
    maze__svg_write(o, "-", 1);
    maze__svg_put(o, name);
    if (how->index > 0) {
        char text[16];
        snprintf(text, sizeof(text), "-%u", how->index);
        maze__svg_put(o, text);
    }
    maze__svg_write(o, "\"", 1);
}

/*
 * An arc of run r as SVG arc commands, forwards (increasing angle, as
 * cairo_arc() draws it) or backwards; the pen is at its start. A whole
 * circle is two halves, since one arc command cannot close on itself.
 */
static void
arc(struct maze__svg_out *o, const struct maze__page *pg,
    const struct maze__run *r, bool backwards)
{
    double span = r->angle1 - r->angle0;
    int pieces = span > TAU / 2 + 1e-9 ? 2 : 1;
    double rad = r->radius * pg->cell;
    for (int i = 1; i <= pieces; i++) {
        double t = backwards ? r->angle1 - span * i / pieces
                             : r->angle0 + span * i / pieces;
        double x, y;
        maze__page_point(pg, r->center, &x, &y);
        maze__svg_put(o, " A ");
        maze__svg_point(o, rad, rad);
        /* Each piece is at most half a turn: never the large arc. */
        maze__svg_put(o, backwards ? " 0 0 0 " : " 0 0 1 ");
        maze__svg_point(o, x + rad * cos(t), y + rad * sin(t));
    }
}

static void
arc_start(struct maze__svg_out *o, const struct maze__page *pg,
          const struct maze__run *r, bool backwards)
{
    double x, y, t = backwards ? r->angle1 : r->angle0;
    maze__page_point(pg, r->center, &x, &y);
    maze__svg_point(o, x + r->radius * pg->cell * cos(t),
                    y + r->radius * pg->cell * sin(t));
}

/*
 * The texts of the page coordinates of whole grid units, each made the
 * first time it is wanted: a rectangle's runs start and end on its
 * lattice lines, so a number is formatted once per line, not at every
 * end of every run. Exactly maze__svg_num()'s text of the same double.
 */
struct num_text {
    uint8_t len; /* 0: not made yet */
    char text[23];
};

struct num_cache {
    struct num_text *x, *y;
    uint32_t nx, ny;
};

/* A cache for lay's lattice (none, all NULL, off a rectangle or when
 * memory is short: every number is then formatted as it comes). */
static void
cache_init(struct num_cache *c, const struct maze__layout *lay)
{
    *c = (struct num_cache){0};
    if (!lay->square || !(lay->width < 1e7 && lay->height < 1e7)) {
        return;
    }
    c->nx = (uint32_t)lay->width + 1;
    c->ny = (uint32_t)lay->height + 1;
    c->x = calloc(c->nx, sizeof(*c->x));
    c->y = calloc(c->ny, sizeof(*c->y));
    if (c->x == NULL || c->y == NULL) {
        free(c->x);
        free(c->y);
        *c = (struct num_cache){0};
    }
}

static void
cache_finish(struct num_cache *c)
{
    free(c->x);
    free(c->y);
}

/* The text of page coordinate v of grid coordinate g into dst (room for
 * MAZE__SVG_NUM_MAX bytes), through table t of n entries when g is a
 * whole number on it. */
static size_t
coord_text(char *dst, struct num_text *t, uint32_t n, double g, double v)
{
    if (t != NULL && g >= 0 && g < n && g == (double)(uint32_t)g) {
        struct num_text *e = &t[(uint32_t)g];
        if (e->len == 0) {
            char text[MAZE__SVG_NUM_MAX];
            size_t len = maze__svg_num_text(text, v);
            if (len > sizeof(e->text)) {
                return maze__svg_num_text(dst, v);
            }
            memcpy(e->text, text, len);
            e->len = (uint8_t)len;
        }
        memcpy(dst, e->text, sizeof(e->text));
        return e->len;
    }
    return maze__svg_num_text(dst, v);
}

/* "x y" of grid point p placed on page pg, into dst. */
static size_t
point_text(char *dst, const struct num_cache *c, const struct maze__page *pg,
           struct maze_point p)
{
    double x, y;
    maze__page_point(pg, p, &x, &y);
    size_t n = coord_text(dst, c->x, c->nx, p.x, x);
    dst[n++] = ' ';
    return n + coord_text(dst + n, c->y, c->ny, p.y, y);
}

/* The longest text of a straight run: " M ", two points, " L ". */
#define RUN_TEXT_MAX (6 + 4 * MAZE__SVG_NUM_MAX + 2)

/* The walls' path data of one level: each run a subpath, in the layout's
 * order. A straight run's text goes straight into the buffer. */
static void
walls_d(struct maze__svg_out *o, const struct maze__layout *lay,
        const struct maze__page *pg, unsigned level)
{
    bool first = true;
    struct num_cache cache;
    cache_init(&cache, lay);
    for (size_t i = 0; i < lay->run_count && o->rc == MAZE_OK; i++) {
        const struct maze__run *r = &lay->runs[i];
        if (r->level != level) {
            continue;
        }
        if (r->arc) {
            maze__svg_put(o, first ? "M " : " M ");
            first = false;
            arc_start(o, pg, r, false);
            arc(o, pg, r, false);
            continue;
        }
        if (sizeof(o->buf) - o->n < RUN_TEXT_MAX) {
            maze__svg_flush(o);
        }
        char *p = o->buf + o->n;
        size_t n = 0;
        if (!first) {
            p[n++] = ' ';
        }
        first = false;
        memcpy(p + n, "M ", 2);
        n += 2;
        n += point_text(p + n, &cache, pg, r->a);
        memcpy(p + n, " L ", 3);
        n += 3;
        n += point_text(p + n, &cache, pg, r->b);
        o->n += n;
    }
    cache_finish(&cache);
}

/*
 * The walls' path data of one level in plotter order: a subpath per
 * stroke. A fractal maze's levels are separate paths, so the pen lifts
 * where the plot goes on with a run of another level.
 */
static void
plotter_d(struct maze__svg_out *o, const struct maze__layout *lay,
          const struct maze__page *pg, const struct maze__plot *plot,
          unsigned level)
{
    size_t last = SIZE_MAX;
    for (size_t i = 0; i < plot->count && o->rc == MAZE_OK; i++) {
        const struct maze__plot_step *s = &plot->steps[i];
        const struct maze__run *r = &lay->runs[s->run];
        if (r->level != level) {
            continue;
        }
        if (s->pen_up || last == SIZE_MAX || last + 1 != i) {
            maze__svg_put(o, last != SIZE_MAX ? " M " : "M ");
            if (r->arc) {
                arc_start(o, pg, r, s->reversed);
            } else {
                maze__svg_page_point(o, pg, maze__plot_from(lay, s));
            }
        }
        last = i;
        if (r->arc) {
            arc(o, pg, r, s->reversed);
        } else {
            maze__svg_put(o, " L ");
            maze__svg_page_point(o, pg, maze__plot_to(lay, s));
        }
    }
}

/* The walls of one level as a path (in plotter order when plot is set). */
static void
walls(struct maze__svg_out *o, const struct maze__layout *lay,
      const struct maze__page *pg, const struct maze__plot *plot,
      unsigned level)
{
    bool square = lay->square;
    maze__svg_put(o, "<path class=\"mazegen-walls");
    if (lay->levels > 0) {
        char cls[32];
        snprintf(cls, sizeof(cls), " mazegen-level-%u", level);
        maze__svg_put(o, cls);
    }
    maze__svg_put(o, "\" fill=\"none\" stroke=\"");
    color(o, MAZE__RGB_WALL);
    maze__svg_put(o, "\" stroke-width=\"");
    maze__svg_num(o, maze__wall_level(pg->wall, pg->cell, level, lay->levels));
    /* The caps and joins of maze__draw_walls(), for the same reasons. */
    maze__svg_put(o, square ? "\" stroke-linecap=\"square\" "
                              "stroke-linejoin=\"miter\" "
                              "stroke-miterlimit=\"10\" d=\""
                            : "\" stroke-linecap=\"round\" "
                              "stroke-linejoin=\"round\" d=\"");
    if (plot != NULL) {
        plotter_d(o, lay, pg, plot, level);
    } else {
        walls_d(o, lay, pg, level);
    }
    maze__svg_put(o, "\"/>\n");
}

static void
solution(struct maze__svg_out *o, const struct maze__layout *lay,
         const struct maze__page *pg, const struct maze__svg_maze *how)
{
    maze__svg_put(o, "<g");
    id(o, how, "solution");
    maze__svg_put(o, " class=\"mazegen-solution\" inkscape:groupmode=\"layer\""
                     " inkscape:label=\"Solution\" fill=\"none\" stroke=\"");
    color(o, MAZE__RGB_SOLUTION);
    maze__svg_put(o, "\" stroke-width=\"");
    maze__svg_num(o, maze__solution_width(pg));
    maze__svg_put(o, "\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
                     "\n<path d=\"M ");
    /* A NaN point lifts the pen (a 3D path changing level); a piece of
     * one point still shows: a zero-length segment with round caps is a
     * dot. */
    bool lifted = false;
    maze__svg_page_point(o, pg, lay->solution[0]);
    size_t from = lay->solution_count > 1 && !isnan(lay->solution[1].x);
    for (size_t i = from; i < lay->solution_count; i++) {
        if (isnan(lay->solution[i].x)) {
            lifted = true;
            continue;
        }
        maze__svg_put(o, lifted ? " M " : " L ");
        maze__svg_page_point(o, pg, lay->solution[i]);
        if (lifted) {
            maze__svg_put(o, " L ");
            maze__svg_page_point(o, pg, lay->solution[i]);
            lifted = false;
        }
    }
    maze__svg_put(o, "\"/>\n</g>\n");
}

/* The names of maze__draw_labels(): the grid's (plain ASCII, nothing to
 * escape), or a sheet's, in its language, maybe the caller's words
 * (escaped), kept within their band. */
static void
labels(struct maze__svg_out *o, const struct maze *maze,
       const struct maze__page *pg)
{
    struct maze__label lb;
    for (unsigned i = 0; maze__label_place(maze, i, &lb) > i; i++) {
        double size = maze__label_size(&lb) * pg->cell;
        char text[320];
#if MAZE_HAS_DRAWING
        if (pg->sheet != NULL) {
            maze__sheet_level_name(pg->sheet, &lb, text, sizeof(text));
            size = maze__sheet_label_size(pg->sheet, text, size,
                                          lb.width * pg->cell);
        }
#endif
        maze__svg_put(o, "<text class=\"mazegen-label\" x=\"");
        maze__svg_num(o, pg->x + lb.at.x * pg->cell);
        maze__svg_put(o, "\" y=\"");
        maze__svg_num(o, pg->y + lb.at.y * pg->cell +
                             (lb.height * pg->cell + 0.7 * size) / 2);
        maze__svg_put(o, "\" font-family=\"sans-serif\" font-weight=\"bold\" "
                         "text-anchor=\"middle\" font-size=\"");
        maze__svg_num(o, size);
        maze__svg_put(o, "\" fill=\"");
        color(o, MAZE__RGB_WALL);
        maze__svg_put(o, "\">");
        if (pg->sheet != NULL) {
            maze__svg_escaped(o, text);
        } else {
            maze__svg_put(o, lb.text);
        }
        maze__svg_put(o, "</text>\n");
    }
}

/* The stair marks of maze__draw_stairs(). */
static void
stairs(struct maze__svg_out *o, const struct maze__layout *lay,
       const struct maze__page *pg)
{
    if (lay->stair_count == 0) {
        return;
    }
    maze__svg_put(o, "<path class=\"mazegen-stairs\" stroke=\"none\" "
                     "fill=\"");
    color(o, MAZE__RGB_WALL);
    maze__svg_put(o, "\" d=\"");
    for (size_t i = 0; i < lay->stair_count; i++) {
        struct maze_point pts[MAZE__STAIR_POINTS];
        unsigned k = maze__stair_shape(&lay->stairs[i], pts);
        for (unsigned j = 0; j < k; j++) {
            maze__svg_put(o, j ? " L " : i ? " M " : "M ");
            maze__svg_page_point(o, pg, pts[j]);
        }
        maze__svg_put(o, " Z");
    }
    maze__svg_put(o, "\"/>\n");
}

static void
marker(struct maze__svg_out *o, unsigned opening, const struct maze__marker *mk,
       bool start, const struct maze__page *pg)
{
    struct maze__marker_shape sh;
    maze__marker_shape(opening, mk, start, pg, &sh);
    maze__svg_put(o, sh.arrow ? "<path" : "<circle");
    maze__svg_put(o, start ? " class=\"mazegen-start\" "
                           : " class=\"mazegen-finish\" ");
    if (pg->ink_saving) {
        /* In outline: the stroke the PDF of the same sheet draws. */
        maze__svg_put(o, "fill=\"none\" stroke-width=\"");
        maze__svg_num(o, maze__marker_outline(pg));
        maze__svg_put(o, "\" stroke=\"");
    } else {
        maze__svg_put(o, "fill=\"");
    }
    color(o, start ? MAZE__RGB_START : MAZE__RGB_FINISH);
    if (!sh.arrow) {
        maze__svg_put(o, "\" cx=\"");
        maze__svg_num(o, sh.cx);
        maze__svg_put(o, "\" cy=\"");
        maze__svg_num(o, sh.cy);
        maze__svg_put(o, "\" r=\"");
        maze__svg_num(o, sh.r);
        maze__svg_put(o, "\"/>\n");
        return;
    }
    maze__svg_put(o, "\" d=\"");
    for (int i = 0; i < 7; i++) {
        maze__svg_put(o, i ? " L " : "M ");
        maze__svg_point(o, sh.pts[i][0], sh.pts[i][1]);
    }
    maze__svg_put(o, " Z\"/>\n");
}

int
maze__svg_draw_maze(struct maze__svg_out *o, const struct maze *maze,
                    const struct maze__layout *lay, const struct maze__page *pg,
                    const struct maze__svg_maze *how)
{
    maze__svg_put(o, "<g");
    id(o, how, "maze");
    maze__svg_put(o, " class=\"mazegen-maze\"");
    if (how->rotated) {
        maze__svg_put(o, " transform=\"rotate(180 ");
        maze__svg_point(o, how->cx, how->cy);
        maze__svg_put(o, ")\"");
    }
    maze__svg_put(o, ">\n");
    /* The solution goes under the walls, so where it meets a corner the
     * wall stays crisp. */
    if (lay->solution_count > 0) {
        solution(o, lay, pg, how);
    }
    struct maze__plot plot = {0};
    int rc = how->plotter ? maze__plot_build(lay, &plot) : MAZE_OK;
    /* A fractal maze has a path per level, inner first, each heavier. */
    for (unsigned l = 0; l <= lay->levels && rc == MAZE_OK; l++) {
        walls(o, lay, pg, how->plotter ? &plot : NULL, l);
    }
    maze__plot_finish(&plot);
    stairs(o, lay, pg);
    marker(o, maze->start_opening, &lay->start, true, pg);
    marker(o, maze->finish_opening, &lay->finish, false, pg);
    labels(o, maze, pg);
    maze__svg_put(o, "</g>\n");
    return rc != MAZE_OK ? rc : o->rc;
}
