/* SPDX-License-Identifier: MIT */
/*
 * Grids: the topology and geometry a maze is carved in.
 *
 * A grid is made from a *kind* (rectangle, hexagons, triangles, ...) found
 * in the kind registry, and size parameters. Every kind answers the same
 * questions: how many cells; which cells neighbour a cell and through
 * which edge (candidate passage); which two cells an edge joins and in
 * which of the kind's direction classes; how users name a cell; and where
 * things are when drawn. Generators, the solver, the layout and every
 * exporter ask only these questions, so a new tessellation is one new
 * kind and nothing else. See docs/architecture.md and docs/grids.md.
 *
 * Identifiers: cells are numbered 0 .. cell_count-1. Each cell owns a few
 * edge "slots" (a rectangular cell owns its east and south edges), so edge
 * identifiers lie in 0 .. edge_slots-1; a slot on the outer boundary holds
 * no edge, and maze_grid_edge_exists() tells which do.
 *
 * Geometry is in grid units, y growing downwards: a rectangular cell is a
 * 1 x 1 square, cell (x, y) spanning [x, x+1] x [y, y+1]; other kinds keep
 * their cells about one unit across.
 */
#ifndef MAZEGEN_GRID_H
#define MAZEGEN_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* No grid kind has more neighbours (or sides) per cell than this. */
#define MAZE_GRID_MAX_DEGREE 16
/* No grid kind has more direction classes than this. */
#define MAZE_MAX_CLASSES 8
/* No grid kind names a cell with more numbers than this. */
#define MAZE_MAX_COORDS 3
/* Marks "no edge" (a boundary side) and "no cell". */
#define MAZE_NONE UINT32_MAX
/* The largest number of cells an in-memory grid may have (2^31 - 1). */
#define MAZE_MAX_CELLS 2147483647u

/* The direction classes of rectangles (and of masked rectangles). */
enum maze_rect_class {
    /* A passage running east-west: it joins two cells side by side. */
    MAZE_CLASS_H = 0,
    /* A passage running north-south. */
    MAZE_CLASS_V = 1,
};

struct maze_grid;
struct maze_mask;

/*
 * The size parameters of a grid. Each kind says which it takes and what
 * they mean (struct maze_grid_kind.sizes); a parameter a kind does not
 * take must be 0, and 0 asks for the kind's default where it has one (a
 * parameter whose least value is 0 is then chosen by the grid: a 3D
 * maze's panels a row).
 */
enum maze_grid_size {
    MAZE_SIZE_WIDTH = 0,  /* -W: columns, or what the kind says */
    MAZE_SIZE_HEIGHT = 1, /* -H: rows, or rings */
    MAZE_SIZE_LEVELS = 2, /* -L: levels of a 3D maze */
    MAZE_SIZE_ROOM = 3,   /* an open centre room */
    MAZE_SIZE_PANELS = 4, /* --panels: a 3D maze's levels drawn a row */
    MAZE_SIZE_COUNT = 5,
};

/* An empty struct maze_grid_params: its struct_size set, every other
 * member zero (the defaults). */
#define MAZE_GRID_PARAMS_INIT                                                  \
    {                                                                          \
        .struct_size = sizeof(struct maze_grid_params)                         \
    }

struct maze_grid_params {
    /*
     * sizeof(struct maze_grid_params) as the caller was compiled; set it with
     * MAZE_GRID_PARAMS_INIT (or to sizeof yourself). The library reads
     * only the members the caller has, so programs built against older
     * headers keep working when members are added (version.h).
     */
    size_t struct_size;
    /* Indexed by enum maze_grid_size. */
    uint32_t size[MAZE_SIZE_COUNT];
    /*
     * Cells to keep (maze_mask_create()), or NULL for every cell. The
     * mask's width and height are the grid's: width and height may then
     * be 0 or must equal them. Only kinds with `maskable` set take one.
     */
    const struct maze_mask *mask;
};

/* One size parameter of a kind. */
struct maze_grid_size_info {
    /* What it counts, e.g. "columns"; NULL when the kind does not take
     * this parameter. */
    const char *meaning;
    uint32_t min, max;
    /* The value 0 stands for; 0 when the parameter must be given. */
    uint32_t def;
};

