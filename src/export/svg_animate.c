/* SPDX-License-Identifier: MIT */
/*
 * The animated SVG (animate.h): the "svg" format's document of the
 * finished maze, with the carve laid on top of it. Every edge the carve
 * changed gets a piece over its side: a wall where a passage was opened,
 * a strip of floor where division later built a wall. The pieces are cut
 * into at most MAZE_ANIMATE_GROUPS_MAX groups by the order of their
 * changes, one path each. The one design decision: the document without
 * its animations is the finished maze. Every piece is invisible in its
 * own style, and only its animation (filling backwards through its
 * delay) shows it until its steps come; the solution is dashed only by
 * its animation. So a renderer that runs no CSS animation (rsvg-convert
 * and the tools built on it) draws the static SVG's picture, and so does
 * a browser once every animation has ended.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/options.h"
#include "core/status_impl.h"
#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "export/export_impl.h"
#include "export/svg_draw.h"
#include "export/timeline.h"
#include <mazegen/animate.h>
#include <mazegen/status.h>

struct anim {
    const struct maze_timeline *tl;
    double step; /* seconds from one group to the next */
    unsigned groups;
};

/* A segment's ends on the page, each moved inset along it towards the
 * other. */
static void
segment(struct maze__svg_out *o, const struct maze__page *pg,
        struct maze_point a, struct maze_point b, double inset)
{
    double ax, ay, bx, by;
    maze__page_point(pg, a, &ax, &ay);
    maze__page_point(pg, b, &bx, &by);
    double len = hypot(bx - ax, by - ay);
    if (inset > 0 && len > 2 * inset) {
        double ux = (bx - ax) / len * inset, uy = (by - ay) / len * inset;
        ax += ux;
        ay += uy;
        bx -= ux;
        by -= uy;
    }
    maze__svg_put(o, "M ");
    maze__svg_point(o, ax, ay);
    maze__svg_put(o, " L ");
    maze__svg_point(o, bx, by);
}

/* The side of edge as path data, if it has one; straight sides inset at
 * both ends (floor stops short of the walls it meets). */
static void
piece(struct maze__svg_out *o, const struct maze_grid *g,
      const struct maze__page *pg, uint32_t edge, double inset)
{
    uint32_t a, b;
    maze_grid_edge_cells(g, edge, &a, &b);
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze_grid_cell_sides(g, a, sides);
    for (unsigned i = 0; i < n; i++) {
        const struct maze_side *s = &sides[i];
        if (s->edge != edge) {
            continue;
        }
        if (s->shape != MAZE_SIDE_ARC) {
            segment(o, pg, s->a, s->b, inset);
            maze__svg_put(o, " ");
            return;
        }
        maze__svg_put(o, "M ");
        maze__svg_page_point(o, pg, s->a);
        {
            double r = s->radius * pg->cell;
            maze__svg_put(o, " A ");
            maze__svg_point(o, r, r);
            maze__svg_put(o,
                          s->angle1 - s->angle0 > M_PI ? " 0 1 1 " : " 0 0 1 ");
            maze__svg_page_point(o, pg, s->b);
        }
        maze__svg_put(o, " ");
        return;
    }
}

/* The solution's length on the page, in points. */
static double
solution_length(const struct maze__layout *lay, const struct maze__page *pg)
{
    double len = 0, px = 0, py = 0;
    bool have = false;
    for (size_t i = 0; i < lay->solution_count; i++) {
        if (isnan(lay->solution[i].x)) {
            have = false;
            continue;
        }
        double x, y;
        maze__page_point(pg, lay->solution[i], &x, &y);
        if (have) {
            len += hypot(x - px, y - py);
        }
        px = x;
        py = y;
        have = true;
    }
    return len;
}

