/* SPDX-License-Identifier: MIT */
/*
 * Where start and finish go: the ends of a long path between two cells of
 * the outer boundary whose openings face different sides of the maze, or
 * between a cell on one given side and a cell on the opposite one. The
 * design decision: "sides of the maze" are read off each boundary side's
 * outward direction (maze__side_facing()), so every grid kind and every
 * mask gets them from the grid interface alone, and openings are chosen
 * with the endpoints rather than after them.
 */
#include <stddef.h>

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "core/status_impl.h"
#include "solve/solve_impl.h"
#include <mazegen/generate.h>
#include <mazegen/status.h>

#define SIDE(s) (1u << (s))
#define ALL_SIDES 0xfu

/* Cells with a boundary side facing a side of the maze in *ctx. */
static bool
faces(const struct maze_grid *g, uint32_t cell, void *ctx)
{
    return (maze__cell_facing(g, cell) & *(const unsigned *)ctx) != 0;
}

/* The side of the maze an opening faces, or 0 for none. */
static unsigned
facing_of(const struct maze_grid *g, uint32_t cell, unsigned side)
{
    if (side == MAZE_NONE) {
        return 0;
    }
    struct maze_side sides[MAZE_GRID_MAX_DEGREE];
    (void)maze_grid_cell_sides(g, cell, sides);
    return SIDE(maze__side_facing(g, cell, &sides[side]));
}

/*
 * Openings of start s and finish f facing different sides of the maze:
 * the usual ones when they do, else the finish (then the start) moved to
 * the best side of another direction. False when the two cells face one
 * side only, and the same one.
 */
static bool
apart_openings(const struct maze_grid *g, uint32_t s, uint32_t f, unsigned *os,
               unsigned *of)
{
    *os = maze__grid_opening(g, s, false, MAZE_NONE);
    *of = maze__grid_opening(g, f, true, s == f ? *os : MAZE_NONE);
    unsigned fs = facing_of(g, s, *os), ff = facing_of(g, f, *of);
    if (fs != ff) {
        return true;
    }
    unsigned alt = maze__grid_opening_facing(g, f, true, ALL_SIDES & ~fs);
    if (alt != MAZE_NONE) {
        *of = alt;
        return true;
    }
    alt = maze__grid_opening_facing(g, s, false, ALL_SIDES & ~ff);
    if (alt != MAZE_NONE) {
        *os = alt;
        return true;
    }
    return false;
}

/* Sets start s and finish f, the one nearer the top-left first so pages
 * read left to right (ties: the lower cell number), with openings facing
 * different sides of the maze where the cells allow. */
static int
set_apart(struct maze *maze, uint32_t a, uint32_t b)
{
    const struct maze_grid *g = maze->grid;
    struct maze_point pa = maze_grid_cell_center(g, a);
    struct maze_point pb = maze_grid_cell_center(g, b);
    double da = pa.x + pa.y, db = pb.x + pb.y;
    bool a_first = da < db || (da == db && a <= b);
    uint32_t s = a_first ? a : b, f = a_first ? b : a;
    int rc = maze_set_endpoints(maze, s, f);
    unsigned os, of;
    if (rc == MAZE_OK && apart_openings(g, s, f, &os, &of)) {
        rc = maze_set_openings(maze, os, of);
    }
    return rc;
}

/*
 * The default: for a kind with a goal (a circle's centre), from the
 * boundary cell farthest from it to it; else the ends of the longest
 * path between boundary cells, if
 * their openings can face different sides; else, from each end, the
 * farthest cell that can open on another side than it, and the longer of
 * those two paths.
 */