/* A grid kind, as listed by the registry. */
struct maze_grid_kind {
    /* What users type, e.g. "hex". */
    const char *name;
    /* Other names it answers to, NULL-terminated. */
    const char *aliases[4];
    /* One line, no trailing period. */
    const char *description;
    struct maze_grid_size_info sizes[MAZE_SIZE_COUNT];
    /* Direction classes: bias weights act on them (maze_bias_parse()). */
    unsigned class_count;
    const char *class_names[MAZE_MAX_CLASSES];
    /* What each class means, one short phrase. */
    const char *class_meanings[MAZE_MAX_CLASSES];
    /* How users name a cell: e.g. "x", "y", typed "3,4". */
    unsigned coord_count;
    const char *coord_names[MAZE_MAX_COORDS];
    /* Whether a mask (struct maze_grid_params.mask) may cut its cells. */
    bool maskable;
    /* Whether passages may tunnel under cells (weave): only the algorithms
     * whose info says `weaves` carve it. */
    bool tunnels;
    /* Memory model: edge slots per cell (1 bit each in a maze), and the
     * bytes per cell of the grid's own tables (0: pure arithmetic). */
    unsigned slots_per_cell;
    unsigned table_bytes_per_cell;
    /* Whether its grids without a mask are whole rectangles: W x H
     * square cells in rows, each owning its east and south edges, as the
     * row carvers (maze_algorithm_info.rect_only), streams and the formats
     * drawing only whole rectangles (MAZE_DRAWS_RECT, export.h) need.
     * Decide by this, not by the kind's name. */
    bool rectangle;
};

/* The number of registered kinds, and each by index (NULL past it). */
size_t maze_grid_kind_count(void);
const struct maze_grid_kind *maze_grid_kind_at(size_t index);
/* The kind with this name or alias, or NULL. */
const struct maze_grid_kind *maze_grid_kind_find(const char *name);

/*
 * Checks params against kind (each size within its limits, defaults
 * applied, the mask's size and kind) without allocating, and gives the
 * cell count, the number of edge slots and the bytes the grid would hold
 * (NULL outputs are skipped). The mask's cells are counted.
 * Errors: MAZE_ERR_INVALID (NULL kind or params, a size the kind does not
 * take, a mask on a kind that takes none, a mask of another size),
 * MAZE_ERR_RANGE (a size out of its limits, more than MAZE_MAX_CELLS
 * cells, a mask with no cell).
 */
int maze_grid_measure(const struct maze_grid_kind *kind,
                      const struct maze_grid_params *params, uint64_t *cells,
                      uint64_t *edge_slots, uint64_t *bytes);

/*
 * Creates a grid of kind with params (see maze_grid_measure()).
 * Errors: those of maze_grid_measure(), MAZE_ERR_INVALID (out NULL),
 * MAZE_ERR_NOMEM.
 */
int maze_grid_create(const struct maze_grid_kind *kind,
                     const struct maze_grid_params *params,
                     struct maze_grid **out);

/* A width x height rectangle: maze_grid_create() of kind "rect". */
int maze_grid_create_rect(uint32_t width, uint32_t height,
                          struct maze_grid **out);

/* Frees a grid; NULL is accepted. Mazes borrowing it must be gone first. */
void maze_grid_destroy(struct maze_grid *grid);

const struct maze_grid_kind *maze_grid_kind(const struct maze_grid *grid);
/* The kind's name, such as "rect". */
const char *maze_grid_kind_name(const struct maze_grid *grid);
/* A size parameter as the grid was made (defaults applied). */
uint32_t maze_grid_size(const struct maze_grid *grid, enum maze_grid_size p);
/* Whether a mask cut the grid's cells. */
bool maze_grid_masked(const struct maze_grid *grid);

/* Width and height in cells: maze_grid_size() of WIDTH and HEIGHT. */
uint32_t maze_grid_width(const struct maze_grid *grid);
uint32_t maze_grid_height(const struct maze_grid *grid);

uint32_t maze_grid_cell_count(const struct maze_grid *grid);
/* Edge identifiers are below this; see maze_grid_edge_exists(). */
uint32_t maze_grid_edge_slots(const struct maze_grid *grid);
/* The number of edges that exist (candidate passages). */
uint32_t maze_grid_edge_count(const struct maze_grid *grid);
bool maze_grid_edge_exists(const struct maze_grid *grid, uint32_t edge);