static void
style(struct maze__svg_out *o, const struct maze__drawing *d,
      const char *prefix, double carve_end)
{
    /* A piece is shown from the start until its delay is over, by the
     * animation's backwards fill and its one-millisecond run; after that
     * its own opacity (0) holds. */
    maze__svg_put(o, "<style>\n@keyframes ");
    maze__svg_put(o, prefix);
    maze__svg_put(o, "-shown{from,to{opacity:1}}\n.");
    maze__svg_put(o, prefix);
    maze__svg_put(o, "-step{animation:");
    maze__svg_put(o, prefix);
    maze__svg_put(o, "-shown 0.001s linear backwards}\n");
    if (d->lay.solution_count > 0) {
        double w = maze__solution_width(&d->pg);
        double len = solution_length(&d->lay, &d->pg);
        /* A dash as long as the path, the gap longer than it and the
         * line's caps, starting a cap's width before the path: nothing
         * shows until the dash slides in. The dashing is the animation's
         * alone (filled backwards through the carve), so the line is
         * whole wherever animations do not run, and once they end. */
        double dash = len + 1, gap = len + 2 * w + 2;
        char buf[200];
        double secs = 0.5 + len / (20 * w);
        if (secs > 8) {
            secs = 8;
        }
        maze__svg_put(o, "@keyframes ");
        maze__svg_put(o, prefix);
        snprintf(buf, sizeof(buf),
                 "-draw{from{stroke-dasharray:%.2f %.2f;"
                 "stroke-dashoffset:%.2f}to{stroke-dasharray:%.2f %.2f;"
                 "stroke-dashoffset:0}}\n#",
                 dash, gap, dash + w, dash, gap);
        maze__svg_put(o, buf);
        maze__svg_put(o, prefix);
        maze__svg_put(o, "-solution path{animation:");
        maze__svg_put(o, prefix);
        snprintf(buf, sizeof(buf), "-draw %.2fs linear %.2fs backwards}\n",
                 secs, carve_end);
        maze__svg_put(o, buf);
    }
    maze__svg_put(o, "</style>\n");
}

/* The group holding every piece of one kind: walls opened (walls set), or
 * floor later walled; its paths carry only their pieces and delays. */
static void
kind_open(struct maze__svg_out *o, const struct maze__drawing *d, bool walls)
{
    maze__svg_put(o, "<g class=\"");
    maze__svg_put(o, walls ? "mazegen-carve-walls" : "mazegen-carve-floor");
    maze__svg_put(o, "\" fill=\"none\" stroke=\"");
    maze__svg_put(o, walls ? "#000000" : "#ffffff");
    maze__svg_put(o, "\" stroke-width=\"");
    /* Floor a little wider than the wall it hides, so that no antialiased
     * edge of the wall shows through; ends flat, to spare crossing walls. */
    maze__svg_num(o, walls ? d->pg.wall : d->pg.wall * 1.6 + 0.5);
    maze__svg_put(o, walls && d->lay.square ? "\" stroke-linecap=\"square\">\n"
                     : walls                ? "\" stroke-linecap=\"round\">\n"
                                            : "\" stroke-linecap=\"butt\">\n");
}

/* One group's pieces of one kind. */
static void
group_path(struct maze__svg_out *o, const struct maze *maze,
           const struct maze__drawing *d, const char *prefix,
           const uint32_t *edges, size_t n, bool walls, double at)
{
    double inset = walls ? 0 : d->pg.wall / 2;
    if (n == 0) {
        return;
    }
    char buf[64];
    maze__svg_put(o, "<path class=\"");
    maze__svg_put(o, prefix);
    /* Hidden by an attribute as well as by the style sheet, for
     * renderers that read no <style>; the animation overrides both. */
    snprintf(buf, sizeof(buf),
             "-step\" opacity=\"0\" style=\"animation-delay:%.3fs\" d=\"", at);
    maze__svg_put(o, buf);
    for (size_t i = 0; i < n && o->rc == MAZE_OK; i++) {
        piece(o, maze->grid, &d->pg, edges[i], inset);
    }
    maze__svg_put(o, "\"/>\n");
}

