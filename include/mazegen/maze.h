/* SPDX-License-Identifier: MIT */
/*
 * A maze: a grid plus one bit per edge (open passage or wall), a start and a
 * finish cell with their openings in the outer wall, and its provenance
 * (the algorithm, parameters and seed that regenerate it).
 *
 * A maze borrows its grid: the grid must outlive it, and several mazes may
 * share one grid.
 */
#ifndef MAZEGEN_MAZE_H
#define MAZEGEN_MAZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/grid.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Bias weights, one per direction class, in fixed point: MAZE_WEIGHT_ONE is
 * a weight of 1. Weights are exact (no floating point), at most
 * MAZE_WEIGHT_MAX, and at least one is positive.
 */
#define MAZE_WEIGHT_ONE 1000000u
#define MAZE_WEIGHT_MAX (1000u * MAZE_WEIGHT_ONE)

struct maze_bias {
    uint32_t weight[MAZE_MAX_CLASSES];
};

/* Where a maze came from: enough to regenerate it exactly. */
struct maze_provenance {
    char algorithm[32];
    uint64_t seed;
    struct maze_bias bias;
    /*
     * Further parameters and shaping, as options would be written, e.g.
     * "growing=newest:75,random:25", "rooms=3", "braid=0.5", "unicursal";
     * several separated by spaces; empty when none.
     */
    char params[96];
    /* Whether the maze is perfect: connected with no loops. */
    bool perfect;
};

struct maze;

/*
 * Creates a maze on grid with every edge closed, start at cell 0 and finish
 * at the last cell, and an empty provenance.
 * Errors: MAZE_ERR_INVALID (NULL), MAZE_ERR_NOMEM.
 */
int maze_create(const struct maze_grid *grid, struct maze **out);

/* Frees a maze (not its grid); NULL is accepted. */
void maze_destroy(struct maze *maze);

const struct maze_grid *maze_grid(const struct maze *maze);

/* Closes every edge. */
void maze_clear(struct maze *maze);

bool maze_is_open(const struct maze *maze, uint32_t edge);
/* Opens or closes an existing edge. */
void maze_set_open(struct maze *maze, uint32_t edge, bool open);
/* The number of open edges (passages). Counts, so O(edges / 64). */
uint64_t maze_passage_count(const struct maze *maze);

/*
 * Sets start and finish (cell identifiers) and chooses for each an opening
 * in the outer wall: the boundary side it is drawn without, when the cell
 * lies on the boundary. When start and finish are the same cell they get
 * different sides where the cell has two.
 * Errors: MAZE_ERR_RANGE (a cell off the grid).
 */
int maze_set_endpoints(struct maze *maze, uint32_t start, uint32_t finish);
/*
 * Sets the openings of the current start and finish: each a side index in
 * maze_grid_cell_sides() order that lies on the outer boundary, or
 * MAZE_NONE for no opening. maze_set_endpoints() chooses them by a fixed
 * rule; this places them elsewhere (maze_place_endpoints() does, to put
 * them on different sides of the maze).
 * Errors: MAZE_ERR_INVALID (NULL), MAZE_ERR_RANGE (a side that is not on
 * the outer boundary of its cell); nothing is changed on error.
 */
int maze_set_openings(struct maze *maze, unsigned start_side,
                      unsigned finish_side);
uint32_t maze_start(const struct maze *maze);
uint32_t maze_finish(const struct maze *maze);
/*
 * The index, in maze_grid_cell_sides() order, of the side of the start
 * (finish) cell that is open to the outside, or MAZE_NONE for none.
 */
unsigned maze_start_opening(const struct maze *maze);
unsigned maze_finish_opening(const struct maze *maze);

const struct maze_provenance *maze_provenance(const struct maze *maze);
/*
 * Sets the provenance, which labels the maze (titles, metadata, the
 * wall-graph file). It changes no drawing: the nesting a fractal maze is
 * drawn with is recorded by maze_generate() and maze_load_json(), never
 * read back from the parameters' text.
 */
void maze_set_provenance(struct maze *maze, const struct maze_provenance *p);

#ifdef __cplusplus
}
#endif

#endif