/* A neighbour of a cell and the edge that leads to it. */
struct maze_link {
    uint32_t cell;
    uint32_t edge;
};

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
/* The edge joining cells a and b, or MAZE_NONE when they are not
 * neighbours. */
uint32_t maze_grid_edge_between(const struct maze_grid *grid, uint32_t a,
                                uint32_t b);
/* The direction class of an existing edge, below the kind's class_count. */
unsigned maze_grid_edge_class(const struct maze_grid *grid, uint32_t edge);

/*
 * The edge that may not be open together with edge, or MAZE_NONE. On zeta
 * grids the two diagonals of a 2 x 2 block would cross, so each is the
 * other's partner; no other kind has such pairs, and no maze made by the
 * library (or loaded by it) opens both edges of a pair. MAZE_NONE for an
 * edge that does not exist.
 */
uint32_t maze_grid_edge_conflict(const struct maze_grid *grid, uint32_t edge);

/*
 * Whether edge is a passage with no side to draw: on 3D grids (kind "3d")
 * the edges between a cell and the cell above or below it, which the
 * exporters show as stair marks in the two cells instead of a gap in a
 * wall, and on weave grids the tunnels (maze_grid_edge_under()), drawn as
 * corridors that go under the cell between; maze_grid_cell_sides() lists
 * no side for them. False on every other kind, and for an edge that does
 * not exist.
 */
bool maze_grid_edge_sideless(const struct maze_grid *grid, uint32_t edge);

/*
 * The cell edge passes under, or MAZE_NONE: on weave grids (kind "weave")
 * a tunnel joins two cells in a line across the one between them, under
 * the straight corridor that cell is. MAZE_NONE on every other kind, for
 * an ordinary passage, and for an edge that does not exist.
 */
uint32_t maze_grid_edge_under(const struct maze_grid *grid, uint32_t edge);
/* The pairs of conflicting edges of grid (a zeta grid's whole 2 x 2
 * blocks), counted up to `most` at the most: the count stops there, so a
 * caller asking whether there are more than n passes n + 1. */
uint64_t maze_grid_conflict_pairs(const struct maze_grid *grid, uint64_t most);

/*
 * Cells as users name them: coord_count numbers (struct maze_grid_kind),
 * such as x, y from 0 with x to the right and y down. maze_grid_cell_at()
 * returns MAZE_ERR_RANGE for a cell off the grid or cut by its mask, and
 * MAZE_ERR_INVALID for a wrong count of numbers.
 */
int maze_grid_cell_at(const struct maze_grid *grid, const uint32_t *coords,
                      unsigned count, uint32_t *cell);
/* Writes the coord_count numbers of cell to coords; returns the count. */
unsigned maze_grid_cell_coords(const struct maze_grid *grid, uint32_t cell,
                               uint32_t *coords);
/*
 * Reads a cell written as its numbers joined by commas ("3,4"), and
 * writes one that way (always terminated; truncated to size).
 * Errors: MAZE_ERR_INVALID (syntax, count), MAZE_ERR_RANGE (off the grid).
 */
int maze_grid_cell_parse(const struct maze_grid *grid, const char *text,
                         uint32_t *cell);
void maze_grid_cell_format(const struct maze_grid *grid, uint32_t cell,
                           char *buf, size_t size);

/* Geometry, in grid units. */
struct maze_point {
    double x, y;
};

enum maze_side_shape {
    /* A straight segment from a to b. */
    MAZE_SIDE_LINE = 0,
    /*
     * A circular arc about center, of radius, from a to b with the angle
     * growing (atan2(y, x), y down: clockwise on the page) from angle0 to
     * angle1, angle0 < angle1 <= angle0 + 2 pi: the arc cairo_arc()
     * draws.
     */
    MAZE_SIDE_ARC = 1,
};

/* One side of a cell, with the edge behind it. */
struct maze_side {
    enum maze_side_shape shape;
    /* The ends. */
    struct maze_point a, b;
    /* Arcs only. */
    struct maze_point center;
    double radius, angle0, angle1;
    /* The edge through this side, or MAZE_NONE on the outer boundary. */
    uint32_t edge;
};

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