static int
overlay(struct maze__svg_out *o, const struct maze *maze,
        const struct maze__drawing *d, const char *prefix, const void *ctx)
{
    const struct anim *an = ctx;
    const struct maze_timeline *tl = an->tl;
    uint64_t n = tl->length;
    unsigned groups = n < an->groups ? (unsigned)n : an->groups;
    /* Edges sorted by group (a counting sort), walls and floor apart. */
    size_t *start = calloc((size_t)groups + 2, sizeof(size_t));
    uint32_t *order = maze__alloc_array(n + 1, sizeof(uint32_t), false);
    int rc = start && order ? MAZE_OK : MAZE_ERR_NOMEM;
    for (uint32_t e = 0; rc == MAZE_OK && e < tl->slots; e++) {
        if (tl->when[e] != 0) {
            start[(uint64_t)(tl->when[e] - 1) * groups / n + 1]++;
        }
    }
    for (unsigned g = 0; rc == MAZE_OK && g < groups; g++) {
        start[g + 1] += start[g];
    }
    for (uint32_t e = 0; rc == MAZE_OK && e < tl->slots; e++) {
        if (tl->when[e] != 0) {
            order[start[(uint64_t)(tl->when[e] - 1) * groups / n]++] = e;
        }
    }
    /* start[g] is now the end of group g: shift back to the starts. */
    for (unsigned g = groups; rc == MAZE_OK && g > 0; g--) {
        start[g] = start[g - 1];
    }
    if (rc == MAZE_OK) {
        start[0] = 0;
        /* The first group goes after one step of the finished walls'
         * picture, so the carve is seen to start. */
        double carve_end = (groups + 1) * an->step;
        style(o, d, prefix, carve_end);
        uint32_t *pick = maze__alloc_array(n + 1, sizeof(uint32_t), false);
        rc = pick ? MAZE_OK : MAZE_ERR_NOMEM;
        /* Walls knocked down, then floor walled later (division): each
         * kind in a group of its own, its groups in order of time. */
        for (int walls = 1; rc == MAZE_OK && walls >= 0; walls--) {
            bool opened = false;
            for (unsigned g = 0; g < groups; g++) {
                size_t k = 0;
                for (size_t i = start[g]; i < start[g + 1]; i++) {
                    if (maze__is_open(maze, order[i]) == (walls != 0)) {
                        pick[k++] = order[i];
                    }
                }
                if (k > 0 && !opened) {
                    kind_open(o, d, walls != 0);
                    opened = true;
                }
                group_path(o, maze, d, prefix, pick, k, walls != 0,
                           (g + 1) * an->step);
            }
            if (opened) {
                maze__svg_put(o, "</g>\n");
            }
        }
        free(pick);
    }
    free(start);
    free(order);
    return rc != MAZE_OK ? rc : o->rc;
}

int
maze_export_animated_svg(const struct maze *maze,
                         const struct maze_timeline *tl,
                         const struct maze_export_options *opt,
                         const struct maze_animate_options *anim,
                         const struct maze_sink *sink)
{
    struct maze__export_copy copy;
    int taken = maze__export_options_take(&copy, &opt, NULL);
    if (taken != MAZE_OK) {
        return taken;
    }
    struct maze_animate_options anim_copy = MAZE_ANIMATE_OPTIONS_INIT;
    if (anim != NULL) {
        taken = maze__options_copy(
            &anim_copy, sizeof(anim_copy), anim,
            MAZE__SIZE_THROUGH(struct maze_animate_options, groups),
            "maze_animate_options", "MAZE_ANIMATE_OPTIONS_INIT");
        if (taken != MAZE_OK) {
            return taken;
        }
    }
    anim = &anim_copy;
    if (maze == NULL || tl == NULL || opt == NULL || sink == NULL ||
        tl->grid != maze->grid) {
        return MAZE_ERR_INVALID;
    }
    if (!(anim->step_seconds >= 0 && anim->step_seconds <= 60) ||
        anim->groups > MAZE_ANIMATE_GROUPS_MAX) {
        return MAZE_ERR_INVALID;
    }
    struct anim an = {
        .tl = tl,
        .step = anim->step_seconds > 0 ? anim->step_seconds : 0.04,
        .groups = anim->groups > 0 ? anim->groups : MAZE_ANIMATE_GROUPS_MAX,
    };
    return maze__svg_write_maze(maze, opt, overlay, &an, sink);
}
