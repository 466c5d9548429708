/* SPDX-License-Identifier: MIT */
/*
 * The drawing of a maze in grid units, computed once and shared by the
 * vector exporters (and any future raster of non-rectangular grids): wall
 * runs with collinear segments merged, the solution polyline through cell
 * centres, and start and finish markers.
 */
#ifndef MAZE_LAYOUT_LAYOUT_H
#define MAZE_LAYOUT_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

#include "core/maze_impl.h"
#include <mazegen/solve.h>

/* A wall run from a to b: straight, or an arc (as struct maze_side
 * describes one: about center, the angle growing from angle0 to angle1). */
struct maze__run {
    struct maze_point a, b;
    bool arc;
    /*
     * The nesting level of the wall in a fractal maze (core/fractal.h):
     * 0 inside the smallest blocks, up to the layout's `levels` for the
     * outer wall; drawn heavier as it grows (maze__wall_level()). Always 0
     * in an ordinary maze. Beside `arc`, in its padding: 80 bytes a run,
     * not 88, and a big maze holds millions.
     */
    unsigned level;
    struct maze_point center;
    double radius, angle0, angle1;
};

/* An endpoint marker: its cell centre, the middle of its opening, and
 * the outward direction of the opening (a unit vector; 0,0 and `at` the
 * centre when the cell has no opening). */
struct maze__marker {
    struct maze_point center;
    struct maze_point at;
    struct maze_point outward;
};

/* A stair mark: a cell's centre and its MAZE__STAIR_* bits. */
struct maze__stair {
    struct maze_point at;
    unsigned kind;
};

/* The most corners of a stair mark's outline. */
#define MAZE__STAIR_POINTS 4

/*
 * The outline of a stair mark, in grid units, into pts (returns the
 * count): up a triangle pointing up, down one pointing down, both a
 * diamond; filled shapes that read in grayscale and look like no wall.
 */
unsigned maze__stair_shape(const struct maze__stair *s, struct maze_point *pts);

struct maze__layout {
    /* Extent of the drawing in grid units (walls lie within it). */
    double width, height;
    /* Every wall, as maximal straight runs and arcs, in a deterministic
     * order. */
    struct maze__run *runs;
    size_t run_count;
    /* Every wall runs along the axes (rectangles, masked or not): walls
     * meet at right angles, and square caps close their corners. */
    bool square;
    /* A fractal maze's levels K (runs have levels 0 to K), else 0. */
    unsigned levels;
    /* The share of a cell its corridors take when the walls draw them
     * narrower than the cell (weave), else 0. */
    double passage;
    /* The solution through cell centres (NULL, 0 when none), extended
     * through the openings when the endpoints have them. */
    struct maze_point *solution;
    size_t solution_count;
    struct maze__marker start, finish;
    /* The stair marks of the cells with an open passage to another level
     * (NULL, 0 on kinds without levels). */
    struct maze__stair *stairs;
    size_t stair_count;
};

/*
 * Builds the layout of maze, with solution when not NULL.
 * Errors: MAZE_ERR_NOMEM. On error *out holds nothing to free.
 */
int maze__layout_build(const struct maze *maze,
                       const struct maze_path *solution,
                       struct maze__layout *out);

/*
 * The parts of a layout on their own, for drawings that never hold the
 * whole of it (PNG bands): the markers, and the solution polyline (into
 * *pts, n points, freed by the caller; NULL, 0 for no path).
 * Errors: MAZE_ERR_NOMEM, MAZE_ERR_INVALID (a path off the grid).
 */
void maze__layout_markers(const struct maze *maze, struct maze__marker *start,
                          struct maze__marker *finish);
int maze__layout_solution(const struct maze *maze, const struct maze_path *path,
                          struct maze_point **pts, size_t *n);

/* The stair marks of maze (into *out, n of them, freed by the caller;
 * NULL, 0 when none). Errors: MAZE_ERR_NOMEM. */
int maze__layout_stairs(const struct maze *maze, struct maze__stair **out,
                        size_t *n);

/*
 * The i-th name of maze's grid (maze__grid_ops.label) placed for drawing:
 * `at` moved along its band, away from an endpoint's arrow that leaves
 * through the band.
 * Returns how many names there are (0 when i is past them).
 */
unsigned maze__label_place(const struct maze *maze, unsigned i,
                           struct maze__label *out);

/* The size of a label's text in grid units (fitting its band), and
 * about how wide it is. */
double maze__label_size(const struct maze__label *l);
double maze__label_width(const struct maze__label *l);

/* Whether every side of every cell of g runs along an axis. */
bool maze__layout_square(const struct maze_grid *g);

/*
 * The width of a wall of `level` in a drawing of `levels` levels, for
 * walls `wall` wide in cells `cell` wide: wall x (1 + level), so each level
 * out is one wall heavier, but the heaviest (the outer wall) at most 0.4
 * of the cell, the levels then spread evenly between; never thinner than
 * wall. Just wall when levels is 0.
 */
double maze__wall_level(double wall, double cell, unsigned level,
                        unsigned levels);

/* Frees what maze__layout_build() allocated. */
void maze__layout_finish(struct maze__layout *layout);

/* Room for the walls of one cell (maze__cell_walls()). */
#define MAZE__CELL_WALLS_MAX                                                   \
    (MAZE__WALLS_MAX > MAZE_GRID_MAX_DEGREE ? MAZE__WALLS_MAX                  \
                                            : MAZE_GRID_MAX_DEGREE)

/*
 * The walls cell draws in m: its boundary sides but the openings, and the
 * closed sides it draws (maze__draws_side()), or what the kind's walls
 * operation says (weave). Writes at most MAZE__CELL_WALLS_MAX and counts
 * them. Every wall of the maze is drawn by exactly one cell.
 */
unsigned maze__cell_walls(const struct maze *m, uint32_t cell,
                          struct maze_side *out);

#endif