static int
place_longest(struct maze *maze, const struct maze_progress *progress)
{
    const struct maze_grid *g = maze->grid;
    uint32_t a, b;
    uint32_t goal =
        g->kind->goal != NULL && g->base == NULL ? g->kind->goal(g) : MAZE_NONE;
    if (goal != MAZE_NONE) {
        /* From the boundary to the kind's goal (a circle's centre), by
         * the longest way in. */
        int rc = maze__farthest_boundary(maze, goal, progress, &a);
        return rc == MAZE_OK ? maze_set_endpoints(maze, a, goal) : rc;
    }
    int rc = maze__boundary_path_ends(maze, progress, &a, &b);
    if (rc != MAZE_OK) {
        return rc;
    }
    unsigned os, of;
    if (apart_openings(g, a, b, &os, &of)) {
        return set_apart(maze, a, b);
    }
    /* Both ends face the same single side of the maze. */
    unsigned other = ALL_SIDES & ~maze__cell_facing(g, a);
    uint32_t c, d, dc, dd;
    rc = maze__farthest(maze, a, faces, &other, &c, &dc);
    if (rc == MAZE_OK) {
        rc = maze__farthest(maze, b, faces, &other, &d, &dd);
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    if (c == MAZE_NONE && d == MAZE_NONE) {
        return set_apart(maze, a, b); /* one side only: nothing better */
    }
    if (d != MAZE_NONE && (c == MAZE_NONE || dd > dc)) {
        return set_apart(maze, b, d);
    }
    return set_apart(maze, a, c);
}

/*
 * Start on side `from` of the maze and finish on side `to`: alternating
 * searches for the farthest cell of one side from the other's, twice
 * each way, which in a perfect maze settles on a pair as far apart as
 * the two sides allow or close to it.
 */
static int
place_across(struct maze *maze, unsigned from, unsigned to)
{
    const struct maze_grid *g = maze->grid;
    unsigned want_from = SIDE(from), want_to = SIDE(to);
    uint32_t s, f, dist;
    int rc = maze__farthest(maze, 0, faces, &want_from, &s, &dist);
    for (int i = 0; rc == MAZE_OK && s != MAZE_NONE && i < 2; i++) {
        rc = maze__farthest(maze, s, faces, &want_to, &f, &dist);
        if (rc == MAZE_OK && f != MAZE_NONE) {
            rc = maze__farthest(maze, f, faces, &want_from, &s, &dist);
        }
        if (f == MAZE_NONE) {
            s = MAZE_NONE;
        }
    }
    if (rc == MAZE_OK && s != MAZE_NONE) {
        rc = maze__farthest(maze, s, faces, &want_to, &f, &dist);
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    if (s == MAZE_NONE || f == MAZE_NONE) {
        return place_longest(maze, NULL); /* no such sides: the default */
    }
    rc = maze_set_endpoints(maze, s, f);
    if (rc == MAZE_OK) {
        rc = maze_set_openings(
            maze, maze__grid_opening_facing(g, s, false, want_from),
            maze__grid_opening_facing(g, f, true, want_to));
    }
    return rc;
}

int
maze_place_endpoints(struct maze *maze, enum maze_endpoints where,
                     const struct maze_progress *progress)
{
    maze__detail_clear();
    if (maze == NULL) {
        return MAZE_ERR_INVALID;
    }
    switch (where) {
    case MAZE_ENDPOINTS_LONGEST:
        return place_longest(maze, progress);
    case MAZE_ENDPOINTS_CORNERS:
        return maze_set_endpoints(maze, 0, maze->grid->cells - 1);
    case MAZE_ENDPOINTS_LEFT_RIGHT:
        return place_across(maze, MAZE__SIDE_W, MAZE__SIDE_E);
    case MAZE_ENDPOINTS_TOP_BOTTOM:
        return place_across(maze, MAZE__SIDE_N, MAZE__SIDE_S);
    default:
        return MAZE_ERR_INVALID;
    }
}

int
maze_place_openings(struct maze *maze, enum maze_endpoints where)
{
    if (maze == NULL || (unsigned)where > MAZE_ENDPOINTS_TOP_BOTTOM) {
        return MAZE_ERR_INVALID;
    }
    const struct maze_grid *g = maze->grid;
    uint32_t s = maze->start, f = maze->finish;
    int rc = maze_set_endpoints(maze, s, f);
    unsigned os, of;
    if (rc != MAZE_OK || where == MAZE_ENDPOINTS_CORNERS) {
        return rc;
    }
    if (where == MAZE_ENDPOINTS_LONGEST) {
        return apart_openings(g, s, f, &os, &of)
                   ? maze_set_openings(maze, os, of)
                   : MAZE_OK;
    }
    bool lr = where == MAZE_ENDPOINTS_LEFT_RIGHT;
    os = maze__grid_opening_facing(g, s, false,
                                   SIDE(lr ? MAZE__SIDE_W : MAZE__SIDE_N));
    of = maze__grid_opening_facing(g, f, true,
                                   SIDE(lr ? MAZE__SIDE_E : MAZE__SIDE_S));
    /* A cell without such a side keeps its usual opening. */
    return maze_set_openings(maze, os != MAZE_NONE ? os : maze->start_opening,
                             of != MAZE_NONE ? of : maze->finish_opening);
}

const char *
maze_endpoints_name(enum maze_endpoints where)
{
    static const char *const names[] = {
        [MAZE_ENDPOINTS_LONGEST] = "longest",
        [MAZE_ENDPOINTS_CORNERS] = "corners",
        [MAZE_ENDPOINTS_LEFT_RIGHT] = "left-right",
        [MAZE_ENDPOINTS_TOP_BOTTOM] = "top-bottom",
    };
    return (unsigned)where < sizeof(names) / sizeof(names[0]) ? names[where]
                                                              : NULL;
}
