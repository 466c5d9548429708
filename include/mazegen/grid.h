/*
 * Grids: the topology and geometry a maze is carved in.
 *
 * A grid answers four questions and nothing else: how many cells it has,
 * which cells neighbour a cell and through which edge (candidate passage),
 * which two cells an edge joins and in which direction class, and where
 * things are when drawn. Generators, the solver, the layout and every
 * exporter use only these questions, so new tessellations (circular, hex,
 * triangle, 3D, masked shapes) plug in as new grid kinds without touching
 * them. See docs/architecture.md.
 *
 * Identifiers: cells are numbered 0 .. cell_count-1. Each cell owns a few
 * edge "slots" (a rectangular cell owns its east and south edges), so edge
 * identifiers lie in 0 .. edge_slots-1; a slot on the outer boundary holds
 * no edge, and maze_grid_edge_exists() tells which do.
 *
 * Geometry is in grid units: a rectangular cell is a 1 x 1 square, cell
 * (x, y) spanning [x, x+1] x [y, y+1], y growing downwards.
 */
#ifndef MAZEGEN_GRID_H
#define MAZEGEN_GRID_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum maze_grid_kind {
    MAZE_GRID_RECT = 1,
};

/*
 * Direction classes of edges. Bias weights act on classes. Horizontal means
 * the passage runs east-west (it joins two cells side by side).
 */
enum maze_dir_class {
    MAZE_CLASS_H = 0,
    MAZE_CLASS_V = 1,
    MAZE_CLASS_COUNT = 2,
};

/* No grid kind has more neighbours per cell than this. */
#define MAZE_GRID_MAX_DEGREE 8
/* Marks "no edge" (a boundary side) and "no cell". */
#define MAZE_NONE UINT32_MAX
/* The largest number of cells an in-memory grid may have (2^31 - 1). */
#define MAZE_MAX_CELLS 2147483647u

struct maze_grid;

/* A neighbour of a cell and the edge that leads to it. */
struct maze_link {
    uint32_t cell;
    uint32_t edge;
};

struct maze_point {
    double x, y;
};

/* One side of a cell: a straight wall segment, with the edge behind it. */
struct maze_side {
    struct maze_point a, b;
    /* The edge through this side, or MAZE_NONE on the outer boundary. */
    uint32_t edge;
};

/*
 * Creates a width x height rectangular grid. Both must be at least 1 and
 * their product at most MAZE_MAX_CELLS.
 * Errors: MAZE_ERR_INVALID (out NULL), MAZE_ERR_RANGE (size), MAZE_ERR_NOMEM.
 */
int maze_grid_create_rect(uint32_t width, uint32_t height,
                          struct maze_grid **out);

/* Frees a grid; NULL is accepted. Mazes borrowing it must be gone first. */
void maze_grid_destroy(struct maze_grid *grid);

enum maze_grid_kind maze_grid_kind(const struct maze_grid *grid);
/* A short name of the kind, such as "rect". */
const char *maze_grid_kind_name(const struct maze_grid *grid);

/* Width and height in cells (for kinds without rows: their extents). */
uint32_t maze_grid_width(const struct maze_grid *grid);
uint32_t maze_grid_height(const struct maze_grid *grid);

uint32_t maze_grid_cell_count(const struct maze_grid *grid);
/* Edge identifiers are below this; see maze_grid_edge_exists(). */
uint32_t maze_grid_edge_slots(const struct maze_grid *grid);
/* The number of edges that exist (candidate passages). */
uint32_t maze_grid_edge_count(const struct maze_grid *grid);
bool maze_grid_edge_exists(const struct maze_grid *grid, uint32_t edge);

/*
 * Writes the neighbours of cell to out (room for MAZE_GRID_MAX_DEGREE) in a
 * fixed order and returns how many there are. For rectangles the order is
 * east, south, west, north, skipping those off the grid.
 */
unsigned maze_grid_neighbors(const struct maze_grid *grid, uint32_t cell,
                             struct maze_link *out);

/* The two cells an existing edge joins, lower identifier first. */
void maze_grid_edge_cells(const struct maze_grid *grid, uint32_t edge,
                          uint32_t *a, uint32_t *b);
enum maze_dir_class maze_grid_edge_class(const struct maze_grid *grid,
                                         uint32_t edge);

/*
 * Cell identifiers from and to the coordinates users type (x to the right,
 * y down, from 0). maze_grid_cell_at() returns MAZE_ERR_RANGE off the grid.
 */
int maze_grid_cell_at(const struct maze_grid *grid, uint32_t x, uint32_t y,
                      uint32_t *cell);
void maze_grid_cell_coords(const struct maze_grid *grid, uint32_t cell,
                           uint32_t *x, uint32_t *y);

/* Geometry, in grid units. */
void maze_grid_extent(const struct maze_grid *grid, double *width,
                      double *height);
struct maze_point maze_grid_cell_center(const struct maze_grid *grid,
                                        uint32_t cell);
/* Writes the sides of cell to out (MAZE_GRID_MAX_DEGREE) and counts them. */
unsigned maze_grid_cell_sides(const struct maze_grid *grid, uint32_t cell,
                              struct maze_side *out);

#ifdef __cplusplus
}
#endif

#endif
