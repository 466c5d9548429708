/* SPDX-License-Identifier: MIT */
/*
 * Shapers: turn a generated maze into another kind of maze. Braiding
 * removes dead ends (the maze gains loops); the unicursal construction
 * turns a perfect maze into a labyrinth with one path and no choices.
 */
#ifndef MAZEGEN_SHAPE_H
#define MAZEGEN_SHAPE_H

#include <stdint.h>

#include <mazegen/maze.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The unit of maze_braid()'s fraction: 1000000 means every dead end. */
#define MAZE_FRACTION_ONE 1000000u

/*
 * Removes floor(D * fraction / MAZE_FRACTION_ONE) of the maze's D dead
 * ends (so MAZE_FRACTION_ONE removes all of them), each by opening one of
 * its walls, preferring a wall that leads to another dead end (which
 * removes two at once) unless that would remove one too many. Cells are
 * taken in a random order drawn from seed. Two cases remove fewer: a dead
 * end with no wall to a neighbour (the end of a one-cell-wide corridor)
 * cannot be removed, and when one is left to remove but every remaining
 * dead end has only dead ends behind its walls, it stops one short rather
 * than remove two. Appends "braid=P" to the provenance parameters and
 * clears its perfect flag when a wall was opened. Start and finish keep
 * their cells.
 * Errors: MAZE_ERR_INVALID (NULL), MAZE_ERR_RANGE (fraction above one),
 * MAZE_ERR_NOMEM.
 */
int maze_braid(struct maze *maze, uint32_t fraction, uint64_t seed);

/*
 * Builds the unicursal labyrinth of a perfect rectangular maze: a grid of
 * twice the width and height whose passages follow the walls of the
 * original on both sides, so they form one path through every cell with no
 * choices. Start and finish are the two ends of that path, beside each
 * other at the original maze's start. The new maze keeps the provenance,
 * with "unicursal" appended to its parameters. The caller destroys *maze_out
 * and then *grid_out.
 * Errors: MAZE_ERR_INVALID (NULL, or a maze that is not perfect),
 * MAZE_ERR_UNSUPPORTED (grid kind), MAZE_ERR_RANGE (the doubled grid is too
 * large), MAZE_ERR_NOMEM.
 */
int maze_unicursal(const struct maze *maze, struct maze_grid **grid_out,
                   struct maze **maze_out);

#ifdef __cplusplus
}
#endif

#endif
